"""``skirmish odds|advise|attack|fighters mswars`` from the command line."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

RAW = ("odds", "mswars", "--attack-value", "14", "--defence", "5", "--damage", "D6")
"""A raw attack: attack value 14 against Defence 5 with a D6 weapon."""


def only(data):
    """The one case of an ``odds`` answer."""
    (case,) = data["cases"]
    return case


def test_odds_json_raw_values(cli):
    run = cli(
        *RAW,
        "--armour",
        "1",
        "--dc",
        "4",
        "--json",
    )
    assert run.code == 0, run.err
    data = json.loads(run.out)
    case = only(data)
    assert data["game"] == "mswars" and case["chances"]["hit"] == "9/20"
    # D6 less Armour 1: 0, 1, 2, 3, 4, 4 (capped at the 4 DC left); a miss is 0.
    hit = Fraction(9, 20)
    assert Fraction(case["distribution"]["0"]) == 1 - hit + hit / 6
    assert Fraction(case["distribution"]["4"]) == hit * Fraction(2, 6)
    assert Fraction(case["chances"]["out_of_action"]) == hit * Fraction(2, 6)
    assert Fraction(case["expected"]["dc_lost"]) == hit * Fraction(14, 6)


def test_each_modifier_flag_changes_the_attack_value(cli):
    def value(*flags: str) -> int:
        run = cli(
            *RAW,
            *flags,
            "--json",
        )
        assert run.code == 0, run.err
        return int(only(json.loads(run.out))["details"]["attack_value"])

    assert value() == 14
    assert value("--ran-or-charged") == 11 and value("--melee", "--ran-or-charged") == 14
    assert value("--visible", "1/2") == 11 and value("--visible", "60%") == 13
    assert value("--target-moved") == 11 and value("--melee", "--target-moved") == 13
    assert value("--attacker-hurt") == 13 and value("--rear-arc") == 16
    assert value("--melee", "--target-hurt") == 15 and value("--target-hurt") == 14
    assert value("--moved", "--weapon-type", "artillery") == 11
    assert (
        value("--hands", "1/2", "--one-handed") == 12 and value("--hands", "2", "--one-handed") == 9
    )
    assert (
        value("--earlier-attacks", "2") == 12
        and value("--earlier-attacks", "2", "--rapid-fire") == 14
    )
    assert value("--other-targets", "2") == 12


def test_named_units_aid_and_advice(cli):
    run = cli(
        "advise", "mswars", "--attacker", "Amago", "--target", "Pelham", "--aid", "1", "--json"
    )
    data = json.loads(run.out)
    values = {tuple(v["choices"]): Fraction(v["value"]) for v in data["details"]["combinations"]}
    assert [d["best"][0] for d in data["decisions"]] == list(max(values, key=values.get))
    assert Fraction(data["value"]) == max(values.values())
    chosen = cli(
        "odds",
        "mswars",
        "--attacker",
        "Amago",
        "--target",
        "Pelham",
        "--aid",
        "1",
        "--aid-choice",
        "+2",
        "--json",
    )
    assert int(only(json.loads(chosen.out))["details"]["attack_value"]) == 16
    assert only(json.loads(chosen.out))["choices"] == {"aid 1": "+2 attack"}
    table = cli("odds", "mswars", "--attacker", "Amago", "--target", "Rifle Squad")
    assert "chance to hit" in table.out


def test_attack_is_seeded_and_cites_the_rules(cli):
    args = ("attack", "mswars", "--attacker", "Amago", "--target", "Rifle Squad", "--seed", "3")
    first, again = cli(*args), cli(*args)
    assert first.code == 0 and first.out == again.out
    assert "Making Attacks" in first.out and "Attack Modifiers" in first.out
    data = json.loads(cli(*args, "--json").out)
    assert data["seed"] == 3 and data["result"]["natural"] in range(1, 21)
    asked = cli("attack", "mswars", "--attacker", "Amago", "--target", "Pelham", "--aid", "1")
    assert asked.code == 2 and "--aid-choice" in asked.err


def test_battlefield(cli):
    run = cli(
        "odds",
        "mswars",
        "--battlefield",
        "examples/mswars-crossroads.yaml",
        "--attacker",
        "Amago",
        "--target",
        "Pelham",
        "--aid",
        "1",
        "--aid-choice",
        "d3",
        "--json",
    )
    assert run.code == 0, run.err
    # Partly hidden (half or less: -3), and the Pelham moved more than 10" (-3): 14 - 6.
    data = json.loads(run.out)
    assert only(data)["details"]["attack_value"] == 8
    rules = [fact["rule"] for fact in data["battlefield"]["facts"]]
    assert "Firing Arcs" in rules and "Guided Attack" in rules
    assert data["battlefield"]["may_aid"] == ["Amago Wing"]
    too_many = cli(
        "odds",
        "mswars",
        "--battlefield",
        "examples/mswars-crossroads.yaml",
        "--attacker",
        "Amago",
        "--target",
        "Pelham",
        "--aid",
        "2",
    )
    assert too_many.code == 2 and "only 1 units may aid" in too_many.err
    clash = cli(
        "odds",
        "mswars",
        "--battlefield",
        "examples/mswars-crossroads.yaml",
        "--attacker",
        "Amago",
        "--target",
        "Pelham",
        "--rear-arc",
    )
    assert clash.code == 2 and "--rear-arc" in clash.err


def test_fighters_and_force_file(cli, tmp_path):
    listed = json.loads(cli("fighters", "mswars", "--json").out)
    assert "Amago" in {unit["name"] for unit in listed["fighters"]}
    path = tmp_path / "bad.yaml"
    path.write_text(
        "units:\n  - {name: X, size_class: 1, unit_type: sracu, dc: 0, armour: 0, defence: 1, pilot: {name: P, range_attack: 1, melee_attack: 1}}\n"
    )
    bad = cli("fighters", "mswars", "--force", str(path))
    assert bad.code == 2 and "dc" in bad.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--defence", "5", "--damage", "D6"), "give --attacker NAME or a raw --attack-value"),
        (("--attack-value", "14", "--damage", "D6"), "give --target NAME or a raw --defence"),
        (("--attack-value", "14", "--defence", "5"), "--damage NOTATION"),
        (("--attack-value", "14", "--defence", "5", "--damage", "D6x"), "dice notation"),
        (
            (*RAW[2:], "--visible", "2"),
            "--visible 2: a share of the target must be less than or equal to 1",
        ),
        (
            (*RAW[2:], "--distance", "30"),
            "reaches 24",
        ),
        (
            (*RAW[2:], "--friendly-cover", "1/2"),
            "Sniper",
        ),
        ((*RAW[2:], "--aid", "3"), "--aid 3"),
        (("--attack-value", "140", "--defence", "5", "--damage", "D6"), "--attack-value 140"),
        (("--attacker", "Amago", "--target", "Nobody"), "unknown unit 'Nobody'"),
        (("--attacker", "Amago", "--target", "Pelham", "--weapon", "Laser"), "unknown weapon"),
        (
            (
                *RAW[2:],
                "--dc",
                "9",
                "--starting-dc",
                "5",
            ),
            "above Target's starting DC",
        ),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(cli, args, message):
    run = cli("odds", "mswars", *args)
    assert run.code == 2
    assert message in run.err and "Traceback" not in run.err
    assert len(run.err.strip().splitlines()) == 1


def test_attack_of_opportunity_from_the_command_line(cli):
    base = (
        "odds",
        "mswars",
        "--attacker",
        "Amago",
        "--weapon",
        "Basic Melee Weapon",
        "--target",
        "Pelham",
        "--opportunity",
        "--json",
    )
    melee = only(json.loads(cli(*base).out))
    rammed = only(json.loads(cli(*base, "--charged", "--ram", "4D6").out))
    # The advisor rams when a 4D6 ram beats the Str weapon (Strength 4 in two hands: 6).
    assert Fraction(rammed["expected"]["dc_lost"]) > Fraction(melee["expected"]["dc_lost"])
    assert rammed["choices"] == {"opportunity attack": "ram"} and melee["choices"] == {}
    log = cli(
        "attack",
        "mswars",
        "--attacker",
        "Amago",
        "--weapon",
        "Basic Melee Weapon",
        "--target",
        "Pelham",
        "--opportunity",
        "--seed",
        "1",
    )
    assert "Attacks of Opportunity" in log.out
    assert cli("odds", "mswars", "--attacker", "Amago", "--target", "Pelham", "--charged").code == 2


def test_attack_asks_for_the_aid_at_a_terminal(cli, monkeypatch):
    import typer

    asked = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr(typer, "prompt", lambda text, **_: asked.append(text) or "b")
    run = cli(
        "attack", "mswars", "--attacker", "Amago", "--target", "Pelham", "--aid", "1", "--seed", "4"
    )
    assert run.code == 0, run.err
    assert asked and "D3 extra damage" in asked[0]
    assert "D3 damage" in run.out


def test_a_named_units_dc_cannot_exceed_its_starting_dc(cli):
    run = cli("odds", "mswars", "--attacker", "Amago", "--target", "Pelham", "--dc", "20")
    assert run.code == 2 and "above Pelham's starting DC 16" in run.err
    hurt = cli(
        "odds",
        "mswars",
        "--attacker",
        "Amago",
        "--weapon",
        "Basic Melee Weapon",
        "--target",
        "Pelham",
        "--dc",
        "7",
        "--json",
    )
    # 7 of 16 left: lost more than half, so +1 to the melee attack (12 + 1).
    assert only(json.loads(hurt.out))["details"]["attack_value"] == 13


@pytest.mark.parametrize("verb", ["odds", "attack"])
@pytest.mark.parametrize("aid", [("--aid", "1"), ("--aid", "1", "--aid-choice", "d3")])
def test_aid_on_an_attack_of_opportunity_is_refused(cli, verb, aid):
    melee = ("--attacker", "Amago", "--weapon", "Basic Melee Weapon", "--target", "Pelham")
    seed = ("--seed", "1") if verb == "attack" else ()
    run = cli(verb, "mswars", *melee, "--opportunity", *aid, *seed)
    assert run.code == 2
    assert "--aid" in run.err and "--opportunity" in run.err and "MS-9" in run.err
    assert len(run.err.strip().splitlines()) == 1
