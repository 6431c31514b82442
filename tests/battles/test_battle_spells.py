"""17.0 Spellcasting in battles: the universal abilities and the fighters' own spells.

Costs come from the bundled pack (v1.5.2 universal abilities); each test pays in cards
and checks both the effect and the cards discarded.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from mwbattle import events, guard_turns, open_table, play, ready, with_hand

from skirmish.engine.battle import IllegalAction, Turn
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle import grammar
from skirmish.games.magewinds.battle.attacks import AttackFrame
from skirmish.games.magewinds.battle.position import start_position
from skirmish.games.magewinds.effects import HEX, THIRD_EYE, WHITE_HOT_WEAPONS, WILDFORM

WALL = {"name": "Wall", "height": 2.5, "rectangle": {"centre": [6, 8], "size": [0.4, 6]}}
FAR = {"Guardian": (9, 8), "Druid": (9, 2)}


def battle_of(first, positions, hands, second=("Guardian", "Druid"), **kwargs):
    """Round 1's Action Phase, the Druid's player having declined Wildform."""
    all_positions = {**positions, **{k: v for k, v in FAR.items() if k in second}}
    battle = ready(first, second, all_positions, hands=hands, **kwargs)
    if battle.node().rule == "Wildform":
        battle = battle.apply("done")
    return battle


def test_haste_adds_1_to_movement_per_caster_who_sees_the_mover():
    battle = battle_of(
        ("Wizard", "Witch"),
        {"Wizard": (3, 8), "Witch": (3, 10)},
        {0: ("2S", "3S"), 1: ("2C", "3C")},
    )
    battle = play(battle, "activate Wizard", "move")
    casts = [o for o in grammar.texts(battle.legal_actions(0)) if o.startswith("cast")]
    assert casts == [
        "cast Haste by Wizard on Wizard paying 2S",
        "cast Haste by Wizard on Wizard paying 3S",
        "cast Haste by Witch on Wizard paying 2S",
        "cast Haste by Witch on Wizard paying 3S",
    ]
    battle = play(battle, "cast Haste by Witch on Wizard paying 2S")
    assert "2S" in battle.discard
    # 5.0: each caster once; the Witch has cast, the Wizard still may.
    assert [o for o in grammar.texts(battle.legal_actions(0)) if o.startswith("cast")] == [
        "cast Haste by Wizard on Wizard paying 3S"
    ]
    battle = play(battle, "cast Haste by Wizard on Wizard paying 3S")
    with pytest.raises(IllegalAction, match='may move 7"'):
        battle.apply("to 3,0.9")  # 7.1"
    battle = battle.apply("to 3,1")
    assert battle.fighter("Wizard").at == (3, 1)


def test_leap_makes_a_step_up_to_3_inches():
    battle = battle_of(
        ("Wizard",), {"Wizard": (3, 8)}, {0: ("2S",), 1: ("2C",)}, second=("Guardian",)
    )
    battle = play(battle, "activate Wizard", "guard")
    with pytest.raises(IllegalAction, match='may move 1"'):
        battle.apply("step 3,10")
    battle = battle.apply("cast Leap paying 2S")
    battle = battle.apply("step 3,11")
    assert battle.fighter("Wizard").at == (3, 11)


def test_blink_redeploys_more_than_3_inches_from_every_enemy_at_a_visible_spot():
    battle = battle_of(
        ("Wizard",),
        {"Wizard": (3, 8)},
        {0: ("AS",), 1: ("2C",)},
        second=("Guardian",),
        table=open_table([WALL]),
    )
    battle = play(battle, "activate Wizard", "blink", "no step")
    spots = grammar.texts(battle.legal_actions(0))
    assert spots and all(o.endswith("paying AS") for o in spots)
    with pytest.raises(IllegalAction, match='Blink: .* from Guardian; it must be more than 3"'):
        battle.apply("blink to 7.5,9.5 paying AS")
    with pytest.raises(IllegalAction, match="not visible to Wizard"):
        battle.apply("blink to 10,14 paying AS")  # behind the wall
    battle = battle.apply("blink to 1,1 paying AS")
    assert battle.fighter("Wizard").at == (1, 1) and "AS" in battle.discard
    assert battle.fighter("Wizard").counters == 1  # a spell action is an action
    assert events(battle, "redeploy")[0].rule == "20.2"


def test_blink_is_not_offered_without_three_spades():
    battle = battle_of(
        ("Wizard",), {"Wizard": (3, 8)}, {0: ("2S", "3S"), 1: ("2C",)}, second=("Guardian",)
    )
    battle = battle.apply("activate Wizard")
    assert "blink" not in grammar.texts(battle.legal_actions(0))
    with pytest.raises(IllegalAction, match="17.0: Wizard cannot pay Blink's 3 Spades"):
        battle.apply("blink")


def test_recover_heals_the_hearts_spent_and_ends_poison():
    battle = start_position(
        {
            "format": "skirmish magewinds position",
            "fighters": [
                {"name": "Wizard", "player": 1, "at": [3, 8], "damage": 3, "poisoned": True},
                {"name": "Guardian", "player": 2, "at": list(FAR["Guardian"])},
            ],
            "hands": [["KH", "2H"], ["2C"]],
        }
    )
    battle = play(battle, "activate Wizard", "recover", "no step")
    assert grammar.texts(battle.legal_actions(0)) == (
        "recover paying 2H",
        "recover paying KH",
        "recover paying 2H+KH",
    )
    battle = battle.apply("recover paying KH")
    assert battle.fighter("Wizard").damage == 1 and not battle.fighter("Wizard").poisoned
    assert events(battle, "heal")[0].rule == "20.1"


def test_energize_recovers_an_action_once_per_warband_per_action_phase():
    hands = {0: ("2H", "3H", "2D", "3D"), 1: ("2C",)}
    battle = battle_of(("Wizard", "Witch"), {"Wizard": (3, 8), "Witch": (3, 10)}, hands)
    battle = play(battle, "activate Wizard", "guard", "no step")
    casts = grammar.texts(battle.legal_actions(0))
    assert "cast Energize on Wizard paying 2H+2D" in casts and "end activation" in casts
    battle = battle.apply("cast Energize on Wizard paying 2H+2D")
    assert battle.fighter("Wizard").counters == 0  # 20.3: a single counter is removed
    assert events(battle, "recover_action")[0].rule == "20.3"
    assert not any(o.startswith("cast Energize") for o in grammar.texts(battle.legal_actions(0)))
    battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    battle = play(battle, "activate Witch", "guard", "no step")
    # Still 3H and 3D in hand, but this warband has energized this Action Phase: as the
    # Witch's activation ends only Hex could be cast (and there are no Clubs to pay).
    assert battle.node().rule == "13.0" and grammar.texts(battle.legal_actions(0)) == (
        "end activation",
    )


def test_barrier_and_mirrorshield_are_the_defenders_decisions_paid_from_their_hand():
    positions = {"Wizard": (5.5, 8), "Mesmer": (7.6, 8), "Seer": (9, 2)}
    battle = ready(
        ("Wizard",), ("Mesmer", "Seer"), positions, hands={0: ("2D", "3S"), 1: ("2C", "KC")}
    )
    battle = play(
        battle, "activate Wizard", "attack", "no step", "attack Mesmer with Zap paying 3S+2D"
    )
    assert grammar.texts(battle.legal_actions(1)) == ("none", "dodge", "deflect", "mirrorshield")
    battle = play(battle, "mirrorshield")
    node = battle.node()
    assert isinstance(node, Turn) and node.player == 1 and node.rule == "17.0"
    assert grammar.texts(battle.legal_actions(1)) == ("2C", "KC")
    battle = play(battle, "2C", "dice 1 1 1 1 1 1 1")  # 7 hits; Armour 1 + Deflect 2 blocks 3
    # 4 damage: Barrier may be cast with what is left (the King of Clubs, worth 2).
    assert grammar.texts(battle.legal_actions(1)) == ("no barrier", "KC")
    battle = play(battle, "KC", "dice 1 2 3 4")
    # The Wizard receives the 3 blocked hits: its player is asked for Barrier too (MB-14).
    node = battle.node()
    assert isinstance(node, Turn) and node.player == 0 and node.rule == "Barrier"
    assert grammar.texts(battle.legal_actions(0)) == ("no barrier",)  # the Wizard's cards are spent
    battle = battle.apply("no barrier")
    mesmer = battle.fighter("Mesmer")
    assert mesmer.damage == 2 and battle.hands[1] == ()
    assert {"2C", "KC", "2D", "3S"} <= set(battle.discard)
    # Mirrorshield: the Wizard receives the 3 blocked hits, Armour 1: 2 damage.
    assert battle.fighter("Wizard").damage == 2


def test_push_shoves_the_target_away_instead_of_damage():
    positions = {"Cleric": (3, 8), "Guardian": (6.5, 8)}
    battle = ready(("Cleric",), ("Guardian",), positions, hands={0: ("2C",), 1: ("2H",)})
    battle = play(
        battle,
        "activate Cleric",
        "attack",
        "no step",
        "attack Guardian with Push paying 2C",
        "none",
    )
    # Precision 6 against Evasion 0: every die hits, 6 hits - Armour 2 = 4" of Push.
    battle = battle.apply("no knockback")
    guardian = battle.fighter("Guardian")
    assert guardian.damage == 0
    shove = events(battle, "shove")[0]
    assert shove.rule == "Push" and dict(shove.data)["inches"] == 4
    assert guardian.at == (10.5, 8)


def test_white_hot_weapons_work_for_friends_within_9_inches_that_the_enchanter_sees():
    positions = {"Enchanter": (3, 8), "Witch": (5.5, 8), "Guardian": (6.5, 8)}
    hands = {0: ("2D",), 1: ("2C",)}
    battle = ready(
        ("Enchanter", "Witch"), ("Guardian", "Druid"), {**positions, "Druid": (9, 2)}, hands=hands
    )
    battle = play(battle, "done", "activate Enchanter")  # no Wildform
    battle = battle.apply("cast White-Hot Weapons paying 2D")
    assert battle.auras == (("white_hot_weapons", "Enchanter"),)
    battle = play(
        battle,
        "guard",
        "no step",
        "end activation",
        *guard_turns("Guardian"),
        "activate Witch",
        "attack",
        "no step",
    )
    battle = battle.apply("attack Guardian with Poison Tip")
    frame = battle.frames[-1]
    assert isinstance(frame, AttackFrame) and WHITE_HOT_WEAPONS in frame.situation.attacker.effects


def test_third_eye_hex_and_wildform_reach_the_attack_procedure():
    positions = {"Seer": (3, 8), "Witch": (5.5, 8), "Druid": (6.5, 8), "Guardian": (9, 2)}
    hands = {0: ("2D", "2C", "3C"), 1: ("2H",)}
    battle = ready(("Seer", "Witch"), ("Druid", "Guardian"), positions, hands=hands)
    node = battle.node()
    assert isinstance(node, Turn) and node.rule == "Wildform"  # at the start of the Action Phase
    battle = play(battle, "cast Wildform on Druid paying 2H")
    assert "wildform" in battle.fighter("Druid").effects
    battle = play(battle, "activate Witch", "cast Third Eye by Seer on Witch paying 2D+2C")
    assert "third_eye" in battle.fighter("Witch").effects
    battle = play(battle, "guard", "no step", "cast Hex on Druid paying 3C")
    assert "hex" in battle.fighter("Druid").effects
    battle = play(
        battle, "end activation", "activate Druid", "attack", "no step", "attack Witch with Melee"
    )
    frame = battle.frames[-1]
    assert isinstance(frame, AttackFrame)
    assert frame.situation.attacker.effects == {WILDFORM, HEX}
    assert frame.situation.target.effects == {THIRD_EYE}


def test_spells_end_with_the_action_phase():
    positions = {"Druid": (3, 8), "Wizard": (9, 8)}
    battle = ready(("Druid",), ("Wizard",), positions, hands={0: ("2H",), 1: ("2S",)})
    battle = play(battle, "cast Wildform on Druid paying 2H")
    for _ in range(2):
        battle = play(
            battle,
            *guard_turns("Druid", "Wizard"),
        )
    battle = play(battle, "pass", "pass")
    assert not battle.fighter("Druid").effects
    assert events(battle, "effects_end")[0].rule == "13.5"


def test_wildform_moves_2_further_and_cannot_deflect():
    positions = {"Druid": (3, 8), "Wizard": (9, 8)}
    battle = ready(("Druid",), ("Wizard",), positions, hands={0: ("2H",), 1: ("2S",)})
    battle = play(battle, "cast Wildform on Druid paying 2H", "activate Druid", "move", "to 3,1")
    assert battle.fighter("Druid").at == (3, 1)  # 7" with Wildform


def test_an_attack_spell_needs_its_cost_and_aimed_shot_needs_take_aim():
    positions = {"Deadeye": (3, 8), "Guardian": (9, 8)}
    battle = ready(("Deadeye",), ("Guardian",), positions, hands={0: ("2H",), 1: ("2S",)})
    battle = play(battle, "activate Deadeye", "attack", "no step")
    options = grammar.texts(battle.legal_actions(0))
    assert options == ("attack Guardian with Quick Shot",)  # no Spark without a Diamond
    with pytest.raises(IllegalAction, match="MB-12"):
        battle.apply("attack Guardian with Aimed Shot")
    with pytest.raises(SkirmishError, match="17.0: 2H does not pay 1 Diamond"):
        battle.apply("attack Guardian with Spark paying 2H")


def test_a_cast_must_be_one_of_the_legal_ways_to_pay():
    battle = battle_of(
        ("Wizard",), {"Wizard": (3, 8)}, {0: ("2S",), 1: ("2C",)}, second=("Guardian",)
    )
    battle = play(battle, "activate Wizard", "move")
    with pytest.raises(IllegalAction, match="17.0"):
        battle.apply("cast Haste by Wizard on Wizard paying 3S")


def test_poison_deals_damage_at_the_end_of_the_action_phase_with_barrier_offered():
    positions = {"Wizard": (3, 8), "Guardian": (9, 8)}
    battle = ready(("Wizard",), ("Guardian",), positions, hands={0: ("AC",), 1: ("2S",)})
    battle = battle.with_fighter(replace(battle.fighter("Wizard"), poisoned=True))
    for _ in range(2):
        battle = play(
            battle,
            *guard_turns("Wizard", "Guardian"),
        )
    battle = play(battle, "pass", "pass")
    node = battle.node()
    assert isinstance(node, Turn) and node.rule == "Barrier" and node.player == 0
    assert grammar.texts(battle.legal_actions(0)) == ("no barrier", "AC")
    battle = play(battle, "AC", "dice 4")  # 4 is above the 3 Clubs: the poison gets through
    assert battle.fighter("Wizard").damage == 1 and battle.fighter("Wizard").poisoned


def test_with_hand_helper_only_moves_cards_from_the_deck():
    battle = battle_of(("Wizard",), {"Wizard": (3, 8)}, {}, second=("Guardian",))
    battle = with_hand(battle, 0, ("AS",))
    assert battle.hands[0] == ("AS",) and "AS" not in battle.deck


def test_a_mirrorshield_that_takes_the_attacker_down_still_lets_the_target_step():
    # Found by fuzzing: the step after a reaction is measured from where the attacker stood.
    positions = {"Druid": (3, 8), "Mesmer": (5, 8), "Guardian": (9, 2), "Seer": (9, 14)}
    battle = ready(("Druid", "Mesmer"), ("Guardian", "Seer"), positions, hands={0: ("QD", "8C")})
    battle = battle.with_fighter(replace(battle.fighter("Druid"), damage=5))
    battle = play(
        battle, "done", "activate Druid", "attack", "no step", "attack Mesmer with Spark paying QD"
    )
    battle = play(battle, "mirrorshield", "8C", "dice 1 1 1")  # 3 hits, all blocked and sent back
    assert battle.fighter("Druid").status.value == "out of action"
    node = battle.node()
    assert isinstance(node, Turn) and node.rule == "18.4" and node.player == 0
    steps = [o for o in grammar.texts(battle.legal_actions(0)) if o.startswith("step")]
    assert steps and all(float(o.split()[1].split(",")[0]) >= 5 for o in steps)


# -- ruling MB-2: one card paying two parts of a cost ----------------------------------------


@pytest.mark.parametrize(
    ("card_worth", "offered"), [("across-parts", True), ("within-part", False)]
)
def test_the_king_of_diamonds_alone_pays_third_eye_only_across_parts(card_worth, offered):
    # Third Eye costs "1 Diamond + 1 Any": the King's worth of two pays both parts, or
    # counts within the Diamond part only (ruling MB-2).
    positions = {"Seer": (3, 8), "Witch": (3, 10)}
    battle = battle_of(
        ("Seer", "Witch"), positions, {0: ("KD",), 1: ("2H",)}, card_worth=card_worth
    )
    battle = battle.apply("activate Witch")
    cast = "cast Third Eye by Seer on Witch paying KD"
    assert (cast in grammar.texts(battle.legal_actions(0))) is offered
    if offered:
        battle = battle.apply(cast)
        assert "third_eye" in battle.fighter("Witch").effects and "KD" in battle.discard
    else:
        with pytest.raises(SkirmishError, match="MB-2: a card's worth counts within one part"):
            battle.apply(cast)
        paid = with_hand(battle, 0, ("3S",))
        assert f"{cast[: -len('KD')]}3S+KD" in grammar.texts(paid.legal_actions(0))


def test_energize_may_be_cast_again_in_the_next_action_phase():
    # Energize (v1.5.x): once per warband per Action Phase, so a new phase allows it again.
    hands = {0: ("2H", "3H", "2D", "3D"), 1: ("2C",)}
    battle = battle_of(("Wizard", "Witch"), {"Wizard": (3, 8), "Witch": (3, 10)}, hands)
    battle = play(battle, "activate Wizard", "guard", "no step")
    battle = battle.apply("cast Energize on Wizard paying 2H+2D")
    while battle.phase.value != "channelling":
        options = grammar.texts(battle.legal_actions(battle.node().player))
        first = ("activate", "discard")
        choice = next((o for o in options if o.startswith(first)), None) or next(
            o for o in ("guard", "no step", "end activation", "pass") if o in options
        )
        battle = battle.apply(choice)
    # Round 2: no warband has energized in this Action Phase yet.
    assert battle.round == 2 and battle.energized == frozenset()
