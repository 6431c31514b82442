"""The odds and advice pages answer exactly as the command line does, for every game."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from urllib.parse import urlencode

import pytest

ROOT = Path(__file__).parents[2]

QUESTIONS = [
    ("odds", "magewinds", [("attacker", "Wizard"), ("target", "Guardian")]),
    ("advise", "magewinds", [("attacker", "Witch"), ("target", "Mesmer"), ("objective", "tempo")]),
    (
        "odds",
        "magewinds",
        [("light", "3/6"), ("heavy", "5/4"), ("dodge", "3"), ("deflect", "2"), ("cover", "on")],
    ),
    (
        "odds",
        "darkrealms",
        [("attacker", "Ranger"), ("card", "Aimed Shot"), ("target", "Ghoul"), ("distance", "3")],
    ),
    (
        "advise",
        "darkrealms",
        [("attacker", "Ranger"), ("card", "Aimed Shot"), ("target", "Ghoul"), ("distance", "3")],
    ),
    ("odds", "entropic", [("attacker", "Line Trooper"), ("target", "Warden"), ("distance", "8")]),
    (
        "odds",
        "entropic",
        [
            ("attacker", "Line Trooper"),
            ("weapon", "Rifle"),
            ("weapon", "Blade"),
            ("target", "Warden"),
            ("distance", "8"),
        ],
    ),
    ("advise", "entropic", [("attacker", "Line Trooper"), ("target", "Warden"), ("distance", "8")]),
    (
        "odds",
        "mswars",
        [("attack-value", "14"), ("defence", "5"), ("damage", "D6"), ("armour", "1"), ("dc", "4")],
    ),
    ("advise", "mswars", [("attacker", "Amago"), ("target", "Pelham"), ("aid", "1")]),
]


def _argv(params: list[tuple[str, str]]) -> list[str]:
    argv = []
    for name, value in params:
        argv += [f"--{name}"] if value == "on" else [f"--{name}", value]
    return argv


@pytest.mark.parametrize(("verb", "game", "params"), QUESTIONS)
def test_json_is_the_command_lines_json(client, cli, verb, game, params):
    run = cli(verb, game, *_argv(params), "--json")
    assert run.code == 0, run.err
    response = client.get(f"/{game}/{verb}?{urlencode([*params, ('format', 'json')])}")
    assert response.status_code == 200
    assert response.json() == json.loads(run.out)


@pytest.mark.parametrize(
    ("verb", "game", "params"), QUESTIONS[:1] + QUESTIONS[3:4] + QUESTIONS[5:6] + QUESTIONS[8:9]
)
def test_page_shows_the_command_lines_table_and_a_chart_per_case(client, cli, verb, game, params):
    run = cli(verb, game, *_argv(params), "--json")
    data = json.loads(run.out)
    page = client.get(f"/{game}/{verb}?{urlencode(params)}").text
    assert page.count('data-chart="distribution"') == len(data["cases"])
    for case in data["cases"]:
        for outcome, chance in case["distribution"].items():
            assert f'data-outcome="{outcome}" data-probability="{chance}"' in page
    exact = client.get(f"/{game}/{verb}?{urlencode([*params, ('fractions', 'on')])}").text
    first = next(iter(data["cases"][0]["distribution"].values()))
    if Fraction(first) not in (0, 1):
        assert f">{first}<" in exact


def test_advice_page_draws_each_mix(client):
    page = client.get("/magewinds/advise?attacker=Wizard&target=Guardian").text
    assert 'data-chart="mix"' in page
    assert 'data-option="heavy" data-probability="1"' in page
    assert "value: 1.072 (expected net damage)" in page
    # Each mix is titled in words: the decision's key read as a person says it.
    assert "attacker: attack choice" in page and "attack_choice" not in page


FILE_QUESTIONS = [
    (
        "odds",
        "pack",
        ROOT / "tests" / "data" / "brute-pack.yaml",
        [("attacker", "Brute"), ("target", "Wizard")],
    ),
    (
        "advise",
        "battlefield",
        ROOT / "examples" / "ruins.yaml",
        [("attacker", "Wizard"), ("attack", "Zap"), ("target", "Witch")],
    ),
]


@pytest.mark.parametrize(("verb", "option", "path", "params"), FILE_QUESTIONS)
def test_an_uploaded_file_answers_as_the_file_does(client, cli, verb, option, path, params):
    kept = client.post(
        "/files", files={"file": (path.name, path.read_bytes())}, data={"option": option}
    )
    assert kept.status_code == 200
    name = kept.json()["name"]
    run = cli(verb, "magewinds", f"--{option}", str(path), *_argv(params), "--json")
    query = urlencode([(option, name), *params, ("format", "json")])
    assert client.get(f"/magewinds/{verb}?{query}").json() == json.loads(run.out)


def _upload_pack(client, back: str):
    """The brute pack uploaded from the page ``back``, the answer not followed."""
    pack = (ROOT / "tests" / "data" / "brute-pack.yaml").read_bytes()
    return client.post(
        "/files",
        files={"file": ("p.yaml", pack)},
        data={"option": "pack", "back": back},
        follow_redirects=False,
    )


def test_upload_returns_to_the_page_with_the_file_in_its_link(client):
    answer = _upload_pack(client, "/magewinds/odds?attacker=Brute&target=Wizard")
    assert answer.status_code == 303
    location = answer.headers["location"]
    assert location.startswith("/magewinds/odds?attacker=Brute&target=Wizard&pack=")
    assert "Brute -&gt; Wizard" in client.get(location).text


def test_side_by_side_one_attacker_against_several_targets(client, cli):
    targets = ["Guardian", "Mesmer", "Druid"]
    query = [("side", "target"), ("attacker", "Deadeye")] + [("target", t) for t in targets]
    got = client.get(f"/magewinds/odds?{urlencode([*query, ('format', 'json')])}").json()
    assert got["side"] == "--target"
    for target, answer in zip(targets, got["answers"], strict=True):
        run = cli("odds", "magewinds", "--attacker", "Deadeye", "--target", target, "--json")
        assert answer == {"value": target, "answer": json.loads(run.out)}
    page = client.get(f"/magewinds/odds?{urlencode(query)}").text
    table = page.split("Side by side: target")[1].split("</table>")[0]
    for target, answer in zip(targets, got["answers"], strict=True):
        for case in answer["answer"]["cases"]:
            expected = f"{float(Fraction(case['expected']['damage'])):.3f}"
            assert f">{target}<" in table and f">{expected}<" in table


def test_side_by_side_several_attacks_against_one_target(client, cli):
    query = [
        ("side", "attack"),
        ("attacker", "Witch"),
        ("attack", "Poison Tip"),
        ("attack", "Spark"),
        ("target", "Guardian"),
    ]
    got = client.get(f"/magewinds/advise?{urlencode([*query, ('format', 'json')])}").json()
    for attack, answer in zip(("Poison Tip", "Spark"), got["answers"], strict=True):
        run = cli(
            "advise",
            "magewinds",
            "--attacker",
            "Witch",
            "--attack",
            attack,
            "--target",
            "Guardian",
            "--json",
        )
        assert answer["answer"] == json.loads(run.out)
    page = client.get(f"/magewinds/advise?{urlencode(query)}").text
    value = f"{float(Fraction(got['answers'][1]['answer']['value'])):.3f}"
    assert f">{value}<" in page.split("Side by side: attack")[1].split("</table>")[0]


def test_a_blank_form_field_is_dropped_from_the_link(client):
    answer = client.get(
        "/magewinds/odds?attacker=Wizard&attack=&target=Guardian&power=", follow_redirects=False
    )
    assert answer.status_code == 303
    assert answer.headers["location"] == "/magewinds/odds?attacker=Wizard&target=Guardian"


def test_home_links_every_games_tools(client):
    from skirmish.games import GAMES

    page = client.get("/").text
    for info in GAMES:
        assert f'href="/{info.name}/odds"' in page and f'href="/{info.name}/advise"' in page
        assert client.get(f"/{info.name}/odds").status_code == 200


def test_matchups_heat_map_and_its_downloads_are_the_command_lines(client, cli, tmp_path):
    run = cli("matchups", "magewinds", "--objective", "take-down", "--damage-taken", "3", "--json")
    data = json.loads(run.out)
    query = "/magewinds/matchups?objective=take-down&damage-taken=3"
    assert client.get(f"{query}&format=json").json() == data
    page = client.get(query).text
    assert page.count('class="cell"') == len(data["cells"])
    first = data["cells"][0]
    assert (
        f'data-attacker="{first["attacker"]}" data-attack="{first["attack"]}" data-target="{first["target"]}" data-value="{first["value"]}"'
        in page
    )
    csv_path = tmp_path / "table.csv"
    assert (
        cli(
            "matchups",
            "magewinds",
            "--objective",
            "take-down",
            "--damage-taken",
            "3",
            "-o",
            str(csv_path),
        ).code
        == 0
    )
    got = client.get(f"{query}&format=csv")
    assert got.headers["content-type"].startswith("text/csv")
    assert got.content == csv_path.read_bytes()
    png = client.get(f"{query}&format=png")
    assert png.headers["content-type"] == "image/png" and png.content.startswith(
        b"\x89PNG\r\n\x1a\n"
    )
    assert (
        client.get("/magewinds/odds?attacker=Wizard&target=Guardian&format=csv").status_code == 400
    )


@pytest.mark.parametrize(
    "back", ["https://evil.example/", "//evil.example/x", "/\\evil.example/x", "odds"]
)
def test_upload_returns_only_to_a_page_of_this_server(client, back):
    answer = _upload_pack(client, back)
    assert answer.status_code == 400
    assert answer.json()["error"].endswith("expected a page of this server")
