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
    ("editor", LAPTOP, "/magewinds/battlefield?attacker=Wizard&target=Mesmer&reach=Druid"),
    ("editor-phone", PHONE, "/magewinds/battlefield?attacker=Wizard&target=Mesmer"),
    ("editor-mswars", LAPTOP, "/mswars/battlefield?attacker=Amago&target=Pelham&overlay=on"),
    ("sweep", LAPTOP, "/sweeps/small-sweep"),
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
