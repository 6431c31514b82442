"""Independent checks of the Tempest Crusaders abilities, written from the pages' numbers and
core rules 1.2.0 (17.0 card worth, 18.5 attack sequence, 20.1 healing) without reference
to how the engine computes them.

Exact odds are worked out here by enumerating die faces (and Hex's re-roll, 3.2) one die at
a time; battle facts are read through the public battle interface (legal actions, apply,
the fighters' state)."""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import product

import icepool
import pytest
from mwbattle import activate, open_table, out_of_action, placed, play

from skirmish.engine.battle import IllegalAction
from skirmish.games.magewinds.battle import grammar
from skirmish.games.magewinds.battle.state import Battle

# -- exact odds from 18.5 -------------------------------------------------------------------


def die_hits(target_number: int, *, hexed: bool = False) -> Fraction:
    """18.5.2: one die hits on a face at or under the target number. Hexed (Witch v1.4.0):
    the target number is at most 5 and a hit counts only if its one re-roll (3.2) hits too."""
    if hexed:
        tn = min(target_number, 5)
        pairs = product(range(1, 7), repeat=2)
        return Fraction(sum(1 for a, b in pairs if a <= tn and b <= tn), 36)
    return Fraction(sum(1 for face in range(1, 7) if face <= target_number), 6)


def binomial(n: int, p: Fraction) -> Counter[int]:
    """How many of ``n`` independent trials succeed, each with chance ``p``."""
    dist: Counter[int] = Counter({0: Fraction(1)})
    for _ in range(n):
        step: Counter[int] = Counter()
        for k, w in dist.items():
            step[k + 1] += w * p
            step[k] += w * (1 - p)
        dist = step
    return dist


def damage(
    power: int, target_number: int, armour: int, *, hexed: bool = False, barrier: int = 0
) -> dict[int, Fraction]:
    """18.5.2-18.5.3: hits minus Armour; Barrier (v1.5.x) rolls a die per damage point and
    cancels it on a face at or under the Clubs spent."""
    out: Counter[int] = Counter()
    for hits, w in binomial(power, die_hits(target_number, hexed=hexed)).items():
        dealt = max(0, hits - armour)
        for kept, v in binomial(dealt, Fraction(6 - barrier, 6)).items():
            out[kept] += w * v
    return {k: v for k, v in out.items() if v}


ZAP_AT_CLERIC = ("--attacker", "Wizard", "--attack", "Zap", "--target", "Cleric")

