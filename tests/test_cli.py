"""The ``skirmish`` command line, as a user runs it: answers, JSON, and every error path."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest


def test_games_and_fighters_list_bundled_data(cli):
    assert "magewinds" in cli("games").out
    listing = cli("fighters", "magewinds")
    assert listing.code == 0
    for name in ("Cleric", "Guardian", "Wizard", "Mesmer", "Druid"):
        assert name in listing.out
    data = json.loads(cli("fighters", "magewinds", "--json").out)
    assert data["game"] == "magewinds"
    assert all(any(a["name"] == "Spark" for a in f["attacks"]) for f in data["fighters"])


def test_odds_table_shows_every_legal_pair(cli):
    run = cli("odds", "magewinds", "--attacker", "Wizard", "--target", "Guardian")
    assert run.code == 0
    rows = [line.split() for line in run.out.splitlines()]
    pairs = {(r[0], r[1]) for r in rows if len(r) > 2 and r[0] in {"light", "heavy", "feint"}}
    assert pairs == {
        (c, r) for c in ("light", "heavy", "feint") for r in ("none", "dodge", "deflect")
    }


def test_odds_json_single_case_matches_hand_fractions(cli):
    run = cli(
        "odds",
        "magewinds",
        "--attacker",
        "Wizard",
        "--attack",
        "Zap",
        "--target",
        "Guardian",
        "--cover",
        "--reaction",
        "none",
        "--json",
    )
    data = json.loads(run.out)
    assert data["game"] == "magewinds"
    (case,) = data["cases"]
    assert Fraction(case["distribution"]["5"]) == Fraction(5, 6) ** 7
    assert sum(Fraction(p) for p in case["distribution"].values()) == 1
    assert case["chances"]["take_down"] == "0"
    assert set(case) == {"choices", "distribution", "expected", "chances", "details"}
    assert Fraction(case["expected"]["hits"]) == 7 * Fraction(5, 6)  # seven dice, 5 in 6 hit


def test_odds_json_several_cases(cli):
    data = json.loads(
        cli("odds", "magewinds", "--attacker", "Witch", "--target", "Mesmer", "--json").out
    )
    cases = {(c["choices"]["choice"], c["choices"]["reaction"]) for c in data["cases"]}
    assert ("heavy", "mirrorshield") in cases and len(cases) == 12
    mirror = next(
        c for c in data["cases"] if c["choices"] == {"choice": "heavy", "reaction": "mirrorshield"}
    )
    assert "attacker_damage" in mirror["expected"] and "attacker_damage" in mirror["details"]


def test_odds_raw_stats(cli):
    run = cli(
        "odds",
        "magewinds",
        "--power",
        "3",
        "--precision",
        "4",
        "--evasion",
        "0",
        "--armour",
        "1",
        "--reaction",
        "none",
        "--json",
    )
    assert run.code == 0, run.err
    (case,) = json.loads(run.out)["cases"]
    damage = {int(k): Fraction(v) for k, v in case["distribution"].items()}
    assert damage == {0: Fraction(7, 27), 1: Fraction(12, 27), 2: Fraction(8, 27)}


def test_target_stats_override_a_named_profile(cli):
    base = json.loads(
        cli(
            "odds",
            "magewinds",
            "--attacker",
            "Wizard",
            "--attack",
            "Zap",
            "--target",
            "Guardian",
            "--reaction",
            "none",
            "--json",
        ).out
    )
    tougher = json.loads(
        cli(
            "odds",
            "magewinds",
            "--attacker",
            "Wizard",
            "--attack",
            "Zap",
            "--target",
            "Guardian",
            "--armour",
            "3",
            "--reaction",
            "none",
            "--json",
        ).out
    )
    assert Fraction(tougher["cases"][0]["expected"]["damage"]) < Fraction(
        base["cases"][0]["expected"]["damage"]
    )


def test_attack_is_seeded_and_cites_rules(cli):
    args = (
        "attack",
        "magewinds",
        "--attacker",
        "Wizard",
        "--target",
        "Guardian",
        "--choice",
        "heavy",
        "--reaction",
        "none",
        "--seed",
        "5",
    )
    first, again = cli(*args), cli(*args)
    assert first.code == 0 and first.out == again.out
    assert "[18.5.2]" not in first.out  # the table form prints rule then text
    assert "18.5.1" in first.out and "18.5.3" in first.out
    data = json.loads(cli(*args, "--json").out)
    assert data["seed"] == 5 and data["result"]["choice"] == "heavy"
    assert all(entry["rule"] for entry in data["log"])


def test_user_pack_by_path(cli, tmp_path):
    pack = tmp_path / "mine.yaml"
    pack.write_text(
        "pack: Mine\nfighters:\n  - name: Brute\n    toughness: 8\n    movement: 4\n"
        "    armour: 3\n    deflect: 1\n    evasion: 0\n    dodge: 1\n    attacks:\n"
        "      - {name: Club, type: melee, range: 1, light: {power: 2, precision: 8},"
        " heavy: {power: 7, precision: 4}}\n"
    )
    run = cli(
        "odds",
        "magewinds",
        "--pack",
        str(pack),
        "--attacker",
        "Brute",
        "--target",
        "Wizard",
        "--choice",
        "heavy",
        "--reaction",
        "none",
        "--json",
    )
    assert run.code == 0, run.err
    assert json.loads(run.out)["attacker"] == "Brute"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--attacker", "Wizzard", "--target", "Guardian"), "unknown fighter 'Wizzard'"),
        (
            ("--attacker", "Wizard", "--attack", "Fireball", "--target", "Guardian"),
            "unknown attack of Wizard 'Fireball'",
        ),
        (("--power", "3", "--precision", "4", "--armour", "-1"), "armour"),
        (("--power", "3", "--precision", "4", "--toughness", "0"), "toughness"),
        (("--power", "-3", "--precision", "4"), "greater than or equal to 0"),
        (("--power", "3"), "both --power and --precision"),
        (("--light", "3/x", "--heavy", "6/5"), "Power/Precision"),
        (
            (
                "--attacker",
                "Wizard",
                "--attack",
                "Zap",
                "--target",
                "Guardian",
                "--choice",
                "feint",
            ),
            "18.3",
        ),
        (
            (
                "--attacker",
                "Wizard",
                "--target",
                "Guardian",
                "--target-counters",
                "2",
                "--reaction",
                "dodge",
            ),
            "double action counter",
        ),
        (
            ("--attacker", "Wizard", "--target", "Guardian", "--reaction", "mirrorshield"),
            "Mirrorshield",
        ),
        (("--attacker", "Wizard", "--target", "Guardian", "--damage-taken", "7"), "out of action"),
        (("--attacker", "Wizard", "--target", "Guardian", "--attacker-counters", "2"), "13.0"),
        (
            (
                "--attacker",
                "Wizard",
                "--attack",
                "Zap",
                "--target",
                "Guardian",
                "--distance",
                "0.5",
            ),
            "18.1",
        ),
        (("--attacker", "Wizard", "--target", "Guardian", "--barrier", "5"), "Barrier"),
        (
            (
                "--target",
                "Guardian",
            ),
            "--attacker",
        ),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(cli, args, message):
    run = cli("odds", "magewinds", *args)
    assert run.code == 2
    assert run.out == ""
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and message.casefold() in lines[0].casefold(), run.err
    assert "Traceback" not in run.err


def test_malformed_pack_file_is_a_clear_error(cli, tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("pack: Broken\nfighters: [\n")
    run = cli(
        "odds", "magewinds", "--pack", str(broken), "--attacker", "Wizard", "--target", "Guardian"
    )
    assert run.code == 2 and "not valid YAML" in run.err
    missing = cli(
        "odds",
        "magewinds",
        "--pack",
        str(tmp_path / "nope.yaml"),
        "--attacker",
        "Wizard",
        "--target",
        "Guardian",
    )
    assert missing.code == 2 and "cannot read" in missing.err


def test_attack_without_a_choice_and_no_terminal_asks_for_the_flag(cli):
    run = cli("attack", "magewinds", "--attacker", "Wizard", "--target", "Guardian", "--seed", "1")
    assert run.code == 2 and "--choice" in run.err


def test_odds_table_shows_mirrorshield_damage_back(cli):
    run = cli(
        "odds",
        "magewinds",
        "--attacker",
        "Witch",
        "--target",
        "Mesmer",
        "--choice",
        "heavy",
        "--attacker-damage",
        "5",
    )
    assert run.code == 0
    assert "P(attacker down)" in run.out
    after = run.out[run.out.index("P(attacker down)") :]  # its column, maybe in a part of its own
    row = next(line.split() for line in after.splitlines() if "mirrorshield" in line.split())
    # Witch (Armour 1, 5 damage of Toughness 6) is taken down by 2+ blocked hits, i.e. 3+ hits.
    assert row[-1] != "0"


def test_attack_asks_players_at_a_terminal_with_the_attack_choice_hidden(cli, monkeypatch):
    import typer

    asked = []

    def fake_prompt(text, hide_input=False):
        asked.append((text, hide_input))
        return "heavy" if "Light, Heavy or Feint" in text else "dodge"

    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr(typer, "prompt", fake_prompt)
    run = cli("attack", "magewinds", "--attacker", "Wizard", "--target", "Guardian", "--seed", "3")
    assert run.code == 0, run.err
    assert [hidden for _, hidden in asked] == [True, False]
    assert "reveals Heavy" in run.out and "Dodge reaction" in run.out


def test_attack_rejects_an_illegal_answer_at_the_prompt(cli, monkeypatch):
    import typer

    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr(typer, "prompt", lambda text, hide_input=False: "sideways")
    run = cli("attack", "magewinds", "--attacker", "Wizard", "--target", "Guardian", "--seed", "3")
    assert run.code == 2 and "'sideways' is not a legal attack choice" in run.err


def test_advise_json_gives_equilibrium_and_matrix(cli):
    run = cli(
        "advise",
        "magewinds",
        "--light",
        "3/6",
        "--heavy",
        "5/4",
        "--dodge",
        "3",
        "--deflect",
        "2",
        "--json",
    )
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["value"] == "201/170"
    attacker, defender = data["decisions"]
    mix = {o: v["probability"] for o, v in attacker["options"].items()}
    assert mix == {"light": "89/170", "heavy": "81/170", "feint": "0"}
    mix = {o: v["probability"] for o, v in defender["options"].items()}
    assert mix == {"none": "0", "dodge": "31/85", "deflect": "54/85"}
    assert data["details"]["matrix"]["heavy"]["deflect"] == "112/81"
    assert data["objective"] == "damage" and data["attacker"] == "Attacker"


def test_advise_best_response_to_a_read_opponent(cli):
    run = cli(
        "advise",
        "magewinds",
        "--light",
        "3/6",
        "--heavy",
        "5/4",
        "--dodge",
        "3",
        "--deflect",
        "2",
        "--vs-attacker-mix",
        "heavy",
        "--vs-defender-mix",
        "none=1/2,deflect=1/2",
        "--json",
    )
    data = json.loads(run.out)
    # Against a pure Heavy the defender dodges (5/6); against none/deflect the attacker goes
    # heavy: (10/3 + 112/81) / 2 = 191/81 beats light's (3 + 1) / 2 = 2.
    assert data["details"]["vs_attacker_mix"] == {"best": ["dodge"], "value": "5/6"}
    assert data["details"]["vs_defender_mix"] == {"best": ["heavy"], "value": "191/81"}


def test_advise_table_and_errors(cli):
    run = cli(
        "advise",
        "magewinds",
        "--attacker",
        "Wizard",
        "--target",
        "Guardian",
        "--objective",
        "tempo",
    )
    assert run.code == 0 and "value:" in run.out and "attacker plays" in run.out
    bad = cli(
        "advise",
        "magewinds",
        "--attacker",
        "Wizard",
        "--target",
        "Guardian",
        "--vs-attacker-mix",
        "lunge=1",
    )
    assert bad.code == 2 and "lunge" in bad.err
    bad = cli(
        "advise",
        "magewinds",
        "--attacker",
        "Wizard",
        "--target",
        "Guardian",
        "--action-value",
        "lots",
        "--objective",
        "tempo",
    )
    assert bad.code == 2 and "--action-value" in bad.err


def test_matchups_outputs(cli, tmp_path):
    table = cli("matchups", "magewinds")
    assert table.code == 0 and "Wizard: Zap" in table.out
    csv_path, json_path, png_path = tmp_path / "m.csv", tmp_path / "m.json", tmp_path / "m.png"
    assert cli("matchups", "magewinds", "-o", str(csv_path)).code == 0
    assert csv_path.read_text().splitlines()[0].startswith("attacker,attack,target,value")
    assert cli("matchups", "magewinds", "--objective", "take-down", "-o", str(json_path)).code == 0
    assert json.loads(json_path.read_text())["objective"] == "take-down"
    assert cli("matchups", "magewinds", "-o", str(png_path)).code == 0
    assert png_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png_path.stat().st_size > 20_000
    bad = cli("matchups", "magewinds", "-o", str(tmp_path / "m.bmp"))
    assert (
        bad.code == 2
        and "--output" in bad.err
        and "unknown format" in bad.err
        and not (tmp_path / "m.bmp").exists()
    )


def test_odds_plot(cli, tmp_path):
    path = tmp_path / "odds.png"
    run = cli("odds", "magewinds", "--attacker", "Witch", "--target", "Wizard", "--plot", str(path))
    assert run.code == 0 and path.stat().st_size > 20_000
    missing = cli(
        "odds",
        "magewinds",
        "--attacker",
        "Witch",
        "--target",
        "Wizard",
        "--plot",
        str(tmp_path / "no" / "odds.png"),
    )
    assert missing.code == 2 and "does not exist" in missing.err
