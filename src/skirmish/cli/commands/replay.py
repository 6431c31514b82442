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
from skirmish.limits import BATTLE_STEPS
from skirmish.options import Flag, Options

HELP = "Replay a saved battle through the rules, check it, and print its log and result."


class ReplayOptions(Options):
    """Replay a saved battle through the rules, check it, and print its log and result."""

    record: Annotated[
        Path, Flag("A battle record saved by 'skirmish play'.", argument=True, metavar="RECORD")
    ]
    step: Annotated[
        Annotated[int, BATTLE_STEPS.field()] | None,
        Flag(
            "Show the position after this step (0: before the first): the log so far, "
            "the fighters and objects; play on from it with play --resume --from-step.",
            metavar="N",
        ),
    ] = None
    draw: Annotated[
        Path | None,
        Flag(
            "Also draw the position (after --step, or at the end): .png, .svg or .pdf.",
            metavar="FILE",
        ),
    ] = None


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
        if options.draw is not None:
            from skirmish.report import check_picture

            check_picture(options.draw)
        record, battle = battles.replay(options.record, step=options.step)
        if printing.as_json:
            data = battles.replay_json(record, battle)
            if options.step is not None:
                data["step"] = options.step
            typer.echo(json.dumps(data, indent=1))
        else:
            typer.echo(f"seed {record.seed}; players {', '.join(record.players)}")
            for event in battle.events():
                show_event(event)
            if options.step is None:
                console().print(battles.result_text(battle))  # fitted as play fits it
            else:
                from skirmish.cli.commands.play import show_tables

                console().print(
                    f"the position after step {options.step} of {len(record.steps)}; go on "
                    f"from it with: skirmish play {game} --resume {options.record} "
                    f"--from-step {options.step} --save NEW.json"
                )
                show_tables(battles, battle)
        if options.draw is not None:
            from skirmish.analysis.pictures import draw
            from skirmish.games.base import Battlefields

            if not isinstance(battles, Battlefields):
                raise SkirmishError(f"--draw: {game} battles have no battlefield to draw")
            draw(battles.picture(battle, 0), options.draw)
            typer.echo(f"wrote {options.draw}", err=True)

    return command("replay", ReplayOptions, Printed, run)
