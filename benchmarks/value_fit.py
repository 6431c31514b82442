"""Fit the search's leaf value (:mod:`skirmish.ai.magewinds.value`) to battles between
greedy players, and write it with how it was made and how it predicts held-out battles.

Plays ``--battles`` greedy-versus-greedy battles in each of the ladder's scenarios
(Deathmatch and King of the Hill, Wizard, Guardian, Cleric a side, as
``benchmarks/ai.py``'s ladder), battle ``k`` on seed ``--seed + k`` (the ladder's own
battles are on seeds from 1, so the default 5001 keeps them a fresh test), takes every
start of an activation in the Action Phase for both players (where a search's look-ahead
stops), and fits a logistic model of winning for each scenario (numpy, scipy's L-BFGS,
L2 ``--penalty``). Every ``--hold``-th battle is held out and predicted: how often the
side with the larger fitted chance went on to win, against the side with the larger
evaluation total, and the log loss against the evaluation's total fitted alone.

    python benchmarks/value_fit.py --battles 150 --workers 2 \
        -o src/skirmish/ai/magewinds/data/leaf-value.json

The same options give the same file (the battles are seeded, the fit starts from zero).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from skirmish.ai.magewinds.evaluation import Evaluator
from skirmish.ai.magewinds.greedy import GreedyPlayer
from skirmish.ai.magewinds.value import (
    FEATURES,
    FORMAT,
    TOTAL,
    VERSION,
    Check,
    Fit,
    Position,
    ValueFile,
    check,
    dumped,
    fit,
    positions,
    total_positions,
)
from skirmish.engine.battle import History, play_out
from skirmish.games.magewinds.battle import new_setup, start_battle

WARBAND = "Wizard,Guardian,Cleric"
SCENARIOS = ("deathmatch", "king-of-the-hill")


def battle_positions(scenario: str, seed: int, number: int) -> list[Position]:
    """One greedy mirror battle of ``scenario`` on ``seed``, as :func:`positions`."""
    band = WARBAND.split(",")
    setup = new_setup(scenario, [band, band])
    history = History.start(start_battle(setup), seed)
    play_out(history, [GreedyPlayer(setup, seed, 0), GreedyPlayer(setup, seed, 1)])
    return positions(Evaluator(setup), history.states, number)


def _played(job: tuple[str, int, int]) -> list[Position]:
    return battle_positions(*job)


def made(
    battles: int, seed: int, hold: int, penalty: float, workers: int, command: str
) -> ValueFile:
    """The value file of ``battles`` a scenario from ``seed``, every ``hold``-th held out."""
    fits: dict[str, Fit] = {}
    checks: dict[str, Check] = {}
    for scenario in SCENARIOS:
        jobs = [(scenario, seed + k, k) for k in range(battles)]
        started = time.perf_counter()
        if workers > 1:
            with ProcessPoolExecutor(workers) as pool:
                played = list(pool.map(_played, jobs))
        else:
            played = [_played(job) for job in jobs]
        found = [p for rows in played for p in rows]
        train = [p for p in found if p.battle % hold != hold - 1]
        held = [p for p in found if p.battle % hold == hold - 1]
        model = fit(train, penalty)
        baseline = fit(total_positions(train), penalty, names=[TOTAL])
        setup_id = new_setup(scenario, [WARBAND.split(",")] * 2).scenario.id
        fits[setup_id] = model
        checks[setup_id] = check(model, baseline, held)
        print(
            f"{scenario}: {len(found)} positions of {battles} battles "
            f"({time.perf_counter() - started:.0f} s on the clock); held out: {checks[setup_id]}",
            file=sys.stderr,
        )
    return ValueFile(
        format=FORMAT,
        version=VERSION,
        made_by=command,
        target="win",
        warband=WARBAND,
        seed=seed,
        penalty=penalty,
        fits=fits,
        held_out=checks,
    )


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--battles", type=int, default=150, help="battles a scenario (150)")
    parser.add_argument("--seed", type=int, default=5001, help="the first battle's seed (5001)")
    parser.add_argument("--hold", type=int, default=4, help="hold out every N-th battle (4)")
    parser.add_argument("--penalty", type=float, default=1.0, help="L2 penalty (1.0)")
    parser.add_argument("--workers", type=int, default=2, help="processes (2)")
    parser.add_argument("-o", "--output", type=Path, help="write the file here (else print)")
    return parser.parse_args()


if __name__ == "__main__":
    given = arguments()
    if given.battles < given.hold or given.hold < 2:
        raise SystemExit("value_fit.py: --battles must be at least --hold, and --hold at least 2")
    command = (
        f"python benchmarks/value_fit.py --battles {given.battles} --seed {given.seed} "
        f"--hold {given.hold} --penalty {given.penalty:g}"
    )
    text = dumped(
        made(given.battles, given.seed, given.hold, given.penalty, given.workers, command)
    )
    if given.output is None:
        print(text, end="")
    else:
        given.output.write_text(text, encoding="utf-8")
    print(f"features: {', '.join(FEATURES)}", file=sys.stderr)
