"""What a sweep's rows say, counted by DuckDB over its Parquet shards.

- the **win-rate matrix**: each pairing's battles, each side's wins and draws, a side's
  win rate over every battle (a draw a battle not won) with its 95% Wilson interval;
- each **warband**'s win rate over all its battles;
- each **fighter**'s marginal win rate: the sides whose warband has it against the sides
  whose warband has not, over every side of every battle (its interval is the "with" rate's);
- each **scenario**'s Player 1 (3.1) advantage: the share of decided battles the
  scenario's Player 1 won, with its interval; and its rounds and how its battles ended;
- the **pairings furthest from even**: the largest gaps between the two sides' wins.

Plots (matplotlib): a heat map of the matrix and the fighters ranked with their intervals.
DuckDB, pyarrow and matplotlib are imported here only, when a report is asked for.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field

from skirmish.ai.sweep import FIGHTER_FIELDS
from skirmish.ai.sweepstore import read_manifest
from skirmish.errors import SkirmishError
from skirmish.options import Flag
from skirmish.options import Options as Flags
from skirmish.report import Chance, Grid, Line, Mean, Report

OUTPUTS = (".html", ".png", ".csv", ".json")
MATRIX_PRINTED = 6
"""Warbands up to which the matrix is printed as a table (it fits 80 columns)."""
LISTED = 30
"""Warbands listed whole; more are shown as the best and worst ``top``."""


class ReportOptions(Flags):
    """Read a sweep's shards with DuckDB: the win-rate matrix with 95% intervals, each
    fighter's marginal win rate, each scenario's Player 1 advantage, rounds and how battles
    ended, and the pairings furthest from even; -o writes it as HTML, PNG, CSV or JSON."""

    folder: Annotated[
        Path, Flag("The folder a sweep wrote (-o).", argument=True, metavar="SWEEP_DIR")
    ]
    output: Annotated[
        Path | None,
        Flag(
            "Write the report here: .html (tables and plots), .png (the plots), .csv (the "
            "matrix) or .json.",
            aliases=("-o",),
            metavar="FILE",
        ),
    ] = None
    top: Annotated[
        Annotated[int, Field(ge=1, le=100)],
        Flag("Pairings furthest from even (and best and worst warbands) to list, 1-100."),
    ] = 10


@dataclass(frozen=True)
class Found:
    """A report's numbers, as the plots and files need them."""

    warbands: list[list[str]]
    pairings: list[dict[str, Any]]
    bands: list[dict[str, Any]]
    fighters: list[dict[str, Any]]
    scenarios: list[dict[str, Any]]
    endings: list[dict[str, Any]]

    def as_dict(self) -> dict[str, Any]:
        """The report as JSON (``--json``, ``-o report.json``, the web page's): warbands and
        pairings numbered from 1, as the tables (``#``) and the CSV number them."""
        return {
            "warbands": self.warbands,
            "pairings": [
                {**p, "pairing": p["pairing"] + 1, "a": p["a"] + 1, "b": p["b"] + 1}
                for p in self.pairings
            ],
            "warband_rates": [{**b, "warband": b["warband"] + 1} for b in self.bands],
            "fighters": self.fighters,
            "scenarios": self.scenarios,
            "endings": self.endings,
        }


def connect(folder: Path) -> Any:
    """A DuckDB connection with the view ``battles`` over the sweep's rows: its parts and
    the shards not merged into one (:func:`skirmish.ai.sweepstore.holdings`)."""
    import duckdb

    from skirmish.ai.sweepstore import holdings

    files = sorted(set(holdings(folder).values()))
    if not files:
        raise SkirmishError(f"{folder}: no shards yet; the sweep has played no batch")
    connection = duckdb.connect()
    listed = ", ".join("'" + str(folder / name).replace("'", "''") + "'" for name in files)
    connection.execute(f"CREATE VIEW battles AS SELECT * FROM read_parquet([{listed}])")
    return connection


def _rate(wins: int, battles: int, bounds: tuple[float, float]) -> dict[str, Any]:
    return {
        "rate": round(wins / battles, 4) if battles else None,
        "ci95": [round(bounds[0], 4), round(bounds[1], 4)],
    }


def _rates(pairs: list[tuple[int, int]]) -> list[dict[str, Any]]:
    """Win rates with their 95% intervals, ``pairs`` of (wins, battles), all at once."""
    from skirmish.ai.simulate import intervals

    found = intervals([k for k, _ in pairs], [n for _, n in pairs])
    return [_rate(k, n, b) for (k, n), b in zip(pairs, found, strict=True)]


