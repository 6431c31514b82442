"""What the log and the errors say reads as what happened: a line for each event, in the
order it happened, naming the input that was wrong."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from mwbattle import new_battle, play, ready

from skirmish.engine.battle import IllegalAction, Turn
from skirmish.games.magewinds.battle.state import Battle

DUEL = {"Wizard": (5.5, 8), "Guardian": (6.5, 8)}


def texts(battle: Battle) -> list[str]:
    return [e.text for e in battle.events()]


def test_a_refill_from_the_last_deck_card_is_logged_before_the_reshuffle():
    battle = ready(("Wizard",), ("Guardian",), {"Wizard": (3, 8), "Guardian": (9, 8)})
    battle = play(battle, "activate Wizard", "guard", "no step", "end activation")
    battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    battle = play(battle, "activate Wizard", "guard", "no step", "end activation")
    battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    battle = play(battle, "pass", "pass")
    while not (isinstance(battle.node(), Turn) and battle.phase.value == "channelling"):
        battle = battle.apply(battle.legal_actions(battle.node().player)[-1])
    last = battle.deck[0]
    battle = replace(battle, deck=(last,), discard=tuple(c for c in battle.deck if c != last))
    battle = play(battle, f"draw {battle.face_up[0]}", f"card {last}")
    said = texts(battle)
    refill = said.index(f"{last} is turned face up from the deck")
    assert "shuffled into a new deck" in said[refill + 1]


def test_a_knockback_with_no_room_reads_as_a_follow_up_not_a_contradiction():
    battle = ready(("Wizard",), ("Guardian",), {"Wizard": (5.5, 8), "Guardian": (11.5, 8)})
    battle = battle.with_fighter(replace(battle.fighter("Wizard"), at=(10.5, 8)))  # at the edge
    battle = play(battle, "activate Wizard", "attack", "no step", "attack Guardian with Melee")
    battle = play(battle, "light", "none", "no barrier")
    said = texts(battle)
    assert any("may knock Guardian back" in t for t in said)
    assert not any("cannot be knocked back" in t for t in said)
    assert any(t.startswith("no room for the knockback after all") for t in said)


def test_a_fighter_with_a_double_action_counter_is_not_asked_to_react():
    battle = ready(("Wizard",), ("Guardian",), DUEL)
    battle = battle.with_fighter(replace(battle.fighter("Guardian"), counters=2))
    battle = play(battle, "activate Wizard", "attack", "no step", "attack Guardian with Melee")
    battle = battle.apply("light")
    node = battle.node()
    assert not (isinstance(node, Turn) and node.rule == "18.4"), node
    assert "Guardian makes no reaction" in texts(battle)


def test_a_step_too_long_by_a_hair_says_by_how_much():
    battle = ready(("Wizard",), ("Guardian",), {"Wizard": (5.5, 8), "Guardian": (9.5, 8)})
    battle = play(battle, "activate Wizard", "guard")
    with pytest.raises(IllegalAction, match='the path is 1.0001" but Wizard may move 1"'):
        battle.apply("step 5.5,9.0001")


def test_a_roll_off_says_who_won_once():
    battle = new_battle().apply("roll-off 6 2")
    said = texts(battle)
    rolled = next(i for i, t in enumerate(said) if t.endswith("player 1 rolls 6, player 2 rolls 2"))
    assert said[rolled + 1] == "player 1 wins the roll-off for Player 1 (scenario setup)"


def test_a_wrong_number_of_warbands_is_reported_as_that(cli):
    run = cli(
        "play",
        "magewinds",
        "--scenario",
        "deathmatch",
        "--warband",
        "Wizard",
        "--players",
        "random,random",
    )
    assert run.code == 2 and "--warband" in run.err and "--players" not in run.err


def test_resume_counts_the_warbands_not_the_record_s_players_list(cli, tmp_path):
    path = tmp_path / "battle.json"
    args = ["play", "magewinds", "--scenario", "deathmatch", "--warband", "Wizard"]
    args += ["--warband", "Guardian", "--players", "random,random", "--seed", "2"]
    assert cli(*args, "--rounds", "1", "--save", str(path)).code == 0
    record = json.loads(path.read_text())
    record["players"] = ["random", "random", "random"]
    path.write_text(json.dumps(record))
    run = cli("play", "magewinds", "--resume", str(path), "--players", "random,random")
    assert run.code == 0, run.err
