"""``skirmish simulate``: seats turned on paired seeds (a mirror's battles each on its own
seed), the answer's JSON shape, the same bytes in any number of processes, the CSV, 95%
intervals, and bad input refused."""

from __future__ import annotations

import csv
import io
import json
import math
import re
import sys
from pathlib import Path

import pytest

from skirmish.ai.players import computer
from skirmish.ai.simulate import (
    Match,
    Outcome,
    by_warband,
    interval,
    play_battle,
    read_rows,
    rows_csv,
    simulate,
    spans,
    summary_data,
)
from skirmish.engine.battle import History, play_out
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle import start_battle
from skirmish.games.magewinds.battles import COMPUTERS, SIMULATED_BATTLES
from skirmish.games.magewinds.game import GAME

sys.path.insert(0, str(Path(__file__).parents[1] / "battles"))
from mwbattle import QUICK_BANDS

BASE = ("simulate", "magewinds", "--scenario", "deathmatch", *QUICK_BANDS, "--rounds", "1")


class _Named:
    """Settings that only name the game's battles (for a match's mirror and seats)."""

    simulated = SIMULATED_BATTLES


MAGEWINDS = _Named()


def test_json_answer_has_the_documented_shape_and_adds_up(cli):
    run = cli(*BASE, "--players", "greedy,random", "--battles", "4", "--seed", "3", "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert list(data) == ["battles", "wins", "win_rate", "ci95", "draws", "mean_rounds"]
    assert data["battles"] == 4
    assert list(data["wins"]) == ["1", "2"]
    assert sum(data["wins"].values()) + data["draws"] == 4
    for key in ("1", "2"):
        assert data["win_rate"][key] == data["wins"][key] / 4
        low, high = data["ci95"][key]
        assert low <= data["win_rate"][key] <= high
    assert data["mean_rounds"] == 1


def test_any_number_of_workers_gives_the_same_bytes(cli, tmp_path):
    args = (*BASE, "--players", "greedy,random", "--battles", "6", "--seed", "11")
    one = cli(*args, "-o", str(tmp_path / "one.csv"))
    two = cli(*args, "--workers", "3", "-o", str(tmp_path / "two.csv"))
    assert one.code == two.code == 0, (one.err, two.err)
    assert one.out == two.out
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "two.csv").read_bytes()


@pytest.mark.parametrize("players", ["greedy,random", "random,random"])
def test_slices_from_first_battle_join_up_to_the_whole_run(cli, tmp_path, players):
    """A run split into slices with --first-battle plays the whole run's battles: the
    slices' CSV rows, their headers dropped after the first, are the whole run's bytes, in
    a pairing of seats and in a mirror (battles on seeds of their own), a slice starting
    inside a pair included; a slice's title names its battles."""
    args = (*MIRROR[:-2], "--players", players, "--seed", "7")
    if players == "greedy,random":
        args = (*BASE, "--players", players, "--seed", "7")
    whole = cli(*args, "--battles", "5", "-o", str(tmp_path / "whole.csv"))
    assert whole.code == 0, whole.err
    parts = []
    for first, battles in (("1", "2"), ("3", "1"), ("4", "2")):
        path = tmp_path / f"from-{first}.csv"
        run = cli(*args, "--battles", battles, "--first-battle", first, "-o", str(path))
        assert run.code == 0, run.err
        heading = run.out.splitlines()[0].rstrip()
        shown = {"1": "2 battles", "3": "1 battle (3)", "4": "2 battles (4-5)"}[first]
        assert heading.endswith(f"deathmatch, {shown}")
        parts.append(path.read_bytes().splitlines(keepends=True))
    joined = parts[0] + [row for part in parts[1:] for row in part[1:]]
    assert b"".join(joined) == (tmp_path / "whole.csv").read_bytes()


def test_a_slice_checks_the_seed_of_its_last_battle_and_its_first_number(cli):
    match = mirror_match()
    with pytest.raises(SkirmishError, match="past the largest seed"):
        simulate(match, battles=1, seed=2**63 - 5, first=5)
    assert [o.index for o in simulate(match, battles=1, seed=2**63 - 5, first=4)] == [4]
    run = cli(*BASE, "--players", "random,random", "--first-battle", "0", "--battles", "1")
    assert run.code == 2
    assert "--first-battle 0" in run.err and len(run.err.strip().splitlines()) == 1


