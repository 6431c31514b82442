"""Step moves found by brute force: a fine grid of centre positions, checked with plain
distances, joined where the base can slide straight from one to the next.

Independent of the engine's free space and visibility graph: other bases are true circles,
terrain footprints are measured by shapely's distance, and paths run along the grid, so
their length is over-counted by at most 8.3% (an octile path against a straight one).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import dijkstra

from skirmish.games.magewinds.field import Battlefield, Placed
from skirmish.geometry import HeightClass
from skirmish.geometry.measure import OVERLAP_TOLERANCE

OCTILE = 1 / math.cos(math.pi / 8)
"""The most an octile grid path over-counts the straight path it follows (about 1.082)."""


@dataclass(frozen=True)
class BruteStep:
    """How much further from a point a step of at most ``inches`` can end: ``surely`` by a
    grid path no longer than the step, ``at_most`` by any grid path that may be one."""

    surely: float
    at_most: float


def _segment_distance(a: np.ndarray, b: np.ndarray, c: tuple[float, float]) -> np.ndarray:
    """Distance from point ``c`` to each segment a[i]-b[i]."""
    ab = b - a
    length2 = np.maximum((ab**2).sum(axis=1), 1e-300)
    t = np.clip(((np.asarray(c) - a) * ab).sum(axis=1) / length2, 0, 1)
    closest = a + ab * t[:, None]
    distance: np.ndarray = np.hypot(*(closest - np.asarray(c)).T)
    return distance


def brute_step(
    field: Battlefield,
    mover: Placed,
    away_from: tuple[float, float],
    *,
    inches: float = 1.0,
    spacing: float = 0.01,
    slack: float = OVERLAP_TOLERANCE,
) -> BruteStep:
    """15.0 and 13.1 by brute force: a base slides through no other base, no medium or
    high obstacle and not off the table (each may be overlapped by ``slack``: the contact
    tolerance of ruling MW-18 unless told), may cross low obstacles but not end on them;
    how much further from ``away_from`` than now its centre can end."""
    base = mover.base
    x0, y0, radius = base.x, base.y, base.radius
    span = math.ceil(inches * OCTILE / spacing) + 1
    i, j = np.meshgrid(np.arange(-span, span + 1), np.arange(-span, span + 1), indexing="ij")
    cells = np.stack([i.ravel(), j.ravel()], axis=1)
    cells = cells[np.hypot(*cells.T) * spacing <= inches + spacing]
    points = np.vstack([[0.0, 0.0], cells * spacing]) + np.array([x0, y0])  # node 0: the start
    others = [b for b in field.layout.bases if b.name != base.name]
    solid = [
        t.footprint
        for t in field.terrain
        if t.height_class in (HeightClass.MEDIUM, HeightClass.HIGH)
    ]
    low = [t.footprint for t in field.terrain if t.height_class is HeightClass.LOW]

    def clear(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Whether the base slides from a[i] to b[i] (a segment; a point when equal)."""
        ok = np.ones(len(a), dtype=bool)
        for edge in (a, b):  # the table is convex: both ends on it is the whole segment
            ok &= (edge[:, 0] >= radius - slack) & (edge[:, 0] <= field.width - radius + slack)
            ok &= (edge[:, 1] >= radius - slack) & (edge[:, 1] <= field.length - radius + slack)
        for other in others:
            ok &= _segment_distance(a, b, (other.x, other.y)) >= other.radius + radius - slack
        if solid:
            lines = shapely.linestrings(np.stack([a, b + 1e-12], axis=1))
            for footprint in solid:
                ok &= shapely.distance(footprint, lines) >= radius - slack
        return ok

    free = clear(points, points)
    ends = free.copy()
    if low:
        spots = shapely.points(points)
        for footprint in low:
            ends &= shapely.distance(footprint, spots) >= radius - slack
    index = {(int(ci), int(cj)): n for n, (ci, cj) in enumerate(cells, start=1)}
    rows: list[int] = []
    cols: list[int] = []
    for n, (ci, cj) in enumerate(cells, start=1):
        for di, dj in ((1, 0), (0, 1), (1, 1), (1, -1)):
            m = index.get((int(ci) + di, int(cj) + dj))
            if m is not None:
                rows.append(n)
                cols.append(m)
    for m in range(1, len(points)):  # the start joins the grid points around it
        if np.hypot(*(points[m] - points[0])) <= 1.5 * spacing:
            rows.append(0)
            cols.append(m)
    a, b = np.asarray(rows), np.asarray(cols)
    keep = free[a] & free[b] & clear(points[a], points[b])
    a, b = a[keep], b[keep]
    weights = np.hypot(*(points[a] - points[b]).T)
    graph = coo_matrix((weights, (a, b)), shape=(len(points), len(points))).tocsr()
    travelled = dijkstra(graph, directed=False, indices=0)
    here = math.dist((x0, y0), away_from)
    further = np.hypot(points[:, 0] - away_from[0], points[:, 1] - away_from[1]) - here
    surely = ends & (travelled <= inches)
    maybe = ends & (travelled <= inches * OCTILE + 2 * spacing)
    maybe &= np.hypot(points[:, 0] - x0, points[:, 1] - y0) <= inches + spacing
    return BruteStep(
        float(further[surely].max(initial=0.0)), float(further[maybe].max(initial=0.0))
    )
