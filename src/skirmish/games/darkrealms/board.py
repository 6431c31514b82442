"""A board of tiles for Dark Realms: an optional table aid, not a rule of the game.

The attacks page counts distance, reach and range in tiles but states neither the tiles'
shape nor any line of sight (reference 3.6, 3.10). This board places figures on square or
hex tiles chosen by the user (ruling DR-3: hex by default) and answers the two questions the
page does ground: how many tiles apart two figures stand, and which tiles an attack of a
figure reaches ("Action Card": melee reach 1, or 2 with reach over 1; "Ranged attacks": a
fixed range, or a range die). Line of sight is not checked: every tile in range counts
(ruling DR-12).

Tiles are numbered ``(column, row)`` from the board's top-left corner. Hex boards are
pointy-topped with odd rows shifted half a tile right; distances are counted on axial
coordinates by :class:`skirmish.geometry.grid.Grid`, as ``odds --attacker-at`` does.

>>> board = TileBoard(Shape.HEX, 6, 4, ())
>>> board.distance((0, 0), (2, 1)), board.distance((0, 1), (0, 3))
(3, 2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Literal

import pydantic

from skirmish.datafiles import Name, StrictModel, read_yaml, validated
from skirmish.errors import DataError, IllegalAttack, SkirmishError
from skirmish.games.darkrealms.attack import Situation, check, is_confused
from skirmish.games.darkrealms.events import ACTION_CARD, RANGED
from skirmish.games.darkrealms.figures import CardAttack, Figure, Roster
from skirmish.geometry.grid import Grid, Shape

Tile = tuple[int, int]
MOST_TILES = 40
"""Columns or rows at most: larger than any table a Dark Realms map fills."""
SIDES = ("heroes", "enemies")
RULING = "DR-12"
HEX_HEIGHT = 2 / math.sqrt(3)
"""A pointy-topped hexagon one tile wide is this tall."""


class StandingModel(StrictModel):
    """A figure on the board file: its name, the roster figure it is, its side, its tile."""

    name: Name
    figure: Name | None = None
    side: Literal["heroes", "enemies"] = "heroes"
    at: tuple[
        Annotated[int, pydantic.Field(ge=0, lt=MOST_TILES)],
        Annotated[int, pydantic.Field(ge=0, lt=MOST_TILES)],
    ]


class SizeModel(StrictModel):
    columns: Annotated[int, pydantic.Field(ge=1, le=MOST_TILES)] = 10
    rows: Annotated[int, pydantic.Field(ge=1, le=MOST_TILES)] = 8


class BoardModel(StrictModel):
    """A Dark Realms tile board file."""

    tiles: Shape = Shape.HEX
    diagonals: bool = True
    """Square tiles only: whether a diagonal step counts one tile (ruling DR-12's default)
    or two (four neighbours)."""
    size: SizeModel = SizeModel()
    figures: Annotated[tuple[StandingModel, ...], pydantic.Field(max_length=60)] = ()


@dataclass(frozen=True)
class Standing:
    """A figure standing on a tile."""

    name: str
    figure: Figure
    side: str
    tile: Tile


@dataclass(frozen=True)
class Reached:
    """A tile an attack reaches: its distance, whether the attack is rolled twice there
    (a range attack inside the figure's reach, "Action Card") and the chance the range is
    reached (1 unless the range is rolled, "Ranged attacks")."""

    tile: Tile
    distance: int
    confused: bool
    chance: Fraction


@dataclass(frozen=True)
class TileBoard:
    """Square or hex tiles, ``columns`` by ``rows``, and the figures standing on them."""

    shape: Shape
    columns: int
    rows: int
    figures: tuple[Standing, ...]
    source: str = ""
    diagonals: bool = True
    """Square tiles: a diagonal step counts one (eight neighbours) or, when False, two."""

    @property
    def grid(self) -> Grid:
        return Grid(self.shape)

    def tiles(self) -> list[Tile]:
        """Every tile of the board, row by row."""
        return [(c, r) for r in range(self.rows) for c in range(self.columns)]

    def on_board(self, tile: Tile) -> bool:
        return 0 <= tile[0] < self.columns and 0 <= tile[1] < self.rows

    def axial(self, tile: Tile) -> Tile:
        """The tile's coordinates on the grid that counts distances (axial for hexes)."""
        column, row = tile
        if self.shape is Shape.HEX:
            return column - (row - (row & 1)) // 2, row
        return tile

    def distance(self, a: Tile, b: Tile) -> int:
        """Tiles between two tiles, counted as a figure steps (rulings DR-3, DR-12): a hex
        step to any of six neighbours, a square step to any of eight (a diagonal counts
        one) or, with ``diagonals`` off, to any of four."""
        if self.shape is Shape.SQUARE and not self.diagonals:
            return abs(a[0] - b[0]) + abs(a[1] - b[1])
        return self.grid.distance(self.axial(a), self.axial(b))

    def standing(self, name: str) -> Standing:
        for placed in self.figures:
            if placed.name.casefold() == name.casefold():
                return placed
        names = ", ".join(p.name for p in self.figures) or "none"
        raise DataError(f"no figure named {name!r} on the board (figures: {names})")

    def centre(self, tile: Tile) -> tuple[float, float]:
        """Where a tile's centre is drawn, in tile widths from the board's top-left."""
        column, row = tile
        if self.shape is Shape.HEX:
            return column + 0.5 + 0.5 * (row & 1), 0.5 * HEX_HEIGHT + row * 0.75 * HEX_HEIGHT
        return column + 0.5, row + 0.5

    def corners(self, tile: Tile) -> tuple[tuple[float, float], ...]:
        """A tile's outline as drawn: a pointy-topped hexagon or a square."""
        x, y = self.centre(tile)
        if self.shape is Shape.HEX:
            radius = HEX_HEIGHT / 2
            return tuple(
                (x + radius * math.cos(math.radians(a)), y + radius * math.sin(math.radians(a)))
                for a in (30, 90, 150, 210, 270, 330)
            )
        return ((x - 0.5, y - 0.5), (x + 0.5, y - 0.5), (x + 0.5, y + 0.5), (x - 0.5, y + 0.5))

    @property
    def extent(self) -> tuple[float, float]:
        """Width and height of the drawing, in tile widths."""
        if self.shape is Shape.HEX:
            return self.columns + 0.5, HEX_HEIGHT * (0.25 + 0.75 * self.rows)
        return float(self.columns), float(self.rows)


def range_chance(distance: int) -> Fraction:
    """ "Ranged attacks": a rolled range is a die of the two rolled, picked by the player, so
    a target ``distance`` tiles away is reached unless both dice show less."""
    if distance > 6:
        return Fraction(0)
    return 1 - Fraction(distance - 1, 6) ** 2


def reach(board: TileBoard, name: str, attack: CardAttack) -> tuple[Reached, ...]:
    """The tiles ``attack`` by the figure ``name`` reaches, each checked by the attack's own
    rules (``attack.check``: melee reach, fixed range) with the rolled-range chance."""
    attacker = board.standing(name)
    found = []
    for tile in board.tiles():
        distance = board.distance(attacker.tile, tile)
        if distance == 0:
            continue
        situation = Situation(attacker.figure, attacker.figure, attack, distance=distance)
        try:
            check(situation)
        except IllegalAttack:
            continue
        chance = range_chance(distance) if attack.rolled_range else Fraction(1)
        if chance:
            found.append(Reached(tile, distance, is_confused(situation), chance))
    return tuple(found)


def parse_board(data: object, *, source: str, roster: Roster) -> TileBoard:
    """A board file's data, validated: figures of the roster, on the board, one a tile."""
    model = validated(BoardModel, data, source)
    figures: list[Standing] = []
    taken: dict[Tile, str] = {}
    names: set[str] = set()
    for entry in model.figures:
        tile = (entry.at[0], entry.at[1])
        where = f"{source}: figure {entry.name!r} at {list(tile)}"
        if not (tile[0] < model.size.columns and tile[1] < model.size.rows):
            raise DataError(
                f"{where} is off the board ({model.size.columns} columns x "
                f"{model.size.rows} rows, counted from 0)"
            )
        if tile in taken:
            raise DataError(f"{where}: {taken[tile]!r} stands there; one figure a tile")
        if entry.name.casefold() in names:
            raise DataError(f"{source}: two figures named {entry.name!r}")
        try:
            figure = roster.figure(entry.figure or entry.name)
        except SkirmishError as error:  # the roster's own line: the valid names
            raise DataError(f"{source}: figure {entry.name!r}: {error}") from None
        taken[tile] = entry.name
        names.add(entry.name.casefold())
        figures.append(Standing(entry.name, figure, entry.side, tile))
    return TileBoard(
        model.tiles,
        model.size.columns,
        model.size.rows,
        tuple(figures),
        source,
        diagonals=model.diagonals,
    )


def load_board(path: str | Path, *, roster: Roster) -> TileBoard:
    """A board file read with the data files' limits and checked (:func:`parse_board`)."""
    data, source = read_yaml(path, "Dark Realms tile board")
    return parse_board(data, source=source, roster=roster)


__all__ = [
    "ACTION_CARD",
    "RANGED",
    "RULING",
    "SIDES",
    "BoardModel",
    "Reached",
    "Standing",
    "TileBoard",
    "load_board",
    "parse_board",
    "range_chance",
    "reach",
]
