"""Independent checks of what the second ability oracle left out: Hypnotize and step moves,
Ward on a target already in cover, Prediction with its Seer off the battlefield, Insight at
the bottom of the deck, Phasewalk with Haste, Aimed Shot at a friend, and a Doppelganger
whose profile comes from a pack of the user's own.

Each expectation is written from the fighter pages' facts and core rules 1.2.0 (4.3
friends, 4.4 fighters off the battlefield, 12.1 the empty deck, 13.1 and 13.3 step moves,
15.0 movement, 16.0 sight, 18.0-18.2 attacks, lines of attack and cover, 18.4 reactions,
18.5 the attack sequence, 20.2 re-deployment), with the project's readings in
docs/rulings.md where a page is ambiguous. Geometry is worked out here from the bases (25 mm
across, 0.984"); exact odds are enumerated over every multiset of die faces through the
real battle and compared with a direct icepool expression. Battles are driven only through
``apply``, ``legal_actions``, ``view`` and the log."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from mwbattle import activate, guard_turns, open_table, placed, play
from test_ability_oracle_2 import (
    EXAMPLES,
    R,
    accepted,
    channelling,
    engine_damage,
    expected_damage,
    no_barrier,
    no_wildform,
    pending_attack,
    refused,
)

from skirmish.engine.battle import Chance, Turn
from skirmish.engine.logbook import field_of
from skirmish.games.magewinds.battle import grammar
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.pack import bundled_pack, load_pack

FEW = settings(max_examples=12, deadline=None)


def logged(battle: Battle, kind: EventKind, **fields: object) -> bool:
    """Whether the log holds a line of ``kind`` with these field values."""
    return any(
        e.event == kind and all(field_of(e, k) == v for k, v in fields.items())
        for e in battle.events()
    )


def broken_spells(battle: Battle) -> set[str]:
    return {s for e in battle.events() if e.event == EventKind.SPELL_ENDS for s in e.get("spells")}


# -- Hypnotize and step moves (Mesmer v1.5.0; ruling MB-40) ----------------------------------
#
# Page: the target may not break its line of sight to the Mesmer when it moves, being pushed
# excepted. 13.1: a step move is a move (15.0), so it is bound too, a reaction's step
# (13.3, 18.4: Dodge and Deflect) included; knockback (18.5.4) and Push move the target
# without it moving itself.
#
# A high square pillar 1.2" across, centred at (4.2, 8): x from 3.6 to 4.8, y from 7.4 to
# 8.6. The Mesmer stands at (9, 8). From (3, 9) the line between the centres passes above
# the pillar (y = 8.9 at x = 3.6, 8.7 at x = 4.8): the Mesmer is in plain sight. From
# (3, 8), 1" south, every point of either base lies within y = 7.508..8.492, so every line
# between the two bases crosses the pillar between x = 3.6 and 4.8: the Mesmer is hidden.

SQUARE = {"name": "Pillar", "height": 3, "rectangle": {"centre": [4.2, 8], "size": [1.2, 1.2]}}
SEEN, HIDDEN = (3.0, 9.0), (3.0, 8.0)


@cache
def facing(hypnotize: bool) -> Battle:
    """The Wizard at (3, 9), the Mesmer at (9, 8); player 2's Deadeye at (3, 14) (north of
    the Wizard, Quick Shot 2-9) and Cleric at (1, 11.5), out of the Deadeye's way (Push,
    1 Club: player 2 holds 4C). The Mesmer has hypnotized the Wizard, or Guarded instead."""
    where = {
        "Wizard": SEEN,
        "Witch": (1.0, 1.0),
        "Mesmer": (9.0, 8.0),
        "Deadeye": (3.0, 14.0),
        "Cleric": (1.0, 11.5),
    }
    battle = placed(
        ("Wizard", "Witch"),
        ("Mesmer", "Deadeye", "Cleric"),
        where,
        {1: ("2H", "4C")},
        table=open_table([SQUARE]),
    )
    battle = play(battle, *guard_turns("Witch"))
    if hypnotize:
        battle = play(
            battle, "activate Mesmer", "hypnotize", "no step", "hypnotize Wizard paying 2H"
        )
        return battle.apply("end activation")
    return play(battle, *guard_turns("Mesmer"))


def spell_broken(battle: Battle) -> bool:
    """MB-40: a spell broken by lost sight is cleared at the end of that activation."""
    battle = battle.apply("end activation")
    return "Hypnotize" in broken_spells(battle) and not any(
        m["key"] == "hypnotize" for m in battle.view(0).get("marks", [])
    )


@pytest.mark.parametrize("hypnotize", [False, True], ids=["free", "hypnotized"])
def test_an_actions_step_may_not_hide_the_mesmer(hypnotize):
    """13.1: the Wizard's Guard with a 1" step south to (3, 8), where the pillar hides the
    Mesmer: a free Wizard may, a hypnotized one is refused (MB-40); a step keeping the
    Mesmer in sight, to (2.5, 9.5), is allowed either way."""
    battle = play(facing(hypnotize), "activate Wizard", "guard")
    assert accepted(battle, "step 2.5,9.5")
    if hypnotize:
        refused(battle, "step 3,8", "Hypnotize", "MB-40")
    else:
        assert accepted(battle, "step 3,8")


def _attacked_by_the_deadeye(hypnotize: bool, reaction: str) -> Battle:
    """The Deadeye's Quick Shot at the Wizard, which makes ``reaction``; the dice, where
    they come before the reaction's step, show 6 6 6 6 (no hit)."""
    battle = play(facing(hypnotize), "activate Witch", "guard", "no step", "end activation")
    battle = play(battle, "activate Deadeye", "attack", "no step", "attack Wizard with Quick Shot")
    battle = battle.apply(reaction)
    if reaction != "none" and isinstance(battle.node(), Chance):
        battle = battle.apply("dice 6 6 6 6")
    return battle


