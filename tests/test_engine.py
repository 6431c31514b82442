"""The engine contract: one procedure, refereed or enumerated, with policies."""

from __future__ import annotations

import functools
from collections import Counter
from fractions import Fraction

import pytest

from skirmish.dice import CountAtMost, DieRoll, parse
from skirmish.engine import Decision, ExpectimaxPolicy, FixedPolicy, exact, play, replay, uniform
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


# Continuations: the rest of a procedure handed to the engine as (step, state).

D6 = DieRoll(parse("D6"), "D6")
REROLL = ("keep", "reroll")


def reroll_step(context, state):
    """Keep the die, or re-roll it for one of the tries left; the result is (face, tries)."""
    face, tries = state
    if tries and context.choose(Decision("p", "reroll", REROLL, rule="demo")) == "reroll":
        return context.continue_from(
            reroll_step, (context.roll(D6, rule="demo", label="die"), tries - 1)
        )
    return (face, tries)


def reroll_game(context):
    return context.continue_from(reroll_step, (context.roll(D6, rule="demo", label="die"), 2))


def low_rerolls(decision):
    face, _ = decision.frame.state
    return {"reroll" if face <= 3 else "keep": Fraction(1)}


def test_a_continued_procedure_is_the_same_in_every_mode():
    merged = exact(reroll_game, policy=low_rerolls)
    plain = exact(reroll_game, policy=low_rerolls, merge=False)
    assert merged == plain
    # Keep 4-6 at once (1/2 each); else re-roll: 4-6 kept with one try left, and so on.
    assert merged.probabilities[(6, 2)] == Fraction(1, 6)
    assert merged.probabilities[(6, 1)] == Fraction(1, 2) * Fraction(1, 6)
    assert sum(p for (face, tries), p in merged if tries == 0) == Fraction(1, 4)
    assert replay(reroll_game, (2, "reroll", 5, "keep")) == (5, 1)
    seen = Counter(play(reroll_game, players=low_rerolls, seed=s).result for s in range(3000))
    assert set(seen) <= set(merged.probabilities)


def test_each_frame_is_worked_out_once_when_merging():
    calls = Counter()

    def counting(decision):
        calls[decision.frame, decision.frame_path] += 1
        return uniform(decision)

    exact(reroll_game, policy=counting)
    assert max(calls.values()) == 1
    assert len(calls) == 6 + 6  # (face, 2 tries) and (face, 1 try) for each face
    calls.clear()
    exact(reroll_game, policy=counting, merge=False)
    assert max(calls.values()) > 1


def test_decisions_carry_their_frame_and_the_path_within_it():
    asked = []

    def recording(decision):
        asked.append(decision)
        return {"reroll": Fraction(1)}

    play(reroll_game, players=recording, seed=3)
    first, second = asked
    assert first.frame.step is reroll_step and first.frame_path == ()
    assert len(first.history) == 1 and second.history[: len(first.history) + 1] == (
        *first.history,
        "reroll",
    )
    assert second.frame.state == (second.history[-1], 1)


def test_a_policy_that_peeks_before_its_frame_is_caught_by_the_plain_computation():
    # The contract: answer from the decision, its frame and its path in the frame. A policy
    # reading the first die (before the frame) breaks merging, and merged != plain shows it.
    def peeking(decision):
        again = len(decision.history) == 1 or decision.history[0] % 2 == 1
        return {"reroll" if again else "keep": Fraction(1)}

    assert exact(reroll_game, policy=peeking) != exact(reroll_game, policy=peeking, merge=False)


def nested_helper(context, face):
    return context.continue_from(reroll_step, (face, 1))


def calls_helper(context):
    face = context.roll(D6, rule="demo", label="die")
    nested_helper(context, face)
    return "lost"  # never reached: the helper's continuation ends the procedure


def test_continue_from_must_be_the_last_act_of_the_step():
    with pytest.raises(TypeError, match="called from nested_helper inside calls_helper"):
        exact(calls_helper, policy=FixedPolicy.of(reroll="keep"))
    with pytest.raises(TypeError, match="last act"):
        play(calls_helper, players=FixedPolicy.of(reroll="keep"), seed=1)


def test_a_step_carries_nothing_but_its_state():
    extra = 1

    def closure(context, state):
        return state + extra

    def local(context, state):
        return state

    def with_default(context, state, bonus=1):
        return state + bonus

    for step, why in ((closure, "closure"), (local, "inside another"), (with_default, "default")):
        with pytest.raises(TypeError, match=why):
            exact(lambda c, step=step: c.continue_from(step, 0), policy=uniform)
    with pytest.raises(TypeError, match="hashable"):
        exact(lambda c: c.continue_from(reroll_step, [1, 2]), policy=uniform)
    with pytest.raises(TypeError, match="plain module-level function"):
        exact(lambda c: c.continue_from(functools.partial(reroll_step), (1, 1)), policy=uniform)


def test_expectimax_merged_and_plain_agree_and_advise_the_same():
    def utility(result):
        return result[0]

    merged = ExpectimaxPolicy(reroll_game, utility=utility, players={"p": 1})
    plain = ExpectimaxPolicy(reroll_game, utility=utility, players={"p": 1}, merge=False)
    assert exact(reroll_game, policy=merged) == exact(reroll_game, policy=plain, merge=False)
    # Two tries: keep 5-6 first (worth 4.25 after one re-roll), then keep 4-6 (3.5).
    assert (
        merged.value()
        == plain.value()
        == Fraction(1, 3) * Fraction(11, 2)
        + Fraction(2, 3) * (Fraction(1, 2) * 5 + Fraction(1, 2) * Fraction(7, 2))
    )
    asked = []
    play(reroll_game, players=lambda d: asked.append(d) or {"keep": Fraction(1)}, seed=2)
    assert merged.choices(asked[0]) == plain.choices(asked[0])


def test_the_older_log_form_still_records_its_text_and_numbers():
    """A procedure not yet moved to typed records logs ``(rule, event, text, **data)``."""
    from skirmish.engine import LogEntry

    def old_style(context):
        context.log("demo", "note", "a sentence", number=3)
        return 1

    (entry,) = play(old_style, players=FixedPolicy(), seed=1).log
    assert entry == LogEntry("demo", "note", "a sentence", (("number", 3),))
    assert entry.as_dict() == {
        "rule": "demo",
        "event": "note",
        "text": "a sentence",
        "data": {"number": 3},
    }
    assert exact(old_style, policy=FixedPolicy()).probabilities == {1: 1}
