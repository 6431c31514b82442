"""The collector set aside during a greedy decision (issue 32 item 4, ``collection.SET_ASIDE``).

While the greedy player thinks, what was alive before the decision is out of the
collector's sight (its passes walk only what the decision makes) and afterwards back in
it: nothing stays frozen, and garbage in reference cycles, made before the decision or
during it, is freed by the next full pass after it. In a tuned run (``collection.tuned``)
the run's frozen objects stay frozen. The planner sets the collector aside too when the
search asks it for candidates outside a greedy decision. The part changes no choice: whole greedy battles
are compared both ways in ``test_ai_greedy_shortcuts.py``.
"""

from __future__ import annotations

import gc
import weakref

import pytest

from skirmish import fastpaths
from skirmish.ai import collection, sweep
from skirmish.ai.collection import SET_ASIDE, set_aside, tuned
from skirmish.ai.magewinds.greedy import GreedyPlayer, plannable
from skirmish.ai.magewinds.plans import Planner
from skirmish.engine.battle import History, RandomPlayer, play_out
from skirmish.games.magewinds.battle import new_setup, start_battle
from skirmish.games.magewinds.battle.state import Battle

DEATHMATCH = new_setup("deathmatch", [["Wizard", "Guardian"], ["Cleric", "Deadeye"]])


class Cycle:
    """Garbage only the collector frees: an object referring to itself."""

    def __init__(self) -> None:
        self.me = self


