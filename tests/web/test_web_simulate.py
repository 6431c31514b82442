"""``/magewinds/simulate``: the command line's simulation in a page, the same numbers as
``skirmish simulate magewinds --json``, a link that plays the same battles again, and a
page's budget refused in one line beside its field."""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction
from urllib.parse import urlencode

from skirmish.web.simulating import PAGE_BATTLES, PAGE_GREEDY

TINY = [
    ("scenario", "deathmatch"),
    ("warband", "Wizard"),
    ("warband", "Druid"),
    ("length", "quick"),
    ("players", "random,random"),
    ("battles", "2"),
    ("seed", "1"),
]
"""A tiny run: two quick battles between random players (one won, one drawn)."""


def _args(asked: list[tuple[str, str]] = TINY) -> list[str]:
    return [part for key, value in asked for part in (f"--{key}", value)]


def test_the_pages_json_is_the_command_lines(client, cli):
    page = client.get(f"/magewinds/simulate?{urlencode([*TINY, ('format', 'json')])}")
    assert page.status_code == 200, page.text
    run = cli("simulate", "magewinds", *_args(), "--json")
    assert run.code == 0, run.err
    assert page.json() == json.loads(run.out)
    assert page.json()["battles"] == 2
    assert page.json()["draws"] == 1 and sorted(page.json()["wins"].values()) == [0, 1]


def test_a_link_plays_the_same_battles_into_the_same_table(client, cli):
    link = f"/magewinds/simulate?{urlencode(TINY)}"
    first, again = client.get(link), client.get(link)
    assert first.status_code == again.status_code == 200
    tables = [re.search(r"<table.*?</table>", p.text, re.S) for p in (first, again)]
    assert tables[0] and tables[1] and tables[0].group(0) == tables[1].group(0)
    page = first.text
    for column in ("wins", "win rate", "95% interval", "survivors"):
        assert f">{column}<" in page
    run = cli("simulate", "magewinds", *_args())
    assert run.code == 0, run.err
    for row in re.findall(r"<tr>(.*?)</tr>", tables[0].group(0), re.S)[1:]:
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", row)
        assert all(cell in run.out for cell in cells if cell), (cells, run.out)
    chart = re.search(r'<svg class="chart".*?</svg>', page, re.S)
    assert chart and 'data-outcome="draws"' in chart.group(0)
    data = client.get(f"{link}&format=json").json()
    for key, count in data["wins"].items():
        share = Fraction(count, data["battles"])
        assert f'data-outcome="#{key} wins" data-probability="{share}"' in chart.group(0)


def test_the_csv_download_is_the_rows_simulate_writes(client, cli, tmp_path):
    got = client.get(f"/magewinds/simulate?{urlencode([*TINY, ('format', 'csv')])}")
    assert got.status_code == 200, got.text
    run = cli("simulate", "magewinds", *_args(), "-o", str(tmp_path / "rows.csv"))
    assert run.code == 0, run.err
    assert got.text == (tmp_path / "rows.csv").read_text()
    assert len(list(csv.DictReader(io.StringIO(got.text)))) == 2
    picture = client.get(f"/magewinds/simulate?{urlencode([*TINY, ('format', 'png')])}")
    assert picture.status_code == 400 and "simulate writes its battles' rows as CSV" in picture.text


def test_too_many_battles_are_refused_in_one_line_beside_the_field(client):
    asked = [(k, v) for k, v in TINY if k != "battles"]
    for battles, side in ((str(PAGE_BATTLES + 1), []), ("11", [("side", "seed"), ("seed", "2")])):
        page = client.get(f"/magewinds/simulate?{urlencode([*asked, ('battles', battles), *side])}")
        assert page.status_code == 422
        problem = re.search(r'id="p-battles">([^<]*)<', page.text)
        assert problem, page.text
        line = problem.group(1)
        assert f"a page plays at most {PAGE_BATTLES} battles" in line and "\n" not in line
    default = [(k, v) for k, v in asked]  # the command line's default, 100, is past it
    assert client.get(f"/magewinds/simulate?{urlencode(default)}").status_code == 422
    body = client.get(f"/magewinds/simulate?{urlencode([*default, ('format', 'json')])}")
    assert body.status_code == 422 and body.json()["option"] == "--battles"


def test_a_search_player_is_refused_beside_the_players_field(client):
    asked = [(k, v) for k, v in TINY if k != "players"] + [("players", "search:1,random")]
    page = client.get(f"/magewinds/simulate?{urlencode(asked)}")
    assert page.status_code == 422
    problem = re.search(r'id="p-players">([^<]*)<', page.text)
    assert problem and "a page seats only random or greedy players" in problem.group(1)


