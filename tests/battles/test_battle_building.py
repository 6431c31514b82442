"""Warbands built in play (10.2, ruling MB-31): Secret, Open Simultaneous and Open
Sequential; the pack's slots, limits and shared limits on every pick; hidden picks in the
other player's view; records and replay; random battles that build their warbands."""

from __future__ import annotations

import json
import os
from itertools import combinations_with_replacement
from pathlib import Path

import pytest
from mwbattle import open_table, play
from test_battle_golden import render

from skirmish.engine.battle import (
    History,
    IllegalAction,
    RandomPlayer,
    RecordError,
    Turn,
    load_record,
    parse_record,
    play_out,
    to_record,
)
from skirmish.errors import DataError
from skirmish.games.magewinds.battle import (
    Building,
    Length,
    Options,
    bundled_table,
    grammar,
    new_setup,
    replay_record,
    result_of,
    start_battle,
)
from skirmish.games.magewinds.battle.building import largest_warband
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.setup import SetupError, assembly_problem
from skirmish.games.magewinds.battle.state import Battle, Phase
from skirmish.games.magewinds.pack import Pack, bundled_pack, parse_pack

GOLDEN = Path(__file__).parents[1] / "golden"
FIGHTER = {"toughness": 4, "movement": 5, "armour": 0, "deflect": 1, "evasion": 1, "dodge": 2}


def militia_pack() -> Pack:
    """A user's pack with the fighter pack's shared limit: Acolytes count as Militia."""
    return parse_pack(
        {
            "pack": "Test",
            "fighters": [
                {"name": "Militia", "slots": 1, "limit": 2, **FIGHTER},
                {"name": "Acolyte", "slots": 1, "limit": "Militia", **FIGHTER},
                {"name": "Minion", "slots": 1, "limit": 4, **FIGHTER},
                {"name": "Giant", "slots": 5, **FIGHTER},
            ],
        },
        source="test pack",
    )


def building(
    mode: Building,
    *,
    players: int = 2,
    scenario: str = "deathmatch",
    length: Length = Length.QUICK,
    pack: Pack | None = None,
) -> Battle:
    setup = new_setup(
        scenario,
        [[] for _ in range(players)],
        table=open_table() if players == 2 else bundled_table("crossroads"),
        options=Options(length=length),
        pack=pack,
        building=mode,
    )
    return start_battle(setup)


def turn(battle: Battle) -> Turn:
    node = battle.node()
    assert isinstance(node, Turn), node
    return node


# -- the three modes -----------------------------------------------------------------------


def test_secret_each_player_builds_unseen_and_the_warbands_are_revealed_together():
    battle = building(Building.SECRET)
    assert turn(battle).player == 0 and turn(battle).hidden and turn(battle).rule == "10.2"
    battle = play(battle, "add Wizard", "add Cleric")
    assert turn(battle).player == 0  # the same player goes on until done
    battle = play(battle, "done")
    assert turn(battle).player == 1 and turn(battle).hidden
    assert battle.fighters == ()  # nothing is set up before the reveal
    battle = play(battle, "add Druid", "done")
    assert battle.setup.warbands[0].names == ("Wizard", "Cleric")
    assert battle.setup.warbands[1].names == ("Druid",)
    assert [f.name for f in battle.fighters] == ["Wizard", "Cleric", "Druid"]
    picks = [e for e in battle.events() if e.event == "pick"]
    assert [e.seen_by for e in picks] == [0, 0, 1]
    revealed = [e.text for e in battle.events() if e.event == "warband"]
    assert revealed == [
        "player 1's warband: Wizard, Cleric (revealed together, ruling MB-31)",
        "player 2's warband: Druid (revealed together, ruling MB-31)",
    ]
    # then the scenario's own setup: its roll-off for Player 1
    assert battle.node().rule == "3.1" and battle.phase is Phase.SETUP