def test_seats_are_turned_on_paired_seeds_and_each_warband_keeps_its_player(cli, tmp_path):
    path = tmp_path / "rows.csv"
    run = cli(
        *BASE, "--players", "random,greedy", "--battles", "4", "--seed", "20", "-o", str(path)
    )
    assert run.code == 0, run.err
    assert f"wrote {path}" in run.err
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    assert [r["seed"] for r in rows] == ["20", "20", "21", "21"]
    assert [(r["seat 1"], r["seat 2"]) for r in rows] == [("1", "2"), ("2", "1")] * 2
    # The same dice decide the roll-off (3.1) in both battles of a pair: the same seat wins
    # it, so the other warband is the scenario's Player 1.
    assert rows[0]["player 1"] != rows[1]["player 1"]
    assert rows[2]["player 1"] != rows[3]["player 1"]
    assert "random" in run.out and "greedy" in run.out


MIRROR = (
    *BASE[:4],
    "--warband",
    "Wizard,Witch",
    "--warband",
    "Wizard,Witch",
    *BASE[-4:],
    "--players",
    "random,random",
)


def mirror_match(players: int = 2, scenario: str = "deathmatch") -> Match:
    options = GAME.options(
        "simulate",
        scenario=scenario,
        warband=["Wizard,Witch"] * players,
        players=",".join(["random"] * players),
        length="quick",
        rounds=1,
    )
    return Match.from_options(options)


def played_directly(seed: int, seating: tuple[int, ...]) -> tuple[int | None, int, str, str]:
    """The mirror battle on ``seed``, the warbands seated as given, played without
    ``simulate``: the winner (by warband), rounds, why it ended and the final state's hash."""
    match = mirror_match()
    setup = match.settings.setup(seed, [list(match.warbands[e]) for e in seating])
    players = [
        computer("random", setup, seed, seat, game=COMPUTERS) for seat in range(len(seating))
    ]
    history = History.start(start_battle(setup), seed)
    end = play_out(history, players)
    winner = None if end.winner is None else seating[end.winner]
    return winner, history.state.round, end.reason, history.state.state_hash()  # type: ignore[attr-defined]


def test_a_mirror_plays_each_battle_on_its_own_seed(cli, tmp_path):
    """Every warband and player the same: battle i on seed + i (seats still turned), each
    the battle played directly on that seed, all different, the same bytes with 2
    workers."""
    one = cli(*MIRROR, "--battles", "4", "--seed", "20", "-o", str(tmp_path / "one.csv"))
    two = cli(
        *MIRROR, "--battles", "4", "--seed", "20", "--workers", "2", "-o", str(tmp_path / "two.csv")
    )
    assert one.code == two.code == 0, (one.err, two.err)
    assert one.out == two.out
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "two.csv").read_bytes()
    rows = list(csv.DictReader(io.StringIO((tmp_path / "one.csv").read_text())))
    assert [r["seed"] for r in rows] == ["20", "21", "22", "23"]
    seatings = [(0, 1), (1, 0)] * 2
    assert [(r["seat 1"], r["seat 2"]) for r in rows] == [
        (str(a + 1), str(b + 1)) for a, b in seatings
    ]
    hashes = set()
    for row, seating in zip(rows, seatings, strict=True):
        winner, rounds, reason, state = played_directly(int(row["seed"]), seating)
        assert row["winner"] == ("draw" if winner is None else str(winner + 1))
        assert (int(row["rounds"]), row["reason"]) == (rounds, by_warband(reason, seating))
        hashes.add(state)
    assert len(hashes) == 4


def test_turning_a_mirror_on_one_seed_would_play_the_same_battle():
    """Why a mirror is not paired: battles 0 and 1 on the same seed (seats turned) end the
    same way seat for seat, so a pair would count one battle twice."""
    match = mirror_match()
    assert match.battle_seed(30, 0) == match.battle_seed(29, 1) == 30
    first, turned = play_battle(match, 30, 0), play_battle(match, 29, 1)
    assert turned.seating == (1, 0)

    def by_seat(o: Outcome) -> tuple[object, ...]:
        seat = {entry: s for s, entry in enumerate(o.seating)}
        return (
            None if o.player_one is None else seat[o.player_one],
            None if o.winner is None else seat[o.winner],
            o.rounds,
            tuple(o.survivors[e] for e in o.seating),
            re.sub(r"warband (\d)", lambda m: f"seat {seat[int(m[1]) - 1] + 1}", o.reason),
        )

    assert by_seat(first) == by_seat(turned)


