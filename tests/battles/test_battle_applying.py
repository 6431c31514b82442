"""The fast paths of applying the chosen action (issue 32, sixth sitting) against the plain
computations they replace.

Each part is switched off alone (``fastpaths.plain(PART)``, every other fast path on):
random battles, listing and drawing, must play step for step the same, and each piece is
compared with the plain computation on generated cases from the states of random battles,
comparing whole answers.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_battle_fastpaths import Trace, assert_same, deploying, on_table, traced
from test_battle_offers import SCENARIOS, action_states

from conftest import battlefields
from skirmish import fastpaths
from skirmish.games.magewinds.battle import Length, new_setup, setup, start_battle
from skirmish.games.magewinds.battle import geometry as battle_geometry
from skirmish.games.magewinds.battle.candidates import GRID
from skirmish.games.magewinds.battle.deployment import (
    _KEPT_SPOTS,
    FINE_GRID,
    KEPT_SPOTS,
    NEAR_SPOT,
    deployment_spots,
)
from skirmish.games.magewinds.battle.geometry import (
    FOUND_CLEAR,
    OVERLAP,
    field_of,
    path_to,
)
from skirmish.games.magewinds.battle.state import Status
from skirmish.games.magewinds.battle.straight import straight_ends
from skirmish.games.magewinds.field import Battlefield
from skirmish.games.magewinds.looks import HIGH, OBSTACLES, TOUCHING, _blockers

BAND = ["Wizard", "Guardian", "Cleric", "Deadeye"]
PARTS = (FOUND_CLEAR, KEPT_SPOTS, TOUCHING)


def drawn_trace(seed: int, chosen: Any) -> Trace:
    """A battle between two drawing random players, every state's hash and its log."""
    return traced(seed, chosen=chosen, drawn=True)


def deathmatch(size: int) -> Any:
    return new_setup("deathmatch", [BAND[:size], BAND[:size]])


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize(("size", "seed"), [(4, 1), (4, 2), (2, 3), (2, 4)])
def test_applying_alike_plays_the_same_benchmark_deathmatches(part, size, seed):
    """The battles the benchmarks measure, listing and drawing, step for step alike with
    the part on and off."""
    fastpaths.forget()
    fast = traced(seed, chosen=deathmatch(size))
    fast_drawn = drawn_trace(seed, deathmatch(size))
    fastpaths.forget()
    with fastpaths.plain(part):
        slow = traced(seed, chosen=deathmatch(size))
        slow_drawn = drawn_trace(seed, deathmatch(size))
    assert_same(fast, slow)
    assert_same(fast_drawn, slow_drawn)


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("seed", [2, 7, 13, 22])
def test_applying_alike_plays_the_same_random_battles(part, seed):
    """Battles of every kind random setups give (objects, scenarios, spells), drawing."""
    chosen = setup.random_setup(seed, length=Length.QUICK, most=3, rounds=2)
    fastpaths.forget()
    fast = drawn_trace(seed, chosen)
    fastpaths.forget()
    with fastpaths.plain(part):
        slow = drawn_trace(seed, chosen)
    assert_same(fast, slow)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_paths_to_ends_found_clear_are_the_traced_paths(scenario):
    """15.0, MB-7: the path to an end a straight move was found clear to (remembered by
    :data:`FOUND_CLEAR`) is the path traced in full: the same end, length to the last
    bit, problems and route, for the limit the end was found within and for shorter ones
    (too short, the end is traced and refused); and ends not found stay traced."""
    rng = random.Random(scenario)
    taken = refused = 0
    for battle in action_states(17, scenario, every=2):
        field = field_of(battle)
        for fighter in on_table(battle):
            inches = rng.choice([0.5, 1.0, 2.0, 5.0, 9.0])
            directions = [
                (math.cos(a), math.sin(a)) for a in (rng.uniform(0, 2 * math.pi) for _ in range(10))
            ]
            with fastpaths.plain(FOUND_CLEAR):
                ends = [e for e in straight_ends(battle, fighter, directions, inches) if e]
                assert fighter.at is not None
                near = [
                    (
                        round(fighter.at[0] + d[0] * inches, 2),
                        round(fighter.at[1] + d[1] * inches, 2),
                    )
                    for d in directions[:3]
                ]
                asked = [(end, limit) for end in ends + near for limit in (inches, inches / 3)]
                expected = [path_to(battle, fighter, end, limit) for end, limit in asked]
            straight_ends(battle, fighter, directions, inches)  # remembered now
            for (end, limit), want in zip(asked, expected, strict=True):
                kept = (field, fighter.name, end) in battle_geometry._FOUND_CLEAR.answers
                short = battle_geometry._straight_path(
                    field, battle_geometry.placed(field, fighter.name), end, limit
                )
                assert path_to(battle, fighter, end, limit) == want
                if short is not None:
                    assert kept and want.legal
                    taken += 1
                elif kept:
                    refused += 1
    assert taken > 100
    assert refused


