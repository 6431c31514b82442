"""Take the screenshots docs/web.md shows: ``python docs/screenshots.py`` starts
``skirmish serve`` on a free port of 127.0.0.1, opens each page in Debian's chromium at a
laptop's and a phone's width, writes docs/images/web-*.png and stops the server.
``python docs/screenshots.py sweep editor`` takes only the pictures whose names start so
(the sweep report's page plays a small real sweep first, about a minute)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path
from random import Random
from typing import Any

from playwright.sync_api import sync_playwright

from skirmish.web.serving import CHROMIUM, CHROMIUM_ARGS, started

IMAGES = Path(__file__).parent / "images"
LAPTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
PAGES = [
    ("home", LAPTOP, "/"),
    ("odds", LAPTOP, "/magewinds/odds?attacker=Wizard&target=Guardian"),
    ("odds-phone", PHONE, "/magewinds/odds?attacker=Wizard&attack=Zap&target=Guardian&cover=on"),
    ("advise", LAPTOP, "/magewinds/advise?attacker=Witch&target=Mesmer&objective=tempo"),
    (
        "side-by-side",
        LAPTOP,
        "/magewinds/odds?side=target&attacker=Deadeye&target=Guardian&target=Mesmer"
        "&target=Druid&reaction=none",
    ),
    ("mswars-odds", LAPTOP, "/mswars/advise?attacker=Amago&target=Pelham&aid=1"),
    ("matchups", LAPTOP, "/magewinds/matchups?ask=1"),
    (
        "simulate",
        LAPTOP,
        "/magewinds/simulate?scenario=deathmatch&warband=Wizard,Witch&warband=Druid,Seer"
        "&length=quick&players=greedy,random&battles=6&seed=1",
    ),
    ("attack", LAPTOP, "/magewinds/attack?attacker=Witch&target=Mesmer&seed=3&choose=heavy"),
    ("scenarios", LAPTOP, "/magewinds/scenarios"),
    ("editor", LAPTOP, "/magewinds/battlefield?attacker=Wizard&target=Mesmer&reach=Druid"),
    ("editor-phone", PHONE, "/magewinds/battlefield?attacker=Wizard&target=Mesmer"),
    ("editor-mswars", LAPTOP, "/mswars/battlefield?attacker=Amago&target=Pelham&overlay=on"),
    ("sweep", LAPTOP, "/sweeps/small-sweep"),
    ("tiles", LAPTOP, "/darkrealms/board?attacker=Ranger&target=Ghoul&card=Aimed+Shot"),
]

WARBANDS = "Wizard, Witch\nDruid, Seer\nGuardian, Cleric\nDeadeye, Mesmer\n"


def small_sweep(folder: Path) -> None:
    """A small real sweep in ``folder``/small-sweep, for the report page's picture."""
    (folder / "warbands.txt").write_text(WARBANDS)
    command = "from skirmish.cli import main; main()"
    subprocess.run(
        [sys.executable, "-c", command, "sweep", "magewinds", "--warbands",
         str(folder / "warbands.txt"), "--length", "quick", "--rounds", "2", "--scenario",
         "deathmatch", "--scenario", "king-of-the-hill", "--battles", "6", "--batch", "6",
         "--seed", "1", "--workers", "2", "-o", str(folder / "small-sweep")],
        check=True,
    )  # fmt: skip


def main() -> None:
    only = tuple(sys.argv[1:])
    wanted = [p for p in PAGES if not only or p[0].startswith(only)]
    with tempfile.TemporaryDirectory() as files, tempfile.TemporaryDirectory() as sweeps:
        if any(name == "sweep" for name, _, _ in wanted):
            small_sweep(Path(sweeps))
        shoot(Path(files), Path(sweeps), wanted, battles_too=not only or "battle" in only)


def shoot(files: Path, sweeps: Path, wanted: list[Any], *, battles_too: bool) -> None:
    with started(files, sweeps=sweeps) as address, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        for name, size, path in wanted:
            page = browser.new_page(viewport=size)
            page.goto(address + path)
            page.wait_for_load_state("networkidle")
            page.screenshot(path=IMAGES / f"web-{name}.png")
            page.close()
        if battles_too:
            battles(browser, address)
            battle_table(browser, address)
        browser.close()


def battles(browser: Any, address: str) -> None:
    """The battle pages: the new battle form, a seat's page in play (a deployment being
    picked on the battlefield, then the Action Phase), a phone, and a finished replay."""
    page = browser.new_page(viewport=LAPTOP)
    page.goto(address + "/magewinds/battles")
    page.fill("#f-scenario", "king-of-the-hill")
    page.fill("#f-warband", "Wizard,Cleric")
    page.fill("#f-warband-1", "Druid,Witch")
    page.fill("#f-players", "human,greedy")
    page.fill("#f-seed", "4")
    page.evaluate("document.querySelector('form.question').scrollTop = 0; window.scrollTo(0, 0)")
    page.screenshot(path=IMAGES / "web-battle-new.png")
    page.click("button.primary")
    page.click("a.seat-link")
    seat = page.url
    while not page.locator("button.point-group").count():
        _click(page, page.locator("button.action").first)
    page.screenshot(path=IMAGES / "web-battle-deploy.png")
    _click(page, page.locator("#board-holder svg rect.table"), position={"x": 4, "y": 4})
    page.screenshot(path=IMAGES / "web-battle-refused.png")
    while page.inner_text("#phase") != "action" or not page.locator("[data-kind=cast]").count():
        if "The battle is over" in page.inner_text("#now"):
            break
        _click(page, page.locator("button.action").first)
    page.screenshot(path=IMAGES / "web-battle.png", full_page=True)
    phone = browser.new_page(viewport=PHONE)
    phone.goto(seat)
    phone.wait_for_selector("#actions")
    phone.screenshot(path=IMAGES / "web-battle-phone.png")
    phone.close()
    while "The battle is over" not in page.inner_text("#now"):
        _click(page, page.locator("button.action").first)
    page.click("text=replay")
    page.locator("#slider").fill("60")
    page.wait_for_function("document.getElementById('step').textContent === '60'")
    page.screenshot(path=IMAGES / "web-battle-replay.png")
    page.close()


