"""Every registered game, checked the same way from its examples (``Game.examples``).

- golden logs: a seeded resolution replays to its recorded log (text and numbers);
- the referee samples what exact mode enumerates (chi-square);
- merged enumeration equals the plain computation on generated, decision-heavy cases,
  whole result records, every probability;
- exact mode renders no log text at all;
- every command answers in its documented JSON shape (``docs/json.md``), with a ``game``;
- every decision the referee can ask has a flag that answers it, and without a terminal
  the error names that flag;
- every error path exits 2 with one line, flags' bad values derived from the options models.

A fifth game gets all of this by registering and writing its examples module.

Set ``SKIRMISH_UPDATE_GOLDEN=1`` to record golden logs again after an intended change, then
read the diff before committing it.
"""

from __future__ import annotations

import importlib
import json
import math
import os
from collections import Counter
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import assert_sampled_agrees
from skirmish.conformance import Examples
from skirmish.engine import Decision, Event, Play, exact, play
from skirmish.games import GAMES
from skirmish.options import option_fields

GOLDEN = Path(__file__).parent / "golden"
NAMES = [game.name for game in GAMES]


def examples(name: str) -> Examples:
    game = next(g for g in GAMES if g.name == name).load()
    assert game.examples, f"{name} names no examples module"
    found = importlib.import_module(game.examples).EXAMPLES
    assert isinstance(found, Examples)
    return found


def render(outcome: Play[object]) -> str:
    lines = [str(entry) for entry in outcome.log]
    lines.append("data: " + json.dumps([e.as_dict()["data"] for e in outcome.log], default=str))
    return "\n".join(lines) + "\n"


# Golden logs.


GOLDEN_CASES = [(name, case) for name in NAMES for case in examples(name).golden]


@pytest.mark.parametrize("game", NAMES)
def test_every_game_has_a_golden_log(game):
    assert examples(game).golden, f"{game} has no golden log"


@pytest.mark.parametrize(("game", "case"), GOLDEN_CASES)
def test_golden_log(game, case):
    path = GOLDEN / f"{case}.log"
    outcome = examples(game).golden[case]()
    text = render(outcome)
    if os.environ.get("SKIRMISH_UPDATE_GOLDEN"):
        path.write_text(text)
    assert path.exists(), f"no golden log {path}; record it with SKIRMISH_UPDATE_GOLDEN=1"
    assert text == path.read_text()
    assert all(entry.rule and isinstance(entry, Event) for entry in outcome.log)


# Referee against exact.


SAMPLES = 1500


@pytest.mark.parametrize("game", NAMES)
def test_the_referee_samples_what_exact_mode_enumerates(game):
    found = examples(game).sampled
    assert found, f"{game} gives no sampled example"
    for sampled in found:
        expected = exact(sampled.procedure, policy=sampled.policy).map(sampled.outcome)
        rng = Random(20261122)
        seen = Counter(
            sampled.outcome(play(sampled.procedure, players=sampled.policy, seed=rng).result)
            for _ in range(SAMPLES)
        )
        assert_sampled_agrees(expected.probabilities, seen, SAMPLES)


# Merged enumeration against the plain computation.


