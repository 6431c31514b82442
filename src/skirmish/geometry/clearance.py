"""Where a round base's centre may go, in closed form: true circles among true circles,
polygons and the table's edge, over numpy arrays.

A base of radius r moving by its centre may not come nearer than ``r + s - tolerance`` to
the centre of another base of radius s, nor nearer than ``r - tolerance`` to a medium or high
obstacle's footprint (nor stand inside it), nor leave the table shrunk by ``r - tolerance``;
it may cross low obstacles but not stop nearer than ``r - tolerance`` to one (15.0, ruling
MW-18). Each such region is a union of discs (around other bases and around the corners of
footprints), slabs (along each footprint edge) and the footprints themselves, so the
questions a battle asks every step are a few lines of algebra over arrays:

- :meth:`Clearance.rooms`: how far the centre can travel in each of many directions (the
  entry of each ray into each disc is a quadratic's root; into each slab a clipped
  interval);
- :meth:`Clearance.clear`: whether straight paths are free (their room is their length);
- :meth:`Clearance.can_stand`: whether points are free and off low obstacles.

Touching is allowed: a ray that only grazes a region, or a point on its boundary, is free
(within :data:`SLACK`). The polygons of :mod:`skirmish.geometry.movement` drew the same
regions with 8 segments a quarter circle, whose chords cut up to 0.0024" into a disc of two
bases' radii (ruling MW-18 before bases were true circles); :func:`polygons` turns the closed
form off, so that the old answers can be measured and compared beside the new.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

Array = np.ndarray
SLACK = 1e-9
"""Inches: a point this close to a region's boundary is on it (free), and a ray that runs
no deeper than this into a region only grazes it."""
_CIRCLES = [True]


def true_circles() -> bool:
    """Whether movement answers with true circles (the default) rather than polygons."""
    return _CIRCLES[-1]


@contextmanager
def polygons() -> Iterator[None]:
    """Answer as before bases were true circles, while inside: free space drawn with
    polygons (for the benchmarks' ratios and for comparing old answers with new ones)."""
    _CIRCLES.append(False)
    try:
        yield
    finally:
        _CIRCLES.pop()


def _edges(footprints: Sequence[BaseGeometry]) -> tuple[Array, Array]:
    """Every edge of every ring of the footprints, (edges, 2, 2), and its footprint."""
    starts: list[Array] = []
    owners: list[Array] = []
    for index, footprint in enumerate(footprints):
        for ring in shapely.get_rings(shapely.get_parts(footprint)).tolist():
            coords = shapely.get_coordinates(ring)
            if len(coords) < 2:
                continue
            starts.append(np.stack([coords[:-1], coords[1:]], axis=1))
            owners.append(np.full(len(coords) - 1, index, dtype=np.intp))
    if not starts:
        return np.empty((0, 2, 2)), np.empty(0, dtype=np.intp)
    return np.concatenate(starts), np.concatenate(owners)


def _shapes(footprints: Sequence[BaseGeometry]) -> Array:
    shapes = np.empty(len(footprints), dtype=object)
    shapes[:] = list(footprints)
    return shapes


def _boxes(edges: Array, owners: Array, count: int) -> Array:
    """(count, 4): each footprint's bounding box (min x, min y, max x, max y)."""
    boxes = np.empty((count, 4))
    for owner in range(count):
        corners = edges[owners == owner].reshape(-1, 2)
        if len(corners):
            boxes[owner, :2], boxes[owner, 2:] = corners.min(axis=0), corners.max(axis=0)
        else:
            boxes[owner] = (np.inf, np.inf, -np.inf, -np.inf)
    return boxes


def _near_edges(edges: Array, owners: Array, boxes: Array, low: Array, high: Array) -> Array:
    """Which edges belong to a footprint whose bounding box meets the box from ``low`` to
    ``high`` (the only ones a question asked within that box can meet)."""
    meets = (
        (boxes[:, 0] <= high[0])
        & (boxes[:, 1] <= high[1])
        & (boxes[:, 2] >= low[0])
        & (boxes[:, 3] >= low[1])
    )
    chosen: Array = meets[owners]
    return chosen


@dataclass(frozen=True, eq=False)
class Clearance:
    """Free space for the centre of a base of ``radius``, as true circles and polygons."""

    width: float
    length: float
    radius: float
    tolerance: float
    centres: Array
    """(k, 2): the other bases' centres."""
    reaches: Array
    """(k,): how near the centre may come to each (both radii less the tolerance)."""
    solid: Array
    """(m, 2, 2): every edge of the medium and high footprints."""
    solid_owners: Array
    solid_boxes: Array
    solid_shapes: Array
    """The medium and high footprints themselves (shapely measures to them exactly)."""
    low_boxes: Array
    low_shapes: Array
    """The low footprints (crossed, never stopped on)."""

    @classmethod
    def of(
        cls,
        width: float,
        length: float,
        radius: float,
        *,
        tolerance: float,
        solid: Sequence[BaseGeometry] = (),
        bases: Sequence[tuple[float, float, float]] = (),
        low: Sequence[BaseGeometry] = (),
    ) -> Clearance:
        """For a base of ``radius`` on a ``width`` by ``length`` table; ``bases``: the
        other bases as (x, y, radius)."""
        centres = np.array([(x, y) for x, y, _ in bases], dtype=float).reshape(-1, 2)
        reaches = np.array([radius + r - tolerance for _, _, r in bases], dtype=float)
        solid_edges, solid_owners = _edges(solid)
        low_edges, low_owners = _edges(low)
        return cls(
            width,
            length,
            radius,
            tolerance,
            centres,
            reaches,
            solid_edges,
            solid_owners,
            _boxes(solid_edges, solid_owners, len(solid)),
            _shapes(solid),
            _boxes(low_edges, low_owners, len(low)),
            _shapes(low),
        )

    @property
    def _reach(self) -> float:
        return self.radius - self.tolerance

    def is_free(self, points: Array) -> Array:
        """(points,): whether a centre may be at each point (on its way or at rest)."""
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        x, y = points[:, 0], points[:, 1]
        ok: Array = self._on_table(points)
        if len(self.centres):
            gaps = np.hypot(
                x[:, None] - self.centres[None, :, 0], y[:, None] - self.centres[None, :, 1]
            )
            ok &= (gaps >= self.reaches[None, :] - SLACK).all(axis=1)
        if len(self.solid_shapes) and ok.any():
            ok[ok] = ~self._touches(self.solid_shapes, self.solid_boxes, points[ok])
        return ok

    def _touches(self, shapes: Array, boxes: Array, points: Array) -> Array:
        """(points,): whether each point lies nearer than the reach to one of ``shapes``
        (inside one, shapely's distance is 0)."""
        low, high = self._around(points)
        meets = (
            (boxes[:, 0] <= high[0])
            & (boxes[:, 1] <= high[1])
            & (boxes[:, 2] >= low[0])
            & (boxes[:, 3] >= low[1])
        )
        if not meets.any():
            return np.zeros(len(points), dtype=bool)
        spots = np.asarray(shapely.points(points)).reshape(-1)
        gaps = np.asarray(shapely.distance(shapes[meets][None, :], spots[:, None]))
        found: Array = np.asarray((gaps < self._reach - SLACK).any(axis=1))
        return found

    def _around(self, points: Array, extra: float = 0.0) -> tuple[Array, Array]:
        """The box round ``points`` grown by the reach (and ``extra``)."""
        grow = self._reach + extra + SLACK
        low: Array = points.min(axis=0) - grow
        high: Array = points.max(axis=0) + grow
        return low, high

    def off_low(self, points: Array) -> Array:
        """(points,): whether a centre at each point stands clear of every low obstacle."""
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        if not len(self.low_shapes):
            return np.ones(len(points), dtype=bool)
        found: Array = ~self._touches(self.low_shapes, self.low_boxes, points)
        return found

    def can_stand(self, points: Array) -> Array:
        """(points,): free, and clear of low obstacles: a move may end there (15.0)."""
        found: Array = self.is_free(points) & self.off_low(points)
        return found

    def rooms(self, start: tuple[float, float], units: Array, length: float) -> Array:
        """(directions,): how far the centre can go from ``start`` along each unit vector
        of ``units`` (up to ``length``) before it would enter a region it may not be in;
        0 in every direction when ``start`` itself is not free (deeper than
        :data:`SLACK` in a region: a ray from there enters it at once)."""
        units = np.asarray(units, dtype=float).reshape(-1, 2)
        room = np.full(len(units), float(length))
        if not len(units):
            return room
        start_point = np.array([start], dtype=float)
        if not self.is_free(start_point)[0]:
            return np.zeros(len(units))
        sx, sy = start
        ux, uy = units[:, 0], units[:, 1]
        reach = self._reach
        for s, u, low, high in (
            (sx, ux, reach, self.width - reach),
            (sy, uy, reach, self.length - reach),
        ):
            with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
                exit_ = np.where(u > 0, (high - s) / u, np.where(u < 0, (low - s) / u, np.inf))
            room = np.minimum(room, np.maximum(exit_, 0.0))
        edges = self.solid
        if len(edges):
            chosen = _near_edges(
                edges,
                self.solid_owners,
                self.solid_boxes,
                *self._around(start_point, float(length)),
            )
            edges = edges[chosen]
        corners = edges[:, 0, :]
        discs = np.concatenate([self.centres, corners])
        radii = np.concatenate([self.reaches, np.full(len(corners), reach)])
        if len(discs):
            room = np.minimum(room, _disc_entries(start, units, discs, radii))
        if len(edges):
            room = np.minimum(room, _slab_entries(start, units, edges, reach))
        return room

    def clear(self, start: tuple[float, float], ends: Array) -> Array:
        """(ends,): whether the centre may travel from ``start`` straight to each end (15.0:
        the path is as wide as the base): both ends on the table (shrunk by the reach, a
        convex region), and no base's centre nor footprint nearer to the path than the
        reach, measured exactly (numpy for the centres, shapely for the footprints)."""
        ends = np.asarray(ends, dtype=float).reshape(-1, 2)
        here = np.array(start, dtype=float)
        ok: Array = self.is_free(here[None, :])[0] & self._on_table(ends)
        if len(self.centres) and ok.any():
            span = ends[:, None, :] - here[None, None, :]
            towards = self.centres[None, :, :] - here[None, None, :]
            size = span[..., 0] * span[..., 0] + span[..., 1] * span[..., 1]
            along = towards[..., 0] * span[..., 0] + towards[..., 1] * span[..., 1]
            along = np.clip(along / np.where(size > 0, size, 1.0), 0.0, 1.0)
            gap_x = towards[..., 0] - along * span[..., 0]
            gap_y = towards[..., 1] - along * span[..., 1]
            gaps = np.hypot(gap_x, gap_y)
            ok &= (gaps >= self.reaches[None, :] - SLACK).all(axis=1)
        if len(self.solid_shapes) and ok.any():
            chosen = np.flatnonzero(ok)
            low, high = self._around(np.vstack([here[None, :], ends[chosen]]))
            boxes = self.solid_boxes
            meets = (
                (boxes[:, 0] <= high[0])
                & (boxes[:, 1] <= high[1])
                & (boxes[:, 2] >= low[0])
                & (boxes[:, 3] >= low[1])
            )
            if meets.any():
                coords = np.stack([np.repeat(here[None, :], len(chosen), axis=0), ends[chosen]], 1)
                paths = np.asarray(shapely.linestrings(coords)).reshape(-1)
                gaps = np.asarray(
                    shapely.distance(self.solid_shapes[meets][None, :], paths[:, None])
                )
                ok[chosen] = (gaps >= self._reach - SLACK).all(axis=1)
        return ok

    def _on_table(self, points: Array) -> Array:
        low, high = self._reach - SLACK, self._reach + SLACK
        x, y = points[:, 0], points[:, 1]
        found: Array = (
            (x >= low) & (y >= low) & (x <= self.width - high) & (y <= self.length - high)
        )
        return found


def _disc_entries(start: tuple[float, float], units: Array, centres: Array, radii: Array) -> Array:
    """(directions,): the first distance along each ray from ``start`` at which it runs
    into one of the open discs (deeper than :data:`SLACK`), or infinity."""
    ox = start[0] - centres[:, 0]
    oy = start[1] - centres[:, 1]
    b = units[:, 0:1] * ox[None, :] + units[:, 1:2] * oy[None, :]
    c = ox * ox + oy * oy - radii * radii
    disc = b * b - c[None, :]
    root = np.sqrt(np.maximum(disc, 0.0))
    enter, leave = -b - root, -b + root
    deep = (disc > 0) & (leave > np.maximum(enter, 0.0) + SLACK)
    found: Array = np.where(deep, np.maximum(enter, 0.0), np.inf).min(axis=1)
    return found


def _slab_entries(start: tuple[float, float], units: Array, edges: Array, reach: float) -> Array:
    """(directions,): the first distance along each ray from ``start`` at which it runs
    into the open band of half-width ``reach`` along one of the segments (the part of
    the band between the perpendiculars at its ends), or infinity."""
    a = edges[:, 0, :]
    span = edges[:, 1, :] - a
    size = np.hypot(span[:, 0], span[:, 1])
    keep = size > 0
    a, span, size = a[keep], span[keep], size[keep]
    if not len(size):
        return np.full(len(units), np.inf)
    along_unit = span / size[:, None]
    normal = np.stack([-along_unit[:, 1], along_unit[:, 0]], axis=1)
    rel = np.array(start, dtype=float)[None, :] - a
    p0 = np.einsum("ec,ec->e", rel, along_unit)
    q0 = np.einsum("ec,ec->e", rel, normal)
    # Elementwise, never a matrix product: one ray's answer is the same to the last bit
    # however many rays are asked with it.
    dp = units[:, 0:1] * along_unit[None, :, 0] + units[:, 1:2] * along_unit[None, :, 1]
    dq = units[:, 0:1] * normal[None, :, 0] + units[:, 1:2] * normal[None, :, 1]
    lows, highs = [], []
    for origin, rate, low, high in ((p0, dp, 0.0, size), (q0, dq, -reach, reach)):
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            t1 = (low - origin[None, :]) / rate
            t2 = (high - origin[None, :]) / rate
        still = rate == 0
        inside = (origin[None, :] > low) & (origin[None, :] < high)
        t_low = np.where(still, np.where(inside, -np.inf, np.inf), np.minimum(t1, t2))
        t_high = np.where(still, np.where(inside, np.inf, -np.inf), np.maximum(t1, t2))
        lows.append(t_low)
        highs.append(t_high)
    enter = np.maximum(lows[0], lows[1])
    leave = np.minimum(highs[0], highs[1])
    deep = leave > np.maximum(enter, 0.0) + SLACK
    found: Array = np.where(deep, np.maximum(enter, 0.0), np.inf).min(axis=1)
    return found
