"""Computer player benchmarks: speeds against a baseline measured in the same run, and the
strength ladder with 95% intervals.

1. Greedy-versus-greedy battles per second on one core, the first battles (caches cold)
   and the next ones (attack outlooks and values kept from the battles before), against
   random-versus-random battles of the same setups (aim: at least 100 greedy battles per
   second); and the greedy player's own shortcuts against its plain path on the same
   battles (which must come out the same both ways).
2. The search player: look-aheads per second, and the time each decision takes at a
   budget of 1 s on the clock (aim: the 95th percentile within the budget plus 10%).
3. The strength ladder, each rung a simulation (:func:`skirmish.ai.simulate.simulate`,
   seed 1) in each of two scenarios (Deathmatch and King of the Hill), the same warband on
   both sides, the search budget counted in the greedy activations its look-aheads plan
   (:data:`skirmish.ai.magewinds.search.PLAYOUTS_PER_SECOND` to a second) so every run
   gives the same battles: greedy against random (aim: at least 90%, the interval's lower
   bound above 85%), the scenario's Player 1 between two greedy players (aim: within 5
   points of 50% of the decided battles), search at 1 s against greedy (aim: 60%) and
   search at 4 s against search at 1 s (aim: 55%). Players of different kinds are seated
   both ways on each seed; two greedy players (a mirror) play each battle on its own seed,
   since seats turned on one seed would play the same battle twice. Win rates count draws
   as battles not won; between players of different kinds the first player's wins of the
   decided battles (won or lost, no draw) are shown too.

Run alone with ``python benchmarks/ai.py`` (``--help`` for the rungs' sizes; the
defaults keep ``benchmarks/run.py`` to about an hour on a busy 2-core machine, and
``--ladder-only`` skips the speeds). A rung too long for one sitting is played in
slices: ``--first N`` starts each rung at battle ``N`` of its run (the very battles the
whole run plays there, :func:`skirmish.ai.simulate.simulate`), ``--rows DIR`` keeps each
rung's battles, a CSV a scenario and slice, and ``--tally DIR`` prints the rungs kept
there, their slices read together, without playing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

from battles import forget  # benchmarks/battles.py, beside this file
from skirmish import fastpaths
from skirmish.ai.magewinds import outlook
from skirmish.ai.magewinds.evaluation import _GAINS
from skirmish.ai.magewinds.greedy import SHORTCUTS, GreedyPlayer
from skirmish.ai.magewinds.search import PLAYOUTS_PER_SECOND, SearchPlayer
from skirmish.ai.simulate import Match, Outcome, interval, read_rows, rows_csv, simulate, spans
from skirmish.engine.battle import History, Player, RandomPlayer, play_out
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle import new_setup, start_battle
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.game import GAME
from skirmish.limits import FIRST_BATTLE

WARBAND = "Wizard,Guardian,Cleric"
SCENARIOS = ("deathmatch", "king-of-the-hill")
SEED = 1
AIMS = {
    ("greedy", "random"): "aim 90%, lower bound above 85%",
    ("greedy", "greedy"): "aim 50% +- 5 points",
    ("search:1", "greedy"): "aim 60%",
    ("search:4", "search:1"): "aim 55%",
    ("search:1:value", "greedy"): "aim 60%",
    ("search:4:value", "search:1:value"): "aim 55%",
}
"""Each rung of the ladder, its players in order, and what it aims at."""


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
    """The greedy player's own fast paths (:data:`GREEDY`: kept threats and settled
    results, staying put without working out the step ends, the steps before an attack
    listed without the rules' check after each, the furthest Blink spots alone;
    :data:`SITUATION`: cover and Dodge of an attack; :data:`LINES`: a line of attack
    remembered between two fighters where they stand; :data:`~skirmish.fastpaths.RECORDS`:
    records changed and hashed quicker; :data:`TERRAIN`: the evaluation's ways round the
    terrain and quick sight; all of them :data:`SHORTCUTS`) against its plain path, on
    the same battles: each starts with the geometry caches and memos empty
    (``battles.forget``), the attack outlooks and values kept from the battles before, and
    the two ways take turns going first."""
    print(f"\nThe greedy player's shortcuts against its plain path ({count} battles each)")
    for chosen in setups():
        seconds = {True: 0.0, False: 0.0}
        same = 0
        for seed in range(count):
            found: dict[bool, tuple[str, ...]] = {}
            for way in (True, False) if seed % 2 == 0 else (False, True):
                forget()
                with nullcontext() if way else fastpaths.plain(*SHORTCUTS):
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
    planned: list[int] = []
    seed = 0
    while len(seconds) < decisions:
        seed += 1
        searcher = SearchPlayer(chosen, seed, 0, seconds=1.0)
        history = History.start(start_battle(chosen), seed)
        play_out(history, [searcher, GreedyPlayer(chosen, seed, 1)])
        seconds += searcher.stats.seconds
        playouts += searcher.stats.playouts
        planned += searcher.stats.cost
    rate = sum(playouts) / sum(seconds)
    ranked = sorted(seconds)
    p95 = ranked[min(len(ranked) - 1, round(0.95 * (len(ranked) - 1)))]
    print("\nSearch player, 1 s a decision on the clock (wall time)")
    print(
        f"  {len(seconds)} searched decisions in {seed} battles: {rate:.1f} look-aheads/s, "
        f"{sum(planned) / sum(seconds):.1f} greedy activations planned in them a second "
        f"(counted budget assumes {PLAYOUTS_PER_SECOND}/s); per decision median "
        f"{statistics.median(seconds):.2f} s, 95th percentile {p95:.2f} s, most "
        f"{max(seconds):.2f} s (aim: 95th percentile within 1.10 s)"
    )


@dataclass(frozen=True)
class Tally:
    """A rung's battles in one scenario (or all): the first named player's wins, draws, and
    the scenario's Player 1 (3.1) in the decided battles."""

    battles: int
    wins: int
    draws: int
    decided: int
    first_seat_wins: int

    @classmethod
    def of(cls, found: list[Outcome]) -> Tally:
        decided = [o for o in found if o.winner is not None and o.player_one is not None]
        return cls(
            battles=len(found),
            wins=sum(1 for o in found if o.winner == 0),
            draws=sum(1 for o in found if o.winner is None),
            decided=len(decided),
            first_seat_wins=sum(1 for o in decided if o.winner == o.player_one),
        )

    @property
    def losses(self) -> int:
        """Battles the first named player lost: neither won nor drawn."""
        return self.battles - self.wins - self.draws

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.battles + other.battles,
            self.wins + other.wins,
            self.draws + other.draws,
            self.decided + other.decided,
            self.first_seat_wins + other.first_seat_wins,
        )


