"""A battlefield :class:`~skirmish.geometry.scene.Scene` drawn as SVG by the server, to
scale (one unit an inch, y up the table as in the files), every piece an element with a
role and ``data-`` attributes that the editor's script and the tests find it by."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from shapely.geometry import (
    GeometryCollection,
    LineString,
    MultiLineString,
    MultiPolygon,
    Point,
    Polygon,
)
from shapely.geometry.base import BaseGeometry

from skirmish.geometry.scene import Scene

MARGIN = 0.6
SIDE_CLASSES = ("side-0", "side-1", "side-2", "side-3")


def _n(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def _path(shape: BaseGeometry, length: float) -> str:
    """SVG path data of ``shape`` (y flipped so the table's y runs up the page)."""

    def ring(coords: Iterable[Any], closed: bool) -> str:
        points = [f"{_n(x)} {_n(length - y)}" for x, y, *_ in coords]
        return ("M" + " L".join(points) + (" Z" if closed else "")) if points else ""

    if isinstance(shape, Polygon):
        return " ".join(ring(r.coords, True) for r in (shape.exterior, *shape.interiors))
    if isinstance(shape, LineString):
        return ring(shape.coords, False)
    if isinstance(shape, (MultiPolygon, MultiLineString, GeometryCollection)):
        return " ".join(_path(part, length) for part in shape.geoms)
    if isinstance(shape, Point):
        return f"M{_n(shape.x)} {_n(length - shape.y)} h0.001"
    return ""


def board(
    scene: Scene,
    *,
    pairs: Sequence[Mapping[str, Any]] = (),
    picked: Sequence[str] = (),
) -> str:
    """``scene`` as an SVG element; ``pairs`` (``los --all`` records) drawn as the
    who-can-hit-whom overlay; ``picked`` names (attacker, target) marked."""
    width, length = scene.width, scene.length
    sides = {name: n for n, name in enumerate(scene.sides)}
    for base in scene.bases:
        sides.setdefault(base.side, len(sides))
    step = grid_step(scene)
    out = [
        f'<svg id="board" class="board" role="img" aria-label="{escape(scene.title)}" '
        f'viewBox="{_n(-MARGIN)} {_n(-MARGIN)} {_n(width + 2 * MARGIN)} {_n(length + 2 * MARGIN)}" '
        f'data-width="{_n(width)}" data-length="{_n(length)}" data-grid="{step}" '
        f'font-size="{_n(max(0.36, max(width, length) / 45))}">',
        f'<rect class="table" x="0" y="0" width="{_n(width)}" height="{_n(length)}"/>',
    ]
    for x in range(step, int(width - 1e-9) + 1, step):
        out.append(f'<line class="grid" x1="{x}" y1="0" x2="{x}" y2="{_n(length)}"/>')
    for y in range(step, int(length - 1e-9) + 1, step):
        out.append(
            f'<line class="grid" x1="0" y1="{_n(length - y)}" '
            f'x2="{_n(width)}" y2="{_n(length - y)}"/>'
        )
    for area in scene.areas:
        style = area.style.split()
        classes = " ".join(f"area-{s}" for s in style)
        if area.style.startswith("terrain"):
            label = f"terrain {area.name} ({' '.join(style[1:])})"
            middle = area.shape.representative_point()
            out.append(
                f'<g class="terrain {classes}" data-kind="terrain" data-name="{escape(area.name)}" '
                f'role="button" tabindex="0" aria-label="{escape(label)}">'
                f'<path d="{_path(area.shape, length)}"/>'
                f'<text x="{_n(middle.x)}" y="{_n(length - middle.y)}">'
                f"{escape(area.name)}</text></g>"
            )
        else:
            out.append(
                f'<path class="area {classes}" data-area="{escape(style[0])}" '
                f'd="{_path(area.shape, length)}"><title>{escape(area.label)}</title></path>'
            )
    for pair in pairs:
        start, end = pair.get("from"), pair.get("to")
        if pair.get("line_of_attack") and start and end:
            out.append(
                f'<line class="pair" data-attacker="{escape(pair["attacker"])}" '
                f'data-target="{escape(pair["target"])}" x1="{_n(start[0])}" '
                f'y1="{_n(length - start[1])}" x2="{_n(end[0])}" y2="{_n(length - end[1])}">'
                f"<title>{escape(pair['attacker'])} can attack {escape(pair['target'])} "
                f"({escape(pair['attack'])})</title></line>"
            )
    for stroke in scene.strokes:
        out.append(
            f'<path class="stroke stroke-{escape(stroke.style)}" '
            f'data-stroke="{escape(stroke.style)}" '
            f'd="{_path(stroke.shape, length)}"><title>{escape(stroke.label)}</title></path>'
        )
    for base in scene.objects:
        out.append(_base(base, length, "object", ""))
    for base in scene.bases:
        side = SIDE_CLASSES[sides.get(base.side, 0) % len(SIDE_CLASSES)]
        mark = " picked" if base.name in picked else ""
        out.append(_base(base, length, f"fighter {side}{mark}", base.side))
    for mark_ in scene.marks:
        out.append(
            f'<g class="marker" data-kind="piece" data-name="{escape(mark_.name)}" role="button" '
            f'tabindex="0" aria-label="marker {escape(mark_.name)}">'
            f'<path d="M{_n(mark_.x)} {_n(length - mark_.y - 0.25)} '
            'l0.2 0.25 l-0.2 0.25 l-0.2 -0.25 Z"/>'
            f'<text x="{_n(mark_.x)}" y="{_n(length - mark_.y + 0.55)}">'
            f"{escape(mark_.name)}</text></g>"
        )
    out.append("</svg>")
    return "".join(out)


def grid_step(scene: Scene) -> int:
    """Inches between grid lines: one on a small table, six on a large one."""
    return 1 if max(scene.width, scene.length) <= 24 else 6


def _base(base: Any, length: float, classes: str, side: str) -> str:
    y = length - base.y
    facing = ""
    if base.facing is not None:
        import math

        turn = math.radians(base.facing)
        facing = (
            f'<line class="facing" x1="{_n(base.x)}" y1="{_n(y)}" '
            f'x2="{_n(base.x + base.radius * math.sin(turn))}" '
            f'y2="{_n(y - base.radius * math.cos(turn))}"/>'
        )
    what = f"{base.name} ({side})" if side else base.name
    return (
        f'<g class="base {classes}" data-kind="piece" data-name="{escape(base.name)}" '
        f'data-side="{escape(side)}" data-x="{_n(base.x)}" data-y="{_n(base.y)}" role="button" '
        f'tabindex="0" aria-label="{escape(what)}">'
        f'<circle cx="{_n(base.x)}" cy="{_n(y)}" r="{_n(base.radius)}"/>{facing}'
        f'<text x="{_n(base.x)}" y="{_n(y - base.radius - 0.12)}">{escape(base.name)}</text></g>'
    )


__all__ = ["board", "grid_step"]
