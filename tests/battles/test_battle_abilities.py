"""The fighters' own abilities in battles (Tempest Crusaders), each checked against the
page's numbers worked out by hand: Heal, Revive, Take Aim and Aimed Shot, Ward, Prediction,
Entangle (both versions) and Blast's further attacks."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mwbattle import (
    deploy,
    events,
    guard_turns,
    new_battle,
    open_table,
    play,
    ready,
    set_up,
    with_hand,
)

from skirmish.engine.battle import IllegalAction, Turn
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle import grammar, new_setup, start_battle
from skirmish.games.magewinds.battle.abilities.cleric import (
    REVIVE_REACH,
    revive_reach,
    revive_ring,
)
from skirmish.games.magewinds.battle.attacks import AttackFrame, build_situation
from skirmish.games.magewinds.battle.damage import take_down
from skirmish.games.magewinds.battle.geometry import sees
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.state import Mark, Status
from skirmish.games.magewinds.battle.steps import StepFrame
from skirmish.games.magewinds.pack import bundled_pack, load_pack, parse_pack

FILLER = (1, 15)
"""Where a fighter stands that only evens the warbands (so player 1 acts first)."""
WALL = {"name": "Wall", "height": 2.5, "rectangle": {"centre": [6, 8], "size": [0.4, 6]}}


def guard(battle, name):
    """Activate ``name`` and Guard, declining every moment on the way."""
    battle = play(battle, f"activate {name}", "guard")
    while isinstance(battle.node(), Turn) and battle.frames[-1].__class__.__name__ != "ActionPhase":
        options = battle.options()
        for word in ("no step", "end activation", "done"):
            if word in options:
                battle = battle.apply(word)
                break
        else:
            raise AssertionError(options)
    return battle


# -- Cleric (v1.4.0) ------------------------------------------------------------------------


def test_heal_at_the_end_of_the_activation_heals_the_hearts_worth_and_ends_poison():
    positions = {"Cleric": (3, 8), "Wizard": (3, 10), "Guardian": (9, 8), "Seer": (9, 14)}
    battle = ready(("Cleric", "Wizard"), ("Guardian", "Seer"), positions, hands={0: ("KH", "2H")})
    battle = battle.with_fighter(replace(battle.fighter("Wizard"), damage=4, poisoned=True))
    battle = play(battle, "activate Cleric", "guard", "no step")
    heals = [o for o in grammar.texts(battle.legal_actions(0)) if o.startswith("cast Heal")]
    # 1+ Hearts: the 2 (worth 1), the King (worth 2), both (worth 3); 17.0.
    assert heals == [
        "cast Heal on Wizard paying 2H",
        "cast Heal on Wizard paying KH",
        "cast Heal on Wizard paying 2H+KH",
    ]
    battle = battle.apply("cast Heal on Wizard paying KH")
    wizard = battle.fighter("Wizard")
    assert wizard.damage == 2 and not wizard.poisoned
    assert "KH" in battle.discard and battle.hands[0] == ("2H",)
    assert "Cleric v1.4.0" in events(battle, "heal")[0].text


def test_heal_needs_a_visible_fighter_within_5_inches():
    positions = {"Cleric": (3, 8), "Wizard": (3, 14.1), "Guardian": (9, 8), "Seer": (9, 2)}
    battle = ready(("Cleric", "Wizard"), ("Guardian", "Seer"), positions, hands={0: ("2H",)})
    battle = battle.with_fighter(replace(battle.fighter("Wizard"), damage=1))
    battle = play(battle, "activate Cleric", "guard", "no step")
    assert not [
        o for o in grammar.texts(battle.legal_actions(0)) if o.startswith("cast Heal")
    ]  # a gap of 5.12"
    with pytest.raises(IllegalAction, match="17.0"):
        battle.apply("cast Heal on Wizard paying 2H")


def _fallen(before_phase: bool, cleric: tuple[float, float] = (3, 8)):
    positions = {"Cleric": cleric, "Wizard": (3, 10), "Guardian": (9, 8), "Seer": (9, 14)}
    battle = set_up(new_battle(("Cleric", "Wizard"), ("Guardian", "Seer")))
    battle = deploy(battle, positions)
    battle = with_hand(battle, 0, ("AH",))
    if before_phase:
        battle = take_down(battle, "Wizard")
    while battle.phase.value == "channelling":
        battle = battle.apply("pass")
    if not before_phase:
        battle = take_down(battle, "Wizard")
    return battle


@pytest.mark.parametrize("before_phase", [False, True])
def test_revive_brings_a_fighter_back_within_1_inch_with_half_its_toughness(before_phase):
    battle = _fallen(before_phase)
    battle = play(battle, "activate Cleric", "revive", "no step")
    assert "revive Wizard at 3.986,8 paying AH" in grammar.texts(
        grammar.texts(battle.legal_actions(0))
    )  # in contact
    with pytest.raises(IllegalAction, match='Revive: .* must be within 1"'):
        battle.apply("revive Wizard at 5.084,8 paying AH")  # a gap of 1.1" (bases 0.984")
    battle = battle.apply("revive Wizard at 4.984,8 paying AH")  # a gap of exactly 1"
    wizard = battle.fighter("Wizard")
    assert wizard.on_battlefield and wizard.at == (4.984, 8)
    assert wizard.damage == 3  # Toughness 6: half, rounded up
    # Fallen in this Action Phase: back with a single action counter.
    assert wizard.counters == (0 if before_phase else 1)
    assert "AH" in battle.discard


@pytest.mark.parametrize("cleric", [(3.3137, 7.7071), (2.9, 8.123), (3.0001, 5.5)])
def test_every_revive_offered_is_accepted(cleric):
    """An offered place, written to three decimals, still passes the 1" check and the
    standing check that a typed place must pass (20.2, ruling MB-6)."""
    battle = _fallen(False, cleric)
    battle = play(battle, "activate Cleric", "revive", "no step")
    offered = [
        o for o in grammar.texts(battle.legal_actions(0)) if o.startswith("revive Wizard at")
    ]
    assert len(offered) >= 8
    for action in offered:
        assert battle.apply(action).fighter("Wizard").on_battlefield


@given(st.floats(1, 11), st.floats(1, 15))
def test_revive_places_are_within_1_inch_and_clear_of_the_cleric(x, y):
    for spot in revive_ring((x, y)):
        assert 0 < revive_reach(spot, (x, y)) <= REVIVE_REACH


def test_revive_refuses_a_fighter_on_the_battlefield():
    battle = _fallen(False)
    battle = play(battle, "activate Cleric", "revive", "no step")
    with pytest.raises(IllegalAction, match="Revive: Guardian is not out of action"):
        battle.apply("revive Guardian at 4,8 paying AH")


def test_revive_is_not_offered_when_nobody_is_out_of_action():
    positions = {"Cleric": (3, 8), "Guardian": (9, 8)}
    battle = ready(("Cleric",), ("Guardian",), positions, hands={0: ("AH",)})
    battle = battle.apply("activate Cleric")
    assert "revive" not in grammar.texts(battle.legal_actions(0))
    with pytest.raises(IllegalAction, match="Revive: no fighter is out of action"):
        battle.apply("revive")


# -- Deadeye (v1.2.0) -----------------------------------------------------------------------


def test_take_aim_then_an_aimed_shot_next_activation_near_the_marker_only():
    positions = {"Deadeye": (3, 4), "Guardian": (7, 12), "Seer": (9, 12)}
    battle = ready(
        ("Deadeye", "Enchanter"), ("Guardian", "Seer"), {**positions, "Enchanter": FILLER}
    )
    battle = play(battle, "activate Deadeye", "take aim", "no step")
    assert "aim at 7,12" in grammar.texts(battle.legal_actions(0))
    with pytest.raises(IllegalAction, match='Take Aim: .* it must be within 10"'):
        battle.apply("aim at 11,15")  # 13.6" from the centre, 13.1" from the base
    battle = play(battle, "aim at 7,12", "end activation")
    assert [m.at for m in battle.marks] == [(7, 12)]
    battle = guard(battle, "Guardian")
    battle = play(battle, "activate Deadeye", "attack", "no step")
    options = grammar.texts(battle.legal_actions(0))
    # The Seer's base is 1.51" from the marker, the Guardian's 0": both may be shot.
    assert "attack Guardian with Aimed Shot" in options
    assert "attack Seer with Aimed Shot" in options
    battle = battle.apply("attack Guardian with Aimed Shot")
    assert battle.frames[-1].situation.attack.name == "Aimed Shot"


def test_aimed_shot_is_refused_far_from_the_marker_and_the_marker_goes_after_one_activation():
    positions = {"Deadeye": (3, 4), "Guardian": (7, 12), "Seer": (10, 6)}
    battle = ready(
        ("Deadeye", "Enchanter"), ("Guardian", "Seer"), {**positions, "Enchanter": FILLER}
    )
    battle = play(
        battle, "activate Deadeye", "take aim", "no step", "aim at 7,12", "end activation"
    )
    battle = guard(battle, "Guardian")
    battle = play(battle, "activate Deadeye", "attack", "no step")
    assert "attack Seer with Aimed Shot" not in grammar.texts(battle.legal_actions(0))
    with pytest.raises(IllegalAction, match='Seer is not within 2" of the Take Aim marker'):
        battle.apply("attack Seer with Aimed Shot")
    battle = play(battle, "attack Seer with Quick Shot", "none", "dice 6 6 6 6")
    assert [m.detail for m in battle.marks] == ["ready"]
    battle = battle.apply("end activation")
    assert battle.marks == ()
    assert events(battle, "aim_removed")


def test_take_aim_needs_a_visible_point():
    positions = {"Deadeye": (3, 8), "Guardian": (9, 8)}
    battle = ready(("Deadeye",), ("Guardian",), positions, table=open_table([WALL]))
    battle = play(battle, "activate Deadeye", "take aim", "no step")
    # The Guardian is behind the wall: its centre is not offered, and typed it is refused
    # (16.0); the Deadeye's own spot, which it sees, is offered instead (ruling MB-12).
    assert grammar.texts(battle.legal_actions(0)) == ("aim at 3,8",)
    with pytest.raises(IllegalAction, match="16.0"):
        battle.apply("aim at 9,8")


# -- Guardian (v1.5.2) ----------------------------------------------------------------------


def _warded(wizard_at):
    positions = {"Wizard": wizard_at, "Guardian": (6.6, 5), "Seer": (7, 9)}
    battle = ready(
        ("Wizard", "Enchanter"),
        ("Guardian", "Seer"),
        {**positions, "Enchanter": FILLER},
        hands={0: ("2D", "3S"), 1: ("2C",)},
    )
    battle = guard(battle, "Wizard")
    battle = play(
        battle, "activate Guardian", "ward", "no step", "ward paying 2C", "end activation"
    )
    battle = play(
        battle, "activate Wizard", "attack", "no step", "attack Seer with Zap paying 2D+3S"
    )
    frame = battle.frames[-1]
    assert isinstance(frame, AttackFrame)
    return battle, frame


def test_ward_puts_friends_in_cover_against_lines_passing_within_2_inches():
    battle, frame = _warded((3, 2))  # the line passes 1.15" from the Guardian's base
    assert frame.situation.cover
    # Without Ward the Seer is in the open along the same line (18.2).
    wizard, seer = battle.fighter("Wizard"), battle.fighter("Seer")
    plain = build_situation(replace(battle, marks=()), wizard, seer, frame.situation.attack)
    assert not plain.cover
    assert "Guardian v1.5.2" in events(battle, "ward")[0].text


def test_ward_does_not_cover_lines_more_than_2_inches_from_the_guardian():
    battle, frame = _warded((3, 14))  # the line ends 3.5" from the Guardian's base
    assert not frame.situation.cover and not events(battle, "ward")


def test_ward_ends_at_the_guardians_next_action():
    positions = {"Wizard": (3, 2), "Guardian": (6.6, 5), "Seer": (7, 9)}
    battle = ready(
        ("Wizard", "Enchanter"),
        ("Guardian", "Seer"),
        {**positions, "Enchanter": FILLER},
        hands={1: ("2C",)},
    )
    battle = guard(battle, "Wizard")
    battle = play(
        battle, "activate Guardian", "ward", "no step", "ward paying 2C", "end activation"
    )
    assert [m.key for m in battle.marks] == ["ward"]
    battle = guard(battle, "Wizard")
    battle = play(battle, "activate Guardian", "guard")
    assert battle.marks == ()


# -- Seer (v1.4.0) --------------------------------------------------------------------------


def test_prediction_recovers_an_action_when_the_named_enemy_begins_that_action():
    positions = {"Seer": (3, 8), "Guardian": (9, 8), "Wizard": (9, 2)}
    battle = ready(
        ("Seer", "Enchanter"),
        ("Guardian", "Wizard"),
        {**positions, "Enchanter": FILLER},
        hands={0: ("2D", "3D")},
    )
    battle = play(battle, "activate Seer", "cast Prediction on Guardian naming guard paying 2D")
    battle = play(battle, "cast Prediction on Wizard naming move paying 3D")
    battle = play(battle, "guard", "no step", "end activation")
    assert battle.fighter("Seer").counters == 1
    battle = guard(battle, "Wizard")  # the Wizard guards, not moves: nothing
    assert battle.fighter("Seer").counters == 1
    battle = play(battle, "activate Seer", "guard", "no step", "end activation")
    assert battle.fighter("Seer").counters == 2
    battle = play(battle, "activate Guardian", "guard")
    assert battle.fighter("Seer").counters == 1  # 20.3: double becomes single
    assert events(battle, "recover_action")[0].rule == "20.3"


def test_prediction_names_only_an_enemy_and_an_action_it_has():
    positions = {"Seer": (3, 8), "Guardian": (9, 8)}
    battle = ready(("Seer",), ("Guardian",), positions, hands={0: ("2D",)})
    battle = battle.apply("activate Seer")
    with pytest.raises(IllegalAction):
        battle.apply("cast Prediction on Guardian naming revive paying 2D")
    with pytest.raises(IllegalAction):
        battle.apply("cast Prediction on Seer naming guard paying 2D")


# -- Druid (v1.5.2 and v1.5.0) --------------------------------------------------------------


def test_entangle_v152_stops_every_move_until_the_druids_next_action():
    positions = {"Druid": (3, 8), "Wizard": (9, 8)}
    battle = ready(("Druid",), ("Wizard",), positions, hands={0: ("2C", "2H")})
    battle = play(battle, "done", "activate Druid", "entangle", "no step")
    assert grammar.texts(battle.legal_actions(0)) == ("entangle Wizard paying 2H+2C",)
    battle = play(battle, "entangle Wizard paying 2H+2C", "end activation")
    battle = play(battle, "activate Wizard", "move")
    with pytest.raises(IllegalAction, match="Entangle"):
        battle.apply("to 9,9")
    battle = play(battle, "to 9,8", "end activation")
    battle = play(battle, "activate Druid", "guard")
    assert battle.marks == ()


def test_entangle_v150_allows_1_inch_at_a_time_and_no_knockback():
    positions = {"Druid": (3, 8), "Witch": (5.4, 8), "Guardian": (6.6, 8), "Seer": (10, 14)}
    battle = ready(
        ("Druid", "Witch"),
        ("Guardian", "Seer"),
        positions,
        hands={0: ("2C", "2H")},
        pack=example("druid-1.5.0"),
    )
    battle = play(battle, "done", "activate Druid", "entangle", "no step")
    battle = battle.apply("entangle Guardian paying 2H+2C")
    assert events(battle, "spell")[-1].get("version") == "1.5.0"
    battle = play(battle, "end activation", "activate Guardian", "move")
    with pytest.raises(IllegalAction, match="Entangle"):
        battle.apply("to 6.6,9.5")
    battle = play(battle, "to 6.6,9", "end activation", "activate Witch", "attack", "no step")
    battle = play(battle, "attack Guardian with Poison Tip", "heavy", "none", "dice 1 1 1 1 1 1")
    battle = battle.apply("no barrier")
    # Hit and no reaction: knockback would be allowed (18.5.4), but Entangle v1.5.0 forbids.
    assert battle.fighter("Guardian").at == (6.6, 9)
    assert events(battle, "knockback")[-1].get("why") == "unpushable"


# -- Wizard (v1.5.0) ------------------------------------------------------------------------


def test_blast_attacks_every_other_fighter_within_1_inch_in_the_chosen_order_steps_last():
    positions = {"Wizard": (2, 10), "Guardian": (7, 8), "Seer": (7, 9.984), "Witch": (5.5, 7.2)}
    battle = ready(("Wizard", "Witch"), ("Guardian", "Seer"), positions, hands={0: ("2D", "3D")})
    battle = play(
        battle, "activate Wizard", "attack", "no step", "attack Guardian with Blast paying 2D+3D"
    )
    battle = play(battle, "dodge", "dice 6 6 6 6")  # the Guardian dodges; every die misses
    # Its Dodge step waits; the Witch (friend) and the Seer (1" gap) are next, in our order.
    node = battle.node()
    assert isinstance(node, Turn) and node.rule == "Blast" and node.player == 0
    assert sorted(grammar.texts(battle.legal_actions(0))) == ["blast Seer", "blast Witch"]
    assert not any(isinstance(f, StepFrame) for f in battle.frames)
    battle = play(battle, "blast Witch", "none", "dice 6 6 6 6")
    battle = play(battle, "no knockback") if "no knockback" in battle.options() else battle
    battle = play(battle, "dodge", "dice 6 6 6 6")  # the Seer, the last: no question asked
    # Now the steps, in the order attacked: the Guardian's, then the Seer's.
    assert isinstance(battle.frames[-1], StepFrame) and battle.frames[-1].fighter == "Guardian"
    battle = battle.apply(next(o for o in battle.options() if o.startswith("step")))
    assert isinstance(battle.frames[-1], StepFrame) and battle.frames[-1].fighter == "Seer"
    battle = battle.apply(next(o for o in battle.options() if o.startswith("step")))
    assert battle.fighter("Wizard").counters == 1  # one Attack action, not three
    assert [dict(e.data)["target"] for e in events(battle, "blast_attack")] == ["Witch", "Seer"]


# -- Mesmer (v1.5.0) ------------------------------------------------------------------------


def _hypnotized():
    positions = {"Mesmer": (3, 3), "Wizard": (3, 1), "Guardian": (9, 4.5), "Seer": (9, 14)}
    battle = ready(
        ("Mesmer", "Wizard"),
        ("Guardian", "Seer"),
        positions,
        hands={0: ("2H",)},
        table=open_table([WALL]),
    )
    guardian = battle.fighter("Guardian")
    assert sees(battle, guardian, battle.fighter("Wizard"))
    battle = play(battle, "activate Mesmer", "hypnotize", "no step")
    assert grammar.texts(battle.legal_actions(0)) == (
        "hypnotize Wizard paying 2H",
        "hypnotize Guardian paying 2H",
    )
    return play(battle, "hypnotize Guardian paying 2H", "end activation")


def test_hypnotize_leaves_the_mesmer_the_only_fighter_the_target_sees():
    battle = _hypnotized()
    guardian = battle.fighter("Guardian")
    assert not sees(battle, guardian, battle.fighter("Wizard"))
    assert not sees(battle, guardian, battle.fighter("Seer"))
    assert sees(battle, guardian, battle.fighter("Mesmer"))
    assert "Mesmer v1.5.0" in events(battle, "spell")[-1].text


def test_a_hypnotized_fighter_may_not_move_out_of_the_mesmers_sight():
    battle = play(_hypnotized(), "activate Guardian", "move")
    assert "to 9,8" not in grammar.texts(battle.legal_actions(1))
    with pytest.raises(IllegalAction, match="Hypnotize: from \\(9,8\\) Guardian could not see"):
        battle.apply("to 9,8")  # behind the wall
    battle = play(battle, "to 9,4.5", "end activation")
    assert [m.key for m in battle.marks] == ["hypnotize"]


def test_hypnotize_ends_at_the_mesmers_next_action_or_when_sight_is_lost():
    battle = play(_hypnotized(), "activate Guardian", "guard", "no step", "end activation")
    battle = play(battle, "activate Mesmer", "guard")
    assert battle.marks == ()
    battle = _hypnotized()
    battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    battle = play(battle, "activate Mesmer", "move", "to 3,8", "end activation")
    # The Mesmer's Move began its next action: the spell ended before it moved.
    assert battle.marks == () and events(battle, "spell_ends")


# -- Witch (v1.4.0) -------------------------------------------------------------------------


def charmed(target="Guardian"):
    positions = {"Witch": (4, 8), "Wizard": (3, 2), "Guardian": (8, 8), "Seer": (8, 12)}
    hands = {0: ("2H", "2S", "2C", "AS"), 1: ("KS",)}
    battle = ready(("Witch", "Wizard"), ("Guardian", "Seer"), positions, hands=hands)
    battle = play(battle, "activate Witch", "charm", "no step")
    node = battle.node()
    assert isinstance(node, Turn) and node.hidden  # the note is secret
    return play(battle, f"charm {target} paying 2H+2S+2C", "end activation")


def test_charm_interrupts_the_next_activation_and_the_witchs_player_controls_and_pays():
    battle = charmed("Guardian")
    battle = battle.apply("activate Seer")  # not the noted fighter: player 2 plays it
    assert battle.node().player == 1
    battle = play(battle, "guard", "no step", "end activation")
    battle = guard(battle, "Wizard")
    battle = battle.apply("activate Guardian")
    assert events(battle, "charm_revealed")[0].get("fighter") == "Guardian"
    node = battle.node()
    assert isinstance(node, Turn) and node.player == 0  # player 1 decides for the Guardian
    battle = play(battle, "blink", "no step")
    blinks = grammar.texts(battle.legal_actions(0))
    assert blinks and all(b.endswith("paying AS") for b in blinks)  # player 1's Ace, not KS
    battle = play(battle, blinks[0])
    assert "AS" in battle.discard and battle.hands[1] == ("KS",)
    while battle.frames[-1].__class__.__name__ != "ActionPhase":
        battle = battle.apply("end activation")
    assert battle.marks == () and battle.fighter("Guardian").counters == 1
    assert battle.controller(battle.fighter("Guardian")) == 1


def test_charm_needs_a_visible_enemy():
    positions = {"Witch": (3, 8), "Wizard": (3, 2), "Guardian": (9, 8), "Seer": (9, 2)}
    hands = {0: ("2H", "2S", "2C")}
    battle = ready(
        ("Witch", "Wizard"), ("Guardian", "Seer"), positions, hands=hands, table=open_table([WALL])
    )
    battle = play(battle, "activate Witch", "charm", "no step")
    assert all(
        "Guardian" not in o for o in grammar.texts(battle.legal_actions(0))
    )  # behind the wall
    with pytest.raises(
        IllegalAction, match="Charm: Guardian is not an enemy fighter that Witch sees"
    ):
        battle.apply("charm Guardian paying 2H+2S+2C")
    with pytest.raises(IllegalAction, match="Charm: Wizard is not an enemy"):
        battle.apply("charm Wizard paying 2H+2S+2C")


# -- Seer: Insight (v1.4.0) -----------------------------------------------------------------


def insight_drawn(put_back="2H", keep="3S"):
    battle = set_up(new_battle(("Seer",), ("Guardian",)))
    battle = deploy(battle, {"Seer": (3, 8), "Guardian": (9, 8)})
    assert battle.phase.value == "channelling" and battle.node().player == 0
    assert "draw deck with Insight" in grammar.texts(battle.legal_actions(0))
    battle = play(battle, "draw deck with Insight", f"card {put_back}", f"card {keep}")
    node = battle.node()
    assert isinstance(node, Turn) and node.hidden and node.rule == "Insight"
    assert grammar.texts(battle.legal_actions(0)) == (f"keep {put_back}", f"keep {keep}")
    return play(battle, f"keep {keep}")


def test_insight_keeps_one_of_two_and_the_other_is_drawn_next():
    battle = insight_drawn()
    assert battle.hands[0] == ("3S",) and "2H" in battle.deck
    assert battle.node().player == 1
    battle = battle.apply("draw deck")
    with pytest.raises(IllegalAction, match="put back by Insight"):
        battle.apply("card 4C")
    import random

    assert str(battle.sample_chance(random.Random(1))) == "card 2H"
    battle = battle.apply("card 2H")
    assert battle.hands[1] == ("2H",) and battle.marks == ()


# -- Enchanter (v1.3.1) ---------------------------------------------------------------------


def test_phasewalk_lets_a_move_pass_over_obstacles_and_through_enemies():
    positions = {"Wizard": (4.5, 8), "Enchanter": (3, 10), "Guardian": (7, 8), "Seer": (9, 2)}
    hands = {0: ("2S", "3S")}
    battle = ready(
        ("Wizard", "Enchanter"),
        ("Guardian", "Seer"),
        positions,
        hands=hands,
        table=open_table([WALL]),
    )
    battle = play(battle, "activate Wizard", "move")
    with pytest.raises(IllegalAction, match="15.0"):
        battle.apply("to 9.3,8")  # 4.8" straight, through the wall and the Guardian
    casts = [o for o in grammar.texts(battle.legal_actions(0)) if o.startswith("cast Phasewalk")]
    assert casts == [
        "cast Phasewalk by Enchanter on Wizard paying 2S",
        "cast Phasewalk by Enchanter on Wizard paying 3S",
    ]
    battle = battle.apply("cast Phasewalk by Enchanter on Wizard paying 2S")
    assert "Enchanter v1.3.1" in events(battle, "spell")[-1].text
    with pytest.raises(IllegalAction, match="overlap"):
        battle.apply("to 7.5,8")  # it may pass through the Guardian, not stop on it
    battle = battle.apply("to 9.3,8")
    assert battle.fighter("Wizard").at == (9.3, 8)
    with pytest.raises(IllegalAction, match='may move 5"'):
        play(
            battle,
            "end activation",
            *guard_turns("Guardian"),
            "activate Wizard",
            "move",
            "to 4.5,8",
        )  # the next Move is not phased, and too far


# -- Druid: Quake (v1.5.2) ------------------------------------------------------------------

ROCK = {"name": "Rock", "height": 0.5, "rectangle": {"centre": [9.5, 8], "size": [1, 1]}}


def test_quake_attacks_every_fighter_within_1_inch_of_the_feature_with_power_6_precision_3():
    positions = {"Druid": (3, 8), "Enchanter": FILLER, "Guardian": (8, 8), "Seer": (11, 8)}
    battle = ready(
        ("Druid", "Enchanter"),
        ("Guardian", "Seer"),
        positions,
        hands={0: ("2C", "3C")},
        table=open_table([ROCK]),
    )
    battle = play(battle, "done", "activate Druid", "quake", "no step")
    assert grammar.texts(battle.legal_actions(0)) == ("quake Rock paying 2C+3C",)
    battle = battle.apply("quake Rock paying 2C+3C")
    assert sorted(grammar.texts(battle.legal_actions(0))) == [
        "quake attacks Guardian",
        "quake attacks Seer",
    ]
    battle = battle.apply("quake attacks Seer")
    attack = battle.view(1)["pending"][-1]
    assert (attack["attacker"], attack["target"], attack["cover"]) == ("Rock", "Seer", False)
    battle = play(battle, "none", "dice 1 2 2 3 3 6")
    battle = play(battle, "no barrier")
    # Precision 3 - Evasion 1 = target number 2: three hits, Armour 1 blocks one.
    assert battle.fighter("Seer").damage == 2
    assert events(battle, "knockback")[-1].get("why") == "terrain feature"
    assert battle.fighter("Seer").at == (11, 8)
    # The Guardian is attacked last, with no question of order.
    battle = play(battle, "none", "dice 3 3 3 3 3 3", "no barrier")  # target number 3
    assert battle.fighter("Guardian").damage == 4  # 6 hits - Armour 2
    assert battle.fighter("Druid").counters == 1


def test_quake_needs_a_feature_within_9_inches():
    positions = {"Druid": (0.6, 0.6), "Enchanter": FILLER, "Guardian": (8, 2), "Seer": (8, 14)}
    battle = ready(
        ("Druid", "Enchanter"),
        ("Guardian", "Seer"),
        positions,
        hands={0: ("2C", "3C")},
        table=open_table([{**ROCK, "rectangle": {"centre": [11.4, 15.4], "size": [1, 1]}}]),
    )
    battle = play(battle, "done", "activate Druid")
    assert "quake" not in grammar.texts(
        grammar.texts(battle.legal_actions(0))
    )  # 17.6" away: not even a step brings it near
    with pytest.raises(IllegalAction, match="Quake: no terrain feature"):
        battle.apply("quake")


# -- Mesmer: Clone (v1.5.0) -----------------------------------------------------------------

CLONE_SPOTS = "to 7.507,8 and 8.493,8"


def doppelganger_pack():
    """A pack of the user's own giving the Doppelganger a profile (ruling MB-45)."""
    data = {
        "pack": "My Doppelganger",
        "fighters": [
            {
                "name": "Doppelganger",
                "toughness": 1,
                "movement": 5,
                "armour": 0,
                "deflect": 0,
                "evasion": 0,
                "dodge": 0,
            }
        ],
    }
    return bundled_pack().merged(parse_pack(data, source="doppelganger.yaml"))


