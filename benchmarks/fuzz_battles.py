"""The battle fuzz at scale: random-versus-random Magewinds battles over every scenario (and
every earlier page version a table may choose), every number of players it allows and every
way of getting warbands (given, or built in play in each of the three building modes,
ruling MB-31), with every invariant checked after every step and every decision one of the
legal actions of the state before it. The aim is 10,000 battles and 0 exceptions.

Battle ``i`` of the run is case ``i`` modulo the number of cases on seed ``i``, so a slice
of the run (``--first``) plays the very battles the whole run plays there, and slices
played in different sittings (or processes) add up to the whole run. Each slice keeps one
CSV row a battle in ``benchmarks/results/fuzz-battles/`` (``--out``): the battle, its case,
its steps, its CPU seconds, and what went wrong if anything. ``--tally`` counts what the
kept files hold without playing.

Run with ``python benchmarks/fuzz_battles.py --battles 10000`` (a progress bar on a
terminal); ``--battles 500 --first 2000`` plays battles 2001 to 2500. ``--drawn`` plays
the random player that draws an action without listing them all
(``RandomPlayer(..., drawn=True)``, other battles from the same seeds); every decision is
still checked against the whole list of legal actions of the state before it.
"""

from __future__ import annotations

import argparse
import csv
import gc
import subprocess
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from skirmish.engine.battle import History, RandomPlayer, play_out
from skirmish.games.magewinds.battle import (
    Building,
    Length,
    Options,
    new_setup,
    random_table,
    start_battle,
)
from skirmish.games.magewinds.battle.catalogue import OLDER, SCENARIOS, find_scenario
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.setup import bundled_pack
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.field import STANDARD_WIDTH

RESULTS = Path(__file__).parent / "results" / "fuzz-battles"
COLUMNS = ("battle", "scenario", "players", "building", "seed", "steps", "seconds", "problem")
BUILDINGS: tuple[Building | None, ...] = (None, *Building)
CASES = [
    (scenario, players, building)
    for scenario in [s.id for s in SCENARIOS] + [f"{s.id}@{s.version}" for s in OLDER]
    for players in find_scenario(*scenario.split("@")).players
    for building in BUILDINGS
]
"""Every scenario and earlier version, with every number of players it allows, with
warbands given and built in play in each building mode."""


def case_battle(index: int) -> tuple[Battle, tuple[str, int, Building | None]]:
    """Battle ``index`` of the run: its case, warbands of 1 to 4 fighters drawn from the
    whole pack (or none, to build in play), random terrain of the scenario's size."""
    scenario, players, building = CASES[index % len(CASES)]
    chosen = find_scenario(*scenario.split("@"))
    width = 2 * STANDARD_WIDTH if chosen.double_size else STANDARD_WIDTH
    names = [p.name for p in bundled_pack().fighters]
    bands: list[list[str]] = []
    for player in range(players):
        if building is not None:
            bands.append([])
            continue
        count = 1 + (index + player) % 4
        start = (index * 7 + player * 3) % len(names)
        bands.append([names[(start + k) % len(names)] for k in range(count)])
    setup = new_setup(
        chosen,
        bands,
        table=random_table(
            index,
            pieces=index % 9,
            clear_radius=chosen.clear_radius,
            width=width,
            clear_corners=chosen.corner_radius,
        ),
        options=Options(length=Length.STANDARD, rounds=2 + index % 2, overtime=1),
        building=building,
    )
    return start_battle(setup), (scenario, players, building)


