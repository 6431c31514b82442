"""The ``skirmish`` command line: a thin adapter over the games' answers.

Each command is a module of :mod:`skirmish.cli.commands`, generating every game's
subcommand from that game's options model; a game is imported only when named. Bad input
prints one line naming the input and the rule, and exits with code 2.
"""

from __future__ import annotations

import importlib
import sys
from functools import cache
from typing import TYPE_CHECKING, Any

from skirmish.errors import SkirmishError, shortened

if TYPE_CHECKING:
    import typer

VERBS = (
    "fighters",
    "odds",
    "attack",
    "advise",
    "matchups",
    "los",
    "move",
    "draw",
    "play",
    "scenarios",
    "simulate",
    "sweep",
)
"""The commands whose subcommands are games, each a module of skirmish.cli.commands."""

LIGHT = {("games",): False, ("games", "--json"): True}
"""Command lines answered without building the parser (``skirmish games`` starts fast):
the words typed, and whether JSON is asked for. A test checks each against the parser."""


@cache
def build_app() -> typer.Typer:
    """The ``skirmish`` command line: every verb and its games' subcommands."""
    import typer

    from skirmish.cli.build import root_group, verb_group
    from skirmish.cli.commands.games import games_command, root

    app = typer.Typer(
        cls=root_group(
            {"replay": "skirmish.cli.commands.replay", "serve": "skirmish.cli.commands.serve"}
        ),
        name="skirmish",
        help="Referee, exact odds and advisor for tabletop skirmish combat rules.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=False,
        rich_markup_mode=None,
    )

    app.callback()(root)

    for verb in VERBS:
        module = importlib.import_module(f"skirmish.cli.commands.{verb}")
        cls = module.group() if hasattr(module, "group") else verb_group(verb, module.build)
        group = typer.Typer(cls=cls, help=module.HELP, no_args_is_help=True, rich_markup_mode=None)
        app.add_typer(group, name=verb)
    app.command("games", help=games_command.__doc__)(games_command)
    return app


def __getattr__(name: str) -> Any:
    if name == "app":
        return build_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _usage_problem(error: Any) -> str:
    """A usage error from the argument parser, as one line led by the command it is about
    (an option missing its value is told without one: the command is then the words typed
    before the first option)."""
    message = " ".join(error.format_message().split())
    context = getattr(error, "ctx", None)
    if context is not None:
        return f"{context.command_path}: {message}"
    words = ["skirmish"]
    for word in sys.argv[1:3]:
        if word.startswith("-"):
            break
        words.append(word)
    return f"{' '.join(words)}: {message}"


INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C (128 + SIGINT), as shells give it."""


def main() -> None:
    """Entry point of the ``skirmish`` console script: one line and exit code 2 on bad input."""
    light = LIGHT.get(tuple(sys.argv[1:]))
    if light is not None:
        from skirmish.cli.catalogue import list_games

        list_games(as_json=light)
        return
    import typer

    try:
        code = build_app()(standalone_mode=False)
        if code == INTERRUPTED:  # Ctrl-C: the parser turns it into its exit code
            typer.echo("skirmish: interrupted", err=True)
    except SkirmishError as error:
        typer.echo(f"skirmish: error: {error}", err=True)
        sys.exit(2)
    except typer.Abort:
        typer.echo("skirmish: aborted", err=True)
        sys.exit(1)
    except OSError as error:
        if error.filename is None:
            raise
        # a path given on the command line the system refuses (a name too long, a folder
        # that cannot be written): one line naming it, as any bad input
        typer.echo(f"skirmish: error: {shortened(str(error.filename))}: {error.strerror}", err=True)
        sys.exit(2)
    except Exception as error:
        if not hasattr(error, "format_message") or not hasattr(error, "exit_code"):
            raise
        if type(error).__name__ == "NoArgsIsHelpError":
            typer.echo(error.ctx.get_help())  # type: ignore[attr-defined]
            sys.exit(0)
        typer.echo(f"skirmish: error: {_usage_problem(error)}", err=True)
        sys.exit(2)
    if isinstance(code, int) and code:
        sys.exit(code)  # a command's typer.Exit(code)
