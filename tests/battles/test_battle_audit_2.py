"""A second audit of rules the battle tests let slip: terrain as movement and sight meet it
(15.0, 16.0), moveable objects (19.2), healing and re-deployment (20.1, 20.2), the
scenarios' setup and end rules (Fragment Frenzy, Battle Royale, Treasure Clash, Hold the
Line) and the order of simultaneous rules (1.2).

Every expected number is worked out by hand from the rules text: a 25 mm base is 0.984"
across (radius 0.492"), and distances run between the closest points of bases (8.0).
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest
from mwbattle import (
    FACE_UP,
    activate,
    deploy,
    guard_turns,
    new_battle,
    open_table,
    placed,
    play,
    ready,
    royale,
    set_up,
    to_round_2,
    with_hand,
)

from skirmish.engine.battle import Chance, End, IllegalAction, Turn
from skirmish.fastpaths import plain
from skirmish.games.magewinds.battle import Length, Options, grammar, new_setup, start_battle
from skirmish.games.magewinds.battle.damage import take_down
from skirmish.games.magewinds.battle.deck import hand_limit
from skirmish.games.magewinds.battle.geometry import in_sight, sees
from skirmish.games.magewinds.battle.objects import pushable
from skirmish.games.magewinds.battle.royale import struck
from skirmish.games.magewinds.battle.state import Phase, Status
from skirmish.games.magewinds.battle.tables import parse_table
from skirmish.games.magewinds.pack import bundled_pack, load_pack
from skirmish.geometry import BASE_DIAMETER

R = BASE_DIAMETER / 2
"""A base's radius: 0.492"."""
EXAMPLES = Path(__file__).parents[2] / "examples" / "packs"


def double_table(terrain: tuple[dict, ...] = ()):
    """The double-size battlefield of the 3-4 player scenarios, 24" x 16" (ruling MB-25)."""
    data = {"battlefield": {"width": 24, "length": 16}, "terrain": list(terrain)}
    return parse_table(data, source="test table")


def refused(battle, action: str, match: str) -> None:
    with pytest.raises(IllegalAction, match=match):
        battle.apply(action)


# -- 15.0 and 16.0: medium and high obstacles ---------------------------------------------


def wall(height: float) -> dict:
    """A wall from (4.8, 5) to (5.2, 11), between a Wizard at (3, 8) and the point (7, 8)."""
    return {"name": "Wall", "height": height, "rectangle": {"centre": [5, 8], "size": [0.4, 6]}}


@pytest.mark.parametrize(
    ("height", "crosses"),
    [(0.6, True), (0.99, True), (1.0, False), (1.2, False), (1.5, False), (2.5, False)],
    ids=["low", "low just under 1in", "medium at 1in", "medium", "medium at 1.5in", "high"],
)
def test_a_move_may_cross_a_low_obstacle_but_not_a_medium_or_high_one(height, crosses):
    """15.0 with 7.1: a fighter may pass over a low obstacle (under 1" tall) but over no
    other. The Wizard (Movement 5) goes from (3, 8) to (7, 8): 4" straight across the wall;
    round either end of the wall (y = 5 or 11, plus a base's radius) is at least
    2 * hypot(2, 3.49) = 8.05", more than 5"."""
    battle = ready(
        ("Wizard",),
        ("Guardian",),
        {"Wizard": (3, 8), "Guardian": (9, 14)},
        table=open_table([wall(height)]),
    )
    battle = play(battle, "activate Wizard", "move")
    if crosses:
        assert battle.apply("to 7,8").fighter("Wizard").at == (7, 8)
    else:
        refused(battle, "to 7,8", "15.0")


@pytest.mark.parametrize("fast", [True, False], ids=["fast path", "plain path"])
@pytest.mark.parametrize(("height", "seen"), [(1.2, True), (1.5, True), (1.6, False)])
def test_only_a_high_obstacle_hides_a_fighter(fast, height, seen):
    """16.0: a line from the target to the viewer's base blocked by a high obstacle (taller
    than 1 1/2", 7.1) hides the target; a medium one (1" to 1 1/2") does not."""
    table = open_table([{**wall(height), "rectangle": {"centre": [6, 8], "size": [0.4, 6]}}])
    battle = ready(("Wizard",), ("Guardian",), {"Wizard": (3, 8), "Guardian": (9, 8)}, table=table)
    wizard, guardian = battle.fighter("Wizard"), battle.fighter("Guardian")
    if fast:
        assert sees(battle, wizard, guardian) is seen
        assert in_sight(battle, guardian, wizard) is seen
    else:
        with plain():
            assert sees(battle, wizard, guardian) is seen
            assert in_sight(battle, guardian, wizard) is seen


