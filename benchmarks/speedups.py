"""Battles faster (issue 32), each way against the old one measured in the same run (CPU
time, ``time.process_time``; every battle from cold geometry caches, the two ways taking
turns to go first).

1. Each movement question on the crowded table (20 fighters, 15 obstacles; every fighter's
   free space): how far a straight move goes in 32 directions, whether 32 straight paths are
   clear, whether a base may stand at 100 points, and one ray alone (a knockback or a Push),
   closed form (:mod:`skirmish.geometry.clearance`) against the polygons
   (``clearance.polygons()``), each on a free space whose polygons are already drawn (so the
   old way's cost is the question alone); one path from a position never seen before,
   its free space made afresh (the old way draws the polygons first); and whether each
   fighter can Dodge each of the 19 others (18.4) from cold caches, a straight step away
   found in closed form (``moves.steps_away``) against the free sectors and the region a
   step reaches on polygons. Aim: each at least 10 times faster.
   Sight (16.0), a line of attack (18.1) and cover (18.2) for every ordered pair, one pair
   a question as a battle asks it and nothing remembered (sight: one clear straight line
   first, ``looks.seen_straight``): true circles in closed form (:mod:`skirmish.geometry.arcs`)
   against the code before (``clearance.polygons()`` and the witnesses off: the sweep over
   64-cornered bases for every pair); and how many cover looks still go to the shadows.
2. Random-versus-random battles per CPU-second, 4v4 and 2v2 Deathmatch (Wizard, Guardian,
   Cleric, Deadeye), each battle played both ways from cold caches: the closed forms (true
   circles for moves, sight, lines of attack and cover; the Dodge and sight witnesses)
   against the code before them (polygons and the sweep, the witnesses off). The two ways play different battles (positions differ in the last
   digits), so these ratios carry the noise of battles of different lengths. Aim: 5 times.
3. Greedy-versus-greedy battles per CPU-second, 2v2 and 4v4, the same two ways (attack
   outlooks and values forgotten before each battle). Aim: 4 times.
4. Garbage collection tuned for runs of battles (:mod:`skirmish.ai.collection`, what
   ``simulate`` does) against Python's defaults, greedy 2v2 and random 4v4.
5. What rendering the log's text costs: the share of a random 4v4 battle's CPU time spent
   in ``Battle.logged`` (the event and its sentence), under cProfile.
6. The Dodge and sight witnesses alone (``fastpaths.plain(STEPS_AWAY, STRAIGHT_SIGHT)``
   for the old way): they change no answer, so both ways play the very same battles and
   the ratio is the witnesses' own, random and greedy, 4v4 and 2v2.

7. The lean greedy player (issue 32 item 2: threats re-scored only for the fighters a
   candidate changes) against the greedy before it (``fastpaths.plain(LEAN)``): it makes
   the very same choices, so both ways play the same battles. Greedy 4v4 and 2v2, each
   battle from cold (outlooks and attack values forgotten), and in a run: the battles one
   after another with the outlooks and values kept between them, as ``simulate`` and its
   workers keep them (each way's run starting cold); and the run against cold battles,
   the lean way, for what keeping the outlooks across a run is worth. Aim: 4 times.

8. What a stage offers shared (``fastpaths.OFFERS``: the attack check at each step end
   worked out once per state where it does not depend on the step, straight Move ends
   already found clear, offered actions not judged again) and the bases' invariants
   remembered by where the bases stand (``invariants.CHECKED``), against neither
   (``fastpaths.plain(OFFERS, CHECKED)``): they change no answer, so both ways play the
   very same battles. Random 4v4 and 2v2, without and with every state checked against
   the invariants (as ``battles.py`` checks them).
9. The greedy player's fourth sitting (issue 32 item 2): each fighter keyed once a
   position (``threats.KEYED``), scores kept by position (``evaluation.SAME_POSITION``),
   the Moves a bound shows cannot be best left out (``plans.MOVE_BOUND``) and the outlook
   on a target with one counter found from the one with none (``outlook.SHIFTED``),
   against ``fastpaths.plain`` of those four (the same battles); the fifth sitting's parts
   (the collector set aside while the player thinks, ``collection.SET_ASIDE``; the attacks
   it weighs built without their line of attack, ``plans.NO_LENGTH``) against
   ``fastpaths.plain`` of them (the same battles); the sixth sitting's parts (the view's
   log lines kept between views, ``view.LOG_KEPT``; the evaluator's fighter records kept,
   ``threats.BY_RECORD``) against ``fastpaths.plain`` of them (the same battles); and
   against the code before issue 32
   (polygons, no witnesses, and the lean greedy and every greedy part since off), greedy
   4v4 and 2v2, each battle cold and in a run. Aim: 4 times the code before issue 32.
10. Straight moves and free space prepared once a table (the fast-path part
    ``clearance.PREPARED``) against the same computed afresh (``fastpaths.plain(PREPARED)``):
    the free space made for a new position, straight rooms (a Move's 6" and a step's 1",
    12 directions), a straight path checked (``check_move``), whether a base may stand at 100
    points, a step's possible ends (``moves.step_ends``, the Dodge witness's), and a Move's
    straight ends in 16 directions from positions of random battles (each position's free
    space made afresh, as a battle's new positions need it); then random 4v4 and 2v2
    battles, which play the very same battles both ways (the same steps).

11. The random player that draws one legal action without judging them all
    (``RandomPlayer(seed, seat, drawn=True)``, :mod:`skirmish.engine.drawing`) against the
    random player listing them all: on this code, and on the code before issue 32
    (``old_code()``). The two play other battles from the same seeds (the same
    distribution of battles), so the ratios carry the noise of battles of different
    lengths; the time a step is printed beside them. Random 4v4 and 2v2.
12. Applying the chosen action cheaper (the sixth sitting: ``APPLYING``, each a part of
    the fast paths), all on against all off (``fastpaths.plain(*APPLYING)``): they change
    no answer, so both ways play the very same battles. Random 4v4 and 2v2, the listing
    and the drawing player. Then each part alone by the CPU time spent inside the
    functions it changes, off against on over the same battles: each saves a few percent
    of a battle, less than a busy machine's noise in whole battles.

Run with ``python benchmarks/speedups.py [BATTLES]`` (default 6 random battles of each
size; a third as many greedy ones, at least 1); ``python benchmarks/speedups.py BATTLES
lean`` runs part 7 alone, with BATTLES greedy battles of each size; ``... BATTLES offers``
part 8 alone, ``... BATTLES greedy`` part 9 alone, ``... BATTLES moves`` part 10 alone
``... BATTLES drawn`` part 11 alone and ``... BATTLES applying`` part 12 alone.
"""

