"""``skirmish play`` (and ``replay``) fit their log lines and prompts to the terminal
(``COLUMNS``), broken between words, a log line continued under its text; piped, every
line stays whole, so a scripted run prints the same bytes on every machine."""

from __future__ import annotations

import io
import json
import sys

from skirmish.cli.commands.play import RULE_WIDTH
from skirmish.cli.render import wrapped
from skirmish.engine.battle import load_record

# Seer's Insight and the Channelling Phase write log lines past 80 columns.
PLAY = (
    "play",
    "magewinds",
    "--scenario",
    "deathmatch",
    "--warband",
    "Seer,Wizard",
    "--warband",
    "Druid,Guardian",
    "--length",
    "quick",
    "--rounds",
    "2",
    "--seed",
    "4",
)


def words(text: str) -> list[str]:
    return text.split()


def fits(text: str, width: int = 80) -> None:
    lines = text.splitlines()
    assert all(len(line.rstrip()) <= width for line in lines), max(lines, key=len)
    assert "…" not in text


def test_wrapped_breaks_between_words_and_hangs_the_rest(monkeypatch):
    monkeypatch.setenv("COLUMNS", "30")
    text = "      12.0  one two three four five six seven eight nine"
    assert wrapped(text, indent=12).splitlines() == [
        "      12.0  one two three four",
        "            five six seven",
        "            eight nine",
    ]
    # A word longer than the line is kept whole; a short line and spaces alone are kept.
    assert wrapped("a " + "x" * 30 + " b") == "a\n  " + "x" * 30 + "\n  b"
    assert wrapped("short\n" + " " * 40) == "short\n" + " " * 40
    monkeypatch.delenv("COLUMNS")
    assert wrapped("word " * 100) == "word " * 100  # piped: no terminal to fit


def test_a_battle_reads_at_80_columns_and_piped_it_stays_whole(cli, monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    piped = cli(*PLAY, "--players", "random,random")
    again = cli(*PLAY, "--players", "random,random")
    assert piped.code == again.code == 0, piped.err
    assert piped.out == again.out
    assert max(len(line) for line in piped.out.splitlines()) > 80
    monkeypatch.setenv("COLUMNS", "80")
    narrow = cli(*PLAY, "--players", "random,random")
    assert narrow.code == 0, narrow.err
    fits(narrow.out)
    assert words(narrow.out) == words(piped.out)
    continued = [line for line in narrow.out.splitlines() if line.startswith(" " * 12)]
    assert continued and all(line[12] != " " for line in continued)
    assert "            one and puts the other back on top" in narrow.out.splitlines()


def test_a_scripted_person_reads_prompts_help_and_hints_at_80_columns(cli, tmp_path, monkeypatch):
    """Player 1's actions from a random battle, typed from a script with the terminal's
    commands between them: at 80 columns every line fits, the words are those of the
    piped run, and the battle is the same battle."""
    monkeypatch.delenv("COLUMNS", raising=False)
    first = tmp_path / "first.json"
    assert cli(*PLAY, "--players", "random,random", "--save", str(first)).code == 0
    mine = [s["action"] for s in json.loads(first.read_text())["steps"] if s.get("player") == 0]
    script = "".join(f"{line}\n" for line in ["help", "hand", "hint", *mine])
    runs = {}
    for columns in (None, "80"):
        if columns is not None:
            monkeypatch.setenv("COLUMNS", columns)
        monkeypatch.setattr(sys, "stdin", io.StringIO(script))
        save = tmp_path / f"{columns}.json"
        run = cli(*PLAY, "--players", "human,random", "--save", str(save))
        assert run.code == 0, run.err
        assert load_record(save).final_hash == load_record(first).final_hash
        runs[columns] = run.out
    fits(runs["80"])
    assert max(len(line) for line in runs[None].splitlines()) > 80
    assert words(runs["80"]) == words(runs[None])
    # The replay prints the same log lines, fitted the same way.
    narrow = cli("replay", str(first))
    monkeypatch.delenv("COLUMNS")
    piped = cli("replay", str(first))
    assert narrow.code == piped.code == 0, (narrow.err, piped.err)
    fits(narrow.out)
    assert max(len(line) for line in piped.out.splitlines()) > 80
    assert words(narrow.out) == words(piped.out)


def test_piped_the_heading_result_and_tables_fit_80_columns_and_log_lines_stay_whole(
    cli, monkeypatch
):
    """Piped (no ``COLUMNS``, no terminal), what Rich prints (the heading, a status table,
    the result line) is fitted to 80 columns, the same on every machine, while the log
    lines stay whole for scripts. The result line used to be printed 160 columns wide."""
    monkeypatch.delenv("COLUMNS", raising=False)
    run = cli(*PLAY, "--players", "random,random")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    logged = [
        n for n, line in enumerate(lines) if line[:RULE_WIDTH].strip() and line[10:12] == "  "
    ]
    assert max(len(lines[n]) for n in logged) > 80  # log lines whole
    result = lines[logged[-1] + 1 :]
    assert result and all(len(line.rstrip()) <= 80 for line in result), result
    assert words(" ".join(result)).count("draw") >= 1 or "wins" in " ".join(result)
    assert all(len(line.rstrip()) <= 80 for line in lines[: logged[0]])


def test_piped_a_status_table_fits_80_columns(cli, monkeypatch):
    """A person's ``status`` typed from a script, output piped: the table is fitted to 80
    columns, as on every machine."""
    from skirmish.cli.render import PIPED_WIDTH, console

    monkeypatch.delenv("COLUMNS", raising=False)
    assert console().width == PIPED_WIDTH == 80
    monkeypatch.setattr(sys, "stdin", io.StringIO("status\n"))
    run = cli(*PLAY, "--players", "human,random")
    table = run.out.split("> status\n", 1)[1].splitlines()
    assert "fighter" in table[2] and "notes" in " ".join(table)
    assert all(len(line.rstrip()) <= 80 for line in table), table
    monkeypatch.setenv("COLUMNS", "120")
    assert console().width == 120


def test_the_advisors_prompt_is_fitted_to_the_terminal(cli, monkeypatch):
    """The referee's question at a terminal, with the advisor's solved values and the
    lettered options, is broken between words at the terminal's width, as the battle's
    prompts are; the words are those of the whole line."""
    import typer

    asked: dict[str | None, str] = {}
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    args = ("attack", "darkrealms", "--strength", "4", "--range-die", "--distance", "2")
    for columns in (None, "40"):
        if columns is None:
            monkeypatch.delenv("COLUMNS", raising=False)  # no terminal width known
        else:
            monkeypatch.setenv("COLUMNS", columns)

        def answer(text: str, _columns: str | None = columns, **_: object) -> str:
            asked.setdefault(_columns, text)
            return "a"

        monkeypatch.setattr(typer, "prompt", answer)
        assert cli(*args, "--stamina", "1", "--seed", "2").code == 0
    assert max(len(line) for line in asked[None].splitlines()) > 40
    assert all(len(line) <= 40 for line in asked["40"].splitlines()), asked["40"]
    assert words(asked["40"]) == words(asked[None])
    assert "solved:" in asked["40"]
