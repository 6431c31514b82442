"""The battle's questions to the battlefield geometry: 15.0, 16.0, 18.1, 18.2, 18.4, 18.5.4.

Every answer comes from the geometry modules (``sightlines``, ``moves``) on a battlefield
built from the battle's positions. Where a base comes to rest (a move's end, a step,
knockback, Push, deployment, Blink, a dropped object) it is also checked against the other
bases and the terrain as true circles (MW-18), which the free-space polygons of movement
only approximate. The representative positions offered to computer players are in
:mod:`~skirmish.games.magewinds.battle.candidates`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from shapely import Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from skirmish.fastpaths import OFFERS, Kept, Memo, fast, replaced
from skirmish.games.magewinds.battle.hooks import ABILITIES
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.battle.sight import in_the_open, line_on, visible
from skirmish.games.magewinds.battle.state import Battle, Fighter
from skirmish.games.magewinds.battle.state import Point as At
from skirmish.games.magewinds.field import Battlefield, Placed
from skirmish.games.magewinds.moves import (
    ENEMY_NEARBY,
    ENEMY_PENALTY,
    HAIR,
    STEP_MOVE,
    STEPS_AWAY,
    Dodge,
    Knockback,
    check_move,
    dodge,
    knockback,
    local_space,
    neighbourhood,
    shortest_move,
    step_region,
    steps_away,
    surroundings,
)
from skirmish.games.magewinds.profiles import AttackProfile
from skirmish.games.magewinds.sightlines import (
    Cover,
    LineOfAttack,
    cover,
    visibility,
)
from skirmish.geometry import BASE_DIAMETER, EPSILON, Based, HeightClass, Terrain, within
from skirmish.geometry.measure import OVERLAP_TOLERANCE
from skirmish.geometry.movement import FreeSpace, free_space, ray_room

RADIUS = BASE_DIAMETER / 2
OVERLAP = 2 * RADIUS - OVERLAP_TOLERANCE
"""Centres closer than this overlap (ruling MW-18)."""


# -- the battlefield of a moment ---------------------------------------------------------


def field_of(battle: Battle) -> Battlefield:
    """The battlefield with every fighter and object where the battle has them."""
    if fast():
        return battle.remembered("field", lambda: _field_of(battle))
    return _field_of(battle)


def _field_of(battle: Battle) -> Battlefield:
    fighters = tuple(
        (f.name, f.profile, f.player, f.at) for f in battle.fighters if f.at is not None
    )
    items = tuple((i.name, i.at, i.carriable, i.moveable) for i in battle.items if i.at is not None)
    return _field(battle.setup, fighters, items)


@lru_cache(maxsize=512)
def _field(
    setup: Setup,
    fighters: tuple[tuple[str, str, int, At], ...],
    items: tuple[tuple[str, At, bool, bool], ...],
) -> Battlefield:
    """Keyed on the setup itself (it is never equal to another), which the cache keeps
    alive, and on the positions."""
    template = setup.table.field
    placed = tuple(
        Placed(Based(name, x, y, warband=f"P{player + 1}"), setup.profile(profile))
        for name, profile, player, (x, y) in fighters
    )
    objects = tuple(
        Based(name, x, y, kind="object", carriable=carriable, moveable=moveable)
        for name, (x, y), carriable, moveable in items
    )
    return replaced(template, fighters=placed, objects=objects)


def moved(battle: Battle, fighter: Fighter, at: At) -> Battle:
    """The battle with ``fighter`` standing at ``at`` (a trial position, not a move)."""
    return battle.with_fighter(replaced(fighter, at=at))


def placed(field: Battlefield, name: str) -> Placed:
    """``field.fighter(name)``; on the fast path (part ``OFFERS``) found in a table made
    once for the battlefield, by the name in any case (the first of the fighters so named,
    as ``find_named`` finds it), a name not on it looked for the plain way (which says
    which names are)."""
    if fast(OFFERS):
        found = _BY_NAME.get(field, lambda: _by_name(field)).get(name.casefold())
        if found is not None:
            return found
    return field.fighter(name)


def _by_name(field: Battlefield) -> dict[str, Placed]:
    table: dict[str, Placed] = {}
    for fighter in field.fighters:
        table.setdefault(fighter.name.casefold(), fighter)
    return table


_BY_NAME: Kept[dict[str, Placed]] = Kept("fighters by name")


# -- sight and attacks (16.0, 18.1, 18.2) ------------------------------------------------


def sees(battle: Battle, viewer: Fighter, target: Fighter) -> bool:
    """16.0: whether ``target`` is visible to ``viewer``; under Third Eye everything on
    the battlefield is (Seer v1.4.0); under Hypnotize only the Mesmer is (Mesmer v1.5.0,
    ruling MB-40), while the viewer has a line of sight to it."""
    if viewer.name == target.name:
        return True
    mesmer = hypnotist(battle, viewer)
    if mesmer is not None:
        return target.name == mesmer.name
    if ABILITIES.sees_all(viewer):
        return True
    return in_sight(battle, viewer, target)


def in_sight(battle: Battle, viewer: Fighter, target: Fighter) -> bool:
    """16.0 on the battlefield alone: no high obstacle in the way, whatever the spells."""
    field = field_of(battle)
    seer, seen = placed(field, viewer.name), placed(field, target.name)
    return visible(battle.setup, field, seer, seen, (seer.base, seen.base))


def hypnotist(battle: Battle, viewer: Fighter) -> Fighter | None:
    """The one fighter ``viewer`` may see while an ability holds its sight (Hypnotize), if
    any."""
    return ABILITIES.sight_held_by(battle, viewer) if battle.marks else None


def sight_reason(battle: Battle, viewer: Fighter, target: Fighter) -> str:
    """Why ``target`` is not visible to ``viewer`` (:func:`sees`): a Hypnotize, or 16.0."""
    mesmer = hypnotist(battle, viewer)
    if mesmer is not None and target.name != mesmer.name:
        return (
            f"{viewer.name} is hypnotized: {mesmer.name} is the only fighter it can see "
            "(Mesmer v1.5.0, ruling MB-40)"
        )
    field = field_of(battle)
    return visibility(field, placed(field, viewer.name), placed(field, target.name)).reason


def could_reach(attacker: Fighter, target: Fighter, attack: AttackProfile, slack: float) -> bool:
    """A fast test that is never wrong when it says no: a line of attack is at least as
    long as the gap between the bases (18.1, 8.0)."""
    assert attacker.at is not None and target.at is not None
    gap = math.dist(attacker.at, target.at) - 2 * RADIUS
    return gap - slack <= attack.maximum_range + EPSILON


def attack_line(
    battle: Battle, attacker: Fighter, target: Fighter, attack: AttackProfile
) -> tuple[LineOfAttack | None, str]:
    """13.4 and 18.1: the line of attack to a visible target, or why there is none."""
    if attacker.name == target.name:
        return None, f"13.4: {attacker.name} cannot attack itself"
    if not target.on_battlefield:
        return None, f"4.4: {target.name} is not on the battlefield"
    if not sees(battle, attacker, target):
        return (
            None,
            f"13.4: an attack needs a visible target; {sight_reason(battle, attacker, target)}",
        )
    field = field_of(battle)
    line = line_on(field, attacker.name, target.name, attack)
    if not line.exists:
        return None, line.reason
    return line, line.reason


def cover_of(battle: Battle, attacker: Fighter, target: Fighter) -> Cover:
    """18.2: whether the target is in cover from the attacker."""
    field = field_of(battle)
    return cover(field, placed(field, attacker.name), placed(field, target.name))


SITUATION = "attack situation"
"""The part of the fast paths (:func:`skirmish.fastpaths.fast`) that finds cover and Dodge
for an attack's situation: :func:`in_cover` and :func:`dodge_possible`."""


