"""Dark Realms figures and action-card attacks: validated YAML, with a bundled sample."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Annotated

import pydantic
from pydantic import field_validator

from skirmish.datafiles import StrictModel, read_bundled, read_yaml, validated
from skirmish.errors import SkirmishError, find_named, merge_named
from skirmish.games.darkrealms.tables import DEFAULT_ATTACK_TABLE, AttackTable

SAMPLE = "sample.yaml"


class Kind(StrEnum):
    """An attack is a melee or a range attack."""

    MELEE = "melee"
    RANGE = "range"


class ValueMode(StrEnum):
    """How an action card gives the attack's value."""

    STRENGTH = "strength"
    """"Attack", "Attack +2", "Attack -1": the figure's strength, adjusted."""
    FIXED = "fixed"
    """"Attack 2": the printed number replaces strength (ruling DR-2)."""
    ROLLED = "rolled"
    """A rolled value: the die is the damage, never reduced by the table; it misses only on
    an action's "misses on 1-K" note (ruling DR-11)."""


@dataclass(frozen=True)
class Shields:
    """The target's shields: a fixed value, a rolled shield (defence table), a die shield."""

    fixed: int = 0
    roll: bool = False
    die: bool = False

    @property
    def any(self) -> bool:
        return bool(self.fixed or self.roll or self.die)


@dataclass(frozen=True)
class Figure:
    """A figure: strengths, reach, Stamina, Health, shields, statuses and its attack table."""

    name: str
    melee: int
    range: int
    health: int
    reach: int = 1
    stamina: int = 0
    shields: Shields = Shields()
    statuses: frozenset[str] = frozenset()
    attack_table: AttackTable = DEFAULT_ATTACK_TABLE
    enemy: bool = False

    def strength(self, kind: Kind) -> int:
        """Melee strength for melee attacks, Range strength for range attacks (ruling DR-1)."""
        return self.melee if kind is Kind.MELEE else self.range


@dataclass(frozen=True)
class CardAttack:
    """One attack line of an action card."""

    name: str
    kind: Kind
    mode: ValueMode = ValueMode.STRENGTH
    amount: int = 0
    misses_on: int = 0
    range: int | None = None
    rolled_range: bool = False
    status: str | None = None
    rerolls: bool = True
    notes: str = field(default="", compare=False)

    def value_text(self) -> str:
        if self.mode is ValueMode.ROLLED:
            return "rolled value"
        if self.mode is ValueMode.FIXED:
            return f"Attack {self.amount}"
        return "Attack" + (f" {self.amount:+d}" if self.amount else "")


_VALUE = re.compile(r"^\s*attack\s*([+-]\s*\d+)?\s*$", re.IGNORECASE)


def parse_value(text: str | int) -> tuple[ValueMode, int]:
    """An attack's value as printed: "Attack", "Attack +2", "-1", "3" (fixed) or "roll".

    >>> [mode.value for mode, _ in map(parse_value, ["Attack +2", "roll", "3", "-1"])]
    ['strength', 'rolled', 'fixed', 'strength']
    """
    if isinstance(text, int):
        return ValueMode.FIXED, text
    cleaned = text.strip()
    if cleaned.casefold() in ("roll", "rolled", "d6"):
        return ValueMode.ROLLED, 0
    if re.fullmatch(r"[+-]\s*\d+", cleaned):
        return ValueMode.STRENGTH, int(cleaned.replace(" ", ""))
    if cleaned.isdigit():
        return ValueMode.FIXED, int(cleaned)
    match = _VALUE.match(cleaned)
    if match is None:
        raise SkirmishError(
            f"attack value {text!r}: expected Attack, Attack +N, Attack -N, a number or roll"
        )
    return ValueMode.STRENGTH, int((match[1] or "0").replace(" ", ""))


Stat = Annotated[int, pydantic.Field(ge=0, le=99)]


class ShieldsModel(StrictModel):
    fixed: Stat = 0
    roll: bool = False
    die: bool = False


