"""Answers for people and programs: lines and tables of exact numbers, plus their JSON.

A game's summaries are built from these plain records; the command line renders them (as
decimals and percentages, or exact fractions with ``--fractions``, fitted to the terminal)
and prints :attr:`Report.data` for ``--json``. Nothing here prints or imports a terminal
library.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

from skirmish.errors import SkirmishError

if TYPE_CHECKING:
    from skirmish.geometry.scene import Scene


@dataclass(frozen=True)
class Chance:
    """A probability: a percentage by default, an exact fraction with ``--fractions``."""

    value: Fraction


@dataclass(frozen=True)
class Mean:
    """An expected value or a payoff: three decimals by default, exact with ``--fractions``."""

    value: Fraction


Cell = str | int | Chance | Mean | tuple["Cell", ...]
"""What a table cell or a piece of a line holds (a tuple: pieces printed one after another)."""


@dataclass(frozen=True)
class Line:
    """A line of text, its numbers kept exact until printed; ``bold`` for a heading."""

    parts: tuple[Cell, ...]
    bold: bool = False

    @classmethod
    def of(cls, *parts: Cell, bold: bool = False) -> Line:
        return cls(parts, bold)


@dataclass(frozen=True)
class Grid:
    """A table: headers, rows, a title and a caption.

    The first ``keys`` columns name the row; when a table is too wide for the terminal it
    is printed in parts, each repeating them.
    """

    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    title: str = ""
    caption: str = ""
    keys: int = 1


Block = Line | Grid


@dataclass(frozen=True)
class Bars:
    """One distribution to draw as bars: its title, mean and the chance of a marked event."""

    title: str
    values: Mapping[int, Fraction]
    mean: Fraction
    marked: Fraction
    marked_label: str = "take down"


@dataclass(frozen=True)
class BarChart:
    """Several distributions side by side (``odds --plot``)."""

    panels: tuple[Bars, ...]
    title: str
    axis: str = "damage dealt"


@dataclass(frozen=True)
class Heatmap:
    """A labelled grid of values, ``None`` where there is none (``matchups -o x.png``)."""

    rows: tuple[str, ...]
    columns: tuple[str, ...]
    values: tuple[tuple[Fraction | None, ...], ...]
    title: str
    legend: str


Picture = Union["BarChart", "Heatmap", "Scene"]
"""What an answer may ask to be drawn (a battlefield is a geometry ``Scene``)."""

PICTURE_FORMATS = (".png", ".svg", ".pdf")


def check_picture(path: Path, formats: Sequence[str] = PICTURE_FORMATS, *, flag: str = "") -> None:
    """Refuse a file we cannot write, before any work is done: one line naming it (and the
    ``flag`` that gave it): a format not in ``formats``, a folder that does not exist, or a
    folder where the file should be."""
    named = f"{flag} {path}" if flag else str(path)
    if path.suffix.lower() not in formats:
        kind = "picture format" if formats == PICTURE_FORMATS else "format"
        raise SkirmishError(f"{named}: unknown {kind}; expected one of {', '.join(formats)}")
    if not path.parent.is_dir():
        raise SkirmishError(f"{named}: folder {path.parent} does not exist")
    if path.is_dir():
        raise SkirmishError(f"{named}: is a folder; name a file to write")


@dataclass(frozen=True)
class Report:
    """An answer: what to print for a person, the JSON for a program, and any file to
    write (a picture, or ``text`` already formatted, with its path)."""

    blocks: tuple[Block, ...]
    data: Mapping[str, Any] = field(default_factory=dict)
    pictures: tuple[tuple[Path, Picture], ...] = ()
    files: tuple[tuple[Path, str], ...] = ()


def exact(value: Fraction | int) -> str:
    """An exact number for JSON: ``"11/32"``, ``"0"``."""
    return str(value)


def distribution(pairs: Iterable[tuple[Any, Fraction]] | Mapping[Any, Fraction]) -> dict[str, str]:
    """A distribution for JSON: each outcome as text, each probability exact (sorted)."""
    items = list(pairs.items() if isinstance(pairs, Mapping) else pairs)
    return {str(k): str(p) for k, p in items}


def length(value: float | None) -> float | None:
    """A length for JSON: rounded to 1/10000 of an inch (or of the table's unit)."""
    return None if value is None else round(value, 4)


def inches(value: float) -> str:
    """A length for people: at most two decimals, no trailing zeros (``6.4``, ``6``)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


__all__ = [
    "PICTURE_FORMATS",
    "BarChart",
    "Bars",
    "Block",
    "Cell",
    "Chance",
    "Grid",
    "Heatmap",
    "Line",
    "Mean",
    "Picture",
    "Report",
    "check_picture",
    "distribution",
    "exact",
    "inches",
    "length",
]
