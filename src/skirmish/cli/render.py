"""Printing answers: numbers as decimals or exact fractions, tables fitted to the terminal."""

from __future__ import annotations

import json
import os
import sys
import textwrap
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from skirmish.errors import SkirmishError
from skirmish.report import Block, Cell, Chance, Grid, Line, Mean, Report


def echo(text: str, *, err: bool = False) -> None:
    """A line to standard output (or error), as ``typer.echo`` writes it, without
    importing the command line's parser (``skirmish games`` starts fast)."""
    stream = sys.stderr if err else sys.stdout
    stream.write(f"{text}\n")
    stream.flush()


PIPED_WIDTH = 80
"""Width of tables and Rich lines written to a file or a pipe: no terminal to fit, so a
width that is the same on every machine and that an 80-column terminal or page shows
whole when the file is read."""


def console() -> Console:
    """A console for answers: ``COLUMNS`` when set, else the terminal's width, or
    :data:`PIPED_WIDTH` when piped to a file or a program."""
    return Console(highlight=False, width=text_width() or PIPED_WIDTH)


def text_width() -> int | None:
    """The width to fit text to: ``COLUMNS`` when set, else the terminal's width; ``None``
    when piped to a file or a program, where there is no terminal to fit."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    found = Console(highlight=False)
    return found.width if found.is_terminal else None


def wrapped(text: str, *, indent: int | None = None) -> str:
    """``text`` with each line longer than :func:`text_width` broken at spaces, never
    inside a word; a continued line starts ``indent`` spaces in (by default two more than
    the line it continues). Piped, where :func:`text_width` is ``None``, every line stays
    whole, so a script's output reads the same on every machine."""
    width = text_width()
    if width is None:
        return text
    lines = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        hang = len(line) - len(line.lstrip(" ")) + 2 if indent is None else indent
        lines += textwrap.wrap(
            line,
            width,
            subsequent_indent=" " * min(hang, width // 2),
            break_long_words=False,
            break_on_hyphens=False,
        ) or [line]  # spaces alone: nothing to break
    return "\n".join(lines)


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


def text(cell: Cell, *, fractions: bool) -> str:
    """A cell as printed: exact fractions with ``--fractions``, else decimals."""
    if isinstance(cell, Chance):
        return str(cell.value) if fractions else percent(cell.value)
    if isinstance(cell, Mean):
        return str(cell.value) if fractions else f"{float(cell.value):.3f}"
    if isinstance(cell, tuple):
        return "".join(text(part, fractions=fractions) for part in cell)
    return str(cell)


def html_page(report: Report, *, title: str, pictures: Sequence[tuple[str, bytes]] = ()) -> str:
    """``report`` as one HTML page, nothing fetched: its lines as paragraphs, its tables as
    tables (cells as the terminal prints them), and ``pictures`` (alt text, PNG bytes)
    inlined first."""
    import base64
    from html import escape

    parts = [
        f"<!doctype html><meta charset='utf-8'><title>{escape(title)}</title>",
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 6px}td.n{text-align:right}</style>",
        f"<h1>{escape(title)}</h1>",
    ]
    for alt, png in pictures:
        data = base64.b64encode(png).decode()
        parts.append(f"<img alt='{escape(alt)}' src='data:image/png;base64,{data}'>")
    for block in report.blocks:
        if isinstance(block, Line):
            parts.append(f"<p>{escape(text(block.parts, fractions=False))}</p>")
            continue
        head = "".join(f"<th>{escape(c)}</th>" for c in block.columns)
        rows = "".join(
            "<tr>"
            + "".join(
                f"<td{' class=n' if isinstance(c, (int, Chance, Mean)) else ''}>"
                f"{escape(text(c, fractions=False))}</td>"
                for c in row
            )
            + "</tr>"
            for row in block.rows
        )
        parts.append(f"<h2>{escape(block.title)}</h2><table><tr>{head}</tr>{rows}</table>")
    return "\n".join(parts) + "\n"