def battle_table(browser: Any, address: str) -> None:
    """The battle page's table: territories and deployment areas, an attack's target
    pointed at (odds and mixes) and a payment picked from the hand, the computer's move
    with its reasons, zoom on a phone, and hot-seat's cover."""
    import httpx

    def new(players: str, scenario: str = "deathmatch") -> dict[str, Any]:
        data = {"length": "quick", "warband": ["Wizard,Cleric", "Druid,Witch"], "seed": "4"}
        data |= {"players": players, "scenario": scenario}
        answer = httpx.post(
            address + "/magewinds/battles", data=data, headers={"accept": "application/json"}
        )
        found: dict[str, Any] = answer.json()
        return found

    def drive(links: dict[str, Any], done: Any) -> tuple[str, dict[str, Any]]:
        rng = Random(3)  # a walk that reaches a paid attack on an enemy
        with httpx.Client(base_url=address, timeout=60) as http:
            while True:
                for seat in links["seats"]:
                    state = http.get(seat + "/state").json()
                    if state["now"].get("decides") == state["seat"]:
                        break
                if done(state):
                    return seat, state
                texts = [a["text"] for g in state["legal"]["groups"] for a in g["actions"]]
                liked = [
                    t for t in texts if t.startswith(("move to", "activate", "deploy", "draw"))
                ]
                action = rng.choice(liked or texts)
                http.post(seat + "/act", json={"steps": state["steps"], "action": action})

    links = new("human,human", "king-of-the-hill")
    seat, _ = drive(links, lambda s: bool(s["legal"]["points"]))
    page = browser.new_page(viewport=LAPTOP)
    page.goto(address + seat)
    page.locator("#board-holder").screenshot(path=IMAGES / "web-battle-zones.png")
    page.close()

    links = new("human,human")
    owners: dict[str, str] = {}

    def enemy_paid(s: dict[str, Any]) -> bool:
        owners.update({f["fighter"]: f["player"] for f in s["fighters"]})
        enemies = [t for t in s["legal"]["targets"] if owners.get(t["target"]) != str(s["seat"])]
        return bool(enemies and s["legal"]["payments"])

    seat, state = drive(links, enemy_paid)
    target = next(t for t in state["legal"]["targets"] if owners[t["target"]] != str(state["seat"]))
    page = browser.new_page(viewport=LAPTOP)
    page.goto(address + seat)
    page.locator(f'#targets button.aim[data-target="{target["target"]}"]').first.click()
    page.wait_for_selector("#aim table.odds")
    page.locator("button.pay-group").last.click()
    page.locator("#hand button.card").first.click()
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=IMAGES / "web-battle-aim.png")
    page.close()
    phone = browser.new_page(viewport=PHONE)
    phone.goto(address + seat)
    phone.click("#zoom-in")
    phone.click("#zoom-in")
    phone.locator(f'#targets button.aim[data-target="{target["target"]}"]').first.click()
    phone.wait_for_selector("#aim table.odds")
    phone.locator("#board-holder").screenshot(path=IMAGES / "web-battle-zoom-phone.png")
    phone.locator("#aim").screenshot(path=IMAGES / "web-battle-aim-phone.png")
    phone.close()

    links = new("human,greedy")
    page = browser.new_page(viewport=LAPTOP)
    page.goto(address + links["seats"][0])
    while page.inner_text("#phase") != "action" or not page.locator("#computer-moves li").count():
        _click(page, page.locator("button.action").first)
    page.screenshot(path=IMAGES / "web-battle-computer.png")
    page.close()

    links = new("human,human")
    spectator = links["spectator"].rsplit("/", 1)[1]
    phone = browser.new_page(viewport=PHONE)
    phone.goto(address + links["seats"][0] + "?hotseat=" + spectator)
    phone.wait_for_selector("#pass", state="visible")
    phone.screenshot(path=IMAGES / "web-battle-hotseat.png")
    phone.close()


def _click(page: Any, locator: Any, **where: Any) -> None:
    """Click and wait for the battle's next step or a refusal."""
    before = page.get_attribute("#battle", "data-steps")
    locator.click(**where)
    page.wait_for_function(
        f"document.getElementById('battle').dataset.steps !== '{before}' || "
        "!document.getElementById('refusal').hidden"
    )


if __name__ == "__main__":
    main()
