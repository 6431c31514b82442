"""Distributions and mixes drawn as SVG on the server: each bar an element a test or a
screen reader finds by its role and ``data-`` attributes, its exact chance kept in them."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from html import escape

from skirmish.cli.render import percent

WIDTH = 320
HEIGHT = 150
MARGIN = 24


def bars(title: str, distribution: Mapping[str, str], *, fractions: bool = False) -> str:
    """A bar chart of ``distribution`` (outcome -> exact chance as text), titled ``title``."""
    items = [(outcome, Fraction(chance)) for outcome, chance in distribution.items()]
    count = max(len(items), 1)
    step = (WIDTH - 2 * MARGIN) / count
    top = max((chance for _, chance in items), default=Fraction(1)) or Fraction(1)
    body = HEIGHT - 2 * MARGIN
    parts = [
        f'<svg class="chart" role="img" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'aria-label="{escape(title)}" data-chart="distribution">',
        f"<title>{escape(title)}</title>",
        f'<line x1="{MARGIN}" y1="{HEIGHT - MARGIN}" x2="{WIDTH - MARGIN}" '
        f'y2="{HEIGHT - MARGIN}" class="axis"/>',
    ]
    for n, (outcome, chance) in enumerate(items):
        tall = float(chance / top) * body
        x = MARGIN + n * step + step * 0.1
        y = HEIGHT - MARGIN - tall
        shown = str(chance) if fractions else percent(chance)
        label = f"{outcome}: {shown}"
        parts.append(
            f'<g class="bar" data-outcome="{escape(outcome)}" data-probability="{chance}">'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{step * 0.8:.1f}" height="{tall:.1f}">'
            f"<title>{escape(label)}</title></rect>"
            f'<text x="{x + step * 0.4:.1f}" y="{HEIGHT - MARGIN + 14}" class="tick">'
            f"{escape(outcome[:8])}</text>"
        )
        if count <= 12 and chance:
            parts.append(
                f'<text x="{x + step * 0.4:.1f}" y="{y - 3:.1f}" class="value">'
                f"{escape(shown if len(shown) <= 7 else percent(chance))}</text>"
            )
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def mix(title: str, shares: Mapping[str, str], *, fractions: bool = False) -> str:
    """A mixed strategy (option -> exact probability as text) as horizontal bars."""
    items = [(option, Fraction(share)) for option, share in shares.items()]
    row = 20
    height = row * len(items) + 26
    label_width = 120
    span = WIDTH - label_width - 60
    parts = [
        f'<svg class="chart mix" role="img" viewBox="0 0 {WIDTH} {height}" '
        f'aria-label="{escape(title)}" data-chart="mix">',
        f"<title>{escape(title)}</title>",
        f'<text x="0" y="14" class="heading">{escape(title[:48])}</text>',
    ]
    for n, (option, share) in enumerate(items):
        y = 22 + n * row
        shown = str(share) if fractions else percent(share)
        parts.append(
            f'<g class="bar" data-option="{escape(option)}" data-probability="{share}">'
            f'<text x="0" y="{y + 13}" class="tick-left">{escape(option[:18])}</text>'
            f'<rect x="{label_width}" y="{y + 2}" width="{float(share) * span:.1f}" '
            f'height="{row - 6}"><title>{escape(option)}: {escape(shown)}</title></rect>'
            f'<text x="{label_width + float(share) * span + 4:.1f}" y="{y + 13}" '
            f'class="value-left">{escape(shown)}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


__all__ = ["bars", "mix"]
