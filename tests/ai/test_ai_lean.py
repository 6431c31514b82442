"""The lean greedy player (fast-path part ``LEAN``) against the way before it.

The lean player finds a fighter's attack list by the very hands and marks before hashing
their contents, works out a pair's distance and sight once for all its attacks, and asks
its own table's sight first. None of it may change a choice: here whole greedy battles on
generated
setups (every scenario the random setup draws, two to four players) are played both ways
and every decision, every candidate list the planner scored (actions, value and parts) and
the final state and log are compared; and one evaluator scoring a run of positions (so
kept threats meet the next position) is compared part by part with a fresh one on the
plain path.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tests.ai.test_ai_greedy_shortcuts import played

from skirmish import fastpaths
from skirmish.ai.magewinds.evaluation import SAME_POSITION, Evaluator
from skirmish.ai.magewinds.plans import MOVE_BOUND
from skirmish.ai.magewinds.threats import KEYED, LEAN
from skirmish.engine.battle import History, RandomPlayer, play_out
from skirmish.games.magewinds.battle import Length, setup, start_battle
from skirmish.games.magewinds.battle.state import Battle, Phase


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 2, 3, 4]))
def test_the_lean_greedy_makes_every_choice_the_plain_one_makes(seed, players):
    chosen = setup.random_setup(seed, length=Length.QUICK, most=2, rounds=1, players=players)
    # The Move bound (part MOVE_BOUND, tested in test_ai_greedy_shortcuts.py) is worked out
    # on the lean path only, so with it on the two ways weigh different lists by design:
    # every Move end is scored both ways here, and the lists are compared whole.
    with fastpaths.plain(MOVE_BOUND):
        lean = played(chosen, seed)
        with fastpaths.plain(LEAN):
            plain = played(chosen, seed)
    assert lean[0] == plain[0]
    assert lean[1] == plain[1]
    assert lean[2] == plain[2]
    assert lean[3] == plain[3]
    assert lean[1], "the greedy player planned no activation"


@pytest.mark.parametrize("part", [LEAN, KEYED, SAME_POSITION])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_one_lean_evaluator_scores_a_run_of_positions_as_a_fresh_plain_one(part, seed, players):
    """Every state of a random battle, scored by one evaluator in turn (positions sharing
    fighter records and hands, as candidates do; every third met twice), for every player,
    every part equal to a fresh evaluator's with ``part`` off: the lean evaluation, each
    fighter keyed once, scores kept by position (tests/ai/test_ai_greedy_shortcuts.py)."""
    chosen = setup.random_setup(seed, length=Length.QUICK, most=3, rounds=2, players=players)
    history = History.start(start_battle(chosen), seed)
    play_out(history, [RandomPlayer(seed, p) for p in range(players)])
    states = [s for s in history.states if isinstance(s, Battle) and s.phase is Phase.ACTION]
    assume(states)
    kept = Evaluator(chosen)
    for battle in [*states, *states[::3]]:
        for player in range(battle.players):
            found = kept.value(battle, player)
            with fastpaths.plain(part):
                fresh = Evaluator(chosen).value(battle, player)
            assert found == fresh
