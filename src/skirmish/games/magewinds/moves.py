"""15.0 Movement, 13.4 the Move action, 13.1 step moves, 18.4 reaction steps, 18.5.4 knockback.

Bases in contact (ruling MW-18) move as bases a hair apart: a base may overlap a blocker by
``OVERLAP_TOLERANCE`` and no more, so it can always move off what it touches. A step or a
knockback shorter than ``HAIR`` is no step or knockback at all (ruling MW-16).

Short moves (steps, knockback, a Move's reach) look only at what lies within reach of the
moving base, and their answers are kept by value: by the table, the terrain and the bases
near the mover, so a battle that changes damage, counters or far-off positions asks again
for nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np
import shapely
from shapely import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from skirmish import limits
from skirmish.fastpaths import fast
from skirmish.games.magewinds.field import Battlefield, Layout, Placed
from skirmish.geometry import BASE_DIAMETER, EPSILON, HeightClass, Terrain, within
from skirmish.geometry.clearance import PREPARED, true_circles
from skirmish.geometry.measure import OVERLAP_TOLERANCE
from skirmish.geometry.movement import FreeSpace, Roadmap, free_space, path_length, ray_room

STEP_MOVE = 1.0
"""13.1: a step move is up to 1"."""
KNOCKBACK = 1.0
"""18.5.4: knockback moves the target up to 1" directly away from the attacker."""
ENEMY_NEARBY = 1.0
ENEMY_PENALTY = 2
"""13.4 Move: starting within 1" of an enemy, a fighter moves its Movement minus 2."""
HAIR = 0.01
"""Inches: a step must end more than this further away to count as further away, and
knockback room this short counts as none: a fighter does not Dodge, nor get knocked back,
by a hair (ruling MW-16). Larger than what squeezing into the touching tolerance can gain
(``OVERLAP_TOLERANCE`` in each contact, about 1.4 times that in a square corner)."""
SOLID = (HeightClass.MEDIUM, HeightClass.HIGH)


@dataclass(frozen=True)
class Surroundings:
    """Free space for one fighter, with a name for each blocker it holds (written when
    first read: only a move found blocked names what blocks it)."""

    free: FreeSpace
    layout: Layout
    mover: str

    @cached_property
    def names(self) -> tuple[str, ...]:
        """The medium and high obstacles, then the other bases, as :attr:`free` holds
        them."""
        solid = [t for t in self.layout.terrain if t.height_class in SOLID]
        others = [b for b in self.layout.bases if b.name != self.mover]
        names = [f"{t.height_class.value} obstacle {t.name!r}" for t in solid]
        names += [f"{b.kind} {b.name!r}" for b in others]
        return tuple(names)

    @cached_property
    def low(self) -> tuple[str, ...]:
        """The low obstacles, as :attr:`free` holds them."""
        low = [t for t in self.layout.terrain if t.height_class is HeightClass.LOW]
        return tuple(f"low obstacle {t.name!r}" for t in low)


def surroundings(field: Battlefield, mover: str) -> Surroundings:
    """15.0: what blocks ``mover``: other fighters, objects, medium and high obstacles, the
    battlefield's edge; low obstacles may be crossed but not ended on."""
    return _surroundings(field.layout, field.fighter(mover).name)


@lru_cache(maxsize=128)
def _surroundings(layout: Layout, mover: str) -> Surroundings:
    base = next(b for b in layout.bases if b.name == mover)
    free = free_space(
        table_area(layout.width, layout.length),
        base.radius,
        solid=[t.footprint for t in layout.terrain if t.height_class in SOLID],
        discs=[(b.x, b.y, b.radius) for b in layout.bases if b.name != mover],
        no_end=[t.footprint for t in layout.terrain if t.height_class is HeightClass.LOW],
    )
    return Surroundings(free, layout, mover)


def table_area(width: float, length: float) -> Polygon:
    """The table as a rectangle; on the fast path one polygon for each size (so what is
    kept for the very polygon, its grown and shrunk shapes, is found again)."""
    if fast(PREPARED):
        return _table_area(width, length)
    return box(0, 0, width, length)


@lru_cache(maxsize=64)
def _table_area(width: float, length: float) -> Polygon:
    return box(0, 0, width, length)


