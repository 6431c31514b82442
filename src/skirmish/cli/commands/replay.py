"""``skirmish replay RECORD``: a saved battle replayed through its game's rules and checked.

The record names its game, so no game is given.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import pydantic
import typer

from skirmish.cli.build import command
from skirmish.cli.flags import Printed
from skirmish.engine.battle import MAX_PLAYERS, seen
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
    reveal: Annotated[
        bool,
        Flag(
            "Show every player's secret lines (hands, cards seen) in a battle not yet over; "
            "a finished battle always shows them.",
        ),
    ] = False
    as_player: Annotated[
        Annotated[int, pydantic.Field(ge=1, le=MAX_PLAYERS)] | None,
        Flag(
            "In a battle not yet over, show what this player (1, 2, ...) has seen: the "
            "public lines and their own secret ones.",
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
        seat = shown_seat(options, battles, record, battle)
        if printing.as_json:
            data = battles.replay_json(record, battle, seat=seat)
            if options.step is not None:
                data["step"] = options.step
            typer.echo(json.dumps(data, indent=1))
        else:
            typer.echo(f"seed {record.seed}; players {', '.join(record.players)}")
            if seat != ALL:
                who = "every player" if seat is None else f"player {seat + 1}"
                typer.echo(
                    f"the battle is not over: the log as {who} saw it (secret lines of "
                    "the others left out; --reveal shows them)"
                )
            for event in battles.log(battle):
                if seat == ALL or seen(event, seat):
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
            draw(battles.picture(battle, 0 if seat in (ALL, None) else seat), options.draw)
            typer.echo(f"wrote {options.draw}", err=True)

    return command("replay", ReplayOptions, Printed, run)


ALL = -1
"""The seat standing for the whole truth: every line, every hand."""


def shown_seat(options: ReplayOptions, battles: Any, record: Any, battle: Any) -> int | None:
    """Whose knowledge a replay shows: the whole truth (:data:`ALL`) once the battle is over
    or with ``--reveal``; otherwise player ``--as-player`` (from 0), or every player's
    common knowledge (None), so a seat shown an unfinished battle learns no secret its
    player may not know (a hotseat battle saved part way, 12.0's hands)."""
    from skirmish.engine.battle import End

    if options.reveal and options.as_player is not None:
        raise SkirmishError(
            "--reveal shows every secret; --as-player N shows one player's: give one"
        )
    if options.as_player is not None and options.as_player > len(record.players):
        raise SkirmishError(
            f"--as-player {options.as_player}: {options.record} has {len(record.players)} players"
        )
    whole = battle if options.step is None else battles.replay(options.record)[1]
    if options.reveal or isinstance(whole.node(), End):
        return ALL
    return None if options.as_player is None else options.as_player - 1
