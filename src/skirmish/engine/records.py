"""The records a rules procedure exchanges with the engine: decisions and log entries."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any, ClassVar

from skirmish.engine.continuation import Frame


@dataclass(frozen=True)
class Decision:
    """A player picks one of ``options`` under rule ``rule``.

    ``key`` names the kind of decision (``"attack_choice"``), so a policy can
    answer it; ``hidden`` marks a choice made face down, which the opponent must
    answer without seeing; ``excluded`` says why each option the rules forbid
    here is forbidden, so an illegal answer gets a clear error.
    """

    player: str
    key: str
    options: tuple[str, ...]
    rule: str
    hidden: bool = False
    prompt: str = ""
    excluded: tuple[tuple[str, str], ...] = field(default=())
    amount: int | None = None
    """The number the decision is about, as data (the damage a Barrier would lessen), so
    that a policy reads it here and never out of the prompt's words."""
    history: tuple[int | str, ...] = field(default=(), compare=False)
    """Filled in by the engine: every chance outcome and choice before this decision, for
    display (prompts, advice tables). With merging, the exact enumerator asks a frame's
    decisions once, with the history of the first path that reached the frame."""
    frame: Frame | None = field(default=None, compare=False)
    """Filled in by the engine: the frame this decision belongs to (see
    :mod:`skirmish.engine.continuation`)."""
    frame_path: tuple[int | str, ...] = field(default=(), compare=False)
    """Filled in by the engine: the chance outcomes and choices since ``frame`` began.

    A policy must answer from the decision's own fields, its ``frame`` and its
    ``frame_path``, never from the history before the frame: the solvers merge every path
    that reaches a frame."""

    def why_not(self, option: str) -> str | None:
        """Why ``option`` is forbidden here, or None when it is legal or unheard of."""
        return dict(self.excluded).get(option)


TEXT_ONLY = {"log": False}
"""Metadata of an event field that only feeds the text: kept out of the log's ``data``."""


def detail(default: Any = MISSING) -> Any:
    """A field of an event that the text reads but the log's ``data`` leaves out (a name, a
    list of modifiers): the record still holds it for anyone who asks."""
    if default is MISSING:
        return field(metadata=TEXT_ONLY)
    return field(default=default, metadata=TEXT_ONLY)


@dataclass(frozen=True, kw_only=True)
class Event:
    """One step of a refereed resolution, as a record of its own kind: the rule it applies
    and its numbers. The text a person reads is rendered from it when asked (``text``), so
    an exact enumeration, which keeps no log, renders none.

    Subclasses set ``kind`` (the event's name) and a default ``rule``, declare their
    numbers as fields and implement :meth:`render`.
    """

    kind: ClassVar[str] = "event"
    rule: str

    def render(self) -> str:
        """The sentence a person reads."""
        raise NotImplementedError

    @property
    def text(self) -> str:
        return self.render()

    @property
    def event(self) -> str:
        """The kind of step (``"target_number"``), for programs."""
        return self.kind

    @property
    def data(self) -> tuple[tuple[str, object], ...]:
        """The step's numbers as name/value pairs, for tests and replays (never prose)."""
        return tuple(
            (f.name, getattr(self, f.name))
            for f in fields(self)
            if f.name != "rule" and f.metadata.get("log", True)
        )

    @property
    def seen_by(self) -> int | None:
        """The one player who may see the step, or None for every player: a refereed
        step is seen by all."""
        return None

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready form of the entry."""
        return {"rule": self.rule, "event": self.event, "text": self.text, "data": dict(self.data)}


@dataclass(frozen=True)
class LogEntry:
    """A step written as text with its numbers: what ``context.log(rule, event, text,
    **data)`` records, the form before typed events, kept for callers not yet moved. It
    reads like an :class:`Event` (``rule``, ``event``, ``text``, ``data``, ``as_dict``)."""

    rule: str
    event: str
    text: str
    data: tuple[tuple[str, object], ...] = ()

    @property
    def seen_by(self) -> int | None:
        """The one player who may see the step, or None for every player: a refereed
        step is seen by all."""
        return None

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready form of the entry."""
        return {"rule": self.rule, "event": self.event, "text": self.text, "data": dict(self.data)}


Entry = Event | LogEntry
"""One entry of a refereed resolution's log."""


@dataclass(frozen=True, kw_only=True)
class Rolled(Event):
    """A chance event rolled by the referee: the dice's faces and the outcome they give."""

    kind: ClassVar[str] = "roll"
    label: str
    faces: tuple[int, ...]
    outcome: int
    roll: str = detail()
    """How the roll reads: ``7 dice, counting 5 or less``."""

    def render(self) -> str:
        shown = " ".join(str(face) for face in self.faces) or "no dice"
        return f"{self.label}: {self.roll}: rolled {shown} -> {self.outcome}"


def as_event(entry: Event | str, note: tuple[str, ...], data: dict[str, object]) -> Entry:
    """What ``context.log`` records: an event as given, or the older ``(rule, event, text,
    **data)`` form as a :class:`LogEntry`."""
    if isinstance(entry, Event):
        if note or data:
            raise TypeError("context.log(event) takes the event record alone")
        return entry
    if len(note) != 2:
        raise TypeError("context.log(rule, event, text, **data): give the rule, event and text")
    name, text = note
    return LogEntry(entry, name, text, tuple(data.items()))


def at(decision: Decision, history: tuple[int | str, ...], frame: Frame, start: int) -> Decision:
    """``decision`` as the engine asks it: the history that led to it, and its frame, which
    began after ``history[:start]``."""
    return replace(decision, history=history, frame=frame, frame_path=history[start:])