def test_a_blank_form_states_and_fills_the_pages_budget(client):
    page = client.get("/magewinds/simulate").text
    assert f"in a page at most {PAGE_BATTLES}" in page
    assert "in a page random or greedy only" in page
    assert re.search(rf'name="battles"[^>]*value="{PAGE_BATTLES}"', page), page
    assert len(re.findall(r'name="warband"', page)) == 4  # a warband for each seat
    for withheld in ("tally", "workers", "output"):
        assert f'name="{withheld}"' not in page


def test_greedy_fighter_battles_past_the_budget_are_refused_before_any_battle(client):
    """11 battles of three greedy fighters a side is 66 greedy fighter-battles, past the
    page's budget, though 11 battles alone are within its 20; refused beside --battles
    before any battle is played (the JSON says which option)."""
    asked = [
        ("scenario", "deathmatch"),
        ("warband", "Wizard,Witch,Druid"),
        ("warband", "Guardian,Mesmer,Seer"),
        ("players", "greedy,greedy"),
        ("battles", "11"),
    ]
    assert 11 * 6 > PAGE_GREEDY >= 10 * 6 and PAGE_BATTLES >= 11
    page = client.get(f"/magewinds/simulate?{urlencode(asked)}")
    assert page.status_code == 422
    problem = re.search(r'id="p-battles">([^<]*)<', page.text)
    assert problem, page.text
    assert (
        f"11 battles x 6 fighters of greedy players is 66; a page plays at most {PAGE_GREEDY}"
        in (problem.group(1).replace("&#39;", "'"))
    )
    body = client.get(f"/magewinds/simulate?{urlencode([*asked, ('format', 'json')])}")
    assert body.status_code == 422 and body.json()["option"] == "--battles"


def test_a_second_simulation_while_one_is_played_is_refused_in_one_line(client):
    """One simulation at a time: while one holds the server's battles, another page's
    is one line (503), and once it is done the same link is answered."""
    from skirmish.web.simulating import PLAYING

    link = f"/magewinds/simulate?{urlencode([*TINY, ('format', 'json')])}"
    with PLAYING:
        busy = client.get(link)
    assert busy.status_code == 503
    assert busy.json()["error"].startswith("another simulation is being played")
    assert client.get(link).status_code == 200


def test_side_by_side_seeds_are_compared_in_one_table(client):
    """Two seeds side by side: one row each in the compared table, each row's wins those
    of that seed's own answer."""
    asked = [(k, v) for k, v in TINY if k != "seed"] + [("side", "seed"), ("seed", "1")]
    asked.append(("seed", "3"))
    page = client.get(f"/magewinds/simulate?{urlencode(asked)}")
    assert page.status_code == 200, page.text
    compared = re.search(r"Side by side: seed</p>.*?</table>", page.text, re.S)
    assert compared, page.text
    rows = re.findall(r"<tr><td>(.*?)</tr>", compared.group(0), re.S)
    assert len(rows) == 2
    for seed, row in zip(("1", "3"), rows, strict=True):
        one = [(k, seed if k == "seed" else v) for k, v in TINY] + [("format", "json")]
        data = client.get(f"/magewinds/simulate?{urlencode(one)}").json()
        cells = re.findall(r">([^<]*)</td>", "<td>" + row)
        assert cells[0] == seed and cells[1] == "2"
        for n, key in enumerate(sorted(data["wins"])):
            assert cells[2 + n].startswith(f"{data['wins'][key]} (")
        assert cells[-1] == str(data["draws"])


def test_a_slice_of_a_run_is_titled_and_counted_as_the_command_lines(client, cli):
    """--first-battle 3 --battles 1: the third battle of the run alone, the same table
    title and numbers as the command line's."""
    asked = [(k, "1" if k == "battles" else v) for k, v in TINY] + [("first-battle", "3")]
    page = client.get(f"/magewinds/simulate?{urlencode(asked)}")
    assert page.status_code == 200, page.text
    run = cli("simulate", "magewinds", *_args(asked))
    assert run.code == 0, run.err
    title = run.out.strip().splitlines()[0].strip()
    assert title.endswith("1 battle (3)")
    assert f'<p class="table-title">{title}</p>' in page.text
    json_run = cli("simulate", "magewinds", *_args(asked), "--json")
    data = client.get(f"/magewinds/simulate?{urlencode([*asked, ('format', 'json')])}").json()
    assert data == json.loads(json_run.out)
