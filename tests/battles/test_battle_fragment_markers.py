"""Fragment Frenzy v1.3.0 (ruling MB-28): fragments are markers, collected by a Move that
crosses them, at most one per Move action; territories split along the long edge only."""

from __future__ import annotations

import math
from dataclasses import replace
from random import Random

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from mwbattle import FACE_UP, deploy, events, new_battle, open_table, play, with_hand

from skirmish.engine.battle import Chance, IllegalAction, Turn
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle.catalogue import find_scenario
from skirmish.games.magewinds.battle.fragment_markers import (
    FRAGMENT_FRENZY_V130,
    Collecting,
    crossed,
)
from skirmish.games.magewinds.battle.placement import markers
from skirmish.games.magewinds.battle.scenarios import Crossing
from skirmish.games.magewinds.battle.session import battlefield_now, object_rows
from skirmish.games.magewinds.battle.setup import setup_from_record
from skirmish.games.magewinds.battle.state import MARKER, Battle, Mark, Phase
from skirmish.geometry import BASE_DIAMETER

RADIUS = BASE_DIAMETER / 2
V130 = FRAGMENT_FRENZY_V130


def placed(**options: object) -> Battle:
    """A v1.3.0 battle with player 2 on the right, every fighter deployed, and the round's
    fragments being placed: player 1 (seat 0) finished deploying first and places first."""
    battle = new_battle(("Wizard", "Cleric"), ("Druid", "Seer"), scenario=V130, **options)
    battle = play(battle, "roll-off 6 1", "take right", *(f"card {c}" for c in FACE_UP))
    return deploy(battle, {"Wizard": (2, 3), "Cleric": (2, 13), "Druid": (10, 3), "Seer": (10, 13)})


def acting(fragments: dict[str, tuple[float, float]], **options: object) -> Battle:
    """Round 1's Action Phase with the fragments where given (a test shortcut for the
    placing, which other tests check)."""
    battle = placed(**options)
    while battle.phase is not Phase.ACTION or battle.node().rule == "Wildform":
        node = battle.node()
        assert isinstance(node, Turn)
        if node.rule == "Fragment Frenzy":
            battle = battle.apply(battle.options()[0])
        else:
            battle = battle.apply("done" if node.rule == "Wildform" else "pass")
    kept = tuple(m for m in battle.marks if m.key != MARKER)
    put = tuple(Mark(MARKER, "", at=at, detail=name) for name, at in fragments.items())
    return replace(battle, marks=(*kept, *put))


def test_v130_splits_along_the_long_edge_only():
    battle = play(new_battle(scenario=V130), "roll-off 6 1")
    assert battle.options() == ("take left", "take right")
    later = play(new_battle(scenario="fragment-frenzy"), "roll-off 6 1")
    assert "take near" in later.options() and "take near-left" in later.options()


def test_fragments_are_markers_placed_by_their_point_not_objects():
    battle = placed()
    node = battle.node()
    assert isinstance(node, Turn) and node.player == 0
    # Player 1 places in player 2's (right) half: the point 0.1" past the middle line,
    # where a base would cross it; a marker is measured from its point (9.4).
    battle = battle.apply("place at 6.1,6")
    with pytest.raises(IllegalAction, match="in the opponent's territory"):
        battle.apply("place at 6.1,9")  # player 2 places in player 1's (left) half
    with pytest.raises(IllegalAction, match="2\" from the battlefield's edge"):
        battle.apply("place at 3,1.9")
    with pytest.raises(IllegalAction, match='2" from Fragment 1.1'):
        battle.apply("place at 5,6")  # 1.1" from the other marker's point
    with pytest.raises(IllegalAction, match='1" from Wizard'):
        battle.apply("place at 2,4.45")  # 0.96" from the Wizard's base
    battle = battle.apply("place at 2,4.5")
    assert battle.items == ()
    assert [(m.detail, m.at) for m in markers(battle)] == [
        ("Fragment 1.1", (6.1, 6.0)),
        ("Fragment 1.2", (2.0, 4.5)),
    ]
    shown = [(m.name, m.x, m.y) for m in battlefield_now(battle).markers]
    assert ("Fragment 1.2", 2.0, 4.5) in shown