from __future__ import annotations

import contextlib
import cProfile
import gc
import math
import pstats
import sys
import time
from collections.abc import Callable

import numpy as np
import shapely

from battles import forget  # benchmarks/battles.py, beside this file
from geometry import crowded_battlefield  # benchmarks/geometry.py
from skirmish.ai.collection import SET_ASIDE, THRESHOLDS, tuned
from skirmish.ai.magewinds import outlook
from skirmish.ai.magewinds.evaluation import _GAINS, SAME_POSITION
from skirmish.ai.magewinds.greedy import GreedyPlayer
from skirmish.ai.magewinds.outlook import SHIFTED
from skirmish.ai.magewinds.plans import MOVE_BOUND, NO_LENGTH
from skirmish.ai.magewinds.threats import BY_RECORD, KEYED, LEAN
from skirmish.engine.battle import History, Player, RandomPlayer, play_out
from skirmish.fastpaths import OFFERS, fast, plain
from skirmish.games.magewinds import looks, moves
from skirmish.games.magewinds.battle import deployment, new_setup, start_battle, steps, straight
from skirmish.games.magewinds.battle import geometry as battle_geometry
from skirmish.games.magewinds.battle.deployment import KEPT_SPOTS
from skirmish.games.magewinds.battle.geometry import (
    AWAY_TURNS,
    FOUND_CLEAR,
    free_to_step_away,
)
from skirmish.games.magewinds.battle.invariants import CHECKED, problems
from skirmish.games.magewinds.battle.sight import STRAIGHT_SIGHT
from skirmish.games.magewinds.battle.straight import _ray_rooms
from skirmish.games.magewinds.battle.view import LOG_KEPT
from skirmish.games.magewinds.looks import (
    HIGH,
    OBSTACLES,
    TOUCHING,
    _blockers,
    blockers,
    look,
    seen_straight,
    views,
)
from skirmish.games.magewinds.moves import (
    STEP_MOVE,
    STEPS_AWAY,
    _dodge,
    _kept_reach,
    _step_ends,
    _surroundings,
    check_move,
    dodge_region,
    local_space,
    neighbourhood,
    steps_away,
    surroundings,
)
from skirmish.games.magewinds.sightlines import _cover_look, cover, line_of_attack
from skirmish.geometry.clearance import PATHS, PREPARED, polygons
from skirmish.geometry.movement import FreeSpace, ray_room
from skirmish.geometry.sight import SightMethod

