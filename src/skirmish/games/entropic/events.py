"""The log of an Entropic Engine attack as records, one kind per step, each citing its step.

The rules page names its steps ("Select Target", "Place Bids", "Determine Range",
"Determine Combat Scores", "Determine Damage", "Interrupts", "Composite Models"); rulings
are EE-n.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from skirmish.engine import Event, detail
from skirmish.report import inches

SELECT = "Select Target"
BIDS = "Place Bids"
RANGE = "Determine Range"
SCORES = "Determine Combat Scores"
DAMAGE = "Determine Damage"
INTERRUPTS = "Interrupts"
COMPOSITE = "Composite Models"
EFFECTS = "Effects"


def _modifiers(modifiers: tuple[tuple[str, int], ...]) -> str:
    return "".join(f" {value:+d} {name}" for name, value in modifiers if value)


def tokens(count: int) -> str:
    """A number of tokens: "1 token", "2 tokens"."""
    return f"{count} token" + ("" if count == 1 else "s")


@dataclass(frozen=True, kw_only=True)
class Attacks(Event):
    """Select Target: who attacks whom, with which part and weapon."""

    kind: ClassVar[str] = "attack"
    rule: str = SELECT
    attacker: str = detail()
    part: str | None = detail(None)
    target: str = detail()
    weapon: str = detail()
    range: float = detail()

    def render(self) -> str:
        part = f" ({self.part})" if self.part else ""
        return (
            f"{self.attacker}{part} attacks {self.target} with {self.weapon} (range {self.range:g})"
        )


@dataclass(frozen=True, kw_only=True)
class WeaponTargets(Event):
    """Select Target, several weapons: every weapon's target is selected first (EE-14)."""

    kind: ClassVar[str] = "weapon_target"
    rule: str = SELECT
    weapon: str = detail()
    target: str = detail()

    def render(self) -> str:
        return f"{self.weapon} targets {self.target}"


@dataclass(frozen=True, kw_only=True)
class Aimed(Event):
    """Select Target: where the attack is aimed."""

    kind: ClassVar[str] = "aim"
    rule: str = SELECT
    aim: str = detail()

    def render(self) -> str:
        return f"aimed at the target's {self.aim}"


@dataclass(frozen=True, kw_only=True)
class PartTargeted(Event):
    """Composite Models: the attacker names the part, or the defender chooses it (EE-13)."""

    kind: ClassVar[str] = "part"
    rule: str = COMPOSITE
    target: str = detail()
    part: str = detail()
    named: bool = detail()

    def render(self) -> str:
        if self.named:
            return f"the attacker names {self.target}'s {self.part}"
        return f"the defender chooses {self.target}'s {self.part} (EE-13)"


@dataclass(frozen=True, kw_only=True)
class MovedAway(Event):
    """Interrupts: the target moves when targeted (EE-5)."""

    kind: ClassVar[str] = "interrupt_move"
    rule: str = INTERRUPTS
    target: str = detail()

    def render(self) -> str:
        return (
            f"{self.target} spends a command point and moves: the attack may only target its "
            "source base, +1 defense; it has now acted this turn (EE-5)"
        )


@dataclass(frozen=True, kw_only=True)
class BidPlaced(Event):
    """Place Bids: tokens go down face down, the active player first (EE-3)."""

    kind: ClassVar[str] = "bid"
    rule: str = BIDS
    side: str = detail()
    """``attack`` or ``defense``."""
    model: str = detail()
    count: int = detail()

    @property
    def event(self) -> str:
        return f"{self.side}_bid"

    def render(self) -> str:
        return f"{self.model} puts down {tokens(self.count)} face down"


@dataclass(frozen=True, kw_only=True)
class RangeBand(Event):
    """Determine Range: the attack distance against the weapon's range (EE-2)."""

    kind: ClassVar[str] = "range"
    rule: str = RANGE
    band: str = detail()
    """``unmeasured``, ``failed``, ``long``, ``short`` or ``normal``."""
    distance: float | None = detail(None)
    reach: float = detail(0)
    attacker: str = detail("")

    @property
    def event(self) -> str:
        return self.band

    def render(self) -> str:
        if self.band == "unmeasured" or self.distance is None:
            return "no attack distance given: no range band applies"
        away = f"attack distance {inches(self.distance)}"
        if self.band == "failed":
            return (
                f"{away} is over twice the range {self.reach:g}: {self.attacker} gains a stun "
                "marker and the attack fails (EE-2)"
            )
        if self.band == "long":
            return (
                f"{away} is over the range {self.reach:g}: {self.attacker} gains a stun marker, "
                "target +2 defense"
            )
        if self.band == "short":
            return f"{away} is under half the range: +1 attack"
        return f"{away}: no range modifier"


@dataclass(frozen=True, kw_only=True)
class BidsRevealed(Event):
    """Determine Combat Scores: the bids are revealed, every token spent (EE-3)."""

    kind: ClassVar[str] = "reveal"
    rule: str = SCORES
    attack_bid: str = detail()
    defense_bid: str = detail()

    def render(self) -> str:
        return (
            f"bids revealed: attack {self.attack_bid}, defense {self.defense_bid}; "
            "every token is spent (EE-3)"
        )


