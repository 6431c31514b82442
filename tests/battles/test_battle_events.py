"""The battle log as typed records: every line a frozen record of an EventKind, its
sentence rendered from its fields, and each player's view holding only the lines that
player may see."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from skirmish.engine import Event
from skirmish.engine.battle import load_record
from skirmish.engine.logbook import BattleEvent, field_of, line_dict, render
from skirmish.games.magewinds.battle import replay_record
from skirmish.games.magewinds.battle.eventkinds import EventKind, kind_of
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.battle.view import log_lines

GOLDEN = Path(__file__).parents[1] / "golden"
RECORDS = sorted(GOLDEN.glob("magewinds-battle-*.json"))


def replayed(path: Path) -> Battle:
    battle = replay_record(load_record(path)).state
    assert isinstance(battle, Battle)
    return battle


@pytest.fixture(scope="module")
def battles() -> dict[str, Battle]:
    return {path.stem: replayed(path) for path in RECORDS}


def test_every_line_of_every_golden_battle_is_a_typed_frozen_record(battles):
    kinds: set[EventKind] = set()
    for name, battle in battles.items():
        for line in battle.events():
            assert isinstance(line, (BattleEvent, Event)), (name, line)
            kinds.add(kind_of(line))
            with pytest.raises(dataclasses.FrozenInstanceError):
                line.rule = "changed"  # type: ignore[misc]
            if isinstance(line, BattleEvent):
                assert isinstance(line.kind, EventKind) and line.text == render(line)
    # The attack procedure's own records stay typed inside a battle.
    assert {EventKind.TARGET_NUMBER, EventKind.HITS, EventKind.ROLL} <= kinds
    assert len(kinds) > 40


def test_a_sentence_is_rendered_from_its_fields():
    drew = BattleEvent(
        EventKind.DRAW_SEEN,
        "12.0",
        "player {player} draws {card}",
        (("player", 1), ("card", "QC")),
        seen_by=0,
    )
    assert str(drew) == "[12.0] player 1 draws QC"
    other = dataclasses.replace(drew, data=(("player", 2), ("card", "KH")))
    assert other.text == "player 2 draws KH"
    moved = BattleEvent(
        EventKind.DEPLOY,
        "10.5",
        "player {player} deploys {fighter} at ({at:point})",
        (("player", 1), ("fighter", "Wizard"), ("at", (3.5, 7.25))),
    )
    assert moved.text == "player 1 deploys Wizard at (3.5,7.25)"
    assert moved.fighters == ("Wizard",) and moved.players == (1,)
    assert line_dict(moved)["data"] == {"player": 1, "fighter": "Wizard", "at": [3.5, 7.25]}


def test_private_lines_reach_only_their_player(battles):
    private = unseen = 0
    for name, battle in battles.items():
        lines = battle.events()
        for player in range(battle.players):
            seen = battle.view(player)["log"]
            assert seen == [line_dict(e) for e in lines if e.seen_by in (None, player)], name
            assert all(line.get("seen_by") in (None, player + 1) for line in seen)
            hidden = [e for e in lines if e.seen_by not in (None, player)]
            shown = json.dumps(seen)
            for line in hidden:
                private += 1
                card = field_of(line, "card")
                if card is not None and not any(
                    field_of(e, "card") == card or card in str(field_of(e, "cards", ""))
                    for e in lines
                    if e.seen_by in (None, player)
                ):
                    assert f'"{card}"' not in shown, (name, player, line)
                    unseen += 1
        spectator = log_lines(battle, None)
        assert spectator == [line_dict(e) for e in lines if e.seen_by is None]
    assert private > 10 and unseen > 3


def test_the_view_json_carries_the_attack_records_fields(battles):
    battle = battles["magewinds-battle-deathmatch"]
    lines = [line for line in battle.view(0)["log"] if line["event"] == "hits"]
    assert lines and all({"hits", "target"} <= set(line["data"]) for line in lines)
    first = next(e for e in battle.events() if kind_of(e) is EventKind.HITS)
    assert lines[0]["data"]["target"] == field_of(first, "target")


def test_every_kind_is_named_once():
    values = [kind.value for kind in EventKind]
    assert len(values) == len(set(values))