BAND = ["Wizard", "Guardian", "Cleric", "Deadeye"]


def seconds(work: Callable[[], object], repeat: int) -> float:
    started = time.process_time()
    for _ in range(repeat):
        work()
    return (time.process_time() - started) / repeat


def compared(
    rows: tuple[tuple[str, Callable[[], None], int], ...],
    old_way: Callable[[], contextlib.AbstractContextManager[None]],
    count: int,
) -> None:
    """Each row's work (name, work, repeats) timed the new way and inside ``old_way()``,
    a ``count``-th of it a question, and the ratio printed."""
    for name, work, repeat in rows:
        new = seconds(work, repeat) / count
        with old_way():
            old = seconds(work, repeat) / count
        print(f"   {name:32s} {new * 1e3:10.3f} {old * 1e3:12.3f} {old / new:7.1f}x")


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

    def fresh() -> None:
        # A position never seen before (three in four of a battle's questions): the free
        # space made afresh and asked one straight path.
        for placed in field.fighters:
            free = _surroundings.__wrapped__(field.layout, placed.name).free
            start = (placed.base.x, placed.base.y)
            free.is_clear(shapely.LineString([start, (start[0] + 1.0, start[1] + 0.5)]))

    def dodges() -> None:
        # Whether each fighter can Dodge each other (18.4), as the battle asks it, from
        # cold caches: a straight step away on true circles, else a free sector, else the
        # whole region a step reaches (polygons: no witness, so the sectors and region).
        local_space.cache_clear()
        _kept_reach.cache_clear()
        _dodge.cache_clear()
        _step_ends.cache_clear()
        for mover in field.fighters:
            around = neighbourhood(field, mover, STEP_MOVE)
            for source in field.fighters:
                if source is mover:
                    continue
                x, y = source.base.x, source.base.y
                _ = (
                    steps_away(around, x, y)
                    or any(free_to_step_away(field, mover, source, t) for t in AWAY_TURNS)
                    or dodge_region(around, x, y)[0]
                )

    among = blockers(field, HIGH, False)
    pairs = [(v, t) for v in field.fighters for t in field.fighters if v is not t]

    def sight() -> None:
        # 16.0 as a battle asks it, one pair a question, nothing remembered: the straight
        # line's witness first, then the look (true circles in closed form, or the sweep).
        among._seen.clear()
        for viewer, target in pairs:
            chosen = look(among, viewer.base, target.base)
            if not (fast(STRAIGHT_SIGHT) and seen_straight(among, chosen)):
                views(among, [chosen], SightMethod.CIRCLES)

    zap = field.fighters[0].profile.attacks[0]

    def lines() -> None:
        _blockers.cache_clear()  # the looks remembered on the blockers go with them
        for attacker, target in pairs:
            line_of_attack(field, attacker, target, zap)

    def covers() -> None:
        _blockers.cache_clear()
        for attacker, target in pairs:
            cover(field, attacker, target)

    movement = (
        ("straight rooms, 32 directions", rays, 5),
        ("32 straight paths clear", paths, 2),
        ("stand at 100 points", stands, 5),
        ("one ray (knockback, Push)", one_ray, 20),
        ("a path from a new position", fresh, 2),
        ("Dodge possible (x19 attackers)", dodges, 1),
    )
    looks = (
        ("sight (x19 targets)", sight, 3),
        ("line of attack (x19 targets)", lines, 3),
        ("cover (x19 targets)", covers, 3),
    )
    print("1. Movement questions on the crowded table (20 fighters, 15 obstacles)")
    print("   question                          circles ms  polygons ms   ratio  (aim 10x)")
    compared(movement, polygons, len(field.fighters))
    print("   Sight, lines of attack and cover, each fighter against the 19 others, one pair a")
    print("   question: true circles in closed form against the sweep over 64-cornered bases")
    print("   (the code before: polygons, no witness)")
    compared(looks, old_code, len(field.fighters))
    cover_among = blockers(field, OBSTACLES, True)
    inside = sum(_cover_look(field, cover_among, a, t)[0].inside for a, t in pairs)
    print(
        f"   cover looks left to the shadows (the edge inside a blocker): {inside} of {len(pairs)}"
    )


