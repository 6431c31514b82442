"""Hostile command lines, derived from the options models: every option of every command of
every game, given extreme and malformed values, and bad files wherever a file is read.

Used by ``tests/test_cli_fuzz.py`` (a few examples of each command, every run) and by
``benchmarks/fuzz_cli.py`` (as long as a user likes). Each command line runs through
:func:`capped.capped_cli` in a folder holding the bad files of :data:`FILES`; what it may
do is judged by :func:`problem`. An option added to a model is tried without a change here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from capped import CliOutcome, capped_cli
from skirmish.games import GAMES
from skirmish.options import OptionField, option_fields

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

_LAUGHS = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"] + [
    f"{chr(97 + i)}: &{chr(97 + i)} [" + ", ".join([f"*{chr(96 + i)}"] * 9) + "]"
    for i in range(1, 9)
]

FILES: dict[str, bytes | None] = {
    "picture.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe\x00\x01",
    "empty.yaml": b"",
    "comment.yaml": b"# nothing here\n",
    "huge.yaml": None,  # 50 MB of nothing, made sparse
    "laughs.yaml": "\n".join(_LAUGHS).encode(),
    "deep.yaml": b"[" * 5000 + b"]" * 5000,
    "twice.yaml": b"fighters: []\nfighters: []\n",
    "list.yaml": b"- 1\n- 2\n",
    "scalar.yaml": b"hello\n",
    "types.yaml": b"fighters: 3\nunits: {a: 1}\nfigures: yes\nmodels: .nan\ntable: [1e400, -1]\n",
    "self.yaml": b"a: &x [1, *x]\n",
    "record.json": b'{"game": "magewinds", "players": 3, "actions": "many"}',
    "broken.json": b'{"game": ',
    "deep.json": b"[" * 100_000 + b"]" * 100_000,
    "other.json": b'{"game": "chess"}',
    "text.json": "\u2603 \x1b[31m".encode(),
}
"""Bad files, written into the folder each command line runs in (``folder`` a directory)."""

PATHS = [
    *FILES,
    "folder",
    "missing.yaml",
    "missing-dir/out.png",
    "missing-dir/out.csv",
    "out.bmp",
    "out.png",
    "out.csv",
    "out.json",
    "/dev/zero",
    "/dev/null",
    "/dev/full",
    "",
    ".",
]
"""What a file option is given: bad files, folders, special files, missing places."""

NUMBERS = [
    "",
    " ",
    "-",
    "lots",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "1e400",
    "-1e400",
    "1e1000000000",
    "9" * 400,
    "-" + "9" * 400,
    "0x10",
    "1_000",
    "½",
    "٣",
    "3/0",
    "1/3",
    "0.5",
    "-0",
    "1,2",
    str(2**63),
    str(-(2**63)),
    "1" + "0" * 30,
]
TEXTS = [
    "",
    " ",
    "-",
    "--json",
    "x" * 5000,
    "\u2603",
    "\x1b[2J",
    "Wizard",
    "wizard",
    "../../etc/passwd",
    "%s%n",
    "a=b=c",
    "=",
    ",",
    ",,,",
    "miss=1,miss=2",
    "stunned=1e1000000000",
    "D1000000000",
    "900D6",
    "1000000D6",
    "99999999999999/3",
    "human," * 50,
    "Wizard," * 200,
]
POINTS = [
    "nan,nan",
    "inf,inf",
    "-inf,0",
    "1e400,1",
    "1e308,1e308",
    "1000000,0",
    "1,2,3",
    ",",
    "3",
    "1;2",
    "0x1,2",
    "1e1000000000,0",
    "-0,-0",
]
STRUCTURE = ["--bogus", "-x", "extra", "--", "--help"]
"""Words that break the shape of a command line rather than a value."""


@dataclass(frozen=True)
class Command:
    """A command of a game: its words, a command line that runs, and its options."""

    verb: str
    game: str
    base: tuple[str, ...]
    fields: tuple[OptionField, ...]

    @property
    def name(self) -> str:
        return f"{self.verb} {self.game}".strip()


def _absolute(args: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(str(ROOT / a) if a.startswith("examples/") else a for a in args)


def _base(game: Any, verb: str, examples: Any) -> tuple[str, ...]:
    """A command line of ``verb`` that the game answers, to add hostile options to."""
    given = getattr(examples.commands, verb, None) if examples is not None else None
    if verb == "draw" and given is not None:
        return (*_absolute(given), "-o", "out.png")
    if given is not None:
        return _absolute(given)
    if verb == "move":
        return (str(EXAMPLES / "ruins.yaml"), "--fighter", "Wizard", "--to", "10,10")
    if verb in ("play", "simulate"):
        return (
            *("--scenario", "deathmatch", "--warband", "Wizard,Cleric", "--warband"),
            *("Guardian,Witch", "--players", "random,random", "--rounds", "1", "--seed", "1"),
            *(("--battles", "1") if verb == "simulate" else ()),
        )
    return ()


def commands() -> list[Command]:
    """Every command of every game, and ``replay``."""
    import importlib

    from skirmish.cli.commands.replay import ReplayOptions

    found = []
    for info in GAMES:
        game = info.load()
        examples = importlib.import_module(game.examples).EXAMPLES if game.examples else None
        for verb, model in game.commands.items():
            found.append(
                Command(verb, info.name, _base(game, verb, examples), option_fields(model))
            )
    # replay's options are tried on a record's name, so each is checked with the argument
    # the command needs (an option given twice is refused before the record is read).
    found.append(Command("replay", "", ("battle.json",), option_fields(ReplayOptions)))
    return found


def values(field: OptionField) -> list[str]:
    """Extreme and malformed values for ``field``, from its type, bounds and choices."""
    if field.kind is Path:
        return PATHS
    if field.choices is not None:
        return [*field.choices, *(c.upper() for c in field.choices), "bogus", "", ","]
    if field.kind in (int, float, Fraction):
        found = list(NUMBERS)
        for bound in (field.minimum, field.maximum):
            if bound is not None:
                found += [str(bound), str(bound - 1), str(bound + 1), f"{float(bound) + 0.5}"]
        return found
    if "," in field.metavar and "=" not in field.metavar:
        return [*POINTS, *TEXTS]
    return TEXTS


Draw = Callable[[list[Any]], Any]
"""Picks one of a list: hypothesis's ``sampled_from`` in tests, ``random.choice`` in the
script."""


def command_line(command: Command, pick: Draw, count: Callable[[int, int], int]) -> list[str]:
    """``command``'s working command line with one to three hostile options added."""
    words = [command.verb, *([command.game] if command.game else []), *command.base]
    for _ in range(count(1, 3)):
        if not command.fields or count(0, 9) == 0:
            words.append(pick(STRUCTURE))
            continue
        field = pick(list(command.fields))
        if field.kind is bool and not field.multiple:
            words += [field.flag] * count(1, 2)
            continue
        value = pick(values(field))
        if field.argument:
            words.insert(2 if command.game else 1, value)
            continue
        times = count(1, (field.max_items or 1) + 1) if field.multiple else count(1, 2)
        if field.multiple and count(0, 3) == 0:
            times = (field.max_items or 1) + 1
        for _ in range(times):
            words += [pick(list(field.flags)), value]
    if count(0, 9) == 0:
        words.append(pick([f for c in command.fields for f in c.flags] or ["--json"]))
    return words


