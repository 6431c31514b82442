"""Independent checks of the Tempest Crusaders abilities the first oracle left out: Ward,
Take Aim and Aimed Shot, Push, Phasewalk, Insight, Prediction, Hypnotize, Clone and both
versions of Entangle.

Each expectation is written from the fighter pages' facts (costs, ranges, durations) and
core rules 1.2.0 (8.0 distances between bases, 9.4 markers, 16.0 sight, 18.2 cover, 18.5
the attack sequence, 20.2 re-deployment, 20.3 recovering actions), with the project's
readings in docs/rulings.md where a page is ambiguous. Geometry is worked out here from
the bases (25 mm across, 0.984"); exact odds are enumerated over every multiset of die
faces through the real battle and compared with a direct icepool expression. Battles are
driven only through ``apply``, ``legal_actions`` and ``view``."""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from pathlib import Path

import icepool
import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st
from mwbattle import (
    activate,
    deploy,
    guard_turns,
    new_battle,
    open_table,
    out_of_action,
    placed,
    play,
    set_up,
    with_hand,
)

from skirmish.engine.battle import IllegalAction, Turn
from skirmish.engine.logbook import field_of
from skirmish.games.magewinds.battle import grammar
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.pack import bundled_pack, load_pack

R = 0.492
"""A base's radius: 25 mm across (0.8.1), as the battlefield files write it (MW-18)."""

FEW = settings(max_examples=25, deadline=None)


def gap(a: tuple[float, float], b: tuple[float, float]) -> float:
    """8.0: the distance between two bases, closest point to closest point."""
    return math.dist(a, b) - 2 * R


def refused(battle: Battle, action: str, *words: str) -> str:
    """``action`` is refused; the message names each of ``words`` (a rule, a ruling)."""
    with pytest.raises(IllegalAction) as error:
        battle.apply(action)
    message = str(error.value)
    for word in words:
        assert word in message, message
    return message


def accepted(battle: Battle, action: str) -> bool:
    try:
        battle.apply(action)
    except IllegalAction:
        return False
    return True


def no_barrier(battle: Battle) -> Battle:
    """Decline every Barrier the damage offers (MB-14 asks whatever the hand, MB-23)."""
    while isinstance(node := battle.node(), Turn) and node.rule == "Barrier":
        battle = battle.apply("no barrier")
    return battle


def next_round(battle: Battle) -> Battle:
    """Play on to the next round's Action Phase: every fighter left Guards, players pass,
    every card is discarded at windburn (14.1) and nobody channels (12.0)."""
    start = battle.round
    while not (battle.round > start and battle.phase.value == "action"):
        node = battle.node()
        assert isinstance(node, Turn), node
        legal = grammar.texts(battle.legal_actions(node.player))
        if "pass" in legal:
            battle = battle.apply("pass")
        elif "done" in legal:
            battle = battle.apply("done")
        elif discards := [a for a in legal if a.startswith("discard ")]:
            battle = battle.apply(discards[0])
        else:
            fighter = next(a for a in legal if a.startswith("activate ")).split(" ", 1)[1]
            battle = play(battle, *guard_turns(fighter))
    return battle


def expected_damage(power: int, target_number: int, armour: int) -> dict[int, Fraction]:
    """18.5.2-18.5.3 as one icepool expression: the dice at or under the target number hit,
    Armour blocks that many."""
    dealt = (power @ (icepool.d6 <= target_number) - armour).clip(0, None)
    total = dealt.denominator()
    return {int(k): Fraction(q, total) for k, q in dealt.items() if q}


def engine_damage(at_dice: Battle, target: str, power: int) -> dict[int, Fraction]:
    """The damage the battle deals for every multiset of faces of the hit dice, weighted by
    how many of the 6**power rolls show it."""
    before = at_dice.fighter(target).damage
    found: Counter[int] = Counter()
    for faces in combinations_with_replacement(range(1, 7), power):
        counts = Counter(faces).values()
        ways = math.factorial(power) // math.prod(math.factorial(c) for c in counts)
        after = no_barrier(at_dice.apply("dice " + " ".join(map(str, faces))))
        found[after.fighter(target).damage - before] += ways
    return {k: Fraction(v, 6**power) for k, v in found.items()}


def pending_attack(battle: Battle) -> dict:
    frame = battle.view(0)["pending"][-1]
    assert frame["frame"] == "attack", frame
    return frame


# -- Ward (Guardian v1.5.2: Spell Action, 1 Club; rulings MB-37) ---------------------------
#
# Page: until the Guardian's next action, its other friendly fighters count as in cover
# (18.2: +1 Evasion for the attack) when the line of attack passes within 2" of it.
# MB-37: the line of attack is the shortest one (MW-19); "next action" is the next action
# it is activated to make, not a reaction; the spell ends if the Guardian leaves.
# Quick Shot (Deadeye v1.2.0): 2-9, Power 4, Precision 4. Wizard and Cleric: Evasion 1,
# Armour 1. The Guardian: Evasion 0, Armour 2.

WARD_LINE_Y = 8.0


@cache
def warded_line(guardian_y: float, target_side: int = 0) -> Battle:
    """The Guardian wards; the Deadeye at (10, 8) then aims Quick Shot at the fighter at
    (2, 8), of the Guardian's side (0) or the Deadeye's (1). The line of attack runs along
    y = 8 from x = 9.508 to x = 2.492; the Guardian stands above its middle."""
    target = ("Wizard", "Cleric")[target_side]
    where = {
        "Guardian": (6.0, guardian_y),
        "Wizard": (2.0, WARD_LINE_Y) if target_side == 0 else (2.0, 2.0),
        "Deadeye": (10.0, WARD_LINE_Y),
        "Cleric": (2.0, WARD_LINE_Y) if target_side == 1 else (10.0, 2.0),
    }
    battle = placed(("Guardian", "Wizard"), ("Deadeye", "Cleric"), where, {0: ("2C",)})
    battle = activate(battle, "Guardian", "ward", "no step", "ward paying 2C", "end activation")
    attack = f"attack {target} with Quick Shot"
    return play(battle, "activate Deadeye", "attack", "no step", attack, "none")


@pytest.mark.parametrize(
    ("guardian_y", "in_cover"),
    [(WARD_LINE_Y + 2.48, True), (WARD_LINE_Y + 2.51, False)],
    ids=["line 1.988in from the Guardian", "line 2.018in from it"],
)
def test_ward_odds_are_those_of_a_target_in_cover_exactly_when_the_line_passes_within_2in(
    guardian_y, in_cover
):
    """Ward: the Wizard counts as in cover (target number 4 - (1 + 1) = 2) when the line of
    attack passes within 2" of the Guardian's base (the centre 2.48" above the line: 1.988"),
    not when it passes 2.018" away (target number 3). Every roll of the four dice is played."""
    at_dice = warded_line(guardian_y)
    assert pending_attack(at_dice)["cover"] is in_cover
    target_number = 2 if in_cover else 3
    assert engine_damage(at_dice, "Wizard", 4) == expected_damage(4, target_number, 1)


def test_ward_does_not_cover_a_fighter_of_the_other_side():
    """Ward protects the Guardian's friends (4.3): the Deadeye's own Cleric, attacked along
    the same line, has target number 4 - 1 = 3 (a 3 hits)."""
    at_dice = warded_line(WARD_LINE_Y + 2.0, target_side=1)
    assert pending_attack(at_dice)["cover"] is False
    after = no_barrier(at_dice.apply("dice 3 3 3 3"))
    assert after.fighter("Cleric").damage == 4 - 1


