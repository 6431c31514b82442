"""Run a call in a forked child under a cap on CPU time and memory, and say how it ended.

Hostile-input tests run what they try through :func:`capped`: a hang is stopped by the CPU
limit and a blow-up by the memory limit, in the child, so the test reports it instead of
taking the machine down. Nothing here measures how long a call took; the caps only bound
what a broken call may use.
"""

from __future__ import annotations

import contextlib
import functools
import io
import multiprocessing
import os
import resource
import signal
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

CPU_SECONDS = 30
"""CPU time a call may use: far more than any answer inside the limits needs."""
MEMORY = 1024**3
"""Address space a call may add to what the test process already uses."""
WALL_FACTOR = 4
"""A child blocked without using CPU is stopped after this many times its CPU limit."""


@dataclass(frozen=True)
class Outcome:
    """How a capped call ended: a value, an exception, or stopped by a cap."""

    value: str = ""
    result: object = None
    """What the call returned, when it can be sent back whole."""
    error: str = ""
    """The exception's class name, if one was raised."""
    message: str = ""
    skirmish: bool = False
    """Whether the exception is a ``SkirmishError`` (the errors users are shown)."""
    stopped: str = ""
    """Why the child did not finish: CPU, memory, a signal or no answer at all."""

    @property
    def clean(self) -> bool:
        """Finished with a value, or with one ``SkirmishError`` line."""
        if self.stopped:
            return False
        if not self.error:
            return True
        return self.skirmish and bool(self.message) and "\n" not in self.message

    def explain(self) -> str:
        if self.stopped:
            return f"stopped: {self.stopped}"
        return f"{self.error}: {self.message[:500]}" if self.error else f"value {self.value}"


def _size() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def _child(call: Callable[[], object], pipe: object, cpu: int, memory: int) -> None:
    from skirmish.errors import SkirmishError

    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    limit = _size() + memory
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        returned = call()
        outcome = Outcome(value=repr(returned)[:300], result=returned)
    except MemoryError:
        outcome = Outcome(stopped="memory limit reached (MemoryError)")
    except BaseException as error:  # every way a call can fail is reported
        outcome = Outcome(
            error=type(error).__name__,
            message=str(error),
            skirmish=isinstance(error, SkirmishError),
        )
    try:
        pipe.send(outcome)  # type: ignore[attr-defined]
    finally:
        os._exit(0)


def capped(call: Callable[[], object], *, cpu: int = CPU_SECONDS, memory: int = MEMORY) -> Outcome:
    """Run ``call`` in a forked child with at most ``cpu`` seconds of CPU and ``memory``
    more bytes of address space; its outcome, or why it was stopped."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(call, sender, cpu, memory))
    child.start()
    sender.close()
    outcome: Outcome | None = None
    if receiver.poll(cpu * WALL_FACTOR):
        try:
            outcome = receiver.recv()
        except EOFError:
            outcome = None
    child.join(5)
    if child.is_alive():
        child.kill()
        child.join()
        return Outcome(stopped=f"no answer after {cpu * WALL_FACTOR} s without using its CPU")
    if outcome is not None:
        return outcome
    code = child.exitcode or 0
    if -code == signal.SIGXCPU:
        return Outcome(stopped=f"CPU limit of {cpu} s reached")
    if -code == signal.SIGKILL:
        return Outcome(stopped="killed (CPU or memory limit)")
    return Outcome(stopped=f"ended without an answer (exit code {code})")


@dataclass(frozen=True)
class CliOutcome:
    """How a capped ``skirmish`` command ended: its exit code and what it printed, or why
    it was stopped (a cap reached, or an exception that escaped the command line)."""

    code: int = 0
    out: str = ""
    err: str = ""
    stopped: str = ""

    def explain(self) -> str:
        if self.stopped:
            return f"stopped: {self.stopped}"
        return f"exit {self.code}; stderr: {self.err[:600]!r}; stdout: {self.out[:200]!r}"


def _command(args: Sequence[str], cwd: Path | None, stdin: str) -> tuple[int, str, str]:
    from skirmish.cli import main

    if cwd is not None:
        os.chdir(cwd)
    out, err = io.StringIO(), io.StringIO()
    sys.argv = ["skirmish", *args]
    sys.stdin = io.StringIO(stdin)
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main()
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
    return code, out.getvalue(), err.getvalue()


@functools.cache
def warm() -> None:
    """Import the command line and every game in this process, once, so that each forked
    child starts with them loaded (a child otherwise imports them again, ten times the
    cost of most commands)."""
    import importlib
    import pkgutil

    import skirmish.cli
    import skirmish.cli.commands
    from skirmish.games import GAMES

    for module in pkgutil.iter_modules(skirmish.cli.commands.__path__):
        importlib.import_module(f"skirmish.cli.commands.{module.name}")
    importlib.import_module("skirmish.cli.render")
    for game in GAMES:
        game.load()
    assert skirmish.cli.app


def capped_cli(
    args: Sequence[str],
    *,
    cwd: Path | None = None,
    stdin: str = "",
    cpu: int = CPU_SECONDS,
    memory: int = MEMORY,
) -> CliOutcome:
    """Run ``skirmish ARGS`` as a user would (in ``cwd``, no terminal, ``stdin`` typed)
    in a forked child under the caps of :func:`capped`."""
    warm()
    outcome = capped(lambda: _command(args, cwd, stdin), cpu=cpu, memory=memory)
    if outcome.stopped:
        return CliOutcome(stopped=outcome.stopped)
    if outcome.error:
        return CliOutcome(stopped=f"{outcome.error} escaped: {outcome.message[:500]}")
    code, out, err = outcome.result  # type: ignore[misc]
    return CliOutcome(code, out, err)


def capped_clis(
    lines: Sequence[Sequence[str]], *, cwd: Path | None = None, cpu: int = CPU_SECONDS
) -> list[CliOutcome]:
    """Run several ``skirmish`` command lines one after another in one forked child under
    the caps (quick ones, many of them: a child each would cost more than the commands).
    Stopped by a cap, every line is told so."""
    warm()
    outcome = capped(lambda: [_command(args, cwd, "") for args in lines], cpu=cpu)
    if outcome.stopped or outcome.error:
        why = outcome.stopped or f"{outcome.error} escaped: {outcome.message[:500]}"
        return [CliOutcome(stopped=why) for _ in lines]
    return [CliOutcome(code, out, err) for code, out, err in outcome.result]  # type: ignore[attr-defined]
