"""What a point sees of a true circle (16.0, 18.1, 18.2 on true circles), in closed form.

The edge looked at is a round base's edge as a true circle, its points named by their
angle round the centre (measured from the direction of the source, so the nearest point is
at angle 0 and the distance from the source grows with the angle either way). A blocker is
a convex piece (a corner list, from :mod:`skirmish.geometry.pieces`) or a disc (another
fighter's base, a true circle too). A straight line from the source to a point of the edge
is blocked by a piece when it runs through the piece's inside (a line that only grazes
it is not blocked).

Whether the line to an edge point is blocked changes only where that line passes one of
the two corners a convex piece shows the source (its silhouette) or touches a disc (along
its two tangents), or where the edge point itself crosses a blocker's outline: each a
quadratic's root. Between two such angles the answer is the same throughout, so it is
asked once, at the middle, by clipping the line against the piece's sides (or measuring its
distance from the disc's centre). A blocker whose near side is nearer the source than the
whole circle needs no such test: it hides the directions between its tangents, and the near
and far arcs those directions reach are worked out directly. The hidden angles of each
blocker, merged, and then of all of them, leave the visible arcs; their lengths, the nearest
visible point and the blockers that hide something follow in closed form.

A look meets a few blockers, so the algebra is done in plain Python floats (numpy's cost a
call is more than a blocker's whole answer); the blockers are made ready once
(:class:`Prepared`), and only those whose bounding circle reaches the region between the
source's two tangents to the circle are looked at.

The answers are those of :func:`skirmish.geometry.sight.visible_part` on the true circle
(the tests compare them with its shadows on the circle drawn with 4,096 corners). As with
the sweep, the source must lie outside every blocker it does not skip, and the edge must not
run inside one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise

import numpy as np
import shapely
from shapely import LineString, Point
from shapely.geometry.base import BaseGeometry

from skirmish.fastpaths import keep
from skirmish.geometry.measure import EPSILON
from skirmish.geometry.pieces import ConvexParts
from skirmish.geometry.sight import TIE
from skirmish.geometry.sweep import Ray

Array = np.ndarray
DRAWN = 1024
"""Corners of the whole circle when a visible arc is drawn as a line (for pictures; every
answer is worked out on the true circle)."""
TURN = 2 * math.pi
SLACK = 1e-9
"""Of a side's length: where the edge crosses a side this near one of its corners, the
crossing is counted (an extra angle between events changes nothing)."""


@dataclass(frozen=True)
class Discs:
    """Round blockers: centres (n, 2), radii and the blocker each is."""

    centres: Array
    radii: Array
    owners: Array

    @classmethod
    def of(cls, circles: Sequence[tuple[float, float, float]], owners: Sequence[int]) -> Discs:
        array = np.array(circles, dtype=float).reshape(-1, 3)
        return cls(array[:, :2], array[:, 2], np.array(owners, dtype=np.intp))

    def __len__(self) -> int:
        return len(self.radii)


NO_DISCS = Discs(np.empty((0, 2)), np.empty(0), np.empty(0, dtype=np.intp))


@dataclass(frozen=True, eq=False)
class ArcView:
    """What a source sees of a true circle (see :class:`~skirmish.geometry.sight.EdgeView`):
    the visible arcs as angles from the direction of the source (-pi to pi)."""

    origin: tuple[float, float]
    """The source's x and y."""
    centre: tuple[float, float]
    radius: float
    facing: float
    """The angle (from the x axis) of the direction from the centre to the source."""
    arcs: tuple[tuple[float, float], ...]
    """The visible arcs in order, as (low, high) angles."""
    blockers: tuple[int, ...]
    visible_length: float

    @cached_property
    def source(self) -> Point:
        return Point(self.origin)

    @property
    def any(self) -> bool:
        return self.visible_length > EPSILON

    @property
    def all(self) -> bool:
        return TURN * self.radius - self.visible_length <= EPSILON * 10

    def point(self, angle: float) -> tuple[float, float]:
        """The edge's point at ``angle`` from the direction of the source."""
        return (
            self.centre[0] + self.radius * math.cos(self.facing + angle),
            self.centre[1] + self.radius * math.sin(self.facing + angle),
        )

    def gap(self, angle: float) -> float:
        """The distance from the source to the edge's point at ``angle``."""
        apart = math.dist(self.origin, self.centre)
        r = self.radius
        return math.sqrt(max(0.0, apart * apart + r * r - 2 * apart * r * math.cos(angle)))

    def nearest(self) -> tuple[float, Point] | None:
        """The nearest visible point: of each arc the angle nearest 0 (the distance grows
        with the angle either way); of equally near ones (within TIE), the least x."""
        return self._nearest

    @cached_property
    def _nearest(self) -> tuple[float, Point] | None:
        if not self.any:
            return None
        found = []
        for low, high in self.arcs:
            angle = min(max(0.0, low), high)
            found.append((self.gap(angle), self.point(angle)))
        least = min(gap for gap, _ in found)
        gap, end = min((f for f in found if f[0] <= least + TIE), key=lambda f: f[1])
        if "source" in self.__dict__:
            return gap, Point(end)
        source, point = np.asarray(shapely.points([self.origin, end])).tolist()
        self.__dict__["source"] = source  # both made in one call: a line of attack needs both
        return gap, point

    def _pieces(self) -> list[tuple[float, float]]:
        """The visible arcs, the one across the back (pi to -pi) joined."""
        arcs = [(low, high) for low, high in self.arcs if (high - low) * self.radius > 0]
        if len(arcs) > 1 and arcs[0][0] == -math.pi and arcs[-1][1] == math.pi:
            arcs = [(arcs[-1][0], arcs[0][1] + TURN), *arcs[1:-1]]
        return arcs

    def distances(self) -> list[tuple[float, float]]:
        """For each connected visible arc longer than EPSILON, its nearest and farthest
        distance from the source."""
        out = []
        for low, high in self._pieces():
            if (high - low) * self.radius <= EPSILON:
                continue
            near = 0.0 if low <= 0.0 <= high else min(abs(_wrap(low)), abs(_wrap(high)))
            far = math.pi if low <= math.pi <= high else max(abs(_wrap(low)), abs(_wrap(high)))
            out.append((self.gap(near), self.gap(far)))
        return out

    def _drawn(self, low: float, high: float) -> Array:
        """The arc from ``low`` to ``high`` as points: its ends, and between them the
        corners of the whole edge drawn (so the edge less the visible arcs is the hidden
        part, give or take a chord at each end)."""
        grid = np.arange(math.ceil(low / TURN * DRAWN), math.floor(high / TURN * DRAWN) + 1)
        inside = grid * (TURN / DRAWN)
        inside = inside[(inside > low) & (inside < high)]
        angles = self.facing + np.concatenate([[low], inside, [high]])
        points: Array = np.column_stack(
            [
                self.centre[0] + self.radius * np.cos(angles),
                self.centre[1] + self.radius * np.sin(angles),
            ]
        )
        return points

    @cached_property
    def edge(self) -> LineString:
        """The whole circle drawn as a line (for pictures)."""
        return LineString(self._drawn(-math.pi, math.pi))

    @cached_property
    def visible(self) -> BaseGeometry:
        """The visible arcs drawn as lines (for pictures)."""
        lines = [self._drawn(low, high) for low, high in self._pieces()]
        if not lines:
            return LineString()
        if len(lines) == 1:
            return LineString(lines[0])
        return shapely.MultiLineString(lines)


