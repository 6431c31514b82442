"""Rules outside the attack sequence, each checked at the point where a wrong reading
would show: round turn orders (12.0, 13.0), the Move action near enemies (13.4, 8.0),
picking up at the end of a Move (19.1) and the scenarios' round-3 ends."""

from __future__ import annotations

from dataclasses import replace

import pytest
from mwbattle import deploy, guard_turns, new_battle, open_table, play, ready, set_up, with_hand

from skirmish.engine.battle import IllegalAction
from skirmish.games.magewinds.battle import grammar, new_setup, start_battle
from skirmish.games.magewinds.battle.holdtheline import needed
from skirmish.games.magewinds.battle.scenarios import deployment_problem
from skirmish.games.magewinds.battle.state import Item, Phase, Status


def battle_of(scenario, *bands):
    return start_battle(new_setup(scenario, [list(b) for b in bands], table=open_table()))


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


def test_an_object_touched_at_the_end_of_a_move_may_be_picked_up():
    # 19.1: contact at the start or at the end of a Move action is enough.
    table = open_table(objects=[{"name": "Chest", "at": [3, 9.0], "carriable": True}])
    battle = ready(("Wizard",), ("Guardian",), {"Wizard": (3, 4), "Guardian": (9, 8)}, table=table)
    battle = play(battle, "activate Wizard", "move")
    assert "pick up Chest" not in grammar.texts(battle.legal_actions(0))  # 5" away at the start
    battle = battle.apply("to 3,8.01")  # ends 0.006" from the Chest: in contact (MB-11)
    assert "pick up Chest" in grammar.texts(battle.legal_actions(0))
    battle = battle.apply("pick up Chest")
    assert battle.fighter("Wizard").carrying == ("Chest",) and battle.item("Chest").at is None


def _at_round(battle, number):
    return replace(battle, round=number, phase=Phase.END)


@pytest.mark.parametrize(
    ("scenario", "treasure"), [("treasure-dash", "Treasure 1"), ("the-prize", "Treasure")]
)
def test_the_treasure_holder_wins_after_round_3_not_before(scenario, treasure):
    # Treasure Dash v1.3.0 and The Prize v1.4.0: after round 3 the warband holding more
    # treasures (the treasure) wins; before then nobody does.
    battle = battle_of(scenario, ("Wizard",), ("Druid",))
    wizard = replace(battle.fighter("Wizard"), status=Status.ON_BATTLEFIELD, at=(3, 3))
    battle = battle.with_fighter(replace(wizard, carrying=(treasure,)))
    battle = replace(battle, items=(Item(treasure, None, True, True, "Wizard"),))
    end_of_round = battle.setup.scenario.end_of_round
    assert end_of_round(_at_round(battle, 2)) is None
    ended = end_of_round(_at_round(battle, 3))
    assert ended is not None and ended.winner == 0


def test_hold_the_line_needs_half_the_attackers_rounded_up_and_ends_after_round_3():
    # Hold the Line v1.3.0: 3 Attackers need 2 escapes; the Defender wins after round 3.
    battle = battle_of("hold-the-line", ("Wizard", "Cleric", "Witch"), ("Druid",))
    battle = replace(battle, first=0)
    assert needed(battle) == 2
    end_of_round = battle.setup.scenario.end_of_round
    assert end_of_round(_at_round(battle, 2)) is None
    ended = end_of_round(_at_round(battle, 3))
    assert ended is not None and ended.winner == 1


def test_the_prize_deploys_at_least_6_inches_from_the_treasure_base_to_base():
    # The Prize v1.4.0 and 8.0: 6" between the closest points of the two 25 mm bases,
    # so the centres are at least 6.984" apart.
    battle = battle_of("the-prize", ("Wizard",), ("Druid",))
    battle = replace(
        battle, items=(Item("Treasure", (6, 8), True, True),), territories=("far", "near")
    )
    assert deployment_problem(battle, 0, (6, 8 + 6.99)) is None
    assert "6" in (deployment_problem(battle, 0, (6, 8 + 6.9)) or "")


def test_treasure_dash_deploys_at_least_6_inches_from_the_centre():
    # Treasure Dash v1.3.0: the centre is a point; 6" to the closest point of the base.
    battle = replace(
        battle_of("treasure-dash", ("Wizard",), ("Druid",)), territories=("far", "near")
    )
    assert deployment_problem(battle, 0, (6, 8 + 6.5)) is None  # 6.008" from the centre
    assert "centre" in (deployment_problem(battle, 0, (6, 8 + 6.4)) or "")  # 5.908"


def test_round_1_channels_in_the_order_players_finished_deploying():
    # 12.0 and 10.5: player 1 deploys first but has two fighters to player 2's one, so
    # player 2 finishes deploying first and takes the first Channelling turn.
    battle = set_up(new_battle(("Wizard", "Witch"), ("Guardian",)))
    battle = deploy(battle, {"Wizard": (3, 8), "Witch": (3, 4), "Guardian": (9, 8)})
    assert battle.phase.value == "channelling" and battle.node().player == 1


def test_windburn_damage_goes_only_to_the_keepers_own_fighters():
    # 14.1: a kept card's damage is dealt to fighters in the keeper's own warband.
    battle = ready(("Wizard",), ("Guardian",), {"Wizard": (3, 8), "Guardian": (9, 8)})
    battle = with_hand(battle, 0, ("KS",))
    battle = play(battle, *guard_turns("Wizard", "Guardian", "Wizard", "Guardian"))
    battle = play(battle, "pass", "pass", "keep KS")
    assert grammar.texts(battle.legal_actions(0)) == ("damage Wizard",)
    with pytest.raises(IllegalAction, match="14.1"):
        battle.apply("damage Guardian")
    battle = play(battle, "damage Wizard", "damage Wizard")  # a King is worth 2
    assert battle.fighter("Wizard").damage == 2 and battle.fighter("Guardian").damage == 0


def test_deathmatch_after_round_3_more_fighters_left_wins():
    # Deathmatch (ruling MB-4): after the round limit the warband with more fighters on
    # the battlefield wins.
    battle = battle_of("deathmatch", ("Wizard", "Witch"), ("Druid",))
    for name, at in (("Wizard", (3, 3)), ("Witch", (3, 6)), ("Druid", (9, 9))):
        battle = battle.with_fighter(
            replace(battle.fighter(name), status=Status.ON_BATTLEFIELD, at=at)
        )
    end_of_round = battle.setup.scenario.end_of_round
    assert end_of_round(_at_round(battle, 2)) is None
    ended = end_of_round(_at_round(battle, 3))
    assert ended is not None and ended.winner == 0