def test_an_end_found_from_elsewhere_is_not_taken_as_found_clear():
    """An end found for a fighter asked from a trial position (not where the battlefield
    has it) is not remembered: the path from where it stands is traced in full."""
    compass = [(math.cos(i * math.pi / 4), math.sin(i * math.pi / 4)) for i in range(8)]
    found = 0
    for battle in action_states(3, "deathmatch", every=4):
        field = field_of(battle)
        for fighter in on_table(battle):
            assert fighter.at is not None
            there = (round(fighter.at[0] + 0.3, 2), fighter.at[1])
            elsewhere = battle_geometry.replaced(fighter, at=there)
            fastpaths.forget()
            ends = [e for e in straight_ends(battle, elsewhere, compass, 1.0) if e]
            assert not any(
                (field, fighter.name, end) in battle_geometry._FOUND_CLEAR.answers for end in ends
            )
            straight_ends(battle, fighter, compass, 1.0)
            found += len(ends)
        assert battle_geometry._FOUND_CLEAR.answers  # found from where it stands: kept
    assert found


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_spots_kept_from_the_last_ones_are_the_plain_ones_as_bases_are_deployed(data):
    """10.5, 0.8.1, 15.0: a player's deployment spots worked out from the last ones found
    (part :data:`KEPT_SPOTS`) are the spots worked out in full, in order, as bases are
    deployed one by one: some anywhere, some at a spot's overlap distance or at the
    distance within which spots are checked again, exactly or a hair either side."""
    battle = deploying(data)
    spacing = data.draw(st.sampled_from([GRID, FINE_GRID, 1.1]))
    player = data.draw(st.integers(0, battle.players - 1))
    fastpaths.forget()
    kept = deployment_spots(battle, player, spacing)
    table = battle.setup.table
    for fighter in [f for f in battle.fighters if f.status is Status.RESERVE][:4]:
        if kept and data.draw(st.booleans()):
            x, y = data.draw(st.sampled_from(kept))
            gap = data.draw(st.sampled_from([OVERLAP, NEAR_SPOT, 0.5])) + data.draw(
                st.sampled_from([0.0, 1e-12, -1e-12, 0.002, -0.002])
            )
            angle = data.draw(st.floats(0, 2 * math.pi))
            at = (x + gap * math.cos(angle), y + gap * math.sin(angle))
        else:
            at = (data.draw(st.floats(0.5, table.width - 0.5)), data.draw(st.floats(0.5, 15.5)))
        battle = battle.with_fighter(
            dataclasses.replace(fighter, status=Status.ON_BATTLEFIELD, at=at)
        )
        kept = deployment_spots(battle, player, spacing)
        with fastpaths.plain(KEPT_SPOTS):
            assert kept == deployment_spots(battle, player, spacing)


