"""What every game gives the conformance tests: worked examples, generated cases, commands.

Each registered game names a module of examples (``Game.examples``) holding an
:class:`Examples` value. The conformance suite (``tests/test_conformance.py``) runs the
same checks on every game from it: golden logs replayed, sampled against exact, merged
against plain enumeration, the JSON shape of every command, every error path. A fifth game
gets all of them by registering and writing its examples.

Generated cases draw their values through :class:`Pick`, so the examples need no test
library: the suite hands them one backed by hypothesis.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NoReturn, Protocol, TypeVar

from skirmish.engine import Decision, Mix, Play, Policy, pure
from skirmish.engine.context import Procedure

T = TypeVar("T")


class Pick(Protocol):
    """Where generated cases draw their values from."""

    def integer(self, low: int, high: int) -> int: ...

    def boolean(self) -> bool: ...

    def choice(self, options: Sequence[T]) -> T: ...

    def reject(self) -> NoReturn:
        """Give up this case: it is not one the rules allow."""
        ...


@dataclass(frozen=True)
class Case:
    """A procedure and the policy that plays it, with merging or without (``policy(merge)``),
    for checking merged enumeration against the plain computation."""

    name: str
    procedure: Procedure[Any]
    policy: Callable[[bool], Policy]

    def __repr__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Sampled:
    """A procedure and a policy whose refereed outcomes are checked against exact odds."""

    name: str
    procedure: Procedure[Any]
    policy: Policy
    outcome: Callable[[Any], Any] = lambda result: result
    """What is compared (the whole result by default)."""


@dataclass(frozen=True)
class Commands:
    """Command lines of a game that answer without a terminal, and ones that must fail.

    Each is the arguments after ``skirmish VERB GAME``; ``errors`` are (verb, arguments, a
    part of the one-line message).
    """

    odds: tuple[str, ...]
    attack: tuple[str, ...]
    advise: tuple[str, ...]
    unanswered: tuple[str, ...]
    """``attack`` arguments leaving a decision to a person: without a terminal, the error
    names the flag that answers it."""
    los: tuple[str, ...] | None = None
    draw: tuple[str, ...] | None = None
    errors: tuple[tuple[str, tuple[str, ...], str], ...] = ()


@dataclass(frozen=True)
class Examples:
    """Everything the conformance suite runs for one game."""

    golden: dict[str, Callable[[], Play[Any]]]
    """Seeded resolutions recorded in ``tests/golden/<name>.log``."""
    cases: Callable[[Pick], Case]
    """A generated, decision-heavy case for the merged-versus-plain check."""
    sampled: tuple[Sampled, ...]
    commands: Commands
    cases_per_run: int = 8
    extra: dict[str, Any] = field(default_factory=dict)


def first_option(decision: Decision) -> Mix:
    """Every decision answered with its first option."""
    return pure(decision.options[0])


def random_mix(pick: Pick) -> Policy:
    """A policy mixing every decision's options with drawn weights (the same weights for
    the same decision key and options, as a mixed strategy would)."""
    weights = [pick.integer(0, 3) for _ in range(8)]

    def mix(decision: Decision) -> Mix:
        start = zlib.crc32(decision.key.encode())
        shares = [weights[(start + i) % 8] + (i == 0) for i in range(len(decision.options))]
        total = sum(shares)
        return {o: Fraction(w, total) for o, w in zip(decision.options, shares, strict=True) if w}

    return mix


__all__ = ["Case", "Commands", "Examples", "Pick", "Sampled", "first_option", "random_mix"]