def show(report: Report, *, as_json: bool, fractions: bool = False) -> None:
    """Print ``report``: its JSON, or its lines and tables."""
    if as_json:
        echo(json.dumps(report.data, indent=2))
        return
    out = console()
    for block in report.blocks:
        _print(out, block, fractions)


def write(report: Report) -> None:
    """Write the files and pictures an answer asks for, each named on stderr. The answers
    check their paths before any work; a file that still cannot be written (a full disk,
    no permission) is one line naming it."""
    for path, content in report.files:
        try:
            path.write_text(content, encoding="utf-8")
        except OSError as error:
            raise SkirmishError(f"{path}: cannot write: {error.strerror}") from None
        echo(f"wrote {path}", err=True)
    for path, picture in report.pictures:
        from skirmish.analysis.pictures import draw

        try:
            draw(picture, path)
        except OSError as error:
            raise SkirmishError(f"{path}: cannot write: {error.strerror}") from None
        echo(f"wrote {path}", err=True)


def _print(out: Console, block: Block, fractions: bool) -> None:
    if isinstance(block, Line):
        line = "".join(text(part, fractions=fractions) for part in block.parts)
        out.print(Text(line, style="bold" if block.bold else ""))
        return
    cells = [[text(cell, fractions=fractions) for cell in row] for row in block.rows]
    numeric = [
        all(isinstance(row[i], (Chance, Mean, int)) for row in block.rows if len(row) > i)
        for i in range(len(block.columns))
    ]
    parts = _fit(out, block, cells, numeric)
    for n, columns in enumerate(parts):
        title = block.title if n == 0 else (f"{block.title} (continued)" if block.title else "")
        caption = block.caption if n == len(parts) - 1 else ""
        out.print(_table(block, cells, numeric, columns, title, caption))


def _table(
    grid: Grid,
    cells: Sequence[Sequence[str]],
    numeric: Sequence[bool],
    columns: Sequence[int],
    title: str = "",
    caption: str = "",
) -> Table:
    table = Table(
        title=title or None,
        caption=caption or None,
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        title_justify="left",
        caption_justify="left",
    )
    for i in columns:
        table.add_column(
            grid.columns[i],
            justify="right" if numeric[i] else "left",
            no_wrap=numeric[i],
            overflow="fold",
            min_width=_narrowest(grid.columns[i], cells, i, whole=numeric[i]),
        )
    for row in cells:
        table.add_row(*(row[i] if i < len(row) else "" for i in columns))
    return table


def _narrowest(heading: str, cells: Sequence[Sequence[str]], column: int, *, whole: bool) -> int:
    """The narrowest a column may be: its longest word, its heading included (``whole``:
    its longest text, for a column that never wraps). Rich shares out a table too wide by
    shrinking the columns that wrap, which would otherwise fold a word in two
    ("reactio/n"), and measures a column that never wraps by its longest word, which
    would let :func:`_fit` keep a table too wide (its last column cut off). A word
    longer than the terminal still folds."""
    texts = [heading, *(row[column] for row in cells if len(row) > column)]
    return max(
        (len(piece) for text in texts for piece in ([text] if whole else text.split())), default=1
    )


def _fit(
    out: Console, grid: Grid, cells: Sequence[Sequence[str]], numeric: Sequence[bool]
) -> list[list[int]]:
    """The columns of each part of a table too wide for the terminal: every part repeats
    the key columns and takes as many of the others as fit with no word broken (text
    columns wrap between words; numbers never wrap)."""
    keys = list(range(min(grid.keys, len(grid.columns))))
    rest = list(range(len(keys), len(grid.columns)))
    width = out.width

    unbounded = out.options.update_width(10 * width + 1000)

    def fits(columns: list[int]) -> bool:
        table = _table(grid, cells, numeric, columns)
        return out.measure(table, options=unbounded).minimum <= width

    if not rest or fits(keys + rest):
        return [keys + rest]
    parts: list[list[int]] = []
    current: list[int] = []
    for column in rest:
        if current and not fits(keys + current + [column]):
            parts.append(keys + current)
            current = []
        current.append(column)
    parts.append(keys + current)
    return parts


def echo_json(data: dict[str, Any]) -> None:
    echo(json.dumps(data, indent=2))