STEPS = [0]
"""Steps played by :func:`battle` so far (decisions and rolls): the ways compared may play
battles of different lengths, and the CPU time a step tells them apart from that."""


def battle(
    setup, seed: int, kind: str = "random", *, checked: bool = False, kept: list | None = None
) -> float:
    """CPU seconds of one battle between two players of ``kind``, from cold caches
    (``checked``: every state checked against the invariants, as ``battles.py`` does;
    ``kept``: the battle's history appended to it)."""
    forget()
    outlook.forget()
    _GAINS.clear()
    players: list[Player]
    if kind == "greedy":
        players = [GreedyPlayer(setup, seed, 0), GreedyPlayer(setup, seed, 1)]
    else:
        players = [RandomPlayer(seed, p, drawn=kind == "drawn") for p in (0, 1)]
    started = time.process_time()
    after = _checked if checked else _counted
    history = History.start(start_battle(setup), seed)
    play_out(history, players, after_step=after)
    spent = time.process_time() - started
    if kept is not None:
        kept.append(history)
    return spent


def _counted(history: History) -> None:
    STEPS[0] += 1


def _checked(history: History) -> None:
    STEPS[0] += 1
    found = problems(history.state)
    if found:
        raise AssertionError(found)


def both_ways(
    setup, count: int, kind: str, old_way, *, checked: bool = False, old_kind: str = ""
) -> tuple[float, float]:
    """CPU seconds of ``count`` battles the new way and the old way (``old_way()``: a
    context manager; ``old_kind``: the players the old way, when not ``kind``), taking
    turns to go first; the steps each way played are in :data:`WAYS_STEPS`."""
    new = old = 0.0
    WAYS_STEPS[:] = [0, 0]
    for seed in range(count):
        for first in (True, False) if seed % 2 == 0 else (False, True):
            before = STEPS[0]
            if first:
                new += battle(setup, seed, kind, checked=checked)
            else:
                with old_way():
                    old += battle(setup, seed, old_kind or kind, checked=checked)
            WAYS_STEPS[0 if first else 1] += STEPS[0] - before
    return new, old


WAYS_STEPS = [0, 0]
"""Steps played the new way and the old way by the last :func:`both_ways`."""


def per_step(new: float, old: float) -> str:
    """The CPU time a step each way (:data:`WAYS_STEPS`), and their ratio."""
    a, b = (t / max(1, n) * 1e3 for t, n in zip((new, old), WAYS_STEPS, strict=True))
    return f"\n        a step {a:.2f} ms against {b:.2f} ms: {b / a:.2f}x"


def setup_of(size: int):
    return new_setup("deathmatch", [BAND[:size], BAND[:size]])


@contextlib.contextmanager
def old_code():
    """The code before issue 32: polygons, neither witness, no stage's offers shared nor
    invariants remembered, and neither the lean greedy evaluation nor the greedy player's
    fourth-sitting shortcuts, nor the terrain prepared once a table nor straight paths on
    edges, nor the greedy player's fifth-sitting parts, nor the sixth sitting's for greedy
    battles (every part issue 32 added, each switched off)."""
    with (
        polygons(),
        plain(
            STEPS_AWAY,
            STRAIGHT_SIGHT,
            OFFERS,
            CHECKED,
            LEAN,
            *FOURTH,
            *FIFTH,
            *SIXTH,
            PREPARED,
            PATHS,
            *APPLYING,
        ),
    ):
        yield


@contextlib.contextmanager
def no_witness():
    """The Dodge and sight witnesses off, all else as it is."""
    with plain(STEPS_AWAY, STRAIGHT_SIGHT):
        yield


def circles_against_polygons(title: str, kind: str, sizes: tuple[int, ...], count: int) -> None:
    print(title)
    for size in sizes:
        new, old = both_ways(setup_of(size), count, kind, old_code)
        print(
            f"   {size}v{size}: closed forms {count / new:5.2f}/s, before {count / old:5.2f}/s: "
            f"{old / new:.2f}x" + per_step(new, old)
        )


