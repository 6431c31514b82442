"""What the fighters' own abilities share: their marks on the battle, distances between
bases and points, and the shape of an ability that is an action.

An ability that is an action (a spell action such as Revive, or Take Aim) is chosen like
Move or Attack (13.0); its step move comes first (13.1); then its player picks one of its
complete options (``revive Wizard at 3,4 paying AH``). Each :class:`ActionAbility` says
whether it can be made now, what its options are and what it does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import ClassVar

from skirmish.engine.battle import Action, IllegalAction
from skirmish.games.magewinds.battle.actions import after
from skirmish.games.magewinds.battle.geometry import RADIUS
from skirmish.games.magewinds.battle.paying import named_payment, ways_to_pay
from skirmish.games.magewinds.battle.state import Battle, Fighter, Mark, Point
from skirmish.games.magewinds.cards import Payment
from skirmish.games.magewinds.profiles import Ability


def marks(battle: Battle, key: str, *, owner: str = "", target: str = "") -> list[Mark]:
    """The marks of ability ``key`` (optionally of one owner, or on one target)."""
    return [
        m
        for m in battle.marks
        if m.key == key and (not owner or m.owner == owner) and (not target or m.target == target)
    ]


def with_mark(battle: Battle, mark: Mark) -> Battle:
    return replace(battle, marks=(*battle.marks, mark))


def without(battle: Battle, *gone: Mark) -> Battle:
    return replace(battle, marks=tuple(m for m in battle.marks if m not in gone))


ENDS_WITH_OWNER = frozenset({"ward", "entangle", "hypnotize", "take_aim", "prediction", "recover"})
ENDS_WITH_TARGET = frozenset({"entangle", "hypnotize"})
"""Marks that end when the fighter that holds them up, or the one they are on, leaves the
battlefield (4.4)."""


def ending_with(battle: Battle, name: str) -> tuple[Mark, ...]:
    """The public marks that end when ``name`` leaves the battlefield."""
    return tuple(
        m
        for m in battle.marks
        if (m.owner == name and m.key in ENDS_WITH_OWNER)
        or (m.target == name and m.key in ENDS_WITH_TARGET)
    )


def gap(a: Fighter, b: Fighter) -> float:
    """8.0: the distance between two bases (closest points)."""
    assert a.at is not None and b.at is not None
    return max(0.0, math.dist(a.at, b.at) - 2 * RADIUS)


def to_point(fighter: Fighter, point: Point) -> float:
    """8.0 and 9.4: from a base's closest point to a marker's centre."""
    assert fighter.at is not None
    return max(0.0, math.dist(fighter.at, point) - RADIUS)


def own(battle: Battle, fighter: Fighter, key: str) -> Ability | None:
    """The fighter's own ability with rule ``key`` (not a universal one)."""
    return battle.setup.profile(fighter.profile).ability(key)


def cited(battle: Battle, spell: Ability, fighter: Fighter) -> str:
    """How a log line cites an ability: its name, the profile and the page version (the
    ability's own, else its profile's)."""
    version = spell.version or battle.setup.profile(fighter.profile).version
    return f"{spell.name} ({fighter.profile}{f' v{version}' if version else ''})"


def paid(
    battle: Battle, fighter: Fighter, spell: Ability, paying: str, *, cost: str | None = None
) -> tuple[Battle, Payment]:
    """17.0: discard the cards ``paying`` names from the hand of the fighter's player, for
    the spell's cost or the narrower ``cost`` its effect allows now (ruling MB-1)."""
    payment = named_payment(battle, battle.controller(fighter), cost or spell.cost, paying)
    battle = battle.spend(
        battle.controller(fighter),
        payment.cards,
        spell.name,
        fighter=fighter.name,
        spell=spell.name,
    )
    return battle, payment


def split_paying(action: Action, rule: str) -> tuple[str, str]:
    if " paying " not in action:
        raise IllegalAction(f"{rule}: say 'paying CARDS' for the casting cost, not {action!r}")
    head, paying = action.rsplit(" paying ", 1)
    return head, paying


@dataclass(frozen=True)
class ActionAbility:
    """An ability that is an action (13.0), with the rule ``key`` of the pack entry and
    the ``word`` that chooses it."""

    key: str
    word: str
    hidden: ClassVar[bool] = False
    """The choice is a secret of its player's (Charm's note)."""

    def spell(self, battle: Battle, fighter: Fighter) -> Ability | None:
        return own(battle, fighter, self.key)

    def affordable(self, battle: Battle, fighter: Fighter) -> bool:
        spell = self.spell(battle, fighter)
        if spell is None:
            return False
        return not spell.cost or bool(ways_to_pay(battle, battle.controller(fighter), spell.cost))

    def available(self, battle: Battle, fighter: Fighter) -> bool:
        """Whether the action may be chosen now: paid for, and with options."""
        return self.affordable(battle, fighter) and bool(self.options(battle, fighter))

    def why_not(self, battle: Battle, fighter: Fighter) -> str:
        spell = self.spell(battle, fighter)
        name = spell.name if spell else self.word
        if spell is not None and not self.affordable(battle, fighter):
            return f"17.0: {fighter.name} cannot pay {spell.cost} for {name}"
        return f"{name}: {self.nothing(battle, fighter)}"

    def nothing(self, battle: Battle, fighter: Fighter) -> str:
        return "no legal target"

    def ways(self, battle: Battle, fighter: Fighter) -> list[str]:
        """`` paying CARDS`` for each way to pay (one empty tail for a free action)."""
        spell = self.spell(battle, fighter)
        if spell is None:
            return []
        if not spell.cost:
            return [""]
        return [
            f" paying {w.text}" for w in ways_to_pay(battle, battle.controller(fighter), spell.cost)
        ]

    def options(self, battle: Battle, fighter: Fighter) -> tuple[Action, ...]:
        raise NotImplementedError

    def act(self, battle: Battle, fighter: Fighter, action: Action) -> Battle:
        raise NotImplementedError


class TargetedSpell(ActionAbility):
    """A spell action at one fighter: ``WORD FIGHTER paying CARDS`` (Entangle, Hypnotize,
    Charm). Each says which fighters it may target, why another is refused, and what the
    spell does once paid for."""

    def targets(self, battle: Battle, caster: Fighter) -> list[Fighter]:
        raise NotImplementedError

    def refusal(self, battle: Battle, caster: Fighter, target: Fighter) -> str:
        raise NotImplementedError

    def cast(self, battle: Battle, caster: Fighter, target: Fighter, spell: Ability) -> Battle:
        raise NotImplementedError

    def options(self, battle: Battle, fighter: Fighter) -> tuple[Action, ...]:
        return tuple(
            f"{self.word} {t.name}{way}"
            for t in self.targets(battle, fighter)
            for way in self.ways(battle, fighter)
        )

    def act(self, battle: Battle, fighter: Fighter, action: Action) -> Battle:
        spell = own(battle, fighter, self.key)
        assert spell is not None
        head, paying = split_paying(action, spell.name)
        name = after(head, self.word)
        if not name:
            raise IllegalAction(f"{spell.name}: write '{self.word} FIGHTER paying CARDS'")
        target = battle.find_fighter(name)
        if target.name not in {t.name for t in self.targets(battle, fighter)}:
            raise IllegalAction(f"{spell.name}: {self.refusal(battle, fighter, target)}")
        battle, _ = paid(battle, fighter, spell, paying)
        return self.cast(battle, fighter, battle.fighter(target.name), spell)
