"""16.0 Visibility, 18.1 Line of Attack and 18.2 Cover on a battlefield, with reasons."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import shapely
from shapely import LineString, Point, Polygon
from shapely.ops import nearest_points

from skirmish.errors import IllegalAttack
from skirmish.games.magewinds.field import Battlefield, Placed
from skirmish.games.magewinds.profiles import AttackProfile
from skirmish.geometry import EPSILON, HeightClass, VisiblePart, distance, visible_part
from skirmish.geometry.sight import closest_point_towards

COVER_IGNORE_DISTANCE = 1.0
"""18.2: obstacles within 1" of the attacker are ignored against targets more than 1" away."""


@dataclass(frozen=True)
class Blocker:
    """Something that can stop a straight line: a terrain piece or another fighter's base."""

    name: str
    kind: str
    footprint: Polygon


def _edge(placed: Placed) -> LineString:
    return LineString(placed.base.footprint.exterior.coords)


@dataclass(frozen=True)
class Blockers:
    """Terrain of some height classes plus every fighter's base, with a spatial index."""

    items: tuple[Blocker, ...]
    footprints: tuple[Polygon, ...]
    tree: shapely.STRtree

    def indexes(self, names: set[str], kind: str | None = None) -> frozenset[int]:
        """The indexes of the blockers called ``names`` (of ``kind`` when given)."""
        return frozenset(
            i
            for i, b in enumerate(self.items)
            if b.name in names and (kind is None or b.kind == kind)
        )


@lru_cache(maxsize=64)
def blockers(field: Battlefield, classes: tuple[HeightClass, ...], bases: bool) -> Blockers:
    """What can stop a straight line on ``field``: terrain of ``classes`` and, if
    ``bases``, every fighter (attacker and target are excluded per question)."""
    items = [
        Blocker(t.name, f"{t.height_class.value} obstacle", t.footprint)
        for t in field.terrain
        if t.height_class in classes
    ]
    if bases:
        items += [Blocker(p.name, "fighter", p.base.footprint) for p in field.fighters]
    footprints = tuple(b.footprint for b in items)
    return Blockers(tuple(items), footprints, shapely.STRtree(list(footprints)))


def _look(
    source: Point, edge: LineString, among: Blockers, ignore: frozenset[int]
) -> tuple[VisiblePart, list[str]]:
    part = visible_part(source, edge, among.footprints, tree=among.tree, ignore=ignore)
    names = [f"{among.items[i].kind} {among.items[i].name!r}" for i in part.blockers]
    return part, list(dict.fromkeys(names))


HIGH = (HeightClass.HIGH,)
OBSTACLES = (HeightClass.LOW, HeightClass.MEDIUM, HeightClass.HIGH)


@dataclass(frozen=True)
class Sight:
    """16.0: whether ``target`` is visible to ``viewer``, and why not."""

    viewer: str
    target: str
    visible: bool
    blocked_by: tuple[str, ...] = ()
    viewer_point: Point | None = None

    @property
    def reason(self) -> str:
        if self.visible:
            return f"16.0: {self.target} is visible to {self.viewer}"
        return f"16.0: {self.target} is not visible to {self.viewer}: blocked by " + ", ".join(
            self.blocked_by
        )


def visibility(field: Battlefield, viewer: Placed, target: Placed) -> Sight:
    """16.0: a straight line along the ground from the target to the closest point of the
    viewer's base, crossing no high obstacle (ruling MW-13); a fighter always sees itself."""
    if viewer.name == target.name:
        return Sight(viewer.name, target.name, True)
    point = closest_point_towards(viewer.base.centre, viewer.base.radius, target.base.centre)
    part, names = _look(point, _edge(target), blockers(field, HIGH, False), frozenset())
    return Sight(viewer.name, target.name, part.any, tuple(names), point)


@dataclass(frozen=True)
class LineOfAttack:
    """18.1: whether a line of attack exists, its shortest legal length, and why not."""

    attacker: str
    target: str
    exists: bool
    reason: str
    length: float | None = None
    start: Point | None = None
    end: Point | None = None
    blocked_by: tuple[str, ...] = ()
    visible: VisiblePart | None = None