@pytest.mark.parametrize("hypnotize", [False, True], ids=["free", "hypnotized"])
@pytest.mark.parametrize("reaction", ["dodge", "deflect"])
def test_a_reactions_step_may_not_hide_the_mesmer(hypnotize, reaction):
    """18.4: the Deadeye at (3, 14) shoots the Wizard at (3, 9); the reaction's step (13.3,
    once the reaction's effect is in place) south to (3, 8) ends further from the Deadeye and is
    exactly 1", as a Dodge's must be. Free, it is allowed; hypnotized, it would hide the
    Mesmer and is refused (MB-40). Some step is still offered (the reaction stands)."""
    battle = _attacked_by_the_deadeye(hypnotize, reaction)
    node = battle.node()
    assert isinstance(node, Turn) and node.player == 0, node
    assert any(a.startswith("step ") for a in grammar.texts(battle.legal_actions(0)))
    if hypnotize:
        refused(battle, "step 3,8", "MB-40")
        assert battle.fighter("Wizard").at == SEEN
    else:
        assert accepted(battle, "step 3,8")


def test_a_hypnotized_fighter_is_offered_only_steps_that_keep_the_mesmer_in_sight():
    """The Dodge steps offered to the hypnotized Wizard never include the hidden (3, 8),
    which a free Wizard may take; each offered step is allowed."""
    battle = _attacked_by_the_deadeye(True, "dodge")
    steps = [a for a in grammar.texts(battle.legal_actions(0)) if a.startswith("step ")]
    assert steps and "step 3,8" not in steps
    for step in steps:
        assert accepted(battle, step), step


def test_knockback_may_carry_a_hypnotized_fighter_out_of_sight_and_breaks_the_spell():
    """The page's exception: the Deadeye's hit (1 1 1 1: four hits at target number
    4 - 1 = 3, Armour 1: 3 damage) and a 1" knockback straight away from it take the Wizard
    from (3, 9) to (3, 8), where the pillar hides the Mesmer. The knockback is allowed, and
    the spell is broken as the Wizard can no longer see the Mesmer (MB-40)."""
    battle = no_barrier(_attacked_by_the_deadeye(True, "none").apply("dice 1 1 1 1"))
    assert battle.fighter("Wizard").damage == 3
    battle = battle.apply("knock back 1")
    assert math.dist(battle.fighter("Wizard").at or (0, 0), HIDDEN) <= 0.01
    assert spell_broken(battle)


def test_push_may_carry_a_hypnotized_fighter_out_of_sight():
    """Push (Cleric v1.4.0, 1 Club, Range 5, Power 6, Precision 6), the page's "being
    pushed excepted": the Cleric at (3, 11.2) shoves the Wizard at (3, 9) straight away from
    it. Dice 1 1 6 6 6 6: two hits at target number 6 - 1 = 5, Armour 1, so 1" south to
    (3, 8), where the pillar hides the Mesmer. Allowed, and the spell is broken (MB-40)."""
    battle = play(facing(True), "activate Witch", "guard", "no step", "end activation")
    battle = battle.with_fighter(replace(battle.fighter("Cleric"), at=(3.0, 11.2)))
    battle = play(
        battle, "activate Cleric", "attack", "no step", "attack Wizard with Push paying 4C"
    )
    battle = battle.apply("none").apply("dice 1 1 6 6 6 6")
    battle = battle.apply("no knockback")
    assert math.dist(battle.fighter("Wizard").at or (0, 0), HIDDEN) <= 0.01
    assert battle.fighter("Wizard").damage == 0
    assert spell_broken(battle)


