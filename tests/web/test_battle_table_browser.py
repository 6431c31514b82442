"""The battle page's table in Debian's chromium: an attack's target hovered shows the
server's line of attack, cover, odds and mixes; a payment made by picking cards from the
hand; a position refused with its rule. Battles are brought to the moment over HTTP, as
another seat's person would, and then played by clicks."""

from __future__ import annotations

import re
from random import Random
from typing import Any

import pytest
from tests.web.test_battle_browser import click_and_wait, filled_new_battle, new_battle


def deciding(http: Any, links: dict[str, Any]) -> tuple[str, Any]:
    """The link of the seat that decides now, and its state."""
    for seat in links["seats"]:
        state = http.get(seat + "/state").json()
        if state["now"].get("decides") == state["seat"]:
            return seat, state
    raise AssertionError("no seat decides")


def to_an_attack(
    server: str, links: dict[str, Any], *, paid: bool = False, seed: int = 3
) -> tuple[str, Any]:
    """Play both human seats over HTTP (moves and activations first, seeded by ``seed``)
    until a seat may attack an enemy (``paid``: with an attack paid for by cards); that
    seat's link and state. The walk picks among the options the page lists, so a change
    to the list (its order, the spots it adds) may call for another seed."""
    import httpx

    rng = Random(seed)
    with httpx.Client(base_url=server, timeout=60) as http:
        for _ in range(600):
            seat, state = deciding(http, links)
            assert state["result"] is None, state["result"]
            players = {f["fighter"]: f["player"] for f in state["fighters"]}
            enemies = [
                t
                for t in state["legal"]["targets"]
                if players.get(t["target"]) != str(state["seat"])
            ]
            paying = [p for p in state["legal"]["payments"] if p["label"].startswith("attack")]
            if enemies and (paying or not paid):
                return seat, state
            texts = [a["text"] for g in state["legal"]["groups"] for a in g["actions"]]
            liked = [
                t for t in texts if t.startswith(("move to", "activate", "deploy", "draw", "take"))
            ]
            action = rng.choice(liked or texts)
            http.post(seat + "/act", json={"steps": state["steps"], "action": action})
    raise AssertionError("no attack on an enemy within 600 steps")


def test_a_target_hovered_shows_the_servers_aim_and_cards_picked_pay(
    browser: Any, server: str
) -> None:
    import httpx

    links = new_battle(server, scenario="deathmatch", players="human,human")
    seat, state = to_an_attack(server, links, paid=True)
    players = {f["fighter"]: f["player"] for f in state["fighters"]}
    target = next(
        t
        for t in state["legal"]["targets"]
        if players[t["target"]] != str(state["seat"])
        and any(f'"target": "{t["target"]}"' in p["key"] for p in state["legal"]["payments"])
    )
    page = browser.new_page()
    page.goto(server + seat)
    piece = page.locator(f'#board-holder g.fighter.target[data-name="{target["target"]}"]')
    assert piece.count() == 1  # the target is marked on the battlefield
    piece.hover()
    page.wait_for_selector("#aim table.odds")
    expected = httpx.get(server + links["spectator"] + "/aim", params=target, timeout=60).json()
    rows = page.locator("#aim table.odds tr[data-reaction]")
    assert rows.count() == len(expected["odds"]["cases"])
    for n, case in enumerate(expected["odds"]["cases"]):
        cells = rows.nth(n).locator("td[data-exact]")
        assert cells.nth(0).get_attribute("data-exact") == case["expected"]["damage"]
        assert cells.nth(1).get_attribute("data-exact") == case["chances"]["take_down"]
    assert page.locator("#aim .mixes li").count() == 2
    facts = page.inner_text("#aim ul.facts")
    assert all(f["text"] in facts for f in expected["los"]["facts"])
    assert page.locator("#board-holder line.aim-line").count() == 1
    # paying: the attack, then the cards picked from the hand; the rules check the payment
    group = page.locator("button.pay-group", has_text=f"attack {target['target']} with")
    group.first.click()
    payment = next(
        p for p in state["legal"]["payments"] if f'"target": "{target["target"]}"' in p["key"]
    )
    right = payment["offered"][0]
    wrong = [c for c in state["hand"] if c not in right]
    if wrong:
        page.locator(f'#hand button.card[data-card="{wrong[0]}"]').click()
        click_and_wait(page, page.locator("#pay"))
        refusal = page.inner_text("#refusal")
        assert refusal and int(page.get_attribute("#battle", "data-steps")) == state["steps"]
        page.locator(f'#hand button.card[data-card="{wrong[0]}"]').click()  # picked no more
    for card in right:
        page.locator(f'#hand button.card[data-card="{card}"]').click()
    assert page.inner_text("#pay") == "Pay " + "+".join(right)
    click_and_wait(page, page.locator("#pay"))
    assert int(page.get_attribute("#battle", "data-steps")) > state["steps"]
    battle_log = httpx.get(server + seat + "/state", timeout=60).json()["log"]
    assert any(target["target"] in line["text"] for line in battle_log[:10])
    page.close()


