"""``skirmish replay`` of a battle not yet over shows no player's secrets unless asked:
a hotseat battle saved part way is replayed as every player's common knowledge, or as one
player (``--as-player``), the whole truth with ``--reveal`` or once the battle is over."""

from __future__ import annotations

import io
import json
import sys

from mwbattle import king


def _saved(cli, tmp_path, monkeypatch):
    saved = tmp_path / "mine.json"
    script = [
        "take left",
        "deploy Wizard at 9.75,2",
        "deploy Druid at 0.75,3.5",
        "deploy Witch at 11.25,2",
        "deploy Seer at 2.25,14",
        "draw deck",
        "draw deck",
        f"save {saved}",
    ]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in script)))
    cli(*king("human,human"))
    return saved


def _secret(text: str) -> list[str]:
    return [line for line in text.splitlines() if "(seen by player" in line]


def test_an_unfinished_hotseat_battle_keeps_each_players_secrets(cli, tmp_path, monkeypatch):
    saved = _saved(cli, tmp_path, monkeypatch)
    whole = cli("replay", str(saved), "--reveal")
    assert whole.code == 0 and _secret(whole.out)  # the record holds secrets
    shown = cli("replay", str(saved))
    assert shown.code == 0
    assert not _secret(shown.out) and "the battle is not over" in shown.out
    first = cli("replay", str(saved), "--as-player", "1")
    mine = _secret(first.out)
    assert mine and all("(seen by player 1)" in line for line in mine)
    assert set(mine) | set(_secret(cli("replay", str(saved), "--as-player", "2").out)) == set(
        _secret(whole.out)
    )
    data = json.loads(cli("replay", str(saved), "--json").out)
    assert "final_state" not in data and all("seen_by" not in line for line in data["log"])
    data = json.loads(cli("replay", str(saved), "--json", "--as-player", "1").out)
    assert data["seat"] == 1 and {line.get("seen_by", 1) for line in data["log"]} == {1}
    assert "final_state" in json.loads(cli("replay", str(saved), "--json", "--reveal").out)


def test_a_finished_battle_is_replayed_whole_and_bad_seats_are_refused(cli, tmp_path):
    saved = tmp_path / "done.json"
    played = cli(
        *king("random,random"),
        "--rounds",
        "1",
        "--save",
        str(saved),
    )
    assert played.code == 0, played.err
    shown = cli("replay", str(saved))
    assert _secret(shown.out) and "the battle is not over" not in shown.out
    assert "final_state" in json.loads(cli("replay", str(saved), "--json").out)
    wrong = cli("replay", str(saved), "--as-player", "3")
    assert wrong.code == 2 and "has 2 players" in wrong.err and len(wrong.err.splitlines()) == 1
    both = cli("replay", str(saved), "--as-player", "1", "--reveal")
    assert both.code == 2 and "--reveal" in both.err
