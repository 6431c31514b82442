"""``/{game}/attack``: one attack refereed in the page gives the log ``skirmish attack
GAME`` prints for the same options, seed and choices; its link replays it; a bad seed or
an illegal choice is refused with one line; and once in Debian's chromium, clicking a
Magewinds attack through."""

from __future__ import annotations

import html
import json
import re
import sys
from fractions import Fraction
from urllib.parse import urlencode

import pytest

ATTACKS = {
    "magewinds": [("attacker", "Wizard"), ("target", "Guardian")],
    "entropic": [("attack", "3"), ("defend", "2")],
    "mswars": [
        ("attack-value", "12"),
        ("defence", "10"),
        ("damage", "D6"),
        ("dc", "8"),
        ("aid", "1"),
    ],
    "darkrealms": [("stamina", "2"), ("hero-target", "on"), ("target-stamina", "1")],
}
"""An attack of each game that asks at least one choice."""


def _flags(query: list[tuple[str, str]]) -> list[str]:
    args: list[str] = []
    for name, value in query:
        args += [f"--{name}"] if value == "on" else [f"--{name}", value]
    return args


def _played(client, game: str, seed: int, pick: int) -> tuple[list[str], dict, list[str]]:
    """The page's attack played to its end, choosing option ``pick`` (by index, wrapping)
    at every decision it asks: the choices made, the final JSON, and each decision's
    buttons as the page words them."""
    made: list[str] = []
    buttons: list[str] = []
    for _ in range(12):
        query = [*ATTACKS[game], ("seed", str(seed)), *(("choose", c) for c in made)]
        answer = client.get(f"/{game}/attack?{urlencode([*query, ('format', 'json')])}")
        assert answer.status_code == 200, answer.text
        body = answer.json()
        if "asks" not in body:
            return made, body, buttons
        options = body["asks"]["options"]
        page = client.get(f"/{game}/attack?{urlencode(query)}").text
        shown = re.findall(
            r'data-option="([^"]+)">[^<]*(?:<span class="value">\(solved ([^)]+)\)</span>)?</a>',
            page,
        )
        assert [option for option, _ in shown] == options
        solved = body["asks"].get("solved", {})
        assert [value for _, value in shown] == [
            f"{float(Fraction(solved[o])):.2f}" if o in solved else "" for o in options
        ]
        buttons.append(", ".join(f"{o} {v}" for o, v in shown if v))
        made.append(options[pick % len(options)])
    raise AssertionError(f"{game}: the attack never ended")


def _cli_answering(cli, monkeypatch, choices: list[str], *args: str):
    """``skirmish attack ...`` at a terminal whose player answers ``choices`` in turn."""
    import typer

    answers = iter(choices)
    asked: list[str] = []

    def prompt(text: str, hide_input: bool = False) -> str:
        asked.append(text)
        return next(answers)

    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(typer, "prompt", prompt)
    run = cli("attack", *args)
    assert run.code == 0, run.err
    assert len(asked) == len(choices)  # the terminal asked exactly the choices the page did
    return run, asked


def _page_log(page: str) -> list[tuple[str, str]]:
    rows = re.findall(r'<tr><th scope="row" class="rule">(.*?)</th><td>(.*?)</td></tr>', page)
    return [(html.unescape(rule), html.unescape(text)) for rule, text in rows]


@pytest.mark.parametrize("game", list(ATTACKS))
@pytest.mark.parametrize("pick", [0, -1])
def test_the_page_referees_the_attack_the_command_line_does(client, cli, monkeypatch, game, pick):
    made, body, buttons = _played(client, game, 7, pick)
    assert made, f"{game}: the attack asked no choice"
    args = [game, *_flags(ATTACKS[game]), "--seed", "7"]
    as_json, prompts = _cli_answering(cli, monkeypatch, made, *args, "--json")
    assert json.loads(as_json.out) == body
    for prompt, solved in zip(prompts, buttons, strict=True):  # the advisor's hint, as typed
        hint = " ".join(prompt.split())
        assert (f"(solved: {solved})" in hint) if solved else "(solved:" not in hint
    printed, _ = _cli_answering(cli, monkeypatch, made, *args)
    query = [*ATTACKS[game], ("seed", "7"), *(("choose", c) for c in made)]
    page = client.get(f"/{game}/attack?{urlencode(query)}")
    assert page.status_code == 200 and 'id="over"' in page.text
    log = _page_log(page.text)
    assert [(e["rule"], e["text"]) for e in body["log"]] == log
    lines = ["seed 7", *(f"{rule}  {text}" for rule, text in log)]
    # the terminal right-aligns the rules and wraps at its width: same words, same order
    assert printed.out.split() == " ".join(lines).split()