COUNTS = """
SELECT pairing, scenario, reason, count(*) AS battles,
       count(*) FILTER (WHERE winner = 0) AS wins_a,
       count(*) FILTER (WHERE winner = 1) AS wins_b,
       count(*) FILTER (WHERE winner IS NULL) AS draws,
       count(*) FILTER (WHERE winner IS NOT NULL AND player_1 IS NOT NULL) AS decided,
       count(*) FILTER (WHERE winner = player_1) AS first_wins,
       sum(rounds) AS rounds
FROM battles GROUP BY GROUPING SETS ((pairing), (scenario, reason))
"""
"""Every count but the fighters' figures in one scan of the narrow columns: each pairing's
battles and wins (the matrix, and each warband's from its pairings), and each scenario's by
the reason its battles ended (its Player 1 and rounds, and its kinds of ending)."""

FIGURES = """
SELECT f.fighter, count(*) AS seen, sum(f.damage_dealt) AS dealt,
       sum(f.damage_taken) AS taken, sum(f.takedowns) AS takedowns,
       count(*) FILTER (WHERE f.out_of_action) AS out, sum(f.spells_cast) AS spells,
       sum(f.cards_spent) AS cards, sum(f.objects_carried) AS objects
FROM (SELECT unnest(fighters) AS f FROM battles) GROUP BY f.fighter
"""
"""Each fighter's figures summed over every battle it fought, and the battles: the one
scan of the per-fighter column."""


def counted(folder: Path) -> Found:
    """Every number of the report, worked out by DuckDB over the shards in ``folder``: two
    scans, one of the narrow columns (:data:`COUNTS`) and one of the fighters
    (:data:`FIGURES`); what is left (a warband's sides from its pairings, a fighter's from
    its warbands', a kind of ending from its reasons) is summed over those few rows."""
    from skirmish.ai.sweep import end_kind

    manifest = read_manifest(folder)
    warbands = [list(w) for w in manifest["warbands"]]
    sides_of = [tuple(p) for p in manifest["pairings"]]
    db = connect(folder)
    by_pairing: list[tuple[int, int, int, int, int]] = []
    by_scenario: dict[str, list[int]] = {}
    ends: dict[tuple[str, str], int] = {}
    for pairing, scenario, reason, n, k_a, k_b, draws, decided, first, rounds in db.execute(
        COUNTS
    ).fetchall():
        if pairing is not None:
            by_pairing.append((pairing, n, k_a, k_b, draws))
            continue
        totals = by_scenario.setdefault(scenario, [0, 0, 0, 0, 0])
        for place, value in enumerate((n, decided, first, draws, rounds)):
            totals[place] += value
        kind = (scenario, end_kind(reason))
        ends[kind] = ends.get(kind, 0) + n
    figures = {row[0]: row[1:] for row in db.execute(FIGURES).fetchall()}
    db.close()
    by_pairing.sort()
    a_rates = _rates([(k_a, n) for _, n, k_a, _, _ in by_pairing])
    b_rates = _rates([(k_b, n) for _, n, _, k_b, _ in by_pairing])
    pairings = []
    band_counts: dict[int, list[int]] = {}
    for (pairing, n, k_a, k_b, draws), a_rate, b_rate in zip(
        by_pairing, a_rates, b_rates, strict=True
    ):
        a, b = sides_of[pairing]
        pairings.append(
            {
                "pairing": pairing,
                "a": a,
                "b": b,
                "battles": n,
                "wins_a": k_a,
                "wins_b": k_b,
                "draws": draws,
                "a_rate": a_rate,
                "b_rate": b_rate,
            }
        )
        for warband, won in ((a, k_a), (b, k_b)):
            counts = band_counts.setdefault(warband, [0, 0])
            counts[0] += n
            counts[1] += won
    band_rows = [(w, n, k) for w, (n, k) in sorted(band_counts.items())]
    bands = [
        {"warband": w, "battles": n, "wins": k, **rate}
        for (w, n, k), rate in zip(
            band_rows, _rates([(k, n) for _, n, k in band_rows]), strict=True
        )
    ]
    fighters: list[dict[str, Any]] = []
    sides, wins = sum(n for _, n, _ in band_rows), sum(k for _, _, k in band_rows)
    for name, n_with, k_with in _with_fighter(warbands, band_rows):
        n_without, k_without = sides - n_with, wins - k_with
        seen, *sums = figures.get(name, (0,) * 8)
        with_rate, without_rate = _rates([(k_with, n_with), (k_without, n_without)])
        fighters.append(
            {
                "fighter": name,
                "sides_with": n_with,
                "wins_with": k_with,
                "sides_without": n_without,
                "wins_without": k_without,
                "with": with_rate,
                "without": without_rate,
                "difference": None
                if with_rate["rate"] is None or without_rate["rate"] is None
                else round(with_rate["rate"] - without_rate["rate"], 4),
                "per_battle": {
                    field: round(total / seen, 3) if seen else 0.0
                    for field, total in zip(FIGHTER_FIELDS[2:], sums, strict=True)
                },
            }
        )
    fighters.sort(key=lambda f: -(f["difference"] or 0))
    scenarios = []
    for name, (battles, decided, first, draws, rounds) in sorted(by_scenario.items()):
        scenarios.append(
            {
                "scenario": name,
                "battles": battles,
                "decided": decided,
                "player_1_wins": first,
                "player_1": _rates([(first, decided)])[0],
                "draws": draws,
                "mean_rounds": round(rounds / battles, 4),
            }
        )
    endings = [
        {"scenario": s, "end": e, "battles": n}
        for (s, e), n in sorted(ends.items(), key=lambda item: (item[0][0], -item[1], item[0][1]))
    ]
    return Found(warbands, pairings, bands, fighters, scenarios, endings)


