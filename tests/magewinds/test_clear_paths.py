"""Straight paths in closed form (``Clearance.clear`` on footprint edges, the fast path
``clearance.PATHS``) against shapely's distance (the plain path), against a fine shapely
reference of the free space, and one path asked alone against the same asked among many:
on generated tables with obstacles touched by the base (at exactly the reach, a hair
nearer and a hair farther), paths past sharp corners, into a notch, into a courtyard's
hole, and ending inside an obstacle."""

from __future__ import annotations

import math

import numpy as np
import shapely
from hypothesis import event, given, settings
from hypothesis import strategies as st

from skirmish.fastpaths import plain
from skirmish.geometry.clearance import PATHS, Clearance, _path_gap, _path_gaps
from skirmish.geometry.measure import OVERLAP_TOLERANCE
from skirmish.geometry.shapes import BASE_DIAMETER

R = BASE_DIAMETER / 2
REACH = R - OVERLAP_TOLERANCE
WIDTH = LENGTH = 10.0
FINE = 512
"""Segments per quarter circle of the reference."""
NEAR = 1e-4
"""Inches: a path passing within this of the reach is decided either way by the reference
(its own error is under 1e-6")."""

coordinate = st.floats(1.0, WIDTH - 1.0)


@st.composite
def tables(draw):
    """A box, a sharp triangle, a notched (U-shaped) obstacle, a courtyard (a square with a
    square hole), a round tower, bases; and a start touching one obstacle's side or corner
    (at the reach, within 1e-9 of it either way, or 0.01" off), or at random."""
    solid = []
    x, y = draw(coordinate), draw(coordinate)
    solid.append(shapely.box(x, y, x + draw(st.floats(0.3, 2.0)), y + draw(st.floats(0.3, 2.0))))
    x, y = draw(coordinate), draw(coordinate)
    solid.append(shapely.Polygon([(x, y), (x + 1.5, y + 0.2), (x + 0.3, y + 1.2)]))
    x, y = draw(coordinate), draw(coordinate)
    solid.append(
        shapely.Polygon(
            [
                *[(x, y), (x + 2, y), (x + 2, y + 2), (x + 1.4, y + 2), (x + 1.4, y + 0.5)],
                *[(x + 0.6, y + 0.5), (x + 0.6, y + 2), (x, y + 2)],
            ]
        )
    )
    x, y = draw(coordinate), draw(coordinate)
    solid.append(
        shapely.box(x - 2, y - 2, x + 2, y + 2).difference(
            shapely.box(x - 1.5, y - 1.5, x + 1.5, y + 1.5)
        )
    )
    x, y = draw(coordinate), draw(coordinate)
    solid.append(shapely.Point(x, y).buffer(draw(st.floats(0.3, 1.0)), quad_segs=16))
    chosen = draw(st.lists(st.sampled_from(range(len(solid))), min_size=1, unique=True))
    solid = [solid[i] for i in sorted(chosen)]
    bases = [(draw(coordinate), draw(coordinate), R) for _ in range(draw(st.integers(0, 3)))]
    touched = solid[draw(st.integers(0, len(solid) - 1))]
    ring = shapely.get_coordinates(touched.exterior)
    corner = draw(st.integers(0, len(ring) - 2))
    (ax, ay), (bx, by) = ring[corner], ring[corner + 1]
    along = draw(st.sampled_from([0.0, 0.5, draw(st.floats(0, 1))]))
    px, py = ax + along * (bx - ax), ay + along * (by - ay)
    turn = draw(st.floats(0, 2 * math.pi))
    off = draw(st.sampled_from([0.0, 1e-9, -1e-9, 0.01]))
    start = (px + (REACH + off) * math.cos(turn), py + (REACH + off) * math.sin(turn))
    if draw(st.booleans()):
        start = (draw(coordinate), draw(coordinate))
    return solid, bases, start


def space_of(solid, bases) -> Clearance:
    return Clearance.of(WIDTH, LENGTH, R, tolerance=OVERLAP_TOLERANCE, solid=solid, bases=bases)


def ends_from(start, angles, lengths):
    return np.array(
        [
            (start[0] + length * math.cos(a), start[1] + length * math.sin(a))
            for a, length in zip(angles, lengths, strict=False)
        ]
    )


ANGLES = st.lists(st.floats(0, 2 * math.pi), min_size=2, max_size=24)
LENGTHS = st.lists(st.sampled_from([0.0, 1e-6, 0.5, 1.0, 3.0, 6.0]) | st.floats(0, 8), min_size=24)


def _borderline(solid, start, end) -> bool:
    """Whether the path passes within NEAR of the reach from an obstacle, or the start is
    within NEAR of being inside one (either answer is right there)."""
    path = shapely.LineString([start, end]) if start != tuple(end) else shapely.Point(start)
    return any(abs(float(f.distance(path)) - REACH) <= NEAR for f in solid)


