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