@cache
def warded_before_attack() -> Battle:
    """The Guardian has warded; the Deadeye at (10, 8) is choosing its target."""
    where = {
        "Guardian": (6.0, WARD_LINE_Y + 3.0),
        "Wizard": (2.0, WARD_LINE_Y),
        "Deadeye": (10.0, WARD_LINE_Y),
        "Cleric": (10.0, 2.0),
    }
    battle = placed(("Guardian", "Wizard"), ("Deadeye", "Cleric"), where, {0: ("2C",)})
    battle = activate(battle, "Guardian", "ward", "no step", "ward paying 2C", "end activation")
    return play(battle, "activate Deadeye", "attack", "no step")


@given(x=st.floats(3.0, 9.0), y=st.floats(WARD_LINE_Y + 1.2, WARD_LINE_Y + 4.0))
@FEW
def test_ward_cover_follows_the_distance_from_the_line_to_the_guardians_base(x, y):
    """Generated places of the Guardian above the line of attack (y = 8, x from 2.492 to
    9.508), where it stands when the attack is made: cover exactly when the closest point
    of the line is within 2" of the Guardian's base (8.0)."""
    x, y = round(x, 2), round(y, 2)
    distance = math.dist((x, y), (min(max(x, 2.492), 9.508), WARD_LINE_Y)) - R
    assume(abs(distance - 2.0) > 0.005)
    battle = warded_before_attack()
    battle = battle.with_fighter(replace(battle.fighter("Guardian"), at=(x, y)))
    battle = play(battle, "attack Wizard with Quick Shot", "none")
    assert pending_attack(battle)["cover"] is (distance <= 2.0)


def test_ward_gives_the_guardian_itself_no_cover():
    """ "Other friendly fighters": the Deadeye's Quick Shot at the warding Guardian keeps
    target number 4 - 0 = 4, so a 4 hits (four hits, Armour 2: 2 damage)."""
    battle = play(warded_before_attack(), "attack Guardian with Quick Shot", "none")
    assert pending_attack(battle)["cover"] is False
    assert no_barrier(battle.apply("dice 4 4 4 4")).fighter("Guardian").damage == 2


def test_ward_costs_one_club():
    """Ward: 1 Club. A Spade pays nothing of it; the King of Clubs (worth 2, 17.0) pays it
    alone and nothing else is offered (MB-1)."""
    where = {"Guardian": (6.0, 10.0), "Wizard": (2.0, 8.0)}
    spades = placed(("Guardian", "Wizard"), ("Deadeye",), where, {0: ("5S",)})
    assert "ward" not in grammar.texts(activate(spades, "Guardian").legal_actions(0))
    clubs = placed(("Guardian", "Wizard"), ("Deadeye",), where, {0: ("KC", "5S")})
    battle = activate(clubs, "Guardian", "ward", "no step")
    assert grammar.texts(battle.legal_actions(0)) == ("ward paying KC",)
    refused(battle, "ward paying 5S", "17.0")


# The Guardian stands 0.816" from the Wizard's base: every line of attack ending on the
# Wizard passes within 2" of it. The attackers stand to the right, clear of it.
HOLD = {"Guardian": (2.0, 9.8), "Wizard": (2.0, 8.0), "Deadeye": (10.0, 8.0), "Cleric": (6.5, 6.0)}


def _held_ward() -> Battle:
    battle = placed(("Guardian", "Wizard"), ("Deadeye", "Cleric"), HOLD, {0: ("2C",), 1: ("3C",)})
    return activate(battle, "Guardian", "ward", "no step", "ward paying 2C", "end activation")


def turn_of(battle: Battle, player: int, idle: str) -> Battle:
    """If it is the other player's turn, they Guard with ``idle`` first."""
    node = battle.node()
    assert isinstance(node, Turn), node
    return battle if node.player == player else play(battle, *guard_turns(idle))


def test_ward_outlasts_the_guardians_reaction_and_the_phase_and_ends_at_its_next_action():
    """MB-37: a Deflect reaction by the Guardian is not its next action, nor is the end of
    the Action Phase an end, so in round 2 the Wizard is still in cover (a 3 misses, target
    number 4 - (1 + 1) = 2); once the Guardian begins its next action (Guard), the Cleric's
    Push (Power 6, Precision 6) has target number 6 - 1 = 5 again and fives hit."""
    battle = play(
        _held_ward(),
        "activate Deadeye",
        "attack",
        "no step",
        "attack Guardian with Quick Shot",
        "deflect",
        "dice 6 6 6 6",
    )
    battle = play(battle, *[a for a in ("no step",) if a in grammar.texts(battle.legal_actions(0))])
    battle = with_hand(next_round(battle.apply("end activation")), 1, ("3C",))
    battle = turn_of(battle, 1, "Wizard")
    battle = play(battle, "activate Deadeye", "attack", "no step", "attack Wizard with Quick Shot")
    battle = battle.apply("none")
    assert pending_attack(battle)["cover"] is True
    battle = no_barrier(battle.apply("dice 3 3 3 3"))
    assert battle.fighter("Wizard").damage == 0
    battle = play(battle, "end activation", *guard_turns("Guardian"))
    battle = play(
        battle, "activate Cleric", "attack", "no step", "attack Wizard with Push paying 3C"
    )
    battle = battle.apply("none")
    assert pending_attack(battle)["cover"] is False
    battle = battle.apply("dice 5 5 5 5 5 5")
    hits = [e for e in battle.events()[-6:] if e.event == EventKind.HITS]
    assert [(field_of(e, "hits"), field_of(e, "target")) for e in hits] == [(6, "Wizard")]


def test_ward_ends_when_the_guardian_leaves_the_battlefield():
    """4.4 and MB-37: a Guardian out of action affects nothing, so its Ward no longer puts
    the Wizard in cover."""
    battle = out_of_action(_held_ward(), "Guardian")
    battle = play(battle, "activate Deadeye", "attack", "no step", "attack Wizard with Quick Shot")
    assert pending_attack(battle.apply("none"))["cover"] is False


# -- Take Aim and Aimed Shot (Deadeye v1.2.0; ruling MB-12) ---------------------------------
#
# Page: Take Aim is an action with no cost; the marker goes on a visible point at most 10"
# away (9.4: measured to the marker's centre, 8.0: from the Deadeye's base). In the
# Deadeye's next activation, and only then, it may make an Aimed Shot (2-12, Power 6,
# Precision 5) at a fighter within 2" of the marker; the marker goes at the end of that
# activation. MB-12: "next activation" may fall in a later Action Phase.

DEADEYE = (2.0, 2.0)


@cache
def aiming() -> Battle:
    """The Deadeye at (2, 2), about to say where its marker goes."""
    where = {"Deadeye": DEADEYE, "Guardian": (10.0, 14.0)}
    battle = placed(("Deadeye",), ("Guardian",), where)
    return activate(battle, "Deadeye", "take aim", "no step")


@given(x=st.floats(0.0, 12.0), y=st.floats(0.0, 16.0))
@FEW
def test_the_marker_goes_on_a_point_within_10in_of_the_deadeyes_base(x, y):
    """Generated points of an open battlefield: accepted exactly when the point's distance
    from the Deadeye's base (centre distance less the radius) is at most 10"."""
    x, y = round(x, 2), round(y, 2)
    distance = math.dist((x, y), DEADEYE) - R
    assume(abs(distance - 10.0) > 0.005)
    assert accepted(aiming(), f"aim at {x},{y}") is (distance <= 10.0)