def roadmap(field: Battlefield, mover: str) -> Roadmap:
    """The visibility graph ``mover`` travels on (built once per layout and fighter)."""
    return _roadmap(field.layout, field.fighter(mover).name)


@lru_cache(maxsize=128)
def _roadmap(layout: Layout, mover: str) -> Roadmap:
    return Roadmap.build(_surroundings(layout, mover).free)


def terrain_space(field: Battlefield) -> FreeSpace:
    """15.0 free space for a base among the medium and high obstacles alone, within the
    table: no other base (kept for each table size and terrain)."""
    return _terrain_space(field.width, field.length, field.terrain)


@lru_cache(maxsize=64)
def _terrain_space(width: float, length: float, terrain: tuple[Terrain, ...]) -> FreeSpace:
    solid = [t.footprint for t in terrain if t.height_class in SOLID]
    return free_space(table_area(width, length), BASE_DIAMETER / 2, solid=solid)


def terrain_roadmap(field: Battlefield) -> Roadmap:
    """The visibility graph over :func:`terrain_space` (built once per table size and
    terrain): the ways round the obstacles, other bases left out."""
    return _terrain_roadmap(field.width, field.length, field.terrain)


@lru_cache(maxsize=64)
def _terrain_roadmap(width: float, length: float, terrain: tuple[Terrain, ...]) -> Roadmap:
    return Roadmap.build(_terrain_space(width, length, terrain))


@dataclass(frozen=True)
class Neighbourhood:
    """All a move of at most ``inches`` by a base at (x, y) depends on: the table's size,
    the medium and high (``solid``) and low terrain, and the other bases within reach."""

    width: float
    length: float
    x: float
    y: float
    radius: float
    inches: float
    solid: tuple[Polygon, ...]
    low: tuple[Polygon, ...]
    bases: tuple[tuple[float, float, float], ...]

    @cached_property
    def _hash(self) -> int:
        return hash(tuple(getattr(self, f) for f in self.__dataclass_fields__))

    def __hash__(self) -> int:
        return self._hash

    @property
    def start(self) -> Point:
        return Point(self.x, self.y)


def neighbourhood(field: Battlefield, mover: Placed, inches: float) -> Neighbourhood:
    """What a move of at most ``inches`` by ``mover`` can meet (the key of the caches)."""
    base = mover.base
    reach = inches + base.radius + HAIR
    start = base.centre

    def close(pieces: Sequence[Terrain]) -> tuple[Polygon, ...]:
        return tuple(t.footprint for t in pieces if float(t.footprint.distance(start)) < reach)

    others = [b for b in field.layout.bases if b.name != base.name]
    return Neighbourhood(
        field.width,
        field.length,
        base.x,
        base.y,
        base.radius,
        inches,
        close([t for t in field.terrain if t.height_class in SOLID]),
        close([t for t in field.terrain if t.height_class is HeightClass.LOW]),
        tuple(
            (b.x, b.y, b.radius)
            for b in others
            if math.dist((b.x, b.y), (base.x, base.y)) - b.radius < reach
        ),
    )


@lru_cache(maxsize=1024)
def local_space(around: Neighbourhood) -> FreeSpace:
    """15.0 free space for the base of ``around`` among what is near it."""
    return free_space(
        table_area(around.width, around.length),
        around.radius,
        solid=around.solid,
        discs=around.bases,
        no_end=around.low,
    )


def reach_around(around: Neighbourhood) -> BaseGeometry:
    """Every centre position where a move of at most ``around.inches`` may legally end,
    computed afresh (what :func:`reach` keeps)."""
    free = local_space(around)
    graph = Roadmap.build(free, around=around.start, within=around.inches)
    region: BaseGeometry = graph.reachable(around.start, around.inches).difference(free.no_end)
    return region


_kept_reach = lru_cache(maxsize=1024)(reach_around)


def allowance(field: Battlefield, mover: Placed) -> tuple[float, str]:
    """13.4 Move action: Movement, or Movement minus 2 within 1" of an enemy at the start."""
    enemies = [
        p.name
        for p in field.fighters
        if p.warband != mover.warband and within(p.base, mover.base, ENEMY_NEARBY)
    ]
    if enemies:
        inches = max(0, mover.profile.movement - ENEMY_PENALTY)
        return float(inches), (
            f'13.4: {mover.name} starts within 1" of {", ".join(enemies)}: '
            f'Movement {mover.profile.movement} - 2 = {inches}"'
        )
    return float(mover.profile.movement), f'13.4: Movement {mover.profile.movement}"'


