"""Cover (18.2) with obstacles within 1" of the attacker (ruling MW-14): the closed form
answers each convex piece less the true 1" disc (``Ray.beyond``), against the reference
shadows of what is left beyond a disc drawn with 4,096 corners, and against today's
answer before it (what is left beyond the 128-cornered disc, cut into pieces): on
generated scenes with a box, a sharp triangle, a notched obstacle and a long wall that the
disc cuts in two, pieces wholly within the disc or clear of it, and an attacker standing
on a low obstacle."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from shapely import Point, Polygon
from test_arcs import CLOSE, FINE, decided, fine_circle
from test_arcs import reference as fine_shadows

from skirmish.games.magewinds.looks import CONTACT_GAP, NEAR_SEGMENTS
from skirmish.geometry.arcs import Prepared, arcs
from skirmish.geometry.measure import EPSILON
from skirmish.geometry.pieces import ConvexParts
from skirmish.geometry.shapes import BASE_DIAMETER
from skirmish.geometry.sweep import Ray

R = BASE_DIAMETER / 2
NEAR = 1.0
"""18.2: the distance within which the attacker's obstacles are ignored."""
BEFORE = 0.05
"""Inches of visible length today's answer (the disc drawn with 128 corners, at most
0.0004" inside the circle) and the closed form agree within: a shadow's end from an
obstacle 1" away moves by that error times how much further the target lies, more where
the shadow's edge meets the target's edge at a grazing angle."""


@st.composite
def scenes(draw):
    """An attacker (its centre, the source on its edge towards the target, drawn in by
    the contact gap or not) and a target more than 1" away, and obstacles near the
    attacker."""
    ax, ay = 5.0, 5.0
    angle = draw(st.floats(0, 2 * math.pi))
    apart = draw(st.floats(2 * R + NEAR + 0.01, 7.0))
    tx, ty = ax + apart * math.cos(angle), ay + apart * math.sin(angle)
    inset = draw(st.sampled_from([0.0, CONTACT_GAP]))
    sx, sy = ax + (R - inset) * math.cos(angle), ay + (R - inset) * math.sin(angle)
    radius = draw(st.sampled_from([R, R - CONTACT_GAP]))

    def near_point():
        turn = angle + draw(st.floats(-1.6, 1.6))
        gap = draw(st.floats(0.2, 2.5))
        return ax + gap * math.cos(turn), ay + gap * math.sin(turn)

    solid: list[Polygon] = []
    x, y = near_point()
    solid.append(shapely.box(x, y, x + draw(st.floats(0.2, 1.5)), y + draw(st.floats(0.2, 1.5))))
    x, y = near_point()
    turn = draw(st.floats(0, 2 * math.pi))
    solid.append(
        Polygon(
            [
                (x, y),
                (x + 1.4 * math.cos(turn), y + 1.4 * math.sin(turn)),
                (x + 1.1 * math.cos(turn + 0.4), y + 1.1 * math.sin(turn + 0.4)),
            ]
        )
    )
    x, y = near_point()
    solid.append(
        Polygon(
            [
                *[(x, y), (x + 1.2, y), (x + 1.2, y + 1), (x + 0.8, y + 1), (x + 0.8, y + 0.3)],
                *[(x + 0.4, y + 0.3), (x + 0.4, y + 1), (x, y + 1)],
            ]
        )
    )
    # A long wall across the line to the target, that the disc may cut in two.
    across = angle + math.pi / 2 + draw(st.floats(-0.5, 0.5))
    mid = draw(st.floats(R + 0.3, R + NEAR + 1.0))
    mx, my = ax + mid * math.cos(angle), ay + mid * math.sin(angle)
    half = draw(st.floats(0.5, 3.0))
    ux, uy = math.cos(across), math.sin(across)
    nx, ny = -uy * 0.1, ux * 0.1
    solid.append(
        Polygon(
            [
                (mx - half * ux - nx, my - half * uy - ny),
                (mx + half * ux - nx, my + half * uy - ny),
                (mx + half * ux + nx, my + half * uy + ny),
                (mx - half * ux + nx, my - half * uy + ny),
            ]
        )
    )
    # A low obstacle the attacker stands on (the source inside it).
    solid.append(shapely.box(ax - 0.3, ay - 0.3, ax + 0.3 + draw(st.floats(0, 1.5)), ay + 0.3))
    chosen = draw(st.lists(st.sampled_from(range(len(solid))), min_size=1, unique=True))
    solid = [solid[i] for i in sorted(chosen)]
    reach = R + NEAR + EPSILON
    rests = [f.difference(Point(ax, ay).buffer(reach, quad_segs=FINE)) for f in solid]
    assume(all(r.distance(Point(tx, ty)) >= radius - 1e-9 for r in rests))
    return (sx, sy), (tx, ty), radius, solid, (ax, ay, reach)


def closed_form(scene):
    source, centre, radius, solid, disc = scene
    prepared = Prepared.of(ConvexParts.of(solid, list(range(len(solid)))))
    beyond = tuple((i, disc) for i in range(len(solid)))
    return arcs(prepared, [Ray(source, centre, radius, None, beyond=beyond)])[0]


def today(scene):
    """The answer before: what is left beyond the disc drawn with 128 corners, cut into
    convex pieces, each drawn instead of its obstacle."""
    source, centre, radius, solid, (ax, ay, reach) = scene
    ring = Point(ax, ay).buffer(reach, quad_segs=NEAR_SEGMENTS)
    prepared = Prepared.of(ConvexParts.of(solid, list(range(len(solid)))))
    replaced = tuple(ConvexParts.of([f.difference(ring)], [i]) for i, f in enumerate(solid))
    return arcs(prepared, [Ray(source, centre, radius, None, replaced=replaced)])[0]


