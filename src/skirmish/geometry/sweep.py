"""The visible part of a round base's edge, for many questions at once, in numpy.

Each blocker is cut into convex pieces (:mod:`skirmish.geometry.pieces`). Seen from a point
outside a convex piece, the points the piece hides lie
in the wedge of angles between its two tangent rays and beyond its near side: an
intersection of half-planes. Each straight segment of the target's edge is clipped against
them, giving one interval of the segment per piece; what no interval covers is visible.

Pieces far from the lines between the source and the target are passed over first (a
bounding circle against the capsule round the line between source and target centre);
when the whole target lies beyond a piece's near side, its wedge alone does the clipping.

The answers are those of :func:`skirmish.geometry.sight.visible_part` (its shadows are the
same regions) to rounding; the tests compare them on generated battlefields. The source must
lie outside every blocker it does not skip, and the edge must not run inside one: such a
question is for ``visible_part``, which takes each blocker's own inside away from its shadow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np
import shapely
from shapely import LineString, Point
from shapely.geometry.base import BaseGeometry

from skirmish.geometry.measure import EPSILON
from skirmish.geometry.pieces import ConvexParts
from skirmish.geometry.sight import TIE, closest_points, piece_distances

Array = np.ndarray
TOGETHER = 64
"""Below this many (question, piece) pairs, every piece is clipped in one go."""


@dataclass(frozen=True)
class Ray:
    """One question: what ``source`` sees of the edge of the round base at ``centre``.

    ``edge`` is that base drawn as a polygon's outline (of ``radius``; None for a question
    about the true circle, :func:`skirmish.geometry.arcs.arcs`); blockers in ``skip``
    are passed over, and the blockers owning the pieces in ``replaced`` are drawn as those
    pieces instead. ``beyond`` (read by :func:`skirmish.geometry.arcs.arcs` alone, for which
    the sweep has ``replaced``): blockers that count only beyond a disc, each as its index
    and the disc (x, y, radius).
    """

    source: tuple[float, float]
    centre: tuple[float, float]
    radius: float
    edge: LineString | None
    skip: frozenset[int] = frozenset()
    replaced: tuple[ConvexParts, ...] = ()
    beyond: tuple[tuple[int, tuple[float, float, float]], ...] = ()


@dataclass(frozen=True, eq=False)
class SweptPart:
    """The visible part of a target edge: intervals of its segments (see :class:`EdgeView`)."""

    source: Point
    edge: LineString
    ring: Array
    segments: Array
    """Visible intervals in order along the edge: segment index, start and end (0 to 1)."""
    starts: Array
    ends: Array
    blockers: tuple[int, ...]
    visible_length: float
    closest: tuple[float, Point] | None
    """Distance from the source to the nearest visible point, and that point."""

    @property
    def any(self) -> bool:
        return self.visible_length > EPSILON

    @property
    def all(self) -> bool:
        return float(self.edge.length) - self.visible_length <= EPSILON * 10

    def nearest(self) -> tuple[float, Point] | None:
        return self.closest if self.any else None

    def _point(self, segment: int, t: float) -> Array:
        """The point ``t`` of the way along a segment (its corners exactly at 0 and 1)."""
        corner = segment + 1 if t == 1.0 else segment
        point: Array = (
            self.ring[corner]
            if t in (0.0, 1.0)
            else (self.ring[segment] + t * (self.ring[segment + 1] - self.ring[segment]))
        )
        return point

    @cached_property
    def visible(self) -> BaseGeometry:
        """The visible intervals as lines; intervals meeting at a corner of the edge join."""
        lines: list[list[Array]] = []
        previous: tuple[int, float] | None = None
        for segment, start, end in zip(
            self.segments.tolist(), self.starts.tolist(), self.ends.tolist(), strict=True
        ):
            if previous == (segment - 1, 1.0) and start == 0.0:
                lines[-1].append(self._point(segment, end))
            else:
                lines.append([self._point(segment, start), self._point(segment, end)])
            previous = (segment, end)
        if not lines:
            return LineString()
        if len(lines) == 1:
            return LineString(lines[0])
        return shapely.MultiLineString(lines)

    def distances(self) -> list[tuple[float, float]]:
        return piece_distances(self.source, self.visible)


def _union(keys: Array, low: Array, high: Array) -> tuple[Array, Array, Array]:
    """Intervals merged where they overlap and share a key: keys, starts, ends, sorted."""
    order = np.lexsort((low, keys))
    keys, low, high = keys[order], low[order], high[order]
    first = np.ones(len(keys), dtype=bool)
    first[1:] = keys[1:] != keys[:-1]
    lift = 2.0 * (np.cumsum(first) - 1)  # keeps each key's running maximum to itself
    reach = np.maximum.accumulate(high + lift) - lift
    fresh = first.copy()
    fresh[1:] |= low[1:] > reach[:-1]
    starts = np.flatnonzero(fresh)
    if len(starts) == 0:
        return keys, low, high
    return keys[starts], low[starts], np.maximum.reduceat(high, starts)


def _clip(alpha: Array, beta: Array) -> tuple[Array, Array]:
    """The interval of t in [0, 1] where alpha + t * beta > 0 for every last-axis entry
    (low >= high where there is none)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        bound = -alpha / beta
    low = np.where(beta > 0, bound, 0.0).max(axis=-1, initial=0.0)
    high = np.where(beta < 0, bound, 1.0).min(axis=-1, initial=1.0)
    never = ((beta == 0) & (alpha <= 0)).any(axis=-1)
    return low, np.where(never, -1.0, high)


