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
- :meth:`Clearance.clear`: whether straight paths are free: the distance from the path to
  each other base's centre, and to each footprint the least distance between the path and
  one of its edges (0 where they cross);
- :meth:`Clearance.can_stand`: whether points are free and off low obstacles.

Touching is allowed: a ray that only grazes a region, or a point on its boundary, is free
(within :data:`SLACK`). The polygons of :mod:`skirmish.geometry.movement` drew the same
regions with 8 segments a quarter circle, whose chords cut up to 0.0024" into a disc of two
bases' radii (ruling MW-18 before bases were true circles); :func:`polygons` turns the closed
form off, so that the old answers can be measured and compared beside the new.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Any, Generic, TypeVar

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from skirmish.fastpaths import Kept, Memo, fast

Array = np.ndarray
PREPARED = "prepared clearance"
"""The part of the fast paths (:func:`skirmish.fastpaths.fast`) that prepares the terrain's
side of a :class:`Clearance` once for every position on a table (each footprint's edges,
bounding boxes and the frame of each edge's band: its direction, normal and length) and
answers :meth:`Clearance.rooms` from it with fewer array operations; the very same
arithmetic on each element, so the very same answers, bit for bit.
``fastpaths.plain(PREPARED)`` turns it off alone (the benchmarks' ratio, the tests)."""
SLACK = 1e-9
"""Inches: a point this close to a region's boundary is on it (free), and a ray that runs
no deeper than this into a region only grazes it."""
_CIRCLES = [True]
PATHS = "straight paths on edges"
"""The part of the fast paths (:func:`skirmish.fastpaths.fast`) that measures a straight
path against each footprint from the footprint's edges in closed form (plain floats for
one path, numpy for many), rather than by shapely's distance."""
T = TypeVar("T")


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


def _edges(footprints: Sequence[BaseGeometry]) -> tuple[Array, Array, Array, tuple[Edged, ...]]:
    """Every edge of every ring of the footprints, (edges, 2, 2), the footprint each edge
    belongs to, each footprint's bounding box (min x, min y, max x, max y), and each
    footprint's box and edges as plain floats; on the fast path (part :data:`PREPARED`)
    worked out once for the very same footprints (every position on a table has the same
    terrain), the same arrays each time."""
    if fast(PREPARED) and footprints:
        return _TERRAIN.get(footprints, lambda: _edges_afresh(footprints))
    return _edges_afresh(footprints)


def _edges_afresh(
    footprints: Sequence[BaseGeometry],
) -> tuple[Array, Array, Array, tuple[Edged, ...]]:
    if fast():
        found = [_EDGES.get(footprint, partial(_edged, footprint)) for footprint in footprints]
    else:
        found = [_edged(footprint) for footprint in footprints]
    edges = np.concatenate([np.empty((0, 2, 2)), *(edges for edges, _ in found)])
    counts = [len(edges) for edges, _ in found]
    owners = np.repeat(np.arange(len(found), dtype=np.intp), counts)
    boxes = np.array([edged[:4] for _, edged in found], dtype=float).reshape(-1, 4)
    return edges, owners, boxes, tuple(edged for _, edged in found)


Line = tuple[float, float, float, float]
Edged = tuple[float, float, float, float, tuple[Line, ...]]
"""A footprint's bounding box (min x, min y, max x, max y) and its edges (x0, y0, x1, y1)."""


def _edged(footprint: BaseGeometry) -> tuple[Array, Edged]:
    """One footprint's edges, and its box and edges as plain floats (empty: a box no
    question meets)."""
    edges = _edges_of(footprint)
    corners = edges.reshape(-1, 2)
    lines = tuple((a, b, c, d) for (a, b), (c, d) in edges.tolist())
    if not len(corners):
        return edges, (np.inf, np.inf, -np.inf, -np.inf, lines)
    (low_x, low_y), (high_x, high_y) = corners.min(axis=0).tolist(), corners.max(axis=0).tolist()
    return edges, (low_x, low_y, high_x, high_y, lines)