# -- Ward on a target already in cover (Guardian v1.5.2; 18.2; ruling MB-37) ----------------
#
# 18.2: a target is in the open, or in cover; in cover its Evasion is 1 higher for the
# attack. Cover is a state, not a count, so Ward ("count as in cover") on a target an
# obstacle already covers changes nothing: Evasion + 1, never + 2 (MB-37 says so).
# The line of attack runs along y = 8 from the Deadeye at (10, 8) to the Wizard at (2, 8);
# Quick Shot: Power 4, Precision 4; the Wizard: Evasion 1, Armour 1. A low rock (0.5" high,
# so the line of attack may cross it, 18.1) stands across y = 8 in front of the Wizard,
# more than 1" from the Deadeye: some points of the Wizard's base cannot be reached
# without crossing it, so the Wizard is in cover. The Guardian at (6, 10) is 1.508" from the
# line (Ward applies), or at (6, 14.5), 6" away (it does not).


def _rock(x: float) -> dict:
    return {"name": "Rock", "height": 0.5, "rectangle": {"centre": [x, 8], "size": [0.3, 3]}}


@cache
def covered_attack(rock_x: float | None, guardian_y: float) -> Battle:
    where = {
        "Guardian": (6.0, guardian_y),
        "Wizard": (2.0, 8.0),
        "Deadeye": (10.0, 8.0),
        "Cleric": (10.0, 2.0),
    }
    table = open_table([_rock(rock_x)] if rock_x is not None else [])
    battle = placed(("Guardian", "Wizard"), ("Deadeye", "Cleric"), where, {0: ("2C",)}, table=table)
    battle = activate(battle, "Guardian", "ward", "no step", "ward paying 2C", "end activation")
    attack = "attack Wizard with Quick Shot"
    return play(battle, "activate Deadeye", "attack", "no step", attack, "none")


@pytest.mark.parametrize(
    ("rock_x", "guardian_y"),
    [(3.2, 10.0), (3.2, 14.5), (None, 10.0), (None, 14.5)],
    ids=["rock and Ward", "rock only", "Ward only", "neither"],
)
def test_ward_adds_nothing_to_cover_the_target_already_has(rock_x, guardian_y):
    """Every roll of the four dice is played. In cover by the rock, by Ward, or by both, the
    target number is 4 - (1 + 1) = 2; by neither, 4 - 1 = 3."""
    at_dice = covered_attack(rock_x, guardian_y)
    covered = rock_x is not None or guardian_y < 12
    assert pending_attack(at_dice)["cover"] is covered
    target_number = 2 if covered else 3
    assert engine_damage(at_dice, "Wizard", 4) == expected_damage(4, target_number, 1)


@given(rock_x=st.floats(3.0, 8.3), warded=st.booleans())
@FEW
def test_ward_and_a_rock_anywhere_on_the_line_give_one_point_of_cover(rock_x, warded):
    """Generated places of the rock along the line (its far face at least 1" from the
    Deadeye's base at x = 9.508, 18.2): dice 2 2 3 3 always give two hits (target number 2,
    never 1) and 2 - 1 = 1 damage."""
    rock_x = round(rock_x, 2)
    at_dice = covered_attack(rock_x, 10.0 if warded else 14.5)
    assert pending_attack(at_dice)["cover"] is True
    after = no_barrier(at_dice.apply("dice 2 2 3 3"))
    assert after.fighter("Wizard").damage == 1


# -- Prediction with the Seer off the battlefield (Seer v1.4.0; 4.4; rulings MB-38, MB-45) ---
#
# 4.4: a fighter that is not on the battlefield is not part of the battle and may not
# affect or be affected by it. A Seer taken down (or removed by Clone) therefore recovers no
# action; its Predictions end with its leaving (MB-38, MB-45), so a Seer revived later in
# the same Action Phase (Revive, Cleric v1.4.0: set up again, MB-36) does not recover either.
# A Seer that is not yet deployed cannot cast Prediction at all: the spell is cast during its
# activation, and every fighter is deployed before round 1 (10.5).

SEER_WHERE = {
    "Seer": (2.0, 8.0),
    "Cleric": (2.0, 6.6),
    "Mesmer": (10.0, 8.0),
    "Druid": (3.0, 8.0),
}


