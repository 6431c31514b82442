"""Battlefield geometry in inches: based things, terrain, measuring, sight and movement.

Shapely does the geometry. Nothing here knows a game's rules: the games decide
which things block what and call these functions, citing their own rules.
"""

from skirmish.geometry.measure import EPSILON, distance, in_contact, wholly_within, within
from skirmish.geometry.shapes import (
    BASE_DIAMETER,
    Based,
    HeightClass,
    Marker,
    Terrain,
    disc,
)
from skirmish.geometry.sight import VisiblePart, closest_point_towards, visible_part

__all__ = [
    "BASE_DIAMETER",
    "EPSILON",
    "Based",
    "HeightClass",
    "Marker",
    "Terrain",
    "VisiblePart",
    "closest_point_towards",
    "disc",
    "distance",
    "in_contact",
    "visible_part",
    "wholly_within",
    "within",
]
