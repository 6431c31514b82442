"""The tile board in Debian's chromium: a figure placed and moved by clicking tiles, the
distance shown equal to the core's; and the editor's save keeping a loaded file's comments."""

from __future__ import annotations

from skirmish.games.darkrealms.board import load_board
from skirmish.games.darkrealms.figures import sample_roster


def test_placing_and_moving_on_tiles_shows_the_cores_distance(browser, server, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.goto(f"{server}/darkrealms/board")
    page.get_by_role("button", name="Place").click()
    page.locator("#place-figure").select_option("Duelist")
    page.locator("#place-side").select_option("enemies")
    before = page.url
    page.locator('#tiles polygon[data-tile="7,1"]').click()
    page.wait_for_url(lambda url: url != before)
    assert (
        page.locator('#tiles [data-kind="figure"][data-name="Duelist"]').get_attribute("data-tile")
        == "7,1"
    )
    # move the Warden: click it, then a tile
    page.locator('#tiles [data-kind="figure"][data-name="Warden"] circle').click()
    before = page.url
    page.locator('#tiles polygon[data-tile="4,2"]').click()
    page.wait_for_url(lambda url: url != before)
    page.locator("#pick-attacker").select_option("Warden")
    page.locator("#pick-target").select_option("Duelist")
    page.locator("#pick-card").select_option("Strike")
    page.get_by_role("button", name="Show").click()
    page.wait_for_load_state("load")
    file = page.locator("#tiles-editor").get_attribute("data-file")
    path = tmp_path / "board.yaml"
    path.write_bytes(context.request.get(f"{server}/files/{file}").body())
    board = load_board(path, roster=sample_roster())
    assert board.standing("Warden").tile == (4, 2)
    expected = board.distance((4, 2), (7, 1))
    assert page.locator("#answer").get_attribute("data-distance") == str(expected)
    assert f"{expected} tiles apart" in page.locator("#answer").inner_text()
    assert page.locator("#tiles polygon.reach").count() == 6  # a hex's six neighbours
    page.screenshot(path=str(tmp_path / "tiles.png"), full_page=True)
    context.close()


def test_a_commented_battlefield_dragged_and_saved_keeps_its_comments(browser, server, tmp_path):
    from tests.web.test_web_editor import _drag_to
    from tests.web.test_web_editor_comments import COMMENTED

    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page = context.new_page()
    page.goto(f"{server}/magewinds/battlefield")
    loaded = tmp_path / "club.yaml"
    loaded.write_text(COMMENTED)
    page.get_by_label("battlefield file").set_input_files(str(loaded))
    page.get_by_role("button", name="Load").click()
    page.wait_for_load_state("load")
    _drag_to(page, "Guardian", 2.0, 5.0)
    with page.expect_download() as download:
        page.locator("#save").click()
    saved = tmp_path / "saved.yaml"
    download.value.save_as(saved)
    text = saved.read_text()
    assert "# Our club's tower table" in text and "# hides behind the wall" in text
    from skirmish.games.magewinds.field import load_battlefield

    guardian = next(f.base for f in load_battlefield(saved).fighters if f.name == "Guardian")
    assert abs(guardian.x - 2.0) < 0.15 and abs(guardian.y - 5.0) < 0.15
    context.close()