BLOCK = {"name": "Block", "height": 1.2, "rectangle": {"centre": [3, 8], "size": [1, 1]}}
"""A medium obstacle from (2.5, 7.5) to (3.5, 8.5), in player 1's (left) half."""


def _gap_to_block(x: float, y: float) -> float:
    dx = max(2.5 - x, 0.0, x - 3.5)
    dy = max(7.5 - y, 0.0, y - 8.5)
    return math.hypot(dx, dy)


def test_no_fighter_is_deployed_in_or_over_a_medium_obstacle():
    """15.0 (a base may not be in a medium obstacle) at deployment (10.5, ruling MB-7): a
    base centred 0.49" from the block's edge would overlap it, one 0.5" away clears it by
    0.008"; no offered deployment overlaps it."""
    battle = set_up(new_battle(table=open_table([BLOCK])))
    refused(battle, "deploy Wizard at 3,8", "medium obstacle 'Block'")
    refused(battle, "deploy Wizard at 3,8.99", "medium obstacle 'Block'")
    offered = [
        a for a in grammar.texts(battle.legal_actions(0)) if a.startswith("deploy Wizard at ")
    ]
    assert offered
    for action in offered:
        x, y = (float(v) for v in action.rsplit(" ", 1)[1].split(","))
        assert _gap_to_block(x, y) >= R - 0.002, action
    battle = battle.apply("deploy Wizard at 3,9")
    assert battle.fighter("Wizard").at == (3, 9)


# -- 19.2 moveable objects, moved by Push (Cleric v1.4.0, ruling MB-34) ----------------------


def pushing(barrel: tuple[float, float], cleric: tuple[float, float], **where):
    """Round 1's Action Phase: the Cleric (player 1) holding 2C, a moveable Barrel, the
    Guardian where ``where`` says (else far away)."""
    table = open_table(
        where.pop("terrain", ()), objects=[{"name": "Barrel", "at": list(barrel), "moveable": True}]
    )
    spots = {"Cleric": cleric, "Guardian": where.pop("guardian", (9, 1))}
    return placed(("Cleric",), ("Guardian",), spots, {0: ("2C",)}, table=table)


def push_barrel(battle):
    battle = play(battle, "activate Cleric", "attack", "no step")
    return battle.apply("attack Barrel with Push paying 2C")


def test_a_pushed_object_stops_against_a_fighter_in_its_way():
    """19.2: an object moves as a fighter does, and 15.0 lets nothing move through a
    fighter. Push's 6 hits would shove the Barrel 6" from (3, 6); the Guardian at (3, 9)
    stops it touching the Guardian's base, centres 0.984" apart: at (3, 8.016)."""
    battle = push_barrel(pushing((3, 6), (3, 4), guardian=(3, 9)))
    x, y = battle.item("Barrel").at
    assert x == 3 and abs(y - (9 - BASE_DIAMETER)) <= 0.011
    assert battle.fighter("Guardian").at == (3, 9)


def test_a_pushed_object_stops_at_the_battlefields_edge():
    """19.2 with 15.0 and 2.1: an object may not cross the edge. From (3, 12) a 6" shove
    away from the Cleric at (3, 10) ends with the base touching the far edge (y = 16), its
    centre at 16 - 0.492 = 15.508."""
    battle = push_barrel(pushing((3, 12), (3, 10)))
    x, y = battle.item("Barrel").at
    assert x == 3 and abs(y - (16 - R)) <= 0.011


@pytest.mark.parametrize(("gap", "offered"), [(4.9, True), (5.1, False)])
def test_push_reaches_an_object_within_its_range_base_to_base(gap, offered):
    """Push (Range 5) on a moveable object (ruling MB-34), measured between the closest
    points of the two bases (8.0): the Barrel's centre is 0.984" + ``gap`` from the
    Cleric's."""
    battle = pushing((3, 4 + BASE_DIAMETER + gap), (3, 4))
    cleric = battle.fighter("Cleric")
    push = battle.setup.profile("Cleric").attack("Push")
    assert bool(pushable(battle, cleric, push)) is offered


