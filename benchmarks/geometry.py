"""Battlefield geometry benchmarks, as ratios against the older methods in the same run.

1. Line of attack plus cover for every ordered pair of 20 fighters among 15 obstacles
   (aim: under 50 ms): the sweep (convex pieces clipped in numpy, all pairs at once)
   against the shadows (a shapely polygon per blocker, pair by pair), which remain the
   reference the tests compare the sweep with.
2. The 18.4 Dodge step for every (target, attacker) pair (aim: under 2 ms a question):
   answers kept by the mover's neighbourhood, against the step computed over the whole
   table's visibility graph for every question.
3. Shortest paths for 20 fighters across the table, against a visibility graph without
   tangent pruning.
4. ``skirmish los magewinds FILE --all`` on the crowded table, as a whole process, against
   the same command for one pair.
"""

from __future__ import annotations

import math
import random
import subprocess
import sys
import tempfile
import timeit
from pathlib import Path

import numpy as np
import shapely
import yaml
from shapely import Point

from skirmish.games.magewinds import moves
from skirmish.games.magewinds.field import parse_battlefield
from skirmish.games.magewinds.looks import HIGH, OBSTACLES, blockers
from skirmish.games.magewinds.moves import (
    HAIR,
    STEP_MOVE,
    dodge,
    roadmap,
    shortest_move,
    surroundings,
)
from skirmish.games.magewinds.sightlines import cover, covers, line_of_attack, lines_of_attack
from skirmish.geometry import movement
from skirmish.geometry.sight import SightMethod


def crowded_battlefield(seed: int = 7):
    """20 fighters and 15 obstacles on a 12" x 16" table, placed at random without overlaps."""
    return parse_battlefield(crowded_data(seed), source="benchmark")


def crowded_data(seed: int = 7) -> dict:
    """The crowded table as a battlefield file's contents."""
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
    return {"warbands": ["red", "blue"], "fighters": fighters, "terrain": terrain}


def pairs_of(field):
    return [(a, b) for a in field.fighters for b in field.fighters if a.name != b.name]


def forget_sight(field) -> None:
    """Empty the answers kept per set of blockers (the blockers themselves stay prepared)."""
    for classes, bases in ((HIGH, True), (OBSTACLES, True), (HIGH, False)):
        blockers(field, classes, bases)._seen.clear()


def swept_pairs(field) -> int:
    """Line of attack and cover for every pair at once, by the sweep."""
    pairs = pairs_of(field)
    attacks = [field.fighter("F0").profile.attack("Spark")] * len(pairs)
    lines_of_attack(field, pairs, attacks)
    covers(field, pairs)
    return len(pairs)


def swept_one_by_one(field) -> int:
    """The same, one pair per question (as a battle asks), by the sweep."""
    spark = field.fighter("F0").profile.attack("Spark")
    for a, b in pairs_of(field):
        line_of_attack(field, a, b, spark)
        cover(field, a, b)
    return len(pairs_of(field))


def shadowed_pairs(field) -> int:
    """The same, pair by pair, by casting shapely shadows (the reference)."""
    spark = field.fighter("F0").profile.attack("Spark")
    for a, b in pairs_of(field):
        line_of_attack(field, a, b, spark, method=SightMethod.SHADOWS)
        cover(field, a, b, method=SightMethod.SHADOWS)
    return len(pairs_of(field))


def kept_dodges(field) -> list[bool]:
    """18.4 for every (target, attacker) pair, from answers kept by neighbourhood."""
    return [dodge(field, target, attacker).possible for target, attacker in pairs_of(field)]


def forget_kept_answers() -> None:
    for cache in (moves._kept_reach, moves._dodge, moves.local_space):
        cache.cache_clear()


def whole_table_dodges(field) -> list[bool]:
    """18.4 for every pair over the whole table's graph, the step found anew each time."""
    answers = []
    for target, attacker in pairs_of(field):
        free = surroundings(field, target.name).free
        graph = roadmap(field, target.name)
        region = graph.reachable(target.base.centre, STEP_MOVE).difference(free.no_end)
        here = target.base.centre.distance(attacker.base.centre)
        further = region.difference(attacker.base.centre.buffer(here, quad_segs=64))
        corners = shapely.get_coordinates(further)
        source = (attacker.base.x, attacker.base.y)
        farthest = max((math.dist(c, source) for c in corners), default=here)
        answers.append(farthest > here + HAIR)
    return answers


