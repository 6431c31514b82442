"""Boards of tiles: distance in tiles, adjacency and reach, on square or hex grids.

Hex tiles use axial coordinates ``(q, r)``; square tiles use ``(column, row)`` and
count a diagonal step as one tile (eight neighbours), as most tile games do.

>>> HEX.distance((0, 0), (2, -1))
2
>>> SQUARE.distance((0, 0), (2, 1))
2
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from skirmish.errors import UnknownName

Tile = tuple[int, int]


class Shape(StrEnum):
    """The shape of a board's tiles."""

    HEX = "hex"
    SQUARE = "square"


@dataclass(frozen=True)
class Grid:
    """Distances between tiles of one shape."""

    shape: Shape

    def distance(self, a: Tile, b: Tile) -> int:
        """How many tiles apart two tiles are (0 for the same tile)."""
        dq, dr = b[0] - a[0], b[1] - a[1]
        if self.shape is Shape.HEX:
            return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        return max(abs(dq), abs(dr))

    def adjacent(self, a: Tile, b: Tile) -> bool:
        """Whether two tiles touch."""
        return self.distance(a, b) == 1

    def within(self, a: Tile, b: Tile, tiles: int) -> bool:
        """Whether ``b`` is at most ``tiles`` away from ``a``."""
        return self.distance(a, b) <= tiles

    def neighbours(self, a: Tile) -> list[Tile]:
        """The tiles adjacent to ``a``."""
        if self.shape is Shape.HEX:
            steps = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
        else:
            steps = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
        return [(a[0] + dx, a[1] + dy) for dx, dy in steps]


HEX = Grid(Shape.HEX)
SQUARE = Grid(Shape.SQUARE)


def find_grid(name: str) -> Grid:
    """The grid called ``hex`` or ``square``."""
    for grid in (HEX, SQUARE):
        if grid.shape.value == name.casefold():
            return grid
    raise UnknownName("tile shape", name, [s.value for s in Shape])