def test_push_cannot_target_an_object_behind_a_high_obstacle():
    """Push needs a visible target (13.4, 16.0): a high wall across the line from the
    Barrel at (3, 7) to the Cleric at (3, 4) hides it, though it is within Range."""
    high = {"name": "Wall", "height": 2.5, "rectangle": {"centre": [3, 5.5], "size": [4, 0.4]}}
    battle = pushing((3, 7), (3, 4), terrain=[high])
    push = battle.setup.profile("Cleric").attack("Push")
    assert pushable(battle, battle.fighter("Cleric"), push) == []
    medium = {**high, "height": 1.2}
    battle = pushing((3, 7), (3, 4), terrain=[medium])
    assert [i.name for i in pushable(battle, battle.fighter("Cleric"), push)] == ["Barrel"]


# -- 20.1 healing --------------------------------------------------------------------------


def _hurt(battle, name: str, damage: int, poisoned: bool = False):
    return battle.with_fighter(replace(battle.fighter(name), damage=damage, poisoned=poisoned))


@pytest.mark.parametrize(
    ("damage", "poisoned", "card"),
    [(1, False, "KH"), (1, False, "AH"), (0, True, "2H")],
    ids=["King on 1 damage", "Ace on 1 damage", "poisoned, no damage"],
)
def test_heal_removes_no_more_damage_than_the_fighter_has(damage, poisoned, card):
    """20.1: healing removes damage the fighter has; a card worth more than that (a King
    is worth 2 Hearts, an Ace 3, 17.0) leaves it with none, never below none. A poisoned
    fighter with no damage may be healed to end the poison (ruling MB-15)."""
    where = {"Cleric": (3.0, 8.0), "Wizard": (7.0, 8.0)}
    battle = placed(("Cleric", "Wizard"), ("Guardian",), where, {0: (card,)})
    battle = _hurt(battle, "Wizard", damage, poisoned)
    battle = activate(battle, "Cleric", "guard", "no step")
    battle = battle.apply(f"cast Heal on Wizard paying {card}")
    wizard = battle.fighter("Wizard")
    assert (wizard.damage, wizard.poisoned) == (0, False)


@pytest.mark.parametrize(
    ("damage", "poisoned", "card"),
    [(1, False, "KH"), (1, False, "AH"), (0, True, "2H")],
    ids=["King on 1 damage", "Ace on 1 damage", "poisoned, no damage"],
)
def test_recover_removes_no_more_damage_than_the_fighter_has(damage, poisoned, card):
    """20.1 with Recover v1.5.x: 1 damage and a King (2) or an Ace (3) leave 0 damage; a
    poisoned fighter with no damage may Recover to end the poison (ruling MB-15) and is
    left with none, not with less than none."""
    battle = placed(("Wizard", "Cleric"), ("Guardian",), {"Wizard": (3.0, 8.0)}, {0: (card,)})
    battle = _hurt(battle, "Wizard", damage, poisoned)
    battle = activate(battle, "Wizard", "recover", "no step", f"recover paying {card}")
    wizard = battle.fighter("Wizard")
    assert (wizard.damage, wizard.poisoned) == (0, False)


def test_recover_v120_heals_2_but_never_below_no_damage():
    """20.1 with Recover v1.2.0 (ruling MB-46): 2 damage healed at the player's next turn;
    a Wizard with 1 damage is left with 0."""
    pack = bundled_pack().merged(load_pack(EXAMPLES / "universal-1.2.0.yaml"))
    positions = {"Wizard": (3, 8), "Guardian": (9, 8)}
    battle = ready(("Wizard",), ("Guardian",), positions, hands={0: ("2H",)}, pack=pack)
    battle = _hurt(battle, "Wizard", 1)
    battle = play(battle, "activate Wizard", "recover", "no step", "recover paying 2H")
    battle = play(battle, "end activation", "activate Guardian", "guard", "no step")
    battle = battle.apply("end activation")
    assert battle.fighter("Wizard").damage == 0


# -- 20.2 re-deployment ---------------------------------------------------------------------

