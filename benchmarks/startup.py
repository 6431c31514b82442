"""Start-up: the whole-process CPU time of a command, against importing icepool alone.

Each command runs as a fresh process, as a user runs it; its CPU time (user + system, the
children's resource usage) is the best of several runs. The baseline is ``python -c "import
icepool"`` measured in the same run: every answer needs icepool, so this is the floor a
command starts from (aim: ``skirmish games`` within 3 times it). ``skirmish games`` is
answered without building the parser (typer pulls in pydantic to read any option); the
help of ``play`` still loads the battle, whose flags name its rules' choices.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

RUNS = 7


def cpu(command: list[str]) -> float:
    """The least CPU seconds ``command`` takes over a few runs."""
    best = float("inf")
    for _ in range(RUNS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            command, check=True, stdout=subprocess.DEVNULL, env=os.environ | {"COLUMNS": "80"}
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = min(best, used)
    return best


def main() -> None:
    skirmish = shutil.which("skirmish", path=str(Path(sys.executable).parent)) or "skirmish"
    baseline = cpu([sys.executable, "-c", "import icepool"])
    python = cpu([sys.executable, "-c", "pass"])
    rows = [
        ("skirmish games", [skirmish, "games"]),
        (
            "skirmish odds magewinds (README)",
            [skirmish, "odds", "magewinds", "--attacker", "Wizard", "--target", "Guardian"],
        ),
        ("skirmish fighters darkrealms", [skirmish, "fighters", "darkrealms"]),
        ("skirmish --help", [skirmish, "--help"]),
        ("skirmish replay --help", [skirmish, "replay", "--help"]),
        ("skirmish play magewinds --help", [skirmish, "play", "magewinds", "--help"]),
    ]
    print("Start-up: whole-process CPU, best of", RUNS)
    print(f"   python -c pass:                   {python * 1000:7.0f} ms")
    print(f"   python -c 'import icepool' (base): {baseline * 1000:6.0f} ms")
    for name, command in rows:
        used = cpu(command)
        print(f"   {name + ':':34} {used * 1000:6.0f} ms   {used / baseline:5.1f}x the baseline")
    print("   (aim: skirmish games within 3x)")


if __name__ == "__main__":
    main()