def cloned(which="first", pack=None, damage=2):
    positions = {"Mesmer": (4, 8), "Wizard": (3, 2), "Guardian": (8, 8), "Seer": (9, 14)}
    hands = {0: ("2D", "2S")}
    battle = ready(("Mesmer", "Wizard"), ("Guardian", "Seer"), positions, hands=hands, pack=pack)
    battle = battle.with_fighter(replace(battle.fighter("Guardian"), damage=damage))
    battle = play(battle, "activate Mesmer", "clone", "no step")
    assert f"clone Guardian {CLONE_SPOTS} genuine {which} paying 2S+2D" in grammar.texts(
        grammar.texts(battle.legal_actions(0))
    )
    node = battle.node()
    assert isinstance(node, Turn) and node.hidden
    return battle.apply(f"clone Guardian {CLONE_SPOTS} genuine {which} paying 2S+2D")


def test_clone_sets_up_the_target_and_a_doppelganger_touching_its_old_spot():
    battle = cloned("second")
    one, two = battle.fighter("Guardian 1"), battle.fighter("Guardian 2")
    assert one.at == (7.507, 8) and two.at == (8.493, 8)
    assert one.profile == two.profile == "Guardian" and one.damage == two.damage == 2
    assert all(f.name != "Guardian" for f in battle.fighters)  # both renamed
    note = [m for m in battle.marks if m.key == "genuine"]
    assert [m.target for m in note] == ["Guardian 2"] and note[0].seen_by == 0
    assert "Mesmer v1.5.0" in events(battle, "clone")[0].text