ROCK = {"name": "Rock", "height": 0.6, "rectangle": {"centre": [3, 9.9], "size": [1, 0.6]}}
"""A low obstacle from (2.5, 9.6) to (3.5, 10.2), just north of a Cleric at (3, 8)."""


def reviving():
    """The Cleric at (3, 8) with the Ace of Hearts, its friend the Wizard out of action."""
    positions = {"Cleric": (3, 8), "Wizard": (3, 12), "Guardian": (9, 8), "Seer": (9, 14)}
    battle = set_up(
        new_battle(("Cleric", "Wizard"), ("Guardian", "Seer"), table=open_table([ROCK]))
    )
    battle = with_hand(deploy(battle, positions), 0, ("AH",))
    while battle.phase.value == "channelling":
        battle = battle.apply("pass")
    battle = take_down(battle, "Wizard")
    return play(battle, "activate Cleric", "revive", "no step")


@pytest.mark.parametrize(
    ("spot", "why"),
    [
        ("3,9.6", "low obstacle 'Rock'"),  # a gap of 0.616" from the Cleric, on the rock
        ("3,8.9", "overlap Cleric"),  # centres 0.9" apart: the bases overlap
        ("2.1,8", "overlap Cleric"),
    ],
)
def test_revive_sets_the_fighter_up_only_where_a_base_may_stand(spot, why):
    """20.2: a re-deployed fighter is set up on the battlefield: not overlapping another
    base (0.8.1) and not on a low obstacle (15.0, ruling MB-7), even within 1" of the
    Cleric. (3, 9.05) is 0.066" from the Cleric's base and 0.058" clear of the rock."""
    battle = reviving()
    refused(battle, f"revive Wizard at {spot} paying AH", why)
    assert battle.apply("revive Wizard at 3,9.05 paying AH").fighter("Wizard").on_battlefield


def blinking():
    """The Wizard at (3, 8) with the Ace of Spades, the Witch (its friend) at (3, 2), a low
    rock from (1.5, 3.5) to (2.5, 4.5), the Guardian far away at (9, 14)."""
    rock = {"name": "Rock", "height": 0.6, "rectangle": {"centre": [2, 4], "size": [1, 1]}}
    positions = {"Wizard": (3, 8), "Witch": (3, 2), "Guardian": (9, 14)}
    battle = placed(
        ("Wizard", "Witch"), ("Guardian",), positions, {0: ("AS",)}, table=open_table([rock])
    )
    return activate(battle, "Wizard", "blink", "no step")


@pytest.mark.parametrize(
    ("spot", "why"),
    [
        ("3,2.5", "overlap Witch"),  # centres 0.5" apart
        ("2,4", "low obstacle 'Rock'"),
        ("0.3,12", "not wholly on the battlefield"),  # the base reaches x = -0.19
        ("11.8,4", "not wholly on the battlefield"),
    ],
)
def test_blink_re_deploys_only_where_a_base_may_stand(spot, why):
    """20.2 (Blink re-deploys): the fighter is set up again on the battlefield (2.1), where
    a base may stand (0.8.1, ruling MB-7). Every spot tried is more than 3" from the
    Guardian and visible, so only where the base would stand is wrong."""
    battle = blinking()
    refused(battle, f"blink to {spot} paying AS", why)
    assert battle.apply("blink to 1,12 paying AS").fighter("Wizard").at == (1, 12)


# -- Fragment Frenzy v1.3.1: placing fragments (ruling MB-27) ------------------------------


def fragment_frenzy():
    """Player 1 (seat 0) on the left half, player 2 on the right; each deploys two
    fighters, player 1 first, so player 1 finishes deploying first and places first."""
    battle = new_battle(("Wizard", "Cleric"), ("Guardian", "Seer"), scenario="fragment-frenzy")
    battle = set_up(battle)
    where = {"Wizard": (3, 8), "Cleric": (3, 14), "Guardian": (9, 8), "Seer": (9, 14)}
    return deploy(battle, where)


def placing(battle) -> int:
    node = battle.node()
    assert isinstance(node, Turn) and node.rule == "Fragment Frenzy", node
    return node.player


