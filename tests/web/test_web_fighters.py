"""``/{game}/fighters``: each game's profiles, as ``skirmish fighters GAME`` lists them."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("game", ["magewinds", "darkrealms", "entropic", "mswars"])
def test_the_profiles_page_is_skirmish_fighters(client, cli, game):
    import json

    run = cli("fighters", game, "--json")
    assert run.code == 0, run.err
    answer = client.get(f"/{game}/fighters?ask=1&format=json")
    assert answer.status_code == 200 and answer.json() == json.loads(run.out)
    assert f'href="/{game}/fighters"' in client.get("/").text
