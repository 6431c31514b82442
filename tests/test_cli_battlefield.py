"""Battlefield commands as a user runs them: los, move, draw, and --battlefield on odds/attack/advise."""

from __future__ import annotations

import json
from pathlib import Path

import matplotlib.image
import pytest

pytestmark = pytest.mark.usefixtures("sight_methods_agree")

RUINS = str(Path(__file__).parents[1] / "examples" / "ruins.yaml")


def test_los_json_with_reasons(cli):
    data = json.loads(
        cli(
            "los",
            "magewinds",
            RUINS,
            "--attacker",
            "Wizard",
            "--target",
            "Mesmer",
            "--attack",
            "Zap",
            "--json",
        ).out
    )
    assert data["visible"] and data["line_of_attack"] and data["in_cover"]
    assert data["cover_from"] == ["high obstacle 'Tower'"]
    assert 6 < data["length"] < 7 and data["can_dodge"]
    assert [r.split(":")[0] for r in data["reasons"]] == ["16.0", "18.1", "18.2", "18.4", "18.5.4"]


def test_los_table_names_the_blocker(cli):
    run = cli(
        "los",
        "magewinds",
        RUINS,
        "--attacker",
        "Deadeye",
        "--target",
        "Seer",
        "--attack",
        "Aimed Shot",
    )
    assert run.code == 0 and "blocked by high obstacle 'Shrine'" in run.out


def test_odds_from_the_battlefield_uses_cover_and_range(cli):
    run = cli(
        "odds",
        "magewinds",
        "--battlefield",
        RUINS,
        "--attacker",
        "Wizard",
        "--attack",
        "Zap",
        "--target",
        "Mesmer",
        "--reaction",
        "none",
        "--json",
    )
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["battlefield"]["cover"] is True and 6 < data["battlefield"]["distance"] < 7
    flat = json.loads(
        cli(
            "odds",
            "magewinds",
            "--attacker",
            "Wizard",
            "--attack",
            "Zap",
            "--target",
            "Mesmer",
            "--cover",
            "--reaction",
            "none",
            "--json",
        ).out
    )
    assert data["damage"] == flat["damage"]


def test_attack_and_advise_from_the_battlefield(cli):
    run = cli(
        "attack",
        "magewinds",
        "--battlefield",
        RUINS,
        "--attacker",
        "Wizard",
        "--attack",
        "Zap",
        "--target",
        "Mesmer",
        "--reaction",
        "none",
        "--seed",
        "4",
    )
    assert run.code == 0 and "+1 in cover (18.2)" in run.out and "18.1" in run.out
    advice = json.loads(
        cli(
            "advise",
            "magewinds",
            "--battlefield",
            RUINS,
            "--attacker",
            "Wizard",
            "--attack",
            "Zap",
            "--target",
            "Witch",
            "--json",
        ).out
    )
    assert advice["defender"]["dodge"] == "1"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--attacker", "Deadeye", "--attack", "Aimed Shot", "--target", "Seer"), "16.0"),
        (("--attacker", "Guardian", "--target", "Druid"), "18.1"),
        (("--attacker", "Wizard", "--attack", "Zap", "--target", "Mesmer", "--cover"), "--cover"),
        (("--attacker", "Wizard", "--target", "Mesmer", "--armour", "3"), "--armour"),
        (("--attacker", "Wizard", "--target", "Nobody"), "unknown fighter on"),
        (("--attacker", "Wizard"), "--target"),
    ],
)
def test_battlefield_refusals_are_clear(cli, args, message):
    run = cli("odds", "magewinds", "--battlefield", RUINS, *args)
    assert run.code == 2 and message in run.err and run.out == ""


def test_move_command(cli):
    legal = json.loads(
        cli(
            "move",
            "magewinds",
            RUINS,
            "--fighter",
            "Druid",
            "--to",
            "3,7.5",
            "--via",
            "3.2,8.0",
            "--json",
        ).out
    )
    assert legal["legal"] and legal["problems"] == []
    too_far = json.loads(
        cli("move", "magewinds", RUINS, "--fighter", "Wizard", "--to", "6,8.5", "--json").out
    )
    assert not too_far["legal"] and too_far["allowance"] == 5 and too_far["length"] > 5
    bad = cli("move", "magewinds", RUINS, "--fighter", "Wizard", "--to", "here")
    assert bad.code == 2 and "X,Y" in bad.err


def test_draw_writes_a_picture_a_person_can_read(cli, tmp_path):
    out = tmp_path / "duel.png"
    run = cli(
        "draw",
        RUINS,
        "-o",
        str(out),
        "--attacker",
        "Wizard",
        "--target",
        "Mesmer",
        "--attack",
        "Zap",
    )
    assert run.code == 0, run.err
    pixels = matplotlib.image.imread(out)
    assert pixels.shape[0] > 500 and pixels[..., :3].std() > 0.1
    svg = tmp_path / "reach.svg"
    assert cli("draw", RUINS, "-o", str(svg), "--reach", "Wizard").code == 0
    assert "<svg" in svg.read_text()[:500]
    bad = cli("draw", RUINS, "-o", str(tmp_path / "x.gif"))
    assert bad.code == 2 and not (tmp_path / "x.gif").exists()
    half = cli("draw", RUINS, "-o", str(out), "--attacker", "Wizard")
    assert half.code == 2 and "both" in half.err


def test_matchups_on_a_battlefield(cli, tmp_path):
    out = tmp_path / "cells.json"
    assert cli("matchups", "magewinds", "--battlefield", RUINS, "-o", str(out)).code == 0
    cells = json.loads(out.read_text())["cells"]
    zap = next(
        c
        for c in cells
        if c["attacker"] == "Wizard" and c["attack"] == "Zap" and c["target"] == "Seer"
    )
    assert (zap["value"] is None and "18.1" in zap["reason"]) or "16.0" in zap["reason"]
    assert all(c["attacker"] != c["target"] for c in cells)


def test_the_readme_battlefield_example_loads(cli, tmp_path):
    readme = (Path(__file__).parents[1] / "README.md").read_text()
    start = readme.index("battlefield: {width: 12, length: 16}")
    example = tmp_path / "readme.yaml"
    example.write_text(readme[start : readme.index("```", start)])
    run = cli(
        "los",
        "magewinds",
        str(example),
        "--attacker",
        "Wizard",
        "--target",
        "Mesmer",
        "--attack",
        "Zap",
    )
    assert run.code == 0, run.err
    assert "in cover (+1 Evasion) behind high obstacle 'Tower'" in run.out