def test_take_aim_needs_no_fighter_near_the_point():
    """The page asks for a visible point within 10", not a fighter: with the only enemy
    13.5" away the Deadeye may still aim at an empty spot (a doorway it expects an enemy to
    come through). The action is offered and the typed point is accepted."""
    where = {"Deadeye": DEADEYE, "Guardian": (11.0, 15.0)}
    battle = activate(placed(("Deadeye",), ("Guardian",), where), "Deadeye")
    assert "take aim" in grammar.texts(battle.legal_actions(0))
    battle = play(battle, "take aim", "no step")
    assert grammar.texts(battle.legal_actions(0))
    battle = battle.apply("aim at 6,8")
    assert [m["at"] for m in battle.view(1)["marks"]] == [[6.0, 8.0]]


def test_the_marker_needs_a_point_the_deadeye_sees():
    """16.0: a point behind a high wall is not visible; the refusal names the rule."""
    wall = {"name": "Wall", "height": 3, "rectangle": {"centre": [4, 6], "size": [4, 0.4]}}
    where = {"Deadeye": (4.0, 3.0), "Guardian": (10.0, 14.0)}
    battle = placed(("Deadeye",), ("Guardian",), where, table=open_table([wall]))
    battle = activate(battle, "Deadeye", "take aim", "no step")
    assert accepted(battle, "aim at 8,8")
    refused(battle, "aim at 4,9", "16.0")


def _aimed(marker: str, where: dict[str, tuple[float, float]]) -> Battle:
    """The Deadeye took aim in its first activation; player 2's Cleric Guards."""
    battle = placed(("Deadeye",), ("Guardian", "Cleric", "Witch"), where)
    battle = activate(battle, "Deadeye", "take aim", "no step", f"aim at {marker}")
    return play(battle, "end activation", *guard_turns("Cleric"))


MARKED = {
    "Deadeye": DEADEYE,
    "Guardian": (6.0 + 2.48, 10.0),
    "Cleric": (6.0 - 2.51, 10.0),
    "Witch": (11.0, 15.0),
}


def test_aimed_shot_only_in_the_next_activation_at_fighters_within_2in_of_the_marker():
    """The marker at (6, 10): the Guardian's base is 1.988" from it, the Cleric's 2.018", so
    only the Guardian may be shot with Aimed Shot (Quick Shot, 2-9, reaches neither)."""
    battle = _aimed("6,10", MARKED)
    battle = play(battle, "activate Deadeye", "attack", "no step")
    aimed = sorted(a for a in grammar.texts(battle.legal_actions(0)) if "Aimed Shot" in a)
    assert aimed == ["attack Guardian with Aimed Shot"]
    refused(battle, "attack Cleric with Aimed Shot", "Take Aim")


def test_aimed_shot_is_not_offered_without_take_aim():
    where = {"Deadeye": DEADEYE, "Guardian": (6.0, 8.0)}
    battle = activate(placed(("Deadeye",), ("Guardian",), where), "Deadeye", "attack", "no step")
    assert not any("Aimed Shot" in a for a in grammar.texts(battle.legal_actions(0)))
    refused(battle, "attack Guardian with Aimed Shot", "Take Aim")


def test_the_marker_goes_at_the_end_of_the_next_activation_even_without_a_shot():
    """The Deadeye Guards in its next activation; the marker is then gone (the view shows
    no mark) and in round 2 no Aimed Shot is offered."""
    battle = play(_aimed("6,10", MARKED), *guard_turns("Deadeye"))
    assert "marks" not in battle.view(1) or battle.view(1)["marks"] == []
    battle = next_round(battle)
    battle = turn_of(battle, 0, "Cleric")
    battle = play(battle, "activate Deadeye", "attack", "no step")
    assert not any("Aimed Shot" in a for a in grammar.texts(battle.legal_actions(0)))


def test_a_marker_placed_in_the_last_activation_of_a_phase_waits_for_the_next_phase():
    """MB-12: the Deadeye's next activation is in round 2; the marker stands until then."""
    battle = placed(("Deadeye",), ("Guardian", "Cleric", "Witch"), MARKED)
    battle = play(battle, *guard_turns("Deadeye"), *guard_turns("Guardian"))
    battle = activate(battle, "Deadeye", "take aim", "no step", "aim at 6,10", "end activation")
    battle = next_round(battle)
    assert [m["key"] for m in battle.view(1)["marks"]] == ["take_aim"]
    battle = turn_of(battle, 0, "Cleric")
    battle = play(battle, "activate Deadeye", "attack", "no step")
    assert "attack Guardian with Aimed Shot" in grammar.texts(battle.legal_actions(0))


def test_aimed_shot_keeps_its_minimum_range():
    """Aimed Shot is 2-12 (18.1): the Guardian 1.5" from the Deadeye's base and 0.51" from
    the marker is near enough to the marker but too close to shoot (the Cleric, 5" away,
    lets the Deadeye attack without a step)."""
    where = {"Deadeye": DEADEYE, "Guardian": (2.0 + 0.984 + 1.5, 2.0), "Cleric": (2.0, 8.0)}
    battle = _aimed("4,2", where | {"Witch": (11.0, 15.0)})
    battle = play(battle, "activate Deadeye", "attack", "no step")
    assert not any("Aimed Shot" in a for a in grammar.texts(battle.legal_actions(0)))
    refused(battle, "attack Guardian with Aimed Shot", "18.1")


def test_aimed_shots_odds_are_six_dice_at_precision_5():
    """Aimed Shot at the Guardian (Evasion 0, Armour 2), no reaction: every roll of six dice
    is played; the damage is a direct icepool expression of 18.5.2-18.5.3."""
    battle = _aimed("6,10", MARKED)
    battle = play(battle, "activate Deadeye", "attack", "no step")
    at_dice = play(battle, "attack Guardian with Aimed Shot", "none")
    assert pending_attack(at_dice)["cover"] is False
    assert engine_damage(at_dice, "Guardian", 6) == expected_damage(6, 5, 2)


# -- Push (Cleric v1.4.0: missile attack spell, 1 Club, Range 5, Power 6, Precision 6) ------
#
# Page: no damage; once any knockback is done, the target is shoved straight away from the
# Cleric 1" for each point of damage it would have taken. MW-7: that is hits minus Armour
# (after Deflect); Barrier is not rolled. MB-8: the shove moves as knockback does (MW-17),
# stopped by fighters, objects, medium and high obstacles and the edge, never ending on a
# low obstacle. The Guardian (Evasion 0, Armour 2, Deflect 2, Dodge 2) is hit by every die
# at target number 6, so it would take 6 - 2 = 4 damage.


@cache
def pushing() -> Battle:
    """The Cleric (player 1, holding 2C) and the Guardian (player 2, holding 5C: a Barrier
    it could cast if the Push dealt damage)."""
    return placed(("Cleric",), ("Guardian",), {}, {0: ("2C",), 1: ("5C",)})


def push_at(cleric: tuple[float, float], guardian: tuple[float, float], reaction: str) -> Battle:
    battle = pushing()
    battle = battle.with_fighter(replace(battle.fighter("Cleric"), at=cleric))
    battle = battle.with_fighter(replace(battle.fighter("Guardian"), at=guardian))
    battle = activate(battle, "Cleric", "attack", "no step", "attack Guardian with Push paying 2C")
    return battle.apply(reaction)