def _wrap(angle: float) -> float:
    return (angle + math.pi) % TURN - math.pi


Interval = tuple[float, float]
Corners = tuple[tuple[float, float], ...]
Circle = tuple[float, float, float]


@dataclass(frozen=True, eq=False)
class Prepared:
    """Blockers made ready for the closed form, as plain floats (a question looks at a few
    blockers, where plain Python is quicker than numpy's calls): each convex piece's
    corners and inward normals, each disc, and the bounding circle of every piece, then
    every disc (widened by EPSILON), for finding the few near a line."""

    corners: tuple[Corners, ...]
    inward: tuple[Corners, ...]
    discs: tuple[Circle, ...]
    owners: tuple[int, ...]
    """The blocker each piece, then each disc, is."""
    bounds: tuple[Circle, ...]
    whole: Circle
    """A circle round every bound: what reaches none of it is passed over at once."""

    @classmethod
    def of(cls, parts: ConvexParts, discs: Discs = NO_DISCS) -> Prepared:
        corners = parts.corners.tolist()
        inward = parts.inward.tolist()
        counts = parts.counts.tolist()
        circles = _circles(discs)
        bounds = tuple(
            (x, y, r + EPSILON)
            for (x, y), r in zip(parts.centres.tolist(), parts.reaches.tolist(), strict=True)
        ) + tuple((x, y, r + EPSILON) for x, y, r in circles)
        return cls(
            tuple(tuple((x, y) for x, y in c[:n]) for c, n in zip(corners, counts, strict=True)),
            tuple(tuple((x, y) for x, y in c[:n]) for c, n in zip(inward, counts, strict=True)),
            circles,
            tuple(parts.owners.tolist() + discs.owners.tolist()),
            bounds,
            _around(bounds),
        )

    def joined(self, discs: Discs) -> Prepared:
        """These blockers and ``discs`` besides (the terrain, made ready once, and the
        fighters where they stand)."""
        circles = _circles(discs)
        bounds = self.bounds + tuple((x, y, r + EPSILON) for x, y, r in circles)
        return Prepared(
            self.corners,
            self.inward,
            self.discs + circles,
            self.owners + tuple(discs.owners.tolist()),
            bounds,
            _around(bounds),
        )


