"""The Entropic Engine entry in the game registry."""

from skirmish.games.base import GameInfo

GAME = GameInfo(
    name="entropic",
    title="Entropic Engine",
    aliases=("ee", "entropic-engine", "entropic_engine"),
    rules="Entropic Engine attack page (select target, bids, range, combat scores, damage)",
    summary="No dice: sealed command-token bids with dummies, range bands, score ratios",
)
