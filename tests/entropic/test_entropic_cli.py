"""``skirmish odds|advise|attack|fighters entropic`` from the command line."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest


def result(data):
    """The one attack of an ``odds`` answer with both bids given."""
    (case,) = data["cases"]
    (attack,) = case["details"]["attacks"]
    return attack


def by_bids(data):
    """Each case of an ``odds`` answer by its bids."""
    return {
        (c["choices"]["bid_attack"], c["choices"]["bid_defense"]): c["details"]["attacks"][0]
        for c in data["cases"]
    }


def test_odds_json_with_both_bids(cli):
    run = cli(
        "odds",
        "entropic",
        "--attack",
        "5",
        "--defend",
        "3",
        "--weapon-range",
        "10",
        "--distance",
        "12",
        "--closest",
        "--obscured",
        "--bid-attack",
        "1",
        "--bid-defense",
        "1",
        "--json",
    )
    assert run.code == 0, run.err
    data = json.loads(run.out)
    # Attack 5 +1 closest +1 bid = 7; Defend 3 +1 obscured +2 beyond range +1 bid = 7.
    assert data["game"] == "entropic"
    found = result(data)
    assert (found["attack_score"], found["defense_score"]) == (7, 7)
    assert found["result"] == "stunned" and found["attacker_stunned"] is True
    assert data["cases"][0]["distribution"] == {"stunned": "1"}


def test_odds_without_bids_covers_every_bid_pair(cli):
    run = cli("odds", "entropic", "--attack", "4", "--defend", "4", "--json")
    data = json.loads(run.out)
    pairs = {bids: row["result"] for bids, row in by_bids(data).items()}
    assert len(pairs) == 9  # 2 x Command 1 = 2 real tokens each side: 0..2 by 0..2
    assert pairs[0, 0] == "stunned" and pairs[2, 0] == "damaged" and pairs[0, 1] == "none"
    table = cli("odds", "entropic", "--attack", "4", "--defend", "4")
    assert "defense 2" in table.out and "damaged (6v4)" in table.out


def test_odds_failed_attack_far_out_of_range(cli):
    run = cli(
        "odds",
        "entropic",
        "--attack",
        "9",
        "--defend",
        "1",
        "--weapon-range",
        "5",
        "--distance",
        "10.5",
        "--bid-attack",
        "0",
        "--bid-defense",
        "0",
        "--json",
    )
    data = json.loads(run.out)
    assert result(data)["result"] == "failed" and result(data)["attack_score"] is None


def test_advise_bluffing_equilibrium(cli):
    run = cli(
        "advise",
        "entropic",
        "--attack",
        "3",
        "--defend",
        "3",
        "--attacker-tokens",
        "1",
        "--attacker-dummies",
        "1",
        "--defender-tokens",
        "1",
        "--values",
        "stunned=0,damaged=4",
        "--token-cost",
        "1",
        "--attacker-stun-cost",
        "0",
        "--json",
    )
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["exact"] and Fraction(data["value"]) == Fraction(3, 4)
    bids = data["decisions"][0]
    assert bids["player"] == "attacker" and bids["best"] == ["0 real + 1 dummy", "1 real + 0 dummy"]
    assert {o: v["probability"] for o, v in bids["options"].items() if v["probability"] != "0"} == {
        "0 real + 1 dummy": "3/4",
        "1 real + 0 dummy": "1/4",
    }
    table = cli(
        "advise",
        "entropic",
        "--attacker",
        "Warden",
        "--target",
        "Line Trooper",
        "--distance",
        "9",
        "--attacker-dummies",
        "1",
    )
    assert table.code == 0 and "value to the attacker" in table.out


def test_attack_referees_with_a_log(cli):
    run = cli(
        "attack",
        "entropic",
        "--attacker",
        "Line Trooper",
        "--target",
        "Colossus",
        "--distance",
        "8",
        "--component",
        "Turret",
        "--bid-attack",
        "1",
        "--bid-defense",
        "0",
        "--interrupt",
        "attack-back",
        "--damaged-back",
        "move",
        "--json",
    )
    assert run.code == 0, run.err
    data = json.loads(run.out)
    rules = [entry["rule"] for entry in data["log"]]
    assert rules[0] == "Select Target" and "Interrupts" in rules and "Determine Damage" in rules
    assert data["result"]["result"] == "stunned"


def test_attack_without_answers_and_no_terminal_names_the_flag(cli):
    run = cli("attack", "entropic", "--attack", "4", "--defend", "3")
    assert run.code == 2 and "--interrupt" in run.err
    run = cli("attack", "entropic", "--attack", "4", "--defend", "3", "--target-acted")
    assert run.code == 2 and "--bid-attack" in run.err


def test_fighters_and_force_file(cli, tmp_path):
    listed = json.loads(cli("fighters", "entropic", "--json").out)
    assert {"Colossus", "Warden"} <= {model["name"] for model in listed["fighters"]}
    path = tmp_path / "mine.yaml"
    path.write_text(
        "models:\n  - {name: Drone, move: 9, attack: 2, defend: 2, command: 1, weapons: [{name: Zapper, range: 6}]}\n"
    )
    run = cli(
        "odds",
        "entropic",
        "--force",
        str(path),
        "--attacker",
        "drone",
        "--target",
        "warden",
        "--distance",
        "4",
        "--json",
    )
    assert run.code == 0, run.err
    path.write_text("models:\n  - {name: Bad, move: 1, attack: 2}\n")
    bad = cli("fighters", "entropic", "--force", str(path))
    assert bad.code == 2 and "move, attack, defend and command" in bad.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--attack", "4"), "give --target NAME or a raw --defend value"),
        (("--attacker", "Nobody", "--defend", "3"), "unknown model 'Nobody'"),
        (("--attack", "4", "--defend", "3", "--bid-attack", "5"), "--bid-attack 5"),
        (("--attack", "4", "--defend", "3", "--distance", "-2"), "--distance -2"),
        (("--attack", "4", "--defend", "3", "--path", "--cloaked"), "cloaked"),
        (("--attack", "4", "--defend", "3", "--attacker-tokens", "5"), "2 x Command"),
        (("--attack", "4", "--defend", "3", "--nearby", "Bob"), "NAME=DISTANCE"),
        (("--attack", "140", "--defend", "3"), "--attack 140"),
        (("--attacker", "Warden", "--attack", "3", "--defend", "3"), "give a model or a raw"),
        (("--attacker", "Warden", "--weapon", "Sword", "--defend", "3"), "unknown weapon 'Sword'"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(cli, args, message):
    run = cli("odds", "entropic", *args)
    assert run.code == 2
    assert message in run.err and "Traceback" not in run.err
    assert len(run.err.strip().splitlines()) == 1


def test_advise_bad_values(cli):
    run = cli("advise", "entropic", "--attack", "4", "--defend", "3", "--values", "wow=2")
    assert run.code == 2 and "unknown result" in run.err
    run = cli("advise", "entropic", "--attack", "4", "--defend", "3", "--token-cost", "x")
    assert run.code == 2 and "--token-cost 'x'" in run.err


def test_attack_asks_both_players_with_bids_unseen(cli, monkeypatch):
    import typer

    asked = []

    def answer(text, hide_input=False):
        asked.append((text.splitlines()[0], hide_input))
        return "a"  # the first option each time

    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr(typer, "prompt", answer)
    run = cli("attack", "entropic", "--attack", "4", "--defend", "3")
    assert run.code == 0, run.err
    hidden = {text.split(":")[0]: hide for text, hide in asked}
    assert hidden["Attacker"] is True and hidden["Target"] is True  # the two sealed bids
    assert any("move at once" in text and not hide for text, hide in asked)


def test_obscured_applies_to_every_aim_with_path(cli):
    # Obscurement between the models is +1 defense wherever the attack is aimed.
    both = ("--bid-attack", "0", "--bid-defense", "0", "--json")
    raw = ("odds", "entropic", "--attack", "4", "--defend", "3", "--distance", "6", "--path")
    for aim, defense in (("base", 4), ("path", 5)):
        run = cli(*raw, "--obscured", "--aim", aim, *both)
        assert run.code == 0, run.err
        assert result(json.loads(run.out))["defense_score"] == defense


BASTION = """
models:
  - name: Bastion
    components:
      - {name: Gate, move: 0, attack: 0, defend: 2, command: 1}
      - {name: Keep, move: 0, attack: 3, defend: 6, command: 1, weapons: [{name: Bolt, range: 12}]}