def rate(wins: int, battles: int) -> str:
    """``wins`` of ``battles`` as a rate and its 95% interval."""
    if battles == 0:
        return "no battles"
    low, high = interval(wins, battles)
    return f"{wins / battles:6.1%} [{low:5.1%}, {high:5.1%}]"


def ladder_match(first: str, second: str, scenario: str) -> Match:
    """A rung's match in one scenario: the ladder's warband on both sides."""
    options = GAME.options(
        "simulate", scenario=scenario, warband=[WARBAND, WARBAND], players=f"{first},{second}"
    )
    return Match.from_options(options)


def rung(
    first: str,
    second: str,
    battles: int,
    workers: int,
    more: tuple[str, ...] = (),
    *,
    start: int = 0,
    rows: Path | None = None,
) -> None:
    """One rung: ``first`` against ``second``, ``battles`` battles in each of the ladder's
    scenarios (from battle ``start`` of the rung's run) and in the scenarios ``more``;
    each scenario's battles written to :func:`rows_path` under ``rows`` when given."""
    found: dict[str, list[Outcome]] = {}
    started = time.perf_counter()
    for scenario in SCENARIOS + more:
        match = ladder_match(first, second, scenario)
        found[scenario] = simulate(match, battles=battles, seed=SEED, workers=workers, first=start)
        if rows is not None:
            numbers = spans(o.index + 1 for o in found[scenario])
            path = rows_path(rows, first, second, scenario, numbers)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(rows_csv(match, found[scenario]))
    show(first, second, found)
    print(f"    ({time.perf_counter() - started:.0f} s)")


def show(first: str, second: str, found: dict[str, list[Outcome]]) -> None:
    """A rung's battles by scenario, the ladder's scenarios together, the others apart; for
    two players alike, how often the scenario's Player 1 won the decided battles, and for
    two kinds, how often the first won of all battles and of the battles won or lost."""
    mirror = first == second
    what = "Player 1 (3.1) wins of decided battles" if mirror else f"{first} wins"
    aim = AIMS.get((first, second), "no aim")
    print(f"  {first} v {second}: {what}; {aim}")
    tallies = [(scenario, Tally.of(outcomes)) for scenario, outcomes in found.items()]
    ladder = [tally for scenario, tally in tallies if scenario in SCENARIOS]
    if len(ladder) > 1:
        total = ladder[0]
        for tally in ladder[1:]:
            total = total + tally
        tallies.insert(len(ladder), ("together", total))
    for name, tally in tallies:
        shown = (
            rate(tally.first_seat_wins, tally.decided) + f" of {tally.decided:3}"
            if mirror
            else rate(tally.wins, tally.battles)
        )
        print(f"    {name:17} {tally.battles:4} battles {shown}, draws {tally.draws}")
        if not mirror:
            decided = tally.wins + tally.losses
            won = rate(tally.wins, decided)
            print(f"      {tally.wins} won, {tally.losses} lost: {won.lstrip()} of the decided")


def rows_path(folder: Path, first: str, second: str, scenario: str, numbers: str) -> Path:
    """Where a slice of a rung's battles in one scenario is kept:
    ``search_4-v-search_1/deathmatch.31-200.csv`` (a player's ``:`` written ``_``, which
    no file system refuses; the battles' numbers after the scenario)."""
    rung = f"{first}-v-{second}".replace(":", "_")
    return folder / rung / f"{scenario}.{numbers}.csv"


