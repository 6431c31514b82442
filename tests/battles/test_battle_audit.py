"""Rules outside the attack sequence, each checked at the point where a wrong reading
would show: round turn orders (12.0, 13.0) and the Move action near enemies (13.4, 8.0)."""

from __future__ import annotations

import pytest
from mwbattle import deploy, guard_turns, new_battle, play, ready, set_up

from skirmish.engine.battle import IllegalAction


def test_round_2_channels_in_the_action_phase_passing_order_not_the_channelling_one():
    # 12.0: after round 1, Channelling turns follow the order players passed in the last
    # Action Phase. Player 2 passes first in Channelling, so acts first (13.0); with one
    # fighter to player 2's two, player 1 runs out of activations and passes first in the
    # Action Phase, so round 2's Channelling opens with player 1.
    battle = set_up(new_battle(("Wizard",), ("Guardian", "Witch")))
    battle = deploy(battle, {"Wizard": (3, 8), "Guardian": (9, 8), "Witch": (9, 4)})
    battle = play(battle, "draw deck", "card 2C", "pass", "pass")  # P2 passes first
    assert battle.channel_passes == (1, 0) and battle.node().player == 1
    battle = play(battle, *guard_turns("Guardian", "Wizard", "Guardian", "Wizard"))
    battle = play(battle, *guard_turns("Witch"), "pass", *guard_turns("Witch"), "pass")
    assert battle.action_passes == (0, 1)
    # End Phase windburn (player 1 first, in Action Phase passing order) keeps nothing.
    battle = play(battle, "discard 2C")
    assert battle.round == 2 and battle.phase.value == "channelling"
    assert battle.node().player == 0


@pytest.mark.parametrize(
    ("guardian_x", "penalised"),
    [(7.47, True), (7.55, False)],  # base gaps 0.986" (within 1") and 1.066" (not)
)
def test_the_move_penalty_applies_within_1_inch_of_an_enemy_and_not_beyond(guardian_x, penalised):
    # 13.4 and 8.0: distances are between the closest points of the 25 mm (0.984")
    # bases; "within 1"" includes 1". The Wizard (Movement 5) asks for a 4.5" move.
    battle = ready(("Wizard",), ("Guardian",), {"Wizard": (5.5, 8), "Guardian": (guardian_x, 8)})
    battle = play(battle, "activate Wizard", "move")
    if penalised:
        with pytest.raises(IllegalAction, match='may move 3"'):
            battle.apply("to 1,8")
    else:
        battle = battle.apply("to 1,8")
        assert battle.fighter("Wizard").at == (1, 8)