def test_a_mirror_of_three_warbands_turns_every_seat_on_its_own_seeds():
    match = mirror_match(3, "battle-royale")
    found = simulate(match, battles=3, seed=5)
    assert [o.seed for o in found] == [5, 6, 7]
    for seat in range(3):
        assert sorted(o.seating[seat] for o in found) == [0, 1, 2]


@pytest.mark.parametrize(
    ("warbands", "kinds", "mirror"),
    [
        ((("Wizard", "Witch"), ("Wizard", "Witch")), ("greedy", "greedy"), True),
        ((("Wizard", "Witch"), ("witch", "Wizard")), ("greedy", "greedy"), True),
        ((("Wizard", "Witch"), ("Wizard", "Witch")), ("search", "search:1"), True),
        ((("Wizard", "Witch"), ("Wizard", "Witch")), ("search:1", "search:1.005"), True),
        ((("Wizard", "Witch"), ("Wizard", "Witch")), ("search:1", "search:2"), False),
        ((("Wizard", "Witch"), ("Wizard", "Witch")), ("greedy", "random"), False),
        ((("Wizard", "Witch"), ("Wizard", "Wizard")), ("greedy", "greedy"), False),
        ((("Wizard",), ("Wizard", "Wizard")), ("random", "random"), False),
        ((("Seer",),) * 3, ("random",) * 3, True),
        ((("Seer",), ("Seer",), ("Druid",)), ("random",) * 3, False),
    ],
)
def test_what_counts_as_a_mirror(warbands, kinds, mirror):
    """The same fighters in any order and case, and the same player as it plays in a
    simulation (search by the greedy activations its budget counts: 1 s and 1.005 s both 70)."""
    match = Match(warbands, kinds, settings=MAGEWINDS)  # type: ignore[arg-type]
    assert match.mirror is mirror
    seeds = [match.battle_seed(10, i) for i in range(2 * match.entries)]
    if mirror:
        assert seeds == list(range(10, 10 + 2 * match.entries))
    else:
        assert seeds == [10] * match.entries + [11] * match.entries


def test_a_mirror_checks_the_seed_of_its_last_battle():
    run_seed = 2**63 - 3
    match = mirror_match()
    with pytest.raises(SkirmishError, match="past the largest seed"):
        simulate(match, battles=4, seed=run_seed)


def test_wilson_interval_matches_the_formula():
    z = 1.959963984540054
    for wins, n in [(0, 10), (7, 10), (40, 50), (400, 400)]:
        p = wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        low, high = interval(wins, n)
        assert low == pytest.approx(max(0.0, centre - half), abs=1e-9)
        assert high == pytest.approx(min(1.0, centre + half), abs=1e-9)


def test_summary_counts_by_warband_not_by_seat():
    match = Match((("Wizard",), ("Druid",)), ("greedy", "random"), settings=MAGEWINDS)  # type: ignore[arg-type]
    outcomes = [
        Outcome(0, 1, (0, 1), 0, 0, 3, (1, 0), ""),
        Outcome(1, 1, (1, 0), 1, 0, 2, (1, 0), ""),
        Outcome(2, 2, (0, 1), 0, None, 4, (1, 1), ""),
    ]
    data = summary_data(match, outcomes)
    assert data["wins"] == {"1": 2, "2": 0}
    assert data["draws"] == 1
    assert data["mean_rounds"] == 3


