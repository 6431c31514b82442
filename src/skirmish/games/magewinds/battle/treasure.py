"""The treasure scenarios: The Prize (v1.4.0), Treasure Dash (v1.3.0) and, for three or
four players, Treasure Clash (v1.4.0).

Treasures are carriable and moveable objects (19.0) placed at setup. A carrier loses 1"
of Movement; in Treasure Dash and Clash a fighter carries at most one. Holding treasure
raises the hand limit. After the round limit the warband holding the treasure (The Prize)
or the most treasures wins; otherwise the battle goes on into overtime (ruling MB-24).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from skirmish.engine.battle import End
from skirmish.games.magewinds.battle.scenarios import (
    RADIUS,
    Scenario,
    Treasures,
    between_turns,
    distance_to_point,
    in_overtime,
    most_after_limit,
    nobody_left,
    object_gap,
    overtime_over,
    sole_leader,
    winner_by,
)
from skirmish.games.magewinds.battle.territory import Split
from skirmish.games.magewinds.scenario_pages import described
from skirmish.geometry import EPSILON

if TYPE_CHECKING:
    from skirmish.games.magewinds.battle.state import Battle


def holdings(battle: Battle) -> list[int]:
    """How many treasures each warband's fighters on the battlefield carry."""
    counts = [0] * battle.players
    for fighter in battle.on_battlefield():
        counts[fighter.player] += len(fighter.carrying)
    return counts


def treasure_problem(battle: Battle, player: int, at: tuple[float, float]) -> str | None:
    """Where a treasure may be placed: within the scenario's distance of the centre (the
    whole base when it says wholly) and far enough from the other treasures (MB-27)."""
    scenario = battle.setup.scenario
    rule = scenario.treasures
    assert rule is not None
    centre = battle.setup.table.centre
    reach = distance_to_point(at, centre) + (2 * RADIUS if rule.wholly else 0.0)
    if reach > rule.within + EPSILON:
        how = "wholly within" if rule.wholly else "within"
        return f'{scenario.name}: a treasure is placed {how} {rule.within:g}" of the centre'
    for item in battle.items:
        if item.at is not None and object_gap(at, item.at) < rule.apart - EPSILON:
            return (
                f'{scenario.name}: a treasure is placed at least {rule.apart:g}" from {item.name}'
            )
    return None


# -- The Prize (v1.4.0) ---------------------------------------------------------------------


def _prize_hand_limit(battle: Battle, player: int) -> tuple[int, str]:
    if holdings(battle)[player]:
        return 1, "The Prize: +1 while carrying the treasure"
    return 0, ""


def _prize_holder(battle: Battle) -> int | None:
    held = holdings(battle)
    return next((p for p, c in enumerate(held) if c), None)


def _prize_end_of_round(battle: Battle) -> End | None:
    if battle.round < battle.setup.options.round_limit(battle.setup.scenario):
        return None
    holder = _prize_holder(battle)
    if holder is not None:
        return End(holder, f"player {holder + 1}'s warband holds the treasure")
    if overtime_over(battle):
        return End(None, "a draw: nobody holds the treasure when overtime ends (ruling MB-24)")
    return None


def _prize_now(battle: Battle) -> End | None:
    if nobody_left(battle):
        return End(None, "a draw: no fighter is left on the battlefield")
    if in_overtime(battle):
        holder = _prize_holder(battle)
        if holder is not None:
            return End(holder, f"overtime: player {holder + 1}'s warband picks up the treasure")
    return None


THE_PRIZE = Scenario(
    **described("the-prize"),
    clear_radius=3.0,
    setup_steps=("treasures", "territories"),
    splits=(Split.LENGTHWISE, Split.WIDTHWISE, Split.DIAGONAL),
    treasures=Treasures(0, 1, within=3.0, wholly=True),
    deploy_from_objects=6.0,
    carry_penalty=1,
    hand_limit_bonus=_prize_hand_limit,
    end_of_round=_prize_end_of_round,
    immediate_end=_prize_now,
    placement_problem=treasure_problem,
)


# -- Treasure Dash (v1.3.0) and Treasure Clash (v1.4.0) --------------------------------------


def _dash_hand_limit(battle: Battle, player: int) -> tuple[int, str]:
    held = holdings(battle)[player]
    if held:
        return held, f"{battle.setup.scenario.name}: +{held} for treasures carried"
    return 0, ""


def _dash_end_of_round(battle: Battle) -> End | None:
    return most_after_limit(battle, holdings(battle), "treasures held")


def _dash_now(battle: Battle) -> End | None:
    if nobody_left(battle):
        return End(None, "a draw: no fighter is left on the battlefield")
    if in_overtime(battle) and between_turns(battle):
        held = holdings(battle)
        if sole_leader(held) is not None:
            return winner_by(held, "treasures held at the end of a turn in overtime (MB-24)")
    return None


TREASURE_DASH = Scenario(
    **described("treasure-dash"),
    setup_steps=("territories", "treasures"),
    treasures=Treasures(0, 5, within=4.0, apart=2.0),
    deploy_from_centre=6.0,
    carry_penalty=1,
    carry_most=1,
    hand_limit_bonus=_dash_hand_limit,
    end_of_round=_dash_end_of_round,
    immediate_end=_dash_now,
    placement_problem=treasure_problem,
)

TREASURE_CLASH = replace(
    TREASURE_DASH,
    **described("treasure-clash"),
    double_size=True,
    setup_steps=("quarters", "treasures"),
    territory="quarter",
    treasures=Treasures(2, 1, within=6.0, apart=2.0),
    deploy_from_centre=8.0,
)
"""Treasure Dash's carrying, hand limit and victory, on quarters of a double-size table."""
