"""skirmish: referee, exact odds and advisor for tabletop skirmish combat rules.

The public surface, loaded on first use so that ``import skirmish`` costs nothing:

>>> import skirmish
>>> game = skirmish.load_game("magewinds")
>>> options = game.options("odds", attacker="Wizard", attack="Zap", target="Guardian", cover=True)
>>> zap = game.situation(options)
>>> policy = skirmish.FixedPolicy.of(defence_choice="none")
>>> skirmish.exact(game.procedure(zap), policy=policy).mean(lambda result: result.damage)
Fraction(1073125, 279936)
>>> skirmish.play(game.procedure(zap), players=policy, seed=3).log[0].text
'Wizard attacks Guardian with Zap (missile)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.lazy import attributes

__version__ = "0.1.0"

_WHERE = {
    "GAMES": "skirmish.games",
    "Game": "skirmish.games.base",
    "GameInfo": "skirmish.games.base",
    "find_game": "skirmish.games",
    "load_game": "skirmish.games",
    "Roster": "skirmish.roster",
    "Options": "skirmish.options",
    "Report": "skirmish.report",
    "play": "skirmish.engine",
    "exact": "skirmish.engine",
    "replay": "skirmish.engine",
    "solve": "skirmish.engine",
    "Play": "skirmish.engine",
    "Distribution": "skirmish.engine",
    "Decision": "skirmish.engine",
    "Event": "skirmish.engine",
    "FixedPolicy": "skirmish.engine",
    "ExpectimaxPolicy": "skirmish.engine",
    "MatrixGame": "skirmish.engine",
    "Mix": "skirmish.engine",
    "Policy": "skirmish.engine",
    "pure": "skirmish.engine",
    "uniform": "skirmish.engine",
    "SkirmishError": "skirmish.errors",
    "IllegalAttack": "skirmish.errors",
    "IllegalChoice": "skirmish.errors",
    "DataError": "skirmish.errors",
}

__all__ = [
    "GAMES",
    "DataError",
    "Decision",
    "Distribution",
    "Event",
    "ExpectimaxPolicy",
    "FixedPolicy",
    "Game",
    "GameInfo",
    "IllegalAttack",
    "IllegalChoice",
    "MatrixGame",
    "Mix",
    "Options",
    "Play",
    "Policy",
    "Report",
    "Roster",
    "SkirmishError",
    "__version__",
    "exact",
    "find_game",
    "load_game",
    "play",
    "pure",
    "replay",
    "solve",
    "uniform",
]

if TYPE_CHECKING:
    from skirmish.engine import (
        Decision,
        Distribution,
        Event,
        ExpectimaxPolicy,
        FixedPolicy,
        MatrixGame,
        Mix,
        Policy,
        pure,
        solve,
        uniform,
    )
    from skirmish.engine.exact import exact, replay
    from skirmish.engine.play import Play, play
    from skirmish.errors import DataError, IllegalAttack, IllegalChoice, SkirmishError
    from skirmish.games import GAMES, find_game, load_game
    from skirmish.games.base import Game, GameInfo
    from skirmish.options import Options
    from skirmish.report import Report
    from skirmish.roster import Roster


__getattr__ = attributes(__name__, _WHERE)


def __dir__() -> list[str]:
    return sorted(__all__)