def away(
    cleric: tuple[float, float], start: tuple[float, float], inches: float
) -> tuple[float, float]:
    """``inches`` straight on from ``start``, along the line from the Cleric's centre."""
    far = math.dist(cleric, start)
    return (
        start[0] + (start[0] - cleric[0]) / far * inches,
        start[1] + (start[1] - cleric[1]) / far * inches,
    )


def close(a: tuple[float, float] | None, b: tuple[float, float]) -> bool:
    assert a is not None
    return math.dist(a, b) <= 0.01


@given(
    cx=st.floats(1.0, 11.0),
    cy=st.floats(1.0, 15.0),
    angle=st.floats(0.0, 2 * math.pi),
    reach=st.floats(0.05, 5.0),
    knockback=st.sampled_from(["no knockback", "knock back 0.5", "knock back 1"]),
)
@FEW
def test_push_shoves_4in_straight_on_after_the_knockback(cx, cy, angle, reach, knockback):
    """Generated places: the Guardian ``reach`` inches from the Cleric's base, in the open.
    After the knockback the attacking player chooses (0, 0.5 or 1"), the Guardian is a
    further 4" along the same line, its damage unchanged and no Barrier asked."""
    cleric = (cx, cy)
    guardian = (cx + (reach + 2 * R) * math.cos(angle), cy + (reach + 2 * R) * math.sin(angle))
    k = {"no knockback": 0.0, "knock back 0.5": 0.5, "knock back 1": 1.0}[knockback]
    end = away(cleric, guardian, k + 4.0)
    for x, y in (guardian, end):
        assume(R + 0.02 <= x <= 12 - R - 0.02 and R + 0.02 <= y <= 16 - R - 0.02)
    battle = push_at(cleric, guardian, "none")  # 18.5.2: every die hits, none rolled
    node = battle.node()
    assert isinstance(node, Turn) and node.rule == "18.5.4", node
    battle = battle.apply(knockback)
    after = battle.fighter("Guardian")
    assert close(after.at, end), (after.at, end)
    assert after.damage == 0


def test_push_after_a_deflect_shoves_as_far_as_armour_4_leaves():
    """Deflect raises Armour to 2 + 2: six hits would deal 2, so a 2" shove and no
    knockback (18.5.4 needs no reaction); the Deflect step (optional) comes after."""
    battle = push_at((3.0, 8.0), (6.0, 8.0), "deflect")
    assert close(battle.fighter("Guardian").at, (8.0, 8.0))
    assert not any(a.startswith("knock back") for a in grammar.texts(battle.legal_actions(0)))


def test_push_after_a_dodge_shoves_from_where_the_target_stood_and_then_it_steps():
    """Dodge raises Evasion to 2 (target number 4): three of 1 1 1 5 5 5 hit, 1 damage
    would be dealt after Armour 2, so a 1" shove. The Dodge step (13.3: after the reaction's
    effects, which last the whole attack) is made from where the shove left the Guardian,
    and no shove follows it."""
    battle = push_at((3.0, 8.0), (6.0, 8.0), "dodge").apply("dice 1 1 1 5 5 5")
    assert close(battle.fighter("Guardian").at, (7.0, 8.0))
    step = next(a for a in grammar.texts(battle.legal_actions(1)) if a.startswith("step "))
    battle = battle.apply(step)
    x, y = (float(v) for v in step.removeprefix("step ").split(","))
    assert close(battle.fighter("Guardian").at, (x, y))


@pytest.mark.parametrize(
    ("terrain", "end_x"),
    [
        # a medium wall from x = 9: the base stops touching it, 2.508" on
        ({"height": 1.2, "rectangle": {"centre": [9.2, 8], "size": [0.4, 4]}}, 9.0 - R),
        # a low rock on the way is crossed: the full 4"
        ({"height": 0.5, "rectangle": {"centre": [8, 8], "size": [0.6, 2]}}, 10.0),
        # a low rock where the shove would end: it stops short of it (MB-7)
        ({"height": 0.5, "rectangle": {"centre": [10.1, 8], "size": [1.0, 2]}}, 9.6 - R),
    ],
    ids=["medium wall", "low rock crossed", "low rock at the end"],
)
def test_push_is_stopped_as_knockback_is(terrain, end_x):
    """MB-8: the Guardian at (6, 8), pushed 4" towards +x by the Cleric at (3, 8)."""
    battle = _pushed_on(open_table([{"name": "Piece", **terrain}]))
    assert close(battle.fighter("Guardian").at, (end_x, 8.0))


@pytest.mark.parametrize(("reach", "offered"), [(4.99, True), (5.02, False)])
def test_push_reaches_5in(reach, offered):
    """Range 5 (18.1), measured between the bases."""
    battle = pushing()
    battle = battle.with_fighter(replace(battle.fighter("Cleric"), at=(3.0, 8.0)))
    battle = battle.with_fighter(replace(battle.fighter("Guardian"), at=(3.0 + 2 * R + reach, 8.0)))
    battle = activate(battle, "Cleric", "attack")
    if not offered:
        battle = (
            battle.apply("no step")
            if "no step" in grammar.texts(battle.legal_actions(0))
            else battle
        )
        assert "attack Guardian with Push paying 2C" not in grammar.texts(battle.legal_actions(0))
        return
    battle = battle.apply("no step")
    assert "attack Guardian with Push paying 2C" in grammar.texts(battle.legal_actions(0))


@given(face=st.floats(7.2, 10.4))
@FEW
def test_push_stops_within_001in_of_a_medium_wall_anywhere_on_its_way(face):
    """A medium wall whose near face is at x = ``face``: the Guardian at (6, 8) pushed 4"
    ends touching it (centre at ``face`` - 0.492), or after the full 4" if it is further."""
    face = round(face, 2)
    wall = {
        "name": "Wall",
        "height": 1.2,
        "rectangle": {"centre": [face + 0.2, 8], "size": [0.4, 4]},
    }
    battle = _pushed_on(open_table([wall]))
    assert close(battle.fighter("Guardian").at, (min(10.0, face - R), 8.0))


def _pushed_on(table) -> Battle:
    battle = placed(("Cleric",), ("Guardian",), {}, {0: ("2C",)}, table=table)
    battle = battle.with_fighter(replace(battle.fighter("Cleric"), at=(3.0, 8.0)))
    battle = battle.with_fighter(replace(battle.fighter("Guardian"), at=(6.0, 8.0)))
    battle = activate(battle, "Cleric", "attack", "no step", "attack Guardian with Push paying 2C")
    return play(battle, "none", "no knockback")


# -- Phasewalk (Enchanter v1.3.1: Spell, 1 Spade; ruling MB-43) ------------------------------
#
# Page: cast when a visible fighter moves; until the end of the current action its movement
# ignores obstacles and enemy fighters. MB-43: cast as a Move action begins, by an Enchanter
# of the mover's side that sees it (itself included); the path still may not pass friendly
# fighters and must end where a base may stand. The Movement (5) is unchanged.

WALL = {"name": "Wall", "height": 3, "rectangle": {"centre": [6, 8], "size": [0.4, 6]}}
"""A high wall from (5.8, 5) to (6.2, 11): going round it from (4, 8) to (8, 8) takes
about 8"."""


@cache
def walled(hand: tuple[str, ...] = ("5S",)) -> Battle:
    where = {"Enchanter": (4.0, 8.0), "Seer": (4.0, 12.0), "Mesmer": (10.0, 14.0)}
    return placed(("Enchanter", "Seer"), ("Mesmer",), where, {0: hand}, table=open_table([WALL]))