# (label, odds arguments, {(choice, reaction): (Power, target number, Armour, extras)})
# Profiles (bundled pack): Guardian Ev 0 Ddg 2 Arm 2 Dfl 2; Druid v1.5.2 Ev 2 Ddg 3 Arm 0
# Dfl 2; Cleric, Mesmer Ev 1 Ddg 3 Arm 1 Dfl 2.
ODDS_CASES = [
    (
        "Quake: Power 6, Precision 3, at a Guardian",
        ["--power", "6", "--precision", "3", "--target", "Guardian"],
        {
            (None, "none"): (6, 3, 2, {}),
            (None, "dodge"): (6, 3 - 2, 2, {}),
            (None, "deflect"): (6, 3, 2 + 2, {}),
        },
    ),
    (
        "Aimed Shot 6/5 at a Guardian",
        ["--attacker", "Deadeye", "--attack", "Aimed Shot", "--target", "Guardian"],
        {
            (None, "none"): (6, 5, 2, {}),
            (None, "dodge"): (6, 5 - 2, 2, {}),
            (None, "deflect"): (6, 5, 4, {}),
        },
    ),
    (
        "Aimed Shot at a Druid in cover",
        ["--attacker", "Deadeye", "--attack", "Aimed Shot", "--target", "Druid", "--cover"],
        {
            (None, "none"): (6, 5 - 2 - 1, 0, {}),
            (None, "dodge"): (6, 5 - 2 - 1 - 3, 0, {}),
            (None, "deflect"): (6, 5 - 2 - 1, 2, {}),
        },
    ),
    (
        "Blast 4/6 at a Cleric",
        ["--attacker", "Wizard", "--attack", "Blast", "--target", "Cleric"],
        {
            (None, "none"): (4, 5, 1, {}),
            (None, "dodge"): (4, 2, 1, {}),
            (None, "deflect"): (4, 5, 3, {}),
        },
    ),
    (
        "Spark v1.5.2 3/4 at a Druid",
        ["--attacker", "Cleric", "--attack", "Spark", "--target", "Druid", "--reaction", "none"],
        {(None, "none"): (3, 4 - 2, 0, {})},
    ),
    (
        "Wildform: +1 Power on the Heavy melee",
        ["--attacker", "Druid", "--wildform", "--choice", "heavy", "--target", "Guardian"],
        {("heavy", "none"): (6 + 1, 5, 2, {}), ("heavy", "deflect"): (7, 5, 4, {})},
    ),
    (
        "Wildform: no Power on a missile spell",
        ["--attacker", "Druid", "--attack", "Spark", "--wildform", "--target", "Guardian"],
        {(None, "none"): (3, 4, 2, {})},
    ),
    (
        "Hex: Light 3/10 capped at 5 and hits re-rolled",
        ["--attacker", "Witch", "--hex", "--choice", "light", "--target", "Guardian"],
        {("light", "none"): (3, 10, 2, {"hexed": True})},
    ),
    (
        "Hex on Zap against a dodging Cleric",
        ["--attacker", "Wizard", "--attack", "Zap", "--hex", "--target", "Cleric"],
        {(None, "dodge"): (7, 6 - 1 - 3, 1, {"hexed": True})},
    ),
    (
        "Third Eye on the attacker: +1 Precision",
        ["--attacker", "Seer", "--third-eye", "--choice", "heavy", "--target", "Druid"],
        {("heavy", "none"): (5, 6 + 1 - 2, 0, {})},
    ),
    (
        "Third Eye on the target: +1 Evasion, stacking with Dodge",
        ["--attacker", "Seer", "--target-third-eye", "--choice", "heavy", "--target", "Druid"],
        {("heavy", "dodge"): (5, 6 - 2 - 1 - 3, 0, {})},
    ),
    (
        "White-Hot Weapons: 1 Armour ignored on non-magical melee",
        ["--attacker", "Witch", "--white-hot", "--choice", "heavy", "--target", "Guardian"],
        {("heavy", "none"): (6, 5, 2 - 1, {}), ("heavy", "deflect"): (6, 5, 4 - 1, {})},
    ),
    (
        "White-Hot Weapons: not on a spell",
        ["--attacker", "Wizard", "--attack", "Zap", "--white-hot", "--target", "Guardian"],
        {(None, "none"): (7, 6, 2, {})},
    ),
    (
        "White-Hot Weapons: not on a missile attack",
        ["--attacker", "Deadeye", "--attack", "Quick Shot", "--white-hot", "--target", "Guardian"],
        {(None, "none"): (4, 4, 2, {})},
    ),
    (
        "Mirrorshield: Armour raised by the Deflect bonus",
        ["--attacker", "Wizard", "--attack", "Zap", "--target", "Mesmer", "--mirrorshield"],
        {(None, "mirrorshield"): (7, 6 - 1, 1 + 2, {})},
    ),
    *(
        (
            f"Barrier with {clubs} Clubs",
            [*ZAP_AT_CLERIC, "--barrier", str(clubs), "--reaction", "none"],
            {(None, "none"): (7, 5, 1, {"barrier": clubs})},
        )
        for clubs in (1, 2, 3)
    ),
]


@pytest.mark.parametrize(("label", "args", "cases"), ODDS_CASES, ids=[c[0] for c in ODDS_CASES])
def test_exact_odds_agree_with_die_by_die_enumeration(cli, label, args, cases):
    run = cli("odds", "magewinds", *args, "--json")
    assert run.code == 0, run.err
    found = {
        (c["choices"]["choice"], c["choices"]["reaction"]): {
            int(k): Fraction(v) for k, v in c["distribution"].items() if Fraction(v)
        }
        for c in json.loads(run.out)["cases"]
    }
    for key, (power, tn, armour, extras) in cases.items():
        assert found[key] == damage(power, tn, armour, **extras), (label, key)


