"""The Cleric's Heal and Revive (Tempest Crusaders, Cleric page v1.4.0).

- Heal: a spell cast at the end of the Cleric's activation, paying 1 or more Hearts; a
  fighter within 5" that the Cleric sees heals 1 damage per Heart spent (17.0: a face card
  is worth 2 and an Ace 3). Healing ends poison (ruling MB-15).
- Revive: a spell action paying 3 Hearts; a fighter out of action is set up again within
  1" of the Cleric with half its Toughness (rounded up) as damage, and a single action
  counter when it went out of action in this Action Phase (ruling MB-36).
"""

from __future__ import annotations

import math
from dataclasses import replace

from skirmish.engine.battle import Action, IllegalAction
from skirmish.engine.logbook import line_fighters
from skirmish.games.magewinds.battle.abilities.common import (
    ActionAbility,
    cited,
    gap,
    own,
    paid,
    split_paying,
)
from skirmish.games.magewinds.battle.actions import after, parse_point, point_text
from skirmish.games.magewinds.battle.eventkinds import POISON_ENDS, EventKind
from skirmish.games.magewinds.battle.geometry import RADIUS, sees, stand_problem
from skirmish.games.magewinds.battle.hooks import Castable
from skirmish.games.magewinds.battle.paying import healing_cost, ways_to_pay
from skirmish.games.magewinds.battle.spells import castable
from skirmish.games.magewinds.battle.state import Battle, Fighter, Status, rounded
from skirmish.games.magewinds.cards import card_value

HEAL_RANGE = 5.0
REVIVE_REACH = 1.0
"""Heal: a visible fighter within 5". Revive: set up within 1" of the Cleric."""


def heal_casts(battle: Battle, cleric: Fighter) -> list[Castable]:
    """Heal at the end of ``cleric``'s activation: each fighter within 5" it sees that has
    damage to heal or poison to end (whatever the hand holds, ruling MB-23)."""
    if own(battle, cleric, "heal") is None or not cleric.on_battlefield:
        return []
    casts: list[Castable] = []
    for target in battle.on_battlefield():
        near = (target.damage or target.poisoned) and gap(cleric, target) <= HEAL_RANGE
        if near and sees(battle, cleric, target):
            casts += castable(battle, cleric, "heal", target=target)
    return casts


def heal_options(battle: Battle, cleric: Fighter) -> list[Action]:
    """``cast Heal on TARGET paying CARDS`` for each target of :func:`heal_casts` and way to
    pay, spending no Heart beyond the target's damage (20.1, ruling MB-1)."""
    spell = own(battle, cleric, "heal")
    return [
        f"cast {spell.name} on {one.target.name} paying {way.text}"
        for one in heal_casts(battle, cleric)
        if spell is not None and one.target is not None
        for way in ways_to_pay(
            battle, battle.controller(cleric), healing_cost(spell.cost, one.target.damage)
        )
    ]


def heal(battle: Battle, cleric: Fighter, target: Fighter, action: Action) -> Battle:
    """Heal (20.1): the target heals as much damage as the Hearts spent are worth; Hearts
    beyond its damage heal nothing, so they are not spent (ruling MB-1)."""
    spell = own(battle, cleric, "heal")
    assert spell is not None
    _, paying = split_paying(action, spell.name)
    cost = healing_cost(spell.cost, target.damage)
    battle, payment = paid(battle, cleric, spell, paying, cost=cost)
    target = battle.fighter(target.name)
    spent = sum(card_value(card) for card in payment.cards)
    healed = min(target.damage, payment.amount)
    battle = battle.with_fighter(replace(target, damage=target.damage - healed, poisoned=False))
    return battle.logged(
        "20.1",
        EventKind.HEAL,
        "{cited}: {caster} heals {fighter} {healed} damage ({spent} Hearts spent, {left} damage "
        "left; ruling MB-1){poison}",
        caster=cleric.name,
        spell=spell.name,
        fighter=target.name,
        healed=healed,
        spent=spent,
        left=target.damage - healed,
        words={
            "cited": cited(battle, spell, cleric),
            "poison": POISON_ENDS if target.poisoned else "",
        },
    )


def fell_this_phase(battle: Battle, name: str) -> bool:
    """Whether ``name`` was taken down in the current Action Phase: its latest take-down
    comes after the phase began (13.0)."""
    for event in reversed(battle.events()):
        if event.event == EventKind.PHASE and event.rule == "13.0":
            return False
        if event.event == EventKind.TAKEN_DOWN and name in line_fighters(event):
            return True
    return False