def test_phasewalk_lets_a_move_pass_through_a_high_wall_for_that_action_only():
    """Without Phasewalk (8, 8) is out of reach; with it the straight 4" path is allowed,
    and the Movement still bounds it (5" yes, 5.05" no); the end may not be inside the
    wall. In the Enchanter's next Move the wall blocks again."""
    moving = activate(walled(), "Enchanter", "move")
    refused(moving, "to 8,8", "15.0")
    phased = moving.apply("cast Phasewalk by Enchanter on Enchanter paying 5S")
    assert accepted(phased, "to 9,8")
    refused(phased, "to 9.05,8", "15.0")
    refused(phased, "to 6,8", "15.0")
    battle = play(phased, "to 8,8", "end activation", *guard_turns("Mesmer"))
    assert battle.fighter("Enchanter").at == (8.0, 8.0)
    battle = play(battle, "activate Enchanter", "move")
    refused(battle, "to 4,8", "15.0")


def test_phasewalk_is_cast_by_an_enchanter_that_sees_the_mover_and_costs_a_spade():
    """The Seer at (4, 12) is seen by the Enchanter; at (8, 8), behind the wall, it is not.
    With only a Heart in hand no Phasewalk is offered (17.0)."""
    seen = activate(walled(), "Seer", "move")
    assert "cast Phasewalk by Enchanter on Seer paying 5S" in grammar.texts(seen.legal_actions(0))
    hidden = walled()
    hidden = hidden.with_fighter(replace(hidden.fighter("Seer"), at=(8.0, 8.0)))
    hidden = activate(hidden, "Seer", "move")
    assert not any("Phasewalk" in a for a in grammar.texts(hidden.legal_actions(0)))
    broke = activate(walled(("5H",)), "Enchanter", "move")
    assert not any("Phasewalk" in a for a in grammar.texts(broke.legal_actions(0)))


@pytest.mark.parametrize(("blocker_side", "passes"), [(1, True), (0, False)])
def test_phasewalk_passes_enemy_fighters_but_not_friends(blocker_side, passes):
    """The Enchanter at (2, 8) moves exactly 5" to (7, 8); a fighter at (4.5, 8) stands on
    the straight path. Through an enemy (the Mesmer) the straight path is allowed; round a
    friend (the Seer) the path is longer than 5"."""
    blocker = ("Seer", "Mesmer")[blocker_side]
    where = {"Enchanter": (2.0, 8.0), "Seer": (2.0, 14.0), "Mesmer": (10.0, 14.0)}
    where[blocker] = (4.5, 8.0)
    battle = placed(("Enchanter", "Seer"), ("Mesmer",), where, {0: ("5S",)})
    battle = activate(battle, "Enchanter", "move")
    refused(battle, "to 7,8", "15.0")
    battle = battle.apply("cast Phasewalk by Enchanter on Enchanter paying 5S")
    assert accepted(battle, "to 7,8") is passes


# -- Insight (Seer v1.4.0: passive; ruling MB-42) -------------------------------------------
#
# Page: when taking the top card of the face-down deck in the Channelling Phase, the Seer's
# player may take two, keep one and put the other back on top. MB-42: offered with a Seer
# on the battlefield and two cards in the deck; the next card taken from the deck, by
# anyone, for any reason, is the one put back, and only the Seer's player knows it.


def channelling(first=("Seer", "Wizard"), second=("Guardian",)) -> Battle:
    """Round 1's Channelling Phase, player 2 (who finished deploying first) has drawn 7S
    and it is player 1's turn."""
    battle = set_up(new_battle(first, second))
    spots = {"Seer": (2.0, 4.0), "Wizard": (2.0, 8.0), "Guardian": (10.0, 4.0)}
    battle = deploy(battle, {n: spots[n] for n in (*first, *second)})
    return play(battle, "draw deck", "card 7S")


def test_insight_keeps_one_card_and_the_other_is_the_next_drawn_by_anyone():
    battle = channelling()
    assert "draw deck with Insight" in grammar.texts(battle.legal_actions(0))
    battle = play(battle, "draw deck with Insight", "card 2S", "card 3S")
    node = battle.node()
    assert isinstance(node, Turn) and node.hidden
    assert sorted(grammar.texts(battle.legal_actions(0))) == ["keep 2S", "keep 3S"]
    battle = battle.apply("keep 2S")
    assert battle.hands[0] == ("2S",)
    # Player 2 draws from the deck: it can only be the 3S.
    battle = battle.apply("draw deck")
    refused(battle, "card 4S", "3S")
    assert battle.apply("card 3S").hands[1] == ("3S", "7S")


def test_the_card_put_back_refills_the_face_up_row():
    """10.4/12.0: a face-up card taken is replaced from the top of the deck, which is the
    card the Seer's player put back."""
    battle = play(channelling(), "draw deck with Insight", "card 2S", "card 3S", "keep 2S")
    battle = battle.apply("draw 8S")
    refused(battle, "card 4S", "3S")
    assert "3S" in battle.apply("card 3S").face_up


def test_only_the_seers_player_sees_the_card_put_back():
    battle = play(channelling(), "draw deck with Insight", "card 2S", "card 3S", "keep 2S")
    assert "3S" in json.dumps(battle.view(0))
    assert "3S" not in json.dumps(battle.view(1))


def test_insight_needs_a_seer_on_the_battlefield():
    """Player 2 (no Seer) was never offered it; a Seer out of action gives none."""
    battle = set_up(new_battle(("Seer", "Wizard"), ("Guardian",)))
    spots = {"Seer": (2.0, 4.0), "Wizard": (2.0, 8.0), "Guardian": (10.0, 4.0)}
    battle = deploy(battle, spots)
    assert "draw deck with Insight" not in grammar.texts(battle.legal_actions(1))
    battle = out_of_action(play(battle, "draw deck", "card 7S"), "Seer")
    assert "draw deck with Insight" not in grammar.texts(battle.legal_actions(0))
    refused(battle, "draw deck with Insight", "12.0")


# -- Prediction (Seer v1.4.0: Spell, 1 Diamond; ruling MB-38) --------------------------------
#
# Page: cast in the Seer's activation naming an enemy fighter and an action; until the
# Action Phase ends, the first time that enemy begins that action the Seer recovers an
# action (20.3: a double counter becomes single, a single one goes).


@cache
def predicting() -> Battle:
    """The Seer has cast Prediction on the Mesmer naming Move and Guarded: one counter."""
    where = {
        "Seer": (2.0, 8.0),
        "Enchanter": (2.0, 4.0),
        "Mesmer": (10.0, 8.0),
        "Druid": (10.0, 4.0),
    }
    battle = placed(("Seer", "Enchanter"), ("Mesmer", "Druid"), where, {0: ("3D", "4D")})
    return activate(
        no_wildform(battle),
        "Seer",
        "cast Prediction on Mesmer naming move paying 3D",
        "guard",
        "no step",
        "end activation",
    )


def no_wildform(battle: Battle) -> Battle:
    """The Action Phase begins with a chance to cast Wildform (MB-19, MB-23): decline it."""
    node = battle.node()
    if isinstance(node, Turn) and "done" in grammar.texts(battle.legal_actions(node.player)):
        return battle.apply("done")
    return battle


def counters(battle: Battle) -> int:
    return battle.fighter("Seer").counters