FRAGMENTS = {"Fragment 1.1": (2.0, 5.0), "Fragment 1.2": (2.45, 6.5), "Fragment 1.3": (2.55, 6)}
"""Along the Wizard's Move from (2,3) to (2,7.5): 1.1 under its centre's path, 1.2 0.45"
beside it (under the base, radius 0.49"), 1.3 0.55" beside it (missed)."""


def moved(fragments=FRAGMENTS, to="2,7.5", **options: object) -> Battle:
    battle = acting(fragments, **options)
    assert battle.node().player == 0
    return play(battle, "activate Wizard", "move", f"to {to}")


def test_a_move_crossing_fragments_offers_one_of_them_to_collect():
    battle = moved()
    node = battle.node()
    assert isinstance(node, Turn) and node.player == 0 and isinstance(battle.frames[-1], Collecting)
    assert battle.options() == ("collect Fragment 1.1", "collect Fragment 1.2", "collect nothing")
    battle = battle.apply("collect Fragment 1.2")
    assert battle.counted("fragment", 0) == 1 and battle.counted("fragment", 1) == 0
    assert sorted(m.detail for m in markers(battle)) == ["Fragment 1.1", "Fragment 1.3"]
    assert "ruling MB-28" in events(battle, "collect")[-1].text
    # At most one per Move action: the activation goes on without another offer.
    assert not isinstance(battle.frames[-1], Collecting)
    assert "collect Fragment 1.1" not in battle.options()


def test_collecting_is_a_choice():
    battle = moved().apply("collect nothing")
    assert battle.counted("fragment", 0) == 0 and len(markers(battle)) == 3


def test_a_move_that_misses_every_fragment_collects_nothing():
    battle = moved({"Fragment 1.3": (2.55, 6)})
    assert not any(isinstance(f, Collecting) for f in battle.frames)
    assert battle.counted("fragment", 0) == 0 and len(markers(battle)) == 1


def test_a_fragment_under_the_end_of_the_move_is_crossed():
    battle = moved({"Fragment 1.1": (6, 6)}, to="5.7,6")
    assert battle.options() == ("collect Fragment 1.1", "collect nothing")


def test_the_centre_reading_asks_the_centre_to_pass_over_the_point():
    battle = moved(fragment_crossing=Crossing.CENTRE)
    assert battle.options() == ("collect Fragment 1.1", "collect nothing")


def test_the_path_is_the_one_traced_around_an_obstacle():
    # A wall across the straight way from (2,3) to (2,5): the Move goes round its right
    # end, over the fragment there and not over the one beside the straight line.
    wall = {"name": "Wall", "height": 3, "rectangle": {"centre": [1.5, 4], "size": [3, 0.2]}}
    fragments = {"Fragment 1.1": (3.6, 4.0), "Fragment 1.2": (2.0, 3.6)}
    battle = moved(fragments, to="2,5", table=open_table([wall]))
    assert battle.options() == ("collect Fragment 1.1", "collect nothing")


def attacked(reaction: str) -> Battle:
    """The Wizard Sparks the Seer, 0.8" beside it, with Fragment 1.1 just behind the Seer:
    the Seer reacts, every die hits, and any step or knockback goes straight over it."""
    battle = acting({"Fragment 1.1": (5.3, 3.0)})
    battle = battle.with_fighter(replace(battle.fighter("Seer"), at=(4.5, 3.0)))
    battle = with_hand(battle, 0, ("2D",))
    battle = play(
        battle, "activate Wizard", "attack", "no step", "attack Seer with Spark paying 2D"
    )
    battle = battle.apply(reaction)
    while battle.frames[-1].__class__.__name__ != "Activation":
        node = battle.node()
        if isinstance(node, Chance):
            faces = str(battle.sample_chance(Random(0))).split()[1:]
            battle = battle.apply("dice " + " ".join("1" for _ in faces))
            continue
        options = battle.options()
        wanted = ("step 5.49,3", "knock back 1", "no barrier")
        battle = battle.apply(next((o for o in options if o in wanted), options[0]))
    return battle


