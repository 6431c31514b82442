"""The Dark Realms tile board: figures placed and moved on square or hex tiles, the distance
shown being the core's (``games/darkrealms/board.py``), bad boards refused in one line."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from skirmish.games.darkrealms.board import TileBoard, load_board, range_chance, reach
from skirmish.games.darkrealms.figures import load_roster, sample_roster
from skirmish.geometry.grid import Shape

BOARD = """\
# our board
tiles: hex
size: {columns: 8, rows: 6}
figures:
  - {name: Warden, side: heroes, at: [1, 1]}  # the tank
  - {name: Ghoul, side: enemies, at: [5, 4]}
"""


def _kept(client, text: str) -> str:
    return str(
        client.post(
            "/files", files={"file": ("b.yaml", text.encode())}, data={"option": "file"}
        ).json()["name"]
    )


def _core(client, file: str, folder: Path) -> TileBoard:
    path = folder / "b.yaml"
    path.write_text(client.get(f"/files/{file}").text)
    return load_board(path, roster=sample_roster())


def test_the_distance_shown_is_the_cores_on_both_shapes(client, tmp_path):
    file = _kept(client, BOARD)
    for shape in ("hex", "square"):
        if shape == "square":
            file = client.post(
                "/darkrealms/board/edit",
                json={"file": file, "edit": {"op": "tiles", "tiles": "square"}},
            ).json()["file"]
        page = client.get(f"/darkrealms/board?file={file}&attacker=Warden&target=Ghoul")
        assert page.status_code == 200, page.text
        board = _core(client, file, tmp_path)
        expected = board.distance((1, 1), (5, 4))
        assert f'data-distance="{expected}"' in page.text
        assert f"are {expected} tiles apart ({shape} tiles" in page.text
    assert (5, 4) != (1, 1) and expected == 4  # square: 4 columns, 3 rows, diagonals count one


def test_moving_a_figure_changes_the_file_and_the_distance(client, tmp_path):
    file = _kept(client, BOARD)
    moved = client.post(
        "/darkrealms/board/edit",
        json={"file": file, "edit": {"op": "move", "name": "Ghoul", "to": [2, 1]}},
    )
    assert moved.status_code == 200, moved.text
    board = _core(client, moved.json()["file"], tmp_path)
    assert board.standing("Ghoul").tile == (2, 1)
    page = client.get(
        f"/darkrealms/board?file={moved.json()['file']}&attacker=Warden&target=Ghoul&card=Strike"
    )
    assert 'data-distance="1"' in page.text
    assert "Strike can be made against Ghoul" in page.text
    aimed = client.get(
        f"/darkrealms/board?file={file}&attacker=Warden&target=Ghoul&card=Aimed+Shot"
    )
    distance = _core(client, file, tmp_path).distance((1, 1), (5, 4))
    assert f"reach {distance} tiles with chance {range_chance(distance)}" in aimed.text
    assert range_chance(distance) == Fraction(36 - (distance - 1) ** 2, 36)
    shaded = set(re.findall(r'class="tile reach[^"]*" data-tile="(\d+),(\d+)"', page.text))
    assert {(int(c), int(r)) for c, r in shaded} == {
        r.tile for r in reach(board, "Warden", sample_roster().card("Strike")[0])
    }
    # saving keeps the comments of the loaded board
    saved = client.get(f"/darkrealms/board/save?file={moved.json()['file']}").text
    assert "# our board" in saved and "# the tank" in saved


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        ({"op": "move", "name": "Ghoul", "to": [1, 1]}, "'Warden' stands there; one figure a tile"),
        ({"op": "move", "name": "Ghoul", "to": [9, 1]}, "is off the board (8 columns x 6 rows"),
        ({"op": "place", "to": [3, 3], "figure": "Dragon"}, "Dragon"),
        ({"op": "delete", "name": "Nobody"}, "no figure named 'Nobody'"),
    ],
)
def test_a_bad_edit_is_refused_in_one_line(client, edit, says):
    answer = client.post(
        "/darkrealms/board/edit", json={"file": _kept(client, BOARD), "edit": edit}
    )
    assert answer.status_code == 422
    message = answer.json()["error"]
    assert says in message and "\n" not in message


def test_a_bad_board_file_is_refused_in_one_line(client):
    bad = _kept(client, "tiles: octagon\nfigures: []\n")
    page = client.get(f"/darkrealms/board?file={bad}")
    assert page.status_code == 422 and "tiles" in page.text and 'role="alert"' in page.text


def test_reach_is_the_attack_rules_on_every_tile():
    roster = sample_roster()
    from skirmish.games.darkrealms.board import parse_board

    board = parse_board(
        {
            "tiles": "square",
            "size": {"columns": 9, "rows": 9},
            "figures": [{"name": "Spearman", "at": [4, 4]}, {"name": "Ranger", "at": [0, 0]}],
        },
        source="t",
        roster=roster,
    )
    melee = reach(board, "Spearman", roster.card("Strike")[0])  # reach 2: two tiles, never more
    assert {r.tile for r in melee} == {
        (c, r) for c in range(9) for r in range(9) if 0 < max(abs(c - 4), abs(r - 4)) <= 2
    }
    volley = reach(board, "Ranger", roster.card("Volley")[0])  # range 4, reach 1
    assert max(r.distance for r in volley) == 4
    assert {r.tile for r in volley if r.confused} == {(0, 1), (1, 0), (1, 1)}
    aimed = {r.distance: r.chance for r in reach(board, "Ranger", roster.card("Aimed Shot")[0])}
    # two dice, either may be the range die: missed only when both show less
    for distance, chance in aimed.items():
        misses = sum(1 for a in range(1, 7) for b in range(1, 7) if a < distance and b < distance)
        assert chance == Fraction(36 - misses, 36) == range_chance(distance)


def test_square_tiles_count_diagonals_as_the_user_chose(client, tmp_path):
    file = _kept(client, BOARD)
    for tiles, expected in (("square", 4), ("square-orthogonal", 7), ("hex", None)):
        file = client.post(
            "/darkrealms/board/edit", json={"file": file, "edit": {"op": "tiles", "tiles": tiles}}
        ).json()["file"]
        board = _core(client, file, tmp_path)
        page = client.get(f"/darkrealms/board?file={file}&attacker=Warden&target=Ghoul")
        assert f'data-distance="{board.distance((1, 1), (5, 4))}"' in page.text
        if expected is not None:
            assert board.distance((1, 1), (5, 4)) == expected
            assert f'<option value="{tiles}" selected>' in page.text
    assert board.shape is Shape.HEX and board.diagonals


@pytest.mark.parametrize(
    ("shape", "diagonals", "steps"),
    [
        (Shape.HEX, True, None),
        (Shape.SQUARE, True, [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]),
        (Shape.SQUARE, False, [(1, 0), (-1, 0), (0, 1), (0, -1)]),
    ],
)
def test_every_distance_is_the_fewest_steps(shape, diagonals, steps):
    """Brute force: the distance is the fewest steps to a touching tile (for hexes, a tile
    whose drawn centre is one tile width away)."""
    import math

    board = TileBoard(shape, 7, 7, (), diagonals=diagonals)
    near = {
        t: [
            u
            for u in board.tiles()
            if u != t
            and (
                math.dist(board.centre(t), board.centre(u)) < 1.01
                if steps is None
                else (u[0] - t[0], u[1] - t[1]) in steps
            )
        ]
        for t in board.tiles()
    }
    for start in [(3, 3), (0, 0), (6, 1)]:
        seen, frontier, count = {start: 0}, [start], 0
        while frontier:
            count += 1
            frontier = list(dict.fromkeys(u for t in frontier for u in near[t] if u not in seen))
            for u in frontier:
                seen[u] = count
        assert {t: board.distance(start, t) for t in board.tiles()} == seen


FIGURES = """\
figures:
  - {name: Archer, melee: 1, range: 4, health: 7, stamina: 2, reach: 3}
