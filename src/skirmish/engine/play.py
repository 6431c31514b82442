"""Referee mode: run a rules procedure once, rolling dice with a seeded generator."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from math import lcm
from random import Random
from typing import Any, Generic, NoReturn

from skirmish.dice import Roll
from skirmish.engine.context import Procedure, R
from skirmish.engine.continuation import Continuation, Frame, Leaf, Step, run_frame
from skirmish.engine.policy import Mix, Policy, checked
from skirmish.engine.records import Decision, Entry, Event, Rolled, as_event, at


@dataclass(frozen=True)
class Play(Generic[R]):
    """One refereed resolution: its result and the log of every step."""

    result: R
    log: tuple[Entry, ...]


class RefereeContext:
    """Samples chance from an injected generator and asks players for decisions."""

    logging = True

    def __init__(self, rng: Random, players: Policy, frame: Frame) -> None:
        self._rng = rng
        self._players = players
        self.entries: list[Entry] = []
        self.history: list[int | str] = []
        self.frame = frame
        self._frame_start = 0

    def begin(self, frame: Frame) -> None:
        """The procedure continues from ``frame`` here."""
        self.frame = frame
        self._frame_start = len(self.history)

    def roll(self, roll: Roll, *, rule: str, label: str) -> int:
        outcome, faces = roll.roll(self._rng)
        self.history.append(outcome)
        self.entries.append(roll_entry(roll, rule, label, faces, outcome))
        return outcome

    def choose(self, decision: Decision) -> str:
        decision = at(decision, tuple(self.history), self.frame, self._frame_start)
        option = _sample_mix(checked(decision, self._players(decision)), self._rng)
        self.history.append(option)
        return option

    def log(self, entry: Event | str, *note: str, **data: object) -> None:
        self.entries.append(as_event(entry, note, data))

    def continue_from(self, step: Step, state: Hashable) -> NoReturn:
        raise Continuation(step, state)


def roll_entry(roll: Roll, rule: str, label: str, faces: tuple[int, ...], outcome: int) -> Rolled:
    """The log entry of a roll: the dice faces seen and the outcome they give."""
    return Rolled(rule=rule, label=label, faces=tuple(faces), outcome=outcome, roll=roll.describe())


def _sample_mix(mix: Mix, rng: Random) -> str:
    """Pick an option of ``mix`` exactly: a uniform integer over the common denominator."""
    items = [(option, p) for option, p in mix.items() if p > 0]
    denominator = lcm(*(p.denominator for _, p in items))
    draw = rng.randrange(denominator)
    for option, p in items:
        draw -= int(p * denominator)
        if draw < 0:
            return option
    return items[-1][0]


def play(procedure: Procedure[R], *, players: Policy, seed: int | Random) -> Play[R]:
    """Referee ``procedure`` once.

    ``seed`` is an integer or a ``random.Random``; ``players`` answers each
    decision (a person at a prompt, a fixed choice, a mixed strategy, an AI).
    """
    rng = seed if isinstance(seed, Random) else Random(seed)
    context = RefereeContext(rng, players, Frame.start(procedure))
    return Play(run_to_end(context), tuple(context.entries))


def run_to_end(context: RefereeContext) -> Any:
    """Run the procedure from ``context.frame`` to its result, logging into ``context``.

    A caller that stops part way (a page waiting for a person's choice raises out of its
    policy) keeps ``context.entries`` as the log so far.
    """
    frame = context.frame
    while not isinstance(outcome := run_frame(frame, context), Leaf):
        frame = outcome
        context.begin(frame)
    return outcome.result
