"""16.0 Visibility, 18.1 Line of Attack and 18.2 Cover on a battlefield, with reasons.

Every question is asked of many pairs at once (``visibilities``, ``lines_of_attack``,
``covers``, ``survey``); the one-pair functions ask for a single pair. Bases in contact
(ruling MW-18) are looked at as the same bases a hair apart: see :mod:`.looks`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from shapely import Point

from skirmish.errors import IllegalAttack
from skirmish.games.magewinds.field import Battlefield, NearObstacles, Placed
from skirmish.games.magewinds.looks import (
    HIGH,
    OBSTACLES,
    Blocker,
    Blockers,
    Look,
    blockers,
    look,
    views,
)
from skirmish.games.magewinds.profiles import AttackProfile
from skirmish.geometry import EPSILON
from skirmish.geometry.sight import EdgeView, SightMethod, closest_point_towards

COVER_IGNORE_DISTANCE = 1.0
"""18.2: obstacles within 1" of the attacker are ignored against targets more than 1" away."""

Pair = tuple[Placed, Placed]
"""Who looks or attacks, and at whom."""


def _named(among: Blockers, view: EdgeView) -> tuple[str, ...]:
    if not view.blockers:
        return ()
    return tuple(dict.fromkeys(among.items[i].label for i in view.blockers))


@dataclass(frozen=True)
class Sight:
    """16.0: whether ``target`` is visible to ``viewer``, and why not."""

    viewer: str
    target: str
    visible: bool
    blocked_by: tuple[str, ...] = ()
    viewer_point: Point | None = None

    @property
    def reason(self) -> str:
        if self.visible:
            return f"16.0: {self.target} is visible to {self.viewer}"
        return f"16.0: {self.target} is not visible to {self.viewer}: blocked by " + ", ".join(
            self.blocked_by
        )


def visibilities(
    field: Battlefield,
    pairs: Sequence[Pair],
    *,
    method: SightMethod = SightMethod.CIRCLES,
    among: Blockers | None = None,
) -> list[Sight]:
    """16.0 for each (viewer, target): a straight line along the ground from the target to
    the closest point of the viewer's base, crossing no high obstacle (ruling MW-13); a
    fighter always sees itself. ``among``: the field's high obstacles, when already at hand
    (see :meth:`Blockers.touching_as`)."""
    among = blockers(field, HIGH, False) if among is None else among
    asked = [(i, look(among, v.base, t.base)) for i, (v, t) in enumerate(pairs) if v.name != t.name]
    seen = dict(
        zip((i for i, _ in asked), views(among, [q for _, q in asked], method), strict=True)
    )
    out = []
    for i, (viewer, target) in enumerate(pairs):
        view = seen.get(i)
        if view is None:
            out.append(Sight(viewer.name, target.name, True))
        else:
            out.append(Sight(viewer.name, target.name, view.any, _named(among, view), view.source))
    return out


def visibility(
    field: Battlefield, viewer: Placed, target: Placed, *, method: SightMethod = SightMethod.CIRCLES
) -> Sight:
    """16.0: whether ``target`` is visible to ``viewer`` (see :func:`visibilities`)."""
    return visibilities(field, [(viewer, target)], method=method)[0]


@dataclass(frozen=True)
class LineOfAttack:
    """18.1: whether a line of attack exists, its length, and why not.

    The line of attack is the shortest straight line from the attacker's closest point to
    the target's base edge that crosses no high obstacle and no other fighter; its length
    is what Range is checked against (ruling MW-19).
    """

    attacker: str
    target: str
    exists: bool
    reason: str
    length: float | None = None
    start: Point | None = None
    end: Point | None = None
    blocked_by: tuple[str, ...] = ()
    visible: EdgeView | None = None


def _fighters(among: Blockers, attacker: Placed, target: Placed) -> frozenset[int]:
    """18.1, 18.2: lines may not cross *other* fighters; these two are passed over."""
    return among.fighters(attacker.name, target.name)


def lines_of_attack(
    field: Battlefield,
    pairs: Sequence[Pair],
    attacks: Sequence[AttackProfile],
    *,
    method: SightMethod = SightMethod.CIRCLES,
    among: Blockers | None = None,
) -> list[LineOfAttack]:
    """18.1 for each (attacker, target) with the attack at the same place in ``attacks``:
    the shortest line from the closest point of the attacker's base edge to the target's
    base edge crossing no high obstacle and no other fighter, its length within the
    attack's Range (ruling MW-19). ``among``: the field's high obstacles and fighters,
    when already at hand (see :meth:`Blockers.touching_as`)."""
    among = blockers(field, HIGH, True) if among is None else among
    looks = [look(among, a.base, t.base, _fighters(among, a, t)) for a, t in pairs]
    return [
        _line(among, attacker, target, attack, view)
        for (attacker, target), attack, view in zip(
            pairs, attacks, views(among, looks, method), strict=True
        )
    ]


def _line(
    among: Blockers, attacker: Placed, target: Placed, attack: AttackProfile, view: EdgeView
) -> LineOfAttack:
    names = _named(among, view)
    who = (attacker.name, target.name)
    nearest = view.nearest()
    if nearest is None:
        return LineOfAttack(
            *who,
            False,
            f"18.1: every line from {attacker.name} to {target.name} is blocked by "
            + ", ".join(names),
            start=view.source,
            blocked_by=names,
            visible=view,
        )
    length, end = nearest  # ruling MW-19: Range is checked against the shortest line
    if not attack.in_range(length):
        if length > attack.maximum_range:
            why = f'too far: {length:.2f}" is beyond Maximum Range {attack.range_text()}'
        else:
            why = (
                f'too close: {length:.2f}" is inside Minimum Range {attack.range_text()} '
                "(ruling MW-19)"
            )
        return LineOfAttack(
            *who,
            False,
            f"18.1: {attack.name} from {attacker.name} to {target.name}: {why}",
            start=view.source,
            blocked_by=names,
            visible=view,
        )
    text = f'18.1: line of attack {length:.2f}" from {attacker.name} to {target.name}'
    if names:
        text += " (some lines blocked by " + ", ".join(names) + ")"
    return LineOfAttack(*who, True, text, length, view.source, end, names, view)


def line_of_attack(
    field: Battlefield,
    attacker: Placed,
    target: Placed,
    attack: AttackProfile,
    *,
    method: SightMethod = SightMethod.CIRCLES,
) -> LineOfAttack:
    """18.1 for one attacker and target (see :func:`lines_of_attack`)."""
    return lines_of_attack(field, [(attacker, target)], [attack], method=method)[0]


@dataclass(frozen=True)
class Cover:
    """18.2: in the open or in cover, what gives cover, and which obstacles were ignored."""

    attacker: str
    target: str
    in_cover: bool
    because: tuple[str, ...]
    ignored: tuple[str, ...]
    visible: EdgeView
    near_obstacles: NearObstacles = NearObstacles.PARTS

    @property
    def reason(self) -> str:
        if not self.in_cover:
            text = f"18.2: {self.target} is in the open"
        else:
            text = f"18.2: {self.target} is in cover (+1 Evasion) behind " + ", ".join(self.because)
        if self.ignored:
            what = (
                'the parts of these within 1" of {} are ignored'
                if self.near_obstacles is NearObstacles.PARTS
                else 'ignored within 1" of {}'
            ).format(self.attacker)
            text += f"; {what} (ruling MW-14): " + ", ".join(self.ignored)
        return text


def _cover_look(
    field: Battlefield, among: Blockers, attacker: Placed, target: Placed
) -> tuple[Look, tuple[int, ...]]:
    """18.2 with rulings MW-14 and MW-15: the look at the target's whole edge, and the
    obstacles near the attacker that it ignores (all of them, or their parts within 1")."""
    skip = _fighters(among, attacker, target)
    apart = math.dist((attacker.base.x, attacker.base.y), (target.base.x, target.base.y))
    far = apart - attacker.base.radius - target.base.radius > COVER_IGNORE_DISTANCE + EPSILON
    near = among.near(attacker.base, COVER_IGNORE_DISTANCE) if far else ()
    replaced = []
    for found in near:
        if field.near_obstacles is NearObstacles.WHOLE or found.within:
            skip |= {found.index}
        else:
            replaced.append(found)
    chosen = look(among, attacker.base, target.base, skip, tuple(replaced))
    return chosen, tuple(found.index for found in near)


def covers(
    field: Battlefield, pairs: Sequence[Pair], *, method: SightMethod = SightMethod.CIRCLES
) -> list[Cover]:
    """18.2 for each (attacker, target): in the open when lines of attack reach every point
    of the target's base edge without crossing an obstacle or another fighter; against a
    target more than 1" away, obstacles within 1" of the attacker are ignored (rulings
    MW-14, MW-15: only their parts within 1" by default, all of them as an option)."""
    among = blockers(field, OBSTACLES, True)
    asked = [_cover_look(field, among, a, t) for a, t in pairs]
    return [
        _cover(field, among, attacker, target, ignored, view)
        for (attacker, target), (_, ignored), view in zip(
            pairs, asked, views(among, [q for q, _ in asked], method), strict=True
        )
    ]


def _cover(
    field: Battlefield,
    among: Blockers,
    attacker: Placed,
    target: Placed,
    ignored: tuple[int, ...],
    view: EdgeView,
) -> Cover:
    """18.2's answer from the look at the target's whole edge: in cover when some of it is
    hidden."""
    return Cover(
        attacker.name,
        target.name,
        not view.all,
        _named(among, view),
        tuple(dict.fromkeys(among.items[i].label for i in ignored)) if ignored else (),
        view,
        field.near_obstacles,
    )


def cover(
    field: Battlefield,
    attacker: Placed,
    target: Placed,
    *,
    method: SightMethod = SightMethod.CIRCLES,
) -> Cover:
    """18.2 for one attacker and target (see :func:`covers`), as a battle asks it."""
    among = blockers(field, OBSTACLES, True)
    chosen, ignored = _cover_look(field, among, attacker, target)
    return _cover(field, among, attacker, target, ignored, views(among, [chosen], method)[0])


@dataclass(frozen=True)
class PairSight:
    """Sight, line of attack and cover from one fighter to another."""

    sight: Sight
    line: LineOfAttack
    cover: Cover


def survey(
    field: Battlefield,
    pairs: Sequence[Pair],
    attacks: Sequence[AttackProfile],
    *,
    method: SightMethod = SightMethod.CIRCLES,
) -> list[PairSight]:
    """Visibility (16.0), line of attack (18.1) and cover (18.2) for every pair at once:
    who can hit whom."""
    return [
        PairSight(*answers)
        for answers in zip(
            visibilities(field, pairs, method=method),
            lines_of_attack(field, pairs, attacks, method=method),
            covers(field, pairs, method=method),
            strict=True,
        )
    ]


def require_attack(
    field: Battlefield, attacker: Placed, target: Placed, attack: AttackProfile
) -> LineOfAttack:
    """13.4 and 18.1: refuse an attack on an invisible target or without a line of attack."""
    if attacker.name == target.name:
        raise IllegalAttack(f"13.4: {attacker.name} cannot attack itself")
    sight = visibility(field, attacker, target)
    if not sight.visible:
        raise IllegalAttack(f"13.4: an attack needs a visible target; {sight.reason}")
    line = line_of_attack(field, attacker, target, attack)
    if not line.exists:
        raise IllegalAttack(line.reason)
    return line


__all__ = [
    "COVER_IGNORE_DISTANCE",
    "HIGH",
    "OBSTACLES",
    "Blocker",
    "Blockers",
    "Cover",
    "LineOfAttack",
    "PairSight",
    "Sight",
    "blockers",
    "closest_point_towards",
    "cover",
    "covers",
    "line_of_attack",
    "lines_of_attack",
    "require_attack",
    "survey",
    "visibilities",
    "visibility",
]
