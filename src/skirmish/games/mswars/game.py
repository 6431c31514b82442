"""The MS Wars entry in the game registry."""

from skirmish.games.base import GameInfo

GAME = GameInfo(
    name="mswars",
    title="MS Wars",
    aliases=("ms", "ms-wars", "ms_wars"),
    rules="MS Wars 'Attacking part 2' (firing arcs, attack roll, modifiers, damage, aid, AoO)",
    summary="D20 + Defence roll-under against pilot attack values, weapon damage less Armour",
)
