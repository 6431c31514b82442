"""Options shared by several commands, and the decorator that gives them to a command."""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable, Sequence
from typing import Annotated, Any

import typer
from rich.console import Console

from skirmish.engine.records import LogEntry

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
