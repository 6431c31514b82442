"""``skirmish odds|attack|advise|fighters darkrealms`` from the command line."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

FACES = range(1, 7)


def only(data):
    """The one case of an ``odds`` answer."""
    (case,) = data["cases"]
    return case


def test_odds_json_shape_and_hand_fractions(cli):
    # Strength 4, "Attack +1", no Stamina: miss, 3, 4, 5, 6, 7 each 1/6.
    run = cli(
        "odds", "darkrealms", "--strength", "4", "--modifier", "1", "--stamina", "0", "--json"
    )
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["game"] == "darkrealms"
    assert only(data)["distribution"] == {str(k): "1/6" for k in (0, 3, 4, 5, 6, 7)}
    assert only(data)["expected"]["damage"] == "25/6"
    assert "kill" not in only(data)["chances"]  # no Health given


def test_odds_rules_example_range_die_and_kill(cli):
    # Range strength 4, target 3 tiles away, no Stamina, 6 Health: only criticals kill.
    run = cli(
        "odds",
        "darkrealms",
        "--strength",
        "4",
        "--range-die",
        "--distance",
        "3",
        "--stamina",
        "0",
        "--health",
        "6",
        "--json",
    )
    data = json.loads(run.out)
    # A 6 is the attack die when the other die reaches 3: (6, 3..6) and (3..5, 6).
    crits = sum(1 for a, b in itertools.product(FACES, repeat=2) if 6 in (a, b) and min(a, b) >= 3)
    assert Fraction(only(data)["chances"]["kill"]) == Fraction(crits, 36)
    assert Fraction(only(data)["chances"]["reach"]) == Fraction(32, 36)


def test_odds_with_figures_cards_and_tiles(cli):
    volley = ("odds", "darkrealms", "--attacker", "Ranger", "--card", "Volley", "--target", "Ghoul")
    tiles = ("--attacker-at", "0,0", "--target-at", "2,1")
    run = cli(*volley, *tiles, "--grid", "square", "--json")
    assert run.code == 0, run.err
    assert only(json.loads(run.out))["details"]["distance"] == 2
    hexes = cli(*volley, *tiles, "--json")
    assert only(json.loads(hexes.out))["details"]["distance"] == 3
    table = cli(*volley, "--distance", "3")
    assert "chance to kill" in table.out and "Volley" in table.out


def test_policies_and_objectives_change_the_answer(cli):
    base = ("odds", "darkrealms", "--strength", "4", "--stamina", "2", "--health", "6", "--json")
    optimal = only(json.loads(cli(*base).out))
    never = only(json.loads(cli(*base, "--policy", "never").out))
    kill = only(json.loads(cli(*base, "--objective", "kill").out))
    assert Fraction(optimal["expected"]["damage"]) > Fraction(never["expected"]["damage"])
    assert (
        Fraction(kill["chances"]["kill"])
        == 1 - Fraction(5, 6) ** 3
        > Fraction(optimal["chances"]["kill"])
    )
    assert never["expected"]["stamina"] == "0"
    assert kill["choices"] == {"policy": "optimal", "objective": "kill", "stamina_cost": "0"}


def test_advise_lists_the_first_choice_for_each_roll(cli):
    run = cli("advise", "darkrealms", "--strength", "4", "--stamina", "1", "--json")
    data = json.loads(run.out)
    best = {tuple(int(d) for d in c["when"].split()[1:]): c["best"][0] for c in data["decisions"]}
    # Base 4 reads 0, 2, 3, 4, 5, 6 (mean 10/3): faces worth less than a fresh die go.
    assert best == {
        (1,): "reroll",
        (2,): "reroll",
        (3,): "reroll",
        (4,): "keep",
        (5,): "keep",
        (6,): "keep",
    }
    table = cli(
        "advise",
        "darkrealms",
        "--strength",
        "4",
        "--range-die",
        "--distance",
        "3",
        "--stamina",
        "0",
    )
    assert "assign range die" in table.out
    none = cli("advise", "darkrealms", "--strength", "4", "--stamina", "0")
    assert "no choice" in none.out


def test_attack_is_seeded_and_logs_each_rule(cli):
    args = (
        "attack",
        "darkrealms",
        "--attacker",
        "Ranger",
        "--card",
        "Aimed Shot",
        "--target",
        "Shield Bearer",
        "--distance",
        "3",
        "--seed",
        "11",
        "--decide",
        "optimal",
    )
    first, again = cli(*args), cli(*args)
    assert first.code == 0, first.err
    assert first.out == again.out
    for rule in ("Action Card", "Ranged attacks", "Attack damage", "Defence"):
        assert rule in first.out
    data = json.loads(cli(*args, "--json").out)
    assert data["game"] == "darkrealms" and data["seed"] == 11
    assert {entry["rule"] for entry in data["log"]} >= {"Action Card", "Ranged attacks"}


def test_attack_asks_the_player_and_shows_solved_values(cli, monkeypatch):
    import typer

    asked = []

    def answer(text, **_):
        asked.append(text)
        return "a"

    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr(typer, "prompt", answer)
    run = cli("attack", "darkrealms", "--strength", "4", "--stamina", "1", "--seed", "2")
    assert run.code == 0, run.err
    assert asked and "solved:" in asked[0] and "a: keep" in asked[0]


def test_a_number_at_the_prompt_is_never_taken_for_an_option(cli, monkeypatch):
    # The options are lettered, and dice are named "die 1", "die 2": typing 1 means nothing.
    import typer

    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr(typer, "prompt", lambda text, **_: "1")
    args = ("attack", "darkrealms", "--strength", "4", "--range-die", "--distance", "2")
    run = cli(*args, "--stamina", "1", "--seed", "2")
    assert run.code == 2 and "'1' is not a legal" in run.err
    asked = []
    monkeypatch.setattr(typer, "prompt", lambda text, **_: asked.append(text) or "a")
    assert cli(*args, "--stamina", "1", "--seed", "2").code == 0
    assert "b: reroll die 1 / c: reroll die 2" in asked[0]


def test_figure_file(cli, tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(
        "figures:\n  - {name: Brute, melee: 5, range: 0, health: 10, stamina: 1}\n"
        "cards:\n  - {name: Smash, stamina: 2, attacks: [{name: Smash, kind: melee, value: Attack +1}]}\n"
    )
    run = cli(
        "odds",
        "darkrealms",
        "--figures",
        str(path),
        "--attacker",
        "brute",
        "--card",
        "smash",
        "--target",
        "ghoul",
        "--json",
    )
    assert run.code == 0, run.err
    listed = cli("fighters", "darkrealms", "--figures", str(path), "--json")
    assert "Brute" in {f["name"] for f in json.loads(listed.out)["fighters"]}
    assert "Smash" in {c["name"] for c in json.loads(listed.out)["cards"]}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--attacker", "Nobody"), "unknown figure 'Nobody'"),
        (("--card", "Nope"), "unknown action card 'Nope'"),
        (("--modifier", "1", "--fixed", "3"), "--modifier and --fixed"),
        (("--range", "2", "--range-die"), "fixed or rolled"),
        (("--distance", "2"), "melee attack"),
        (("--range", "2", "--distance", "3"), "range 2"),
        (("--stamina", "-1"), "stamina -1"),
        (("--card", "Strike", "--line", "2"), "--line 2"),
        (("--card", "Strike", "--rolled"), "--card 'Strike' already gives the attack"),
        (("--objective", "kill"), "needs the target's Health"),
        (("--attacker-at", "1,1", "--target-at", "1,1"), "cannot share a tile"),
        (("--attacker-at", "1;1", "--target-at", "1,1"), "two whole numbers"),
        (("--attack-table", "miss,1,2"), "6 comma-separated faces"),
        (("--stamina-cost", "lots"), "--stamina-cost 'lots'"),
        (("--health", "0"), "--health 0"),
        (("--misses-on", "7"), "--misses-on 7"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(cli, args, message):
    run = cli("odds", "darkrealms", *args)
    assert run.code == 2
    assert message in run.err and "Traceback" not in run.err
    assert len(run.err.strip().splitlines()) == 1


def test_attack_without_a_terminal_names_the_flag(cli):
    run = cli("attack", "darkrealms", "--strength", "4", "--stamina", "1", "--seed", "1")
    assert run.code == 2 and "--decide optimal" in run.err


def test_malformed_figure_file(cli, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("figures:\n  - {name: X, melee: -1, health: 3}\n")
    run = cli("fighters", "darkrealms", "--figures", str(path))
    assert run.code == 2 and "melee" in run.err
    path.write_text("figures: [\n")
    run = cli("fighters", "darkrealms", "--figures", str(path))
    assert run.code == 2 and "bad.yaml" in run.err


def test_rolled_value_with_misses_on_applies_the_note(cli):
    # DR-11: "misses on 1-2" on a rolled value: faces 1 and 2 miss, 3 to 6 are the damage.
    run = cli("odds", "darkrealms", "--rolled", "--misses-on", "2", "--stamina", "0", "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    case = only(data)
    assert case["distribution"] == {"0": "1/3", "3": "1/6", "4": "1/6", "5": "1/6", "6": "1/6"}
    assert (case["expected"]["damage"], case["chances"]["hit"]) == ("3", "2/3")
