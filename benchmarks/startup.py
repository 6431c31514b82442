"""Start-up: the whole-process CPU time of a command, against importing icepool alone.

Each command runs as a fresh process, as a user runs it; its CPU time (user + system, the
children's resource usage) is the median of several runs (the best is printed beside it). The baseline is ``python -c "import
icepool"`` measured in the same run: every answer needs icepool, so this is the floor a
command starts from (aim: ``skirmish games`` within 3 times it). ``skirmish games`` is
answered without building the parser (typer pulls in pydantic to read any option);
``skirmish scenarios magewinds`` reads the scenarios' pages
(:mod:`skirmish.games.magewinds.scenario_pages`), not the battle.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

RUNS = 9
"""Runs of each command; the median is reported."""


def cpu(command: list[str]) -> tuple[float, float]:
    """The median and the least CPU seconds ``command`` takes over :data:`RUNS` runs."""
    used: list[float] = []
    for _ in range(RUNS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            command, check=True, stdout=subprocess.DEVNULL, env=os.environ | {"COLUMNS": "80"}
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return statistics.median(used), min(used)


def main() -> None:
    skirmish = shutil.which("skirmish", path=str(Path(sys.executable).parent)) or "skirmish"
    baseline, least = cpu([sys.executable, "-c", "import icepool"])
    python, _ = cpu([sys.executable, "-c", "pass"])
    rows = [
        ("skirmish games", [skirmish, "games"]),
        ("skirmish scenarios magewinds", [skirmish, "scenarios", "magewinds"]),
        (
            "skirmish odds magewinds (README)",
            [skirmish, "odds", "magewinds", "--attacker", "Wizard", "--target", "Guardian"],
        ),
        ("skirmish fighters darkrealms", [skirmish, "fighters", "darkrealms"]),
        ("skirmish --help", [skirmish, "--help"]),
        ("skirmish replay --help", [skirmish, "replay", "--help"]),
        ("skirmish play magewinds --help", [skirmish, "play", "magewinds", "--help"]),
    ]
    print(f"Start-up: whole-process CPU, median of {RUNS} runs (best in brackets)")
    print(f"   {'python -c pass:':34} {python * 1000:6.0f} ms")
    print(
        f"   {'python -c import icepool (base):':34} {baseline * 1000:6.0f} ms ({least * 1000:.0f})"
    )
    for name, command in rows:
        median, best = cpu(command)
        print(
            f"   {name + ':':34} {median * 1000:6.0f} ms ({best * 1000:.0f})"
            f"   {median / baseline:4.1f}x the baseline"
        )
    print("   (aim: skirmish games within 3x)")


if __name__ == "__main__":
    main()
