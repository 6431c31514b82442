"""The hint lists each option once, numbered as the menu numbers it, and shows at a hidden
choice the value that the equilibrium's ranking rests on."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from skirmish.ai.magewinds.explain import explain, hint_lines
from skirmish.ai.magewinds.outlook import outlook
from skirmish.games.magewinds.battle import grammar

sys.path.insert(0, str(Path(__file__).parents[1] / "battles"))
from mwbattle import KING, KING_OPENING, play, ready


def test_at_the_action_phase_each_option_is_listed_once_with_its_own_number(cli, monkeypatch):
    script = [*KING_OPENING, "hint"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in script)))
    run = cli(*KING)
    hint = run.out[run.out.rindex("the greedy player's view") :]
    listed = re.findall(r"^  (\d+)\. (.+?)  \[", hint, flags=re.M)
    assert listed == [("2", "activate Witch"), ("1", "activate Wizard")] or listed == [
        ("1", "activate Wizard"),
        ("2", "activate Witch"),
    ], listed
    values = [float(v) for v in re.findall(r"  \[([+-]\d+\.\d+)\]", hint)]
    assert values == sorted(values, reverse=True) and len(values) == 2


def _attack(choice: str | None = None):
    battle = ready(("Guardian",), ("Wizard",), {"Guardian": (5.5, 8), "Wizard": (6.5, 8)}, hands={})
    battle = play(battle, "activate Guardian", "attack", "no step", "attack Wizard with Melee")
    return battle if choice is None else battle.apply(choice)


def test_a_hidden_choice_shows_what_each_option_is_worth_the_games_value():
    """At the equilibrium every option played is worth the game's value to its player
    against the other side's mix (the indifference that makes it an equilibrium): the
    hint's worth of each is checked against the solved value, found apart."""
    for battle, seat in ((_attack(), 0), (_attack("heavy"), 1)):
        legal = grammar.texts(battle.legal_actions(seat))
        advice = explain(battle.setup, battle.view(seat), legal)
        frame = battle.frames[-1]
        found = outlook(frame.situation, None if seat == 0 else legal)
        value = float(found.value) if seat == 0 else -float(found.value)
        played = [a for a in advice if a.value > 0]
        assert len(played) >= 2
        assert all(abs(a.worth - value) < 1e-9 for a in played), [
            (a.action, a.worth) for a in advice
        ]
        lines = hint_lines(battle.setup, battle.view(seat), legal)
        numbered = [line for line in lines if re.match(r"  \d+\. ", line)]
        assert all(f", worth {value:+.2f}]" in line for line in numbered[: len(played)])
        assert len({line.split(".")[0] for line in numbered}) == len(numbered)
