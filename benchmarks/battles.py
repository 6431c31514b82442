"""Magewinds battle benchmarks, each a ratio against a baseline measured in the same run.

1. Applying an action (a new state sharing what did not change) and copying a state,
   against ``copy.deepcopy`` of the same state (aim: at least 20x faster).
2. Random-versus-random battles per second on one core, every state checked against the
   invariants (aim: at least 100 per second), with zero exceptions.
3. The geometry cost of a battle step with the caches, against the same steps with every
   geometry cache cleared before each step.

Run alone with ``python benchmarks/battles.py [BATTLES]`` (default 1000 battles).
"""

from __future__ import annotations

import copy
import sys
import time
import timeit
from dataclasses import replace
from pathlib import Path

from skirmish.engine.battle import History, RandomPlayer, load_record, play_out
from skirmish.games.magewinds import looks, moves
from skirmish.games.magewinds.battle import geometry as battle_geometry
from skirmish.games.magewinds.battle import replay_record, start_battle, targets
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.setup import random_setup, setup_from_record

GOLDEN = Path(__file__).parents[1] / "tests" / "golden" / "magewinds-battle-deathmatch.json"
CACHES = (
    battle_geometry._field,
    battle_geometry._standing,
    battle_geometry._footprints,
    targets._any_attack,
    looks._blockers,
    looks.edge_of,
    moves._surroundings,
    moves._roadmap,
    moves.local_space,
    moves._kept_reach,
    moves._dodge,
)


def copying() -> None:
    record = load_record(GOLDEN)
    history = replay_record(record)
    middle = len(record.steps) // 2
    state = history.states[middle]
    action = record.steps[middle].action
    number = 200
    applying = min(timeit.repeat(lambda: state.apply(action), number=number, repeat=5)) / number
    sharing = (
        min(timeit.repeat(lambda: replace(state, round=state.round), number=number, repeat=5))
        / number
    )
    deep = min(timeit.repeat(lambda: copy.deepcopy(state), number=5, repeat=3)) / 5
    print(f"1. State copies, mid-battle ({middle} steps into the golden Deathmatch)")
    print(f"   apply one action (new state):     {applying * 1e6:10.1f} us")
    print(f"   copy a state (shared structure):  {sharing * 1e6:10.1f} us")
    print(f"   copy.deepcopy of the same state:  {deep * 1e6:10.1f} us")
    print(
        f"   ratio deepcopy / apply: {deep / applying:.0f}x; deepcopy / copy: {deep / sharing:.0f}x (aim: 20x)"
    )


def battles(count: int) -> None:
    setups = [random_setup(seed) for seed in range(count)]  # standard warbands, 3 rounds
    failures, steps = [], 0
    started = time.process_time()
    for seed, setup in enumerate(setups):
        history = History.start(start_battle(setup), seed)

        def check(history: History) -> None:
            found = problems(history.state)  # type: ignore[arg-type]
            if found:
                raise AssertionError(found)

        try:
            play_out(history, [RandomPlayer(seed, 0), RandomPlayer(seed, 1)], after_step=check)
        except Exception as error:
            failures.append((seed, repr(error)[:200]))
        steps += len(history.steps)
    seconds = time.process_time() - started
    print("2. Random-versus-random battles, standard warbands, 3 rounds, random terrain")
    print(f"   {count} battles, {steps} steps, {len(failures)} exceptions or broken invariants")
    print(
        f"   {count / seconds:8.1f} battles per second on one core ({steps / seconds:.0f} steps/s)"
    )
    print(f"   ratio to the aim of 100 battles per second: {count / seconds / 100:.2f}x")
    for seed, error in failures[:10]:
        print(f"   seed {seed}: {error}")


def geometry_cost() -> None:
    record = load_record(GOLDEN)

    def replayed(clear: bool) -> float:
        for cache in CACHES:
            cache.cache_clear()
        history = History.start(start_battle(setup_from_record(record.setup)), record.seed)
        started = time.process_time()
        for step in record.steps:
            if clear:
                for cache in CACHES:
                    cache.cache_clear()
            if step.player is None:
                history.roll()
            else:
                history.act(step.action)
        return time.process_time() - started

    cached, uncached = replayed(False), replayed(True)
    steps = len(record.steps)
    print(f"3. Geometry cost of a battle step (replaying the golden Deathmatch, {steps} steps)")
    print(f"   with the caches:                 {cached / steps * 1e3:8.2f} ms per step")
    print(f"   caches cleared before each step: {uncached / steps * 1e3:8.2f} ms per step")
    print(f"   ratio uncached / cached: {uncached / cached:.1f}x")


def main(count: int = 1000) -> None:
    copying()
    battles(count)
    geometry_cost()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