def witnesses(count: int, greedy_count: int) -> None:
    print("6. The Dodge and sight witnesses alone (the same battles both ways)")
    for kind, number in (("random", count), ("greedy", greedy_count)):
        for size in (4, 2):
            new, old = both_ways(setup_of(size), number, kind, no_witness)
            print(
                f"   {kind} {size}v{size}: witnesses {number / new:5.2f}/s, without "
                f"{number / old:5.2f}/s: {old / new:.2f}x" + per_step(new, old)
            )


def collection(count: int, greedy_count: int) -> None:
    print("4. Garbage collection tuned for battles against Python's defaults")
    pauses = [0.0, 0.0, 0.0]  # the collector's CPU time: this pause, tuned, defaults

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            pauses[0] = time.process_time()
        else:
            tuned_now = gc.get_threshold()[0] == THRESHOLDS[0]
            pauses[1 if tuned_now else 2] += time.process_time() - pauses[0]

    gc.callbacks.append(timed)
    try:
        for kind, size, number in (("greedy", 2, greedy_count), ("random", 4, count)):
            with tuned():
                pauses[1:] = [0.0, 0.0]
                new, old = both_ways(setup_of(size), number, kind, lambda: _untuned())
            print(
                f"   {kind} {size}v{size}: tuned {number / new:5.2f}/s, defaults "
                f"{number / old:5.2f}/s: {old / new:.2f}x; collecting "
                f"{pauses[1] / new:.1%} tuned, {pauses[2] / old:.1%} defaults"
            )
    finally:
        gc.callbacks.remove(timed)


@contextlib.contextmanager
def _untuned():
    """Python's default collection while inside (inside :func:`tuned`)."""
    before = gc.get_threshold()
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.freeze()


def log_text() -> None:
    setup = setup_of(4)
    profile = cProfile.Profile()
    profile.enable()
    battle(setup, 0)
    profile.disable()
    stats = pstats.Stats(profile)
    total = stats.total_tt  # type: ignore[attr-defined]
    logged = sum(
        row[3]
        for key, row in stats.stats.items()
        if key[2] == "logged"  # type: ignore[attr-defined]
    )
    print("5. The log's events and their sentences, random 4v4 (cProfile)")
    print(f"   Battle.logged: {logged * 1e3:.1f} ms of {total * 1e3:.0f} ms ({logged / total:.1%})")


def lean(count: int) -> None:
    print("7. The lean greedy against the greedy before it (the same battles; aim 4x)")
    for size in (4, 2):
        setup = setup_of(size)
        new, old = both_ways(setup, count, "greedy", lambda: plain(LEAN))
        print(
            f"   {size}v{size} cold: lean {count / new:5.2f}/s, before {count / old:5.2f}/s: "
            f"{old / new:.2f}x" + per_step(new, old)
        )
        runs = {True: 0.0, False: 0.0}
        for lean_first in (True, False):
            for lean_way in (lean_first, not lean_first):
                with contextlib.nullcontext() if lean_way else plain(LEAN):
                    runs[lean_way] += in_a_run(setup, count)
        print(
            f"   {size}v{size} in a run: lean {2 * count / runs[True]:5.2f}/s, before "
            f"{2 * count / runs[False]:5.2f}/s: {runs[False] / runs[True]:.2f}x; "
            f"the run against cold battles (lean) {new * 2 / runs[True]:.2f}x, "
            f"against the cold battles before {old * 2 / runs[True]:.2f}x"
        )


