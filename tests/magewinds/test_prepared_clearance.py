"""Free space prepared once a table (the fast-path part ``clearance.PREPARED``) against the
same worked out afresh (``fastpaths.plain(PREPARED)``): the free space of every fighter, the
straight rooms of many rays and the moves checked on generated battlefields (bases in
contact, terrain of every height, starts pressed against blockers), comparing whole
answers bit for bit; the lengths measured in plain floats against shapely's; and random
battles played both ways step for step."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import battlefields
from skirmish.engine.battle import History, RandomPlayer, play_out
from skirmish.fastpaths import plain
from skirmish.games.magewinds import moves
from skirmish.games.magewinds.battle import new_setup, start_battle
from skirmish.games.magewinds.field import parse_battlefield
from skirmish.geometry import clearance
from skirmish.geometry.clearance import PREPARED, Clearance
from skirmish.geometry.movement import FreeSpace

BAND = ["Wizard", "Guardian", "Cleric", "Deadeye"]


def afresh(field, name: str) -> FreeSpace:
    """A fighter's free space made without anything prepared."""
    with plain(PREPARED):
        return moves._surroundings.__wrapped__(field.layout, name).free


def prepared(field, name: str) -> FreeSpace:
    return moves._surroundings.__wrapped__(field.layout, name).free


def arrays(exact: Clearance) -> list[object]:
    """Everything a closed form holds, as plain values."""
    return [
        exact.width,
        exact.length,
        exact.radius,
        exact.tolerance,
        exact.centres.tolist(),
        exact.reaches.tolist(),
        exact.solid.tolist(),
        exact.solid_owners.tolist(),
        exact.solid_boxes.tolist(),
        exact.low_boxes.tolist(),
        [shape.wkb for shape in exact.solid_shapes],
        [shape.wkb for shape in exact.low_shapes],
    ]


@settings(max_examples=40, deadline=None)
@given(battlefields())
def test_free_space_made_once_a_table_is_the_free_space_made_afresh(field):
    for fighter in field.fighters:
        fast, slow = prepared(field, fighter.name), afresh(field, fighter.name)
        assert fast == slow  # the radius, the table, the footprints and the other bases
        assert fast.exact is not None and slow.exact is not None
        assert arrays(fast.exact) == arrays(slow.exact)
        around = moves.neighbourhood(field, fighter, 1.0)
        near = moves.local_space.__wrapped__(around)
        with plain(PREPARED):
            near_afresh = moves.local_space.__wrapped__(around)
        assert near == near_afresh
        assert near.exact is not None and near_afresh.exact is not None
        assert arrays(near.exact) == arrays(near_afresh.exact)


def test_a_table_is_prepared_once_for_every_position_on_it():
    """Two fighters' free spaces on one table share the terrain's edges (the very array),
    and a table of another size is another area."""
    field = _battlefield_with_terrain()
    first, second = (prepared(field, f.name) for f in field.fighters[:2])
    assert first.exact is not None and second.exact is not None
    assert first.exact.solid is second.exact.solid
    assert first.area is second.area
    assert moves.table_area(12.0, 16.0) is not moves.table_area(16.0, 12.0)
    one, other = afresh(field, field.fighters[0].name), afresh(field, field.fighters[1].name)
    assert one.exact is not None and other.exact is not None
    assert one.exact.solid is not other.exact.solid


def _battlefield_with_terrain():
    return parse_battlefield(
        {
            "warbands": ["red", "blue"],
            "fighters": [
                {"name": "A", "profile": "Wizard", "warband": "red", "at": [3, 3]},
                {"name": "B", "profile": "Wizard", "warband": "blue", "at": [8, 9]},
            ],
            "terrain": [
                {"name": "wall", "class": "high", "rectangle": {"centre": [6, 6], "size": [3, 1]}},
                {"name": "pond", "class": "low", "circle": {"centre": [3, 11], "radius": 1.2}},
            ],
        },
        source="test",
    )


@st.composite
def rays(draw):
    """Directions (the compass and some at random) and a room's length (a step's, a Move's,
    one across the table)."""
    angles = draw(st.lists(st.floats(0, 2 * math.pi), min_size=1, max_size=16))
    units = [(math.cos(a), math.sin(a)) for a in angles] + [(1.0, 0.0), (0.0, -1.0)]
    length = draw(st.sampled_from([0.05, 1.0, 5.0, 8.0, 30.0]))
    return np.array(units), length


@settings(max_examples=60, deadline=None)
@given(battlefields(), rays(), st.data())
def test_straight_rooms_prepared_are_the_rooms_worked_out_afresh(field, ray, data):
    """From where each fighter stands, from random points (some inside blockers, some on
    the table's edge) and from points pressed against a terrain piece's corner: every
    ray's room, bit for bit, asked among many and alone, in numpy and in plain floats."""
    monkeypatch = pytest.MonkeyPatch()
    try:
        _rooms_both_ways(field, ray, data, monkeypatch)
    finally:
        monkeypatch.undo()


