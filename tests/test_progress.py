"""Progress of work that takes seconds: told by the answers, drawn on a terminal only."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from skirmish.cli import progress as bar
from skirmish.progress import listening, tracker

RUINS = str(Path(__file__).resolve().parents[1] / "examples" / "ruins.yaml")
TOKENS = ("--attacker", "Line Trooper", "--target", "Warden", "--distance", "8")
TOKENS += ("--attacker-tokens", "2", "--attacker-dummies", "2", "--defender-tokens", "2")


def _recorded(cli, *args: str) -> dict[str, list[tuple[int | None, int]]]:
    told: dict[str, list[tuple[int | None, int]]] = {}

    def listener(what: str, total: int | None):  # type: ignore[no-untyped-def]
        told.setdefault(what, [])
        return lambda done: told[what].append((total, done))

    with listening(listener):
        run = cli(*args)
    assert run.code == 0, run.err
    assert run.err == "", "nothing is drawn when standard error is not a terminal"
    return told


@pytest.mark.parametrize(
    ("args", "what", "complete"),
    [
        (
            ("odds", "darkrealms", "--strength", "4", "--stamina", "30"),
            "positions worked out",
            False,
        ),
        (
            ("advise", "darkrealms", "--strength", "4", "--stamina", "30"),
            "positions worked out",
            False,
        ),
        (("matchups", "magewinds"), "matchups solved", True),
        (("los", "magewinds", RUINS, "--all"), "pairs measured", True),
        (("advise", "entropic", *TOKENS), "bidding cells solved", True),
        (
            ("advise", "entropic", *TOKENS, "--weapon", "Rifle", "--weapon", "Blade"),
            "bidding cells solved",
            False,
        ),
    ],
)
def test_work_that_takes_seconds_tells_how_far_it_has_got(cli, args, what, complete) -> None:
    """The totals are the estimates the work budget is checked against: the work never
    passes them, and a count of cells or pairs reaches them exactly. The bidding games of
    Entropic Engine show one bar, however many stages and weapons they go through."""
    recorded = _recorded(cli, *args)
    if args[1] == "entropic":
        assert list(recorded) == [what]
    told = recorded[what]
    assert told, f"{' '.join(args)} told no progress"
    done = [d for _, d in told]
    assert done == sorted(done) and done[-1] > 0
    total = told[-1][0]
    assert total is not None and done[-1] <= total
    if complete:
        assert done == list(range(1, total + 1))


def test_a_bar_is_drawn_on_a_terminal_and_erased(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bar, "DELAY", 0.0)
    screen = io.StringIO()
    with bar.shown(Console(file=screen, force_terminal=True, width=80)):
        step = tracker("cells solved", 3)
        assert step is not None
        for done in (1, 2, 3):
            step(done)
    assert "cells solved" in screen.getvalue()


def test_nothing_is_drawn_off_a_terminal() -> None:
    page = io.StringIO()
    with bar.shown(Console(file=page, force_terminal=False)):
        assert tracker("cells solved", 3) is None
    assert page.getvalue() == ""


def test_quick_work_draws_nothing() -> None:
    """Work done within the delay never shows a bar."""
    screen = io.StringIO()
    with bar.shown(Console(file=screen, force_terminal=True, width=80)):
        step = tracker("cells solved", 3)
        assert step is not None
        step(3)
    assert screen.getvalue() == ""


def test_the_bidding_cells_told_are_the_cells_solved(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every cell of every bidding table, across the stages of several weapons, is told
    once, in order; the total told is :func:`bidding.cells`, which counts one weapon's
    exactly and bounds several weapons'."""
    from dataclasses import replace

    from skirmish.games.entropic import Aim, Approach, Situation, bidding, weapons_game
    from skirmish.games.entropic.models import sample_force

    solved = 0
    original = bidding.result_of

    def counted(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        nonlocal solved
        solved += 1
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(bidding, "result_of", counted)
    force = sample_force()
    trooper = replace(force.model("Line Trooper"), real_tokens=2, dummy_tokens=1)
    warden = replace(force.model("Warden"), real_tokens=2)
    rifle = Situation(trooper, warden, ((Aim.BASE, Approach(1.0)),), weapon="Rifle")
    for situations in [(rifle,), (rifle, replace(rifle, weapon="Blade"))]:
        solved = 0
        told: list[int] = []
        weapons_game(situations, progress=told.append)
        assert told == list(range(1, solved + 1))
        assert solved <= bidding.cells(situations)
        if len(situations) == 1:
            assert solved == bidding.cells(situations)
        assert bidding.positions(situations) >= bidding.POSITIONS_PER_CELL * solved
