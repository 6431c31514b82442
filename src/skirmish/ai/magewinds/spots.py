"""Positions a player looks for, offered beside the representative ones (ruling MB-6).

The battle lists a representative set of places to move to or deploy at (MB-6); a person
may type any legal point. These are the points a player at the table looks for first, each
with its reason: nearest the objective (9.4), touching an object lying free (19.1),
within Range of an enemy with a line of attack to it (18.1), out of every enemy's sight
(16.0), and in cover from the nearest enemy (18.2). Each is found on the tabletop's
geometry (the region a Move can end in, 15.0; sight and cover by
:mod:`skirmish.games.magewinds.sightlines`) and then checked in full by the battle itself,
so only legal points are offered.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import chain

from shapely import Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from skirmish.engine.battle import Action
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.battles import place_text
from skirmish.games.magewinds.field import Battlefield, Placed

RINGS = 12
RING_STEP = 0.25
RING_POINTS = 24
"""Where a deployment near the objective is looked for past the nearest point: rings a
quarter inch apart out to 3", each sampled at 24 points."""
INSIDE = 0.03
"""How far inside the region a point is taken, so its two-decimal text stays within it."""
GRID = 1.0
HUG = 0.5
"""Where out of sight and cover are looked for: the region's points on a 1" grid, and
points every half inch along each obstacle's outline, a base's radius out from it (where
a fighter stands behind it)."""


@dataclass(frozen=True)
class Spot:
    """A position offered with the reason a player would pick it."""

    action: Action
    reason: str


def spots(battle: Battle, mover: str | None, legal: Sequence[Action]) -> list[Spot]:
    """The positions worth offering at this decision, legal ones only, none already in
    ``legal``: for a Move of ``mover`` (``to X,Y``)."""
    texts = [str(a) for a in legal]
    if any(t.startswith("deploy ") and " at " in t for t in texts):
        deploying = chain(_deployments(battle, texts), _deployed_hidden(battle, texts))
        return _checked(battle, deploying, texts, once=_deployed)
    if mover is None or not any(t.startswith("to ") for t in texts):
        return []
    from skirmish.games.magewinds.battle.session import battlefield_now
    from skirmish.games.magewinds.moves import reach

    field = battlefield_now(battle)
    try:
        placed = field.fighter(mover)
        region = reach(field, placed).buffer(-INSIDE)
    except SkirmishError:
        return []
    if region.is_empty:
        return []
    listed = [_point(t) for t in texts if t.startswith("to ")]
    wanted = (
        (f"to {place_text((point.x, point.y))}", reason)
        for point, reason in _wanted(battle, field, placed, region, listed)
    )
    return _checked(battle, wanted, texts)


def _point(text: str) -> Point:
    """The point an action ``to X,Y`` names."""
    x, y = text.rsplit(" ", 1)[-1].split(",")
    return Point(float(x), float(y))


def _checked(
    battle: Battle,
    wanted: Iterator[tuple[str, str]],
    listed: Sequence[str],
    *,
    once: Callable[[str, str], str] = lambda action, reason: action,
) -> list[Spot]:
    """The actions the battle takes (checked in full unless ``listed`` already), each
    once, and the first only of those ``once`` (of the action and its reason) gives the
    same key."""
    found: list[Spot] = []
    legal = set(listed)
    keys: set[str] = set()
    for action, reason in wanted:
        if once(action, reason) in keys or any(s.action == action for s in found):
            continue
        if action not in legal:
            try:
                battle.apply(action)
            except SkirmishError:
                continue
        keys.add(once(action, reason))
        found.append(Spot(action, reason))
    return found


def _deployed(action: str, reason: str) -> str:
    """Which fighter a deployment places, and what kind of place it is (one of each is
    offered: the reason's first two words)."""
    return action.split(" at ")[0] + ": " + " ".join(reason.split()[:2])


