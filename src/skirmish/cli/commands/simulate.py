"""``skirmish simulate GAME``: many battles between computer players, and the wins counted.

An adapter only: it shows a progress bar on standard error while the battles are played
(:mod:`skirmish.ai.simulate`), then prints the answer, or its JSON, and writes the CSV.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from skirmish.cli.build import command

if TYPE_CHECKING:
    from skirmish.games.base import Game
    from skirmish.options import Options

HELP = "Play many battles between computer players and count the wins."


def build(game: Game) -> Any:
    from skirmish.cli.flags import Printed

    def run(options: Options, printing: Options) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        from skirmish.ai.simulate import Match, report, rows_csv, simulate
        from skirmish.cli.render import show, write
        from skirmish.engine.battle import check_save_path

        assert isinstance(printing, Printed)
        settings: Any = options
        output = settings.output
        if output is not None:
            check_save_path(output, "-o", example="results.csv")
        match = Match.from_options(settings)
        bar = Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        with bar:
            task = bar.add_task("battles", total=settings.battles)
            outcomes = simulate(
                match,
                battles=settings.battles,
                seed=settings.seed,
                workers=settings.workers,
                progress=lambda done: bar.update(task, completed=done),
            )
        title = f"{game.info.title}: {settings.scenario}, {settings.battles} battles"
        found = report(match, outcomes, title)
        if output is not None:
            found = replace(found, files=((output, rows_csv(match, outcomes)),))
        show(found, as_json=printing.as_json)
        write(found)

    return command(game.name, game.commands["simulate"], Printed, run)
