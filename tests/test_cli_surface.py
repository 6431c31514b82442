"""No flag, help text or command is lost silently: the command line against its record.

``tests/data/cli-surface.json`` holds every command's flags and help as they were before
the commands were generated from the games' options models (see ``tests/cli_surface.py``).
Every difference from it is listed here with its reason, or the test fails.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from cli_surface import surface

RECORDED = json.loads((Path(__file__).parent / "data" / "cli-surface.json").read_text())

MOVED = {"draw": "draw magewinds"}
"""Commands that now name their game (``draw`` draws every game's battlefields)."""

DROPPED = {
    ("advise magewinds", "--choice"): "advise solves the choices itself; it always refused them",
    ("advise magewinds", "--reaction"): "advise solves the choices itself; it always refused them",
}

REWORDED = {
    ("play magewinds", "--scenario"): "every scenario is played; the list is in 'scenarios'",
    ("play magewinds", "--warband"): "two to four warbands, as the scenario allows",
    ("play magewinds", "--battlefield"): "each scenario has its own default battlefield",
    ("play magewinds", "--players"): "the computer players greedy and search were added",
}
"""Flags whose help now says more, with the reason."""

ONE_WORDING = {
    "--fractions": "Print exact fractions instead of decimals and percentages.",
    "--seed": "Seed for the dice; the same seed gives the same log.",
    "--pack": "Your own fighter pack (YAML), added to the bundled one.",
}
"""Flags every command now words the same way."""


def _help(text: str) -> str:
    """The help as recorded: without the default and the choices now shown after it."""
    text = re.sub(r" \[default: [^\]]*\]$", "", text)
    return re.sub(r" One of: [^.]*\.$", "", text)


def test_every_recorded_flag_is_still_given_with_its_help():
    now = surface()
    for command, recorded in RECORDED.items():
        current = now[MOVED.get(command, command)]
        assert current["help"], command
        for flag, before in recorded["params"].items():
            if (command, flag) in DROPPED:
                assert flag not in current["params"], (command, flag)
                continue
            assert flag in current["params"], f"{command}: {flag} was lost"
            after = _help(current["params"][flag]["help"])
            if (command, flag) not in REWORDED:
                assert after in (before["help"], ONE_WORDING.get(flag)), (command, flag, after)
            multiple = current["params"][flag].get("multiple")
            assert before.get("multiple") == multiple, (command, flag)


def test_no_flag_has_a_negative_form():
    # Typer's --no-<flag> made "--no-no-dodge-step" and "--no-no-rerolls"; flags are on-only.
    for command, found in surface().items():
        for flag, info in found["params"].items():
            assert not info.get("negative"), (command, flag, info.get("negative"))


def test_every_game_command_is_recorded_or_new_on_purpose():
    new_on_purpose = {
        "los entropic",
        "los mswars",
        "draw entropic",
        "draw mswars",
        "scenarios magewinds",
        "simulate magewinds",
        "serve",
        "sweep magewinds",
        "sweep report",
    }
    recorded = {MOVED.get(command, command) for command in RECORDED}
    assert set(surface()) == recorded | new_on_purpose
