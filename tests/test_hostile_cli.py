"""Hostile input at the command line, by name: each bad input found by trying ``skirmish``
as a new user would, run as that user runs it.

Every command runs in a forked child under a CPU and memory cap (``capped_cli``), in an
empty folder, without a terminal. A refusal must exit 2 with one line on stderr naming the
input (the flag, or the file), print nothing on stdout, and write no file.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from capped import CliOutcome, capped_cli
from skirmish.games import GAMES
from skirmish.options import option_fields

ROOT = Path(__file__).resolve().parents[1]
RUINS = str(ROOT / "examples" / "ruins.yaml")
CROSSROADS = ROOT / "examples" / "mswars-crossroads.yaml"
OUTPOST = str(ROOT / "examples" / "entropic-outpost.yaml")
TROOPER = ("--attacker", "Line Trooper", "--target", "Warden", "--distance", "8")
RAW_MSWARS = ("--attack-value", "14", "--defence", "5")


def listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def run(folder: Path, *args: str, cpu: int = 20) -> CliOutcome:
    """``skirmish ARGS`` in ``folder``, under the caps; it must not write anything there
    unless it succeeds."""
    before = listing(folder)
    outcome = capped_cli(args, cwd=folder, cpu=cpu)
    assert not outcome.stopped, outcome.explain()
    if outcome.code != 0:
        assert listing(folder) == before, f"{args}: a refused command wrote a file"
    return outcome


def refused(folder: Path, *args: str, words: tuple[str, ...] = (), cpu: int = 20) -> str:
    """``skirmish ARGS`` is refused: exit 2, one line on stderr holding every word, nothing
    on stdout, nothing written. The line, without its ``skirmish: error:`` lead."""
    outcome = run(folder, *args, cpu=cpu)
    assert outcome.code == 2 and outcome.out == "", outcome.explain()
    lines = outcome.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("skirmish: error: "), outcome.explain()
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0].removeprefix("skirmish: error: ")


# --- Memory and hangs ------------------------------------------------------------------


@pytest.mark.parametrize("notation", ["D1000000000", "900D6", "D1000000", "1000000D6"])
def test_huge_damage_dice_are_refused_naming_the_flag(tmp_path: Path, notation: str) -> None:
    refused(tmp_path, "odds", "mswars", *RAW_MSWARS, "--damage", notation, words=("--damage",))


def test_a_million_dummy_tokens_on_the_command_line_are_refused(tmp_path: Path) -> None:
    refused(
        tmp_path,
        "advise",
        "entropic",
        *TROOPER,
        "--attacker-dummies",
        "1000000",
        words=("--attacker-dummies 1000000", "less than or equal to 20"),
    )


FRACTION_OPTIONS = sorted(
    {
        (game.name, verb, field.flag)
        for game in GAMES
        for verb, model in game.load().commands.items()
        for field in option_fields(model)
        if field.kind is Fraction
    }
)


def test_the_fraction_options_found_are_all_tried() -> None:
    flags = {flag for _, _, flag in FRACTION_OPTIONS}
    for flag in ("--action-value", "--stamina-cost", "--token-cost", "--visible"):
        assert flag in flags
    assert "--friendly-cover" in flags


@pytest.mark.parametrize(("game", "verb", "flag"), FRACTION_OPTIONS)
def test_a_fraction_option_refuses_a_huge_exponent_at_once(
    tmp_path: Path, game: str, verb: str, flag: str
) -> None:
    """``1e1000000000`` once spun: Python's Fraction builds the whole number first."""
    refused(tmp_path, verb, game, flag, "1e1000000000", words=(flag,), cpu=10)


def test_a_50_megabyte_battlefield_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as stream:
        stream.truncate(50 * 1024 * 1024)
    refused(tmp_path, "los", "magewinds", "big.yaml", "--all", words=("big.yaml", "256 KiB"))


# --- Tracebacks ------------------------------------------------------------------------


@pytest.mark.parametrize("flag", ["--stamina", "--target-stamina"])
def test_stamina_past_the_limit_is_one_line(tmp_path: Path, flag: str) -> None:
    refused(tmp_path, "odds", "darkrealms", "--strength", "4", flag, "300", words=(flag, "99"))


def test_a_million_dice_in_a_ram_are_refused_naming_the_flag(tmp_path: Path) -> None:
    refused(
        tmp_path,
        *("odds", "mswars", "--attacker", "Amago", "--target", "Pelham"),
        *("--opportunity", "--charged", "--ram", "1000000D6"),
        words=("--ram", "number of dice"),
    )


