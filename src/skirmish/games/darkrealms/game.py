"""The Dark Realms entry in the game registry."""

from skirmish.games.base import GameInfo

GAME = GameInfo(
    name="darkrealms",
    title="Dark Realms",
    aliases=("dr", "dark-realms", "dark_realms"),
    rules="Dark Realms attacks page (attack table, criticals, shields, re-rolls, range dice)",
    summary="D6 attack table on tiles, shields and defence rolls, Stamina re-rolls, range dice",
)