def _deploy_area(battle: Battle, player: int) -> BaseGeometry | None:
    """Where ``player``'s bases may be centred at deployment (10.5): the territory, a
    base's radius in, and clear of the objective as far as the scenario keeps them."""
    from skirmish.games.magewinds.battle.scenarios import objective_point
    from skirmish.games.magewinds.battle.territory import RADIUS
    from skirmish.games.magewinds.picture import territory_shape

    scenario = battle.setup.scenario
    if not battle.territories[player]:
        return None
    table = battle.setup.table
    area: BaseGeometry = territory_shape(
        scenario.territory,
        battle.territories[player],
        table.width,
        table.length,
        corner_radius=scenario.corner_radius,
    )
    area = area.buffer(-(RADIUS + INSIDE))
    keep_out = scenario.deploy_from_objective
    if keep_out and scenario.objective:
        area = area.difference(Point(objective_point(battle)).buffer(keep_out + RADIUS + INSIDE))
    return None if area.is_empty else area


def _deployed_hidden(battle: Battle, texts: Sequence[str]) -> Iterator[tuple[str, str]]:
    """10.5 with 16.0 and 18.2: for each fighter waiting to deploy, the place in its
    player's territory out of every deployed enemy's sight, and the place in cover from
    the nearest one, as :func:`_hidden` finds them for a Move (nearest the territory's
    middle first)."""
    from skirmish.games.magewinds.battle.session import battlefield_now
    from skirmish.geometry import Based

    player = getattr(battle.node(), "player", None)
    if player is None:
        return
    area = _deploy_area(battle, player)
    if area is None:
        return
    field = battlefield_now(battle)
    waiting = {f.name: f for f in battle.fighters if f.player == player and f.at is None}
    middle = area.representative_point()
    found: list[tuple[Point, str]] | None = None
    for name in dict.fromkeys(t.split(" at ")[0].removeprefix("deploy ") for t in texts):
        fighter = waiting.get(name)
        if fighter is None:
            continue
        if found is None:  # every fighter's base is the same (0.2): found once for all
            placed = Placed(
                Based(name, middle.x, middle.y, warband=f"P{player + 1}"),
                battle.setup.profile(fighter.profile),
            )
            found = list(_hidden(field, placed, area))
        for point, reason in found:
            yield f"deploy {name} at {place_text((point.x, point.y))}", reason


def _deployments(battle: Battle, texts: Sequence[str]) -> Iterator[tuple[str, str]]:
    """10.5: for each fighter waiting to deploy, the point of its player's territory
    nearest the objective that the scenario allows."""
    from skirmish.games.magewinds.battle.scenarios import objective_point
    from skirmish.games.magewinds.battle.territory import RADIUS

    player = getattr(battle.node(), "player", None)
    if not battle.setup.scenario.objective or player is None:
        return
    area = _deploy_area(battle, player)
    if area is None:
        return
    goal = Point(objective_point(battle))
    names = dict.fromkeys(t.split(" at ")[0].removeprefix("deploy ") for t in texts)
    for point in map(_rounded, _around(area, goal)):
        gap = max(0.0, point.distance(goal) - RADIUS)
        for name in names:
            yield (
                f"deploy {name} at {place_text((point.x, point.y))}",
                f'as near the objective as it may deploy: {gap:.2f}" (10.5, 9.4)',
            )


def _around(area: BaseGeometry, goal: Point) -> Iterator[Point]:
    """Points of ``area`` from nearest ``goal`` outwards: the nearest, then rings a
    quarter inch apart (an obstacle or a base may stand on the nearest)."""
    nearest = nearest_points(area, goal)[0]
    yield nearest
    start = nearest.distance(goal)
    for ring in range(RINGS):
        circle = goal.buffer(start + RING_STEP * ring, quad_segs=16).boundary
        arc = circle.intersection(area)
        if arc.is_empty:
            continue
        points = [arc.interpolate(i / RING_POINTS, normalized=True) for i in range(RING_POINTS)]
        yield from sorted(points, key=lambda p: p.distance(goal))


