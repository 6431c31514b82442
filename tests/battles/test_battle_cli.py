"""``skirmish play magewinds`` and ``skirmish replay``, as a user runs them."""

from __future__ import annotations

import io
import json
import sys

import pytest
from mwbattle import QUICK_BANDS

from skirmish.engine.battle import load_record

WARBANDS = ["--warband", "Wizard,Cleric,Guardian,Witch", "--warband", "Druid,Mesmer,Seer,Deadeye"]
QUICK = [*QUICK_BANDS, "--rounds", "1"]


def play_args(*extra: str, save=None, players="random,random", seed="7", army=QUICK):
    args = [
        "play",
        "magewinds",
        "--scenario",
        "deathmatch",
        *army,
        "--players",
        players,
        "--seed",
        seed,
    ]
    if save is not None:
        args += ["--save", str(save)]
    return [*args, *extra]


def test_random_players_play_a_whole_battle_unattended_and_save_it(cli, tmp_path):
    path = tmp_path / "battle.json"
    run = cli(*play_args(save=path, army=WARBANDS))
    assert run.code == 0, run.err
    assert run.out.startswith("seed 7")
    assert "10.5" in run.out and "12.0" in run.out and "13.0" in run.out
    assert "wins after round" in run.out or "a draw after round" in run.out
    record = load_record(path)
    assert record.seed == 7 and record.players == ("random", "random") and record.final_hash


def test_replay_checks_the_record_and_prints_the_log_and_result(cli, tmp_path):
    path = tmp_path / "battle.json"
    assert cli(*play_args(save=path)).code == 0
    run = cli("replay", str(path))
    assert run.code == 0, run.err
    assert "seed 7; players random, random" in run.out
    assert "(seen by player" in run.out  # the referee's record shows every private line
    data = json.loads(cli("replay", str(path), "--json").out)
    assert set(data) == {
        "game",
        "scenario",
        "seed",
        "players",
        "winner",
        "rounds",
        "final_state",
        "log",
    }
    assert data["game"] == "magewinds" and data["scenario"] == "deathmatch" and data["seed"] == 7
    assert data["rounds"] == 1 and data["final_state"]["phase"] == "over"
    assert all({"rule", "event", "text"} <= set(e) for e in data["log"])


def test_a_hand_edited_record_is_refused_with_the_step_and_the_rule(cli, tmp_path):
    path = tmp_path / "battle.json"
    assert cli(*play_args(save=path)).code == 0
    data = json.loads(path.read_text())
    index = next(i for i, s in enumerate(data["steps"]) if s["action"].startswith("activate"))
    data["steps"][index]["action"] = "activate Guardian"
    path.write_text(json.dumps(data))
    run = cli("replay", str(path))
    assert run.code == 2
    assert run.err.count("\n") == 1 and f"step {index + 1} ('activate Guardian')" in run.err


def scripted(monkeypatch, lines):
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))


def test_a_person_can_play_from_a_script_and_the_commands_answer(cli, tmp_path, monkeypatch):
    # Play the same battle twice: once with random players, then with player 1's actions
    # typed from a script. The computer player sees the same choices, so the battle is
    # the same: the script is as good as a person at the terminal.
    first = tmp_path / "first.json"
    assert cli(*play_args(save=first)).code == 0
    steps = json.loads(first.read_text())["steps"]
    mine = [s["action"] for s in steps if s.get("player") == 0]
    # Two of player 1's decisions in a row: the second may be taken back (1.1).
    pair = next(
        i
        for i in range(len(steps) - 1)
        if steps[i].get("player") == steps[i + 1].get("player") == 0
    )
    k = sum(1 for s in steps[: pair + 2] if s.get("player") == 0)
    lines = ["help", "status", "hand", *mine[:k], "undo", mine[k - 1], *mine[k:]]
    scripted(monkeypatch, lines)
    second = tmp_path / "second.json"
    run = cli(*play_args(save=second, players="human,random"))
    assert run.code == 0, run.err
    assert "10.5: player 1: deploy a fighter" in run.out  # help shows the rule and choices
    assert "fighter" in run.out and "damage" in run.out  # the status table
    assert "player 1's hand" in run.out
    assert "1.1: took back" in run.out
    assert load_record(second).final_hash == load_record(first).final_hash