def fuzz_one(index: int, *, drawn: bool = False) -> dict[str, object]:
    """One checked battle: its row (``problem`` empty when every step was sound)."""
    started = time.process_time()
    steps = 0
    problem = ""
    case: tuple[str, int, Building | None] = ("?", 0, None)
    try:
        battle, case = case_battle(index)
        history = History.start(battle, index)

        def after_step(history: History) -> None:
            state, before = history.states[-1], history.states[-2]
            assert isinstance(state, Battle)
            found = problems(state)
            if found:
                raise AssertionError(f"broken invariant: {found[0]}")
            step = history.steps[-1]
            offered = {str(a) for a in before.legal_actions(step.player or 0)}
            if step.player is not None and step.action not in offered:
                raise AssertionError(f"illegal step taken: {step.action!r}")

        players = [RandomPlayer(index, p, drawn=drawn) for p in range(battle.players)]
        play_out(history, players, after_step=after_step)
        steps = len(history.steps)
        final = history.state
        if not isinstance(final, Battle) or final.result is None:
            problem = "the battle did not end"
    except Exception as error:  # the fuzz's purpose: every exception is a finding
        where = traceback.extract_tb(error.__traceback__)[-1]
        problem = f"{type(error).__name__}: {str(error)[:160]} at {where.filename}:{where.lineno}"
    scenario, players, building = case
    return {
        "battle": index + 1,
        "scenario": scenario,
        "players": players,
        "building": building.value if building else "given",
        "seed": index,
        "steps": steps,
        "seconds": round(time.process_time() - started, 3),
        "problem": problem,
    }


def commit() -> str:
    found = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).parent,
        check=False,
    )
    return found.stdout.strip() or "unknown"


def run(battles: int, first: int, out: Path, *, drawn: bool = False) -> None:
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"battles-from-{first + 1:05d}.csv"
    gc.freeze()
    with path.open("w", newline="") as file:
        file.write(f"# commit {commit()}" + (" drawn" if drawn else "") + "\n")
        writer = csv.DictWriter(file, COLUMNS)
        writer.writeheader()
        columns = (
            TextColumn("fuzz"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[bad]} bad"),
            TimeRemainingColumn(),
        )
        with Progress(*columns, disable=not sys.stderr.isatty()) as bar:
            task = bar.add_task("fuzz", total=battles, bad=0)
            bad = 0
            for index in range(first, first + battles):
                row = fuzz_one(index, drawn=drawn)
                writer.writerow(row)
                file.flush()
                bad += bool(row["problem"])
                bar.update(task, advance=1, bad=bad)
    print(f"{battles} battles from {first + 1} kept in {path}")
    tally(out)


def tally(out: Path) -> None:
    """Count every battle kept in ``out``: how many, over which cases, and what broke."""
    rows: dict[int, dict[str, str]] = {}
    commits: Counter[str] = Counter()
    for path in sorted(out.glob("battles-*.csv")):
        with path.open(newline="") as file:
            text = file.read().splitlines()
        lines = [line for line in text if not line.startswith("#")]
        played_on = next(
            (" ".join(line.split()[2:]) for line in text if line.startswith("# commit")), "?"
        )
        for row in csv.DictReader(lines):
            if row.get("problem") is None:
                continue  # a row cut short when a run was stopped
            rows[int(row["battle"])] = row
            commits[played_on] += 1
    if not rows:
        print(f"no battles kept in {out}")
        return
    bad = [row for row in rows.values() if row["problem"]]
    seconds = sum(float(row["seconds"]) for row in rows.values())
    steps = sum(int(row["steps"]) for row in rows.values())
    cases = Counter((r["scenario"], r["players"], r["building"]) for r in rows.values())
    print(
        f"{len(rows)} distinct battles kept (numbers {min(rows)} to {max(rows)}), "
        f"{len(cases)} of {len(CASES)} cases, {steps} steps, {seconds / 3600:.2f} CPU hours; "
        f"{len(bad)} with an exception or a broken invariant"
    )
    print("  played on commit " + ", ".join(f"{c}: {n}" for c, n in commits.items()))
    for kind, count in Counter(row["problem"].split(" at ")[0] for row in bad).most_common(10):
        print(f"  {count:5d}  {kind}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--battles", type=int, default=10_000)
    parser.add_argument("--first", type=int, default=0, help="start at battle FIRST + 1")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--tally", action="store_true", help="count the kept battles only")
    parser.add_argument(
        "--drawn", action="store_true", help="random players that draw without listing all"
    )
    arguments = parser.parse_args()
    if arguments.tally:
        tally(arguments.out)
    else:
        run(arguments.battles, arguments.first, arguments.out, drawn=arguments.drawn)


if __name__ == "__main__":
    main()