def _wanted(
    battle: Battle,
    field: Battlefield,
    placed: Placed,
    region: BaseGeometry,
    listed: Sequence[Point] = (),
) -> Iterator[tuple[Point, str]]:
    """The points of ``region`` a player looks for, each with its reason (one of the
    ``listed`` points when it is as near the objective)."""
    from skirmish.games.magewinds.battle.scenarios import objective_point
    from skirmish.games.magewinds.tabletop import report

    radius = placed.base.radius
    scenario = battle.setup.scenario
    if scenario.objective:
        goal = Point(objective_point(battle))
        point = min(
            [_rounded(nearest_points(region, goal)[0]), *listed], key=lambda p: p.distance(goal)
        )
        gap = max(0.0, point.distance(goal) - radius)
        within = f'; within {scenario.control_radius:g}" counts' if scenario.control_radius else ""
        yield point, f'nearest the objective: {gap:.2f}" from it{within} (9.4)'
    for item in field.objects:
        centre = Point(item.x, item.y)
        point = nearest_points(region, centre)[0]
        if point.distance(centre) <= item.radius + radius + INSIDE + 0.01:
            yield point, f"touching {item.name} (19.1)"
    for enemy in field.fighters:
        if enemy.warband == placed.warband:
            continue
        centre = Point(enemy.base.x, enemy.base.y)
        point = nearest_points(region, centre)[0]
        moved = field.with_fighter(_at(placed, point))
        for attack in placed.profile.attacks:
            try:
                table = report(moved, placed.name, enemy.name, attack.name)
            except SkirmishError:
                continue
            if table.line.exists and table.sight.visible:
                yield point, f"{attack.name} reaches {enemy.name} from here (18.1)"
                break
    yield from _hidden(field, placed, region)


def _hidden(
    field: Battlefield, placed: Placed, region: BaseGeometry
) -> Iterator[tuple[Point, str]]:
    """The nearest point of ``region`` (to where the fighter stands) out of every enemy's
    sight (16.0), and the nearest in cover from the nearest enemy (18.2), each with the
    obstacles that give it; found among :func:`_samples`, asked of the core's sight and
    cover all at once."""
    from skirmish.games.magewinds.sightlines import covers, visibilities

    enemies = [f for f in field.fighters if f.warband != placed.warband]
    if not enemies:
        return
    here = Point(placed.base.x, placed.base.y)
    points = sorted(_samples(field, placed, region), key=here.distance)
    if not points:
        return
    moved = [_at(placed, p) for p in points]
    seen = visibilities(field, [(e, m) for m in moved for e in enemies])
    count = len(enemies)
    for n, point in enumerate(points):
        if not any(s.visible for s in seen[n * count : (n + 1) * count]):
            yield point, "out of every enemy's sight (16.0)"
            break
    nearest = min(enemies, key=lambda e: here.distance(Point(e.base.x, e.base.y)))
    for point, found in zip(points, covers(field, [(nearest, m) for m in moved]), strict=True):
        if found.in_cover and found.because:
            yield point, f"in cover from {nearest.name} behind {', '.join(found.because)} (18.2)"
            break


def _samples(field: Battlefield, placed: Placed, region: BaseGeometry) -> list[Point]:
    """Points of ``region`` (two-decimal, as offered) to look for sight and cover at:
    along each obstacle near it, a base's radius out, and on a grid."""
    found: dict[tuple[float, float], Point] = {}
    reach = region.buffer(placed.base.radius + 0.1)
    for obstacle in field.obstacles:
        shape = obstacle.footprint
        if not shape.intersects(reach):
            continue
        grown = shape.buffer(placed.base.radius + 0.05, quad_segs=4)
        if not isinstance(grown, Polygon):
            continue
        ring = grown.exterior
        steps = max(1, int(ring.length / HUG))
        for i in range(steps):
            point = _rounded(ring.interpolate(i / steps, normalized=True))
            if region.contains(point):
                found[(point.x, point.y)] = point
    left, bottom, right, top = region.bounds
    y = bottom
    while y <= top:
        x = left
        while x <= right:
            point = _rounded(Point(x, y))
            if region.contains(point):
                found[(point.x, point.y)] = point
            x += GRID
        y += GRID
    return list(found.values())


def _at(placed: Placed, point: Point) -> Placed:
    """The fighter with its base moved to ``point``."""
    return replace(placed, base=replace(placed.base, x=point.x, y=point.y))


def _rounded(point: Point) -> Point:
    """The point as its two-decimal text gives it."""
    return Point(round(point.x, 2), round(point.y, 2))