def test_spots_are_worked_out_again_when_a_base_has_moved():
    """Spots are kept only while every base found then still stands where it stood: a
    base moved (not deployed) has them all worked out again, and they are still the plain
    ones."""
    chosen = new_setup("deathmatch", [BAND[:2], BAND[:2]])
    battle = start_battle(chosen)
    battle = dataclasses.replace(battle, territories=("near", "far"), first=0)
    first, second = battle.fighters[:2]
    battle = battle.with_fighter(
        dataclasses.replace(first, status=Status.ON_BATTLEFIELD, at=(3.0, 3.0))
    )
    fastpaths.forget()
    before = deployment_spots(battle, 0, GRID)
    moved = battle.with_fighter(dataclasses.replace(battle.fighters[0], at=(9.0, 3.0)))
    moved = moved.with_fighter(
        dataclasses.replace(second, status=Status.ON_BATTLEFIELD, at=(6.0, 2.0))
    )
    after = deployment_spots(moved, 0, GRID)
    with fastpaths.plain(KEPT_SPOTS):
        assert after == deployment_spots(moved, 0, GRID)
    assert after != before
    found = _KEPT_SPOTS.find(moved.setup, 0, GRID, moved.territories, ())
    assert found is not None and found[0][1] == tuple(after)


def same_touching(field: Battlefield) -> int:
    """What every fighter's base touches on ``field``'s blockers (high obstacles, or every
    obstacle; fighters blocking or not) found all at once (part :data:`TOUCHING`) and one
    base at a time: the same blockers, in order, with the very same gaps. How many bases
    touch something."""
    touching = 0
    for classes in (HIGH, OBSTACLES):
        for bases in (True, False):
            at_once = _blockers.__wrapped__(field.layout, classes, bases).touching
            with fastpaths.plain(TOUCHING):
                one_by_one = _blockers.__wrapped__(field.layout, classes, bases).touching
            assert at_once == one_by_one
            touching += len(at_once)
    moved = [
        placed.base.moved_to(placed.base.x + dx, placed.base.y)
        for placed in field.fighters
        for dx in (0.0, 0.3, 0.0)
    ]
    for classes, bases in ((HIGH, False), (OBSTACLES, True)):
        among = _blockers.__wrapped__(field.layout, classes, bases)
        for base in moved:  # asked twice at some places: kept the second time
            kept = among.touching_as([base]).touching
            with fastpaths.plain(TOUCHING):
                assert kept == among.touching_as([base]).touching
    return touching


@settings(max_examples=60, deadline=None)
@given(battlefields())
def test_what_bases_touch_found_at_once_is_found_one_by_one_on_generated_battlefields(field):
    """0.8.1, MW-18: bases in contact written the ways players write them, on terrain of
    every kind."""
    same_touching(field)


def test_what_bases_touch_found_at_once_is_found_one_by_one_in_battles():
    """The same on the battlefields of random battles, and on one where bases touch each
    other (written a hair apart, exactly in contact and a hair overlapping) and a wall."""
    from skirmish.games.magewinds.field import parse_battlefield

    fields = [
        field_of(battle)
        for scenario in SCENARIOS
        for battle in action_states(23, scenario, every=6)
    ]
    assert len(fields) > 20
    for field in fields:
        same_touching(field)
    radius = 2 * battle_geometry.RADIUS
    contact = parse_battlefield(
        {
            "warbands": ["red", "blue"],
            "fighters": [
                {"name": "A", "profile": "Wizard", "warband": "red", "at": [3, 3]},
                {"name": "B", "profile": "Wizard", "warband": "blue", "at": [3 + radius, 3]},
                {
                    "name": "C",
                    "profile": "Wizard",
                    "warband": "blue",
                    "at": [3, 3 + radius - 0.0009],
                },
                {"name": "D", "profile": "Wizard", "warband": "red", "at": [6.5 - radius / 2, 8]},
            ],
            "terrain": [
                {"name": "wall", "height": 2.5, "polygon": [[6.5, 6], [7, 6], [7, 10], [6.5, 10]]}
            ],
        },
        source="contact",
    )
    assert same_touching(contact) >= 4
