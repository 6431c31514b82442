"""The battlefield editor with a fighter pack of one's own (``--pack``), uploaded: its
fighters stand on the table and are answered as ``skirmish los --pack`` answers."""

from __future__ import annotations

import json
from pathlib import Path

PACK = Path(__file__).parents[1] / "data" / "brute-pack.yaml"
TABLE = """\
table: {width: 12, length: 16}
warbands: [Crusaders, Tempest]
fighters:
  - {name: Brute, warband: Crusaders, at: [6.0, 2.0]}
  - {name: Mesmer, warband: Tempest, at: [6.0, 10.0]}
"""


def _kept(client, text: str, option: str) -> str:
    answer = client.post(
        "/files", files={"file": ("f.yaml", text.encode())}, data={"option": option}
    )
    return str(answer.json()["name"])


def test_a_packs_fighter_is_answered_as_los_with_the_pack(client, cli, tmp_path):
    table = _kept(client, TABLE, "file")
    pack = _kept(client, PACK.read_text(), "pack")
    without = client.get(f"/magewinds/battlefield?file={table}")
    # unknown without the pack: said beside the pack's upload form, nothing drawn
    assert without.status_code == 422 and "unknown fighter &#39;Brute&#39;" in without.text
    assert 'aria-label="pack file"' in without.text
    page = client.get(
        f"/magewinds/battlefield?file={table}&pack={pack}&attacker=Brute&target=Mesmer"
    )
    assert page.status_code == 200, page.text
    path = tmp_path / "t.yaml"
    path.write_text(TABLE)
    run = cli(
        "los",
        "magewinds",
        str(path),
        "--pack",
        str(PACK),
        "--attacker",
        "Brute",
        "--target",
        "Mesmer",
        "--json",
    )
    assert run.code == 0, run.err
    expected = json.loads(run.out)
    assert f'data-visible="{str(expected["visible"]).lower()}"' in page.text
    assert f'name="pack" value="{pack}"' in page.text  # the Show form keeps the pack
    moved = client.post(
        "/magewinds/battlefield/edit",
        json={
            "file": table,
            "edit": {"op": "move", "kind": "piece", "name": "Brute", "by": [1.0, 0]},
            "picks": {"pack": pack, "attacker": "Brute", "target": "Mesmer"},
        },
    )
    assert moved.status_code == 200, moved.text
    assert f"pack={pack}" in moved.json()["url"]


def test_a_pack_that_is_not_a_stored_file_is_refused_in_one_line(client):
    table = _kept(client, TABLE, "file")
    page = client.get(f"/magewinds/battlefield?file={table}&pack=/etc/passwd")
    assert page.status_code == 422
    assert "--pack '/etc/passwd': not an uploaded file's name" in page.text


def test_add_base_suggests_the_uploaded_packs_fighters_too(client):
    """The names offered for a base added are the roster the page reads: the bundled
    pack's, and with a pack picked, its fighters as well."""
    import re

    from skirmish.games.magewinds.pack import bundled_pack, load_pack

    bundled = TABLE.replace("name: Brute", "name: Wizard")
    table = _kept(client, bundled, "file")
    pack = _kept(client, PACK.read_text(), "pack")

    def suggested(link: str) -> list[str]:
        page = client.get(link)
        assert page.status_code == 200, page.text
        found = re.search(r'<datalist id="roster-names">(.*?)</datalist>', page.text, re.S)
        assert found, page.text
        return re.findall(r'<option value="([^"]*)">', found.group(1))

    alone = suggested(f"/magewinds/battlefield?file={table}")
    assert alone == [str(f.name) for f in bundled_pack().items]
    assert "Brute" not in alone
    with_pack = suggested(f"/magewinds/battlefield?file={table}&pack={pack}")
    own = {str(f.name) for f in load_pack(PACK).items}
    assert "Brute" in own and own <= set(with_pack) and set(alone) <= set(with_pack)