def test_simulate_reports_progress_after_each_battle():
    options = GAME.options(
        "simulate",
        scenario="deathmatch",
        warband=["Wizard", "Druid"],
        players="random,random",
        length="quick",
        rounds=1,
    )
    seen: list[int] = []
    found = simulate(Match.from_options(options), battles=3, seed=4, progress=seen.append)
    assert seen == [1, 2, 3]
    assert [o.index for o in found] == [0, 1, 2]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--players", "human,greedy"), "played by computer players"),
        (("--players", "search:0,greedy"), "greater than or equal to 0.05"),
        (("--players", "greedy"), "1 player for 2 warbands"),
        (("--battles", "0"), "--battles"),
        (("--workers", "65"), "--workers"),
        (("--warband", "Wizard", "--warband", "Nobody"), "unknown fighter 'Nobody'"),
        (("--warband", "Wizard"), "is for 2 players"),
        (("--seed", str(2**63 - 1), "--battles", "4"), "past the largest seed"),
    ],
)
def test_bad_input_is_one_line_and_nothing_is_written(cli, tmp_path, args, message):
    path = tmp_path / "rows.csv"
    base = BASE if "--warband" not in args else BASE[: BASE.index("--warband")] + BASE[-4:]
    run = cli(*base, *args, "-o", str(path))
    assert run.code == 2
    assert message in run.err
    assert len(run.err.strip().splitlines()) == 1
    assert not path.exists()


def test_output_in_a_missing_folder_or_a_folder_is_refused_before_any_battle(cli, tmp_path):
    run = cli(*BASE, "-o", str(tmp_path / "none" / "rows.csv"))
    assert run.code == 2
    assert "does not exist" in run.err
    run = cli(*BASE, "-o", str(tmp_path))
    assert run.code == 2
    assert "is a directory" in run.err


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players_each_warband_in_every_seat_equally(cli, tmp_path, players):
    """Battle Royale with 3 and 4 warbands: keys "1".."N" in the order given, each warband
    in each seat equally often (the seating turns on each seed), the same bytes in any
    number of processes, and a table that fits 80 columns."""
    bands = ["Wizard", "Druid", "Seer", "Cleric"][:players]
    kinds = ",".join(["greedy", *["random"] * (players - 1)])
    args = ["simulate", "magewinds", "--scenario", "battle-royale", "--length", "quick"]
    for band in bands:
        args += ["--warband", band]
    args += ["--rounds", "1", "--players", kinds, "--battles", str(players), "--seed", "5"]
    one = cli(*args, "-o", str(tmp_path / "one.csv"))
    two = cli(*args, "--workers", "2", "-o", str(tmp_path / "two.csv"))
    assert one.code == two.code == 0, (one.err, two.err)
    assert one.out == two.out
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "two.csv").read_bytes()
    assert max(len(line) for line in one.out.splitlines()) <= 80
    rows = list(csv.DictReader(io.StringIO((tmp_path / "one.csv").read_text())))
    assert len(rows) == players and {r["seed"] for r in rows} == {"5"}
    for seat in range(1, players + 1):
        assert sorted(r[f"seat {seat}"] for r in rows) == [str(p + 1) for p in range(players)]
    data = json.loads(cli(*args, "--json").out)
    assert list(data["wins"]) == [str(p + 1) for p in range(players)]
    assert sum(data["wins"].values()) + data["draws"] == players


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--players", "greedy,random,random"), "is for 2 players"),
        (("--players", "greedy,bogus"), "'bogus' is not a computer player"),
        (("--battles", "100001"), "--battles"),
        (("--building", "secret"), "warbands are built in play only in 'skirmish play'"),
    ],
)
def test_more_bad_input_is_one_line(cli, args, message):
    extra = ("--warband", "Seer") if args[1].count(",") == 2 else ()
    run = cli(*BASE, *extra, *args)
    assert run.code == 2 and message in run.err
    assert len(run.err.strip().splitlines()) == 1


# -- what a user meets: the messages, the table's words, the files --------------------


@pytest.mark.parametrize(
    ("args", "wanted", "unwanted"),
    [
        # The entry at fault is named, and a simulation never suggests a person.
        (("--players", "greedy,bogus"), "'bogus' is not a computer player", "human"),
        (("--players", "random"), "1 player for 2 warbands", "human"),
        # search with ':' but no seconds is a typo, not the default budget.
        (("--players", "search:,random"), "'search:'", "human"),
    ],
)
def test_players_errors_name_the_entry_and_offer_only_computer_players(
    cli, tmp_path, args, wanted, unwanted
):
    path = tmp_path / "rows.csv"
    run = cli(*BASE, *args, "--battles", "2", "-o", str(path))
    assert run.code == 2, run.out
    assert wanted in run.err
    assert unwanted not in run.err
    assert len(run.err.strip().splitlines()) == 1
    assert not path.exists()


