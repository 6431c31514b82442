"""The battlefield editor: edits made on the file's data, answers from the game's own los,
and a base dragged across a wall in chromium answered as ``skirmish los`` answers."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

WALLED = """\
table: {width: 12, length: 16}
warbands: [Crusaders, Tempest]
fighters:
  - {name: Wizard, warband: Crusaders, at: [6.0, 2.0]}
  - {name: Guardian, warband: Crusaders, at: [2.0, 2.0]}
  - {name: Mesmer, warband: Tempest, at: [6.0, 10.0]}
terrain:
  - {name: Wall, height: 3, rectangle: {centre: [6.0, 8.0], size: [4.0, 0.4]}}
"""


def _los(cli, path: Path) -> dict:
    run = cli("los", "magewinds", str(path), "--attacker", "Wizard", "--target", "Mesmer", "--json")
    assert run.code == 0, run.err
    return json.loads(run.out)


def test_an_edit_changes_the_file_and_the_answer_is_the_command_lines(client, cli, tmp_path):
    name = client.post(
        "/files", files={"file": ("w.yaml", WALLED.encode())}, data={"option": "file"}
    ).json()["name"]
    picks = {"attacker": "Wizard", "target": "Mesmer"}
    page = client.get(f"/magewinds/battlefield?file={name}&attacker=Wizard&target=Mesmer")
    assert 'data-visible="false"' in page.text
    answer = client.post(
        "/magewinds/battlefield/edit",
        json={
            "file": name,
            "edit": {"op": "move", "kind": "piece", "name": "Mesmer", "by": [4.5, 0]},
            "picks": picks,
        },
    ).json()
    saved = client.get(f"/files/{answer['file']}").text
    mesmer = next(f for f in yaml.safe_load(saved)["fighters"] if f["name"] == "Mesmer")
    assert mesmer["at"] == [10.5, 10.0]
    path = tmp_path / "moved.yaml"
    path.write_text(saved)
    expected = _los(cli, path)
    assert f'data-visible="{str(expected["visible"]).lower()}"' in answer["panel"]
    assert f'data-in-cover="{str(expected["in_cover"]).lower()}"' in answer["panel"]
    assert (
        answer["url"]
        == f"/magewinds/battlefield?file={answer['file']}&attacker=Wizard&target=Mesmer"
    )
    wall = client.post(
        "/magewinds/battlefield/edit",
        json={
            "file": answer["file"],
            "edit": {"op": "rotate", "kind": "terrain", "name": "Wall", "degrees": 90},
        },
    ).json()
    assert (
        yaml.safe_load(client.get(f"/files/{wall['file']}").text)["terrain"][0]["rectangle"][
            "angle"
        ]
        == 90
    )
    gone = client.post(
        "/magewinds/battlefield/edit",
        json={
            "file": wall["file"],
            "edit": {"op": "delete", "kind": "piece", "name": "Mesmer"},
            "picks": picks,
        },
    ).json()
    assert [
        f["name"] for f in yaml.safe_load(client.get(f"/files/{gone['file']}").text)["fighters"]
    ] == ["Wizard", "Guardian"]
    assert "target" not in gone["url"]


def test_an_edit_the_rules_refuse_is_refused_with_the_readers_message(client):
    name = client.post(
        "/files", files={"file": ("w.yaml", WALLED.encode())}, data={"option": "file"}
    ).json()["name"]
    onto = client.post(
        "/magewinds/battlefield/edit",
        json={
            "file": name,
            "edit": {"op": "move", "kind": "piece", "name": "Mesmer", "by": [0, -8]},
        },
    )
    assert onto.status_code == 422
    said = onto.json()["error"]
    assert said.startswith("'Wizard' and 'Mesmer' stand on overlapping bases"), said
    assert ".yaml" not in said  # not the name the server gave the edited file
    unknown = client.post(
        "/magewinds/battlefield/edit",
        json={"file": name, "edit": {"op": "delete", "kind": "piece", "name": "Nobody"}},
    )
    assert unknown.status_code == 422 and unknown.json()["error"] == "no piece named 'Nobody'"
    assert client.get("/darkrealms/battlefield").status_code == 404


def test_who_can_hit_whom_is_the_command_lines_every_pair(client, cli, tmp_path):
    path = tmp_path / "w.yaml"
    path.write_text(WALLED)
    name = client.post(
        "/files", files={"file": ("w.yaml", WALLED.encode())}, data={"option": "file"}
    ).json()["name"]
    page = client.get(f"/magewinds/battlefield?file={name}&overlay=on").text
    pairs = json.loads(cli("los", "magewinds", str(path), "--all", "--json").out)["pairs"]
    drawn = [p for p in pairs if p["line_of_attack"]]
    assert page.count('class="pair"') == len(drawn)
    for pair in pairs:
        assert f"<td>{pair['attacker']}</td><td>{pair['target']}</td>" in page


def screen_point(page, x: float, y: float) -> tuple[float, float]:
    """Where the table point (x, y), in inches, is on the screen."""
    return tuple(
        page.evaluate(
            """([x, y]) => { const svg = document.getElementById('board');
            const p = svg.createSVGPoint(); p.x = x; p.y = parseFloat(svg.dataset.length) - y;
            const s = p.matrixTransform(svg.getScreenCTM()); return [s.x, s.y]; }""",
            [x, y],
        )
    )


def _drag_to(page, name: str, x: float, y: float) -> None:
    """Drag the base ``name`` so its centre lands on table point (x, y)."""
    base = page.locator(f'#board [data-kind="piece"][data-name="{name}"] circle')
    box = base.bounding_box()
    start = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    end = screen_point(page, x, y)
    before = page.locator("#editor").get_attribute("data-file")
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=8)
    page.mouse.up()
    page.wait_for_function(f"document.getElementById('editor').dataset.file !== '{before}'")


def _load_walled(page, server: str, tmp_path: Path) -> Path:
    """The editor opened on :data:`WALLED`, loaded as a person uploads a file; its path."""
    page.goto(f"{server}/magewinds/battlefield")
    walled = tmp_path / "walled.yaml"
    walled.write_text(WALLED)
    page.get_by_label("battlefield file").set_input_files(str(walled))
    page.get_by_role("button", name="Load").click()
    page.wait_for_load_state("load")
    return walled


def test_dragging_a_base_across_a_wall_answers_as_skirmish_los(browser, server, cli, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    walled = _load_walled(page, server, tmp_path)
    page.locator("#pick-attacker").select_option("Wizard")
    page.locator("#pick-target").select_option("Mesmer")
    page.get_by_role("button", name="Show").click()
    page.wait_for_load_state("load")
    expected = _los(cli, walled)
    answer = page.locator("#answer")
    assert answer.get_attribute("data-visible") == str(expected["visible"]).lower() == "false"

    _drag_to(page, "Mesmer", 10.5, 10.0)
    saved = tmp_path / "dragged.yaml"
    saved.write_bytes(
        context.request.get(
            f"{server}/files/{page.locator('#editor').get_attribute('data-file')}"
        ).body()
    )
    mesmer = next(f for f in yaml.safe_load(saved.read_text())["fighters"] if f["name"] == "Mesmer")
    assert abs(mesmer["at"][0] - 10.5) < 0.15 and abs(mesmer["at"][1] - 10.0) < 0.15
    expected = _los(cli, saved)
    assert expected["visible"] is True
    assert answer.get_attribute("data-visible") == "true"
    assert answer.get_attribute("data-in-cover") == str(expected["in_cover"]).lower()
    shown = [li.inner_text() for li in page.locator("#answer li").all()]
    assert [" ".join(s.split()) for s in shown] == [
        f"{f['rule']} {f['text']}" for f in expected["facts"]
    ]
    assert page.url.endswith(page.locator("#permalink").get_attribute("href"))
    context.close()


def test_a_drag_refused_puts_the_piece_back_where_the_answers_say_it_stands(
    browser, server, tmp_path
):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    _load_walled(page, server, tmp_path)
    file = page.locator("#editor").get_attribute("data-file")
    mesmer = page.locator('#board [data-kind="piece"][data-name="Mesmer"]')
    before = mesmer.locator("circle").bounding_box()
    box = page.locator('#board [data-kind="piece"][data-name="Wizard"] circle').bounding_box()
    page.mouse.move(before["x"] + before["width"] / 2, before["y"] + before["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 2, box["y"] + box["height"] / 2, steps=8)
    page.mouse.up()
    page.wait_for_selector("#status.problem")
    said = page.inner_text("#status")
    assert said.startswith("'Wizard' and 'Mesmer' stand on overlapping bases"), said
    assert file not in said and ".yaml" not in said
    assert page.locator("#editor").get_attribute("data-file") == file
    assert mesmer.get_attribute("transform") is None
    assert mesmer.locator("circle").bounding_box() == before
    page.close()


def test_the_kept_data_of_an_edited_file_is_what_the_file_reads_as(client):
    from skirmish.datafiles import parse_yaml

    store = client.app.state.store
    name = client.post(
        "/files", files={"file": ("w.yaml", WALLED.encode())}, data={"option": "file"}
    ).json()["name"]
    edits = [
        {"op": "move", "kind": "piece", "name": "Mesmer", "by": [3.234567, 0.5]},
        {"op": "rotate", "kind": "terrain", "name": "Wall", "degrees": 33.3},
        {"op": "move", "kind": "terrain", "name": "Wall", "by": [0.5, 0.25]},
        {"op": "add", "shape": "circle", "to": [10, 14], "height": "0.5"},
        {"op": "add", "shape": "rectangle", "to": [2, 14], "height": "high"},
        {"op": "delete", "kind": "piece", "name": "Guardian"},
    ]
    for edit in edits:
        name = client.post("/magewinds/battlefield/edit", json={"file": name, "edit": edit}).json()[
            "file"
        ]
        assert store.data(name, "file") == parse_yaml(store.path(name, "file").read_text(), name)


def test_an_entropic_waypoint_moves_and_the_path_is_answered_anew(client, cli, tmp_path):
    page = client.get("/entropic/battlefield", follow_redirects=True)
    name = str(page.url).split("file=")[1].split("&")[0]
    assert 'data-name="Warden (path)" data-side="blue" data-x="26" data-y="20"' in page.text
    answer = client.post(
        "/entropic/battlefield/edit",
        json={
            "file": name,
            "edit": {
                "op": "move",
                "kind": "piece",
                "name": "Warden (path)",
                "at": [26, 20],
                "by": [-2, 1],
            },
        },
    ).json()
    saved = yaml.safe_load(client.get(f"/files/{answer['file']}").text)
    warden = next(m for m in saved["models"] if m["name"] == "Warden")
    assert warden["path"] == [[22, 30], [24.0, 21.0]] and warden["at"] == [24, 9]
    assert 'data-x="24" data-y="21"' in answer["board"]
    path = tmp_path / "moved.yaml"
    path.write_text(client.get(f"/files/{answer['file']}").text)
    run = cli("los", "entropic", str(path), "--attacker", "Warden", "--target", "Line Trooper")
    shown = client.get(
        f"/entropic/battlefield?file={answer['file']}&attacker=Warden&target=Line+Trooper"
    ).text
    assert run.code == 2  # the waypoint is still out of sight: the game's refusal, shown
    line = run.err.strip().removeprefix("skirmish: error: ")
    assert f'<p class="problem" role="alert" id="problem">{line}</p>' in shown