def _circles(discs: Discs) -> tuple[Circle, ...]:
    return tuple(
        (x, y, r) for (x, y), r in zip(discs.centres.tolist(), discs.radii.tolist(), strict=True)
    )


def _around(circles: Sequence[Circle]) -> Circle:
    """A circle round all of ``circles`` (round their bounding box's centre)."""
    if not circles:
        return (0.0, 0.0, -1.0)
    low_x = min(x - r for x, _, r in circles)
    high_x = max(x + r for x, _, r in circles)
    low_y = min(y - r for _, y, r in circles)
    high_y = max(y + r for _, y, r in circles)
    mx, my = (low_x + high_x) / 2, (low_y + high_y) / 2
    return mx, my, max(math.hypot(x - mx, y - my) + r for x, y, r in circles)


REPLACED_KEPT = 4096
"""Sets of pieces drawn instead of their owners kept made ready (:func:`_replaced`); when
full, the store starts again from empty."""
_REPLACED: dict[int, tuple[ConvexParts, Prepared]] = {}


def _replaced(parts: ConvexParts) -> Prepared:
    """Pieces drawn instead of their owners, made ready (kept by the pieces, which the
    blockers keep; bounded)."""
    found = _REPLACED.get(id(parts))
    if found is None or found[0] is not parts:
        found = keep(_REPLACED, id(parts), (parts, Prepared.of(parts)), REPLACED_KEPT)
    return found[1]