def test_mirrorshield_sends_the_blocked_hits_back_to_the_attacker(cli):
    """Mesmer v1.5.0: the attacker receives as many hits as Armour 1 + Deflect 2 blocked;
    the Wizard's Armour 1 blocks one of them (18.5.3)."""
    args = ["--attacker", "Wizard", "--attack", "Zap", "--target", "Mesmer", "--mirrorshield"]
    run = cli("odds", "magewinds", *args, "--reaction", "mirrorshield", "--json")
    back = json.loads(run.out)["cases"][0]["details"]["attacker_damage"]
    expected: Counter[int] = Counter()
    for hits, w in binomial(7, die_hits(5)).items():
        expected[max(0, min(hits, 3) - 1)] += w
    assert {int(k): Fraction(v) for k, v in back.items() if Fraction(v)} == expected


def test_quakes_odds_as_a_direct_icepool_expression(cli):
    """Quake at a Guardian with no reaction: six dice hitting on 1-3, Armour 2 (Druid
    v1.5.2: Power 6, Precision 3; the Guardian's Evasion 0)."""
    dealt = (6 @ (icepool.d6 <= 3) - 2).clip(0, None)
    args = ["--power", "6", "--precision", "3", "--target", "Guardian", "--reaction", "none"]
    found = json.loads(cli("odds", "magewinds", *args, "--json").out)["cases"][0]
    total = dealt.denominator()
    expected = {int(k): Fraction(q, total) for k, q in dealt.items()}
    assert {int(k): Fraction(v) for k, v in found["distribution"].items()} == expected


# -- battles --------------------------------------------------------------------------------


@pytest.mark.parametrize(("fallen", "toughness"), [("Guardian", 7), ("Deadeye", 5), ("Seer", 6)])
def test_revive_sets_up_with_half_the_toughness_rounded_up(fallen, toughness):
    """Cleric v1.4.0: Revive, 3 Hearts; the fighter comes back within 1" of the Cleric with
    damage equal to half its Toughness, rounded up (7 -> 4, 5 -> 3, 6 -> 3)."""
    where = {"Cleric": (3.0, 8.0), "Wizard": (3.0, 12.0)}
    battle = placed(("Cleric", "Wizard"), ("Guardian", "Deadeye", "Seer"), where, {0: ("AH",)})
    battle = out_of_action(battle, fallen)
    battle = activate(
        battle, "Cleric", "revive", "no step", f"revive {fallen} at 3.984,8 paying AH"
    )
    back = battle.fighter(fallen)
    assert back.on_battlefield
    assert back.damage == math.ceil(toughness / 2)


@pytest.mark.parametrize(
    ("hand", "pays"),
    [(("KH",), False), (("KH", "2H"), True), (("2H", "3H", "4H"), True), (("QH", "3D"), False)],
)
def test_revive_costs_three_hearts_counting_a_face_card_as_two(hand, pays):
    """17.0: a face card is worth two cards of its suit, so King + 2 pays 3 Hearts; a
    Diamond pays no part of it."""
    where = {"Cleric": (3.0, 8.0), "Wizard": (3.0, 12.0)}
    battle = placed(("Cleric", "Wizard"), ("Guardian", "Deadeye"), where, {0: hand})
    battle = activate(out_of_action(battle, "Deadeye"), "Cleric")
    assert ("revive" in grammar.texts(battle.legal_actions(0))) is pays


def _heal_ready(damage: int, hand: tuple[str, ...], gap_x: float = 4.0) -> Battle:
    where = {"Cleric": (3.0, 8.0), "Wizard": (3.0 + gap_x, 8.0)}
    battle = placed(("Cleric", "Wizard"), ("Guardian",), where, {0: hand})
    battle = battle.with_fighter(replace(battle.fighter("Wizard"), damage=damage))
    return activate(battle, "Cleric", "guard", "no step")


@pytest.mark.parametrize(("card", "worth"), [("2H", 1), ("KH", 2), ("AH", 3)])
def test_heal_removes_one_damage_per_heart_of_worth(card, worth):
    """Cleric v1.4.0 and 17.0: 1 damage per Heart spent; face cards 2, Aces 3 (20.1)."""
    battle = _heal_ready(5, (card,)).apply(f"cast Heal on Wizard paying {card}")
    assert battle.fighter("Wizard").damage == 5 - worth


