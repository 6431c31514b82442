"""The battle pages on a test client: start, act, refusals, seat secrecy, and battles
resumed from disk by a new application."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

from skirmish.games.magewinds.battle import grammar

QUICK = {
    "scenario": "king-of-the-hill",
    "length": "quick",
    "warband": ["Wizard,Cleric", "Druid,Witch"],
    "seed": "3",
}
JSON = {"accept": "application/json"}


def start(client: Any, **given: Any) -> dict[str, Any]:
    answer = client.post("/magewinds/battles", data={**QUICK, **given}, headers=JSON)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def engine_refusal(client: Any, links: dict[str, Any], action: str) -> str:
    """What the battle itself says refusing ``action`` now."""
    from skirmish.errors import SkirmishError

    battle = client.app.state.tables.get(links["battle"]).battle
    with pytest.raises(SkirmishError) as refused:
        battle.apply(action)
    return str(refused.value)


def first_action(state: dict[str, Any]) -> str:
    text: str = state["legal"]["groups"][0]["actions"][0]["text"]
    return text


def test_new_battle_form_offers_plays_options(client: Any) -> None:
    from skirmish.games.magewinds.battles import PlayOptions
    from skirmish.options import option_fields

    page = client.get("/magewinds/battles").text
    for option in option_fields(PlayOptions):
        if option.name in ("save", "resume"):
            assert f'name="{option.flag[2:]}"' not in page
        else:
            assert f'data-option="{option.flag}"' in page, option.flag


def test_a_battle_against_the_random_player_played_to_its_end(client: Any, tmp_path: Path) -> None:
    links = start(client, players="human,random")
    seat = links["seats"][0]
    state = client.get(seat + "/state").json()
    for _ in range(3000):
        if state["result"]:
            break
        answer = client.post(
            seat + "/act", json={"steps": state["steps"], "action": first_action(state)}
        )
        assert answer.status_code == 200, answer.text
        state = answer.json()
    assert state["result"]
    # The autosaved record is the one `skirmish play --save` writes: it replays to the end.
    from skirmish.games.magewinds.battles import BATTLES

    record = tmp_path / "files" / "battles" / f"{links['battle']}.json"
    _, battle = BATTLES.replay(record)
    assert battle.result is not None
    assert BATTLES.result_text(battle) == state["result"]


def test_illegal_and_stale_actions_are_refused_with_the_rules_message(client: Any) -> None:
    links = start(client, players="human,random")
    seat = links["seats"][0]
    state = client.get(seat + "/state").json()
    steps = state["steps"]
    answer = client.post(seat + "/act", json={"steps": steps, "action": "deploy Wizard at 99,99"})
    assert answer.status_code == 400
    assert answer.json()["error"] == engine_refusal(client, links, "deploy Wizard at 99,99")
    assert client.get(seat + "/state").json()["steps"] == steps
    answer = client.post(seat + "/act", json={"steps": steps - 1, "action": first_action(state)})
    assert answer.status_code == 409 and "stale" in answer.json()["error"]
    # A click off any legal place: the rules' refusal, the battle unchanged.
    key = state["legal"]["points"][0]["key"]
    answer = client.post(seat + "/act", json={"steps": steps, "group": key, "point": [-5, -5]})
    assert answer.status_code == 400 and answer.json()["error"]
    assert client.get(seat + "/state").json()["steps"] == steps


def test_a_click_on_the_battlefield_places_through_the_rules(client: Any) -> None:
    links = start(client, players="human,random")
    seat = links["seats"][0]
    state = client.get(seat + "/state").json()
    legal = [a["text"] for g in state["legal"]["groups"] for a in g["actions"]]
    offered = next(a for a in legal if a.startswith("deploy Wizard at "))
    x, y = (float(v) for v in offered.rsplit(" ", 1)[1].split(","))
    key = next(p["key"] for p in state["legal"]["points"] if "Wizard" in p["label"])
    answer = client.post(
        seat + "/act", json={"steps": state["steps"], "group": key, "point": [x, y]}
    )
    assert answer.status_code == 200, answer.text
    wizard = next(f for f in answer.json()["fighters"] if f["fighter"] == "Wizard")
    assert wizard["at"] != "waiting" and "," in wizard["at"]


def test_wrong_links_unknown_battles_and_spectators(client: Any) -> None:
    links = start(client, players="human,human")
    battle = links["battle"]
    assert client.get(f"/magewinds/battles/{battle}/{'x' * 22}/state").status_code == 403
    assert client.get(f"/magewinds/battles/{'0' * 16}/{'x' * 22}/state").status_code == 404
    assert client.get(f"/magewinds/battles/..%2Fetc/{'x' * 22}/state").status_code == 404
    decides = client.get(links["seats"][0] + "/state").json()["now"]["decides"]
    waiting = links["seats"][2 - decides]
    state = client.get(waiting + "/state").json()
    assert state["now"]["decides"] == decides and "prompt" not in state["now"]
    assert state["legal"]["groups"] == []
    answer = client.post(waiting + "/act", json={"steps": state["steps"], "action": "pass"})
    assert answer.status_code == 409 and f"player {decides} decides" in answer.json()["error"]
    spectator = links["spectator"]
    answer = client.post(spectator + "/act", json={"steps": state["steps"], "action": "x"})
    assert answer.status_code == 403
    assert client.get(spectator + "/state").json()["hand"] == []


def test_oversized_and_malformed_bodies(client: Any) -> None:
    links = start(client, players="human,random")
    seat = links["seats"][0]
    big = json.dumps({"steps": 1, "action": "x" * 400_000})
    answer = client.post(seat + "/act", content=big, headers={"content-type": "application/json"})
    assert answer.status_code == 413
    answer = client.post(seat + "/act", json={"steps": 1, "action": "x" * 400})
    assert answer.status_code == 422
    answer = client.post(seat + "/act", json={"steps": 1, "bogus": 1})
    assert answer.status_code == 422


def test_a_bad_setup_is_refused_with_plays_message(client: Any) -> None:
    answer = client.post("/magewinds/battles", data={**QUICK, "scenario": "no-such"}, headers=JSON)
    assert answer.status_code in (400, 422) and "no-such" in answer.json()["error"]
    answer = client.post("/magewinds/battles", data={**QUICK, "save": "/tmp/x"}, headers=JSON)
    assert answer.status_code == 400


def deciding(client: Any, links: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    """The link of the seat that decides now, the other seat's, and the state."""
    decides = client.get(links["seats"][0] + "/state").json()["now"]["decides"]
    mine, other = links["seats"][decides - 1], links["seats"][2 - decides]
    return mine, other, client.get(mine + "/state").json()