@dataclass(frozen=True)
class MoveCheck:
    """Whether a path is a legal move, its length, the allowance and every problem found."""

    legal: bool
    length: float
    allowance: float
    problems: tuple[str, ...]
    path: tuple[Point, ...]


def check_move(
    field: Battlefield,
    mover: Placed,
    path: Sequence[tuple[float, float]],
    *,
    limit: float | None = None,
) -> MoveCheck:
    """15.0: the path is as wide as the base, passes through no fighter or object, crosses
    only low obstacles, stays on the battlefield and is no longer than the allowance.

    Every point must be finite and within :data:`~skirmish.limits.COORDINATE`, and a path
    has at most :data:`~skirmish.limits.PATH_POINTS` points.
    """
    limits.PATH_POINTS.check(len(path), "points of the path:")
    checked = [limits.check_point(p, "point of the path") for p in path]
    if limit is None:
        limit, _ = allowance(field, mover)
    around = surroundings(field, mover.name)
    line: LineString | None = None
    if fast(PREPARED):
        points, length, clear = _traced(checked, mover, around.free)
    else:
        points = [Point(p) for p in checked]
        if not points or points[0].distance(mover.base.centre) > EPSILON:
            points.insert(0, mover.base.centre)
        line = _line(points)
        length = path_length(points)
        clear = around.free.is_clear(line)
    problems = []
    if length > limit + EPSILON:
        shown = f"{length:.2f}"
        if float(shown) <= limit:  # too long by less than the rounding shows
            shown = f"{length:.4f}"
        problems.append(f'15.0: the path is {shown}" but {mover.name} may move {limit:g}"')
    if not clear:
        line = line or _line(points)
        hit = [
            around.names[i]
            for i, blocker in enumerate(around.free.blockers)
            if line.relate_pattern(blocker, "T********")
        ]
        inner = field.area.buffer(-(mover.base.radius - OVERLAP_TOLERANCE) + EPSILON)
        leaves = not inner.covers(line)
        reasons = hit + (["the battlefield's edge (2.1)"] if leaves else [])
        problems.append("15.0: the base would pass through " + ", ".join(reasons or ["a blocker"]))
    end = points[-1]
    if around.free.no_end.contains(end):
        on = [
            name
            for name, t in zip(
                around.low,
                (t for t in field.terrain if t.height_class is HeightClass.LOW),
                strict=True,
            )
            if t.footprint.distance(end) < mover.base.radius
        ]
        problems.append(f"15.0: the move may not end on {', '.join(on)}")
    return MoveCheck(not problems, length, limit, tuple(problems), tuple(points))


def _line(points: Sequence[Point]) -> LineString:
    """The path as a line (a point alone as a line of no length)."""
    return LineString(points) if len(points) > 1 else LineString([points[0], points[0]])


def _traced(
    path: Sequence[tuple[float, float]], mover: Placed, free: FreeSpace
) -> tuple[list[Point], float, bool]:
    """:func:`check_move`'s points, length and whether the path is clear, on the fast path
    (part :data:`~skirmish.geometry.clearance.PREPARED`). A straight path from the mover
    (a Move's or a step's, nearly every path asked) is measured in plain floats with the
    very operations GEOS measures two points and a two-point line with (the square root
    of the squares' sum, added to nothing), and its clearance asked of the free space
    without drawing the line; any other path is drawn and measured as on the plain path.
    The tests compare both ways on generated paths, to the last bit."""
    base = mover.base
    cx, cy = base.x, base.y
    corners = list(path)
    if corners:
        dx, dy = corners[0][0] - cx, corners[0][1] - cy
        away = math.sqrt(dx * dx + dy * dy) > EPSILON
    if not corners or away:
        corners.insert(0, (cx, cy))
        points = [base.centre, *(Point(p) for p in path)]
    else:
        points = [Point(p) for p in path]
    if len(corners) == 2:
        (sx, sy), (ex, ey) = corners
        dx, dy = ex - sx, ey - sy
        length = 0.0 + math.sqrt(dx * dx + dy * dy)
        return points, length, free.is_clear_between((sx, sy), (ex, ey))
    line = _line(points)
    return points, path_length(points), free.is_clear(line)


