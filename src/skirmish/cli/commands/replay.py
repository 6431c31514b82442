"""``skirmish replay RECORD``: a saved battle replayed through its game's rules and checked.

The record names its game, so no game is given.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from skirmish.cli.build import command
from skirmish.cli.flags import Printed
from skirmish.errors import SkirmishError
from skirmish.options import Flag, Options

HELP = "Replay a saved battle through the rules, check it, and print its log and result."


class ReplayOptions(Options):
    """Replay a saved battle through the rules, check it, and print its log and result."""

    record: Annotated[
        Path, Flag("A battle record saved by 'skirmish play'.", argument=True, metavar="RECORD")
    ]


def build() -> Any:
    def run(options: Options, printing: Options) -> None:
        from skirmish.cli.commands.play import show_event
        from skirmish.cli.render import console
        from skirmish.engine.battle import load_record
        from skirmish.games import GAMES

        assert isinstance(options, ReplayOptions) and isinstance(printing, Printed)
        game = load_record(options.record).game
        found = next((g for g in GAMES if g.name == game), None)
        battles = found.load().battle if found is not None else None
        if battles is None:
            raise SkirmishError(f"{options.record}: a battle of {game!r}; no game here plays it")
        record, battle = battles.replay(options.record)
        if printing.as_json:
            typer.echo(json.dumps(battles.replay_json(record, battle), indent=1))
            return
        typer.echo(f"seed {record.seed}; players {', '.join(record.players)}")
        for event in battle.events():
            show_event(event)
        console().print(battles.result_text(battle))  # fitted as play fits it

    return command("replay", ReplayOptions, Printed, run)