def _with_fighter(
    warbands: list[list[str]], band_rows: list[tuple[int, int, int]]
) -> list[tuple[str, int, int]]:
    """Each fighter's sides (a warband in a battle) and wins, summed over the warbands that
    have it (from each warband's sides and wins), by name."""
    found: dict[str, list[int]] = {}
    for warband, battles, won in band_rows:
        for name in set(warbands[warband]):
            counts = found.setdefault(name, [0, 0])
            counts[0] += battles
            counts[1] += won
    return [(name, n, k) for name, (n, k) in sorted(found.items())]


def _interval(rate: dict[str, Any]) -> str:
    low, high = rate["ci95"]
    return f"{low:.1%}-{high:.1%}"


def _chance(wins: int, battles: int) -> Chance:
    return Chance(Fraction(wins, max(1, battles)))


def sweep_report(folder: Path, *, top: int = 10, name: str = "") -> tuple[Report, Found]:
    """The report of the sweep in ``folder``: tables for the terminal (and the web page,
    which names the sweep ``name`` rather than by its path on the server), the JSON, and
    the numbers for the plots and files."""
    found = counted(folder)
    battles = sum(p["battles"] for p in found.pairings)
    names = [", ".join(w) for w in found.warbands]
    blocks: list[Any] = [
        Line.of(
            f"Sweep {name or folder}: {battles:,} battles, {len(found.pairings):,} pairings of "
            f"{len(found.warbands):,} warbands; rates over every battle (a draw not won), "
            "95% Wilson intervals",
            bold=True,
        )
    ]
    bands = sorted(found.bands, key=lambda b: -(b["rate"] or 0))
    shown = bands if len(bands) <= LISTED else [*bands[:top], *bands[-top:]]
    blocks.append(
        Grid(
            ("#", "warband", "battles", "win rate", "95% interval"),
            tuple(
                (
                    b["warband"] + 1,
                    names[b["warband"]],
                    b["battles"],
                    _chance(b["wins"], b["battles"]),
                    _interval(b),
                )
                for b in shown
            ),
            title="Warbands" + ("" if shown is bands else f": best and worst {top}"),
        )
    )
    if len(found.warbands) <= MATRIX_PRINTED:
        blocks.append(_matrix_grid(found))
    blocks.append(
        Grid(
            ("fighter", "with", "95% interval", "without", "difference"),
            tuple(
                (
                    f["fighter"],
                    _chance(f["wins_with"], f["sides_with"]),
                    _interval(f["with"]),
                    _chance(f["wins_without"], f["sides_without"]),
                    f"{f['difference']:+.1%}" if f["difference"] is not None else "-",
                )
                for f in found.fighters
            ),
            title="Fighters: win rate of sides with them, and without",
        )
    )
    blocks.append(
        Grid(
            ("fighter", "dealt", "taken", "take-downs", "out", "spells", "cards", "objects"),
            tuple(
                (
                    f["fighter"],
                    *(Mean(Fraction(v).limit_denominator(1000)) for v in f["per_battle"].values()),
                )
                for f in found.fighters
            ),
            title="Fighters: mean figures a battle",
        )
    )
    blocks.append(
        Grid(
            ("scenario", "battles", "decided", "P1 won", "interval", "draws", "rounds"),
            tuple(
                (
                    s["scenario"],
                    s["battles"],
                    s["decided"],
                    _chance(s["player_1_wins"], s["decided"]),
                    _interval(s["player_1"]),
                    s["draws"],
                    Mean(Fraction(s["mean_rounds"]).limit_denominator(10000)),
                )
                for s in found.scenarios
            ),
            title="Scenarios: Player 1 (P1, 3.1) in the decided battles, 95% interval",
        )
    )
    blocks.append(
        Grid(
            ("scenario", "how the battle ended", "battles"),
            tuple((e["scenario"], e["end"], e["battles"]) for e in found.endings),
            title="How battles ended",
        )
    )
    furthest = sorted(
        found.pairings, key=lambda p: (-abs(p["wins_a"] - p["wins_b"]) / p["battles"], p["pairing"])
    )[:top]
    blocks.append(
        Grid(
            ("A", "B", "battles", "A won", "B won", "draws", "A's rate", "95% interval"),
            tuple(
                (
                    p["a"] + 1,
                    p["b"] + 1,
                    p["battles"],
                    p["wins_a"],
                    p["wins_b"],
                    p["draws"],
                    _chance(p["wins_a"], p["battles"]),
                    _interval(p["a_rate"]),
                )
                for p in furthest
            ),
            title=f"Pairings furthest from even (warbands by #), {len(furthest)}",
        )
    )
    return Report(tuple(blocks), found.as_dict()), found


