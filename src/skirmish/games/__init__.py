"""The registry of games: one entry per game subpackage, listed explicitly.

An entry names its game and the module of its behaviour; the game itself is imported only
when asked for (:meth:`GameInfo.load`), so listing games costs nothing.

>>> find_game("MW").name
'magewinds'
>>> load_game("MW").roster_flag
'--pack'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.errors import UnknownName
from skirmish.games.base import LISTED, GameInfo

if TYPE_CHECKING:
    from skirmish.games.base import Game

GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        name="magewinds",
        title="Magewinds",
        aliases=("mw", "magewind"),
        rules="Magewinds Core Rules 1.2.0 (18.0 Attacking, same as 1.1.2)",
        summary="Split Light/Heavy attacks chosen face down, Dodge/Deflect reactions, D6 pools",
        module="skirmish.games.magewinds.game",
    ),
    GameInfo(
        name="entropic",
        title="Entropic Engine",
        aliases=("ee", "entropic-engine", "entropic_engine"),
        rules="Entropic Engine attack page (select target, bids, range, combat scores, damage)",
        summary="No dice: sealed command-token bids with dummies, range bands, score ratios",
        module="skirmish.games.entropic.game",
    ),
    GameInfo(
        name="mswars",
        title="MS Wars",
        aliases=("ms", "ms-wars", "ms_wars"),
        rules="MS Wars 'Attacking part 2' (firing arcs, attack roll, modifiers, damage, aid, AoO)",
        summary="D20 + Defence roll-under against pilot attack values, weapon damage less Armour",
        module="skirmish.games.mswars.game",
    ),
    GameInfo(
        name="darkrealms",
        title="Dark Realms",
        aliases=("dr", "dark-realms", "dark_realms"),
        rules="Dark Realms attacks page (attack table, criticals, shields, re-rolls, range dice)",
        summary="D6 attack table on tiles, shields and defence rolls, Stamina re-rolls, range dice",
        module="skirmish.games.darkrealms.game",
    ),
)
LISTED.update((game.name, game) for game in GAMES)


def find_game(name: str) -> GameInfo:
    """The game called ``name`` or one of its aliases, in any case."""
    wanted = name.strip().casefold()
    for game in GAMES:
        if wanted == game.name or wanted in game.aliases:
            return game
    raise UnknownName("game", name, [game.name for game in GAMES])


def load_game(name: str) -> Game:
    """The behaviour of the game called ``name`` or one of its aliases, in any case."""
    return find_game(name).load()


__all__ = ["GAMES", "GameInfo", "find_game", "load_game"]