def test_a_doppelganger_profile_from_a_pack_is_used_and_shown_as_the_targets():
    pack = doppelganger_pack()
    battle = cloned("first", pack=pack, damage=0)
    assert battle.fighter("Guardian 2").profile == "Doppelganger"
    shown = {f["name"]: f["profile"] for f in battle.view(1)["fighters"]}
    assert shown["Guardian 1"] == shown["Guardian 2"] == "Guardian"
    assert not problems(battle)


def test_a_doppelganger_given_damage_at_its_toughness_is_taken_down_at_once():
    """The twins keep the target's damage (ruling MB-45); a Doppelganger of Toughness 1
    copying 2 damage is taken down (18.5.3), which reveals the note."""
    battle = cloned("first", pack=doppelganger_pack(), damage=2)
    assert battle.fighter("Guardian 2").status is Status.OUT_OF_ACTION
    assert battle.fighter("Guardian 1").on_battlefield
    assert not [m for m in battle.marks if m.key in ("clone", "genuine")]  # revealed
    assert not problems(battle)


def test_clone_refuses_a_place_that_does_not_touch_the_old_spot():
    positions = {"Mesmer": (4, 8), "Wizard": (3, 2), "Guardian": (8, 8), "Seer": (9, 14)}
    battle = ready(("Mesmer", "Wizard"), ("Guardian", "Seer"), positions, hands={0: ("2D", "2S")})
    battle = play(battle, "activate Mesmer", "clone", "no step")
    with pytest.raises(IllegalAction, match="does not touch Guardian's old spot"):
        battle.apply("clone Guardian to 7.507,8 and 10,8 genuine first paying 2S+2D")
    with pytest.raises(IllegalAction, match="overlap"):
        battle.apply("clone Guardian to 7.9,8 and 8.1,8 genuine first paying 2S+2D")


