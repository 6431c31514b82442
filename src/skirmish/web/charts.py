"""Distributions and mixes drawn as SVG on the server: each bar an element a test or a
screen reader finds by its role and ``data-`` attributes, its exact chance kept in them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape
from typing import Any

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
    row, width = 22, 250
    height = row * len(items) + 28
    label_width = 90
    span = width - label_width - 52
    parts = [
        f'<svg class="chart mix" role="img" viewBox="0 0 {width} {height}" '
        f'aria-label="{escape(title)}" data-chart="mix">',
        f"<title>{escape(title)}</title>",
        f'<text x="4" y="15" class="heading">{escape(title[:40])}</text>',
    ]
    for n, (option, share) in enumerate(items):
        y = 24 + n * row
        shown = str(share) if fractions else percent(share)
        parts.append(
            f'<g class="bar" data-option="{escape(option)}" data-probability="{share}">'
            f'<text x="4" y="{y + 14}" class="tick-left">{escape(option[:14])}</text>'
            f'<rect x="{label_width}" y="{y + 2}" width="{float(share) * span:.1f}" '
            f'height="{row - 5}"><title>{escape(option)}: {escape(shown)}</title></rect>'
            f'<text x="{label_width + float(share) * span + 4:.1f}" y="{y + 14}" '
            f'class="value-left">{escape(shown)}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _mixed(shares: Mapping[str, str]) -> str:
    return ", ".join(f"{k} {percent(Fraction(v))}" for k, v in shares.items() if Fraction(v))


def heatmap(data: Mapping[str, Any], *, fractions: bool = False) -> str:
    """The matchup table (``data["cells"]`` as ``matchups --json`` gives them) as a heat
    map: a row per attack, a column per target, each cell's title its value, both mixes
    and the reason when it has none."""
    cells = data["cells"]
    rows = list(dict.fromkeys(f"{c['attacker']}: {c['attack']}" for c in cells))
    columns = list(dict.fromkeys(c["target"] for c in cells))
    values = [Fraction(c["value"]) for c in cells if c["value"] is not None]
    low, high = (min(values), max(values)) if values else (Fraction(0), Fraction(1))
    cell_w, cell_h, left, top = 56, 20, 150, 70
    width, height = left + cell_w * len(columns) + 10, top + cell_h * len(rows) + 10
    parts = [
        f'<svg class="chart heatmap" role="img" viewBox="0 0 {width} {height}" '
        f'aria-label="matchups heat map" data-chart="heatmap" style="max-width:{width}px">',
        "<title>matchups heat map</title>",
    ]
    for n, target in enumerate(columns):
        x = left + n * cell_w + cell_w / 2
        parts.append(
            f'<text x="{x:.0f}" y="{top - 6}" class="column" '
            f'transform="rotate(-40 {x:.0f} {top - 6})">{escape(target)}</text>'
        )
    for n, row in enumerate(rows):
        parts.append(
            f'<text x="{left - 6}" y="{top + n * cell_h + 14}" class="row">{escape(row)}</text>'
        )
    for cell in cells:
        at_row = rows.index(f"{cell['attacker']}: {cell['attack']}")
        column = columns.index(cell["target"])
        x, y = left + column * cell_w, top + at_row * cell_h
        value = None if cell["value"] is None else Fraction(cell["value"])
        if value is None:
            shade, shown = "#e6e8ec", "-"
        else:
            share = float((value - low) / (high - low)) if high > low else 0.5
            shade = f"hsl({220 - 200 * share:.0f}, 70%, {88 - 40 * share:.0f}%)"
            shown = str(value) if fractions else f"{float(value):.2f}"
        tip = f"{cell['attacker']} ({cell['attack']}) -> {cell['target']}: {shown}"
        if cell.get("attacker_mix"):
            tip += f"; attacker plays {_mixed(cell['attacker_mix'])}"
        if cell.get("defender_mix"):
            tip += f"; defender plays {_mixed(cell['defender_mix'])}"
        if cell.get("reason"):
            tip += f"; {cell['reason']}"
        parts.append(
            f'<g class="cell" data-attacker="{escape(cell["attacker"])}" '
            f'data-attack="{escape(cell["attack"])}" data-target="{escape(cell["target"])}" '
            f'data-value="{escape(str(cell["value"]))}">'
            f'<rect x="{x}" y="{y}" width="{cell_w - 1}" height="{cell_h - 1}" '
            f'style="fill:{shade}"><title>{escape(tip)}</title></rect>'
            f'<text x="{x + cell_w / 2:.0f}" y="{y + 14}" class="value">'
            f"{escape(shown if len(shown) <= 8 else f'{float(value or 0):.2f}')}</text></g>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _rate_shade(rate: float) -> str:
    """A share's colour: red below even, blue above, white at even (as the report's
    PNG heat map, matplotlib's RdBu)."""
    lean = max(-1.0, min(1.0, (rate - 0.5) * 2))
    hue = 212 if lean >= 0 else 4
    return f"hsl({hue}, 65%, {96 - 46 * abs(lean):.0f}%)"


def _band(warbands: Sequence[Sequence[str]], index: int) -> str:
    return f"#{index + 1} " + ", ".join(warbands[index])