def test_open_simultaneous_rolls_off_then_alternates_one_fighter_at_a_time():
    battle = building(Building.OPEN_SIMULTANEOUS, length=Length.STANDARD)
    assert battle.node().rule == "3.1"  # the roll-off for the order of building
    battle = play(battle, "roll-off 2 5")  # player 2 wins and adds first
    order = []
    for action in ("add Wizard", "add Wizard", "add Cleric", "add Druid"):
        order.append(turn(battle).player)
        assert not turn(battle).hidden
        battle = battle.apply(action)
    assert order == [1, 0, 1, 0]
    battle = play(battle, "done")  # player 2 stops; player 1 is passed to again and again
    assert turn(battle).player == 0
    battle = play(battle, "add Seer")
    assert turn(battle).player == 0
    battle = play(battle, "done")
    assert battle.setup.warbands[1].names == ("Wizard-2", "Cleric")
    assert battle.setup.warbands[0].names == ("Wizard-1", "Druid", "Seer")
    assert all(e.seen_by is None for e in battle.events())


def test_open_sequential_the_roll_off_winner_builds_the_whole_warband_first():
    battle = building(Building.OPEN_SEQUENTIAL)
    battle = play(battle, "roll-off 1 6")
    assert turn(battle).player == 1
    battle = play(battle, "add Guardian", "add Witch")
    assert turn(battle).player == 1
    seen = battle.view(0)["pending"][-1]
    assert seen["warbands"] == [[], ["Guardian", "Witch"]]  # every pick seen by all
    battle = play(battle, "done")
    assert turn(battle).player == 0
    battle = play(battle, "add Mesmer", "done")
    assert battle.setup.warbands[1].names == ("Guardian", "Witch")
    assert battle.setup.warbands[0].names == ("Mesmer",)


def test_three_players_build_in_their_roll_off_placings():
    battle = building(Building.OPEN_SIMULTANEOUS, players=3, scenario="battle-royale")
    battle = play(battle, "roll-off 4 4 6", "roll-off 1 3")  # 3 first, then 2, then 1
    order = []
    for action in ("add Wizard", "add Seer", "add Druid", "add Cleric"):
        order.append(turn(battle).player)
        battle = battle.apply(action)
    assert order == [2, 1, 0, 2]


# -- slots, limits and shared limits on every pick ----------------------------------------


def test_a_profile_at_its_limit_is_neither_offered_nor_accepted():
    battle = play(building(Building.SECRET), "add Wizard")
    assert "add Wizard" not in grammar.texts(battle.legal_actions(0))
    assert "add Cleric" in grammar.texts(battle.legal_actions(0)) and "done" in grammar.texts(
        battle.legal_actions(0)
    )
    with pytest.raises(
        IllegalAction, match="10.2: player 1 cannot add Wizard: 2 Wizard; the limit"
    ):
        battle.apply("add Wizard")
    assert any(
        r.startswith("add Wizard: 2 Wizard; the limit is 1")
        for r in battle.frames[-1].refused(battle)
    )


def test_slots_run_out_and_the_warband_is_full():
    battle = play(building(Building.OPEN_SEQUENTIAL), "roll-off 6 1")
    battle = play(battle, "add Wizard", "add Cleric")
    assert "(2 of 6 slots left)" in turn(battle).prompt
    battle = play(battle, "add Druid")  # 6 of 6 slots: full, the turn passes at once
    assert turn(battle).player == 1
    built = [e for e in battle.events() if e.event == "built"]
    assert [(e.get("player"), e.get("profiles")) for e in built] == [
        (1, ("Wizard", "Cleric", "Druid"))
    ]
    assert built[0].text == "player 1's warband is full: Wizard, Cleric, Druid"


def test_a_profile_larger_than_the_slots_left_is_refused_by_slots():
    battle = play(building(Building.SECRET, pack=militia_pack()), "add Minion", "add Minion")
    assert "add Giant" not in grammar.texts(battle.legal_actions(0))  # 2 + 5 slots > 6
    with pytest.raises(IllegalAction, match="take 7 slots; the warband has 6"):
        battle.apply("add Giant")