def _edges_of(footprint: BaseGeometry) -> Array:
    """Every edge of every ring of one footprint, (edges, 2, 2)."""
    found = [np.empty((0, 2, 2))]
    for ring in shapely.get_rings(shapely.get_parts(footprint)).tolist():
        coords = shapely.get_coordinates(ring)
        if len(coords) >= 2:
            found.append(np.stack([coords[:-1], coords[1:]], axis=1))
    return np.concatenate(found)


_EDGES: Kept[tuple[Array, Edged]] = Kept("footprint edges", size=4096)
"""Each footprint's edges and bounding box, worked out once (the fast path): the terrain
is the same all battle."""


class _ByIdentity(Generic[T]):
    """Answers kept for a sequence of the very same objects (footprints: shapely hashes a
    geometry by its whole shape, which is dear), held so that their ids stay theirs."""

    def __init__(self, name: str, size: int = 256) -> None:
        self.memo: Memo[tuple[tuple[object, ...], T]] = Memo(name, size)

    def get(self, things: Sequence[object], compute: Callable[[], T]) -> T:
        held = tuple(things)
        key = tuple(id(thing) for thing in held)
        kept = self.memo.answers.get(key)
        if kept is not None and all(a is b for a, b in zip(kept[0], held, strict=True)):
            self.memo.hits += 1
            return kept[1]
        return self.memo.get(key, lambda: (held, compute()), fresh=True)[1]


_TERRAIN: _ByIdentity[tuple[Array, Array, Array, tuple[Edged, ...]]] = _ByIdentity("terrain edges")
_SHAPES: _ByIdentity[Array] = _ByIdentity("terrain shapes")


def _shapes(footprints: Sequence[BaseGeometry]) -> Array:
    """The footprints as one object array (kept for the very footprints on the fast
    path)."""
    if fast(PREPARED) and footprints:
        return _SHAPES.get(footprints, lambda: _shapes_afresh(footprints))
    return _shapes_afresh(footprints)


def _shapes_afresh(footprints: Sequence[BaseGeometry]) -> Array:
    shapes = np.empty(len(footprints), dtype=object)
    shapes[:] = list(footprints)
    return shapes


@dataclass(frozen=True, eq=False)
class _Bands:
    """The terrain's side of :meth:`Clearance.rooms`, for every edge of a set of
    footprints at once: each edge's corner (a disc of the reach) and, for the edges of
    some length (a band of none is skipped), the frame of its band
    (:func:`_slab_entries`): where it starts, its unit direction and normal, its length.

    The fast path looks at the discs and bands a ray of the room's length may reach from
    its start (their nearest point within that length and :data:`BEYOND`), rather than
    the footprints whose bounding box meets the ray's: both leave out only what a ray
    enters, if at all, beyond its length, so neither changes a room."""

    corners: Array
    """(edges, 2): each edge's first corner."""
    frames: Array
    """(7, edges of some length), a row each: start x, y; unit direction x, y; normal x,
    y; length (rows, so that the part of the edges asked about is whole rows)."""

    @classmethod
    def of(cls, edges: Array) -> _Bands:
        a = edges[:, 0, :]
        span = edges[:, 1, :] - a
        size = np.hypot(span[:, 0], span[:, 1])
        keep = size > 0
        with np.errstate(divide="ignore", invalid="ignore"):
            along = span / size[:, None]
        normal = np.stack([-along[:, 1], along[:, 0]], axis=1)
        frames = np.concatenate([a, along, normal, size[:, None]], axis=1)[keep].T.copy()
        return cls(a.copy(), frames)


_BANDS: Kept[_Bands] = Kept("terrain bands", size=256)
"""Each terrain's band frames, kept for its very edges array (the fast path shares one
edges array among every position on a table)."""


def _near_edges(edges: Array, owners: Array, boxes: Array, low: Array, high: Array) -> Array:
    """Which edges belong to a footprint whose bounding box meets the box from ``low`` to
    ``high`` (the only ones a question asked within that box can meet)."""
    chosen: Array = _meeting(boxes, low, high)[owners]
    return chosen


