"""Fighter packs (0.4): validated YAML files of fighter and attack profiles.

The bundled Tempest Crusaders pack ships inside the package; users load their
own packs by path. Every problem in a file is reported as one line naming the
file, the entry and the rule the value breaks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Annotated, ClassVar, Literal, Self

from pydantic import Field, model_validator

from skirmish import limits
from skirmish.datafiles import Name, StrictModel, Text, read_bundled, read_yaml, validated
from skirmish.errors import DataError, merge_named
from skirmish.games.magewinds.cards import parse_cost
from skirmish.games.magewinds.profiles import (
    Ability,
    AttackProfile,
    AttackType,
    FighterProfile,
    Special,
    Strike,
)
from skirmish.roster import Roster

BUNDLED_PACK = "tempest-crusaders.yaml"
AbilityKey = Literal[
    "",
    "mirrorshield",
    "third_eye",
    "white_hot_weapons",
    "hex",
    "wildform",
    "haste",
    "leap",
    "blink",
    "energize",
    "recover",
    "barrier",
    "heal",
    "revive",
    "take_aim",
    "ward",
    "prediction",
    "entangle",
    "hypnotize",
    "charm",
    "insight",
    "phasewalk",
    "quake",
    "clone",
]
"""Abilities whose rules the engine implements, by key (the empty key: described only)."""

Attribute = Annotated[int, limits.ATTRIBUTE.field()]
Power = Annotated[int, limits.POWER.field()]


class StrikeModel(StrictModel):
    """Power and Precision (6.0)."""

    power: Power
    precision: Attribute


class AttackModel(StrictModel):
    """An attack profile (6.0): single ``power``/``precision`` or split ``light``/``heavy``."""

    name: Name
    type: AttackType
    range: float | str
    power: Power | None = None
    precision: Attribute | None = None
    light: StrikeModel | None = None
    heavy: StrikeModel | None = None
    spell: bool = False
    cost: Text = ""
    special: tuple[Special, ...] = ()
    source: Text = ""

    @model_validator(mode="after")
    def _one_profile(self) -> AttackModel:
        single = self.power is not None or self.precision is not None
        split = self.light is not None or self.heavy is not None
        if single and split:
            raise ValueError("6.0: give power/precision or light/heavy, not both")
        if split and (self.light is None or self.heavy is None):
            raise ValueError("6.0: a split profile needs both light and heavy")
        if not split and (self.power is None or self.precision is None):
            raise ValueError("6.0: give both power and precision, or light and heavy")
        _range_bounds(self.range)
        return self

    def to_profile(self) -> AttackProfile:
        minimum, maximum = _range_bounds(self.range)
        single = None
        if self.power is not None and self.precision is not None:
            single = Strike(self.power, self.precision)
        return AttackProfile(
            name=self.name,
            type=self.type,
            minimum_range=minimum,
            maximum_range=maximum,
            single=single,
            light=Strike(self.light.power, self.light.precision) if self.light else None,
            heavy=Strike(self.heavy.power, self.heavy.precision) if self.heavy else None,
            spell=self.spell,
            cost=self.cost,
            special=frozenset(self.special),
            source=self.source,
        )


class AbilityModel(StrictModel):
    """An ability (5.0); ``key`` names a rule the engine implements."""

    name: Name
    kind: Literal["ability", "action", "spell", "spell action", "spell reaction"] = "ability"
    cost: Text = ""
    summary: Text = ""
    key: AbilityKey = ""
    version: Text = ""

    @model_validator(mode="after")
    def _readable_cost(self) -> AbilityModel:
        if self.cost:
            parse_cost(self.cost)
        elif self.key and self.kind.startswith("spell"):
            raise ValueError(
                f"17.0: the spell {self.name!r} (key {self.key}) needs a casting cost to be "
                "played; give the one your group agrees where its page shows none"
            )
        return self

    def to_ability(self) -> Ability:
        return Ability(self.name, self.kind, self.cost, self.summary, self.key, self.version)


class FighterModel(StrictModel):
    """A fighter profile (4.5): six attributes, attacks and abilities."""

    name: Name
    version: Text = ""
    toughness: Annotated[int, limits.TOUGHNESS.field()]
    movement: Attribute
    armour: Attribute
    deflect: Attribute
    evasion: Attribute
    dodge: Attribute
    attacks: Annotated[tuple[AttackModel, ...], limits.PER_ENTRY.length()] = ()
    abilities: Annotated[tuple[AbilityModel, ...], limits.PER_ENTRY.length()] = ()
    notes: Text = ""
    slots: Annotated[int, Field(ge=1, le=10)] = 2
    limit: Annotated[int, Field(ge=1, le=10)] | Name | None = None
    replaces: bool = False
    """The fighter takes the place of the bundled fighter of the same name."""


class PackModel(StrictModel):
    """A fighter pack file: its fighters and the attacks and abilities every fighter has."""

    pack: Name
    source: Text = ""
    fighters: Annotated[tuple[FighterModel, ...], limits.ROSTER.length()] = ()
    universal_attacks: Annotated[tuple[AttackModel, ...], limits.PER_ENTRY.length()] = ()
    universal_abilities: Annotated[tuple[AbilityModel, ...], limits.PER_ENTRY.length()] = ()

    @model_validator(mode="after")
    def _something(self) -> PackModel:
        if not (self.fighters or self.universal_attacks or self.universal_abilities):
            raise ValueError(
                "0.4: a pack gives at least one fighter, universal attack or universal ability"
            )
        return self


@dataclass(frozen=True)
class Pack(Roster[FighterProfile]):
    """A loaded fighter pack; fighters are found by name in any case."""

    universal_abilities: tuple[Ability, ...] = ()
    """Abilities available to every fighter (5.0), such as Haste and Barrier."""
    universal_attacks: tuple[AttackProfile, ...] = ()
    """Attacks every fighter has (Spark), as this pack states them."""

    kind: ClassVar[str] = "fighter"

    @property
    def fighters(self) -> tuple[FighterProfile, ...]:
        return self.items

    def fighter(self, name: str) -> FighterProfile:
        """The fighter called ``name``; an error lists the valid names."""
        return self.find(name)

    def merged(self, other: Roster[FighterProfile]) -> Self:
        """This pack with ``other``'s fighters added. A fighter of ``other`` named like one of
        this pack's is refused unless its entry says ``replaces: true``; ``other``'s universal
        abilities take the place of this pack's of the same name."""
        theirs = other.universal_abilities if isinstance(other, Pack) else ()
        restated = {a.name.casefold() for a in theirs} & {
            a.name.casefold() for a in self.universal_abilities
        }
        universal = merge_named(
            theirs, self.universal_abilities, lambda a: a.name, replacing=restated
        )
        merged = replace(super().merged(other), universal_abilities=universal)
        attacks = other.universal_attacks if isinstance(other, Pack) else ()
        if not attacks:
            return merged
        return replace(merged, items=tuple(_with_universal(f, attacks) for f in merged.items))

    def universal(self, key: str) -> Ability | None:
        """The universal ability that implements rule ``key``, if the pack has one."""
        return next((a for a in self.universal_abilities if a.key == key), None)


