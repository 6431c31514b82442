"""The log of a Dark Realms attack as records, one kind per step, each citing its section.

The rules text names its sections rather than numbering them ("Action Card", "Attack
damage", "Defence", "Re-roll", "Ranged attacks", "Figure Status"); rulings are DR-n.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from skirmish.engine import Event, detail

ACTION_CARD = "Action Card"
DAMAGE = "Attack damage"
ROLLED = "Rolled attack value"
DEFENCE = "Defence"
REROLL = "Re-roll"
RANGED = "Ranged attacks"
STATUS = "Figure Status"


def tiles(count: int) -> str:
    """A distance in tiles, for log lines: "1 tile", "3 tiles"."""
    return f"{count} tile" + ("s" if count != 1 else "")


@dataclass(frozen=True, kw_only=True)
class Attacks(Event):
    """Action Card: who attacks whom with which attack, how far away."""

    kind: ClassVar[str] = "attack"
    rule: str = ACTION_CARD
    attacker: str = detail()
    target: str = detail()
    attack: str = detail()
    attack_kind: str = detail()
    value: str = detail()
    distance: int = detail()

    def render(self) -> str:
        return (
            f"{self.attacker} attacks {self.target} with {self.attack} "
            f"({self.attack_kind}, {self.value}) at {tiles(self.distance)}"
        )


@dataclass(frozen=True, kw_only=True)
class Confused(Event):
    """Action Card: a Confused attack rolls twice and keeps the worse (DR-4)."""

    kind: ClassVar[str] = "confused"
    rule: str = ACTION_CARD

    def render(self) -> str:
        return "Confused: the attack roll is made twice, the worse result kept (DR-4)"


@dataclass(frozen=True, kw_only=True)
class StatusGained(Event):
    """Figure Status: the attack's status, applied even without damage."""

    kind: ClassVar[str] = "status"
    rule: str = STATUS
    target: str = detail()
    status: str = detail()

    def render(self) -> str:
        return f"{self.target} gains {self.status} (applied even without damage)"


@dataclass(frozen=True, kw_only=True)
class PoisonCounted(Event):
    """Figure Status: Poison's Health loss over the counted turns (DR-9)."""

    kind: ClassVar[str] = "poison"
    rule: str = STATUS
    poison: int
    target: str = detail()
    turns: int = detail()

    def render(self) -> str:
        return (
            f"Poison: {self.target} loses 1 Health at the start of each of its turns, "
            f"{self.poison} over the next {self.turns} (DR-9)"
        )


@dataclass(frozen=True, kw_only=True)
class DamageTaken(Event):
    """Defence: the damage left against the target's Health."""

    kind: ClassVar[str] = "damage"
    rule: str = DEFENCE
    damage: int
    killed: bool
    target: str = detail()
    health: int = detail()

    def render(self) -> str:
        killed = ": killed" if self.killed else ""
        return f"{self.target} takes {self.damage} damage of {self.health} Health{killed}"


@dataclass(frozen=True, kw_only=True)
class Rerolled(Event):
    """Re-roll: one Stamina re-rolls one die (DR-5)."""

    kind: ClassVar[str] = "reroll"
    rule: str = REROLL
    stamina_left: int
    die: int = detail()
    before: int = detail()
    after: int = detail()

    def render(self) -> str:
        return f"1 Stamina spent: die {self.die} {self.before} -> {self.after} (DR-5)"


@dataclass(frozen=True, kw_only=True)
class OutOfRange(Event):
    """Ranged attacks: neither die reaches the target; the attack fails."""

    kind: ClassVar[str] = "out_of_range"
    rule: str = RANGED
    dice: tuple[int, int] = detail()
    distance: int = detail()

    def render(self) -> str:
        first, second = self.dice
        return f"neither {first} nor {second} reaches {self.distance} tiles: the attack fails"


@dataclass(frozen=True, kw_only=True)
class RangeDie(Event):
    """Ranged attacks: one die is the range, the other the attack roll."""

    kind: ClassVar[str] = "range"
    rule: str = RANGED
    range_die: int
    index: int = detail()
    dice: tuple[int, int] = detail()
    distance: int = detail()

    def render(self) -> str:
        other = 1 - self.index
        return (
            f"die {self.index + 1} ({self.dice[self.index]}) is the range, reaching "
            f"{self.distance} tiles; die {other + 1} ({self.dice[other]}) is the attack roll"
        )


@dataclass(frozen=True, kw_only=True)
class AttackValue(Event):
    """Attack damage (or Rolled attack value): what the kept attack die reads."""

    kind: ClassVar[str] = "attack_value"
    rule: str = DAMAGE
    damage: int
    critical: bool
    dice: tuple[int, ...] = detail()
    hit: bool = detail()
    how: str = detail()
    """How the value is read: ``base 4 from Range strength, DR-1``, or the DR-11 note."""

    def render(self) -> str:
        rolled = " and ".join(map(str, self.dice))
        if not self.hit:
            return f"attack roll {rolled}: a miss{self.how}"
        critical = ", critical hit" if self.critical else ""
        return f"attack roll {rolled}: {self.damage} damage ({self.how}){critical}"


@dataclass(frozen=True, kw_only=True)
class Blocked(Event):
    """Defence: no defence against a critical hit; a shield blocks; a defence roll."""

    kind: ClassVar[str] = "defence"
    rule: str = DEFENCE
    what: str = detail()
    """``critical``, ``shield`` or ``shield die``."""
    amount: int = detail(0)
    damage: int = detail(0)

    @property
    def event(self) -> str:
        return self.what.replace(" ", "_")

    def render(self) -> str:
        if self.what == "critical":
            return "critical hit: no defence roll, no shield"
        return f"{self.what} {self.amount} blocks: {self.damage} damage left"


@dataclass(frozen=True, kw_only=True)
class DefenceRoll(Event):
    """Defence: the defence table's change to the damage (DR-8)."""

    kind: ClassVar[str] = "defence_roll"
    rule: str = DEFENCE
    face: int = detail()
    change: int = detail()
    damage: int = detail()

    def render(self) -> str:
        return f"defence roll {self.face}: {self.change:+d} damage, {self.damage} left (DR-8)"
