"""One battlefield file for every game played on a continuous table.

Every such file has a table (width and length), terrain pieces (a polygon, a rectangle or
a circle, with a height or a class) and pieces standing on round bases at a position. Each
game adds its own fields on top (Magewinds warbands and action counters, MS Wars facings,
Entropic Engine paths) and its own terrain classes, and reads the file with the checks
here: one schema, one set of errors.

>>> table = parse_table({"size": [12, 16]}, source="demo")
>>> (table.table.width, table.table.length)
(12.0, 16.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Annotated, Any, ClassVar

import pydantic
from pydantic import ConfigDict, model_validator
from shapely import Polygon, box
from shapely.affinity import rotate

from skirmish import limits
from skirmish.datafiles import Coordinate, Facing, Length, Name, StrictModel, validated
from skirmish.errors import DataError
from skirmish.geometry.measure import EPSILON, OVERLAP_TOLERANCE, first_overlap, on_table
from skirmish.geometry.shapes import disc

Corners = Annotated[tuple[Coordinate, ...], limits.CORNERS.length()]
"""A polygon's corners: 3 to 64 points within reach of any table."""


class TableModel(StrictModel):
    """The table's size; ``[width, length]`` is read as well."""

    width: Length
    length: Length

    @model_validator(mode="before")
    @classmethod
    def _pair(cls, data: Any) -> Any:
        if isinstance(data, (list, tuple)) and len(data) == 2:
            return {"width": data[0], "length": data[1]}
        return data


class RectangleModel(StrictModel):
    """A rectangle by its centre, size and angle (degrees); two opposite corners
    ``[[x1, y1], [x2, y2]]`` are read as well."""

    centre: Coordinate
    size: tuple[Length, Length]
    angle: Facing = 0.0

    @model_validator(mode="before")
    @classmethod
    def _corners(cls, data: Any) -> Any:
        if _points(data, 2):
            (x1, y1), (x2, y2) = data
            return {
                "centre": ((x1 + x2) / 2, (y1 + y2) / 2),
                "size": (abs(x2 - x1), abs(y2 - y1)),
            }
        return data


def _points(data: Any, count: int) -> bool:
    """Whether ``data`` is ``count`` points of two plain numbers each."""
    return (
        isinstance(data, (list, tuple))
        and len(data) == count
        and all(
            isinstance(point, (list, tuple))
            and len(point) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in point)
            for point in data
        )
    )


class CircleModel(StrictModel):
    centre: Coordinate
    radius: Length


class TerrainModel(StrictModel):
    """A terrain piece: one shape, and a height or a class (each game names its classes)."""

    name: Name
    height: Annotated[float, limits.DISTANCE.field()] | None = None
    kind: Name | None = pydantic.Field(default=None, alias="class")
    polygon: Corners | None = None
    rectangle: RectangleModel | None = None
    circle: CircleModel | None = None

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _one_shape(self) -> TerrainModel:
        shapes = [s for s in (self.polygon, self.rectangle, self.circle) if s is not None]
        if len(shapes) != 1:
            raise ValueError("give exactly one of polygon, rectangle or circle")
        return self

    @property
    def ignored(self) -> bool:
        """Whether the game ignores this piece altogether (Magewinds overhangs, 7.2)."""
        return False

    def footprint(self) -> Polygon:
        if self.polygon is not None:
            return Polygon(self.polygon)
        if self.rectangle is not None:
            (x, y), (w, h) = self.rectangle.centre, self.rectangle.size
            return rotate(box(x - w / 2, y - h / 2, x + w / 2, y + h / 2), self.rectangle.angle)
        assert self.circle is not None
        return disc(*self.circle.centre, self.circle.radius)


class PieceModel(StrictModel):
    """Something standing on the table at a position."""

    name: Name
    at: Coordinate


