"""Exact mode: enumerate every chance outcome of a rules procedure.

The procedure is re-run along recorded paths of outcomes: when it asks for a chance event
or a decision beyond the path, the run stops and the engine branches on each outcome with
its exact probability. A decision is answered by a policy, and a mixed answer branches
like chance. Because the procedure is the same function the referee runs, the two modes
cannot disagree.

Where the procedure continues from a frame (``context.continue_from``, see
:mod:`skirmish.engine.continuation`), the enumerator runs the frame's step from its state
rather than the whole procedure from its start, and computes each frame's distribution
once however many paths reach it. ``exact(..., merge=False)`` is the plain computation it
replaces: every path run from the procedure's start, nothing shared; the two are checked
against each other over every registered game (``tests/test_merging.py``).

The walk keeps its pending steps on a list (:mod:`skirmish.engine.trampoline`), not on
Python's stack, so a procedure as deep as a player's numbers allow is enumerated without
recursion; a ``progress`` callback hears how many positions have been worked out.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, NoReturn

from skirmish.dice import Roll, probabilities
from skirmish.engine.context import Procedure, R
from skirmish.engine.continuation import Continuation, Frame, Leaf, Step, run_frame
from skirmish.engine.distribution import Distribution
from skirmish.engine.policy import Mix, Policy, checked
from skirmish.engine.records import Decision, Event, at
from skirmish.engine.trampoline import Counter, Progress, Task, counter, run

Path = tuple[int | str, ...]


class _ChanceNode(BaseException):
    def __init__(self, roll: Roll) -> None:
        self.roll = roll


class _DecisionNode(BaseException):
    def __init__(self, decision: Decision) -> None:
        self.decision = decision


class ReplayContext:
    """Follows a recorded path of outcomes and stops at the first node past it.

    The replay starts in ``frame`` after ``path[:start]`` (the procedure's start by
    default); ``path[start:]`` is replayed.
    """

    logging = False

    def __init__(self, path: Path, frame: Frame | None = None, start: int = 0) -> None:
        self._path = path
        self._next = start
        self.frame = frame if frame is not None else Frame(_unknown)
        self._frame_start = start

    @property
    def position(self) -> int:
        """How much of the path has been replayed."""
        return self._next

    def begin(self, frame: Frame) -> None:
        """The procedure continues from ``frame`` here."""
        self.frame = frame
        self._frame_start = self._next

    def roll(self, roll: Roll, *, rule: str, label: str) -> int:
        if self._next < len(self._path):
            self._next += 1
            outcome = self._path[self._next - 1]
            assert isinstance(outcome, int)
            return outcome
        raise _ChanceNode(roll)

    def choose(self, decision: Decision) -> str:
        if self._next < len(self._path):
            self._next += 1
            option = self._path[self._next - 1]
            assert isinstance(option, str)
            return option
        raise _DecisionNode(at(decision, self._path, self.frame, self._frame_start))

    def log(self, entry: Event | str, *note: str, **data: object) -> None:
        return None

    def continue_from(self, step: Step, state: Hashable) -> NoReturn:
        raise Continuation(step, state)


def _unknown(context: Any) -> NoReturn:
    raise AssertionError("a ReplayContext used without a driver has no frame")


@dataclass(frozen=True)
class Jump:
    """The run continued from ``frame`` after ``at`` steps of the path."""

    frame: Frame
    at: int


Node = Leaf[Any] | Roll | Decision


def probe_frame(frame: Frame, path: Path, start: int) -> Node | Jump:
    """Run ``frame`` along ``path[start:]``: the result, the next roll or decision after the
    path, or the frame it continues from."""
    context = ReplayContext(path, frame, start)
    try:
        outcome = run_frame(frame, context)
    except _ChanceNode as node:
        return node.roll
    except _DecisionNode as node:
        return node.decision
    if isinstance(outcome, Frame):
        return Jump(outcome, context.position)
    return outcome


def probe(procedure: Procedure[R], path: Path) -> Leaf[R] | Roll | Decision:
    """Run ``procedure`` from its start along ``path``, through every continuation: the
    result, or the next roll or decision after the path."""
    frame, start = Frame.start(procedure), 0
    while True:
        node = probe_frame(frame, path, start)
        if not isinstance(node, Jump):
            return node
        frame, start = node.frame, node.at


def replay(procedure: Procedure[R], path: Path) -> R:
    """The result of ``procedure`` when chance and the players give ``path``, in order.

    >>> from skirmish.dice import CountAtMost
    >>> replay(lambda c: c.roll(CountAtMost(2, 3), rule="demo", label="hits") * 10, (2,))
    20
    """
    node = probe(procedure, path)
    if not isinstance(node, Leaf):
        asked = node.key if isinstance(node, Decision) else node.describe()
        raise ValueError(f"the path {path!r} ends before the procedure does: next is {asked}")
    return node.result


def _accumulate(into: dict[R, Fraction], part: Mapping[R, Fraction], weight: Fraction) -> None:
    for outcome, probability in part.items():
        into[outcome] = into.get(outcome, Fraction(0)) + probability * weight


class Enumerator(Generic[R]):
    """Walks the tree of a procedure; subclasses may decide decisions differently.

    With ``merge`` (the default) each frame's distribution is computed once; without it,
    every path is run from the procedure's start and nothing is shared. ``progress`` is
    called with the number of positions worked out, every thousand.
    """

    def __init__(
        self,
        procedure: Procedure[R],
        policy: Policy,
        *,
        merge: bool = True,
        progress: Progress | Counter | None = None,
    ) -> None:
        self.procedure = procedure
        self.policy = policy
        self.merge = merge
        self._frames: dict[Frame, dict[R, Fraction]] = {}
        self._counter = counter(progress)

    def decide(self, decision: Decision) -> Mix:
        """The mix played at ``decision``; by default the policy's answer."""
        return checked(decision, self.policy(decision))

    def distribution(self) -> dict[R, Fraction]:
        """The exact distribution of the procedure's results."""
        return run(self._from_frame(Frame.start(self.procedure), ()))

    def _from_frame(self, frame: Frame, path: Path) -> Task[dict[R, Fraction]]:
        known = self._frames.get(frame) if self.merge else None
        if known is None:
            known = yield self._below(frame, path, len(path))
            if self.merge:
                self._frames[frame] = known
        return known

    def _below(self, frame: Frame, path: Path, start: int) -> Task[dict[R, Fraction]]:
        self._counter.tick()
        node = probe_frame(frame, path, start) if self.merge else probe(self.procedure, path)
        if isinstance(node, Leaf):
            return {node.result: Fraction(1)}
        if isinstance(node, Jump):
            assert node.at == len(path), "a frame continued before its path was replayed"
            jumped: dict[R, Fraction] = yield self._from_frame(node.frame, path)
            return jumped
        branches: dict[int | str, Fraction] = dict(
            self.decide(node).items()
            if isinstance(node, Decision)
            else probabilities(node.distribution()).items()
        )
        total: dict[R, Fraction] = {}
        for outcome, probability in branches.items():
            if probability > 0:
                part = yield self._below(frame, (*path, outcome), start)
                _accumulate(total, part, probability)
        return total


def exact(
    procedure: Procedure[R],
    *,
    policy: Policy,
    merge: bool = True,
    progress: Progress | Counter | None = None,
) -> Distribution[R]:
    """The exact distribution of ``procedure``'s result, decisions answered by ``policy``.

    ``merge=False`` runs the plain computation, sharing nothing between paths (for checks);
    ``progress`` hears how many positions have been worked out, every thousand.
    """
    enumerator = Enumerator(procedure, policy, merge=merge, progress=progress)
    return Distribution(enumerator.distribution())


__all__ = [
    "Enumerator",
    "Jump",
    "Leaf",
    "Path",
    "ReplayContext",
    "exact",
    "probe",
    "probe_frame",
    "replay",
]
