"""A question's answers as a page shows them: the command line's own report (its lines and
tables, the same numbers), a chart of each distribution, the advisor's mixes, and a
side-by-side table when one option is given several times."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from skirmish.cli.render import text
from skirmish.errors import SkirmishError
from skirmish.report import Chance, Grid, Mean, Report
from skirmish.web import charts
from skirmish.web.forms import Question
from skirmish.web.pages import Problem

if TYPE_CHECKING:
    from skirmish.options import Options
    from skirmish.web.store import Store


@dataclass(frozen=True)
class Table:
    """A table as the page prints it: cells already written as the command line would."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: tuple[bool, ...]
    title: str = ""
    caption: str = ""


@dataclass(frozen=True)
class Answer:
    """One question's answer: its report's lines and tables, and its charts."""

    label: str
    data: Mapping[str, Any]
    blocks: tuple[tuple[str, Any], ...]
    """``("line", (text, bold))`` or ``("table", Table)``, in the report's order."""
    charts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Answers:
    """Every answer a page shows (one, or one per side-by-side value)."""

    answers: tuple[Answer, ...]
    side: str = ""
    compared: Table | None = None
    json: Any = field(default=None)


def _blocks(report: Report, fractions: bool) -> tuple[tuple[str, Any], ...]:
    found: list[tuple[str, Any]] = []
    for block in report.blocks:
        if isinstance(block, Grid):
            found.append(("table", _table(block, fractions)))
        else:
            line = "".join(text(part, fractions=fractions) for part in block.parts)
            found.append(("line", (line, block.bold)))
    return tuple(found)


def _table(grid: Grid, fractions: bool) -> Table:
    numeric = tuple(
        all(isinstance(row[i], (Chance, Mean, int)) for row in grid.rows if len(row) > i)
        for i in range(len(grid.columns))
    )
    rows = tuple(
        tuple(
            text(row[i], fractions=fractions) if i < len(row) else "" for i in range(len(numeric))
        )
        for row in grid.rows
    )
    return Table(grid.columns, rows, numeric, grid.title, grid.caption)


def _case_label(case: Mapping[str, Any]) -> str:
    choices = case.get("choices") or {}
    return ", ".join(f"{k} {v}" for k, v in choices.items()) or "the attack"


def _charts(data: Mapping[str, Any], fractions: bool) -> tuple[str, ...]:
    drawn = []
    outcome = str(data.get("outcome", "outcome"))
    for case in data.get("cases") or ():
        distribution = case.get("distribution")
        if isinstance(distribution, Mapping) and distribution:
            title = f"{outcome}: {_case_label(case)}"
            drawn.append(charts.bars(title, distribution, fractions=fractions))
    if data.get("cells"):
        drawn.append(charts.heatmap(data, fractions=fractions))
    if isinstance(data.get("wins"), Mapping) and data.get("battles"):  # a simulation's
        battles = int(data["battles"])
        shares = {f"#{k} wins": str(Fraction(int(v), battles)) for k, v in data["wins"].items()}
        shares["draws"] = str(Fraction(int(data.get("draws", 0)), battles))
        drawn.append(charts.bars("Share of the battles", shares, fractions=fractions))
    for decision in data.get("decisions") or ():
        options = decision.get("options") or {}
        shares = {k: v["probability"] for k, v in options.items() if "probability" in v}
        if shares and len(shares) == len(options):
            when = f" ({decision['when']})" if decision.get("when") else ""
            decided = str(decision["decision"]).replace("_", " ")  # "attack choice"
            title = f"{decision['player']}: {decided}{when}"
            drawn.append(charts.mix(title, shares, fractions=fractions))
    return tuple(drawn)


def answer_of(report: Report, label: str, fractions: bool) -> Answer:
    return Answer(label, report.data, _blocks(report, fractions), _charts(report.data, fractions))


def _number(value: object, kind: Callable[[Fraction], Any], fractions: bool) -> str:
    try:
        return text(kind(Fraction(str(value))), fractions=fractions)
    except (ValueError, ZeroDivisionError):
        return str(value)


