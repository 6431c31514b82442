"""King of the Hill's hand-limit lever: a fighter within 1" of the objective raises its
player's hand limit by one at the next Channelling Phase (12.0), and the player with the
higher limit passes later and makes the round's last activations (13.0)."""

from __future__ import annotations

from dataclasses import replace

from test_ai_evaluation import alone
from test_ai_objectives import ladder_battle, put

from skirmish.ai.magewinds.evaluation import MEAN_CARD, Evaluator, Weights
from skirmish.ai.magewinds.greedy import GreedyPlayer
from skirmish.engine.battle import Turn
from skirmish.games.magewinds.battle import Battle
from skirmish.games.magewinds.battle.actions import after, parse_point
from skirmish.games.magewinds.battle.deck import hand_limit
from skirmish.games.magewinds.battle.scenarios import distance_to_objective


def guardians_on_the_hill() -> tuple[Battle, int, str]:
    """King of the Hill, round 1: only the two Guardians on the battlefield, each within
    3" of the objective and neither within 1", the acting player's about to activate."""
    battle = ladder_battle("king-of-the-hill", 1)
    node = battle.node()
    assert isinstance(node, Turn)
    me = node.player
    mine = next(f.name for f in battle.on_battlefield(me) if f.profile == "Guardian")
    theirs = next(f.name for f in battle.on_battlefield(1 - me) if f.profile == "Guardian")
    cx, cy = battle.setup.table.centre
    battle = alone(battle, mine)
    battle = put(battle, mine, (cx, cy + 2.2), 0)
    battle = put(battle, theirs, (cx + 0.5, cy - 2.4), 0)
    return battle, me, mine


def test_a_fighter_within_1_inch_of_the_objective_counts_the_card_it_brings():
    """The part is the difference in the scenario's hand limit (the referee's own count)
    times a mean card, and nothing in the last round, after which no cards are drawn."""
    battle, me, mine = guardians_on_the_hill()
    cx, cy = battle.setup.table.centre
    near = put(battle, mine, (cx, cy + 1.2), 0)
    assert distance_to_objective(near, (cx, cy + 1.2)) <= 1.0
    gained = hand_limit(near, me)[0] - hand_limit(battle, me)[0]
    assert gained == 1
    evaluator = Evaluator(battle.setup)
    part = evaluator.value(near, me).part("hand limit")
    assert evaluator.value(battle, me).part("hand limit") == 0.0
    assert part == Weights().card * MEAN_CARD * gained
    last = battle.setup.options.round_limit(battle.setup.scenario)
    assert evaluator.value(replace(near, round=last), me).part("hand limit") == 0.0


def test_the_greedy_players_best_move_ends_within_1_inch_of_the_objective():
    """Both Guardians already hold the 3", so the objective part was the same for every
    Move within it, and the best Move stopped 1.7" off; it now ends within 1", where the
    player draws one card more in round 2."""
    battle, me, mine = guardians_on_the_hill()
    player = GreedyPlayer(battle.setup, 1, me)
    moves = [p for p in player.planner.plans(battle) if "move" in p.actions]
    where = after(moves[0].actions[-1], "to")
    assert where is not None, moves[0].actions
    moved = put(battle, mine, parse_point(where, "15.0"), 1)
    assert distance_to_objective(moved, parse_point(where, "15.0")) <= 1.0, where
    assert hand_limit(moved, me)[0] == hand_limit(battle, me)[0] + 1
