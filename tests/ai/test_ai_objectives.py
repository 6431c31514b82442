"""The greedy player plays for what a scenario is won by: round a wall to a treasure, and
into King of the Hill's 3" when the round ends as it leaves it.

Positions are built on the scenario's own battlefield (the Ruined Chapel, whose two long
walls stand between the deployment zones and the centre), from a battle of the ladder's
warbands played at random to its first Action Phase decision.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from test_ai_evaluation import alone, to_action_phase

from skirmish.ai.magewinds.evaluation import Weights
from skirmish.ai.magewinds.greedy import GreedyPlayer
from skirmish.engine.battle import Turn
from skirmish.games.magewinds.battle import Battle, candidates, start_battle
from skirmish.games.magewinds.battle.actions import after, parse_point
from skirmish.games.magewinds.battle.candidates import cut_short
from skirmish.games.magewinds.battle.geometry import RADIUS, path_to
from skirmish.games.magewinds.battle.scenarios import distance_to_objective
from skirmish.games.magewinds.battle.state import Fighter, Status
from skirmish.games.magewinds.game import GAME
from skirmish.games.magewinds.moves import HAIR

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
    return to_action_phase(start_battle(options.setup(seed)), seed)


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


def put(battle: Battle, name: str, at: tuple[float, float], counters: int, left: int = 0) -> Battle:
    """``name`` on the battlefield at ``at`` with ``counters`` action counters and, when
    ``left`` is given, only that much Toughness left."""
    fighter = battle.fighter(name)
    damage = battle.setup.profile(fighter.profile).toughness - left if left else 0
    return battle.with_fighter(
        replace(fighter, at=at, counters=counters, damage=damage, status=Status.ON_BATTLEFIELD)
    )


def last_activation_on_the_hill() -> tuple[Battle, int]:
    """King of the Hill, round 3, the acting player's last activation with every enemy
    spent: one fighter of each side within 3" of the objective (a draw as it stands), the
    player's Wizard 4.9" from the objective with an enemy Wizard at 1 Toughness in contact
    beside it, outside the 3"."""
    battle = ladder_battle("king-of-the-hill", 1)
    node = battle.node()
    assert isinstance(node, Turn)
    me, them = node.player, 1 - node.player
    mine = {f.profile: f.name for f in battle.on_battlefield(me)}
    theirs = {f.profile: f.name for f in battle.on_battlefield(them)}
    cx, cy = battle.setup.table.centre
    battle = put(battle, mine["Guardian"], (cx, cy + 1.5), 2)
    battle = put(battle, theirs["Guardian"], (cx, cy - 1.5), 2)
    battle = put(battle, mine["Wizard"], (cx + 4.5, cy + 2.0), 1)
    battle = put(battle, theirs["Wizard"], (cx + 5.6, cy + 2.0), 2, left=1)
    for name in (mine["Cleric"], theirs["Cleric"]):
        battle = battle.with_fighter(
            replace(battle.fighter(name), status=Status.OUT_OF_ACTION, at=None)
        )
    return replace(battle, round=3), me


def test_greedy_takes_the_win_on_the_last_activation_of_king_of_the_hill():
    """King of the Hill is decided at the end of round 3 by the count within 3" (13.0: a
    player with no fighter to activate passes, so once the enemies are spent the round
    ends as the player leaves it). The evaluation used to count the objective as 5 a
    fighter, however the round stood, so taking down the enemy Wizard (about 12) beat
    moving into the 3" (5): a draw, 1 to 1, instead of a win, 2 to 1. The scenario's
    verdict at the round's end now counts as the result (60)."""
    battle, me = last_activation_on_the_hill()
    player = GreedyPlayer(battle.setup, 1, me)
    best = player.planner.plans(battle)[0]
    assert "move" in best.actions, best.what
    assert best.score.part("round end") == Weights().win
    wizard = next(f for f in battle.on_battlefield(me) if f.profile == "Wizard").name
    moved = battle.with_fighter(
        replace(battle.fighter(wizard), at=parse_point(after(best.actions[-1], "to") or "", "15.0"))
    )
    assert distance_to_objective(moved, moved.fighter(wizard).at or (0, 0)) <= 3.0