def test_undo_as_the_rules_allow(client: Any) -> None:
    links = start(client, players="human,human")
    mine, _, state = deciding(client, links)
    after = client.post(
        mine + "/act", json={"steps": state["steps"], "action": first_action(state)}
    )
    # A card was drawn since (the chance of the setup): the history refuses (1.1).
    answer = client.post(mine + "/undo", json={"steps": after.json()["steps"]})
    assert answer.status_code == 409
    assert answer.json()["error"].startswith("1.1: cannot take back past a chance event")
    mine, other, state = deciding(client, links)
    action = {"steps": state["steps"], "action": first_action(state)}
    assert action["action"].startswith("deploy ")
    after = client.post(mine + "/act", json=action).json()
    undone = client.post(mine + "/undo", json={"steps": after["steps"]})
    assert undone.status_code == 200 and "1.1" in undone.json()["said"]
    assert undone.json()["steps"] == state["steps"]
    # Another player's decision cannot be taken back: the history's own refusal.
    after = client.post(mine + "/act", json=action).json()
    answer = client.post(other + "/undo", json={"steps": after["steps"]})
    assert answer.status_code == 409
    assert "1.1: cannot take back past another player's decision" in answer.json()["error"]


def test_battles_are_listed_and_resumed_by_a_new_server(tmp_path: Path) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from fastapi.testclient import TestClient
    from skirmish.web.app import create_app

    with TestClient(create_app(files=tmp_path / "files")) as first:
        links = start(first, players="human,random")
        seat = links["seats"][0]
        state = first.get(seat + "/state").json()
        state = first.post(
            seat + "/act", json={"steps": state["steps"], "action": first_action(state)}
        ).json()
    with TestClient(create_app(files=tmp_path / "files")) as again:
        assert links["battle"] in again.get("/magewinds/battles").text
        resumed = again.get(seat + "/state").json()
        assert resumed["steps"] == state["steps"]
        assert resumed["hand"] == state["hand"] and resumed["log"] == state["log"]


