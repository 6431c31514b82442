"""Ruling MB-53: a fighter left with no spot that keeps the scenario's deployment distance
(10.5) because the fighters deployed before it took the room deploys where it falls least
short of that distance. Found by the battle fuzz (The Prize, seed 6,038, built in play)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest
from mwbattle import FACE_UP, new_battle, open_table, play

from skirmish.engine.battle import History, IllegalAction, RandomPlayer, play_out
from skirmish.games.magewinds.battle import grammar
from skirmish.games.magewinds.battle.state import Battle

# The left half is a low marsh (fighters may not stand on it, ruling MB-7) but for a pocket
# at the near-left corner with room for two bases side by side, and a band across the
# middle; every spot of the band is within 6" of a Treasure at the centre. No obstacle is
# within 3" of the centre (The Prize).
MARSHES = [
    {"name": "Marsh A", "height": 0.5, "rectangle": {"centre": [4, 2.25], "size": [4, 4.5]}},
    {"name": "Marsh B", "height": 0.5, "rectangle": {"centre": [1, 2.85], "size": [2, 3.3]}},
    {"name": "Marsh C", "height": 0.5, "rectangle": {"centre": [3, 13.75], "size": [6, 4.5]}},
]
CENTRE = (6.0, 8.0)
BAND_CORNERS = ((0.5, 5.0), (0.5, 11.0))
"""The band's spots farthest from the Treasure: its far corners from the centre."""


def crowded() -> Battle:
    """The Prize: player 2 places the Treasure at the centre and takes the right half;
    player 1 deploys the Wizard in the middle of the pocket, the Druid follows."""
    battle = new_battle(
        ("Wizard", "Witch"), ("Druid",), scenario="the-prize", table=open_table(MARSHES)
    )
    battle = play(battle, "roll-off 6 1", "place at 6,8", "take right")
    battle = play(battle, *(f"card {c}" for c in FACE_UP))
    return play(battle, "deploy Wizard at 1,0.6", "deploy Druid at 11,15")


def shortfall(at: tuple[float, float]) -> float:
    """How far a base at ``at`` is nearer the Treasure's base than 6" (8.0), by hand."""
    return 6.0 - (math.dist(at, CENTRE) - 1.0)


def test_the_last_fighter_deploys_where_it_falls_least_short_of_the_treasure_distance():
    battle = crowded()
    options = grammar.texts(battle.options())
    assert options, "the Witch must be offered somewhere to deploy"
    for option in options:
        x, y = (float(v) for v in option.removeprefix("deploy Witch at ").split(","))
        # the best the band allows, 7 - sqrt(5.5**2 + 3**2) = 0.735" short, at its corners
        assert min(math.dist((x, y), c) for c in BAND_CORNERS) < 0.1
        assert shortfall((x, y)) == pytest.approx(0.735, abs=0.06)
    battle = battle.apply(options[0])
    line = next(e for e in battle.events() if "deploys Witch" in e.text)
    assert "MB-53" in line.text and "nearer Treasure" in line.text and line.rule == "10.5"


def test_a_nearer_spot_or_one_the_rules_forbid_anyway_is_refused():
    battle = crowded()
    with pytest.raises(IllegalAction, match="MB-53"):
        battle.apply("deploy Witch at 3,8")  # in the band, but nearer than the best
    with pytest.raises(IllegalAction, match="MB-7|low obstacle|overlap"):
        battle.apply("deploy Witch at 3,3")  # on the marsh
    with pytest.raises(IllegalAction, match="territory"):
        battle.apply("deploy Witch at 11,1")  # in the other player's half


def test_a_spot_keeping_the_distance_is_still_required_while_one_is_left():
    battle = new_battle(
        ("Wizard", "Witch"), ("Druid",), scenario="the-prize", table=open_table(MARSHES)
    )
    battle = play(battle, "roll-off 6 1", "place at 6,8", "take right")
    battle = play(battle, *(f"card {c}" for c in FACE_UP))
    # the pocket still has room for both, so the band is refused as 10.5 has it
    with pytest.raises(IllegalAction, match='at least 6" from Treasure'):
        battle.apply("deploy Wizard at 0.5,5")
    assert all("0.5,5" not in o for o in grammar.texts(battle.options()))


def test_the_fuzzed_prize_battle_built_in_play_plays_to_its_end():
    # Battle 6,039 of the 10,000-battle fuzz: player 2's own deployments left its last
    # fighter no spot 6" from the Treasure, and it was offered nothing (10.5).
    sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))
    from fuzz_battles import case_battle

    battle, _ = case_battle(6038)
    history = History.start(battle, 6038)
    play_out(history, [RandomPlayer(6038, p) for p in range(battle.players)])
    final = history.state
    assert isinstance(final, Battle) and final.result is not None
    assert any("MB-53" in e.text for e in final.events())
