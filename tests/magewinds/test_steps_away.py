"""The closed-form witness of a Dodge step (``moves.steps_away``) against the region a step
reaches worked out in full on polygons (``moves.dodge_region``, the plain path), on
generated tables: the stepping base pressed into the notch between two bases in contact,
beside a sharp corner, against a low obstacle and the table's edge, or anywhere; attacked
from every side. The witness may only say yes where the region does."""

from __future__ import annotations

import math

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.games.magewinds.moves import (
    STEP_MOVE,
    Neighbourhood,
    dodge_region,
    local_space,
    reach_around,
    step_ends,
    steps_away,
)
from skirmish.geometry import movement
from skirmish.geometry.clearance import polygons
from skirmish.geometry.measure import OVERLAP_TOLERANCE
from skirmish.geometry.shapes import BASE_DIAMETER

R = BASE_DIAMETER / 2
WIDTH, LENGTH = 8.0, 8.0
REACH = 2 * R - OVERLAP_TOLERANCE
coordinate = st.floats(0.6, WIDTH - 0.6)


@st.composite
def hemmed(draw):
    """A stepping base and what is near it: a box and a triangle with a sharp corner
    (solid), a low piece, two bases in contact (or a hair apart) and others at random; the
    stepping base stands in the notch between the pair, at the triangle's sharp corner, by
    the low piece, at the table's edge or anywhere."""
    x, y = draw(coordinate), draw(coordinate)
    w, h = draw(st.floats(0.3, 2.0)), draw(st.floats(0.3, 2.0))
    tx, ty = draw(coordinate), draw(coordinate)
    triangle = shapely.Polygon([(tx, ty), (tx + 1.5, ty + 0.2), (tx + 0.3, ty + 1.2)])
    solid = (shapely.box(x, y, x + w, y + h), triangle)
    lx, ly = draw(coordinate), draw(coordinate)
    low = (shapely.box(lx, ly, lx + 1.0, ly + 0.6),)
    cx, cy = draw(coordinate), draw(coordinate)
    angle = draw(st.floats(0, 2 * math.pi))
    gap = draw(st.sampled_from([2 * R, 2 * R - OVERLAP_TOLERANCE / 2, 2 * R + 0.01]))
    pair = [(cx, cy, R), (cx + gap * math.cos(angle), cy + gap * math.sin(angle), R)]
    others = [(draw(coordinate), draw(coordinate), R) for _ in range(draw(st.integers(0, 3)))]
    where = draw(st.sampled_from(["notch", "corner", "low", "edge", "anywhere"]))
    side = draw(st.sampled_from([-1.0, 1.0]))
    off = draw(st.sampled_from([0.0, 0.001, 0.05]))
    if where == "notch":
        mx, my = cx + gap / 2 * math.cos(angle), cy + gap / 2 * math.sin(angle)
        depth = math.sqrt(max(REACH**2 - (gap / 2) ** 2, 0.0)) + off
        sx, sy = mx - side * math.sin(angle) * depth, my + side * math.cos(angle) * depth
    elif where == "corner":
        sx, sy = tx + 1.5 + R + off, ty + 0.2
    elif where == "low":
        sx, sy = lx + 0.5, ly + 0.3
    elif where == "edge":
        sx, sy = R + off, draw(coordinate)
    else:
        sx, sy = draw(coordinate), draw(coordinate)
    bases = tuple(b for b in pair + others if math.hypot(b[0] - sx, b[1] - sy) > 0.5 * R)
    around = Neighbourhood(WIDTH, LENGTH, sx, sy, R, STEP_MOVE, solid, low, bases)
    turn = draw(st.floats(0, 2 * math.pi))
    far = draw(st.sampled_from([2 * R, 1.0, 4.0]))
    return around, (sx + far * math.cos(turn), sy + far * math.sin(turn))


