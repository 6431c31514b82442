"""Magewinds battlefields (2.0, 7.0, 9.4, 0.8): validated YAML files of the table.

Coordinates are inches: ``x`` across the width, ``y`` along the length, the
origin at a corner. Every problem is one line naming the file, the piece and
the rule it breaks.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import cached_property
from pathlib import Path
from typing import Annotated, ClassVar

import pydantic
from pydantic import model_validator
from shapely import Point, Polygon, box

from skirmish import limits
from skirmish.datafiles import (
    Facing,
    Name,
    StrictModel,
    read_yaml,
    validated,
)
from skirmish.errors import DataError, find_named
from skirmish.games.magewinds.pack import Pack, bundled_pack
from skirmish.games.magewinds.profiles import FighterProfile
from skirmish.games.magewinds.readings import NearObstacles
from skirmish.geometry import Based, HeightClass, Marker, Terrain
from skirmish.geometry import battlefield as common
from skirmish.geometry.battlefield import PieceModel, check_bases, check_names, terrain_parts
from skirmish.geometry.measure import OVERLAP_TOLERANCE

STANDARD_WIDTH = 12.0
STANDARD_LENGTH = 16.0
"""0.3 and 2.0: the standard battlefield is about 12" by 16"."""


def height_class(height: float) -> HeightClass:
    """7.0, 7.1: under 1/2" is ground, under 1" low, up to 1 1/2" medium, taller high."""
    if height < 0.5:
        return HeightClass.GROUND
    if height < 1:
        return HeightClass.LOW
    if height <= 1.5:
        return HeightClass.MEDIUM
    return HeightClass.HIGH


class TableModel(common.TableModel):
    """A Magewinds table: at most 200" a side (the standard one when a side is not given)."""

    width: Annotated[float, pydantic.Field(gt=0), limits.TABLE_SIDE.field()] = STANDARD_WIDTH
    length: Annotated[float, pydantic.Field(gt=0), limits.TABLE_SIDE.field()] = STANDARD_LENGTH


class FighterModel(PieceModel):
    profile: Name | None = None
    warband: Name
    facing: Facing = 0.0
    damage: Annotated[int, limits.ATTRIBUTE.field()] = 0
    action_counters: Annotated[int, pydantic.Field(ge=0, le=2)] = 0
    guarding: bool = False


class ObjectModel(PieceModel):
    carriable: bool = False
    moveable: bool = False


class MarkerModel(PieceModel):
    pass


class TerrainModel(common.TerrainModel):
    """A terrain feature, or one part of it, with its own footprint and height (7.0); an
    overhanging part is left out (7.2)."""

    overhang: bool = False

    @model_validator(mode="after")
    def _height_or_class(self) -> TerrainModel:
        if self.height is None and self.kind is None:
            raise ValueError("give a height in inches or a class agreed by the players (10.3)")
        return self

    @property
    def ignored(self) -> bool:
        return self.overhang

    @property
    def height_class(self) -> HeightClass:
        return HeightClass(self.kind) if self.kind else height_class(self.height or 0.0)


class RulingsModel(StrictModel):
    """Readings the players agree for this table, where the rules can be read two ways."""

    near_obstacles: NearObstacles = NearObstacles.PARTS


class BattlefieldModel(common.BattlefieldModel):
    """A Magewinds battlefield file: the common table and terrain, plus warbands, fighters,
    objects, markers and the rulings agreed."""

    table: TableModel = TableModel()
    terrain: Annotated[tuple[TerrainModel, ...], limits.TERRAIN.length()] = ()
    rulings: RulingsModel = RulingsModel()
    warbands: Annotated[tuple[Name, ...], pydantic.Field(min_length=1), limits.PIECES.length()]
    fighters: Annotated[tuple[FighterModel, ...], limits.PIECES.length()] = ()
    objects: Annotated[tuple[ObjectModel, ...], limits.PIECES.length()] = ()
    markers: Annotated[tuple[MarkerModel, ...], limits.PIECES.length()] = ()

    classes: ClassVar[tuple[str, ...]] = tuple(c.value for c in HeightClass)


@dataclass(frozen=True)
class Placed:
    """A fighter on the battlefield: where its base is, its profile and its state."""

    base: Based
    profile: FighterProfile
    damage: int = 0
    action_counters: int = 0
    guarding: bool = False

    @property
    def name(self) -> str:
        return self.base.name

    @property
    def warband(self) -> str:
        return self.base.warband or ""