@cache
def predicted_then_taken_down() -> Battle:
    """The Seer (5 damage of Toughness 6) names the Mesmer and Move, Guards (one counter);
    the Druid's light melee (Power 3, Precision 9 against Evasion 1: every die hits; three
    hits less Armour 1) deals 2 and takes it down (18.5.3)."""
    hands = {0: ("3D", "2H", "3H", "4H")}
    battle = placed(("Seer", "Cleric"), ("Mesmer", "Druid"), SEER_WHERE, hands)
    battle = no_wildform(battle.with_fighter(replace(battle.fighter("Seer"), damage=5)))
    predict = "cast Prediction on Mesmer naming move paying 3D"
    battle = activate(battle, "Seer", predict, "guard", "no step", "end activation")
    battle = play(battle, "activate Druid", "attack", "no step", "attack Seer with Melee", "light")
    battle = no_barrier(battle.apply("none"))
    assert not battle.fighter("Seer").on_battlefield
    return battle.apply("end activation")


def test_a_taken_down_seer_recovers_nothing_and_its_prediction_is_gone():
    battle = predicted_then_taken_down()
    assert not any(m["key"] == "prediction" for m in battle.view(0).get("marks", []))
    battle = play(battle, *guard_turns("Cleric"), "activate Mesmer", "move")
    assert not logged(battle, EventKind.RECOVER_ACTION, spell="Prediction", target="Mesmer")


def test_a_revived_seer_does_not_get_its_prediction_back():
    """The Cleric (3 Hearts) revives the Seer within 1" of itself; the Mesmer then begins
    the named Move: the Seer keeps its action counter and no recovery is logged."""
    battle = activate(predicted_then_taken_down(), "Cleric", "revive", "no step")
    revive = next(
        a for a in grammar.texts(battle.legal_actions(0)) if a.startswith("revive Seer at ")
    )
    battle = play(battle, revive, "end activation")
    assert battle.fighter("Seer").on_battlefield
    # A counter for it to lose (a test shortcut), whatever Revive left it.
    seer = replace(battle.fighter("Seer"), counters=1)
    battle = battle.with_fighter(seer)
    battle = play(battle, "activate Mesmer", "move")
    assert battle.fighter("Seer").counters == seer.counters
    assert not logged(battle, EventKind.RECOVER_ACTION, spell="Prediction", target="Mesmer")


def test_a_cloned_seers_prediction_ends_with_its_removal():
    """MB-45: the Mesmer clones the Seer (which named the Druid and Move, one counter); when
    the Druid then Moves, neither twin recovers an action."""
    where = SEER_WHERE | {"Druid": (10.0, 4.0)}
    hands = {0: ("3D",), 1: ("4S", "5D")}
    battle = no_wildform(placed(("Seer", "Cleric"), ("Mesmer", "Druid"), where, hands))
    predict = "cast Prediction on Druid naming move paying 3D"
    battle = activate(battle, "Seer", predict, "guard", "no step", "end activation")
    battle = play(battle, "activate Mesmer", "clone", "no step")
    clone = next(
        a for a in grammar.texts(battle.legal_actions(1)) if a.startswith("clone Seer to ")
    )
    battle = play(battle, clone, "end activation", *guard_turns("Cleric"))
    twins = [f for f in battle.fighters if f.name.startswith("Seer ")]
    assert len(twins) == 2 and all(f.counters == 1 for f in twins)
    battle = play(battle, "activate Druid", "move")
    assert all(battle.fighter(f.name).counters == 1 for f in twins)
    assert not logged(battle, EventKind.RECOVER_ACTION, spell="Prediction", target="Druid")


def test_the_prediction_of_a_seer_on_the_battlefield_comes_true_in_the_same_set_up():
    """The control for the tests above: the same Seer, not taken down, recovers its action
    when the Mesmer begins the named Move (20.3: the single counter goes)."""
    hands = {0: ("3D",)}
    where = SEER_WHERE | {"Druid": (10.0, 4.0)}
    battle = no_wildform(placed(("Seer", "Cleric"), ("Mesmer", "Druid"), where, hands))
    predict = "cast Prediction on Mesmer naming move paying 3D"
    battle = activate(battle, "Seer", predict, "guard", "no step", "end activation")
    assert battle.fighter("Seer").counters == 1
    battle = play(battle, "activate Mesmer", "move")
    assert battle.fighter("Seer").counters == 0
    assert logged(battle, EventKind.RECOVER_ACTION, spell="Prediction", target="Mesmer")


