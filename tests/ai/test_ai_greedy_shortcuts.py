"""The greedy player's fourth-sitting shortcuts against the way before each (issue 32 item 2).

Five parts of the fast paths, each switched off alone here: each fighter keyed once a
position (``threats.KEYED``), scores kept by position (``evaluation.SAME_POSITION``), the
Moves left out that a bound shows cannot be best (``plans.MOVE_BOUND``), and (fifth
sitting) the collector set aside while the player thinks (``collection.SET_ASIDE``,
tested itself in ``test_ai_collection.py``) and the attacks weighed without their line's
length (``plans.NO_LENGTH``, tested itself in ``test_ai_attack_situation.py``), and
(sixth sitting) the evaluator's fighter records kept (``threats.BY_RECORD``, tested itself
in ``test_ai_greedy_records.py``). None may change a choice: whole greedy battles on generated setups are played both ways, and every
decision, every candidate list the player weighed (actions, value and parts), the final
state and the log are compared; the bound itself is checked against the value of every
Move's end it bounds, and one evaluator scoring a run of positions against a fresh plain
one, part by part.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from skirmish import fastpaths
from skirmish.ai.collection import SET_ASIDE
from skirmish.ai.magewinds.evaluation import SAME_POSITION, Evaluator
from skirmish.ai.magewinds.greedy import GreedyPlayer
from skirmish.ai.magewinds.outlook import forget
from skirmish.ai.magewinds.plans import MOVE_BOUND, NO_LENGTH, Plan, Planner
from skirmish.ai.magewinds.threats import BY_RECORD, KEYED
from skirmish.engine.battle import History, RandomPlayer, play_out
from skirmish.games.magewinds.battle import Length, new_setup, setup, start_battle
from skirmish.games.magewinds.battle.activation import Activation, ActivationStage
from skirmish.games.magewinds.battle.geometry import moved
from skirmish.games.magewinds.battle.grammar import Kind, Names, read
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.battle.state import Battle

Listed = list[tuple[str, list[object]]]


class Recording(Planner):
    """A planner that keeps every candidate list it gives, marked ``all`` (:meth:`plans`)
    or ``best`` (:meth:`best_plans`), each plan as its actions, value and parts."""

    def __init__(self, planner: Planner, seen: Listed) -> None:
        super().__init__(planner.evaluator, planner.player)
        self.seen = seen

    def plans(self, battle: Battle) -> list[Plan]:
        found = super().plans(battle)
        self.seen.append(("all", [(p.actions, p.value, p.score.parts) for p in found]))
        return found

    def best_plans(self, battle: Battle) -> list[Plan]:
        found = super().best_plans(battle)
        self.seen.append(("best", [(p.actions, p.value, p.score.parts) for p in found]))
        return found


def played(chosen: Setup, seed: int) -> tuple[list[object], Listed, str, tuple]:
    """A greedy battle: every decision, every candidate list weighed, the final hash and
    the log."""
    forget()
    seen: Listed = []
    players = [GreedyPlayer(chosen, seed, seat) for seat in range(len(chosen.warbands))]
    for player in players:
        player.planner = Recording(player.planner, seen)
    history = History.start(start_battle(chosen), seed)
    play_out(history, players)
    steps: list[object] = [(s.player, s.action) for s in history.steps]
    return steps, seen, history.state.state_hash(), history.state.events()


def generated(seed: int, players: int) -> Setup:
    return setup.random_setup(seed, length=Length.QUICK, most=2, rounds=1, players=players)


DEATHMATCH = new_setup("deathmatch", [["Wizard", "Guardian"], ["Cleric", "Deadeye"]])


@pytest.mark.parametrize("part", [KEYED, SAME_POSITION, SET_ASIDE, NO_LENGTH, BY_RECORD])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 2, 3, 4]))
def test_a_shortcut_that_changes_no_value_changes_no_candidate(part, seed, players):
    """Each fighter keyed once, scores kept by position, the collector set aside while the
    player thinks, and attacks weighed without their line's length: the very same battles,
    and every candidate list the same, values and parts."""
    chosen = generated(seed, players)
    fast = played(chosen, seed)
    with fastpaths.plain(part):
        plain = played(chosen, seed)
    assert fast[0] == plain[0]
    assert fast[1] == plain[1]
    assert fast[2:] == plain[2:]
    assert fast[1], "the greedy player planned no activation"


def _best_lists(seen: Listed) -> list[list[object]]:
    return [plans for mark, plans in seen if mark == "best"]


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 2, 3, 4]), deathmatch=st.booleans())
def test_moves_left_out_by_their_bound_change_no_choice(seed, players, deathmatch):
    """The Moves left out: the very same battles; each list the player weighed holds the
    plain list's candidates in the plain order, the same best first, and leaves out only
    candidates worth less than that best."""
    chosen = DEATHMATCH if deathmatch else generated(seed, players)
    fast = played(chosen, seed)
    with fastpaths.plain(MOVE_BOUND):
        plain = played(chosen, seed)
    assert fast[0] == plain[0]
    assert fast[2:] == plain[2:]
    pruned, whole = _best_lists(fast[1]), _best_lists(plain[1])
    assert len(pruned) == len(whole) > 0
    left_out = 0
    for some, every in zip(pruned, whole, strict=True):
        assert some[0] == every[0]
        kept = iter(every)
        assert all(plan in kept for plan in some), "a candidate out of the plain order"
        best = every[0][1]
        missing = [plan for plan in every if plan not in some]
        assert all(plan[1] < best for plan in missing)
        left_out += len(missing)
    if deathmatch:
        assert left_out > 0, "no Move was left out in a Deathmatch"


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_move_bound_is_above_every_end_it_bounds(seed):
    """At every Move of a random Deathmatch battle, the bound for each end the rules offer
    is at least the value of the battle with the fighter there, its action counted (the
    value the planner gives that end)."""
    history = History.start(start_battle(DEATHMATCH), seed)
    play_out(history, [RandomPlayer(seed, 0), RandomPlayer(seed, 1)])
    moving = [
        s
        for s in history.states
        if isinstance(s, Battle)
        and isinstance(s.frames[-1], Activation)
        and s.frames[-1].stage == ActivationStage.MOVING
    ]
    assume(moving)
    checked = 0
    for battle in moving[:4]:
        top = battle.frames[-1]
        assert isinstance(top, Activation)
        me = battle.fighter(top.fighter)
        player = battle.controller(me)
        planner = Planner(Evaluator(DEATHMATCH), player)
        bound = planner.evaluator.move_bound(planner._spent(battle, me), player, me.name)
        assert bound is not None
        names = Names.of(battle)
        for option in battle.options():
            action = read(option, names)
            if action.kind is Kind.MOVE_TO and action.point is not None:
                end = planner._spent(moved(battle, me, action.point), me)
                with fastpaths.plain():
                    value = Evaluator(DEATHMATCH).value(end, player).total
                assert bound(action.point) >= value
                checked += 1
    assert checked
