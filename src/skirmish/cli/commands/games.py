"""``skirmish games``: the games skirmish knows, with their names and aliases."""

from __future__ import annotations

from typing import Annotated

import typer

from skirmish.cli.render import show
from skirmish.games import GAMES
from skirmish.report import Grid, Report

HELP = "List the games skirmish knows (any name or alias below works in every command)."


def games_command(
    json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List the games skirmish knows; a game's name or any alias, in any case, works."""
    rows = tuple((g.name, g.title, ", ".join(g.aliases), g.rules) for g in GAMES)
    data = {
        "games": [
            {
                "name": g.name,
                "title": g.title,
                "aliases": list(g.aliases),
                "rules": g.rules,
                "summary": g.summary,
            }
            for g in GAMES
        ]
    }
    show(
        Report((Grid(("name", "title", "aliases", "rules"), rows, title="Games"),), data),
        as_json=json,
    )