def test_a_shared_limit_counts_both_profiles_together_while_building():
    battle = play(building(Building.SECRET, pack=militia_pack()), "add Militia", "add Acolyte")
    legal = grammar.texts(battle.legal_actions(0))
    assert "add Militia" not in legal and "add Acolyte" not in legal and "add Minion" in legal
    with pytest.raises(IllegalAction, match=r"3 Militia \(Militia and Acolyte together\)"):
        battle.apply("add Acolyte")


def test_done_needs_a_fighter_and_bad_picks_name_the_rule():
    battle = building(Building.SECRET)
    assert "done" not in grammar.texts(battle.legal_actions(0))
    with pytest.raises(IllegalAction, match="10.2: a warband needs at least one fighter"):
        battle.apply("done")
    with pytest.raises(IllegalAction, match="10.2: .*Paladin"):
        battle.apply("add Paladin")
    with pytest.raises(IllegalAction, match="10.2: write 'add PROFILE' or 'done'"):
        battle.apply("recruit Wizard")


def test_every_offered_pick_is_legal_and_every_other_profile_is_refused_with_its_rule():
    pack = militia_pack()
    battle = play(building(Building.SECRET, pack=pack), "add Militia")
    offered = {
        a.removeprefix("add ") for a in grammar.texts(battle.legal_actions(0)) if a != "done"
    }
    refused = {r.split(":")[0].removeprefix("add ") for r in battle.frames[-1].refused(battle)}
    assert offered | refused == {p.name for p in pack.fighters} and not offered & refused


def brute_force_largest(pack: Pack, slots: int) -> int:
    """Every multiset of profiles, largest first: the most fighters a warband may hold."""
    for size in range(slots, 0, -1):
        for band in combinations_with_replacement(pack.fighters, size):
            if assembly_problem(pack, band, slots=slots) is None:
                return size
    return 0


@pytest.mark.parametrize("slots", [1, 2, 5, 6, 8, 10])
def test_the_largest_warband_matches_brute_force(slots):
    for pack in (militia_pack(), bundled_pack()):
        assert largest_warband(pack, slots) == brute_force_largest(pack, slots)


def test_a_battlefield_without_room_for_the_largest_warband_is_refused_before_building():
    # Low obstacles everywhere but a 4" x 1.1" strip: two bases fit in each half.
    def low(x: float, y: float, width: float, length: float) -> dict:
        return {
            "name": f"Rubble {x}",
            "height": 1,
            "rectangle": {"centre": [x, y], "size": [width, length]},
        }

    table = open_table([low(2, 8, 4, 16), low(10, 8, 4, 16), low(6, 8.55, 4, 14.9)])
    quick = Options(length=Length.QUICK)
    assert start_battle(
        new_setup("deathmatch", [["Wizard", "Druid"], ["Druid"]], table=table, options=quick)
    )
    with pytest.raises(SetupError, match="room for 2 of a warband's 3 fighters"):
        start_battle(
            new_setup("deathmatch", [[], []], table=table, options=quick, building=Building.SECRET)
        )


def test_building_with_warbands_given_is_refused():
    with pytest.raises(SetupError, match="--building secret: the warbands are built in play"):
        new_setup("deathmatch", [["Wizard"], ["Druid"]], building=Building.SECRET)
    with pytest.raises(SetupError, match="give 3 or 4 players \\(--players"):
        new_setup("battle-royale", [[], []], building=Building.SECRET)


# -- hidden picks --------------------------------------------------------------------------


def distinct_views(battle: Battle, actions: list[str], viewer: int) -> list[dict]:
    """What ``viewer`` sees after each action, consecutive repeats dropped."""
    seen = [battle.view(viewer)]
    for action in actions:
        battle = battle.apply(action)
        if battle.view(viewer) != seen[-1]:
            seen.append(battle.view(viewer))
    return seen


