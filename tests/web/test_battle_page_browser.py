"""The seat page in Debian's chromium as a person uses it with a mouse and a keyboard:
a refused click on the battlefield, and the width of what it shows."""

from __future__ import annotations

from typing import Any

from tests.web.test_battle_browser import new_battle

SETUP = {
    "scenario": "king-of-the-hill",
    "warband": ["Wizard,Witch", "Druid,Seer"],
    "players": "human,greedy",
    "seed": "4",
}


def seat_page(browser: Any, server: str) -> Any:
    links = new_battle(server, **SETUP)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server + links["seats"][0])
    page.wait_for_selector("button.point-group")
    return page


def test_a_refused_click_on_terrain_leaves_no_outline_and_the_board_in_place(
    browser: Any, server: str
) -> None:
    page = seat_page(browser, server)
    page.locator("button.point-group", has_text="deploy Wizard at").click()
    board = page.locator("#board-holder svg")
    before = board.bounding_box()
    tower = page.locator("#board-holder g.terrain[data-name='West tower']")
    tower.click()
    page.wait_for_selector("#refusal:not([hidden])")
    assert "West tower" in page.inner_text("#refusal")
    assert board.bounding_box() == before  # the board did not move under the mouse
    # The click focused the piece; the browser's outline (drawn in table inches) is gone.
    assert page.evaluate("document.activeElement.dataset.name") == "West tower"
    assert tower.evaluate("g => getComputedStyle(g).outlineStyle") == "none"
    shape = "#board-holder g.terrain[data-name='West tower'] path"
    assert page.eval_on_selector(shape, "p => getComputedStyle(p).strokeDasharray") == "none"
    page.close()


def test_keyboard_focus_on_a_piece_is_shown_as_a_thin_ring(browser: Any, server: str) -> None:
    page = seat_page(browser, server)
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('terrain')"):
            break
    else:
        raise AssertionError("no terrain piece took the keyboard's focus")
    ring = page.evaluate(
        "(() => { const s = getComputedStyle(document.activeElement.querySelector('path'));"
        " return [s.strokeDasharray, s.strokeWidth, getComputedStyle(document.activeElement)"
        ".outlineStyle]; })()"
    )
    assert ring[0] != "none" and ring[2] == "none", ring
    assert float(ring[1].removesuffix("px")) < 0.2  # a tenth of an inch of the drawing
    page.close()


def test_the_side_panels_fit_and_read_as_words(browser: Any, server: str) -> None:
    import httpx

    links = new_battle(server, **SETUP)
    seat = server + links["seats"][0]
    steps = httpx.get(seat + "/state", timeout=60).json()["steps"]
    for action in (
        "deploy Wizard at 9.75,2",
        "deploy Witch at 11.25,2",
        "draw AH",
        *["draw deck"] * 4,
        "pass",
        "activate Wizard",
        "attack",
        "no step",
    ):
        answer = httpx.post(seat + "/act", json={"steps": steps, "action": action}, timeout=60)
        assert answer.status_code == 200, answer.text
        steps = answer.json()["steps"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(seat)
    # The fighters' columns in the core's order (the first page's JSON as each answer's).
    heads = page.locator("#fighters th").all_inner_texts()
    assert heads == ["fighter", "player", "at", "damage", "counters", "notes"]
    fighters = page.locator("#fighters")
    assert fighters.evaluate("d => d.scrollWidth <= d.clientWidth")
    # The odds of the attack aimed at fit the panel.
    page.locator("button.aim").first.hover()
    page.wait_for_selector("#aim table.odds")
    assert page.evaluate(
        "document.querySelector('#aim table.odds').getBoundingClientRect().right <= "
        "document.querySelector('#aim').getBoundingClientRect().right"
    )
    # The hint's long lines wrap: the page keeps the window's width.
    page.click("#hint")
    page.wait_for_selector("#hint-text:not([hidden])")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    # The log's filters read as words.
    for select in ("#log-kind", "#log-fighter"):
        shown = page.locator(f"{select} option").all_inner_texts()
        assert shown and not any("_" in text for text in shown), shown
    assert "face up" in page.locator("#log-kind option").all_inner_texts()
    page.close()