def _with_universal(fighter: FighterProfile, attacks: tuple[AttackProfile, ...]) -> FighterProfile:
    """``fighter`` with the universal attacks of the same names as ``attacks`` replaced by
    them, and the others added: a pack restating Spark restates it for every fighter."""
    names = {a.name.casefold() for a in attacks}
    own = tuple(a for a in fighter.attacks if not (a.universal and a.name.casefold() in names))
    clash = [a.name for a in own if a.name.casefold() in names]
    if clash:
        raise DataError(
            f"universal attack {clash[0]!r}: fighter {fighter.name!r} has an attack of that name"
        )
    return replace(fighter, attacks=own + attacks)


_RANGE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:[-\u2013]\s*(\d+(?:\.\d+)?))?\s*$")


def _range_bounds(value: float | str) -> tuple[float, float]:
    """6.0 Range: one number is the maximum (minimum 0); ``a-b`` is minimum-maximum."""
    if isinstance(value, (int, float)):
        if value < 0:
            raise ValueError(f"6.0: Range {value} cannot be negative")
        return 0.0, _within(value, value)
    match = _RANGE.match(value) if len(value) <= limits.NAME else None
    if match is None:
        raise ValueError(f"6.0: Range {value!r} must be a number or 'min-max' such as '2-12'")
    if match[2] is None:
        return 0.0, _within(float(match[1]), value)
    minimum, maximum = _within(float(match[1]), value), _within(float(match[2]), value)
    if minimum > maximum:
        raise ValueError(f"6.0: Range {value!r} has a Minimum Range above its Maximum Range")
    return minimum, maximum