"""


def test_composite_target_without_a_part_gets_the_defenders_best(cli, tmp_path):
    # Composite Models: the attacker names no part, so the defender chooses: the Keep
    # (Defend 6) rather than the first listed Gate (Defend 2), and the output says so (EE-13).
    force = tmp_path / "bastion.yaml"
    force.write_text(BASTION)
    base = ("--force", str(force), "--attacker", "Line Trooper", "--target", "Bastion")
    both = ("--distance", "8", "--bid-attack", "0", "--bid-defense", "0")
    data = result(json.loads(cli("odds", "entropic", *base, *both, "--json").out))
    assert data["component"] == "Keep" and data["defense_score"] == 6
    assert data["result"] == "none"
    text = cli("odds", "entropic", *base, *both).out
    assert "the defender chooses the Bastion's Keep" in text
    table = cli("odds", "entropic", *base, "--distance", "8").out
    assert "Keep" in table and "(4v6)" in table and "(4v2)" not in table
    named = result(
        json.loads(cli("odds", "entropic", *base, *both, "--component", "Gate", "--json").out)
    )
    assert named["component"] == "Gate" and named["result"] == "damaged"
    advice = json.loads(cli("advise", "entropic", *base, "--distance", "8", "--json").out)
    assert advice["details"]["component"] == "Keep"
    assert "defender chooses the Keep" in cli("advise", "entropic", *base, "--distance", "8").out


TWO_WEAPONS = (
    *("--attacker", "Line Trooper", "--target", "Warden"),
    *("--weapon", "Rifle", "--weapon", "Blade", "--distance", "1"),
)
"""Line Trooper's Rifle (range 12) and Blade (range 1) at a Warden 1 away."""