class BattlefieldModel(StrictModel):
    """A battlefield file's common part: the table and its terrain.

    The older spellings of the table, ``battlefield: {width, length}`` (Magewinds) and
    ``size: [width, length]`` (MS Wars, Entropic Engine), are read as ``table``.
    """

    table: TableModel
    terrain: Annotated[tuple[TerrainModel, ...], limits.TERRAIN.length()] = ()

    classes: ClassVar[tuple[str, ...]] = ()
    """The terrain classes the game knows (empty: any)."""

    @model_validator(mode="before")
    @classmethod
    def _older_spellings(cls, data: Any) -> Any:
        if isinstance(data, dict) and "table" not in data:
            for old in ("battlefield", "size"):
                if old in data:
                    data = {("table" if k == old else k): v for k, v in data.items()}
                    break
        return data

    @model_validator(mode="after")
    def _known_classes(self) -> BattlefieldModel:
        if self.classes:
            for piece in self.terrain:
                if piece.kind is not None and piece.kind not in self.classes:
                    raise ValueError(
                        f"terrain {piece.name!r}: class {piece.kind!r}; expected one of "
                        f"{', '.join(self.classes)}"
                    )
        return self


def parse_table(data: object, *, source: str) -> BattlefieldModel:
    """The common part of a battlefield file, validated (a game validates its own model)."""
    return validated(BattlefieldModel, data, source)


def terrain_parts(model: BattlefieldModel, source: str) -> list[tuple[TerrainModel, Polygon]]:
    """Every terrain piece's footprint within the table (a piece's parts off the table do not
    count), each checked to be a simple area; pieces the game ignores are left out."""
    area = box(0, 0, model.table.width, model.table.length)
    found = []
    for piece in model.terrain:
        if piece.ignored:
            continue
        footprint = piece.footprint()
        if not footprint.is_valid or footprint.area <= EPSILON:
            raise DataError(
                f"{source}: terrain {piece.name!r}: its outline crosses itself or is empty"
            )
        inside = footprint.intersection(area)
        for part in getattr(inside, "geoms", [inside]):
            if isinstance(part, Polygon) and part.area > 0:
                found.append((piece, part))
    return found


Base = tuple[str, str, float, float, float]
"""A base to check: what it is (``fighter``, ``unit``...), its name, centre and radius."""


def check_bases(
    source: str,
    width: float,
    length: float,
    bases: Sequence[Base],
    *,
    rule: str = "",
    overlap_rule: str | None = None,
) -> None:
    """Every base wholly on the table, and no two overlapping (as true circles); ``rule`` is
    the game's rule for a base on the table, cited in the error, and ``overlap_rule`` its
    rule for two bases (``rule`` when not given)."""
    cited = f" ({rule})" if rule else ""
    overlap_rule = rule if overlap_rule is None else overlap_rule
    overlap_cited = f" ({overlap_rule})" if overlap_rule else ""
    for kind, name, x, y, radius in bases:
        if not on_table(width, length, x, y, radius, tolerance=OVERLAP_TOLERANCE):
            raise DataError(
                f"{source}: {kind} {name!r} at ({x:g}, {y:g}) is off the {width:g} x "
                f"{length:g} table: not wholly on the battlefield{cited}"
            )
    overlap = first_overlap([(name, x, y, r) for _, name, x, y, r in bases])
    if overlap is not None:
        (a, ax, ay, ar), (b, bx, by, br) = overlap
        raise DataError(
            f"{source}: {a!r} and {b!r} stand on overlapping bases: centres "
            f"{math.dist((ax, ay), (bx, by)):.2f} apart, bases need {ar + br:.2f}"
            f"{overlap_cited}"
        )


def check_names(source: str, named: Sequence[tuple[str, str]]) -> None:
    """No two pieces (``(kind, name)``) share a name, in any case."""
    seen: set[str] = set()
    for kind, name in named:
        if name.casefold() in seen:
            raise DataError(f"{source}: {kind} {name!r}: another piece already has this name")
        seen.add(name.casefold())


__all__ = [
    "BattlefieldModel",
    "CircleModel",
    "PieceModel",
    "RectangleModel",
    "TableModel",
    "TerrainModel",
    "check_bases",
    "check_names",
    "parse_table",
    "terrain_parts",
]