def _within(inches: float, given: float | str) -> float:
    problem = limits.DISTANCE.problem(float(inches))
    if problem is not None:
        raise ValueError(f"6.0: Range {given!r}: {problem}")
    return float(inches)


def parse_pack(data: object, *, source: str) -> Pack:
    """Validate parsed YAML data as a fighter pack."""
    model = validated(PackModel, data, source)
    universal = tuple(
        replace(attack.to_profile(), universal=True) for attack in model.universal_attacks
    )
    fighters = []
    seen: set[str] = set()
    names = {entry.name.casefold() for entry in model.fighters}
    for entry in model.fighters:
        if entry.name.casefold() in seen:
            raise DataError(f"{source}: fighter {entry.name!r} is listed twice")
        seen.add(entry.name.casefold())
        attacks = tuple(attack.to_profile() for attack in entry.attacks)
        attack_names = [a.name.casefold() for a in attacks + universal]
        if len(set(attack_names)) != len(attack_names):
            raise DataError(f"{source}: fighter {entry.name!r} has two attacks with one name")
        limit, shared = _limit(entry, names, source)
        fighters.append(
            FighterProfile(
                name=entry.name,
                toughness=entry.toughness,
                movement=entry.movement,
                armour=entry.armour,
                deflect=entry.deflect,
                evasion=entry.evasion,
                dodge=entry.dodge,
                attacks=attacks + universal,
                abilities=tuple(a.to_ability() for a in entry.abilities),
                version=entry.version,
                pack=model.pack,
                notes=entry.notes,
                slots=entry.slots,
                limit=limit,
                limit_shared_with=shared,
            )
        )
    universal_abilities = tuple(a.to_ability() for a in model.universal_abilities)
    return Pack(
        tuple(fighters),
        model.pack,
        model.source,
        universal_abilities=universal_abilities,
        universal_attacks=universal,
        replaces=frozenset(f.name.casefold() for f in model.fighters if f.replaces),
        origin=source,
    )


def _limit(entry: FighterModel, names: set[str], source: str) -> tuple[int | None, str]:
    """Warband assembly: a number, or the name of the profile whose limit is shared."""
    if entry.limit is None or isinstance(entry.limit, int):
        return entry.limit, ""
    if entry.limit.casefold() not in names or entry.limit.casefold() == entry.name.casefold():
        raise DataError(
            f"{source}: fighter {entry.name!r}: limit {entry.limit!r} must be a number or "
            "the name of another profile in the pack (a shared limit)"
        )
    return None, entry.limit


def load_pack(path: str | Path) -> Pack:
    """Load a fighter pack from a YAML file."""
    data, source = read_yaml(path, "fighter pack")
    return parse_pack(data, source=source)


@cache
def bundled_pack() -> Pack:
    """The Tempest Crusaders pack shipped with skirmish."""
    return parse_pack(read_bundled("skirmish.games.magewinds", BUNDLED_PACK), source=BUNDLED_PACK)