@settings(max_examples=150, deadline=None)
@given(hemmed())
def test_a_straight_step_away_is_a_dodge_the_region_allows(case):
    """18.4, MW-16: where the witness finds a straight step ending further away, the region
    a step reaches (polygons, in full) holds a step ending further by more than a hair;
    so the Dodge answered through the witness is the region's answer."""
    around, (x, y) = case
    if steps_away(around, x, y):
        assert dodge_region(around, x, y)[0]


def test_the_witness_answers_in_the_open_and_leaves_a_hemmed_in_base_to_the_region():
    """In the open a straight step away is found; a base boxed in on every side by bases in
    contact has none, and neither has the region; on polygons the witness never answers."""
    open_field = Neighbourhood(WIDTH, LENGTH, 4.0, 4.0, R, STEP_MOVE, (), (), ())
    assert steps_away(open_field, 4.0, 3.0)
    assert dodge_region(open_field, 4.0, 3.0)[0]
    ring = tuple(
        (4.0 + 2 * R * math.cos(k * math.pi / 3), 4.0 + 2 * R * math.sin(k * math.pi / 3), R)
        for k in range(6)
    )
    boxed = Neighbourhood(WIDTH, LENGTH, 4.0, 4.0, R, STEP_MOVE, (), (), ring)
    assert not steps_away(boxed, 4.0, 2.0)
    assert not dodge_region(boxed, 4.0, 2.0)[0]
    with polygons():
        assert not steps_away(open_field, 4.0, 3.0)


def test_a_base_touching_a_sharp_corner_steps_off_it_through_the_region():
    """18.4, MW-16, MW-18: a base whose edge touches a triangle's sharp corner (within the
    touching tolerance), attacked from straight ahead (the case hypothesis found). The
    region a 1" step reaches holds the start and every straight step end the witness finds
    (true circles and polygons agree on straight steps); joined without a grid, the seen
    discs lost a hole round the start and the region came out empty."""
    sx, sy = 5.256067290924942, 5.463941306672973
    tx, ty = sx - 1.5 - R, sy - 0.2
    triangle = shapely.Polygon([(tx, ty), (tx + 1.5, ty + 0.2), (tx + 0.3, ty + 1.2)])
    around = Neighbourhood(WIDTH, LENGTH, sx, sy, R, STEP_MOVE, (triangle,), (), ())
    x, y = 6.240319259428879, 5.463941306672973
    assert triangle.distance(shapely.Point(sx, sy)) - R < OVERLAP_TOLERANCE
    region = reach_around(around)
    assert not region.is_empty
    assert region.distance(around.start) < 1e-6
    ends = step_ends(around)
    assert len(ends) > 0
    grown = region.buffer(1e-6)
    assert all(grown.covers(shapely.Point(end)) for end in ends)
    assert steps_away(around, x, y)
    possible, further = dodge_region(around, x, y)
    assert possible
    assert further.area > 0.3


@settings(max_examples=60, deadline=None)
@given(hemmed())
def test_the_grid_join_moves_the_room_by_no_more_than_a_hair(case):
    """The room a 1" step reaches (``Roadmap.reachable``, before low terrain is cut away),
    its seen discs joined on the grid of ``UNION_GRID``, is the room joined in plain
    floats to within a millionth of a square inch wherever the plain join holds the start
    (the grid changes no answer but where the plain join lost a hole round it); there the
    grid's room holds the start of a base in free space."""
    around, _ = case
    free = local_space(around)

    def room():
        graph = movement.Roadmap.build(free, around=around.start, within=around.inches)
        return graph.reachable(around.start, around.inches)

    grid = room()
    kept = movement.UNION_GRID
    movement.UNION_GRID = None
    try:
        plain = room()
    finally:
        movement.UNION_GRID = kept
    if not plain.is_empty and plain.distance(around.start) <= 1e-6:
        assert grid.symmetric_difference(plain).area < 1e-6
    elif free.centres.covers(around.start):
        assert not grid.is_empty and grid.distance(around.start) <= 1e-6
