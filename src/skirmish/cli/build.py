"""Commands generated from options models, and the command groups that find games by name.

A command's flags, their help, metavars, defaults and groups come from the fields of the
game's options model (:mod:`skirmish.options`) and the command's own presentation flags.
Typer parses the words; the model checks every value, so a bad one is one line naming the
flag and the rule.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

import typer
from typer.core import TyperGroup

from skirmish.errors import SkirmishError
from skirmish.games import GAMES, find_game

if TYPE_CHECKING:
    from skirmish.games.base import Game
    from skirmish.options import OptionField, Options


def _shown(value: object) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, Path):
        return str(value)
    return str(value)


def _help(field: OptionField) -> str:
    text = field.help
    if field.choices is not None and field.metavar != "|".join(field.choices):
        text += " One of: " + ", ".join(field.choices) + "."
    default = field.default
    if field.kind is bool or default is None or field.argument or field.multiple:
        return text
    return f"{text} [default: {_shown(default)}]"


def _parameter(field: OptionField) -> inspect.Parameter:
    group = field.group or None
    info: Any
    if field.argument:
        info = typer.Argument(help=field.help, metavar=field.metavar, show_default=False)
        annotation: Any = Annotated[Path, info]
        default: Any = inspect.Parameter.empty
    elif field.kind is bool and not field.multiple:
        info = typer.Option(*field.flags, help=_help(field), rich_help_panel=group, metavar="")
        annotation, default = Annotated[bool, info], False
    else:  # every value given is kept, so an option that takes one can be refused twice
        info = typer.Option(
            *field.flags,
            help=_help(field),
            metavar=field.metavar,
            rich_help_panel=group,
            show_default=False,
        )
        annotation, default = Annotated[list[str] | None, info], None
    return inspect.Parameter(
        field.name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


def _given(raw: dict[str, Any], fields: Sequence[OptionField]) -> dict[str, Any]:
    """The values the user gave: flags set, options given, arguments. An option that takes
    one value is refused when given more than once."""
    from skirmish.options import once

    found = {}
    for field in fields:
        value = raw.get(field.name)
        if isinstance(value, list) and not field.multiple:
            value = once(field, value)
        if value is None or value is False or value == []:
            continue
        found[field.name] = str(value) if isinstance(value, Path) else value
    return found


Run = Callable[["Options", "Options"], None]


def command(
    name: str, model: type[Options], extra: type[Options], run: Run, *, doc: str = ""
) -> Any:
    """A command named ``name`` taking ``model``'s flags and ``extra``'s; ``run`` gets both
    parsed. Its ``once`` names the options that take one value: the parser collects every
    value of each (so a second can be refused), but none is repeatable."""
    from skirmish.options import option_fields, parse

    fields, extras = option_fields(model), option_fields(extra)
    names = [f.name for f in (*fields, *extras)]
    if len(set(names)) != len(names):
        raise TypeError(f"{model.__name__} and {extra.__name__} share an option")
    ordered = sorted((*fields, *extras), key=lambda f: not f.argument)

    def callback(**raw: Any) -> None:
        run(parse(model, _given(raw, fields)), parse(extra, _given(raw, extras)))

    callback.__signature__ = inspect.Signature([_parameter(f) for f in ordered])  # type: ignore[attr-defined]
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
    help_text = inspect.cleandoc(doc or model.__doc__ or "")
    app.command(name, help=help_text)(callback)
    built = typer.main.get_command(app)
    built.once = frozenset(f.name for f in ordered if not f.multiple)  # type: ignore[attr-defined]
    return built


Builder = Callable[["Game"], Any]


class VerbGroup(TyperGroup):
    """A command whose subcommands are the games: ``skirmish odds magewinds``.

    A game is found by its name or an alias, in any case, and imported only when asked for.
    """

    verb: ClassVar[str]
    build: ClassVar[Builder]

    def list_commands(self, ctx: Any) -> list[str]:
        return [info.name for info in GAMES if self.verb in info.load().commands]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        try:
            info = find_game(cmd_name)
        except SkirmishError as error:
            from skirmish.datafiles import present

            if present(cmd_name):
                raise SkirmishError(
                    f"skirmish {self.verb} names the game first: skirmish {self.verb} GAME "
                    f"{cmd_name} ... ({error})"
                ) from None
            raise
        game = info.load()
        if self.verb not in game.commands:
            having = [g.name for g in GAMES if self.verb in g.load().commands]
            raise SkirmishError(
                f"{info.title} has no {self.verb} command; {self.verb} is for {', '.join(having)}"
            )
        return type(self).build(game)


class RootGroup(TyperGroup):
    """The ``skirmish`` group, with commands built only when named (``replay``)."""

    lazy: ClassVar[dict[str, str]] = {}

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *self.lazy]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in self.lazy:
            return importlib.import_module(self.lazy[cmd_name]).build()
        return super().get_command(ctx, cmd_name)


def root_group(lazy: dict[str, str]) -> type[RootGroup]:
    """The root group class, building the commands of ``lazy`` (name -> module) on demand."""
    return type("SkirmishGroup", (RootGroup,), {"lazy": lazy})


def verb_group(verb: str, build: Builder) -> type[VerbGroup]:
    """The group class of ``verb``, building each game's command with ``build``."""
    return type(f"{verb.title()}Group", (VerbGroup,), {"verb": verb, "build": staticmethod(build)})


__all__ = ["VerbGroup", "command", "verb_group"]
