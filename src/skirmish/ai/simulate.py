"""Many battles between computer players, for balance numbers that mean something.

Battles come in groups, one battle for each seating of the warbands on one seed: battle
``i`` is played on seed ``seed + i // n`` (``n`` warbands) with the warbands turned by
``i % n`` seats, so every warband meets the same dice from every seat, and who becomes the
scenario's Player 1 (the roll-off, 3.1) alternates. Each warband keeps its computer player.

A mirror (:attr:`Match.mirror`: every entry the same fighters and the same computer player)
is the exception: there, turning the seats on one seed would play the very same battle
again (the same setup, dice and players in every seat), counting one battle ``n`` times,
so battle ``i`` is played on its own seed, ``seed + i``, the seats still turned by
``i % n``.

A battle depends on its index alone (search players count their budget in look-aheads,
not seconds), so the answer is the same, byte for byte, in one process or many, and a long
run may be played in slices (``first``), on other machines or days, whose battles are
those of the whole run.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Protocol

from skirmish.ai import collection
from skirmish.ai.players import computer, simulated
from skirmish.datafiles import regular_file
from skirmish.engine.battle import MAX_SEED, BattleState, Figures, History, play_out
from skirmish.errors import DataError, SkirmishError
from skirmish.limits import FIRST_BATTLE, SIMULATED
from skirmish.report import Chance, Grid, Line, Mean, Report

CONFIDENCE = 0.95


class Simulated(Protocol):
    """What a simulation asks of a game's battles: where its computer players are, its
    first state from a setup, and the figures of a finished battle."""

    computers: str
    """``"module:NAME"`` of the game's :class:`~skirmish.ai.players.Computers`."""

    def first_state(self, setup: Any) -> BattleState[Any]: ...

    def figures(self, battle: Any) -> Figures: ...


class Settings(Protocol):
    """The battle settings of a simulation (a game's ``simulate`` options): a setup from a
    seed and the warbands in seat order, the game's :class:`Simulated` battles, and the
    entries (warbands, computer players, pack) the options give, checked."""

    @property
    def simulated(self) -> Simulated: ...

    def setup(
        self, seed: int, warbands: list[list[str]] | None = None, pack: Any = None
    ) -> Any: ...

    def entries(self) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...], Any]: ...