def _matrix_grid(found: Found) -> Grid:
    """The matrix as a table: row warband's win rate against the column's."""
    count = len(found.warbands)
    cells: list[list[Any]] = [["-"] * count for _ in range(count)]
    for p in found.pairings:
        cells[p["a"]][p["b"]] = _chance(p["wins_a"], p["battles"])
        if p["a"] != p["b"]:
            cells[p["b"]][p["a"]] = _chance(p["wins_b"], p["battles"])
    return Grid(
        ("row vs column", *(f"#{i + 1}" for i in range(count))),
        tuple((f"#{i + 1}", *row) for i, row in enumerate(cells)),
        title="Win rate, row vs column",
    )


def matrix(found: Found) -> Any:
    """The win-rate matrix as an array (NaN where two warbands did not meet)."""
    import numpy as np

    count = len(found.warbands)
    grid = np.full((count, count), np.nan)
    for p in found.pairings:
        grid[p["a"], p["b"]] = p["wins_a"] / p["battles"]
        if p["a"] != p["b"]:
            grid[p["b"], p["a"]] = p["wins_b"] / p["battles"]
    return grid


NONE_DECIDED = "#d9d9d9"
"""The heat maps' grey (the PNG's and the web page's): the two did not meet, or every
battle between them was drawn."""


def decided_matrix(found: Found) -> tuple[Any, Any]:
    """Row's share of the decided battles against column (NaN where they did not meet or
    every battle was drawn), and the share of battles drawn (NaN where they did not meet):
    what the heat map colours and says."""
    import numpy as np

    count = len(found.warbands)
    share = np.full((count, count), np.nan)
    drawn = np.full((count, count), np.nan)
    for p in found.pairings:
        decided = p["wins_a"] + p["wins_b"]
        sides = [(p["a"], p["b"], p["wins_a"]), (p["b"], p["a"], p["wins_b"])]
        for row, column, wins in sides[: 1 if p["a"] == p["b"] else 2]:  # a mirror: A's
            drawn[row, column] = p["draws"] / p["battles"]
            if decided:
                share[row, column] = wins / decided
    return share, drawn


