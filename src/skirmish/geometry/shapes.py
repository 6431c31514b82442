"""The things on a battlefield: round bases, terrain footprints with heights, markers."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from shapely import Point, Polygon

from skirmish.fastpaths import RECORDS, Memo, fast

MILLIMETRE = 1 / 25.4
BASE_DIAMETER = 25 * MILLIMETRE
"""Magewinds 0.8.1: fighters (and objects, 0.8.3) stand on 25 mm round bases."""

CIRCLE_SEGMENTS = 16
"""Segments per quarter circle when a round base is drawn as a polygon (error < 0.1%)."""


class HeightClass(StrEnum):
    """How tall a piece of terrain counts as (Magewinds 7.0, 7.1)."""

    GROUND = "ground"
    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"


def disc(x: float, y: float, radius: float) -> Polygon:
    """A round footprint as a polygon whose vertices lie on the circle (one polygon for
    each place and size on the fast path, so what is worked out from it can be kept)."""
    if fast():
        return _DISCS.get((x, y, radius), lambda: _disc(x, y, radius))
    return _disc(x, y, radius)


_DISCS: Memo[Polygon] = Memo("discs")


def _disc(x: float, y: float, radius: float) -> Polygon:
    footprint: Polygon = Point(x, y).buffer(radius, quad_segs=CIRCLE_SEGMENTS)
    return footprint


@dataclass(frozen=True)
class Based:
    """A fighter or object on a round base; ``warband`` is None for objects."""

    name: str
    x: float
    y: float
    radius: float = BASE_DIAMETER / 2
    warband: str | None = None
    facing: float = 0.0
    kind: str = "fighter"
    carriable: bool = False
    moveable: bool = False

    @property
    def centre(self) -> Point:
        """The centre as a point: on the fast path one point for each base, made when first
        asked (a base is asked for its centre wherever it is measured from)."""
        return self._centre if fast(RECORDS) else Point(self.x, self.y)

    @cached_property
    def _centre(self) -> Point:
        return Point(self.x, self.y)

    @cached_property
    def footprint(self) -> Polygon:
        """The base as a polygon (for unions and drawing; distances use the true circle)."""
        return disc(self.x, self.y, self.radius)

    @property
    def core(self) -> Point:
        """What distances are measured from, before subtracting ``radius``."""
        return self.centre

    def moved_to(self, x: float, y: float) -> Based:
        """The same base at another position."""
        return Based(
            self.name,
            x,
            y,
            self.radius,
            self.warband,
            self.facing,
            self.kind,
            self.carriable,
            self.moveable,
        )


@dataclass(frozen=True)
class Terrain:
    """A terrain feature's footprint on the ground, its height and the class it counts as."""

    name: str
    footprint: Polygon
    height: float
    height_class: HeightClass

    @property
    def core(self) -> Polygon:
        return self.footprint

    radius = 0.0

    @property
    def is_obstacle(self) -> bool:
        """Magewinds 7.1: every terrain feature that is not part of the ground."""
        return self.height_class is not HeightClass.GROUND


@dataclass(frozen=True)
class Marker:
    """Magewinds 9.4: a point on the battlefield, measured from its centre."""

    name: str
    x: float
    y: float
    radius = 0.0

    @property
    def core(self) -> Point:
        return Point(self.x, self.y)
