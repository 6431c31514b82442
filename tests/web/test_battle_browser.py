"""Battles in Debian's chromium, played by clicks: whole quick battles against the random
player to their end, a take-back, a refused click showing its rule, and two people at two
seats each seeing only their own hand. Quick battles of two-fighter warbands."""

from __future__ import annotations

from typing import Any

import pytest


def new_battle(server: str, **given: str) -> dict[str, Any]:
    import httpx

    fields = {"length": "quick", "warband": ["Wizard,Cleric", "Druid,Witch"], "seed": "4"}
    answer = httpx.post(
        server + "/magewinds/battles",
        data={**fields, **given},
        headers={"accept": "application/json"},
        timeout=60,
    )
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def steps(page: Any) -> int:
    return int(page.get_attribute("#battle", "data-steps"))


def click_and_wait(page: Any, locator: Any) -> None:
    """Click, then wait for the page to show the battle after the step (or a refusal)."""
    before = steps(page)
    locator.click()
    page.wait_for_function(
        f"document.getElementById('battle').dataset.steps !== '{before}' || "
        "!document.getElementById('refusal').hidden",
        timeout=30_000,
    )


def filled_new_battle(page: Any, server: str, scenario: str, players: str) -> None:
    """The new battle form filled as a person types it (the Wizard and Cleric against the
    Druid and Witch, seed 4) and sent."""
    page.goto(server + "/magewinds/battles")
    page.fill("#f-scenario", scenario)
    page.fill("#f-warband", "Wizard,Cleric")
    page.fill("#f-warband-1", "Druid,Witch")
    page.fill("#f-players", players)
    page.fill("#f-seed", "4")
    page.click("button.primary")


@pytest.mark.parametrize(
    ("scenario", "opponent"),
    [("king-of-the-hill", "random"), ("deathmatch", "random"), ("king-of-the-hill", "greedy")],
)
def test_a_whole_battle_played_by_clicks_against_a_computer(
    browser: Any, server: str, scenario: str, opponent: str
) -> None:
    page = browser.new_page()
    filled_new_battle(page, server, scenario, f"human,{opponent}")
    page.click("a.seat-link")
    clicks = 0
    while "The battle is over" not in page.inner_text("#now"):
        # A deployment is made by clicking the battlefield at an offered spot: the one
        # furthest from the table's edges, as a person clicks well inside (a spot with a
        # base touching an edge is missed by a pixel's rounding, and refused by 2.1).
        # The computer may still be playing (the page shows its moves as they come), and
        # may end the battle with no decision left for the person.
        page.wait_for_function(
            "document.querySelector('button.action') || "
            "document.getElementById('now').textContent.includes('The battle is over')",
            timeout=120_000,
        )
        if not page.locator("button.action").count():
            continue
        first = page.locator("button.action").first
        text = first.get_attribute("data-action")
        if text.startswith("deploy ") and page.locator("button.point-group").count():
            name = text.removeprefix("deploy ").rsplit(" at ", 1)[0]
            x, y = _inmost(page, name)
            group = page.locator("button.point-group", has_text=f"deploy {name} at")
            group.click()
            click_and_wait(page, _board_point(page, x, y))
        else:
            click_and_wait(page, first)
        assert page.locator("#refusal").is_hidden(), page.inner_text("#refusal")
        clicks += 1
        assert clicks < 1500
    assert clicks > 5
    assert page.locator("#actions button").count() == 0
    log = page.inner_text("#log")
    assert "wins" in log or "draw" in log or "The battle is over" in page.inner_text("#now")


def _inmost(page: Any, name: str) -> tuple[float, float]:
    """Of the spots offered to deploy ``name``, the one furthest from every table edge."""
    svg = page.locator("#board-holder svg")
    length = float(svg.get_attribute("data-length"))
    width = float(svg.get_attribute("viewBox").split()[2])
    spots = []
    for text in page.locator("button.action").evaluate_all("bs => bs.map(b => b.dataset.action)"):
        if text.startswith(f"deploy {name} at "):
            x, y = (float(v) for v in text.rsplit(" ", 1)[1].split(","))
            spots.append((min(x, width - x, y, length - y), (x, y)))
    return max(spots)[1]


def _board_point(page: Any, x: float, y: float) -> Any:
    """A locator-like click at (x, y) inches of the battlefield drawing."""
    box = page.locator("#board-holder svg").bounding_box()
    svg = page.locator("#board-holder svg")
    view = [float(v) for v in svg.get_attribute("viewBox").split()]
    length = float(svg.get_attribute("data-length"))
    scale = min(box["width"] / view[2], box["height"] / view[3])
    left = box["x"] + (box["width"] - view[2] * scale) / 2
    top = box["y"] + (box["height"] - view[3] * scale) / 2

    class At:
        def click(self) -> None:
            page.mouse.click(left + (x - view[0]) * scale, top + (length - y - view[1]) * scale)

    return At()