def in_cover(battle: Battle, attacker: Fighter, target: Fighter) -> bool:
    """18.2: whether the target is in cover from the attacker (:func:`cover_of`). On the
    fast path remembered by battlefield (it depends on nothing else), and found at once
    when nothing comes near the path between them (:func:`in_the_open`)."""

    def shortcut(field: Battlefield, seer: Placed, seen: Placed) -> bool | None:
        return False if in_the_open(battle.setup, field, seer, seen) else None

    def looked() -> bool:
        return cover_of(battle, attacker, target).in_cover

    return _situation(_COVERS, battle, attacker, target, looked, shortcut)


def can_dodge(battle: Battle, target: Fighter, attacker: Fighter) -> Dodge:
    """18.4: a legal 1" step move ending further from the attack exists (MW-16)."""
    field = field_of(battle)
    return dodge(field, placed(field, target.name), placed(field, attacker.name))


def dodge_possible(battle: Battle, target: Fighter, attacker: Fighter) -> bool:
    """18.4: whether the target can Dodge the attacker (:func:`can_dodge`). On the fast path
    remembered by battlefield (it depends on nothing else), and found at once when a
    straight step away is clear on true circles (:func:`steps_away`, in closed form) or
    nothing stands on the far side of the target (:func:`free_to_step_away`); the whole
    region a step reaches is worked out only when neither finds a step (in battles, when
    the target is hemmed in)."""

    def shortcut(field: Battlefield, source: Placed, mover: Placed) -> bool | None:
        around = neighbourhood(field, mover, STEP_MOVE)
        if fast(STEPS_AWAY) and steps_away(around, source.base.x, source.base.y):
            return True
        free = any(free_to_step_away(field, mover, source, turn) for turn in AWAY_TURNS)
        return True if free else None

    def looked() -> bool:
        return can_dodge(battle, target, attacker).possible

    return _situation(_DODGES, battle, attacker, target, looked, shortcut)