# -- Insight at the bottom of the deck (Seer v1.4.0; 12.1; ruling MB-42) ---------------------
#
# Page: when taking the top card of the face-down deck, the Seer's player may take two, keep
# one and put the other back on top. 12.1: whenever the face-down deck is used up, the
# discard pile is shuffled to replace it, at any point. So with one card left in the deck
# and cards in the discard pile, the first card taken empties the deck, the discard pile
# becomes the deck at once, and the second card is its top card; the card put back goes on
# top of that new deck. Only when the deck and the discard pile together hold fewer than
# two cards can the player not take two. (A two-player battle cannot reach that: with one
# card in the deck, at most 15 are in hands and face up, so 36 are in the discard pile.)


def _low_deck(battle: Battle, left: int) -> Battle:
    """``left`` cards stay in the face-down deck (its top ones); the rest of it is moved to
    the discard pile (a test shortcut; all 52 cards stay somewhere, 0.9)."""
    return replace(battle, deck=battle.deck[:left], discard=(*battle.discard, *battle.deck[left:]))


def test_insight_with_one_card_left_takes_the_second_from_the_reshuffled_discard_pile():
    """The one card left is taken, 12.1 turns the discard pile into the deck, the second
    card comes from it; the card put back is the next one anybody draws from the deck."""
    battle = _low_deck(channelling(), 1)
    last = battle.deck[0]
    second = next(c for c in battle.discard if c != last)
    assert "draw deck with Insight" in grammar.texts(battle.legal_actions(0))
    battle = play(battle, "draw deck with Insight", f"card {last}")
    assert logged(battle, EventKind.RESHUFFLE)
    assert battle.deck and not battle.discard
    battle = play(battle, f"card {second}", f"keep {last}")
    assert last in battle.hands[0] and second not in battle.hands[0]
    battle = battle.apply("draw deck")
    other = next(c for c in battle.deck if c != second)
    refused(battle, f"card {other}", second)
    assert second in battle.apply(f"card {second}").hands[1]


def test_insight_with_two_cards_left_puts_one_back_on_the_reshuffled_discard_pile():
    """Two cards left: both come from the old deck, which is then used up, so the discard
    pile replaces it at once (12.1); the card put back goes on top of that new deck and is
    the next one drawn."""
    battle = _low_deck(channelling(), 2)
    first, second = battle.deck
    old_discard = set(battle.discard)
    battle = play(battle, "draw deck with Insight", f"card {first}", f"card {second}")
    assert logged(battle, EventKind.RESHUFFLE)
    battle = battle.apply(f"keep {first}")
    assert set(battle.deck) == old_discard | {second} and not battle.discard
    battle = battle.apply("draw deck")
    refused(battle, f"card {next(iter(old_discard))}", second)
    assert second in battle.apply(f"card {second}").hands[1]


def test_insight_is_offered_exactly_when_two_cards_can_be_taken():
    """0 or 1 card in the deck and the discard pile together: no Insight (there are not
    two cards to take); from 2 on, it is offered whatever the split."""
    base = channelling()
    cards = (*base.deck, *base.discard)
    for total in range(4):
        for in_deck in range(total + 1):
            if in_deck == 0:
                continue
            battle = replace(base, deck=cards[:in_deck], discard=cards[in_deck:total])
            offered = "draw deck with Insight" in grammar.texts(battle.legal_actions(0))
            assert offered is (total >= 2), (in_deck, total)


# -- Phasewalk with Haste (Enchanter v1.3.1; Haste v1.5.2 and v1.2.0; MB-9, MB-43, MB-46) ----
#
# Both are cast as the Move begins (MB-9, MB-43); they are different abilities, so one
# fighter may use both at once (5.0 forbids only the same ability twice at once). Haste adds
# to the Movement (5): +1 (v1.5.x) or +3 (v1.2.0), each friendly caster that sees the mover
# adding its own (MB-9); Phasewalk changes what the path may pass, not its length. So the
# phased path runs straight through the high wall, and the shortest path to any end is the
# straight line: an end is reachable exactly when it is at most 5 + the Haste bonus away.
# Without Phasewalk the path must go round the wall (from (4, 8) to (8, 8): twice the
# distance to (6, 11.492), 8.05"), so Haste alone, even v1.2.0's +3, does not get there.

WALL = {"name": "Wall", "height": 3, "rectangle": {"centre": [6, 8], "size": [0.4, 6]}}
"""A high wall from (5.8, 5) to (6.2, 11)."""

UNIVERSAL_120 = EXAMPLES / "universal-1.2.0.yaml"