def test_three_warbands_with_the_default_players_get_an_example_of_three(cli):
    args = ["simulate", "magewinds", "--scenario", "battle-royale", "--length", "quick"]
    for band in ("Wizard", "Druid", "Seer"):
        args += ["--warband", band]
    run = cli(*args)
    assert run.code == 2
    assert "2 players for 3 warbands" in run.err and "greedy,random,random" in run.err
    assert "human" not in run.err


def test_five_warbands_are_refused_by_the_scenario_rule_not_a_list_length(cli):
    args = ["simulate", "magewinds", "--scenario", "battle-royale", "--length", "quick"]
    for band in ("Wizard", "Druid", "Seer", "Cleric", "Witch"):
        args += ["--warband", band]
    run = cli(*args, "--players", ",".join(["random"] * 5))
    assert run.code == 2
    assert "is for 3 or 4 players" in run.err and "not 5" in run.err
    assert "[" not in run.err and "list should" not in run.err


def test_a_warband_is_read_as_the_battle_reads_it():
    """A stray comma or another case names the same fighters the battle plays, so "Wizard,"
    against "wizard" is a mirror (paired seeds would play one battle twice) and the table
    names the profiles as the pack does."""
    options = GAME.options(
        "simulate",
        scenario="deathmatch",
        warband=["Wizard, ", "wizard"],
        players="random,random",
        length="quick",
        rounds=1,
    )
    match = Match.from_options(options)
    assert match.warbands == (("Wizard",), ("Wizard",))
    assert match.mirror


def test_an_output_that_cannot_be_written_is_refused_before_any_battle(cli, tmp_path, monkeypatch):
    """A folder without write permission (faked: the tests may run as root, who may write
    anywhere) is refused at once, not after hours of battles."""
    import os

    folder = tmp_path / "locked"
    folder.mkdir()
    real = os.access
    monkeypatch.setattr(
        os, "access", lambda p, mode, **kw: False if str(p) == str(folder) else real(p, mode, **kw)
    )
    run = cli(*BASE, "--players", "random,random", "--battles", "2", "-o", str(folder / "r.csv"))
    assert run.code == 2
    assert "cannot write" in run.err and "r.csv" in run.err
    assert len(run.err.strip().splitlines()) == 1
    assert run.out == ""


def test_stderr_holds_only_the_file_written_when_not_a_terminal(cli, tmp_path):
    path = tmp_path / "rows.csv"
    run = cli(*BASE, "--players", "random,random", "--battles", "2", "-o", str(path))
    assert run.code == 0
    assert run.err == f"wrote {path}\n"


def test_player_one_is_counted_over_the_decided_battles():
    """The scenario's Player 1 line counts the battles somebody won, as the ladder does,
    and says how many of how many; one battle is 'battle'."""
    from skirmish.ai.simulate import report
    from skirmish.cli.render import text

    match = Match((("Wizard",), ("Druid",)), ("greedy", "random"), settings=MAGEWINDS)  # type: ignore[arg-type]
    outcomes = [
        Outcome(0, 1, (0, 1), 0, 0, 3, (1, 0), ""),  # Player 1 (warband 1) won
        Outcome(1, 1, (1, 0), 1, 0, 2, (1, 0), ""),  # Player 1 (warband 2) lost
        Outcome(2, 2, (0, 1), 0, None, 4, (1, 1), ""),  # a draw
    ]

    def line(found):
        return "".join(text(p, fractions=False) for p in found.blocks[-1].parts)

    assert line(report(match, outcomes, "t")) == (
        "the scenario's Player 1 (3.1) won 1 of 2 decided battles (50.0%)"
    )
    assert line(report(match, outcomes[2:], "t")) == (
        "the scenario's Player 1 (3.1) won 0 of 0 decided battles"
    )
    assert line(report(match, outcomes[:1], "t")) == (
        "the scenario's Player 1 (3.1) won 1 of 1 decided battle (100.0%)"
    )


def test_one_battle_is_one_battle_in_the_title(cli):
    run = cli(*BASE, "--players", "random,random", "--battles", "1")
    assert run.code == 0, run.err
    assert "deathmatch, 1 battle " in run.out.splitlines()[0] + " "


