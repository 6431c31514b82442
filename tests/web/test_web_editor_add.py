"""Bases and waypoints added in the battlefield editor: the file's own lists grown, read
back by the game's reader (a profile it does not know refused with its line), answered as
``skirmish los`` answers the saved file; and in chromium, a base added with a click."""

from __future__ import annotations

import json
import re

import yaml
from test_web_editor import WALLED, screen_point


def _upload(client, text: str) -> str:
    return client.post(
        "/files", files={"file": ("w.yaml", text.encode())}, data={"option": "file"}
    ).json()["name"]


def _add(client, game: str, file: str, **edit) -> object:
    return client.post(
        f"/{game}/battlefield/edit", json={"file": file, "edit": {"op": "add", **edit}, "picks": {}}
    )


def test_a_magewinds_fighter_added_is_answered_as_the_command_line(client, cli, tmp_path):
    file = _upload(client, WALLED)
    answer = _add(
        client, "magewinds", file, shape="base", to=[9.5, 10.0], profile="Seer", side="Tempest"
    )
    assert answer.status_code == 200, answer.text
    data = answer.json()
    saved = yaml.safe_load(client.get(f"/files/{data['file']}").text)
    assert saved["fighters"][-1] == {"name": "Seer", "warband": "Tempest", "at": [9.5, 10.0]}
    assert 'data-name="Seer"' in data["board"]
    again = _add(client, "magewinds", data["file"], shape="base", to=[2.0, 12.0], profile="Seer")
    second = yaml.safe_load(client.get(f"/files/{again.json()['file']}").text)["fighters"][-1]
    assert second == {
        "name": "Seer 2",
        "profile": "Seer",
        "warband": "Crusaders",
        "at": [2.0, 12.0],
    }
    path = tmp_path / "added.yaml"
    path.write_text(client.get(f"/files/{again.json()['file']}").text)
    run = cli("los", "magewinds", str(path), "--attacker", "Seer 2", "--target", "Mesmer", "--json")
    assert run.code == 0, run.err
    expected = json.loads(run.out)
    page = client.get(
        f"/magewinds/battlefield?file={again.json()['file']}&attacker=Seer+2&target=Mesmer"
    ).text
    assert f'data-visible="{str(expected["visible"]).lower()}"' in page
    assert f'data-in-cover="{str(expected["in_cover"]).lower()}"' in page


def test_bases_the_reader_refuses_are_one_line(client):
    file = _upload(client, WALLED)
    for edit, said in (
        ({"profile": "Brute"}, "Brute"),
        ({"profile": "Seer", "side": "Nobody"}, "Nobody"),
        ({"profile": "Seer", "to": [6.0, 2.2]}, "overlap"),
        ({"profile": "", "to": [9, 9]}, "add a base: name its profile"),
        ({"profile": "x" * 61}, "edit.profile: "),
        ({"side": "y" * 61, "profile": "Seer"}, "edit.side: "),
    ):
        answer = _add(client, "magewinds", file, **{"shape": "base", "to": [9.5, 12.0], **edit})
        assert answer.status_code == 422, edit
        error = answer.json()["error"]
        assert said in error and "\n" not in error, error


def test_entropic_waypoints_and_models_added(client, cli, tmp_path):
    page = client.get("/entropic/battlefield", follow_redirects=True)
    file = str(page.url).split("file=")[1].split("&")[0]
    answer = _add(client, "entropic", file, shape="waypoint", to=[30, 24], profile="warden")
    assert answer.status_code == 200, answer.text
    saved = yaml.safe_load(client.get(f"/files/{answer.json()['file']}").text)
    warden = next(m for m in saved["models"] if m["name"] == "Warden")
    assert warden["path"] == [[22, 30], [26, 20], [30.0, 24.0]]
    assert (
        'data-name="Warden (path)" data-side="blue" data-x="30" data-y="24"'
        in answer.json()["board"]
    )
    # the path is drawn through the new waypoint, as skirmish draw draws it
    assert re.search(r'data-stroke="path"', answer.json()["board"])
    refused = _add(client, "entropic", file, shape="waypoint", to=[30, 24], profile="Nobody")
    assert refused.status_code == 422
    assert refused.json()["error"].startswith(
        "add a waypoint: no model named 'Nobody'; name one of "
    )
    trooper = _add(
        client, "entropic", file, shape="base", to=[40, 10], profile="Line Trooper", side="blue"
    )
    assert trooper.status_code == 200, trooper.text
    models = yaml.safe_load(client.get(f"/files/{trooper.json()['file']}").text)["models"]
    assert models[-1] == {
        "name": "Line Trooper 2",
        "model": "Line Trooper",
        "side": "blue",
        "at": [40.0, 10.0],
    }
    magewinds = _upload(client, WALLED)
    wrong = _add(client, "magewinds", magewinds, shape="waypoint", to=[3, 3], profile="Wizard")
    assert wrong.status_code == 422
    assert wrong.json()["error"] == "add a waypoint: only Entropic Engine models plot paths"


def test_an_mswars_unit_added(client):
    page = client.get("/mswars/battlefield", follow_redirects=True)
    file = str(page.url).split("file=")[1].split("&")[0]
    answer = _add(client, "mswars", file, shape="base", to=[40, 40], profile="Pelham", side="red")
    assert answer.status_code == 200, answer.text
    units = yaml.safe_load(client.get(f"/files/{answer.json()['file']}").text)["units"]
    assert units[-1] == {"name": "Pelham 2", "unit": "Pelham", "side": "red", "at": [40.0, 40.0]}


def test_a_base_added_with_a_click(browser, server, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{server}/magewinds/battlefield")
    page.locator("#add-profile").fill("Seer")
    page.locator("#add-side").fill("Tempest")
    page.get_by_role("button", name="Add base").click()
    x, y = 11.0, 15.0  # table inches: the top right corner, clear of the starter's pieces
    at = screen_point(page, x, y)
    page.mouse.click(*at)
    page.wait_for_selector('#board [data-name="Seer 2"]')
    added = page.locator('#board [data-name="Seer 2"]')
    assert abs(float(added.get_attribute("data-x")) - x) < 0.2
    assert abs(float(added.get_attribute("data-y")) - y) < 0.2
    page.screenshot(path=tmp_path / "added.png")
    context.close()
