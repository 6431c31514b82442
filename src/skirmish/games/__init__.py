"""The registry of games: one object per game subpackage, listed explicitly.

>>> find_game("MW").name
'magewinds'
"""

from __future__ import annotations

from skirmish.errors import UnknownName
from skirmish.games.base import GameInfo
from skirmish.games.darkrealms.game import GAME as DARK_REALMS
from skirmish.games.entropic.game import GAME as ENTROPIC_ENGINE
from skirmish.games.magewinds.game import GAME as MAGEWINDS
from skirmish.games.mswars.game import GAME as MS_WARS

GAMES: tuple[GameInfo, ...] = (MAGEWINDS, ENTROPIC_ENGINE, MS_WARS, DARK_REALMS)


def find_game(name: str) -> GameInfo:
    """The game called ``name`` or one of its aliases, in any case."""
    wanted = name.casefold()
    for game in GAMES:
        if wanted == game.name or wanted in game.aliases:
            return game
    raise UnknownName("game", name, [game.name for game in GAMES])


__all__ = ["GAMES", "GameInfo", "find_game"]
