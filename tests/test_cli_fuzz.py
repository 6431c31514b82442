"""Hostile command lines for every command of every game, derived from the options models
(``cli_fuzz``): each ends with an answer or one error line, within CPU and memory caps,
never a traceback, and a refusal writes nothing.

A few examples of each command run here; ``python benchmarks/fuzz_cli.py --minutes N``
runs the same for as long as a user likes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from capped import capped_clis
from cli_fuzz import (
    Command,
    attempt,
    command_line,
    commands,
    listing,
    prepare,
    problem,
    shown,
    single,
    twice,
)
from skirmish.options import OptionField

COMMANDS = commands()
WRITTEN = {"output", "plot", "save", "draw"}
"""Options naming a file a command writes; every other file option is read."""
BAD_FILES = [
    "picture.png",
    "empty.yaml",
    "comment.yaml",
    "huge.yaml",
    "laughs.yaml",
    "deep.yaml",
    "twice.yaml",
    "list.yaml",
    "types.yaml",
    "self.yaml",
    "folder",
    "missing.yaml",
    "/dev/zero",
    "broken.json",
    "deep.json",
]
"""A file read by a command: binary, empty, huge, a bomb, too deep, a key twice, wrong
types, a folder, missing, a device, broken or deep JSON."""


RECORDS = ["picture.png", "deep.yaml", "deep.json", "/dev/zero", "broken.json", "other.json"]
"""Battle records (``replay``, ``play --resume``) once read unguarded: a binary file was a
UnicodeDecodeError, deep JSON a RecursionError, a device read until memory ran out."""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    found = tmp_path_factory.mktemp("hostile")
    prepare(found)
    return found


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.name)
@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_hostile_options_end_in_an_answer_or_one_line(
    command: Command, data: st.DataObject, folder: Path
) -> None:
    def pick(items: list[Any]) -> Any:
        return data.draw(st.sampled_from(items))

    def count(low: int, high: int) -> int:
        return data.draw(st.integers(low, high))

    words = command_line(command, pick, count)
    found, _ = attempt(words, folder)
    assert found is None, f"{shown(words)}: {found}"


def test_every_command_is_tried_from_a_command_line_it_answers(folder: Path) -> None:
    """Hostile options are added to a working command line, so they reach the checks past
    the first: a command left without one would only ever be refused for what is missing."""
    for command in COMMANDS:
        if command.verb == "replay":
            continue
        found, _ = attempt([command.verb, command.game, *command.base], folder)
        assert found is None, f"{command.name}: {found}"


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.name)
def test_an_option_taking_one_value_given_twice_is_refused_naming_it(
    command: Command, folder: Path
) -> None:
    """Every option that takes one value, given twice, is one line naming it: the last one
    given was once taken silently."""
    fields = single(command)
    lines = [twice(command, field) for field in fields]
    before = listing(folder)
    outcomes = capped_clis(lines, cwd=folder)
    assert listing(folder) == before, "a refused command wrote a file"
    for field, words, outcome in zip(fields, lines, outcomes, strict=True):
        found = problem(outcome, before, before)
        assert found is None and outcome.code == 2, f"{shown(words)}: {found or outcome.explain()}"
        line = outcome.err.strip().removeprefix("skirmish: error: ")
        assert line.startswith(f"{field.flag} given "), f"{shown(words)}: {line}"
        assert line.endswith("; give it once"), f"{shown(words)}: {line}"


def test_repeatable_options_are_still_taken_more_than_once(folder: Path) -> None:
    """Options the models declare as lists are not refused when repeated."""
    repeatable = [(c, f) for c in COMMANDS for f in c.fields if f.multiple]
    assert {f.flag for _, f in repeatable} >= {"--weapon", "--warband", "--via", "--skill"}
    for command, field in repeatable:
        words = twice(command, field)
        found, outcome = attempt(words, folder)
        assert found is None, f"{shown(words)}: {found}"
        assert "give it once" not in outcome.err, f"{shown(words)}: {outcome.err}"


READERS: list[tuple[Command, OptionField]] = [
    (command, field)
    for command in COMMANDS
    for field in command.fields
    if field.kind is Path and field.name not in WRITTEN
]
FIRST_READERS = {(c.game, f.flag): (c, f) for c, f in reversed(READERS)}
"""Each file option of a game once (several commands read the same file the same way)."""


def _file_words(command: Command, field: OptionField, value: str) -> list[str]:
    if field.argument:
        game = [command.game] if command.game else []
        rest = command.base[1:] if command.base else ()
        return [command.verb, *game, value, *rest]
    base = {
        "resume": (),
        "position": (),  # a position sets the battle up alone
        "battlefield": ("--attacker", "A", "--target", "B"),
    }.get(field.name, command.base)
    if field.name == "tally":  # it plays nothing, so it takes no number of battles
        base = base[: base.index("--battles")]
    return [command.verb, command.game, *base, field.flag, value]


@pytest.mark.parametrize(
    ("command", "field"), FIRST_READERS.values(), ids=[f"{g} {f}" for g, f in FIRST_READERS]
)
def test_every_bad_file_is_one_line_naming_it(
    command: Command, field: OptionField, folder: Path
) -> None:
    for name in BAD_FILES:
        words = _file_words(command, field, name)
        found, outcome = attempt(words, folder)
        assert found is None, f"{shown(words)}: {found}"
        assert name.split("/")[-1] in outcome.err, f"{shown(words)}: {outcome.err}"


@pytest.mark.parametrize(
    ("command", "field"), READERS, ids=[f"{c.name} {f.flag}" for c, f in READERS]
)
def test_every_command_reading_a_file_refuses_a_bad_one(
    command: Command, field: OptionField, folder: Path
) -> None:
    """Each command that reads a file, with three bad files in turn (a different three for
    each, so every kind passes through many commands)."""
    start = READERS.index((command, field)) * 3
    for name in (BAD_FILES * 2)[start % len(BAD_FILES) :][:3]:
        words = _file_words(command, field, name)
        found, _ = attempt(words, folder)
        assert found is None, f"{shown(words)}: {found}"


@pytest.mark.parametrize("verb", ["replay", "play"])
@pytest.mark.parametrize("name", RECORDS)
def test_a_bad_battle_record_is_one_line(verb: str, name: str, folder: Path) -> None:
    words = ["replay", name] if verb == "replay" else ["play", "magewinds", "--resume", name]
    found, _ = attempt(words, folder)
    assert found is None, f"{shown(words)}: {found}"


@pytest.mark.parametrize("name", ["", ".", "folder", "missing-dir/out.json"])
def test_a_battle_record_that_cannot_be_written_is_refused_first(name: str, folder: Path) -> None:
    base = next(c for c in COMMANDS if c.verb == "play").base
    words = ["play", "magewinds", *base, "--save", name]
    found, outcome = attempt(words, folder)
    assert found is None and outcome.code == 2, f"{shown(words)}: {found or outcome.explain()}"


def test_a_full_disk_after_a_battle_is_one_line(folder: Path) -> None:
    base = next(c for c in COMMANDS if c.verb == "play").base
    words = ["play", "magewinds", *base, "--save", "/dev/full"]
    _, outcome = attempt(words, folder)
    assert outcome.code == 2 and not outcome.stopped, outcome.explain()
    assert outcome.err.splitlines() == [
        "skirmish: error: /dev/full: cannot write the battle record: No space left on device"
    ]
