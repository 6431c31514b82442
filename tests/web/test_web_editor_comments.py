"""Saving from the battlefield editor keeps the loaded file's comments, key order and
untouched entries (ruamel.yaml round trip), and the saved file reads back, through the
game's own reader, as the battlefield edited."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.games.magewinds.field import load_battlefield
from skirmish.web.commented import with_comments

COMMENTED = """\
# Our club's tower table: keep these notes when saving!
table: {width: 12, length: 16}   # the standard table (0.3)
warbands: [Crusaders, Tempest]
fighters:
  # the Crusaders start low
  - {name: Wizard, warband: Crusaders, at: [6.0, 2.0]}  # casts first
  - {name: Guardian, warband: Crusaders, at: [2.0, 2.0]}
  - name: Mesmer   # hides behind the wall
    warband: Tempest
    at: [6.0, 10.0]
terrain:
  - {name: Wall, height: 3, rectangle: {centre: [6.0, 8.0], size: [4.0, 0.4]}}  # stone
  - {name: Oak, height: 2.5, circle: {centre: [10.0, 4.5], radius: 0.8}}  # the old oak
"""
COMMENTS = [line.split("#", 1)[1] for line in COMMENTED.splitlines() if "#" in line]


def _edit(client, file: str, edit: dict) -> str:
    answer = client.post("/magewinds/battlefield/edit", json={"file": file, "edit": edit})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["file"])


def _saved(client, file: str, tmp_path: Path, name: str) -> tuple[str, Path]:
    answer = client.get(f"/magewinds/battlefield/save?file={file}")
    assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
    path = tmp_path / name
    path.write_text(answer.text)
    return answer.text, path


def test_a_moved_piece_is_saved_with_every_comment(client, tmp_path):
    name = client.post(
        "/files", files={"file": ("c.yaml", COMMENTED.encode())}, data={"option": "file"}
    ).json()["name"]
    moved = _edit(client, name, {"op": "move", "kind": "piece", "name": "Mesmer", "by": [4.5, 0]})
    text, path = _saved(client, moved, tmp_path, "saved.yaml")
    for comment in COMMENTS:
        assert comment in text
    assert "name: Mesmer   # hides behind the wall" in text
    # untouched entries keep their own spelling, keys keep their order
    assert "- {name: Wizard, warband: Crusaders, at: [6.0, 2.0]}  # casts first" in text
    assert [k for k in yaml.safe_load(text)] == ["table", "warbands", "fighters", "terrain"]
    # the game reads the saved file as the battlefield edited (the editor's own plain file)
    plain = tmp_path / "plain.yaml"
    plain.write_text(client.get(f"/files/{moved}").text)
    assert "#" not in plain.read_text()
    assert replace(load_battlefield(path), source="") == replace(load_battlefield(plain), source="")
    mesmer = next(f.base for f in load_battlefield(path).fighters if f.name == "Mesmer")
    assert (mesmer.x, mesmer.y) == (10.5, 10.0)


def test_comments_stay_with_their_piece_through_deletions_and_additions(client, tmp_path):
    name = client.post(
        "/files", files={"file": ("c.yaml", COMMENTED.encode())}, data={"option": "file"}
    ).json()["name"]
    file = _edit(client, name, {"op": "delete", "kind": "terrain", "name": "Wall"})
    file = _edit(client, file, {"op": "delete", "kind": "piece", "name": "Wizard"})
    file = _edit(client, file, {"op": "add", "to": [3, 12], "height": "1"})
    file = _edit(client, file, {"op": "rotate", "kind": "terrain", "name": "Piece 2"})
    text, path = _saved(client, file, tmp_path, "saved.yaml")
    assert "# stone" not in text and "# casts first" not in text
    assert (
        "- {name: Oak, height: 2.5, circle: {centre: [10.0, 4.5], radius: 0.8}}  # the old oak"
        in text
    )
    assert "- {name: Guardian, warband: Crusaders, at: [2.0, 2.0]}\n" in text
    assert "# Our club's tower table" in text
    assert yaml.safe_load(text) == yaml.safe_load(client.get(f"/files/{file}").text)
    assert len(load_battlefield(path).terrain) == 2


def test_a_file_never_edited_is_saved_as_it_was_loaded(client):
    name = client.post(
        "/files", files={"file": ("c.yaml", COMMENTED.encode())}, data={"option": "file"}
    ).json()["name"]
    assert client.get(f"/magewinds/battlefield/save?file={name}").text == COMMENTED


def test_saving_refuses_a_bad_name_in_one_line(client):
    answer = client.get("/magewinds/battlefield/save?file=../../etc/passwd")
    assert answer.status_code == 422 and "not an uploaded file's name" in answer.text
    assert client.get("/magewinds/battlefield/save?file=x&other=1").status_code == 400


value = st.recursive(
    st.one_of(st.integers(-99, 99), st.sampled_from([1.5, 2.0, "a", "b", True, None])),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(
            st.fixed_dictionaries({"name": st.sampled_from(["A", "B", "C", "D"]), "v": inner}),
            max_size=3,
            unique_by=lambda d: d["name"],
        ),
        st.dictionaries(st.sampled_from(["x", "y", "z"]), inner, max_size=3),
    ),
    max_leaves=12,
)


@settings(max_examples=120, deadline=None)
@given(
    st.dictionaries(st.sampled_from(["p", "q", "r"]), value, min_size=1),
    st.dictionaries(st.sampled_from(["p", "q", "r"]), value, min_size=1),
)
def test_any_data_merged_into_a_commented_file_reads_back_as_that_data(before, after):
    """The merge is never trusted: on generated files it reads back exactly as the data."""
    original = "# a note\n" + yaml.safe_dump(before, default_flow_style=None, sort_keys=False)
    text = with_comments(original, after)
    assert text is not None
    assert yaml.safe_load(text) == after
    assert text.startswith("# a note")