def test_the_log_is_filtered_by_kind_fighter_and_rule_and_private_lines_stay_home(
    browser: Any, server: str
) -> None:
    import httpx

    links = new_battle(server, scenario="deathmatch", players="human,human")
    seat, state = to_an_attack(server, links, seed=4)  # by then attacks are in the log
    other = next(s for s in links["seats"] if s != seat)
    page = browser.new_page()
    page.goto(server + seat)
    log = state["log"]
    lines = page.locator("#log li")
    assert lines.count() == len(log)
    assert lines.first.inner_text().endswith(log[0]["text"])  # newest first
    page.select_option("#log-kind", "deploy")
    deploys = [e for e in log if e["event"] == "deploy"]
    assert deploys and lines.count() == len(deploys)
    assert all(k == "deploy" for k in lines.evaluate_all("ls => ls.map(l => l.dataset.kind)"))
    page.select_option("#log-kind", "")
    page.select_option("#log-fighter", "Wizard")
    texts = lines.all_inner_texts()
    # a line is the Wizard's when it names it, or its fields do (who pays for a spell)
    named = [
        e
        for e in log
        if "Wizard" in (e.get("data", {}).get(k) for k in ("fighter", "target", "attacker"))
        or re.search(r"(^|[^A-Za-z])Wizard([^A-Za-z]|$)", e["text"])
    ]
    assert texts and len(texts) == len(named) < len(log)
    page.select_option("#log-fighter", "")
    page.fill("#log-rule", "18")
    rules = lines.evaluate_all("ls => ls.map(l => l.dataset.rule)")
    assert rules and all(r.startswith("18.") for r in rules)
    assert len(rules) == sum(1 for e in log if str(e["rule"]).startswith("18."))
    page.fill("#log-rule", "")
    # lines only this seat may see are marked, and are on no other page
    private = [e["text"] for e in log if e.get("seen_by") is not None]
    assert page.locator("#log li.private").count() == len(private)
    assert private  # the cards a player draws are theirs alone
    theirs = browser.new_page()
    theirs.goto(server + other)
    shown = "\n".join(theirs.locator("#log li").all_inner_texts())
    assert not [t for t in private if t in shown]
    assert httpx.get(server + other + "/state", timeout=60).json()["log"] != log
    theirs.close()
    page.close()


def test_the_computers_move_is_highlighted_with_its_reasons(browser: Any, server: str) -> None:
    links = new_battle(server, scenario="king-of-the-hill", players="human,greedy")
    page = browser.new_page()
    page.goto(server + links["seats"][0])
    for _ in range(20):
        if page.locator("#computer-moves li").count():
            break
        click_and_wait(page, page.locator("button.action").first)
    latest = page.locator("#computer-moves li.latest")
    assert latest.count() == 1
    said = latest.inner_text()
    assert "player 2 (greedy):" in said and "greedy advisor's best actions" in said
    moved = page.locator("#board-holder g.fighter.computer-moved")
    if "deploy " in said or "activate " in said:
        assert moved.count() == 1
        assert moved.get_attribute("data-name") in said
    page.close()


def view_box(page: Any) -> list[float]:
    return [float(v) for v in page.get_attribute("#board-holder svg", "viewBox").split()]


def svg_position(page: Any, x: float, y: float) -> dict[str, float]:
    """Where the drawing's point (x, y) is, from the SVG element's corner, as it is shown."""
    found = page.locator("#board-holder svg").evaluate(
        "(s, p) => { const m = s.getScreenCTM(), r = s.getBoundingClientRect();"
        " return [p[0] * m.a + m.e - r.left, p[1] * m.d + m.f - r.top]; }",
        [x, y],
    )
    return {"x": found[0], "y": found[1]}


def to_a_deployment(server: str, links: dict[str, Any], seat: str) -> None:
    """Both seats take their first actions over HTTP until ``seat`` deploys."""
    import httpx

    with httpx.Client(base_url=server, timeout=60) as http:
        for _ in range(20):
            link, state = deciding(http, links)
            if link == seat and state["legal"]["points"]:
                return
            action = state["legal"]["groups"][0]["actions"][0]["text"]
            http.post(link + "/act", json={"steps": state["steps"], "action": action})
    raise AssertionError("no deployment")


