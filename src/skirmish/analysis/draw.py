"""Drawing a battlefield to scale, for any game, with the lines its rules talk about."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from shapely.geometry.base import BaseGeometry

from skirmish.analysis.plots import pyplot
from skirmish.geometry.scene import TERRAIN, Scene
from skirmish.report import check_picture

TERRAIN_COLOURS = {
    "ground": "#efe4c8",
    "low": "#c9b27c",
    "medium": "#8c7a55",
    "high": "#4a4034",
    "blocking": "#4a4034",
    "obscuring": "#9bbf85",
}
"""Fill of each terrain class; darker is taller (Magewinds) or blocks sight."""

DARK_TERRAIN = ("high", "blocking")
SIDE_COLOURS = ("#2f6db5", "#c0392b", "#27ae60", "#8e44ad", "#d68910", "#16a085")
AREA_STYLES: dict[str, dict[str, Any]] = {
    "dodge": {"color": "#58d68d", "alpha": 0.45},
    "reach": {"color": "#7fb3d5", "alpha": 0.35},
    "zone": {"color": "#f4d03f", "alpha": 0.25},
    "zone inner": {"color": "#f39c12", "alpha": 0.35},
    "keep out": {"color": "#c0392b", "alpha": 0.08},
    "arc": {"color": "#f5b041", "alpha": 0.25},
    "rear-arc": {"color": "#af7ac5", "alpha": 0.25},
}
TERRITORY = "territory"
"""The style of an area that is a side's own (``territory <side>``), in the side's colour."""
STROKE_STYLES: dict[str, dict[str, Any]] = {
    "attack": {"color": "#1e8449", "linewidth": 2},
    "blocked": {"color": "#c0392b", "linewidth": 1.5, "linestyle": "--"},
    "cover": {"color": "#e67e22", "linewidth": 4},
    "knockback": {"color": "#8e44ad", "linewidth": 3},
    "path": {"color": "#555555", "linewidth": 1, "linestyle": ":"},
    "sight": {"color": "#1e8449", "linewidth": 1.5, "linestyle": "--"},
}
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


def draw_scene(scene: Scene, path: Path) -> None:
    """Draw ``scene`` to scale: terrain, bases by side, what the rules decided, notes."""
    check_picture(path)
    plt = pyplot()
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, Patch

    longest = max(scene.width, scene.length)
    scale = min(SCALE, LONGEST / longest)
    step = next((s for s in TICK_STEPS if longest / s <= 30), TICK_STEPS[-1])
    figure, axis = plt.subplots(figsize=(scene.width * scale + 3.2, scene.length * scale + 1.2))
    margin = longest / 40
    axis.set_xlim(-margin, scene.width + margin)
    axis.set_ylim(-margin, scene.length + margin)
    axis.set_aspect("equal")
    axis.set_xticks(range(0, int(scene.width) + 1, step))
    axis.set_yticks(range(0, int(scene.length) + 1, step))
    axis.grid(color="#dddddd", linewidth=0.5)
    axis.add_patch(plt.Rectangle((0, 0), scene.width, scene.length, fill=False, linewidth=2))
    legend: list[Any] = []
    classes: list[str] = []
    sides = list(scene.sides) + [b.side for b in scene.bases if b.side not in scene.sides]
    colours = {
        side: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, side in enumerate(dict.fromkeys(sides))
    }
    for area in scene.areas:
        if area.style.startswith(TERRAIN):
            kind = area.style.removeprefix(TERRAIN).strip()
            _fill(axis, area.shape, color=TERRAIN_COLOURS.get(kind, "#8c7a55"), alpha=0.9, zorder=1)
            if kind not in classes:
                classes.append(kind)
            if area.name:
                c = area.shape.representative_point()
                axis.text(
                    c.x,
                    c.y,
                    area.name,
                    ha="center",
                    va="center",
                    fontsize=7,
                    zorder=5,
                    color="white" if kind in DARK_TERRAIN else "black",
                )
        elif area.style.startswith(TERRITORY) and not area.shape.is_empty:
            side = area.style.removeprefix(TERRITORY).strip()
            tint: dict[str, Any] = {"color": colours.get(side, "#7fb3d5"), "alpha": 0.1}
            _fill(axis, area.shape, zorder=1.5, **tint)
            legend.append(Patch(label=area.label or area.style, **tint))
        elif not area.shape.is_empty:
            style: dict[str, Any] = AREA_STYLES.get(area.style, {"color": "#7fb3d5", "alpha": 0.35})
            _fill(axis, area.shape, zorder=2, **style)
            legend.append(Patch(label=area.label or area.style, **style))
    legend = [
        Patch(color=TERRAIN_COLOURS.get(k, "#8c7a55"), label=f"{k} terrain") for k in classes
    ] + legend
    for stroke in scene.strokes:
        style = STROKE_STYLES.get(stroke.style, {"color": "black", "linewidth": 1})
        _line(axis, stroke.shape, zorder=8, **style)
        if stroke.label:
            legend.append(Line2D([], [], label=stroke.label, **style))
    for base in scene.bases:
        axis.add_patch(Circle((base.x, base.y), base.radius, color=colours[base.side], zorder=6))
        if base.facing is not None:
            angle = math.radians(base.facing)
            axis.plot(
                [base.x, base.x + base.radius * math.sin(angle)],
                [base.y, base.y + base.radius * math.cos(angle)],
                color="white",
                linewidth=2,
                zorder=7,
            )
        axis.text(
            base.x,
            base.y + base.radius + 0.12,
            base.name,
            ha="center",
            va="bottom",
            fontsize=8,
            weight="bold",
            zorder=7,
            bbox={"facecolor": "white", "alpha": 0.7, "edgecolor": "none", "pad": 0.5},
        )
        if base.detail:
            axis.text(
                base.x,
                base.y - base.radius - 0.1,
                base.detail,
                ha="center",
                va="top",
                fontsize=6,
                zorder=7,
                bbox={"facecolor": "white", "alpha": 0.7, "edgecolor": "none", "pad": 0.3},
            )
    for item in scene.objects:
        axis.add_patch(
            Circle((item.x, item.y), item.radius, facecolor="#f1c40f", edgecolor="black", zorder=6)
        )
        axis.text(item.x, item.y - item.radius - 0.15, item.name, ha="center", va="top", fontsize=7)
    for mark in scene.marks:
        axis.plot(mark.x, mark.y, marker="x", color="black", markersize=8, zorder=6)
        axis.text(mark.x + 0.15, mark.y + 0.15, mark.name, fontsize=7)
    legend += [Patch(color=c, label=f"side {s}" if s else "models") for s, c in colours.items()]
    axis.legend(handles=legend, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=7)
    axis.set_title(scene.title)
    if scene.notes:
        figure.text(0.02, 0.005, "\n".join(scene.notes), fontsize=6.5, va="bottom", wrap=True)
        figure.subplots_adjust(bottom=0.12)
    figure.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(figure)
