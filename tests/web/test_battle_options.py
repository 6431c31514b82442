"""The seat page's options are the terminal's: the same list in the same order with the
same notes (enemies first, a friend marked, each attack's odds, the spots a player looks
for with their reasons), and cards picked from the hand only for what costs them."""

from __future__ import annotations

import io
import re
import sys
from typing import Any

SETUP = {
    "scenario": "king-of-the-hill",
    "warband": ["Wizard,Witch", "Druid,Seer"],
    "length": "quick",
    "players": "human,greedy",
    "seed": "4",
}
DEPLOYED = ["deploy Wizard at 9.75,2", "deploy Witch at 11.25,2"]
TO_ATTACK = [
    *DEPLOYED,
    "draw AH",
    *["draw deck"] * 4,
    "pass",
    "activate Wizard",
    "attack",
    "no step",
]
JSON = {"accept": "application/json"}


def terminal_options(cli: Any, monkeypatch: Any, typed: list[str]) -> list[str]:
    """The numbered options ``skirmish play`` lists at the decision after ``typed``, as a
    person reads them (each with its note in brackets)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in typed)))
    monkeypatch.setenv("COLUMNS", "250")  # each option on one line, as the page's labels
    run = cli(
        "play", "magewinds", "--scenario", SETUP["scenario"], "--warband", "Wizard,Witch",
        "--warband", "Druid,Seer", "--length", "quick", "--players", SETUP["players"],
        "--seed", SETUP["seed"],
    )  # fmt: skip
    assert run.code == 2 and "standard input has ended" in run.err, run.err
    last = run.out.rsplit("> ", 1)[-1]
    return [m.group(1) for m in re.finditer(r"^  \d+\. (.+)$", last, re.MULTILINE)]


def seat_state(client: Any, typed: list[str]) -> dict[str, Any]:
    """The first seat's state once ``typed`` is played (the greedy player answering)."""
    links = client.post("/magewinds/battles", data=SETUP, headers=JSON).json()
    seat = links["seats"][0]
    state: dict[str, Any] = client.get(seat + "/state").json()
    for action in typed:
        answer = client.post(seat + "/act", json={"steps": state["steps"], "action": action})
        assert answer.status_code == 200, (action, answer.text)
        state = answer.json()
    return state


def page_options(state: dict[str, Any]) -> list[str]:
    return [a["label"] for g in state["legal"]["groups"] for a in g["actions"]]


def test_attacks_list_enemies_first_and_mark_a_friend_as_the_terminal_does(
    client: Any, cli: Any, monkeypatch: Any
) -> None:
    state = seat_state(client, TO_ATTACK)
    assert state["now"]["rule"] == "13.4"
    listed = terminal_options(cli, monkeypatch, TO_ATTACK)
    assert page_options(state) == listed
    targets = state["legal"]["targets"]
    assert [t["target"] for t in targets] == ["Druid", "Witch"]  # the enemy first
    mine = {f["fighter"] for f in state["fighters"] if f["player"] == "1"}
    assert mine == {"Wizard", "Witch"}
    for target in targets:
        friend = target["target"] in mine
        assert ("a friend" in target["note"]) == friend, target
        assert "damage" in target["note"], target
        # an enemy's odds, a friend's range of damage its own player chooses from (18.3, 18.4)
        assert ("to take down" in target["note"]) != friend, target
        assert ("both hidden choices yours" in target["note"]) == friend, target


def test_deployment_offers_the_terminals_spots_with_their_reasons(
    client: Any, cli: Any, monkeypatch: Any
) -> None:
    state = seat_state(client, [])
    listed = terminal_options(cli, monkeypatch, [])
    assert page_options(state) == listed
    spots = [a for a in listed if "[as near the objective as it may deploy" in a]
    assert spots, listed
    # A spot is also drawn as an offered place of its click-the-battlefield group.
    for spot in spots:
        name, at = spot.split("  [")[0].removeprefix("deploy ").split(" at ")
        point = [float(v) for v in at.split(",")]
        group = next(
            p for p in state["legal"]["points"] if p["label"].startswith(f"deploy {name} ")
        )
        assert point in group["offered"]


def test_drawing_is_no_payment_and_words_get_a_heading_a_person_reads(client: Any) -> None:
    state = seat_state(client, DEPLOYED)
    assert state["now"]["rule"] == "12.0"
    assert state["legal"]["payments"] == []  # draw AH takes a face-up card, pays nothing
    headings = [g["heading"] for g in state["legal"]["groups"]]
    assert headings == ["draw", "other choices"]
    # An attack paid in cards is still offered as cards to pick from the hand.
    paying = seat_state(client, TO_ATTACK)["legal"]["payments"]
    assert [p["label"] for p in paying] == [
        "attack Druid with Zap paying (pick cards from your hand)"
    ]
