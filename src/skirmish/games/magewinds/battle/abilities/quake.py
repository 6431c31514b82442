"""The Druid's Quake (Tempest Crusaders, Druid page v1.5.2), ruling MB-44.

A spell action paying 2 Clubs at a terrain feature within 9" that the Druid sees (a point of
its outline joined to the Druid's base by a line crossing no other high obstacle, 16.0).
Every fighter within 1" of the feature, the Druid and its friends included, suffers an
attack of Power 6 and Precision 3 whose attacker is the feature: a single profile, neither
melee nor magical for other rules, with no cover (nothing stands between the feature and
the fighter). The Druid's player chooses the order. A Dodge step must end further from the
feature; no knockback (the feature cannot choose to knock back, 18.5.4); blocked hits sent
back by Mirrorshield strike the feature and do nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from shapely import Point as ShapelyPoint
from shapely.ops import nearest_points

from skirmish.engine.battle import Action, IllegalAction, Node, Turn
from skirmish.games.magewinds.attack import AttackResult, AttackSituation, Combatant
from skirmish.games.magewinds.battle.abilities.common import (
    ActionAbility,
    cited,
    own,
    paid,
    split_paying,
)
from skirmish.games.magewinds.battle.abilities.deadeye import point_visible
from skirmish.games.magewinds.battle.abilities.quake_attack import QuakeAttack, feature_profile
from skirmish.games.magewinds.battle.actions import after, pick
from skirmish.games.magewinds.battle.attacks import combatant
from skirmish.games.magewinds.battle.candidates import step_candidates
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import RADIUS, moved
from skirmish.games.magewinds.battle.state import Battle, Fighter, Frame, Point
from skirmish.geometry import Terrain

KEY = "quake"
QUAKE_RANGE = 9.0
QUAKE_AREA = 1.0
SAMPLE = 0.5
"""Points along a feature's outline tried for sight, this far apart."""


def _gap(piece: Terrain, at: Point) -> float:
    return max(0.0, float(piece.footprint.distance(ShapelyPoint(at))) - RADIUS)


def feature_visible(battle: Battle, druid: Fighter, piece: Terrain) -> bool:
    """16.0 for a terrain feature: some point of its outline, tried every 0.5", is visible
    to the Druid, the feature itself not blocking (ruling MB-44)."""
    for part in getattr(piece.footprint, "geoms", [piece.footprint]):
        outline = part.exterior
        steps = max(4, math.ceil(outline.length / SAMPLE))
        for i in range(steps):
            point = outline.interpolate(i / steps, normalized=True)
            if point_visible(battle, druid, (point.x, point.y), besides=piece.name):
                return True
    return False


class Quake(ActionAbility):
    """Quake: ``quake FEATURE paying CARDS``."""

    def features(self, battle: Battle, druid: Fighter) -> list[Terrain]:
        assert druid.at is not None
        return [
            t
            for t in battle.setup.table.field.terrain
            if _gap(t, druid.at) <= QUAKE_RANGE and feature_visible(battle, druid, t)
        ]

    def nothing(self, battle: Battle, fighter: Fighter) -> str:
        return 'no terrain feature within 9" that the Druid sees'

    def options(self, battle: Battle, fighter: Fighter) -> tuple[Action, ...]:
        return tuple(
            f"quake {t.name}{way}"
            for t in self.features(battle, fighter)
            for way in self.ways(battle, fighter)
        )

    def act(self, battle: Battle, fighter: Fighter, action: Action) -> Battle:
        spell = own(battle, fighter, self.key)
        assert spell is not None
        head, paying = split_paying(action, spell.name)
        name = (after(head, "quake") or "").casefold()
        piece = next((t for t in self.features(battle, fighter) if t.name.casefold() == name), None)
        if piece is None:
            raise IllegalAction(
                f'{spell.name}: {name!r} is not a terrain feature within 9" that {fighter.name} '
                "sees (16.0)"
            )
        battle, _ = paid(battle, fighter, spell, paying)
        shaken = tuple(
            f.name for f in battle.on_battlefield() if f.at is not None and _gap(piece, f.at) <= 1
        )
        battle = battle.logged(
            spell.name,
            EventKind.QUAKE,
            '{cited}: every fighter within 1" of {feature} suffers an attack of Power 6, '
            "Precision 3: {fighters:list} (ruling MB-44)",
            caster=fighter.name,
            spell=spell.name,
            feature=piece.name,
            fighters=shaken,
            words={"cited": cited(battle, spell, fighter)},
        )
        return battle.push(QuakeFrame(fighter.name, battle.controller(fighter), piece.name, shaken))


QUAKE = Quake(KEY, "quake")


@dataclass(frozen=True)
class QuakeFrame(Frame):
    """The Quake's attacks, one fighter after another in the order the Druid's player
    chooses."""

    druid: str
    player: int
    feature: str
    left: tuple[str, ...]

    def _piece(self, battle: Battle) -> Terrain:
        return next(t for t in battle.setup.table.field.terrain if t.name == self.feature)

    def _standing(self, battle: Battle) -> list[str]:
        return [n for n in self.left if battle.fighter(n).on_battlefield]

    def advance(self, battle: Battle) -> Battle | None:
        standing = self._standing(battle)
        if not standing:
            return battle.finish()
        if len(standing) == 1:
            return self._attack(battle, standing[0])
        return None

    def node(self, battle: Battle) -> Node:
        return Turn(self.player, "Quake", f"which fighter does {self.feature}'s Quake attack next?")

    def options(self, battle: Battle) -> tuple[Action, ...]:
        return tuple(f"quake attacks {n}" for n in self._standing(battle))

    def act(self, battle: Battle, action: Action) -> Battle:
        chosen = pick(action, self.options(battle), "Quake", "fighter to attack next")
        return self._attack(battle, chosen.removeprefix("quake attacks "))

    def _attack(self, battle: Battle, name: str) -> Battle:
        piece = self._piece(battle)
        target = battle.fighter(name)
        assert target.at is not None
        near = nearest_points(piece.footprint, ShapelyPoint(target.at))[0]
        source = (round(near.x, 4), round(near.y, 4))
        profile = feature_profile(piece)
        druid = battle.fighter(self.druid)
        from_there = moved(battle, druid, source)
        situation = AttackSituation(
            attacker=Combatant(profile, label=piece.name),
            target=combatant(battle, target, attacking=False),
            attack=profile.attacks[0],
            cover=False,
            can_dodge=bool(dodge_steps(from_there, target, from_there.fighter(self.druid))),
            defender_cards=battle.hands[battle.controller(target)],
            attacker_cards=None,
            barrier_cost=_barrier(battle),
        )
        battle = battle.top(replace(self, left=tuple(n for n in self.left if n != name)))
        return battle.push(
            QuakeAttack(
                self.druid,
                name,
                self.player,
                battle.controller(target),
                situation,
                source_at=source,
            )
        )

    def resume(self, battle: Battle, result: Any) -> Battle:
        assert result is None or isinstance(result, AttackResult)
        return battle

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {"frame": "quake", "feature": self.feature, "left": list(self.left)}


def _barrier(battle: Battle) -> str:
    barrier = battle.setup.pack.universal("barrier")
    return barrier.cost if barrier is not None else ""


def dodge_steps(battle: Battle, target: Fighter, source: Fighter) -> list[Point]:
    """18.4: representative 1" steps of ``target`` ending further from ``source``."""
    return step_candidates(battle, target, 1.0, source, strictly=True)