def test_prediction_recovers_an_action_the_first_time_the_named_enemy_begins_that_action():
    battle = predicting()
    assert counters(battle) == 1
    battle = play(battle, *guard_turns("Mesmer"))  # another action: nothing
    assert counters(battle) == 1
    battle = play(battle, *guard_turns("Enchanter"), *guard_turns("Druid"))
    battle = play(battle, *guard_turns("Enchanter"))
    assert counters(battle) == 1
    battle = play(battle, "activate Mesmer", "move")  # the Mesmer begins a Move
    assert counters(battle) == 0


def test_prediction_works_once():
    battle = play(predicting(), "activate Mesmer", "move", "to 10,9", "end activation")
    assert counters(battle) == 0
    battle = play(battle, *guard_turns("Seer"))
    assert counters(battle) == 1
    battle = play(battle, "activate Mesmer", "move")
    assert counters(battle) == 1


def test_prediction_turns_a_double_counter_into_a_single_one():
    battle = play(predicting(), *guard_turns("Druid"), *guard_turns("Seer"))
    assert counters(battle) == 2
    battle = play(battle, "activate Mesmer", "move")
    assert counters(battle) == 1


def test_prediction_ends_with_the_action_phase():
    battle = no_wildform(next_round(predicting()))
    battle = turn_of(battle, 0, "Druid")
    battle = play(battle, *guard_turns("Seer"))
    assert counters(battle) == 1
    battle = turn_of(battle, 1, "Enchanter")
    battle = play(battle, "activate Mesmer", "move")
    assert counters(battle) == 1


def test_prediction_names_an_enemy_and_costs_a_diamond():
    where = {
        "Seer": (2.0, 8.0),
        "Enchanter": (2.0, 4.0),
        "Mesmer": (10.0, 8.0),
        "Druid": (10.0, 4.0),
    }
    battle = placed(("Seer", "Enchanter"), ("Mesmer", "Druid"), where, {0: ("3D", "4S")})
    battle = activate(no_wildform(battle), "Seer")
    casts = [a for a in grammar.texts(battle.legal_actions(0)) if "Prediction" in a]
    assert casts and all(" on Mesmer " in a or " on Druid " in a for a in casts)
    assert all(a.endswith("paying 3D") for a in casts)
    refused(battle, "cast Prediction on Enchanter naming move paying 3D", "Prediction")
    refused(battle, "cast Prediction on Mesmer naming move paying 4S", "17.0")


# -- Hypnotize (Mesmer v1.5.0: Spell Action, 1 Heart; ruling MB-40) --------------------------
#
# Page: the target sees only the Mesmer and may not break its line of sight to the Mesmer
# when it moves; broken at the start of the Mesmer's next action, or when the target can no
# longer draw a line of sight to it.

PILLAR = {"name": "Pillar", "height": 3, "rectangle": {"centre": [4, 4], "size": [0.4, 3]}}
"""A high wall from (3.8, 2.5) to (4.2, 5.5)."""


@cache
def hypnotized() -> Battle:
    """The Mesmer at (8, 8) has hypnotized the Wizard at (2, 8); player 1 holds 3D + 4S
    for the Wizard's Zap (1-9)."""
    where = {
        "Wizard": (2.0, 8.0),
        "Witch": (2.0, 14.0),
        "Mesmer": (8.0, 8.0),
        "Cleric": (8.0, 11.0),
    }
    battle = placed(
        ("Wizard", "Witch"),
        ("Mesmer", "Cleric"),
        where,
        {0: ("3D", "4S"), 1: ("2H",)},
        table=open_table([PILLAR]),
    )
    battle = play(battle, *guard_turns("Witch"))
    return play(battle, "activate Mesmer", "hypnotize", "no step", "hypnotize Wizard paying 2H")


def test_a_hypnotized_fighter_sees_only_the_mesmer():
    """Its attacks: the Cleric (2.4" away from the line, in plain sight) cannot be chosen."""
    battle = play(hypnotized(), "end activation", "activate Wizard", "attack", "no step")
    targets = {a.split(" with ")[0] for a in grammar.texts(battle.legal_actions(0))}
    assert targets == {"attack Mesmer"}
    refused(battle, "attack Cleric with Zap paying 3D+4S", "MB-40")


def test_a_hypnotized_fighter_may_not_move_out_of_the_mesmers_sight():
    """(3, 3.5) is 4.6" away and reachable, but the pillar hides the Mesmer from there."""
    free = activate(
        placed(
            ("Wizard",),
            ("Mesmer",),
            {"Wizard": (2.0, 8.0), "Mesmer": (8.0, 8.0)},
            table=open_table([PILLAR]),
        ),
        "Wizard",
        "move",
    )
    assert accepted(free, "to 3,3.5")
    battle = play(hypnotized(), "end activation", "activate Wizard", "move")
    refused(battle, "to 3,3.5", "MB-40")
    assert accepted(battle, "to 3,7")


def test_hypnotize_breaks_at_the_start_of_the_mesmers_next_action():
    battle = play(hypnotized(), "end activation", *guard_turns("Wizard"))
    battle = play(battle, *guard_turns("Mesmer"))
    battle = play(battle, "activate Wizard", "attack", "no step")
    assert any(a.startswith("attack Cleric") for a in grammar.texts(battle.legal_actions(0)))


def test_hypnotize_breaks_when_the_target_loses_sight_of_the_mesmer():
    """The Mesmer, moved behind the pillar (a test shortcut for any move of the game's),
    is no longer visible to the Wizard: the Cleric can be attacked again."""
    battle = play(hypnotized(), "end activation")
    battle = battle.with_fighter(replace(battle.fighter("Mesmer"), at=(5.0, 3.0)))
    battle = play(battle, "activate Wizard", "attack", "no step")
    assert any(a.startswith("attack Cleric") for a in grammar.texts(battle.legal_actions(0)))


def test_hypnotize_costs_a_heart_and_needs_a_visible_target():
    where = {"Wizard": (2.0, 8.0), "Witch": (3.0, 3.0), "Mesmer": (8.0, 8.0), "Cleric": (8.0, 11.0)}
    battle = placed(
        ("Wizard", "Witch"),
        ("Mesmer", "Cleric"),
        where,
        {1: ("2H", "3S")},
        table=open_table([PILLAR]),
    )
    battle = play(battle, *guard_turns("Witch"), "activate Mesmer", "hypnotize", "no step")
    assert "hypnotize Wizard paying 2H" in grammar.texts(battle.legal_actions(1))
    assert not any("Witch" in a for a in grammar.texts(battle.legal_actions(1)))
    refused(battle, "hypnotize Wizard paying 3S", "17.0")


# -- Clone (Mesmer v1.5.0: Spell Action, 1 Diamond + 1 Spade; ruling MB-45) ------------------
#
# Page: a visible fighter within 9" is removed, then it and a Doppelganger are deployed
# touching its old spot, and which is genuine is noted in secret. MB-45: the Doppelganger
# copies the target (profile, damage, counters); both take new names; each base must come
# within 0.01" of overlapping the old one (contact, MB-11).

OLD_SPOT = (2.0, 4.0)


@cache
def cloning() -> Battle:
    """The Mesmer at (8, 4) is about to clone the Enchanter at (2, 4), which has 2 damage."""
    where = {"Enchanter": OLD_SPOT, "Seer": (2.0, 8.0), "Mesmer": (8.0, 4.0), "Cleric": (8.0, 8.0)}
    battle = placed(("Enchanter", "Seer"), ("Mesmer", "Cleric"), where, {1: ("4S", "5D")})
    battle = battle.with_fighter(replace(battle.fighter("Enchanter"), damage=2))
    return play(battle, *guard_turns("Seer"), "activate Mesmer", "clone", "no step")


