"""Battlefield geometry in inches: based things, terrain, measuring, sight and movement.

Shapely does the geometry. Nothing here knows a game's rules: the games decide
which things block what and call these functions, citing their own rules. The names below
are loaded on first use, so a module that needs only a tolerance or a grid of tiles does not
pay for shapely and numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.lazy import attributes

_WHERE = {
    "BASE_DIAMETER": "skirmish.geometry.shapes",
    "EPSILON": "skirmish.geometry.tolerance",
    "Based": "skirmish.geometry.shapes",
    "HeightClass": "skirmish.geometry.shapes",
    "Marker": "skirmish.geometry.shapes",
    "Terrain": "skirmish.geometry.shapes",
    "VisiblePart": "skirmish.geometry.sight",
    "closest_point_towards": "skirmish.geometry.sight",
    "disc": "skirmish.geometry.shapes",
    "distance": "skirmish.geometry.measure",
    "in_contact": "skirmish.geometry.measure",
    "visible_part": "skirmish.geometry.sight",
    "wholly_within": "skirmish.geometry.measure",
    "within": "skirmish.geometry.measure",
}

if TYPE_CHECKING:
    from skirmish.geometry.measure import distance, in_contact, wholly_within, within
    from skirmish.geometry.shapes import (
        BASE_DIAMETER,
        Based,
        HeightClass,
        Marker,
        Terrain,
        disc,
    )
    from skirmish.geometry.sight import VisiblePart, closest_point_towards, visible_part
    from skirmish.geometry.tolerance import EPSILON


__getattr__ = attributes(__name__, _WHERE)


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