# -- Page versions: packs of your own -------------------------------------------------------

EXAMPLES = Path(__file__).parents[2] / "examples" / "packs"


def example(name):
    return bundled_pack().merged(load_pack(EXAMPLES / f"{name}.yaml"))


def test_the_bundled_pack_says_which_versions_it_holds():
    pack = bundled_pack()
    assert pack.fighter("Druid").version == "1.5.2" and pack.fighter("Druid").armour == 0
    assert {a.version for a in pack.universal_abilities} == {"1.5.2"}
    assert pack.fighter("Wizard").attack("Spark").single.precision == 4


def test_haste_v120_adds_3_and_recover_v120_heals_2_at_the_next_turn():
    pack = example("universal-1.2.0")
    positions = {"Wizard": (3, 8), "Guardian": (9, 8)}
    battle = ready(("Wizard",), ("Guardian",), positions, hands={0: ("2S", "2H")}, pack=pack)
    battle = battle.with_fighter(replace(battle.fighter("Wizard"), damage=3))
    battle = play(battle, "activate Wizard", "move", "cast Haste by Wizard on Wizard paying 2S")
    battle = battle.apply("to 3,0.5")  # 7.5": Movement 5 + 3
    battle = play(battle, "end activation", "activate Guardian", "guard", "no step")
    battle = play(battle, "end activation", "activate Wizard", "recover", "no step")
    battle = battle.apply("recover paying 2H")
    assert battle.fighter("Wizard").damage == 3  # not yet
    battle = play(battle, "end activation", "activate Guardian", "guard", "no step")
    battle = battle.apply("end activation")
    assert battle.fighter("Wizard").damage == 1  # player 1's next turn: heals 2
    assert "Recover (v1.2.0)" in events(battle, "heal")[-1].text


