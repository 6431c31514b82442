"""Measuring between things (Magewinds 8.0): between the closest points of their bases.

Round bases are measured as true circles (the distance from a circle's centre,
less its radius), so no polygon rounding enters a measurement.
"""

from __future__ import annotations

from typing import Protocol

from shapely.geometry.base import BaseGeometry

EPSILON = 1e-6
"""Inches below which two measurements count as equal (touching, exactly in range)."""


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
