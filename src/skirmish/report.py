"""Answers for people and programs: lines and tables of exact numbers, plus their JSON.

A game's summaries are built from these plain records; the command line renders them (as
decimals and percentages, or exact fractions with ``--fractions``, fitted to the terminal)
and prints :attr:`Report.data` for ``--json``. Nothing here prints or imports a terminal
library.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


@dataclass(frozen=True)
class Chance:
    """A probability: a percentage by default, an exact fraction with ``--fractions``."""

    value: Fraction


@dataclass(frozen=True)
class Mean:
    """An expected value or a payoff: three decimals by default, exact with ``--fractions``."""

    value: Fraction


Cell = str | int | Chance | Mean
"""What a table cell or a piece of a line holds."""


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
class Report:
    """An answer: what to print for a person, and the JSON for a program."""

    blocks: tuple[Block, ...]
    data: Mapping[str, Any] = field(default_factory=dict)


def exact(value: Fraction | int) -> str:
    """An exact number for JSON: ``"11/32"``, ``"0"``."""
    return str(value)


def distribution(pairs: Sequence[tuple[Any, Fraction]] | Mapping[Any, Fraction]) -> dict[str, str]:
    """A distribution for JSON: each outcome as text, each probability exact."""
    items = pairs.items() if isinstance(pairs, Mapping) else pairs
    return {str(k): str(p) for k, p in items}


def length(value: float | None) -> float | None:
    """A length for JSON: rounded to 1/10000 of an inch (or of the table's unit)."""
    return None if value is None else round(value, 4)


def inches(value: float) -> str:
    """A length for people: at most two decimals, no trailing zeros (``6.4``, ``6``)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


__all__ = [
    "Block",
    "Cell",
    "Chance",
    "Grid",
    "Line",
    "Mean",
    "Report",
    "distribution",
    "exact",
    "inches",
    "length",
]
