"""The race for the objects lying free: the greedy player counts who would take each one
first, as the sides take turns (13.0), and sends each fighter where it is needed.

The first test is the opening of every greedy mirror battle of Treasure Dash on the
ladder's battlefield (the Ruined Chapel): the same placements and deployment each time, so
the same misjudgement lost the middle treasure to Player 2 battle after battle. The others
take a position of a real battle and place the fighters by hand, with the answer worked
out from the distances.
"""

from __future__ import annotations

import math
from dataclasses import replace

from test_ai_evaluation import in_action_phase
from test_ai_objectives import ladder_battle, put

from skirmish.ai.magewinds.evaluation import SHORTFALL, Evaluator, Weights
from skirmish.ai.magewinds.greedy import GreedyPlayer
from skirmish.engine.battle import Turn
from skirmish.games.magewinds.battle import Battle
from skirmish.games.magewinds.battle.state import Fighter, Item, Status

TREASURES = ((2.25, 8.0), (9.75, 8.0), (3.75, 11.0), (8.25, 5.0), (5.25, 8.0))
"""Where the greedy players place Treasure Dash's five treasures on the ladder's
battlefield (Player 2 places the first, third and fifth, 19.0 of the scenario)."""
DEPLOYED = {
    "mine": {"Wizard": (9.75, 2.0), "Guardian": (6.75, 0.5), "Cleric": (10.06, 8.94)},
    "theirs": {"Wizard": (2.25, 14.0), "Guardian": (1.94, 7.06), "Cleric": (5.25, 15.5)},
}
"""Where the fighters stand at Player 1's second activation of round 1: as deployed
(10.5), but Player 1's Cleric and Player 2's Guardian have each moved onto a treasure
and picked it up."""


def names(battle: Battle, player: int) -> dict[str, str]:
    return {f.profile: f.name for f in battle.fighters if f.player == player}


def the_opening() -> tuple[Battle, int]:
    """Treasure Dash on the ladder's battlefield at Player 1's second activation of round
    1: its Cleric holds Treasure 2, the enemy Guardian Treasure 1; Treasures 3, 4 and 5
    lie free, Treasure 5 in the middle."""
    battle = ladder_battle("treasure-dash", 1)
    assert battle.setup.table.name == "Ruined Chapel"
    node = battle.node()
    assert isinstance(node, Turn)
    me, them = node.player, 1 - node.player
    for player, side in ((me, "mine"), (them, "theirs")):
        for profile, name in names(battle, player).items():
            battle = put(battle, name, DEPLOYED[side][profile], 0)
    cleric, guardian = names(battle, me)["Cleric"], names(battle, them)["Guardian"]
    treasures = [
        Item(f"Treasure {n}", at, carriable=True, moveable=True)
        for n, at in enumerate(TREASURES, start=1)
    ]
    treasures[0] = replace(treasures[0], at=None, carried_by=guardian)
    treasures[1] = replace(treasures[1], at=None, carried_by=cleric)
    battle = replace(battle, items=tuple(treasures))
    battle = battle.with_fighter(
        replace(battle.fighter(cleric), counters=1, carrying=(treasures[1].name,))
    )
    battle = battle.with_fighter(
        replace(battle.fighter(guardian), counters=1, carrying=(treasures[0].name,))
    )
    return battle, me


def test_greedy_keeps_the_fighter_that_can_reach_the_middle_treasure_for_it():
    """Player 1's Wizard is the only fighter of its side with a clear way to the middle
    treasure in two Moves (7.5" straight, 6.5" to contact, Movement 5); its Guardian could
    take Treasure 4 in one Move (4.9" round the south wall) but is behind that wall from the
    middle one (8.8" round it). The old player sent the Wizard to Treasure 4, a treasure in
    hand now, and the enemy Wizard took the middle treasure two activations later (in 6 of
    the first 12 mirror battles, never Player 1). Counting the race, the player takes
    Treasure 4 with the Guardian and keeps the Wizard for the middle."""
    battle, me = the_opening()
    mine = names(battle, me)
    evaluator = Evaluator(battle.setup)
    wizard, guardian = battle.fighter(mine["Wizard"]), battle.fighter(mine["Guardian"])
    assert wizard.at is not None and guardian.at is not None
    assert evaluator.way(wizard.at, TREASURES[4]) == math.dist(wizard.at, TREASURES[4])
    assert evaluator.way(guardian.at, TREASURES[4]) > math.dist(guardian.at, TREASURES[4]) + 1
    best = GreedyPlayer(battle.setup, 1, me).planner.plans(battle)[0]
    assert best.actions[0] != f"activate {mine['Wizard']}" or "pick up" not in best.what, best.what
    assert "Treasure 4" in best.what and mine["Guardian"] in best.what, best.what


