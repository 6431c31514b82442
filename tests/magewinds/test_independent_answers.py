"""The engine against answers computed another way: direct icepool, and sampling."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import partial

import icepool
import pytest

from conftest import assert_sampled_agrees, fighter, single_attack, situation, split_attack
from skirmish.dice import probabilities
from skirmish.engine import FixedPolicy, exact, play
from skirmish.games.magewinds import (
    AttackChoice,
    Reaction,
    Special,
    bundled_pack,
    find_effect,
    resolve_attack,
)
from skirmish.games.magewinds.odds import case


def icepool_damage(power: int, precision: int, evasion: int, armour: int) -> dict[int, Fraction]:
    """18.5.1-18.5.3 written directly in icepool, independently of the engine."""
    target_number = precision - evasion
    hits = power @ (icepool.d6 <= target_number)
    return probabilities(hits.map(lambda h: max(0, h - armour)))


@pytest.mark.parametrize("power", [0, 1, 3, 6, 8])
@pytest.mark.parametrize("precision", [1, 4, 6, 9])
@pytest.mark.parametrize("evasion", [0, 1, 3])
@pytest.mark.parametrize("armour", [0, 1, 2, 4])
def test_exact_equals_direct_icepool(power, precision, evasion, armour):
    s = situation(single_attack(power, precision), fighter(evasion=evasion, armour=armour))
    got = dict(case(s, None, Reaction.NONE).damage)
    assert got == icepool_damage(power, precision, evasion, armour)


# One situation per ability: each must agree between 20,000 refereed resolutions and exact.
def _scenarios():
    pack = bundled_pack()
    melee = split_attack((3, 9), (6, 5))
    yield (
        "plain heavy vs deflect",
        situation(melee, fighter(armour=1, deflect=2)),
        AttackChoice.HEAVY,
        Reaction.DEFLECT,
    )
    yield (
        "cover and dodge",
        situation(single_attack(5, 6), fighter(evasion=1, dodge=2), cover=True),
        None,
        Reaction.DODGE,
    )
    yield (
        "third eye",
        situation(
            single_attack(4, 3),
            attacker_effects=frozenset({find_effect("third_eye")}),
            target_effects=frozenset({find_effect("third_eye")}),
        ),
        None,
        Reaction.NONE,
    )
    yield (
        "white-hot weapons",
        situation(
            single_attack(5, 4),
            fighter(armour=2),
            attacker_effects=frozenset({find_effect("white_hot_weapons")}),
        ),
        None,
        Reaction.NONE,
    )
    yield (
        "hex",
        situation(
            single_attack(6, 7), fighter(armour=1), attacker_effects=frozenset({find_effect("hex")})
        ),
        None,
        Reaction.NONE,
    )
    yield (
        "wildform",
        situation(melee, fighter(armour=1), attacker_effects=frozenset({find_effect("wildform")})),
        AttackChoice.HEAVY,
        Reaction.NONE,
    )
    yield (
        "mirrorshield",
        situation(melee, pack.fighter("Mesmer"), attacker=fighter(armour=1, toughness=2)),
        AttackChoice.HEAVY,
        Reaction.MIRRORSHIELD,
    )
    yield (
        "barrier",
        situation(single_attack(6, 5), fighter(armour=1), barrier_clubs=2),
        None,
        Reaction.NONE,
    )
    yield (
        "poison tip",
        situation(single_attack(4, 4, special=frozenset({Special.POISON_TIP}))),
        None,
        Reaction.NONE,
    )
    yield (
        "push",
        situation(
            single_attack(6, 6, special=frozenset({Special.PUSH}), spell=True), fighter(armour=1)
        ),
        None,
        Reaction.NONE,
    )


SCENARIOS = list(_scenarios())


@pytest.mark.parametrize(
    ("name", "s", "choice", "reaction"), SCENARIOS, ids=[s[0] for s in SCENARIOS]
)
def test_referee_agrees_with_exact(name, s, choice, reaction):
    answers = {"defence_choice": reaction.value}
    if choice is not None:
        answers["attack_choice"] = choice.value
    policy = FixedPolicy.of(**answers)
    procedure = partial(resolve_attack, situation=s)
    expected = exact(procedure, policy=policy).probabilities
    n = 20_000
    seen = Counter(play(procedure, players=policy, seed=seed).result for seed in range(n))
    assert_sampled_agrees(expected, seen, n)
