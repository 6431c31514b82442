"""The Magewinds entry in the game registry."""

from skirmish.games.base import GameInfo

GAME = GameInfo(
    name="magewinds",
    title="Magewinds",
    aliases=("mw", "magewind"),
    rules="Magewinds Core Rules 1.2.0 (18.0 Attacking, same as 1.1.2)",
    summary="Split Light/Heavy attacks chosen face down, Dodge/Deflect reactions, D6 pools",
)