@pytest.mark.parametrize("seed", [1, 2, 5, 8])
def test_no_answer_for_a_seat_holds_the_other_seats_hidden_cards(client: Any, seed: int) -> None:
    """For seeded battles between two people played on by their first actions, no state,
    action or undo answer for seat p holds a card of the other hand that p was not shown,
    nor a face-down choice of the other seat."""
    from skirmish.web.tables import Tables

    links = start(client, players="human,human", seed=str(seed), scenario="deathmatch")
    tables: Tables = client.app.state.tables
    table = tables.get(links["battle"])
    seats = links["seats"]
    checked = 0
    for _ in range(400):
        battle = table.battle
        if battle.result is not None:
            break
        for p, link in enumerate(seats):
            text = client.get(link + "/state").text
            other = 1 - p
            secret = set(battle.hands[other]) - set(battle.known[other])
            for c in secret:
                assert f'"{c}"' not in text, (p, c)
            step = table.session.history.steps[-1] if table.session.history.steps else None
            if step is not None and step.hidden and step.player == other:
                assert step.action not in text
            checked += 1
        spectator = client.get(links["spectator"] + "/state").text
        for p in range(2):
            for c in set(battle.hands[p]) - set(battle.known[p]):
                assert f'"{c}"' not in spectator, (p, c)
        node = battle.node()
        state = client.get(seats[node.player] + "/state").json()
        answer = client.post(
            seats[node.player] + "/act",
            json={"steps": state["steps"], "action": first_action(state)},
        )
        assert answer.status_code == 200
        after = table.battle
        for c in set(after.hands[1 - node.player]) - set(after.known[1 - node.player]):
            assert f'"{c}"' not in answer.text
    assert checked > 20


