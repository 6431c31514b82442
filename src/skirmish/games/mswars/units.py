"""MS Wars units, pilots and weapons: validated YAML, with a bundled sample force.

The public pages give stat names but few numbers, so the sample force is illustrative (see
``data/sample.yaml``). Every ability and skill the attack rules use is a name in a set; the
rules look them up by name (:class:`Ability`, :class:`Skill`, :class:`WeaponAbility`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Annotated, ClassVar

import pydantic
from pydantic import field_validator

from skirmish import limits
from skirmish.datafiles import Name, StrictModel, read_bundled, read_yaml, validated
from skirmish.dice import parse
from skirmish.errors import SkirmishError, find_named
from skirmish.roster import Roster

SAMPLE = "sample.yaml"


class WeaponType(StrEnum):
    """Weapon types; Melee and Long Melee use the Melee Attack value and column."""

    ANTI_PERSONAL = "anti-personal"
    RANGE = "range"
    HEAVY_RANGE = "heavy range"
    ARTILLERY = "artillery"
    MEGA_RANGE = "mega range"
    MELEE = "melee"
    LONG_MELEE = "long melee"

    @property
    def melee(self) -> bool:
        return self in (WeaponType.MELEE, WeaponType.LONG_MELEE)

    @property
    def heavy(self) -> bool:
        """Heavy Range and Artillery: penalised after moving."""
        return self in (WeaponType.HEAVY_RANGE, WeaponType.ARTILLERY)


class Hands(StrEnum):
    """How many hands a weapon is made for: one, "1/2" (one or two), or two."""

    ONE = "1"
    HALF = "1/2"
    TWO = "2"


class Arc(StrEnum):
    """Firing arcs: 90-degree wedges around the unit (ruling MS-1)."""

    FRONT = "front"
    FRONT_RIGHT = "front-right"
    RIGHT = "right"
    REAR_RIGHT = "rear-right"
    REAR = "rear"
    REAR_LEFT = "rear-left"
    LEFT = "left"
    FRONT_LEFT = "front-left"
    ALL = "all"

    @property
    def centre(self) -> float:
        """Degrees clockwise from the unit's facing."""
        order = list(Arc)
        return 45.0 * order.index(self)

    def contains(self, bearing: float) -> bool:
        """Whether a bearing (degrees clockwise from facing) lies in this 90-degree wedge."""
        if self is Arc.ALL:
            return True
        offset = (bearing - self.centre + 180) % 360 - 180
        return abs(offset) <= 45 + 1e-9


class Ability(StrEnum):
    """Unit abilities the attack rules use."""

    MULTIPLE_UNIT = "multiple unit"
    SENSOR = "sensor"
    STABLE_PLATFORM = "stable platform"
    UNSTABLE_PLATFORM = "unstable platform"


class Skill(StrEnum):
    """Pilot skills the attack rules use."""

    SNIPER = "sniper"
    HEAVY_FIRE = "heavy fire"
    GIANT_SLAYER = "giant slayer"
    MARKSMAN = "marksman"


class WeaponAbility(StrEnum):
    """Weapon abilities the attack rules use."""

    RAPID_FIRE = "rapid fire"
    ANTI_INFANTRY = "anti-infantry"


@dataclass(frozen=True)
class Weapon:
    """A weapon: type, range (inches), damage notation, hands, arcs and abilities."""

    name: str
    type: WeaponType
    range: float
    damage: str
    hands: Hands = Hands.ONE
    arcs: tuple[Arc, ...] = (Arc.FRONT,)
    abilities: frozenset[WeaponAbility] = frozenset()
    sub_type: str = ""

    def __post_init__(self) -> None:
        limits.DISTANCE.check(self.range, f"{self.name}: range")

    def has(self, ability: WeaponAbility) -> bool:
        return ability in self.abilities


@dataclass(frozen=True)
class Pilot:
    """A pilot: the two attack values, Reflex and skills."""

    name: str
    range_attack: int
    melee_attack: int
    reflex: int = 0
    skills: frozenset[Skill] = frozenset()
    unit_type_specialist: str | None = None
    """Unit Type Specialist: +1 to both attack values piloting this unit type."""
    move_type_specialist: str | None = None
    """Move Type Specialist: +1 Defence piloting this move type."""
    weapons_specialist: str | None = None
    """Weapons Specialist: +10% damage (rounded up) with this weapon sub-type."""

    def __post_init__(self) -> None:
        for stat in ("range_attack", "melee_attack", "reflex"):
            limits.ATTRIBUTE.check(getattr(self, stat), f"{self.name}: {stat.replace('_', ' ')}")

    def has(self, skill: Skill) -> bool:
        return skill in self.skills


@dataclass(frozen=True)
class Unit:
    """A unit and its pilot and weapons."""

    name: str
    size_class: int
    unit_type: str
    dc: int
    armour: int
    defence: int
    strength: int
    pilot: Pilot
    weapons: tuple[Weapon, ...] = ()
    abilities: frozenset[Ability] = frozenset()
    starting_dc: int | None = None
    base: float = 1.0
    """Base radius in inches."""
    head: float = 0.0
    """How far in front of the base centre the head (sight point) is."""
    move_type: str = ""

    def __post_init__(self) -> None:
        limits.SIZE_CLASS.check(self.size_class, f"{self.name}: size class")
        for stat in ("armour", "defence", "strength"):
            limits.ATTRIBUTE.check(getattr(self, stat), f"{self.name}: {stat}")
        limits.HEALTH.check(self.start_dc, f"{self.name}: starting DC")
        if not 0 <= self.dc <= self.start_dc:
            raise SkirmishError(f"{self.name}: DC {self.dc} is not 0 to its starting DC")
        for what, inches in (("base", self.base), ("head", self.head)):
            limits.BASE.check(inches, f"{self.name}: {what}")

    @property
    def start_dc(self) -> int:
        return self.dc if self.starting_dc is None else self.starting_dc

    def has(self, ability: Ability) -> bool:
        return ability in self.abilities

    def weapon(self, name: str | None) -> Weapon:
        if not self.weapons:
            raise SkirmishError(f"{self.name} carries no weapon")
        if name is None:
            return self.weapons[0]
        return find_named(self.weapons, name, f"weapon of {self.name}", lambda weapon: weapon.name)


