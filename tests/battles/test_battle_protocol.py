"""Magewinds under the battle protocol's rules (:mod:`skirmish.ai.magewinds.rules`): a
resampled battle shows its player what they saw, and the game-independent look-ahead
player searches a Magewinds battle through the protocol alone."""

from __future__ import annotations

from random import Random

from test_battle_positions import EXAMPLE

from skirmish.ai.lookahead import LookaheadPlayer
from skirmish.ai.magewinds.rules import RULES
from skirmish.engine.battle import Chance, End, Turn, chance_rng
from skirmish.games.magewinds.battle import Length, start_position
from skirmish.games.magewinds.battle.position import read_position
from skirmish.games.magewinds.battle.setup import random_setup


def test_a_resampled_battle_shows_its_player_what_they_saw():
    """At every decision of two random battles, the battle resampled from the deciding
    player's view gives that player the same view (the log aside: a rebuilt battle starts
    its own), with the other hands of the same sizes but drawn afresh."""
    checked = redrawn = 0
    for seed in (2, 9):
        setup = random_setup(seed, length=Length.QUICK, most=3, rounds=1)
        battle = RULES.start(setup)
        rng = Random(seed)
        while not isinstance(node := battle.node(), End):
            if isinstance(node, Chance):
                battle = battle.apply(battle.sample_chance(chance_rng(seed, node.index)))
                continue
            seen = battle.view(node.player)
            if len(seen["log"]) % 7 == 0 and battle.phase.value in ("channelling", "action"):
                again = RULES.resample(setup, seen, Random(checked))
                shown = again.view(node.player)
                assert {k: v for k, v in shown.items() if k != "log"} == {
                    k: v for k, v in seen.items() if k != "log"
                }
                assert [len(h) for h in again.hands] == [len(h) for h in battle.hands]
                redrawn += again.hands != battle.hands
                checked += 1
            battle = battle.apply(rng.choice(battle.legal_actions(node.player)))
    assert checked > 10 and redrawn > 0


def test_the_lookahead_player_searches_a_magewinds_battle():
    """One decision deep, each action's value is the evaluation of the position it leads
    to (weighed over the chance outcomes when chance acts next), worked here directly."""
    battle = start_position(read_position(EXAMPLE))
    node = battle.node()
    assert isinstance(node, Turn)
    player = LookaheadPlayer(RULES, battle.setup, 1, node.player, depth=1)
    legal = battle.legal_actions(node.player)
    values = player.values(battle.view(node.player), legal)
    for action, value in zip(legal, values, strict=True):
        after = battle.apply(action)
        if isinstance(after.node(), Chance):
            expected = sum(
                float(p) * RULES.evaluate(after.apply(o), node.player)
                for o, p in after.chance_outcomes()
            )
        else:
            expected = RULES.evaluate(after, node.player)
        assert abs(value - expected) < 1e-9
    assert player.act(battle.view(node.player), legal) in legal
