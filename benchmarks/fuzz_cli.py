"""Hostile command lines for every command of every game, for as long as you like.

    python benchmarks/fuzz_cli.py --minutes 10

Each try is a working command line of a command (``skirmish odds magewinds ...``) with one to
three options given extreme or malformed values, or bad files, derived from the options
models by ``tests/cli_fuzz.py``, the generator the test suite runs a few examples of. Each
runs in a forked child under a CPU and memory cap, in a folder of bad files, and must end
with an answer or one error line (exit 2), without a traceback, and write nothing when it
refuses. Every other ending is listed at the end, once per command and kind of problem,
with a command line that shows it. The exit code is 1 when anything was found.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from cli_fuzz import attempt, command_line, commands, prepare, random_draws, shown


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0, help="how long to run")
    parser.add_argument("--seed", type=int, default=None, help="seed of the tries")
    parser.add_argument("--cpu", type=int, default=20, help="CPU seconds each try may use")
    arguments = parser.parse_args()
    seed = random.randrange(2**31) if arguments.seed is None else arguments.seed
    rng = random.Random(seed)
    pick, count = random_draws(rng)
    every = commands()
    tries: Counter[str] = Counter()
    found: dict[tuple[str, str], tuple[str, int]] = {}
    end = time.monotonic() + arguments.minutes * 60
    print(f"seed {seed}; {len(every)} commands; {arguments.minutes:g} minutes", flush=True)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        prepare(folder)
        report = time.monotonic() + 60
        while time.monotonic() < end:
            command = rng.choice(every)
            words = command_line(command, pick, count)
            problem, _ = attempt(words, folder, cpu=arguments.cpu)
            tries[command.name] += 1
            if problem is not None:
                kind = ":".join(problem.split(":")[:2])[:80]
                first, seen = found.get(
                    (command.name, kind), (shown(words) + "\n    " + problem, 0)
                )
                found[(command.name, kind)] = (first, seen + 1)
            if time.monotonic() > report:
                report += 60
                print(f"{sum(tries.values())} tries, {len(found)} problems", flush=True)
    print(f"\n{sum(tries.values())} tries over {len(tries)} commands:")
    for command_name, n in sorted(tries.items()):
        print(f"  {command_name:22} {n}")
    if not found:
        print("\nnothing found: every try answered or refused in one line")
        return 0
    print(f"\n{len(found)} problems (command, kind: tries that showed it; first example):")
    for (command_name, kind), (example, seen) in sorted(found.items()):
        print(f"- {command_name}, {kind}: {seen}\n  {example[:1200]}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
