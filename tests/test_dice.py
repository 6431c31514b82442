"""Dice notation, 3.2 re-rolls, 3.4 D3, 3.5 xD6 and sampling, against brute force."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from random import Random

import icepool
import pytest

from skirmish.dice import CountAtMost, DieRoll, d3, parse, probabilities, reroll_once, sample
from skirmish.errors import SkirmishError


def brute_force(*sides: int, combine=sum) -> dict[int, Fraction]:
    """Every face combination of the given dice, counted by hand."""
    counts = Counter(
        combine(faces) for faces in itertools.product(*(range(1, s + 1) for s in sides))
    )
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


def test_d3_is_a_halved_d6_rounded_up():
    # 3.4: 1-2 -> 1, 3-4 -> 2, 5-6 -> 3.
    assert probabilities(d3) == {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}
    assert probabilities(parse("D3")) == probabilities(d3)


@pytest.mark.parametrize(
    ("notation", "variables", "expected"),
    [
        ("D6", {}, brute_force(6)),
        ("D20", {}, brute_force(20)),
        ("2D3", {}, brute_force(3, 3)),
        ("xD6", {"x": 3}, brute_force(6, 6, 6)),
        ("d6+1", {}, {k + 1: v for k, v in brute_force(6).items()}),
        ("2D6-1", {}, {k - 1: v for k, v in brute_force(6, 6).items()}),
        ("Str", {"Str": 5}, {5: Fraction(1)}),
        ("Str+D3", {"Str": 2}, {k + 2: v for k, v in brute_force(3).items()}),
        ("4", {}, {4: Fraction(1)}),
    ],
)
def test_notation_matches_brute_force(notation, variables, expected):
    assert probabilities(parse(notation, **variables)) == expected


@pytest.mark.parametrize("bad", ["", "D", "2D", "D6++1", "Q7", "xD6", "Str"])
def test_bad_notation_is_a_clear_error(bad):
    with pytest.raises(SkirmishError, match="notation"):
        parse(bad)


def test_reroll_once_never_rerolls_twice():
    # 3.2: re-roll 1s once: P(1) = 1/6 * 1/6; the re-rolled die keeps whatever it shows.
    die = probabilities(reroll_once(icepool.d6, {1}))
    assert die[1] == Fraction(1, 36)
    assert die[6] == Fraction(1, 6) + Fraction(1, 36)


@pytest.mark.parametrize(("dice", "at_most"), [(0, 3), (1, 1), (3, 4), (5, 2), (4, 6)])
def test_count_at_most_matches_enumeration(dice, at_most):
    expected = Counter(
        sum(f <= at_most for f in faces) for faces in itertools.product(range(1, 7), repeat=dice)
    )
    total = 6**dice
    assert probabilities(CountAtMost(dice, at_most).distribution()) == {
        k: Fraction(v, total) for k, v in expected.items()
    }


def test_count_at_most_roll_reports_its_faces():
    outcome, faces = CountAtMost(5, 3).roll(Random(4))
    assert len(faces) == 5
    assert outcome == sum(face <= 3 for face in faces)


def test_sampling_is_seeded_and_exact_in_frequency():
    die = parse("2D3")
    assert [sample(die, Random(9)) for _ in range(3)] == [sample(die, Random(9)) for _ in range(3)]
    rng = Random(2024)
    n = 30_000
    counts = Counter(sample(die, rng) for _ in range(n))
    for outcome, p in probabilities(die).items():
        sigma = (n * p * (1 - p)) ** 0.5
        assert abs(counts[outcome] - n * p) < 4 * sigma


def test_die_roll_wraps_any_die():
    roll = DieRoll(parse("D20"), "D20")
    outcome, faces = roll.roll(Random(1))
    assert faces == (outcome,) and 1 <= outcome <= 20