def test_fragments_go_in_the_opponents_territory_away_from_edges_fragments_and_fighters():
    """Fragment Frenzy v1.3.1: each fragment (an object on a 25 mm base) goes wholly in
    the opponent's territory, at least 2" from the battlefield's edge, 2" from other
    fragments and 1" from every fighter, measured between closest points (8.0)."""
    battle = fragment_frenzy()
    assert placing(battle) == 0
    refused(battle, "place at 3,5", "opponent's territory")  # player 1's own half
    refused(battle, "place at 6.45,5", "opponent's territory")  # base crosses x = 6
    refused(battle, "place at 8,2.45", "edge")  # 2.45 - 0.492 = 1.958" from the edge
    refused(battle, "place at 9,9.9", "from Guardian")  # 1.9 - 0.984 = 0.916"
    battle = battle.apply("place at 8,2.5")  # 2.008" from the edge
    assert placing(battle) == 1
    refused(battle, "place at 8,5", "opponent's territory")
    battle = battle.apply("place at 3,5.45")  # 2.55 - 0.984 = 1.566" from the Wizard
    assert placing(battle) == 0
    refused(battle, "place at 8,5.4", "from Fragment 1.1")  # 2.9 - 0.984 = 1.916"
    battle = battle.apply("place at 8,5.5")  # 2.016" from Fragment 1.1
    assert placing(battle) == 1
    battle = battle.apply("place at 4.5,2.6")  # hypot(1.5, 2.85) - 0.984 = 2.236"
    assert placing(battle) == 0
    battle = battle.apply("place at 8,11")
    # five fragments a round, and no more: the Channelling Phase begins (12.0)
    assert battle.node().rule == "12.0"
    assert [i.name for i in battle.items] == [f"Fragment 1.{k}" for k in range(1, 6)]


def test_each_round_five_more_fragments_are_placed_first_by_who_passed_first():
    """Fragment Frenzy v1.3.1: at the start of every round 5 fragments are placed, the
    first by the player who finished activating first in the last round (here player 2,
    with one fighter to player 1's two), even though player 1 passed first in the last
    Channelling Phase (12.0: player 2 drew a card, then passed second)."""
    battle = new_battle(("Wizard", "Cleric"), ("Guardian",), scenario="fragment-frenzy")
    battle = deploy(set_up(battle), {"Wizard": (3, 8), "Cleric": (3, 14), "Guardian": (9, 8)})
    assert placing(battle) == 1  # player 2 finished deploying first (one fighter)
    # player 2 in the left half, player 1 in the right, leaving room in both for more
    for spot in ("5.5,2.5", "9.5,2.5", "5.5,5.5", "9.5,13.5", "2.5,4"):
        battle = battle.apply(f"place at {spot}")
    assert len(battle.items) == 5 and battle.node().rule == "12.0"
    battle = play(battle, "draw deck", "card 2C", "pass", "pass")
    assert battle.channel_passes == (0, 1)
    battle = play(battle, *guard_turns("Wizard", "Guardian", "Cleric", "Guardian", "Wizard"))
    battle = play(battle, "pass", *guard_turns("Cleric"), "pass")
    assert battle.action_passes == (1, 0)
    battle = battle.apply("discard 2C")  # windburn: keep nothing
    assert battle.round == 2 and placing(battle) == 1
    assert "Fragment 2.1" in battle.node().prompt
    battle = battle.apply("place at 5.5,10.5")  # in player 1's half, clear of everything
    assert placing(battle) == 0 and "Fragment 2.2" in battle.node().prompt
    assert battle.item("Fragment 2.1").at == (5.5, 10.5) and len(battle.items) == 6


def test_a_player_with_no_legal_spot_for_a_fragment_is_passed_over_and_placing_goes_on():
    """Fragment Frenzy v1.3.1 (ruling MB-27): placing stops at 5 fragments or when nobody
    has a legal spot. Round 1's fragments leave player 2 no spot in player 1's half
    (every point there within 2" of a fragment's base or 1" of a fighter's); in round 2
    player 2, first to place, is passed over and player 1 places on."""
    battle = new_battle(("Wizard", "Cleric"), ("Guardian",), scenario="fragment-frenzy")
    battle = deploy(set_up(battle), {"Wizard": (3, 8), "Cleric": (3, 14), "Guardian": (9, 8)})
    for spot in ("3.75,3.5", "6.75,3.5", "3.75,11", "6.75,6.5", "5.5,13.5"):
        battle = battle.apply(f"place at {spot}")
    battle = play(battle, "draw deck", "card 2C", "pass", "pass")
    battle = play(battle, *guard_turns("Wizard", "Guardian", "Cleric", "Guardian", "Wizard"))
    battle = play(battle, "pass", *guard_turns("Cleric"), "pass", "discard 2C")
    assert battle.round == 2 and battle.action_passes == (1, 0)
    skipped = [e for e in battle.events() if e.event == "placement_skipped"]
    assert len(skipped) == 1 and skipped[0].get("player") == 2
    assert placing(battle) == 0 and "Fragment 2.1" in battle.node().prompt


