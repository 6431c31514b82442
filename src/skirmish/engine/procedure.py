"""A rules procedure run inside a battle, step by step, by replaying its answers.

A procedure in progress (Magewinds' single attack, 18.0) is the procedure plus the answers
given so far (dice outcomes and decisions). Replaying that prefix says what the procedure
needs next: a roll, a player's decision, or nothing more (its result). A battle frame
keeps only the answers, so its state stays a small frozen record, and the same procedure
serves the referee, the exact odds and the advisor: the battle cannot disagree with them.
Nothing here knows a game.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, NoReturn, TypeVar

from skirmish.dice import Roll
from skirmish.engine.context import Context
from skirmish.engine.continuation import Continuation, Frame, Leaf, Step, run_frame
from skirmish.engine.play import roll_entry
from skirmish.engine.records import Decision, Entry, Event, as_event

R = TypeVar("R")
Answer = int | str


@dataclass(frozen=True)
class Done(Generic[R]):
    """The procedure returned ``result``."""

    result: R


@dataclass(frozen=True)
class NeedsRoll:
    """The procedure rolls ``roll`` next, under ``rule``."""

    roll: Roll
    rule: str
    label: str


@dataclass(frozen=True)
class NeedsDecision:
    """The procedure asks ``decision`` next."""

    decision: Decision


Next = Done[Any] | NeedsRoll | NeedsDecision


class _Stop(Exception):
    def __init__(self, node: NeedsRoll | NeedsDecision) -> None:
        self.node = node


class _Replay:
    """A context that answers from a recorded prefix and stops at the first new question;
    with ``faces`` it also keeps the log, showing the dice faces that were rolled."""

    def __init__(
        self, answers: tuple[Answer, ...], faces: tuple[tuple[int, ...], ...] | None
    ) -> None:
        self._answers = answers
        self._faces = faces
        self._next = 0
        self._rolls = 0
        self.entries: list[Entry] = []

    @property
    def logging(self) -> bool:
        return self._faces is not None

    def _answer(self, node: NeedsRoll | NeedsDecision) -> Answer:
        if self._next >= len(self._answers):
            raise _Stop(node)
        self._next += 1
        return self._answers[self._next - 1]

    def roll(self, roll: Roll, *, rule: str, label: str) -> int:
        outcome = self._answer(NeedsRoll(roll, rule, label))
        assert isinstance(outcome, int)
        if self._faces is not None:
            self.entries.append(roll_entry(roll, rule, label, self._faces[self._rolls], outcome))
        self._rolls += 1
        return outcome

    def choose(self, decision: Decision) -> str:
        option = self._answer(NeedsDecision(decision))
        assert isinstance(option, str)
        return option

    def log(self, entry: Event | str, *note: str, **data: object) -> None:
        if self._faces is not None:
            self.entries.append(as_event(entry, note, data))

    def continue_from(self, step: Step, state: Hashable) -> NoReturn:
        raise Continuation(step, state)


def _run(procedure: Callable[[Context], R], context: _Replay) -> R:
    """Run ``procedure`` to its result, through every continuation it hands over."""
    frame = Frame.start(procedure)
    while not isinstance(outcome := run_frame(frame, context), Leaf):
        frame = outcome
    result: R = outcome.result
    return result


def next_step(procedure: Callable[[Context], Any], answers: tuple[Answer, ...]) -> Next:
    """What ``procedure`` needs after ``answers``: a roll, a decision, or its result."""
    try:
        return Done(_run(procedure, _Replay(answers, None)))
    except _Stop as stop:
        return stop.node


def logged_run(
    procedure: Callable[[Context], R],
    answers: tuple[Answer, ...],
    faces: tuple[tuple[int, ...], ...],
) -> tuple[R, tuple[Entry, ...]]:
    """Run ``procedure`` along all its answers, keeping the log it writes."""
    context = _Replay(answers, faces)
    result = _run(procedure, context)
    return result, tuple(context.entries)


def logged_so_far(
    procedure: Callable[[Context], Any],
    answers: tuple[Answer, ...],
    faces: tuple[tuple[int, ...], ...],
) -> tuple[Entry, ...]:
    """The log ``procedure`` writes along ``answers``, up to its next question (or its
    end): what has happened so far, for the players to see before they answer."""
    context = _Replay(answers, faces)
    with contextlib.suppress(_Stop):
        _run(procedure, context)
    return tuple(context.entries)