@dataclass(slots=True)
class _Target:
    """One question's source and circle, and the frame the angles are measured in."""

    sx: float
    sy: float
    cx: float
    cy: float
    r: float
    d: float
    """The distance from the source to the centre."""
    fx: float
    fy: float
    """The unit direction from the centre to the source (angle 0)."""
    towards: float = 0.0
    """The angle (from the x axis) of the direction from the source to the centre."""
    spread: float = math.nan
    """The circle's half-width as seen from the source (nan for a source within it)."""

    def angle(self, x: float, y: float) -> float:
        """The angle round the centre of the point (x, y), from the direction of the source."""
        vx, vy = x - self.cx, y - self.cy
        return math.atan2(self.fx * vy - self.fy * vx, self.fx * vx + self.fy * vy)

    def at(self, angle: float) -> tuple[float, float]:
        c, s = math.cos(angle), math.sin(angle)
        return (
            self.cx + self.r * (self.fx * c - self.fy * s),
            self.cy + self.r * (self.fy * c + self.fx * s),
        )

    def crossings(
        self, px: float, py: float, qx: float, qy: float, segment: bool = False
    ) -> list[float]:
        """The angles where the line through (px, py) and (qx, qy) meets the circle (with
        ``segment``, only between the two points, ends included)."""
        ux, uy = qx - px, qy - py
        ox, oy = px - self.cx, py - self.cy
        a = ux * ux + uy * uy
        b = 2 * (ux * ox + uy * oy)
        c = ox * ox + oy * oy - self.r * self.r
        disc = b * b - 4 * a * c
        if a <= 0 or disc < 0:
            return []
        root = math.sqrt(disc)
        return [
            self.angle(px + t * ux, py + t * uy)
            for t in ((-b - root) / (2 * a), (-b + root) / (2 * a))
            if not segment or -SLACK <= t <= 1 + SLACK
        ]

    def near(self, circles: Sequence[Circle]) -> list[int]:
        """The indexes of the ``circles`` (x, y, radius) that may reach the region between
        the two tangents from the source to the circle: their distance to each tangent line
        and their reach along the line to the centre (a rough test, never one that leaves
        out a blocker that hides something)."""
        sx, sy, d, r = self.sx, self.sy, self.d, self.r
        if d <= r:
            return list(range(len(circles)))
        ux, uy = (self.cx - sx) / d, (self.cy - sy) / d
        sine = r / d
        cosine = math.sqrt(1.0 - sine * sine)
        end = d + r
        out = []
        for i, (x, y, reach) in enumerate(circles):
            ex, ey = x - sx, y - sy
            along = ex * ux + ey * uy
            if along < -reach or along > end + reach:
                continue
            across = ey * ux - ex * uy
            if (across if across > 0 else -across) * cosine - along * sine <= reach:
                out.append(i)
        return out

    def wedge(self, heading: float, low: float, high: float) -> list[Interval]:
        """The edge's points in the directions from the source ``heading + low`` to
        ``heading + high`` (the near and the far arc they reach)."""
        if self.d <= self.r:
            raise ValueError("the source lies within the circle: the wedge reaches no arc")
        spread = self.spread
        first = _wrap(heading + low - self.towards)
        out: list[Interval] = []
        for shift in (0.0, -TURN) if first + high - low > math.pi else (0.0,):
            a = max(first + shift, -spread)
            b = min(first + shift + high - low, spread)
            if a < b:
                out += self._reached(a, b, spread)
        return out

    def _reached(self, a: float, b: float, spread: float) -> list[Interval]:
        """The near and far arcs reached by directions ``a`` to ``b`` from the line to the
        centre (within ``spread``, the circle's half-width as seen)."""
        d, r = self.d, self.r
        # Along the direction delta the line meets the circle at t = d cos - root (near)
        # and d cos + root (far); the far angle is unwrapped: pi at delta 0, growing.
        cos_a, sin_a, cos_b, sin_b = math.cos(a), math.sin(a), math.cos(b), math.sin(b)
        root_a = math.sqrt(max(0.0, r * r - (d * sin_a) ** 2))
        root_b = math.sqrt(max(0.0, r * r - (d * sin_b) ** 2))
        t = d * cos_b - root_b
        near_b = math.atan2(-t * sin_b, d - t * cos_b)
        t = d * cos_a - root_a
        near_a = math.atan2(-t * sin_a, d - t * cos_a)
        out = [(near_b, near_a)]
        t = d * cos_a + root_a
        low_far = math.atan2(t * sin_a, t * cos_a - d) + math.pi
        t = d * cos_b + root_b
        high_far = math.atan2(t * sin_b, t * cos_b - d) + math.pi
        for lo, hi in (
            (low_far, min(high_far, math.pi)),
            (max(low_far, math.pi) - TURN, high_far - TURN),
        ):
            if lo < hi:
                out.append((lo, hi))
        return out