def test_standard_warbands_fit_one_table_at_80_columns(cli, monkeypatch):
    """Four fighters a warband, as the README's battles have: the warband column wraps
    between fighters instead of pushing survivors into a second table."""
    monkeypatch.setenv("COLUMNS", "80")
    run = cli(
        *BASE[:4],
        "--warband",
        "Wizard,Cleric,Guardian,Witch",
        "--warband",
        "Druid,Mesmer,Seer,Deadeye",
        "--rounds",
        "1",
        "--players",
        "random,random",
        "--battles",
        "2",
    )
    assert run.code == 0, run.err
    assert "(continued)" not in run.out
    assert max(len(line) for line in run.out.splitlines()) <= 80
    assert "survivors" in run.out and "Deadeye" in run.out


def test_more_warbands_than_any_battle_holds_is_one_plain_line(cli):
    args = ["simulate", "magewinds", "--scenario", "battle-royale"]
    for _ in range(9):
        args += ["--warband", "Wizard"]
    run = cli(*args)
    assert run.code == 2
    assert run.err.strip() == "skirmish: error: --warband given 9 times; give it at most 8 times"


# -- battles played before, counted again (--tally) -----------------------------------------

TALLIED = (*BASE, "--players", "greedy,random", "--seed", "7")


@pytest.fixture(scope="module")
def slices(tmp_path_factory):
    """A run of 5 battles written whole, and as slices of 2 and 3 (``--first-battle``), as
    ``-o`` writes them."""
    folder = tmp_path_factory.mktemp("slices")
    options = GAME.options(
        "simulate",
        scenario="deathmatch",
        warband=["Wizard,Witch", "Druid,Seer"],
        length="quick",
        rounds=1,
        players="greedy,random",
    )
    match = Match.from_options(options)
    runs = {"whole.csv": (0, 5), "first.csv": (0, 2), "rest.csv": (2, 3)}
    for name, (first, battles) in runs.items():
        played = simulate(match, battles=battles, seed=7, first=first)
        (folder / name).write_text(rows_csv(match, played))
    return folder


def test_tally_of_the_slices_is_the_whole_runs_answer(cli, slices):
    """The slices counted together give the whole run's table (but its title) and JSON,
    and ``-o`` writes them as one file, byte for byte the whole run's."""
    whole = cli(*TALLIED, "--tally", str(slices / "whole.csv"))
    parts = ("--tally", str(slices / "rest.csv"), "--tally", str(slices / "first.csv"))
    joined = cli(*TALLIED, *parts, "-o", str(slices / "joined.csv"))
    assert whole.code == joined.code == 0, (whole.err, joined.err)
    assert whole.out.splitlines()[0].strip().endswith("5 battles from 1 file")
    assert joined.out.splitlines()[0].strip().endswith("5 battles from 2 files")
    assert whole.out.splitlines()[1:] == joined.out.splitlines()[1:]
    assert (slices / "joined.csv").read_bytes() == (slices / "whole.csv").read_bytes()
    as_json = [cli(*TALLIED, *parts, "--json"), cli(*TALLIED, "--battles", "5", "--json")]
    assert as_json[0].out == as_json[1].out


def test_rows_read_back_are_the_battles_played(tmp_path):
    """Every field of every battle, in seats turned on shared seeds (three different
    warbands) and in a mirror of three, from a slice starting inside a group of seats."""
    options = GAME.options(
        "simulate",
        scenario="battle-royale",
        warband=["Wizard", "Druid", "Witch"],
        players="random,greedy,random",
        rounds=1,
    )
    matches = (Match.from_options(options), mirror_match(3, "battle-royale"), mirror_match())
    assert [m.mirror for m in matches] == [False, True, True]
    for match in matches:
        played = simulate(match, battles=4, seed=5, first=4)
        assert [(o.index, o.seating) for o in played[:2]] == [
            (4, match.seating(4)),
            (5, match.seating(5)),
        ]
        path = tmp_path / "rows.csv"
        path.write_text(rows_csv(match, played))
        assert read_rows(match, 5, [path]) == played


def test_spans_name_battles_as_runs_of_numbers():
    assert spans([5]) == "5"
    assert spans([33, 31, 32, 40, 41, 50]) == "31-33, 40-41, 50"


def test_the_library_refuses_a_battle_before_the_first():
    with pytest.raises(SkirmishError, match="numbered from 1"):
        simulate(mirror_match(), battles=1, seed=1, first=-1)