def test_spark_v150_has_precision_3_for_every_fighter():
    pack = example("spark-1.5.0")
    assert {f.attack("Spark").single.precision for f in pack.fighters} == {3}


def test_the_druid_v150_pack_plays_entangles_older_rule():
    pack = example("druid-1.5.0")
    druid = pack.fighter("Druid")
    assert (druid.version, druid.armour, druid.evasion) == ("1.5.0", 1, 1)
    positions = {"Druid": (3, 8), "Guardian": (9, 8)}
    battle = ready(("Druid",), ("Guardian",), positions, hands={0: ("2C", "2H", "3H")}, pack=pack)
    battle = play(battle, "done", "activate Druid", "entangle", "no step")
    battle = battle.apply("entangle Guardian paying 2H+2C")
    assert [(m.key, m.detail) for m in battle.marks] == [("entangle", "1.5.0")]


def test_a_pack_of_your_own_is_checked():
    with pytest.raises(SkirmishError, match="0.4: a pack gives at least one"):
        parse_pack({"pack": "Empty"}, source="empty.yaml")
    uncosted = {
        "pack": "Old Druid",
        "universal_abilities": [{"name": "Entangle", "kind": "spell action", "key": "entangle"}],
    }
    with pytest.raises(SkirmishError, match="17.0: the spell 'Entangle' .* needs a casting cost"):
        parse_pack(uncosted, source="old.yaml")


