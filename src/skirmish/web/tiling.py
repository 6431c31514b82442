"""The Dark Realms tile board drawn as SVG: the tiles, the figures, the reach of the picked
attack shaded, and the distance between the picked attacker and target, all as the core
(``games/darkrealms/board.py``) answers them; the page measures nothing (ruling DR-12)."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skirmish.games.darkrealms.board import Reached, TileBoard

SCALE = 48.0
"""Pixels per tile width in the drawing's own units."""


@dataclass(frozen=True)
class TileAnswer:
    """What the page shows besides the drawing: the distance between the picks (with the
    rule it is counted under) and the attack's reach as lines."""

    distance: int | None
    facts: tuple[str, ...]


def _points(board: TileBoard, tile: tuple[int, int]) -> str:
    return " ".join(f"{x * SCALE:.1f},{y * SCALE:.1f}" for x, y in board.corners(tile))


def drawn(board: TileBoard, reached: tuple[Reached, ...], picked: tuple[str, str]) -> str:
    """The board as SVG: each tile a polygon (``data-tile="c,r"``, and its distance and
    range chance where the picked attack reaches), each figure a labelled circle."""
    width, height = board.extent
    shade = {r.tile: r for r in reached}
    parts = [
        f'<svg id="tiles" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'aria-label="{board.shape.value} tile board, {board.columns} by {board.rows}" '
        f'data-shape="{board.shape.value}" viewBox="-2 -2 {width * SCALE + 4:.1f} '
        f'{height * SCALE + 4:.1f}">'
    ]
    for tile in board.tiles():
        found = shade.get(tile)
        extra = ""
        style = "tile"
        if found is not None:
            style = "tile reach-confused" if found.confused else "tile reach"
            extra = (
                f' data-distance="{found.distance}" data-chance="{found.chance}"'
                f' data-confused="{str(found.confused).lower()}"'
            )
            if found.chance != 1:  # a rolled range: the likelier, the deeper the shade
                extra += f' fill-opacity="{0.25 + 0.75 * float(found.chance):.2f}"'

        title = f"tile {tile[0]},{tile[1]}"
        if found is not None:
            title += f": {found.distance} away" + (
                f", range reached {found.chance}" if found.chance != 1 else ""
            )
            title += ", rolled twice (inside reach)" if found.confused else ""
        parts.append(
            f'<polygon class="{style}" data-tile="{tile[0]},{tile[1]}"{extra} '
            f'points="{_points(board, tile)}"><title>{escape(title)}</title></polygon>'
        )
    if picked[0] and picked[1]:
        a, b = board.standing(picked[0]), board.standing(picked[1])
        (x1, y1), (x2, y2) = board.centre(a.tile), board.centre(b.tile)
        parts.append(
            f'<line class="distance-line" x1="{x1 * SCALE:.1f}" y1="{y1 * SCALE:.1f}" '
            f'x2="{x2 * SCALE:.1f}" y2="{y2 * SCALE:.1f}"/>'
        )
    for placed in board.figures:
        x, y = board.centre(placed.tile)
        role = (
            " picked-attacker"
            if placed.name == picked[0]
            else " picked-target"
            if placed.name == picked[1]
            else ""
        )
        parts.append(
            f'<g class="figure {placed.side}{role}" data-kind="figure" '
            f'data-name="{escape(placed.name)}" data-tile="{placed.tile[0]},{placed.tile[1]}">'
            f'<circle cx="{x * SCALE:.1f}" cy="{y * SCALE:.1f}" r="{SCALE * 0.36:.1f}"/>'
            f'<text x="{x * SCALE:.1f}" y="{y * SCALE + 4:.1f}" text-anchor="middle"'
            + (
                f' textLength="{SCALE * 0.9:.1f}" lengthAdjust="spacingAndGlyphs"'
                if len(placed.name) > 6
                else ""
            )
            + f">{escape(placed.name[:12])}</text><title>{escape(placed.name)} "
            f"({escape(placed.figure.name)}, {placed.side}, reach {placed.figure.reach})"
            "</title></g>"
        )
    parts.append("</svg>")
    return "".join(parts)


__all__ = ["SCALE", "TileAnswer", "drawn"]
