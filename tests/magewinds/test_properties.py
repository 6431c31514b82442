"""Invariants of the attack that must hold for any stats (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import fighter, single_attack, situation
from skirmish.games.magewinds import Reaction
from skirmish.games.magewinds.odds import case

stat = st.integers(min_value=0, max_value=8)
power = st.integers(min_value=0, max_value=7)


def damage_case(power_, precision, evasion, armour, **kwargs):
    s = situation(
        single_attack(power_, precision), fighter(evasion=evasion, armour=armour), **kwargs
    )
    return case(s, None, Reaction.NONE)


@settings(max_examples=60, deadline=None)
@given(power, stat, stat, stat, st.booleans())
def test_probabilities_sum_to_one(power_, precision, evasion, armour, cover):
    result = damage_case(power_, precision, evasion, armour, cover=cover)
    assert sum(p for _, p in result.damage) == 1
    assert sum(p for _, p in result.hits) == 1


@settings(max_examples=60, deadline=None)
@given(power, stat, stat, stat)
def test_more_power_never_lowers_expected_hits(power_, precision, evasion, armour):
    less = damage_case(power_, precision, evasion, armour)
    more = damage_case(power_ + 1, precision, evasion, armour)
    assert more.hits.mean(lambda h: h) >= less.hits.mean(lambda h: h)


@settings(max_examples=60, deadline=None)
@given(power, stat, stat, stat)
def test_more_armour_never_raises_damage(power_, precision, evasion, armour):
    less = damage_case(power_, precision, evasion, armour + 1)
    more = damage_case(power_, precision, evasion, armour)
    assert less.expected_damage <= more.expected_damage
    # Stochastic dominance: every damage threshold is no more likely.
    for threshold in range(power_ + 1):
        assert less.damage.probability(lambda d, t=threshold: d >= t) <= more.damage.probability(
            lambda d, t=threshold: d >= t
        )


@settings(max_examples=40, deadline=None)
@given(power, stat, stat, stat)
def test_cover_never_helps_the_attacker(power_, precision, evasion, armour):
    open_ = damage_case(power_, precision, evasion, armour)
    covered = damage_case(power_, precision, evasion, armour, cover=True)
    assert covered.expected_damage <= open_.expected_damage


@settings(max_examples=40, deadline=None)
@given(power, stat, stat, stat, st.integers(min_value=0, max_value=5))
def test_take_down_chance_grows_with_damage_taken(power_, precision, evasion, armour, taken):
    fresh = damage_case(power_, precision, evasion, armour)
    hurt = damage_case(power_, precision, evasion, armour, damage=taken)
    assert hurt.p_take_down >= fresh.p_take_down