_COVERS: Memo[bool] = Memo("in cover")
_DODGES: Memo[bool] = Memo("dodge possible")


def _situation(
    memo: Memo[bool],
    battle: Battle,
    attacker: Fighter,
    target: Fighter,
    plain: Callable[[], bool],
    shortcut: Callable[[Battlefield, Placed, Placed], bool | None],
) -> bool:
    """``plain()``, or on the fast path (:data:`SITUATION`) the answer remembered by the
    battlefield and the two names, worked out by ``shortcut`` (given the battlefield, the
    attacker and the target placed on it) where it knows, else by ``plain()``."""
    if not fast(SITUATION):
        return plain()
    field = field_of(battle)

    def found() -> bool:
        known = shortcut(field, placed(field, attacker.name), placed(field, target.name))
        return plain() if known is None else known

    return memo.get((field, attacker.name, target.name), found)


AWAY = 1.1
AWAY_ANGLE = math.radians(15)
"""A sector of free space this long and this wide either side of straight away from the
attack (or turned by one of :data:`AWAY_TURNS`), around a target, makes a Dodge step
certain."""
AWAY_TURNS = (
    0.0,
    math.radians(30),
    math.radians(-30),
    math.radians(60),
    math.radians(-60),
    math.radians(80),
    math.radians(-80),
)


def free_to_step_away(field: Battlefield, mover: Placed, source: Placed, turn: float = 0.0) -> bool:
    """Whether the sector of :data:`AWAY` around ``mover``'s centre, :data:`AWAY_ANGLE`
    either side of straight away from ``source`` turned by ``turn`` (at most 80 degrees),
    is all free space where a step may end.

    Then the region a 1" step reaches (:func:`~skirmish.games.magewinds.moves.dodge_region`)
    keeps the corner of its 1" disc nearest the sector's middle direction (at most pi/64
    off it): no blocker outside the sector hides a point inside it, as seen from the
    mover, and no low obstacle or table edge takes the corner away. That corner, at most
    83 degrees off straight away (cos 83 degrees > 0.12), ends further from the attack by
    more than a hair (MW-16): with ``d`` the distance before, its square is at least
    d^2 + 1 + 0.24d, more than (d + 0.01)^2 whatever d."""
    sx, sy = source.base.x, source.base.y
    x, y = mover.base.x, mover.base.y
    if math.hypot(x - sx, y - sy) <= EPSILON:
        return False
    free = local_space(neighbourhood(field, mover, STEP_MOVE))
    heading = math.atan2(y - sy, x - sx) + turn
    arc = [
        (x + AWAY * math.cos(heading + a), y + AWAY * math.sin(heading + a))
        for a in np.linspace(-AWAY_ANGLE, AWAY_ANGLE, 9).tolist()
    ]
    sector = shapely.Polygon([(x, y), *arc])
    return bool(free.centres.covers(sector)) and not bool(free.no_end.intersects(sector))


