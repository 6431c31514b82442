"""Computer player benchmarks: speeds against a baseline measured in the same run, and the
strength ladder with 95% intervals.

1. Greedy-versus-greedy battles per second on one core, the first battles (caches cold)
   and the next ones (attack outlooks and values kept from the battles before), against
   random-versus-random battles of the same setups (aim: at least 100 greedy battles per
   second); and the greedy player's own shortcuts against its plain path on the same
   battles (which must come out the same both ways).
2. The search player: look-aheads per second, and the time each decision takes at a
   budget of 1 s on the clock (aim: the 95th percentile within the budget plus 10%).
3. The strength ladder, each rung a simulation with seats swapped on paired seeds over
   two scenarios (Deathmatch and King of the Hill), mirror warbands, the search budget
   counted in look-aheads (:data:`skirmish.ai.magewinds.search.PLAYOUTS_PER_SECOND` to a
   second) so every run gives the same battles: greedy against random (aim: at least 90%,
   the interval's lower bound above 85%), search at :data:`SEARCH` (a quarter second, so
   the rung fits in minutes) against greedy (aim at 1 s: 60%), search at 4 s against
   search at 1 s (aim: 55%; played from :data:`FULL_LADDER` search battles), and the first
   seat's advantage between two greedy players (aim: under 5 points).

Run alone with ``python benchmarks/ai.py [LADDER [SEARCH] [WORKERS]]``: battles per
scenario for the greedy rungs (default 200) and the search rungs (default 20), in
``WORKERS`` processes (default 2).
"""

from __future__ import annotations

import statistics
import sys
import time
from contextlib import nullcontext

from battles import forget  # benchmarks/battles.py, beside this file
from skirmish import fastpaths
from skirmish.ai.magewinds import outlook
from skirmish.ai.magewinds.evaluation import _GAINS
from skirmish.ai.magewinds.greedy import GreedyPlayer
from skirmish.ai.magewinds.search import PLAYOUTS_PER_SECOND, SearchPlayer
from skirmish.ai.magewinds.threats import GREEDY
from skirmish.ai.simulate import Match, interval, simulate
from skirmish.engine.battle import History, Player, RandomPlayer, play_out
from skirmish.games.magewinds.battle import new_setup, start_battle
from skirmish.games.magewinds.battle.geometry import SITUATION
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.game import GAME

WARBAND = "Wizard,Guardian,Cleric"
SEARCH = "search:0.25"
"""The search rung's budget: a quarter of the default second, so a ladder fits in minutes."""
FULL_LADDER = 40
"""Search battles a scenario from which the costly search:4 against search:1 rung is played."""
SCENARIOS = ("deathmatch", "king-of-the-hill")


def setups() -> list[Setup]:
    band = WARBAND.split(",")
    return [new_setup(name, [band, band]) for name in SCENARIOS]


def greedy_battle(chosen: Setup, seed: int) -> tuple[float, tuple[str, ...]]:
    """CPU seconds of one battle between two greedy players, and its actions."""
    players: list[Player] = [GreedyPlayer(chosen, seed, 0), GreedyPlayer(chosen, seed, 1)]
    history = History.start(start_battle(chosen), seed)
    started = time.process_time()
    play_out(history, players)
    return time.process_time() - started, tuple(s.action for s in history.steps)


def battle_seconds(kind: str, chosen: Setup, seed: int) -> float:
    """CPU seconds of one battle between two players of ``kind``."""
    if kind == "greedy":
        return greedy_battle(chosen, seed)[0]
    players: list[Player] = [RandomPlayer(seed, 0), RandomPlayer(seed, 1)]
    started = time.process_time()
    play_out(History.start(start_battle(chosen), seed), players)
    return time.process_time() - started


def speeds(count: int = 20, plain: int = 4) -> None:
    outlook.forget()
    _GAINS.clear()
    print("\nGreedy-versus-greedy battles per second, one core (CPU time)")
    for chosen in setups():
        name = chosen.scenario.name
        randoms = [battle_seconds("random", chosen, seed) for seed in range(count)]
        cold = [battle_seconds("greedy", chosen, seed) for seed in range(3)]
        warm = [battle_seconds("greedy", chosen, seed) for seed in range(3, count)]
        random_rate = len(randoms) / sum(randoms)
        warm_rate = len(warm) / sum(warm)
        print(
            f"  {name:18} random {random_rate:6.1f}/s; greedy first 3 "
            f"{len(cold) / sum(cold):5.2f}/s, next {len(warm)} {warm_rate:5.2f}/s "
            f"({random_rate / warm_rate:.0f}x slower than random; aim 100/s)"
        )
    print(f"  attack outlooks kept: {len(outlook._KEPT)}, attack values kept: {len(_GAINS)}")
    shortcuts(plain)