# -- Battle Royale v1.4.0: corners and the Storm ---------------------------------------------


@pytest.mark.parametrize(
    ("round_number", "at", "hit"),
    [
        (2, (3.4, 8), True),  # 2.908" from the left edge
        (2, (12, 1.2), True),  # 0.708" from the near edge, at the centre's x
        (2, (16, 8), False),  # 4" from the centre but 7.5" from every edge
        (3, (16, 8), True),  # 4 - 0.492 = 3.508" from the centre
        (3, (3.4, 8), True),
        (4, (12, 10.4), False),  # 2.4 - 0.492 = 1.908" from the centre
    ],
)
def test_the_storm_strikes_near_the_edge_after_phases_1_and_2_then_away_from_the_centre(
    round_number, at, hit
):
    """Battle Royale v1.4.0: at the end of Action Phases 1 and 2 the Storm strikes every
    fighter within 3" of the battlefield's edge; from the third on, every fighter not
    within 3" of the centre (12, 8) of the 24" x 16" battlefield."""
    battle = start_battle(
        new_setup("battle-royale", [["Wizard"], ["Druid"], ["Seer"]], table=double_table())
    )
    wizard = replace(battle.fighter("Wizard"), status=Status.ON_BATTLEFIELD, at=at)
    assert struck(replace(battle, round=round_number), wizard) is hit


def test_the_storm_deals_4_damage_to_the_fighters_it_strikes_and_no_other():
    """Battle Royale v1.4.0: after Action Phase 1 the Cleric, 1.508" from the left edge,
    takes 4 damage; its friend the Seer, 3.508" from the far edge, and the Wizard and the
    Guardian near the centre take none."""
    positions = {"Wizard": (12, 8), "Guardian": (14, 8), "Cleric": (2, 8), "Seer": (12, 12)}
    battle = royale([["Wizard"], ["Guardian"], ["Cleric", "Seer"]], positions, {})
    battle = to_round_2(battle)
    damage = {name: battle.fighter(name).damage for name in positions}
    assert damage == {"Wizard": 0, "Guardian": 0, "Cleric": 4, "Seer": 0}


def test_corners_are_picked_from_player_2_and_warbands_deploy_within_3_inches_of_them():
    """Battle Royale v1.4.0 (ruling MB-29): corners are chosen by Player 2, then 3, then
    Player 1; Player 1 then deploys its whole warband first, each base within 3" of its
    corner at its closest point: (21.5958, 2.4042) is 3.4" from the corner (24, 0), so its
    base is 2.908" away; (21.48, 2.52) is 3.564" away, its base 3.072"."""
    setup = new_setup(
        "battle-royale", [["Wizard", "Witch"], ["Guardian"], ["Cleric"]], table=double_table()
    )
    battle = start_battle(setup).apply("roll-off 6 5 4")
    pickers = []
    for corner in ("near-left", "far-right", "near-right"):
        pickers.append(battle.node().player)
        battle = battle.apply(f"take {corner}")
    assert pickers == [1, 2, 0]
    assert battle.territories == ("near-right", "near-left", "far-right")
    battle = play(battle, *(f"card {c}" for c in FACE_UP))
    assert battle.node().player == 0
    refused(battle, "deploy Wizard at 21.48,2.52", 'within 3"')
    battle = battle.apply("deploy Wizard at 21.5958,2.4042")
    assert battle.node().player == 0  # the whole warband, one player at a time
    battle = battle.apply("deploy Witch at 23,2")
    assert battle.node().player == 1


# -- Treasure Clash v1.4.0: quarters, treasures and deployment -------------------------------


TREASURES = [(12, 8), (12, 11), (12, 5), (15, 8), (9, 8), (15, 11), (9, 11), (15, 5), (9, 5)]
"""Spots 3" apart (bases 2.016" apart), each base within 6" of the centre (12, 8)."""