def paths(field) -> int:
    found = 0
    for placed in field.fighters:
        moves._roadmap.cache_clear()
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
    pairs = swept_pairs(field)
    shadowed_pairs(field)  # both warm: the battlefield's blockers are prepared once
    fast = best(lambda: (forget_sight(field), swept_pairs(field)), repeat=7)
    single = best(lambda: (forget_sight(field), swept_one_by_one(field)))
    again = best(lambda: swept_one_by_one(field))
    shadows = best(lambda: (forget_sight(field), shadowed_pairs(field)))
    print(f"1. Line of attack + cover for all {pairs} ordered pairs (20 fighters, 15 obstacles)")
    print(f"   sweep, all pairs at once:             {fast * 1000:8.1f} ms  (aim: 50 ms)")
    print(f"   sweep, one pair per question:         {single * 1000:8.1f} ms")
    print(
        f"   the same questions asked again:       {again * 1000:8.1f} ms  (answers kept by value)"
    )
    print(f"   shadows (the older method), by pair:  {shadows * 1000:8.1f} ms")
    print(
        f"   ratio sweep / shadows: {fast / shadows:.3f}x (one pair per question: {single / shadows:.2f}x)"
    )

    forget_kept_answers()
    cold = best(lambda: (forget_kept_answers(), kept_dodges(field)), repeat=3)
    warm = best(lambda: kept_dodges(field), repeat=3)
    roadmap(field, "F0")
    for placed in field.fighters:
        roadmap(field, placed.name)  # the whole-table graphs are built once, as before
    whole = best(lambda: whole_table_dodges(field), repeat=1)
    assert kept_dodges(field) == whole_table_dodges(field), "the kept answers differ"
    print(f"2. The 18.4 Dodge step for all {pairs} (target, attacker) pairs")
    print(
        f"   kept by neighbourhood, from empty:    {cold * 1000 / pairs:8.2f} ms a question  (aim: 2 ms)"
    )
    print(f"   kept by neighbourhood, asked again:   {warm * 1000 / pairs:8.3f} ms a question")
    print(f"   whole-table graph, anew each time:    {whole * 1000 / pairs:8.2f} ms a question")
    print(f"   ratio kept (from empty) / whole table: {cold / whole:.3f}x")

    for placed in field.fighters[:1]:
        surroundings(field, placed.name)
    pruned = best(lambda: paths(field), repeat=2)
    unpruned = best(lambda: unpruned_paths(field), repeat=1)
    print("3. Shortest paths for 20 fighters to the opposite side (graph built per fighter)")
    print(f"   tangent-pruned visibility graph: {pruned * 1000:8.1f} ms")
    print(f"   unpruned visibility graph:       {unpruned * 1000:8.1f} ms")
    print(f"   ratio pruned / unpruned: {pruned / unpruned:.2f}x")

    with tempfile.TemporaryDirectory() as folder:
        table = Path(folder) / "crowded.yaml"
        table.write_text(yaml.safe_dump(crowded_data()))
        start = "import sys; from skirmish.cli import main; sys.argv[0] = 'skirmish'; main()"
        command = [sys.executable, "-c", start, "los", "magewinds", str(table)]
        one = best(lambda: run([*command, "--attacker", "F0", "--target", "F1"]))
        every = best(lambda: run([*command, "--all", "--json"]))
    print("4. `skirmish los magewinds FILE` on the crowded table, the whole process")
    print(f"   one pair:                       {one * 1000:8.1f} ms")
    print(f"   --all (190 pairs of enemies):   {every * 1000:8.1f} ms")
    print(f"   ratio --all / one pair: {every / one:.2f}x")


def run(command: list[str]) -> None:
    subprocess.run(command, check=True, capture_output=True)


if __name__ == "__main__":
    main()