def test_secret_picks_stay_hidden_from_the_other_player_until_the_reveal():
    start = building(Building.SECRET)
    assert grammar.texts(start.legal_actions(1)) == () and "prompt" not in start.view(1)["now"]
    few = distinct_views(start, ["add Wizard", "add Witch", "done"], 1)
    many = distinct_views(start, ["add Guardian", "add Seer", "add Druid"], 1)
    # Neither the fighters nor how many: the other player's view is the same step by step.
    assert few == many
    assert len(few) == 2  # player 1 building, then player 2's turn
    text = json.dumps(few)
    assert not any(name in text for name in ("Wizard", "Witch", "Guardian", "Seer", "Druid"))
    assert few[-1]["pending"][-1]["warbands"] == [None, []]
    # and the picking player sees their own picks
    mine = play(start, "add Wizard").view(0)
    assert mine["pending"][-1]["warbands"] == [["Wizard"], None]
    assert "Wizard" in json.dumps(mine["log"])
    # after the reveal both warbands are public
    done = play(start, "add Wizard", "done", "add Druid", "done")
    assert "Wizard" in json.dumps(done.view(1)) and "Druid" in json.dumps(done.view(0))


# -- records, replay, random battles -------------------------------------------------------


def built_history(mode: Building, scenario: str, players: int, seed: int) -> History:
    setup = new_setup(
        scenario,
        [[] for _ in range(players)],
        table=bundled_table("crossroads" if players > 2 else "stone-circle"),
        options=Options(length=Length.QUICK, rounds=1),
        building=mode,
    )
    history = History.start(start_battle(setup), seed)

    def after_step(history: History) -> None:
        found = problems(history.state)
        assert not found, (seed, found)
        step, before = history.steps[-1], history.states[-2]
        if step.player is not None:
            assert step.action in grammar.texts(before.legal_actions(step.player)), (seed, step)

    play_out(history, [RandomPlayer(seed, p) for p in range(players)], after_step=after_step)
    return history


def record_of(history: History) -> str:
    battle = history.state
    assert isinstance(battle, Battle)
    return to_record(
        history,
        "magewinds",
        battle.setup.as_dict(),
        ("random",) * battle.players,
        result_of(battle),
    ).dumps()


@pytest.mark.parametrize(
    ("mode", "scenario", "players", "seed"),
    [
        (Building.SECRET, "king-of-the-hill", 2, 11),
        (Building.OPEN_SIMULTANEOUS, "hold-the-line", 2, 12),
        (Building.OPEN_SEQUENTIAL, "battle-royale", 3, 13),
    ],
)
def test_random_players_build_and_fight_and_the_record_replays(mode, scenario, players, seed):
    history = built_history(mode, scenario, players, seed)
    battle = history.state
    assert isinstance(battle, Battle) and battle.result is not None
    assert all(band.names for band in battle.setup.warbands)
    record = parse_record(json.loads(record_of(history)), source="test")
    assert record.setup["warbands"] == []
    assert record.setup["building"] == {"mode": mode.value, "players": players}
    picks = [step for step in record.steps if step.action.startswith("add ")]
    assert picks and all(step.hidden == (mode is Building.SECRET) for step in picks)
    replayed = replay_record(record).state
    assert replayed.state_hash() == battle.state_hash()


def test_a_record_with_a_changed_pick_is_refused_with_the_rule():
    data = json.loads(record_of(built_history(Building.SECRET, "deathmatch", 2, 5)))
    picks = [i for i, s in enumerate(data["steps"]) if s["action"].startswith("add ")]
    data["steps"][picks[1]]["action"] = data["steps"][picks[0]]["action"]
    with pytest.raises(RecordError, match=f"step {picks[1] + 1} .*10.2: .*the limit is 1"):
        replay_record(parse_record(data, source="test"))


def test_a_record_that_builds_and_lists_warbands_is_refused():
    data = json.loads(record_of(built_history(Building.SECRET, "deathmatch", 2, 5)))
    data["setup"]["warbands"] = [["Wizard"], ["Druid"]]
    with pytest.raises(DataError, match="setup.warbands: the warbands are built in play"):
        replay_record(parse_record(data, source="test"))