def test_a_million_dice_in_a_unit_file_are_refused_naming_the_file(tmp_path: Path) -> None:
    data = yaml.safe_load((ROOT / "src/skirmish/games/mswars/data/sample.yaml").read_text())
    unit = data["units"][0]
    unit["name"], unit["weapons"][0]["damage"] = "Giant", "1000000D6"
    (tmp_path / "force.yaml").write_text(yaml.safe_dump({"units": [unit]}))
    refused(tmp_path, "fighters", "mswars", "--force", "force.yaml", words=("force.yaml",))


@pytest.mark.parametrize(
    "args",
    [
        ("fighters", "magewinds", "--pack", "picture.png"),
        ("fighters", "darkrealms", "--figures", "picture.png"),
        ("los", "magewinds", "picture.png", "--all"),
        ("odds", "magewinds", "--battlefield", "picture.png", "--attacker", "A", "--target", "B"),
    ],
)
def test_a_binary_file_is_refused_by_name(tmp_path: Path, args: tuple[str, ...]) -> None:
    (tmp_path / "picture.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    refused(tmp_path, *args, words=("picture.png", "not a text file"))


@pytest.mark.parametrize("suffix", ["csv", "json", "png"])
def test_matchups_into_a_missing_folder_are_refused_before_any_work(
    tmp_path: Path, suffix: str
) -> None:
    refused(
        tmp_path,
        *("matchups", "magewinds", "-o", f"missing-dir/t.{suffix}"),
        words=("--output", "missing-dir"),
    )


def test_matchups_into_a_folder_are_refused(tmp_path: Path) -> None:
    (tmp_path / "table.csv").mkdir()
    refused(tmp_path, "matchups", "magewinds", "-o", "table.csv", words=("--output", "table.csv"))


def test_a_path_through_infinity_is_refused(tmp_path: Path) -> None:
    refused(
        tmp_path,
        *("move", "magewinds", RUINS, "--fighter", "Wizard", "--via", "inf,inf", "--to", "3,4"),
        words=("--via",),
    )


@pytest.mark.parametrize("facing", [".nan", ".inf", "1e400"])
def test_a_unit_facing_that_is_no_angle_is_refused(tmp_path: Path, facing: str) -> None:
    text = CROSSROADS.read_text().replace("facing: 45}", f"facing: {facing}}}", 1)
    (tmp_path / "field.yaml").write_text(text)
    refused(
        tmp_path,
        *("los", "mswars", "field.yaml", "--attacker", "Amago", "--target", "Pelham"),
        words=("field.yaml", "facing"),
    )


# --- Accepted, should be refused -------------------------------------------------------


def test_los_refuses_a_fighter_targeting_itself(tmp_path: Path) -> None:
    refused(
        tmp_path,
        *("los", "magewinds", RUINS, "--attacker", "Wizard", "--target", "Wizard"),
        words=("13.4", "itself"),
    )


def test_a_pack_fighter_named_like_a_bundled_one_says_so(tmp_path: Path) -> None:
    entry = {"name": "Wizard", "toughness": 9, "movement": 5}
    entry |= {"armour": 0, "deflect": 0, "evasion": 0, "dodge": 0}
    (tmp_path / "mine.yaml").write_text(yaml.safe_dump({"pack": "Mine", "fighters": [entry]}))
    refused(
        tmp_path,
        *("fighters", "magewinds", "--pack", "mine.yaml"),
        words=("mine.yaml", "Wizard", "replaces: true"),
    )
    entry["replaces"] = True
    (tmp_path / "mine.yaml").write_text(yaml.safe_dump({"pack": "Mine", "fighters": [entry]}))
    answer = run(tmp_path, "fighters", "magewinds", "--pack", "mine.yaml", "--json")
    wizard = next(f for f in json.loads(answer.out)["fighters"] if f["name"] == "Wizard")
    assert answer.code == 0 and wizard["profile"]["toughness"] == 9


def test_an_unknown_status_is_refused_naming_the_flag(tmp_path: Path) -> None:
    refused(
        tmp_path,
        *("odds", "darkrealms", "--strength", "4", "--status", "bogus"),
        words=("--status 'bogus'", "poison"),
    )


def test_an_entropic_distance_of_nan_is_refused(tmp_path: Path) -> None:
    refused(
        tmp_path,
        *("odds", "entropic", "--attacker", "Line Trooper", "--target", "Warden"),
        *("--distance", "nan"),
        words=("--distance nan", "finite"),
    )


def test_a_move_to_nowhere_is_refused_without_a_warning(tmp_path: Path) -> None:
    refused(
        tmp_path,
        *("move", "magewinds", RUINS, "--fighter", "Wizard", "--to", "nan,nan"),
        words=("--to",),
    )


@pytest.mark.parametrize(
    ("flag", "value"),
    [
        ("--damaged", "wings"),
        ("--damaged-back", "wings"),
        ("--bid-attack", "3"),
        ("--bid-defense", "9"),
    ],
)
def test_entropic_answers_are_checked_before_the_attack(
    tmp_path: Path, flag: str, value: str
) -> None:
    """The attack is fully answered apart from the bad flag, with a seed whose attack never
    comes to that decision: the answer is refused all the same, naming its flag."""
    answers = {
        "--bid-attack": "1",
        "--bid-defense": "0",
        "--interrupt": "none",
        "--damaged": "move",
        "--damaged-back": "move",
    }
    answers[flag] = value
    given = [word for pair in answers.items() for word in pair]
    refused(
        tmp_path,
        *("attack", "entropic", *TROOPER, "--seed", "1", *given),
        words=(f"{flag} {value!r}" if not value.isdigit() else f"{flag} {value}",),
    )


# --- Not one line ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("odds", "magewinds", "--bogus"), ("skirmish odds magewinds:", "--bogus")),
        (("odds", "magewinds", "--attacker"), ("skirmish odds magewinds:", "--attacker")),
        (("fighters", "magewinds", "--pack"), ("skirmish fighters magewinds:", "--pack")),
        (("odds", "magewinds", "--attack-type", "lunge"), ("--attack-type 'lunge'", "melee")),
        (("los", "magewinds"), ("skirmish los magewinds:", "FILE")),
        (("los", "magewinds", RUINS, "extra", "--all"), ("skirmish los magewinds:", "extra")),
        (("nonsense",), ("nonsense",)),
        (("odds", "chess"), ("chess", "magewinds")),
        (("draw", "magewinds", RUINS), ("--output", "required")),
        (("move", "magewinds", RUINS, "--to", "3,4"), ("--fighter", "required")),
        (("--bogus",), ("--bogus",)),
    ],
)
def test_usage_errors_are_one_line_naming_the_option(
    tmp_path: Path, args: tuple[str, ...], words: tuple[str, ...]
) -> None:
    line = refused(tmp_path, *args, words=words)
    assert "{" not in line and "Usage:" not in line, line