@dataclass(frozen=True)
class Match:
    """What is simulated: the warbands (fighter names) in the order given, the computer
    player of each, the battle's other settings (which build a battle's setup from its
    seed and its warbands in seat order) and the fighter pack every battle reads (the
    bundled one when ``None``)."""

    warbands: tuple[tuple[str, ...], ...]
    kinds: tuple[str, ...]
    settings: Settings
    pack: Any = None
    """Read once from ``--pack`` and carried to every worker, so that every battle, in any
    process, plays the same fighters whatever becomes of the file meanwhile."""

    @property
    def entries(self) -> int:
        return len(self.warbands)

    @classmethod
    def from_options(cls, options: Settings) -> Match:
        """The match ``simulate``'s options describe, checked before any battle
        (:meth:`Settings.entries`)."""
        warbands, kinds, pack = options.entries()
        return cls(warbands, kinds, options, pack)

    @property
    def mirror(self) -> bool:
        """Whether every entry is the same: the same fighters, compared as a multiset (the
        order a warband is written in is no rule's matter) in any case, and the same
        computer player as it plays in a simulation (a search player by the look-aheads its
        budget counts). Turning the seats of a mirror on one seed plays the same battle."""
        entries = {
            (tuple(sorted(n.casefold() for n in warband)), simulated(kind, game=self.computers))
            for warband, kind in zip(self.warbands, self.kinds, strict=True)
        }
        return len(entries) == 1

    @property
    def computers(self) -> str:
        """Where the game's computer players are (:attr:`Simulated.computers`)."""
        return self.settings.simulated.computers

    def battle_seed(self, seed: int, index: int) -> int:
        """The seed of battle ``index`` of a simulation from ``seed``: one seed for each group
        of seatings, or in a mirror one for each battle."""
        return seed + (index if self.mirror else index // self.entries)

    def seating(self, index: int) -> tuple[int, ...]:
        """The warband (its position as given) in each seat of battle ``index``."""
        turn = index % self.entries
        return tuple((seat + turn) % self.entries for seat in range(self.entries))


@dataclass(frozen=True)
class Outcome:
    """One battle's result, by warband as given (0 for the first ``--warband``)."""

    index: int
    seed: int
    seating: tuple[int, ...]
    player_one: int | None
    """The warband that was the scenario's Player 1 (3.1)."""
    winner: int | None
    rounds: int
    survivors: tuple[int, ...]
    reason: str
    """Why the battle ended, each side named by its warband (:func:`by_warband`)."""


def check_seeds(match: Match, seed: int, battles: int, first: int = 0) -> None:
    """Every battle's seed must be a seed (at most 2**63 - 1), and the first battle one of
    the run (index 0 or more)."""
    if first < 0:
        raise SkirmishError(f"battle {first + 1}: a run's battles are numbered from 1")
    last = match.battle_seed(seed, first + battles - 1)
    if last > MAX_SEED:
        raise SkirmishError(
            f"--seed {seed}: battles use seeds up to {last}, past the largest seed {MAX_SEED}"
        )


def play_battle(match: Match, seed: int, index: int) -> Outcome:
    """Battle ``index`` of the simulation from ``seed``."""
    return played(match, seed, index)[0]


def played(match: Match, seed: int, index: int) -> tuple[Outcome, History[Any]]:
    """Battle ``index`` of the simulation from ``seed``, and its history (every step and
    state, for figures beyond the outcome: :mod:`skirmish.ai.figures`)."""
    seating = match.seating(index)
    number = match.battle_seed(seed, index)
    warbands = [list(match.warbands[entry]) for entry in seating]
    setup = match.settings.setup(number, warbands, match.pack)
    players = [
        computer(match.kinds[entry], setup, number, seat, game=match.computers, clock=False)
        for seat, entry in enumerate(seating)
    ]
    battles = match.settings.simulated
    history = History.start(battles.first_state(setup), number)
    end = play_out(history, players)
    figures = battles.figures(history.state)
    survivors = [0] * match.entries
    for seat, standing in enumerate(figures.survivors):
        survivors[seating[seat]] += standing
    outcome = Outcome(
        index=index,
        seed=number,
        seating=seating,
        player_one=None if figures.player_one is None else seating[figures.player_one],
        winner=None if end.winner is None else seating[end.winner],
        rounds=figures.rounds,
        survivors=tuple(survivors),
        reason=by_warband(end.reason, seating),
    )
    return outcome, history


_MATCH: tuple[Match, int] | None = None


def _start_worker(match: Match, seed: int) -> None:
    global _MATCH
    _MATCH = (match, seed)
    collection.tune()


def _play_in_worker(index: int) -> Outcome:
    assert _MATCH is not None
    return play_battle(_MATCH[0], _MATCH[1], index)


def simulate(
    match: Match,
    *,
    battles: int,
    seed: int,
    workers: int = 1,
    first: int = 0,
    progress: Callable[[int], None] | None = None,
) -> list[Outcome]:
    """Play ``battles`` battles (in ``workers`` processes), in order of their index from
    ``first`` (0 for a whole run), seats turned on shared seeds (in a mirror, each battle
    on its own seed: :meth:`Match.battle_seed`); ``progress`` is called with the number
    finished after each. Battles ``first`` to ``first + battles - 1`` are those a run
    from 0 plays at those indices, whatever slices it is played in."""
    check_seeds(match, seed, battles, first)
    found: list[Outcome] = []
    for outcome in _played(match, range(first, first + battles), seed, workers):
        found.append(outcome)
        if progress is not None:
            progress(len(found))
    return found


def _played(match: Match, indices: range, seed: int, workers: int) -> Iterator[Outcome]:
    if workers == 1 or len(indices) == 1:
        with collection.tuned():
            for index in indices:
                yield play_battle(match, seed, index)
        return
    context = get_context("fork" if os.name == "posix" else "spawn")
    with ProcessPoolExecutor(
        min(workers, len(indices)),
        mp_context=context,
        initializer=_start_worker,
        initargs=(match, seed),
    ) as pool:
        yield from pool.map(_play_in_worker, indices)


# -- the summary -------------------------------------------------------------------------


def interval(wins: int, battles: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    from scipy.stats import binomtest

    found = binomtest(wins, battles).proportion_ci(CONFIDENCE, method="wilson")
    return float(found.low), float(found.high)


def intervals(wins: Sequence[int], battles: Sequence[int]) -> list[tuple[float, float]]:
    """The 95% Wilson score intervals of many win rates at once, in closed form over arrays
    (what :func:`interval` gives one at a time, checked against it by the tests): a
    report over thousands of pairings pays for one array operation, not a search each."""
    import numpy as np
    from scipy.stats import norm

    k = np.asarray(wins, dtype=float)
    n = np.asarray(battles, dtype=float)
    z = float(norm.ppf(1 - (1 - CONFIDENCE) / 2))
    with np.errstate(divide="ignore", invalid="ignore"):
        p = k / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        spread = z / (1 + z * z / n) * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low = np.where(n > 0, np.clip(centre - spread, 0.0, 1.0), 0.0)
    high = np.where(n > 0, np.clip(centre + spread, 0.0, 1.0), 1.0)
    return [(float(a), float(b)) for a, b in zip(low, high, strict=True)]


def summary_data(match: Match, outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """The JSON answer: battles, wins, win rate and its 95% interval by warband (``"1"``,
    ``"2"``, ... in the order given), draws, mean rounds."""
    battles = len(outcomes)
    keys = [str(entry + 1) for entry in range(match.entries)]
    wins = {key: sum(1 for o in outcomes if o.winner == e) for e, key in enumerate(keys)}
    return {
        "battles": battles,
        "wins": wins,
        "win_rate": {key: round(wins[key] / battles, 4) for key in keys},
        "ci95": {key: [round(v, 4) for v in interval(wins[key], battles)] for key in keys},
        "draws": sum(1 for o in outcomes if o.winner is None),
        "mean_rounds": round(sum(o.rounds for o in outcomes) / battles, 4),
    }


def report(match: Match, outcomes: Sequence[Outcome], title: str) -> Report:
    """Wins per warband with 95% intervals, draws, mean rounds and survivors, and the
    wins of the scenario's Player 1 among the decided battles (a draw has no winner to
    be Player 1 or not)."""
    data = summary_data(match, outcomes)
    battles = len(outcomes)
    rows = []
    for entry, warband in enumerate(match.warbands):
        key = str(entry + 1)
        low, high = data["ci95"][key]
        survivors = Fraction(sum(o.survivors[entry] for o in outcomes), battles)
        rows.append(
            (
                key,
                ", ".join(warband),
                match.kinds[entry],
                data["wins"][key],
                Chance(Fraction(data["wins"][key], battles)),
                f"{low:.1%}-{high:.1%}",
                Mean(survivors),
            )
        )
    grid = Grid(
        ("#", "warband", "player", "wins", "win rate", "95% interval", "survivors"),
        tuple(rows),
        title=title,
    )
    decided = [o for o in outcomes if o.player_one is not None and o.winner is not None]
    first_wins = sum(1 for o in decided if o.winner == o.player_one)
    share = f" ({first_wins / len(decided):.1%})" if decided else ""
    lines = (
        Line.of(
            f"battles {battles}, draws {data['draws']}, mean rounds ",
            Mean(Fraction(sum(o.rounds for o in outcomes), battles)),
        ),
        Line.of(
            f"the scenario's Player 1 (3.1) won {first_wins} of {len(decided)} decided "
            f"{plural(len(decided), 'battle')}{share}"
        ),
    )
    return Report((grid, *lines), data)


def plural(count: int, noun: str) -> str:
    """``noun`` as ``count`` of it reads: "1 battle", "2 battles"."""
    return noun if count == 1 else noun + "s"


SEAT_WORDS = re.compile(r"\bplayer (\d+)\b")
"""A seat as a battle's end names it ("player 2"): lower case, where the scenario's role
is "Player 1" (3.1), so the role is never taken for a seat."""


def by_warband(reason: str, seating: Sequence[int]) -> str:
    """Why a battle ended, each seat it names ("player 2") named by the warband that sat
    there ("warband 1"), as the winner column names the winner."""

    def named(found: re.Match[str]) -> str:
        seat = int(found.group(1)) - 1
        if not 0 <= seat < len(seating):
            return found.group(0)
        return f"warband {seating[seat] + 1}"

    return SEAT_WORDS.sub(named, reason)


def digest(value: object) -> str:
    """A short fingerprint of data (a pack, a battlefield): equal data, equal text."""
    text = json.dumps(value, sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def played_with(match: Match, seed: int) -> dict[str, str]:
    """Every option that changes a battle of ``match`` but not its seed or warbands, by
    its flag: the scenario and its version, the players, each agreed option (rulings
    included), the battlefield (``random``, or a fingerprint of the table) and the pack (its
    name and a fingerprint of its fighters). Written with each row, so that ``--tally``
    counts only battles played as the command describes."""
    setup = match.settings.setup(seed, [list(w) for w in match.warbands], match.pack)
    found = {
        "--scenario": setup.scenario.id,
        "--scenario-version": setup.scenario.version.split()[0],
        "--players": ",".join(match.kinds),
    }
    for name, value in setup.options.as_dict().items():
        found["--" + name.replace("_", "-")] = "default" if value is None else str(value)
    if getattr(match.settings, "battlefield", None) == "random":
        found["--battlefield"] = "random"
    else:
        found["--battlefield"] = f"{setup.table.name} {digest(setup.table.data)}"
    found["--pack"] = f"{setup.pack.name} {digest(repr(setup.pack))}"
    return {flag: value.replace(";", ",") for flag, value in found.items()}


def played_text(found: dict[str, str]) -> str:
    """:func:`played_with` as one cell: ``--scenario deathmatch; --players greedy,random; ...``."""
    return "; ".join(f"{flag} {value}" for flag, value in found.items())


def header(match: Match) -> list[str]:
    """The columns of :func:`rows_csv` for ``match``'s number of warbands."""
    entries = range(1, match.entries + 1)
    return [
        "battle",
        "seed",
        *(f"seat {s}" for s in entries),
        "player 1",
        "winner",
        "rounds",
        *(f"survivors {e}" for e in entries),
        "reason",
        *(f"warband {e}" for e in entries),
        "played with",
    ]


def rows_csv(match: Match, outcomes: Sequence[Outcome]) -> str:
    """One row per battle: its seed, the warband in each seat, who was Player 1, the
    winner, rounds, each warband's survivors and why the battle ended (each side named by
    its warband, as the winner is), then each warband's fighters and every other option
    the battle was played with (:func:`played_with`), so that the file says what was
    played without the command."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header(match))
    fighters = [", ".join(warband) for warband in match.warbands]
    settings = played_text(played_with(match, outcomes[0].seed)) if outcomes else ""
    for o in outcomes:
        writer.writerow(
            [
                o.index + 1,
                o.seed,
                *(e + 1 for e in o.seating),
                "" if o.player_one is None else o.player_one + 1,
                "draw" if o.winner is None else o.winner + 1,
                o.rounds,
                *o.survivors,
                o.reason,
                *fighters,
                settings,
            ]
        )
    return out.getvalue()


# -- battles played before, read back -----------------------------------------------------


def spans(numbers: Iterable[int]) -> str:
    """Battle numbers as runs, ``31-150, 171-200`` (one alone as itself)."""
    found: list[list[int]] = []
    for number in sorted(numbers):
        if found and number == found[-1][1] + 1:
            found[-1][1] = number
        else:
            found.append([number, number])
    return ", ".join(f"{low}-{high}" if high > low else str(low) for low, high in found)


TALLY_LINES = 2 * SIMULATED.maximum
"""Lines read back in all, headers and blank lines included, before reading stops: twice
the most battles one run may play (:data:`~skirmish.limits.SIMULATED`), so any run's
slices, each with its header, are read, and an endless file is not."""


def read_rows(match: Match, seed: int, paths: Sequence[Path]) -> list[Outcome]:
    """The battles that ``simulate -o`` wrote to ``paths`` (whole runs, slices, or slices
    joined with their headers kept), in order of their number, each checked against the
    run ``match`` plays from ``seed``: its seed and seats as that run gives them to its
    number, each warband's fighters, a Player 1 and a winner among the warbands, no more
    rounds than the battle may have and survivors no more than the warband's fighters.
    Each file starts with the header (a byte-order mark before it and blank lines are
    passed over). A battle found twice, or anything else that is not such a row, is a
    :class:`DataError` naming the file and line; the files are read a line at a time, up
    to :data:`TALLY_LINES` in all."""
    setup = match.settings.setup(seed, [list(w) for w in match.warbands], match.pack)
    most_rounds = setup.options.round_limit(setup.scenario) + setup.options.overtime
    columns = header(match)
    expected = played_with(match, seed)
    most_lines = TALLY_LINES
    found: dict[int, Outcome] = {}
    lines = 0
    for path in paths:
        file = regular_file(path, "simulation results")
        headed = False
        try:
            with file.open(encoding="utf-8-sig", newline="") as stream:
                reader = csv.reader(stream, strict=True)
                for row in reader:
                    where = f"{file}, line {reader.line_num}"
                    lines += 1
                    if lines > most_lines:
                        raise DataError(
                            f"{where}: more than {most_lines:,} lines read; a run has at "
                            f"most {SIMULATED.maximum:,} battles"
                        )
                    if not row:
                        continue
                    if row == columns:
                        headed = True
                        continue
                    if not headed:
                        raise DataError(
                            f"{where}: no header of a simulation of {match.entries} warbands "
                            f"before the battles; expected {','.join(columns)}"
                        )
                    outcome = _outcome(match, seed, columns, row, where, most_rounds)
                    _check_played_with(row[-1], expected, where, outcome.index + 1)
                    if outcome.index in found:
                        raise DataError(f"{where}: battle {outcome.index + 1} is given twice")
                    found[outcome.index] = outcome
        except csv.Error as error:
            raise DataError(f"{file}, line {reader.line_num}: not CSV: {error}") from None
        except UnicodeDecodeError as error:
            raise DataError(
                f"{file}: not a text file (byte {error.start} of a line is not UTF-8); "
                "expected simulation results in CSV"
            ) from None
        except OSError as error:
            raise DataError(f"{file}: cannot read simulation results: {error.strerror}") from None
        if not headed:
            raise DataError(f"{file}: the file is empty; expected simulation results in CSV")
    if not found:
        named = str(paths[0]) if len(paths) == 1 else f"{len(paths)} files from {paths[0]}"
        raise DataError(f"{named}: no battles, only the header")
    return [found[index] for index in sorted(found)]


def _check_played_with(cell: str, expected: dict[str, str], where: str, battle: int) -> None:
    """A row's ``played with`` cell against the options of the command counting it: the
    first that differs is named, with both values."""
    given: dict[str, str] = {}
    for part in cell.split("; "):
        flag, _, value = part.partition(" ")
        given[flag] = value
    for flag, value in expected.items():
        if given.get(flag) != value:
            was = given.get(flag)
            shown = "nothing" if was is None else repr(was)
            raise DataError(
                f"{where}: battle {battle} was played with {flag} {shown}; this command "
                f"plays {flag} {value!r}, so the row is not one of its battles"
            )
    extra = sorted(set(given) - set(expected))
    if extra:
        raise DataError(f"{where}: battle {battle} was played with {extra[0]}, unknown here")


def _outcome(
    match: Match, seed: int, columns: list[str], cells: list[str], where: str, most_rounds: int
) -> Outcome:
    """One row of :func:`rows_csv` (``columns`` its :func:`header`) read back and checked
    (see :func:`read_rows`)."""
    if len(cells) != len(columns):
        raise DataError(f"{where}: {len(cells)} columns, expected {len(columns)}")
    row = dict(zip(columns, cells, strict=True))

    def number(column: str, low: int, high: int) -> int:
        text = row[column]
        if not (text.isascii() and text.isdigit() and len(text) <= 20 and low <= int(text) <= high):
            raise DataError(f"{where}: {column} {text!r} is not a number from {low} to {high}")
        return int(text)

    entries = match.entries
    battle = number("battle", 1, FIRST_BATTLE.maximum + SIMULATED.maximum - 1)
    index = battle - 1
    if row["battle"] != str(battle):
        raise DataError(f"{where}: battle {row['battle']!r} is written {battle}")
    expected_seed = match.battle_seed(seed, index)
    if row["seed"] != str(expected_seed):
        raise DataError(
            f"{where}: battle {battle} has seed {row['seed']!r}; the run from --seed {seed} "
            f"plays it on seed {expected_seed}"
        )
    seating = match.seating(index)
    seats = tuple(row[f"seat {s + 1}"] for s in range(entries))
    if seats != tuple(str(e + 1) for e in seating):
        raise DataError(
            f"{where}: battle {battle} seats warbands {', '.join(seats)}; the run seats "
            f"{', '.join(str(e + 1) for e in seating)}"
        )
    for entry, warband in enumerate(match.warbands):
        given = row[f"warband {entry + 1}"]
        if given != ", ".join(warband):
            raise DataError(
                f"{where}: warband {entry + 1} is {given!r}, not --warband {','.join(warband)!r}"
            )
    no_player_one = row["player 1"] == ""
    return Outcome(
        index=index,
        seed=expected_seed,
        seating=seating,
        player_one=None if no_player_one else number("player 1", 1, entries) - 1,
        winner=None if row["winner"] == "draw" else number("winner", 1, entries) - 1,
        rounds=number("rounds", 1, most_rounds),
        survivors=tuple(
            number(f"survivors {e + 1}", 0, len(match.warbands[e])) for e in range(entries)
        ),
        reason=row["reason"],
    )