def reference(scene):
    """The reference shadows (``test_arcs``: circles drawn with 4,096 corners) of what is
    left of each obstacle beyond the disc drawn with 4,096 corners: the visible length, and
    each obstacle's own hidden length."""
    source, centre, radius, solid, (ax, ay, reach) = scene
    cut = Polygon(fine_circle(ax, ay, reach))
    rests = [f.difference(cut) for f in solid]
    kept = [i for i, rest in enumerate(rests) if not rest.is_empty]
    seen, hidden = fine_shadows((source, centre, radius, [rests[i] for i in kept], []))
    length = float(seen.visible.length) * 2 * math.pi * radius / float(seen.edge.length)
    by_obstacle = [0.0] * len(solid)
    for i, length_hidden in zip(kept, hidden, strict=True):
        by_obstacle[i] = length_hidden
    return length, by_obstacle


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(scenes())
def test_pieces_less_the_true_disc_answer_as_the_fine_shadows(scene):
    mine = closed_form(scene)
    theirs, hidden = reference(scene)
    whole = 2 * math.pi * scene[2]
    event("in the open" if whole - theirs <= 10 * EPSILON else "in cover")
    assert mine.visible_length == pytest.approx(theirs, abs=CLOSE)
    if decided(whole - theirs, 10 * EPSILON):
        assert mine.all is (whole - theirs <= 10 * EPSILON)
    if decided(theirs, EPSILON):
        assert mine.any is (theirs > EPSILON)
    clear = [i for i, length in enumerate(hidden) if decided(length, EPSILON)]
    assert [i for i in mine.blockers if i in clear] == [i for i in clear if hidden[i] > EPSILON]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(scenes())
def test_pieces_less_the_true_disc_answer_as_today(scene):
    """Against the answer before (the disc drawn with 128 corners, what is left cut into
    pieces): the visible length within its error, and cover and what gives it alike but
    where a shadow's edge grazes the target within that error."""
    new, old = closed_form(scene), today(scene)
    assert new.visible_length == pytest.approx(old.visible_length, abs=BEFORE)
    whole = 2 * math.pi * scene[2]
    if abs(whole - old.visible_length) > BEFORE and abs(whole - new.visible_length) > BEFORE:
        assert new.all is old.all
    if old.visible_length > BEFORE:
        assert new.any and old.any
    # The closed form's disc is the true one, larger than the 128-cornered one: it never
    # hides more.
    assert new.visible_length >= old.visible_length - 1e-6


def test_a_wall_cut_in_two_by_the_disc_leaves_the_gap_between_its_ends_open():
    """A wall across the line to the target, its middle within 1": its two ends beyond 1"
    hide the target's sides seen past them, the middle lets the line through."""
    ax, ay = 5.0, 5.0
    wall = shapely.box(ax + R + 0.3, ay - 3, ax + R + 0.5, ay + 3)  # 0.3" to 0.5" away
    reach = R + NEAR + EPSILON
    source, centre = (ax + R, ay), (ax + 6.0, ay)
    prepared = Prepared.of(ConvexParts.of([wall], [0]))
    view = arcs(prepared, [Ray(source, centre, R, None, beyond=((0, (ax, ay, reach)),))])[0]
    # On the wall's far face, 0.5" from the source, the disc leaves open up to
    # sqrt(reach^2 - (R + 0.5)^2) either side of the line; the lines to the target's edge
    # spread there no more than 0.5" times the tangent of its half-width as seen.
    side = math.sqrt(reach**2 - (R + 0.5) ** 2)
    assert side > 0.5 * math.tan(math.asin(R / (6.0 - R)))
    assert view.all and view.blockers == ()
    # A target up the wall is looked at across its part beyond the disc: in cover behind
    # it, as the fine shadows say.
    target = (ax + 2.0, ay + 5.0)
    turn = math.atan2(target[1] - ay, target[0] - ax)
    steep = (ax + R * math.cos(turn), ay + R * math.sin(turn))
    up = arcs(prepared, [Ray(steep, target, R, None, beyond=((0, (ax, ay, reach)),))])[0]
    theirs, _ = reference((steep, target, R, [wall], (ax, ay, reach)))
    assert up.blockers == (0,) and not up.all
    assert up.visible_length == pytest.approx(theirs, abs=CLOSE)
    assert 2 * math.pi * R - theirs > 0.1
    # Without the disc, the wall hides the whole target.
    whole = arcs(prepared, [Ray(source, centre, R, None)])[0]
    assert not whole.any and whole.blockers == (0,)
    # A wall wholly within the disc hides nothing; one clear of it hides as if whole.
    inside = shapely.box(ax + R + 0.2, ay - 0.3, ax + R + 0.3, ay + 0.3)
    prepared = Prepared.of(ConvexParts.of([inside], [0]))
    view = arcs(prepared, [Ray(source, centre, R, None, beyond=((0, (ax, ay, reach)),))])[0]
    assert view.all and view.blockers == ()
    far = shapely.box(ax + 3.0, ay - 0.1, ax + 3.2, ay + 0.1)
    prepared = Prepared.of(ConvexParts.of([far], [0]))
    cut = arcs(prepared, [Ray(source, centre, R, None, beyond=((0, (ax, ay, reach)),))])[0]
    plain = arcs(prepared, [Ray(source, centre, R, None)])[0]
    assert (cut.arcs, cut.blockers, cut.visible_length) == (
        plain.arcs,
        plain.blockers,
        plain.visible_length,
    )
