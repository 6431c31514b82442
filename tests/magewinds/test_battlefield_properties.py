"""Invariants of battlefield geometry (hypothesis)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely import LineString, Point, Polygon
from shapely.affinity import rotate, translate

from skirmish.games.magewinds.field import Battlefield, parse_battlefield
from skirmish.games.magewinds.sightlines import cover, line_of_attack
from skirmish.geometry import BASE_DIAMETER, HeightClass, Terrain, distance, visible_part
from skirmish.geometry.shapes import Based, disc

coordinate = st.floats(min_value=1.0, max_value=11.0)
spot = st.tuples(coordinate, st.floats(min_value=1.0, max_value=15.0))


def two_fighters(a, b):
    return parse_battlefield(
        {
            "warbands": ["red", "blue"],
            "fighters": [
                {"name": "Wizard", "warband": "red", "at": list(a)},
                {"name": "Guardian", "warband": "blue", "at": list(b)},
            ],
        },
        source="property",
    )


@settings(max_examples=100, deadline=None)
@given(spot, spot)
def test_distance_is_symmetric(a, b):
    assume(Point(a).distance(Point(b)) >= BASE_DIAMETER)
    f = two_fighters(a, b)
    wizard, guardian = f.fighter("Wizard").base, f.fighter("Guardian").base
    assert distance(wizard, guardian) == pytest.approx(distance(guardian, wizard))


edge = LineString(disc(6, 9, BASE_DIAMETER / 2).exterior.coords)
box_blockers = st.lists(
    st.tuples(st.floats(2, 10), st.floats(3, 8), st.floats(0.2, 2), st.floats(0.2, 2)),
    min_size=1,
    max_size=4,
)


def boxes(specs):
    return [Polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)]) for x, y, w, h in specs]


@settings(max_examples=80, deadline=None)
@given(box_blockers, st.floats(-20, 20), st.floats(-20, 20), st.floats(0, 360))
def test_sight_is_unchanged_by_moving_or_turning_the_whole_table(specs, dx, dy, angle):
    source = Point(6, 1)
    blockers = boxes(specs)
    assume(all(not b.intersects(source.buffer(0.01)) for b in blockers))
    assume(all(b.distance(edge) > 0.01 for b in blockers))
    before = visible_part(source, edge, blockers)

    def move(g):
        return translate(rotate(g, angle, origin=(0, 0)), dx, dy)

    after = visible_part(move(source), move(edge), [move(b) for b in blockers])
    assert after.visible.length == pytest.approx(before.visible.length, abs=1e-6)
    assert after.blockers == before.blockers


@settings(max_examples=60, deadline=None)
@given(spot, spot)
def test_mirroring_the_battlefield_changes_nothing(a, b):
    assume(Point(a).distance(Point(b)) >= BASE_DIAMETER + 0.01)
    f = two_fighters(a, b)
    mirrored = two_fighters((12 - a[0], a[1]), (12 - b[0], b[1]))
    zap = f.fighter("Wizard").profile.attack("Zap")
    one = line_of_attack(f, f.fighter("Wizard"), f.fighter("Guardian"), zap)
    two = line_of_attack(mirrored, mirrored.fighter("Wizard"), mirrored.fighter("Guardian"), zap)
    assert one.exists == two.exists
    if one.exists:
        assert one.length == pytest.approx(two.length, abs=1e-3)


def with_obstacle(f: Battlefield, footprint: Polygon, kind: HeightClass) -> Battlefield:
    return replace(f, terrain=(*f.terrain, Terrain("new", footprint, 0.0, kind)))


@settings(max_examples=80, deadline=None)
@given(
    st.tuples(
        st.floats(3, 9), st.floats(3, 13), st.floats(0.1, 3), st.floats(0.1, 3), st.floats(0, 90)
    ),
    st.sampled_from(list(HeightClass)[1:]),
)
def test_adding_an_obstacle_never_uncovers_a_target_or_opens_a_line(spec, kind):
    x, y, w, h, angle = spec
    base = parse_battlefield(
        {
            "warbands": ["red", "blue"],
            "fighters": [
                {"name": "Wizard", "warband": "red", "at": [4, 2]},
                {"name": "Guardian", "warband": "blue", "at": [7, 12]},
                {"name": "Seer", "warband": "red", "at": [6, 6]},
            ],
            "terrain": [
                {"name": "Wall", "height": 0.8, "rectangle": {"centre": [5, 9], "size": [2, 0.3]}},
            ],
        },
        source="property",
    )
    obstacle = rotate(Polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)]), angle)
    for name in ("Wizard", "Guardian"):
        assume(obstacle.distance(base.fighter(name).base.centre) > BASE_DIAMETER / 2 + 0.01)
    more = with_obstacle(base, obstacle, kind)
    wizard, guardian = base.fighter("Wizard"), base.fighter("Guardian")
    zap = wizard.profile.attack("Zap")
    if cover(base, wizard, guardian).in_cover:
        assert cover(more, wizard, guardian).in_cover
    if not line_of_attack(base, wizard, guardian, zap).exists:
        assert not line_of_attack(more, wizard, guardian, zap).exists
    assert (
        line_of_attack(more, wizard, guardian, zap).length
        or (line_of_attack(base, wizard, guardian, zap).length or 0) <= 0
    )


def test_bases_are_the_25mm_standard():
    assert Based("x", 0, 0).radius * 2 * 25.4 == pytest.approx(25)
