"""Pictures of exact answers: damage bars and matchup heatmaps (PNG, SVG or PDF).

matplotlib is imported inside each function, so the rest of skirmish never pays
for it, and drawn with the non-interactive Agg backend.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from skirmish.report import BarChart, Heatmap, check_picture


def pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend (imported on first use)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def damage_bars(chart: BarChart, path: Path) -> None:
    """Bars of P(damage) per panel, the expected damage as a dashed line."""
    check_picture(path)
    plt = pyplot()
    panels = chart.panels
    count = len(panels)
    columns = min(3, count)
    rows = math.ceil(count / columns)
    most = max((k for panel in panels for k in panel.values), default=0)
    figure, axes = plt.subplots(
        rows, columns, figsize=(4.2 * columns, 3.2 * rows), squeeze=False, sharey=True
    )
    for axis, panel in zip(axes.flat, panels, strict=False):
        values = list(range(most + 1))
        heights = [float(panel.values.get(k, 0)) for k in values]
        axis.bar(values, heights, color="#4c72b0")
        axis.axvline(float(panel.mean), color="#c44e52", linestyle="--", label="expected")
        axis.set_title(
            f"{panel.title}\nE = {float(panel.mean):.2f}, "
            f"{panel.marked_label} {float(panel.marked):.1%}",
            fontsize=10,
        )
        axis.set_xticks(values)
        axis.set_xlabel(chart.axis)
        axis.set_ylim(0, 1)
    for axis in list(axes.flat)[count:]:
        axis.axis("off")
    axes.flat[0].set_ylabel("probability")
    axes.flat[0].legend(loc="upper right", fontsize=8)
    figure.suptitle(chart.title)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def text_colour(rgba: tuple[float, ...]) -> str:
    """Black on light cells, white on dark ones (relative luminance, WCAG)."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in rgba[:3])
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return "black" if luminance > 0.179 else "white"


def heatmap(chart: Heatmap, path: Path) -> None:
    """A labelled heatmap with each cell's value written in it, legible on every colour."""
    check_picture(path)
    plt = pyplot()
    grid = [[math.nan if v is None else float(v) for v in row] for row in chart.values]
    known = [v for row in grid for v in row if not math.isnan(v)]
    columns, rows = chart.columns, chart.rows
    figure, axis = plt.subplots(figsize=(1.0 * len(columns) + 3.5, 0.45 * len(rows) + 2))
    from matplotlib.colors import TwoSlopeNorm

    low, high = min(known, default=0.0), max(known, default=0.0)
    # Zero is "nobody gains": white, with gains green and losses red around it.
    norm = TwoSlopeNorm(vmin=min(low, -1e-9), vcenter=0.0, vmax=max(high, 1e-9))
    import matplotlib as mpl
    import numpy as np

    # Grey where there is no value: the attack is not possible there.
    colours = mpl.colormaps["RdYlGn"].with_extremes(bad="#d9d9d9")
    image = axis.imshow(np.ma.masked_invalid(grid), cmap=colours, norm=norm, aspect="auto")
    axis.set_xticks(range(len(columns)), labels=columns, rotation=45, ha="right")
    axis.set_yticks(range(len(rows)), labels=rows)
    axis.set_xlabel("target")
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            shown = "-" if math.isnan(value) else f"{value:.2f}"
            colour = "black" if math.isnan(value) else text_colour(colours(norm(value)))
            axis.text(j, i, shown, ha="center", va="center", color=colour, fontsize=8)
    figure.colorbar(image, ax=axis, label=chart.legend)
    axis.set_title(chart.title)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
