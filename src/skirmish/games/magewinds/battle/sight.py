"""16.0 Visibility and 18.1 lines of attack in battles, on the fast path: remembered by
position, and asked of fighters at trial positions without building the battlefield again.

Whether one base sees another depends on the high obstacles (fixed for a battle), where
the two bases stand and what each touches (ruling MW-18), which follows from where it
stands: not on other fighters, since bases do not block sight (16.0). So an answer found
once holds for every later state with the two bases in the same places, and it is found
among the battle's high obstacles alone, shared by every state.

A line of attack from a fighter at a trial position (a step it might make) passes over the
attacker's own base, so it is the same among the blockers of the battlefield as it stands,
with the attacker touching what it would touch there
(:meth:`~skirmish.games.magewinds.looks.Blockers.touching_as`).

Where no blocker comes near the straight path between two bases, nothing needs looking at:
the look passes over every piece whose bounding circle stays clear of that path (see
:mod:`skirmish.geometry.sweep`), so the whole edge is seen, and a line of attack is as long
as the gap between the bases, give or take how far the edge drawn as a polygon lies inside
the true circle. Such questions are answered without a look whenever the answer cannot
depend on those small amounts. Where something does come near, one straight line towards
the target's centre that passes everything with room to spare still shows the target seen
and the line of attack as long as that gap (``looks.seen_straight``); only the rest are
swept.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import replace

from skirmish.fastpaths import Memo, fast
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.field import Battlefield, Placed
from skirmish.games.magewinds.looks import (
    HIGH,
    OBSTACLES,
    Blockers,
    blockers,
    look,
    seen_straight,
)
from skirmish.games.magewinds.profiles import AttackProfile
from skirmish.games.magewinds.sightlines import (
    LineOfAttack,
    line_of_attack,
    lines_of_attack,
    visibilities,
)
from skirmish.geometry import EPSILON, Based
from skirmish.geometry.clearance import true_circles
from skirmish.geometry.measure import OVERLAP_TOLERANCE
from skirmish.geometry.shapes import CIRCLE_SEGMENTS

Where = tuple[float, float, float]
Circle = tuple[float, float, float]

ROOM = 2 * OVERLAP_TOLERANCE + 2 * EPSILON
"""Inches a blocker must stay clear of the straight path between two bases (beyond both
radii) to be left out of the answer: more than any base in contact touches (MW-18)."""
POLYGON_GAP = 1e-3
"""Inches a base's edge drawn as a polygon (16 segments a quarter) lies inside the true
circle, at most (r(1 - cos(pi/64)), about 0.0006" for a 25 mm base), with room to spare."""

_SIGHT: Memo[bool] = Memo("visibility")
_OBSTACLES: Memo[Blockers] = Memo("high obstacles", size=64)
_CIRCLES: Memo[tuple[Circle, ...]] = Memo("high obstacle circles", size=64)
_COVER_CIRCLES: Memo[tuple[Circle, ...]] = Memo("obstacle circles", size=64)
_LINES: Memo[LineOfAttack] = Memo("lines of attack", size=10_000)
"""Fewer than the other memos keep: a line holds what the look saw of the target."""

STRAIGHT_SIGHT = "straight sight"
"""The part of the fast paths that answers whether one fighter sees another from one clear
straight line before sweeping the whole edge (:func:`_seen`)."""
LINES = "lines of attack"
"""The part of the fast paths (:func:`skirmish.fastpaths.fast`) that remembers a line of
attack between two fighters where they stand (:func:`line_on`)."""


def _where(base: Based | None) -> Where | None:
    return None if base is None else (base.x, base.y, base.radius)


def visible(
    setup: Setup,
    field: Battlefield,
    viewer: Placed,
    target: Placed,
    stands: tuple[Based | None, Based | None],
) -> bool:
    """16.0: whether ``target`` is visible to ``viewer`` on ``field`` (a battlefield of
    ``setup``'s table). ``stands``: the bases of the fighters called as the viewer and the
    target where they stand on ``field``, or None (what a base touches is looked up by its
    name: a trial spot has no fighter of its name, so it touches nothing)."""
    if not fast() or field.terrain is not setup.table.field.terrain:
        return visibility_of(field, viewer, target)
    if viewer.name == target.name:
        return True
    key = (
        setup,
        _where(viewer.base),
        _where(stands[0]),
        _where(target.base),
        _where(stands[1]),
    )
    return _SIGHT.get(
        key,
        lambda: (
            _clear(_high(setup), viewer.base, target.base) or _seen(setup, viewer, target, stands)
        ),
    )


def visibility_of(field: Battlefield, viewer: Placed, target: Placed) -> bool:
    return visibilities(field, [(viewer, target)])[0].visible


def _high(setup: Setup) -> tuple[Circle, ...]:
    """The bounding circle of every piece of the high obstacles, as the look measures it."""
    return _CIRCLES.get(setup, lambda: _circles(_shared(setup)))


def _circles(among: Blockers) -> tuple[Circle, ...]:
    parts = among.parts
    return tuple(
        (float(x), float(y), float(reach))
        for (x, y), reach in zip(parts.centres.tolist(), parts.reaches.tolist(), strict=True)
    )


def _shared(setup: Setup) -> Blockers:
    """The high obstacles of ``setup``'s table, with no fighter on it."""
    return _OBSTACLES.get(setup, lambda: blockers(_bare(setup), HIGH, False))


def _bare(setup: Setup) -> Battlefield:
    """``setup``'s table with no fighter and no object on it."""
    return replace(setup.table.field, fighters=(), objects=())


def _clear(circles: Iterable[Circle], looker: Based, target: Based) -> bool:
    """Whether every circle stays clear of the straight path from ``looker``'s centre to
    ``target``'s by more than the larger radius and :data:`ROOM`: then a look from the
    looker's edge at the target's edge passes over every piece they bound."""
    ax, ay, bx, by = looker.x, looker.y, target.x, target.y
    dx, dy = bx - ax, by - ay
    span = dx * dx + dy * dy
    width = max(looker.radius, target.radius) + ROOM
    for cx, cy, reach in circles:
        along = ((cx - ax) * dx + (cy - ay) * dy) / span if span > 0 else 0.0
        along = min(1.0, max(0.0, along))
        if math.hypot(cx - ax - along * dx, cy - ay - along * dy) <= reach + width:
            return False
    return True


def open_line(
    setup: Setup, field: Battlefield, attacker: Placed, target: Placed, attack: AttackProfile
) -> bool | None:
    """18.1 without looking, where nothing can block: whether ``attacker`` (perhaps at a
    trial position) has a line of attack to ``target`` within Range, or None when a look
    is needed (bases in contact, or a gap within :data:`POLYGON_GAP` of a Range). Where
    something comes near the path, on the fast path (part :data:`STRAIGHT_SIGHT`) one
    clear straight line may still decide it (:func:`_straight_line`) where bases are drawn
    as polygons (:func:`~skirmish.geometry.clearance.polygons`); on true circles the look
    in closed form costs less than that line's test."""
    if field.terrain is not setup.table.field.terrain:
        return None
    if not _clear((*_high(setup), *_others(field, attacker, target)), attacker.base, target.base):
        witness = fast(STRAIGHT_SIGHT) and not true_circles()
        return _straight_line(field, attacker, target, attack) if witness else None
    a, b = attacker.base, target.base
    gap = math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius
    if gap < EPSILON:  # the look starts inside the target's edge: it measures to the edge
        return None
    return _within(gap, gap + POLYGON_GAP, attack)


def _within(shortest: float, longest: float, attack: AttackProfile) -> bool | None:
    """Whether a line of attack known to be between ``shortest`` and ``longest`` long is
    within the attack's Range (8.0, 18.1), or None when the Range falls between the two."""
    low, high = attack.minimum_range - EPSILON, attack.maximum_range + EPSILON
    if low + EPSILON <= shortest and longest <= high - EPSILON:
        return True
    if longest < low - EPSILON or shortest > high + EPSILON:
        return False
    return None


def _straight_line(
    field: Battlefield, attacker: Placed, target: Placed, attack: AttackProfile
) -> bool | None:
    """18.1 from one clear straight line, where something comes near the path: when the
    line from the look's source towards the target's centre passes every high obstacle and
    other fighter with room to spare (:func:`~skirmish.games.magewinds.looks.seen_straight`),
    the edge's nearest point (the target's edge drawn as a polygon, corners on the circle)
    is seen, so the line of attack is as long as the gap from the source to that edge:
    at least the gap to the true circle, at most that and the most the polygon lies inside
    it. Whether that is within Range, or None when the Range falls in between or the line
    passes near something. ``attacker`` may stand at a trial position (it touches what it
    would touch there, as :func:`line_from` looks)."""
    among = blockers(field, HIGH, True).touching_as([attacker.base])
    chosen = look(among, attacker.base, target.base, among.fighters(attacker.name, target.name))
    if not seen_straight(among, chosen):
        return None
    apart = math.dist(chosen.source, chosen.centre)
    inside = chosen.radius * (1 - math.cos(math.pi / (4 * CIRCLE_SEGMENTS)))
    return _within(apart - chosen.radius, apart - chosen.radius + inside, attack)


def in_the_open(setup: Setup, field: Battlefield, attacker: Placed, target: Placed) -> bool:
    """18.2 without looking: True when no obstacle (of any height) and no other fighter
    comes near the straight path between the two bases, so the look at the target's whole
    edge passes over everything and the target is in the open; False when a look is needed
    (it may still find the target in the open)."""
    if field.terrain is not setup.table.field.terrain:
        return False
    others = _others(field, attacker, target)
    return _clear((*_obstacles(setup), *others), attacker.base, target.base)


def _others(field: Battlefield, attacker: Placed, target: Placed) -> Iterator[Circle]:
    """The base of every fighter on ``field`` but the two, as a circle."""
    for p in field.fighters:
        if p.name not in (attacker.name, target.name):
            yield (p.base.x, p.base.y, p.base.radius)


def _obstacles(setup: Setup) -> tuple[Circle, ...]:
    """The bounding circle of every piece of every obstacle: what can give cover (18.2)."""
    return _COVER_CIRCLES.get(setup, lambda: _circles(blockers(_bare(setup), OBSTACLES, False)))


def _seen(
    setup: Setup, viewer: Placed, target: Placed, stands: tuple[Based | None, Based | None]
) -> bool:
    """16.0 among the high obstacles alone, the two fighters touching what they touch; on
    the fast path (part :data:`STRAIGHT_SIGHT`) seen at once when the straight line towards
    the target's centre passes every obstacle with room to spare
    (:func:`~skirmish.games.magewinds.looks.seen_straight`), else by the sweep."""
    among = _shared(setup).touching_as([base for base in stands if base is not None])
    if fast(STRAIGHT_SIGHT) and seen_straight(among, look(among, viewer.base, target.base)):
        return True
    return visibilities(setup.table.field, [(viewer, target)], among=among)[0].visible


def line_from(
    field: Battlefield, attacker: Placed, target: Placed, attack: AttackProfile
) -> LineOfAttack:
    """18.1 from ``attacker`` at a trial position (its base moved; every other fighter as on
    ``field``) to ``target``."""
    among = blockers(field, HIGH, True).touching_as([attacker.base])
    return lines_of_attack(field, [(attacker, target)], [attack], among=among)[0]


def line_on(field: Battlefield, attacker: str, target: str, attack: AttackProfile) -> LineOfAttack:
    """18.1 from the fighter called ``attacker`` to the one called ``target``, both where
    they stand on ``field``. On the fast path remembered by the battlefield, the two names
    and the attack, the only things it depends on: the rules check the line of an attack
    they offered once more when it is made, and once more when its situation is built."""

    def fresh() -> LineOfAttack:
        return line_of_attack(field, field.fighter(attacker), field.fighter(target), attack)

    if not fast(LINES):
        return fresh()
    return _LINES.get((field, attacker, target, attack), fresh)
