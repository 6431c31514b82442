"""Damage outside an attack: poison (Witch v1.4.0) and windburn (14.1), and take-downs.

Damage adds to what a fighter has; at its Toughness it is taken down, removed from the
battlefield and out of action (18.5.3, 4.4), dropping what it carries where it stood
(19.1). Barrier may be cast when a visible fighter receives damage: against poison its
player is asked, as in an attack (ruling MB-14); windburn damage is dealt by the player
to their own fighters and Barrier is not offered against it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from random import Random
from typing import Any

from skirmish.dice import CountAtMost
from skirmish.engine.battle import Action, Chance, IllegalAction, Node, Turn
from skirmish.games.magewinds.attack import NO_BARRIER
from skirmish.games.magewinds.battle.actions import pick
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.hooks import ABILITIES as abilities
from skirmish.games.magewinds.battle.objects import drop_everything
from skirmish.games.magewinds.battle.paying import chosen_payment, ways_to_pay
from skirmish.games.magewinds.battle.state import Battle, Frame, Status, dice_outcomes


def take_down(battle: Battle, name: str, *, by: int | None = None) -> Battle:
    """18.5.3: removed from the battlefield, out of action (4.4); drops what it carries
    where it stood (19.1). ``by``: the player whose fighter's attack did it, counted for
    scenarios that reward it (Battle Royale, ruling MB-29)."""
    fighter = battle.fighter(name)
    if by is not None and by != fighter.player and battle.setup.scenario.rewards_takedowns:
        battle = replace(battle, tally=(*battle.tally, ("takedown", by, battle.round)))
    former = fighter.at
    battle = battle.with_fighter(
        replace(fighter, status=Status.OUT_OF_ACTION, at=None, counters=0, guarding=False)
    )
    battle = battle.logged(
        "18.5.3",
        EventKind.TAKEN_DOWN,
        "{fighter} is taken down and removed from the battlefield",
        fighter=name,
    )
    battle = abilities.taken_down(battle, name)
    if fighter.carrying and former is not None:
        battle = drop_everything(battle, battle.fighter(name), former, "taken down")
    return battle


def deal_damage(battle: Battle, name: str, damage: int, rule: str, why: str) -> Battle:
    """Add ``damage`` to a fighter (18.5.3 counting); take it down at its Toughness."""
    fighter = battle.fighter(name)
    toughness = battle.setup.profile(fighter.profile).toughness
    total = fighter.damage + damage
    battle = battle.with_fighter(replace(fighter, damage=total))
    battle = battle.logged(
        rule,
        EventKind.DAMAGE,
        "{fighter} takes {damage} damage ({why}), {total_damage} of Toughness {toughness}",
        fighter=name,
        damage=damage,
        total_damage=total,
        toughness=toughness,
        words={"why": why},
    )
    if total >= toughness:
        battle = take_down(battle, name)
    return battle


@dataclass(frozen=True)
class PoisonDamage(Frame):
    """Poison Tip (Witch v1.4.0): 1 damage at the end of the Action Phase, with Barrier.
    The same for a point of windburn (14.1) when the table lets Barrier answer it
    (``--windburn-barrier on``, ruling MB-14): ``rule``, ``why`` and ``what`` name it."""

    fighter: str
    clubs: int = 0
    rule: str = "Poison Tip"
    why: str = "poisoned, ruling MW-8"
    what: str = "poison"

    def _deal(self, battle: Battle) -> Battle:
        return deal_damage(battle, self.fighter, 1, self.rule, self.why).finish()

    def _cost(self, battle: Battle) -> str:
        barrier = battle.setup.pack.universal("barrier")
        return barrier.cost if barrier is not None else ""

    def _ways(self, battle: Battle) -> tuple[str, ...]:
        cost = self._cost(battle)
        if not cost:
            return ()
        player = battle.fighter(self.fighter).player
        return tuple(p.text for p in ways_to_pay(battle, player, cost))

    def advance(self, battle: Battle) -> Battle | None:
        fighter = battle.fighter(self.fighter)
        if not fighter.on_battlefield:
            return battle.finish()
        if not self.clubs and not self._cost(battle):
            return self._deal(battle)
        return None

    def node(self, battle: Battle) -> Node:
        if self.clubs:
            return Chance(battle.chances, "Barrier", "Barrier dice")
        player = battle.fighter(self.fighter).player
        return Turn(
            player, "Barrier", f"{self.fighter} receives 1 {self.what} damage: cast Barrier?"
        )

    def options(self, battle: Battle) -> tuple[Action, ...]:
        return (NO_BARRIER, *self._ways(battle))

    def act(self, battle: Battle, action: Action) -> Battle:
        chosen = pick(action, battle.options(), "Barrier", "Barrier payment")
        if chosen == NO_BARRIER:
            return self._deal(battle)
        player = battle.fighter(self.fighter).player
        payment = chosen_payment(battle, player, self._cost(battle), chosen)
        battle = battle.spend(
            player,
            payment.cards,
            f"Barrier on {self.fighter}",
            fighter=self.fighter,
            spell="Barrier",
        )
        return battle.top(replace(self, clubs=payment.amount))

    def sample(self, battle: Battle, rng: Random) -> Action:
        _, faces = CountAtMost(1, self.clubs).roll(rng)
        return "dice " + " ".join(str(f) for f in faces)

    def outcomes(self, battle: Battle) -> tuple[tuple[Action, Fraction], ...]:
        return dice_outcomes("dice", 1)

    def chance(self, battle: Battle, action: Action) -> Battle:
        words = action.split()
        if len(words) != 2 or words[0] != "dice" or words[1] not in "123456" or not words[1]:
            raise IllegalAction(f"Barrier: one die is written 'dice N', not {action!r}")
        face = int(words[1])
        cancelled = face <= self.clubs
        battle = battle.logged(
            "Barrier",
            EventKind.BARRIER,
            "Barrier die: {faces:space} -> {outcome} (ruling MW-6)",
            faces=(face,),
            cancels=cancelled,
            words={"outcome": f"cancels the {self.what} damage" if cancelled else "no effect"},
        )
        if cancelled:
            return battle.finish()
        return self._deal(battle)

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {"frame": self.what, "fighter": self.fighter}