def _meeting(boxes: Array, low: Array, high: Array) -> Array:
    """Which of the bounding boxes meet the box from ``low`` to ``high``."""
    meets: Array = (
        (boxes[:, 0] <= high[0])
        & (boxes[:, 1] <= high[1])
        & (boxes[:, 2] >= low[0])
        & (boxes[:, 3] >= low[1])
    )
    return meets


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
    solid_lines: tuple[Edged, ...]
    """Each medium and high footprint's box and edges as plain floats (one path at a
    time)."""

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
        solid_edges, solid_owners, solid_boxes, solid_lines = _edges(solid)
        _, _, low_boxes, _ = _edges(low)
        return cls(
            width,
            length,
            radius,
            tolerance,
            centres,
            reaches,
            solid_edges,
            solid_owners,
            solid_boxes,
            _shapes(solid),
            low_boxes,
            _shapes(low),
            solid_lines,
        )

    @property
    def _reach(self) -> float:
        return self.radius - self.tolerance

    @cached_property
    def _limits(self) -> Array:
        """How near each other base's centre may come, squared (the reach less the slack)."""
        limits: Array = (self.reaches - SLACK) * (self.reaches - SLACK)
        return limits

    @cached_property
    def _discs(self) -> tuple[tuple[float, float, float], ...]:
        """The other bases as (x, y, squared limit), for one question at a time."""
        return tuple(
            (float(x), float(y), float(limit))
            for (x, y), limit in zip(self.centres.tolist(), self._limits.tolist(), strict=True)
        )

    @cached_property
    def _solid_list(self) -> tuple[tuple[float, float, float, float, BaseGeometry], ...]:
        return tuple(
            (*box, shape)
            for box, shape in zip(self.solid_boxes.tolist(), self.solid_shapes, strict=True)
        )

    @cached_property
    def _low_list(self) -> tuple[tuple[float, float, float, float, BaseGeometry], ...]:
        return tuple(
            (*box, shape)
            for box, shape in zip(self.low_boxes.tolist(), self.low_shapes, strict=True)
        )

    def is_free(self, points: Array) -> Array:
        """(points,): whether a centre may be at each point (on its way or at rest). One
        point is answered in plain Python with the very same operations (each answer is the
        same to the last bit however many points are asked with it)."""
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        if len(points) == 1:
            px, py = float(points[0, 0]), float(points[0, 1])
            return np.array(
                [self._free_at(px, py) and not self._near_any(self._solid_list, px, py)]
            )
        x, y = points[:, 0], points[:, 1]
        ok: Array = self._on_table(points)
        if len(self.centres):
            dx = x[:, None] - self.centres[None, :, 0]
            dy = y[:, None] - self.centres[None, :, 1]
            ok &= (dx * dx + dy * dy >= self._limits[None, :]).all(axis=1)
        if len(self.solid_shapes) and ok.any():
            ok[ok] = ~self._touches(self.solid_shapes, self.solid_boxes, points[ok])
        return ok

    def _free_at(self, x: float, y: float) -> bool:
        """One point on the table and clear of every other base."""
        low, high = self._reach - SLACK, self._reach + SLACK
        if not (x >= low and y >= low and x <= self.width - high and y <= self.length - high):
            return False
        for cx, cy, limit in self._discs:
            dx, dy = x - cx, y - cy
            if not dx * dx + dy * dy >= limit:
                return False
        return True

    def _near_any(
        self,
        shapes: tuple[tuple[float, float, float, float, BaseGeometry], ...],
        x: float,
        y: float,
    ) -> bool:
        """Whether one point lies nearer than the reach to one of ``shapes``."""
        grow = self._reach + SLACK
        point = None
        for minx, miny, maxx, maxy, shape in shapes:
            if minx <= x + grow and miny <= y + grow and maxx >= x - grow and maxy >= y - grow:
                point = point or shapely.Point(x, y)
                if shapely.distance(shape, point) < self._reach - SLACK:
                    return True
        return False

    def _touches(self, shapes: Array, boxes: Array, points: Array) -> Array:
        """(points,): whether each point lies nearer than the reach to one of ``shapes``
        (inside one, shapely's distance is 0)."""
        meets = _meeting(boxes, *self._around(points))
        if not meets.any():
            return np.zeros(len(points), dtype=bool)
        if fast(PREPARED):
            return self._touches_near(shapes[meets], boxes[meets], points)
        spots = np.asarray(shapely.points(points)).reshape(-1)
        gaps = np.asarray(shapely.distance(shapes[meets][None, :], spots[:, None]))
        found: Array = np.asarray((gaps < self._reach - SLACK).any(axis=1))
        return found

    def _touches_near(self, shapes: Array, boxes: Array, points: Array) -> Array:
        """:meth:`_touches` on the fast path (part :data:`PREPARED`): shapely measures only
        the pairs of a point and a shape whose bounding box, grown by the reach and
        :data:`SLACK`, holds the point. A point outside it is further than that from the
        shape, so no nearer than the reach: the pairs left out are those :meth:`_touches`
        finds not touching, and each pair measured is measured by the same GEOS call."""
        grow = self._reach + SLACK
        x, y = points[:, 0:1], points[:, 1:2]
        near = (
            (x >= boxes[None, :, 0] - grow)
            & (x <= boxes[None, :, 2] + grow)
            & (y >= boxes[None, :, 1] - grow)
            & (y <= boxes[None, :, 3] + grow)
        )
        rows, columns = np.nonzero(near)
        found: Array = np.zeros(len(points), dtype=bool)
        if len(rows):
            spots = np.asarray(shapely.points(points[rows])).reshape(-1)
            gaps = np.asarray(shapely.distance(shapes[columns], spots))
            found[rows[gaps < self._reach - SLACK]] = True
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
        if len(points) == 1:
            px, py = float(points[0, 0]), float(points[0, 1])
            return np.array([not self._near_any(self._low_list, px, py)])
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
        if fast(PREPARED) and len(units):
            return self._rooms_prepared(start, units, float(length))
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

    @cached_property
    def _bands(self) -> _Bands:
        """The terrain's side of :meth:`rooms` (kept for the terrain's very edges array,
        which every position on a table shares on the fast path)."""
        return _BANDS.get(self.solid, lambda: _Bands.of(self.solid))

    @cached_property
    def _discs_all(self) -> tuple[Array, Array]:
        """Every disc a ray may run into: the other bases (within both radii less the
        tolerance), then the corners of the solid footprints (within the reach)."""
        if not len(self.solid):
            return self.centres, self.reaches
        corners = self._bands.corners
        return (
            np.concatenate([self.centres, corners]),
            np.concatenate([self.reaches, np.full(len(corners), self._reach)]),
        )

    @cached_property
    def _table(self) -> tuple[Array, Array]:
        """Where the centre may go on the table: the least and most x and y."""
        reach = self._reach
        return np.array([reach, reach]), np.array([self.width - reach, self.length - reach])

    def _rooms_prepared(self, start: tuple[float, float], units: Array, length: float) -> Array:
        """:meth:`rooms` on the fast path (part :data:`PREPARED`): the terrain's side made
        once (:class:`_Bands`), the start's freedom asked in plain Python (as
        :meth:`is_free` asks one point), both table edges in one array operation, and
        every step of :func:`_disc_entries` and :func:`_slab_entries` elementwise on the
        same numbers, so each answer is theirs, bit for bit (a least of exact values is
        exact, in whatever order it is taken), and one direction asked alone is answered
        as among many."""
        sx, sy = start
        if not (
            self._free_at(float(sx), float(sy))
            and not self._near_any(self._solid_list, float(sx), float(sy))
        ):
            return np.zeros(len(units))
        reach = self._reach
        here = np.array([sx, sy], dtype=float)
        discs, radii = self._discs_all
        if len(discs):
            near = _within(here, discs, radii, length)
            discs, radii = discs[near], radii[near]
        frames = self._bands.frames if len(self.solid) else np.empty((7, 0))
        if frames.shape[1]:
            frames = frames[:, _band_within(here, frames, reach, length)]
        if len(units) * (len(discs) + frames.shape[1]) <= FEW:
            return np.array(self._rooms_in_floats(start, units, length, discs, radii, frames))
        lows, highs = self._table
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            exits = np.where(
                units > 0,
                (highs - here) / units,
                np.where(units < 0, (lows - here) / units, np.inf),
            )
            least = np.minimum(exits[:, 0], exits[:, 1])
            room: Array = np.minimum(np.maximum(least, 0.0), length)
            if len(discs):
                room = np.minimum(room, _disc_entries(start, units, discs, radii))
            if frames.shape[1]:
                room = np.minimum(room, _band_entries(here, units, frames, reach))
        return room

    def _rooms_in_floats(
        self,
        start: tuple[float, float],
        units: Array,
        length: float,
        discs: Array,
        radii: Array,
        frames: Array,
    ) -> list[float]:
        """:meth:`_rooms_prepared` for a few directions among a few discs and bands, in
        plain Python floats (numpy's cost a call is more than the arithmetic): each step
        the very operation numpy applies to each element (:func:`_disc_entries`,
        :func:`_band_entries`), so the same rooms (a zero's sign aside, which nothing
        after reads)."""
        sx, sy = float(start[0]), float(start[1])
        reach = self._reach
        low_x = low_y = reach
        high_x, high_y = self.width - reach, self.length - reach
        circles = []
        for (cx, cy), r in zip(discs.tolist(), radii.tolist(), strict=True):
            ox, oy = sx - cx, sy - cy
            circles.append((ox, oy, ox * ox + oy * oy - r * r))
        bands = []
        for fx, fy, ax, ay, nx, ny, size in frames.T.tolist():
            rel_x, rel_y = sx - fx, sy - fy
            bands.append((rel_x * ax + rel_y * ay, rel_x * nx + rel_y * ny, ax, ay, nx, ny, size))
        rooms = []
        for ux, uy in units.tolist():
            ex = (high_x - sx) / ux if ux > 0 else (low_x - sx) / ux if ux < 0 else math.inf
            ey = (high_y - sy) / uy if uy > 0 else (low_y - sy) / uy if uy < 0 else math.inf
            room = min(max(min(ex, ey), 0.0), length)
            for ox, oy, c in circles:
                b = ux * ox + uy * oy
                disc = b * b - c
                if disc > 0:
                    root = math.sqrt(disc)
                    enter = max(-b - root, 0.0)
                    if -b + root > enter + SLACK and enter < room:
                        room = enter
            for p0, q0, ax, ay, nx, ny, size in bands:
                p_low, p_high = _interval(p0, ux * ax + uy * ay, 0.0, size)
                q_low, q_high = _interval(q0, ux * nx + uy * ny, -reach, reach)
                enter = max(max(p_low, q_low), 0.0)
                if min(p_high, q_high) > enter + SLACK and enter < room:
                    room = enter
            rooms.append(room)
        return rooms

    def clear(self, start: tuple[float, float], ends: Array) -> Array:
        """(ends,): whether the centre may travel from ``start`` straight to each end (15.0:
        the path is as wide as the base): both ends on the table (shrunk by the reach, a
        convex region), and no base's centre nor footprint nearer to the path than the
        reach, measured exactly: the distance from the path to each centre, and to each
        footprint the least distance between the path and one of its edges (0 where they
        cross), with the start not inside one (:data:`PATHS`; shapely's distance on the
        plain path)."""
        ends = np.asarray(ends, dtype=float).reshape(-1, 2)
        if len(ends) == 1:
            return np.array([self._clear_to(start, float(ends[0, 0]), float(ends[0, 1]))])
        here = np.array(start, dtype=float)
        on_edges = fast(PATHS)
        if on_edges:
            sx, sy = float(start[0]), float(start[1])
            ok: Array = self._on_table(ends) & (self._free_at(sx, sy) and not self._within(sx, sy))
        else:
            ok = self.is_free(here[None, :])[0] & self._on_table(ends)
        if len(self.centres) and ok.any():
            span = ends[:, None, :] - here[None, None, :]
            towards = self.centres[None, :, :] - here[None, None, :]
            size = span[..., 0] * span[..., 0] + span[..., 1] * span[..., 1]
            along = towards[..., 0] * span[..., 0] + towards[..., 1] * span[..., 1]
            along = np.clip(along / np.where(size > 0, size, 1.0), 0.0, 1.0)
            gap_x = towards[..., 0] - along * span[..., 0]
            gap_y = towards[..., 1] - along * span[..., 1]
            ok &= (gap_x * gap_x + gap_y * gap_y >= self._limits[None, :]).all(axis=1)
        if len(self.solid_shapes) and ok.any():
            chosen = np.flatnonzero(ok)
            around = self._around(np.vstack([here[None, :], ends[chosen]]))
            meets = _meeting(self.solid_boxes, *around)
            if on_edges:
                edges = self.solid[meets[self.solid_owners]]
                if len(edges):
                    gaps = _path_gaps(start, ends[chosen], edges)
                    ok[chosen] = ~(gaps < self._edge_limit).any(axis=1)
            elif meets.any():
                coords = np.stack([np.repeat(here[None, :], len(chosen), axis=0), ends[chosen]], 1)
                paths = np.asarray(shapely.linestrings(coords)).reshape(-1)
                gaps = np.asarray(
                    shapely.distance(self.solid_shapes[meets][None, :], paths[:, None])
                )
                ok[chosen] = (gaps >= self._reach - SLACK).all(axis=1)
        return ok

    @cached_property
    def _widest(self) -> float:
        """The most any other base's reach is, and the slack."""
        return float(self.reaches.max()) + SLACK if len(self.reaches) else 0.0

    @property
    def _edge_limit(self) -> float:
        """How near a path may come to a footprint, squared (the reach less the slack)."""
        return (self._reach - SLACK) * (self._reach - SLACK)

    def _within(self, x: float, y: float) -> bool:
        """Whether the point lies inside a medium or high footprint (an odd number of its
        edges crossed by the ray from the point towards +x)."""
        inside = False
        for minx, miny, maxx, maxy, lines in self.solid_lines:
            if minx <= x <= maxx and miny <= y <= maxy:
                for x0, y0, x1, y1 in lines:
                    if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                        inside = not inside
        return inside

    def _clear_to(self, start: tuple[float, float], ex: float, ey: float) -> bool:
        """:meth:`clear` for one end, in plain Python with the very same operations."""
        sx, sy = float(start[0]), float(start[1])
        low, high = self._reach - SLACK, self._reach + SLACK
        on_table = ex >= low and ey >= low and ex <= self.width - high and ey <= self.length - high
        if not on_table or not self._free_at(sx, sy):
            return False
        on_edges = fast(PATHS)
        if self._within(sx, sy) if on_edges else self._near_any(self._solid_list, sx, sy):
            return False
        span_x, span_y = ex - sx, ey - sy
        size = span_x * span_x + span_y * span_y
        # A base whose centre lies further from the path's box than the widest reach is
        # further from the path than its own: passed over (on the fast path), as it would
        # pass the test below.
        wide = self._widest if on_edges else math.inf
        low_x, high_x = min(sx, ex) - wide, max(sx, ex) + wide
        low_y, high_y = min(sy, ey) - wide, max(sy, ey) + wide
        for cx, cy, limit in self._discs:
            if cx < low_x or cx > high_x or cy < low_y or cy > high_y:
                continue
            tx, ty = cx - sx, cy - sy
            along = tx * span_x + ty * span_y
            along = min(max(along / (size if size > 0 else 1.0), 0.0), 1.0)
            gap_x, gap_y = tx - along * span_x, ty - along * span_y
            if not gap_x * gap_x + gap_y * gap_y >= limit:
                return False
        grow = self._reach + SLACK
        low_x, high_x = min(sx, ex) - grow, max(sx, ex) + grow
        low_y, high_y = min(sy, ey) - grow, max(sy, ey) + grow
        if on_edges:
            edge_limit = self._edge_limit
            for minx, miny, maxx, maxy, lines in self.solid_lines:
                if minx <= high_x and miny <= high_y and maxx >= low_x and maxy >= low_y:
                    for x0, y0, x1, y1 in lines:
                        if (
                            (x0 if x0 > x1 else x1) >= low_x
                            and (x0 if x0 < x1 else x1) <= high_x
                            and (y0 if y0 > y1 else y1) >= low_y
                            and (y0 if y0 < y1 else y1) <= high_y
                            and _path_gap(sx, sy, ex, ey, x0, y0, x1, y1) < edge_limit
                        ):
                            return False
            return True
        path = None
        for minx, miny, maxx, maxy, shape in self._solid_list:
            if minx <= high_x and miny <= high_y and maxx >= low_x and maxy >= low_y:
                path = path or shapely.LineString([(sx, sy), (ex, ey)])
                if shapely.distance(shape, path) < self._reach - SLACK:
                    return False
        return True

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


