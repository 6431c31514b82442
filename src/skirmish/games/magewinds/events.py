"""The log of a Magewinds attack as records: one kind per step of 18.0, with its numbers.

Each record's fields are the step's numbers (the log's ``data``) and the names and details
its sentence needs (``detail``); the sentence is rendered only when someone reads it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from skirmish.engine import Event, detail
from skirmish.games.magewinds.profiles import AttackChoice, Reaction
from skirmish.report import inches


@dataclass(frozen=True, kw_only=True)
class Attacks(Event):
    """18.0: who attacks whom with what."""

    kind: ClassVar[str] = "attack"
    rule: str = "18.0"
    attacker: str
    target: str
    attack: str
    attack_type: str = detail()
    split: bool = detail()

    def render(self) -> str:
        split = ", split profile" if self.split else ""
        return (
            f"{self.attacker} attacks {self.target} with {self.attack} ({self.attack_type}{split})"
        )


@dataclass(frozen=True, kw_only=True)
class InRange(Event):
    """18.1: the line of attack is within the attack's Range."""

    kind: ClassVar[str] = "range"
    rule: str = "18.1"
    distance: float
    range: str = detail()

    def render(self) -> str:
        return f'line of attack {inches(self.distance)}" is within Range {self.range}'


@dataclass(frozen=True, kw_only=True)
class ChoicePlaced(Event):
    """18.3: the attack choice goes down face down."""

    kind: ClassVar[str] = "attack_choice"
    rule: str = "18.3"
    attacker: str = detail()

    def render(self) -> str:
        return f"{self.attacker} places an attack choice face down"


@dataclass(frozen=True, kw_only=True)
class Revealed(Event):
    """18.3: the attack choice is revealed after the reaction."""

    kind: ClassVar[str] = "reveal"
    rule: str = "18.3"
    choice: AttackChoice
    attacker: str = detail()
    power: int | None = detail(None)
    precision: int | None = detail(None)

    def render(self) -> str:
        shown = self.choice.value.title()
        if self.power is not None:
            shown += f" (Power {self.power}, Precision {self.precision})"
        return f"{self.attacker} reveals {shown}"


@dataclass(frozen=True, kw_only=True)
class Reacted(Event):
    """18.4: the defence choice."""

    kind: ClassVar[str] = "defence_choice"
    rule: str = "18.4"
    reaction: Reaction
    target: str = detail()

    def render(self) -> str:
        if self.reaction is Reaction.NONE:
            return f"{self.target} makes no reaction"
        return f"{self.target} makes a {self.reaction.value.title()} reaction"


@dataclass(frozen=True, kw_only=True)
class GuardedReaction(Event):
    """13.4: after a Guard, the next Dodge or Deflect is free."""

    kind: ClassVar[str] = "guard"
    rule: str = "13.4"
    free: bool = True
    target: str = detail()
    reaction: Reaction = detail()

    def render(self) -> str:
        return f"Guard: {self.target}'s {self.reaction.value} is free"


@dataclass(frozen=True, kw_only=True)
class CounterGained(Event):
    """13.0, 13.3: a reaction is an action and costs an action counter."""

    kind: ClassVar[str] = "action_counter"
    rule: str = "13.0"
    action_counters: int
    target: str = detail()

    def render(self) -> str:
        size = "double" if self.action_counters == 2 else "single"
        return f"{self.target} gets a {size} action counter for reacting (13.3)"


@dataclass(frozen=True, kw_only=True)
class Feinted(Event):
    """18.3.1: a Feint ends the attack; against a reaction the action is free (MW-1)."""

    kind: ClassVar[str] = "feint"
    rule: str = "18.3.1"
    action_free: bool
    attacker: str = detail()

    def render(self) -> str:
        free = (
            f"; {self.attacker}'s attack action is free (ruling MW-1)" if self.action_free else ""
        )
        return "Feint: the attack ends" + free


