"""Each rule at its edge and against its wrong neighbours: the cases a single positive test
leaves open (a range one step too long, a check left out, a boundary moved by a hair)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from mwbattle import deploy, events, new_battle, open_table, play, ready, set_up, with_hand

from skirmish.engine.battle import Chance, End, IllegalAction, Turn
from skirmish.games.magewinds.battle import grammar
from skirmish.games.magewinds.battle.abilities.effect_spells import white_hot
from skirmish.games.magewinds.battle.geometry import RADIUS
from skirmish.games.magewinds.battle.objects import in_contact
from skirmish.games.magewinds.battle.spells import blink_problem
from skirmish.games.magewinds.battle.state import Battle

WALL = {"name": "Wall", "height": 2.5, "rectangle": {"centre": [3, 4], "size": [4, 0.4]}}


def moved(battle: Battle, **where: tuple[float, float]) -> Battle:
    for name, at in where.items():
        battle = battle.with_fighter(replace(battle.fighter(name), at=at))
    return battle


# -- White-Hot Weapons (Enchanter v1.3.1, ruling MB-10) ------------------------------------


def aura(table=None) -> Battle:
    positions = {"Enchanter": (3, 2), "Witch": (3, 6), "Guardian": (9, 2)}
    battle = ready(("Enchanter", "Witch"), ("Guardian",), positions, table=table)
    return replace(battle, auras=(("white_hot_weapons", "Enchanter"),))


def test_white_hot_weapons_reach_exactly_9_inches_and_no_further():
    edge = 2 + 9 + 2 * RADIUS  # a 9" gap between the bases
    battle = moved(aura(), Witch=(3, edge))
    assert white_hot(battle, battle.fighter("Witch"))
    battle = moved(battle, Witch=(3, edge + 0.05))
    assert not white_hot(battle, battle.fighter("Witch"))


def test_white_hot_weapons_need_the_enchanter_to_see_the_friend():
    battle = aura(open_table([WALL]))  # a high wall across the 4" between them
    assert not white_hot(battle, battle.fighter("Witch"))
    beside = moved(battle, Witch=(1.5, 2))
    assert white_hot(beside, beside.fighter("Witch"))


def test_white_hot_weapons_do_not_help_the_enchanters_enemies():
    battle = moved(aura(), Guardian=(4.5, 2))  # next to the Enchanter, seen by it
    assert not white_hot(battle, battle.fighter("Guardian"))


# -- Feint (18.3.1) -----------------------------------------------------------------------


def feinted(reaction: str) -> Battle:
    battle = ready(("Wizard",), ("Guardian",), {"Wizard": (5.5, 8), "Guardian": (6.5, 8)})
    battle = play(battle, "activate Wizard", "attack", "no step", "attack Guardian with Melee")
    battle = play(battle, "feint", reaction)
    while isinstance(battle.node(), Turn) and battle.node().player == 1:
        battle = battle.apply(grammar.texts(battle.legal_actions(1))[0])  # the Dodge step, if any
    if "end activation" in grammar.texts(battle.legal_actions(0)):
        battle = battle.apply("end activation")
    return battle


def test_a_feint_against_a_reaction_makes_the_attack_action_free():
    battle = feinted("deflect")
    assert battle.fighter("Wizard").counters == 0
    assert events(battle, "free")[0].rule == "13.2"


def test_a_feint_against_no_reaction_costs_the_action():
    assert feinted("none").fighter("Wizard").counters == 1


# -- Blink (Blink v1.5.x, 20.2) -----------------------------------------------------------


def blinker(hand=("AS",)) -> Battle:
    return ready(
        ("Wizard",), ("Guardian",), {"Wizard": (3, 8), "Guardian": (9, 8)}, hands={0: hand}
    )


def test_blink_must_end_more_than_3_inches_from_every_enemy():
    battle = blinker()
    wizard = battle.fighter("Wizard")
    x = 9 - (3 + 2 * RADIUS)
    while math.dist((9, 8), (x, 8)) - 2 * RADIUS > 3:  # exactly 3" apart, to the last bit
        x = math.nextafter(x, 9)
    assert math.dist((9, 8), (x, 8)) - 2 * RADIUS == 3
    assert "it must be more than 3" in str(blink_problem(battle, wizard, (x, 8)))
    assert blink_problem(battle, wizard, (x - 0.01, 8)) is None


def test_blink_is_refused_while_carrying_an_object():
    table = open_table(objects=[{"name": "Chest", "at": [3, 9.0], "carriable": True}])
    battle = ready(
        ("Wizard",), ("Guardian",), {"Wizard": (3, 8.01), "Guardian": (9, 8)}, table=table
    )
    battle = play(battle, "activate Wizard", "move", "pick up Chest", "to 3,7")
    battle = play(battle, "end activation", "activate Guardian", "guard", "no step")
    battle = play(battle, "end activation")
    battle = with_hand(battle, 0, ("AS",)).apply("activate Wizard")
    assert "blink" not in grammar.texts(battle.legal_actions(0))
    with pytest.raises(IllegalAction, match="Blink: Wizard is carrying Chest"):
        battle.apply("blink")


# -- Energize and recovering actions (20.3) ------------------------------------------------


def test_energize_turns_a_double_action_counter_into_a_single_one():
    hands = {0: ("2H", "2D")}
    positions = {"Wizard": (3, 8), "Witch": (3, 10), "Guardian": (9, 8)}
    battle = ready(("Wizard", "Witch"), ("Guardian",), positions, hands=hands)
    battle = battle.with_fighter(replace(battle.fighter("Witch"), counters=2))
    battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    battle = play(
        battle, "activate Wizard", "guard", "no step", "cast Energize on Witch paying 2H+2D"
    )
    assert battle.fighter("Witch").counters == 1


# -- King of the Hill's 3" (v1.3.0, 9.4) ---------------------------------------------------


def test_king_of_the_hill_counts_fighters_within_3_inches_and_not_beyond():
    from test_battle_endgame import hill_to_the_end

    positions = {"Wizard": (5, 1.5), "Guardian": (7, 14.5)}
    battle = ready(("Wizard",), ("Guardian",), positions, scenario="king-of-the-hill")
    # The objective is at (6, 8): the Guardian's base is 2.9" away, the Wizard's 3.1".
    where = {"Wizard": (6 - 3.1 - RADIUS, 8), "Guardian": (6 + 2.9 + RADIUS, 8)}
    battle = hill_to_the_end(battle, where)
    node = battle.node()
    assert isinstance(node, End) and node.winner == 1, node


# -- Poison at the end of the Action Phase: sequencing (1.2, ruling MB-19) -----------------


def test_poison_on_both_sides_is_ordered_by_a_roll_off():
    positions = {"Wizard": (3, 8), "Guardian": (9, 8)}
    battle = ready(("Wizard",), ("Guardian",), positions)
    for name in ("Wizard", "Guardian"):
        battle = battle.with_fighter(replace(battle.fighter(name), poisoned=True))
    for _ in range(2):
        battle = play(battle, "activate Wizard", "guard", "no step", "end activation")
        battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    battle = play(battle, "pass", "pass")
    node = battle.node()
    assert isinstance(node, Chance) and node.rule == "3.1" and "poison" in node.label, node
    battle = battle.apply("roll-off 2 5")  # player 2 wins and orders
    node = battle.node()
    assert isinstance(node, Turn) and (node.player, node.rule) == (1, "1.2")


# -- Contact (8.0, 19.1, ruling MB-11) ------------------------------------------------------


def test_contact_is_a_gap_of_at_most_a_hundredth_of_an_inch():
    assert in_contact((0, 0), (2 * RADIUS + 0.009, 0))
    assert not in_contact((0, 0), (2 * RADIUS + 0.015, 0))


def test_a_fighter_in_contact_may_pick_up_an_object_and_one_just_apart_may_not():
    for gap, offered in ((0.005, True), (0.02, False)):
        table = open_table(
            objects=[{"name": "Chest", "at": [3, 8 + 2 * RADIUS + gap], "carriable": True}]
        )
        battle = ready(
            ("Wizard",), ("Guardian",), {"Wizard": (3, 8), "Guardian": (9, 8)}, table=table
        )
        battle = play(battle, "activate Wizard", "move")
        assert ("pick up Chest" in grammar.texts(battle.legal_actions(0))) is offered, gap


# -- Knockback and Push (18.5.4, ruling MB-8) ----------------------------------------------


def knocking(first=("Wizard",), attack="Melee", **kwargs) -> Battle:
    positions = {first[0]: (5.5, 8), "Guardian": (6.5, 8.01)}
    battle = ready(first, ("Guardian",), positions, **kwargs)
    battle = play(battle, f"activate {first[0]}", "attack", "no step")
    return play(battle, f"attack Guardian with {attack}", "light", "none", "no barrier")


def test_a_knockback_of_nothing_is_no_knockback_not_a_move_of_0_inches():
    battle = knocking()
    assert battle.node().rule == "18.5.4"
    with pytest.raises(IllegalAction, match="18.5.4: Guardian can be knocked back up to"):
        battle.apply("knock back 0")
    battle.apply("no knockback")


def test_push_moves_a_carrying_fighter_without_making_it_drop_its_object():
    table = open_table(objects=[{"name": "Chest", "at": [9, 9.0], "carriable": True}])
    positions = {"Cleric": (3, 8), "Guardian": (9, 8.01)}
    battle = ready(("Cleric",), ("Guardian",), positions, hands={0: ("2C",)}, table=table)
    battle = play(battle, "activate Cleric", "guard", "no step", "end activation")
    battle = play(battle, "activate Guardian", "move", "pick up Chest", "to 6.5,8")
    battle = play(battle, "end activation", "activate Cleric", "attack", "no step")
    battle = play(battle, "attack Guardian with Push paying 2C", "none", "no knockback")
    guardian = battle.fighter("Guardian")
    assert guardian.at == (10.5, 8) and events(battle, "shove")  # 6 hits - Armour 2
    assert guardian.carrying == ("Chest",) and battle.item("Chest").at is None


# -- Round 1's Channelling Phase follows the order deployment finished in (12.0) -------------


def test_the_player_who_finishes_deploying_first_channels_first_in_round_1():
    battle = set_up(new_battle(("Wizard", "Witch"), ("Guardian",)))
    battle = deploy(battle, {"Wizard": (3, 8), "Guardian": (9, 8), "Witch": (3, 4)})
    assert battle.deployed == (1, 0)  # player 2 ran out of fighters first
    node = battle.node()
    assert battle.phase.value == "channelling" and isinstance(node, Turn) and node.player == 1


# -- Push on moveable objects (Cleric v1.4.0, 19.2, ruling MB-34) ---------------------------


def barrel(terrain=()) -> Battle:
    table = open_table(terrain, objects=[{"name": "Barrel", "at": [3, 6], "moveable": True}])
    positions = {"Cleric": (3, 4), "Guardian": (9, 8)}
    battle = ready(("Cleric",), ("Guardian",), positions, hands={0: ("2C",)}, table=table)
    return play(battle, "activate Cleric", "attack", "no step")


def test_push_moves_a_moveable_object_1_inch_per_hit_straight_away():
    battle = barrel()
    assert "attack Barrel with Push paying 2C" in grammar.texts(battle.legal_actions(0))
    battle = battle.apply("attack Barrel with Push paying 2C")
    # Precision 6 against no Evasion: all 6 dice hit, no Armour: 6" from (3, 6) to (3, 12).
    assert battle.item("Barrel").at == (3, 12)
    assert events(battle, "shove")[0].rule == "19.2"
    assert battle.fighter("Cleric").counters == 1 and "2C" in battle.discard


def test_a_pushed_object_cannot_move_over_even_a_low_obstacle():
    rocks = {"name": "Rocks", "height": 0.5, "rectangle": {"centre": [3, 10], "size": [4, 1]}}
    battle = barrel([rocks]).apply("attack Barrel with Push paying 2C")
    x, y = battle.item("Barrel").at
    # The rocks start at y = 9.5: the barrel's base stops touching them, not over them.
    assert x == 3 and abs(y - (9.5 - RADIUS)) <= 0.011


def test_only_push_targets_objects_and_only_moveable_ones():
    battle = barrel()
    with pytest.raises(IllegalAction, match="19.2: Melee cannot target Barrel"):
        battle.apply("attack Barrel with Melee")
    table = open_table(objects=[{"name": "Chest", "at": [3, 6], "carriable": True}])
    battle = ready(
        ("Cleric",),
        ("Guardian",),
        {"Cleric": (3, 4), "Guardian": (6.6, 4)},
        table=table,
        hands={0: ("2C",)},
    )
    battle = play(battle, "activate Cleric", "attack", "no step")
    assert not any("Chest" in a for a in grammar.texts(battle.legal_actions(0)))
