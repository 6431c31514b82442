"""The greedy player in the treasure scenarios: it picks up (or collects) what a Move of
its can reach, and values the way to what lies free from the fighters that may take it.

Each test takes a position of a real battle of the scenario (played at random up to the
first Action Phase decision), leaves one fighter of the player to act on the battlefield
and puts it near one object, so that what the greedy player does depends on that object
alone. Left to guard, the fighter would score 0.4 (a Guard); a treasure in hand is worth 8.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from test_ai_evaluation import alone, in_action_phase

from skirmish.ai.magewinds.evaluation import Evaluator, Weights
from skirmish.ai.magewinds.greedy import GreedyPlayer
from skirmish.engine.battle import LazyView, Turn
from skirmish.games.magewinds.battle import Battle
from skirmish.games.magewinds.battle.actionphase import ActionPhase
from skirmish.games.magewinds.battle.geometry import RADIUS, stand_problem
from skirmish.games.magewinds.battle.placement import markers
from skirmish.games.magewinds.battle.state import MARKER, Fighter, Mark
from skirmish.games.magewinds.battle.treasure import holdings

DIRECTIONS = [(math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)) for k in range(8)]


def acting(scenario: str, seed: int, version: str | None = None) -> tuple[Battle, Fighter]:
    """A battle at the first Action Phase decision of a player, with one fighter of that
    player left on the battlefield (every other fighter taken off), and that fighter."""
    battle = in_action_phase(scenario, seed, version)
    node = battle.node()
    assert isinstance(node, Turn) and isinstance(battle.frames[-1], ActionPhase)
    fighter = next(battle.on_battlefield(node.player))
    return alone(battle, fighter.name), fighter


def beside(battle: Battle, fighter: Fighter, at: tuple[float, float], gap: float) -> Battle:
    """``fighter`` standing ``gap`` inches (base to base) from an object's base at ``at``,
    in the first direction where it can stand."""
    apart = 2 * RADIUS + gap
    for dx, dy in DIRECTIONS:
        spot = (round(at[0] + dx * apart, 2), round(at[1] + dy * apart, 2))
        if stand_problem(battle, spot, exclude=fighter.name) is None:
            return battle.with_fighter(replace(fighter, at=spot))
    raise AssertionError(f'nowhere to stand {gap}" from {at}')


def one_activation(battle: Battle, player: GreedyPlayer) -> tuple[Battle, list[str]]:
    """The greedy player's decisions from the Action Phase's choice of fighter to the end
    of that fighter's activation, and the actions it took."""
    taken: list[str] = []
    while True:
        node = battle.node()
        assert isinstance(node, Turn) and node.player == player.seat
        action = str(player.act(LazyView(battle, node.player), battle.legal_actions(node.player)))
        taken.append(action)
        battle = battle.apply(action)
        if isinstance(battle.frames[-1], ActionPhase) or not isinstance(battle.node(), Turn):
            return battle, taken


def free_object(battle: Battle) -> tuple[Battle, str, tuple[float, float]]:
    """The battle with one carriable object lying free (the others taken away), that
    object's name and where it lies."""
    item = next(i for i in battle.items if i.carriable and i.carried_by is None and i.at)
    assert item.at is not None
    return replace(battle, items=(item,)), item.name, item.at


@pytest.mark.parametrize(
    ("scenario", "seed"),
    [("treasure-dash", 3), ("treasure-dash", 4), ("the-prize", 3), ("treasure-clash", 3)],
)
@pytest.mark.parametrize("gap", [0.5, 0.0])
def test_greedy_picks_up_a_treasure_a_move_reaches_rather_than_guard(scenario, seed, gap):
    """19.1: a fighter that ends a Move in contact with a treasure (0.5" away), or begins
    one there (in contact), picks it up. The planner used to score a Move by where the
    fighter stands, never with the treasure picked up, so a Guard (0.4) outscored a Move
    of half an inch (0.1) and the fighter stood beside the treasure round after round."""
    battle, fighter = acting(scenario, seed)
    battle, name, at = free_object(battle)
    battle = beside(battle, fighter, at, gap)
    player = GreedyPlayer(battle.setup, seed, fighter.player)
    after, taken = one_activation(battle, player)
    assert f"pick up {name}" in taken, taken
    assert after.fighter(fighter.name).carrying == (name,)
    assert holdings(after)[fighter.player] == 1