def line_of_attack(
    field: Battlefield, attacker: Placed, target: Placed, attack: AttackProfile
) -> LineOfAttack:
    """18.1: a line from the closest point of the attacker's base edge to any point of the
    target's base edge, crossing no high obstacle and no other fighter, with its length
    between the attack's Minimum and Maximum Range."""
    start = closest_point_towards(attacker.base.centre, attacker.base.radius, target.base.centre)
    among = blockers(field, HIGH, True)
    pair = among.indexes({attacker.name, target.name}, "fighter")
    part, names = _look(start, _edge(target), among, pair)
    who = (attacker.name, target.name)
    if not part.any:
        return LineOfAttack(
            *who,
            False,
            f"18.1: every line from {attacker.name} to {target.name} is blocked by "
            + ", ".join(names),
            start=start,
            blocked_by=tuple(names),
            visible=part,
        )
    low, high = attack.minimum_range, attack.maximum_range
    best: float | None = None
    for near, far in part.distances():
        if near <= high + EPSILON and far >= low - EPSILON:
            length = max(near, low)
            best = length if best is None else min(best, length)
    if best is None:
        nearest = min(near for near, _ in part.distances())
        farthest = max(far for _, far in part.distances())
        if nearest > high:
            why = f'too far: {nearest:.2f}" is beyond Maximum Range {attack.range_text()}'
        else:
            why = f'too close: {farthest:.2f}" is inside Minimum Range {attack.range_text()}'
        return LineOfAttack(
            *who,
            False,
            f"18.1: {attack.name} from {attacker.name} to {target.name}: {why}",
            start=start,
            blocked_by=tuple(names),
            visible=part,
        )
    end = _point_at_distance(part, start, best)
    text = f'18.1: line of attack {best:.2f}" from {attacker.name} to {target.name}'
    if names:
        text += " (some lines blocked by " + ", ".join(names) + ")"
    return LineOfAttack(*who, True, text, best, start, end, tuple(names), part)


def _point_at_distance(part: VisiblePart, start: Point, length: float) -> Point:
    """A visible edge point whose line from ``start`` is ``length`` long (nearest one)."""
    ring = start.buffer(length + EPSILON, quad_segs=64).exterior
    hits = part.visible.intersection(ring)
    if hits.is_empty:
        return nearest_points(start, part.visible)[1]
    return nearest_points(start, hits)[1]


@dataclass(frozen=True)
class Cover:
    """18.2: in the open or in cover, what gives cover, and which obstacles were ignored."""

    attacker: str
    target: str
    in_cover: bool
    because: tuple[str, ...]
    ignored: tuple[str, ...]
    visible: VisiblePart

    @property
    def reason(self) -> str:
        if not self.in_cover:
            text = f"18.2: {self.target} is in the open"
        else:
            text = f"18.2: {self.target} is in cover (+1 Evasion) behind " + ", ".join(self.because)
        if self.ignored:
            text += f'; ignored within 1" of {self.attacker}: ' + ", ".join(self.ignored)
        return text


def cover(field: Battlefield, attacker: Placed, target: Placed) -> Cover:
    """18.2: in the open when lines of attack reach every point of the target's base edge
    without crossing an obstacle or another fighter; against a target more than 1" away,
    obstacles within 1" of the attacker are ignored (rulings MW-14, MW-15)."""
    start = closest_point_towards(attacker.base.centre, attacker.base.radius, target.base.centre)
    far = distance(attacker.base, target.base) > COVER_IGNORE_DISTANCE + EPSILON
    ignored = [
        t
        for t in field.obstacles
        if far
        and float(t.footprint.distance(attacker.base.centre)) - attacker.base.radius
        <= COVER_IGNORE_DISTANCE + EPSILON
    ]
    among = blockers(field, OBSTACLES, True)
    skip = among.indexes({attacker.name, target.name}, "fighter") | frozenset(
        i
        for i, b in enumerate(among.items)
        if b.kind != "fighter" and any(b.footprint is t.footprint for t in ignored)
    )
    part, names = _look(start, _edge(target), among, skip)
    return Cover(
        attacker.name,
        target.name,
        not part.all,
        tuple(names),
        tuple(dict.fromkeys(f"{t.height_class.value} obstacle {t.name!r}" for t in ignored)),
        part,
    )


def require_attack(
    field: Battlefield, attacker: Placed, target: Placed, attack: AttackProfile
) -> LineOfAttack:
    """13.4 and 18.1: refuse an attack on an invisible target or without a line of attack."""
    if attacker.name == target.name:
        raise IllegalAttack(f"13.4: {attacker.name} cannot attack itself")
    sight = visibility(field, attacker, target)
    if not sight.visible:
        raise IllegalAttack(f"13.4: an attack needs a visible target; {sight.reason}")
    line = line_of_attack(field, attacker, target, attack)
    if not line.exists:
        raise IllegalAttack(line.reason)
    return line
