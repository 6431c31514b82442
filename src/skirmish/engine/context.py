"""The contract between a rules procedure and the engine that runs it.

A rules procedure is an ordinary function ``procedure(context) -> result``. It
asks the context for what it cannot decide itself and the engine mode behind
the context answers: sampled or enumerated chance, players or policies for
decisions, a log that is kept or dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from skirmish.dice import Roll
from skirmish.engine.records import Decision

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


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

    def log(self, rule: str, event: str, text: str, **data: object) -> None:
        """Record that ``event`` happened under ``rule``."""
        ...


Procedure = Callable[[Context], R]
