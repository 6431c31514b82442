"""Continuations: a procedure hands the rest of its work to the engine as a value.

A rules procedure may end with ``return context.continue_from(step, state)``: "the rest of
this resolution is ``step(context, state)``". ``step`` is a module-level function and
``state`` a frozen, hashable value, so the remainder can depend on nothing but ``state``.
That makes the pair ``(step, state)`` — a :class:`Frame` — a sound key for the solvers to
merge positions on: the exact enumerator computes the distribution of each frame once, and
:class:`~skirmish.engine.expectimax.ExpectimaxPolicy` each value once, however many paths
reach it. Nothing is declared by hand, so nothing can be left out.

The call never returns to its caller, in every mode: the context raises an internal signal
that the engine's drivers (the referee, the enumerator, the expectimax probe) catch, and
they go on by running ``step(context, state)``. The engine checks that the call is the last
act of the function it runs (not made from a helper whose caller would go on) and that
``step`` carries no hidden data (no closure, no default values, not a method or partial).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

R = TypeVar("R")

Step = Callable[..., Any]
"""``step(context, state) -> result``: a module-level function."""


class _Start:
    """The state of a procedure's first frame: the procedure itself is the step."""

    def __repr__(self) -> str:
        return "START"


START: Hashable = _Start()


class Frame:
    """Where a resolution continues from: ``step`` run on ``state`` (or a procedure's start).

    Frames are equal when their steps are the same function and their states are equal;
    the hash is computed once, as solvers look frames up often.
    """

    __slots__ = ("_hash", "state", "step")

    def __init__(self, step: Step, state: Hashable = START) -> None:
        self.step = step
        self.state = state
        self._hash = hash((id(step), state))

    @classmethod
    def start(cls, procedure: Callable[..., Any]) -> Frame:
        """The first frame of ``procedure``: it is run as ``procedure(context)``."""
        return cls(procedure)

    def enter(self, context: Any) -> Any:
        """Run this frame's work in ``context`` (to its end or the next continuation)."""
        if self.state is START:
            return self.step(context)
        return self.step(context, self.state)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Frame)
            and self._hash == other._hash
            and self.step is other.step
            and self.state == other.state
        )

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        name = getattr(self.step, "__qualname__", repr(self.step))
        return f"Frame({name}, {self.state!r})"


class Continuation(BaseException):
    """Raised by ``context.continue_from``: the engine continues from ``frame``.

    A ``BaseException`` so that a rules procedure's ``except Exception`` cannot swallow it.
    """

    def __init__(self, step: Step, state: Hashable) -> None:
        check_step(step)
        try:
            self.frame = Frame(step, state)
        except TypeError as error:
            raise TypeError(
                f"continue_from({step.__name__}, ...): the state must be hashable "
                f"(a frozen value), got {type(state).__name__}: {error}"
            ) from None

    def __str__(self) -> str:
        return (
            f"continue_from({self.frame.step.__qualname__}, ...) reached no engine driver: "
            "run a procedure with play, exact or replay, not by calling it with a context"
        )


def check_step(step: Step) -> None:
    """Refuse a step that could carry data besides its state."""
    if not inspect.isfunction(step):
        raise TypeError(
            f"continue_from: the step must be a plain module-level function, got {step!r}"
        )
    name = step.__qualname__
    if step.__closure__ is not None:
        hidden = "is a closure"
    elif step.__defaults__ or step.__kwdefaults__:
        hidden = "has default values"
    elif name != step.__name__:
        hidden = "is defined inside another function or class"
    else:
        return
    raise TypeError(
        f"continue_from({name}, ...): the step {hidden}; it must be a module-level function "
        "that depends on its state alone"
    )


@dataclass(frozen=True)
class Leaf(Generic[R]):
    """The end of a run: the procedure returned ``result``."""

    result: R


def run_frame(frame: Frame, context: Any) -> Leaf[Any] | Frame:
    """Run ``frame`` in ``context``: its result, or the frame it continues from.

    Chance and decision signals of the context pass through untouched.
    """
    try:
        return Leaf(frame.enter(context))
    except Continuation as jump:
        _check_tail_call(jump)
        return jump.frame


def _check_tail_call(jump: Continuation) -> None:
    """``continue_from`` must be called by the step itself: from a helper, the helper's
    caller would go on after it and its work would be lost."""
    here = jump.__traceback__
    enter = here.tb_next if here is not None else None
    step = enter.tb_next if enter is not None else None
    made = step.tb_next if step is not None else None
    if made is not None and made.tb_next is None:
        return
    names = []
    while step is not None and step.tb_next is not None:
        names.append(step.tb_frame.f_code.co_name)
        step = step.tb_next
    raise TypeError(
        f"continue_from was called from {names[-1] if names else '?'} inside "
        f"{' > '.join(names[:-1]) or '?'}: it must be the last act of the step the engine "
        "runs (return context.continue_from(...)), never of a function whose caller goes on"
    )


__all__ = ["START", "Continuation", "Frame", "Leaf", "Step", "check_step", "run_frame"]