cards:
  - name: Long Shot
    stamina: 2
    attacks: [{name: Long Shot, kind: range, value: Attack, range: 5}]
"""


def test_figures_of_ones_own_stand_and_shoot(client, tmp_path):
    figures = str(
        client.post(
            "/files", files={"file": ("f.yaml", FIGURES.encode())}, data={"option": "figures"}
        ).json()["name"]
    )
    file = _kept(client, BOARD)
    refused = client.post(
        "/darkrealms/board/edit",
        json={"file": file, "edit": {"op": "place", "to": [0, 5], "figure": "Archer"}},
    )
    assert refused.status_code == 422 and "Archer" in refused.json()["error"]
    placed = client.post(
        "/darkrealms/board/edit",
        json={
            "file": file,
            "edit": {"op": "place", "to": [0, 5], "figure": "Archer"},
            "figures": figures,
        },
    )
    assert placed.status_code == 200, placed.text
    page = client.get(
        f"/darkrealms/board?file={placed.json()['file']}&figures={figures}"
        "&attacker=Archer&target=Ghoul&card=Long+Shot"
    )
    assert page.status_code == 200, page.text
    path = tmp_path / "f.yaml"
    path.write_text(FIGURES)
    roster = sample_roster().merged(load_roster(path))
    board_path = tmp_path / "b.yaml"
    board_path.write_text(client.get(f"/files/{placed.json()['file']}").text)
    board = load_board(board_path, roster=roster)
    shaded = reach(board, "Archer", roster.card("Long Shot")[0])
    assert page.text.count('class="tile reach') == len(shaded)
    assert f'data-distance="{board.distance((0, 5), (5, 4))}"' in page.text
    assert f'name="figures" value="{figures}"' in page.text
    bad = client.get(f"/darkrealms/board?file={file}&figures=nothing.yaml")
    assert bad.status_code == 422 and "--figures 'nothing.yaml'" in bad.text
