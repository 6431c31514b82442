"""Playing a Magewinds battle at the terminal as a new player does (issue 34): take-backs,
interrupts, pictures, menus, hints, wording, stepping through a record, start-up."""

from __future__ import annotations

import io
import sys

KING = [
    "play",
    "magewinds",
    "--scenario",
    "king-of-the-hill",
    "--warband",
    "Wizard,Witch",
    "--warband",
    "Druid,Seer",
    "--length",
    "quick",
    "--players",
    "human,greedy",
    "--seed",
    "4",
]
OPENING = [
    "deploy Wizard at 8,1.5",
    "deploy Witch at 9.5,1.5",
    "1",
    "3",
    "draw JH",
    "draw QS",
    "draw deck",
    "pass",
    "activate Wizard",
]
"""Player 1's first steps of a King of the Hill against the greedy player, up to the
Wizard's first decision of round 1."""


def scripted(monkeypatch, lines):
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))


def test_after_a_take_back_the_decision_now_pending_is_asked_and_numbered(cli, monkeypatch):
    scripted(monkeypatch, [*OPENING, "move", "undo", "3"])
    run = cli(*KING)
    assert "is not a legal action" not in run.err
    after = run.out[run.out.index("1.1: took back") :]
    assert "13.0: Wizard: cast a spell" in after  # the decision taken back, asked again
    assert "3. guard" in after and "Wizard makes a Guard action" in after
    assert "standard input has ended" in run.err  # the script ran out, nothing refused


def test_a_script_that_ends_keeps_the_battle_and_says_how_to_go_on(cli, tmp_path, monkeypatch):
    path = tmp_path / "battle.json"
    scripted(monkeypatch, OPENING)
    run = cli(*KING, "--save", str(path))
    assert run.code == 2 and run.err.count("\n") == 1 and "standard input has ended" in run.err
    assert f"saved in {path}" in run.err and f"--resume {path} --players human,greedy" in run.err
    scripted(monkeypatch, ["move", "undo", "guard"])
    again = cli("play", "magewinds", "--resume", str(path), "--players", "human,greedy")
    assert "Wizard makes a Guard action" in again.out  # resumed at the Wizard's decision


class _Keyboard(io.StringIO):
    """A person at a terminal typing the given lines, then Ctrl-C (or Ctrl-D)."""

    def isatty(self) -> bool:
        return True


def test_ctrl_c_or_ctrl_d_at_a_prompt_keeps_the_battle(cli, tmp_path, monkeypatch):
    import typer

    for stop in (KeyboardInterrupt, EOFError):  # click's prompt turns both into Abort
        answers = iter(OPENING)

        def prompt(text, *args, _answers=answers, _stop=stop, **kwargs):
            try:
                return next(_answers)
            except StopIteration:
                raise typer.Abort() from _stop()

        monkeypatch.setattr(sys, "stdin", _Keyboard())
        monkeypatch.setattr(typer, "prompt", prompt)
        monkeypatch.chdir(tmp_path)
        run = cli(*KING)
        assert run.code == 1 and "interrupted; the battle so far is saved in" in run.err
        name = run.err.split("saved in ")[1].split(";")[0]
        assert f"--resume {name} --players human,greedy" in run.err
        assert '"deploy Wizard at 8,1.5"' in (tmp_path / name).read_text()
    assert sorted(p.name for p in tmp_path.glob("*.json")) == [
        "magewinds-4-2.json",  # the first file kept, not overwritten
        "magewinds-4.json",
    ]