def figure(found: Found) -> Any:
    """The heat map of the matrix beside the fighters ranked with their intervals. A cell's
    colour is the row's share of the decided battles (white: even), so that pairings that
    mostly draw do not look lost by both; its text the row's win rate over every battle
    (the tables' rate) and the share drawn."""
    from skirmish.analysis.plots import pyplot

    plt = pyplot()
    count = len(found.warbands)
    size = min(12.0, 4.0 + 0.12 * count)
    fig, (heat, ranked) = plt.subplots(
        1, 2, figsize=(size + 6.5, max(5.0, size)), gridspec_kw={"width_ratios": [size, 6]}
    )
    share, drawn = decided_matrix(found)
    colours = plt.get_cmap("RdBu").copy()
    colours.set_bad(NONE_DECIDED)
    image = heat.imshow(share, cmap=colours, vmin=0, vmax=1)
    fig.colorbar(
        image, ax=heat, fraction=0.046, pad=0.04, label="row's share of the decided battles"
    )
    labels = [f"#{i + 1} " + ", ".join(w) for i, w in enumerate(found.warbands)]
    if count <= 30:
        heat.set_xticks(range(count), [f"#{i + 1}" for i in range(count)], fontsize=8)
        heat.set_yticks(range(count), labels, fontsize=8)
    else:  # numbered as the tables number them, from 1
        places = list(range(0, count, max(1, count // 8)))
        heat.set_xticks(places, [f"#{i + 1}" for i in places], fontsize=8)
        heat.set_yticks(places, [f"#{i + 1}" for i in places], fontsize=8)
    if count <= 12:
        won = matrix(found)
        for i in range(count):
            for j in range(count):
                if won[i, j] != won[i, j]:  # NaN: the two did not meet
                    heat.text(j, i, "not met", ha="center", va="center", fontsize=7,
                              color="#555555")  # fmt: skip
                    continue
                text = f"won {won[i, j]:.0%}"
                if drawn[i, j] > 0:
                    text += f"\ndrawn {drawn[i, j]:.0%}"
                lean = share[i, j]
                shade = "white" if lean == lean and abs(lean - 0.5) > 0.3 else "black"
                heat.text(j, i, text, ha="center", va="center", fontsize=7, color=shade)
    heat.set_title("Row against column: decided battles won (colour), every battle (text)",
                   fontsize=9)  # fmt: skip
    fighters = sorted(found.fighters, key=lambda f: f["with"]["rate"] or 0)
    rates = [f["with"]["rate"] or 0 for f in fighters]
    lows = [r - f["with"]["ci95"][0] for r, f in zip(rates, fighters, strict=True)]
    highs = [f["with"]["ci95"][1] - r for r, f in zip(rates, fighters, strict=True)]
    rows = range(len(fighters))
    ranked.errorbar(
        rates,
        rows,
        xerr=[lows, highs],
        fmt="o",
        color="#4c72b0",
        capsize=3,
        label="sides with the fighter",
    )
    ranked.scatter(
        [f["without"]["rate"] or 0 for f in fighters],
        rows,
        marker="|",
        color="#c44e52",
        s=120,
        label="sides without it",
    )
    ranked.set_yticks(list(rows), [f["fighter"] for f in fighters])
    ranked.axvline(0.5, color="grey", linestyle=":", linewidth=1)
    highest = max([f["with"]["ci95"][1] for f in fighters] + [r or 0 for r in rates])
    ranked.set_xlim(0, min(1.0, max(0.55, highest + 0.05)))  # no room wasted past the data
    ranked.set_xlabel("win rate over every battle (95% interval)")
    ranked.set_title("Fighters ranked")
    ranked.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    return fig


def png_bytes(found: Found) -> bytes:
    from skirmish.analysis.plots import pyplot

    fig = figure(found)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110)
    pyplot().close(fig)
    return buffer.getvalue()


def matrix_csv(found: Found) -> str:
    """One row per pairing: both warbands, the battles, wins, draws and rates."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "warband a",
            "warband b",
            "fighters a",
            "fighters b",
            "battles",
            "wins a",
            "wins b",
            "draws",
            "rate a",
            "low a",
            "high a",
            "rate b",
            "low b",
            "high b",
        ]
    )
    for p in found.pairings:
        writer.writerow(
            [
                p["a"] + 1,
                p["b"] + 1,
                ", ".join(found.warbands[p["a"]]),
                ", ".join(found.warbands[p["b"]]),
                p["battles"],
                p["wins_a"],
                p["wins_b"],
                p["draws"],
                p["a_rate"]["rate"],
                *p["a_rate"]["ci95"],
                p["b_rate"]["rate"],
                *p["b_rate"]["ci95"],
            ]
        )
    return out.getvalue()


def write_report(found: Found, path: Path, *, page: str = "") -> None:
    """The report at ``path``, in the format its name ends with (:data:`OUTPUTS`); an
    ``.html`` file is ``page``, the page an interface made of the report's tables (with
    :func:`png_bytes` inlined)."""
    from skirmish.ai.sweepstore import write_atomically

    suffix = path.suffix.casefold()
    if suffix == ".png":
        content = png_bytes(found)
    elif suffix == ".csv":
        content = matrix_csv(found).encode()
    elif suffix == ".json":
        content = (json.dumps(found.as_dict(), indent=1) + "\n").encode()
    else:
        content = page.encode()
    write_atomically(path, content)