@cache
def hasted_walk(hastes: tuple[str, ...], phasewalk: bool, older: bool = False) -> Battle:
    """The Enchanter at (4, 8), the Seer (its friend) at (4, 12), the Mesmer at (10, 14).
    Player 1 holds four Spades; each of ``hastes`` casts Haste on the Enchanter's Move, then
    (or not) the Enchanter casts Phasewalk on itself."""
    pack = bundled_pack().merged(load_pack(UNIVERSAL_120)) if older else None
    where = {"Enchanter": (4.0, 8.0), "Seer": (4.0, 12.0), "Mesmer": (10.0, 14.0)}
    hand = ("5S", "6S", "7S", "8S")
    battle = placed(
        ("Enchanter", "Seer"), ("Mesmer",), where, {0: hand}, table=open_table([WALL]), pack=pack
    )
    battle = activate(battle, "Enchanter", "move")
    spent = iter(hand)
    for caster in hastes:
        battle = battle.apply(f"cast Haste by {caster} on Enchanter paying {next(spent)}")
    if phasewalk:
        battle = battle.apply(f"cast Phasewalk by Enchanter on Enchanter paying {next(spent)}")
    return battle


@pytest.mark.parametrize(
    ("hastes", "older", "end", "beyond"),
    [
        ((), False, (9.0, 8.0), (9.05, 8.0)),
        (("Enchanter",), False, (10.0, 8.0), (10.05, 8.0)),
        (("Enchanter", "Seer"), False, (11.0, 8.0), (11.05, 8.0)),
        # 8" reaches the table's edge going east: go up and to the right, through the wall
        # (y = 9.1 at x = 6), 7.999" and 8.023" away.
        (("Enchanter",), True, (11.0, 11.87), (11.0, 11.92)),
    ],
    ids=["no Haste, 5in", "Haste v1.5.2, 6in", "two Hastes, 7in", "Haste v1.2.0, 8in"],
)
def test_phasewalk_goes_straight_through_the_wall_as_far_as_haste_allows(
    hastes, older, end, beyond
):
    """Straight from (4, 8) through the wall: ``end``, at the Movement with the Hastes, is
    allowed; ``beyond``, a little further, is not (15.0)."""
    battle = hasted_walk(hastes, True, older)
    assert accepted(battle, f"to {end[0]:g},{end[1]:g}")
    refused(battle, f"to {beyond[0]:g},{beyond[1]:g}", "15.0")


@pytest.mark.parametrize("older", [False, True], ids=["Haste v1.5.2", "Haste v1.2.0"])
def test_haste_alone_does_not_pass_the_wall(older):
    """Without Phasewalk the way round the wall (8.05") is longer than 6" or 8"."""
    refused(hasted_walk(("Enchanter",), False, older), "to 8,8", "15.0")


def test_haste_and_phasewalk_in_either_order_move_alike():
    """Phasewalk first, then Haste (by the Enchanter itself): 6" through the wall."""
    where = {"Enchanter": (4.0, 8.0), "Seer": (4.0, 12.0), "Mesmer": (10.0, 14.0)}
    battle = placed(
        ("Enchanter", "Seer"), ("Mesmer",), where, {0: ("5S", "6S")}, table=open_table([WALL])
    )
    battle = activate(battle, "Enchanter", "move")
    battle = battle.apply("cast Phasewalk by Enchanter on Enchanter paying 5S")
    battle = battle.apply("cast Haste by Enchanter on Enchanter paying 6S")
    assert accepted(battle, "to 10,8")
    refused(battle, "to 10.05,8", "15.0")


@given(x=st.floats(6.75, 11.45), y=st.floats(3.0, 13.0), two=st.booleans())
@FEW
def test_a_hasted_phasewalk_reaches_exactly_the_ends_within_its_movement(x, y, two):
    """Generated ends beyond the wall (clear of it, of the Mesmer and of the edges): allowed
    exactly when the straight distance from (4, 8) is at most 6" (one Haste) or 7" (two)."""
    x, y = round(x, 2), round(y, 2)
    reach = 7.0 if two else 6.0
    far = math.dist((4.0, 8.0), (x, y))
    assume(abs(far - reach) > 0.01)
    assume(math.dist((x, y), (10.0, 14.0)) > 2 * R + 0.01)
    battle = hasted_walk(("Enchanter", "Seer") if two else ("Enchanter",), True)
    assert accepted(battle, f"to {x},{y}") is (far <= reach)


