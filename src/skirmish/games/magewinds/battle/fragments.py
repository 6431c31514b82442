"""Fragment Frenzy (v1.3.1): fragments placed in the enemy's territory at the start of
every round, collected by picking them up.

At the start of each round the players place up to 5 fragments in turn, the first placer
being the player who finished deploying first (round 1) or passed first in the last
Action Phase; each fragment goes wholly in the opponent's territory, at least 2" from the
battlefield's edge and from other fragments and at least 1" from every fighter (ruling
MB-27). Fragments are carriable objects, but picking one up collects it: it leaves the
battlefield and counts for the warband. Every 2 fragments collected raise the hand limit
by 1. After round 3 the most fragments wins; on a tie the battle goes on until one warband
leads at the end of a round (ruling MB-24). Version 1.3.0, fragments as markers collected
while moving across them, is :mod:`.fragment_markers` (ruling MB-28).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.engine.battle import End
from skirmish.games.magewinds.battle.placement import Placement
from skirmish.games.magewinds.battle.scenarios import (
    Scenario,
    most_after_limit,
    nobody_left,
    object_gap,
    winner_by,
)
from skirmish.games.magewinds.battle.territory import Split, closest_edge_gap, wholly_in_half
from skirmish.games.magewinds.scenario_pages import described
from skirmish.geometry import EPSILON

if TYPE_CHECKING:
    from skirmish.games.magewinds.battle.state import Battle, Frame

PER_ROUND = 5
FROM_EDGE = 2.0
APART = 2.0
FROM_FIGHTERS = 1.0
RULE = "Fragment Frenzy"


def collected(battle: Battle) -> list[int]:
    return [battle.counted("fragment", p) for p in range(battle.players)]


def fragment_problem(battle: Battle, player: int, at: tuple[float, float]) -> str | None:
    """Where ``player`` may place a fragment (ruling MB-27)."""
    table = battle.setup.table
    opponent = next(p for p in range(battle.players) if p != player)
    territory = battle.territories[opponent]
    if not wholly_in_half(territory, table.width, table.length, at):
        return f"{RULE}: a fragment goes wholly in the opponent's territory ({territory})"
    if closest_edge_gap(table.width, table.length, at) < FROM_EDGE - EPSILON:
        return f"{RULE}: a fragment goes at least {FROM_EDGE:g}\" from the battlefield's edge"
    for item in battle.items:
        if item.at is not None and object_gap(at, item.at) < APART - EPSILON:
            return f'{RULE}: a fragment goes at least {APART:g}" from {item.name}'
    for fighter in battle.on_battlefield():
        if fighter.at is not None and object_gap(at, fighter.at) < FROM_FIGHTERS - EPSILON:
            return f'{RULE}: a fragment goes at least {FROM_FIGHTERS:g}" from {fighter.name}'
    return None


def _place_fragments(battle: Battle, order: tuple[int, ...]) -> Frame:
    names = tuple(f"Fragment {battle.round}.{k}" for k in range(1, PER_ROUND + 1))
    return Placement(RULE, names, order)


def _hand_limit(battle: Battle, player: int) -> tuple[int, str]:
    bonus = battle.counted("fragment", player) // 2
    if bonus:
        return bonus, f"{RULE}: +{bonus} for {battle.counted('fragment', player)} fragments"
    return 0, ""


def _end_of_round(battle: Battle) -> End | None:
    return most_after_limit(battle, collected(battle), "fragments collected")


def _now(battle: Battle) -> End | None:
    if nobody_left(battle):
        return winner_by(collected(battle), "fragments collected (no fighter is left)")
    return None


FRAGMENT_FRENZY = Scenario(
    **described("fragment-frenzy"),
    splits=(Split.LENGTHWISE, Split.WIDTHWISE, Split.DIAGONAL),
    collect=True,
    round_start=_place_fragments,
    hand_limit_bonus=_hand_limit,
    end_of_round=_end_of_round,
    immediate_end=_now,
    placement_problem=fragment_problem,
)
