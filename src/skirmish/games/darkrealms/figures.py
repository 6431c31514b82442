"""Dark Realms figures and action-card attacks: validated YAML, with a bundled sample."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Annotated, ClassVar, Self

import pydantic
from pydantic import field_validator

from skirmish import limits, roster
from skirmish.datafiles import Name, StrictModel, read_bundled, read_yaml, validated
from skirmish.errors import SkirmishError, UnknownName
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


class Status(StrEnum):
    """The statuses a figure can have (Figure Status); an attack may apply one."""

    POISON = "poison"
    WOUND = "wound"
    CONFUSED = "confused"
    MARK = "mark"
    PARALYZE = "paralyze"
    DISARM = "disarm"
    ADRENALINE = "adrenaline"


def status(name: str) -> Status:
    """The status called ``name`` (any case); an unknown name lists the statuses."""
    try:
        return Status(name.strip().casefold())
    except ValueError:
        raise UnknownName("status", name, [s.value for s in Status]) from None


@dataclass(frozen=True)
class Shields:
    """The target's shields: a fixed value, a rolled shield (defence table), a die shield."""

    fixed: int = 0
    roll: bool = False
    die: bool = False

    def __post_init__(self) -> None:
        limits.ATTRIBUTE.check(self.fixed, "shield")

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

    def __post_init__(self) -> None:
        limits.ATTRIBUTE.check(self.melee, f"{self.name}: Melee strength")
        limits.ATTRIBUTE.check(self.range, f"{self.name}: Range strength")
        limits.REACH.check(self.reach, f"{self.name}: reach")
        limits.STAMINA.check(self.stamina, f"{self.name}: Stamina")
        if self.health < 1:
            raise SkirmishError(f"{self.name}: Health {self.health}: must be 1 or more")
        for name in self.statuses:
            status(name)

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

    def __post_init__(self) -> None:
        limits.MODIFIER.check(self.amount, f"{self.name}: attack value")
        if not 0 <= self.misses_on <= 6:
            raise SkirmishError(f"{self.name}: misses on 1-{self.misses_on}: a face is 0 to 6")
        if self.range is not None:
            limits.RANGE_TILES.check(self.range, f"{self.name}: range")
        if self.status is not None:
            status(self.status)

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


Stat = Annotated[int, limits.ATTRIBUTE.field()]


class ShieldsModel(StrictModel):
    fixed: Stat = 0
    roll: bool = False
    die: bool = False


class FigureModel(StrictModel):
    name: Name
    melee: Stat = 0
    range: Stat = 0
    health: Annotated[int, limits.HEALTH.field()]
    reach: Annotated[int, limits.REACH.field()] = 1
    stamina: Annotated[int, limits.STAMINA.field()] = 0
    shields: ShieldsModel = ShieldsModel()
    statuses: Annotated[tuple[Status, ...], limits.PER_ENTRY.length()] = ()
    attack_table: Annotated[str, pydantic.Field(max_length=limits.NAME)] | None = None
    enemy: bool = False
    replaces: bool = False
    """The figure takes the place of the sample figure of the same name."""

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
    name: Name
    kind: Kind
    value: Annotated[str, pydantic.Field(max_length=limits.NAME)] | int = "Attack"
    misses_on: Annotated[int, pydantic.Field(ge=0, le=6)] = 0
    range: Annotated[int, limits.RANGE_TILES.field()] | Name | None = None
    status: Status | None = None
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
    name: Name
    stamina: Annotated[int, limits.STAMINA.field()] = 0
    attacks: Annotated[
        tuple[AttackModel, ...], pydantic.Field(min_length=1), limits.PER_ENTRY.length()
    ]
    replaces: bool = False
    """The card takes the place of the sample card of the same name."""


class DataModel(StrictModel):
    figures: Annotated[tuple[FigureModel, ...], limits.ROSTER.length()] = ()
    cards: Annotated[tuple[CardModel, ...], limits.ROSTER.length()] = ()


@dataclass(frozen=True)
class Card:
    """An action card: its name and attack lines."""

    name: str
    attacks: tuple[CardAttack, ...]


@dataclass(frozen=True)
class Cards(roster.Roster[Card]):
    """Action cards found by name in any case."""

    kind: ClassVar[str] = "action card"


@dataclass(frozen=True)
class Roster(roster.Roster[Figure]):
    """Figures, found by name in any case, and the action cards of the same files."""

    cards: Cards = Cards(())
    kind: ClassVar[str] = "figure"

    @property
    def figures(self) -> tuple[Figure, ...]:
        return self.items

    def figure(self, name: str) -> Figure:
        return self.find(name)

    def card(self, name: str) -> tuple[CardAttack, ...]:
        return self.cards.find(name).attacks

    def merged(self, other: roster.Roster[Figure]) -> Self:
        """Figures and cards of ``other`` added to these; one named like one of these is
        refused unless its entry says ``replaces: true``."""
        cards = other.cards if isinstance(other, Roster) else Cards(())
        return replace(super().merged(other), cards=self.cards.merged(cards))


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
        status=None if model.status is None else model.status.value,
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
            statuses=frozenset(s.value for s in f.statuses),
            attack_table=AttackTable.parse(f.attack_table)
            if f.attack_table
            else DEFAULT_ATTACK_TABLE,
            enemy=f.enemy,
        )
        for f in model.figures
    )
    cards = tuple(Card(c.name, tuple(_attack(a) for a in c.attacks)) for c in model.cards)
    return Roster(
        figures,
        replaces=frozenset(f.name.casefold() for f in model.figures if f.replaces),
        origin=source,
        cards=Cards(
            cards,
            replaces=frozenset(c.name.casefold() for c in model.cards if c.replaces),
            origin=source,
        ),
    )


def load_roster(path: str | Path) -> Roster:
    """Load figures and cards from a YAML file."""
    data, source = read_yaml(path, "figures")
    return parse_roster(data, source=source)


@cache
def sample_roster() -> Roster:
    """The sample heroes, enemies and cards shipped with skirmish."""
    return parse_roster(read_bundled("skirmish.games.darkrealms", SAMPLE), source=SAMPLE)