def single(command: Command) -> list[OptionField]:
    """``command``'s options that take one value (not repeatable, not flags, not arguments)."""
    return [f for f in command.fields if not (f.multiple or f.argument or f.kind is bool)]


def twice(command: Command, field: OptionField) -> list[str]:
    """``command``'s working command line with ``field`` given twice more, by its first and
    its last spelling, with two different values."""
    first, second = values(field)[-2:]
    return [
        command.verb,
        *([command.game] if command.game else []),
        *command.base,
        *(field.flags[0], first, field.flags[-1], second),
    ]


def prepare(folder: Path) -> None:
    """Write the bad files of :data:`FILES` into ``folder``."""
    for name, content in FILES.items():
        path = folder / name
        if content is None:
            with path.open("wb") as stream:
                stream.truncate(50 * 1024 * 1024)
        else:
            path.write_bytes(content)
    (folder / "folder").mkdir(exist_ok=True)


def listing(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size for p in sorted(folder.rglob("*"))}


def problem(
    outcome: CliOutcome, before: dict[str, int], after: dict[str, int], *, plays: bool = False
) -> str | None:
    """What is wrong with how a command line ended, or None: it must answer (exit 0, at most
    naming the files it wrote on stderr) or refuse (exit 2, one ``skirmish: error:`` line,
    nothing on stdout, nothing written), within the caps, never with a traceback. A battle
    (``plays``) is printed as it is played, so a record that cannot be written at its end
    (a full disk) is refused after it."""
    if outcome.stopped:
        return outcome.explain()
    if "Traceback" in outcome.err:
        return "a traceback: " + outcome.explain()
    if outcome.code == 0:
        extra = [line for line in outcome.err.splitlines() if not line.startswith("wrote ")]
        return f"answered with more on stderr: {extra}" if extra else None
    lines = outcome.err.splitlines()
    if outcome.code != 2:
        return f"exit code {outcome.code}: " + outcome.explain()
    if len(lines) != 1 or not lines[0].startswith("skirmish: error: "):
        return "not one error line: " + outcome.explain()
    if outcome.out and not plays:
        return "refused after printing an answer: " + outcome.explain()
    if after != before:
        return f"refused but changed the folder: {sorted(set(after.items()) ^ set(before.items()))}"
    return None


def attempt(words: list[str], folder: Path, *, cpu: int = 20) -> tuple[str | None, CliOutcome]:
    """Run ``skirmish WORDS`` in ``folder`` (prepared) under the caps: what went wrong (or
    None), and how it ended. Files an answer wrote are removed, so the next try starts from
    the same folder."""
    before = listing(folder)
    outcome = capped_cli(words, cwd=folder, cpu=cpu)
    after = listing(folder)
    found = problem(outcome, before, after, plays=words[0] == "play")
    for name in set(after) - set(before):
        path = folder / name
        if path.is_file():
            path.unlink()
    return found, outcome


def random_draws(rng: random.Random) -> tuple[Draw, Callable[[int, int], int]]:
    return rng.choice, rng.randint


def shown(words: list[str]) -> str:
    """A command line as a user would type it (long words cut)."""
    import shlex

    return "skirmish " + " ".join(
        shlex.quote(w if len(w) <= 60 else w[:40] + f"...({len(w)} characters)") for w in words
    )


__all__ = [
    "FILES",
    "Command",
    "attempt",
    "command_line",
    "commands",
    "prepare",
    "problem",
    "single",
    "twice",
]
