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

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from skirmish import fastpaths
from skirmish.ai.magewinds.evaluation import Evaluator
from skirmish.ai.magewinds.greedy import GreedyPlayer
from skirmish.ai.magewinds.outlook import forget
from skirmish.ai.magewinds.plans import Plan, Planner
from skirmish.ai.magewinds.threats import LEAN
from skirmish.engine.battle import History, RandomPlayer, play_out
from skirmish.games.magewinds.battle import Length, setup, start_battle
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.battle.state import Battle, Phase


class Recording(Planner):
    """A planner that keeps every candidate list it gives (actions, value, parts)."""

    def __init__(self, planner: Planner, seen: list[object]) -> None:
        super().__init__(planner.evaluator, planner.player)
        self.seen = seen

    def plans(self, battle: Battle) -> list[Plan]:
        found = super().plans(battle)
        self.seen.append([(p.actions, p.value, p.score.parts) for p in found])
        return found


def played(chosen: Setup, seed: int) -> tuple[list[object], list[object], str, tuple]:
    """A greedy battle: every decision, every candidate list scored, the final hash and
    the log."""
    forget()
    seen: list[object] = []
    players = [GreedyPlayer(chosen, seed, seat) for seat in range(len(chosen.warbands))]
    for player in players:
        player.planner = Recording(player.planner, seen)
    history = History.start(start_battle(chosen), seed)
    play_out(history, players)
    steps: list[object] = [(s.player, s.action) for s in history.steps]
    return steps, seen, history.state.state_hash(), history.state.events()


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 2, 3, 4]))
def test_the_lean_greedy_makes_every_choice_the_plain_one_makes(seed, players):
    chosen = setup.random_setup(seed, length=Length.QUICK, most=2, rounds=1, players=players)
    lean = played(chosen, seed)
    with fastpaths.plain(LEAN):
        plain = played(chosen, seed)
    assert lean[0] == plain[0]
    assert lean[1] == plain[1]
    assert lean[2] == plain[2]
    assert lean[3] == plain[3]
    assert lean[1], "the greedy player planned no activation"


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_one_lean_evaluator_scores_a_run_of_positions_as_a_fresh_plain_one(seed, players):
    """Every state of a random battle, scored by one evaluator in turn (positions sharing
    fighter records and hands, as candidates do), for every player, every part equal."""
    chosen = setup.random_setup(seed, length=Length.QUICK, most=3, rounds=2, players=players)
    history = History.start(start_battle(chosen), seed)
    play_out(history, [RandomPlayer(seed, p) for p in range(players)])
    states = [s for s in history.states if isinstance(s, Battle) and s.phase is Phase.ACTION]
    assume(states)
    kept = Evaluator(chosen)
    for battle in states:
        for player in range(battle.players):
            found = kept.value(battle, player)
            with fastpaths.plain(LEAN):
                fresh = Evaluator(chosen).value(battle, player)
            assert found == fresh