def shortest_move(
    field: Battlefield, mover: Placed, goal: tuple[float, float]
) -> list[Point] | None:
    """The shortest legal path of ``mover``'s centre to ``goal`` (ignoring the allowance)."""
    limits.check_point(goal, "goal of the move")
    around = surroundings(field, mover.name)
    if not around.free.can_stand(Point(goal)):
        return None
    return roadmap(field, mover.name).shortest_path(mover.base.centre, Point(goal))


def reach(field: Battlefield, mover: Placed, inches: float | None = None) -> BaseGeometry:
    """Every centre position where a move of at most ``inches`` (default: the Move
    allowance) may legally end."""
    if inches is None:
        inches, _ = allowance(field, mover)
    limits.DISTANCE.check(inches, "length of the move")
    return _kept_reach(neighbourhood(field, mover, inches))


def step_region(
    field: Battlefield, mover: Placed, source: Placed, *, strictly: bool
) -> BaseGeometry:
    """13.1 with 18.4: centre positions a step move can end at, not closer to ``source``
    (``strictly``: further away). A step may wind, so any position reachable within 1"
    can end a step of exactly 1" (ruling MW-16)."""
    region = reach(field, mover, STEP_MOVE)
    here = mover.base.centre.distance(source.base.centre)
    closer: Polygon = source.base.centre.buffer(here - (0 if strictly else EPSILON), quad_segs=64)
    return region.difference(closer)


@dataclass(frozen=True)
class Dodge:
    """18.4 Dodge: possible when a 1" step ending further from the attack exists."""

    possible: bool
    region: BaseGeometry
    reason: str


def dodge(field: Battlefield, target: Placed, attacker: Placed) -> Dodge:
    """18.4 Dodge Reaction: needs a legal 1" step move that ends further from the source,
    by more than a hair (ruling MW-16)."""
    possible, region = _dodge(
        neighbourhood(field, target, STEP_MOVE), attacker.base.x, attacker.base.y
    )
    if possible:
        return Dodge(True, region, f"18.4: {target.name} can step away from {attacker.name}")
    return Dodge(
        False,
        region,
        f'18.4: {target.name} has no legal 1" step move ending further from {attacker.name}',
    )


def dodge_region(around: Neighbourhood, x: float, y: float) -> tuple[bool, BaseGeometry]:
    """18.4 for the base of ``around`` attacked from (x, y), computed afresh: whether a step
    ends further away by more than a hair, and where the steps ending further away end."""
    source = Point(x, y)
    here = around.start.distance(source)
    region = _kept_reach(around).difference(source.buffer(here, quad_segs=64))
    rings = [
        shapely.get_coordinates(part.exterior)
        for part in getattr(region, "geoms", [region])
        if isinstance(part, Polygon) and not part.is_empty
    ]
    farthest = max((float(np.hypot(*(ring - (x, y)).T).max()) for ring in rings), default=here)
    return farthest > here + HAIR, region


_dodge = lru_cache(maxsize=4096)(dodge_region)


STEPS_AWAY = "steps away"
"""The part of the fast paths (:func:`skirmish.fastpaths.fast`) that answers whether a Dodge
is possible from a straight step found in closed form (:func:`steps_away`) before drawing
the region a step reaches; ``fastpaths.plain(STEPS_AWAY)`` turns it off alone (for the
benchmarks' ratio)."""
STEP_AWAY_DIRECTIONS = 64
"""Straight steps looked at by :func:`steps_away`, evenly round the base."""
STEP_AWAY_SHARES = (1.0, 0.75, 0.5, 0.25)
"""How far along each straight step (of what the table leaves) its possible ends lie."""
STEP_AWAY_MARGIN = 0.02
"""What :func:`steps_away` keeps back from each bound: a step's end stops this short of
whatever blocks it and of the 1" disc, and ends this much further than the Dodge needs."""


