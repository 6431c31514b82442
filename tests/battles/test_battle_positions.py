"""Positions (:mod:`skirmish.games.magewinds.battle.position`): a battle started part way
through from a YAML file or a mapping, played, taken back, saved and replayed as any other;
bad positions refused in one line naming the file and the rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from skirmish.engine.battle import History, IllegalAction, Turn, load_record
from skirmish.errors import DataError
from skirmish.games.magewinds.battle import grammar, replay_record
from skirmish.games.magewinds.battle.position import read_position, start_position
from skirmish.games.magewinds.battle.state import Phase, Status
from skirmish.games.magewinds.cards import DECK

EXAMPLE = Path(__file__).parents[2] / "examples" / "positions" / "wizard-hexed.yaml"


def position(**changes: object) -> dict:
    base = {
        "format": "skirmish magewinds position",
        "scenario": "deathmatch",
        "round": 2,
        "phase": "action",
        "first": 1,
        "fighters": [
            {"name": "Wizard", "player": 1, "at": [3, 8], "damage": 1, "effects": ["hex"]},
            {"name": "Deadeye", "player": 1, "at": [2, 3], "counters": 1},
            {"name": "Guardian", "player": 2, "at": [9, 8], "guarding": True},
            {"name": "Druid", "player": 2, "status": "out of action"},
        ],
        "hands": [["2S", "2D", "3S"], ["KH"]],
        "face_up": ["8S", "8H", "8D", "8C", "9C"],
    }
    return base | changes


def test_a_position_starts_the_battle_with_everything_it_gives():
    battle = start_position(position())
    assert (battle.round, battle.phase, battle.first) == (2, Phase.ACTION, 0)
    wizard, deadeye = battle.fighter("Wizard"), battle.fighter("Deadeye")
    assert (wizard.at, wizard.damage, wizard.effects) == ((3.0, 8.0), 1, frozenset({"hex"}))
    assert deadeye.counters == 1 and battle.fighter("Guardian").guarding
    assert battle.fighter("Druid").status is Status.OUT_OF_ACTION
    assert battle.fighter("Druid").at is None
    assert battle.hands == (("2S", "3S", "2D"), ("KH",))
    assert battle.face_up == ("8S", "8H", "8D", "8C", "9C")
    # The deck holds every other card: 52 less 3 + 1 in hand and 5 face up.
    assert len(battle.deck) == 43 and not set(battle.deck) & {"2S", "KH", "8S"}
    node = battle.node()
    assert isinstance(node, Turn) and node.rule == "13.0"


def test_a_position_plays_by_the_rules_and_takes_back():
    """The pending work is the rules' own: the offered actions, an attack, 1.1's take-back
    to the very state the position started at."""
    battle = start_position(position())
    node = battle.node()
    assert isinstance(node, Turn)
    offered = grammar.texts(battle.legal_actions(node.player))
    mine = [f.name for f in battle.on_battlefield(node.player)]
    assert offered and all(any(name in text for name in mine) for text in offered)
    history = History.start(battle, 11)
    history.act(battle.legal_actions(node.player)[0])
    assert history.state.state_hash() != battle.state_hash()
    history.undo(node.player)
    assert history.state is battle and history.state.state_hash() == battle.state_hash()


def test_the_channelling_phase_is_a_position_too():
    battle = start_position(position(phase="channelling", round=3, first=2))
    node = battle.node()
    assert battle.phase is Phase.CHANNELLING and battle.round == 3 and battle.first == 1
    assert isinstance(node, Turn) and "draw deck" in grammar.texts(
        battle.legal_actions(node.player)
    )


def test_the_deck_may_be_given_and_the_cards_must_add_up():
    elsewhere = {"2S", "2D", "3S", "KH", "8S", "8H", "8D", "8C", "9C", "AS"}
    rest = [c for c in DECK if c not in elsewhere]
    battle = start_position(position(deck=rest, discard=["AS"]))
    assert set(battle.deck) == set(rest) and battle.discard == ("AS",)
    with pytest.raises(DataError, match=r"cards AS are nowhere: .* \(0\.9\)"):
        start_position(position(deck=rest))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {
                "fighters": [
                    {"name": "Wizard", "player": 1, "at": [5, 8]},
                    {"name": "Guardian", "player": 2, "at": [5.5, 8]},
                ]
            },
            r"^the position: fighter 'Wizard': .*overlap",
        ),
        (
            {
                "fighters": [
                    {"name": "Wizard", "player": 1, "at": [30, 8]},
                    {"name": "Guardian", "player": 2, "at": [9, 8]},
                ]
            },
            r"^the position: fighter 'Wizard': 2\.1: a base at \(30, 8\) is not wholly on",
        ),
        (
            {
                "fighters": [
                    {"name": "Wizzard", "player": 1, "at": [3, 8]},
                    {"name": "Guardian", "player": 2, "at": [9, 8]},
                ]
            },
            r"^the position: .*Wizzard",
        ),
        (
            {
                "fighters": [
                    {"name": "Wizard", "player": 1, "at": [3, 8], "damage": 9},
                    {"name": "Guardian", "player": 2, "at": [9, 8]},
                ]
            },
            r"^the position: fighter 'Wizard': damage 9 would have taken it out of action "
            r"\(9\.2: Toughness \d+\)$",
        ),
        ({"hands": [["2S", "2S"], []]}, r"^the position: card 2S is in two places; .*\(0\.9\)$"),
        ({"hands": [["2S"], []], "face_up": ["2S"]}, r"card 2S is in two places"),
        ({"hands": [["1Z"]]}, r"^the position: .*1Z"),
        (
            {
                "fighters": [
                    {"name": "Wizard", "player": 1, "at": [3, 8], "effects": ["haste"]},
                    {"name": "Guardian", "player": 2, "at": [9, 8]},
                ]
            },
            r"effect 'haste' is none of hex, third_eye, wildform, white_hot_weapons",
        ),
    ],
)
def test_a_bad_position_is_one_line_naming_the_input_and_the_rule(changes, message):
    with pytest.raises(DataError, match=message) as caught:
        start_position(position(**changes))
    assert "\n" not in str(caught.value)


def test_a_position_file_is_read_with_the_data_files_limits(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(position(round=0)))
    with pytest.raises(DataError, match=r"bad\.yaml.*round"):
        read_position(path)
    path.write_text(yaml.safe_dump(position(format="something else")))
    with pytest.raises(DataError, match="bad.yaml"):
        read_position(path)
    path.write_text("fighters: [" * 5000)
    with pytest.raises(DataError, match="bad.yaml"):
        read_position(path)


def test_the_example_position_file_starts_a_battle():
    battle = start_position(read_position(EXAMPLE), source=str(EXAMPLE))
    assert battle.phase is Phase.ACTION and battle.fighter("Wizard").effects == {"hex"}


def played_from_the_example(cli, save: Path):
    """``skirmish play`` from the example position, random players, saved to ``save``."""
    return cli(
        "play", "magewinds", "--position", str(EXAMPLE), "--players", "random,random",
        "--seed", "4", "--save", str(save),
    )  # fmt: skip


def test_play_from_a_position_saves_a_record_that_replays(cli, tmp_path):
    save = tmp_path / "battle.json"
    found = played_from_the_example(cli, save)
    assert found.code == 0, found.err
    record = load_record(save)
    assert record.setup["position"]["fighters"][0]["name"] == "Wizard"
    history = replay_record(record)
    assert history.state.state_hash() == record.final_hash
    assert history.states[0].round == 2
    replayed = cli("replay", str(save))
    assert replayed.code == 0, replayed.err


def test_play_refuses_a_bad_position_with_exit_2_and_writes_nothing(cli, tmp_path):
    bad = tmp_path / "overlap.yaml"
    data = position(
        fighters=[
            {"name": "Wizard", "player": 1, "at": [5, 8]},
            {"name": "Guardian", "player": 2, "at": [5.5, 8]},
        ]
    )
    bad.write_text(yaml.safe_dump(data))
    save = tmp_path / "battle.json"
    found = cli(
        "play",
        "magewinds",
        "--position",
        str(bad),
        "--players",
        "random,random",
        "--save",
        str(save),
    )
    assert found.code == 2
    lines = [line for line in found.err.splitlines() if line.strip()]
    assert len(lines) == 1 and "overlap.yaml" in lines[0] and "fighter 'Wizard'" in lines[0]
    assert not save.exists()
    mixed = cli("play", "magewinds", "--position", str(bad), "--scenario", "deathmatch")
    assert mixed.code == 2 and "--position sets the battle up" in mixed.err


def test_a_record_with_a_changed_position_is_refused(tmp_path, cli):
    save = tmp_path / "battle.json"
    played_from_the_example(cli, save)
    data = json.loads(save.read_text())
    data["setup"]["position"]["fighters"][0]["at"] = [99, 99]
    save.write_text(json.dumps(data))
    found = cli("replay", str(save))
    assert found.code == 2 and "setup.position" in found.err and "2.1" in found.err


def test_a_take_back_past_a_positions_first_decision_is_refused():
    history = History.start(start_position(position()), 3)
    with pytest.raises(IllegalAction, match="1.1: nothing to take back"):
        history.undo(0)