@settings(max_examples=120, deadline=None)
@given(tables(), ANGLES, LENGTHS)
def test_paths_on_edges_answer_as_shapely_distance(table, angles, lengths):
    """Whole answers: every path's answer on the edges equals shapely's, but where the path
    passes a footprint within 1e-9" of the reach less the slack (both measure exactly,
    to different last bits)."""
    solid, bases, start = table
    ends = ends_from(start, angles, lengths)
    space = space_of(solid, bases)
    new = space.clear(start, ends).tolist()
    with plain(PATHS):
        old = space_of(solid, bases).clear(start, ends).tolist()
    event("some clear" if any(new) else "none clear")
    for end, a, b in zip(ends.tolist(), new, old, strict=True):
        if a != b:
            path = shapely.LineString([start, end])
            gaps = [abs(float(f.distance(path)) - (REACH - 1e-9)) for f in solid]
            assert min(gaps) <= 1e-12, (start, end, a, b)


@settings(max_examples=80, deadline=None)
@given(tables(), ANGLES, LENGTHS)
def test_paths_on_edges_answer_as_the_fine_reference(table, angles, lengths):
    """A path is clear exactly when it lies in the free space drawn by shapely with fine
    circles (the footprints grown by the reach, the bases by both radii), away from its
    boundary."""
    solid, bases, start = table
    ends = ends_from(start, angles, lengths)
    found = space_of(solid, bases).clear(start, ends).tolist()
    inner = shapely.box(REACH, REACH, WIDTH - REACH, LENGTH - REACH)
    grown = [f.buffer(REACH, quad_segs=FINE) for f in solid]
    grown += [
        shapely.Point(x, y).buffer(R + r - OVERLAP_TOLERANCE, quad_segs=FINE) for x, y, r in bases
    ]
    free = inner.difference(shapely.unary_union(grown))
    for end, answer in zip(ends.tolist(), found, strict=True):
        if _borderline(solid, start, end):
            continue
        path = shapely.LineString([start, end]) if start != tuple(end) else shapely.Point(start)
        if any(
            abs(float(shapely.Point(x, y).distance(path)) - (R + r - OVERLAP_TOLERANCE)) <= NEAR
            for x, y, r in bases
        ):
            continue
        if min(end) < REACH + NEAR or max(end) > WIDTH - REACH - NEAR:
            continue
        expected = bool(free.covers(path))
        event("clear" if expected else "blocked")
        assert answer == expected, (start, end)


@settings(max_examples=80, deadline=None)
@given(tables(), ANGLES, LENGTHS)
def test_one_path_alone_is_answered_as_among_many(table, angles, lengths):
    """A path asked alone (plain Python floats) gets the very answer it gets among many
    (numpy), and each squared gap between a path and an edge is the same to the last bit
    both ways."""
    solid, bases, start = table
    ends = ends_from(start, angles, lengths)
    space = space_of(solid, bases)
    together = space.clear(start, ends).tolist()
    assert together == [bool(space.clear(start, end[None, :])[0]) for end in ends]
    edges = space.solid
    gaps = _path_gaps(start, ends, edges)
    alone = [
        [_path_gap(start[0], start[1], ex, ey, *edge[0], *edge[1]) for edge in edges.tolist()]
        for ex, ey in ends.tolist()
    ]
    assert gaps.tolist() == alone


def test_a_path_gap_by_hand():
    """Crossing segments are 0 apart; parallel ones their offset; a segment pointing at
    another's end the gap between the ends; a point-like path its distance."""
    assert _path_gap(0, 0, 2, 2, 0, 2, 2, 0) == 0.0
    assert _path_gap(0, 0, 2, 0, 0, 1, 2, 1) == 1.0
    assert _path_gap(0, 0, 1, 0, 3, 0, 4, 0) == 4.0
    assert _path_gap(0, 0, 0, 0, 3, -1, 3, 1) == 9.0
    assert _path_gap(0, 0, 2, 0, 1, 0, 1, 5) == 0.0  # one's end on the other


def test_a_start_inside_a_courtyard_wall_and_in_its_yard():
    """A start inside a footprint (far from its edges) is never clear; a start in the
    hole of a courtyard moves freely within the yard but not through the wall."""
    wall = shapely.box(1, 1, 9, 9).difference(shapely.box(3, 3, 7, 7))
    thick = shapely.box(1, 1, 9, 9)
    space = space_of([thick], [])
    assert not space.clear((5.0, 5.0), np.array([(5.5, 5.0)]))[0]
    assert space.clear((5.0, 5.0), np.array([(5.5, 5.0), (5.0, 5.5)])).tolist() == [False, False]
    yard = space_of([wall], [])
    assert yard.clear((5.0, 5.0), np.array([(5.5, 5.0)]))[0]
    assert not yard.clear((5.0, 5.0), np.array([(8.0, 5.0)]))[0]
    assert yard.clear((5.0, 5.0), np.array([(5.5, 5.0), (8.0, 5.0)])).tolist() == [True, False]
    with plain(PATHS):
        assert yard.clear((5.0, 5.0), np.array([(5.5, 5.0), (8.0, 5.0)])).tolist() == [True, False]
        assert not space_of([thick], []).clear((5.0, 5.0), np.array([(5.5, 5.0)]))[0]