def _cut(
    target: _Target, events: list[float], hides: Callable[[float, float], bool]
) -> list[Interval]:
    """The intervals between the sorted ``events`` (from -pi to pi) whose middle point
    ``hides`` says is hidden."""
    cuts = [-math.pi, *sorted(e for e in events if -math.pi < e < math.pi), math.pi]
    out: list[Interval] = []
    for low, high in pairwise(cuts):
        if high > low and hides(*target.at((low + high) / 2)):
            if out and out[-1][1] == low:
                out[-1] = (out[-1][0], high)
            else:
                out.append((low, high))
    return out


def _piece(target: _Target, corners: Corners, inward: Corners) -> list[Interval]:
    """What one convex piece hides of the circle."""
    sx, sy = target.sx, target.sy
    count = len(corners)
    facing = _facing(sx, sy, corners, inward)
    if True not in facing:
        return []  # the source lies in the piece: the sweep passes it over too
    # How far the near side (the sides facing the source) reaches from the source.
    furthest = 0.0
    before = facing[-1]
    for (x, y), now in zip(corners, facing, strict=True):
        if now or before:
            furthest = max(furthest, (x - sx) * (x - sx) + (y - sy) * (y - sy))
        before = now
    gap = target.d - target.r
    if gap > 0 and gap * gap > furthest:
        # The whole circle lies beyond the piece's near side: its tangent rays decide.
        mx = sum(x for x, _ in corners) / count
        my = sum(y for _, y in corners) / count
        heading = math.atan2(my - sy, mx - sx)
        gx, gy = math.cos(heading), math.sin(heading)
        turns = [
            math.atan2(gx * (y - sy) - gy * (x - sx), gx * (x - sx) + gy * (y - sy))
            for x, y in corners
        ]
        return target.wedge(heading, min(turns), max(turns))
    events = _outline(target, corners, facing)

    def hides(px: float, py: float) -> bool:
        """Whether the line from the source to (px, py) runs through the piece."""
        low, high = _clip(sx, sy, px - sx, py - sy, corners, inward)
        return high > low

    return _cut(target, events, hides)


def _facing(sx: float, sy: float, corners: Corners, inward: Corners) -> list[bool]:
    """Whether each side of a convex piece faces the source (sx, sy)."""
    return [
        (sx - x) * nx + (sy - y) * ny < 0 for (x, y), (nx, ny) in zip(corners, inward, strict=True)
    ]


def _outline(target: _Target, corners: Corners, facing: list[bool]) -> list[float]:
    """Where what a convex piece hides may change: across the lines from the source through
    the two corners its tangent rays touch (where the facing sides begin and end), and
    where the edge crosses a side."""
    sx, sy = target.sx, target.sy
    count = len(corners)
    events = []
    for i, (x, y) in enumerate(corners):
        if facing[i] != facing[i - 1]:
            events += target.crossings(sx, sy, x, y)
        events += target.crossings(x, y, *corners[(i + 1) % count], segment=True)
    return events


def _clip(
    sx: float, sy: float, ux: float, uy: float, corners: Corners, inward: Corners
) -> tuple[float, float]:
    """The part (low, high) of the line from (sx, sy) to (sx + ux, sy + uy), as fractions
    from 0 to 1, inside a convex piece (none when high <= low)."""
    low, high = 0.0, 1.0
    for (x, y), (nx, ny) in zip(corners, inward, strict=True):
        alpha = (sx - x) * nx + (sy - y) * ny
        beta = ux * nx + uy * ny
        if beta > 0:
            low = max(low, -alpha / beta)
        elif beta < 0:
            high = min(high, -alpha / beta)
        elif alpha <= 0:
            return 1.0, 0.0
    return low, high


def _tangents(target: _Target, heading: float, half: float) -> list[float]:
    """Where the lines from the source in the directions ``heading`` -/+ ``half`` (its
    tangents to a round blocker) meet the circle."""
    sx, sy = target.sx, target.sy
    events = []
    for turn in (heading - half, heading + half):
        events += target.crossings(sx, sy, sx + math.cos(turn), sy + math.sin(turn))
    return events


