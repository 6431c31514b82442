"""``skirmish attack GAME``: referee one attack, its log citing each rule."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from skirmish.cli.build import command

if TYPE_CHECKING:
    from skirmish.games.base import Game
    from skirmish.options import Options

HELP = "Referee one attack with a seed and print its log."


def build(game: Game) -> Any:
    from rich.text import Text

    from skirmish.cli.flags import Seeded
    from skirmish.cli.prompt import Prompter
    from skirmish.cli.render import console, echo_json
    from skirmish.engine import FixedPolicy, play

    def run(options: Options, printing: Options) -> None:
        assert isinstance(printing, Seeded)
        referee = game.referee(options)
        seed = random.SystemRandom().randrange(2**31) if printing.seed is None else printing.seed
        prompter = Prompter(referee.flag, referee.advisor)
        players = referee.players or FixedPolicy(dict(referee.answers), fallback=prompter)
        outcome = play(referee.procedure, players=players, seed=seed)
        if printing.as_json:
            echo_json(
                {
                    "game": game.name,
                    "seed": seed,
                    **referee.names,
                    "result": referee.result(outcome.result),
                    "log": [entry.as_dict() for entry in outcome.log],
                }
            )
            return
        out = console()
        out.print(f"seed {seed}")
        width = max((len(entry.rule) for entry in outcome.log), default=0)
        for entry in outcome.log:
            line = Text(f"{entry.rule:>{width}}", style="bold cyan")
            line.append(f"  {entry.text}")
            out.print(line)

    return command(game.name, game.commands["attack"], Seeded, run)
