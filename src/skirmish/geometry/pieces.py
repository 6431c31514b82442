"""Footprints as convex pieces, as numpy arrays: what the sweep clips target edges against.

A convex footprint stays whole; any other (or one with holes) is split into triangles by a
constrained Delaunay triangulation, whose union is the footprint.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from shapely import Polygon
from shapely.geometry.base import BaseGeometry

from skirmish.fastpaths import Kept, fast

Array = np.ndarray
SLIVER = 1e-12
"""Square inches (twice the area) below which a piece is a line and is left out."""


def pieces(footprint: BaseGeometry) -> list[Array]:
    """The convex pieces of a footprint, each as its corners counter-clockwise (worked out
    once for each footprint on the fast path)."""
    if fast():
        return _KEPT.get(footprint, lambda: _pieces(footprint))
    return _pieces(footprint)


_KEPT: Kept[list[Array]] = Kept("convex pieces")


def _pieces(footprint: BaseGeometry) -> list[Array]:
    out = []
    for polygon in getattr(footprint, "geoms", [footprint]):
        if not isinstance(polygon, Polygon) or polygon.is_empty or polygon.area <= 0:
            continue
        hull = polygon.convex_hull
        if not polygon.interiors and polygon.area >= hull.area * (1 - 1e-12):
            shapes = [hull]
        else:
            shapes = list(shapely.constrained_delaunay_triangles(polygon).geoms)
        for shape in shapes:
            ring = shapely.get_coordinates(shapely.get_exterior_ring(shape))[:-1]
            step = np.roll(ring, -1, axis=0) - ring
            ring = ring[np.hypot(step[:, 0], step[:, 1]) > 0]
            x, y = ring[:, 0], ring[:, 1]
            twice_area = np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y)
            if len(ring) >= 3 and abs(twice_area) > SLIVER:  # a sliver hides nothing
                out.append(ring if twice_area > 0 else ring[::-1])
    return out


@dataclass(frozen=True, eq=False)
class ConvexParts:
    """Blockers as convex pieces, padded to one corner count (with the first corner)."""

    corners: Array
    """(pieces, corners, 2), counter-clockwise."""
    counts: Array
    owners: Array
    """The blocker each piece belongs to."""
    centres: Array
    reaches: Array
    """Each piece's bounding circle."""

    @cached_property
    def inward(self) -> Array:
        """Each edge's normal pointing into its piece (as long as the edge; 0 for padding)."""
        edges = np.roll(self.corners, -1, axis=1) - self.corners  # padding repeats corner 0
        normals: Array = np.stack([-edges[..., 1], edges[..., 0]], axis=-1)
        return normals

    @cached_property
    def unit_inward(self) -> Array:
        """The inward normals made one inch long (0 for padding)."""
        lengths = np.hypot(self.inward[..., 0], self.inward[..., 1])
        unit: Array = self.inward / np.where(lengths > 0, lengths, 1.0)[..., None]
        return unit

    @classmethod
    def of(
        cls, footprints: Sequence[BaseGeometry], owners: Sequence[int] | None = None
    ) -> ConvexParts:
        rings: list[Array] = []
        owner: list[int] = []
        for index, footprint in enumerate(footprints):
            found = pieces(footprint)
            rings += found
            owner += [index if owners is None else owners[index]] * len(found)
        width = max((len(r) for r in rings), default=3)
        corners = np.empty((len(rings), width, 2))
        for i, ring in enumerate(rings):
            corners[i, : len(ring)] = ring
            corners[i, len(ring) :] = ring[0]
        counts = np.array([len(r) for r in rings], dtype=np.intp)
        low, high = corners.min(axis=1), corners.max(axis=1)
        centres = (low + high) / 2 if len(rings) else np.empty((0, 2))
        reaches = (
            np.hypot(*(corners - centres[:, None, :]).transpose(2, 0, 1)).max(axis=1)
            if len(rings)
            else np.empty(0)
        )
        return cls(corners, counts, np.array(owner, dtype=np.intp), centres, reaches)

    def __len__(self) -> int:
        return len(self.counts)
