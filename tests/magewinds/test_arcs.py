"""Sight, lines of attack and cover on true circles in closed form (``geometry.arcs``)
against a high-resolution shapely computation of the same answer (the reference shadows of
``geometry.sight.visible_part`` with the target's edge and every round base drawn with
4,096 corners), on generated scenes with bases in contact, a corner on the sight line, a
base whose shadow grazes the target, sharp and notched obstacles and targets at the
table's edge; and against the sweep over 64-cornered bases (the answers before true
circles) on generated battlefields, where the two must agree."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
import shapely
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from shapely import LineString, Point, Polygon

from conftest import battlefields
from skirmish.games.magewinds.battle.sight import POLYGON_GAP
from skirmish.games.magewinds.field import NearObstacles
from skirmish.games.magewinds.looks import CONTACT_GAP
from skirmish.games.magewinds.sightlines import survey
from skirmish.geometry.arcs import Discs, Prepared, arcs
from skirmish.geometry.clearance import polygons
from skirmish.geometry.measure import EPSILON
from skirmish.geometry.pieces import ConvexParts
from skirmish.geometry.shapes import BASE_DIAMETER
from skirmish.geometry.sight import SightMethod, shadow, visible_part
from skirmish.geometry.sweep import Ray

R = BASE_DIAMETER / 2
WIDTH = LENGTH = 8.0
FINE = 1024
"""Segments per quarter circle of the reference (4,096 corners a circle)."""
CLOSE = 2e-3
"""Inches: lengths of the reference and the closed form agree this closely. Where a
shadow's edge grazes the target, an arc's end moves as the square root of how far the
drawn circle lies inside the true one (about 1.5e-7" here), so a few ten-thousandths."""


def fine_circle(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return list(Point(x, y).buffer(r, quad_segs=FINE).exterior.coords)


coordinate = st.floats(0.8, WIDTH - 0.8)


@st.composite
def scenes(draw):
    """A source, a target circle and blockers: a box, a sharp triangle, a notched (U-shaped)
    obstacle cut into convex pieces, a round tower drawn with 64 corners, bases at random, a base in contact with the target
    (touching, or pressed within the tolerance as MW-18 draws it smaller), a triangle with a
    corner exactly on the line from the source to the target's centre, and a base whose
    tangent from the source is the target's own (its shadow grazes the target)."""
    tx = draw(st.sampled_from([R, WIDTH - R]) | coordinate)  # at the table's edge or not
    ty = draw(coordinate)
    radius = draw(st.sampled_from([R, R - CONTACT_GAP]))
    angle = draw(st.floats(0, 2 * math.pi))
    apart = draw(st.floats(2 * R + 0.05, 6.0))
    looker = (tx + apart * math.cos(angle), ty + apart * math.sin(angle))
    sx = looker[0] - R * math.cos(angle)  # the looker's closest point (16.0, 18.1)
    sy = looker[1] - R * math.sin(angle)
    solid: list[Polygon] = []
    x, y = draw(coordinate), draw(coordinate)
    solid.append(shapely.box(x, y, x + draw(st.floats(0.2, 2.0)), y + draw(st.floats(0.2, 2.0))))
    x, y = draw(coordinate), draw(coordinate)
    solid.append(Polygon([(x, y), (x + 1.5, y + 0.15), (x + 0.2, y + 1.1)]))
    x, y = draw(coordinate), draw(coordinate)
    solid.append(
        Polygon([(x, y), (x + 1.2, y), (x + 1.2, y + 1), (x + 0.8, y + 1), (x + 0.8, y + 0.3)])
        .union(Polygon([(x, y), (x + 0.4, y), (x + 0.4, y + 1), (x, y + 1)]))
        .simplify(0)
    )
    x, y = draw(coordinate), draw(coordinate)
    solid.append(Point(x, y).buffer(draw(st.floats(0.3, 1.2)), quad_segs=16))  # a round tower
    along = draw(st.floats(0.2, 0.8))
    cx, cy = sx + along * (tx - sx), sy + along * (ty - sy)  # a corner on the sight line
    turn = draw(st.floats(0, 2 * math.pi))
    solid.append(
        Polygon(
            [
                (cx, cy),
                (cx + 0.4 * math.cos(turn), cy + 0.4 * math.sin(turn)),
                (cx + 0.4 * math.cos(turn + 0.7), cy + 0.4 * math.sin(turn + 0.7)),
            ]
        )
    )
    discs = [(draw(coordinate), draw(coordinate), R) for _ in range(draw(st.integers(0, 2)))]
    touch = draw(st.floats(0, 2 * math.pi))
    gap = draw(st.sampled_from([0.0, 0.0005, 0.02]))
    discs.append(
        (tx + (radius + R + gap) * math.cos(touch), ty + (radius + R + gap) * math.sin(touch), R)
    )
    d = math.hypot(tx - sx, ty - sy)
    side = draw(st.sampled_from([-1, 1]))
    tangent = math.atan2(ty - sy, tx - sx) + side * math.asin(radius / d)
    reach = draw(st.floats(0.3, 0.9)) * math.sqrt(d * d - radius * radius)
    out = draw(st.sampled_from([1, -1]))  # the base's tangent is the target's: inside or out
    bx = sx + reach * math.cos(tangent) - out * side * R * math.sin(tangent)
    by = sy + reach * math.sin(tangent) + out * side * R * math.cos(tangent)
    discs.append((bx, by, R))
    chosen = draw(st.lists(st.sampled_from(range(len(solid))), unique=True))
    kept_discs = draw(st.lists(st.sampled_from(range(len(discs))), unique=True))
    solid = [solid[i] for i in sorted(chosen)]
    discs = [discs[i] for i in sorted(kept_discs)]
    source, target = Point(sx, sy), Point(tx, ty)
    shapes = solid + [Point(x, y).buffer(r, quad_segs=FINE) for x, y, r in discs]
    assume(all(shape.distance(source) > 1e-6 for shape in shapes))
    assume(all(shape.distance(target) >= radius - 1e-9 for shape in shapes))
    return (sx, sy), (tx, ty), radius, solid, discs


def closed_form(scene):
    source, centre, radius, solid, discs = scene
    owners = list(range(len(solid)))
    prepared = Prepared.of(
        ConvexParts.of(solid, owners),
        Discs.of(discs, [len(solid) + i for i in range(len(discs))]),
    )
    return arcs(prepared, [Ray(source, centre, radius, None)])[0]


def reference(scene):
    """The reference shadows on the circles drawn with 4,096 corners, and each blocker's
    own hidden length."""
    source, centre, radius, solid, discs = scene
    shapes = solid + [Polygon(fine_circle(x, y, r)) for x, y, r in discs]
    edge = LineString(fine_circle(*centre, radius))
    seen = visible_part(Point(source), edge, shapes)
    hidden = [float(edge.intersection(shadow(Point(source), s)).length) for s in shapes]
    return seen, hidden


def decided(value: float, threshold: float) -> bool:
    """Whether ``value`` is clear of ``threshold`` by more than the reference's error."""
    return abs(value - threshold) > CLOSE


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(scenes())
def test_the_closed_form_answers_as_the_fine_shadows(scene):
    mine = closed_form(scene)
    seen, hidden = reference(scene)
    radius = scene[2]
    whole = 2 * math.pi * radius
    theirs = float(seen.visible.length) * whole / float(seen.edge.length)  # scaled to the circle
    event(
        "hidden"
        if theirs <= EPSILON
        else "all seen"
        if whole - theirs <= 10 * EPSILON
        else "partly seen"
    )
    event(f"{len(mine.blockers)} blockers hide some")
    assert mine.visible_length == pytest.approx(theirs, abs=CLOSE)
    if decided(theirs, EPSILON):
        assert mine.any is (theirs > EPSILON)
    if decided(whole - theirs, 10 * EPSILON):
        assert mine.all is (whole - theirs <= 10 * EPSILON)
    clear = [i for i, length in enumerate(hidden) if decided(length, EPSILON)]
    assert [i for i in mine.blockers if i in clear] == [i for i in clear if hidden[i] > EPSILON]
    near, far = mine.nearest(), seen.nearest()
    if decided(theirs, EPSILON) and theirs > EPSILON:
        assert near is not None and far is not None
        assert near[0] == pytest.approx(far[0], abs=CLOSE)
        assert near[1].distance(far[1]) <= 0.05 or near[0] == pytest.approx(far[0], abs=1e-6)
        assert near[1].distance(Point(scene[1])) == pytest.approx(radius, abs=1e-9)
    for (low, high), (low_far, high_far) in zip(
        mine.distances(), sorted(seen.distances()), strict=False
    ):
        assert low <= high + 1e-12 and low_far <= high_far + 1e-12


def test_a_corner_on_the_sight_line_hides_exactly_half_and_leaves_the_nearest_point():
    """A wall whose corner lies on the line from the source to the target's centre hides
    the directions on its side: exactly half the circle (the near arc on that side from the
    nearest point to the tangent, and the far arc on the other), and the nearest point,
    grazed by the line past the corner, stays seen."""
    source, centre, radius = (1.0, 1.0), (5.0, 1.0), R
    wall = shapely.box(2.5, 1.0, 3.0, 3.0)  # its corner (2.5, 1) on the line y = 1
    view = arcs(Prepared.of(ConvexParts.of([wall])), [Ray(source, centre, radius, None)])[0]
    assert view.visible_length == pytest.approx(math.pi * radius, abs=1e-12)
    assert view.blockers == (0,)
    gap, point = view.nearest()
    assert gap == pytest.approx(4.0 - radius, abs=1e-12)
    assert (point.x, point.y) == pytest.approx((5.0 - radius, 1.0), abs=1e-12)
    assert not view.all and view.any


def test_a_base_half_way_and_half_as_wide_hides_the_whole_target():
    """Similar triangles: a base of half the target's radius half way along has the
    target's own tangents, so no line reaches the target (bases block 18.1); a hair
    narrower and the two grazing edges show."""
    source, centre = (0.0, 0.0), (6.0, 0.0)
    for span, seen in ((R / 2, False), (R / 2 - 0.01, True)):
        prepared = Prepared.of(ConvexParts.of([]), Discs.of([(3.0, 0.0, span)], [0]))
        view = arcs(prepared, [Ray(source, centre, R, None)])[0]
        assert view.any is seen
        assert view.blockers == (0,)


def test_a_base_in_contact_from_behind_gives_no_cover_and_one_in_front_does():
    """MW-18: a base touching the target on its far side hides nothing of it (lines reach
    every point without crossing that base); one touching it on the near side does."""
    source, centre = (0.0, 0.0), (5.0, 0.0)
    for where, hides in ((5.0 + 2 * R, False), (5.0 - 2 * R, True)):
        prepared = Prepared.of(ConvexParts.of([]), Discs.of([(where, 0.0, R)], [0]))
        view = arcs(prepared, [Ray(source, centre, R, None)])[0]
        assert view.all is not hides
        assert view.blockers == ((0,) if hides else ())


def plain(answers):
    """The answers a rule reads from a survey: seen or not and why, the line of attack and
    what blocks it, cover and what gives it."""
    return [
        (
            one.sight.visible,
            one.sight.blocked_by,
            one.line.exists,
            one.line.blocked_by,
            one.cover.in_cover,
            one.cover.because,
            one.cover.ignored,
        )
        for one in answers
    ]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(battlefields(), st.sampled_from(list(NearObstacles)))
def test_true_circles_answer_as_the_sweep_did_on_battlefields(field, reading):
    """Whole answers (sight and what blocks it, the line of attack and what blocks some of
    it, cover, what gives it and what is ignored) on true circles equal the sweep's over
    64-cornered bases, but where a shadow's edge passes within the polygon's error of the
    target's silhouette (there the fine reference decides: see the test above); lengths of
    lines of attack differ by no more than the polygon lies inside the circle, but where a
    shadow grazes the target."""
    field = replace(field, near_obstacles=reading)
    pairs = [(a, b) for a in field.fighters for b in field.fighters if a.name != b.name]
    attacks = [a.profile.attack() for a, _ in pairs]
    circles = survey(field, pairs, attacks)
    with polygons():
        swept = survey(field, pairs, attacks)
    assert swept == survey(field, pairs, attacks, method=SightMethod.SWEEP)
    differ = 0
    for (a, b), new, old, now, then in zip(
        pairs, circles, swept, plain(circles), plain(swept), strict=True
    ):
        touching = _touching(field, b)
        if now != then:
            differ += 1
            assert _grazing(new, old) or _contact_sliver(now, then, touching), (
                a.name,
                b.name,
                now,
                then,
            )
        blocking = {*new.line.blocked_by, *old.line.blocked_by}
        if (
            new.line.exists
            and old.line.exists
            and not _grazing(new, old)
            and not blocking & touching
        ):
            # (Where a shadow grazes the target, or a base touching it hides some of it,
            # the nearest seen point is that shadow's end, which moves round the edge by
            # more than the polygon's error: at a contact's cusp as the square root.)
            assert abs(old.line.length - new.line.length) <= POLYGON_GAP, (
                a.name,
                b.name,
                new.line.length,
                old.line.length,
            )
    assert differ <= max(1, len(pairs) // 20)


def _grazing(new, old) -> bool:
    """Whether the two answers may differ: some of the target's edge, seen or hidden, is
    within the polygon's error of nothing (a line or a shadow grazing the target)."""
    views = [view for one in (new, old) for view in (one.line.visible, one.cover.visible)]
    return any(
        view is not None
        and (
            float(view.visible.length) < GRAZE
            or float(view.edge.length) - float(view.visible.length) < GRAZE
        )
        for view in views
    )


def _touching(field, target) -> set[str]:
    """The blocker names of the bases touching ``target`` (within the polygon's error)."""
    return {
        f"fighter '{other.name}'"
        for other in field.fighters
        if other.name != target.name
        and math.dist((other.base.x, other.base.y), (target.base.x, target.base.y))
        <= other.base.radius + target.base.radius + POLYGON_GAP
    }


def _contact_sliver(now, then, touching: set[str]) -> bool:
    """Whether the two answers differ only in what blocks some of a line or gives cover,
    and only by bases touching the target: at a contact the blocker's shadow edge meets
    the target's edge in a cusp, so a base pressed in within the touching tolerance hides
    a sliver there as long as the square root of how far it is pressed in (0.02" for
    0.0003"), which 64-cornered bases, their corners inside the circle, miss. The closed
    form is exact there (the fine reference decides, as in
    test_a_base_in_contact_from_behind_gives_no_cover_and_one_in_front_does)."""
    if (now[0], now[1], now[2], now[4], now[6]) != (then[0], then[1], then[2], then[4], then[6]):
        return False
    differing = (set(now[3]) ^ set(then[3])) | (set(now[5]) ^ set(then[5]))
    return bool(differing) and differing <= touching


GRAZE = 0.01
"""Inches of edge seen or hidden within which a 64-cornered base and a true circle may
answer differently."""