def _point_gap(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """The squared distance from (px, py) to the segment from (ax, ay) to (bx, by)."""
    ux, uy = bx - ax, by - ay
    size = ux * ux + uy * uy
    tx, ty = px - ax, py - ay
    along = tx * ux + ty * uy
    along = min(max(along / (size if size > 0 else 1.0), 0.0), 1.0)
    gap_x, gap_y = tx - along * ux, ty - along * uy
    return gap_x * gap_x + gap_y * gap_y


def _turns(
    px: Any, py: Any, qx: Any, qy: Any, ax: Any, ay: Any, bx: Any, by: Any
) -> tuple[Any, Any, Any, Any]:
    """Which side of the line p-q the ends a and b lie on, and of the line a-b the ends p
    and q (twice the signed areas; floats or arrays alike, the same operations)."""
    dx, dy = qx - px, qy - py
    ex, ey = bx - ax, by - ay
    return (
        dx * (ay - py) - dy * (ax - px),
        dx * (by - py) - dy * (bx - px),
        ex * (py - ay) - ey * (px - ax),
        ex * (qy - ay) - ey * (qx - ax),
    )


def _path_gap(
    px: float, py: float, qx: float, qy: float, ax: float, ay: float, bx: float, by: float
) -> float:
    """The squared distance between the segments from p to q and from a to b: 0 where they
    cross, else the least of each end's distance to the other segment (:func:`_path_gaps`
    for one pair, with the very same operations)."""
    o1, o2, o3, o4 = _turns(px, py, qx, qy, ax, ay, bx, by)
    if ((o1 > 0 and o2 < 0) or (o1 < 0 and o2 > 0)) and (
        (o3 > 0 and o4 < 0) or (o3 < 0 and o4 > 0)
    ):
        return 0.0
    return min(
        _point_gap(px, py, ax, ay, bx, by),
        _point_gap(qx, qy, ax, ay, bx, by),
        _point_gap(ax, ay, px, py, qx, qy),
        _point_gap(bx, by, px, py, qx, qy),
    )


def _point_gaps(px: Array, py: Array, ax: Array, ay: Array, bx: Array, by: Array) -> Array:
    """:func:`_point_gap` over arrays (elementwise, so each answer is the same to the last
    bit as asked alone)."""
    ux, uy = bx - ax, by - ay
    size = ux * ux + uy * uy
    tx, ty = px - ax, py - ay
    along = tx * ux + ty * uy
    along = np.minimum(np.maximum(along / np.where(size > 0, size, 1.0), 0.0), 1.0)
    gap_x, gap_y = tx - along * ux, ty - along * uy
    found: Array = gap_x * gap_x + gap_y * gap_y
    return found


def _path_gaps(start: tuple[float, float], ends: Array, edges: Array) -> Array:
    """:func:`_path_gap` for the paths from ``start`` to each of ``ends`` (n, 2) against
    each of the segments ``edges`` (m, 2, 2): (n, m)."""
    px, py = float(start[0]), float(start[1])
    qx, qy = ends[:, 0:1], ends[:, 1:2]
    ax, ay = edges[None, :, 0, 0], edges[None, :, 0, 1]
    bx, by = edges[None, :, 1, 0], edges[None, :, 1, 1]
    o1, o2, o3, o4 = _turns(px, py, qx, qy, ax, ay, bx, by)
    crossing = (((o1 > 0) & (o2 < 0)) | ((o1 < 0) & (o2 > 0))) & (
        ((o3 > 0) & (o4 < 0)) | ((o3 < 0) & (o4 > 0))
    )
    p_x, p_y = np.full_like(qx, px), np.full_like(qy, py)
    gaps = np.minimum(
        np.minimum(_point_gaps(p_x, p_y, ax, ay, bx, by), _point_gaps(qx, qy, ax, ay, bx, by)),
        np.minimum(_point_gaps(ax, ay, p_x, p_y, qx, qy), _point_gaps(bx, by, p_x, p_y, qx, qy)),
    )
    found: Array = np.where(crossing, 0.0, gaps)
    return found


BEYOND = 1e-6
"""Inches: a disc or band whose nearest point is further from a ray's start than the
ray's length and this is left out of :meth:`Clearance.rooms`'s fast path: a ray enters
it, if at all, beyond where its room ends anyway (the room is a least of exact values, so
leaving out what cannot be least changes no bit of it). Far more than the rounding of
the distances measured."""


def _within(here: Array, centres: Array, radii: Array | float, length: float) -> Array:
    """(discs,): whether a ray of ``length`` from ``here`` might reach each disc."""
    gaps = np.hypot(centres[:, 0] - here[0], centres[:, 1] - here[1]) - radii
    near: Array = gaps <= length + BEYOND
    return near


def _band_within(here: Array, frames: Array, reach: float, length: float) -> Array:
    """(bands,): whether a ray of ``length`` from ``here`` might reach each band (the
    points within ``reach`` of a segment, from its frame in :class:`_Bands`)."""
    rel_x, rel_y = here[0] - frames[0], here[1] - frames[1]
    along = rel_x * frames[2] + rel_y * frames[3]
    across = rel_x * frames[4] + rel_y * frames[5]
    beyond = along - np.clip(along, 0.0, frames[6])
    near: Array = np.hypot(beyond, across) - reach <= length + BEYOND
    return near


FEW = 48
"""Directions times discs and bands up to which :meth:`Clearance.rooms`'s fast path works
in plain floats rather than numpy (a step's six directions among a few neighbours)."""


def _interval(origin: float, rate: float, low: float, high: float) -> tuple[float, float]:
    """When a ray moving at ``rate`` from ``origin`` is between ``low`` and ``high``, as
    :func:`_band_entries` works it for one element."""
    if rate == 0:
        inside = origin > low and origin < high
        return (-math.inf, math.inf) if inside else (math.inf, -math.inf)
    t1, t2 = (low - origin) / rate, (high - origin) / rate
    return min(t1, t2), max(t1, t2)


def _band_entries(here: Array, units: Array, frames: Array, reach: float) -> Array:
    """:func:`_slab_entries` from band frames made beforehand (:class:`_Bands`, edges of
    some length only), inside the caller's ``np.errstate``: the interval along each edge
    and across it worked out side by side (axis 0: along, across) rather than one after
    the other, each element by the same operations, so the same answers."""
    rel_x, rel_y = here[0] - frames[0], here[1] - frames[1]
    axes_x, axes_y = frames[2:6:2], frames[3:6:2]  # (along, normal) x and y
    origin = rel_x * axes_x + rel_y * axes_y  # (2, edges)
    ux, uy = units[None, :, 0:1], units[None, :, 1:2]
    rate = ux * axes_x[:, None, :] + uy * axes_y[:, None, :]  # (2, directions, edges)
    low = np.array([[0.0], [-reach]])
    high = np.empty_like(origin)
    high[0] = frames[6]
    high[1] = reach
    t1 = (low - origin)[:, None, :] / rate
    t2 = (high - origin)[:, None, :] / rate
    still = rate == 0
    inside = ((origin > low) & (origin < high))[:, None, :]
    in_low = np.where(inside, -np.inf, np.inf)
    t_low = np.where(still, in_low, np.minimum(t1, t2))
    t_high = np.where(still, -in_low, np.maximum(t1, t2))
    enter = np.maximum(np.maximum(t_low[0], t_low[1]), 0.0)
    deep = np.minimum(t_high[0], t_high[1]) > enter + SLACK
    found: Array = np.where(deep, enter, np.inf).min(axis=1)
    return found