def test_clone_sets_up_two_alike_fighters_and_only_the_mesmers_player_knows_which_is_real():
    node = cloning().node()
    assert isinstance(node, Turn) and node.hidden
    twins = {}
    for which in ("first", "second"):
        battle = cloning().apply(
            f"clone Enchanter to 1.507,4 and 2.493,4 genuine {which} paying 4S+5D"
        )
        made = [f for f in battle.fighters if f.name.startswith("Enchanter")]
        assert sorted(f.name for f in made) == ["Enchanter 1", "Enchanter 2"]
        assert {(f.profile, f.player, f.damage, f.counters) for f in made} == {
            ("Enchanter", 0, 2, 0)
        }
        twins[which] = battle
        real = "Enchanter 1" if which == "first" else "Enchanter 2"
        assert f"{real} is the genuine" in json.dumps(battle.view(1))
    # Player 1's view is the same whichever is genuine.
    assert twins["first"].view(0) == twins["second"].view(0)
    assert "genuine Enchanter" not in json.dumps(twins["first"].view(0))


@pytest.mark.parametrize(("reach", "offered"), [(8.99, True), (9.02, False)])
def test_clone_reaches_9in(reach, offered):
    """The Mesmer at (11, 4); the Enchanter's base 8.99" or 9.02" from it (8.0)."""
    battle = cloning()
    battle = battle.with_fighter(replace(battle.fighter("Mesmer"), at=(11.0, 4.0)))
    spot = (11.0 - 2 * R - reach, 4.0)
    battle = battle.with_fighter(replace(battle.fighter("Enchanter"), at=spot))
    assert (
        any(a.startswith("clone Enchanter ") for a in grammar.texts(battle.legal_actions(1)))
        is offered
    )


def test_clone_costs_a_diamond_and_a_spade():
    where = {"Enchanter": OLD_SPOT, "Seer": (2.0, 8.0), "Mesmer": (8.0, 4.0), "Cleric": (8.0, 8.0)}
    battle = placed(("Enchanter", "Seer"), ("Mesmer", "Cleric"), where, {1: ("4D", "5D")})
    battle = play(battle, *guard_turns("Seer"), "activate Mesmer")
    assert "clone" not in grammar.texts(battle.legal_actions(1))


@given(
    a=st.tuples(st.floats(0.3, 1.1), st.floats(0.0, 2 * math.pi)),
    b=st.tuples(st.floats(0.3, 1.1), st.floats(math.pi - 1.2, math.pi + 1.2)),
)
@FEW
def test_clone_places_both_bases_touching_the_old_spot_and_apart(a, b):
    """Generated places around the old spot (2, 4), as distance and direction: accepted
    exactly when each base comes within 0.01" of the old base (centres at most 0.994" from
    (2, 4)), the two do not overlap (centres at least 0.983" apart, MW-18) and both are on
    the battlefield."""
    b = (b[0], a[1] + b[1])  # the second base roughly across the spot from the first
    first, second = (
        (round(2.0 + r * math.cos(t), 3), round(4.0 + r * math.sin(t), 3)) for r, t in (a, b)
    )
    touch = [math.dist(p, OLD_SPOT) for p in (first, second)]
    apart = math.dist(first, second)
    for d in touch:
        assume(abs(d - 0.994) > 0.003)
    assume(abs(apart - 0.983) > 0.003)
    on_table = all(R <= x <= 12 - R and R <= y <= 16 - R for x, y in (first, second))
    assume(all(abs(v - R) > 0.003 for p in (first, second) for v in p))
    expected = all(d <= 0.994 for d in touch) and apart >= 0.983 and on_table
    text = f"{first[0]:g},{first[1]:g} and {second[0]:g},{second[1]:g}"
    action = f"clone Enchanter to {text} genuine first paying 4S+5D"
    event(f"accepted: {expected}")
    assert accepted(cloning(), action) is expected


# -- Entangle (Druid v1.5.2: Spell Action, 1 Club + 1 Heart; v1.5.0; ruling MB-39) -----------
#
# v1.5.2: a visible fighter within 9" may not move at all until the Druid's next action or
# until it is re-deployed. MB-39: no Move distance, no step move, so no Dodge; knockback
# and Push still move it. v1.5.0: at most 1" at a time, and it cannot be pushed (no
# knockback, no Push); re-deploying does not end it.


def entangled(pack=None) -> Battle:
    """The Druid at (8, 8) has entangled the Wizard at (2, 8); the Deadeye at (10, 4) has
    Quick Shot; player 1 holds the Ace of Spades (Blink, 3 Spades)."""
    where = {
        "Wizard": (2.0, 8.0),
        "Witch": (2.0, 14.0),
        "Druid": (8.0, 8.0),
        "Deadeye": (10.0, 4.0),
    }
    battle = placed(
        ("Wizard", "Witch"),
        ("Druid", "Deadeye"),
        where,
        {0: ("AS",), 1: ("2H", "3C")},
        pack=pack,
    )
    battle = no_wildform(battle)
    battle = play(battle, *guard_turns("Witch"))
    return play(
        battle,
        "activate Druid",
        "entangle",
        "no step",
        "entangle Wizard paying 2H+3C",
        "end activation",
    )


@cache
def entangled_v152() -> Battle:
    return entangled()


def test_entangle_v152_allows_no_move_and_no_step():
    battle = play(entangled_v152(), "activate Wizard", "move")
    refused(battle, "to 2.5,8", "MB-39")
    battle = play(entangled_v152(), "activate Wizard", "guard")
    assert grammar.texts(battle.legal_actions(0)) == ("no step",)
    refused(battle, "step 2.5,8", "MB-39")


def test_entangle_v152_takes_away_dodge_but_not_knockback():
    battle = play(entangled_v152(), *guard_turns("Witch"))
    battle = play(battle, "activate Deadeye", "attack", "no step", "attack Wizard with Quick Shot")
    assert "dodge" not in grammar.texts(battle.legal_actions(0))
    battle = no_barrier(play(battle, "none", "dice 1 1 1 1"))
    assert any(a.startswith("knock back") for a in grammar.texts(battle.legal_actions(1)))


def test_entangle_v152_ends_at_the_druids_next_action():
    battle = play(entangled_v152(), *guard_turns("Witch"), *guard_turns("Druid"))
    assert accepted(play(battle, "activate Wizard", "move"), "to 4,8")


def test_entangle_v152_ends_when_the_target_is_redeployed():
    """Blink (3 Spades) re-deploys the Wizard (20.2): its next Move is free again."""
    battle = play(entangled_v152(), "activate Wizard", "blink", "no step")
    blink = next(a for a in grammar.texts(battle.legal_actions(0)) if a.startswith("blink to"))
    battle = play(battle, blink, "end activation", *guard_turns("Deadeye"))
    start = battle.fighter("Wizard").at
    assert start is not None
    battle = play(battle, "activate Wizard", "move")
    moves = [a for a in grammar.texts(battle.legal_actions(0)) if a.startswith("to ")]
    assert any(a != f"to {start[0]:g},{start[1]:g}" for a in moves)
    assert accepted(battle, moves[-1])


