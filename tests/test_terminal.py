"""What a user meets at the terminal: tables and help that read at 80 columns, names in any
case, numbers exact only when asked, files named on stderr, nothing silently unanswered."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from skirmish.cli import VERBS
from skirmish.games import GAMES

RUINS = "examples/ruins.yaml"
CROSSROADS = "examples/mswars-crossroads.yaml"
OUTPOST = "examples/entropic-outpost.yaml"

ANSWERS = [
    ("games",),
    ("fighters", "magewinds"),
    ("fighters", "darkrealms"),
    ("fighters", "mswars"),
    ("fighters", "entropic"),
    ("odds", "magewinds", "--attacker", "Wizard", "--target", "Guardian"),
    ("odds", "magewinds", "--attacker", "Witch", "--target", "Mesmer", "--attacker-damage", "5"),
    (
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
    ),
    ("advise", "magewinds", "--attacker", "Wizard", "--target", "Guardian"),
    ("matchups", "magewinds"),
    ("los", "magewinds", RUINS, "--all"),
    ("odds", "darkrealms", "--strength", "4", "--range-die", "--distance", "3", "--health", "6"),
    ("advise", "darkrealms", "--strength", "4", "--range-die", "--distance", "3", "--stamina", "1"),
    ("odds", "mswars", "--battlefield", CROSSROADS, "--attacker", "Amago", "--target", "Pelham"),
    ("advise", "mswars", "--attacker", "Amago", "--target", "Pelham", "--aid", "2"),
    ("odds", "entropic", "--attacker", "Line Trooper", "--target", "Warden", "--distance", "8"),
    (
        "odds",
        "entropic",
        "--attacker",
        "Line Trooper",
        "--weapon",
        "Rifle",
        "--weapon",
        "Blade",
        "--target",
        "Warden",
        "--distance",
        "1",
    ),
    (
        "advise",
        "entropic",
        "--attacker",
        "Line Trooper",
        "--weapon",
        "Rifle",
        "--weapon",
        "Blade",
        "--target",
        "Warden",
        "--distance",
        "1",
        "--attacker-tokens",
        "2",
    ),
    (
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
        "dodge",
        "--seed",
        "3",
    ),
]


def readable(text: str, width: int = 80) -> None:
    lines = text.splitlines()
    assert all(len(line.rstrip()) <= width for line in lines), max(lines, key=len)
    assert "…" not in text


@pytest.mark.parametrize("args", ANSWERS, ids=" ".join)
def test_every_answer_reads_fully_at_80_columns(args, cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    run = cli(*args)
    assert run.code == 0, run.err
    readable(run.out)


WORDS_KEPT = [*ANSWERS, ("odds", "magewinds", "--attacker", "Witch", "--target", "Mesmer")]


@pytest.mark.parametrize("args", WORDS_KEPT, ids=" ".join)
def test_tables_at_80_columns_break_between_words_never_inside_one(args, cli, monkeypatch):
    """Every word printed at 80 columns is a word printed on a wide terminal: a column
    narrowed inside a word ("reactio" over "n", "mirrors" over "hield") is refused; a table
    too wide goes on in a part headed "(continued)"."""
    monkeypatch.setenv("COLUMNS", "400")
    wide = cli(*args)
    monkeypatch.setenv("COLUMNS", "80")
    narrow = cli(*args)
    assert narrow.code == wide.code == 0, narrow.err
    readable(narrow.out)
    words = set(wide.out.split()) | {"(continued)"}
    printed = {w for w in narrow.out.split() if any(c.isalnum() for c in w)}  # rules aside
    assert printed <= words, sorted(printed - words)


def _commands() -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = [()]
    found.append(("replay",))
    for verb in VERBS:
        found.append((verb,))
        found += [(verb, g.name) for g in GAMES if verb in g.load().commands]
    return found


@pytest.mark.parametrize("command", _commands(), ids=lambda c: " ".join(c) or "skirmish")
def test_help_reads_at_80_columns_without_placeholders(command, cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    run = cli(*command, "--help")
    assert run.code == 0, run.err
    readable(run.out)
    assert "<str>" not in run.out and "<bool>" not in run.out and "--no-no-" not in run.out


def test_choices_are_shown_in_the_help(cli):
    run = cli("odds", "magewinds", "--help")
    assert "--choice light|heavy|feint" in run.out
    assert "--reaction REACTION" in run.out
    assert "One of: none, dodge, deflect, mirrorshield." in " ".join(run.out.split())
    assert "--choice" not in cli("advise", "magewinds", "--help").out  # advise solves it


def test_version(cli):
    run = cli("--version")
    assert run.code == 0 and run.out.startswith("skirmish ")


@pytest.mark.parametrize(
    ("name", "game"),
    [("MW", "magewinds"), ("Dark-Realms", "darkrealms"), ("EE", "entropic"), ("MsWars", "mswars")],
)
def test_any_alias_in_any_case_names_a_game(name, game, cli):
    run = cli("fighters", name, "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["game"] == game
    unknown = cli("fighters", "Warhammer")
    assert (
        unknown.code == 2 and "unknown game 'Warhammer'" in unknown.err and "mswars" in unknown.err
    )


def test_draw_names_its_game_and_draws_every_table(cli, tmp_path):
    old = cli("draw", RUINS, "-o", str(tmp_path / "x.png"))
    assert old.code == 2 and "skirmish draw GAME" in old.err and len(old.err.splitlines()) == 1
    for game, file in (("mswars", CROSSROADS), ("entropic", OUTPOST), ("magewinds", RUINS)):
        out = tmp_path / f"{game}.svg"
        run = cli("draw", game, file, "-o", str(out))
        assert run.code == 0 and "<svg" in out.read_text()[:500]
    assert cli("draw", "darkrealms", RUINS, "-o", str(tmp_path / "x.png")).code == 2


def test_numbers_are_decimals_unless_fractions_are_asked_for(cli):
    args = ("odds", "darkrealms", "--strength", "4", "--range-die", "--distance", "3")
    plain, exact = cli(*args, "--stamina", "0").out, cli(*args, "--stamina", "0", "--fractions").out
    # Worked in the README's Python: both dice assigned optimally, E(damage) = 49/18.
    assert "expected damage: 2.722" in plain and "49/18" not in plain
    assert "expected damage: 49/18" in exact
    advice = cli(
        "advise", "magewinds", "--light", "3/6", "--heavy", "5/4", "--dodge", "3", "--deflect", "2"
    )
    assert "value: 1.182" in advice.out and "201/170" not in advice.out  # docs/advisor.md
    fractions = cli(
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
        "--fractions",
    )
    assert "value: 201/170" in fractions.out and "light 89/170" in fractions.out


def test_a_raw_attack_has_any_range(cli):
    run = cli("odds", "magewinds", "--power", "3", "--precision", "4", "--reaction", "none")
    assert "Range any" in run.out and "inf" not in run.out


def test_the_log_prints_lengths_to_two_decimals(cli):
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
        "1",
        "--json",
    )
    entry = next(e for e in json.loads(run.out)["log"] if e["event"] == "range")
    assert entry["text"] == 'line of attack 6.4" is within Range 1-9'
    assert entry["data"]["distance"] != round(entry["data"]["distance"], 2)  # kept whole


def test_files_are_named_on_stderr_and_the_csv_has_a_header_for_every_field(cli, tmp_path):
    out = tmp_path / "table.csv"
    run = cli("matchups", "magewinds", "--battlefield", RUINS, "-o", str(out))
    assert run.code == 0 and run.out == "" and run.err.strip() == f"wrote {out}"
    header, *rows = list(csv.reader(out.open()))
    assert header[-1] == "reason" and all(len(row) == len(header) for row in rows)
    assert any(row[-1] for row in rows)  # cells with no line of attack say why
    picture = tmp_path / "odds.png"
    run = cli(
        "odds", "magewinds", "--attacker", "Witch", "--target", "Wizard", "--plot", str(picture)
    )
    assert run.err.strip() == f"wrote {picture}" and "wrote" not in run.out


def test_matchups_take_the_damage_a_take_down_needs(cli):
    def cells(*args: str) -> list[str]:
        data = json.loads(
            cli("matchups", "magewinds", "--objective", "take-down", *args, "--json").out
        )
        return [c["value"] for c in data["cells"]]

    # Unhurt, almost no bundled attack can take a fighter down in one go; with damage taken
    # already, many can, and a fighter the damage takes out of action has no value at all.
    fresh = cells()
    hurt = cells("--damage-taken", "4")
    assert sum(v not in ("0", None) for v in hurt) > 3 * sum(v != "0" for v in fresh)
    # The Deadeye (Toughness 5, the least) with 5 damage is out of action: no value.
    assert None in cells("--damage-taken", "5") and None not in fresh


def test_the_heatmap_writes_white_on_its_darkest_cells():
    import matplotlib as mpl

    from skirmish.analysis.plots import text_colour

    cmap = mpl.colormaps["RdYlGn"]
    assert text_colour(cmap(0.0)) == "white" and text_colour(cmap(1.0)) == "white"
    assert text_colour(cmap(0.5)) == "black"  # the pale middle: nobody gains
    assert text_colour((0, 0, 0, 1)) == "white" and text_colour((1, 1, 1, 1)) == "black"


def test_battlefield_odds_show_what_the_file_decided(cli):
    mswars = cli(
        "odds", "mswars", "--battlefield", CROSSROADS, "--attacker", "Amago", "--target", "Pelham"
    ).out
    assert "Firing Arcs:" in mswars and "(MS-3)" in mswars and "Guided Attack:" in mswars
    entropic = cli(
        "odds",
        "entropic",
        "--battlefield",
        OUTPOST,
        "--attacker",
        "Scout Walker",
        "--target",
        "Warden",
    ).out
    assert "Select Target: the target's base:" in entropic and "(EE-11)" in entropic


def test_the_ram_choice_is_a_flag_reported_when_solved_and_advised(cli):
    base = (
        "--attacker",
        "Amago",
        "--weapon",
        "Basic Melee Weapon",
        "--target",
        "Pelham",
        "--opportunity",
        "--charged",
        "--ram",
        "4D6",
    )
    odds = cli("odds", "mswars", *base).out
    assert "opportunity attack: ram (solved" in odds
    given = cli("odds", "mswars", *base, "--ram-choice", "melee").out
    assert "opportunity attack: melee (given)" in given
    advice = json.loads(cli("advise", "mswars", *base, "--json").out)
    (decision,) = advice["decisions"]
    assert decision["decision"] == "opportunity attack" and set(decision["options"]) == {
        "melee",
        "ram",
    }
    asked = cli("attack", "mswars", *base, "--seed", "1")
    assert asked.code == 2 and "--ram-choice" in asked.err
    assert cli("attack", "mswars", *base, "--ram-choice", "ram", "--seed", "1").code == 0


def test_the_entropic_referee_takes_every_answer_as_a_flag(cli):
    run = cli(
        "attack",
        "entropic",
        "--attacker",
        "Line Trooper",
        "--target",
        "Warden",
        "--distance",
        "8",
        "--path",
        "--aim",
        "path",
        "--bid-attack",
        "0",
        "--bid-defense",
        "0",
        "--interrupt",
        "none",
        "--seed",
        "1",
    )
    assert run.code == 0, run.err
    unanswered = cli(
        "attack",
        "entropic",
        "--attacker",
        "Line Trooper",
        "--target",
        "Colossus",
        "--distance",
        "8",
        "--bid-attack",
        "0",
        "--bid-defense",
        "0",
        "--interrupt",
        "none",
        "--seed",
        "1",
    )
    assert unanswered.code == 2 and "--component" in unanswered.err


def test_readme_first_command_reads_at_80_columns(cli, monkeypatch):
    readme = (Path(__file__).parents[1] / "README.md").read_text()
    first = readme.split("&& skirmish ", 1)[1].split("\n", 1)[0].split()
    monkeypatch.setenv("COLUMNS", "80")
    run = cli(*first)
    assert run.code == 0
    readable(run.out)