def straight_moves(count: int) -> None:
    """Part 8: straight moves and free space, prepared once a table against afresh."""
    print("10. Straight moves and free space prepared once a table (PREPARED) against afresh")
    field = crowded_battlefield()
    spaces = [(surroundings(field, p.name).free, (p.base.x, p.base.y)) for p in field.fighters]
    angles = np.linspace(0, 2 * math.pi, 12, endpoint=False)
    units = np.array([(math.cos(a), math.sin(a)) for a in angles.tolist()])

    def fresh() -> None:
        for placed in field.fighters:
            _surroundings.__wrapped__(field.layout, placed.name)

    def rooms(length: float, directions: np.ndarray = units) -> Callable[[], None]:
        def work() -> None:
            for free, start in spaces:
                assert free.exact is not None
                free.exact.rooms(start, directions, length)

        return work

    def checks() -> None:
        for placed in field.fighters:
            goal = (placed.base.x + 0.8, placed.base.y + 0.3)
            check_move(field, placed, [goal], limit=6.0)

    points = shapely.points(np.random.default_rng(1).uniform((0.5, 0.5), (11.5, 15.5), (100, 2)))

    def stands() -> None:
        for free, _ in spaces:
            free.can_stand_all(points)

    arounds = [neighbourhood(field, p, STEP_MOVE) for p in field.fighters]

    def step_ends() -> None:
        for around in arounds:
            moves.step_ends(around)

    states = _battle_states(setup_of(4), 3, 12)
    directions = [(math.cos(a), math.sin(a)) for a in np.linspace(0, 2 * math.pi, 16).tolist()]

    def ends() -> None:
        for state in states:
            _surroundings.cache_clear()  # each position's free space made afresh
            for fighter in state.on_battlefield():
                straight.straight_ends(state, fighter, directions, 5.0)

    asked = sum(len(list(state.on_battlefield())) for state in states)
    rows = (
        ("free space for a new position", fresh, len(field.fighters), 10),
        ('straight rooms, 6", 12 directions', rooms(6.0), len(spaces), 20),
        ('straight rooms, 1", 12 directions', rooms(1.0), len(spaces), 20),
        ('straight rooms, 1", 4 directions', rooms(1.0, units[::3]), len(spaces), 20),
        ("a straight path checked", checks, len(field.fighters), 20),
        ("stand at 100 points", stands, len(spaces), 10),
        ("a step's ends, 64 directions x 4", step_ends, len(arounds), 10),
        ("straight ends, 16 directions", ends, asked, 2),
    )
    print("   question (each)                        prepared ms    afresh ms   ratio")
    for name, work, per, repeat in rows:
        new = old = 0.0
        for turn in range(4):
            for prepared in (turn % 2 == 0, turn % 2 == 1):
                with contextlib.nullcontext() if prepared else plain(PREPARED):
                    spent = seconds(work, repeat) / per
                if prepared:
                    new += spent
                else:
                    old += spent
        print(f"   {name:38s} {new / 4 * 1e3:10.3f} {old / 4 * 1e3:12.3f} {old / new:7.2f}x")
    for size in (4, 2):
        battle(setup_of(size), count)  # what a first battle loads, loaded before timing
        new, old = both_ways(setup_of(size), count, "random", lambda: plain(PREPARED))
        print(
            f"   random {size}v{size}: prepared {count / new:5.2f}/s, afresh {count / old:5.2f}/s: "
            f"{old / new:.2f}x (steps {WAYS_STEPS[0]} and {WAYS_STEPS[1]})" + per_step(new, old)
        )


def _battle_states(setup, battles: int, every: int) -> list:
    """Every ``every``-th state of the first ``battles`` random battles, deployed."""
    states = []
    for seed in range(battles):
        history = History.start(start_battle(setup), seed)
        play_out(history, [RandomPlayer(seed, 0), RandomPlayer(seed, 1)])
        for state in history.states[::every]:
            if len(list(state.on_battlefield())) >= 2:
                states.append(state)
    return states


def in_a_run(setup, count: int) -> float:
    """CPU seconds of ``count`` greedy battles one after another, starting cold and keeping
    the outlooks and attack values between them (as a run of ``simulate`` does)."""
    forget()
    outlook.forget()
    _GAINS.clear()
    started = time.process_time()
    for seed in range(count):
        players: list[Player] = [GreedyPlayer(setup, seed, 0), GreedyPlayer(setup, seed, 1)]
        play_out(History.start(start_battle(setup), seed), players)
    return time.process_time() - started


def offers(count: int) -> None:
    """8. What a stage offers shared (part OFFERS) and the bases' invariants remembered
    (part CHECKED) against neither: the very same battles."""
    print("8. Offers shared and invariants remembered (OFFERS, CHECKED) against neither")
    print("   battles                           new /s    old /s   ratio  same steps")
    for checked in (False, True):
        for size in (4, 2):
            setup = setup_of(size)
            new, old = both_ways(
                setup, count, "random", lambda: plain(OFFERS, CHECKED), checked=checked
            )
            what = f"random {size}v{size}" + (", invariants checked" if checked else "")
            same = "yes" if WAYS_STEPS[0] == WAYS_STEPS[1] else "NO"
            print(
                f"   {what:32s} {count / new:7.2f}  {count / old:7.2f}  {old / new:5.2f}x  {same}"
                + per_step(new, old)
            )