def test_no_round_end_value_while_the_enemy_can_still_act():
    """The same position with the enemy Wizard still able to act: the round is open, so
    the move into the 3" scores no result."""
    battle, me = last_activation_on_the_hill()
    enemy = next(f for f in battle.on_battlefield(1 - me) if f.profile == "Wizard")
    battle = battle.with_fighter(replace(enemy, counters=1))
    player = GreedyPlayer(battle.setup, 1, me)
    assert all(p.score.part("round end") == 0.0 for p in player.planner.plans(battle))


def test_greedy_does_not_leave_the_hill_to_the_enemy_on_its_own_last_activation():
    """The other side of the round's end: on the player's last activation of round 3,
    with its Guardian taken down and the enemy Guardian within 3", the enemy wins by
    sudden death unless the player's Wizard gets within 3", and the enemy, whose Cleric
    can still act, keeps that win by guarding. Every end that leaves the 3" to the enemy is now a
    loss (-60); the evaluation used to weigh it as 17 against the take-down beside it."""
    battle, me = last_activation_on_the_hill()
    mine = next(f for f in battle.on_battlefield(me) if f.profile == "Guardian")
    battle = battle.with_fighter(replace(mine, status=Status.OUT_OF_ACTION, at=None))
    cleric = next(f for f in battle.fighters if f.player != me and f.profile == "Cleric")
    battle = put(battle, cleric.name, (0.6, 0.6), 1)  # far off, but able to act
    player = GreedyPlayer(battle.setup, 1, me)
    plans = player.planner.plans(battle)
    best = plans[0]
    assert "move" in best.actions, best.what
    assert best.score.part("round end") == 0.0  # 1 to 1 within 3": a draw, not a loss
    attacks = [p for p in plans if "attack" in p.actions]
    lost = pytest.approx(-Weights().win)
    assert attacks and all(p.score.part("round end") == lost for p in attacks)


def test_a_straight_move_is_cut_short_when_it_stops_before_its_length_and_contact():
    """MB-6: a way round is looked for only when the straight Move toward a goal stops
    more than 0.2" before both its whole length and contact with the goal."""
    contact = 2 * RADIUS + HAIR
    assert not cut_short((0.0, 0.0), (5.0, 0.0), (10.0, 0.0), 5.0)  # its whole length
    assert not cut_short((0.0, 0.0), (4.85, 0.0), (10.0, 0.0), 5.0)  # backed off a little
    assert cut_short((0.0, 0.0), (4.7, 0.0), (10.0, 0.0), 5.0)
    assert cut_short((0.0, 0.0), None, (10.0, 0.0), 5.0)  # could not move at all
    assert not cut_short((0.0, 0.0), (3.0 - contact, 0.0), (3.0, 0.0), 5.0)  # in contact
    assert cut_short((0.0, 0.0), (2.5 - contact, 0.0), (3.0, 0.0), 5.0)
    assert not cut_short((0.0, 0.0), None, (0.5, 0.0), 5.0)  # already in contact


def routes_asked(battle: Battle, name: str, monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """The goals a listing of ``name``'s Move ends looks for a way round to."""
    asked: list[tuple] = []
    real = candidates.route_end

    def recording(battle: Battle, fighter: Fighter, goal: tuple, inches: float) -> object:
        asked.append(goal)
        return real(battle, fighter, goal, inches)

    monkeypatch.setattr(candidates, "route_end", recording)
    candidates._move_candidates(battle, battle.fighter(name), 5.0)
    return asked


def test_no_way_round_is_looked_for_toward_a_treasure_in_plain_sight(monkeypatch):
    """MB-6: on the treasure's side of the wall the straight Move heads for it, so no
    path round anything is searched for (searching one for every goal at every Move made
    random battles several times slower)."""
    battle, name = behind_the_wall()
    battle = battle.with_fighter(replace(battle.fighter(name), at=(5.25, 5.0)))
    assert routes_asked(battle, name, monkeypatch) == []


def test_a_way_round_is_looked_for_toward_the_nearest_blocked_treasure_only(monkeypatch):
    """MB-6: behind the wall from two treasures, the way round is searched toward the
    nearer one alone."""
    battle, name = behind_the_wall()
    treasure = battle.items[0]
    further = (5.25, 10.5)
    battle = replace(battle, items=(treasure, replace(treasure, name="further", at=further)))
    assert routes_asked(battle, name, monkeypatch) == [TREASURE]