def test_several_weapons_from_odds_spend_each_token_once(cli):
    # Line Trooper's Rifle (range 12) and Blade (range 1) at a Warden 1 away, one real token
    # each side: a token bid with the Rifle is gone for the Blade (EE-14).
    base = ("odds", "entropic", *TWO_WEAPONS, "--attacker-tokens", "1", "--defender-tokens", "1")
    given = cli(
        *base,
        "--bid-attack",
        "1",
        "--bid-attack",
        "0",
        "--bid-defense",
        "0",
        "--bid-defense",
        "1",
        "--json",
    )
    assert given.code == 0, given.err
    rifle, blade = json.loads(given.out)["cases"][0]["details"]["attacks"]
    # Rifle: Attack 4 +1 under half range +1 bid v Defend 6; Blade: 4 v 6 +1 bid.
    assert (rifle["weapon"], rifle["attack_score"], rifle["defense_score"]) == ("Rifle", 6, 6)
    assert (blade["weapon"], blade["attack_score"], blade["defense_score"]) == ("Blade", 4, 7)
    twice = cli(
        *base, "--bid-attack", "1", "--bid-attack", "1", "--bid-defense", "0", "--bid-defense", "0"
    )
    assert twice.code == 2 and "1 real + 0 dummy" in twice.err
    assert len(twice.err.strip().splitlines()) == 1
    every = json.loads(cli(*base, "--json").out)["cases"]
    spent = {
        (tuple(row["choices"]["bid_attack"]), tuple(row["choices"]["bid_defense"])) for row in every
    }
    assert len(spent) == 9 and all(sum(a) <= 1 and sum(d) <= 1 for a, d in spent)
    assert cli(*base, "--weapon", "Rifle").code == 2  # the same weapon twice


def test_attack_back_from_odds_and_advise(cli):
    # The Warden attacks back at 8 (Autocannon 18: +1 under half range): 6 v Defend 4, damaged.
    base = ("--attacker", "Line Trooper", "--target", "Warden", "--distance", "8")
    odds = result(
        json.loads(
            cli(
                "odds",
                "entropic",
                *base,
                "--interrupt",
                "attack-back",
                "--bid-attack",
                "0",
                "--bid-defense",
                "0",
                "--json",
            ).out
        )
    )
    assert odds["interrupt"] == "attack back"
    assert (odds["attack_back"]["attack_score"], odds["attack_back"]["result"]) == (6, "damaged")
    # Bidding all 4 tokens leaves no command point for the attack back.
    cells = json.loads(cli("odds", "entropic", *base, "--interrupt", "attack-back", "--json").out)
    assert all(
        (row["attack_back"] is not None) == (bids[1] < 4) for bids, row in by_bids(cells).items()
    )
    # advise: at best the attacker's 2 tokens make 6 v 6 (stunned, worth 1, for 2 x 1/2):
    # no better than bidding nothing (none, 0). The Warden keeps a command point to attack
    # back: damaged is worth 3 to it, less the 1/2 its command point costs: -3 + 1/2.
    advice = json.loads(
        cli("advise", "entropic", *base, "--interrupt", "attack-back", "--json").out
    )
    assert Fraction(advice["value"]) == Fraction(-5, 2) and advice["exact"]
    declined = json.loads(cli("advise", "entropic", *base, "--json").out)
    assert Fraction(declined["value"]) == 0
    acted = cli("odds", "entropic", *base, "--interrupt", "move", "--target-acted")
    assert acted.code == 2 and "--target-acted" in acted.err and "Interrupts" in acted.err


def test_advise_several_weapons(cli):
    base = (
        "advise",
        "entropic",
        *TWO_WEAPONS,
        "--attacker-tokens",
        "2",
        "--defender-tokens",
        "1",
        "--json",
    )
    run = cli(*base)
    assert run.code == 0, run.err
    data = json.loads(run.out)
    order = data["details"]["order"]
    assert data["exact"] and set(order) == {"Rifle", "Blade"}
    assert {stage["weapon"] for stage in data["details"]["later"]} == {order[1]}
    assert "Later weapons" in cli(*base[:-1]).out
