"""Measuring between things (Magewinds 8.0): between the closest points of their bases.

Round bases are measured as true circles (the distance from a circle's centre,
less its radius), so no polygon rounding enters a measurement.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from shapely.geometry.base import BaseGeometry

from skirmish.geometry.tolerance import EPSILON as EPSILON
from skirmish.geometry.tolerance import OVERLAP_TOLERANCE as OVERLAP_TOLERANCE

Disc = tuple[str, float, float, float]
"""A named round base: name, centre x, centre y, radius."""


def on_table(
    width: float, length: float, x: float, y: float, radius: float, *, tolerance: float = EPSILON
) -> bool:
    """Whether a round base lies wholly on a ``width`` by ``length`` table (a true circle),
    overhanging an edge by ``tolerance`` at most."""
    return (
        x - radius >= -tolerance
        and y - radius >= -tolerance
        and x + radius <= width + tolerance
        and y + radius <= length + tolerance
    )


def first_overlap(discs: Sequence[Disc]) -> tuple[Disc, Disc] | None:
    """The first two round bases that overlap, measured as true circles, or None."""
    for i, (_, x, y, r) in enumerate(discs):
        for other in discs[i + 1 :]:
            if math.dist((x, y), other[1:3]) < r + other[3] - OVERLAP_TOLERANCE:
                return discs[i], other
    return None


class Measurable(Protocol):
    """Anything with a core shape and a radius around it: bases, terrain, markers."""

    @property
    def core(self) -> BaseGeometry: ...

    @property
    def radius(self) -> float: ...


def distance(a: Measurable, b: Measurable) -> float:
    """8.0: the distance between the closest points of two things; 0 when they touch."""
    return max(0.0, float(a.core.distance(b.core)) - a.radius - b.radius)


def within(a: Measurable, b: Measurable, inches: float) -> bool:
    """8.0: within a distance means at that distance or less."""
    return distance(a, b) <= inches + EPSILON


def wholly_within(a: Measurable, b: Measurable, inches: float) -> bool:
    """8.0: every part of ``a``'s base is within ``inches`` of ``b``."""
    if a.radius == 0:
        return within(a, b, inches)
    reach = b.core.buffer(inches + b.radius + EPSILON, quad_segs=32)
    return bool(reach.covers(a.core.buffer(a.radius, quad_segs=32)))


def in_contact(a: Measurable, b: Measurable) -> bool:
    """8.0: two things are in contact when their bases touch."""
    return distance(a, b) <= EPSILON