@dataclass(frozen=True)
class Battlefield:
    """A Magewinds battlefield: its size, fighters, objects, markers and terrain."""

    width: float
    length: float
    warbands: tuple[str, ...]
    fighters: tuple[Placed, ...]
    objects: tuple[Based, ...] = ()
    markers: tuple[Marker, ...] = ()
    terrain: tuple[Terrain, ...] = ()
    source: str = ""
    near_obstacles: NearObstacles = NearObstacles.PARTS
    """Ruling MW-14: which obstacles near an attacker 18.2 ignores."""

    @cached_property
    def _hash(self) -> int:
        return hash(tuple(getattr(self, f.name) for f in fields(self)))

    def __hash__(self) -> int:
        """Hashed once: solvers and caches key on a battlefield many times."""
        return self._hash

    @cached_property
    def layout(self) -> Layout:
        """Where everything stands: all the geometry answers depend on (not damage, action
        counters or names of warbands). Caches of geometry key on it."""
        return Layout(
            self.width,
            self.length,
            self.terrain,
            tuple(p.base for p in self.fighters) + self.objects,
        )

    @property
    def area(self) -> Polygon:
        return box(0, 0, self.width, self.length)

    def fighter(self, name: str, where: str = "") -> Placed:
        """The fighter called ``name`` on this battlefield (any case); ``where`` names the
        battlefield in the error (by default its file)."""
        return find_named(
            self.fighters,
            name,
            "fighter",
            lambda placed: placed.name,
            where or f"on {self.source or 'the battlefield'}",
        )

    @property
    def obstacles(self) -> tuple[Terrain, ...]:
        """7.1: every terrain feature that is not ground."""
        return tuple(t for t in self.terrain if t.is_obstacle)

    def with_fighter(self, placed: Placed) -> Battlefield:
        """The battlefield with one fighter replaced (same name) by ``placed``."""
        fighters = tuple(placed if f.name == placed.name else f for f in self.fighters)
        return replace(self, fighters=fighters)


@dataclass(frozen=True)
class Layout:
    """The table's size, its terrain and every base on it (fighters first, then objects)."""

    width: float
    length: float
    terrain: tuple[Terrain, ...]
    bases: tuple[Based, ...]

    @cached_property
    def _hash(self) -> int:
        return hash((self.width, self.length, self.terrain, self.bases))

    def __hash__(self) -> int:
        return self._hash


def parse_battlefield(data: object, *, source: str, pack: Pack | None = None) -> Battlefield:
    """Validate parsed YAML as a battlefield, binding fighters to profiles of ``pack``."""
    model = validated(BattlefieldModel, data, source)
    fighters_pack = pack or bundled_pack()
    width, length = model.table.width, model.table.length
    area = box(0, 0, width, length)
    check_names(
        source,
        [("fighter", f.name) for f in model.fighters]
        + [("object", o.name) for o in model.objects]
        + [("marker", m.name) for m in model.markers],
    )
    terrain = [
        Terrain(piece.name, part, piece.height or 0.0, piece.height_class)
        for piece, part in terrain_parts(model, source)
        if isinstance(piece, TerrainModel)
    ]
    placed = []
    for entry in model.fighters:
        if entry.warband not in model.warbands:
            raise DataError(
                f"{source}: fighter {entry.name!r}: unknown warband {entry.warband!r}; "
                f"warbands: {', '.join(model.warbands)}"
            )
        profile = fighters_pack.fighter(entry.profile or entry.name)
        if entry.damage >= profile.toughness:
            raise DataError(
                f"{source}: fighter {entry.name!r} has {entry.damage} damage of Toughness "
                f"{profile.toughness}: taken down fighters are not on the battlefield (18.5.3)"
            )
        base = Based(entry.name, *entry.at, warband=entry.warband, facing=entry.facing)
        placed.append(Placed(base, profile, entry.damage, entry.action_counters, entry.guarding))
    objects = [
        Based(item.name, *item.at, kind="object", carriable=item.carriable, moveable=item.moveable)
        for item in model.objects
    ]
    markers = []
    for mark in model.markers:
        if not area.covers(Point(mark.at)):
            raise DataError(f"{source}: marker {mark.name!r} at {mark.at} is off the battlefield")
        markers.append(Marker(mark.name, *mark.at))
    bases = [p.base for p in placed] + objects
    check_bases(
        source,
        width,
        length,
        [(b.kind, b.name, b.x, b.y, b.radius) for b in bases],
        rule="2.1",
        overlap_rule="0.8.1",
    )
    _check_obstacles(source, bases, terrain)
    return Battlefield(
        width,
        length,
        model.warbands,
        tuple(placed),
        tuple(objects),
        tuple(markers),
        tuple(terrain),
        source,
        model.rulings.near_obstacles,
    )


def _check_obstacles(source: str, bases: list[Based], terrain: list[Terrain]) -> None:
    """7.1, 15.0: no base stands inside a medium or high obstacle."""
    for base in bases:
        for piece in terrain:
            if piece.height_class in (HeightClass.MEDIUM, HeightClass.HIGH) and (
                float(piece.footprint.distance(base.centre)) < base.radius - OVERLAP_TOLERANCE
            ):
                raise DataError(
                    f"{source}: {base.kind} {base.name!r} stands inside "
                    f"{piece.height_class.value} obstacle {piece.name!r} (7.1, 15.0)"
                )


def load_battlefield(
    path: str | Path, *, pack: Pack | None = None, near_obstacles: NearObstacles | None = None
) -> Battlefield:
    """Load a battlefield from a YAML file; ``near_obstacles``, when given, overrides the
    reading of ruling MW-14 the file agrees."""
    data, source = read_yaml(path, "battlefield")
    field = parse_battlefield(data, source=source, pack=pack)
    return field if near_obstacles is None else replace(field, near_obstacles=near_obstacles)


__all__ = [
    "Battlefield",
    "Layout",
    "NearObstacles",
    "Placed",
    "height_class",
    "load_battlefield",
    "parse_battlefield",
]
