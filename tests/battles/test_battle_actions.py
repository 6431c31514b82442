"""13.0-13.5 the Action Phase, 15.0 movement, 16.0 visibility, 4.3 and 4.4 in battle."""

from __future__ import annotations

import math

import pytest
from mwbattle import events, guard_turns, open_table, play, ready

from skirmish.engine.battle import IllegalAction, Turn
from skirmish.games.magewinds.battle import grammar
from skirmish.games.magewinds.battle.damage import take_down

WALL = {"name": "Wall", "height": 2.5, "rectangle": {"centre": [6, 8], "size": [0.4, 6]}}


def duel(first=("Wizard",), second=("Guardian",), wizard=(3, 8), guardian=(9, 8), **kwargs):
    positions = {first[0]: wizard, second[0]: guardian}
    return ready(first, second, positions, **kwargs)


def test_a_player_activates_their_own_fighters_and_may_pass_only_when_none_can():
    battle = duel()
    assert grammar.texts(battle.legal_actions(0)) == ("activate Wizard",)
    with pytest.raises(IllegalAction, match="13.0: player 1 may pass only when none"):
        battle.apply("pass")
    with pytest.raises(IllegalAction, match="not player 1's fighter"):
        battle.apply("activate Guardian")


def test_single_then_double_action_counter_then_no_more_activations():
    battle = duel()
    battle = play(battle, "activate Wizard", "guard", "no step", "end activation")
    assert battle.fighter("Wizard").counters == 1
    battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    battle = play(battle, "activate Wizard", "guard", "no step", "end activation")
    assert battle.fighter("Wizard").counters == 2
    battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    assert grammar.texts(battle.legal_actions(0)) == ("pass",)
    with pytest.raises(IllegalAction, match="double action counter"):
        battle.apply("activate Wizard")


def test_move_goes_as_far_as_movement_along_a_legal_path():
    battle = play(duel(), "activate Wizard", "move")
    with pytest.raises(IllegalAction, match='15.0: the path is 5.50" but Wizard may move 5'):
        battle.apply("to 3,2.5")
    battle = battle.apply("to 3,3")
    assert battle.fighter("Wizard").at == (3, 3)
    assert battle.fighter("Wizard").counters == 1
    move = events(battle, "move")[-1]
    assert move.rule == "15.0" and dict(move.data)["length"] == 5


def test_move_around_an_obstacle_takes_the_longer_path():
    wall = {"name": "Wall", "height": 2.5, "rectangle": {"centre": [3, 6], "size": [3, 0.4]}}
    battle = ready(
        ("Wizard",), ("Guardian",), {"Wizard": (3, 8), "Guardian": (9, 8)}, table=open_table([wall])
    )
    battle = play(battle, "activate Wizard", "move")
    with pytest.raises(IllegalAction, match="15.0"):
        battle.apply("to 3,3.9")  # 4.1" straight through the wall, too far around it
    battle = battle.apply("to 4.5,5")
    length = dict(events(battle, "move")[-1].data)["length"]
    assert math.dist((3, 8), (4.5, 5)) + 0.5 < length <= 5  # around the wall's end


def test_move_starting_within_1_inch_of_an_enemy_is_movement_minus_2():
    battle = play(duel(wizard=(5.5, 8), guardian=(6.5, 8)), "activate Wizard", "move")
    with pytest.raises(IllegalAction, match='may move 3"'):
        battle.apply("to 1.5,8")  # 4" away
    battle = battle.apply("to 2.5,8")
    assert '-2 within 1" of Guardian' in events(battle, "move")[-1].text


def test_a_friend_nearby_does_not_slow_a_move():
    # 4.3: only enemy fighters count for the Move action's -2.
    positions = {"Wizard": (3, 8), "Witch": (4, 8), "Guardian": (9, 8), "Druid": (9, 2)}
    battle = ready(("Wizard", "Witch"), ("Guardian", "Druid"), positions)
    battle = play(battle, "done", "activate Wizard", "move", "to 3,3")  # no Wildform
    assert battle.fighter("Wizard").at == (3, 3)


