"""Straight lines from a point to the edge of a base, and what blocks them.

Each blocker casts a *shadow* from the source point: the points a straight line
from the source can only reach by crossing the blocker's interior. The visible
part of a target edge is the edge minus every shadow. Lines that only graze a
blocker's boundary are not blocked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import LineString, MultiPoint, Point, Polygon
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
    ring = np.asarray(blocker.exterior.coords)
    origin = np.array([source.x, source.y])
    far = origin + (ring - origin) * factor
    if blocker.area >= blocker.convex_hull.area * (1 - 1e-12):
        behind = MultiPoint(np.vstack([ring, far])).convex_hull
        front = MultiPoint(np.vstack([ring, origin])).convex_hull
        cast: BaseGeometry = behind.difference(front)
        return cast
    quads = np.asarray(
        shapely.polygons(np.stack([ring[:-1], ring[1:], far[1:], far[:-1], ring[:-1]], axis=1))
    )
    quads = quads[shapely.is_valid(quads) & (shapely.area(quads) > 0)]
    hidden: BaseGeometry = shapely.union_all(quads).difference(blocker)
    return hidden


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
            coords = np.asarray(piece.coords)
            farthest = float(
                np.hypot(coords[:, 0] - self.source.x, coords[:, 1] - self.source.y).max()
            )
            out.append((float(self.source.distance(piece)), float(farthest)))
        return out


def visible_part(
    source: Point,
    edge: LineString,
    blockers: Sequence[Polygon],
    *,
    tree: shapely.STRtree | None = None,
    ignore: frozenset[int] = frozenset(),
) -> VisiblePart:
    """The points of ``edge`` a straight line from ``source`` reaches without crossing a blocker.

    ``tree`` (an STRtree over ``blockers``) narrows the search to blockers between
    the source and the edge; blockers whose indexes are in ``ignore`` are passed over.
    """
    corners = np.vstack([[source.x, source.y], np.asarray(edge.coords)])
    between = shapely.convex_hull(shapely.multipoints(corners))
    if tree is not None:
        candidates = [int(i) for i in tree.query(between, predicate="intersects")]
    else:
        candidates = [i for i, b in enumerate(blockers) if b.intersects(between)]
    hidden: list[BaseGeometry] = []
    casting: list[int] = []
    for index in candidates:
        if index in ignore:
            continue
        blocker = blockers[index]
        if blocker.contains(source):
            continue
        cast = shadow(source, blocker)
        if cast.intersects(edge) and edge.intersection(cast).length > EPSILON:
            hidden.append(cast)
            casting.append(index)
    visible = edge.difference(shapely.unary_union(hidden)) if hidden else edge
    return VisiblePart(source, edge, visible, tuple(sorted(casting)))
