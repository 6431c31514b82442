"""The log of an MS Wars attack as records, one kind per step, each citing its section.

The rules page names its sections ("Making Attacks", "Attack Modifiers", "Damage", "Guided
Attack", "Attacks of Opportunity"); abilities and skills come from the game's other pages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from skirmish.engine import Event, detail
from skirmish.report import inches

ARCS = "Firing Arcs"
MAKING = "Making Attacks"
MODIFIERS = "Attack Modifiers"
DAMAGE = "Damage"
GUIDED = "Guided Attack"
OPPORTUNITY = "Attacks of Opportunity"
ABILITIES = "Unit Abilities"
SKILLS = "Pilot Skills"


@dataclass(frozen=True, kw_only=True)
class Attacks(Event):
    """Making Attacks: who attacks whom with which weapon, how far."""

    kind: ClassVar[str] = "attack"
    rule: str = MAKING
    attacker: str = detail()
    target: str = detail()
    weapon: str = detail()
    weapon_type: str = detail()
    distance: float | None = detail(None)

    def render(self) -> str:
        away = f', {inches(self.distance)}" away' if self.distance is not None else ""
        return (
            f"{self.attacker} attacks {self.target} with {self.weapon} ({self.weapon_type}{away})"
        )


@dataclass(frozen=True, kw_only=True)
class Aided(Event):
    """Guided Attack: an aider's bonus, +2 to attack values or D3 damage (or both)."""

    kind: ClassVar[str] = "aid"
    rule: str = GUIDED
    aider: str = detail()
    cost: int = detail()
    sensor: bool = detail()
    choice: str = detail()

    def render(self) -> str:
        counters = f"{self.cost} action counter{'s' if self.cost != 1 else ''}"
        sensor = ", Sensor" if self.sensor else ""
        given = "+2 attack and D3 damage" if self.choice == "both" else self.choice
        return f"{self.aider} aids ({counters}{sensor}): {given}"


@dataclass(frozen=True, kw_only=True)
class AttackValue(Event):
    """Attack Modifiers: the attack value, every row that applies, against Defence."""

    kind: ClassVar[str] = "attack_value"
    rule: str = MODIFIERS
    attack_value: int
    column: str = detail()
    base: int = detail()
    rows: tuple[tuple[str, int], ...] = detail(())
    defence: int = detail()
    note: str = detail("")

    def render(self) -> str:
        rows = (
            "".join(f" {v:+d} {name}" for name, v in self.rows) + f" = {self.attack_value}"
            if self.rows
            else ""
        )
        return (
            f"{self.column.capitalize()} Attack {self.base}{rows}; hits when D20 + Defence "
            f"{self.defence} <= {self.attack_value}{self.note}"
        )


@dataclass(frozen=True, kw_only=True)
class Hit(Event):
    """Making Attacks: the D20 against the attack value; a natural 20 misses, a 1 hits."""

    kind: ClassVar[str] = "hit"
    rule: str = MAKING
    hit: bool = detail()
    how: str = detail()
    halved: bool = detail()

    @property
    def event(self) -> str:
        return "hit" if self.hit else "miss"

    def render(self) -> str:
        halved = " (only a 1 could hit: half damage, MS-4)" if self.halved else ""
        return f"{self.how}: {'hit' if self.hit else 'miss'}{halved}"


@dataclass(frozen=True, kw_only=True)
class Halved(Event):
    """Multiple Unit: weapon damage halved, rounded up (MS-5)."""

    kind: ClassVar[str] = "multiple_unit"
    rule: str = ABILITIES
    rolled: int = detail()
    damage: int = detail()

    def render(self) -> str:
        return (
            f"Multiple Unit: weapon damage halved, rounded up: {self.rolled} -> {self.damage} "
            "(MS-5)"
        )


@dataclass(frozen=True, kw_only=True)
class Specialist(Event):
    """Weapons Specialist: +10% of the damage rolled, rounded up."""

    kind: ClassVar[str] = "weapons_specialist"
    rule: str = SKILLS
    rolled: int = detail()
    bonus: int = detail()

    def render(self) -> str:
        return f"Weapons Specialist: +10% of {self.rolled}, rounded up: +{self.bonus}"


@dataclass(frozen=True, kw_only=True)
class GiantSlayer(Event):
    """Giant Slayer: a D6 more against a unit two Size Classes larger."""

    kind: ClassVar[str] = "giant_slayer"
    rule: str = SKILLS
    extra: int = detail()

    def render(self) -> str:
        return f"Giant Slayer: +{self.extra} damage"


@dataclass(frozen=True, kw_only=True)
class DcLost(Event):
    """Damage: less Armour, capped at the DC left; DC 0 is out of action."""

    kind: ClassVar[str] = "damage"
    rule: str = DAMAGE
    dc_lost: int
    out_of_action: bool
    damage: int = detail()
    halved: bool = detail()
    armour: int = detail()
    target: str = detail()
    dc: int = detail()

    def render(self) -> str:
        halved = " (halved)" if self.halved else ""
        out = ": out of action, removed" if self.out_of_action else ""
        return (
            f"{self.damage} damage{halved} less Armour {self.armour}: {self.target} loses "
            f"{self.dc_lost} DC of {self.dc}{out}"
        )


@dataclass(frozen=True, kw_only=True)
class Ruin(Event):
    """Damage: a Size Class 2+ unit out of action leaves a ruined base."""

    kind: ClassVar[str] = "ruin"
    rule: str = DAMAGE
    target: str = detail()
    height: int = detail()

    def render(self) -> str:
        return (
            f"a ruined base is left where {self.target} stood: elevated terrain of height "
            f"{self.height}, very difficult terrain"
        )


@dataclass(frozen=True, kw_only=True)
class Opportunity(Event):
    """Attacks of Opportunity: a free attack at a unit breaking away (MS-9)."""

    kind: ClassVar[str] = "opportunity"
    rule: str = OPPORTUNITY
    target: str = detail()
    weapon: str = detail()

    def render(self) -> str:
        return (
            f"{self.target} breaks away: a free attack with {self.weapon} "
            "(no action cost; the weapon counts as used this turn)"
        )