def sweep_matrix(data: Mapping[str, Any]) -> str:
    """A sweep report's win-rate matrix (``sweep report --json``'s ``pairings``) as a heat
    map, coloured as the report's PNG (:func:`skirmish.ai.sweepreport.figure`): by the row's
    share of the decided battles, so pairings that mostly draw do not look lost by both,
    grey where none was decided; each cell's text the row's win rate over every battle and
    its title the battles, wins, draws and 95% interval."""
    from skirmish.ai.sweepreport import NONE_DECIDED

    warbands = data["warbands"]
    count = len(warbands)
    cell = 46 if count <= 12 else max(8, 560 // max(1, count))
    left, top = (230 if count <= 30 else 50), 50
    size = cell * count
    width, height = max(left + size + 10, 440), top + size + 10
    parts = [
        f'<svg class="chart heatmap sweep" role="img" viewBox="0 0 {width} {height}" '
        f'aria-label="win-rate matrix" data-chart="sweep-matrix" style="max-width:{width}px">',
        "<title>Win rate, row's warband against column's</title>",
        '<text x="10" y="16" class="heading">Win rate, row\'s warband against column\'s '
        "(95% interval below)</text>",
        '<text x="10" y="31" class="caption">colour: the row\'s share of the decided battles; '
        "grey: none decided</text>",
    ]
    step = 1 if count <= 30 else max(1, count // 8)
    for n in range(0, count, step):
        x, y = left + n * cell + cell / 2, top + n * cell + cell / 2 + 4
        parts.append(f'<text x="{x:.0f}" y="{top - 8}" class="tick">#{n + 1}</text>')
        label = _band(warbands, n) if count <= 30 else f"#{n + 1}"
        parts.append(f'<text x="{left - 6}" y="{y:.0f}" class="row">{escape(label)}</text>')
    for p in data["pairings"]:
        a, b = p["a"] - 1, p["b"] - 1  # the report numbers warbands from 1
        sides = [(a, b, p["wins_a"], p["a_rate"])]
        if a != b:
            sides.append((b, a, p["wins_b"], p["b_rate"]))
        decided = p["wins_a"] + p["wins_b"]
        for row, column, wins, rate in sides:
            if rate["rate"] is None:
                continue
            x, y = left + column * cell, top + row * cell
            fill = _rate_shade(wins / decided) if decided else NONE_DECIDED
            low, high = rate["ci95"]
            tip = (
                f"{_band(warbands, row)} against {_band(warbands, column)}: won {wins} of "
                f"{p['battles']} ({p['draws']} drawn), {rate['rate']:.1%}, 95% interval "
                f"{low:.1%}-{high:.1%}"
            )
            parts.append(
                f'<g class="cell" data-row="{row + 1}" data-column="{column + 1}" '
                f'data-rate="{rate["rate"]}" data-low="{low}" data-high="{high}">'
                f'<rect x="{x}" y="{y}" width="{cell - 1}" height="{cell - 1}" '
                f'style="fill:{fill}"><title>{escape(tip)}</title></rect>'
            )
            if cell >= 40:
                parts.append(
                    f'<text x="{x + cell / 2:.0f}" y="{y + cell / 2 - 2:.0f}" class="value">'
                    f"{rate['rate']:.0%}</text>"
                    f'<text x="{x + cell / 2:.0f}" y="{y + cell / 2 + 11:.0f}" class="interval">'
                    f"{low:.0%}-{high:.0%}</text>"
                )
            parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def ranked(fighters: Sequence[Mapping[str, Any]]) -> str:
    """A sweep report's fighters ranked by the win rate of the sides that have them, each a
    dot with its 95% interval as a bar, and a red tick at the rate of the sides without."""
    order = sorted(fighters, key=lambda f: -(f["with"]["rate"] or 0))
    left, scale, row_h, top = 110, 360, 22, 30
    width, height = left + scale + 20, top + row_h * len(order) + 30

    def at(rate: float) -> float:
        return left + rate * scale

    parts = [
        f'<svg class="chart ranked" role="img" viewBox="0 0 {width} {height}" '
        f'aria-label="fighters ranked" data-chart="fighters-ranked" style="max-width:{width}px">',
        "<title>Fighters ranked: win rate of sides with them (95% interval), and without</title>",
        f'<line class="axis even" x1="{at(0.5):.0f}" y1="{top - 6}" x2="{at(0.5):.0f}" '
        f'y2="{height - 24}" stroke-dasharray="3 3"/>',
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1):
        parts.append(f'<text x="{at(tick):.0f}" y="{height - 8}" class="tick">{tick:.0%}</text>')
    parts.append(
        f'<text x="10" y="{top - 14}" class="heading">Fighters ranked: sides with them '
        "(dot, 95% bar); red: without</text>"
    )
    for n, f in enumerate(order):
        rate, without = f["with"]["rate"], f["without"]["rate"]
        if rate is None:
            continue
        low, high = f["with"]["ci95"]
        y = top + n * row_h + row_h / 2
        tip = (
            f"{f['fighter']}: sides with it won {rate:.1%} (95% interval {low:.1%}-{high:.1%}, "
            f"{f['sides_with']} sides)" + ("" if without is None else f"; without it {without:.1%}")
        )
        parts.append(
            f'<g class="fighter" data-fighter="{escape(f["fighter"])}" data-rate="{rate}" '
            f'data-low="{low}" data-high="{high}"><title>{escape(tip)}</title>'
            f'<text x="{left - 6}" y="{y + 4:.0f}" class="row">{escape(f["fighter"])}</text>'
            f'<line class="interval" x1="{at(low):.1f}" y1="{y:.0f}" x2="{at(high):.1f}" '
            f'y2="{y:.0f}"/><circle cx="{at(rate):.1f}" cy="{y:.0f}" r="4"/>'
        )
        if without is not None:
            parts.append(
                f'<line class="without" x1="{at(without):.1f}" y1="{y - 7:.0f}" '
                f'x2="{at(without):.1f}" y2="{y + 7:.0f}"/>'
            )
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


__all__ = ["bars", "heatmap", "mix", "ranked", "sweep_matrix"]
