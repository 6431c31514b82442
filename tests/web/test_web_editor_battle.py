"""A battle started from the battlefield editor's table: the link fills the new-battle form
with the table (fighters and objects left to the battle), the battle is played on that
very terrain, and no form names a file of the server's own disk."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlparse

QUICK = {
    "scenario": "deathmatch",
    "length": "quick",
    "warband": ["Wizard,Cleric", "Druid,Witch"],
    "seed": "3",
    "players": "random,random",
}
HTML = {"accept": "text/html"}
JSON = {"accept": "application/json"}


def _editor_file(client: Any) -> str:
    page = client.get("/magewinds/battlefield", headers=HTML)
    assert page.status_code == 200
    return parse_qs(urlparse(str(page.url)).query)["file"][0]


def test_start_a_battle_on_the_edited_table(client):
    file = _editor_file(client)
    moved = client.post(
        "/magewinds/battlefield/edit",
        json={
            "file": file,
            "edit": {"op": "move", "kind": "terrain", "name": "Tower", "by": [1, 0.5]},
        },
    )
    if moved.status_code != 200:  # the starter names its pieces otherwise: move the first
        data = client.get(f"/files/{file}").text
        first = re.search(r"name: ([^,}\n]+)", data.split("terrain:")[1]).group(1).strip()
        moved = client.post(
            "/magewinds/battlefield/edit",
            json={
                "file": file,
                "edit": {"op": "move", "kind": "terrain", "name": first, "by": [1, 0.5]},
            },
        )
    assert moved.status_code == 200, moved.text
    edited = moved.json()["file"]
    page = client.get(f"/magewinds/battlefield?file={edited}", headers=HTML).text
    link = re.search(r'id="start-battle" href="([^"]+)"', page).group(1)
    assert link == f"/magewinds/battlefield/battle?file={edited}"
    answer = client.get(link, headers=HTML, follow_redirects=False)
    assert answer.status_code == 303
    target = answer.headers["location"]
    table_file = parse_qs(urlparse(target).query)["battlefield"][0]
    form = client.get(target, headers=HTML).text
    assert f'value="{table_file}"' in form  # the form is filled with it
    import yaml

    editor_data = yaml.safe_load(client.get(f"/files/{edited}").text)
    table_data = yaml.safe_load(client.get(f"/files/{table_file}").text)
    assert table_data["terrain"] == editor_data["terrain"]
    assert not {"fighters", "warbands", "objects", "markers"} & set(table_data)
    started = client.post(
        "/magewinds/battles", data={**QUICK, "battlefield": table_file}, headers=JSON
    )
    assert started.status_code == 200, started.text
    battle = client.app.state.tables.get(started.json()["battle"]).battle
    from skirmish.games.magewinds.battle.tables import load_table

    expected = load_table(client.app.state.store.path(table_file, "--battlefield"))
    assert battle.setup.table.field.terrain == expected.field.terrain
    assert {t.name for t in battle.setup.table.field.terrain} == {
        t["name"] for t in editor_data["terrain"]
    }


def test_no_form_reads_a_file_of_the_servers_disk(client, tmp_path):
    secret = tmp_path / "table.yaml"
    secret.write_text("table: {width: 12, length: 16}\nterrain: []\n")
    for name in (str(secret), "../table.yaml", "table.yaml", "0123456789abcdef.yml"):
        answer = client.post(
            "/magewinds/battles", data={**QUICK, "battlefield": name}, headers=JSON
        )
        assert answer.status_code == 422, name
        error = answer.json()["error"]
        assert error.startswith("--battlefield ") and "\n" not in error
    missing = "0123456789abcdef.yaml"
    answer = client.post("/magewinds/battles", data={**QUICK, "battlefield": missing}, headers=JSON)
    assert answer.status_code == 422
    assert answer.json()["error"] == (
        f"--battlefield {missing}: no such uploaded file on this server; upload it again"
    )
    # bundled and random still start
    assert (
        client.post(
            "/magewinds/battles", data={**QUICK, "battlefield": "random"}, headers=JSON
        ).status_code
        == 200
    )


def test_bad_links_to_start_a_battle(client):
    file = _editor_file(client)
    assert client.get("/magewinds/battlefield/battle?file=../x.yaml").status_code == 422
    assert client.get(f"/magewinds/battlefield/battle?file={file}&seed=1").status_code == 400
    assert client.get(f"/mswars/battlefield/battle?file={file}").status_code == 404
    assert client.get("/magewinds/battles?path=/etc").status_code == 400
    # a table the battles refuse: terrain cutting the battlefield in two (10.3)
    wall = {"op": "add", "kind": "terrain", "to": [6, 8], "shape": "rectangle", "height": "3"}
    added = client.post("/magewinds/battlefield/edit", json={"file": file, "edit": wall})
    assert added.status_code == 200
    # the whole width: stretch it by editing the file as a user would upload it
    import yaml

    data = yaml.safe_load(client.get(f"/files/{added.json()['file']}").text)
    width = data.get("table", {}).get("width", 12)
    data["terrain"][-1]["rectangle"] = {"centre": [width / 2, 8], "size": [width + 2, 0.5]}
    data["fighters"] = []
    cut = client.post(
        "/files",
        data={"option": "file", "back": "/magewinds/battlefield"},
        files={"file": ("cut.yaml", yaml.safe_dump(data).encode())},
        follow_redirects=False,
    )
    name = re.search(r"[0-9a-f]{16}\.yaml", cut.headers.get("location", "") + cut.text).group(0)
    refused = client.get(f"/magewinds/battlefield/battle?file={name}", headers=JSON)
    assert refused.status_code == 422
    assert "10.3" in refused.json()["error"] and "\n" not in refused.json()["error"]