def _rooms_both_ways(field, ray, data, monkeypatch):
    units, length = ray
    for fighter in field.fighters:
        exact = prepared(field, fighter.name).exact
        assert exact is not None
        starts = [(fighter.base.x, fighter.base.y)]
        starts += [
            (data.draw(st.floats(0.0, field.width)), data.draw(st.floats(0.0, field.length)))
            for _ in range(2)
        ]
        for piece in field.terrain[:2]:
            x, y = shapely.get_coordinates(piece.footprint)[0].tolist()
            for gap in (exact.radius - exact.tolerance, exact.radius, exact.radius + 0.01):
                starts.append((x + gap, y))
        for start in starts:
            with plain(PREPARED):
                slow = exact.rooms(start, units, length)
            for few in (0, clearance.FEW, 10**6):  # numpy, as chosen, plain floats
                monkeypatch.setattr(clearance, "FEW", few)
                fast = exact.rooms(start, units, length)
                assert fast.tolist() == slow.tolist(), (start, few)
                alone = [float(exact.rooms(start, units[i : i + 1], length)[0]) for i in range(3)]
                assert alone == fast[:3].tolist()
            assert (fast >= 0).all() and (fast <= length).all()


@settings(max_examples=60, deadline=None)
@given(battlefields(), st.data())
def test_where_a_base_may_stand_prepared_is_where_it_may_stand_afresh(field, data):
    """Points at random, on the table's edge and pressed against every terrain piece's
    corners at, inside and just outside the reach: standing, freedom and low obstacles,
    whole answers, many at once and one alone."""
    for fighter in field.fighters[:2]:
        exact = prepared(field, fighter.name).exact
        assert exact is not None
        points = [
            (data.draw(st.floats(0.0, field.width)), data.draw(st.floats(0.0, field.length)))
            for _ in range(20)
        ]
        reach = exact.radius - exact.tolerance
        for piece in field.terrain:
            for x, y in shapely.get_coordinates(piece.footprint)[:4].tolist():
                for gap in (0.0, reach - 1e-6, reach, reach + 1e-6, reach + 0.3):
                    points += [(x + gap, y), (x, y - gap)]
        where = np.array(points)
        fast = [exact.can_stand(where), exact.is_free(where), exact.off_low(where)]
        with plain(PREPARED):
            slow = [exact.can_stand(where), exact.is_free(where), exact.off_low(where)]
        assert [a.tolist() for a in fast] == [a.tolist() for a in slow]
        assert exact.can_stand(where[:1]).tolist() == fast[0][:1].tolist()


@st.composite
def paths(draw, field):
    """A path for one of the field's fighters: a goal alone (a Move's or a step's), the
    same from its centre, a route with a corner, or nothing but the centre."""
    fighter = draw(st.sampled_from(field.fighters))
    x, y = fighter.base.x, fighter.base.y
    goal = (draw(st.floats(-0.5, field.width + 0.5)), draw(st.floats(-0.5, field.length + 0.5)))
    near = (x + draw(st.floats(-1.5, 1.5)), y + draw(st.floats(-1.5, 1.5)))
    path = draw(
        st.sampled_from(
            [
                [goal],
                [near],
                [(x, y), near],
                [(x + 1e-7, y), near],
                [near, goal],
                [(x, y), near, goal],
                [(x, y)],
                [],
            ]
        )
    )
    limit = draw(st.sampled_from([None, 0.5, 1.0, 6.0]))
    return fighter, path, limit


@settings(max_examples=80, deadline=None)
@given(battlefields(), st.data())
def test_moves_checked_with_the_prepared_path_are_the_moves_checked_afresh(field, data):
    for _ in range(4):
        fighter, path, limit = data.draw(paths(field))
        fast = moves.check_move(field, fighter, path, limit=limit)
        with plain(PREPARED):
            slow = moves.check_move(field, fighter, path, limit=limit)
        assert (fast.legal, fast.length, fast.allowance, fast.problems) == (
            slow.legal,
            slow.length,
            slow.allowance,
            slow.problems,
        )
        assert [(p.x, p.y) for p in fast.path] == [(p.x, p.y) for p in slow.path]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(-1e4, 1e4), st.floats(-1e4, 1e4)),
        min_size=2,
        max_size=2,
    )
)
def test_a_straight_paths_length_in_floats_is_shapelys(ends):
    """The fast path measures a two-point path and the gap to the mover's centre in plain
    floats; GEOS must measure them with the same operations (else a battle could differ in
    its last bit)."""
    (sx, sy), (ex, ey) = ends
    dx, dy = ex - sx, ey - sy
    measured = 0.0 + math.sqrt(dx * dx + dy * dy)
    assert measured == shapely.LineString([(sx, sy), (ex, ey)]).length
    assert measured == shapely.Point(sx, sy).distance(shapely.Point(ex, ey))


def played(size: int, seed: int) -> tuple[list[str], list[object]]:
    """Every step of a random battle and where each fighter stood after each."""
    setup = new_setup("deathmatch", [BAND[:size], BAND[:size]])
    history = History.start(start_battle(setup), seed)
    play_out(history, [RandomPlayer(seed, 0), RandomPlayer(seed, 1)])
    places = [[(f.name, f.at) for f in state.fighters] for state in history.states]
    return [step.action for step in history.steps], places


def test_random_battles_play_the_same_with_free_space_prepared_or_afresh():
    for size, seed in ((2, 3), (4, 1)):
        fast = played(size, seed)
        with plain(PREPARED):
            slow = played(size, seed)
        assert fast == slow
        assert len(fast[0]) > 50
