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
    assert [fact["rule"] for fact in data["facts"]] == ["16.0", "18.1", "18.2", "18.4", "18.5.4"]


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
    assert data["cases"][0]["distribution"] == flat["cases"][0]["distribution"]


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
    defender = advice["decisions"][1]
    assert defender["player"] == "defender" and defender["options"]["dodge"]["probability"] == "1"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--attacker", "Deadeye", "--attack", "Aimed Shot", "--target", "Seer"), "16.0"),
        (("--attacker", "Guardian", "--target", "Druid"), "18.1"),
        (("--attacker", "Wizard", "--attack", "Zap", "--target", "Mesmer", "--cover"), "--cover"),
        (("--attacker", "Wizard", "--target", "Mesmer", "--armour", "3"), "--armour"),
        (("--attacker", "Wizard", "--target", "Nobody"), "unknown fighter 'Nobody' on"),
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
        "magewinds",
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
    assert cli("draw", "magewinds", RUINS, "-o", str(svg), "--reach", "Wizard").code == 0
    assert "<svg" in svg.read_text()[:500]
    bad = cli("draw", "magewinds", RUINS, "-o", str(tmp_path / "x.gif"))
    assert bad.code == 2 and not (tmp_path / "x.gif").exists()
    half = cli("draw", "magewinds", RUINS, "-o", str(out), "--attacker", "Wizard")
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
    start = readme.index("table: {width: 12, length: 16}")
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


def test_los_all_reads_fully_at_80_columns(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    run = cli("los", "magewinds", RUINS, "--all")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert all(len(line) <= 80 for line in lines) and "…" not in run.out
    # 4 Crusaders and 4 of the Tempest: 32 ordered pairs of enemies, one row each (a row
    # may wrap onto lines whose first cell is blank).
    header = next(i for i, line in enumerate(lines) if line.split()[:2] == ["attacker", "target"])
    body = [line for line in lines[header + 2 :] if line.strip()]
    rows = [line for line in body if line[:12].strip()][:32]
    assert len(rows) == 32
    wizard_mesmer = next(r for r in rows if r.split()[:2] == ["Wizard", "Mesmer"])
    assert [c.strip() for c in wizard_mesmer.split("  ") if c.strip()] == [
        "Wizard",
        "Mesmer",
        "Melee",
        "yes",
        'too far (6.40")',
        "Tower",
    ]


def test_los_all_json_lists_the_records_of_los_for_each_pair(cli):
    answer = json.loads(cli("los", "magewinds", RUINS, "--all", "--json").out)
    assert answer["game"] == "magewinds"
    records = answer["pairs"]
    assert len(records) == 32
    assert {r["attacker"] for r in records} == {
        "Wizard",
        "Guardian",
        "Deadeye",
        "Cleric",
        "Witch",
        "Seer",
        "Mesmer",
        "Druid",
    }
    for record in records:
        one = cli(
            "los",
            "magewinds",
            RUINS,
            "--attacker",
            record["attacker"],
            "--target",
            record["target"],
            "--attack",
            record["attack"],
            "--json",
        )
        assert json.loads(one.out) == record


def test_los_all_with_a_named_attack_lists_who_has_it(cli):
    records = json.loads(cli("los", "magewinds", RUINS, "--all", "--attack", "zap", "--json").out)[
        "pairs"
    ]
    assert [(r["attacker"], r["attack"]) for r in records] == [("Wizard", "Zap")] * 4
    assert [r["target"] for r in records] == ["Witch", "Seer", "Mesmer", "Druid"]
    assert [r["line_of_attack"] for r in records] == [True, False, True, True]  # Seer: 10.4"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--all", "--attacker", "Wizard"), "--attacker and --target, or --all"),
        (("--attacker", "Wizard"), "--attacker and --target, or --all"),
        ((), "--attacker and --target, or --all"),
        (("--all", "--attack", "Fireball"), "no fighter on"),
        (("--all", "--near-obstacles", "some"), "near-obstacles"),
    ],
)
def test_los_refusals_are_one_line(cli, args, message):
    run = cli("los", "magewinds", RUINS, *args)
    assert run.code == 2 and message in run.err and run.out == ""


def test_the_near_obstacles_reading_reaches_every_battlefield_command(cli, tmp_path):
    table = tmp_path / "long-wall.yaml"
    table.write_text(
        "warbands: [red, blue]\n"
        "fighters:\n"
        "  - {name: Wizard, warband: red, at: [1, 3]}\n"
        "  - {name: Guardian, warband: blue, at: [9, 6]}\n"
        "terrain:\n"
        "  - {name: Long wall, height: 0.8, rectangle: {centre: [6, 4.5], size: [10, 0.3]}}\n"
    )
    pair = ("--attacker", "Wizard", "--target", "Guardian")
    los = {
        reading: json.loads(
            cli(
                "los",
                "magewinds",
                str(table),
                *pair,
                "--attack",
                "Zap",
                "--near-obstacles",
                reading,
                "--json",
            ).out
        )["in_cover"]
        for reading in ("parts", "whole")
    }
    assert los == {"parts": True, "whole": False}
    for reading, in_cover in los.items():
        odds = cli(
            "odds",
            "magewinds",
            "--battlefield",
            str(table),
            *pair,
            "--attack",
            "Zap",
            "--reaction",
            "none",
            "--near-obstacles",
            reading,
            "--json",
        )
        assert json.loads(odds.out)["battlefield"]["cover"] is in_cover
    refused = cli("odds", "magewinds", *pair, "--near-obstacles", "whole")
    assert refused.code == 2 and "--battlefield" in refused.err
    assert cli("matchups", "magewinds", "--near-obstacles", "whole").code == 2


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("--to", "50,50"), "--to '50,50'"),
        (("--to", "3,-0.5"), "--to '3,-0.5'"),
        (("--to", "3,7.5", "--via", "12.5,8"), "--via '12.5,8'"),
    ],
)
def test_a_move_off_the_battlefield_is_bad_input_naming_rule_2_1(cli, args, named):
    run = cli("move", "magewinds", RUINS, "--fighter", "Druid", *args)
    assert run.code == 2 and run.out == ""
    assert len(run.err.splitlines()) == 1 and named in run.err and "(2.1)" in run.err
    assert 'off the 12" x 16" battlefield' in run.err


def test_a_move_over_the_edge_cites_rule_2_1(cli):
    run = cli("move", "magewinds", RUINS, "--fighter", "Druid", "--to", "0.2,9")
    assert run.code == 0 and "not a legal move" in run.out
    assert "the battlefield's edge (2.1)" in run.out and "(2.0)" not in run.out


def test_limits_of_a_table_a_seed_and_rounds_say_what_they_are_for(cli, tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text(
        "table: {width: 1e308, length: 16}\nwarbands: [A, B]\nfighters:\n"
        "  - {name: Wizard, warband: A, at: [3, 3]}\n  - {name: Witch, warband: B, at: [4, 12]}\n"
    )
    run = cli("los", "magewinds", str(big), "--all")
    assert run.code == 2 and "table.width" in run.err and "less than or equal to 200" in run.err
    assert 'standard battlefield is 12" x 16" (2.0)' in run.err
    for flag, value, why in (
        ("--rounds", "999", "a battle that long is stuck"),
        ("--seed", "-5", "seeds count from 0"),
    ):
        run = cli("play", "magewinds", "--players", "random,random", flag, value)
        assert run.code == 2 and f"{flag} {value}:" in run.err and why in run.err, run.err
        assert len(run.err.splitlines()) == 1
