"""``skirmish games``: the games skirmish knows, with their names and aliases."""

from __future__ import annotations

from typing import Annotated

import typer


def _version(shown: bool) -> None:
    if shown:
        from skirmish import __version__

        typer.echo(f"skirmish {__version__}")
        raise typer.Exit()


def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Referee, exact odds and advisor for tabletop skirmish combat rules."""


HELP = "List the games skirmish knows (any name or alias below works in every command)."


def games_command(
    json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List the games skirmish knows; a game's name or any alias, in any case, works."""
    from skirmish.cli.catalogue import list_games

    list_games(as_json=json)
