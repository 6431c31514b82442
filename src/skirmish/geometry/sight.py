"""Straight lines from a point to the edge of a base, and what blocks them.

Each blocker casts a *shadow* from the source point: the points a straight line
from the source can only reach by crossing the blocker's interior. The visible
part of a target edge is the edge minus every shadow. Lines that only graze a
blocker's boundary are not blocked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

import shapely
from shapely import LineString, MultiPoint, Point, Polygon
from shapely.affinity import scale
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from skirmish.geometry.measure import EPSILON

FAR = 500.0
"""Inches: far beyond any battlefield, where shadows are cut off."""


def closest_point_towards(centre: Point, radius: float, other: BaseGeometry) -> Point:
    """The point of a round base's edge closest to ``other``."""
    nearest = nearest_points(centre, other)[1]
    dx, dy = nearest.x - centre.x, nearest.y - centre.y
    length = (dx * dx + dy * dy) ** 0.5
    if length <= EPSILON:
        return centre
    return Point(centre.x + dx / length * radius, centre.y + dy / length * radius)


def shadow(source: Point, blocker: Polygon) -> BaseGeometry:
    """The points behind ``blocker`` as seen from ``source``."""
    near = float(source.distance(blocker))
    factor = 1 + FAR / max(near, EPSILON)
    if blocker.equals(blocker.convex_hull):
        far = scale(blocker, factor, factor, origin=source)
        behind = shapely.convex_hull(shapely.union(blocker, far))
        front = shapely.convex_hull(shapely.union(blocker, source))
        return shapely.difference(behind, front)
    quads = []
    ring = list(blocker.exterior.coords)
    for (ax, ay), (bx, by) in pairwise(ring):
        far_a = (source.x + (ax - source.x) * factor, source.y + (ay - source.y) * factor)
        far_b = (source.x + (bx - source.x) * factor, source.y + (by - source.y) * factor)
        quad = Polygon([(ax, ay), (bx, by), far_b, far_a])
        if quad.is_valid and quad.area > 0:
            quads.append(quad)
    return shapely.difference(shapely.unary_union(quads), blocker)


@dataclass(frozen=True)
class VisiblePart:
    """The part of a target edge reached by unblocked straight lines from a source."""

    source: Point
    edge: LineString
    visible: BaseGeometry
    blockers: tuple[int, ...]
    """Indexes of the blockers whose shadows fall on the edge."""

    @property
    def any(self) -> bool:
        return float(self.visible.length) > EPSILON

    @property
    def all(self) -> bool:
        return float(self.edge.length - self.visible.length) <= EPSILON * 10

    def distances(self) -> list[tuple[float, float]]:
        """For each connected visible piece, its nearest and farthest distance from the source."""
        pieces = getattr(self.visible, "geoms", [self.visible])
        out = []
        for piece in pieces:
            if piece.is_empty or piece.length <= EPSILON:
                continue
            farthest = max(self.source.distance(Point(c)) for c in piece.coords)
            out.append((float(self.source.distance(piece)), float(farthest)))
        return out


def visible_part(
    source: Point,
    edge: LineString,
    blockers: Sequence[Polygon],
    *,
    tree: shapely.STRtree | None = None,
) -> VisiblePart:
    """The points of ``edge`` a straight line from ``source`` reaches without crossing a blocker.

    ``tree`` (an STRtree over ``blockers``) narrows the search to blockers between
    the source and the edge.
    """
    between = MultiPoint([source, *edge.coords]).convex_hull
    if tree is not None:
        candidates = [int(i) for i in tree.query(between, predicate="intersects")]
    else:
        candidates = [i for i, b in enumerate(blockers) if b.intersects(between)]
    hidden: list[BaseGeometry] = []
    casting: list[int] = []
    for index in candidates:
        blocker = blockers[index]
        if blocker.contains(source):
            continue
        cast = shadow(source, blocker)
        covered = edge.intersection(cast)
        if covered.length > EPSILON:
            hidden.append(cast)
            casting.append(index)
    visible = edge.difference(shapely.unary_union(hidden)) if hidden else edge
    return VisiblePart(source, edge, visible, tuple(sorted(casting)))
