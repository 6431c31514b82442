"""The contract between a rules procedure and the engine that runs it.

A rules procedure is an ordinary function ``procedure(context) -> result``. It
asks the context for what it cannot decide itself and the engine mode behind
the context answers: sampled or enumerated chance, players or policies for
decisions, a log that is kept or dropped.

A procedure may also hand the rest of its work to the engine with ``return
context.continue_from(step, state)`` (see :mod:`skirmish.engine.continuation`), which lets
the solvers merge every path that reaches the same ``(step, state)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, Protocol, TypeVar, overload

from skirmish.dice import Roll
from skirmish.engine.records import Decision, Event

R = TypeVar("R")
S = TypeVar("S")


class Context(Protocol):
    """What a rules procedure may ask of the engine."""

    @property
    def logging(self) -> bool:
        """Whether log entries are kept (a procedure may skip building costly text)."""
        ...

    def roll(self, roll: Roll, *, rule: str, label: str) -> int:
        """A chance event under ``rule``: the outcome of ``roll``."""
        ...

    def choose(self, decision: Decision) -> str:
        """A decision: the option the deciding player picks."""
        ...

    @overload
    def log(self, entry: Event, /) -> None: ...

    @overload
    def log(self, entry: str, event: str, text: str, /, **data: object) -> None: ...

    def log(self, entry: Event | str, /, *note: str, **data: object) -> None:
        """Record a step: an :class:`~skirmish.engine.records.Event` record (its text is
        rendered only when read, so exact mode builds none), or the older form
        ``log(rule, event, text, **data)``, kept for callers not yet moved to records."""
        ...

    def continue_from(self, step: Callable[[Context, S], Any], state: S) -> NoReturn:
        """The rest of the resolution is ``step(self, state)``; this call never returns.

        ``step`` is a module-level function and ``state`` a frozen, hashable value holding
        everything the rest depends on. Write it as the step's last act:
        ``return context.continue_from(step, state)``.
        """
        ...


Procedure = Callable[[Context], R]