def test_golden_battle_with_warbands_built_in_play():
    name = "magewinds-battle-built-open-simultaneous"
    record_path, log_path = GOLDEN / f"{name}.json", GOLDEN / f"{name}.log"
    if os.environ.get("SKIRMISH_UPDATE_GOLDEN"):
        history = built_history(Building.OPEN_SIMULTANEOUS, "deathmatch", 2, 21)
        record_path.write_text(record_of(history))
        assert isinstance(history.state, Battle)
        log_path.write_text(render(history.state))
    assert record_path.exists(), f"no golden {record_path}; record it with SKIRMISH_UPDATE_GOLDEN=1"
    record = load_record(record_path)
    battle = replay_record(record).state
    assert isinstance(battle, Battle) and battle.result is not None
    assert render(battle) == log_path.read_text()
    assert battle.state_hash() == record.final_hash
    # the same seed builds and plays the same battle again
    again = built_history(Building.OPEN_SIMULTANEOUS, "deathmatch", 2, 21).state
    assert again.state_hash() == record.final_hash


# -- at the terminal -----------------------------------------------------------------------


def test_play_builds_the_warbands_when_none_is_given_and_the_record_replays(cli, tmp_path):
    path = tmp_path / "built.json"
    run = cli(
        "play", "magewinds", "--scenario", "deathmatch", "--players", "random,random",
        "--building", "open-sequential", "--length", "quick", "--rounds", "1", "--seed", "3",
        "--save", str(path),
    )  # fmt: skip
    assert run.code == 0, run.err
    assert "Open, Sequential: the warbands are built in the order" in run.out
    record = load_record(path)
    assert record.setup["building"] == {"mode": "open-sequential", "players": 2}
    replayed = cli("replay", str(path))
    assert replayed.code == 0 and "player 1's warband:" in replayed.out


def test_a_person_builds_a_secret_warband_from_a_script(cli, tmp_path, monkeypatch):
    from test_battle_cli import scripted

    scripted(monkeypatch, ["help", "status", "add Wizard", "add Druid", "done", "add Wizard"])
    run = cli(
        "play", "magewinds", "--scenario", "deathmatch", "--players", "human,random",
        "--length", "quick", "--seed", "3",
    )  # fmt: skip
    assert run.code == 2  # the last line is no deployment
    assert "10.2: player 1: add a fighter to your warband (6 of 6 slots left)" in run.out
    assert "done: a warband needs at least one fighter (10.2)" in run.out  # help
    assert "no fighters yet" in run.out and "player 2's warband: (picked unseen)" in run.out
    assert "> (hidden)" in run.out and "player 1 adds Wizard" in run.out
    assert "player 1's warband: Wizard-1, Druid (revealed together" in run.out
    assert "10.5: write 'deploy FIGHTER at x,y', not 'add Wizard'" in run.err


def test_a_pick_over_the_limit_from_a_script_is_refused_with_its_rule(cli, monkeypatch):
    from test_battle_cli import scripted

    scripted(monkeypatch, ["add Wizard", "add Wizard"])
    run = cli(
        "play", "magewinds", "--scenario", "deathmatch", "--players", "human,random",
        "--building", "secret", "--seed", "3",
    )  # fmt: skip
    assert run.code == 2 and run.err.count("\n") == 1
    assert "10.2: player 1 cannot add Wizard: 2 Wizard; the limit is 1" in run.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--warband", "Wizard", "--warband", "Druid", "--building", "secret"], "--building: the"),
        (["--building", "blind"], "--building"),
        (["--scenario", "battle-royale"], "give 3 or 4 players (--players, one each), not 2"),
    ],
)
def test_bad_building_input_is_one_line_exit_2(cli, tmp_path, args, message):
    path = tmp_path / "battle.json"
    flags = ["--players", "random,random", "--save", str(path)]
    if "--scenario" not in args:
        flags += ["--scenario", "deathmatch"]
    run = cli("play", "magewinds", *flags, *args)
    assert run.code == 2 and message in run.err and run.err.count("\n") == 1, run.err
    assert not path.exists()