def test_a_refused_click_shows_its_rule_and_undo_takes_back(browser: Any, server: str) -> None:
    links = new_battle(server, scenario="king-of-the-hill", players="human,human")
    page = browser.new_page()
    decides = None
    for link in links["seats"]:
        page.goto(server + link)
        if page.locator("button.action").count():
            decides = link
            break
    assert decides is not None
    # Play until a deployment is asked for, then click off the battlefield's edge.
    while not page.locator("button.point-group").count():
        click_and_wait(page, page.locator("button.action").first)
        if not page.locator("button.action").count():
            other = next(link for link in links["seats"] if link != page.url.removeprefix(server))
            page.goto(server + other)
    before = steps(page)
    click_and_wait(page, _board_point(page, 0.05, 0.05))
    refusal = page.inner_text("#refusal")
    assert refusal.startswith("2.1:") or refusal[:2].isdigit(), refusal
    assert steps(page) == before
    # A good deployment, then undo: the page is back where it was.
    click_and_wait(page, page.locator("button.action").first)
    assert steps(page) == before + 1
    click_and_wait(page, page.locator("#undo"))
    assert steps(page) == before
    assert "1.1: took back" in page.inner_text("#said")
    # Undo again: the rules refuse, and the page says why.
    page.locator("#undo").click()
    page.wait_for_function("!document.getElementById('refusal').hidden")
    assert page.inner_text("#refusal").startswith("1.1:")


def test_two_seats_in_two_browsers_each_see_only_their_own_hand(browser: Any, server: str) -> None:
    links = new_battle(server, scenario="deathmatch", players="human,human", seed="7")
    seen: list[list[str]] = [[], []]
    pages = []
    for seat, link in enumerate(links["seats"]):
        context = browser.new_context()
        page = context.new_page()
        page.on("response", lambda r, s=seat: _keep(seen[s], r))
        page.goto(server + link)
        pages.append(page)
    # Both play their first action until each holds cards.
    for _ in range(60):
        hands = [p.locator("#hand .card").all_inner_texts() for p in pages]
        if all(hands):
            break
        for page in pages:
            if page.locator("button.action").count():
                click_and_wait(page, page.locator("button.action").first)
                break
        else:
            pages[0].wait_for_timeout(300)  # the other page follows by its event stream
    hands = [p.locator("#hand .card").all_inner_texts() for p in pages]
    assert all(hands), hands
    pages[0].wait_for_timeout(500)
    for seat, page in enumerate(pages):
        mine = page.locator("#hand .card").all_inner_texts()
        other_line = page.inner_text("#cards-line")
        other_hand = hands[1 - seat]
        known = _known(links, 1 - seat, server)
        secret = [card for card in other_hand if card not in known]
        assert mine == hands[seat]
        for card in secret:
            assert card not in mine
            assert f'"{card}"' not in page.content()
            assert all(f'"{card}"' not in text for text in seen[seat]), card
        assert "holds" in other_line
    assert all(seen)
    for page in pages:
        page.context.close()


def _keep(seen: list[str], response: Any) -> None:
    """Every answer the page receives (the event stream says only the step count, and
    stays open, so its body is not read here)."""
    if "/magewinds/" in response.url and not response.url.endswith("/events"):
        seen.append(response.text())


def _known(links: dict[str, Any], seat: int, server: str) -> list[str]:
    """The cards of ``seat`` everyone saw taken face up (the spectators' page says)."""
    import httpx

    state = httpx.get(server + links["spectator"] + "/state", timeout=30).json()
    known: list[str] = state["other_hands"][str(seat + 1)]["known"]
    return known


def test_the_replay_slider_and_play_on_from_here(browser: Any, server: str) -> None:
    import httpx

    links = new_battle(server, scenario="king-of-the-hill", players="human,random")
    seat = server + links["seats"][0]
    state = httpx.get(seat + "/state", timeout=30).json()
    while not state["result"]:
        action = state["legal"]["groups"][0]["actions"][0]["text"]
        state = httpx.post(
            seat + "/act", json={"steps": state["steps"], "action": action}, timeout=30
        ).json()
    total = state["steps"]
    page = browser.new_page()
    page.goto(server + links["spectator"] + "/replay")
    assert page.inner_text("#step") == str(total)
    assert page.inner_text("#now").startswith("over:")
    page.click("#back")
    page.wait_for_function(f"document.getElementById('step').textContent === '{total - 1}'")
    page.locator("#slider").fill("12")
    page.wait_for_function("document.getElementById('step').textContent === '12'")
    twelve = httpx.get(server + links["spectator"] + "/replay/12", timeout=30).json()
    assert page.locator("#log li").count() == len(twelve["log"])
    page.fill("#players", "human,human")
    page.click("#playon")
    page.wait_for_url("**/seats")
    page.click("a.seat-link >> nth=0")
    page.wait_for_selector("#battle")
    # The new battle stands where step 12 stood (a die or card due then is drawn at once).
    now = int(page.get_attribute("#battle", "data-steps"))
    assert now >= 12 and page.locator("#log li").count() >= len(twelve["log"])
    page.close()
