"""Take the screenshots docs/web.md shows: ``python docs/screenshots.py`` starts
``skirmish serve`` on a free port of 127.0.0.1, opens each page in Debian's chromium at a
laptop's and a phone's width, writes docs/images/web-*.png and stops the server."""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

IMAGES = Path(__file__).parent / "images"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
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
    with tempfile.TemporaryDirectory() as files:
        server = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from skirmish.cli import main; main()",
                "serve",
                "--port",
                "0",
                "--files",
                files,
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            found = re.search(r"http://[\d.]+:\d+", server.stdout.readline())
            assert found, "skirmish serve printed no address"
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                for name, size, path in PAGES:
                    page = browser.new_page(viewport=size)
                    page.goto(found.group(0) + path)
                    page.wait_for_load_state("networkidle")
                    page.screenshot(path=IMAGES / f"web-{name}.png")
                    page.close()
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