def treasure_clash(players: int):
    bands = [["Wizard", "Witch"], ["Guardian", "Seer"], ["Cleric", "Druid"], ["Mesmer", "Deadeye"]]
    setup = new_setup("treasure-clash", bands[:players], table=double_table())
    return start_battle(setup).apply("roll-off " + " ".join(str(6 - s) for s in range(players)))


@pytest.mark.parametrize("players", [3, 4])
def test_treasure_clash_places_2_treasures_per_player_and_1_more_in_turn_from_player_2(players):
    """Treasure Clash v1.4.0: quarters are picked in roll-off order starting with Player
    2; then 2 treasures per player plus 1 (7 for three players, 9 for four) are placed
    in turn from Player 2, Player 1 last."""
    battle = treasure_clash(players)
    pickers = []
    while battle.node().rule == "Treasure Clash" and battle.options()[0].startswith("take"):
        pickers.append(battle.node().player)
        battle = battle.apply(battle.options()[0])
    turn = [*range(1, players), 0]
    assert pickers == turn[: len(pickers)] and len(pickers) >= players - 1
    placers = []
    for spot in TREASURES:
        node = battle.node()
        if not (isinstance(node, Turn) and node.rule == "Treasure Clash"):
            break
        placers.append(node.player)
        battle = battle.apply(f"place at {spot[0]},{spot[1]}")
    count = 2 * players + 1
    assert len(battle.items) == count
    assert placers == [turn[k % players] for k in range(count)]
    assert isinstance(battle.node(), Chance)  # the face-up cards come next (10.4)


def test_treasures_go_within_6_inches_of_the_centre_and_2_inches_apart():
    """Treasure Clash v1.4.0 (ruling MB-27): a treasure's base within 6" of the centre
    (12, 8) at its closest point, and at least 2" from the other treasures' bases."""
    battle = treasure_clash(3)
    while battle.options()[0].startswith("take"):
        battle = battle.apply(battle.options()[0])
    refused(battle, "place at 18.6,8", 'within 6"')  # 6.6 - 0.492 = 6.108"
    battle = battle.apply("place at 18.4,8")  # 5.908": not wholly within, but within
    battle = battle.apply("place at 12,8")
    refused(battle, "place at 12,10.9", 'at least 2"')  # 2.9 - 0.984 = 1.916" apart
    battle = battle.apply("place at 12,11")  # 2.016" apart
    assert [i.at for i in battle.items] == [(18.4, 8), (12, 8), (12, 11)]


def test_treasure_clash_deploys_wholly_in_your_quarter_8_inches_from_the_centre_in_turn():
    """Treasure Clash v1.4.0: fighters deploy one at a time from Player 1, wholly in
    their own quarter and at least 8" from the centre (12, 8), measured to the closest
    point of the base."""
    battle = treasure_clash(3)
    for corner in ("near-left", "far-right", "near-right"):
        battle = battle.apply(f"take {corner}")
    for spot in TREASURES[:7]:
        battle = battle.apply(f"place at {spot[0]},{spot[1]}")
    battle = play(battle, *(f"card {c}" for c in FACE_UP))
    assert battle.territories == ("near-right", "near-left", "far-right")
    assert battle.node().player == 0
    refused(battle, "deploy Wizard at 19.5,7.5", "centre")  # 7.55 - 0.492 = 7.06"
    refused(battle, "deploy Wizard at 22,8", "quarter")  # the base crosses y = 8
    refused(battle, "deploy Wizard at 3,2", "quarter")  # player 2's quarter
    battle = battle.apply("deploy Wizard at 20.5,7.5")  # 8.515 - 0.492 = 8.023"
    assert battle.node().player == 1  # one fighter at a time
    battle = battle.apply("deploy Guardian at 2,2")
    assert battle.node().player == 2


# -- Hold the Line v1.3.0: the Attacker's hand limit -----------------------------------------


