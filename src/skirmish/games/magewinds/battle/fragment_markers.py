"""Fragment Frenzy v1.3.0: fragments as markers, collected by crossing them in a Move.

The version before the one played by default (:mod:`.fragments`, v1.3.1) differs in three
ways. Fragments are markers (9.4), points that bases pass over, not objects. A fighter
whose Move action crosses one may collect it, at most one per Move action, its player
choosing which when the path crossed several; step moves, knockback, Push and Blink are
not Move actions. Player 2 picks a half split along the long edge only (MB-5's agreed
split, as King of the Hill). Placement, the hand-limit bonus and the end are as v1.3.1's.

A Move is the path the engine traces to the end the player names: straight, or the
shortest way around what is in the way (15.0). "Crossing" is ruling MB-28: by default the
moving base passes over the marker's point; ``--fragment-crossing centre`` asks its centre
to.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from shapely import LineString
from shapely import Point as ShapelyPoint

from skirmish.engine.battle import Action, Node, Turn
from skirmish.games.magewinds.battle.actions import after, pick
from skirmish.games.magewinds.battle.fragments import FRAGMENT_FRENZY, FROM_EDGE, RULE
from skirmish.games.magewinds.battle.objects import collect
from skirmish.games.magewinds.battle.placement import markers
from skirmish.games.magewinds.battle.scenarios import Crossing, distance_to_point
from skirmish.games.magewinds.battle.state import Frame
from skirmish.games.magewinds.battle.territory import closest_edge_gap, wholly_in_half
from skirmish.games.magewinds.scenario_pages import described
from skirmish.geometry import BASE_DIAMETER, EPSILON

if TYPE_CHECKING:
    from skirmish.games.magewinds.battle.state import Battle, Point

VERSION = "1.3.0"
APART = 2.0
FROM_FIGHTERS = 1.0
TOUCHING = 0.01
"""Inches: the centre's path this close to a marker crosses it (as bases touch, MB-11)."""
NONE = "collect nothing"
CITED = f" (v{VERSION}, ruling MB-28)"


def marker_problem(battle: Battle, player: int, at: Point) -> str | None:
    """Where ``player`` may place a fragment marker: its point in the opponent's
    territory, at least 2" from the battlefield's edge and from every other fragment, and
    at least 1" from every fighter's base (ruling MB-28)."""
    table = battle.setup.table
    opponent = next(p for p in range(battle.players) if p != player)
    territory = battle.territories[opponent]
    if not wholly_in_half(territory, table.width, table.length, at, radius=0.0):
        return f"{RULE}: a fragment goes in the opponent's territory ({territory})"
    if closest_edge_gap(table.width, table.length, at, radius=0.0) < FROM_EDGE - EPSILON:
        return f"{RULE}: a fragment goes at least {FROM_EDGE:g}\" from the battlefield's edge"
    for mark in markers(battle):
        assert mark.at is not None
        if math.dist(at, mark.at) < APART - EPSILON:
            return f'{RULE}: a fragment goes at least {APART:g}" from {mark.detail}'
    for fighter in battle.on_battlefield():
        assert fighter.at is not None
        if distance_to_point(fighter.at, at) < FROM_FIGHTERS - EPSILON:
            return f'{RULE}: a fragment goes at least {FROM_FIGHTERS:g}" from {fighter.name}'
    return None


def crossed(battle: Battle, route: tuple[Point, ...]) -> list[str]:
    """The fragments a Move along ``route`` (its centre's path) crosses (ruling MB-28): the
    base passes over the marker's point, or with ``--fragment-crossing centre`` the
    centre does. A Move that does not move the base crosses nothing."""
    if len(route) < 2 or all(p == route[0] for p in route):
        return []
    reach = BASE_DIAMETER / 2
    if battle.setup.options.fragment_crossing is Crossing.CENTRE:
        reach = TOUCHING
    path = LineString(route)
    found = []
    for mark in markers(battle):
        assert mark.at is not None
        if path.distance(ShapelyPoint(mark.at)) <= reach + EPSILON:
            found.append(mark.detail)
    return found


@dataclass(frozen=True)
class Collecting(Frame):
    """After a Move action that crossed fragments: the player deciding for the fighter
    collects one of them, or none (v1.3.0: "may", at most one per Move action)."""

    fighter: str
    player: int
    fragments: tuple[str, ...]

    def node(self, battle: Battle) -> Node:
        return Turn(
            self.player,
            RULE,
            f"{self.fighter} crossed {', '.join(self.fragments)}: collect one (at most one "
            "per Move action)?",
        )

    def options(self, battle: Battle) -> tuple[Action, ...]:
        return (*(f"collect {name}" for name in self.fragments), NONE)

    def act(self, battle: Battle, action: Action) -> Battle:
        chosen = pick(action, self.options(battle), RULE, "fragment to collect")
        if chosen == NONE:
            return battle.finish()
        name = after(chosen, "collect")
        assert name is not None
        return collect(battle, battle.fighter(self.fighter), name, CITED).finish()

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {"frame": "collecting", "fighter": self.fighter, "crossed": list(self.fragments)}


def _after_move(
    battle: Battle, fighter: str, player: int, route: tuple[Point, ...]
) -> Frame | None:
    found = crossed(battle, route)
    return Collecting(fighter, player, tuple(found)) if found else None


FRAGMENT_FRENZY_V130 = replace(
    FRAGMENT_FRENZY,
    **described("fragment-frenzy", VERSION),
    splits=(),
    collect=False,
    markers=True,
    after_move=_after_move,
    placement_problem=marker_problem,
)
