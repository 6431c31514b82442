"""What the log and the errors say reads as what happened: a line for each event, in the
order it happened, naming the input that was wrong."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from mwbattle import new_battle, play, ready

from skirmish.engine.battle import IllegalAction, Turn
from skirmish.games.magewinds.battle import grammar
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
        battle = battle.apply(grammar.texts(battle.legal_actions(battle.node().player))[-1])
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


# -- help: each legal action with its rule, why others are refused, within 80 columns -------


def test_help_gives_each_action_its_rule_and_fits_80_columns_at_every_decision():
    from test_battle_hidden import random_battle

    from skirmish.games.magewinds.battle.session import help_lines

    history = random_battle(11)
    asked = 0
    for state in history.states:
        node = state.node()
        if not isinstance(node, Turn):
            continue
        asked += 1
        lines = help_lines(state)
        assert all(len(line) <= 80 for line in lines), [x for x in lines if len(x) > 80]
        listed = [line for line in lines if re.match(r"  \d+\. ", line)]
        assert len(listed) >= min(1, len(grammar.texts(state.legal_actions(node.player))))
        assert all("  [" in line for line in listed), listed
        assert "not allowed now:" in lines and any("anything else" in x for x in lines)
    assert asked > 20


def test_help_says_why_a_fighter_cannot_be_activated_and_passing_is_refused():
    from skirmish.games.magewinds.battle.session import help_lines

    positions = {"Wizard": (3, 8), "Witch": (3, 4), "Guardian": (9, 8)}
    battle = ready(("Wizard", "Witch"), ("Guardian",), positions)
    battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    battle = battle.with_fighter(replace(battle.fighter("Wizard"), counters=2))
    text = "\n".join(help_lines(battle))
    assert "1. activate Witch  [13.0 activate]" in text
    assert "activate Wizard: 13.0: Wizard has a double action counter" in text
    assert "pass: 13.0: a player may pass only when no fighter can be activated" in text


def test_help_names_the_rule_of_each_spell_and_why_blink_is_refused():
    from skirmish.games.magewinds.battle.session import help_lines

    battle = ready(("Wizard",), ("Guardian",), DUEL, hands={0: ("2S", "2H", "2D")})
    battle = battle.apply("activate Wizard")
    text = "\n".join(help_lines(battle))
    assert "blink: 17.0: Wizard cannot pay Blink's 3 Spades" in text
    assert "[Recover: heal (20.1)]" in text
    battle = play(battle, "guard", "no step")
    text = "\n".join(help_lines(battle))
    assert "cast Energize on Wizard paying 2H+2D  [17.0 cast, paying cards]" in text


@pytest.mark.parametrize(
    ("scenario", "players", "seed"),
    [("hold-the-line", 2, 3), ("the-prize", 2, 5), ("battle-royale", 3, 8)],
)
def test_help_names_the_scenario_s_own_actions(scenario, players, seed):
    from skirmish.engine.battle import History, RandomPlayer, play_out
    from skirmish.games.magewinds.battle import start_battle
    from skirmish.games.magewinds.battle.catalogue import find_scenario
    from skirmish.games.magewinds.battle.session import help_lines
    from skirmish.games.magewinds.battle.setup import Length, random_setup

    chosen = random_setup(
        seed,
        length=Length.QUICK,
        most=2,
        rounds=1,
        overtime=0,
        scenario=find_scenario(scenario),
        players=players,
    )
    history = History.start(start_battle(chosen), seed)
    play_out(history, [RandomPlayer(seed, p) for p in range(players)])
    seen: dict[str, str] = {}
    for state in history.states:
        node = state.node()
        if not isinstance(node, Turn):
            continue
        for line in help_lines(state):
            found = re.match(r"  \d+\. (\S+).*  \[(.+)\]$", line)
            if found:
                seen.setdefault(found[1], found[2])
    expected = {
        "hold-the-line": {"objective": "Hold the Line: the objective edge"},
        "the-prize": {"place": "placing objects (MB-27)", "take": "10.1 territories (MB-5, MB-26)"},
        "battle-royale": {"take": "Battle Royale: pick a corner or quarter"},
    }[scenario]
    assert {word: seen.get(word) for word in expected} == expected


def test_help_names_warband_building_s_rule():
    from mwbattle import open_table

    from skirmish.games.magewinds.battle import new_setup, start_battle
    from skirmish.games.magewinds.battle.session import help_lines
    from skirmish.games.magewinds.battle.setup import Building

    setup = new_setup("deathmatch", [[], []], table=open_table(), building=Building.SECRET)
    battle = start_battle(setup).apply("add Wizard")
    text = "\n".join(help_lines(battle))
    assert "done  [10.2 the warband is complete (MB-31)]" in text
    assert "add Cleric  [10.2 add (MB-31)]" in text