def knockback_of(battle: Battle, attacker: Fighter, target: Fighter) -> Knockback:
    """18.5.4: how far the target can be knocked back directly away (MW-17), with bases
    measured as true circles (MW-18). On the fast path (part ``OFFERS``) remembered by the
    battlefield of the moment and the two names: whether a knockback is offered, each
    distance offered and the one chosen all ask it of the same battlefield."""
    if fast(OFFERS):
        key = (field_of(battle), attacker.name, target.name)
        return _KNOCKBACKS.get(key, lambda: _knockback_of(battle, attacker, target))
    return _knockback_of(battle, attacker, target)


_KNOCKBACKS: Memo[Knockback] = Memo("knockbacks")


def _knockback_of(battle: Battle, attacker: Fighter, target: Fighter) -> Knockback:
    field = field_of(battle)
    found = knockback(field, placed(field, attacker.name), placed(field, target.name))
    assert attacker.at is not None and target.at is not None
    dx, dy = target.at[0] - attacker.at[0], target.at[1] - attacker.at[1]
    norm = math.hypot(dx, dy) or 1.0
    room = min(found.room, circle_room(battle, target, (dx / norm, dy / norm), found.room))
    return replaced(found, room=room)


def knockback_end(
    battle: Battle, attacker: Fighter, target: Fighter, inches: float
) -> tuple[At, str | None]:
    """18.5.4: where a knockback of ``inches`` ends, and what is wrong with it if anything."""
    found = knockback_of(battle, attacker, target)
    assert attacker.at is not None and target.at is not None
    dx, dy = target.at[0] - attacker.at[0], target.at[1] - attacker.at[1]
    norm = math.hypot(dx, dy) or 1.0
    end = (
        round(target.at[0] + dx / norm * inches, 4),
        round(target.at[1] + dy / norm * inches, 4),
    )
    if not (0 < inches <= found.room + EPSILON) or not math.isfinite(inches):
        return (
            end,
            f'18.5.4: {target.name} can be knocked back up to {found.room:.2f}", not {inches:g}"',
        )
    if float(found.ends.distance(Point(end))) > 1e-3:
        return end, f"18.5.4: {target.name} may not end a knockback on a low obstacle (MW-17)"
    return end, stand_problem(battle, end, exclude=target.name)


# -- moving (15.0, 13.1, 13.4) -------------------------------------------------------------


def enemies_near(battle: Battle, fighter: Fighter) -> list[str]:
    """4.3 and 13.4: enemy fighters within 1" of ``fighter``."""
    field = field_of(battle)
    me = placed(field, fighter.name)
    return [
        f.name
        for f in battle.on_battlefield()
        if f.player != fighter.player and within(placed(field, f.name).base, me.base, ENEMY_NEARBY)
    ]


def move_allowance(battle: Battle, fighter: Fighter, bonus: int, why: str) -> tuple[float, str]:
    """13.4 Move: the fighter's Movement (with ``bonus`` from spells), minus 2 when it
    begins within 1" of an enemy."""
    profile = battle.setup.profile(fighter.profile)
    movement = profile.movement + bonus
    text = f"Movement {profile.movement}" + (f" {why}" if bonus else "")
    near = enemies_near(battle, fighter)
    if near:
        inches = max(0, movement - ENEMY_PENALTY)
        return float(inches), f'13.4: {text}, -2 within 1" of {", ".join(near)}: {inches}"'
    return float(movement), f'13.4: {text}: {movement}"'


