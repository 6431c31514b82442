"""Whole battles with a compiled kernel against the same code in pure Python, in one run.

Issue 32's sixth sitting tried compiling the battle's hot modules (mypyc, and Cython on
plain Python); neither made whole battles faster (docs/speed.md, "Sixth sitting: a
compiled kernel"), so the package installs as pure Python. This benchmark keeps the
experiment repeatable: with ``--build mypyc`` or ``--build cython`` it copies ``src`` into
a temporary folder and compiles the modules named (default: those of the sixth sitting's
measurement) in place there; ``--tree DIR`` measures a folder built some other way; with
neither, the package as imported here.

Two worker processes then play the same battles, asked battle by battle in turn (the order
swapped each battle and each round), so both meet the same load on a shared machine:

- *compiled*: the package with its compiled extensions (the modules compiled are printed);
- *pure*: the same package's Python files copied into another temporary folder without
  the compiled extensions beside them, so the very same source runs interpreted.

Each battle starts from cold caches, as in ``speedups.py``; each worker reports the CPU
time (``time.process_time``) of its play and a digest of the battle's steps, and the two
must give the same battles step for step (compiling may not change an answer).

Run with ``python benchmarks/compiled.py [BATTLES] [--greedy-battles N] [--rounds N]
[--kinds KIND ...] [--build mypyc|cython [--modules MODULE ...]] [--tree DIR]``, KIND one
of ``random4``, ``random2``, ``drawn4``, ``drawn2`` (the drawing random player),
``greedy4``, ``greedy2`` (SIZE-a-side Deathmatches of Wizard, Guardian, Cleric and Deadeye,
the battles ``speedups.py`` plays); default 10 battles of each random kind and a fifth as
many greedy ones, 2 rounds. mypyc comes with mypy (a dev dependency); Cython is not a
dependency of the package (``pip install cython`` into a venv of your own to try it).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from battles import in_turn  # benchmarks/battles.py, beside this file

ROOT = Path(__file__).parents[1]
KINDS = ("random4", "drawn4", "random2", "drawn2", "greedy4", "greedy2")
MYPYC = (
    "skirmish.geometry.sweep",
    "skirmish.geometry.sight",
    "skirmish.geometry.measure",
    "skirmish.games.magewinds.battle.geometry",
    "skirmish.games.magewinds.battle.sight",
    "skirmish.games.magewinds.battle.targets",
    "skirmish.games.magewinds.battle.candidates",
    "skirmish.games.magewinds.battle.straight",
    "skirmish.games.magewinds.battle.spells",
    "skirmish.games.magewinds.battle.scenarios",
    "skirmish.games.magewinds.looks",
    "skirmish.games.magewinds.moves",
    "skirmish.games.magewinds.sightlines",
    "skirmish.games.magewinds.cards",
)
"""The modules the sixth sitting compiled with mypyc: those of :data:`CYTHON` that mypyc
compiles and that run compiled (no ``cached_property``, ``__dict__`` or method closures
in a class that must stay a Python class)."""
CYTHON = (
    *MYPYC[:3],
    "skirmish.geometry.clearance",
    "skirmish.geometry.arcs",
    "skirmish.geometry.movement",
    *MYPYC[3:],
    "skirmish.games.magewinds.battle.steps",
    "skirmish.games.magewinds.battle.activation",
    "skirmish.games.magewinds.battle.actionphase",
    "skirmish.games.magewinds.battle.attacks",
)
"""The modules the sixth sitting compiled with Cython: where a profile of random 4v4
battles found 36 to 43% of their time (geometry, sight, the activation's stages)."""


def play(kind: str, seed: int) -> dict[str, Any]:
    """One battle of ``kind`` from ``seed``, from cold caches (``speedups.battle``): its
    CPU time and a digest of its steps."""
    from speedups import battle, setup_of  # benchmarks/speedups.py, beside this file

    player, size = kind[:-1], int(kind[-1])
    kept: list[Any] = []
    spent = battle(setup_of(size), seed, player, kept=kept)
    steps = [step.action for step in kept[0].steps]
    digest = hashlib.sha256("\n".join(steps).encode()).hexdigest()
    return {"play": spent, "steps": len(steps), "digest": digest[:16]}


def compiled_modules() -> list[str]:
    """The package's modules that this process imports compiled (an extension module
    beside or instead of the ``.py``)."""
    import skirmish

    package = Path(skirmish.__file__).parent
    return sorted(
        {
            ".".join((*found.parent.relative_to(package.parent).parts, found.name.split(".")[0]))
            for suffix in EXTENSION_SUFFIXES
            for found in package.rglob(f"*{suffix}")
        }
    )


def worker(kinds: list[str]) -> None:
    """Answer one JSON line for each ``KIND SEED`` line read; the first line it writes
    names the modules running compiled. Whatever a first battle of each of ``kinds``
    loads is loaded before any timed battle."""
    print(json.dumps(compiled_modules()), flush=True)
    for kind in {kind[:-1] + "2" for kind in kinds}:
        play(kind, 1_000_000)
    for line in sys.stdin:
        if line.strip():
            kind, seed = line.split()
            print(json.dumps(play(kind, int(seed))), flush=True)


class Worker:
    """A worker process importing the package from ``path`` (None: as installed)."""

    def __init__(self, path: Path | None, kinds: list[str]) -> None:
        env = dict(os.environ)
        if path is not None:
            env["PYTHONPATH"] = os.pathsep.join([str(path), env.get("PYTHONPATH", "")])
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker", "--kinds", *kinds],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=Path(__file__).parent,
        )
        self.compiled: list[str] = json.loads(self._line())

    def _line(self) -> str:
        assert self.process.stdout is not None
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the battle worker stopped (exit code {self.process.wait()})")
        return answer

    def play(self, kind: str, seed: int) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{kind} {seed}\n")
        self.process.stdin.flush()
        found: dict[str, Any] = json.loads(self._line())
        return found

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def build(tool: str, modules: list[str], into: Path) -> Path:
    """``src`` copied into ``into`` and ``modules`` compiled in place there by ``tool``;
    prints the build's time."""
    shutil.copytree(
        ROOT / "src" / "skirmish",
        into / "skirmish",
        ignore=shutil.ignore_patterns("*.so", "*.pyd", "*.c", "__pycache__"),
    )
    files = [str(Path(*module.split(".")).with_suffix(".py")) for module in modules]
    if tool == "mypyc":
        mypy = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
        lines = ["[mypy]", "strict = True"]
        for override in mypy.get("overrides", []):
            lines.append(f"[mypy-{','.join(override['module'])}]")
            lines += [f"{key} = {value}" for key, value in override.items() if key != "module"]
        (into / "mypy.ini").write_text("\n".join(lines) + "\n")
        command = [sys.executable, "-m", "mypyc", "--config-file", "mypy.ini", *files]
    else:
        command = [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
                from Cython.Build import cythonize
                from setuptools import setup
                setup(
                    ext_modules=cythonize(
                        {files!r},
                        language_level=3,
                        compiler_directives={{"annotation_typing": False, "binding": True}},
                        quiet=True,
                    ),
                    script_args=["build_ext", "--inplace"],
                )
            """),
        ]
    started = time.perf_counter()
    done = subprocess.run(command, cwd=into, capture_output=True, text=True)
    if done.returncode:
        print(done.stdout[-3000:], done.stderr[-3000:], sep="\n")
        raise SystemExit(f"the {tool} build failed (exit code {done.returncode})")
    print(f"Built {len(modules)} modules with {tool} in {time.perf_counter() - started:.0f} s")
    return into


def pure_copy(compiled: Path | None, into: Path) -> Path:
    """The package's Python files (no compiled extension) under ``into``: those under
    ``compiled``, or those of the package as imported here."""
    import skirmish

    source = compiled / "skirmish" if compiled else Path(skirmish.__file__).parent
    shutil.copytree(
        source, into / "skirmish", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    )
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("battles", type=int, nargs="?", default=10)
    parser.add_argument("--greedy-battles", type=int, default=0, help="default: a fifth")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS))
    parser.add_argument("--build", choices=("mypyc", "cython"), help="compile a copy of src")
    parser.add_argument("--modules", nargs="+", help="the modules --build compiles")
    parser.add_argument("--tree", type=Path, help="a folder with a compiled skirmish in it")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        sys.path.insert(0, str(Path(__file__).parent))
        worker(args.kinds)
        return
    greedy = args.greedy_battles or max(1, args.battles // 5)
    with tempfile.TemporaryDirectory(prefix="skirmish-compiled-") as folder:
        tree: Path | None = args.tree
        if args.build:
            chosen = args.modules or (MYPYC if args.build == "mypyc" else CYTHON)
            tree = build(args.build, list(chosen), Path(folder) / "compiled")
        workers = {
            "compiled": Worker(tree, args.kinds),
            "pure": Worker(pure_copy(tree, Path(folder) / "pure"), args.kinds),
        }
        try:
            compiled = workers["compiled"].compiled
            if not compiled:
                print("No module runs compiled here: try --build mypyc or --build cython.")
                return
            if workers["pure"].compiled:
                raise RuntimeError("the pure worker imported compiled modules")
            print(f"Compiled against pure Python ({len(compiled)} modules compiled), CPU time")
            print("   battles       round  compiled/s  pure/s  ratio  same battles")
            for kind in args.kinds:
                count = greedy if kind.startswith("greedy") else args.battles
                ratios = []
                for round_ in range(args.rounds):
                    spent = {label: 0.0 for label in workers}
                    same = 0
                    for seed in range(count):
                        answers = in_turn(workers, seed, round_, kind, seed)
                        for label, answer in answers.items():
                            spent[label] += answer["play"]
                        same += len({a["digest"] for a in answers.values()}) == 1
                    ratio = spent["pure"] / spent["compiled"]
                    ratios.append(ratio)
                    print(
                        f"   {kind:12s}  {round_ + 1:5d}  {count / spent['compiled']:10.2f} "
                        f"{count / spent['pure']:7.2f} {ratio:5.2f}x  {same} of {count}"
                    )
                print(f"   {kind:12s}  ratio {min(ratios):.2f}x to {max(ratios):.2f}x")
        finally:
            for worker_ in workers.values():
                worker_.close()


if __name__ == "__main__":
    main()
