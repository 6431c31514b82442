"""Positions (:mod:`skirmish.games.magewinds.battle.position`): a battle started part way
through from a YAML file or a mapping, played, taken back, saved and replayed as any other;
bad positions refused in one line naming the file and the rule."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
import yaml

from skirmish.engine.battle import (
    History,
    IllegalAction,
    RandomPlayer,
    Turn,
    load_record,
    play_out,
    to_record,
)
from skirmish.errors import DataError, SkirmishError
from skirmish.games.magewinds.battle import grammar, replay_record
from skirmish.games.magewinds.battle.position import (
    parse_position,
    position_setup,
    read_position,
    recorded_position,
    start_position,
)
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


# -- every point of a round a position may start at ----------------------------------------

DEPLOYING = {
    "phase": "deployment",
    "round": 1,
    "hands": [],
    "territories": ["right", "left"],
    "turn": 2,
    "fighters": [
        {"name": "Wizard", "player": 1, "at": [9, 8]},
        {"name": "Deadeye", "player": 1},
        {"name": "Guardian", "player": 2, "at": [3, 8]},
        {"name": "Druid", "player": 2},
    ],
}
POINTS = {
    "deployment, player 2 to deploy": DEPLOYING,
    "Channelling, player 2 to draw after player 1 passed": {
        "phase": "channelling",
        "order": [1, 2],
        "turn": 2,
        "passed": [1],
    },
    "Action Phase, player 2 to activate": {"turn": 2, "order": [1, 2]},
    "Action Phase, player 1 on after player 2 passed": {"order": [2, 1], "passed": [2]},
    "End Phase, windburn player 2 first": {"phase": "end", "order": [2, 1]},
}
"""Positions part way through a phase, or at a phase the first two did not reach."""


def test_a_deployment_position_asks_the_player_to_deploy_in_their_territory():
    battle = start_position(position(**DEPLOYING))
    node = battle.node()
    assert battle.phase is Phase.DEPLOYMENT and isinstance(node, Turn) and node.player == 1
    assert battle.territories == ("right", "left")
    offered = grammar.texts(battle.legal_actions(1))
    assert offered and all(t.startswith(("deploy Druid at", "deploy Guardian")) for t in offered)
    assert all(float(t.split(" at ")[1].split(",")[0]) <= 5.5 for t in offered)  # left half
    assert battle.fighter("Wizard").at == (9.0, 8.0)
    assert battle.fighter("Deadeye").status is Status.RESERVE


def test_a_channelling_position_part_way_through_gives_the_turn_and_who_passed():
    battle = start_position(
        position(**POINTS["Channelling, player 2 to draw after player 1 passed"])
    )
    node = battle.node()
    assert battle.phase is Phase.CHANNELLING and isinstance(node, Turn) and node.player == 1
    # player 1 has passed (12.0): once player 2 passes too, the Action Phase starts in
    # the order they passed, player 1 first
    battle = battle.apply("pass")
    assert battle.phase is Phase.ACTION and battle.channel_passes == (0, 1)


def test_an_action_phase_position_part_way_through_gives_the_turn_and_who_passed():
    battle = start_position(position(turn=2))
    node = battle.node()
    assert isinstance(node, Turn) and node.player == 1 and node.rule == "13.0"
    assert grammar.texts(battle.legal_actions(1)) == ("activate Guardian",)
    battle = start_position(position(order=[2, 1], passed=[2]))
    node = battle.node()
    assert isinstance(node, Turn) and node.player == 0
    # player 2 has passed: player 1 takes every turn left (13.0)
    assert {"activate Wizard", "activate Deadeye"} <= set(grammar.texts(battle.options()))


def test_an_end_phase_position_starts_windburn_in_the_order_given():
    battle = start_position(position(phase="end", order=[2, 1]))
    node = battle.node()
    assert battle.phase is Phase.END and isinstance(node, Turn) and node.rule == "14.1"
    assert node.player == 1 and set(grammar.texts(battle.options())) == {"keep KH", "discard KH"}
    assert all(f.counters == 0 for f in battle.fighters)  # removed as the phase starts (14.0)
    battle = battle.apply("discard KH")
    node = battle.node()
    assert isinstance(node, Turn) and node.player == 0 and node.rule == "14.1"


@pytest.mark.parametrize("point", sorted(POINTS))
def test_each_point_round_trips_takes_back_to_itself_and_replays(point):
    model = parse_position(position(**POINTS[point]), source="test")
    battle = start_position(model)
    # the position as a record keeps it (JSON), read back, starts the very same battle
    kept = json.loads(json.dumps(position_setup(model)))
    again = recorded_position(kept, source="record")
    assert again == model and start_position(again).state_hash() == battle.state_hash()
    # 1.1: a decision taken back returns to the position itself
    node = battle.node()
    assert isinstance(node, Turn)
    history = History.start(battle, 5)
    history.act(battle.legal_actions(node.player)[0])
    history.undo(node.player)
    assert history.state.state_hash() == battle.state_hash()
    # a record of a battle played on from it replays to the same state
    with contextlib.suppress(SkirmishError):  # not over in 60 steps: it replays all the same
        play_out(history, [RandomPlayer(5, p) for p in range(battle.players)], max_steps=60)
    assert len(history.steps) >= 10
    record = to_record(history, "magewinds", kept, ["random"] * battle.players)
    assert replay_record(record).state.state_hash() == record.final_hash


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"turn": 3}, r"turn: player 3, but the fighters are of 2"),
        ({"turn": 1, "passed": [1]}, r"turn: player 1 has passed .*\(12\.0, 13\.0\)"),
        ({"order": [1, 1]}, r"order: \[1, 1\] must name each of the 2 players once"),
        ({"passed": [1, 2]}, r"every player has passed, so the phase is over"),
        ({"phase": "end", "turn": 2}, r"starts at the beginning of the End Phase \(14\.0\)"),
        ({**DEPLOYING, "round": 2}, r"deployment comes before round 1 \(10\.5\)"),
        ({**DEPLOYING, "hands": [["2S"]]}, r"no card is drawn before the first round \(12\.0\)"),
        ({**DEPLOYING, "territories": ["right", "right"]}, r"territories: .*\(10\.5\)"),
        ({**DEPLOYING, "turn": 1, "passed": [2]}, r"passed: \[2\], but the players with every"),
        (
            {**DEPLOYING, "fighters": [
                {"name": "Wizard", "player": 1, "at": [3, 8]},
                {"name": "Guardian", "player": 2},
            ]},
            r"fighter 'Wizard': 10\.5: not wholly within player 1's territory",
        ),
    ],
)  # fmt: skip
def test_a_bad_point_in_a_round_is_one_line_naming_the_rule(changes, message):
    with pytest.raises(DataError, match=message) as caught:
        start_position(position(**changes))
    assert "\n" not in str(caught.value)


def test_play_refuses_a_bad_point_with_exit_2_and_one_line(cli, tmp_path):
    bad = tmp_path / "late.yaml"
    bad.write_text(yaml.safe_dump(position(phase="end", turn=2)))
    found = cli("play", "magewinds", "--position", str(bad), "--players", "random,random")
    lines = [line for line in found.err.splitlines() if line.strip()]
    assert found.code == 2 and len(lines) == 1 and "late.yaml" in lines[0] and "14.0" in lines[0]


def test_play_from_a_mid_phase_position_saves_a_record_that_replays(cli, tmp_path):
    path, save = tmp_path / "mid.yaml", tmp_path / "battle.json"
    path.write_text(yaml.safe_dump(position(turn=2, passed=[])))
    found = cli(
        "play", "magewinds", "--position", str(path), "--players", "random,random",
        "--seed", "2", "--save", str(save),
    )  # fmt: skip
    assert found.code == 0, found.err
    record = load_record(save)
    assert record.setup["position"]["turn"] == 2
    assert replay_record(record).state.state_hash() == record.final_hash
    assert record.steps[0].player == 1  # player 2 acted first, as the position says


def test_the_windburn_example_starts_at_player_1s_windburn():
    path = EXAMPLE.with_name("windburn.yaml")
    battle = start_position(read_position(path), source=str(path))
    node = battle.node()
    assert battle.phase is Phase.END and isinstance(node, Turn) and node.player == 0
    assert {"keep AS", "discard AS", "keep KH", "keep 3D"} <= set(grammar.texts(battle.options()))


def prize(**changes: object) -> dict:
    """The Prize in round 2's Action Phase, its Treasure placed where the position says."""
    return (
        position(
            scenario="the-prize",
            fighters=[
                {"name": "Wizard", "player": 1, "at": [3, 8]},
                {"name": "Guardian", "player": 2, "at": [9, 8]},
            ],
            objects=[{"name": "Treasure", "at": [6, 9]}],
        )
        | changes
    )