@pytest.mark.parametrize(("centres", "offered"), [(5.98, True), (6.0, False)])
def test_heal_reaches_5_inches_base_to_base(centres, offered):
    """Heal: a fighter within 5" (8.0: between the closest points of the bases, 0.984"
    across): centres 5.98" apart leave a gap of 4.996", 6" apart one of 5.016"."""
    battle = _heal_ready(2, ("2H",), gap_x=centres)
    assert ("cast Heal on Wizard paying 2H" in grammar.texts(battle.legal_actions(0))) is offered


@pytest.mark.parametrize(("card", "worth"), [("2H", 1), ("KH", 2), ("AH", 3)])
def test_recover_heals_the_worth_of_the_hearts_at_once(card, worth):
    """Recover v1.5.x: 1-3 Hearts, the fighter heals as many damage as were spent, now."""
    battle = placed(("Wizard", "Cleric"), ("Guardian",), {"Wizard": (3.0, 8.0)}, {0: (card,)})
    battle = battle.with_fighter(replace(battle.fighter("Wizard"), damage=5, poisoned=True))
    battle = activate(battle, "Wizard", "recover", "no step", f"recover paying {card}")
    wizard = battle.fighter("Wizard")
    assert (wizard.damage, wizard.poisoned) == (5 - worth, False)


def _moving(*, wildform: bool, hastes: tuple[str, ...] = ()) -> Battle:
    where = {"Druid": (2.0, 4.0), "Wizard": (2.0, 12.0)}
    battle = placed(("Druid", "Wizard"), ("Guardian",), where, {0: ("2H", "3S", "4S")})
    battle = battle.apply("cast Wildform on Druid paying 2H" if wildform else "done")
    return activate(battle, "Druid", "move", *hastes)


def _reach(battle: Battle, inches: float) -> bool:
    try:
        battle.apply(f"to {2 + inches},4")
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize(
    ("wildform", "hastes", "movement"),
    [
        (False, (), 5),
        (True, (), 5 + 2),
        (False, ("cast Haste by Wizard on Druid paying 3S",), 5 + 1),
        (
            True,
            ("cast Haste by Wizard on Druid paying 3S", "cast Haste by Druid on Druid paying 4S"),
            5 + 2 + 1 + 1,
        ),
    ],
)
def test_wildform_and_haste_add_to_the_movement(wildform, hastes, movement):
    """Druid v1.5.2 Wildform: +2 Movement; Haste v1.5.x: +1 for that Move action, once per
    caster that sees the mover (ruling MB-9). The Druid's Movement is 5 (13.4)."""
    battle = _moving(wildform=wildform, hastes=hastes)
    assert _reach(battle, movement)
    assert not _reach(battle, movement + 0.05)


@pytest.mark.parametrize(("leap", "inches"), [(False, 1), (True, 3)])
def test_leap_adds_2_inches_to_a_step_move(leap, inches):
    """Leap v1.5.x: a step move (13.1, up to 1") goes 2" further."""
    where = {"Druid": (2.0, 4.0), "Wizard": (2.0, 12.0)}
    battle = placed(("Druid", "Wizard"), ("Guardian",), where, {0: ("3S",)})
    battle = activate(battle.apply("done"), "Druid", "guard")
    if leap:
        battle = battle.apply("cast Leap paying 3S")
    battle.apply(f"step {2 + inches},4")
    with pytest.raises(IllegalAction, match="15.0"):
        battle.apply(f"step {2 + inches + 0.05},4")


def test_blasts_further_attacks_hit_friend_and_foe_with_the_same_numbers():
    """Wizard v1.5.0: Blast repeats the attack (Power 4, Precision 6) at every other fighter
    within 1" of the target, friends of the Wizard included; against the Guardian (Evasion
    0) every die hits (target number 6) and Armour 2 blocks two of four."""
    where = {"Wizard": (4.0, 8.0), "Guardian": (9.0, 9.6), "Witch": (9.0, 8.0), "Seer": (9.0, 6.4)}
    battle = placed(("Wizard", "Guardian"), ("Witch", "Seer"), where, {0: ("2D", "3D")})
    battle = activate(battle, "Wizard", "attack", "no step", "attack Witch with Blast paying 2D+3D")
    battle = play(battle, "none", "dice 6 6 6 6")
    assert sorted(grammar.texts(battle.legal_actions(0))) == ["blast Guardian", "blast Seer"]
    battle = play(battle, "blast Guardian", "none")
    assert "Guardian receives 2 damage" in battle.node().prompt


