"""Representative positions (ruling MB-6): the finite choices a computer player picks from.

Positions on the table are continuous; a person may type any legal one, which is checked
in full (see :mod:`~skirmish.games.magewinds.battle.geometry`). A computer player chooses
among these: straight moves toward and away from every other fighter, object and the
objective and along the four edge directions; straight steps; knockback to the ends of
each stretch where the target may stop; a grid for deployment and Blink; points in
contact for dropped objects. Each is checked with the same rules before it is offered.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

import shapely
from shapely import LineString, Point

from skirmish.fastpaths import OFFERS, Memo, fast
from skirmish.games.magewinds.battle import straight
from skirmish.games.magewinds.battle.geometry import (
    RADIUS,
    circle_room,
    field_of,
    free_space_of,
    is_away,
    knockback_end,
    knockback_of,
    move_path,
    path_to,
    placed,
    reaction_region,
    stand_problem,
    standing_space,
)
from skirmish.games.magewinds.battle.state import MARKER, Battle, Fighter
from skirmish.games.magewinds.battle.state import Point as At
from skirmish.games.magewinds.battle.straight import BACK_OFF, DIGITS, SHORTEST
from skirmish.games.magewinds.moves import HAIR, roadmap
from skirmish.geometry import EPSILON
from skirmish.geometry.movement import ray_room

GRID = 1.5
"""Inches between the representative deployment and Blink positions."""
COMPASS = ((1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0))


def straight_end(
    battle: Battle, fighter: Fighter, direction: tuple[float, float], inches: float
) -> At | None:
    """The furthest position, written to 0.01", a straight move of up to ``inches`` in
    ``direction`` can end at (stopped by what blocks it, never on a low obstacle)."""
    assert fighter.at is not None
    free = free_space_of(battle, fighter)
    start = Point(fighter.at)
    norm = math.hypot(*direction)
    if norm <= EPSILON or inches <= EPSILON:
        return None
    ux, uy = direction[0] / norm, direction[1] / norm
    room = min(
        ray_room(free, start, (ux, uy), inches), circle_room(battle, fighter, (ux, uy), inches)
    )
    for back in BACK_OFF:
        length = room - back
        if length < SHORTEST:
            return None
        end = (round(start.x + ux * length, DIGITS), round(start.y + uy * length, DIGITS))
        point = Point(end)
        if (
            free.can_stand(point)
            and free.is_clear(LineString([start, point]))
            and stand_problem(battle, end, exclude=fighter.name) is None
        ):
            return end
    return None


def straight_ends(
    battle: Battle, fighter: Fighter, directions: list[tuple[float, float]], inches: float
) -> list[At | None]:
    """:func:`straight_end` for each direction (all at once on the fast path)."""
    if fast():
        return straight.straight_ends(battle, fighter, directions, inches)
    return [straight_end(battle, fighter, direction, inches) for direction in directions]


def landmarks(battle: Battle, fighter: Fighter) -> Iterator[tuple[str, At]]:
    """Things worth moving toward or away from: other fighters, objects, the scenario's
    markers (Fragment Frenzy v1.3.0's fragments), the objective."""
    for other in battle.on_battlefield():
        if other.name != fighter.name and other.at is not None:
            yield other.name, other.at
    for item in battle.items:
        if item.at is not None:
            yield item.name, item.at
    for mark in battle.marks:
        if mark.key == MARKER and mark.at is not None:
            yield mark.detail, mark.at
    if battle.setup.scenario.objective:
        yield "the objective", battle.setup.table.centre


def goals(battle: Battle) -> Iterator[At]:
    """What a scenario is won by on the table: the objects lying free, the scenario's
    markers (Fragment Frenzy v1.3.0's fragments) and the objective."""
    for item in battle.items:
        if item.at is not None and item.carried_by is None:
            yield item.at
    for mark in battle.marks:
        if mark.key == MARKER and mark.at is not None:
            yield mark.at
    if battle.setup.scenario.objective:
        yield battle.setup.table.centre


CONTACT_POINTS = 16
"""Points around a goal a route toward it may aim at (the nearest few are tried)."""
ROUTES_TRIED = 3


def route_end(battle: Battle, fighter: Fighter, goal: At, inches: float) -> At | None:
    """The end of a move of up to ``inches`` along the shortest legal path (15.0) toward
    contact with ``goal``, when that path is not straight (a wall or a base stands in the
    way; ruling MB-6): as far along it as the move may go, written to 0.01\", or None when
    the path is straight or there is none."""
    assert fighter.at is not None
    free = free_space_of(battle, fighter)
    x, y = fighter.at
    gx, gy = goal
    touch = 2 * RADIUS + HAIR
    around = [
        (
            round(gx + touch * math.cos(2 * math.pi * k / CONTACT_POINTS), DIGITS),
            round(gy + touch * math.sin(2 * math.pi * k / CONTACT_POINTS), DIGITS),
        )
        for k in range(CONTACT_POINTS)
    ]
    if fast("routes"):
        stand = free.can_stand_all(shapely.points(around))
        around = [p for p, ok in zip(around, stand.tolist(), strict=True) if ok]
    else:
        around = [p for p in around if free.can_stand(Point(p))]
    around.sort(key=lambda p: math.dist(p, (x, y)))
    field = field_of(battle)
    start = placed(field, fighter.name).base.centre
    for target in around[:ROUTES_TRIED]:
        if fast("routes") and free.is_clear(LineString([(start.x, start.y), target])):
            return None  # straight (found before the roadmap is built, on the fast path)
        route = roadmap(field, fighter.name).shortest_path(start, Point(target))
        if route is None:
            continue
        if len(route) <= 2:
            return None  # a straight path: the straight moves already go there
        corners = [(p.x, p.y) for p in route]
        for back in BACK_OFF:
            ax, ay = _along(corners, inches - back)
            # The path runs along what it goes round: of the points written to 0.01" about
            # the exact one, the nearest the rules accept.
            for dx, dy in NUDGES:
                end = (round(ax + dx, DIGITS), round(ay + dy, DIGITS))
                if free.can_stand(Point(end)) and move_path(battle, fighter, end, inches).legal:
                    return end
        return None
    return None


NUDGES = sorted(
    ((i * 0.01, j * 0.01) for i in range(-2, 3) for j in range(-2, 3)),
    key=lambda d: (math.hypot(*d), d),
)


def _along(route: list[At], length: float) -> At:
    """The point ``length`` along ``route`` (its end when it is shorter)."""
    for (ax, ay), (bx, by) in itertools.pairwise(route):
        leg = math.dist((ax, ay), (bx, by))
        if length <= leg:
            t = max(0.0, length) / leg if leg > 0 else 0.0
            return (ax + t * (bx - ax), ay + t * (by - ay))
        length -= leg
    return route[-1]


def move_candidates(battle: Battle, fighter: Fighter, inches: float) -> list[At]:
    """Representative ends of a move of up to ``inches`` (ruling MB-6): straight toward and
    away from each landmark, and along the four edge directions; toward the nearest of the
    scenario's goals (:func:`goals`) whose straight Move is :func:`cut_short`, along the
    shortest path round what stands in the way; plus staying put."""
    if fast():
        return list(_kept_moves(battle, fighter, inches)[0])
    return _move_candidates(battle, fighter, inches)[0]


def straight_move_ends(battle: Battle, fighter: Fighter, inches: float) -> frozenset[At]:
    """The ends among :func:`move_candidates` that a straight Move reaches, each found
    clear all the way and a place the base may stand (:func:`straight_ends`), on the fast
    path (empty on the plain one): what checking such an end as a Move leaves to ask is
    whether it ends on low terrain and whether a spell refuses it."""
    if fast():
        return _kept_moves(battle, fighter, inches)[1]
    return frozenset()


def _kept_moves(
    battle: Battle, fighter: Fighter, inches: float
) -> tuple[tuple[At, ...], frozenset[At]]:
    key = _moves_key(battle, fighter, inches)
    return _MOVES.get(key, lambda: _candidates_kept(battle, fighter, inches))


def _moves_key(battle: Battle, fighter: Fighter, inches: float) -> tuple[object, ...]:
    placed = tuple(m.at for m in battle.marks if m.key == MARKER)
    return (field_of(battle), battle.setup, fighter.name, inches, placed)


def _candidates_kept(
    battle: Battle, fighter: Fighter, inches: float
) -> tuple[tuple[At, ...], frozenset[At]]:
    ends, straight = _move_candidates(battle, fighter, inches)
    return tuple(ends), straight


_MOVES: Memo[tuple[tuple[At, ...], frozenset[At]]] = Memo("move candidates")
_STEPS: Memo[tuple[At, ...]] = Memo("step candidates")


def _move_candidates(
    battle: Battle, fighter: Fighter, inches: float
) -> tuple[list[At], frozenset[At]]:
    """The ends (sorted) and those of them a straight move reaches."""
    assert fighter.at is not None
    x, y = fighter.at
    directions = move_directions(battle, fighter)
    ends = {fighter.at}
    found_ends = straight_ends(battle, fighter, directions, inches)
    straight_to = dict(zip(directions, found_ends, strict=True))
    for end in straight_to.values():
        if end is not None:
            ends.add(end)
    blocked = [
        goal
        for goal in goals(battle)
        if cut_short(fighter.at, straight_to.get((goal[0] - x, goal[1] - y)), goal, inches)
    ]
    if blocked:
        nearest = min(blocked, key=lambda goal: (math.dist(goal, (x, y)), goal))
        found = route_end(battle, fighter, nearest, inches)
        if found is not None:
            ends.add(found)
    return sorted(ends), frozenset(e for e in found_ends if e is not None)


def unlisted_steps(
    battle: Battle,
    fighter: Fighter,
    inches: float,
    source: Fighter | None = None,
    *,
    strictly: bool = False,
    toward: tuple[str, ...] | None = None,
    away: tuple[str, ...] = (),
) -> StraightEnds | None:
    """The straight steps of :func:`step_candidates` to be found one at a time (the
    reaction's fall-back, a point of the region a step reaches when no direction gives an
    end, not among them); None off the fast path or where they are worked out already."""
    key = _steps_key(battle, fighter, inches, source, strictly, toward, away)
    if not fast() or key in _STEPS.answers:
        return None
    directions = step_directions(battle, fighter, source, toward=toward, away=away)
    return StraightEnds(battle, fighter, directions, inches, source, strictly=strictly)


def move_directions(battle: Battle, fighter: Fighter) -> list[tuple[float, float]]:
    """The directions of :func:`move_candidates`' straight Moves, in its order: the four
    edge directions, then toward and away from each landmark."""
    assert fighter.at is not None
    x, y = fighter.at
    directions = list(COMPASS)
    for _, (lx, ly) in landmarks(battle, fighter):
        directions += [(lx - x, ly - y), (x - lx, y - ly)]
    return directions


def moves_known(battle: Battle, fighter: Fighter, inches: float) -> bool:
    """Whether :func:`move_candidates` has these worked out already (on the fast path)."""
    return fast() and _moves_key(battle, fighter, inches) in _MOVES.answers


SHORT_BY = 0.2
"""Inches: a straight Move toward a goal that stops more than this short of where it
could go (its whole length, or contact with the goal) is cut short (ruling MB-6). A
straight Move backs off a little (:data:`BACK_OFF`) to find an end the rules accept, and
stopping 0.15" short or less is not counted."""


def cut_short(start: At, end: At | None, goal: At, inches: float) -> bool:
    """Whether the straight Move from ``start`` toward ``goal``, ending at ``end`` (None:
    it could not move), stops short of its whole length ``inches`` and of contact with
    the goal: something stands in the way within the Move's reach (ruling MB-6)."""
    wanted = min(inches, max(0.0, math.dist(start, goal) - (2 * RADIUS + HAIR)))
    gone = 0.0 if end is None else math.dist(start, end)
    return gone < wanted - SHORT_BY


def step_candidates(
    battle: Battle,
    fighter: Fighter,
    inches: float,
    source: Fighter | None = None,
    *,
    strictly: bool = False,
    toward: tuple[str, ...] | None = None,
    away: tuple[str, ...] = (),
) -> list[At]:
    """Representative step moves (13.1, ruling MB-6). For a reaction (18.4): straight away
    from the ``source`` and up to 90 degrees either side, ending not closer (``strictly``:
    further). Before an attack: straight toward each fighter named in ``toward`` and away
    from each in ``away``. Otherwise: along the four edge directions, and toward and away
    from the nearest enemy."""
    if fast():
        key = _steps_key(battle, fighter, inches, source, strictly, toward, away)
        return list(
            _STEPS.get(
                key,
                lambda: tuple(
                    _step_candidates(
                        battle, fighter, inches, source, strictly=strictly, toward=toward, away=away
                    )
                ),
            )
        )
    return _step_candidates(
        battle, fighter, inches, source, strictly=strictly, toward=toward, away=away
    )


def _steps_key(
    battle: Battle,
    fighter: Fighter,
    inches: float,
    source: Fighter | None,
    strictly: bool,
    toward: tuple[str, ...] | None,
    away: tuple[str, ...],
) -> tuple[object, ...]:
    """What :func:`step_candidates` remembers its answer by."""
    at = None if source is None else (source.name, source.at)
    return (field_of(battle), fighter.name, inches, at, strictly, toward, away)


def _step_candidates(
    battle: Battle,
    fighter: Fighter,
    inches: float,
    source: Fighter | None,
    *,
    strictly: bool,
    toward: tuple[str, ...] | None,
    away: tuple[str, ...],
) -> list[At]:
    directions = step_directions(battle, fighter, source, toward=toward, away=away)
    ends = set()
    for end in straight_ends(battle, fighter, directions, inches):
        if end is not None and (source is None or is_away(fighter, source, end, strictly)):
            ends.add(end)
    if source is not None and not ends:
        region = reaction_region(battle, fighter, source, strictly=strictly)
        if not region.is_empty and region.area > 0:
            point = region.representative_point()
            end = (round(point.x, DIGITS), round(point.y, DIGITS))
            if (
                is_away(fighter, source, end, strictly)
                and path_to(battle, fighter, end, inches).legal
            ):
                ends.add(end)
    return sorted(ends)


def step_directions(
    battle: Battle,
    fighter: Fighter,
    source: Fighter | None,
    *,
    toward: tuple[str, ...] | None,
    away: tuple[str, ...],
) -> list[tuple[float, float]]:
    """The directions of :func:`step_candidates`' straight steps, in its order."""
    assert fighter.at is not None
    x, y = fighter.at
    if source is None:
        others = [o for o in battle.on_battlefield() if o.name != fighter.name and o.at]
        directions = []
        if toward is None:
            directions = list(COMPASS)
            enemies = [o for o in others if o.player != fighter.player]
            if enemies:
                near = min(enemies, key=lambda o: math.dist(o.at or (0, 0), (x, y)))
                toward, away = (near.name,), (near.name,)
        for other in others:
            assert other.at is not None
            if other.name in (toward or ()):
                directions.append((other.at[0] - x, other.at[1] - y))
            if other.name in away:
                directions.append((x - other.at[0], y - other.at[1]))
    else:
        assert source.at is not None
        angle = math.atan2(y - source.at[1], x - source.at[0])
        directions = [
            (math.cos(angle + math.radians(d)), math.sin(angle + math.radians(d)))
            for d in (0, 45, -45, 90, -90)
        ]
    return directions


ROUNDED = 0.5 * 10**-DIGITS * math.sqrt(2) + 1e-9
"""Inches: the furthest an end written to 0.01" lies from the exact point it was written
from (half a hundredth each way), with a hair for the rounding of the arithmetic."""


class StraightEnds:
    """The ends of straight moves of up to ``inches`` in ``directions``, found one
    direction at a time (for a player drawing one: :mod:`skirmish.engine.drawing`), each
    end counted once: :meth:`first` gives direction ``i``'s end only where no earlier
    direction ends there. Each end is :func:`straight.straight_ends`' for that direction
    alone, which is its answer among all the directions to the last bit. With a
    ``source``, an end not away from it (18.4; ``strictly``: further) is none."""

    def __init__(
        self,
        battle: Battle,
        fighter: Fighter,
        directions: list[tuple[float, float]],
        inches: float,
        source: Fighter | None = None,
        *,
        strictly: bool = False,
    ) -> None:
        self.battle, self.fighter, self.inches = battle, fighter, inches
        self.source, self.strictly = source, strictly
        self.directions = directions
        self._ends: dict[int, At | None] = {}

    @classmethod
    def of_moves(cls, battle: Battle, fighter: Fighter, inches: float) -> StraightEnds:
        """The straight Moves of :func:`move_candidates` (staying put and the way round
        toward a goal not among them)."""
        return cls(battle, fighter, move_directions(battle, fighter), inches)

    def end(self, index: int) -> At | None:
        """Direction ``index``'s end (None: none, or not away from the source, 18.4)."""
        if index not in self._ends:
            found = straight.straight_ends(
                self.battle, self.fighter, [self.directions[index]], self.inches
            )[0]
            source = self.source
            if (
                found is not None
                and source is not None
                and not is_away(self.fighter, source, found, self.strictly)
            ):
                found = None
            self._ends[index] = found
        return self._ends[index]

    def first(self, index: int) -> At | None:
        """Direction ``index``'s end, unless an earlier direction ends at the very same
        point. An end written to 0.01" lies within :data:`ROUNDED` of its direction's ray
        from the start, so only the earlier directions whose ray passes that near are
        asked for their ends."""
        end = self.end(index)
        if end is None:
            return None
        assert self.fighter.at is not None
        sx, sy = self.fighter.at
        vx, vy = end[0] - sx, end[1] - sy
        for earlier in range(index):
            dx, dy = self.directions[earlier]
            norm = math.hypot(dx, dy)
            if norm <= EPSILON:
                continue
            along = (vx * dx + vy * dy) / norm
            off = math.hypot(vx, vy) if along < 0 else abs(vx * dy - vy * dx) / norm
            if off <= ROUNDED and self.end(earlier) == end:
                return None
        return end


def grid(battle: Battle, spacing: float = GRID) -> list[At]:
    """Representative positions over the whole table, ``spacing`` inches apart (on the fast
    path kept by the table's size and the spacing: a fine deployment grid has thousands)."""
    table = battle.setup.table
    size = (table.width, table.length, spacing)
    if fast():
        return list(_GRIDS.get(size, lambda: tuple(_grid(*size))))
    return _grid(*size)


_GRIDS: Memo[tuple[At, ...]] = Memo("grids", size=64)


def _grid(width: float, length: float, spacing: float) -> list[At]:
    xs = _steps(width, spacing)
    ys = _steps(length, spacing)
    return [(x, y) for x in xs for y in ys]


def _steps(size: float, spacing: float) -> list[float]:
    count = max(1, int((size - 2 * RADIUS) // spacing) + 1)
    used = (count - 1) * spacing
    start = (size - used) / 2
    return [round(start + i * spacing, DIGITS) for i in range(count)]


def free_points(battle: Battle, points: list[At], exclude: str | None = None) -> list[At]:
    """The ``points`` where a base can stand (tested all at once)."""
    if not points:
        return []
    space = standing_space(battle, exclude)
    fits = space.can_stand_all(shapely.points(points))
    return [p for p, ok in zip(points, fits, strict=True) if ok]


def contact_points(battle: Battle, fighter: Fighter) -> list[At]:
    """Positions in contact with ``fighter`` where an object's base can be placed (19.1)."""
    assert fighter.at is not None
    x, y = fighter.at
    reach = 2 * RADIUS + 0.002
    points = [
        (round(x + reach * math.cos(a), 3), round(y + reach * math.sin(a), 3))
        for a in (i * math.pi / 4 for i in range(8))
    ]
    return free_points(battle, points)


def knockback_choices(battle: Battle, attacker: Fighter, target: Fighter) -> list[float]:
    """Representative knockback distances (ruling MB-6): all the way, half way, and the
    ends of each stretch where the target may stop, to 0.01". On the fast path (part
    ``OFFERS``) remembered by the battlefield of the moment and the two names: whether a
    knockback is offered after the damage and the distances offered then ask the same."""
    if fast(OFFERS):
        key = (field_of(battle), attacker.name, target.name)
        return list(
            _KNOCKBACK_CHOICES.get(key, lambda: tuple(_knockback_choices(battle, attacker, target)))
        )
    return _knockback_choices(battle, attacker, target)


_KNOCKBACK_CHOICES: Memo[tuple[float, ...]] = Memo("knockback choices")


def _knockback_choices(battle: Battle, attacker: Fighter, target: Fighter) -> list[float]:
    found = knockback_of(battle, attacker, target)
    assert target.at is not None
    candidates = {found.room, found.room / 2}
    for piece in getattr(found.ends, "geoms", [found.ends]):
        for x, y in getattr(piece, "coords", []):
            candidates.add(math.dist((x, y), target.at))
    distances = {math.floor(d * 100) / 100 for d in candidates}
    return sorted(
        d for d in distances if d >= HAIR and knockback_end(battle, attacker, target, d)[1] is None
    )