class HypothesisPick:
    """A :class:`skirmish.conformance.Pick` drawing from hypothesis."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))

    def boolean(self) -> bool:
        return self.data.draw(st.booleans())

    def choice(self, options: Any) -> Any:
        return self.data.draw(st.sampled_from(list(options)))

    def reject(self) -> Any:
        from hypothesis import reject

        reject()


@pytest.mark.parametrize("game", NAMES)
def test_merged_exact_equals_the_plain_computation(game):
    found = examples(game)

    @settings(
        max_examples=found.cases_per_run,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(st.data())
    def check(data: st.DataObject) -> None:
        case = found.cases(HypothesisPick(data))
        merged = exact(case.procedure, policy=case.policy(True))
        plain = exact(case.procedure, policy=case.policy(False), merge=False)
        assert merged.probabilities == plain.probabilities, case

    check()


@pytest.mark.parametrize("game", NAMES)
def test_exact_mode_renders_no_log_text(game, monkeypatch):
    def refuse(self: Event) -> str:
        raise AssertionError(f"exact mode rendered the text of {type(self).__name__}")

    for sampled in examples(game).sampled:
        monkeypatch.setattr(Event, "render", refuse)
        monkeypatch.setattr(Event, "__str__", refuse)
        exact(sampled.procedure, policy=sampled.policy)
        monkeypatch.undo()


# The command line: JSON shapes, decisions answered by flags, error paths.


def run_json(cli, *args: str) -> dict[str, Any]:
    run = cli(*args, "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["game"] == args[1]
    return data


def is_fraction(text: Any) -> bool:
    try:
        Fraction(text)
    except (TypeError, ValueError):
        return False
    return isinstance(text, str)


@pytest.mark.parametrize("game", NAMES)
def test_odds_json_has_the_common_shape(game, cli):
    data = run_json(cli, "odds", game, *examples(game).commands.odds)
    assert set(data) == {"game", "attacker", "attack", "target", "outcome", "battlefield", "cases"}
    assert isinstance(data["cases"], list) and data["cases"]
    for case in data["cases"]:
        assert set(case) == {"choices", "distribution", "expected", "chances", "details"}
        assert sum(Fraction(p) for p in case["distribution"].values()) == 1
        assert all(is_fraction(v) for v in (*case["expected"].values(), *case["chances"].values()))


@pytest.mark.parametrize("game", NAMES)
def test_attack_json_has_the_common_shape(game, cli):
    data = run_json(cli, "attack", game, *examples(game).commands.attack)
    assert set(data) == {"game", "seed", "attacker", "attack", "target", "result", "log"}
    assert data["log"] and all(set(e) == {"rule", "event", "text", "data"} for e in data["log"])
    assert all(entry["rule"] for entry in data["log"])


@pytest.mark.parametrize("game", NAMES)
def test_advise_json_has_the_common_shape(game, cli):
    data = run_json(cli, "advise", game, *examples(game).commands.advise)
    assert set(data) == {
        "game",
        "attacker",
        "attack",
        "target",
        "objective",
        "value",
        "exact",
        "decisions",
        "details",
    }
    assert is_fraction(data["value"]) and isinstance(data["exact"], bool)
    for decision in data["decisions"]:
        assert {"player", "decision", "when", "options", "best"} <= set(decision)
        assert set(decision["best"]) <= set(decision["options"])


@pytest.mark.parametrize("game", NAMES)
def test_fighters_json_has_the_common_shape(game, cli):
    data = run_json(cli, "fighters", game)
    assert {"game", "roster", "fighters"} <= set(data) <= {"game", "roster", "fighters", "cards"}
    assert data["fighters"] and all("name" in f for f in data["fighters"])


@pytest.mark.parametrize("game", NAMES)
def test_los_json_names_each_fact_and_its_rule(game, cli):
    args = examples(game).commands.los
    if args is None:
        assert "los" not in next(g for g in GAMES if g.name == game).load().commands
        return
    data = run_json(cli, "los", game, *args)
    assert data["facts"] and all(set(f) == {"rule", "text"} and f["rule"] for f in data["facts"])


@pytest.mark.parametrize("game", NAMES)
def test_draw_writes_a_picture(game, cli, tmp_path):
    args = examples(game).commands.draw
    if args is None:
        return
    out = tmp_path / "field.png"
    run = cli("draw", game, *args, "-o", str(out))
    assert run.code == 0, run.err
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and run.err.strip() == f"wrote {out}"


def _decisions(sampled: Any) -> set[str]:
    """Every decision key the procedure asks, enumerating every branch."""
    asked: set[str] = set()

    def record(decision: Decision) -> Any:
        asked.add(decision.key)
        return sampled.policy(decision)

    exact(sampled.procedure, policy=record)
    return asked


def _flags(command: str, game: str) -> set[str]:
    model = next(g for g in GAMES if g.name == game).load().commands[command]
    return {flag for field in option_fields(model) for flag in field.flags}


@pytest.mark.parametrize("game", NAMES)
def test_every_decision_the_referee_asks_has_a_flag(game):
    loaded = next(g for g in GAMES if g.name == game).load()
    attack_flags = _flags("attack", game)
    for flag in loaded.decisions.values():
        assert {w for w in flag.split() if w.startswith("--")} <= attack_flags, flag
    for sampled in examples(game).sampled:
        for key in _decisions(sampled):
            assert loaded.answering_flag(key), f"{game}: no flag answers {key!r}"


@pytest.mark.parametrize("game", NAMES)
def test_without_a_terminal_the_error_names_the_flag(game, cli):
    run = cli("attack", game, *examples(game).commands.unanswered)
    assert run.code == 2 and run.out == ""
    (line,) = run.err.strip().splitlines()
    assert "no terminal" in line
    named = {w.strip(";,()") for w in line.split() if w.startswith("--")}
    assert named and named <= _flags("attack", game), line


@pytest.mark.parametrize(
    ("game", "verb", "args", "message"),
    [
        (name, verb, args, message)
        for name in NAMES
        for verb, args, message in examples(name).commands.errors
    ],
)
def test_error_examples_are_one_line(game, verb, args, message, cli):
    run = cli(verb, game, *args)
    assert run.code == 2 and run.out == ""
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in run.err, run.err


def _bad_values(game: str) -> list[tuple[str, str, str]]:
    """For every command and numeric or choice option: a value it must refuse."""
    found = []
    loaded = next(g for g in GAMES if g.name == game).load()
    for verb, model in loaded.commands.items():
        for field in option_fields(model):
            if field.argument or field.kind is bool:
                continue
            if field.choices is not None:
                found.append((verb, field.flag, "no-such-choice"))
            elif field.kind in (int, float, Fraction):
                found.append((verb, field.flag, "lots"))
                if field.maximum is not None:
                    found.append((verb, field.flag, str(int(field.maximum) + 1)))
                if field.minimum is not None:
                    found.append((verb, field.flag, str(math.ceil(field.minimum) - 1)))
    return found


BAD_VALUES = [(name, *bad) for name in NAMES for bad in _bad_values(name)]


@pytest.mark.parametrize(("game", "verb", "flag", "value"), BAD_VALUES)
def test_a_bad_value_for_any_option_is_one_line_naming_it(game, verb, flag, value, cli, tmp_path):
    arguments = (str(tmp_path / "none.yaml"),) if verb in ("los", "move", "draw") else ()
    output = ("-o", str(tmp_path / "x.png")) if verb == "draw" and flag != "-o" else ()
    run = cli(verb, game, *arguments, *output, flag, value)
    assert run.code == 2 and run.out == "", run
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.err
    assert flag in lines[0] or (flag == "-o" and "--output" in lines[0]), lines[0]


LIMITED = [
    (name, verb, field.flag, field.limit)
    for name in NAMES
    for verb, model in next(g for g in GAMES if g.name == name).load().commands.items()
    for field in option_fields(model)
    if field.limit is not None and not field.argument
]


@pytest.mark.parametrize(("game", "verb", "flag", "limit"), LIMITED)
def test_an_option_held_to_a_limit_is_refused_in_its_words(game, verb, flag, limit, cli, tmp_path):
    """A command-line value past a limit of skirmish.limits is refused naming the limit and
    why, just as the same value in a data file is."""
    arguments = (str(tmp_path / "none.yaml"),) if verb in ("los", "move", "draw") else ()
    output = ("-o", str(tmp_path / "x.png")) if verb == "draw" else ()
    past = limit.maximum + 1
    run = cli(verb, game, *arguments, *output, flag, str(past))
    assert run.code == 2 and run.out == "", run
    assert run.err.strip() == (
        f"skirmish: error: {flag} {past}: {limit.problem(past)}"
        + (f" ({rule})" if (rule := _rule(game, verb, flag)) else "")
    )


def _rule(game: str, verb: str, flag: str) -> str:
    model = next(g for g in GAMES if g.name == game).load().commands[verb]
    return next(f.rule for f in option_fields(model) if f.flag == flag)


def test_an_unknown_flag_or_game_is_one_line(cli):
    for args in (("odds", "magewinds", "--bogus"), ("odds", "chess"), ("nonsense",)):
        run = cli(*args)
        assert run.code == 2 and len(run.err.strip().splitlines()) == 1, (args, run.err)
        assert run.err.startswith("skirmish: error:")


@pytest.mark.parametrize("game", NAMES)
def test_every_option_a_user_gives_is_typed_and_bounded(game):
    """Limits as data: every number has a range, every text and list a length, so a value
    too large is refused before any work starts (and tests can derive extreme values)."""
    loaded = next(g for g in GAMES if g.name == game).load()
    for verb in loaded.commands:
        for field in option_fields(loaded.commands[verb]):
            where = f"{game} {verb} {field.flag}"
            assert (field.help and field.flag.startswith("--")) or field.argument, where
            if field.kind in (int, float, Fraction):
                assert field.minimum is not None and field.maximum is not None, where
            if field.kind is str and field.choices is None:
                assert field.max_length is not None, where
            if field.multiple:
                assert field.max_items is not None, where