def test_zoom_and_pan_keep_clicks_on_the_table_where_they_fall(browser: Any, server: str) -> None:
    links = new_battle(server, scenario="deathmatch", players="human,human")
    seat = links["seats"][0]
    to_a_deployment(server, links, seat)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server + seat)
    page.wait_for_selector("button.point-group")
    steps = int(page.get_attribute("#battle", "data-steps"))
    whole = view_box(page)
    page.click("#zoom-in")
    zoomed = view_box(page)
    assert zoomed[2] == pytest.approx(whole[2] / 1.5, rel=1e-3)
    page.locator("#board-holder svg").scroll_into_view_if_needed()
    box = page.locator("#board-holder svg").bounding_box()
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(*middle)
    page.mouse.wheel(0, -200)
    page.wait_for_function(
        f"document.querySelector('#board-holder svg').viewBox.baseVal.width < {zoomed[2] - 0.01}"
    )
    before = view_box(page)
    page.mouse.move(*middle)
    page.mouse.down()
    page.mouse.move(middle[0] + 60, middle[1] + 40, steps=6)
    page.mouse.up()
    panned = view_box(page)
    assert panned[0] < before[0] and panned[2] == pytest.approx(before[2])
    assert int(page.get_attribute("#battle", "data-steps")) == steps  # a drag is no click
    # an offered position clicked while zoomed in deploys there: the click is in inches
    page.click("#zoom-reset")
    page.click("#zoom-in")
    dot = page.locator("#board-holder circle.offered").first
    x, y = float(dot.get_attribute("cx")), float(dot.get_attribute("cy"))
    page.evaluate(f"window.skirmishZoom.set([{x} - 3, {y} - 4, {zoomed[2]}, {zoomed[3]}])")
    length = float(page.get_attribute("#board-holder svg", "data-length"))
    page.locator("#board-holder svg").click(position=svg_position(page, x, y))
    page.wait_for_function(
        f"document.getElementById('battle').dataset.steps !== '{steps}' || "
        "!document.getElementById('refusal').hidden"
    )
    assert page.locator("#refusal").is_hidden(), page.inner_text("#refusal")
    placed = [
        (float(g.get_attribute("data-x")), float(g.get_attribute("data-y")))
        for g in page.locator("#board-holder g.fighter").all()
    ]
    assert any(abs(px - x) < 0.15 and abs(py - (length - y)) < 0.15 for px, py in placed)
    assert view_box(page)[2] == pytest.approx(zoomed[2], rel=1e-3)  # kept across the redraw
    page.close()


def passed_to(page: Any) -> str:
    """Through the covers of a hot-seat page to the seat that decides; its number."""
    for _ in range(4):
        title = page.inner_text("#pass-title")
        url = page.url
        assert page.locator("#battle").is_hidden()  # nothing of a seat behind the cover
        page.click("#pass-ready")
        if title.startswith("Pass the device to player"):
            page.wait_for_url(lambda u, was=url: u != was)
            page.wait_for_selector("#pass", state="visible")
            assert page.inner_text("#pass-title") == f"Player {title.rsplit(' ', 1)[1]}'s seat"
            continue
        page.wait_for_selector("#battle", state="visible")
        player = title.split()[1].removesuffix("'s")
        assert page.inner_text("#seat") == f"player {player}'s seat"
        return player
    raise AssertionError("still covered")


def test_hot_seat_hides_the_page_between_the_two_players(browser: Any, server: str) -> None:
    page = browser.new_page()
    filled_new_battle(page, server, "deathmatch", "human,human")
    page.click("a.hotseat-link")
    page.wait_for_selector("#pass", state="visible")
    player = passed_to(page)
    seats = {player}
    for _ in range(40):
        if len(seats) == 2:
            break
        page.locator("button.action").first.click()
        page.wait_for_timeout(200)
        if page.locator("#pass").is_visible():
            assert page.inner_text("#pass-title").startswith("Pass the device to player")
            assert page.locator("#hand").is_hidden()
            seats.add(passed_to(page))
    assert seats == {"1", "2"}
    page.close()


def test_the_seat_links_are_given_to_the_spectators_link_only(server: str) -> None:
    import httpx

    links = new_battle(server, scenario="deathmatch", players="human,human")
    base = server + links["spectator"]
    given = httpx.get(base + "/links", timeout=60).json()
    assert given["seats"] == links["seats"] and given["kinds"] == ["human", "human"]
    refused = httpx.get(server + links["seats"][0] + "/links", timeout=60)
    assert refused.status_code == 403
    assert links["seats"][1] not in refused.text
