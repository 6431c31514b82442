"""A Magewinds attack refereed in Debian's chromium: the form asked, a choice clicked at
each decision, the log the command line prints for the same seed and choices, and the
copied link reopening the same log in a new context."""

from __future__ import annotations

import json


def test_a_magewinds_attack_clicked_through_gives_the_command_lines_log(
    browser, server, cli, monkeypatch, tmp_path
):
    import sys

    import typer

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

    answers = iter(["heavy", "dodge"])
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(typer, "prompt", lambda text, hide_input=False: next(answers))
    run = cli(
        "attack",
        "magewinds",
        "--attacker",
        "Wizard",
        "--target",
        "Guardian",
        "--seed",
        "3",
        "--json",
    )
    assert run.code == 0, run.err
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
