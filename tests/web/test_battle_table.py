"""The battle page's table: the scenario's shapes drawn, the aiming panel's answers for
one seat, paying from the hand, the log, the computer players' reasons, uploads, each
answer holding only what its seat may know."""

from __future__ import annotations

import json
import re
from random import Random
from typing import Any

import pytest
from tests.web.test_battles import JSON, QUICK


def start(client: Any, **given: Any) -> dict[str, Any]:
    answer = client.post("/magewinds/battles", data={**QUICK, **given}, headers=JSON)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def deciding(client: Any, links: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The seat link that decides now (or any, once the battle is over), and its state."""
    for seat in links["seats"]:
        state = client.get(seat + "/state").json()
        if state["now"].get("decides") == state["seat"] or state["result"]:
            return seat, state
    raise AssertionError("no seat decides")


def act(client: Any, seat: str, state: dict[str, Any], action: str) -> dict[str, Any]:
    answer = client.post(seat + "/act", json={"steps": state["steps"], "action": action})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def areas(board: str) -> list[str]:
    return re.findall(r'<path class="area ([^"]+)"', board)


def test_territories_and_deployment_areas_are_shaded_while_deploying(client: Any) -> None:
    from shapely import Point

    from skirmish.games.magewinds.battle.territory import RADIUS
    from skirmish.games.magewinds.picture import deployment_area

    links = start(client, players="human,human")
    seat, state = deciding(client, links)
    assert "area-zone" in areas(state["board"])  # the objective's zones from the start
    assert not [a for a in areas(state["board"]) if "deploy" in a]
    state = act(client, seat, state, "take left")
    drawn = areas(state["board"])
    for player in ("P1", "P2"):
        assert f"area-territory area-{player}" in drawn
        assert f"area-deploy area-{player}" in drawn
    battle = client.app.state.tables.get(links["battle"]).battle
    length = battle.setup.table.length
    # every corner of the drawn deployment area of player 2 (left half) is where a base may
    # touch: within a base's radius of a centre the rules allow
    path = re.search(r'class="area area-deploy area-P2"[^>]*d="([^"]+)"', state["board"])
    assert path is not None
    centres = deployment_area(battle, 1)
    for x, y in (tuple(map(float, p.split())) for p in re.findall(r"[\d.]+ [\d.]+", path[1])):
        assert centres.distance(Point(x, length - y)) < RADIUS + 0.01
        assert x <= battle.setup.table.width / 2 + 0.01
    # once every fighter stands, neither is drawn any more; the objective's zones stay
    while state["phase"] in ("setup", "deployment"):
        seat, state = deciding(client, links)
        group = state["legal"]["groups"][0]
        state = act(client, seat, state, group["actions"][0]["text"])
    drawn = areas(state["board"])
    assert not [a for a in drawn if "deploy" in a or "territory" in a]
    assert "area-zone" in drawn


def deployed(client: Any, **given: Any) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """A battle of two human seats played, first actions first, until round 1 starts."""
    links = start(client, players="human,human", **given)
    seat, state = deciding(client, links)
    while state["phase"] in ("setup", "deployment"):
        state = act(client, seat, state, state["legal"]["groups"][0]["actions"][0]["text"])
        seat, state = deciding(client, links)
    return links, seat, state


def test_aiming_answers_the_los_and_odds_commands_for_every_seat_alike(
    client: Any, cli: Any
) -> None:
    import json

    links, _, _ = deployed(client)
    asked = {"attacker": "Wizard", "target": "Druid", "attack": "Zap"}
    answers = [
        client.get(link + "/aim", params=asked) for link in [*links["seats"], links["spectator"]]
    ]
    assert all(a.status_code == 200 for a in answers), answers[0].text
    first = answers[0].json()
    assert all(a.json() == first for a in answers)  # no seat's hand in it: the same for all
    los = first["los"]
    battle = client.app.state.tables.get(links["battle"]).battle
    assert {f["rule"] for f in los["facts"]} >= {"16.0", "18.1", "18.2"}
    assert first["odds"] is not None, first.get("refused")
    flags = ["--attacker", "Wizard", "--target", "Druid", "--attack", "Zap"]
    flags += ["--distance", str(first["odds"]["battlefield"]["distance"])]
    flags += ["--cover"] if los["in_cover"] else []
    flags += [] if los["can_dodge"] else ["--no-dodge-step"]
    run = cli("odds", "magewinds", *flags, "--json")
    assert run.code == 0, run.err
    expected = json.loads(run.out)
    assert first["odds"]["cases"] == expected["cases"]
    run = cli("advise", "magewinds", *flags, "--json")
    assert first["advice"]["decisions"] == json.loads(run.out)["decisions"]
    assert battle.fighter("Druid").player == 1


def test_aiming_refuses_what_the_rules_refuse(client: Any) -> None:
    links, _, _ = deployed(client)
    seat = links["seats"][0]
    bad = client.get(seat + "/aim", params={"attacker": "Wizard", "target": "Wizard"})
    assert bad.status_code == 400 and "13.4" in bad.json()["error"]
    unknown = client.get(seat + "/aim", params={"attacker": "Wizard", "target": "Nobody"})
    assert unknown.status_code == 400 and "Nobody" in unknown.json()["error"]
    long = client.get(seat + "/aim", params={"attacker": "W" * 61, "target": "Druid"})
    assert long.status_code == 422
    assert (
        client.get(
            seat[:-3] + "abc/aim", params={"attacker": "Wizard", "target": "Druid"}
        ).status_code
        == 403
    )


CARD = re.compile(r"(?<![\w.])(?:10|[2-9AJQK])[SHDC](?![\w])")


def test_computer_moves_come_with_their_reasons_and_name_no_hidden_card(client: Any) -> None:
    from skirmish.web.reasons import public_kinds

    links = start(client, players="human,greedy", scenario="deathmatch")
    seat = links["seats"][0]
    battle_id = links["battle"]
    seen_moves: dict[int, dict[str, Any]] = {}
    state = client.get(seat + "/state").json()
    for _ in range(80):
        if state["result"] or (state["phase"] == "action" and len(seen_moves) > 6):
            break
        for move in state["computer_moves"]:
            seen_moves[move["steps"]] = move
        state = act(client, seat, state, state["legal"]["groups"][0]["actions"][0]["text"])
    assert seen_moves
    told = set(seen_moves)
    table = client.app.state.tables.get(battle_id)
    history = table.session.history
    kinds = {k.value for k in public_kinds()}
    for steps, move in seen_moves.items():
        assert move["seat"] == 2 and move["kind"] == "greedy"
        assert str(history.steps[steps - 1].action) == move["action"]  # the move it made
        assert move["lines"][0].startswith("greedy: ")
        marked = [line for line in move["lines"] if line.startswith("* ")]
        assert all(line[2:].startswith(move["action"]) for line in marked)
        for line in move["lines"][1:]:
            assert not CARD.findall(line.replace(move["action"], "")), line
        before = history.states[steps - 1]
        kind = next(a.kind.value for a in before.legal_actions(1) if str(a) == move["action"])
        assert kind in kinds
    # hidden kinds (cards drawn, kept, reactions) are never told
    hidden = 0
    for n, step in enumerate(history.steps, start=1):
        if step.player != 1:
            continue
        found = [a for a in history.states[n - 1].legal_actions(1) if str(a) == str(step.action)]
        if found and found[0].kind.value not in kinds:
            hidden += 1
            assert n not in told
    assert hidden  # the greedy player drew its cards in the Channelling Phase
    spectator = client.get(links["spectator"] + "/state").json()
    assert spectator["computer_moves"] == client.get(seat + "/state").json()["computer_moves"]


def listed_ids(client: Any) -> set[str]:
    return {b["id"] for b in client.app.state.tables.listed()}


def test_an_uploaded_record_is_replayed_and_listed(client: Any) -> None:
    import json

    from tests.web.test_battles import play_to_the_end

    links = start(client, players="human,random", scenario="deathmatch")
    final = play_to_the_end(client, links["seats"][0])
    content = client.get(links["spectator"] + "/record").content
    answer = client.post(
        "/magewinds/battles/upload", files={"record": ("mine.json", content)}, headers=JSON
    )
    assert answer.status_code == 200, answer.text
    adopted = answer.json()
    assert adopted["over"] and adopted["battle"] != links["battle"]
    assert adopted["battle"] in listed_ids(client)
    old = client.get(f"{links['spectator']}/replay/{final['steps']}").json()
    new = client.get(f"{adopted['spectator']}/replay/{final['steps']}").json()
    assert new["log"] == old["log"] and new["result"] == old["result"]
    # The page's own form: redirected to the replay.
    page = client.post(
        "/magewinds/battles/upload",
        files={"record": ("mine.json", content)},
        follow_redirects=False,
    )
    assert page.status_code == 303 and page.headers["location"].endswith("/replay")
    # A hand-edited record: refused with the replay's one line, nothing kept.
    record = json.loads(content)
    record["steps"][5]["action"] = "take nowhere"
    before = listed_ids(client)
    files = sorted(p.name for p in client.app.state.tables.folder.iterdir())
    for bad, status, said in (
        (json.dumps(record).encode(), 422, "the uploaded record"),
        (b"{not json", 422, "JSON"),
        (b"  ", 400, "empty"),
    ):
        refused = client.post(
            "/magewinds/battles/upload", files={"record": ("x.json", bad)}, headers=JSON
        )
        assert refused.status_code == status, refused.text
        error = refused.json()["error"]
        assert said in error and "\n" not in error and "/tmp" not in error
    assert listed_ids(client) == before
    assert sorted(p.name for p in client.app.state.tables.folder.iterdir()) == files
    html = client.post("/magewinds/battles/upload", files={"record": ("x.json", b"[]")})
    assert html.status_code == 422 and 'role="alert"' in html.text
    assert client.post("/magewinds/battles/upload", data={"record": "x"}).status_code == 400
    big = client.post(
        "/magewinds/battles/upload", files={"record": ("x.json", b" " * 400_000)}, headers=JSON
    )
    assert big.status_code == 413


def test_a_battlefield_uploaded_in_the_new_battle_form_is_played_on(client: Any) -> None:
    from importlib.resources import files

    yaml = (
        files("skirmish.games.magewinds") / "data" / "battlefield-old-orchard.yaml"
    ).read_bytes()
    answer = client.post(
        "/magewinds/battles",
        data={**QUICK, "players": "human,human"},
        files={"battlefield_file": ("mine.yaml", yaml)},
        headers=JSON,
    )
    assert answer.status_code == 200, answer.text
    battle = client.app.state.tables.get(answer.json()["battle"]).battle
    from skirmish.games.magewinds.battle.tables import find_table

    bundled = find_table("old-orchard")
    assert [t.name for t in battle.setup.table.field.terrain] == [
        t.name for t in bundled.field.terrain
    ]
    before = listed_ids(client)
    for bad, status, said in (
        (b"terrain: [", 422, "battlefield"),
        (b"battlefield: {width: 12, length: 16}\nterrain: [{name: x}]\n", 422, "battlefield"),
        (b"#" * 300_000, 413, ""),
    ):
        refused = client.post(
            "/magewinds/battles",
            data={**QUICK, "players": "human,human"},
            files={"battlefield_file": ("bad.yaml", bad)},
            headers=JSON,
        )
        assert refused.status_code == status, refused.text
        assert said in refused.json()["error"] and "\n" not in refused.json()["error"]
    assert listed_ids(client) == before


@pytest.mark.parametrize("seed", [3, 2, 5])
def test_no_new_answer_holds_a_hidden_card(client: Any, seed: int) -> None:
    """For seeded battles of a person against the greedy player, played on by the
    person's first actions: no aiming answer and no computer move told to the person's
    page names a card of the computer's hand that the person was not shown."""
    links = start(client, players="human,greedy", seed=str(seed), scenario="deathmatch")
    table = client.app.state.tables.get(links["battle"])
    seat = links["seats"][0]
    aimed = told = 0
    rng = Random(seed)
    state = client.get(seat + "/state").json()
    for _ in range(150):
        if state["result"]:
            break
        battle = table.battle
        secret = set(battle.hands[1]) - set(battle.known[1])
        answers = [
            client.get(link + "/aim", params=t).text
            for t in state["legal"]["targets"]
            for link in (seat, links["spectator"])
        ]
        aimed += len(answers)
        said = json.dumps(state["computer_moves"])
        told += len(state["computer_moves"])
        for text in [*answers, said]:
            found = {
                c for c in secret if CARD.search(text) and re.search(rf"(?<![\w.]){c}(?!\w)", text)
            }
            paid = {c for m in state["computer_moves"] for c in CARD.findall(m["action"])}
            assert not (found - paid), (found, text[:300])
        texts = [a["text"] for g in state["legal"]["groups"] for a in g["actions"]]
        liked = [t for t in texts if t.startswith(("attack", "move to", "activate", "draw"))]
        state = act(client, seat, state, rng.choice(liked or texts))
    assert aimed and told


def test_a_moves_reach_is_shaded_and_a_click_beyond_it_refused_by_rule(client: Any) -> None:
    from shapely import Point

    from skirmish.games.magewinds.battle.session import battlefield_now
    from skirmish.games.magewinds.picture import active_fighter, reach_area

    links = start(client, players="human,human", scenario="deathmatch")
    rng = Random(3)
    for _ in range(300):
        seat, state = deciding(client, links)
        assert state["result"] is None, state["result"]
        moves = [p for p in state["legal"]["points"] if p["label"].startswith("to ")]
        if moves:
            break
        texts = [a["text"] for g in state["legal"]["groups"] for a in g["actions"]]
        liked = [t for t in texts if t.startswith(("activate", "deploy", "draw", "take"))]
        state = act(client, seat, state, rng.choice(liked or texts))
    else:
        raise AssertionError("no Move asked for")
    assert "area-reach" in state["board"]
    battle = client.app.state.tables.get(links["battle"]).battle
    fighter = active_fighter(battle.view(state["seat"] - 1))
    assert fighter is not None
    reach = reach_area(battlefield_now(battle), fighter).shape
    table = battle.setup.table
    far = max(
        ((x + 0.5, y + 0.5) for x in range(int(table.width)) for y in range(int(table.length))),
        key=lambda p: reach.distance(Point(p)),
    )
    refused = client.post(
        seat + "/act", json={"steps": state["steps"], "group": moves[0]["key"], "point": far}
    )
    assert refused.status_code == 400
    assert re.match(r"\d+(\.\d+)*: ", refused.json()["error"]), refused.json()["error"]
    assert client.get(seat + "/state").json()["steps"] == state["steps"]
