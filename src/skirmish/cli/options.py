"""Options shared by several commands, and the decorator that gives them to a command."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Annotated, Any

import typer

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