def test_third_eye_lets_a_cleric_heal_a_fighter_behind_a_high_obstacle():
    """Seer v1.4.0 Third Eye: everything on the battlefield is visible to the fighter; Heal
    needs a visible fighter (16.0), which a 3" wall otherwise hides."""
    wall = {"name": "Wall", "height": 3, "rectangle": {"centre": [5, 8], "size": [0.4, 4]}}
    where = {"Cleric": (3.0, 8.0), "Seer": (7.0, 8.0)}
    hand = ("2H", "3H", "2D", "3D")
    battle = placed(("Cleric", "Seer"), ("Guardian",), where, {0: hand}, table=open_table([wall]))
    battle = battle.with_fighter(replace(battle.fighter("Seer"), damage=2))
    battle = activate(battle, "Cleric")
    unseen = play(battle, "guard", "no step")
    assert not any("Heal" in a for a in grammar.texts(unseen.legal_actions(0)))
    seen = play(battle, "cast Third Eye by Seer on Cleric paying 2D+3D", "guard", "no step")
    assert "cast Heal on Seer paying 2H" in grammar.texts(seen.legal_actions(0))


def test_heal_offers_no_card_the_healing_cannot_use():
    """Ruling MB-1: a payment holds no card whose removal would leave the spell's effect the
    same. A Wizard with 1 damage heals 1 whatever is spent, so each single Heart pays,
    and no two cards do (20.1 removes only the damage there is)."""
    battle = _heal_ready(1, ("2H", "KH", "AH"))
    heals = sorted(a for a in grammar.texts(battle.legal_actions(0)) if a.startswith("cast Heal"))
    assert heals == [f"cast Heal on Wizard paying {c}" for c in ("2H", "AH", "KH")]
    with pytest.raises(IllegalAction, match="17.0: .* is not a legal spell"):
        battle.apply("cast Heal on Wizard paying 2H+KH")
    # With 3 damage, King and 2 heal 3 and Ace and 2 still only 3.
    battle = _heal_ready(3, ("2H", "KH", "AH"))
    pays = {
        a.rsplit(" ", 1)[1]
        for a in grammar.texts(battle.legal_actions(0))
        if a.startswith("cast Heal")
    }
    assert pays == {"2H", "KH", "AH", "2H+KH"}


def test_recover_offers_no_card_the_healing_cannot_use():
    """Ruling MB-1 with Recover v1.5.x (1-3 Hearts): with 2 damage the King alone heals
    it all, so the King with the 2 adds nothing; the 2 alone heals 1."""
    battle = placed(("Wizard", "Cleric"), ("Guardian",), {"Wizard": (3.0, 8.0)}, {0: ("2H", "KH")})
    battle = battle.with_fighter(replace(battle.fighter("Wizard"), damage=2))
    battle = activate(battle, "Wizard", "recover", "no step")
    assert sorted(grammar.texts(battle.legal_actions(0))) == [
        "recover paying 2H",
        "recover paying KH",
    ]


def test_a_charmed_clerics_heal_is_paid_from_the_witchs_players_hand():
    """Witch v1.4.0 Charm: the Witch's player controls the fighter for that activation and
    pays for its spells with their own cards; so Heal at its end spends player 1's Heart."""
    where = {"Witch": (4.0, 8.0), "Wizard": (3.0, 2.0), "Cleric": (8.0, 8.0), "Seer": (8.0, 10.0)}
    hands = {0: ("2H", "2S", "2C", "3H"), 1: ("KH",)}
    battle = placed(("Witch", "Wizard"), ("Cleric", "Seer"), where, hands)
    battle = battle.with_fighter(replace(battle.fighter("Seer"), damage=2))
    battle = activate(battle, "Witch", "charm", "no step", "charm Cleric paying 2H+2S+2C")
    battle = play(battle, "end activation", "activate Cleric", "guard", "no step")
    assert battle.node().player == 0
    battle = battle.apply("cast Heal on Seer paying 3H")
    assert battle.fighter("Seer").damage == 1
    assert (tuple(battle.hands[0]), tuple(battle.hands[1])) == ((), ("KH",))
