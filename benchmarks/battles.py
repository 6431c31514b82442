"""Magewinds battle benchmarks, each a ratio against a baseline measured in the same run.

1. Applying an action (a new state sharing what did not change) and copying a state,
   against ``copy.deepcopy`` of the same state (aim: at least 20x faster).
2. Random-versus-random battles per second on one core, every state checked against the
   invariants (aim: at least 100 per second), with zero exceptions: the play alone, and
   whole battles with their setup (``start_battle``, which checks every territory's room,
   10.5). The first battles are played again with the fast paths off
   (``skirmish.fastpaths.plain``: the computation as it was before them), which must give
   the very same battles, for the ratios.
3. The cost of one step, ``legal_actions`` and ``apply``, replaying the golden Deathmatch
   with the fast paths and without.
4. The geometry cost of a battle step with the caches, against the same steps with every
   cache and memo emptied before each step.

Run alone with ``python benchmarks/battles.py [BATTLES [PLAIN]]`` (default 1000 battles,
100 of them played the plain way too).

5. With ``--baseline-commit COMMIT`` (and ``--rounds N``, default 2), only this: the
   random battles of 2. played by this tree's code and by COMMIT's (its ``src`` taken out
   with ``git archive`` into a temporary directory), each in its own worker process
   (``battle_worker.py``), asked battle by battle in turn (the order swapped each battle
   and each round), so both meet the same load on a shared machine. Each round reports
   both speeds and their ratio, whether the battles were the same step for step, and the
   range over the rounds. With ``--deathmatch SIZE``, SIZE-a-side Deathmatches of Wizard,
   Guardian, Cleric and Deadeye (the battles ``speedups.py`` plays) instead.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import replace
from pathlib import Path
from typing import Any

from skirmish import fastpaths
from skirmish.engine.battle import History, RandomPlayer, Turn, load_record, play_out
from skirmish.games.magewinds import looks, moves
from skirmish.games.magewinds.battle import geometry as battle_geometry
from skirmish.games.magewinds.battle import replay_record, start_battle, targets
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.setup import Setup, random_setup, setup_from_record

GOLDEN = Path(__file__).parents[1] / "tests" / "golden" / "magewinds-battle-deathmatch.json"
CACHES = (
    battle_geometry._field,
    battle_geometry._standing,
    targets._any_attack,
    looks._blockers,
    looks.edge_of,
    moves._surroundings,
    moves._roadmap,
    moves.local_space,
    moves._kept_reach,
    moves._dodge,
)


def forget() -> None:
    """Empty every cache and memo: the next battle starts cold."""
    for cache in CACHES:
        cache.cache_clear()
    fastpaths.forget()


@contextmanager
def way(fast: bool) -> Iterator[None]:
    with nullcontext() if fast else fastpaths.plain():
        yield


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
        f"   ratio deepcopy / apply: {deep / applying:.0f}x; "
        f"deepcopy / copy: {deep / sharing:.0f}x (aim: 20x)"
    )


def battle(seed: int, setup: Setup) -> tuple[History, float, float]:
    """One checked random-versus-random battle, the processor time of its setup
    (``start_battle``: the roll-off frames and the check that each territory holds a
    warband, 10.5) and of its play."""

    def check(history: History) -> None:
        found = problems(history.state)  # type: ignore[arg-type]
        if found:
            raise AssertionError(found)

    started = time.process_time()
    history = History.start(start_battle(setup), seed)
    playing = time.process_time()
    play_out(history, [RandomPlayer(seed, 0), RandomPlayer(seed, 1)], after_step=check)
    return history, playing - started, time.process_time() - playing


def battles(count: int, plain: int) -> None:
    """Every battle starts cold (caches and memos emptied: each has its own terrain); the
    first ``plain`` are played again at once the plain way, so both ways meet the same load
    on a shared machine."""
    setups = [random_setup(seed) for seed in range(count)]  # standard warbands, 3 rounds
    failures: list[tuple[int, str]] = []
    steps, seconds, starting, same = 0, 0.0, 0.0, 0
    fast_way = [0.0, 0.0, 0]  # the first ``plain`` battles: setup, play, steps
    plain_way = [0.0, 0.0, 0]
    for seed, setup in enumerate(setups):
        forget()
        try:
            history, setting, spent = battle(seed, setup)
        except Exception as error:
            failures.append((seed, repr(error)[:200]))
            continue
        seconds += spent
        starting += setting
        steps += len(history.steps)
        if seed < plain:
            fast_way = [
                fast_way[0] + setting,
                fast_way[1] + spent,
                fast_way[2] + len(history.steps),
            ]
            forget()
            with fastpaths.plain():
                again, setting, spent = battle(seed, setup)
            plain_way = [
                plain_way[0] + setting,
                plain_way[1] + spent,
                plain_way[2] + len(again.steps),
            ]
            same += again.steps == history.steps
    played = count - len(failures)
    print("2. Random-versus-random battles, standard warbands, 3 rounds, random terrain")
    print(f"   {count} battles, {steps} steps, {len(failures)} exceptions or broken invariants")
    print(
        f"   {played / seconds:8.1f} battles per second on one core ({steps / seconds:.0f} steps/s),"
        " play only"
    )
    print(
        f"   {played / (seconds + starting):8.1f} whole battles per second, setup included "
        f"({starting / played * 1e3:.1f} ms of setup a battle)"
    )
    print(f"   ratio to the aim of 100 battles per second: {played / seconds / 100:.2f}x")
    for seed, error in failures[:10]:
        print(f"   seed {seed}: {error}")
    if plain:
        print(f"   the first {plain} battles both ways ({same} of {plain} step for step the same):")
        print("               play: battles/s  steps/s   whole battles/s   setup ms/battle")
        for label, (setting, spent, taken) in (("fast paths", fast_way), ("plain", plain_way)):
            print(
                f"   {label:10s}  {plain / spent:14.1f} {taken / spent:8.0f} "
                f"{plain / (setting + spent):17.1f} {setting / plain * 1e3:17.1f}"
            )
        print(
            f"   ratio fast / plain: play {plain_way[1] / fast_way[1]:.2f}x, whole battle "
            f"{sum(plain_way[:2]) / sum(fast_way[:2]):.2f}x, setup "
            f"{plain_way[0] / fast_way[0]:.1f}x"
        )


def per_step() -> None:
    record = load_record(GOLDEN)

    def replayed(fast: bool) -> tuple[float, int, float, int]:
        forget()
        history = History.start(start_battle(setup_from_record(record.setup)), record.seed)
        asking = applying = 0.0
        asked = applied = 0
        with way(fast):
            for step in record.steps:
                state = history.state
                node = state.node()
                started = time.process_time()
                if isinstance(node, Turn):
                    state.legal_actions(node.player)
                    asked_at = time.process_time()
                    asking += asked_at - started
                    asked += 1
                    history.act(step.action)
                    applying += time.process_time() - asked_at
                else:
                    history.roll()
                    applying += time.process_time() - started
                applied += 1
        return asking, asked, applying, applied

    fast, plain = replayed(True), replayed(False)
    print(f"3. One step of the golden Deathmatch ({fast[3]} steps, {fast[1]} decisions)")
    for label, (asking, asked, applying, applied) in (("fast paths", fast), ("plain", plain)):
        print(
            f"   {label:10s}  legal_actions {asking / asked * 1e3:6.2f} ms a decision, "
            f"apply {applying / applied * 1e3:6.2f} ms a step"
        )
    print(
        f"   ratio plain / fast: legal_actions {plain[0] / fast[0]:.1f}x, "
        f"apply {plain[2] / fast[2]:.1f}x"
    )


def geometry_cost() -> None:
    record = load_record(GOLDEN)

    def replayed(clear: bool) -> float:
        forget()
        history = History.start(start_battle(setup_from_record(record.setup)), record.seed)
        started = time.process_time()
        for step in record.steps:
            if clear:
                forget()
            if step.player is None:
                history.roll()
            else:
                history.act(step.action)
        return time.process_time() - started

    cached, uncached = replayed(False), replayed(True)
    steps = len(record.steps)
    print(f"4. Geometry cost of a battle step (replaying the golden Deathmatch, {steps} steps)")
    print(f"   with the caches:                 {cached / steps * 1e3:8.2f} ms per step")
    print(f"   caches emptied before each step: {uncached / steps * 1e3:8.2f} ms per step")
    print(f"   ratio uncached / cached: {uncached / cached:.1f}x")


ROOT = Path(__file__).parents[1]
WORKER = Path(__file__).with_name("battle_worker.py")


class Worker:
    """A ``battle_worker.py`` process running the code under ``source`` (a ``src``)."""

    def __init__(self, source: Path, *, drawn: bool = False) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(WORKER), *(["--drawn"] if drawn else [])],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=os.environ | {"PYTHONPATH": str(source)},
        )

    def play(self, seed: int, size: int = 0) -> dict[str, object]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{seed} {size}\n" if size else f"{seed}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the battle worker stopped (exit code {self.process.wait()})")
        found: dict[str, object] = json.loads(answer)
        return found

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def in_turn(workers: dict[str, Any], seed: int, round_: int, *question: Any) -> dict[str, Any]:
    """Each worker's answer to ``play(*question)``, the workers asked in turn: in their
    order for even ``seed + round_``, in reverse for odd, so each meets the machine's load
    first as often as the others."""
    order = list(workers)
    if (seed + round_) % 2:
        order.reverse()
    return {label: workers[label].play(*question) for label in order}


def exported(commit: str, into: Path) -> Path:
    """``commit``'s ``src``, taken out of the repository into ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit, "src"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def against_commit(
    commit: str, count: int, rounds: int, size: int = 0, *, drawn: bool = False
) -> None:
    """5. The random battles of 2. (``size``: SIZE-a-side Deathmatches of the warbands of
    ``speedups.py`` instead), by this tree's code and by ``commit``'s, in turn (``drawn``:
    this tree's random players draw one legal action without listing them all, so the
    two play other battles from the same seeds)."""
    with tempfile.TemporaryDirectory(prefix="skirmish-baseline-") as folder:
        workers = {
            "this tree": Worker(ROOT / "src", drawn=drawn),
            commit: Worker(exported(commit, Path(folder))),
        }
        try:
            what = f"{size}v{size} Deathmatch" if size else "as in 2."
            what += ", this tree's players drawing" if drawn else ""
            print(f"5. Random battles ({count}, {what}), this tree against {commit}, in turn")
            print("   round  code        battles/s  steps/s  setup ms/battle  same battles")
            ratios: dict[str, list[float]] = {"play": [], "whole": [], "setup": []}
            for round_ in range(rounds):
                totals = {
                    label: [0.0, 0.0, 0, 0] for label in workers
                }  # setup, play, steps, failed
                same = 0
                for seed in range(count):
                    answers = in_turn(workers, seed, round_, seed, size)
                    for label, answer in answers.items():
                        total = totals[label]
                        if "error" in answer:
                            total[3] += 1
                            continue
                        total[0] += float(answer["setup"])  # type: ignore[arg-type]
                        total[1] += float(answer["play"])  # type: ignore[arg-type]
                        total[2] += int(answer["steps"])  # type: ignore[call-overload]
                    same += (
                        len({str(a.get("digest", a.get("error"))) for a in answers.values()}) == 1
                    )
                for label, (setting, spent, steps, failed) in totals.items():
                    played = count - failed
                    print(
                        f"   {round_ + 1:5d}  {label[:10]:10s}  {played / spent:9.2f} "
                        f"{steps / spent:8.0f} {setting / played * 1e3:16.1f}  "
                        f"{same} of {count}" + (f" ({failed} failed)" if failed else "")
                    )
                new, old = totals["this tree"], totals[commit]
                ratios["play"].append(old[1] / new[1])
                ratios["whole"].append((old[0] + old[1]) / (new[0] + new[1]))
                ratios["setup"].append(old[0] / new[0])
            print(f"   ratio this tree / {commit}, in speed (above 1: this tree is faster):")
            for what, found in ratios.items():
                each = ", ".join(f"{r:.3f}" for r in found)
                print(f"   {what:6s} {min(found):.3f} to {max(found):.3f} ({each})")
        finally:
            for worker in workers.values():
                worker.close()


def main(count: int = 1000, plain: int = 100) -> None:
    copying()
    battles(count, min(plain, count))
    per_step()
    geometry_cost()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("battles", type=int, nargs="?", default=1000)
    parser.add_argument("plain", type=int, nargs="?", default=100)
    parser.add_argument(
        "--baseline-commit",
        metavar="COMMIT",
        help="only play the random battles by this tree's code and COMMIT's, in turn",
    )
    parser.add_argument("--rounds", type=int, default=2, help="rounds against the commit")
    parser.add_argument(
        "--deathmatch",
        metavar="SIZE",
        type=int,
        default=0,
        help="against the commit, SIZE-a-side Deathmatches (Wizard, Guardian, Cleric, Deadeye)",
    )
    parser.add_argument(
        "--drawn",
        action="store_true",
        help="against the commit, this tree's random players draw without listing every action",
    )
    arguments = parser.parse_args()
    if arguments.baseline_commit:
        against_commit(
            arguments.baseline_commit,
            arguments.battles,
            arguments.rounds,
            arguments.deathmatch,
            drawn=arguments.drawn,
        )
    else:
        main(arguments.battles, arguments.plain)
