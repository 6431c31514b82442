"""14.0 End Phase, 14.1 Windburn, the scenarios' ends, 19.0 objects, 1.2 sequencing."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from mwbattle import events, guard_turns, open_table, play, ready

from skirmish.engine.battle import Chance, End, IllegalAction, Turn
from skirmish.games.magewinds.battle import grammar
from skirmish.games.magewinds.battle.damage import take_down
from skirmish.games.magewinds.battle.deck import hand_limit
from skirmish.games.magewinds.battle.endphase import Windburn
from skirmish.games.magewinds.battle.position import start_position

TWO = {"Wizard": (3, 8), "Guardian": (9, 8)}


def end_of_round(battle):
    """Everybody guards twice, then passes (the fighters named in the battle)."""
    while battle.phase.value == "action":
        node = battle.node()
        if not isinstance(node, Turn):
            break
        legal = grammar.texts(battle.legal_actions(node.player))
        if "pass" in legal:
            battle = battle.apply("pass")
        elif legal[0].startswith("activate"):
            battle = play(battle, legal[0], "guard")
            if "no step" in grammar.texts(battle.legal_actions(node.player)):
                battle = battle.apply("no step")
        else:
            battle = battle.apply(legal[-1])
    return battle


def hill_to_the_end(battle, where: dict[str, tuple[float, float]]):
    """King of the Hill played round by round with the fighters put back ``where`` before
    each round ends, until the battle is over."""
    for _ in range(battle.setup.options.round_limit(battle.setup.scenario)):
        for name, at in where.items():
            battle = battle.with_fighter(replace(battle.fighter(name), at=at))
        battle = end_of_round(battle)
        if isinstance(battle.node(), End):
            break
        while battle.phase.value == "channelling":
            battle = battle.apply("pass")
    return battle


def test_windburn_keeps_or_discards_each_card_and_kept_cards_deal_their_value():
    battle = ready(("Wizard",), ("Guardian",), TWO, hands={0: ("KH", "2S"), 1: ("AC",)})
    battle = end_of_round(battle)
    assert battle.phase.value == "end"
    assert all(f.counters == 0 for f in battle.fighters)  # 14.0
    node = battle.node()
    assert isinstance(node, Turn) and node.rule == "14.1" and node.player == 0 and node.hidden
    assert grammar.texts(battle.legal_actions(0)) == (
        "keep 2S",
        "discard 2S",
        "keep KH",
        "discard KH",
    )
    battle = battle.apply("keep KH")
    assert grammar.texts(battle.legal_actions(0)) == ("damage Wizard",)
    battle = play(battle, "damage Wizard", "damage Wizard", "discard 2S")
    assert battle.fighter("Wizard").damage == 2  # a King is worth 2 (14.1, 17.0)
    assert battle.hands[0] == ("KH",) and "2S" in battle.discard
    # The other player's windburn follows; their view shows the value, not the card.
    keep = [e for e in battle.view(1)["log"] if e["event"].startswith("keep")]
    assert [e["text"] for e in keep] == ["player 1 keeps a card worth 2 (ruling MB-22)"]
    battle = play(battle, "keep AC", "damage Guardian", "damage Guardian", "damage Guardian")
    assert battle.fighter("Guardian").damage == 3  # an Ace is worth 3
    assert battle.round == 2 and battle.phase.value == "channelling"


def test_windburn_can_take_your_own_fighter_down():
    battle = start_position(
        {
            "format": "skirmish magewinds position",
            "fighters": [
                {"name": "Wizard", "player": 1, "at": list(TWO["Wizard"]), "damage": 4},
                {"name": "Guardian", "player": 2, "at": list(TWO["Guardian"])},
            ],
            "hands": [["AS", "AH"], []],
        }
    )
    battle = end_of_round(battle)
    battle = play(battle, "keep AS", "damage Wizard", "damage Wizard")
    # Deathmatch ends at once with one warband left (ruling MB-4).
    assert isinstance(battle.node(), End) and battle.node().winner == 1


def test_with_no_fighter_left_no_card_can_be_kept():
    # Both published scenarios end before windburn when a warband is gone; the rule is
    # still the windburn step's (ruling MB-17).
    battle = hill(hands={0: ("2S",)})
    battle = take_down(battle, "Wizard").push(Windburn(0))
    assert grammar.texts(battle.legal_actions(0)) == ("discard 2S",)
    with pytest.raises(IllegalAction, match="MB-17"):
        battle.apply("keep 2S")


def test_deathmatch_ends_after_the_round_limit_with_the_most_fighters_winning():
    positions = {**TWO, "Witch": (3, 4)}
    battle = ready(("Wizard", "Witch"), ("Guardian",), positions, rounds=1)
    battle = end_of_round(battle)
    node = battle.node()
    assert isinstance(node, End) and node.winner == 0
    assert "most fighters on the battlefield" in node.reason
    assert events(battle, "end")[0].rule == "14.0"


def test_a_deathmatch_round_limit_draw():
    battle = end_of_round(ready(("Wizard",), ("Guardian",), TWO, rounds=1))
    assert battle.node() == End(None, battle.node().reason) and "draw" in battle.node().reason


def test_deathmatch_ends_at_once_when_one_warband_is_left():
    battle = ready(("Wizard",), ("Guardian",), TWO)
    battle = take_down(battle, "Guardian").settle()
    node = battle.node()
    assert isinstance(node, End) and node.winner == 0 and "MB-4" in node.reason


def test_heroic_last_stand_raises_the_hand_limit_with_one_fighter_left():
    positions = {**TWO, "Witch": (3, 4)}
    battle = ready(("Wizard", "Witch"), ("Guardian",), positions, last_stand=2)
    assert hand_limit(battle, 0)[0] == 5
    assert hand_limit(battle, 1)[0] == 5  # a warband of one never had more (ruling MB-4)
    battle = take_down(battle, "Witch")
    assert hand_limit(battle, 0) == (7, "hand limit 5 Heroic Last Stand +2 (ruling MB-4): 7")


HILL = {"Wizard": (5, 1.5), "Guardian": (7, 14.5)}


def hill(**changes):
    return ready(("Wizard",), ("Guardian",), HILL, scenario="king-of-the-hill", **changes)


def test_king_of_the_hill_sudden_death_at_the_end_of_any_round():
    battle = end_of_round(hill())  # nobody near the objective: a draw at once
    node = battle.node()
    assert isinstance(node, End) and node.winner is None and "sudden death" in node.reason


def test_king_of_the_hill_holder_wins_sudden_death_and_hand_bonus_within_1_inch():
    battle = hill()
    battle = battle.with_fighter(replace(battle.fighter("Wizard"), at=(6, 6.5)))
    # 9.4: measured from the marker's centre (6, 8): 1.5 - 0.49 = 1.01" is not within 1".
    assert hand_limit(battle, 0)[0] == 5
    battle = battle.with_fighter(replace(battle.fighter("Wizard"), at=(6, 6.6)))
    assert hand_limit(battle, 0)[0] == 6
    battle = end_of_round(battle)
    node = battle.node()
    assert isinstance(node, End) and node.winner == 0


def test_king_of_the_hill_after_round_3_the_most_fighters_within_3_inches_wins():
    positions = {"Wizard": (5, 1.5), "Witch": (4, 1.5), "Guardian": (7, 14.5)}
    battle = ready(("Wizard", "Witch"), ("Guardian",), positions, scenario="king-of-the-hill")
    where = {"Wizard": (5, 8), "Witch": (4.5, 9.5), "Guardian": (7, 8)}
    battle = hill_to_the_end(battle, where)
    node = battle.node()
    assert isinstance(node, End) and node.winner == 0 and battle.round == 3
    assert 'within 3" of the objective' in node.reason


OBJECTS = [{"name": "Chest", "at": [3, 9.0], "carriable": True}]


def test_objects_are_picked_up_at_the_start_or_end_of_a_move_and_dropped_in_contact():
    table = open_table(objects=OBJECTS)
    battle = ready(
        ("Wizard",), ("Guardian",), {"Wizard": (3, 8.01), "Guardian": (9, 8)}, table=table
    )
    battle = play(battle, "activate Wizard", "move")
    assert "pick up Chest" in grammar.texts(battle.legal_actions(0))
    battle = play(battle, "pick up Chest", "to 3,4")
    assert battle.fighter("Wizard").carrying == ("Chest",) and battle.item("Chest").at is None
    assert grammar.texts(battle.legal_actions(0))[-1] == "end activation"  # 19.1: or drop it now
    battle = play(
        battle,
        "end activation",
        *guard_turns("Guardian"),
        "activate Wizard",
    )
    drops = [o for o in grammar.texts(battle.legal_actions(0)) if o.startswith("drop")]
    assert drops and all("Chest" in o for o in drops)
    with pytest.raises(IllegalAction, match="19.1: a dropped object is placed in contact"):
        battle.apply("drop Chest at 3,6")
    battle = battle.apply(drops[0])
    assert battle.item("Chest").at is not None and not battle.fighter("Wizard").carrying


def test_a_fighter_taken_down_drops_its_object_where_it_stood():
    table = open_table(objects=OBJECTS)
    battle = ready(
        ("Wizard",), ("Guardian",), {"Wizard": (3, 8.01), "Guardian": (9, 8)}, table=table
    )
    battle = play(battle, "activate Wizard", "move", "pick up Chest", "to 3,4")
    battle = take_down(battle, "Wizard")
    assert battle.item("Chest").at == (3, 4)
    dropped = [e for e in battle.events() if e.event == "drop"]
    assert [(e.get("item"), e.get("why")) for e in dropped] == [("Chest", "taken down")]


def test_a_fighter_knocked_back_drops_its_object_close_to_where_it_stood():
    table = open_table(objects=[{"name": "Chest", "at": [6.5, 9.0], "carriable": True}])
    positions = {"Wizard": (5.5, 8), "Guardian": (6.5, 8.01)}
    battle = ready(("Wizard",), ("Guardian",), positions, table=table)
    battle = play(battle, "activate Wizard", "guard", "no step", "end activation")
    battle = play(battle, "activate Guardian", "move", "pick up Chest", "to 6.5,8")
    battle = play(
        battle,
        "end activation",
        "activate Wizard",
        "attack",
        "no step",
        "attack Guardian with Melee",
        "light",
        "none",
        "no barrier",
    )
    battle = battle.apply("knock back 1")
    assert battle.fighter("Guardian").at == (7.5, 8)
    chest = battle.item("Chest").at
    assert chest is not None and abs(chest[0] - 6.5) < 0.02 and abs(chest[1] - 8) < 0.02


@pytest.mark.parametrize("apart", [1.0, 1.5, 1.9])
@pytest.mark.parametrize("tilt", [0.0, 0.2])
def test_a_dropped_object_is_placed_where_its_base_overlaps_no_other(apart, tilt):
    """Ruling MB-20: an object dropped where it cannot stand goes to the nearest point
    where it can. That point used to be read off the free space drawn with polygons, whose
    edges cut inside the circles, so the object overlapped a fighter's base by up to
    0.005" past the 0.001" touching tolerance (MW-18), and the fighter could then not even
    stay where it stood."""
    from skirmish.games.magewinds.battle.geometry import OVERLAP, nearest_free, stand_problem

    left, right = (5.0, 8.0), (5.0 + apart, 8.0 + tilt)
    battle = ready(("Wizard",), ("Guardian",), TWO)
    for name, at in (("Wizard", left), ("Guardian", right)):
        battle = battle.with_fighter(replace(battle.fighter(name), at=at))
    wanted = ((left[0] + right[0]) / 2, (left[1] + right[1]) / 2)
    spot = nearest_free(battle, wanted)
    assert spot is not None and stand_problem(battle, spot) is None
    assert min(math.dist(spot, left), math.dist(spot, right)) >= OVERLAP
    # as close as possible: within 0.05" of the nearest point clear of both true circles
    half = math.dist(left, right) / 2
    nearest = math.sqrt(OVERLAP**2 - half**2)
    assert math.dist(spot, wanted) <= nearest + 0.05


def test_wildform_drops_what_the_druid_carries_and_cannot_pick_up():
    table = open_table(objects=OBJECTS)
    battle = ready(
        ("Druid",),
        ("Guardian",),
        {"Druid": (3, 8.01), "Guardian": (9, 8)},
        table=table,
        hands={0: ("2H",)},
    )
    battle = play(battle, "done", "activate Druid", "move", "pick up Chest", "to 3,5")
    battle = end_of_round(battle.apply("end activation"))
    battle = play(battle, "keep 2H", "damage Druid")  # 14.1: keep the Heart for Wildform
    while battle.phase.value == "channelling":
        battle = battle.apply("pass")
    battle = play(battle, "cast Wildform on Druid paying 2H")
    assert battle.item("Chest").at is not None and not battle.fighter("Druid").carrying
    battle = play(battle, "activate Druid", "move")
    assert not any(o.startswith("pick up") for o in grammar.texts(battle.legal_actions(0)))


def test_two_players_casting_as_the_phase_starts_roll_off_and_the_winner_orders():
    positions = {"Druid-1": (3, 8), "Druid-2": (9, 8)}
    battle = ready(("Druid",), ("Druid",), positions, hands={0: ("2H",), 1: ("3H",)})
    node = battle.node()
    assert isinstance(node, Chance) and node.rule == "3.1"  # 1.2: nobody's turn
    battle = battle.apply("roll-off 2 5")
    node = battle.node()
    assert isinstance(node, Turn) and node.rule == "1.2" and node.player == 1
    battle = battle.apply("order 2,1")
    node = battle.node()
    assert isinstance(node, Turn) and node.player == 1 and node.rule == "Wildform"
    assert grammar.texts(battle.legal_actions(1)) == ("cast Wildform on Druid-2 paying 3H", "done")
    battle = battle.apply("done")  # then player 1's Druid, as ordered
    assert grammar.texts(battle.legal_actions(0)) == ("cast Wildform on Druid-1 paying 2H", "done")


# -- ruling MB-32: King of the Hill's equal counts -----------------------------------------


def tied_hill(tie: str):
    positions = {"Wizard": (5, 1.5), "Witch": (4, 1.5), "Guardian": (7, 14.5)}
    battle = ready(
        ("Wizard", "Witch"), ("Guardian",), positions, scenario="king-of-the-hill", tie=tie
    )
    # one fighter of each side within 3" of the objective; the Witch far from it
    battle = hill_to_the_end(battle, {"Wizard": (5, 8), "Witch": (1, 1.5), "Guardian": (7, 8)})
    node = battle.node()
    assert isinstance(node, End) and battle.round == 3
    return node


def test_king_of_the_hill_equal_counts_are_a_draw_by_default():
    node = tied_hill("draw")
    assert node.winner is None and "a draw" in node.reason


def test_king_of_the_hill_equal_counts_can_go_to_the_side_with_more_fighters_left():
    node = tied_hill("fighters")
    assert node.winner == 0 and "MB-32" in node.reason


# -- ruling MB-33: poison taking both warbands' last fighters ------------------------------


def last_poison(poison_falls: str):
    positions = {"Wizard": (3, 8), "Guardian": (9, 8)}
    battle = ready(("Wizard",), ("Guardian",), positions, poison_falls=poison_falls)
    for name in ("Wizard", "Guardian"):
        fighter = battle.fighter(name)
        toughness = battle.setup.profile(fighter.profile).toughness
        battle = battle.with_fighter(replace(fighter, poisoned=True, damage=toughness - 1))
    for _ in range(2):
        battle = play(battle, "activate Wizard", "guard", "no step", "end activation")
        battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    battle = play(battle, "pass", "pass", "roll-off 6 1", "order 1,2")
    while isinstance(battle.node(), Turn):  # Barrier for each, declined
        battle = battle.apply("no barrier")
    node = battle.node()
    assert isinstance(node, End)
    return battle, node


def test_poison_taking_both_last_fighters_at_once_is_a_draw_by_default():
    battle, node = last_poison("together")
    assert node.winner is None, node.reason
    assert not any(f.on_battlefield for f in battle.fighters)


def test_poison_in_order_lets_the_warband_poisoned_last_win():
    _, node = last_poison("in-order")
    assert node.winner == 1, node.reason  # player 1's poison was dealt first


# -- ruling MB-14: Barrier against windburn, off by default --------------------------------


def test_barrier_answers_windburn_only_when_the_table_agrees():
    hands = {0: ("KH", "2C"), 1: ()}
    off = end_of_round(ready(("Wizard",), ("Guardian",), TWO, hands=hands))
    off = play(off, "discard 2C", "keep KH", "damage Wizard")
    assert off.node().rule == "14.1" and off.fighter("Wizard").damage == 1
    on = end_of_round(ready(("Wizard",), ("Guardian",), TWO, hands=hands, windburn_barrier="on"))
    on = play(on, "keep KH", "damage Wizard")
    node = on.node()
    assert isinstance(node, Turn) and node.rule == "Barrier" and node.player == 0
    assert grammar.texts(on.legal_actions(0)) == ("no barrier", "2C")
    on = play(on, "2C", "dice 1")  # 1 is within 1 Club: the point of windburn is cancelled
    assert on.fighter("Wizard").damage == 0 and "2C" in on.discard
    assert [e.get("cancels") for e in on.events() if e.event == "barrier"] == [True]
    on = play(on, "damage Wizard", "no barrier")
    assert on.fighter("Wizard").damage == 1