def _narrow(low: Array, high: Array, alpha: Array, beta: Array) -> tuple[Array, Array]:
    """``low`` and ``high`` narrowed to where alpha + t * beta > 0 too (one half-plane)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        bound = -alpha / beta
    low = np.where(beta > 0, np.maximum(low, bound), low)
    high = np.where(beta < 0, np.minimum(high, bound), high)
    return low, np.where((beta == 0) & (alpha <= 0), -1.0, high)


def _dot(a: Array, b: Array) -> Array:
    """Dot products along the last axis (of length 2)."""
    product: Array = a[..., 0] * b[..., 0] + a[..., 1] * b[..., 1]
    return product


def _hidden(
    sources: Array,
    centres: Array,
    radii: Array,
    starts: Array,
    steps: Array,
    corners: Array,
    counts: Array,
    inward: Array,
    unit_inward: Array,
) -> tuple[Array, Array]:
    """For each (source, target edge, convex piece): the interval of each edge segment the
    piece hides, as (low, high) with low >= high for none.

    The piece hides what lies between its two tangent rays and beyond its near side (the
    edges whose outer side faces the source).
    """
    n, width = corners.shape[:2]
    rows = np.arange(n)
    real = np.arange(width) < counts[:, None]
    offsets = sources[:, None, :] - corners
    near = (_dot(inward, offsets) < 0) & real
    near_before = np.roll(near, 1, axis=1)
    near_before[:, 0] = near[rows, counts - 1]
    near_after = np.roll(near, -1, axis=1)
    near_after[rows, counts - 1] = near[:, 0]
    opens, closes = near & ~near_before, near & ~near_after
    first = corners[rows, opens.argmax(axis=1)]
    last = corners[rows, (closes.argmax(axis=1) + 1) % counts]
    middle = (corners * real[..., None]).sum(axis=1) / counts[:, None]
    # A target wholly outside the far side of a near edge is in front of the piece, and one
    # wholly outside the wedge between the tangent rays is beside it: nothing is hidden.
    # A target wholly farther than every corner of the near side lies beyond it, where the
    # tangent rays alone decide; otherwise it straddles the near side, whose edges clip too.
    to_target = centres - sources
    distance = np.hypot(to_target[:, 0], to_target[:, 1])
    depth = _dot(unit_inward, centres[:, None, :] - corners)
    with np.errstate(divide="ignore", invalid="ignore"):
        spread = np.arcsin(np.minimum(1.0, radii / distance))
    outside = distance > radii  # else the target surrounds the source: no side to be beside
    in_front = (near & (depth < -radii[:, None])).any(axis=1) | ~near.any(axis=1)
    sides = [
        np.arctan2(_cross(to_target, corner - sources), _dot(to_target, corner - sources))
        for corner in (first, last)
    ]
    beside = (np.minimum(*sides) >= spread) | (np.maximum(*sides) <= -spread)
    beside |= np.abs(sides[0] - sides[1]) > np.pi
    beside &= outside
    low = np.zeros(starts.shape[:2])
    high = np.full(starts.shape[:2], -1.0)
    kept = np.flatnonzero(~in_front & ~beside)
    if not len(kept):
        return low, high
    reach = np.hypot(offsets[kept, :, 0], offsets[kept, :, 1])
    chain = near[kept] | near_before[kept]
    beyond = distance[kept] - radii[kept] > np.where(chain, reach, 0.0).max(axis=1)
    sources, starts, steps = sources[kept], starts[kept], steps[kept]
    part_low = np.zeros(starts.shape[:2])
    part_high = np.ones(starts.shape[:2])
    relative = starts - sources[:, None, :]
    for tangent in (first[kept], last[kept]):
        ray = tangent - sources
        normal = np.stack([-ray[:, 1], ray[:, 0]], axis=-1)
        normal *= np.where(_dot(normal, middle[kept] - sources) < 0, -1.0, 1.0)[:, None]
        part_low, part_high = _narrow(
            part_low,
            part_high,
            _dot(relative, normal[:, None, :]),
            _dot(steps, normal[:, None, :]),
        )
    straddle = np.flatnonzero(~beyond)
    if len(straddle):
        s, pieces = straddle, kept[straddle]
        alpha = _dot(
            starts[s][:, :, None, :] - corners[pieces][:, None, :, :],
            inward[pieces][:, None, :, :],
        )
        beta = _dot(steps[s][:, :, None, :], inward[pieces][:, None, :, :])
        keep = near[pieces][:, None, :]
        near_low, near_high = _clip(np.where(keep, alpha, 1.0), np.where(keep, beta, 0.0))
        part_low[s] = np.maximum(part_low[s], near_low)
        part_high[s] = np.minimum(part_high[s], near_high)
    low[kept], high[kept] = part_low, part_high
    return low, high


def _cross(a: Array, b: Array) -> Array:
    """Cross products of 2-D vectors along the last axis."""
    z: Array = a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
    return z


def _ring(edge: LineString | None) -> Array:
    if edge is None:
        raise ValueError("the sweep looks at an edge drawn as a polygon, and none was given")
    ring: Array = shapely.get_coordinates(edge)
    return ring


@dataclass(frozen=True)
class _Stack:
    """Every piece any ray may meet (its own blockers drawn smaller, the others whole), and
    the (ray, piece) pairs to look at."""

    corners: Array
    counts: Array
    owners: Array
    """The blocker each piece belongs to."""
    blockers: int
    ray_of: Array
    piece_of: Array
    inward: Array
    unit_inward: Array

    @classmethod
    def of(cls, parts: ConvexParts, rays: Sequence[Ray]) -> _Stack:
        pieces = [parts]
        offsets: dict[int, int] = {}  # pieces shared by rays (one attacker's) stacked once
        barred_ray: list[int] = []
        barred_owner: list[int] = []
        extra: list[tuple[int, int, int]] = []  # ray, first piece, how many
        total = len(parts)
        for q, ray in enumerate(rays):
            barred_ray += [q] * len(ray.skip)
            barred_owner += ray.skip
            for own in ray.replaced:
                if id(own) not in offsets:
                    offsets[id(own)] = total
                    pieces.append(own)
                    total += len(own)
                barred_ray += [q] * len(own)
                barred_owner += own.owners.tolist()
                extra.append((q, offsets[id(own)], len(own)))
        blockers = max(int(parts.owners.max(initial=-1)), max(barred_owner, default=-1)) + 1
        barred = np.zeros((len(rays), blockers), dtype=bool)
        barred[barred_ray, barred_owner] = True
        ray_of, piece_of = np.nonzero(~barred[:, parts.owners])
        if extra:
            which, first, sizes = (np.array(column) for column in zip(*extra, strict=True))
            ray_of = np.concatenate([ray_of, np.repeat(which, sizes)])
            shift = np.repeat(first - np.cumsum(sizes) + sizes, sizes)
            piece_of = np.concatenate([piece_of, shift + np.arange(sizes.sum())])
        width = max(p.corners.shape[1] for p in pieces)

        def stacked(arrays: list[Array], first: bool) -> Array:
            """Padded to one width with the first corner (or zeros)."""
            if len(arrays) == 1:
                return arrays[0]
            return np.concatenate(
                [
                    np.concatenate([a, (a[:, :1] * first).repeat(width - a.shape[1], 1)], 1)
                    for a in arrays
                ]
            )

        stack = cls(
            stacked([p.corners for p in pieces], True),
            np.concatenate([p.counts for p in pieces]),
            np.concatenate([p.owners for p in pieces]),
            blockers,
            ray_of,
            piece_of,
            stacked([p.inward for p in pieces], False),
            stacked([p.unit_inward for p in pieces], False),
        )
        return stack.near_lines(
            np.concatenate([p.centres for p in pieces]),
            np.concatenate([p.reaches for p in pieces]),
            rays,
        )

    def near_lines(self, centres: Array, reaches: Array, rays: Sequence[Ray]) -> _Stack:
        """Only the pairs whose piece's bounding circle meets the capsule round the line
        from the ray's source to its target's centre (as wide as the target)."""
        sources = np.array([r.source for r in rays], dtype=float)[self.ray_of]
        line = np.array([r.centre for r in rays], dtype=float)[self.ray_of] - sources
        from_source = centres[self.piece_of] - sources
        along = np.einsum("nc,nc->n", from_source, line) / np.maximum(
            np.einsum("nc,nc->n", line, line), EPSILON * EPSILON
        )
        apart = np.hypot(*(from_source - np.clip(along, 0, 1)[:, None] * line).T)
        radii = np.array([r.radius for r in rays], dtype=float)[self.ray_of]
        close = apart <= reaches[self.piece_of] + radii + EPSILON
        return replace(self, ray_of=self.ray_of[close], piece_of=self.piece_of[close])


def sweep(parts: ConvexParts, rays: Sequence[Ray]) -> list[SweptPart]:
    """What each ray's source sees of its edge among ``parts`` (see the module's text)."""
    if not rays:
        return []
    if any(r.beyond for r in rays):
        raise ValueError("the sweep draws blockers cut by a disc from Ray.replaced, not beyond")
    count = len(rays)
    sources = np.array([r.source for r in rays], dtype=float)
    rings = [_ring(r.edge) for r in rays]
    points = max(len(r) for r in rings)
    padded = np.stack(
        [
            r if len(r) == points else np.vstack([r, np.repeat(r[-1:], points - len(r), 0)])
            for r in rings
        ]
    )
    starts, steps = padded[:, :-1], np.diff(padded, axis=1)
    segments = points - 1
    lengths = np.hypot(steps[..., 0], steps[..., 1])
    stack = _Stack.of(parts, rays)
    low, high = _clipped(stack, rays, sources, starts, steps)
    # What each blocker hides (its pieces merged), then what all of them hide together.
    hit, segment = np.nonzero(high > low)
    ray = stack.ray_of[hit]
    keys, merged_low, merged_high = _union(
        (ray * stack.blockers + stack.owners[stack.piece_of[hit]]) * segments + segment,
        low[hit, segment],
        high[hit, segment],
    )
    ray, segment, blocker = keys // (stack.blockers * segments), keys % segments, keys // segments
    hidden = (merged_high - merged_low) * lengths[ray, segment]
    casting = np.bincount(blocker, weights=hidden, minlength=count * stack.blockers)
    keys, merged_low, merged_high = _union(ray * segments + segment, merged_low, merged_high)
    seen_keys, seen_low, seen_high = _complement(keys, merged_low, merged_high, count * segments)
    ray, segment = seen_keys // segments, seen_keys % segments
    seen = (seen_high - seen_low) * lengths[ray, segment] > 0
    ray, segment, seen_low, seen_high = ray[seen], segment[seen], seen_low[seen], seen_high[seen]
    corner, step = starts[ray, segment], steps[ray, segment]
    nearest, near_x, near_y = closest_points(
        sources[ray],
        np.where(seen_low[:, None] == 0.0, corner, corner + seen_low[:, None] * step),
        np.where(
            seen_high[:, None] == 1.0, padded[ray, segment + 1], corner + seen_high[:, None] * step
        ),
    )
    totals = np.bincount(
        ray, weights=(seen_high - seen_low) * lengths[ray, segment], minlength=count
    )
    bounds = np.searchsorted(ray, np.arange(count + 1)).tolist()
    closest = _closest(ray, bounds, nearest, near_x, near_y)
    origins: list[Point] = np.asarray(shapely.points(sources)).tolist()
    cast_ray, cast_blocker = np.nonzero(casting.reshape(count, stack.blockers) > EPSILON)
    cast_bounds = np.searchsorted(cast_ray, np.arange(count + 1)).tolist()
    cast = cast_blocker.tolist()
    return [
        SweptPart(
            origins[q],
            shapely.LineString(padded[q]) if question.edge is None else question.edge,
            padded[q],
            segment[bounds[q] : bounds[q + 1]],
            seen_low[bounds[q] : bounds[q + 1]],
            seen_high[bounds[q] : bounds[q + 1]],
            tuple(cast[cast_bounds[q] : cast_bounds[q + 1]]),
            float(totals[q]),
            closest[q],
        )
        for q, question in enumerate(rays)
    ]


def _clipped(
    stack: _Stack, rays: Sequence[Ray], sources: Array, starts: Array, steps: Array
) -> tuple[Array, Array]:
    """The interval of each edge segment each (ray, piece) pair hides. Among many pairs,
    pieces with few corners (terrain) are clipped apart from many-cornered ones (bases)."""
    centres = np.array([r.centre for r in rays], dtype=float)
    reach = np.array([r.radius for r in rays], dtype=float) * (1 + 1e-12)  # corners on it
    low = np.empty((len(stack.ray_of), starts.shape[1]))
    high = np.empty_like(low)
    sizes = stack.counts[stack.piece_of]
    widths = 1 << np.ceil(np.log2(np.maximum(sizes, 2))).astype(int)
    if len(sizes) < TOGETHER:
        widths[:] = widths.max(initial=1)
    for size in np.unique(widths):
        group = np.flatnonzero(widths == size)
        rays_in, pieces_in = stack.ray_of[group], stack.piece_of[group]
        low[group], high[group] = _hidden(
            sources[rays_in],
            centres[rays_in],
            reach[rays_in],
            starts[rays_in],
            steps[rays_in],
            stack.corners[pieces_in, :size],
            stack.counts[pieces_in],
            stack.inward[pieces_in, :size],
            stack.unit_inward[pieces_in, :size],
        )
    return low, high


def _closest(
    ray: Array, bounds: list[int], nearest: Array, xs: Array, ys: Array
) -> list[tuple[float, Point] | None]:
    """Each ray's nearest visible point; of equally near ones (within TIE), the least x."""
    has = np.diff(bounds) > 0
    firsts = np.asarray(bounds[:-1])[has]
    least = np.repeat(np.minimum.reduceat(nearest, firsts), np.diff(bounds)[has])
    chosen = np.lexsort((ys, xs, nearest > least + TIE, ray))[firsts]
    closest: list[tuple[float, Point] | None] = [None] * len(has)
    for q, gap, end in zip(
        np.flatnonzero(has).tolist(),
        nearest[chosen].tolist(),
        np.asarray(shapely.points(xs[chosen], ys[chosen])).tolist(),
        strict=True,
    ):
        closest[q] = (gap, end)
    return closest


def _complement(keys: Array, low: Array, high: Array, total: int) -> tuple[Array, Array, Array]:
    """The parts of [0, 1] outside the sorted, merged intervals, for every key below total."""
    first = np.ones(len(keys), dtype=bool)
    first[1:] = keys[1:] != keys[:-1]
    last = np.ones(len(keys), dtype=bool)
    last[:-1] = keys[1:] != keys[:-1]
    before = np.where(first, 0.0, np.concatenate([[0.0], high[:-1]]))
    touched = np.zeros(total, dtype=bool)
    touched[keys] = True
    untouched = np.flatnonzero(~touched)
    all_keys = np.concatenate([keys, keys[last], untouched])
    all_low = np.concatenate([before, high[last], np.zeros(len(untouched))])
    all_high = np.concatenate([low, np.ones(last.sum()), np.ones(len(untouched))])
    open_ = all_high > all_low
    all_keys, all_low, all_high = all_keys[open_], all_low[open_], all_high[open_]
    order = np.lexsort((all_low, all_keys))
    return all_keys[order], all_low[order], all_high[order]