def test_a_hasted_phasewalk_passes_an_enemy_but_not_a_friend():
    """MB-43 with Haste: the Enchanter at (2, 8) moves 6" to (8, 8) with a fighter at
    (5, 8) on the straight path: through the Mesmer (an enemy) yes; round the Seer (a
    friend) the path is longer than 6" (it must clear the Seer's base: about 6.3")."""
    for blocker, passes in (("Mesmer", True), ("Seer", False)):
        where = {"Enchanter": (2.0, 8.0), "Seer": (2.0, 14.0), "Mesmer": (10.0, 14.0)}
        where[blocker] = (5.0, 8.0)
        battle = placed(("Enchanter", "Seer"), ("Mesmer",), where, {0: ("5S", "6S")})
        battle = activate(battle, "Enchanter", "move")
        battle = battle.apply("cast Haste by Enchanter on Enchanter paying 6S")
        battle = battle.apply("cast Phasewalk by Enchanter on Enchanter paying 5S")
        assert accepted(battle, "to 8,8") is passes, blocker


# -- Aimed Shot at a friendly fighter (Deadeye v1.2.0; 4.3, 18.0, 18.1; ruling MB-12) -------
#
# 18.0 speaks of a fighter attacking another fighter; neither it nor 18.1 (a line of attack
# to the target) nor the Deadeye's page ("a fighter within 2" of the marker") asks for an
# enemy, so a friend may be shot (4.3 only defines friends and enemies), as MB-13 and MB-41
# already read for Blast and a charmed fighter. The defending player is the target's
# controller (18.0), here the Deadeye's own player, who chooses its reaction. Aimed Shot:
# 2-12, Power 6, Precision 5; the Guardian: Evasion 0, Armour 2.

FRIENDLY_MARK = {
    "Deadeye": (2.0, 2.0),
    "Guardian": (6.0, 10.0),
    "Cleric": (11.0, 15.0),
    "Witch": (9.0, 1.0),
}


@cache
def aimed_at_a_friend() -> Battle:
    """The Deadeye took aim at (6, 10), where its friend the Guardian stands; the Cleric
    (player 2) Guards; the Deadeye attacks in its next activation."""
    battle = placed(("Deadeye", "Guardian"), ("Cleric", "Witch"), FRIENDLY_MARK)
    battle = activate(battle, "Deadeye", "take aim", "no step", "aim at 6,10", "end activation")
    return play(battle, *guard_turns("Cleric"), "activate Deadeye", "attack", "no step")


def test_aimed_shot_may_target_a_friend_near_the_marker():
    assert "attack Guardian with Aimed Shot" in grammar.texts(aimed_at_a_friend().legal_actions(0))


def test_the_friend_shot_is_defended_by_its_own_player_at_the_usual_odds():
    """The reaction is asked of player 1, the Guardian's; with none, every roll of the six
    dice is played: the damage is a direct icepool expression of 18.5.2-18.5.3."""
    battle = aimed_at_a_friend().apply("attack Guardian with Aimed Shot")
    node = battle.node()
    assert isinstance(node, Turn) and node.player == 0 and node.rule == "18.4", node
    at_dice = battle.apply("none")
    assert pending_attack(at_dice)["cover"] is False
    assert engine_damage(at_dice, "Guardian", 6) == expected_damage(6, 5, 2)


# -- A Doppelganger with a profile from the user's own pack (Mesmer v1.5.0; MB-45) ----------
#
# MB-45's option: a pack of the user's own (loaded as `--pack FILE` loads it) that defines a
# fighter called Doppelganger gives the Doppelganger that profile's numbers: its Evasion and
# Armour when it is attacked, its Movement, its attacks; its damage is the target's, and
# while the note is secret every player's view shows both twins as the target's profile.
# The profile below differs from the Enchanter's (Toughness 6, Movement 5, Armour 1,
# Evasion 1) in every number that matters.

DOPPELGANGER_YAML = """\
pack: House Doppelganger
fighters:
  - name: Doppelganger
    toughness: 8
    movement: 3
    armour: 3
    deflect: 1
    evasion: 0
    dodge: 1
    attacks:
      - {name: Claw, type: melee, range: 1, power: 2, precision: 7}
"""


@pytest.fixture(scope="module")
def house_pack(tmp_path_factory):
    path = tmp_path_factory.mktemp("packs") / "doppelganger.yaml"
    path.write_text(DOPPELGANGER_YAML)
    return bundled_pack().merged(load_pack(path))


