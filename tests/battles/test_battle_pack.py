"""A fighter pack of your own in battles (``play --pack``): building warbands picks from the
loaded pack under its slots and limits, every scenario takes it, and a bad pack or a
warband over its limits is refused with the rule, in one line, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest
from mwbattle import play

from skirmish.engine.battle import IllegalAction, load_record
from skirmish.games.magewinds.battle import (
    Building,
    Length,
    Options,
    bundled_table,
    new_setup,
    start_battle,
)
from skirmish.games.magewinds.battle.catalogue import SCENARIOS, find_scenario
from skirmish.games.magewinds.battle.setup import SetupError
from skirmish.games.magewinds.pack import bundled_pack, parse_pack

EXAMPLES = Path(__file__).parents[2] / "examples" / "packs"
BRUTE = (Path(__file__).parents[1] / "data" / "brute-pack.yaml").read_text()


def brute_pack():
    import yaml

    return bundled_pack().merged(parse_pack(yaml.safe_load(BRUTE), source="brute.yaml"))


def test_building_offers_the_loaded_packs_fighters_within_its_limits():
    setup = new_setup(
        "hold-the-line",
        [[], []],
        table=bundled_table("stone-circle"),
        options=Options(length=Length.QUICK),
        pack=brute_pack(),
        building=Building.OPEN_SEQUENTIAL,
    )
    battle = play(start_battle(setup), "roll-off 6 1")
    assert "add Brute" in battle.options()
    battle = battle.apply("add Brute")
    assert "add Brute" not in battle.options()  # its limit is 1
    with pytest.raises(IllegalAction, match=r"cannot add Brute: .*limit is 1.*\(10\.2"):
        battle.apply("add Brute")


def test_a_given_warband_over_the_packs_limit_or_the_scenarios_slots_is_refused():
    with pytest.raises(SetupError, match=r"limit is 1.*\(10\.2"):
        new_setup("the-prize", [["Brute", "Brute"], ["Druid"]], pack=brute_pack())
    with pytest.raises(SetupError, match="take 8 slots; the warband has 6"):
        new_setup(
            "treasure-clash",
            [["Brute", "Wizard", "Seer", "Druid"], ["Druid"], ["Seer"]],
            options=Options(length=Length.QUICK),
            pack=brute_pack(),
        )


def play_args(tmp_path, scenario, *extra):
    players = (
        "random,random,random"
        if scenario in ("battle-royale", "treasure-clash")
        else ("random,random")
    )
    return [
        "play",
        "magewinds",
        "--scenario",
        scenario,
        "--players",
        players,
        "--length",
        "quick",
        "--rounds",
        "1",
        "--overtime",
        "0",
        "--seed",
        "5",
        "--save",
        str(tmp_path / "battle.json"),
        *extra,
    ]


@pytest.mark.parametrize("building", ["secret", "open-simultaneous", "open-sequential"])
def test_play_builds_warbands_from_a_pack_of_your_own_and_replays(cli, tmp_path, building):
    pack = tmp_path / "brute.yaml"
    pack.write_text(BRUTE)
    scenario = "treasure-clash" if building == "open-sequential" else "hold-the-line"
    run = cli(*play_args(tmp_path, scenario, "--pack", str(pack), "--building", building))
    assert run.code == 0, run.err
    record = load_record(tmp_path / "battle.json")
    assert record.setup["pack_file"]["fighters"][0]["name"] == "Brute"
    assert record.setup["building"]["mode"] == building
    assert cli("replay", str(tmp_path / "battle.json")).code == 0


@pytest.mark.parametrize("scenario", [s.id for s in SCENARIOS])
def test_every_scenario_plays_with_the_druid_v150_pack(cli, tmp_path, scenario):
    three = min(find_scenario(scenario).players) == 3
    bands = ["Druid,Seer", "Wizard,Witch", *(["Mesmer,Cleric"] if three else [])]
    warbands = [x for band in bands for x in ("--warband", band)]
    pack = str(EXAMPLES / "druid-1.5.0.yaml")
    run = cli(*play_args(tmp_path, scenario, "--pack", pack, *warbands))
    assert run.code == 0, run.err
    replayed = cli("replay", str(tmp_path / "battle.json"), "--json")
    assert replayed.code == 0, replayed.err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "mine.yaml"),
        ("fighters: [", "mine.yaml"),
        ("pack: Empty\n", "0.4: a pack gives at least one"),
        (BRUTE.replace("toughness: 8", "toughness: -1"), "toughness"),
        (BRUTE.replace("name: Brute", "name: Wizard"), "replaces: true"),
    ],
)
def test_a_missing_or_malformed_pack_is_one_line_exit_2_nothing_written(
    cli, tmp_path, text, message
):
    path = tmp_path / "mine.yaml"
    if text is not None:
        path.write_text(text)
    run = cli(*play_args(tmp_path, "deathmatch", "--pack", str(path)))
    assert run.code == 2, run.out
    assert message in run.err and run.err.count("\n") == 1, run.err
    assert not (tmp_path / "battle.json").exists()


def test_a_warband_over_the_packs_limit_is_one_line_exit_2(cli, tmp_path):
    pack = tmp_path / "brute.yaml"
    pack.write_text(BRUTE)
    args = ["--pack", str(pack), "--warband", "Brute,Brute", "--warband", "Druid"]
    run = cli(*play_args(tmp_path, "the-prize", *args))
    assert run.code == 2 and "limit is 1" in run.err and run.err.count("\n") == 1, run.err
    assert not (tmp_path / "battle.json").exists()
