"""A picture of a battlefield as data: what to draw, not how.

A game describes its battlefield and what its rules decided on it (a line of attack, a
region a fighter may reach, an arc) as a :class:`Scene`; the drawing adapter
(``skirmish.analysis.draw``) renders any scene to scale, for every game alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry.base import BaseGeometry

TERRAIN = "terrain"
"""The style of an area: ``terrain`` plus its class (``terrain high``), or another kind."""


@dataclass(frozen=True)
class Area:
    """A filled region: terrain, or something a rule decided (a Dodge region, a reach, an
    objective zone, a territory: style ``territory <side>`` takes the side's colour)."""

    shape: BaseGeometry
    style: str
    """``"terrain <class>"``, ``"dodge"``, ``"reach"``..."""
    label: str = ""
    name: str = ""
    """Written in the middle of the area (terrain names)."""


@dataclass(frozen=True)
class Base:
    """A round base (a fighter, a unit, a model, an object), coloured by its side."""

    name: str
    x: float
    y: float
    radius: float
    side: str = ""
    facing: float | None = None
    """Degrees clockwise from +y, drawn as a tick (MS Wars units face a way)."""
    detail: str = ""
    """Written under the name: damage, action counters, Guard, spells, poison."""


@dataclass(frozen=True)
class Stroke:
    """A line or path: a line of attack, an edge in cover, a model's path."""

    shape: BaseGeometry
    style: str
    """``"attack"``, ``"blocked"``, ``"cover"``, ``"knockback"``, ``"path"``..."""
    label: str = ""


@dataclass(frozen=True)
class Mark:
    """A point marker with a name."""

    name: str
    x: float
    y: float


@dataclass(frozen=True)
class Scene:
    """Everything to draw on one battlefield, with a title and notes below it."""

    width: float
    length: float
    areas: tuple[Area, ...] = ()
    bases: tuple[Base, ...] = ()
    strokes: tuple[Stroke, ...] = ()
    marks: tuple[Mark, ...] = ()
    objects: tuple[Base, ...] = ()
    title: str = "Battlefield"
    notes: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()
    """Side (warband) names in the order their colours are given."""


__all__ = ["TERRAIN", "Area", "Base", "Mark", "Scene", "Stroke"]