def doubled(pack) -> Battle:
    """The Mesmer clones the Enchanter (2 damage), noting the second twin as genuine, so
    "Enchanter 1" is the Doppelganger; the twins are then set 6" apart (a test shortcut) and
    player 1's Seer Guards. Player 2's Deadeye, at (8, 2), is to act."""
    where = {
        "Enchanter": (2.0, 4.0),
        "Seer": (1.0, 14.0),
        "Mesmer": (8.0, 4.0),
        "Deadeye": (8.0, 2.0),
    }
    battle = placed(
        ("Enchanter", "Seer"), ("Mesmer", "Deadeye"), where, {1: ("4S", "5D")}, pack=pack
    )
    battle = battle.with_fighter(replace(battle.fighter("Enchanter"), damage=2))
    clone = "clone Enchanter to 1.507,4 and 2.493,4 genuine second paying 4S+5D"
    battle = play(battle, *guard_turns("Seer"), "activate Mesmer", "clone", "no step", clone)
    battle = battle.apply("end activation")
    battle = battle.with_fighter(replace(battle.fighter("Enchanter 1"), at=(2.0, 2.0)))
    battle = battle.with_fighter(replace(battle.fighter("Enchanter 2"), at=(2.0, 8.0)))
    return play(battle, *guard_turns("Seer"))


def test_the_house_doppelganger_looks_like_the_target_to_every_player(house_pack):
    battle = doubled(house_pack)
    for player in (0, 1):
        shown = {f["name"]: f["profile"] for f in battle.view(player)["fighters"]}
        assert shown["Enchanter 1"] == shown["Enchanter 2"] == "Enchanter"
    assert {battle.fighter(n).damage for n in ("Enchanter 1", "Enchanter 2")} == {2}


@pytest.mark.parametrize(
    ("twin", "evasion", "armour"),
    [("Enchanter 1", 0, 3), ("Enchanter 2", 1, 1)],
    ids=["the Doppelganger", "the genuine Enchanter"],
)
def test_a_shot_at_either_twin_has_that_twins_own_odds(house_pack, twin, evasion, armour):
    """The Deadeye's Quick Shot (Power 4, Precision 4) along y = 2 or from (8, 2) to (2, 8),
    in the open: target number 4 - Evasion, Armour blocking; every roll of four dice."""
    shooter = (8.0, 2.0) if twin == "Enchanter 1" else (8.0, 8.0)
    battle = doubled(house_pack)
    battle = battle.with_fighter(replace(battle.fighter("Deadeye"), at=shooter))
    attack = f"attack {twin} with Quick Shot"
    at_dice = play(battle, "activate Deadeye", "attack", "no step", attack, "none")
    assert pending_attack(at_dice)["cover"] is False
    assert engine_damage(at_dice, twin, 4) == expected_damage(4, 4 - evasion, armour)


def test_the_house_doppelganger_moves_its_own_movement_and_has_its_own_attack(house_pack):
    """Movement 3 against the Enchanter's 5; its Claw (range 1) reaches the Mesmer moved
    next to it, and it has no Phasewalk (the Enchanter's spell) to offer."""
    battle = play(doubled(house_pack), *guard_turns("Deadeye"))
    moving = play(battle, "activate Enchanter 1", "move")
    assert accepted(moving, "to 5,2")
    refused(moving, "to 5.05,2", "15.0")
    assert not any("Phasewalk" in a for a in grammar.texts(moving.legal_actions(0)))
    genuine = play(battle, "activate Enchanter 2", "move")
    assert accepted(genuine, "to 7,8")
    near = battle.with_fighter(replace(battle.fighter("Mesmer"), at=(3.0, 2.0)))
    near = play(near, "activate Enchanter 1", "attack", "no step")
    assert "attack Mesmer with Claw" in grammar.texts(near.legal_actions(0))
    assert "attack Mesmer with Melee" not in grammar.texts(near.legal_actions(0))


def test_the_house_doppelganger_is_taken_down_at_its_own_toughness_and_revealed(house_pack):
    """The Deadeye's four hits (1 1 1 1) less Armour 3 deal 1: with the copied 2 damage the
    Doppelganger (Toughness 8, not the Enchanter's 6) stands at 3; at 7 damage (a shortcut)
    the same shot takes it down (18.5.3), and the note is read by every player."""
    attack = "attack Enchanter 1 with Quick Shot"
    for before, standing in ((2, True), (5, True), (7, False)):
        battle = doubled(house_pack)
        battle = battle.with_fighter(replace(battle.fighter("Enchanter 1"), damage=before))
        battle = play(battle, "activate Deadeye", "attack", "no step", attack, "none")
        battle = no_barrier(battle.apply("dice 1 1 1 1"))
        assert battle.fighter("Enchanter 1").on_battlefield is standing
        revealed = "Enchanter 2 is the genuine" in json.dumps(battle.view(0))
        assert revealed is not standing
        if standing:
            assert battle.fighter("Enchanter 1").damage == before + 1