def test_entangle_reaches_9in_and_costs_a_club_and_a_heart():
    """The Druid at (11, 8): the Witch's base 8.99" from its base, the Wizard's 9.02"."""
    far = 2 * R + 9.02
    where = {
        "Wizard": (11.0 - 0.8 * far, 8.0 - 0.6 * far),
        "Witch": (11.0 - 2 * R - 8.99, 8.0),
        "Druid": (11.0, 8.0),
        "Deadeye": (10.0, 4.0),
    }
    battle = placed(("Wizard", "Witch"), ("Druid", "Deadeye"), where, {1: ("2H", "3C", "4S")})
    battle = play(
        no_wildform(battle), *guard_turns("Witch"), "activate Druid", "entangle", "no step"
    )
    # Friend or foe (MB-39): the Druid's own Deadeye may be entangled too.
    offered = sorted(grammar.texts(battle.legal_actions(1)))
    assert offered == ["entangle Deadeye paying 2H+3C", "entangle Witch paying 2H+3C"]
    refused(battle, "entangle Witch paying 2H+4S", "17.0")


EXAMPLES = Path(__file__).parents[2] / "examples" / "packs"


@cache
def entangled_v150() -> Battle:
    return entangled(bundled_pack().merged(load_pack(EXAMPLES / "druid-1.5.0.yaml")))


@given(x=st.floats(0.6, 3.5), y=st.floats(6.5, 9.5))
@FEW
def test_entangle_v150_lets_the_target_move_at_most_1in(x, y):
    x, y = round(x, 2), round(y, 2)
    far = math.dist((x, y), (2.0, 8.0))
    assume(abs(far - 1.0) > 0.005 and far > 0.01)
    battle = play(entangled_v150(), "activate Wizard", "move")
    assert accepted(battle, f"to {x},{y}") is (far <= 1.0)


def test_entangle_v150_allows_no_knockback_and_no_push():
    battle = play(entangled_v150(), *guard_turns("Witch"))
    battle = play(battle, "activate Deadeye", "attack", "no step", "attack Wizard with Quick Shot")
    battle = no_barrier(play(battle, "none", "dice 1 1 1 1"))
    assert not any(a.startswith("knock back") for a in grammar.texts(battle.legal_actions(1)))
    assert battle.fighter("Wizard").at == (2.0, 8.0)


def test_entangle_v150_is_not_ended_by_redeploying():
    battle = play(entangled_v150(), "activate Wizard", "blink", "no step")
    blink = next(a for a in grammar.texts(battle.legal_actions(0)) if a.startswith("blink to"))
    battle = play(battle, blink, "end activation", *guard_turns("Deadeye"))
    x, y = battle.fighter("Wizard").at or (0.0, 0.0)
    battle = play(battle, "activate Wizard", "move")
    assert all(
        math.dist((x, y), _point(a)) <= 1.0 + 1e-9
        for a in grammar.texts(battle.legal_actions(0))
        if a.startswith("to ")
    )


def _point(action: str) -> tuple[float, float]:
    x, y = action.split(" ", 1)[1].split(",")
    return float(x), float(y)


def test_the_note_is_revealed_when_either_twin_is_taken_down():
    """MB-45: the Enchanter had 5 damage of Toughness 6; the Mesmer's Light melee (Power 3,
    Precision 9: every die hits the Evasion 1 twin, Armour 1 blocks one) deals 2 to
    Enchanter 2, the Doppelganger, which is taken down; every player now reads which was
    genuine."""
    where = {"Enchanter": OLD_SPOT, "Seer": (2.0, 8.0), "Mesmer": (3.6, 4.0), "Cleric": (8.0, 8.0)}
    battle = placed(("Enchanter", "Seer"), ("Mesmer", "Cleric"), where, {1: ("4S", "5D")})
    battle = battle.with_fighter(replace(battle.fighter("Enchanter"), damage=5))
    clone = "clone Enchanter to 1.507,4 and 2.493,4 genuine first paying 4S+5D"
    battle = play(battle, *guard_turns("Seer"), "activate Mesmer", "clone", "no step", clone)
    battle = play(battle, "end activation", *guard_turns("Seer"))
    assert "Enchanter 1 is the genuine" not in json.dumps(battle.view(0))
    attack = "attack Enchanter 2 with Melee"
    battle = play(battle, "activate Mesmer", "attack", "no step", attack, "light", "none")
    battle = no_barrier(battle)
    assert not battle.fighter("Enchanter 2").on_battlefield
    assert "Enchanter 1 is the genuine" in json.dumps(battle.view(0))


@pytest.mark.parametrize(("held", "offered"), [(4, True), (5, False)])
def test_insight_is_one_draw_under_the_hand_limit(held, offered):
    """MB-42 and 12.0: Insight adds one card to the hand, so it is offered below the hand
    limit of 5 and, at the limit, the player must pass."""
    battle = with_hand(channelling(), 0, ("2H", "3H", "4H", "5H", "6H")[:held])
    assert ("draw deck with Insight" in grammar.texts(battle.legal_actions(0))) is offered
    if offered:
        battle = play(battle, "draw deck with Insight", "card 2S", "card 3S", "keep 3S")
        assert len(battle.hands[0]) == 5


def test_phasewalk_is_not_offered_by_an_enemy_enchanter():
    """MB-43: only the mover's player is asked. Player 2's Enchanter sees the moving Seer
    and holds a Spade, but the Seer's Move offers no Phasewalk."""
    where = {"Seer": (4.0, 8.0), "Wizard": (2.0, 2.0), "Enchanter": (8.0, 8.0)}
    battle = placed(("Seer", "Wizard"), ("Enchanter",), where, {1: ("5S",)})
    battle = activate(battle, "Seer", "move")
    assert not any("Phasewalk" in a for a in grammar.texts(battle.legal_actions(0)))
    refused(battle, "cast Phasewalk by Enchanter on Seer paying 5S", "17.0")


@pytest.mark.parametrize(
    ("older", "shoved"), [(False, True), (True, False)], ids=["v1.5.2", "v1.5.0"]
)
def test_push_moves_an_entangled_fighter_only_under_the_newer_entangle(older, shoved):
    """MB-39: v1.5.2 stops the target moving itself, and Push is not that (the Guardian,
    Armour 2 and Evasion 0, is hit by all six dice: a 4" shove from (4, 8) to (8, 8));
    v1.5.0's target "cannot be pushed"."""
    pack = None
    if older:
        pack = bundled_pack().merged(load_pack(EXAMPLES / "druid-1.5.0.yaml"))
    where = {
        "Guardian": (4.0, 8.0),
        "Witch": (2.0, 14.0),
        "Druid": (7.0, 12.0),
        "Cleric": (1.0, 8.0),
    }
    hands = {1: ("2H", "3C", "4C")}
    battle = no_wildform(
        placed(("Guardian", "Witch"), ("Druid", "Cleric"), where, hands, pack=pack)
    )
    entangle = "entangle Guardian paying 2H+3C"
    battle = play(battle, *guard_turns("Witch"), "activate Druid", "entangle", "no step", entangle)
    battle = play(battle, "end activation", *guard_turns("Witch"))
    push = "attack Guardian with Push paying 4C"
    battle = play(battle, "activate Cleric", "attack", "no step", push, "none")
    if "no knockback" in grammar.texts(battle.legal_actions(1)):
        battle = battle.apply("no knockback")
    assert close(battle.fighter("Guardian").at, (8.0, 8.0) if shoved else (4.0, 8.0))
