"""True circles in closed form against the polygons of before, measured in the same run
(CPU time, ``time.process_time``).

1. Each movement question on the crowded table (20 fighters, 15 obstacles; every fighter's
   free space): how far a straight move goes in 32 directions, whether 32 straight paths are
   clear, whether a base may stand at 100 points, and one ray alone (a knockback or a Push),
   closed form (:mod:`skirmish.geometry.clearance`) against the polygons
   (``clearance.polygons()``), each on a free space whose polygons are already drawn (so the
   old way's cost is the question alone). Aim: each at least 10 times faster.
2. Random-versus-random battles per CPU-second, 4v4 and 2v2 Deathmatch (Wizard, Guardian,
   Cleric, Deadeye), each battle played both ways from cold caches, true circles against
   polygons. Aim: 5 times.

Run with ``python benchmarks/circles.py [BATTLES]`` (default 6 of each size).
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable

import numpy as np
import shapely

from battles import forget  # benchmarks/battles.py, beside this file
from geometry import crowded_battlefield  # benchmarks/geometry.py
from skirmish.engine.battle import History, RandomPlayer, play_out
from skirmish.games.magewinds.battle import new_setup, start_battle
from skirmish.games.magewinds.battle.straight import _ray_rooms
from skirmish.games.magewinds.moves import surroundings
from skirmish.geometry.clearance import polygons
from skirmish.geometry.movement import FreeSpace, ray_room

BAND = ["Wizard", "Guardian", "Cleric", "Deadeye"]


def seconds(work: Callable[[], object], repeat: int) -> float:
    started = time.process_time()
    for _ in range(repeat):
        work()
    return (time.process_time() - started) / repeat


def questions() -> None:
    field = crowded_battlefield()
    spaces: list[tuple[FreeSpace, tuple[float, float]]] = []
    for placed in field.fighters:
        free = surroundings(field, placed.name).free
        _ = free.centres  # drawn once, as the battle's caches keep it
        spaces.append((free, (placed.base.x, placed.base.y)))
    rng = np.random.default_rng(1)
    angles = np.linspace(0, 2 * math.pi, 32, endpoint=False)
    units = [(math.cos(a), math.sin(a)) for a in angles.tolist()]
    points = rng.uniform((0.5, 0.5), (11.5, 15.5), size=(100, 2))

    def rays() -> None:
        for free, start in spaces:
            _ray_rooms(free, start, units, 6.0)

    def paths() -> None:
        for free, start in spaces:
            ends = [(start[0] + 3 * ux, start[1] + 3 * uy) for ux, uy in units]
            for end in ends:
                free.is_clear(shapely.LineString([start, end]))

    def stands() -> None:
        for free, _ in spaces:
            free.can_stand_all(shapely.points(points))

    def one_ray() -> None:
        for free, start in spaces:
            ray_room(free, shapely.Point(start), (1.0, 0.3), 1.0)

    print("1. Movement questions on the crowded table (20 fighters, 15 obstacles)")
    print("   question                          circles ms  polygons ms   ratio  (aim 10x)")
    for name, work, repeat in (
        ("straight rooms, 32 directions", rays, 5),
        ("32 straight paths clear", paths, 2),
        ("stand at 100 points", stands, 5),
        ("one ray (knockback, Push)", one_ray, 20),
    ):
        new = seconds(work, repeat) / len(spaces)
        with polygons():
            old = seconds(work, repeat) / len(spaces)
        print(f"   {name:32s} {new * 1e3:10.3f} {old * 1e3:12.3f} {old / new:7.1f}x")


def battle(setup, seed: int) -> float:
    forget()
    started = time.process_time()
    play_out(
        History.start(start_battle(setup), seed), [RandomPlayer(seed, 0), RandomPlayer(seed, 1)]
    )
    return time.process_time() - started


def battles(count: int) -> None:
    print("2. Random-versus-random Deathmatch battles per CPU-second (aim 5x)")
    for size in (4, 2):
        setup = new_setup("deathmatch", [BAND[:size], BAND[:size]])
        new = old = 0.0
        for seed in range(count):
            new += battle(setup, seed)
            with polygons():
                old += battle(setup, seed)
        print(
            f"   {size}v{size}: circles {count / new:5.2f}/s, polygons {count / old:5.2f}/s: "
            f"{old / new:.2f}x"
        )


def main(count: int = 6) -> None:
    questions()
    battles(count)


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:2]])