FOURTH = (KEYED, SAME_POSITION, MOVE_BOUND, SHIFTED)
"""The greedy player's shortcuts of the fourth sitting."""

FIFTH = (SET_ASIDE, NO_LENGTH)
"""The greedy player's parts of the fifth sitting: the collector set aside while it
thinks, and the attacks it weighs built without their line of attack."""

SIXTH = (LOG_KEPT, BY_RECORD)
"""The greedy battles' parts of the sixth sitting: the view's log lines kept between
views, and the evaluator's fighter records kept."""


@contextlib.contextmanager
def before_issue_32():
    """The greedy player and geometry before issue 32: polygons, no witnesses, and neither
    the lean greedy nor the fourth sitting's shortcuts."""
    with old_code():
        yield


def greedy_fourth(count: int) -> None:
    print(
        "9. The greedy player's fourth, fifth and sixth sittings (aim 4x the code before issue 32)"
    )
    for size in (4, 2):
        setup = setup_of(size)
        new, old = both_ways(setup, count, "greedy", lambda: plain(*FOURTH))
        print(
            f"   {size}v{size} cold: now {count / new:5.2f}/s, without the four "
            f"{count / old:5.2f}/s: {old / new:.2f}x" + per_step(new, old)
        )
        new5, old5 = both_ways(setup, count, "greedy", lambda: plain(*FIFTH))
        print(
            f"   {size}v{size} cold: now {count / new5:5.2f}/s, without the fifth sitting's "
            f"{count / old5:5.2f}/s: {old5 / new5:.2f}x" + per_step(new5, old5)
        )
        new6, old6 = both_ways(setup, count, "greedy", lambda: plain(*SIXTH))
        print(
            f"   {size}v{size} cold: now {count / new6:5.2f}/s, without the sixth sitting's "
            f"{count / old6:5.2f}/s: {old6 / new6:.2f}x" + per_step(new6, old6)
        )
        new2, before = both_ways(setup, count, "greedy", before_issue_32)
        print(
            f"   {size}v{size} cold: now {count / new2:5.2f}/s, before issue 32 "
            f"{count / before:5.2f}/s: {before / new2:.2f}x" + per_step(new2, before)
        )
        runs = {"now": 0.0, "without": 0.0, "fifth": 0.0, "sixth": 0.0, "before": 0.0}
        ways = {
            "now": contextlib.nullcontext,
            "without": lambda: plain(*FOURTH),
            "fifth": lambda: plain(*FIFTH),
            "sixth": lambda: plain(*SIXTH),
            "before": before_issue_32,
        }
        for turn in range(2):
            for name in list(ways) if turn == 0 else list(ways)[::-1]:
                with ways[name]():
                    runs[name] += in_a_run(setup, count)
        print(
            f"   {size}v{size} in a run: now {2 * count / runs['now']:5.2f}/s, without the "
            f"four {2 * count / runs['without']:5.2f}/s ({runs['without'] / runs['now']:.2f}x),"
            f" without the fifth sitting's {2 * count / runs['fifth']:5.2f}/s "
            f"({runs['fifth'] / runs['now']:.2f}x),"
            f" without the sixth sitting's {2 * count / runs['sixth']:5.2f}/s "
            f"({runs['sixth'] / runs['now']:.2f}x),"
            f" before issue 32 {2 * count / runs['before']:5.2f}/s "
            f"({runs['before'] / runs['now']:.2f}x)"
        )


def drawn(count: int) -> None:
    """Part 11: the random player drawing one legal action without judging them all."""
    print("11. The random player drawing one action against listing them all (aim 5x)")
    for size in (4, 2):
        setup = setup_of(size)
        new, old = both_ways(setup, count, "drawn", contextlib.nullcontext, old_kind="random")
        print(
            f"   {size}v{size}: drawing {count / new:5.2f}/s, listing {count / old:5.2f}/s: "
            f"{old / new:.2f}x" + per_step(new, old)
        )
        new, old = both_ways(setup, count, "drawn", old_code, old_kind="random")
        print(
            f"   {size}v{size}: drawing {count / new:5.2f}/s, listing on the code before issue "
            f"32 {count / old:5.2f}/s: {old / new:.2f}x" + per_step(new, old)
        )