def test_each_escaped_attacker_raises_the_attackers_hand_limit_by_1():
    """Hold the Line v1.3.0: each escape gives the Attacker +1 hand limit (12.0: 5) for
    the rest of the battle. Five Attackers need 3 escapes; with 2 escaped and 1 out of
    action (not escaped) the battle goes on and the Attacker's limit is 5 + 2 = 7, the
    Defender's still 5."""
    bands = [["Wizard", "Cleric", "Witch", "Seer", "Enchanter"], ["Guardian"]]
    setup = new_setup(
        "hold-the-line", bands, table=open_table(), options=Options(length=Length.LONG)
    )
    battle = replace(start_battle(setup), first=0, phase=Phase.ACTION, round=1)
    statuses = {
        "Wizard": Status.ESCAPED,
        "Cleric": Status.ESCAPED,
        "Witch": Status.OUT_OF_ACTION,
        "Seer": Status.ON_BATTLEFIELD,
        "Enchanter": Status.ON_BATTLEFIELD,
        "Guardian": Status.ON_BATTLEFIELD,
    }
    for name, status in statuses.items():
        at = (3.0, 2.0 + 2 * len(name)) if status is Status.ON_BATTLEFIELD else None
        battle = battle.with_fighter(replace(battle.fighter(name), status=status, at=at))
    assert battle.setup.scenario.ends_now(battle) is None
    assert [hand_limit(battle, p)[0] for p in (0, 1)] == [7, 5]
    battle = battle.with_fighter(replace(battle.fighter("Cleric"), status=Status.OUT_OF_ACTION))
    assert [hand_limit(battle, p)[0] for p in (0, 1)] == [6, 5]


# -- 1.2 sequencing: the roll-off winner orders simultaneous rules ---------------------------


def test_the_roll_off_winner_orders_poison_and_that_order_is_followed():
    """1.2 (ruling MB-19): poison on both sides at the end of the Action Phase, nobody's
    turn: player 2 wins the roll-off and puts its own fighter's poison first. Dealt in
    that order (``--poison-falls in-order``, ruling MB-33), the Guardian falls first and
    player 1 wins."""
    battle = ready(
        ("Wizard",), ("Guardian",), {"Wizard": (3, 8), "Guardian": (9, 8)}, poison_falls="in-order"
    )
    for name in ("Wizard", "Guardian"):
        fighter = battle.fighter(name)
        toughness = battle.setup.profile(fighter.profile).toughness
        battle = battle.with_fighter(replace(fighter, poisoned=True, damage=toughness - 1))
    battle = play(battle, *guard_turns("Wizard", "Guardian", "Wizard", "Guardian"))
    battle = play(battle, "pass", "pass", "roll-off 1 6")
    node = battle.node()
    assert isinstance(node, Turn) and (node.player, node.rule) == (1, "1.2")
    battle = battle.apply("order 2,1")
    node = battle.node()
    assert isinstance(node, Turn) and node.player == 1  # the Guardian's Barrier, first
    battle = battle.apply("no barrier")
    node = battle.node()
    assert isinstance(node, End) and node.winner == 0, node
    assert battle.fighter("Wizard").on_battlefield


def test_the_roll_off_winner_orders_the_storms_damage_and_that_order_is_followed():
    """1.2 with Battle Royale v1.4.0 (ruling MB-29): the Storm strikes two warbands at
    once, nobody's turn; player 3 wins the roll-off and orders player 3's fighter first,
    then player 1's."""
    positions = {"Wizard": (2, 8), "Guardian": (12, 8), "Cleric": (22, 8)}
    battle = royale([["Wizard"], ["Guardian"], ["Cleric"]], positions, {})
    battle = play(battle, *guard_turns("Wizard", "Guardian", "Cleric"))
    battle = play(battle, *guard_turns("Wizard", "Guardian", "Cleric"), "pass", "pass", "pass")
    node = battle.node()
    assert isinstance(node, Chance) and node.rule == "3.1", node
    battle = battle.apply("roll-off 6 6")  # players 1 and 3 tie
    battle = battle.apply("roll-off 2 5")  # player 3 wins
    node = battle.node()
    assert isinstance(node, Turn) and (node.player, node.rule) == (2, "1.2")
    battle = battle.apply("order 3,1")
    asked = []
    while isinstance(battle.node(), Turn) and battle.node().rule == "Barrier":
        asked.append(battle.node().player)
        battle = battle.apply("no barrier")
    assert asked == [2, 0]
    damage = {name: battle.fighter(name).damage for name in positions}
    assert damage == {"Wizard": 4, "Guardian": 0, "Cleric": 4}
