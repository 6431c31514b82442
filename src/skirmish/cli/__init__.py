"""The ``skirmish`` command line: a thin adapter over the Python API.

Bad input prints one line naming the input and the rule, and exits with code 2.
"""

from __future__ import annotations

import sys

import typer
from rich.table import Table

from skirmish.cli import (
    darkrealms,
    entropic,
    magewinds,
    magewinds_advice,
    magewinds_field,
    mswars,
    play,
)
from skirmish.cli.output import wide_console
from skirmish.errors import SkirmishError
from skirmish.games import GAMES, find_game

app = typer.Typer(
    name="skirmish",
    help="Referee, exact odds and advisor for tabletop skirmish combat rules.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
odds_app = typer.Typer(help="Exact odds of an attack.", no_args_is_help=True)
attack_app = typer.Typer(
    help="Referee one attack with a seed and print its log.", no_args_is_help=True
)
fighters_app = typer.Typer(help="List a game's bundled fighter profiles.", no_args_is_help=True)
app.add_typer(odds_app, name="odds")
app.add_typer(attack_app, name="attack")
app.add_typer(fighters_app, name="fighters")
advise_app = typer.Typer(help="Solve the players' choices as a game.", no_args_is_help=True)
matchups_app = typer.Typer(
    help="Equilibrium values of every attack against every fighter.", no_args_is_help=True
)
app.add_typer(advise_app, name="advise")
app.add_typer(matchups_app, name="matchups")
los_app = typer.Typer(
    help="Sight, line of attack, range and cover on a battlefield.", no_args_is_help=True
)
move_app = typer.Typer(help="Check a move on a battlefield.", no_args_is_help=True)
app.add_typer(los_app, name="los")
app.add_typer(move_app, name="move")

odds_app.command("magewinds")(magewinds.odds_command)
attack_app.command("magewinds")(magewinds.attack_command)
fighters_app.command("magewinds")(magewinds.fighters_command)
advise_app.command("magewinds")(magewinds_advice.advise_command)
matchups_app.command("magewinds")(magewinds_advice.matchups_command)
los_app.command("magewinds")(magewinds_field.los_command)
move_app.command("magewinds")(magewinds_field.move_command)
odds_app.command("darkrealms")(darkrealms.odds_command)
attack_app.command("darkrealms")(darkrealms.attack_command)
advise_app.command("darkrealms")(darkrealms.advise_command)
fighters_app.command("darkrealms")(darkrealms.fighters_command)
odds_app.command("entropic")(entropic.odds_command)
attack_app.command("entropic")(entropic.attack_command)
advise_app.command("entropic")(entropic.advise_command)
fighters_app.command("entropic")(entropic.fighters_command)
odds_app.command("mswars")(mswars.odds_command)
attack_app.command("mswars")(mswars.attack_command)
advise_app.command("mswars")(mswars.advise_command)
fighters_app.command("mswars")(mswars.fighters_command)
app.command("draw")(magewinds_field.draw_command)
play_app = typer.Typer(help="Play a whole battle.", no_args_is_help=True)
app.add_typer(play_app, name="play")
play_app.command("magewinds")(play.play_command)
app.command("replay")(play.replay_command)


@app.command("games")
def games_command() -> None:
    """List the games skirmish knows."""
    table = Table(title="Games")
    for column in ("name", "title", "aliases", "rules"):
        table.add_column(column)
    for game in GAMES:
        table.add_row(game.name, game.title, ", ".join(game.aliases), game.rules)
    wide_console().print(table)


@app.command("rules", hidden=True)
def rules_command(game: str) -> None:
    """Name the rules a game implements."""
    info = find_game(game)
    typer.echo(f"{info.title}: {info.rules}")


def main() -> None:
    """Entry point of the ``skirmish`` console script."""
    try:
        app()
    except SkirmishError as error:
        typer.echo(f"skirmish: error: {error}", err=True)
        sys.exit(2)
