"""The shape most commands share: build the game's answer, write its files, print it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skirmish.cli.build import command

if TYPE_CHECKING:
    from skirmish.games.base import Game
    from skirmish.options import Options
    from skirmish.report import Report


def reporting(verb: str, printing: str = "Numbers") -> Callable[[Game], Any]:
    """A builder of ``verb``'s command for a game: its answer (``Game.<verb>``) printed,
    with the presentation flags of ``printing`` (a model of :mod:`skirmish.cli.flags`)."""

    def build(game: Game) -> Any:
        from skirmish.cli import flags
        from skirmish.cli.progress import shown
        from skirmish.cli.render import show, write

        Printed = flags.Printed
        extra: type[Options] = getattr(flags, printing)
        answer: Callable[[Options], Report] = getattr(game, verb)

        def run(options: Options, printing: Options) -> None:
            with shown():  # a bar while the answer is worked out, erased before it is printed
                report = answer(options)
            write(report)
            as_json = isinstance(printing, Printed) and printing.as_json
            if report.blocks or as_json:
                show(report, as_json=as_json, fractions=getattr(printing, "fractions", False))

        return command(game.name, game.commands[verb], extra, run)

    return build