def test_a_position_places_the_scenarios_objects_where_it_says():
    battle = start_position(prize())
    assert [(i.name, i.at) for i in battle.items] == [("Treasure", (6.0, 9.0))]
    carried = prize(
        fighters=[
            {"name": "Wizard", "player": 1, "at": [3, 8], "carrying": ["Treasure"]},
            {"name": "Guardian", "player": 2, "at": [9, 8]},
        ]
    )
    battle = start_position(carried)
    assert battle.items[0].carried_by == "Wizard" and battle.fighter("Wizard").carrying


@pytest.mark.parametrize(
    ("objects", "message"),
    [
        ([{"name": "Treasure", "at": [6, 12]}], r'The Prize: .*wholly within 3" of the centre'),
        (
            [{"name": "Treasure", "at": [6, 9]}, {"name": "Chest", "at": [1, 1]}],
            r"objects: 'Chest' is no object The Prize places by this point; it places Treasure",
        ),
    ],
)
def test_an_object_the_scenario_would_not_place_there_is_refused(objects, message):
    with pytest.raises(DataError, match=message) as caught:
        start_position(prize(objects=objects))
    assert "\n" not in str(caught.value)


def test_part_way_through_the_action_phase_its_opening_windows_are_past():
    druid = position(
        fighters=[
            {"name": "Wizard", "player": 1, "at": [3, 8]},
            {"name": "Druid", "player": 2, "at": [9, 8]},
        ]
    )
    node = start_position(druid).node()  # the start: the Druid may cast Wildform first
    assert isinstance(node, Turn) and node.rule == "Wildform" and node.player == 1
    battle = start_position(druid | {"turn": 2})
    node = battle.node()
    assert isinstance(node, Turn) and node.rule == "13.0" and node.player == 1
    assert grammar.texts(battle.options()) == ("activate Druid",)


@pytest.mark.parametrize(
    ("scenario", "territories", "width"),
    [
        ("battle-royale", ["far-left", "near-right", "near-left"], 24),  # corners, in turn
        ("hold-the-line", ["right", "left"], 12),  # the Defender's objective edge
        ("the-prize", ["far-right", "near-left"], 12),  # Player 2's diagonal cut (MB-26)
    ],
)
def test_a_deployment_position_gives_every_scenarios_territories(scenario, territories, width):
    fighters = [
        {"name": name, "player": seat}
        for seat, name in enumerate(["Wizard", "Druid", "Seer"][: len(territories)], 1)
    ]
    battle = start_position(
        position(
            scenario=scenario,
            phase="deployment",
            round=1,
            hands=[],
            territories=territories,
            table={"battlefield": {"width": width, "length": 16}},
            fighters=fighters,
        )
    )
    assert list(battle.territories) == territories and battle.phase is Phase.DEPLOYMENT
