"""The greedy player plays for what a scenario is won by: around a wall to a treasure.

Positions are built on the scenario's own battlefield (the Ruined Chapel, whose two long
walls stand between the deployment zones and the centre), from a battle of the ladder's
warbands played at random to its first Action Phase decision.
"""

from __future__ import annotations

import math
from dataclasses import replace
from random import Random

from test_ai_evaluation import alone

from skirmish.ai.magewinds.greedy import GreedyPlayer
from skirmish.engine.battle import Chance, Turn
from skirmish.games.magewinds.battle import Battle, start_battle
from skirmish.games.magewinds.battle.actions import after, parse_point
from skirmish.games.magewinds.battle.geometry import path_to
from skirmish.games.magewinds.battle.state import Phase
from skirmish.games.magewinds.game import GAME

WARBAND = "Wizard,Guardian,Cleric"
BEHIND_THE_SOUTH_WALL = (5.06, 2.8)
"""Where a Guardian stood, round after round, in a drawn Treasure Dash battle of the
ladder: straight behind the Ruined Chapel's south wall (4.25-7.75 by 3.3-3.7) from the
treasure in the middle."""
TREASURE = (5.25, 8.0)


def ladder_battle(scenario: str, seed: int) -> Battle:
    """A battle of ``scenario`` with the ladder's warbands and battlefield, played at
    random to the first Action Phase decision."""
    options = GAME.options(
        "simulate", scenario=scenario, warband=[WARBAND, WARBAND], players="greedy,greedy"
    )
    battle, rng = start_battle(options.setup(seed)), Random(seed)
    while not (battle.phase is Phase.ACTION and isinstance(battle.node(), Turn)):
        node = battle.node()
        if isinstance(node, Chance):
            battle = battle.apply(battle.sample_chance(rng))
        else:
            battle = battle.apply(rng.choice(battle.options()))
    return battle


def behind_the_wall() -> tuple[Battle, str]:
    """Treasure Dash with one treasure lying free in the middle and the acting player's
    Guardian alone on the battlefield, behind the south wall from it."""
    battle = ladder_battle("treasure-dash", 1)
    assert battle.setup.table.name == "Ruined Chapel"
    node = battle.node()
    assert isinstance(node, Turn)
    guardian = next(f for f in battle.on_battlefield(node.player) if f.profile == "Guardian")
    battle = alone(battle, guardian.name).with_fighter(replace(guardian, at=BEHIND_THE_SOUTH_WALL))
    treasure = next(i for i in battle.items if i.carried_by is None)
    return replace(battle, items=(replace(treasure, at=TREASURE),)), guardian.name


def test_a_move_toward_a_treasure_behind_a_wall_goes_round_the_wall():
    """Ruling MB-6: the representative Move ends went only straight toward things, so a
    fighter behind a wall from the treasure was offered no end nearer to it (the straight
    move stops at the wall, the others lead away) and stayed there for good. Now a Move
    toward each of the scenario's goals also follows the shortest legal path (15.0) round
    what stands in the way, as far as the Move may go."""
    battle, name = behind_the_wall()
    moving = battle.apply(f"activate {name}").apply("move")
    inches, _ = moving.frames[-1].allowance(moving)  # type: ignore[attr-defined]
    fighter = moving.fighter(name)
    ends = [parse_point(w, "15.0") for o in moving.options() if (w := after(o, "to"))]
    start = math.dist(BEHIND_THE_SOUTH_WALL, TREASURE)
    nearest = min(ends, key=lambda at: math.dist(at, TREASURE))
    assert math.dist(nearest, TREASURE) < start - 1.0, ends
    path = path_to(moving, fighter, nearest, inches)
    assert path.legal and path.length <= inches
    assert len(path.route) > 2  # round the wall, not straight
    moved = moving.apply(f"to {nearest[0]:g},{nearest[1]:g}").fighter(name)
    assert moved.at == nearest


def test_the_greedy_players_best_move_goes_round_a_wall_toward_the_treasure():
    """The drawn Treasure Dash battles of the greedy mirror ended 2-2 after five rounds of
    overtime with each side's free fighter guarding behind a wall from the fifth
    treasure: no Move offered brought it nearer, so its best Move was to stay put. Now its
    best Move is the way round (the treasure's part rises by 0.2 an inch nearer); in the
    drawn battles, where enemies stand too, that Move also beat its Guard."""
    battle, name = behind_the_wall()
    player = GreedyPlayer(battle.setup, 1, battle.fighter(name).player)
    moves = [p for p in player.planner.plans(battle) if "move" in p.actions]
    best = moves[0].actions[-1]
    where = after(best, "to")
    assert where is not None, moves[0].actions
    at = parse_point(where, "15.0")
    assert math.dist(at, TREASURE) < math.dist(BEHIND_THE_SOUTH_WALL, TREASURE) - 1.0, best
