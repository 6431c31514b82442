"""The situation of an attack the greedy planner weighs, built without its line of attack
(fast-path part ``plans.NO_LENGTH``), against the rules' own (``parse_attack`` and
``build_situation``, ``fastpaths.plain(NO_LENGTH)``).

Every attack the rules offer at a fighter, from every position of random battles on
generated setups (any scenario, two to four players, Guardians with Ward among them):
the target, attack and payment are the same, and the whole situation is the same but for
the distance, which the fast path leaves unknown; the outlook, which leaves the distance
out, is the same outlook. Whole greedy battles are compared both ways in
``test_ai_greedy_shortcuts.py``.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish import fastpaths
from skirmish.ai.magewinds.evaluation import Evaluator, Weights
from skirmish.ai.magewinds.outlook import outlook
from skirmish.ai.magewinds.plans import NO_LENGTH, Planner, at_fighters
from skirmish.engine.battle import History, RandomPlayer, play_out
from skirmish.games.magewinds.battle import Length, new_setup, setup, start_battle
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.battle.targets import attack_options

WARDS = new_setup("deathmatch", [["Guardian", "Cleric", "Wizard"], ["Guardian", "Deadeye"]])
"""A Guardian on each side, so that random battles cast Ward (a mark whose cover reads
the line)."""


def positions(chosen: Setup, seed: int) -> list[Battle]:
    history = History.start(start_battle(chosen), seed)
    players = [RandomPlayer(seed, seat) for seat in range(len(chosen.warbands))]
    play_out(history, players)
    return [s for s in history.states[::3] if len(list(s.on_battlefield())) >= 2]


def compared(chosen: Setup, seed: int) -> tuple[int, int]:
    """Every offered attack at a fighter from the positions of one random battle, both
    ways; how many were compared, and how many of them with a mark on the table."""
    planner = Planner(Evaluator(chosen, Weights()), 0)
    count = marked = 0
    for battle in positions(chosen, seed):
        for me in battle.on_battlefield():
            for option in at_fighters(battle, attack_options(battle, me.name)):
                fast = planner._situation(battle, me, option)
                with fastpaths.plain(NO_LENGTH):
                    plain = planner._situation(battle, me, option)
                assert fast[1:] == plain[1:], option
                assert plain[0].distance is not None and fast[0].distance is None
                assert fast[0] == replace(plain[0], distance=None), option
                assert outlook(fast[0]) == outlook(plain[0])
                count += 1
                marked += bool(battle.marks)
    return count, marked


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 2, 3, 4]))
def test_an_attack_weighed_without_its_line_has_the_rules_situation(seed, players):
    """Each attack offered is compared inside :func:`compared`. A generated battle may
    offer none at a fighter (no enemy ever in Range: seed 1680 of two players), so this
    test does not ask for one; the Ward test below asks for more than 20."""
    chosen = setup.random_setup(seed, length=Length.QUICK, most=3, rounds=2, players=players)
    compared(chosen, seed)


def test_an_attack_under_ward_has_the_rules_situation():
    count = marked = 0
    for seed in range(4):
        found = compared(WARDS, seed)
        count, marked = count + found[0], marked + found[1]
    assert count > 20
    assert marked > 0, "no attack was weighed with a Ward (or another mark) on the table"