def test_a_move_may_not_end_on_a_low_obstacle_or_pass_through_a_fighter():
    rocks = {"name": "Rocks", "height": 0.6, "rectangle": {"centre": [3, 6], "size": [2, 1]}}
    positions = {"Wizard": (3, 8), "Witch": (3, 4), "Guardian": (9, 8), "Druid": (9, 2)}
    battle = ready(("Wizard", "Witch"), ("Guardian", "Druid"), positions, table=open_table([rocks]))
    battle = play(battle, "done", "activate Wizard", "move")
    with pytest.raises(IllegalAction, match="low obstacle 'Rocks'"):
        battle.apply("to 3,6")
    with pytest.raises(IllegalAction, match="15.0|0.8.1"):
        battle.apply("to 3,3.2")  # through and onto the Witch
    battle.apply("to 3,4.99")  # over the rocks, touching the Witch


def test_representative_moves_are_all_legal():
    battle = play(duel(), "activate Wizard", "move")
    ends = [o for o in grammar.texts(battle.legal_actions(0)) if o.startswith("to ")]
    assert len(ends) >= 4 and "to 3,8" in ends  # staying put is a move of 0"
    for end in ends:
        battle.apply(end)


def test_a_step_move_before_an_action_is_up_to_1_inch():
    battle = play(duel(), "activate Wizard", "guard")
    with pytest.raises(IllegalAction, match='15.0: the path is 1.50" but Wizard may move 1"'):
        battle.apply("step 3,9.5")
    battle = battle.apply("step 3,9")
    assert battle.fighter("Wizard").at == (3, 9) and battle.fighter("Wizard").guarding
    assert events(battle, "step")[-1].rule == "13.1"


def test_the_move_action_has_no_step_move():
    battle = play(duel(), "activate Wizard", "move")
    assert not any(o.startswith("step") for o in grammar.texts(battle.legal_actions(0)))
    with pytest.raises(IllegalAction):
        battle.apply("step 3,9")


def test_attack_needs_a_visible_target():
    # 16.0: a high wall between them hides the Guardian, so no Attack is offered.
    battle = duel(table=open_table([WALL]), hands={0: ("2D",), 1: ("3C",)})
    battle = battle.apply("activate Wizard")
    assert "attack" not in grammar.texts(battle.legal_actions(0))
    with pytest.raises(IllegalAction, match="13.4: Wizard has no visible target"):
        battle.apply("attack")
    refused = battle.frames[-1].refused(battle)
    assert any(r.startswith("attack: 13.4") for r in refused)


def test_attack_from_a_step_into_range():
    # Spark (Range 1-5) from 5.5" away needs a step first (13.1).
    battle = duel(wizard=(3, 8), guardian=(9.5, 8), hands={0: ("2D",), 1: ("3C",)})
    battle = play(battle, "activate Wizard", "attack")
    assert "no step" not in grammar.texts(battle.legal_actions(0))
    with pytest.raises(IllegalAction, match="13.1: from here Wizard cannot attack"):
        battle.apply("no step")
    battle = battle.apply("step 4,8")
    assert grammar.texts(battle.legal_actions(0)) == ("attack Guardian with Spark paying 2D",)
    battle = battle.apply("attack Guardian with Spark")  # the only way to pay
    assert "2D" in battle.discard and battle.frames[-1].summary(battle, 0)["frame"] == "attack"


def test_guard_makes_the_next_reaction_free_and_ends_at_the_next_activation():
    battle = duel(wizard=(5.5, 8), guardian=(6.5, 8))
    battle = play(battle, "activate Wizard", "guard", "no step", "end activation")
    battle = play(battle, "activate Guardian", "attack", "no step", "attack Wizard with Melee")
    battle = play(battle, "heavy", "deflect", "dice 1 2 3 4 5 6", "no barrier", "no step")
    assert battle.fighter("Wizard").counters == 1  # the Deflect cost no counter (13.4)
    assert not battle.fighter("Wizard").guarding  # and used up the Guard
    assert any(e.rule == "13.4" and e.event == "guard" for e in battle.events())