def shortcuts(count: int) -> None:
    """The greedy player's own fast paths (:data:`GREEDY`: kept threats, staying put
    without working out the step ends, the furthest Blink spots alone; and
    :data:`SITUATION`: cover and Dodge of an attack) against its plain path, on the same
    battles: each starts with the geometry caches and memos empty (``battles.forget``),
    the attack outlooks and values kept from the battles before, and the two ways take
    turns going first."""
    print(f"\nThe greedy player's shortcuts against its plain path ({count} battles each)")
    for chosen in setups():
        seconds = {True: 0.0, False: 0.0}
        same = 0
        for seed in range(count):
            found: dict[bool, tuple[str, ...]] = {}
            for way in (True, False) if seed % 2 == 0 else (False, True):
                forget()
                with nullcontext() if way else fastpaths.plain(GREEDY, SITUATION):
                    spent, found[way] = greedy_battle(chosen, 1000 + seed)
                seconds[way] += spent
            same += found[True] == found[False]
        print(
            f"  {chosen.scenario.name:18} shortcuts {count / seconds[True]:5.2f}/s, plain "
            f"{count / seconds[False]:5.2f}/s: {seconds[False] / seconds[True]:.2f}x; "
            f"the same battle both ways {same} of {count}"
        )


def search_speed(decisions: int = 30) -> None:
    """Search decisions at a 1 s budget on the clock, in battles against greedy."""
    chosen = setups()[0]
    seconds: list[float] = []
    playouts: list[int] = []
    seed = 0
    while len(seconds) < decisions:
        seed += 1
        searcher = SearchPlayer(chosen, seed, 0, seconds=1.0)
        history = History.start(start_battle(chosen), seed)
        play_out(history, [searcher, GreedyPlayer(chosen, seed, 1)])
        seconds += searcher.stats.seconds
        playouts += searcher.stats.playouts
    rate = sum(playouts) / sum(seconds)
    ranked = sorted(seconds)
    p95 = ranked[min(len(ranked) - 1, round(0.95 * (len(ranked) - 1)))]
    print("\nSearch player, 1 s a decision on the clock (wall time)")
    print(
        f"  {len(seconds)} searched decisions in {seed} battles: {rate:.1f} look-aheads/s "
        f"(counted budget assumes {PLAYOUTS_PER_SECOND}/s); per decision median "
        f"{statistics.median(seconds):.2f} s, 95th percentile {p95:.2f} s, most "
        f"{max(seconds):.2f} s (aim: 95th percentile within 1.10 s)"
    )


def rung(first: str, second: str, battles: int, workers: int, aim: str) -> None:
    """One rung: ``first`` against ``second`` over both scenarios."""
    wins = seat_wins = seat_games = total = draws = 0
    started = time.perf_counter()
    for scenario in SCENARIOS:
        options = GAME.options(
            "simulate",
            scenario=scenario,
            warband=[WARBAND, WARBAND],
            players=f"{first},{second}",
            battles=battles,
        )
        found = simulate(Match.from_options(options), battles=battles, seed=1, workers=workers)
        wins += sum(1 for o in found if o.winner == 0)
        draws += sum(1 for o in found if o.winner is None)
        decided = [o for o in found if o.player_one is not None]
        seat_games += len(decided)
        seat_wins += sum(1 for o in decided if o.winner == o.player_one)
        total += len(found)
    low, high = interval(wins, total)
    elapsed = time.perf_counter() - started
    print(
        f"  {first:>9} v {second:<9} {total:4} battles: {wins / total:6.1%} "
        f"[{low:.1%}, {high:.1%}], draws {draws}; {aim} ({elapsed:.0f} s)"
    )
    if first == second:
        low, high = interval(seat_wins, seat_games)
        print(
            f"  {'':21} the scenario's Player 1 won {seat_wins / seat_games:.1%} "
            f"[{low:.1%}, {high:.1%}] (aim: within 5 points of 50%)"
        )


def ladder(battles: int, search_battles: int, workers: int) -> None:
    print(
        f"\nStrength ladder: {WARBAND} mirrored, {' and '.join(SCENARIOS)}, seats swapped "
        f"on paired seeds; win rate of the first named [95% interval]"
    )
    rung("greedy", "random", battles, workers, "aim 90%, lower bound above 85%")
    rung("greedy", "greedy", battles, workers, "first seat's advantage below")
    rung(SEARCH, "greedy", search_battles, workers, "aim 60% (at 1 s)")
    if search_battles >= FULL_LADDER:
        rung("search:4", "search:1", max(2, search_battles // 4), workers, "aim 55%")
    else:
        print(f"  search:4 v search:1 not played (under {FULL_LADDER} search battles asked)")


def main(battles: int = 200, search_battles: int = 20, workers: int = 2) -> None:
    speeds()
    search_speed()
    ladder(battles, search_battles, workers)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:4]))