def tally(folder: Path) -> None:
    """Every rung kept under ``folder`` (by :func:`rung`'s ``rows``, or ``simulate -o``
    files named as :func:`rows_path` names them), each scenario's slices read together
    and checked against the rung's run (:func:`skirmish.ai.simulate.read_rows`), the
    battles kept named by number so a gap shows; folders not named for a rung (``A-v-B``)
    are passed over."""
    print(f"\nStrength ladder kept in {folder}: {WARBAND} a side, seed {SEED}")
    for kept in sorted(p for p in folder.iterdir() if p.is_dir() and "-v-" in p.name):
        first, _, second = kept.name.replace("_", ":").partition("-v-")
        files: dict[str, list[Path]] = {}
        for path in sorted(kept.glob("*.csv")):
            files.setdefault(path.name.split(".")[0], []).append(path)
        found = {
            scenario: read_rows(ladder_match(first, second, scenario), SEED, paths)
            for scenario, paths in files.items()
        }
        for scenario, outcomes in found.items():
            print(f"  {kept.name} {scenario}: battles {spans(o.index + 1 for o in outcomes)}")
        show(first, second, found)


def ladder(
    battles: int,
    search_battles: int,
    deep_battles: int,
    workers: int,
    more: tuple[str, ...] = (),
    *,
    start: int = 0,
    rows: Path | None = None,
    value: bool = False,
) -> None:
    """The ladder: ``battles`` a scenario for the greedy rungs (in the scenarios ``more``
    too, shown apart), ``search_battles`` for search at 1 s against greedy and
    ``deep_battles`` for search at 4 s against search at 1 s, each from battle ``start``
    of its run; a rung given 0 is not played. With ``value``, the search players score
    their look-aheads with the fitted value (``search:1:value``,
    :mod:`skirmish.ai.magewinds.value`)."""
    print(f"\nStrength ladder: {WARBAND} a side, seed {SEED}; rate [95% interval]")
    if start:
        print(f"  (a slice: each rung from battle {start + 1} of its run)")
    if battles:
        rung("greedy", "random", battles, workers, more, start=start, rows=rows)
        rung("greedy", "greedy", battles, workers, more, start=start, rows=rows)
    leaf = ":value" if value else ""
    if search_battles:
        rung(f"search:1{leaf}", "greedy", search_battles, workers, start=start, rows=rows)
    if deep_battles:
        rung(f"search:4{leaf}", f"search:1{leaf}", deep_battles, workers, start=start, rows=rows)


def main(
    battles: int = 200,
    search_battles: int = 10,
    deep_battles: int = 2,
    workers: int = 2,
    *,
    ladder_only: bool = False,
    more: tuple[str, ...] = (),
    start: int = 0,
    rows: Path | None = None,
    value: bool = False,
) -> None:
    if not ladder_only:
        speeds()
        search_speed()
    ladder(
        battles, search_battles, deep_battles, workers, more, start=start, rows=rows, value=value
    )


def battle_number(text: str) -> int:
    """A battle's number in its run, held to ``simulate --first-battle``'s limit."""
    problem = FIRST_BATTLE.problem(int(text)) if text.isdigit() else "not a whole number"
    if problem is not None:
        raise argparse.ArgumentTypeError(f"{text!r}: {problem}")
    return int(text)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--battles", type=int, default=200, help="battles a scenario, greedy rungs (200)"
    )
    parser.add_argument(
        "--search-battles", type=int, default=10, help="battles a scenario, search:1 v greedy (10)"
    )
    parser.add_argument(
        "--deep-battles", type=int, default=2, help="battles a scenario, search:4 v search:1 (2)"
    )
    parser.add_argument("--workers", type=int, default=2, help="processes to play in (2)")
    parser.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="SCENARIO",
        help="another scenario for the greedy rungs, shown apart (repeatable)",
    )
    parser.add_argument("--ladder-only", action="store_true", help="skip the speeds")
    parser.add_argument(
        "--first", type=battle_number, default=1, help="each rung from this battle of its run (1)"
    )
    parser.add_argument(
        "--rows",
        type=Path,
        metavar="DIR",
        help="keep each rung's battles, a CSV a scenario and slice",
    )
    parser.add_argument(
        "--tally", type=Path, metavar="DIR", help="print the rungs kept in DIR; play nothing"
    )
    parser.add_argument(
        "--value",
        action="store_true",
        help="search rungs with the fitted leaf value (search:1:value, search:4:value)",
    )
    return parser.parse_args()


if __name__ == "__main__":
    given = arguments()
    if given.tally is not None:
        try:
            tally(given.tally)
        except (OSError, SkirmishError) as error:
            raise SystemExit(f"ai.py: error: {error}") from None
        raise SystemExit
    main(
        given.battles,
        given.search_battles,
        given.deep_battles,
        given.workers,
        ladder_only=given.ladder_only,
        more=tuple(given.also),
        start=given.first - 1,
        rows=given.rows,
        value=given.value,
    )