def test_guard_ends_when_the_fighter_is_activated_again():
    battle = duel()
    battle = play(
        battle,
        *guard_turns("Wizard", "Guardian"),
    )
    battle = battle.apply("activate Wizard")
    assert not battle.fighter("Wizard").guarding
    assert events(battle, "guard_ends")[-1].rule == "13.4"


def test_the_action_phase_ends_when_everyone_has_passed_and_guard_ends_with_it():
    battle = duel()
    for _ in range(2):
        battle = play(
            battle,
            *guard_turns("Wizard", "Guardian"),
        )
    battle = play(battle, "pass", "pass")
    assert events(battle, "phase_end")[0].rule == "13.5"
    assert not battle.fighter("Wizard").guarding and battle.fighter("Wizard").counters == 0  # 14.0


def test_fighters_out_of_action_take_no_part():
    # 4.4: a fighter taken down is never activated, targeted or counted.
    positions = {"Wizard": (3, 8), "Witch": (4, 6), "Guardian": (9, 8), "Druid": (9, 2)}
    hands = {0: ("2D",), 1: ("3C",)}
    battle = ready(("Wizard", "Witch"), ("Guardian", "Druid"), positions, hands=hands)
    battle = take_down(battle.apply("done"), "Wizard")
    assert battle.fighter("Wizard").at is None
    assert grammar.texts(battle.legal_actions(0)) == ("activate Witch",)
    with pytest.raises(IllegalAction, match="4.4"):
        battle.apply("activate Wizard")
    battle = play(battle, "activate Witch", "attack")
    targets = {
        o.split(" with ")[0]
        for o in grammar.texts(battle.legal_actions(0))
        if o.startswith("attack")
    }
    assert "attack Wizard" not in targets


def test_hidden_attack_choice_is_masked_in_the_defenders_view_until_revealed():
    battle = duel(wizard=(5.5, 8), guardian=(6.5, 8))
    battle = play(battle, "activate Wizard", "attack", "no step", "attack Guardian with Melee")
    node = battle.node()
    assert isinstance(node, Turn) and node.hidden and node.rule == "18.3"
    battle = battle.apply("heavy")
    attack = next(p for p in battle.view(1)["pending"] if p["frame"] == "attack")
    assert attack["answers"] == ["(face down)"]
    mine = next(p for p in battle.view(0)["pending"] if p["frame"] == "attack")
    assert mine["answers"] == ["heavy"]


def test_knockback_moves_the_target_directly_away_up_to_1_inch():
    battle = duel(wizard=(5.5, 8), guardian=(6.5, 8))
    battle = play(
        battle,
        "activate Wizard",
        "attack",
        "no step",
        "attack Guardian with Melee",
        "light",
        "none",
        "no barrier",
    )
    # Light 3/9 against Evasion 0: target number 9, every die hits, none is rolled (18.5.2).
    node = battle.node()
    assert isinstance(node, Turn) and node.rule == "18.5.4" and node.player == 0
    with pytest.raises(IllegalAction, match='18.5.4: Guardian can be knocked back up to 1.00"'):
        battle.apply("knock back 1.5")
    battle = battle.apply("knock back 0.75")
    x, y = battle.fighter("Guardian").at
    assert math.isclose(x, 7.25) and math.isclose(y, 8)
    assert battle.fighter("Guardian").damage == 1  # 3 hits - Armour 2


def test_a_dodge_must_step_further_away_after_the_attack():
    battle = duel(wizard=(5.5, 8), guardian=(7, 8))
    battle = play(
        battle,
        "activate Wizard",
        "attack",
        "no step",
        "attack Guardian with Melee",
        "light",
        "dodge",
        "no barrier",
    )
    # Precision 9 - (Evasion 0 + Dodge 2) = 7: every die hits; 3 hits - Armour 2 = 1 damage.
    assert battle.fighter("Guardian").damage == 1
    node = battle.node()
    assert isinstance(node, Turn) and node.rule == "18.4" and node.player == 1
    assert "no step" not in grammar.texts(battle.legal_actions(1))
    with pytest.raises(IllegalAction, match="18.4: a Dodge step must end further from Wizard"):
        battle.apply("step 6.6,8.3")
    battle = battle.apply("step 8,8")
    assert battle.fighter("Guardian").at == (8, 8)