Stat = Annotated[int, limits.ATTRIBUTE.field()]
Few = limits.PER_ENTRY.length()


class WeaponModel(StrictModel):
    name: Name
    type: WeaponType
    range: Annotated[float, pydantic.Field(gt=0, le=500)]
    damage: Annotated[str, pydantic.Field(max_length=limits.NOTATION)]
    hands: Hands = Hands.ONE
    arcs: Annotated[tuple[Arc, ...], Few] = (Arc.FRONT,)
    abilities: Annotated[tuple[WeaponAbility, ...], Few] = ()
    sub_type: Annotated[str, pydantic.Field(max_length=limits.NAME)] = ""

    @field_validator("hands", mode="before")
    @classmethod
    def _hands(cls, value: object) -> object:
        return str(value) if isinstance(value, int) else value

    @field_validator("damage")
    @classmethod
    def _damage(cls, value: str) -> str:
        try:
            parse(value.replace("STR", "Str").replace("str", "Str"), Str=1)
        except SkirmishError as error:
            raise ValueError(str(error)) from None
        return value


class PilotModel(StrictModel):
    name: Name
    range_attack: Stat
    melee_attack: Stat
    reflex: Stat = 0
    skills: Annotated[tuple[Skill, ...], Few] = ()
    unit_type_specialist: Name | None = None
    move_type_specialist: Name | None = None
    weapons_specialist: Name | None = None


class UnitModel(StrictModel):
    name: Name
    size_class: Annotated[int, limits.SIZE_CLASS.field()]
    unit_type: Name
    move_type: Annotated[str, pydantic.Field(max_length=limits.NAME)] = ""
    dc: Annotated[int, limits.HEALTH.field()]
    starting_dc: Annotated[int, limits.HEALTH.field()] | None = None
    armour: Stat
    defence: Stat
    strength: Stat = 0
    base: Annotated[float, pydantic.Field(gt=0), limits.BASE.field()] = 1.0
    head: Annotated[float, limits.BASE.field()] = 0.0
    abilities: Annotated[tuple[Ability, ...], Few] = ()
    pilot: PilotModel
    weapons: Annotated[tuple[WeaponModel, ...], Few] = ()
    replaces: bool = False
    """The unit takes the place of the sample unit of the same name."""

    @pydantic.model_validator(mode="after")
    def _dc(self) -> UnitModel:
        if self.starting_dc is not None and self.dc > self.starting_dc:
            raise ValueError(f"DC {self.dc} is above the starting DC {self.starting_dc}")
        return self


class ForceModel(StrictModel):
    units: Annotated[tuple[UnitModel, ...], pydantic.Field(min_length=1), limits.ROSTER.length()]


def damage_die(notation: str, strength: int, *, two_hands: bool) -> object:
    """The damage roll of a weapon: "Str" is the unit's Strength, +50% (rounded up) with two
    hands."""
    value = strength + (strength + 1) // 2 if two_hands else strength
    return parse(notation.replace("STR", "Str").replace("str", "Str"), Str=value)


def _unit(model: UnitModel) -> Unit:
    pilot = model.pilot
    return Unit(
        name=model.name,
        size_class=model.size_class,
        unit_type=model.unit_type.casefold(),
        dc=model.dc,
        armour=model.armour,
        defence=model.defence,
        strength=model.strength,
        pilot=Pilot(
            pilot.name,
            pilot.range_attack,
            pilot.melee_attack,
            pilot.reflex,
            frozenset(pilot.skills),
            _lower(pilot.unit_type_specialist),
            _lower(pilot.move_type_specialist),
            _lower(pilot.weapons_specialist),
        ),
        weapons=tuple(
            Weapon(
                w.name,
                w.type,
                w.range,
                w.damage,
                w.hands,
                w.arcs,
                frozenset(w.abilities),
                w.sub_type.casefold(),
            )
            for w in model.weapons
        ),
        abilities=frozenset(model.abilities),
        starting_dc=model.starting_dc,
        base=model.base,
        head=model.head,
        move_type=model.move_type.casefold(),
    )


def _lower(text: str | None) -> str | None:
    return None if text is None else text.casefold()


@dataclass(frozen=True)
class Force(Roster[Unit]):
    """Units found by name in any case."""

    kind: ClassVar[str] = "unit"

    @property
    def units(self) -> tuple[Unit, ...]:
        return self.items

    def unit(self, name: str) -> Unit:
        return self.find(name)


def parse_force(data: object, *, source: str) -> Force:
    """Validate parsed YAML as an MS Wars force."""
    model = validated(ForceModel, data, source)
    return Force(
        tuple(_unit(u) for u in model.units),
        replaces=frozenset(u.name.casefold() for u in model.units if u.replaces),
        origin=source,
    )


def load_force(path: str | Path) -> Force:
    data, source = read_yaml(path, "force")
    return parse_force(data, source=source)


@cache
def sample_force() -> Force:
    """The sample units shipped with skirmish."""
    return parse_force(read_bundled("skirmish.games.mswars", SAMPLE), source=SAMPLE)