def test_each_choice_is_a_link_and_the_link_replays_the_log(client):
    query = [*ATTACKS["magewinds"], ("seed", "3")]
    first = client.get(f"/magewinds/attack?{urlencode(query)}").text
    assert 'data-decision="attack_choice"' in first
    by_option = {
        o: html.unescape(h) for h, o in re.findall(r'href="([^"]+)" data-option="([^"]+)"', first)
    }
    assert set(by_option) == {"light", "heavy", "feint"}
    second = client.get(by_option["heavy"]).text
    assert "Choices made: (face down)" in second  # the defender reacts without seeing it
    assert not any("Heavy" in text for _, text in _page_log(second))
    assert 'data-decision="reaction"' in second or 'data-decision="defence_choice"' in second
    reactions = {
        o: html.unescape(h) for h, o in re.findall(r'href="([^"]+)" data-option="([^"]+)"', second)
    }
    done = client.get(reactions["dodge"]).text
    permalink = html.unescape(re.search(r'href="([^"]+)" id="permalink"', done).group(1))
    assert permalink.endswith("seed=3&choose=heavy&choose=dodge")
    again = client.get(permalink).text
    assert "Choices made: heavy, dodge" in again  # over: the face-down choice is shown
    assert _page_log(again) == _page_log(done) and "Wizard reveals Heavy" in again
    other = client.get(permalink.replace("seed=3", "seed=4")).text
    assert _page_log(other) != _page_log(done)  # the seed, not chance, fixed the dice


def test_a_blank_seed_is_drawn_once_and_kept_in_the_link(client):
    answer = client.get(
        f"/magewinds/attack?{urlencode(ATTACKS['magewinds'])}", follow_redirects=False
    )
    assert answer.status_code == 303
    seed = re.search(r"seed=(\d+)", answer.headers["location"]).group(1)
    page = client.get(answer.headers["location"]).text
    assert f"seed {seed}" in page


def test_an_illegal_choice_is_refused_beside_the_decision_with_the_cores_line(client):
    query = [*ATTACKS["magewinds"], ("seed", "3"), ("choose", "sideways")]
    answer = client.get(f"/magewinds/attack?{urlencode(query)}")
    assert answer.status_code == 422
    problem = re.search(r'<p class="problem" role="alert" id="p-choose">(.*?)</p>', answer.text)
    expected = "18.3: &#39;sideways&#39; is not a legal attack choice for attacker"
    assert problem and problem.group(1).startswith(expected)
    assert 'data-option="heavy"' in answer.text  # the decision is asked again
    refused = client.get(f"/magewinds/attack?{urlencode([*query, ('format', 'json')])}")
    assert refused.status_code == 422 and refused.json()["option"] == "choose"
    assert refused.json()["error"].startswith("18.3: 'sideways' is not a legal attack choice")


def test_too_many_or_too_long_choices_are_refused_in_one_line(client):
    query = [*ATTACKS["magewinds"], ("seed", "3")]
    many = client.get(f"/magewinds/attack?{urlencode([*query, *[('choose', 'heavy')] * 65])}")
    assert many.status_code == 422
    assert many.json()["error"] == "choose: given 65 times; an attack asks at most 64"
    long = client.get(f"/magewinds/attack?{urlencode([*query, ('choose', 'x' * 101)])}")
    assert long.status_code == 422 and long.json()["error"].endswith("at most 100 characters")


def test_choices_past_the_end_of_the_attack_are_refused(client):
    query = [*ATTACKS["magewinds"], ("seed", "3")]
    query += [("choose", "heavy"), ("choose", "dodge"), ("choose", "heavy")]
    refused = client.get(f"/magewinds/attack?{urlencode([*query, ('format', 'json')])}")
    assert refused.status_code == 422
    assert refused.json()["error"].startswith("choose 'heavy': the attack was over after 2 choices")


@pytest.mark.parametrize(
    ("seed", "message"),
    [("x", "--seed 'x': should be a valid integer"), ("-1", "--seed -1: a seed must be greater")],
)
def test_a_bad_seed_is_refused_beside_its_field_as_the_command_line_does(
    client, cli, seed, message
):
    query = [*ATTACKS["magewinds"], ("seed", seed)]
    page = client.get(f"/magewinds/attack?{urlencode(query)}")
    assert page.status_code == 422
    beside = re.search(r'<p class="problem" role="alert" id="p-seed">(.*?)</p>', page.text)
    assert beside and html.unescape(beside.group(1)).startswith(message)
    run = cli("attack", "magewinds", *_flags(ATTACKS["magewinds"]), "--seed", seed)
    assert run.code == 2 and message in run.err


