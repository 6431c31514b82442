"""Dark Realms attack procedure (work in progress, not yet a registered game): worked examples."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import partial

import pytest

from skirmish.engine import replay
from skirmish.errors import IllegalAttack
from skirmish.games.darkrealms import (
    DEFAULT_ATTACK_TABLE,
    AttackTable,
    CardAttack,
    Figure,
    Kind,
    Shields,
    Situation,
    ValueMode,
    odds,
    resolve_attack,
    sample_roster,
)
from skirmish.geometry.grid import HEX, SQUARE

RANGER = Figure("Ranger", melee=2, range=4, health=9)
TARGET = Figure("Target", melee=1, range=0, health=9)
AIMED = CardAttack("Aimed", Kind.RANGE, rolled_range=True)


def attack_result(situation: Situation, path: tuple[int | str, ...]):
    """The attack's result when the dice and choices come out as ``path``, in order."""
    return replay(partial(resolve_attack, situation=situation), path)


def test_rules_example_range_dice():
    # Range strength 4, target 3 tiles away: dice 2 and 3 force the 3 to range, attack 4 - 2.
    s = Situation(RANGER, TARGET, AIMED, distance=3, stamina=0)
    assert attack_result(s, (2, 3)).damage == 2
    # Dice 4 and 5: the 4 reaches, the 5 is the attack roll: 4 + 1.
    assert attack_result(s, (4, 5, "die 1 (4) to range")).damage == 5


def test_rules_example_base_five_table():
    # The attack table with base 5: miss, 3, 4, 5, 6, 7 (critical).
    figure = Figure("F", melee=5, range=0, health=9)
    s = Situation(figure, TARGET, CardAttack("Strike", Kind.MELEE), stamina=0)
    assert [attack_result(s, (face,)).damage for face in range(1, 7)] == [
        0,
        3,
        4,
        5,
        6,
        7,
    ]
    assert attack_result(s, (6,)).critical


def test_no_reach_no_attack_and_no_status():
    poison = CardAttack("Dart", Kind.RANGE, rolled_range=True, status="poison")
    result = attack_result(Situation(RANGER, TARGET, poison, distance=3, stamina=0), (1, 2))
    assert not result.reached and result.statuses == frozenset()
    with pytest.raises(IllegalAttack, match="melee"):
        odds(Situation(RANGER, TARGET, CardAttack("Stab", Kind.MELEE), distance=2))


def test_critical_ignores_shields_and_fixed_shield_blocks():
    shielded = Figure("S", melee=1, range=0, health=9, shields=Shields(fixed=2), enemy=True)
    s = Situation(
        Figure("F", melee=5, range=0, health=9),
        shielded,
        CardAttack("Strike", Kind.MELEE),
        stamina=0,
    )
    assert attack_result(s, (5,)).damage == 4
    assert attack_result(s, (6,)).damage == 7


def test_rolled_value_and_misses_on():
    rolled = CardAttack("Wild", Kind.MELEE, mode=ValueMode.ROLLED)
    s = Situation(RANGER, TARGET, rolled, stamina=0)
    assert [attack_result(s, (f,)).damage for f in range(1, 7)] == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]
    assert DEFAULT_ATTACK_TABLE.misses_on(2).face(2).miss
    assert AttackTable.parse("miss,-1,0,0,+1,+2c").face(2).modifier == -1


def test_confused_keeps_the_lower_roll():
    # Range attack within reach: two attack dice, lower kept. Expected damage by hand.
    s = Situation(RANGER, TARGET, CardAttack("Shot", Kind.RANGE, range=4), distance=1, stamina=0)
    values = {1: 0, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6}
    expected = Fraction(
        sum(min(values[a], values[b]) for a, b in itertools.product(range(1, 7), repeat=2)), 36
    )
    assert odds(s).mean(lambda r: r.damage) == expected


def test_optimal_rerolls_equal_brute_force_with_one_stamina():
    # One Stamina, one attack die: re-roll exactly the faces worth less than the average roll.
    s = Situation(
        Figure("F", melee=4, range=0, health=99),
        TARGET,
        CardAttack("Strike", Kind.MELEE),
        stamina=1,
    )
    values = {1: 0, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6}
    average = Fraction(sum(values.values()), 6)
    brute = max(
        sum(
            (average if reroll else values[face])
            for face, reroll in zip(range(1, 7), choice, strict=True)
        )
        / 6
        for choice in itertools.product((False, True), repeat=6)
    )
    assert odds(s).mean(lambda r: r.damage) == brute


def test_grids_and_sample_data():
    assert HEX.distance((0, 0), (3, -3)) == 3 and SQUARE.distance((0, 0), (3, -3)) == 3
    assert len(HEX.neighbours((0, 0))) == 6 and len(SQUARE.neighbours((0, 0))) == 8
    assert sample_roster().figure("ghoul").shields.roll


def test_an_action_without_rerolls_spends_no_stamina_even_when_out_of_range():
    no_rerolls = CardAttack("Snap", Kind.RANGE, rolled_range=True, rerolls=False)
    tired = Figure("Ranger", melee=2, range=4, health=9, stamina=3)
    missed = attack_result(Situation(tired, TARGET, no_rerolls, distance=3), (1, 2))
    assert not missed.reached and missed.stamina_spent == 0
    landed = attack_result(
        Situation(tired, TARGET, no_rerolls, distance=3), (4, 5, "die 1 (4) to range")
    )
    assert landed.stamina_spent == 0 and landed.damage == 5
