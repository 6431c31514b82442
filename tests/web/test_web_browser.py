"""The pages in Debian's chromium: a question asked through each game's form gives the
command line's numbers, a copied link reopens the same answer, a bad field shows its
message beside it. Few and quick; the rest is checked without a browser."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

FORM_QUESTIONS = {
    "magewinds": (
        [("attacker", "Wizard"), ("target", "Guardian"), ("cover", "on")],
        [("attacker", "Witch"), ("target", "Mesmer"), ("objective", "tempo")],
    ),
    "darkrealms": (
        [("attacker", "Ranger"), ("card", "Aimed Shot"), ("target", "Ghoul"), ("distance", "3")],
        [("attacker", "Ranger"), ("card", "Aimed Shot"), ("target", "Ghoul"), ("distance", "3")],
    ),
    "entropic": (
        [("attacker", "Line Trooper"), ("target", "Warden"), ("distance", "8")],
        [("attacker", "Line Trooper"), ("target", "Warden"), ("distance", "8")],
    ),
    "mswars": (
        [("attack-value", "14"), ("defence", "5"), ("damage", "D6"), ("armour", "1"), ("dc", "4")],
        [("attacker", "Amago"), ("target", "Pelham"), ("aid", "1")],
    ),
}


def _ask(page, server, game, verb, params):
    """Fill the form as a person would and press Answer."""
    page.goto(f"{server}/{game}/{verb}")
    for name, value in params:
        _put(page, name, value)
    page.get_by_role("button", name="Answer").click()
    page.wait_for_load_state("load")


def _put(page, name, value, box=0):
    """Fill the form's ``box``-th control named ``name`` as a person would."""
    control = page.locator(f'form.question [name="{name}"]').nth(box)
    kind = control.evaluate("e => e.tagName + ':' + (e.type || '')")
    if kind == "INPUT:checkbox":
        control.check()
    elif kind.startswith("SELECT"):
        control.select_option(value)
    else:
        control.fill(value)


def _argv(params):
    return [w for n, v in params for w in ([f"--{n}"] if v == "on" else [f"--{n}", v])]


@pytest.mark.parametrize("game", list(FORM_QUESTIONS))
def test_a_form_question_gives_the_command_lines_numbers(browser, server, cli, game):
    context = browser.new_context()
    page = context.new_page()
    odds, advice = FORM_QUESTIONS[game]

    _ask(page, server, game, "odds", odds)
    data = json.loads(cli("odds", game, *_argv(odds), "--json").out)
    charts = page.locator('[data-chart="distribution"]')
    assert charts.count() == len(data["cases"])
    for n, case in enumerate(data["cases"]):
        bars = charts.nth(n).locator(".bar")
        shown = {
            bars.nth(i).get_attribute("data-outcome"): bars.nth(i).get_attribute("data-probability")
            for i in range(bars.count())
        }
        assert shown == case["distribution"]

    _ask(page, server, game, "advise", advice)
    data = json.loads(cli("advise", game, *_argv(advice), "--json").out)
    value = f"{float(Fraction(data['value'])):.3f}"
    assert value in page.locator("section.answers").inner_text()
    mixed = [d for d in data["decisions"] if all("probability" in o for o in d["options"].values())]
    charts = page.locator('[data-chart="mix"]')
    assert charts.count() == len(mixed)
    for n, decision in enumerate(mixed):
        bars = charts.nth(n).locator(".bar")
        shown = {
            bars.nth(i).get_attribute("data-option"): bars.nth(i).get_attribute("data-probability")
            for i in range(bars.count())
        }
        assert shown == {k: v["probability"] for k, v in decision["options"].items()}
    context.close()


def test_a_copied_link_reopens_the_same_answer(browser, server):
    first = browser.new_context()
    page = first.new_page()
    _ask(
        page,
        server,
        "magewinds",
        "odds",
        [("attacker", "Deadeye"), ("target", "Mesmer"), ("reaction", "dodge")],
    )
    link = page.get_by_role("link", name="Link to this answer").get_attribute("href")
    assert link == page.url.removeprefix(server)
    answer = page.locator("section.answers").inner_html()
    first.close()
    second = browser.new_context()
    again = second.new_page()
    again.goto(server + link)
    assert again.locator("section.answers").inner_html() == answer
    assert again.locator('[name="attacker"]').input_value() == "Deadeye"
    assert again.locator('[name="reaction"]').input_value() == "dodge"
    second.close()


def test_an_invalid_field_shows_its_message_beside_it(browser, server, cli):
    context = browser.new_context()
    page = context.new_page()
    _ask(page, server, "magewinds", "odds", [("power", "-1"), ("precision", "3")])
    line = cli("odds", "magewinds", "--power", "-1", "--precision", "3").err.strip()
    field = page.locator('.field[data-option="--power"]')
    assert field.get_by_role("alert").inner_text() == line.removeprefix("skirmish: error: ")
    assert field.locator("input").get_attribute("aria-invalid") == "true"
    assert page.locator('[data-chart="distribution"]').count() == 0
    context.close()


def test_a_simulation_asked_in_its_form_gives_the_command_lines_table(browser, server, cli):
    """The simulate form filled as a person would (two warbands in their two boxes, the
    battles box already holding the page's 20, typed over): the table's wins are those of
    ``skirmish simulate --json`` for the same options."""
    asked = [
        ("scenario", "deathmatch"),
        ("warband", "Wizard"),
        ("length", "quick"),
        ("players", "random,random"),
        ("battles", "2"),
        ("seed", "1"),
    ]
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server}/magewinds/simulate")
    for name, value in asked:
        _put(page, name, value)
    _put(page, "warband", "Druid", box=1)
    page.get_by_role("button", name="Answer").click()
    page.wait_for_load_state("load")
    params = [*asked[:2], ("warband", "Druid"), *asked[2:]]
    data = json.loads(cli("simulate", "magewinds", *_argv(params), "--json").out)
    rows = page.locator("section.answers table tbody tr")
    assert rows.count() == 2
    for n in range(2):
        cells = rows.nth(n).locator("td").all_inner_texts()
        assert cells[0] == str(n + 1) and cells[3] == str(data["wins"][str(n + 1)])
    assert "battles 2, draws" in page.locator("section.answers").inner_text()
    link = page.get_by_role("link", name="Link to this answer").get_attribute("href")
    assert link == page.url.removeprefix(server) and "warband=Druid" in link
    context.close()
