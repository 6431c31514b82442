"""A decision's options as a person reads them at the table: the enemies to attack first
and friends marked, the ways to pay one spell grouped under it, and beside each attack its
exact odds (expected damage and the chance to take the target down).

Read from the player's view alone (:func:`from_view`), as :mod:`.explain` is. The odds are
the attack's outlook when both players choose well (:mod:`.outlook`: the attack and
defence choices, 18.3 and 18.4, at their equilibrium; the hands left out).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from skirmish.engine.battle import Action
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle.rebuild import from_view
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.picture import active_fighter


@dataclass(frozen=True)
class ActionParts:
    """What an action's text names: its verb, what it is about (``Druid with Melee``,
    ``Haste by Wizard on Witch``) and the cards that pay for it, if any (17.0)."""

    verb: str
    subject: str
    payment: str | None = None

    @property
    def paid_for(self) -> str:
        """The action without its payment: what the ways to pay it share."""
        return f"{self.verb} {self.subject}".strip()

    @property
    def target(self) -> str | None:
        """An attack's target (13.4), by name."""
        if self.verb != "attack" or " with " not in self.subject:
            return None
        return self.subject.split(" with ", 1)[0]


def action_parts(action: Action) -> ActionParts:
    """The parts of a legal action, read from its one text form (``str(action)``)."""
    text = str(action)
    head, paying, payment = text.partition(" paying ")
    verb, _, subject = head.partition(" ")
    return ActionParts(verb, subject, payment if paying else None)


@dataclass(frozen=True)
class Option:
    """One option as shown: the action, the words shown for it, and the heading it shares
    with the other ways to pay the same thing (empty when it stands alone)."""

    action: Action
    text: str
    group: str = ""


def menu(setup: Setup, view: Mapping[str, Any], legal: Sequence[Action]) -> tuple[Option, ...]:
    """The options of the decision in ``view``, in the order they are numbered: first the
    positions a player looks for, with their reasons (:mod:`.spots`), then the legal
    actions listed."""
    battle = from_view(setup, view, Random(f"skirmish menu {view['round']} {len(view['log'])}"))
    player = int(view["player"]) - 1
    ordered = _enemies_first(battle, player, legal)
    counts: dict[str, int] = {}
    for action in ordered:
        parts = action_parts(action)
        if parts.payment is not None:
            counts[parts.paid_for] = counts.get(parts.paid_for, 0) + 1
    attacker = active_fighter(view)
    odds: dict[str, str] = {}
    options = []
    for action in ordered:
        parts = action_parts(action)
        notes = []
        target = parts.target
        if target is not None:
            if _is_friend(battle, player, target):
                notes.append("a friend")
            if attacker is not None and parts.paid_for not in odds:
                odds[parts.paid_for] = attack_odds(battle, attacker, action)
            if odds.get(parts.paid_for):
                notes.append(odds[parts.paid_for])
        said = f"  [{'; '.join(notes)}]" if notes else ""
        if parts.payment is not None and counts[parts.paid_for] > 1:
            options.append(Option(action, parts.payment, parts.paid_for + said))
        else:
            options.append(Option(action, str(action) + said))
    from skirmish.ai.magewinds.spots import spots

    found = spots(battle, attacker, legal)
    marked = {s.action for s in found}
    rest = tuple(o for o in options if str(o.action) not in marked)
    return (*(Option(s.action, f"{s.action}  [{s.reason}]") for s in found), *rest)


def _enemies_first(battle: Battle, player: int, legal: Sequence[Action]) -> list[Action]:
    """``legal`` with the attacks on enemies before those on objects and on friends, the
    other options where they were."""
    slots = [i for i, a in enumerate(legal) if action_parts(a).target is not None]

    def rank(action: Action) -> int:
        target = action_parts(action).target
        assert target is not None
        if _is_friend(battle, player, target):
            return 2
        return 1 if any(i.name == target for i in battle.items) else 0

    attacks = sorted((legal[i] for i in slots), key=rank)
    ordered = list(legal)
    for slot, action in zip(slots, attacks, strict=True):
        ordered[slot] = action
    return ordered


def _is_friend(battle: Battle, player: int, name: str) -> bool:
    found = next((f for f in battle.fighters if f.name == name), None)
    return found is not None and found.player == player


def attack_odds(battle: Battle, attacker: str, action: Action) -> str:
    """``1.25 damage, 17% to take down``: the attack's outlook, or nothing when it is not
    an attack on a fighter; at a fighter of the attacker's own side, the least and most
    damage its player may choose (it makes both hidden choices, 18.3, 18.4)."""
    from skirmish.ai.magewinds.outlook import outlook
    from skirmish.games.magewinds.battle.attacks import build_situation
    from skirmish.games.magewinds.battle.state import Fighter
    from skirmish.games.magewinds.battle.targets import parse_attack

    try:
        me = battle.fighter(attacker)
        target, attack, _ = parse_attack(battle, me, str(action))
        if not isinstance(target, Fighter):
            return ""
        situation = build_situation(battle, me, target, attack)
        if battle.controller(target) == battle.controller(me):
            # one player makes both hidden choices (MB-51): not a contest's odds
            from skirmish.ai.magewinds.plans import choice_pairs

            damages = [pair[3] for pair in choice_pairs(situation)]
            return f"both hidden choices yours: {min(damages):.2f} to {max(damages):.2f} damage"
        found = outlook(situation)
    except SkirmishError:
        return ""
    damage = float(found.expected_damage)
    down = float(found.take_down(target.damage))
    return f"{damage:.2f} damage, {down:.0%} to take down"