def test_joined_slices_may_keep_every_header_and_windows_files_are_read(cli, slices, tmp_path):
    """A file of slices joined with their headers kept, one saved on Windows (CRLF, a
    byte-order mark, a blank line at the end) and the whole run count alike."""
    first, rest = ((slices / name).read_bytes() for name in ("first.csv", "rest.csv"))
    (tmp_path / "kept.csv").write_bytes(first + rest)
    windows = b"\xef\xbb\xbf" + (slices / "whole.csv").read_bytes().replace(b"\n", b"\r\n")
    (tmp_path / "windows.csv").write_bytes(windows + b"\r\n")
    answers = [
        cli(*TALLIED, "--tally", str(tmp_path / name), "--json").out
        for name in ("kept.csv", "windows.csv")
    ]
    assert answers == [cli(*TALLIED, "--tally", str(slices / "whole.csv"), "--json").out] * 2


def test_a_tally_with_gaps_names_its_battles(cli, slices):
    run = cli(*TALLIED, "--tally", str(slices / "first.csv"))
    assert run.out.splitlines()[0].rstrip().endswith("deathmatch, 2 battles from 1 file")
    lines = (slices / "whole.csv").read_text().splitlines()
    gappy = slices / "gappy.csv"
    gappy.write_text("\n".join([lines[0], lines[1], lines[4], lines[5]]) + "\n")
    run = cli(*TALLIED, "--tally", str(gappy), "--tally", str(slices / "rest.csv"))
    assert run.code == 2 and "battle 4 is given twice" in run.err
    run = cli(*TALLIED, "--tally", str(gappy))
    assert run.out.splitlines()[0].rstrip().endswith("3 battles (1, 4-5) from 1 file")


@pytest.mark.parametrize("given", [("--battles", "5"), ("--first-battle", "2"), ("--workers", "2")])
def test_options_that_play_are_refused_with_tally(cli, slices, given):
    run = cli(*TALLIED, "--tally", str(slices / "whole.csv"), *given)
    assert run.code == 2
    assert f"{given[0]}: --tally plays nothing" in run.err


def _rows_with(slices, tmp_path, change) -> str:
    lines = (slices / "whole.csv").read_text().splitlines()
    changed = tmp_path / "changed.csv"
    changed.write_text("\n".join(change(lines)) + "\n")
    return str(changed)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda lines: lines[:1], "no battles, only the header"),
        (lambda lines: ["a,b", *lines[1:]], "line 1: no header of a simulation"),
        (lambda lines: [*lines, lines[1]], "line 7: battle 1 is given twice"),
        (lambda lines: [lines[0], lines[1].replace("1,7,", "1,8,", 1)], "plays it on seed 7"),
        (lambda lines: [lines[0], "1,7,2,1" + lines[1][7:]], "the run seats 1, 2"),
        (lambda lines: [lines[0], lines[1].replace("Druid, Seer", "Druid")], "not --warband"),
        (lambda lines: [lines[0], lines[1] + ",extra"], "14 columns, expected 13"),
        (lambda lines: [lines[0], "x" + lines[1]], "battle 'x1' is not a number from 1"),
        (lambda lines: [lines[0], "99999999999999999999999" + lines[1][1:]], "is not a number"),
        (lambda lines: [lines[0], '1,7,1,2,"1'], "not CSV"),
        (lambda lines: [lines[0], "0" + lines[1]], "battle '01' is written 1"),
        (lambda lines: lines[1:], "line 1: no header of a simulation"),
    ],
    ids=[
        "header only",
        "no header",
        "twice",
        "seed",
        "seats",
        "warband",
        "columns",
        "number",
        "huge number",
        "open quote",
        "leading zero",
        "no header",
    ],
)
def test_rows_not_of_this_run_are_one_line_and_nothing_is_written(
    cli, slices, tmp_path, change, message
):
    changed = _rows_with(slices, tmp_path, change)
    out = tmp_path / "out.csv"
    run = cli(*TALLIED, "--tally", changed, "-o", str(out))
    assert run.code == 2, run.out
    assert message in run.err
    assert len(run.err.strip().splitlines()) == 1
    assert not out.exists()