@dataclass(frozen=True, kw_only=True)
class TargetNumber(Event):
    """18.5.1: Precision minus Evasion, with each part named, and any cap."""

    kind: ClassVar[str] = "target_number"
    rule: str = "18.5.1"
    precision: int
    evasion: int
    target_number: int
    base_precision: int = detail()
    precision_bonuses: tuple[tuple[str, int], ...] = detail(())
    evasion_parts: tuple[str, ...] = detail(())
    uncapped: int = detail()
    caps: tuple[str, ...] = detail(())

    def render(self) -> str:
        bonus = "".join(f" +{value} {name}" for name, value in self.precision_bonuses)
        text = (
            f"target number = Precision {self.base_precision}{bonus} - "
            f"({' '.join(self.evasion_parts)}) = {self.uncapped}"
        )
        if self.target_number != self.uncapped:
            text += f", capped at {self.target_number} by {', '.join(self.caps)}"
        return text


@dataclass(frozen=True, kw_only=True)
class PowerRaised(Event):
    """18.5.2: spells such as Wildform raise the Power of melee attacks."""

    kind: ClassVar[str] = "power"
    rule: str = "18.5.2"
    power: int
    base_power: int = detail()
    spells: tuple[str, ...] = detail(())

    def render(self) -> str:
        return (
            f"Power {self.base_power} +{self.power - self.base_power} on a melee attack "
            f"({', '.join(self.spells)}) = {self.power}"
        )


@dataclass(frozen=True, kw_only=True)
class NoRoll(Event):
    """18.5.2: a target number of 0 or less cannot hit, 6 or more cannot miss."""

    kind: ClassVar[str] = "no_roll"
    rule: str = "18.5.2"
    label: str = detail()
    target_number: int = detail()
    every_die_hits: bool = detail()

    def render(self) -> str:
        outcome = "every die hits" if self.every_die_hits else "no hit possible"
        return f"{self.label}: target number {self.target_number}, {outcome}"


@dataclass(frozen=True, kw_only=True)
class HitsRerolled(Event):
    """3.2: a Hex re-rolls every hit once (MW-3)."""

    kind: ClassVar[str] = "reroll"
    rule: str = "3.2"
    hits: int
    spell: str = detail()

    def render(self) -> str:
        return f"{self.spell}: {self.hits} hits stand after the re-roll (ruling MW-3)"


@dataclass(frozen=True, kw_only=True)
class Hits(Event):
    """18.5.2: the hits scored."""

    kind: ClassVar[str] = "hits"
    rule: str = "18.5.2"
    hits: int
    target: str = detail()

    def render(self) -> str:
        return f"{self.hits} {'hit' if self.hits == 1 else 'hits'} on {self.target}"


@dataclass(frozen=True, kw_only=True)
class ArmourBlocks(Event):
    """18.5.3: Armour (plus a Deflect bonus) blocks hits; some spells ignore some of it."""

    kind: ClassVar[str] = "armour"
    rule: str = "18.5.3"
    armour: int
    blocked: int
    damage: int
    base_armour: int = detail()
    deflect_bonus: int | None = detail(None)
    ignored: tuple[tuple[str, int], ...] = detail(())
    hits: int = detail()

    def render(self) -> str:
        how = f"Armour {self.base_armour}"
        if self.deflect_bonus is not None:
            how += f" +{self.deflect_bonus} Deflect bonus (18.4)"
        for name, amount in self.ignored:
            how += f" -{amount} ignored ({name}, ruling MW-4)"
        return f"{how} blocks {self.blocked} of {self.hits} hits: {self.damage} damage"


@dataclass(frozen=True, kw_only=True)
class Pushed(Event):
    """Push (ruling MW-7): no damage; the target is shoved instead."""

    kind: ClassVar[str] = "push"
    rule: str = "18.5.3"
    push: int
    attacker: str = detail()
    target: str = detail()

    def render(self) -> str:
        return (
            f"Push (ruling MW-7): no damage; after any knockback {self.target} is shoved "
            f'{self.push}" straight away from {self.attacker}'
        )