def two_fighters(gap_mine: float, gap_theirs: float) -> tuple[Battle, Fighter, Fighter]:
    """Treasure Dash on a table without terrain, with one fighter of each side on the
    battlefield and one treasure lying free at (6, 6), the acting player's fighter
    ``gap_mine`` inches (centre to centre) below it, the enemy's ``gap_theirs`` inches
    above it."""
    battle = in_action_phase("treasure-dash", 3)
    table = battle.setup.table
    open_table = replace(table, field=replace(table.field, terrain=()))
    battle = replace(battle, setup=replace(battle.setup, table=open_table))
    node = battle.node()
    assert isinstance(node, Turn)
    me = node.player
    mine = next(battle.on_battlefield(me))
    theirs = next(battle.on_battlefield(1 - me))
    for fighter in battle.on_battlefield():
        if fighter.name not in (mine.name, theirs.name):
            battle = battle.with_fighter(replace(fighter, status=Status.OUT_OF_ACTION, at=None))
    free = next(i for i in battle.items if i.carriable)
    battle = replace(battle, items=(replace(free, at=AT, carried_by=None),))
    battle = put(battle, mine.name, (AT[0], AT[1] - gap_mine), 0)
    battle = put(battle, theirs.name, (AT[0], AT[1] + gap_theirs), 0)
    return battle, battle.fighter(mine.name), battle.fighter(theirs.name)


AT = (6.0, 6.0)


def moves_to_touch(battle: Battle, fighter: Fighter, where: tuple[float, float]) -> int:
    """Moves of the fighter's Movement (less the shortfall) to touch a treasure at
    ``where`` (bases touch 1" apart, centre to centre), worked out by hand from the
    straight way, which the test checks is the evaluation's way too."""
    assert fighter.at is not None
    gap = math.dist(fighter.at, where)
    assert Evaluator(battle.setup).way(fighter.at, where) == gap
    movement = battle.setup.profile(fighter.profile).movement - SHORTFALL
    return max(1, math.ceil((gap - 1.0) / movement))


def race(battle: Battle, player: int) -> float:
    return Evaluator(battle.setup).value(battle, player).part("race")


def test_a_treasure_both_sides_reach_in_as_many_moves_goes_to_the_side_acting_next():
    """The position is scored after the player's activation, so the other side acts next
    (13.0): with both one Move away the treasure is the other side's, whichever side
    scores it; with the enemy two Moves away it is the player's."""
    weight = Weights().race
    battle, mine, theirs = two_fighters(3.0, 3.0)
    assert moves_to_touch(battle, mine, AT) == moves_to_touch(battle, theirs, AT) == 1
    assert race(battle, mine.player) == race(battle, theirs.player) == -weight
    battle, mine, theirs = two_fighters(3.0, 7.0)
    assert moves_to_touch(battle, theirs, AT) == 2
    assert race(battle, mine.player) == weight
    assert race(battle, theirs.player) == -weight


def test_a_fighter_takes_one_treasure_so_it_wins_only_one_race():
    """Treasure Dash: a fighter carries one treasure. The player's one fighter stands one
    Move from two treasures, the enemy two and three Moves from them: the player takes the
    nearer to the enemy first, and the enemy the other (the player's fighter, once it
    carries one, takes no more)."""
    battle, mine, theirs = two_fighters(3.0, 8.0)
    first = battle.items[0]
    second_at = (AT[0] + 3.0, AT[1] - 3.0)
    other = replace(first, name=f"{first.name} (second)", at=second_at)
    battle = replace(battle, items=(first, other))
    assert moves_to_touch(battle, mine, AT) == moves_to_touch(battle, mine, second_at) == 1
    assert moves_to_touch(battle, theirs, AT) == 2
    assert moves_to_touch(battle, theirs, second_at) == 3
    assert race(battle, mine.player) == 0.0
    alone = replace(battle, items=(first,))
    assert race(alone, mine.player) == Weights().race