def test_the_event_stream_says_only_that_the_battle_changed(client: Any) -> None:
    links = start(client, players="human,random")
    table = client.app.state.tables.get(links["battle"])
    with client.stream("GET", links["seats"][0] + "/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = stream.iter_lines()
        first, second = next(lines), next(lines)
    assert first == "event: changed"
    assert second == f"data: {table.epoch} {table.changed}"


def test_each_seat_gets_only_the_log_lines_it_may_see(client: Any) -> None:
    """The JSON each seat's page gets holds the public lines and that seat's own private
    ones (cards drawn face down), the spectators' the public lines alone: the battle's
    view, never more."""
    from skirmish.engine.battle import Turn
    from skirmish.engine.logbook import line_dict

    links = start(client, players="human,human")
    seats = links["seats"]
    table = client.app.state.tables.get(links["battle"])
    for _ in range(300):
        battle = table.battle
        if {e.seen_by for e in battle.events()} >= {0, 1}:
            break
        node = battle.node()
        assert isinstance(node, Turn)
        state = client.get(seats[node.player] + "/state").json()
        offered = [a["text"] for g in state["legal"]["groups"] for a in g["actions"]]
        action = "draw deck" if "draw deck" in offered else offered[0]
        answer = client.post(
            seats[node.player] + "/act", json={"steps": state["steps"], "action": action}
        )
        assert answer.status_code == 200, answer.text
    else:
        raise AssertionError("no private line for each player")
    lines = table.battle.events()
    for player, seat in enumerate(seats):
        shown = list(reversed(client.get(seat + "/state").json()["log"]))
        assert shown == [line_dict(e) for e in lines if e.seen_by in (None, player)]
        assert {line.get("seen_by") for line in shown} == {None, player + 1}
    spectator = list(reversed(client.get(links["spectator"] + "/state").json()["log"]))
    assert spectator == [line_dict(e) for e in lines if e.seen_by is None]


def play_to_the_end(client: Any, seat: str) -> dict[str, Any]:
    state: dict[str, Any] = client.get(seat + "/state").json()
    for _ in range(3000):
        if state["result"]:
            return state
        action = {"steps": state["steps"], "action": first_action(state)}
        state = client.post(seat + "/act", json=action).json()
    raise AssertionError("the battle did not end")


def test_replay_steps_record_and_play_on(client: Any, tmp_path: Path) -> None:
    links = start(client, players="human,random", scenario="deathmatch")
    seat, spectator = links["seats"][0], links["spectator"]
    # While the battle is played its record (every hand) is not given, nor played on.
    assert client.get(spectator + "/record").status_code == 403
    assert client.post(spectator + "/playon", json={"steps": 3}).status_code == 403
    final = play_to_the_end(client, seat)
    total = final["steps"]
    # Each step of the replay is what a spectator saw then: the battle replayed to it.
    from skirmish.engine.battle import load_record
    from skirmish.games.magewinds.battle import replay_record

    record = load_record(tmp_path / "files" / "battles" / f"{links['battle']}.json")
    for step in (0, 1, total // 2, total):
        shown = client.get(f"{spectator}/replay/{step}").json()
        assert shown["steps"] == step and shown["hand"] == []
        part = replace_steps(record, step)
        battle = replay_record(part).state
        public = [e.text for e in battle.events() if e.seen_by is None]
        assert [e["text"] for e in reversed(shown["log"])] == public
    assert client.get(f"{spectator}/replay/{total + 1}").status_code == 400
    assert "Replay" in client.get(spectator + "/replay").text
    # The record downloaded is the one on disk, which `skirmish replay` reads.
    downloaded = client.get(spectator + "/record")
    assert downloaded.status_code == 200 and json.loads(downloaded.text)["game"] == "magewinds"
    # Play on from step 10 of the battle: a new battle standing where that one stood.
    answer = client.post(spectator + "/playon", json={"steps": 10, "players": "human,human"})
    assert answer.status_code == 200, answer.text
    again = answer.json()
    assert again["battle"] != links["battle"]
    new_state = client.get(again["spectator"] + "/state").json()
    old_state = client.get(f"{spectator}/replay/10").json()
    assert new_state["log"] == old_state["log"] and new_state["steps"] == 10
    bad = client.post(spectator + "/playon", json={"steps": 10, "players": "human"})
    assert bad.status_code == 422 and "--players" in bad.json()["error"]


def replace_steps(record: Any, steps: int) -> Any:
    from dataclasses import replace

    return replace(record, steps=record.steps[:steps], final_hash=None, result=None)


def test_the_objective_zone_is_drawn_where_the_scenario_counts_it(client: Any) -> None:
    import re

    hill = client.get(start(client, players="human,random")["seats"][0] + "/state").json()
    zone = re.search(r'class="area area-zone"[^>]*d="([^"]+)"', hill["board"])
    assert zone is not None
    length = float(re.search(r'data-length="([\d.]+)"', hill["board"])[1])  # type: ignore[index]
    points = [tuple(map(float, p.split())) for p in re.findall(r"[\d.]+ [\d.]+", zone[1])]
    from skirmish.games.magewinds.battle.catalogue import find_scenario

    radius = find_scenario("king-of-the-hill").control_radius
    table = client.app.state.tables.get(hill["battle"]).battle.setup.table
    cx, cy = table.centre
    for x, y in points:
        assert abs(((x - cx) ** 2 + (length - y - cy) ** 2) ** 0.5 - radius) < 0.01
    other = start(client, players="human,random", scenario="deathmatch")
    assert "area-zone" not in client.get(other["seats"][0] + "/state").json()["board"]


def test_hint_is_the_greedy_players_advice_for_the_seat_that_decides(client: Any) -> None:
    from skirmish.ai.magewinds.explain import hint_lines
    from skirmish.engine.battle import LazyView

    links = start(client, players="human,human")
    mine, other, _ = deciding(client, links)
    battle = client.app.state.tables.get(links["battle"]).battle
    seat = links["seats"].index(mine)
    expected = hint_lines(
        battle.setup, LazyView(battle, seat), grammar.texts(battle.legal_actions(seat))
    )
    answer = client.get(mine + "/hint")
    assert answer.status_code == 200 and answer.json()["hint"] == expected
    assert len(expected) > 1
    refused = client.get(other + "/hint")
    assert refused.status_code == 409 and "no decision" in refused.json()["error"]
    assert client.get(links["spectator"] + "/hint").status_code == 403


def test_warbands_built_at_the_table_when_none_is_given(client: Any) -> None:
    answer = client.post(
        "/magewinds/battles",
        data={"scenario": "deathmatch", "length": "quick", "players": "human,random", "seed": "2"},
        headers=JSON,
    )
    assert answer.status_code == 200, answer.text
    seat = answer.json()["seats"][0]
    state = client.get(seat + "/state").json()
    kinds = {g["kind"] for g in state["legal"]["groups"]}
    assert "add" in kinds, kinds
    final = play_to_the_end(client, seat)
    assert final["result"]


def test_a_battle_dropped_from_memory_is_read_back_once(tmp_path: Path) -> None:
    """With room for one battle, starting a second drops the first; asking for the first
    reads it back from its record (the same state), and one copy only is held."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from fastapi.testclient import TestClient
    from skirmish.web.app import create_app
    from skirmish.web.tables import Tables

    app = create_app(files=tmp_path / "files")
    app.state.tables = Tables(tmp_path / "files" / "battles", held=1)
    with TestClient(app) as client:
        first = start(client, players="human,random")
        seat = first["seats"][0]
        before = client.get(seat + "/state").json()
        start(client, players="human,random", seed="9")
        assert app.state.tables.held(first["battle"]) is None
        again = client.get(seat + "/state").json()
        assert again["log"] == before["log"] and again["hand"] == before["hand"]
        assert app.state.tables.get(first["battle"]) is app.state.tables.held(first["battle"])


def test_a_refused_form_is_shown_again_with_its_message(client: Any) -> None:
    answer = client.post(
        "/magewinds/battles",
        data={**QUICK, "scenario": "no-such"},
        headers={"accept": "text/html"},
    )
    assert answer.status_code == 422
    assert 'role="alert"' in answer.text and "no-such" in answer.text
    assert 'value="Wizard,Cleric"' in answer.text
