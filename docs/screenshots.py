"""Take the screenshots docs/web.md shows: ``python docs/screenshots.py`` starts
``skirmish serve`` on a free port of 127.0.0.1, opens each page in Debian's chromium at a
laptop's and a phone's width, writes docs/images/web-*.png and stops the server."""

from __future__ import annotations

import tempfile
from pathlib import Path

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
]


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as files,
        started(Path(files)) as address,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        for name, size, path in PAGES:
            page = browser.new_page(viewport=size)
            page.goto(address + path)
            page.wait_for_load_state("networkidle")
            page.screenshot(path=IMAGES / f"web-{name}.png")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