def test_a_battle_with_a_pack_of_your_own_is_recorded_and_replays():
    import json

    from skirmish.engine.battle import History, RandomPlayer, parse_record, play_out, to_record
    from skirmish.games.magewinds.battle import replay_record
    from skirmish.games.magewinds.battle.setup import user_pack

    pack, data = user_pack(EXAMPLES / "druid-1.5.0.yaml")
    setup = new_setup("deathmatch", [["Druid"], ["Seer"]], table=open_table(), pack=pack)
    history = History.start(start_battle(setup), 3)
    play_out(history, [RandomPlayer(3, 0), RandomPlayer(3, 1)])
    record = to_record(history, "magewinds", {**setup.as_dict(), "pack_file": data}, ("r", "r"))
    again = replay_record(parse_record(json.loads(record.dumps()), source="saved")).state
    assert again.state_hash() == history.state.state_hash()
    assert again.setup.pack.fighter("Druid").armour == 1


def test_blink_is_refused_while_carrying_an_object():
    table = open_table(objects=[{"name": "Chest", "at": [3, 12.0], "carriable": True}])
    positions = {"Wizard": (3, 8), "Guardian": (9, 8)}
    battle = ready(("Wizard",), ("Guardian",), positions, hands={0: ("AS",)}, table=table)
    battle = replace(battle, items=(replace(battle.item("Chest"), at=None, carried_by="Wizard"),))
    battle = battle.with_fighter(replace(battle.fighter("Wizard"), carrying=("Chest",)))
    battle = battle.apply("activate Wizard")
    assert "blink" not in grammar.texts(battle.legal_actions(0))
    with pytest.raises(IllegalAction, match="Blink: Wizard is carrying Chest"):
        battle.apply("blink")