class Revive(ActionAbility):
    """Revive: ``revive FIGHTER at x,y paying CARDS``."""

    def nothing(self, battle: Battle, fighter: Fighter) -> str:
        return 'no fighter is out of action, or there is no room within 1" of the Cleric'

    def spots(self, battle: Battle, cleric: Fighter, name: str) -> list[tuple[float, float]]:
        """Representative places within 1" of the Cleric where the fallen fighter can stand
        (ruling MB-6): see :func:`revive_ring`."""
        assert cleric.at is not None
        return [
            spot
            for spot in revive_ring(cleric.at)
            if stand_problem(battle, spot, exclude=name) is None
        ]

    def options(self, battle: Battle, fighter: Fighter) -> tuple[Action, ...]:
        out = []
        for fallen in battle.fighters:
            if fallen.status is Status.OUT_OF_ACTION:
                for spot in self.spots(battle, fighter, fallen.name):
                    for way in self.ways(battle, fighter):
                        out.append(f"revive {fallen.name} at {point_text(spot)}{way}")
        return tuple(out)

    def act(self, battle: Battle, fighter: Fighter, action: Action) -> Battle:
        spell = own(battle, fighter, self.key)
        assert spell is not None and fighter.at is not None
        head, paying = split_paying(action, spell.name)
        rest = after(head, "revive")
        if rest is None or " at " not in rest:
            raise IllegalAction(f"{spell.name}: write 'revive FIGHTER at x,y paying CARDS'")
        name, where = rest.rsplit(" at ", 1)
        fallen = battle.find_fighter(name)
        if fallen.status is not Status.OUT_OF_ACTION:
            raise IllegalAction(f"{spell.name}: {fallen.name} is not out of action (4.4)")
        spot = rounded(parse_point(where, spell.name))
        reach = revive_reach(spot, fighter.at)
        if reach > REVIVE_REACH + 1e-9:
            raise IllegalAction(
                f'{spell.name}: ({point_text(spot)}) is {reach:.4f}" from {fighter.name}; '
                'it must be within 1" (20.2)'
            )
        problem = stand_problem(battle, spot, exclude=fallen.name)
        if problem:
            raise IllegalAction(problem)
        battle, _ = paid(battle, fighter, spell, paying)
        toughness = battle.setup.profile(fallen.profile).toughness
        damage = math.ceil(toughness / 2)
        counters = 1 if fell_this_phase(battle, fallen.name) else 0
        battle = battle.with_fighter(
            replace(
                fallen,
                status=Status.ON_BATTLEFIELD,
                at=spot,
                damage=damage,
                counters=counters,
                guarding=False,
                effects=frozenset(),
            )
        )
        return battle.logged(
            "20.2",
            EventKind.REVIVE,
            "{cited}: {caster} revives {fighter} at ({at:point}) with {damage} damage (half of "
            "Toughness {toughness}, rounded up){fell}",
            caster=fighter.name,
            spell=spell.name,
            fighter=fallen.name,
            at=spot,
            damage=damage,
            toughness=toughness,
            counters=counters,
            words={
                "cited": cited(battle, spell, fighter),
                "fell": "; it fell in this Action Phase, so it has a single action counter"
                if counters
                else "",
            },
        )


def revive_reach(spot: tuple[float, float], cleric: tuple[float, float]) -> float:
    """How far a base at ``spot`` is from the Cleric's base at ``cleric`` (8.0: between
    the closest points of the bases)."""
    return math.dist(spot, cleric) - 2 * RADIUS


def revive_ring(cleric: tuple[float, float]) -> list[tuple[float, float]]:
    """The places offered for a Revive, in eight directions: in contact with the Cleric
    and as far as 1" away (ruling MB-6). Offered places are written to three decimals, so
    both rings keep 0.002" inside their limit: rounding moves a place by at most 0.0008",
    and the offer must pass the same check as a typed place (no overlap, within 1")."""
    x, y = cleric
    out = []
    for reach in (2 * RADIUS + 0.002, 2 * RADIUS + REVIVE_REACH - 0.002):
        for i in range(8):
            a = i * math.pi / 4
            out.append((round(x + reach * math.cos(a), 3), round(y + reach * math.sin(a), 3)))
    return out


REVIVE = Revive("revive", "revive")