def test_a_bad_option_is_refused_beside_its_field(client):
    answer = client.get("/mswars/attack?attacker=Nobody&seed=1")
    assert answer.status_code == 422
    assert re.search(r'id="p-attacker">unknown unit &#39;Nobody&#39;', answer.text)


def test_the_scenarios_page_is_skirmish_scenarios(client, cli):
    run = cli("scenarios", "magewinds", "--json")
    assert run.code == 0
    assert client.get("/magewinds/scenarios?format=json").json() == json.loads(run.out)
    page = html.unescape(client.get("/magewinds/scenarios").text)
    for scenario in json.loads(run.out)["scenarios"]:
        assert scenario["id"] in page and scenario["summary"] in page
    assert 'href="/magewinds/scenarios"' in client.get("/").text
    assert 'href="/magewinds/attack"' in client.get("/").text
    missing = client.get("/entropic/scenarios")
    cli_says = cli("scenarios", "entropic")
    assert missing.status_code == 404 and cli_says.code == 2
    assert missing.json()["error"] in cli_says.err


def test_a_magewinds_attack_clicked_through_gives_the_command_lines_log(
    browser, server, cli, monkeypatch, tmp_path
):
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.goto(f"{server}/magewinds/attack")
    page.locator('form.question [name="attacker"]').fill("Wizard")
    page.locator('form.question [name="target"]').fill("Guardian")
    page.locator('form.question [name="seed"]').fill("3")
    page.get_by_role("button", name="Referee").click()
    page.wait_for_load_state("load")
    assert page.locator("#choice").get_attribute("data-decision") == "attack_choice"
    page.locator('#choice a[data-option="heavy"]').click()
    page.wait_for_load_state("load")
    page.screenshot(path=tmp_path / "attack-asking.png", full_page=True)
    asked = page.locator("#choice")
    second = asked.get_attribute("data-decision")
    page.locator('#choice a[data-option="dodge"]').click()
    page.wait_for_load_state("load")
    assert page.locator("#over").is_visible()
    page.screenshot(path=tmp_path / "attack-over.png", full_page=True)
    rows = page.locator("#log tr")
    shown = [
        (rows.nth(i).locator("th").inner_text(), rows.nth(i).locator("td").inner_text())
        for i in range(rows.count())
    ]

    args = [*_flags(ATTACKS["magewinds"]), "--seed", "3", "--json"]
    run, _ = _cli_answering(cli, monkeypatch, ["heavy", "dodge"], "magewinds", *args)
    assert shown == [(e["rule"], e["text"]) for e in json.loads(run.out)["log"]]
    assert second != "attack_choice"  # the second click answered the target's decision

    link = page.locator("#permalink").get_attribute("href")
    assert link is not None and link.endswith("seed=3&choose=heavy&choose=dodge")
    fresh = browser.new_context().new_page()
    fresh.goto(server + link)
    again = fresh.locator("#log tr")
    assert [again.nth(i).inner_text() for i in range(again.count())] == [
        rows.nth(i).inner_text() for i in range(rows.count())
    ]
    fresh.context.close()
    context.close()


def test_an_uploaded_battlefield_referees_as_the_file_does(client, cli, monkeypatch):
    from pathlib import Path

    path = Path(__file__).parents[2] / "examples" / "ruins.yaml"
    back = "/magewinds/attack?attacker=Wizard&attack=Zap&target=Witch&seed=11"
    kept = client.post(
        "/files",
        files={"file": (path.name, path.read_bytes())},
        data={"option": "battlefield", "back": back},
        follow_redirects=False,
    )
    assert kept.status_code == 303 and kept.headers["location"].startswith(back + "&battlefield=")
    made: list[str] = []
    link = kept.headers["location"]
    for _ in range(12):
        body = client.get(link + "".join(f"&choose={c}" for c in made) + "&format=json").json()
        if "asks" not in body:
            break
        made.append(body["asks"]["options"][0])
    flags = ["--attacker", "Wizard", "--attack", "Zap", "--target", "Witch", "--seed", "11"]
    args = ["magewinds", *flags, "--battlefield", str(path), "--json"]
    run, _ = _cli_answering(cli, monkeypatch, made, *args)
    assert json.loads(run.out) == body
    assert made  # the Witch's reaction was asked
    texts = [entry["text"] for entry in body["log"]]
    assert 'line of attack 8.07" is within Range 1-9' in texts  # the file's geometry
    assert any("+1 in cover (18.2)" in text for text in texts)