@pytest.mark.parametrize(("reaction", "moved_by"), [("dodge", "step"), ("none", "knockback")])
def test_a_dodge_step_or_knockback_is_not_a_move_action(reaction, moved_by):
    battle = attacked(reaction)
    assert events(battle, moved_by)
    assert battle.fighter("Seer").at is not None and battle.fighter("Seer").at[0] > 5.3
    assert battle.counted("fragment", 1) == 0 and len(markers(battle)) == 1


_OPEN: list[Battle] = []

coordinate = st.floats(min_value=1.0, max_value=11.0, allow_nan=False)


@given(
    st.tuples(coordinate, coordinate),
    st.tuples(coordinate, coordinate),
    st.tuples(coordinate, coordinate),
    st.sampled_from(list(Crossing)),
)
def test_crossing_agrees_with_the_base_stepped_along_the_path(start, end, point, reading):
    """Ruling MB-28 checked another way: the base (or the centre) set down every 1/2000th
    of the way, and the marker under it at one of those places."""
    if not _OPEN:
        _OPEN.append(acting({}))
    options = replace(_OPEN[0].setup.options, fragment_crossing=reading)
    battle = replace(_OPEN[0], setup=replace(_OPEN[0].setup, options=options))
    battle = replace(battle, marks=(Mark(MARKER, "", at=point, detail="Fragment 1.1"),))
    reach = RADIUS if reading is Crossing.BASE else 0.01
    steps = 2000
    closest = min(
        math.dist(
            point,
            (
                start[0] + (end[0] - start[0]) * k / steps,
                start[1] + (end[1] - start[1]) * k / steps,
            ),
        )
        for k in range(steps + 1)
    )
    assume(start != end and abs(closest - reach) > math.dist(start, end) / steps)
    assert (crossed(battle, (start, end)) == ["Fragment 1.1"]) == (closest <= reach)


def test_a_battle_records_its_scenario_version_and_replays_with_it():
    battle = placed(fragment_crossing=Crossing.CENTRE)
    data = battle.setup.as_dict()
    assert data["scenario_version"] == "1.3.0"
    assert data["options"]["fragment_crossing"] == "centre"
    again = setup_from_record(data)
    assert again.scenario is V130 and again.options.fragment_crossing is Crossing.CENTRE
    assert setup_from_record({**data, "scenario_version": None}).scenario.version == "1.3.1"
    assert find_scenario("fragment-frenzy", "v1.3.0") is V130
    with pytest.raises(SkirmishError, match="expected one of: 1.3.1, 1.3.0"):
        find_scenario("fragment-frenzy", "1.2.0")
    with pytest.raises(SkirmishError, match="expected one of: 1.3.0"):
        find_scenario("king-of-the-hill", "1.3.1")


def test_status_lists_the_fragments_lying_on_the_battlefield():
    """9.4: the status table lists each fragment marker at its centre until collected."""
    battle = acting({"Fragment 1": (6, 8), "Fragment 2": (3.5, 12.25)})
    rows = [r for r in object_rows(battle) if r["notes"].startswith("marker")]
    assert [(r["object"], r["at"]) for r in rows] == [
        ("Fragment 1", "6,8"),
        ("Fragment 2", "3.5,12.25"),
    ]
    gone = replace(battle, marks=tuple(m for m in battle.marks if m.detail != "Fragment 1"))
    assert [r["object"] for r in object_rows(gone) if r["notes"].startswith("marker")] == [
        "Fragment 2"
    ]
