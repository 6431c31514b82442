"""Straight lines from a point to the edge of a base, and what blocks them.

Each blocker casts a *shadow* from the source point: the points a straight line
from the source can only reach by crossing the blocker's interior. The visible
part of a target edge is the edge minus every shadow. Lines that only graze a
blocker's boundary are not blocked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

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


class SightMethod(StrEnum):
    """How the visible part of an edge is found. The sweep and the shadows give the same
    answers on bases drawn as polygons; the closed form answers on true circles."""

    SWEEP = "sweep"
    """Intervals of the edge clipped by each convex piece of each blocker, in numpy
    (:mod:`skirmish.geometry.sweep`): the fast one."""
    CIRCLES = "circles"
    """The edge as a true circle and other fighters' bases as true circles, in closed form
    (:mod:`skirmish.geometry.arcs`): what battles ask. Under
    :func:`skirmish.geometry.clearance.polygons` it answers as the sweep does."""
    SHADOWS = "shadows"
    """Each blocker's shadow as a shapely polygon, taken away from the edge: the reference."""


def shadow(source: Point, blocker: BaseGeometry) -> BaseGeometry:
    """The points behind ``blocker`` (a polygon, or several) as seen from ``source``."""
    if not isinstance(blocker, Polygon):
        parts = [shadow(source, part) for part in getattr(blocker, "geoms", ())]
        cast: BaseGeometry = shapely.unary_union(parts).difference(blocker)
        return cast
    near = float(source.distance(blocker))
    factor = 1 + FAR / max(near, EPSILON)
    ring = np.asarray(blocker.exterior.coords)
    origin = np.array([source.x, source.y])
    far = origin + (ring - origin) * factor
    if blocker.area >= blocker.convex_hull.area * (1 - 1e-12):
        behind = MultiPoint(np.vstack([ring, far])).convex_hull
        front = MultiPoint(np.vstack([ring, origin])).convex_hull
        behind_front: BaseGeometry = behind.difference(front)
        return behind_front
    quads = np.asarray(
        shapely.polygons(np.stack([ring[:-1], ring[1:], far[1:], far[:-1], ring[:-1]], axis=1))
    )
    quads = quads[shapely.is_valid(quads) & (shapely.area(quads) > 0)]
    hidden: BaseGeometry = shapely.union_all(quads).difference(blocker)
    return hidden


class EdgeView(Protocol):
    """What a source sees of a target edge, however it was found."""

    @property
    def source(self) -> Point: ...

    @property
    def edge(self) -> LineString: ...

    @property
    def visible(self) -> BaseGeometry: ...

    @property
    def blockers(self) -> tuple[int, ...]:
        """Indexes of the blockers whose shadows fall on the edge."""
        ...

    @property
    def any(self) -> bool: ...

    @property
    def all(self) -> bool: ...

    def nearest(self) -> tuple[float, Point] | None:
        """The distance from the source to the nearest visible point, and that point."""
        ...

    def distances(self) -> list[tuple[float, float]]: ...


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

    def nearest(self) -> tuple[float, Point] | None:
        """The distance from the source to the nearest visible point, and that point."""
        if not self.any:
            return None
        lines = [
            shapely.get_coordinates(part)
            for part in getattr(self.visible, "geoms", [self.visible])
            if not part.is_empty
        ]
        starts = np.concatenate([line[:-1] for line in lines])
        ends = np.concatenate([line[1:] for line in lines])
        origin = np.array([[self.source.x, self.source.y]])
        gaps, xs, ys = closest_points(origin, starts, ends)
        best = _first_nearest(gaps, xs, ys)
        return float(gaps[best]), Point(xs[best], ys[best])

    def distances(self) -> list[tuple[float, float]]:
        """For each connected visible piece, its nearest and farthest distance from the source."""
        return piece_distances(self.source, self.visible)


TIE = 1e-12
"""Inches: nearest points this close in distance are equally near; the one with the least x
(then y) is taken, so that every method names the same point."""


def closest_points(
    sources: np.ndarray, starts: np.ndarray, ends: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each source and segment (start to end), the distance to the segment's nearest
    point, and that point's x and y."""
    span = ends - starts
    length = np.einsum("nc,nc->n", span, span)
    along = np.einsum("nc,nc->n", sources - starts, span) / np.where(length > 0, length, 1.0)
    point = starts + np.clip(along, 0.0, 1.0)[:, None] * span
    gaps: np.ndarray = np.hypot(*(sources - point).T)
    return gaps, point[:, 0], point[:, 1]


def _first_nearest(gaps: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> int:
    tied = gaps <= gaps.min() + TIE
    return int(np.lexsort((ys, xs, ~tied))[0])


def piece_distances(source: Point, visible: BaseGeometry) -> list[tuple[float, float]]:
    """For each connected piece of ``visible``, its nearest and farthest distance from
    ``source``."""
    pieces = getattr(visible, "geoms", [visible])
    out = []
    for piece in pieces:
        if piece.is_empty or piece.length <= EPSILON:
            continue
        coords = np.asarray(piece.coords)
        farthest = float(np.hypot(coords[:, 0] - source.x, coords[:, 1] - source.y).max())
        out.append((float(source.distance(piece)), farthest))
    return out


def visible_part(
    source: Point,
    edge: LineString,
    blockers: Sequence[BaseGeometry],
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
