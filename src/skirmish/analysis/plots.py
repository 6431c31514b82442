"""Pictures of exact answers: damage bars and matchup heatmaps (PNG, SVG or PDF).

matplotlib is imported inside each function, so the rest of skirmish never pays
for it, and drawn with the non-interactive Agg backend.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from skirmish.errors import SkirmishError

FORMATS = (".png", ".svg", ".pdf")


@dataclass(frozen=True)
class DamagePanel:
    """One distribution to draw: a title, P(damage = k), its mean and a take-down chance."""

    title: str
    damage: Mapping[int, Fraction]
    expected: Fraction
    p_take_down: Fraction


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def check_output(path: Path, formats: Sequence[str] = FORMATS) -> None:
    """Refuse an output file of a kind we cannot write, before any work is done."""
    if path.suffix.lower() not in formats:
        raise SkirmishError(f"{path}: unknown picture format; expected one of {', '.join(formats)}")
    if not path.parent.exists():
        raise SkirmishError(f"{path}: folder {path.parent} does not exist")


def damage_bars(panels: Sequence[DamagePanel], path: Path, *, title: str) -> None:
    """Bars of P(damage) per panel, the expected damage as a dashed line."""
    check_output(path)
    plt = _pyplot()
    count = len(panels)
    columns = min(3, count)
    rows = math.ceil(count / columns)
    most = max((k for panel in panels for k in panel.damage), default=0)
    figure, axes = plt.subplots(
        rows, columns, figsize=(4.2 * columns, 3.2 * rows), squeeze=False, sharey=True
    )
    for axis, panel in zip(axes.flat, panels, strict=False):
        values = list(range(most + 1))
        heights = [float(panel.damage.get(k, 0)) for k in values]
        axis.bar(values, heights, color="#4c72b0")
        axis.axvline(float(panel.expected), color="#c44e52", linestyle="--", label="expected")
        axis.set_title(
            f"{panel.title}\nE = {float(panel.expected):.2f}, "
            f"take down {float(panel.p_take_down):.1%}",
            fontsize=10,
        )
        axis.set_xticks(values)
        axis.set_xlabel("damage dealt")
        axis.set_ylim(0, 1)
    for axis in list(axes.flat)[count:]:
        axis.axis("off")
    axes.flat[0].set_ylabel("probability")
    axes.flat[0].legend(loc="upper right", fontsize=8)
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def heatmap(
    rows: Sequence[str],
    columns: Sequence[str],
    values: Sequence[Sequence[Fraction | None]],
    path: Path,
    *,
    title: str,
    legend: str,
) -> None:
    """A labelled heatmap with each cell's value written in it."""
    check_output(path)
    plt = _pyplot()
    grid = [[math.nan if v is None else float(v) for v in row] for row in values]
    known = [v for row in grid for v in row if not math.isnan(v)]
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
            text = "-" if math.isnan(value) else f"{value:.2f}"
            axis.text(j, i, text, ha="center", va="center", color="black", fontsize=8)
    figure.colorbar(image, ax=axis, label=legend)
    axis.set_title(title)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
