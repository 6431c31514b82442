"""A polygon of terrain added in the battlefield editor, corner by corner: the file's
``terrain`` list grown with it, read back by the game's reader and answered as ``skirmish
los`` answers the saved file; too few corners refused in one line; and in chromium, four
clicks and "Finish polygon"."""

from __future__ import annotations

import json

import yaml
from test_web_editor import WALLED, screen_point

CORNERS = [[1.0, 12.0], [3.0, 12.0], [3.5, 14.0], [1.5, 14.5]]


def _upload(client, text: str) -> str:
    return client.post(
        "/files", files={"file": ("w.yaml", text.encode())}, data={"option": "file"}
    ).json()["name"]


def test_a_polygon_added_is_read_by_the_game(client, cli, tmp_path):
    file = _upload(client, WALLED)
    answer = client.post(
        "/magewinds/battlefield/edit",
        json={
            "file": file,
            "edit": {"op": "add", "shape": "polygon", "points": CORNERS, "height": "3"},
            "picks": {"attacker": "Wizard", "target": "Mesmer"},
        },
    )
    assert answer.status_code == 200, answer.text
    saved = client.get(f"/files/{answer.json()['file']}").text
    piece = yaml.safe_load(saved)["terrain"][-1]
    assert piece == {"name": "Piece 2", "height": 3.0, "polygon": CORNERS}
    assert 'data-kind="terrain"' in answer.json()["board"] and "Piece 2" in answer.json()["board"]
    path = tmp_path / "with-polygon.yaml"
    path.write_text(saved)
    run = cli("draw", "magewinds", str(path), "-o", str(tmp_path / "d.svg"))
    assert run.code == 0, run.err
    run = cli("los", "magewinds", str(path), "--attacker", "Wizard", "--target", "Mesmer", "--json")
    assert run.code == 0, run.err
    expected = json.loads(run.out)
    assert f'data-visible="{str(expected["visible"]).lower()}"' in answer.json()["panel"]


def test_too_few_corners_are_refused_in_one_line(client):
    answer = client.post(
        "/magewinds/battlefield/edit",
        json={
            "file": _upload(client, WALLED),
            "edit": {"op": "add", "shape": "polygon", "points": CORNERS[:2]},
        },
    )
    assert answer.status_code == 422
    assert answer.json()["error"] == "add a polygon: 2 corners given; a polygon has 3 or more"


def test_a_polygon_clicked_corner_by_corner(browser, server, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{server}/magewinds/battlefield")
    page.get_by_role("button", name="Add polygon").click()
    assert page.get_by_role("button", name="Finish polygon").is_hidden()
    for x, y in [[0.8, 15.2], [2.2, 15.2], [2.4, 15.8], [0.6, 15.8]]:
        at = screen_point(page, x, y)
        page.mouse.click(*at)
    assert page.locator("#corners .corner").count() == 4
    before = page.locator("#editor").get_attribute("data-file")
    page.get_by_role("button", name="Finish polygon").click()
    page.wait_for_function(f"document.getElementById('editor').dataset.file !== '{before}'")
    file = page.locator("#editor").get_attribute("data-file")
    data = yaml.safe_load(context.request.get(f"{server}/files/{file}").text())
    corners = data["terrain"][-1]["polygon"]
    assert len(corners) == 4
    assert all(
        abs(a - b) < 0.15
        for p, q in zip(corners, [[0.8, 15.2], [2.2, 15.2], [2.4, 15.8], [0.6, 15.8]], strict=True)
        for a, b in zip(p, q, strict=True)
    )
    name = data["terrain"][-1]["name"]
    assert page.locator(f'#board [data-kind="terrain"][data-name="{name}"]').count() == 1
    page.screenshot(path=tmp_path / "polygon.png")
    context.close()


def test_a_move_clicked_is_answered_as_skirmish_move(browser, server, cli, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{server}/magewinds/battlefield?reach=Wizard")
    page.get_by_role("button", name="Check a move").click()
    file = page.locator("#editor").get_attribute("data-file")
    path = tmp_path / "table.yaml"
    path.write_text(context.request.get(f"{server}/files/{file}").text())
    for (x, y), legal in (((4.0, 6.0), True), ((11.0, 15.0), False)):
        at = screen_point(page, x, y)
        page.mouse.click(*at)
        page.wait_for_function(
            f"document.getElementById('move-answer').dataset.legal === '{str(legal).lower()}'"
        )
        clicked = page.locator("#move-answer li").all_inner_texts()
        to = clicked[1].split("-> (")[-1].split(")")[0]  # where the page's click landed
        run = cli("move", "magewinds", str(path), "--fighter", "Wizard", "--to", to, "--json")
        expected = json.loads(run.out)
        assert expected["legal"] is legal
        assert (
            page.locator("#move-path")
            .get_attribute("class")
            .endswith("legal" if legal else "illegal")
        )
        assert expected["problems"] == [t for t in clicked if t.startswith("15.")]
    context.close()