def test_a_fighter_taken_down_takes_its_spells_with_it_but_a_charm_note_stands():
    battle = charmed("Guardian")
    battle = replace(
        battle,
        marks=(
            *battle.marks,
            Mark("ward", "Guardian"),
            Mark("hypnotize", "Wizard", target="Guardian"),
            Mark("entangle", "Seer", target="Wizard"),
        ),
    )
    battle = take_down(battle, "Guardian")
    assert sorted((m.key, m.owner) for m in battle.marks) == [
        ("charm", "Witch"),
        ("entangle", "Seer"),
    ]


def test_status_shows_public_marks_and_never_a_secret_one():
    from skirmish.games.magewinds.battle.session import status_rows

    notes = {row["fighter"]: row["notes"] for row in status_rows(_hypnotized())}
    assert notes["Guardian"] == "hypnotized by Mesmer"
    quiet = {row["fighter"]: row["notes"] for row in status_rows(charmed("Guardian"))}
    assert not any(quiet.values())  # the Charm note is secret
    pack = doppelganger_pack()
    twins = cloned("first", pack=pack, damage=0)
    rows = {row["fighter"]: row["damage"] for row in status_rows(twins)}
    assert rows["Guardian 1"] == rows["Guardian 2"] == "0/7"  # as the Guardian shows


def test_a_fighter_that_escapes_leaves_the_spells_on_it_behind():
    # Hold the Line (ruling MB-30): an Escape leaves the battlefield (4.4), so the Entangle
    # and Hypnotize on the fighter end, as when it is taken down (ruling MB-37); Entangle
    # v1.5.2 stops moving, not escaping
    from skirmish.games.magewinds.battle.activation import Activation
    from skirmish.games.magewinds.battle.session import status_rows

    setup = new_setup(
        "hold-the-line", [["Druid", "Wizard", "Cleric"], ["Mesmer", "Druid"]], table=open_table()
    )
    battle = play(
        start_battle(setup),
        "roll-off 6 1",
        "objective left",
        *(f"card {c}" for c in ("8S", "8H", "8D", "8C", "9C")),
        "deploy Mesmer at 2,4",
        "deploy Druid-2 at 2,14",
        *(
            f"deploy {n} at 11.5078,{y}"
            for n, y in (("Druid-1", 8), ("Wizard", 10), ("Cleric", 12))
        ),
    )
    battle = battle.with_fighter(replace(battle.fighter("Wizard"), at=(0.4922, 8)))
    spells = (
        Mark("entangle", "Druid-2", target="Wizard", detail="1.5.2"),
        Mark("hypnotize", "Mesmer", target="Wizard"),
    )
    battle = replace(battle, marks=spells)
    battle = play(battle, "pass", "pass").push(Activation("Wizard", 0))
    battle = play(battle, "escape", "no step")
    assert battle.result is None  # 1 of the 2 needed
    assert battle.marks == ()
    notes = {row["fighter"]: row["notes"] for row in status_rows(battle)}
    assert not any(notes.values())


