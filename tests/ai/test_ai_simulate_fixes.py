"""``simulate`` as a designer relies on it: ``-o`` writes what its name says or nothing,
``--tally`` counts only rows played as the command describes (every option that changes a
battle), the CSV names sides one way, and ``play --resume`` refuses what it would ignore."""

from __future__ import annotations

import csv
import io

import pytest
from test_ai_simulate import BASE as SIMULATED  # the same battles' options

from skirmish.ai.simulate import Match, by_warband, rows_csv, simulate
from skirmish.games.magewinds.game import GAME

BASE = (*SIMULATED, "--seed", "7")


@pytest.mark.parametrize("name", ["plot.png", "x.parquet", "rows.json", "rows"])
def test_output_other_than_csv_is_refused_and_nothing_written(cli, tmp_path, name):
    path = tmp_path / name
    run = cli(*BASE, "--players", "random,random", "--battles", "2", "-o", str(path))
    assert run.code == 2
    assert run.err.count("\n") == 1
    assert f"-o {path}: simulate writes its rows as CSV" in run.err
    assert not path.exists()
    assert list(tmp_path.iterdir()) == []


def test_csv_output_is_csv(cli, tmp_path):
    path = tmp_path / "rows.CSV"
    run = cli(*BASE, "--players", "random,random", "--battles", "2", "-o", str(path))
    assert run.code == 0, run.err
    rows = list(csv.DictReader(io.StringIO(path.read_text())))
    assert [row["battle"] for row in rows] == ["1", "2"]


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """Four battles written by ``-o`` with greedy against random on the bundled pack."""
    folder = tmp_path_factory.mktemp("rows")
    options = GAME.options(
        "simulate",
        scenario="deathmatch",
        warband=["Wizard,Witch", "Druid,Seer"],
        length="quick",
        rounds=1,
        players="random,random",
    )
    match = Match.from_options(options)
    path = folder / "rows.csv"
    path.write_text(rows_csv(match, simulate(match, battles=4, seed=7)))
    return path


TALLY = (*BASE, "--players", "random,random")


def test_the_same_options_tally(cli, written):
    run = cli(*TALLY, "--tally", str(written), "--json")
    assert run.code == 0, run.err
    assert '"battles": 4' in run.out


@pytest.mark.parametrize(
    ("changed", "flag"),
    [
        (("--players", "greedy,random"), "--players"),
        (("--battlefield", "random"), "--battlefield"),
        (("--card-worth", "within-part"), "--card-worth"),
        (("--pack", "examples/packs/druid-1.5.0.yaml"), "--pack"),
        (("--overtime", "2"), "--overtime"),
        (("--split", "widthwise"), "--split"),
    ],
)
def test_rows_played_otherwise_are_refused_by_the_option_that_differs(cli, written, changed, flag):
    args = list(TALLY)
    if changed[0] == "--players":
        args[args.index("--players") + 1] = changed[1]
    else:
        args += changed
    run = cli(*args, "--tally", str(written))
    assert run.code == 2, run.out
    assert run.err.count("\n") == 1
    assert f"battle 1 was played with {flag} " in run.err
    assert "so the row is not one of its battles" in run.err


def test_rows_without_the_played_with_column_are_refused(cli, written, tmp_path):
    """A file from before the column (or with it cut off) says nothing of how its
    battles were played, so it cannot be counted as this command's."""
    lines = written.read_text().splitlines()
    cut = [lines[0].replace(",played with", "")] + [
        ",".join(next(csv.reader([line]))[:-1]) for line in lines[1:]
    ]
    old = tmp_path / "old.csv"
    old.write_text("\n".join(cut) + "\n")
    run = cli(*TALLY, "--tally", str(old))
    assert run.code == 2
    assert "no header of a simulation" in run.err


def test_reason_names_sides_by_warband_as_the_winner_column_does(written):
    rows = list(csv.DictReader(io.StringIO(written.read_text())))
    swapped = [row for row in rows if row["seat 1"] == "2"]
    assert swapped, "every other battle turns the seats"
    for row in rows:
        assert "player 1" not in row["reason"] and "player 2" not in row["reason"]
        if row["winner"] != "draw":
            assert f"warband {row['winner']}" in row["reason"]


def test_by_warband_relabels_seats_and_leaves_the_scenario_role():
    reason = "player 2 has the most fighters (player 1: 1, player 2: 3); Player 1 set up"
    assert by_warband(reason, (1, 0)) == (
        "warband 1 has the most fighters (warband 2: 1, warband 1: 3); Player 1 set up"
    )
    assert by_warband("player 3 wins", (0, 1)) == "player 3 wins"


@pytest.mark.parametrize(
    "given",
    [
        ("--seed", "9"),
        ("--scenario", "deathmatch"),
        ("--warband", "Wizard"),
        ("--card-worth", "within-part"),
        ("--pack", "examples/packs/druid-1.5.0.yaml"),
        ("--battlefield", "random"),
        ("--length", "long"),
    ],
)
def test_play_resume_refuses_what_it_would_ignore(cli, tmp_path, given):
    record = tmp_path / "battle.json"
    record.write_text("{}")
    run = cli("play", "magewinds", "--resume", str(record), *given)
    assert run.code == 2
    assert run.err.count("\n") == 1
    assert run.err.startswith(f"skirmish: error: {given[0]}: --resume goes on with")
    assert record.read_text() == "{}"