@dataclass(frozen=True, kw_only=True)
class Scores(Event):
    """Determine Combat Scores: each score with every modifier that makes it."""

    kind: ClassVar[str] = "scores"
    rule: str = SCORES
    attack_score: int
    defense_score: int
    attack: int = detail()
    attack_modifiers: tuple[tuple[str, int], ...] = detail(())
    defend: int = detail()
    defense_modifiers: tuple[tuple[str, int], ...] = detail(())

    def render(self) -> str:
        return (
            f"attack score {self.attack_score} = Attack {self.attack}"
            + _modifiers(self.attack_modifiers)
            + f"; defense score {self.defense_score} = Defend {self.defend}"
            + _modifiers(self.defense_modifiers)
        )


@dataclass(frozen=True, kw_only=True)
class StunSpread(Event):
    """Determine Combat Scores: models within the attack score gain a stun marker (EE-6)."""

    kind: ClassVar[str] = "stun_spread"
    rule: str = SCORES
    attack_score: int = detail()
    attacker: str = detail()
    stunned: tuple[str, ...] = detail(())

    def render(self) -> str:
        gain = "gains" if len(self.stunned) == 1 else "gain"
        return (
            f"within {self.attack_score} of {self.attacker} (the attack score): "
            f"{', '.join(self.stunned)} {gain} a stun marker (EE-6)"
        )


@dataclass(frozen=True, kw_only=True)
class AttacksBack(Event):
    """Interrupts: the target spends a command point to attack first (EE-10)."""

    kind: ClassVar[str] = "counter"
    rule: str = INTERRUPTS
    target: str = detail()
    attacker: str = detail()

    def render(self) -> str:
        return (
            f"{self.target} spends a command point to attack {self.attacker} first; it has "
            "now acted this turn"
        )


@dataclass(frozen=True, kw_only=True)
class Resumed(Event):
    """Interrupts: after the attack back, the attack resumes."""

    kind: ClassVar[str] = "resume"
    rule: str = INTERRUPTS
    attacker: str = detail()

    def render(self) -> str:
        return f"{self.attacker}'s attack resumes"


RESULTS = {
    "none": "attack {attack} below defense {defense}: no effect",
    "stunned": "scores equal: stunned",
    "damaged": "attack above defense: stunned and damaged",
    "destroyed": "attack over twice defense: destroyed",
    "annihilated": "attack over three times defense: annihilated",
}


@dataclass(frozen=True, kw_only=True)
class Result(Event):
    """Determine Damage: the damage table's result (EE-8)."""

    kind: ClassVar[str] = "result"
    rule: str = DAMAGE
    outcome: str
    who: str = detail()
    attack_score: int | None = detail(None)
    defense_score: int | None = detail(None)

    def render(self) -> str:
        text = RESULTS[self.outcome].format(attack=self.attack_score, defense=self.defense_score)
        return f"{self.who}: {text}"


@dataclass(frozen=True, kw_only=True)
class Damaged(Event):
    """Determine Damage: a damaged marker, or destroyed when every attribute is damaged."""

    kind: ClassVar[str] = "damaged"
    rule: str = DAMAGE
    who: str = detail()
    attribute: str | None = detail(None)
    """None: every attribute was damaged already, so the part is destroyed."""

    @property
    def event(self) -> str:
        return "damaged" if self.attribute else "all_damaged"

    def render(self) -> str:
        if self.attribute is None:
            return f"every attribute of {self.who} is damaged already: destroyed"
        return (
            f"{self.who} gains a damaged marker on {self.attribute} (pending, in effect from the "
            "resolution phase)"
        )


@dataclass(frozen=True, kw_only=True)
class PartLost(Event):
    """Composite Models: a part annihilated destroys the model; a part destroyed stuns the
    others at once."""

    kind: ClassVar[str] = "destroyed_part"
    rule: str = COMPOSITE
    model: str = detail()
    part: str = detail()
    others: tuple[str, ...] = detail(())
    annihilated: bool = detail()

    @property
    def event(self) -> str:
        return "annihilated" if self.annihilated else "destroyed_part"

    def render(self) -> str:
        if self.annihilated:
            return f"a part annihilated: {self.model} is destroyed"
        return f"{self.part} destroyed: {', '.join(self.others)} gain a stun marker at once"


@dataclass(frozen=True, kw_only=True)
class Timing(Event):
    """Determine Damage: destroyed and annihilated take effect in the resolution phase."""

    kind: ClassVar[str] = "timing"
    rule: str = DAMAGE

    def render(self) -> str:
        return "destroyed and annihilated take effect in the resolution phase"


@dataclass(frozen=True, kw_only=True)
class TokensLeft(Event):
    """Place Bids, several weapons: the tokens left for the next weapon (EE-14)."""

    kind: ClassVar[str] = "tokens_left"
    rule: str = BIDS
    attacker: str = detail()
    attacker_tokens: tuple[int, int] = detail()
    target: str = detail()
    target_tokens: tuple[int, int] = detail()

    def render(self) -> str:
        (ar, ad), (tr, td) = self.attacker_tokens, self.target_tokens
        return (
            f"tokens left for the next weapon: {self.attacker} {ar} real + {ad} dummy, "
            f"{self.target} {tr} real + {td} dummy (EE-14)"
        )