def compared(side: str, answers: tuple[Answer, ...], fractions: bool) -> Table:
    """One table of every side-by-side answer: a row per answer and case, its expected
    values and chances (odds), or its value and each side's mix (advice)."""
    keys: dict[str, None] = {}
    rows: list[dict[str, str]] = []
    for answer in answers:
        data = answer.data
        if "wins" in data and "battles" in data:  # a simulation's: wins and rate by warband
            battles = int(data["battles"])
            row = {side: answer.label, "battles": str(battles)}
            for key, wins in data["wins"].items():
                rate = _number(Fraction(int(wins), battles), Chance, fractions)
                row[f"#{key} wins"] = f"{wins} ({rate})"
            row["draws"] = str(data.get("draws", 0))
            rows.append(row)
        elif "cases" in data:
            for case in data["cases"]:
                row = {side: answer.label, "case": _case_label(case)}
                for name, value in (case.get("expected") or {}).items():
                    row[f"E({name})"] = _number(value, Mean, fractions)
                for name, value in (case.get("chances") or {}).items():
                    row[f"P({name})"] = _number(value, Chance, fractions)
                rows.append(row)
        else:
            row = {side: answer.label, "value": _number(data.get("value"), Mean, fractions)}
            for decision in data.get("decisions") or ():
                if decision.get("when"):
                    continue
                options = decision.get("options") or {}
                mixed = [
                    f"{k} {_number(v['probability'], Chance, fractions)}"
                    for k, v in options.items()
                    if "probability" in v and Fraction(v["probability"])
                ]
                row[decision["player"]] = ", ".join(mixed) or ", ".join(decision.get("best", ()))
            rows.append(row)
    for row in rows:
        keys.update(dict.fromkeys(row))
    columns = tuple(keys)
    cells = tuple(tuple(row.get(c, "") for c in columns) for row in rows)
    numeric = tuple(
        c.startswith(("E(", "P(")) or c in ("value", "battles", "draws") for c in columns
    )
    return Table(columns, cells, numeric, title=f"Side by side: {side}")


Answering = Callable[[Question, "Options"], Report]
"""A command's answer to a question's options, where the game has no method of its name."""


def _asker(question: Question, answer: Answering | None) -> Callable[[Options], Report]:
    if answer is None:
        found: Callable[[Options], Report] = getattr(question.game, question.verb)
        return found
    return lambda options: answer(question, options)


def work(question: Question, store: Store, answer: Answering | None = None) -> Answers:
    """Answer ``question`` as its command would (each side-by-side value in turn); a
    refusal is one :class:`~skirmish.web.pages.Problem` naming the control."""
    asked = _asker(question, answer)
    values: list[str | None] = list(question.side_values()) or [None]
    found = []
    for value in values:
        options = question.options(store, value)
        try:
            report = asked(options)
        except Problem:
            raise
        except SkirmishError as error:
            raise question.refusal(store.shown(str(error))) from None
        found.append(answer_of(report, value or "", question.fractions))
    answers = tuple(found)
    if question.side:
        side_json = {
            "side": "--" + question.side,
            "answers": [{"value": a.label, "answer": a.data} for a in answers],
        }
        return Answers(
            answers, question.side, compared(question.side, answers, question.fractions), side_json
        )
    return Answers(answers, json=answers[0].data)


def download(question: Question, store: Store, answer: Answering | None = None) -> bytes:
    """The file the command writes with ``--output`` (a table or a picture), made by the
    command's own code into a folder of its own and read back."""
    import tempfile
    from pathlib import Path

    asked = _asker(question, answer)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{question.verb}{question.download}"
        try:
            report = asked(question.options(store, output=path))
        except Problem:
            raise
        except SkirmishError as error:
            raise question.refusal(store.shown(str(error))) from None
        for _, content in report.files:
            return content.encode("utf-8")
        for written, picture in report.pictures:
            from skirmish.analysis.pictures import draw

            draw(picture, written)
            return written.read_bytes()
    raise question.refusal(f"{question.verb} {question.game.name} wrote no file")


__all__ = ["Answer", "Answering", "Answers", "Table", "answer_of", "compared", "download", "work"]