def _piece_beyond(
    target: _Target, corners: Corners, inward: Corners, cut: Circle
) -> list[Interval]:
    """What one convex piece hides of the circle with the open disc ``cut`` (x, y, radius)
    taken out of it (ruling MW-14: an obstacle's part within 1" of the attacker is ignored):
    a line is blocked where it runs through the piece's inside outside the disc.

    The answer changes only where the line passes one of the piece's silhouette corners
    (as :func:`_piece`), a point where the disc's rim crosses a side of the piece, or is
    tangent to the disc (a source outside it), or where the edge crosses a side of the
    piece or the disc's rim: a quadratic's root each. Between two such angles it is asked
    at the middle: the line clipped against the piece's sides, less its part in the disc
    (one more quadratic)."""
    ax, ay, reach = cut
    square = reach * reach
    if all((x - ax) * (x - ax) + (y - ay) * (y - ay) <= square for x, y in corners):
        return []  # the piece lies within the disc: nothing of it is left
    sx, sy = target.sx, target.sy
    count = len(corners)
    rims: list[tuple[float, float]] = []  # where the disc's rim crosses the piece's sides
    for i, (x, y) in enumerate(corners):
        qx, qy = corners[(i + 1) % count]
        ux, uy = qx - x, qy - y
        ox, oy = x - ax, y - ay
        a = ux * ux + uy * uy
        b = ux * ox + uy * oy
        disc = b * b - a * (ox * ox + oy * oy - square)
        if a <= 0 or disc <= 0:
            continue
        root = math.sqrt(disc)
        for t in ((-b - root) / a, (-b + root) / a):
            if -SLACK <= t <= 1 + SLACK:
                rims.append((x + t * ux, y + t * uy))
    centre_inside = all(
        (ax - x) * nx + (ay - y) * ny >= 0 for (x, y), (nx, ny) in zip(corners, inward, strict=True)
    )
    if not rims and not centre_inside:
        return _piece(target, corners, inward)  # the disc misses the piece: it is whole
    events = _outline(target, corners, _facing(sx, sy, corners, inward))
    for x, y in rims:
        events += target.crossings(sx, sy, x, y)
    ox, oy = sx - ax, sy - ay
    outside = ox * ox + oy * oy - square
    if outside > 0:  # a source outside the disc: its tangents to it
        half = math.asin(min(1.0, reach / math.sqrt(ox * ox + oy * oy)))
        events += _tangents(target, math.atan2(-oy, -ox), half)
    events += _rims(target, ax, ay, reach)

    def hides(px: float, py: float) -> bool:
        """Whether the line from the source to (px, py) runs through the piece outside the
        disc."""
        ux, uy = px - sx, py - sy
        low, high = _clip(sx, sy, ux, uy, corners, inward)
        if not high > low:
            return False
        a = ux * ux + uy * uy
        b = ux * ox + uy * oy
        disc = b * b - a * outside
        if a <= 0 or disc <= 0:
            return True  # the line misses the disc
        root = math.sqrt(disc)
        enter, leave = (-b - root) / a, (-b + root) / a
        return min(high, enter) > low or high > max(low, leave)

    return _cut(target, events, hides)


def _disc(target: _Target, x: float, y: float, span: float) -> list[Interval]:
    """What one round blocker (centre x, y, radius ``span``) hides of the circle."""
    sx, sy = target.sx, target.sy
    apart = math.hypot(x - sx, y - sy)
    heading = math.atan2(y - sy, x - sx)
    if apart > span:
        half = math.asin(span / apart)
        if target.d - target.r > math.sqrt(apart * apart - span * span):
            return target.wedge(heading, -half, half)
        events = _tangents(target, heading, half)
    else:
        events = []
    events += _rims(target, x, y, span)

    def hides(px: float, py: float) -> bool:
        ux, uy = px - sx, py - sy
        length = ux * ux + uy * uy
        t = ((x - sx) * ux + (y - sy) * uy) / length if length > 0 else 0.0
        t = min(1.0, max(0.0, t))
        return math.hypot(sx + t * ux - x, sy + t * uy - y) < span

    return _cut(target, events, hides)


