"""Straight moves of one fighter in many directions at once: the fast path of
:func:`~skirmish.games.magewinds.battle.candidates.straight_end`.

Each direction is worked out exactly as the one-direction function does, with the same
floating-point steps in the same order; only the shapely calls are made for every
direction in one vectorised call (shapely applies the very same GEOS operation to each
element, so each answer is the one a single call gives).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from shapely import Point

from skirmish.games.magewinds.battle.geometry import (
    bases_around,
    can_stand_at,
    field_of,
    found_clear,
    free_space_of,
    room_among,
)
from skirmish.games.magewinds.battle.state import Battle, Fighter
from skirmish.games.magewinds.battle.state import Point as At
from skirmish.geometry import EPSILON
from skirmish.geometry.movement import FreeSpace

DIGITS = 2
"""Representative positions are written to 0.01" (the precision a person types)."""
BACK_OFF = (0.01, 0.05, 0.15, 0.3, 0.5)
"""Inches short of where a straight move is stopped that its end is tried, in turn."""
SHORTEST = 0.05
"""A straight move's end is looked for no closer than this to where it starts."""


def straight_ends(
    battle: Battle, fighter: Fighter, directions: Sequence[tuple[float, float]], inches: float
) -> list[At | None]:
    """``straight_end`` for each of ``directions``: the furthest position, written to
    0.01", a straight move of up to ``inches`` that way can end at, or None."""
    assert fighter.at is not None
    ends: list[At | None] = [None] * len(directions)
    if inches <= EPSILON:
        return ends
    units: list[tuple[int, float, float]] = []
    for index, (dx, dy) in enumerate(directions):
        norm = math.hypot(dx, dy)
        if norm > EPSILON:
            units.append((index, dx / norm, dy / norm))
    if not units:
        return ends
    free = free_space_of(battle, fighter)
    sx, sy = fighter.at
    rays = _ray_rooms(free, (sx, sy), [(ux, uy) for _, ux, uy in units], inches)
    others = bases_around(battle, fighter)
    rooms = [
        (index, ux, uy, min(ray, room_among((sx, sy), others, (ux, uy), inches)))
        for (index, ux, uy), ray in zip(units, rays, strict=True)
    ]
    for back in BACK_OFF:
        trials = []
        for index, ux, uy, room in rooms:
            length = room - back
            if length < SHORTEST:
                continue
            end = (round(sx + ux * length, DIGITS), round(sy + uy * length, DIGITS))
            trials.append((index, ux, uy, room, end))
        if not trials:
            break
        fits = _fits(battle, fighter, free, (sx, sy), [t[-1] for t in trials])
        rooms = []
        for (index, ux, uy, room, end), fit in zip(trials, fits, strict=True):
            if fit:
                ends[index] = end
            else:
                rooms.append((index, ux, uy, room))
    if free.circles is not None:  # found clear on true circles, as check_move asks
        found_clear(field_of(battle), fighter, [end for end in ends if end is not None])
    return ends


def _ray_rooms(
    free: FreeSpace, start: tuple[float, float], units: list[tuple[float, float]], length: float
) -> list[float]:
    """``ray_room`` for each unit direction (see :func:`skirmish.geometry.movement.ray_room`):
    in closed form on true circles (:mod:`skirmish.geometry.clearance`), or with polygons.

    A ray wholly inside free space, touching no edge of it, is its own intersection with
    it (nothing cuts it, so it keeps its two points): only the others are intersected."""
    exact = free.circles
    if exact is not None:
        unit = [(dx / math.hypot(dx, dy), dy / math.hypot(dx, dy)) for dx, dy in units]
        return [float(r) for r in exact.rooms(start, np.array(unit), length).tolist()]
    sx, sy = start
    coordinates = []
    for dx, dy in units:
        norm = math.hypot(dx, dy)
        coordinates.append(((sx, sy), (sx + dx / norm * length, sy + dy / norm * length)))
    rays = shapely.linestrings(coordinates)
    free_rays = shapely.contains_properly(free.centres, rays)
    inside = rays.copy()
    cut = np.flatnonzero(~free_rays)
    inside[cut] = shapely.intersection(rays[cut], free.centres)
    parts, owner = shapely.get_parts(inside, return_index=True)
    keep = ~shapely.is_empty(parts)
    parts, owner = parts[keep], owner[keep]
    origin = Point(sx, sy)
    near = shapely.distance(parts, origin) <= EPSILON
    coords, piece = shapely.get_coordinates(parts, return_index=True)
    reach: np.ndarray = np.asarray(shapely.distance(shapely.points(coords), origin))
    rooms = [0.0] * len(units)
    done = [False] * len(units)
    for part, ray in enumerate(owner.tolist()):
        if done[ray]:
            continue
        if near[part]:
            done[ray] = True
            rooms[ray] = float(min(length, max(reach[piece == part].tolist())))
    return rooms


def _fits(
    battle: Battle,
    fighter: Fighter,
    free: FreeSpace,
    start: tuple[float, float],
    ends: list[At],
) -> list[bool]:
    """Whether the base may stop at each end (free space, not on low terrain), travel there
    in a straight line, and stand there (``stand_problem`` is None)."""
    exact = free.circles
    if exact is not None:
        # Where ``can_stand_at`` finds nothing wrong the closed form lets the base stand
        # too (its tests are the same, measured the same, with no slack): only the path
        # is asked of it.
        clear = exact.clear(start, np.array(ends, dtype=float))
    else:
        points = shapely.points(ends)
        paths = shapely.linestrings([(start, end) for end in ends])
        clear = free.can_stand_all(points) & shapely.covers(free.centres, paths)
    stands = can_stand_at(battle, ends, exclude=fighter.name)
    return [bool(c) and s for c, s in zip(clear.tolist(), stands, strict=True)]
