"""A battle record read from a file: every malformed one is one line naming the file and
what is wrong, exit 2, whatever the shape, type, encoding, nesting or size."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skirmish import limits
from skirmish.engine.battle import load_record
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle import replay_record
from skirmish.games.magewinds.cards import CardWorth

GOLDEN = Path(__file__).parent.parent / "golden" / "magewinds-battle-king-of-the-hill.json"


def golden() -> dict:
    data: dict = json.loads(GOLDEN.read_text())
    return data


def changed(**setup: object) -> dict:
    data = golden()
    for key, value in setup.items():
        if key in ("length", "rounds", "last_stand", "split", "card_worth"):
            data["setup"]["options"][key] = value
        else:
            data["setup"][key] = value
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (changed(scenario=7), "setup.scenario: Input should be a valid string"),
        (changed(scenario="capture-the-flag"), "unknown scenario 'capture-the-flag'"),
        (changed(length="huge"), "setup.options.length: Input should be 'quick', 'standard'"),
        (
            changed(split="diag"),
            "setup.options.split: Input should be 'lengthwise', 'widthwise' or",
        ),
        (changed(rounds="many"), "setup.options.rounds: Input should be a valid integer"),
        (changed(rounds=99), "setup.options.rounds: Input should be less than or equal to 20"),
        (changed(last_stand=[1]), "setup.options.last_stand: Input should be a valid integer"),
        (
            changed(card_worth="both"),
            "setup.options.card_worth: Input should be 'across-parts' or 'within-part'",
        ),
        (changed(warbands=[[1, 2], [3]]), "setup.warbands[0][0]: Input should be a valid string"),
        (changed(warbands="Wizard"), "setup.warbands: Input should be a valid list"),
        (changed(warbands=[["Wizard"]]), "give 2 warbands"),
        (changed(pack="Other Crusaders"), "setup.pack: the record was played with the pack"),
        (changed(battlefield=3), "setup.battlefield: Input should be a valid dictionary"),
        (changed(options=None), "setup.options: Input should be a valid dictionary"),
        (changed(colour="red"), "setup.colour: Extra inputs are not permitted"),
    ],
)
def test_a_malformed_setup_is_one_line_naming_the_field(tmp_path, cli, data, message):
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(data))
    run = cli("replay", str(path))
    assert run.code == 2, run.err
    assert run.err.count("\n") == 1 and message in run.err, run.err


def test_a_setup_missing_a_field_names_it(tmp_path, cli):
    data = golden()
    del data["setup"]["options"]["split"]
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(data))
    run = cli("replay", str(path))
    assert run.code == 2 and "setup.options.split: Field required" in run.err, run.err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"format": "skirmish battle record", "game": "\xff"}', "byte 46 is not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "nested more than 32 levels"),
        (b"", "the file is empty"),
        (b"\x00" * 10, "NUL bytes"),
        (b'{"format": "a", "format": "b"}', "key 'format' appears twice"),
        (b"{'not': json}", "not valid JSON at line 1"),
    ],
)
def test_a_file_that_is_not_a_readable_record_is_one_line(tmp_path, cli, content, message):
    path = tmp_path / "battle.json"
    path.write_bytes(content)
    run = cli("replay", str(path))
    assert run.code == 2, run.err
    assert run.err.count("\n") == 1 and message in run.err, run.err


def test_a_record_larger_than_its_limit_is_refused_unread(tmp_path, cli):
    path = tmp_path / "battle.json"
    with path.open("wb") as file:
        file.truncate(limits.RECORD_BYTES + 1)
    run = cli("replay", str(path))
    assert run.code == 2 and "larger than" in run.err and run.err.count("\n") == 1


def test_a_directory_is_not_a_record(tmp_path, cli):
    run = cli("replay", str(tmp_path))
    assert run.code == 2 and "is a directory" in run.err


def test_more_steps_than_any_battle_takes_are_refused(tmp_path):
    data = golden()
    data["steps"] = [{"player": 0, "action": "pass"}] * (limits.BATTLE_STEPS.maximum + 1)
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SkirmishError, match="steps"):
        load_record(path)


def test_the_golden_record_still_loads_and_replays():
    record = load_record(GOLDEN)
    assert replay_record(record).state.state_hash() == record.final_hash


def test_a_record_from_before_card_worth_replays_with_payments_across_parts():
    record = load_record(GOLDEN)
    assert "card_worth" not in record.setup["options"]
    assert replay_record(record).state.setup.options.card_worth is CardWorth.ACROSS_PARTS


def _paid_with_a_lone_diamond(record) -> bool:
    lone = tuple(f" paying {rank}D" for rank in "JQKA")
    return any(
        s.action.startswith("cast Third Eye") and s.action.endswith(lone) for s in record.steps
    )


def test_a_record_replays_reading_card_worth_as_it_was_played(tmp_path, cli):
    # The first seed whose battle pays Third Eye ("1 Diamond + 1 Any") with a Diamond face
    # card or Ace alone, which only the default reading allows (ruling MB-2).
    path = tmp_path / "battle.json"
    for seed in range(1, 13):
        run = cli(
            "play", "magewinds", "--scenario", "deathmatch", "--warband", "Seer,Witch,Wizard",
            "--warband", "Druid,Guardian,Seer", "--players", "random,random", "--seed",
            str(seed), "--rounds", "3", "--save", str(path),
        )  # fmt: skip
        assert run.code == 0, run.err
        record = load_record(path)
        if _paid_with_a_lone_diamond(record):
            break
    else:
        pytest.fail("no battle of seeds 1-12 paid Third Eye with one card")
    assert record.setup["options"]["card_worth"] == "across-parts"
    assert cli("replay", str(path)).code == 0
    data = json.loads(path.read_text())
    data["setup"]["options"]["card_worth"] = "within-part"
    path.write_text(json.dumps(data))
    run = cli("replay", str(path))
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert "does not pay 1 Diamond + 1 Any" in run.err and "MB-2" in run.err, run.err


def test_a_bad_card_worth_is_one_line_and_nothing_is_written(tmp_path, cli):
    path = tmp_path / "battle.json"
    run = cli(
        "play", "magewinds", "--scenario", "deathmatch", "--warband", "Seer",
        "--warband", "Druid", "--players", "random,random", "--card-worth", "both",
        "--save", str(path),
    )  # fmt: skip
    assert run.code == 2 and run.err.count("\n") == 1 and "--card-worth" in run.err, run.err
    assert "MB-2" in run.err and not path.exists()