def _rims(target: _Target, x: float, y: float, span: float) -> list[float]:
    """The angles where the circle meets the circle round (x, y) of radius ``span``."""
    bx, by = x - target.cx, y - target.cy
    d = math.hypot(bx, by)
    r = target.r
    if d <= 0:
        return []
    along = (d * d + r * r - span * span) / (2 * d)
    if r * r - along * along < 0:
        return []
    across = math.sqrt(r * r - along * along)
    ux, uy = bx / d, by / d
    mx, my = target.cx + along * ux, target.cy + along * uy
    return [
        target.angle(mx - across * uy, my + across * ux),
        target.angle(mx + across * uy, my - across * ux),
    ]


def _merged(intervals: list[Interval]) -> list[Interval]:
    out: list[Interval] = []
    for low, high in sorted(intervals):
        if out and low <= out[-1][1]:
            if high > out[-1][1]:
                out[-1] = (out[-1][0], high)
        else:
            out.append((low, high))
    return out


def arcs(prepared: Prepared, rays: Sequence[Ray]) -> list[ArcView]:
    """What each ray's source sees of the true circle round its target's centre (of the
    ray's radius) among the ``prepared`` blockers (see the module's text). ``Ray.edge`` is
    not read; blockers in ``Ray.skip`` are passed over and ``Ray.replaced`` drawn instead
    of their owners' pieces, as the sweep does; the pieces of a blocker in ``Ray.beyond``
    hide only with their parts outside its disc (:func:`_piece_beyond`)."""
    return [_view(prepared, ray) for ray in rays]


def _cast(
    target: _Target,
    prepared: Prepared,
    skip: frozenset[int],
    hidden: dict[int, list[Interval]],
    beyond: dict[int, Circle] | None = None,
) -> None:
    """Adds what each of the ``prepared`` blockers near the target hides to ``hidden`` (by
    blocker), passing over those in ``skip``; a piece of a blocker in ``beyond`` hides
    only with its part outside that blocker's disc."""
    if not target.near([prepared.whole]):
        return
    pieces = len(prepared.corners)
    owners = prepared.owners
    for i in target.near(prepared.bounds):
        owner = owners[i]
        if owner in skip:
            continue
        if i >= pieces:
            cast = _disc(target, *prepared.discs[i - pieces])
        elif beyond and owner in beyond:
            cast = _piece_beyond(target, prepared.corners[i], prepared.inward[i], beyond[owner])
        else:
            cast = _piece(target, prepared.corners[i], prepared.inward[i])
        if cast:
            hidden.setdefault(owner, []).extend(cast)


def _view(prepared: Prepared, ray: Ray) -> ArcView:
    (sx, sy), (cx, cy), r = ray.source, ray.centre, ray.radius
    d = math.hypot(sx - cx, sy - cy)
    fx, fy = ((sx - cx) / d, (sy - cy) / d) if d > 0 else (1.0, 0.0)
    target = _Target(
        sx,
        sy,
        cx,
        cy,
        r,
        d,
        fx,
        fy,
        math.atan2(cy - sy, cx - sx),
        math.asin(r / d) if d > r else math.nan,
    )
    hidden: dict[int, list[Interval]] = {}
    beyond = dict(ray.beyond) if ray.beyond else None
    if ray.replaced:
        replaced = frozenset(o for own in ray.replaced for o in _replaced(own).owners)
        _cast(target, prepared, ray.skip | replaced, hidden, beyond)
        for own in ray.replaced:
            _cast(target, _replaced(own), ray.skip, hidden)
    else:
        _cast(target, prepared, ray.skip, hidden, beyond)
    casting = []
    every: list[Interval] = []
    for owner in sorted(hidden):
        merged = _merged(hidden[owner])
        if sum(high - low for low, high in merged) * r > EPSILON:
            casting.append(owner)
        every += merged
    seen: list[Interval] = []
    reached = -math.pi
    for low, high in _merged(every):
        if low > reached:
            seen.append((reached, low))
        reached = max(reached, high)
    if reached < math.pi:
        seen.append((reached, math.pi))
    total = sum(high - low for low, high in seen) * r
    return ArcView((sx, sy), (cx, cy), r, math.atan2(fy, fx), tuple(seen), tuple(casting), total)