def test_prediction_may_name_hold_the_lines_escape_for_an_attackers_fighter():
    # ruling MB-38: any action an enemy is activated to make, Escape included (MB-30); the
    # Defender's fighters cannot escape, so it is never named for them
    from skirmish.games.magewinds.battle.activation import Activation

    setup = new_setup("hold-the-line", [["Wizard", "Cleric"], ["Seer"]], table=open_table())
    battle = play(
        start_battle(setup),
        "roll-off 6 1",
        "objective left",
        *(f"card {c}" for c in ("8S", "8H", "8D", "8C", "9C")),
        "deploy Seer at 2,4",
        "deploy Wizard at 11.5078,8",
        "deploy Cleric at 11.5078,10",
        "pass",
        "pass",
    )
    battle = battle.with_fighter(replace(battle.fighter("Wizard"), at=(0.4922, 12)))
    battle = battle.with_fighter(replace(battle.fighter("Seer"), counters=1))
    battle = with_hand(battle, 1, ("2D",))
    battle = battle.push(Activation("Seer", 1))
    assert "cast Prediction on Wizard naming escape paying 2D" in grammar.texts(
        grammar.texts(battle.legal_actions(1))
    )
    battle = play(battle, "cast Prediction on Wizard naming escape paying 2D")
    battle = play(battle, "guard", "no step", "end activation")
    assert battle.fighter("Seer").counters == 2
    battle = battle.push(Activation("Wizard", 0))
    battle = play(battle, "escape", "no step")
    assert battle.fighter("Seer").counters == 1  # 20.3
    assert events(battle, "recover_action")


def test_a_charmed_seer_casts_prediction_paying_from_the_witchs_players_hand():
    # ruling MB-41: the Witch's player pays for the charmed fighter's spells
    positions = {"Witch": (4, 8), "Wizard": (3, 2), "Guardian": (8, 8), "Seer": (8, 12)}
    hands = {0: ("2H", "2S", "2C", "3D"), 1: ("9D",)}
    battle = ready(("Witch", "Wizard"), ("Guardian", "Seer"), positions, hands=hands)
    battle = play(battle, "activate Witch", "charm", "no step")
    battle = play(battle, "charm Seer paying 2H+2S+2C", "end activation", "activate Seer")
    predictions = [a for a in grammar.texts(battle.legal_actions(0)) if "Prediction" in a]
    assert predictions and all(a.endswith("paying 3D") for a in predictions)
    battle = battle.apply(predictions[0])
    assert battle.hands == ((), ("9D",)) and "3D" in battle.discard


def test_a_charmed_cleric_heals_paying_from_the_witchs_players_hand():
    # ruling MB-41: the Witch's player pays for the charmed fighter's spells
    positions = {"Witch": (4, 8), "Wizard": (3, 2), "Cleric": (8, 8), "Guardian": (8, 10)}
    hands = {0: ("2H", "2S", "2C", "3H"), 1: ("9H",)}
    battle = ready(("Witch", "Wizard"), ("Cleric", "Guardian"), positions, hands=hands)
    battle = battle.with_fighter(replace(battle.fighter("Guardian"), damage=2))
    battle = play(battle, "activate Witch", "charm", "no step")
    battle = play(battle, "charm Cleric paying 2H+2S+2C", "end activation", "activate Cleric")
    battle = play(battle, "guard", "no step")
    heals = [a for a in grammar.texts(battle.legal_actions(0)) if "Heal" in a and "Guardian" in a]
    assert heals and all(a.endswith("paying 3H") for a in heals)
    battle = battle.apply(heals[0])
    assert battle.hands == ((), ("9H",)) and "3H" in battle.discard
    assert battle.fighter("Guardian").damage == 1


def test_a_hypnotized_fighter_is_not_offered_an_attack_only_a_forbidden_step_allows():
    # ruling MB-40: the Guardian sees only the Mesmer; a step toward the Wizard would hide
    # the Mesmer behind the wall (and so free its sight), but that step is not allowed
    wall = {"name": "Wall", "height": 3, "rectangle": {"centre": [4.6, 10], "size": [3.2, 0.4]}}
    deployed = {"Mesmer": (1, 1), "Wizard": (1, 3), "Guardian": (11, 1), "Seer": (11, 3)}
    battle = ready(("Mesmer", "Wizard"), ("Guardian", "Seer"), deployed, table=open_table([wall]))
    where = {"Mesmer": (4, 12.5), "Wizard": (4.8, 8.6), "Guardian": (7.2, 9.2), "Seer": (11, 14)}
    for name, at in where.items():
        battle = battle.with_fighter(replace(battle.fighter(name), at=at))
    battle = replace(battle, marks=(Mark("hypnotize", "Mesmer", target="Guardian"),))
    battle = play(battle, "activate Wizard", "guard", "no step", "end activation")
    battle = battle.apply("activate Guardian")
    assert [m.key for m in battle.marks] == ["hypnotize"]
    assert sees(battle, battle.fighter("Guardian"), battle.fighter("Mesmer"))
    assert "attack" not in battle.options()