class Watching(GreedyPlayer):
    """A greedy player that, at each decision it thinks about, drops a cycle made before
    it and one made during it and asks for a full pass, noting which of them that pass
    freed and how many objects were out of the collector's sight."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.before: weakref.ref[Cycle] | None = None
        self.seen: list[tuple[int, bool, bool]] = []

    def decide(self, battle, legal, rng):  # type: ignore[no-untyped-def]
        during = Cycle()
        dropped_during = weakref.ref(during)
        del during
        gc.collect()
        before = self.before
        freed_before = before is not None and before() is None
        self.seen.append((gc.get_freeze_count(), freed_before, dropped_during() is None))
        return super().decide(battle, legal, rng)


def _watched_battle() -> tuple[Watching, list[bool]]:
    """A greedy battle whose first seat watches; after each decision, whether the cycle
    made before it was freed by a full pass after it."""
    players = [Watching(DEATHMATCH, 1, 0), GreedyPlayer(DEATHMATCH, 1, 1)]
    watcher = players[0]
    freed_after: list[bool] = []

    def after_step(history: History) -> None:
        if watcher.before is not None:
            gc.collect()
            freed_after.append(watcher.before() is None)
        cycle = Cycle()
        watcher.before = weakref.ref(cycle)

    play_out(History.start(start_battle(DEATHMATCH), 1), players, after_step=after_step)
    return watcher, freed_after


def test_a_decision_sees_only_its_own_objects_and_leaves_nothing_frozen():
    assert gc.get_freeze_count() == 0
    watcher, freed_after = _watched_battle()
    assert len(watcher.seen) > 10, "the watching player thought about too few decisions"
    for frozen, freed_before, freed_during in watcher.seen:
        assert frozen > 1000, "what was alive before the decision is still in sight"
        assert not freed_before, "garbage from before the decision was walked during it"
        assert freed_during, "the decision's own garbage was not collected"
    assert gc.get_freeze_count() == 0, "objects left frozen after the battle"
    assert freed_after and all(freed_after), "garbage set aside was never freed"


def test_the_plain_way_leaves_everything_in_sight():
    with fastpaths.plain(SET_ASIDE):
        watcher, _ = _watched_battle()
    assert watcher.seen
    assert all(frozen == 0 and freed_before for frozen, freed_before, _ in watcher.seen)


def test_a_tuned_run_keeps_its_frozen_objects_frozen():
    with tuned():
        frozen = gc.get_freeze_count()
        assert frozen > 0
        with set_aside():
            assert gc.get_freeze_count() == frozen
        assert gc.get_freeze_count() == frozen
    assert gc.get_freeze_count() == 0
    assert not collection._frozen[0]


def test_an_inner_set_aside_and_an_error_inside_bring_everything_back():
    with pytest.raises(ValueError, match="inside"), set_aside():
        outer = gc.get_freeze_count()
        assert outer > 0
        with set_aside():
            assert gc.get_freeze_count() == outer
        assert gc.get_freeze_count() == outer
        raise ValueError("inside")
    assert gc.get_freeze_count() == 0
    assert not collection._frozen[0]


def test_a_run_frees_its_own_garbage_as_it_ends():
    """Garbage in cycles made in a run is freed as the run ends, with no pass asked for,
    so a process that plays run after run (a server, a slice played a battle at a time, a
    sweep's worker) does not carry it on."""
    gc.collect()
    with tuned():
        inside = Cycle()
        made = weakref.ref(inside)
        del inside
        assert made() is not None
    assert made() is None
    assert gc.get_freeze_count() == 0


def test_a_sweeps_batch_frees_its_own_garbage_as_it_ends(monkeypatch):
    """A sweep's Dask worker plays batch after batch: each batch's garbage in cycles is
    freed as the batch ends (measured before: 8 MB a batch of two greedy battles kept)."""
    found: list[weakref.ref[Cycle]] = []

    def played(plan: object, batch: object) -> dict[str, list[object]]:
        inside = Cycle()
        found.append(weakref.ref(inside))
        assert gc.get_freeze_count() > 0  # played tuned
        return {}

    monkeypatch.setattr(sweep, "_played_rows", played)
    gc.collect()
    assert sweep.play_batch(None, None) == {}  # type: ignore[arg-type]
    assert found[0]() is None
    assert gc.get_freeze_count() == 0


def test_decisions_set_aside_make_a_full_pass_every_so_often(monkeypatch):
    """Every ``FULL_EVERY`` decisions set aside, one makes a full pass on leaving, which
    frees garbage the collector's own counts would leave waiting; the ones before do not."""
    monkeypatch.setattr(collection, "FULL_EVERY", 4)
    monkeypatch.setattr(collection, "_left", [0])
    gc.collect()
    cycle = Cycle()
    made = weakref.ref(cycle)
    del cycle
    for _ in range(3):
        with set_aside():
            pass
    assert made() is not None, "a full pass was made before the fourth decision"
    with set_aside():
        pass
    assert made() is None, "the fourth decision made no full pass"
    assert collection._left == [0]


class Counting(Planner):
    """A planner noting, at each position it scores, how many objects are frozen."""

    def __init__(self, planner: Planner) -> None:
        super().__init__(planner.evaluator, planner.player)
        self.frozen: list[int] = []

    def score(self, battle):  # type: ignore[no-untyped-def]
        self.frozen.append(gc.get_freeze_count())
        return super().score(battle)


def _plannable_positions() -> list[Battle]:
    history = History.start(start_battle(DEATHMATCH), 3)
    play_out(history, [RandomPlayer(3, 0), RandomPlayer(3, 1)])
    return [s for s in history.states if plannable(s) and s.node().player == 0][:4]


@pytest.mark.parametrize("best", [False, True])
def test_a_planner_asked_outside_a_decision_sets_the_heap_aside(best):
    """The search lists the greedy player's candidates itself (its root and its replies):
    the planner sets the collector aside while it lists them, and leaves nothing frozen."""
    positions = _plannable_positions()
    assert positions, "no position to plan from"
    planner = Counting(GreedyPlayer(DEATHMATCH, 3, 0).planner)
    for battle in positions:
        found = planner.best_plans(battle) if best else planner.plans(battle)
        assert found
        assert gc.get_freeze_count() == 0
    assert planner.frozen and min(planner.frozen) > 1000
    with fastpaths.plain(SET_ASIDE):
        planner.frozen.clear()
        planner.plans(positions[0])
    assert planner.frozen and max(planner.frozen) == 0
