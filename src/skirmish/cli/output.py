"""Printing exact numbers for people."""

from __future__ import annotations

from fractions import Fraction

from rich.console import Console


def fraction_text(value: Fraction) -> str:
    """An exact fraction as text: ``11/32``, ``0``, ``1``."""
    return str(value)


def percent(value: Fraction) -> str:
    """A probability as a percentage with one decimal; exact 0 and 1 stay exact."""
    if value == 0:
        return "0"
    if value == 1:
        return "100%"
    if value < Fraction(1, 2000):
        return "<0.1%"
    if value > Fraction(1999, 2000):
        return ">99.9%"
    return f"{float(value) * 100:.1f}%"


def wide_console() -> Console:
    """A console for tables: the terminal's width, or a wide page when piped to a file."""
    console = Console(highlight=False)
    if not console.is_terminal:
        console = Console(highlight=False, width=160)
    return console
