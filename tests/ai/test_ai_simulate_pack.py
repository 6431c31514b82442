"""``skirmish simulate --pack``: a fighter pack of your own plays in every battle, in any
number of processes, with the same bytes; a bad pack is refused as ``play`` refuses it."""

from __future__ import annotations

import csv
import io
import json
import pickle
from pathlib import Path

import pytest

from skirmish.ai.simulate import Match, play_battle
from skirmish.games.magewinds.game import GAME
from skirmish.games.magewinds.pack import bundled_pack

EXAMPLES = Path(__file__).parents[2] / "examples" / "packs"
BRUTE = (Path(__file__).parents[1] / "data" / "brute-pack.yaml").read_text()
BASE = (
    "simulate",
    "magewinds",
    "--scenario",
    "deathmatch",
    "--length",
    "quick",
    "--rounds",
    "1",
    "--players",
    "greedy,random",
)


def brute(tmp_path: Path) -> Path:
    path = tmp_path / "brute.yaml"
    path.write_text(BRUTE)
    return path


def test_a_pack_fighter_plays_and_any_number_of_workers_gives_the_same_bytes(cli, tmp_path):
    """A fighter only the pack holds is played (so the pack reached every worker: without
    it the battle could not be set up), named in the table and the CSV, the pack in the
    title, and the table, the JSON and the CSV the same bytes with one worker or two."""
    pack = brute(tmp_path)
    args = (*BASE, "--pack", str(pack), "--warband", "Brute,Guardian", "--warband", "Wizard")
    args = (*args, "--battles", "4", "--seed", "3")
    one = cli(*args, "-o", str(tmp_path / "one.csv"))
    two = cli(*args, "--workers", "2", "-o", str(tmp_path / "two.csv"))
    assert one.code == two.code == 0, (one.err, two.err)
    assert one.out == two.out
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "two.csv").read_bytes()
    assert "pack brute.yaml" in one.out.splitlines()[0]
    assert "Brute, Guardian" in one.out
    assert max(len(line) for line in one.out.splitlines()) <= 80
    rows = list(csv.DictReader(io.StringIO((tmp_path / "one.csv").read_text())))
    assert len(rows) == 4
    assert {(r["warband 1"], r["warband 2"]) for r in rows} == {("Brute, Guardian", "Wizard")}
    as_json = [cli(*args, "--json", "--workers", w).out for w in ("1", "2")]
    assert as_json[0] == as_json[1]
    data = json.loads(as_json[0])
    assert list(data) == ["battles", "wins", "win_rate", "ci95", "draws", "mean_rounds"]
    assert list(data["wins"]) == ["1", "2"]
    assert sum(data["wins"].values()) + data["draws"] == 4


def test_the_csv_names_its_columns_as_documented(cli, tmp_path):
    path = tmp_path / "rows.csv"
    run = cli(*BASE, "--warband", "Wizard", "--warband", "Druid", "--battles", "2", "-o", str(path))
    assert run.code == 0, run.err
    header = path.read_text().splitlines()[0].split(",")
    assert header == [
        "battle",
        "seed",
        "seat 1",
        "seat 2",
        "player 1",
        "winner",
        "rounds",
        "survivors 1",
        "survivors 2",
        "reason",
        "warband 1",
        "warband 2",
        "played with",
    ]


def pack_match(pack: Path | None, warbands: list[str]) -> Match:
    options = GAME.options(
        "simulate",
        scenario="deathmatch",
        warband=warbands,
        players="random,random",
        length="quick",
        rounds=1,
        pack=pack,
    )
    return Match.from_options(options)


def test_every_battle_reads_the_packs_profiles_not_the_bundled_ones():
    """The Druid v1.5.0 pack's Armour 1 and Evasion 1 (the bundled v1.5.2 Druid differs),
    and the Spark v1.5.0 pack's Precision 3 on every fighter, in the setup of a battle the
    simulation plays on any seed."""
    bundled = bundled_pack().fighter("Druid")
    druid = pack_match(EXAMPLES / "druid-1.5.0.yaml", ["Druid", "Wizard"])
    for seed in (1, 9):
        read = druid.settings.setup(seed, [["Druid"], ["Wizard"]], druid.pack).warbands[0]
        (profile,) = read.profiles
        assert (profile.armour, profile.evasion) == (1, 1)
        assert (profile.armour, profile.evasion) != (bundled.armour, bundled.evasion)
    spark = pack_match(EXAMPLES / "spark-1.5.0.yaml", ["Druid", "Wizard"])
    setup = spark.settings.setup(4, [["Wizard"], ["Druid"]], spark.pack)
    for band in setup.warbands:
        (profile,) = band.profiles
        (attack,) = [a for a in profile.attacks if a.name == "Spark"]
        assert attack.single is not None and attack.single.precision == 3
    plain = pack_match(None, ["Druid", "Wizard"])
    assert plain.pack is None
    (profile,) = plain.settings.setup(1, [["Druid"], ["Wizard"]], plain.pack).warbands[0].profiles
    assert profile == bundled


def test_a_match_with_a_pack_plays_the_same_battle_after_pickling(tmp_path):
    """Where workers are spawned, not forked, the match is pickled to them: the pack goes
    with it, and a battle played from the copy is the battle played from the original."""
    match = pack_match(brute(tmp_path), ["Brute", "Wizard"])
    copy = pickle.loads(pickle.dumps(match))
    (tmp_path / "brute.yaml").unlink()  # read once: the file is not needed any more
    assert copy.pack == match.pack
    assert play_battle(copy, 7, 1) == play_battle(match, 7, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "cannot read fighter pack"),
        ("fighters: [", "not valid YAML"),
        ("pack: Empty\n", "0.4: a pack gives at least one"),
        (BRUTE.replace("toughness: 8", "toughness: -1"), "Toughness must be"),
        (BRUTE.replace("name: Brute", "name: Wizard"), "replaces: true"),
        ("", "is a directory"),
    ],
)
def test_a_bad_pack_is_one_line_exit_2_and_nothing_written(cli, tmp_path, text, message):
    path = tmp_path / "mine.yaml"
    if text == "":
        path.mkdir()
    elif text is not None:
        path.write_text(text)
    out = tmp_path / "rows.csv"
    warbands = ("--warband", "Wizard", "--warband", "Druid")
    run = cli(*BASE, *warbands, "--pack", str(path), "--battles", "2", "-o", str(out))
    assert run.code == 2, run.out
    assert message in run.err and str(path) in run.err, run.err
    assert run.err.count("\n") == 1, run.err
    assert run.out == ""
    assert not out.exists()


def test_a_warband_over_the_packs_limit_is_one_line_exit_2(cli, tmp_path):
    out = tmp_path / "rows.csv"
    pack = str(brute(tmp_path))
    warbands = ("--warband", "Brute,Brute", "--warband", "Druid")
    run = cli(*BASE, "--pack", pack, *warbands, "--battles", "2", "-o", str(out))
    assert run.code == 2 and "limit is 1" in run.err and run.err.count("\n") == 1, run.err
    assert not out.exists()
