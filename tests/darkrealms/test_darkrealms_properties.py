"""Properties of Dark Realms odds that must hold for any figures and attacks."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.games.darkrealms import CardAttack, Figure, Kind, Shields, Situation, ValueMode, odds

attacks = st.builds(
    CardAttack,
    name=st.just("Attack"),
    kind=st.sampled_from(Kind),
    mode=st.sampled_from(ValueMode),
    amount=st.integers(-2, 3),
    misses_on=st.integers(0, 3),
).map(lambda a: replace(a, amount=abs(a.amount)) if a.mode is ValueMode.FIXED else a)
shields = st.builds(Shields, fixed=st.integers(0, 2), roll=st.booleans(), die=st.booleans())


def situation(attack: CardAttack, shield: Shields, stamina: int, distance: int) -> Situation:
    if attack.kind is Kind.RANGE:
        attack = replace(attack, range=4)
    else:
        distance = 1
    return Situation(
        Figure("A", melee=3, range=3, health=99),
        Figure("T", melee=0, range=0, health=6, shields=shield, enemy=True),
        attack,
        distance=distance,
        stamina=stamina,
    )


@settings(max_examples=25, deadline=None)
@given(attacks, shields, st.integers(0, 1), st.integers(1, 4))
def test_more_stamina_never_hurts_and_damage_is_never_negative(attack, shield, stamina, distance):
    s = situation(attack, shield, stamina, distance)
    now = odds(s)
    more = odds(replace(s, stamina=stamina + 1))
    assert all(r.damage >= 0 for r, _ in now)
    assert more.mean(lambda r: r.damage) >= now.mean(lambda r: r.damage)


@settings(max_examples=25, deadline=None)
@given(attacks, shields, st.integers(1, 4))
def test_a_stronger_fixed_shield_never_lets_more_damage_through(attack, shield, distance):
    s = situation(attack, shield, 0, distance)
    stronger = replace(s, target=replace(s.target, shields=replace(shield, fixed=shield.fixed + 1)))
    assert odds(stronger).mean(lambda r: r.damage) <= odds(s).mean(lambda r: r.damage)


@settings(max_examples=20, deadline=None)
@given(attacks, shields, st.integers(1, 2), st.integers(1, 4))
def test_optimal_play_is_never_worse_than_never_rerolling(attack, shield, stamina, distance):
    from skirmish.games.darkrealms import Objective, PolicyName

    s = situation(attack, shield, stamina, distance)
    for objective, value in (
        (Objective.DAMAGE, lambda r: r.damage),
        (Objective.KILL, lambda r: r.killed),
    ):
        best = odds(s, objective=objective).mean(value)
        never = odds(s, policy=PolicyName.NEVER, objective=objective).mean(value)
        assert best >= never
