"""Magewinds fighter profiles (4.5) and attack profiles (6.0) as frozen values."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum

from skirmish import limits
from skirmish.errors import UnknownName, find_named
from skirmish.fastpaths import kept_hash
from skirmish.geometry.tolerance import EPSILON


class AttackType(StrEnum):
    """6.0: every attack is a melee or a missile attack."""

    MELEE = "melee"
    MISSILE = "missile"


class AttackChoice(StrEnum):
    """18.3: the attack choice cards (0.10)."""

    LIGHT = "light"
    HEAVY = "heavy"
    FEINT = "feint"


class Reaction(StrEnum):
    """18.4: the defence choices, plus the Mirrorshield spell reaction."""

    NONE = "none"
    DODGE = "dodge"
    DEFLECT = "deflect"
    MIRRORSHIELD = "mirrorshield"


class Special(StrEnum):
    """Attack special rules (6.0) that change the attack sequence."""

    PUSH = "push"
    POISON_TIP = "poison_tip"
    BLAST = "blast"
    AIMED_SHOT = "aimed_shot"
    """Only after Take Aim, at a fighter near its marker (Deadeye v1.2.0)."""


@dataclass(frozen=True)
class Strike:
    """One set of Power and Precision (6.0): a single profile, or one side of a split one."""

    power: int
    precision: int

    def __post_init__(self) -> None:
        limits.POWER.check(self.power, "Power")
        limits.ATTRIBUTE.check(self.precision, "Precision")


@dataclass(frozen=True)
class AttackProfile:
    """6.0 Attacks: type, name, Range, Power and Precision, special rules.

    A split profile has ``light`` and ``heavy``; a single profile has ``single``.
    """

    __hash__ = kept_hash  # a profile keys the outlooks and attack values

    name: str
    type: AttackType
    minimum_range: float
    maximum_range: float
    single: Strike | None = None
    light: Strike | None = None
    heavy: Strike | None = None
    spell: bool = False
    cost: str = ""
    special: frozenset[Special] = frozenset()
    source: str = ""
    universal: bool = False
    """An attack every fighter has (such as Spark), not one of this profile's own."""

    def __post_init__(self) -> None:
        limits.DISTANCE.check(self.minimum_range, f"{self.name}: Minimum Range")
        if self.maximum_range != math.inf:  # a raw attack given no Range reaches any distance
            limits.DISTANCE.check(self.maximum_range, f"{self.name}: Range")

    @property
    def is_split(self) -> bool:
        """Whether the profile has Light and Heavy sides (18.3)."""
        return self.light is not None and self.heavy is not None

    @property
    def is_magical(self) -> bool:
        """17.0: spell attacks are magical abilities."""
        return self.spell

    def strike(self, choice: AttackChoice | None) -> Strike:
        """The Power and Precision used for ``choice`` (None for a single profile)."""
        if choice is AttackChoice.LIGHT and self.light is not None:
            return self.light
        if choice is AttackChoice.HEAVY and self.heavy is not None:
            return self.heavy
        if choice is None and self.single is not None:
            return self.single
        raise ValueError(f"attack {self.name!r} has no {choice or 'single'} profile")

    def in_range(self, length: float) -> bool:
        """18.1: a line of attack of ``length`` is neither longer than the Maximum Range nor
        shorter than the Minimum Range (8.0: exactly at a Range counts as within it).
        Every entry point checks Range here (ruling MW-19)."""
        return self.minimum_range - EPSILON <= length <= self.maximum_range + EPSILON

    def range_text(self) -> str:
        """The Range as printed: a maximum, or minimum-maximum (6.0); a raw attack given
        by its Power and Precision alone has any Range."""
        if math.isinf(self.maximum_range):
            return "any" if self.minimum_range == 0 else f"{_number(self.minimum_range)} or more"
        if self.minimum_range == 0:
            return _number(self.maximum_range)
        return f"{_number(self.minimum_range)}-{_number(self.maximum_range)}"


@dataclass(frozen=True)
class Ability:
    """5.0: a named ability on a profile; ``key`` names a rule the engine implements.

    ``kind`` is how the pack describes it ("spell", "spell action", "spell reaction",
    "action" or "ability"); ``cost`` is its casting cost (17.0) as written.
    """

    name: str
    kind: str = "ability"
    cost: str = ""
    summary: str = ""
    key: str = ""
    version: str = ""


@dataclass(frozen=True)
class FighterProfile:
    """4.5 Fighter attributes plus attacks and abilities; ``version`` is the page version."""

    __hash__ = kept_hash  # hashing a profile walks every attack

    name: str
    toughness: int
    movement: int
    armour: int
    deflect: int
    evasion: int
    dodge: int
    attacks: tuple[AttackProfile, ...] = ()
    abilities: tuple[Ability, ...] = ()
    version: str = ""
    pack: str = ""
    notes: str = field(default="", compare=False)
    slots: int = 2
    """Fighter pack warband assembly: the warband slots this profile takes."""
    limit: int | None = None
    """The most copies of this profile a warband may hold (None: no limit)."""
    limit_shared_with: str = ""
    """A shared limit: this profile counts against the named profile's limit."""

    def __post_init__(self) -> None:
        limits.TOUGHNESS.check(self.toughness, f"{self.name}: toughness")
        for attribute in ("movement", "armour", "deflect", "evasion", "dodge"):
            limits.ATTRIBUTE.check(getattr(self, attribute), f"{self.name}: {attribute}")

    def attack(self, name: str | None = None) -> AttackProfile:
        """The attack called ``name`` (any case); without a name, the first attack."""
        if not self.attacks:
            raise UnknownName(f"attack of {self.name}", name or "", ["(none)"])
        if name is None:
            return self.attacks[0]
        return find_named(self.attacks, name, f"attack of {self.name}", lambda attack: attack.name)

    def has_ability(self, key: str) -> bool:
        """Whether any ability on the profile implements rule ``key``."""
        return any(ability.key == key for ability in self.abilities)

    def ability(self, key: str) -> Ability | None:
        """The ability on the profile that implements rule ``key``, if any."""
        return next((ability for ability in self.abilities if ability.key == key), None)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)
