"""Battlefield geometry benchmarks, as ratios against naive baselines in the same run.

1. Line of attack plus cover for every ordered pair of 20 fighters among 15 obstacles
   (aim: under 50 ms), against the same answers with every blocker's shadow cast for
   every pair (no spatial filtering).
2. Shortest paths for 20 fighters across the table, against a visibility graph without
   tangent pruning.
"""

from __future__ import annotations

import random
import timeit

import numpy as np
import shapely
from shapely import Point

from skirmish.games.magewinds.field import parse_battlefield
from skirmish.games.magewinds.moves import roadmap, shortest_move, surroundings
from skirmish.games.magewinds.sightlines import cover, line_of_attack
from skirmish.geometry import movement
from skirmish.geometry.sight import VisiblePart, shadow


def crowded_battlefield(seed: int = 7):
    """20 fighters and 15 obstacles on a 12" x 16" table, placed at random without overlaps."""
    rng = random.Random(seed)
    terrain, fighters, taken = [], [], []
    heights = [0.7, 1.2, 2.5]
    while len(terrain) < 15:
        x, y = rng.uniform(1, 11), rng.uniform(1, 15)
        w, h = rng.uniform(0.3, 1.6), rng.uniform(0.3, 1.6)
        spot = shapely.box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        if all(spot.distance(t) > 0.3 for t in taken):
            taken.append(spot)
            terrain.append(
                {
                    "name": f"T{len(terrain)}",
                    "height": rng.choice(heights),
                    "rectangle": {"centre": [x, y], "size": [w, h]},
                }
            )
    profiles = [
        "Wizard",
        "Guardian",
        "Witch",
        "Seer",
        "Cleric",
        "Mesmer",
        "Druid",
        "Deadeye",
        "Enchanter",
    ]
    while len(fighters) < 20:
        x, y = rng.uniform(0.6, 11.4), rng.uniform(0.6, 15.4)
        base = Point(x, y).buffer(0.5)
        if all(base.distance(t) > 0.05 for t in taken):
            taken.append(base)
            fighters.append(
                {
                    "name": f"F{len(fighters)}",
                    "profile": profiles[len(fighters) % 9],
                    "warband": "red" if len(fighters) % 2 else "blue",
                    "at": [x, y],
                }
            )
    return parse_battlefield(
        {"warbands": ["red", "blue"], "fighters": fighters, "terrain": terrain}, source="benchmark"
    )


def all_pairs(field) -> int:
    count = 0
    for a in field.fighters:
        zap = field.fighter("F0").profile.attack("Spark")
        for b in field.fighters:
            if a is not b:
                line_of_attack(field, a, b, zap)
                cover(field, a, b)
                count += 1
    return count


def naive_visible(source, edge, blockers) -> VisiblePart:
    hidden = [shadow(source, b) for b in blockers if not b.contains(source)]
    visible = edge.difference(shapely.unary_union(hidden)) if hidden else edge
    return VisiblePart(source, edge, visible, ())


def naive_pairs(field) -> int:
    from skirmish.geometry.sight import closest_point_towards

    count = 0
    obstacles = [t.footprint for t in field.obstacles]
    high = [t.footprint for t in field.obstacles if t.height_class.value == "high"]
    for a in field.fighters:
        for b in field.fighters:
            if a is b:
                continue
            others = [f.base.footprint for f in field.fighters if f is not a and f is not b]
            start = closest_point_towards(a.base.centre, a.base.radius, b.base.centre)
            edge = shapely.LineString(b.base.footprint.exterior.coords)
            naive_visible(start, edge, high + others)
            naive_visible(start, edge, obstacles + others)
            count += 1
    return count


def paths(field) -> int:
    found = 0
    for placed in field.fighters:
        roadmap.cache_clear()
        goal = (12 - placed.base.x, 16 - placed.base.y)
        if shortest_move(field, placed, goal) is not None:
            found += 1
    return found


def unpruned_paths(field) -> int:
    found = 0
    original = movement._tangent
    movement._tangent = lambda at, before, after, towards: np.ones(len(at), dtype=bool)
    try:
        found = paths(field)
    finally:
        movement._tangent = original
    return found


def best(function, repeat: int = 3) -> float:
    return min(timeit.repeat(function, number=1, repeat=repeat))


def main() -> None:
    field = crowded_battlefield()
    pairs = all_pairs(field)
    fast = best(lambda: all_pairs(field))
    naive = best(lambda: naive_pairs(field))
    print(f"1. Line of attack + cover for all {pairs} ordered pairs (20 fighters, 15 obstacles)")
    print(
        f"   skirmish (spatial filter, shadows only of what lies between): {fast * 1000:8.1f} ms  (aim: 50 ms)"
    )
    print(
        f"   naive baseline (every blocker's shadow for every pair):       {naive * 1000:8.1f} ms"
    )
    print(f"   ratio skirmish / naive: {fast / naive:.2f}x")
    for placed in field.fighters[:1]:
        surroundings(field, placed.name)
    pruned = best(lambda: paths(field), repeat=2)
    unpruned = best(lambda: unpruned_paths(field), repeat=1)
    print("2. Shortest paths for 20 fighters to the opposite side (graph built per fighter)")
    print(f"   tangent-pruned visibility graph: {pruned * 1000:8.1f} ms")
    print(f"   unpruned visibility graph:       {unpruned * 1000:8.1f} ms")
    print(f"   ratio pruned / unpruned: {pruned / unpruned:.2f}x")


if __name__ == "__main__":
    main()
