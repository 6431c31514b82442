"""The sweep report page (``skirmish serve --sweeps DIR``): the same numbers and files as
``skirmish sweep report``, only the served folder's sweeps reachable, every bad input one
line; and in a browser, the heat map and the downloads."""

from __future__ import annotations

import csv
import io
import json
import re
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from made_sweep import FIGHTERS, made_sweep


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A folder of two sweeps (and an unrelated folder), and beside it a sweep that is
    not served."""
    top = tmp_path_factory.mktemp("sweeps")
    root = top / "served"
    root.mkdir()
    made_sweep(root / "first")
    made_sweep(root / "second", seed=9)
    (root / "notes").mkdir()
    made_sweep(top / "secret", seed=11)
    return root, top / "secret"


def _client(root: Path | None, files: Path) -> Iterator[object]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from fastapi.testclient import TestClient
    from skirmish.web.app import create_app

    with TestClient(create_app(files=files, sweeps=root)) as test_client:
        yield test_client


@pytest.fixture
def sweeps_client(served: tuple[Path, Path], tmp_path: Path) -> Iterator[object]:
    yield from _client(served[0], tmp_path)


HTML = {"accept": "text/html"}


def test_the_page_lists_the_served_sweeps_only(sweeps_client):
    page = sweeps_client.get("/sweeps", headers=HTML)
    assert page.status_code == 200
    listed = re.findall(r'data-sweep="([^"]+)"', page.text)
    assert listed == ["first", "second"]  # "notes" is no sweep; "secret" is not served
    assert 'href="/sweeps"' in sweeps_client.get("/", headers=HTML).text
    cells = re.findall(r'<td class="num">(\d+)</td></tr>', page.text)
    assert cells == ["40", "40"]  # batches played: 4 pairings, 2 scenarios, 5 batches each


def test_json_and_files_are_the_commands_own(sweeps_client, served, cli, tmp_path):
    folder = served[0] / "first"
    run = cli("sweep", "report", str(folder), "--json", "--top", "3")
    assert run.code == 0, run.err
    assert sweeps_client.get("/sweeps/first?top=3&format=json").json() == json.loads(run.out)
    for suffix in ("csv", "png"):
        path = tmp_path / f"report.{suffix}"
        assert cli("sweep", "report", str(folder), "-o", str(path)).code == 0
        got = sweeps_client.get(f"/sweeps/first?format={suffix}")
        assert got.status_code == 200
        assert "attachment" in got.headers["content-disposition"]
        if suffix == "csv":
            assert got.text == path.read_text()
        else:
            assert got.content[:8] == path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    other = sweeps_client.get("/sweeps/second?format=json").json()
    assert other["pairings"] != json.loads(run.out)["pairings"]  # each sweep its own rows


def test_the_page_shows_the_reports_numbers(sweeps_client, served, cli):
    data = sweeps_client.get("/sweeps/first?format=json").json()
    page = sweeps_client.get("/sweeps/first", headers=HTML).text
    assert str(served[0]) not in page  # the sweep is named, not its place on the server
    cells = re.findall(
        r'data-row="(\d+)" data-column="(\d+)" data-rate="([^"]+)" data-low="([^"]+)" '
        r'data-high="([^"]+)"',
        page,
    )
    expected = set()
    for p in data["pairings"]:
        expected.add((p["a"], p["b"], p["a_rate"]["rate"], *p["a_rate"]["ci95"]))
        if p["a"] != p["b"]:
            expected.add((p["b"], p["a"], p["b_rate"]["rate"], *p["b_rate"]["ci95"]))
    assert {(int(r), int(c), float(x), float(lo), float(hi)) for r, c, x, lo, hi in cells} == (
        expected
    )
    ranked = re.findall(r'class="fighter" data-fighter="([^"]+)" data-rate="([^"]+)"', page)
    assert [name for name, _ in ranked] == [
        f["fighter"] for f in sorted(data["fighters"], key=lambda f: -(f["with"]["rate"] or 0))
    ]
    assert {name for name, _ in ranked} == set(FIGHTERS)
    # every table of the command's report, in its words, with its numbers
    text = cli("sweep", "report", str(served[0] / "first")).out
    for title in (
        "Warbands",
        "Fighters: win rate of sides with them, and without",
        "Scenarios: Player 1 (P1, 3.1) in the decided battles, 95% interval",
        "How battles ended",
        "Pairings furthest from even",
    ):
        assert title in text and title in page
    for s in data["scenarios"]:
        low, high = s["player_1"]["ci95"]
        assert f"{low:.1%}-{high:.1%}" in page


def test_the_page_colours_cells_as_the_report_png(sweeps_client, served):
    """A cell's colour is the row's share of the decided battles, as the PNG's heat map
    (``decided_matrix``) colours it, grey where every battle was drawn, so the page and the
    downloaded picture never tell a designer different things."""
    from skirmish.ai.sweepreport import NONE_DECIDED, counted, decided_matrix
    from skirmish.web.charts import _rate_shade

    data = sweeps_client.get("/sweeps/first?format=json").json()
    share, _drawn = decided_matrix(counted(served[0] / "first"))
    page = sweeps_client.get("/sweeps/first", headers=HTML).text
    fills = {
        (int(r) - 1, int(c) - 1): fill
        for r, c, fill in re.findall(
            r'data-row="(\d+)" data-column="(\d+)"[^>]*>\s*<rect[^>]*style="fill:([^"]+)"', page
        )
    }
    assert len(fills) == sum(2 - (p["a"] == p["b"]) for p in data["pairings"])
    for p in data["pairings"]:
        decided = p["wins_a"] + p["wins_b"]
        a, b = p["a"] - 1, p["b"] - 1  # the JSON numbers warbands from 1
        sides = [(a, b, p["wins_a"]), (b, a, p["wins_b"])]
        for row, column, wins in sides[: 1 if a == b else 2]:  # a mirror: A's
            if decided:
                assert share[row, column] == wins / decided
                assert fills[row, column] == _rate_shade(wins / decided)
            else:
                assert fills[row, column] == NONE_DECIDED


@pytest.mark.parametrize(
    "path",
    [
        "/sweeps/secret",
        "/sweeps/..%2Fsecret",
        "/sweeps/%2E%2E",
        "/sweeps/..",
        "/sweeps/notes",
        "/sweeps/first%2F..%2F..%2Fsecret",
        "/sweeps/%2Ftmp",
        "/sweeps/first/../../secret",
    ],
)
def test_no_link_reaches_past_the_served_folder(sweeps_client, path):
    got = sweeps_client.get(path, params={"format": "json"})
    assert '"pairings"' not in got.text
    if got.request.url.raw_path.startswith(b"/sweeps/"):  # not made "/" by the client
        assert got.status_code == 404
        error = got.json()["error"]
        assert error == "no such page" or error.startswith("no sweep named ")


def test_a_served_sweep_folder_itself(served, tmp_path):
    for client in _client(served[0] / "first", tmp_path):
        assert re.findall(r'data-sweep="([^"]+)"', client.get("/sweeps").text) == ["first"]
        assert client.get("/sweeps/first?format=json").status_code == 200
        assert client.get("/sweeps/second?format=json").status_code == 404


def test_no_sweeps_served(tmp_path):
    for client in _client(None, tmp_path):
        page = client.get("/sweeps", headers=HTML)
        assert "skirmish serve --sweeps DIR" in page.text
        assert client.get("/sweeps/first").status_code == 404
        assert 'href="/sweeps"' not in client.get("/", headers=HTML).text


@pytest.mark.parametrize(
    ("query", "status", "line"),
    [
        ("top=0", 422, "--top 0: "),
        ("top=many", 422, "--top 'many': "),
        ("top=101&format=json", 422, "--top 101: "),
        ("top=3&top=4&format=json", 422, "--top given 2 times; give it once"),
        ("format=pdf", 422, "format 'pdf': a sweep's page gives html, json, csv, png"),
        ("path=/etc&format=json", 422, "unknown parameter 'path'"),
    ],
)
def test_bad_input_is_one_line(sweeps_client, query, status, line):
    got = sweeps_client.get(f"/sweeps/first?{query}", headers=HTML)
    assert got.status_code == status
    if "format=json" in query:
        assert got.json()["error"].startswith(line)
        assert "\n" not in got.json()["error"]
    else:
        found = re.findall(r'<p class="problem" role="alert"[^>]*>([^<]*)</p>', got.text)
        assert len(found) == 1 and found[0].startswith(line.replace("'", "&#39;"))


def test_a_sweep_with_no_shards_yet_is_one_line(tmp_path):
    from skirmish.ai.sweep import Plan
    from skirmish.ai.sweepstore import prepare

    root = tmp_path / "root"
    plan = Plan(("deathmatch",), "quick", (("Wizard", "Witch"), ("Druid", "Seer")), ((0, 1),),
                ("greedy", "greedy"), 4, 1, 2)  # fmt: skip
    prepare(root / "fresh", plan)
    for client in _client(root, tmp_path / "files"):
        got = client.get("/sweeps/fresh?format=json")
        assert got.status_code == 409
        assert got.json()["error"] == "fresh: no shards yet; the sweep has played no batch"


def test_serve_refuses_a_missing_sweeps_folder(cli, tmp_path):
    run = cli("serve", "--sweeps", str(tmp_path / "nowhere"), "--port", "0")
    assert run.code == 2
    assert run.err.strip().splitlines() == [
        f"skirmish: error: --sweeps {tmp_path / 'nowhere'}: no such folder; name a folder 'skirmish sweep' "
        "wrote (-o), or one holding such folders"
    ]


def test_in_a_browser(browser, served, tmp_path):
    from skirmish.web.serving import started

    with started(tmp_path / "files", sweeps=served[0]) as address:
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.goto(address + "/")
        page.click("#sweeps-link")
        page.click("text=first")
        page.wait_for_selector("svg.sweep")
        assert page.locator("svg.sweep g.cell").count() == 7  # 3 pairings both ways, 1 mirror
        title = page.locator("svg.sweep g.cell title").first.text_content()
        assert "95% interval" in (title or "")
        page.fill("#f-top", "0")
        page.click("text=Show")
        assert page.locator("#p-top").text_content().startswith("--top 0: ")
        page.fill("#f-top", "2")
        page.click("text=Show")
        rows = page.locator("p.table-title:has-text('Pairings furthest') + div tbody tr")
        assert rows.count() == 2
        with page.expect_download() as download:
            page.click("#csv")
        table = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text())))
        assert sum(int(r["battles"]) for r in table) == 240
        page.screenshot(path=tmp_path / "sweep.png", full_page=True)
        page.close()
