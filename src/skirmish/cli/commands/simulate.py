"""``skirmish simulate GAME``: many battles between computer players, and the wins counted.

An adapter only: it shows a progress bar on standard error while the battles are played
(:mod:`skirmish.ai.simulate`), then prints the answer, or its JSON, and writes the CSV.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from skirmish.cli.build import command
from skirmish.errors import SkirmishError

if TYPE_CHECKING:
    from skirmish.games.base import Game
    from skirmish.options import Options

HELP = "Play many battles between computer players and count the wins."


def build(game: Game) -> Any:
    from skirmish.cli.flags import Printed

    def run(options: Options, printing: Options) -> None:
        from skirmish.ai.simulate import (
            Match,
            plural,
            read_rows,
            report,
            rows_csv,
            simulate,
            spans,
        )
        from skirmish.cli.progress import shown
        from skirmish.cli.render import show, write
        from skirmish.engine.battle import check_save_path
        from skirmish.progress import tracker

        assert isinstance(printing, Printed)
        settings: Any = options
        output = settings.output
        if output is not None:
            check_save_path(output, "-o", example="results.csv")
            if output.suffix.casefold() != ".csv":
                raise SkirmishError(
                    f"-o {output}: simulate writes its rows as CSV; name a file ending .csv "
                    "(Parquet shards and plots come from 'skirmish sweep')"
                )
        match = Match.from_options(settings)
        if settings.tally:
            outcomes = read_rows(match, settings.seed, settings.tally)
            files = len(settings.tally)
        else:
            with shown():  # a bar on a terminal, erased before the answer; nothing otherwise
                outcomes = simulate(
                    match,
                    battles=settings.battles,
                    seed=settings.seed,
                    workers=settings.workers,
                    first=settings.first_battle - 1,
                    progress=tracker("battles", settings.battles),
                )
        count = len(outcomes)
        battles = f"{count} {plural(count, 'battle')}"
        numbers = spans(o.index + 1 for o in outcomes)
        if numbers not in (f"1-{count}", "1"):  # a slice, or battles from here and there
            battles += f" ({numbers})"
        if settings.tally:
            battles += f" from {files} {plural(files, 'file')}"
        pack = "" if settings.pack is None else f", pack {settings.pack.name}"
        title = f"{game.info.title}: {settings.scenario}, {battles}{pack}"
        found = report(match, outcomes, title)
        if output is not None:
            found = replace(found, files=((output, rows_csv(match, outcomes)),))
        show(found, as_json=printing.as_json)
        write(found)

    return command(game.name, game.commands["simulate"], Printed, run)