def test_greedy_collects_a_fragment_a_move_reaches_in_fragment_frenzy():
    """Fragment Frenzy v1.3.1: picking a fragment up collects it (the same 19.1 pick-up)."""
    battle, fighter = acting("fragment-frenzy", 2)
    battle, name, at = free_object(battle)
    battle = beside(battle, fighter, at, 0.5)
    player = GreedyPlayer(battle.setup, 2, fighter.player)
    after, taken = one_activation(battle, player)
    assert f"pick up {name}" in taken, taken
    assert after.counted("fragment", fighter.player) == 1


def marker_battle(seed: int) -> tuple[Battle, Fighter, Mark]:
    """Fragment Frenzy v1.3.0 with one fragment marker 2" (centre to centre) in front of
    the one fighter left to act."""
    battle, fighter = acting("fragment-frenzy", seed, "1.3.0")
    fragment = markers(battle)[0]
    assert fragment.at is not None
    for dx, dy in DIRECTIONS:
        spot = (round(fragment.at[0] + 2 * dx, 2), round(fragment.at[1] + 2 * dy, 2))
        if stand_problem(battle, spot, exclude=fighter.name) is None:
            kept = tuple(m for m in battle.marks if m.key != MARKER or m is fragment)
            battle = replace(battle.with_fighter(replace(fighter, at=spot)), marks=kept)
            return battle, battle.fighter(fighter.name), fragment
    raise AssertionError("nowhere to stand")


def test_greedy_moves_across_a_fragment_marker_and_collects_it_in_version_1_3_0():
    """Fragment Frenzy v1.3.0 (ruling MB-28): fragments are markers a Move collects by
    crossing. The evaluation had no treasure part for markers (it counted only objects
    carried and fragments picked up), so the greedy player had no reason to cross one."""
    battle, fighter, fragment = marker_battle(1)
    player = GreedyPlayer(battle.setup, 1, fighter.player)
    after, taken = one_activation(battle, player)
    assert f"collect {fragment.detail}" in taken, taken
    assert after.counted("fragment", fighter.player) == 1


def test_a_fragment_marker_collected_counts_as_a_treasure_in_version_1_3_0():
    battle, fighter, _ = marker_battle(1)
    collected = replace(battle, tally=(*battle.tally, ("fragment", fighter.player, 1)))
    evaluator = Evaluator(battle.setup)
    gained = evaluator.value(collected, fighter.player).part("treasure") - evaluator.value(
        battle, fighter.player
    ).part("treasure")
    assert gained == pytest.approx(Weights().treasure)


def test_the_way_to_a_free_treasure_is_measured_from_a_fighter_that_may_still_carry_it():
    """Treasure Dash: a fighter carries at most one treasure, so one already carrying,
    standing beside another, does not reach it; the way is measured from a fighter with
    empty hands, and that fighter coming nearer scores better. (It used to be measured
    from the carrier, so the other fighter's way counted for nothing.)"""
    battle = in_action_phase("treasure-dash", 3)
    player = 0
    carrier, runner = list(battle.on_battlefield(player))[:2]
    held, free = battle.items[0], battle.items[1]
    assert free.at is not None
    battle = replace(
        battle.with_fighter(replace(carrier, carrying=(held.name,))),
        items=(replace(held, at=None, carried_by=carrier.name), free),
    )
    battle = beside(battle, battle.fighter(carrier.name), free.at, 0.0)
    far = beside(battle, battle.fighter(runner.name), free.at, 6.0)
    near = beside(battle, battle.fighter(runner.name), free.at, 2.0)
    evaluator = Evaluator(battle.setup)
    gain = evaluator.value(near, player).part("treasure") - evaluator.value(far, player).part(
        "treasure"
    )
    assert gain == pytest.approx(4 * Weights().toward_treasure, abs=0.01)