def steps_away(around: Neighbourhood, x: float, y: float) -> bool:
    """Whether a straight step of at most ``around.inches`` from the base's centre ends
    further from (x, y) by more than a hair (18.4, ruling MW-16) with room to spare: one of
    the ends :func:`step_ends` finds on true circles is further by more than
    :data:`HAIR` and :data:`STEP_AWAY_MARGIN`.

    A witness, never a denial: ``True`` only when such a step exists, ``False`` when none
    of the straight ones looked at is one (the step may still go round a corner, or stop
    short of where these look). Each region a base may not enter or stop in is a true
    circle's, or a footprint grown by one, and the polygons of :func:`dodge_region` are
    drawn inside them (corners on the true curve), so a straight step clear on the
    circles, its end off them, lies in :func:`dodge_region`'s region too, kept
    :data:`STEP_AWAY_MARGIN` from every edge: whenever this answers ``True``,
    :func:`dodge_region` does (the tests compare the two on generated tables). Without
    the closed form (``clearance.polygons()``) it answers ``False``, and the region
    decides."""
    here = math.hypot(around.x - x, around.y - y)
    if here <= EPSILON or not true_circles():
        return False
    ends = _step_ends(around)
    further = np.hypot(ends[:, 0] - x, ends[:, 1] - y) > here + HAIR + STEP_AWAY_MARGIN
    return bool(further.any())


def step_ends(around: Neighbourhood) -> np.ndarray:
    """(ends, 2): where straight steps of at most ``around.inches`` may end, on true
    circles in closed form (:mod:`skirmish.geometry.clearance`): along each of
    :data:`STEP_AWAY_DIRECTIONS` directions, the shares :data:`STEP_AWAY_SHARES` of how far
    the base goes that way (short by :data:`STEP_AWAY_MARGIN`, within the step's reach
    less that), those at which the base may stand. They depend on the neighbourhood alone,
    not on the attack, so each neighbourhood's are worked out once (:func:`_step_ends`)
    for every attacker."""
    exact = local_space(around).circles
    if exact is None:
        return np.empty((0, 2))
    turns = np.linspace(0.0, 2 * math.pi, STEP_AWAY_DIRECTIONS, endpoint=False)
    units = np.stack([np.cos(turns), np.sin(turns)], axis=1)
    rooms = exact.rooms((around.x, around.y), units, around.inches)
    longest = np.minimum(rooms, around.inches) - STEP_AWAY_MARGIN
    along = longest[:, None] * np.array(STEP_AWAY_SHARES)[None, :]
    ends = np.array([around.x, around.y]) + along[..., None] * units[:, None, :]
    ends = ends.reshape(-1, 2)[along.reshape(-1) > STEP_AWAY_MARGIN]
    standing: np.ndarray = ends[exact.can_stand(ends)] if len(ends) else ends
    return standing


_step_ends = lru_cache(maxsize=1024)(step_ends)


@dataclass(frozen=True)
class Knockback:
    """18.5.4: how far the target can be knocked back and where it may end."""

    room: float
    ends: BaseGeometry
    reason: str


def knockback(field: Battlefield, attacker: Placed, target: Placed) -> Knockback:
    """18.5.4: up to 1" directly away from the attacker, moving as in 15.0: stopped by what
    blocks movement, never ending on a low obstacle (ruling MW-17); room shorter than a hair
    is none."""
    free = local_space(neighbourhood(field, target, KNOCKBACK))
    ax, ay = attacker.base.x, attacker.base.y
    tx, ty = target.base.x, target.base.y
    direction = (tx - ax, ty - ay)
    room = ray_room(free, target.base.centre, direction, KNOCKBACK)
    if room <= HAIR:
        room = 0.0
    norm = math.hypot(*direction) or 1.0
    end = Point(tx + direction[0] / norm * room, ty + direction[1] / norm * room)
    ray = LineString([target.base.centre, end]) if room > 0 else Point(tx, ty)
    ends = shapely.difference(ray, free.no_end)
    if room >= KNOCKBACK - EPSILON:
        reason = f'18.5.4: {target.name} can be knocked back the full 1"'
    elif room == 0:
        reason = (
            f"18.5.4: {target.name} cannot be knocked back: something blocks it directly behind"
        )
    else:
        reason = f'18.5.4: {target.name} can be knocked back only {room:.2f}" before it is blocked'
    return Knockback(room, ends, reason)