APPLYING = (FOUND_CLEAR, KEPT_SPOTS, TOUCHING)
"""The sixth sitting's parts for random battles: a straight step's or Move's end found
clear not traced again, deployment spots kept from the last ones, and what every base
touches found at once for a new battlefield's blockers."""


def applying(count: int) -> None:
    """Part 12: the sixth sitting's shortcuts in applying the chosen action, all against
    none (the same battles both ways), listing and drawing; then each part alone, by the
    CPU time spent inside the functions it changes (the same battles with the part off and
    on, so the noise of a busy machine in the rest of the battle does not enter)."""
    print("12. Applying the chosen action: the sixth sitting's parts against none")
    for size in (4, 2):
        setup = setup_of(size)
        for kind, name in (("random", "listing"), ("drawn", "drawing")):
            new, old = both_ways(setup, count, kind, lambda: plain(*APPLYING))
            print(
                f"   {size}v{size} {name}: all on {count / new:5.2f}/s, all off "
                f"{count / old:5.2f}/s: {old / new:.2f}x" + per_step(new, old)
            )
    inside = {
        FOUND_CLEAR: ((battle_geometry, "path_to"), (steps, "path_to"), (straight, "found_clear")),
        KEPT_SPOTS: ((deployment, "deployment_spots"),),
        TOUCHING: ((looks, "_touching_all"), (looks, "touches")),
    }
    players = (("random", "listing"), ("drawn", "drawing"))
    for part, places in inside.items():
        for size in (4, 2):
            # the drawing player judges deployment spots one at a time: not kept spots
            for kind, name in players[:1] if part == KEPT_SPOTS else players:
                with _timing(places) as spent:
                    off = on = whole = 0.0
                    for seed in range(count):
                        for first in (True, False) if seed % 2 == 0 else (False, True):
                            before = spent[0]
                            if first:
                                battle(setup_of(size), seed, kind)
                                on += spent[0] - before
                            else:
                                with plain(part):
                                    whole += battle(setup_of(size), seed, kind)
                                off += spent[0] - before
                print(
                    f"   {part}, {size}v{size} {name}: inside "
                    + ", ".join(dict.fromkeys(name for _, name in places))
                    + f" {off / count * 1e3:.1f} ms a battle off, {on / count * 1e3:.1f} ms on"
                    + f" ({(off - on) / whole:.1%} of the battle off)"
                )


@contextlib.contextmanager
def _timing(places):
    """The CPU time spent inside the functions at ``places`` ((module, name) pairs, each
    called through its module) while inside, in the list yielded (a nested call counted
    once)."""
    spent = [0.0]
    depth = [0]
    kept = [(module, name, getattr(module, name)) for module, name in places]

    def timed(function):
        def inner(*args, **kwargs):
            depth[0] += 1
            started = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                depth[0] -= 1
                if depth[0] == 0:
                    spent[0] += time.process_time() - started

        return inner

    for module, name, function in kept:
        setattr(module, name, timed(function))
    try:
        yield spent
    finally:
        for module, name, function in kept:
            setattr(module, name, function)


def main(count: int = 6) -> None:
    questions()
    circles_against_polygons(
        "2. Random-versus-random Deathmatch battles per CPU-second (aim 5x)",
        "random",
        (4, 2),
        count,
    )
    circles_against_polygons(
        "3. Greedy-versus-greedy Deathmatch battles per CPU-second (aim 4x)",
        "greedy",
        (2, 4),
        max(1, count // 3),
    )
    collection(count, max(1, count // 3))
    log_text()
    witnesses(count, max(1, count // 3))
    lean(max(1, count // 3))
    offers(count)
    greedy_fourth(max(1, count // 3))
    straight_moves(count)
    drawn(count)
    applying(count)


if __name__ == "__main__":
    if sys.argv[2:3] == ["lean"]:
        lean(int(sys.argv[1]))
    elif sys.argv[2:3] == ["offers"]:
        offers(int(sys.argv[1]))
    elif sys.argv[2:3] == ["greedy"]:
        greedy_fourth(int(sys.argv[1]))
    elif sys.argv[2:3] == ["moves"]:
        straight_moves(int(sys.argv[1]))
    elif sys.argv[2:3] == ["drawn"]:
        drawn(int(sys.argv[1]))
    elif sys.argv[2:3] == ["applying"]:
        applying(int(sys.argv[1]))
    else:
        main(*[int(a) for a in sys.argv[1:2]])