def test_a_result_out_of_range_names_the_column(cli, slices, tmp_path):
    lines = (slices / "whole.csv").read_text().splitlines()
    cells = next(csv.reader([lines[1]]))
    """A winner or Player 1 that is no warband, more survivors than fighters, more rounds
    than the run's one and 5 of overtime (ruling MB-24)."""
    for column, value, most in (
        ("winner", "3", 2),
        ("player 1", "0", 2),
        ("survivors 2", "3", 2),
        ("rounds", "7", 6),
    ):
        row = dict(zip(next(csv.reader([lines[0]])), cells, strict=True))
        row[column] = value
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerow(row.values())
        new = out.getvalue().rstrip("\n")
        changed = _rows_with(slices, tmp_path, lambda lines, new=new: [lines[0], new])
        run = cli(*TALLIED, "--tally", changed)
        assert run.code == 2
        assert f"{column} '{value}' is not a number from" in run.err
        assert run.err.rstrip().endswith(f"to {most}")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda path: path, "cannot read simulation results"),
        (lambda path: path.parent, "is a directory, not a simulation results file"),
        (lambda path: (path.write_bytes(b"\xff\xfe\x00"), path)[1], "not a text file"),
        (lambda path: (path.write_text(""), path)[1], "the file is empty"),
    ],
    ids=["missing", "directory", "binary", "empty"],
)
def test_a_file_that_is_no_simulation_is_one_line(cli, tmp_path, make, message):
    run = cli(*TALLIED, "--tally", str(make(tmp_path / "rows.csv")))
    assert run.code == 2
    assert message in run.err
    assert len(run.err.strip().splitlines()) == 1


def test_reading_stops_after_the_most_lines_a_run_needs(tmp_path, monkeypatch):
    """Lines are counted over every file, headers and blank lines too, so an endless file
    of headers or blank lines stops."""
    from skirmish.ai import simulate as module

    match = mirror_match()
    path = tmp_path / "rows.csv"
    path.write_text(",".join(module.header(match)) + "\n" + "\n" * 30)
    monkeypatch.setattr(module, "TALLY_LINES", 20)
    with pytest.raises(SkirmishError, match="line 21: more than 20 lines read"):
        read_rows(match, 1, [path])


def test_the_drawing_kind_is_the_random_player_that_draws():
    """``drawing`` seats the random player that draws one legal action without listing
    them all; ``random`` the one that lists them (docs/players.md)."""
    from skirmish.engine.battle import RandomPlayer

    match = mirror_match()
    setup = match.settings.setup(3, [list(band) for band in match.warbands])
    drawing = computer("drawing", setup, 3, 0, game=COMPUTERS)
    listing = computer("random", setup, 3, 0, game=COMPUTERS)
    assert isinstance(drawing, RandomPlayer) and drawing.draws
    assert isinstance(listing, RandomPlayer) and not listing.draws
    from skirmish.ai.players import simulated as who

    assert who("drawing", game=COMPUTERS) == ("drawing", 0)


def test_simulate_seats_drawing_players_repeatably_and_apart_from_listing_ones(cli, tmp_path):
    """The same seeds give the same rows in one process and in two; the drawing player
    uses its generator differently from ``rng.choice``, so some battle of the eight goes
    another way than with listing players (were ``drawing`` the listing player under
    another name, every row but the players' names would be the same)."""
    args = (*BASE[:-2], "--battles", "8", "--seed", "3")  # whole battles: fewer draws
    one = cli(*args, "--players", "drawing,drawing", "-o", str(tmp_path / "one.csv"))
    two = cli(
        *args, "--players", "drawing,drawing", "--workers", "2", "-o", str(tmp_path / "two.csv")
    )
    listed = cli(*args, "--players", "random,random", "-o", str(tmp_path / "listed.csv"))
    assert one.code == two.code == listed.code == 0, (one.err, two.err, listed.err)
    drawn_rows = (tmp_path / "one.csv").read_text()
    assert drawn_rows == (tmp_path / "two.csv").read_text()
    assert "--players drawing,drawing" in drawn_rows

    def battles(text: str) -> list[list[str]]:
        return [row[:10] for row in csv.reader(io.StringIO(text))][1:]

    drawn, listing = battles(drawn_rows), battles((tmp_path / "listed.csv").read_text())
    assert len(drawn) == len(listing) == 8
    assert drawn != listing
