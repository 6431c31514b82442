"""A battle's log as records: each line a frozen :class:`BattleEvent` of a kind (a
game's own ``StrEnum``), with its rule, the fighters and players it concerns, its numbers
and who may see it. The sentence a person reads is rendered from the record by
:func:`render`, only when someone reads it.

A battle's log may also hold a rules procedure's own records (Magewinds' attack,
:mod:`skirmish.games.magewinds.events`) as they are: every line answers ``rule``,
``event`` (its kind), ``text``, ``data`` and ``seen_by`` (:class:`LogLine`). Nothing here
knows a game: Magewinds' kinds are in :mod:`skirmish.games.magewinds.battle.eventkinds`,
and docs/json.md lists them with their fields.

>>> from enum import StrEnum
>>> class Kind(StrEnum):
...     HIT = "hit"
>>> said = "{fighter} takes {damage}"
>>> line = BattleEvent(Kind.HIT, "duel", said, (("fighter", "Ann"), ("damage", 2)))
>>> str(line), line.fighters, line_dict(line)["data"]
('[duel] Ann takes 2', ('Ann',), {'fighter': 'Ann', 'damage': 2})
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from enum import StrEnum
from typing import Any, Protocol

FIGHTER_FIELDS = ("fighter", "target", "attacker", "caster", "genuine", "twins", "fighters")
"""Fields that name a fighter of the battle: a line's ``fighters`` are theirs."""

PLAYER_FIELDS = ("player", "other_player", "order")
"""Fields that hold seat numbers (from 1): a line's ``players`` are theirs."""


class LogLine(Protocol):
    """What every line of a battle's log answers, whichever record it is."""

    @property
    def rule(self) -> str: ...

    @property
    def event(self) -> str: ...

    @property
    def text(self) -> str: ...

    @property
    def data(self) -> tuple[tuple[str, object], ...]: ...

    @property
    def seen_by(self) -> int | None: ...


@dataclass(frozen=True, slots=True)
class BattleEvent:
    """One thing that happened in a battle, under one rule: ``kind`` is a member of the
    game's own ``StrEnum`` of kinds, its value the ``event`` name programs read.

    ``data`` holds the line's fields by name: fighters by their names in the battle
    (``fighter``, ``target``...), players by seat number from 1 (``player``, ``order``),
    counts, distances in inches, points, cards. ``sentence`` is the template its text is
    rendered from (its ``{name}`` fields are ``data``'s and ``words``'); ``words`` are
    parts of the sentence no program needs (a citation, a reason, a distance as shown).
    ``seen_by`` is None for a line every player sees, otherwise the one player (from 0)
    who may see it.
    """

    kind: StrEnum
    rule: str
    sentence: str
    data: tuple[tuple[str, Any], ...] = ()
    words: tuple[tuple[str, Any], ...] = ()
    seen_by: int | None = None

    @property
    def event(self) -> str:
        return self.kind.value

    @property
    def text(self) -> str:
        return render(self)

    def get(self, name: str, default: Any = None) -> Any:
        """The field ``name`` (``data`` first, then ``words``), or ``default``."""
        for key, value in self.data:
            if key == name:
                return value
        for key, word in self.words:
            if key == name:
                return word
        return default

    @property
    def fighters(self) -> tuple[str, ...]:
        """The fighters the line concerns, by name (see :data:`FIGHTER_FIELDS`)."""
        return line_fighters(self)

    @property
    def players(self) -> tuple[int, ...]:
        """The players the line concerns, by seat number from 1 (see
        :data:`PLAYER_FIELDS`), each once."""
        found: list[int] = []
        for key, value in self.data:
            if key in PLAYER_FIELDS and value is not None:
                found += [int(v) for v in value] if isinstance(value, tuple) else [int(value)]
        return tuple(dict.fromkeys(found))

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"

    def as_dict(self) -> dict[str, Any]:
        return line_dict(self)


def line_fields(line: LogLine) -> tuple[tuple[str, Any], ...]:
    """Every field of any line by name: a :class:`BattleEvent`'s ``data``; an attack
    procedure record's fields, its details (the names its sentence shows) included."""
    if isinstance(line, BattleEvent) or not is_dataclass(line):
        return line.data
    return tuple((f.name, getattr(line, f.name)) for f in fields(line) if f.name != "rule")


def line_dict(line: LogLine) -> dict[str, Any]:
    """Any line of a battle's log, JSON-ready: rule, event, text, its fields when it has
    any (:func:`line_fields`), and ``seen_by`` (a seat from 1) when it is private."""
    found: dict[str, Any] = {"rule": line.rule, "event": line.event, "text": line.text}
    named = line_fields(line)
    if named:
        found["data"] = {k: plain(v) for k, v in named}
    if line.seen_by is not None:
        found["seen_by"] = line.seen_by + 1
    return found


def line_fighters(line: LogLine) -> tuple[str, ...]:
    """The fighters any line concerns, by name (see :data:`FIGHTER_FIELDS`)."""
    found: list[str] = []
    for key, value in line.data:
        if key in FIGHTER_FIELDS and value:
            found += [str(v) for v in value] if isinstance(value, tuple) else [str(value)]
    return tuple(found)


def field_of(line: LogLine, name: str, default: Any = None) -> Any:
    """The field ``name`` of any line: a :class:`BattleEvent`'s (its ``data`` or
    ``words``), or the attack procedure's record's own attribute."""
    if isinstance(line, BattleEvent):
        return line.get(name, default)
    return getattr(line, name, default)


def plain(value: Any) -> Any:
    """A field's value, JSON-ready."""
    if isinstance(value, (tuple, list, frozenset, set)):
        return [plain(v) for v in value]
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def number_text(value: float) -> str:
    """A coordinate as actions and the log write it: up to four decimals, no trailing 0."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def point_text(point: Sequence[float]) -> str:
    """A position as an action writes it: ``3.5,7.25``."""
    return f"{number_text(point[0])},{number_text(point[1])}"


JOINERS = {"plus": "+", "comma": ", ", "space": " ", "then": ", then "}
"""Format specs that join a field's list of values in a sentence (``{cards:plus}``)."""


class _Sentences(string.Formatter):
    """Fills a sentence's fields: ``{at:point}`` a position, ``{cards:plus}`` a list
    joined (see :data:`JOINERS`), ``{order:seats}`` seat numbers as ``player N``
    (``seatsthen``: joined with ``, then``), ``{fighters:list}`` names joined or ``none``,
    ``{rolls:rolls}`` (seat, face) pairs as ``player N rolls F``, any other spec as
    Python's own."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "point":
            return point_text(value)
        if format_spec in JOINERS:
            return JOINERS[format_spec].join(str(v) for v in value)
        if format_spec == "list":
            return ", ".join(str(v) for v in value) or "none"
        if format_spec == "rolls":
            return ", ".join(f"player {seat} rolls {face}" for seat, face in value)
        if format_spec.startswith("seats"):
            joiner = JOINERS.get(format_spec.removeprefix("seats"), ", ")
            return joiner.join(f"player {p}" for p in value)
        return format(value, format_spec)


_FILL = _Sentences()


def render(event: BattleEvent) -> str:
    """The sentence a person reads for ``event``: its template filled from its fields."""
    fields: Mapping[str, Any] = {**dict(event.data), **dict(event.words)}
    return _FILL.vformat(event.sentence, (), fields)