@dataclass(frozen=True)
class Path:
    """A checked move: where it ends, how long it is, or what is wrong with it; ``route``:
    the centre's way from the start to the end, corner by corner (a legal path's)."""

    end: At
    length: float
    problems: tuple[str, ...]
    route: tuple[At, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.problems


FOUND_CLEAR = "found clear"
"""The part of the fast paths (:func:`skirmish.fastpaths.fast`) that takes a straight
move's end found clear as its path: an end :func:`~.straight.straight_ends` found the
base may travel to in a straight line and stand at (its path clear of every blocker on
true circles, :func:`can_stand_at`) is remembered by the battlefield, the fighter and the
end (:func:`found_clear`), and :func:`path_to` asks of that end only what finding it left
open: the length against the limit and whether it ends on low terrain (15.0, ruling
MB-7). The step or Move chosen among such ends is then not traced again when applied."""

_FOUND_CLEAR: Memo[bool] = Memo("straight ends found clear")


def found_clear(field: Battlefield, fighter: Fighter, ends: Sequence[At]) -> None:
    """Remember that ``fighter``, where it stands on ``field``, may travel straight to
    each of ``ends`` and stand there (15.0, MW-18), as :func:`~.straight.straight_ends`
    found them (nothing when it was asked from anywhere else)."""
    if not ends or not fast(FOUND_CLEAR):
        return
    base = placed(field, fighter.name).base
    if fighter.at == (base.x, base.y):
        for end in ends:
            _FOUND_CLEAR.put((field, fighter.name, end), True)


def _straight_path(field: Battlefield, mover: Placed, goal: At, limit: float) -> Path | None:
    """:func:`path_to`'s answer for an end found clear (:data:`FOUND_CLEAR`), or None
    where it must be traced: the straight path from the centre, measured as
    :func:`~skirmish.games.magewinds.moves.check_move` measures it (the square root of the
    squares' sum, added to nothing), within ``limit`` and not ending on low terrain."""
    if not _FOUND_CLEAR.find((field, mover.name, goal)):
        return None
    start = (mover.base.centre.x, mover.base.centre.y)
    dx, dy = goal[0] - start[0], goal[1] - start[1]
    length = 0.0 + math.sqrt(dx * dx + dy * dy)
    if length <= EPSILON or length > limit + EPSILON:
        return None
    low = surroundings(field, mover.name).free.no_end
    if not low.is_empty and low.contains(Point(goal)):
        return None
    return Path(goal, length, (), (start, goal))


def path_to(
    battle: Battle, fighter: Fighter, goal: At, limit: float, *, over: Battlefield | None = None
) -> Path:
    """15.0: the shortest legal path to ``goal`` and whether it is within ``limit``;
    ``over``: the battlefield the path is traced on when a spell changes it (Phasewalk),
    the end being checked on the real one. On the fast path (part :data:`FOUND_CLEAR`)
    an end a straight move was found clear to is not traced again."""
    field = over or field_of(battle)
    mover = placed(field, fighter.name)
    if over is None and fast(FOUND_CLEAR):
        found = _straight_path(field, mover, goal, limit)
        if found is not None:
            return found
    standing = stand_problem(battle, goal, exclude=fighter.name)
    if standing:
        return Path(goal, 0.0, (standing,))
    direct = check_move(field, mover, [goal], limit=limit)
    if direct.legal:
        start = (mover.base.centre.x, mover.base.centre.y)
        return Path(goal, direct.length, (), (start, goal))
    route = shortest_move(field, mover, goal)
    if route is None:
        problems = direct.problems or ("15.0: no legal path reaches that position",)
        if not field.area.buffer(-RADIUS + EPSILON).covers(Point(goal)):
            problems = ("2.1: the base would not be wholly on the battlefield",)
        return Path(goal, direct.length, problems)
    corners = tuple((p.x, p.y) for p in route)
    checked = check_move(field, mover, list(corners), limit=limit)
    return Path(goal, checked.length, checked.problems, corners)


def move_path(
    battle: Battle, fighter: Fighter, goal: At, limit: float, *, over: Battlefield | None = None
) -> Path:
    """:func:`path_to`; on the fast path remembered by what it depends on alone: the
    battlefield of the moment, the fighter, the goal, the limit and the battlefield the
    path is traced on. A Move's options and the Move taken ask the same question."""
    if not fast():
        return path_to(battle, fighter, goal, limit, over=over)
    key = (field_of(battle), fighter.name, goal, limit, over)
    return _PATHS.get(key, lambda: path_to(battle, fighter, goal, limit, over=over))


_PATHS: Memo[Path] = Memo("move paths")


def circle_room(
    battle: Battle, fighter: Fighter, unit: tuple[float, float], inches: float
) -> float:
    """How far ``fighter`` can go along ``unit`` before its base, measured as a true
    circle, would overlap another base by more than the tolerance (MW-18). The free-space
    polygons approximate round bases; this keeps every end position exact."""
    assert fighter.at is not None
    return room_among(fighter.at, bases_around(battle, fighter), unit, inches)


def bases_around(battle: Battle, fighter: Fighter) -> list[At]:
    """Where every other base on the battlefield stands: fighters, then objects."""
    others = [f.at for f in battle.on_battlefield() if f.name != fighter.name and f.at]
    return others + [i.at for i in battle.items if i.at is not None]


def room_among(start: At, others: list[At], unit: tuple[float, float], inches: float) -> float:
    """How far a base at ``start`` can go along ``unit`` (up to ``inches``) before it would
    overlap a base at one of ``others`` (see :func:`circle_room`)."""
    sx, sy = start
    room = inches
    for cx, cy in others:
        ox, oy = sx - cx, sy - cy
        b = unit[0] * ox + unit[1] * oy
        c = ox * ox + oy * oy - OVERLAP * OVERLAP
        if c < 0:
            continue
        disc = b * b - c
        if disc >= 0 and -b - math.sqrt(disc) >= 0:
            room = min(room, -b - math.sqrt(disc))
    return room


def overlap_problem(battle: Battle, name: str, at: At) -> str | None:
    """0.8.1: a base at ``at`` would overlap another fighter's or an object's."""
    for other in battle.on_battlefield():
        if other.name != name and other.at is not None and math.dist(other.at, at) < OVERLAP:
            return f"0.8.1: the base would overlap {other.name}'s"
    for item in battle.items:
        if item.at is not None and item.name != name and math.dist(item.at, at) < OVERLAP:
            return f"0.8.1: the base would overlap the object {item.name!r}"
    return None


def free_space_of(battle: Battle, fighter: Fighter) -> FreeSpace:
    return surroundings(field_of(battle), fighter.name).free


def is_away(fighter: Fighter, source: Fighter, end: At, strictly: bool) -> bool:
    assert fighter.at is not None and source.at is not None
    before = math.dist(fighter.at, source.at)
    after = math.dist(end, source.at)
    return after > before + HAIR if strictly else after >= before - EPSILON


def away_problem(fighter: Fighter, source: Fighter, end: At, strictly: bool) -> str | None:
    """18.4: a Dodge step ends further from the source; a Deflect step not closer."""
    if is_away(fighter, source, end, strictly):
        return None
    if strictly:
        return f"18.4: a Dodge step must end further from {source.name}"
    return f"18.4: a reaction's step may not end closer to {source.name}"


def reaction_region(
    battle: Battle, fighter: Fighter, source: Fighter, *, strictly: bool
) -> BaseGeometry:
    """Where a reaction's step move may end (18.4), measured from ``source``: the attacker
    where it stood when it attacked, placed from that position alone. Mirrorshield may have
    taken it off the battlefield since; it is then no part of the battle (4.4) and none of
    the work still pending may need it there."""
    field = field_of(battle)
    return step_region(field, placed(field, fighter.name), stood(battle, source), strictly=strictly)


def stood(battle: Battle, fighter: Fighter) -> Placed:
    """``fighter``'s base where its record says it stands, whether or not it is still on
    the battlefield."""
    assert fighter.at is not None
    x, y = fighter.at
    based = Based(fighter.name, x, y, warband=f"P{fighter.player + 1}")
    return Placed(based, battle.setup.profile(fighter.profile))


# -- standing: deployment, Blink, objects (10.5, 20.2, 19.1) -------------------------------


def standing_space(battle: Battle, exclude: str | None = None) -> FreeSpace:
    """Where a base's centre may stand: on the table (2.1), clear of every other base and
    of medium and high obstacles, and not on a low obstacle (15.0, ruling MB-7)."""
    field = field_of(battle)
    return _standing(field, exclude)


@lru_cache(maxsize=128)
def _standing(field: Battlefield, exclude: str | None) -> FreeSpace:
    solid = [
        t.footprint
        for t in field.terrain
        if t.height_class in (HeightClass.MEDIUM, HeightClass.HIGH)
    ]
    low = [t.footprint for t in field.terrain if t.height_class is HeightClass.LOW]
    bases = [(p.base.centre, p.base.radius) for p in field.fighters if p.name != exclude]
    bases += [(o.centre, o.radius) for o in field.objects if o.name != exclude]
    return free_space(field.area, RADIUS, solid=solid, bases=bases, no_end=low)


def stand_problem(battle: Battle, at: At, exclude: str | None = None) -> str | None:
    """Why a base cannot stand at ``at``, or None."""
    field = field_of(battle)
    x, y = at
    if not (RADIUS - EPSILON <= x <= field.width - RADIUS + EPSILON) or not (
        RADIUS - EPSILON <= y <= field.length - RADIUS + EPSILON
    ):
        return f"2.1: a base at ({x:g}, {y:g}) is not wholly on the battlefield"
    overlap = overlap_problem(battle, exclude or "", at)
    if overlap:
        return overlap
    terrain = field.terrain
    if fast(OFFERS):  # only the pieces whose box comes near (see can_stand_at)
        near = _near_boxes(_boxes(terrain), np.array([at], dtype=float))[0]
        terrain = tuple(piece for piece, close in zip(terrain, near, strict=True) if close)
        gaps = shapely.distance(_footprints(field.terrain)[near], Point(at))
    else:
        gaps = shapely.distance(_footprints(terrain), Point(at))
    for piece, gap in zip(terrain, gaps, strict=True):
        if (
            piece.height_class in (HeightClass.MEDIUM, HeightClass.HIGH)
            and gap < RADIUS - OVERLAP_TOLERANCE
        ):
            kind = piece.height_class.value
            return f"15.0: the base would stand inside {kind} obstacle {piece.name!r}"
        if piece.height_class is HeightClass.LOW and gap < RADIUS - OVERLAP_TOLERANCE:
            return f"15.0: a base may not stand on low obstacle {piece.name!r} (ruling MB-7)"
    return None


STANDING = (HeightClass.LOW, HeightClass.MEDIUM, HeightClass.HIGH)
"""Terrain a base may not stand in (15.0) or on (ruling MB-7)."""
MARGIN = 1e-9
"""Inches: numpy's distances and ``math.dist`` differ by far less; a distance this close
to a threshold is measured again with ``math.dist``, as :func:`stand_problem` measures."""


def can_stand_at(battle: Battle, points: Sequence[At], exclude: str | None = None) -> list[bool]:
    """Whether :func:`stand_problem` finds nothing at each of ``points``, all at once (a
    fast path): the same tests, with the terrain's distances in one vectorised shapely
    call (the very GEOS computation of each pair) and the bases' in one numpy call."""
    if not points:
        return []
    field = field_of(battle)
    where = np.array(points, dtype=float).reshape(-1, 2)
    xs, ys = where[:, 0], where[:, 1]
    ok = (
        (xs >= RADIUS - EPSILON)
        & (xs <= field.width - RADIUS + EPSILON)
        & (ys >= RADIUS - EPSILON)
        & (ys <= field.length - RADIUS + EPSILON)
    )
    name = exclude or ""
    others = [f.at for f in battle.on_battlefield() if f.name != name and f.at is not None]
    others += [i.at for i in battle.items if i.at is not None and i.name != name]
    if others:
        centres = np.array(others, dtype=float)
        gaps = np.hypot(xs[None, :] - centres[:, 0:1], ys[None, :] - centres[:, 1:2])
        near = np.abs(gaps - OVERLAP) <= MARGIN
        for row, column in zip(*np.nonzero(near), strict=True):
            exact = math.dist(others[row], points[column])
            gaps[row, column] = OVERLAP if exact >= OVERLAP else -1.0
        ok &= ~(gaps < OVERLAP).any(axis=0)
    terrain = field.terrain
    solid = np.array([piece.height_class in STANDING for piece in terrain], dtype=bool)
    if solid.any() and ok.any():
        chosen = np.flatnonzero(ok)
        pieces = _footprints(terrain)[solid]
        if fast(OFFERS):
            # A piece's bounding box is never further from a point than the piece is: a
            # pair whose box is clear of the base (with a margin far above rounding) is
            # clear, and its distance is not measured.
            rows, columns = _near_boxes(_boxes(terrain)[solid], where[chosen])
            pieces, chosen = pieces[rows], chosen[columns]
        if len(pieces) and len(chosen):
            spots = np.asarray(shapely.points(where[chosen]))
            gaps = shapely.distance(pieces[:, None], spots[None, :])
            ok[chosen] = ~(gaps < RADIUS - OVERLAP_TOLERANCE).any(axis=0)
    return [bool(v) for v in ok]


BOX_MARGIN = 1e-9
"""Inches beyond the standing distance a bounding box must be for its piece to be passed
over (:func:`can_stand_at`): far above the rounding of a distance, far below any gap."""


def _near_boxes(boxes: np.ndarray, points: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Which pieces (rows of ``boxes``: min x, min y, max x, max y) have a bounding box
    within a base's standing distance (and :data:`BOX_MARGIN`) of some point, and which
    points are within it of some box."""
    xs, ys = points[:, 0][None, :], points[:, 1][None, :]
    dx = np.maximum(np.maximum(boxes[:, 0:1] - xs, xs - boxes[:, 2:3]), 0.0)
    dy = np.maximum(np.maximum(boxes[:, 1:2] - ys, ys - boxes[:, 3:4]), 0.0)
    near = np.hypot(dx, dy) < RADIUS - OVERLAP_TOLERANCE + BOX_MARGIN
    return near.any(axis=1), near.any(axis=0)


def _boxes(terrain: tuple[Terrain, ...]) -> np.ndarray:
    """The bounding box of each piece's footprint (kept for the very terrain)."""
    return _BOXES.get(terrain, lambda: np.asarray(shapely.bounds(_footprints(terrain))))


_BOXES: Kept[np.ndarray] = Kept("terrain boxes", size=64)


def _footprints(terrain: tuple[Terrain, ...]) -> np.ndarray:
    """The terrain's footprints as one array, so distances are measured in one call; on the
    fast path kept for the very terrain (every battlefield of a table shares it), which
    spares hashing every piece of it at each call."""

    def fresh() -> np.ndarray:
        return np.array([piece.footprint for piece in terrain], dtype=object)

    return _FOOTPRINTS.get(terrain, fresh) if fast() else fresh()


_FOOTPRINTS: Kept[np.ndarray] = Kept("terrain footprints", size=64)


SETTLE = (0.0, 0.005, 0.01, 0.02, 0.05)
"""Inches inside the drawn free space a placed base is moved, in turn, until it stands: the
space is drawn with polygons whose edges cut up to about 0.005" inside the true circles
(more in a notch between two bases, MW-18)."""


def nearest_free(battle: Battle, at: At, exclude: str | None = None) -> At | None:
    """The position closest to ``at`` where a base can be placed (19.1 dropped objects,
    ruling MB-20): the nearest point of the free space that :func:`stand_problem` accepts,
    taken from ever further inside the drawn space (:data:`SETTLE`) until one is."""
    space = standing_space(battle, exclude)
    point = Point(at)
    if space.can_stand(point) and stand_problem(battle, at, exclude) is None:
        return at
    where = space.allowed_ends()
    for inside in SETTLE:
        room = where.buffer(-inside) if inside else where
        if room.is_empty:
            break
        near = nearest_points(room, point)[0]
        spot = (round(near.x, 4), round(near.y, 4))
        if stand_problem(battle, spot, exclude) is None:
            return spot
    return None


def visible_spot(battle: Battle, fighter: Fighter, at: At) -> bool:
    """16.0: whether a base at ``at`` would be visible to ``fighter``."""
    if ABILITIES.sees_all(fighter):
        return True
    field = field_of(battle)
    spot = Placed(Based("spot", at[0], at[1]), battle.setup.profile(fighter.profile))
    seer = placed(field, fighter.name)
    named = next((p.base for p in field.fighters if p.name == spot.name), None)
    return visible(battle.setup, field, seer, spot, (seer.base, named))


def push_end(battle: Battle, attacker: Fighter, target: Fighter, inches: float) -> tuple[At, float]:
    """Push (Cleric v1.4.0, ruling MW-7/MB-8): straight away from the attacker, stopped
    by what blocks a move (as knockback, MW-17), never ending on a low obstacle. Where the
    furthest point cannot be stood on, the shove ends at the furthest point short of it
    that can: within 0.01" (the battle's resolution, MB-6) of a wall it stops against, and
    0.01" at a time back from a low obstacle it would end on (MB-7)."""
    assert attacker.at is not None and target.at is not None
    direction = (target.at[0] - attacker.at[0], target.at[1] - attacker.at[1])
    free = free_space_of(battle, target)
    start = Point(target.at)
    norm = math.hypot(*direction) or 1.0
    ux, uy = direction[0] / norm, direction[1] / norm
    room = min(
        ray_room(free, start, (ux, uy), inches), circle_room(battle, target, (ux, uy), inches)
    )
    length = room
    while length > 0:
        end = (round(start.x + ux * length, 4), round(start.y + uy * length, 4))
        if free.can_stand(Point(end)) and stand_problem(battle, end, exclude=target.name) is None:
            return end, length
        length = round(length - (0.001 if room - length < 0.01 else 0.01), 4)
    return target.at, 0.0