class FigureModel(StrictModel):
    name: str = pydantic.Field(min_length=1)
    melee: Stat = 0
    range: Stat = 0
    health: Annotated[int, pydantic.Field(ge=1, le=999)]
    reach: Annotated[int, pydantic.Field(ge=1, le=9)] = 1
    stamina: Stat = 0
    shields: ShieldsModel = ShieldsModel()
    statuses: tuple[str, ...] = ()
    attack_table: str | None = None
    enemy: bool = False

    @field_validator("attack_table")
    @classmethod
    def _table(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                AttackTable.parse(value)
            except SkirmishError as error:
                raise ValueError(str(error)) from None
        return value


class AttackModel(StrictModel):
    name: str = pydantic.Field(min_length=1)
    kind: Kind
    value: str | int = "Attack"
    misses_on: Annotated[int, pydantic.Field(ge=0, le=6)] = 0
    range: Annotated[int, pydantic.Field(ge=1, le=99)] | str | None = None
    status: str | None = None
    rerolls: bool = True

    @field_validator("value")
    @classmethod
    def _value(cls, value: str | int) -> str | int:
        try:
            parse_value(value)
        except SkirmishError as error:
            raise ValueError(str(error)) from None
        return value

    @field_validator("range")
    @classmethod
    def _range(cls, value: int | str | None) -> int | str | None:
        if isinstance(value, str) and value.casefold() != "roll":
            raise ValueError("range is a number of tiles or 'roll'")
        return value


class CardModel(StrictModel):
    name: str = pydantic.Field(min_length=1)
    stamina: Stat = 0
    attacks: tuple[AttackModel, ...] = pydantic.Field(min_length=1)


class DataModel(StrictModel):
    figures: tuple[FigureModel, ...] = ()
    cards: tuple[CardModel, ...] = ()


@dataclass(frozen=True)
class Roster:
    """Figures and action cards, found by name in any case."""

    figures: tuple[Figure, ...]
    cards: tuple[tuple[str, tuple[CardAttack, ...]], ...]

    def figure(self, name: str) -> Figure:
        return find_named(self.figures, name, "figure", lambda figure: figure.name)

    def card(self, name: str) -> tuple[CardAttack, ...]:
        return find_named(self.cards, name, "action card", lambda item: item[0])[1]

    def merged(self, other: Roster) -> Roster:
        return Roster(
            merge_named(other.figures, self.figures, lambda f: f.name),
            merge_named(other.cards, self.cards, lambda card: card[0]),
        )


def _attack(model: AttackModel) -> CardAttack:
    mode, amount = parse_value(model.value)
    rolled = isinstance(model.range, str)
    return CardAttack(
        name=model.name,
        kind=model.kind,
        mode=mode,
        amount=amount,
        misses_on=model.misses_on,
        range=model.range if isinstance(model.range, int) else None,
        rolled_range=rolled,
        status=model.status,
        rerolls=model.rerolls,
    )


def parse_roster(data: object, *, source: str) -> Roster:
    """Validate parsed YAML as Dark Realms figures and cards."""
    model = validated(DataModel, data, source)
    figures = tuple(
        Figure(
            name=f.name,
            melee=f.melee,
            range=f.range,
            health=f.health,
            reach=f.reach,
            stamina=f.stamina,
            shields=Shields(f.shields.fixed, f.shields.roll, f.shields.die),
            statuses=frozenset(s.casefold() for s in f.statuses),
            attack_table=AttackTable.parse(f.attack_table)
            if f.attack_table
            else DEFAULT_ATTACK_TABLE,
            enemy=f.enemy,
        )
        for f in model.figures
    )
    cards = tuple((c.name, tuple(_attack(a) for a in c.attacks)) for c in model.cards)
    return Roster(figures, cards)


def load_roster(path: str | Path) -> Roster:
    """Load figures and cards from a YAML file."""
    data, source = read_yaml(path, "figures")
    return parse_roster(data, source=source)


@cache
def sample_roster() -> Roster:
    """The sample heroes, enemies and cards shipped with skirmish."""
    return parse_roster(read_bundled("skirmish.games.darkrealms", SAMPLE), source=SAMPLE)