@dataclass(frozen=True, kw_only=True)
class Spent(Event):
    """17.0: a player discards cards to cast a spell in a battle (Mirrorshield, Barrier)."""

    kind: ClassVar[str] = "spend"
    rule: str = "17.0"
    spell: str
    cards: str
    clubs: int | None = None
    fighter: str = detail("")

    @property
    def data(self) -> tuple[tuple[str, object], ...]:
        shown = (("spell", self.spell), ("cards", self.cards))
        return shown if self.clubs is None else (*shown, ("clubs", self.clubs))

    def render(self) -> str:
        if self.clubs is None:
            return f"{self.spell}: the defending player discards {self.cards}"
        return f"{self.spell} on {self.fighter}: discards {self.cards}, worth {self.clubs} Clubs"


@dataclass(frozen=True, kw_only=True)
class BarrierCancels(Event):
    """Barrier (ruling MW-6): dice cancel damage."""

    kind: ClassVar[str] = "barrier"
    rule: str = "Barrier"
    cancelled: int

    def render(self) -> str:
        return f"Barrier cancels {self.cancelled} damage (ruling MW-6)"


@dataclass(frozen=True, kw_only=True)
class Poisoned(Event):
    """Poison Tip (ruling MW-8): damage poisons the target."""

    kind: ClassVar[str] = "poisoned"
    rule: str = "Poison Tip"
    target: str = detail()

    def render(self) -> str:
        return f"Poison Tip: {self.target} is poisoned (ruling MW-8)"


@dataclass(frozen=True, kw_only=True)
class Blast(Event):
    """Blast: the same attack follows on every other fighter within 1" of the target."""

    kind: ClassVar[str] = "blast"
    rule: str = "Blast"
    target: str = detail()

    def render(self) -> str:
        return (
            f'Blast: the same attack follows against every other fighter within 1" of '
            f"{self.target}; resolve each as its own attack"
        )


@dataclass(frozen=True, kw_only=True)
class DamageTaken(Event):
    """18.5.3: damage adds up; at Toughness the fighter is taken down."""

    kind: ClassVar[str] = "damage"
    rule: str = "18.5.3"
    fighter: str
    damage: int
    total_damage: int
    taken_down: bool
    toughness: int = detail()

    def render(self) -> str:
        down = ": taken down, out of action" if self.taken_down else ""
        return (
            f"{self.fighter} takes {self.damage} damage, {self.total_damage} of Toughness "
            f"{self.toughness}{down}"
        )


@dataclass(frozen=True, kw_only=True)
class Reflected(Event):
    """Mirrorshield (ruling MW-5): the blocked hits go back at the attacker."""

    kind: ClassVar[str] = "reflect"
    rule: str = "Mirrorshield"
    reflected_hits: int
    attacker_damage: int
    attacker: str = detail()
    armour: int = detail()

    def render(self) -> str:
        return (
            f"Mirrorshield (ruling MW-5): {self.attacker} receives {self.reflected_hits} hits; "
            f"Armour {self.armour} blocks {self.reflected_hits - self.attacker_damage}"
        )


@dataclass(frozen=True, kw_only=True)
class Knockback(Event):
    """18.5.4: knockback when the target did not react and was hit (not when taken down)."""

    kind: ClassVar[str] = "knockback"
    rule: str = "18.5.4"
    knockback: bool
    why: str = detail()
    """``"allowed"``, ``"taken down"`` (ruling MW-2), ``"reacted"`` or ``"no hits"``."""
    attacker: str = detail()
    target: str = detail()

    def render(self) -> str:
        if self.why == "taken down":
            return f"no knockback: {self.target} was taken down (ruling MW-2)"
        if self.why == "allowed":
            return f'{self.attacker} may knock {self.target} back up to 1" directly away'
        if self.why == "reacted":
            return f"no knockback: {self.target} reacted"
        return "no knockback: no hits"
