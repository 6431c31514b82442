"""What every game's commands share: options, parsing, prompting and printing."""

from __future__ import annotations

import functools
import inspect
import json
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from skirmish.cli.output import wide_console
from skirmish.engine.policy import Mix, pure
from skirmish.engine.records import Decision, LogEntry
from skirmish.errors import IllegalChoice, SkirmishError

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


def sharing(
    builder: Callable[..., Any], argument: str
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """A decorator giving a command every option of ``builder``.

    The command's own parameters come first; the builder's options follow in the help. The
    command receives what ``builder`` built from them as its parameter named ``argument``.
    """
    shared = inspect.signature(builder, eval_str=True).parameters

    def decorate(command: Callable[..., None]) -> Callable[..., None]:
        own = [
            p
            for p in inspect.signature(command, eval_str=True).parameters.values()
            if p.name != argument
        ]

        @functools.wraps(command)
        def wrapper(**kwargs: Any) -> None:
            built = builder(**{name: kwargs.pop(name) for name in shared})
            command(**{argument: built}, **kwargs)

        wrapper.__signature__ = inspect.Signature([*own, *shared.values()])  # type: ignore[attr-defined]
        return wrapper

    return decorate


def print_play(
    game: str, seed: int | None, result: dict[str, Any], log: Sequence[LogEntry], *, as_json: bool
) -> None:
    """Print a refereed attack: its log, each line led by the rule it cites, or JSON."""
    if as_json:
        data: dict[str, Any] = {"game": game}
        if seed is not None:
            data["seed"] = seed
        data["result"] = result
        data["log"] = [entry.as_dict() for entry in log]
        typer.echo(json.dumps(data, indent=2, default=str))
        return
    console = Console(highlight=False)
    if seed is not None:
        console.print(f"seed {seed}")
    width = max((len(entry.rule) for entry in log), default=0)
    for entry in log:
        console.print(f"[bold cyan]{entry.rule:>{width}}[/]  {entry.text}")


def parse_fraction(option: str, text: str) -> Fraction:
    """A number or fraction typed by a user, such as ``3/4`` or ``0.5``."""
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise SkirmishError(f"{option} {text!r}: expected a number such as 3/4 or 0.5") from None


def new_seed(seed: int | None) -> int:
    """The seed given, or a fresh one (printed with the log so the roll can be replayed)."""
    return random.SystemRandom().randrange(2**31) if seed is None else seed


def battlefield_fighters(
    given: Mapping[str, object], attacker: str | None, target: str | None, *, rules: str
) -> tuple[str, str]:
    """With --battlefield: the named attacker and target. Facts the file gives cannot also
    come from flags (``given``: flag -> value or None); ``rules`` says which rules read it."""
    clashing = [flag for flag, value in given.items() if value is not None]
    if clashing:
        raise SkirmishError(
            f"{', '.join(clashing)}: with --battlefield these come from the battlefield file "
            f"({rules})"
        )
    if attacker is None or target is None:
        raise SkirmishError("with --battlefield, name both --attacker and --target")
    return attacker, target


def ask(decision: Decision, *, flag: str, hint: str = "", retry: bool = False) -> Mix:
    """Ask at the terminal with a numbered menu (a number or an option's name answers).

    Without a terminal, the error names ``flag``, the way to answer instead. With ``retry``
    an answer that is no option asks again; otherwise it goes on to be refused as illegal.
    """
    if not sys.stdin.isatty():
        raise IllegalChoice(
            f"{decision.rule}: {decision.player}'s {decision.key} "
            f"({', '.join(decision.options)}) needs {flag}; no terminal to ask at"
        )
    options = {str(i + 1): option for i, option in enumerate(decision.options)}
    menu = " / ".join(f"{i}: {option}" for i, option in options.items())
    while True:
        answer = typer.prompt(
            f"{decision.prompt}{hint}\n  {menu}", hide_input=decision.hidden
        ).strip()
        if answer in options:
            return pure(options[answer])
        if not retry or answer in decision.options:
            return pure(answer)
        typer.echo(f"  choose one of {', '.join(options)}", err=True)


def print_records(title: str, rows: Sequence[dict[str, Any]], *, as_json: bool) -> None:
    """A list of records: JSON, or a table with a column per key."""
    if as_json:
        typer.echo(json.dumps(list(rows), indent=2))
        return
    table = Table(title=title)
    for column in rows[0] if rows else ():
        table.add_column(column)
    for row in rows:
        table.add_row(*(str(v) for v in row.values()))
    wide_console().print(table)