def test_an_option_taking_one_value_given_twice_is_refused(tmp_path: Path) -> None:
    """The last of two values was once taken silently."""
    line = refused(tmp_path, "odds", "magewinds", "--power", "3", "--power", "4")
    assert line == "--power given twice (3, 4); give it once"
    line = refused(tmp_path, "draw", "magewinds", RUINS, "-o", "a.png", "--output", "b.svg")
    assert line == "--output given twice ('a.png', 'b.svg'); give it once"


def test_a_repeatable_option_is_taken_each_time(tmp_path: Path) -> None:
    weapons = ("--weapon", "Rifle", "--weapon", "Blade")
    outcome = run(tmp_path, "advise", "entropic", *TROOPER, *weapons)
    assert outcome.code == 0 and "Rifle" in outcome.out and "Blade" in outcome.out, (
        outcome.explain()
    )


# --- Names the system cannot hold ----------------------------------------------------------

TOO_LONG = "x" * 300  # past the 255 bytes a file name may have on Linux


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ("play", "magewinds", "--scenario", "deathmatch", "--warband", "Wizard",
             "--warband", "Druid", "--players", "random,random", "--seed", "1",
             "--save", f"{TOO_LONG}.json"),
            ("File name too long", "..."),
        ),
        (
            ("simulate", "magewinds", "--scenario", "deathmatch", "--warband", "Wizard",
             "--warband", "Druid", "--battles", "1", "--battlefield", TOO_LONG),
            ("unknown battlefield",),
        ),
        (("serve", "--sweeps", TOO_LONG), ("File name too long",)),
        (("odds", TOO_LONG), ("unknown game",)),
    ],
)  # fmt: skip
def test_a_path_too_long_for_the_system_is_one_line(tmp_path, args, words):
    """A name longer than the system allows is refused in one line (cut short, so the
    line stays readable), never an OSError traceback."""
    line = refused(tmp_path, *args, words=words)
    assert len(line) < 200, line
