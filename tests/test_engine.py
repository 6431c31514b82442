"""The engine contract: one procedure, refereed or enumerated, with policies."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from skirmish.dice import CountAtMost, DieRoll, parse
from skirmish.engine import Decision, FixedPolicy, exact, play, uniform
from skirmish.errors import IllegalChoice

CALL = Decision("caller", "call", ("high", "low"), rule="demo", hidden=True)


def guess_procedure(context):
    """A toy game: call high or low, then roll a D6; win on a matching half."""
    call = context.choose(CALL)
    roll = context.roll(DieRoll(parse("D6"), "D6"), rule="demo", label="die")
    context.log("demo", "result", f"called {call}, rolled {roll}")
    return (roll >= 4) == (call == "high")


def test_exact_enumerates_chance_with_fractions():
    dist = exact(guess_procedure, policy=FixedPolicy.of(call="high"))
    assert dist.probabilities == {True: Fraction(1, 2), False: Fraction(1, 2)}


def test_mixed_policy_branches_like_chance():
    def two_stage(context):
        first = context.roll(CountAtMost(1, 3), rule="demo", label="coin")
        pick = context.choose(Decision("p", "pick", ("a", "b"), rule="demo"))
        return (first, pick)

    mix = {"a": Fraction(1, 3), "b": Fraction(2, 3)}
    dist = exact(two_stage, policy=FixedPolicy.of(pick=mix))
    assert dist.probabilities[(1, "b")] == Fraction(1, 2) * Fraction(2, 3)
    assert sum(dist.probabilities.values()) == 1


def test_missing_answer_and_illegal_answer_are_clear_errors():
    with pytest.raises(IllegalChoice, match="no answer given for the call"):
        exact(guess_procedure, policy=FixedPolicy())
    with pytest.raises(IllegalChoice, match="'sideways' is not a legal call"):
        exact(guess_procedure, policy=FixedPolicy.of(call="sideways"))
    with pytest.raises(IllegalChoice, match="sums to"):
        exact(guess_procedure, policy=FixedPolicy.of(call={"high": Fraction(1, 2)}))


def test_referee_is_reproducible_and_logs():
    first = play(guess_procedure, players=FixedPolicy.of(call="low"), seed=11)
    again = play(guess_procedure, players=FixedPolicy.of(call="low"), seed=11)
    assert first == again
    assert [entry.event for entry in first.log] == ["roll", "result"]
    assert first.log[0].rule == "demo"


def test_referee_samples_mixed_players_at_their_frequencies():
    n = 6000
    counts = Counter(
        play(lambda c: c.choose(CALL), players=uniform, seed=seed).result for seed in range(n)
    )
    assert abs(counts["high"] - n / 2) < 4 * (n / 4) ** 0.5


def test_exact_and_referee_agree_on_a_toy_procedure():
    dist = exact(guess_procedure, policy=uniform)
    n = 8000
    wins = sum(play(guess_procedure, players=uniform, seed=s).result for s in range(n))
    p = dist.probabilities[True]
    assert abs(wins - n * p) < 4 * (n * p * (1 - p)) ** 0.5
