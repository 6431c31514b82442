"""Writing any picture an answer asks for: bars, a heatmap or a battlefield."""

from __future__ import annotations

from pathlib import Path

from skirmish.geometry.scene import Scene
from skirmish.report import BarChart, Heatmap, Picture


def draw(picture: Picture, path: Path) -> None:
    """Write ``picture`` to ``path`` (PNG, SVG or PDF by its suffix)."""
    if isinstance(picture, BarChart):
        from skirmish.analysis.plots import damage_bars

        damage_bars(picture, path)
    elif isinstance(picture, Heatmap):
        from skirmish.analysis.plots import heatmap

        heatmap(picture, path)
    elif isinstance(picture, Scene):
        from skirmish.analysis.draw import draw_scene

        draw_scene(picture, path)
    else:  # pragma: no cover - every picture kind is drawn above
        raise TypeError(f"no drawing for {type(picture).__name__}")