def test_a_script_that_runs_out_is_one_clear_error_and_the_battle_so_far_is_kept(
    cli, tmp_path, monkeypatch
):
    scripted(monkeypatch, [])
    path = tmp_path / "battle.json"
    run = cli(*play_args(save=path, players="human,random"))
    assert run.code == 2 and "standard input has ended" in run.err and "--players random" in run.err
    assert run.err.count("\n") == 1 and f"--resume {path}" in run.err
    assert load_record(path).players == ("human", "random")
    scripted(monkeypatch, [])
    unsaved = cli(*play_args(players="human,random"))  # no --save: nothing written here
    assert unsaved.code == 2 and "saved" not in unsaved.err


def test_an_illegal_action_from_a_script_is_refused_with_its_rule(cli, tmp_path, monkeypatch):
    scripted(monkeypatch, ["take the high ground"])
    run = cli(*play_args(players="random,human", seed="8"))
    assert run.code == 2 and run.err.count("\n") == 1 and "10.5" in run.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--scenario", "capture-the-flag"], "unknown scenario"),
        (["--warband", "Paladin"], "unknown fighter 'Paladin'"),
        (["--warband", "Wizard,Cleric,Guardian,Witch,Seer"], "take 10 slots; the warband has 8"),
        (["--warband", "Wizard,Wizard"], "the limit is 1"),
        (["--players", "human,robot"], "--players 'human,robot'"),
        (["--seed", "-1"], "seed -1"),
        (["--rounds", "0"], "--rounds 0"),
        (["--last-stand", "9"], "--last-stand 9"),
        (["--battlefield", "moon-base"], "unknown battlefield 'moon-base'"),
        (["--scenario-version", "1.3.0"], "unknown version of Deathmatch '1.3.0'"),
        (
            ["--scenario", "fragment-frenzy", "--scenario-version", "1.2"],
            "expected one of: 1.3.1, 1.3.0",
        ),
        (["--fragment-crossing", "middle"], "expected one of base, centre (MB-28)"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_written(cli, tmp_path, args, message):
    path = tmp_path / "battle.json"
    base = {"--scenario": "deathmatch", "--players": "random,random", "--seed": "1"}
    flags = dict(base)
    warbands = ["Wizard", "Druid"]
    for flag, value in zip(args[::2], args[1::2], strict=True):
        if flag == "--warband":
            warbands = [value, "Druid"]
        else:
            flags[flag] = value
    command = ["play", "magewinds", *[x for kv in flags.items() for x in kv]]
    command += ["--warband", warbands[0], "--warband", warbands[1], "--save", str(path)]
    run = cli(*command)
    assert run.code == 2, run.out
    assert message in run.err and run.err.count("\n") == 1
    assert not path.exists()


def test_a_battlefield_file_that_cuts_the_table_is_refused(cli, tmp_path):
    table = tmp_path / "wall.yaml"
    table.write_text(
        "battlefield: {width: 12, length: 16}\n"
        "terrain:\n  - {name: Wall, height: 3, rectangle: {centre: [6, 8], size: [12, 1]}}\n"
    )
    run = cli(*play_args("--battlefield", str(table)))
    assert run.code == 2 and "10.3: the terrain cuts the battlefield into 2 parts" in run.err


def test_random_terrain_and_king_of_the_hill(cli, tmp_path):
    path = tmp_path / "hill.json"
    args = play_args("--battlefield", "random", save=path)
    args[args.index("deathmatch")] = "king-of-the-hill"
    run = cli(*args)
    assert run.code == 0, run.err
    assert load_record(path).setup["scenario"] == "king-of-the-hill"
    assert cli("replay", str(path)).code == 0


def test_replay_of_a_file_that_is_not_a_record(cli, tmp_path):
    path = tmp_path / "notes.json"
    path.write_text('{"hello": 1}')
    run = cli("replay", str(path))
    assert run.code == 2 and "not a skirmish battle record" in run.err


def test_a_battle_saved_part_way_can_be_resumed_and_finished(cli, tmp_path, monkeypatch):
    path = tmp_path / "part.json"
    scripted(monkeypatch, ["take right", f"save {path}"])
    run = cli(*play_args(players="random,human", seed="4"))
    assert run.code == 2 and path.exists()  # the script ended after saving
    part = load_record(path)
    run = cli("play", "magewinds", "--resume", str(path), "--players", "random,random")
    assert run.code == 0, run.err
    assert f"resumed after {len(part.steps)} steps" in run.out
    whole = load_record(path)
    assert whole.steps[: len(part.steps)] == part.steps and whole.result["over"]
    assert cli("replay", str(path)).code == 0


def test_play_needs_a_scenario_and_warbands_or_a_saved_battle(cli):
    run = cli("play", "magewinds", "--players", "random,random")
    assert run.code == 2 and "--resume" in run.err


def test_fragment_frenzy_v130_is_listed_played_saved_and_replayed(cli, tmp_path):
    listed = cli("scenarios", "magewinds", "--json")
    assert listed.code == 0, listed.err
    rows = [(s["id"], s["version"], s["default"]) for s in json.loads(listed.out)["scenarios"]]
    assert ("fragment-frenzy", "1.3.1", True) in rows
    assert ("fragment-frenzy", "1.3.0", False) in rows
    assert "1.3.0 *" in cli("scenarios", "magewinds").out
    path = tmp_path / "battle.json"
    run = cli(
        "play",
        "magewinds",
        "--scenario",
        "fragment-frenzy",
        "--scenario-version",
        "1.3.0",
        "--fragment-crossing",
        "centre",
        *QUICK,
        "--players",
        "random,random",
        "--seed",
        "4",
        "--save",
        str(path),
    )
    assert run.code == 0, run.err
    assert "scenario: Fragment Frenzy (1.3.0)" in run.out
    setup = load_record(path).setup
    assert setup["scenario_version"] == "1.3.0"
    assert setup["options"]["fragment_crossing"] == "centre"
    again = cli("replay", str(path))
    assert again.code == 0, again.err
    assert "scenario: Fragment Frenzy (1.3.0)" in again.out


def test_a_random_battlefield_leaves_room_to_deploy_in_every_corner(cli):
    # Battle Royale deploys within 3" of a corner: random terrain keeps out of it (seed 14
    # once put a piece there, and the battle was refused at setup)
    bands = ["Wizard,Cleric,Seer,Witch", "Druid,Guardian,Mesmer,Deadeye", "Enchanter,Wizard"]
    command = ["play", "magewinds", "--scenario", "battle-royale", "--battlefield", "random"]
    for band in bands:
        command += ["--warband", band]
    run = cli(*command, "--players", "random,random,random", "--rounds", "1", "--seed", "14")
    assert run.code == 0, run.err


def test_status_shows_the_objects_once_the_treasure_is_placed(cli, tmp_path, monkeypatch):
    def prize(players: str, save) -> list[str]:
        args = ["play", "magewinds", "--scenario", "the-prize", *QUICK[:4], "--seed", "7"]
        return [*args, "--players", players, "--save", str(save)]

    first = tmp_path / "first.json"
    assert cli(*prize("random,random", first)).code == 0
    steps = json.loads(first.read_text())["steps"]
    placed = next(i for i, s in enumerate(steps) if s.get("action", "").startswith("place at"))
    mine = [s["action"] for s in steps if s.get("player") == 0]
    k = sum(1 for s in steps[: placed + 1] if s.get("player") == 0)
    scripted(monkeypatch, [*mine[:k], "status", *mine[k:]])
    run = cli(*prize("human,random", tmp_path / "second.json"))
    assert run.code == 0, run.err
    table = run.out[run.out.index("objects and markers") :]
    assert "Treasure" in table and "may be carried" in table
