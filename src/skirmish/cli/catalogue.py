"""The games skirmish knows, listed without building the command line's parser: what
``skirmish games`` prints, read so fast that it starts about as quickly as icepool loads
(benchmarks/startup.py)."""

from __future__ import annotations


def list_games(*, as_json: bool) -> None:
    """The games, their names and aliases: a table, or JSON (``skirmish games``)."""
    from skirmish.cli.render import show
    from skirmish.games import GAMES
    from skirmish.report import Grid, Report

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
        as_json=as_json,
    )
