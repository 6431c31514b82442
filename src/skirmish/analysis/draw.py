"""Drawing a Magewinds battlefield to scale, with the lines the rules talk about."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from shapely.geometry.base import BaseGeometry

from skirmish.analysis.plots import _pyplot, check_output
from skirmish.games.magewinds.field import Battlefield
from skirmish.games.magewinds.tabletop import TableReport
from skirmish.geometry import HeightClass

TERRAIN_COLOURS = {
    HeightClass.GROUND: "#efe4c8",
    HeightClass.LOW: "#c9b27c",
    HeightClass.MEDIUM: "#8c7a55",
    HeightClass.HIGH: "#4a4034",
}
WARBAND_COLOURS = ("#2f6db5", "#c0392b", "#27ae60", "#8e44ad", "#d68910", "#16a085")
SCALE = 0.55
"""Picture inches per table inch: a standard 12" x 16" table is drawn about 9" long."""
LONGEST = 16.0
"""A picture's longest side in inches, at most: a large table is drawn smaller, so drawing
it takes the time and memory a standard one does."""
TICK_STEPS = (1, 2, 3, 6, 12, 24, 48, 120)
"""Inches between grid lines: the first step that gives at most 30 lines along a side."""


def _fill(axis: Any, geometry: BaseGeometry, **style: Any) -> None:
    """Fill polygons, leaving their holes see-through."""
    from matplotlib.patches import PathPatch
    from matplotlib.path import Path as DrawingPath

    for part in getattr(geometry, "geoms", [geometry]):
        if part.geom_type != "Polygon" or part.is_empty:
            continue
        rings = [part.exterior, *part.interiors]
        path = DrawingPath.make_compound_path(
            *(DrawingPath(list(ring.coords), closed=True) for ring in rings)
        )
        colour = style.pop("color", None)
        axis.add_patch(PathPatch(path, facecolor=colour, edgecolor="none", **style))
        style["color"] = colour


def _line(axis: Any, geometry: BaseGeometry, **style: Any) -> None:
    for part in getattr(geometry, "geoms", [geometry]):
        if part.geom_type in ("LineString", "LinearRing") and not part.is_empty:
            x, y = part.xy
            axis.plot(x, y, **style)
            style.pop("label", None)


def draw_battlefield(
    field: Battlefield,
    path: Path,
    *,
    table: TableReport | None = None,
    reach: BaseGeometry | None = None,
    reach_label: str = "",
) -> None:
    """Draw the battlefield; with ``table``, the line of attack, cover, Dodge and knockback."""
    check_output(path)
    plt = _pyplot()
    from matplotlib.patches import Circle, Patch

    longest = max(field.width, field.length)
    scale = min(SCALE, LONGEST / longest)
    step = next((s for s in TICK_STEPS if longest / s <= 30), TICK_STEPS[-1])
    figure, axis = plt.subplots(figsize=(field.width * scale + 3.2, field.length * scale + 1.2))
    axis.set_xlim(-0.3, field.width + 0.3)
    axis.set_ylim(-0.3, field.length + 0.3)
    axis.set_aspect("equal")
    axis.set_xticks(range(0, int(field.width) + 1, step))
    axis.set_yticks(range(0, int(field.length) + 1, step))
    axis.grid(color="#dddddd", linewidth=0.5)
    axis.add_patch(plt.Rectangle((0, 0), field.width, field.length, fill=False, linewidth=2))
    for piece in field.terrain:
        _fill(axis, piece.footprint, color=TERRAIN_COLOURS[piece.height_class], alpha=0.9, zorder=1)
        c = piece.footprint.representative_point()
        axis.text(
            c.x,
            c.y,
            piece.name,
            ha="center",
            va="center",
            fontsize=7,
            zorder=5,
            color="white" if piece.height_class is HeightClass.HIGH else "black",
        )
    if reach is not None and not reach.is_empty:
        _fill(axis, reach, color="#7fb3d5", alpha=0.35, zorder=2)
    colours = {
        band: WARBAND_COLOURS[i % len(WARBAND_COLOURS)] for i, band in enumerate(field.warbands)
    }
    legend = [Patch(color=TERRAIN_COLOURS[k], label=f"{k.value} terrain") for k in HeightClass]
    if table is not None:
        _draw_report(axis, table, legend)
    for placed in field.fighters:
        base = placed.base
        axis.add_patch(
            Circle((base.x, base.y), base.radius, color=colours[placed.warband], zorder=6)
        )
        axis.text(
            base.x,
            base.y + base.radius + 0.12,
            placed.name,
            ha="center",
            va="bottom",
            fontsize=8,
            weight="bold",
            zorder=7,
            bbox={"facecolor": "white", "alpha": 0.7, "edgecolor": "none", "pad": 0.5},
        )
    for item in field.objects:
        axis.add_patch(
            Circle((item.x, item.y), item.radius, facecolor="#f1c40f", edgecolor="black", zorder=6)
        )
        axis.text(item.x, item.y - item.radius - 0.15, item.name, ha="center", va="top", fontsize=7)
    for mark in field.markers:
        axis.plot(mark.x, mark.y, marker="x", color="black", markersize=8, zorder=6)
        axis.text(mark.x + 0.15, mark.y + 0.15, mark.name, fontsize=7)
    legend += [Patch(color=c, label=f"warband {b}") for b, c in colours.items()]
    if reach is not None:
        legend.append(Patch(color="#7fb3d5", alpha=0.35, label=reach_label or "reachable centres"))
    axis.legend(handles=legend, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=7)
    title = (
        "Battlefield"
        if table is None
        else (f"{table.attacker.name} -> {table.target.name}: {table.attack.name}")
    )
    axis.set_title(title)
    if table is not None:
        text = "\n".join(table.reasons())
        figure.text(0.02, 0.005, text, fontsize=6.5, va="bottom", wrap=True)
        figure.subplots_adjust(bottom=0.12)
    figure.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(figure)


def _draw_report(axis: Any, table: TableReport, legend: list[Any]) -> None:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    if table.dodge.possible:
        _fill(axis, table.dodge.region, color="#58d68d", alpha=0.45, zorder=3)
        legend.append(Patch(color="#58d68d", alpha=0.45, label="Dodge: target centre may end here"))
    hidden = table.cover.visible.edge.difference(table.cover.visible.visible)
    _line(axis, hidden, color="#e67e22", linewidth=4, zorder=8)
    legend.append(Line2D([], [], color="#e67e22", linewidth=4, label="edge in cover (18.2)"))
    line = table.line
    if line.exists and line.start is not None and line.end is not None:
        axis.plot(
            [line.start.x, line.end.x],
            [line.start.y, line.end.y],
            color="#1e8449",
            linewidth=2,
            zorder=9,
        )
        legend.append(
            Line2D([], [], color="#1e8449", linewidth=2, label=f'line of attack {line.length:.2f}"')
        )
    elif line.start is not None:
        t = table.target.base
        axis.plot(
            [line.start.x, t.x],
            [line.start.y, t.y],
            color="#c0392b",
            linewidth=1.5,
            linestyle="--",
            zorder=9,
        )
        legend.append(Line2D([], [], color="#c0392b", linestyle="--", label="no line of attack"))
    if table.knockback.room > 0:
        _line(axis, table.knockback.ends, color="#8e44ad", linewidth=3, zorder=9)
        legend.append(
            Line2D(
                [],
                [],
                color="#8e44ad",
                linewidth=3,
                label=f'knockback room {table.knockback.room:.2f}"',
            )
        )
