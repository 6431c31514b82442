"""What a person types at a battle: every mistake is an illegal action naming the rule, and
at the terminal a mistake is reported and the same player is asked again; nothing a person
types ends the battle or loses it."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from mwbattle import new_battle, play, ready, set_up

from skirmish.cli.commands.play import Terminal
from skirmish.engine.battle import End, History, IllegalAction, Turn
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle import grammar
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.battles import BATTLES, Session

TWO = {"Wizard": (5.5, 8), "Guardian": (9.5, 8)}


def at_windburn(hand: tuple[str, ...]) -> Battle:
    """Round 1's End Phase, player 1 going through ``hand`` (14.1)."""
    battle = ready(("Wizard",), ("Guardian",), TWO, hands={0: hand})
    for _ in range(2):
        battle = play(battle, "activate Wizard", "guard", "no step", "end activation")
        battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    battle = play(battle, "pass", "pass")
    assert battle.node().rule == "14.1"
    return battle


def at_deployment() -> Battle:
    return set_up(new_battle())


def at_channelling() -> Battle:
    battle = ready(("Wizard",), ("Guardian",), TWO)
    for _ in range(2):
        battle = play(battle, "activate Wizard", "guard", "no step", "end activation")
        battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    battle = play(battle, "pass", "pass")
    assert battle.phase.value == "channelling"
    return battle


def at_target() -> Battle:
    battle = ready(("Wizard",), ("Guardian",), {"Wizard": (5.5, 8), "Guardian": (6.5, 8)})
    return play(battle, "activate Wizard", "attack", "no step")


def at_blink() -> Battle:
    battle = ready(("Wizard",), ("Guardian",), TWO, hands={0: ("AS", "2D")})
    return play(battle, "activate Wizard", "blink", "no step")


@pytest.mark.parametrize(
    ("where", "typed", "rule"),
    [
        (at_deployment, "deploy Wizard at", "10.5"),
        (at_deployment, "deploy Wizard at nowhere", "10.5"),
        (at_channelling, "draw ZZ", "0.9: 'ZZ' is not a card"),
        (lambda: at_windburn(("2H",)), "keep ZZ", "0.9: 'ZZ' is not a card"),
        (lambda: at_windburn(("2H",)), "discard 11H", "0.9: '11H' is not a card"),
        (at_target, "attack Guardian with Nope", "13.4: unknown attack of Wizard 'Nope'"),
        (at_target, "attack Nobody with Melee", "13.4: no fighter called 'Nobody'"),
        (at_blink, "blink to 3,2 paying 2D", "17.0: 2D does not pay 3 Spades"),
        (at_blink, "blink to 3,2 paying QQ", "0.9: 'QQ' is not a card"),
    ],
)
def test_a_typo_is_an_illegal_action_that_names_the_rule(where, typed, rule):
    battle = where()
    with pytest.raises(IllegalAction) as refused:
        battle.apply(typed)
    assert str(refused.value).startswith(rule)


class Scripted(Terminal):
    """A person at a terminal who types ``lines`` first, then the first legal action;
    with ``stop_after``, the session stops once that many prompts have been answered."""

    def __init__(
        self,
        history: History,
        lines: list[str],
        save: Path | None = None,
        *,
        kinds: tuple[str, ...] = ("human", "random"),
        stop_after: int | None = None,
    ) -> None:
        battle = history.state
        assert isinstance(battle, Battle)
        session = Session(history, kinds, battle.setup.as_dict(), save, "")
        super().__init__(BATTLES, session)
        self.interactive = True
        self.lines = list(lines)
        self.asked: list[str] = []
        self.stop_after = stop_after

    def read(self, prompt: str, *, hidden: bool, node: Turn) -> str:
        if self.stop_after is not None and len(self.asked) >= self.stop_after:
            raise Stopped
        self.asked.append(prompt)
        if self.lines:
            return self.lines.pop(0)
        return grammar.texts(self.battle.legal_actions(node.player))[0]

    def run(self) -> None:
        with contextlib.suppress(Stopped):
            super().run()


class Stopped(Exception):
    """The scripted person leaves the table."""


def test_at_the_terminal_a_mistake_is_reported_and_the_player_asked_again(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.delenv("COLUMNS", raising=False)  # no width to fit: one line a refusal
    folder = tmp_path / "a folder"
    folder.mkdir()
    typed = [
        "deploy Wizard at",  # a parse error inside the rules
        "deploy Nobody at 1,1",  # an unknown name
        f"save {folder}",  # a folder, not a file
        f"save {tmp_path / 'missing' / 'x.json'}",  # no such folder
        "draw ZZ",  # draw is also the picture command: not a .png, so an action
    ]
    history = History.start(at_deployment(), 3)
    terminal = Scripted(history, typed)
    terminal.run()
    assert isinstance(terminal.battle.node(), End)
    err = capsys.readouterr().err
    assert err.count("\n") == len(typed), err
    assert "write 'deploy FIGHTER at x,y', not 'deploy Wizard at'" in err
    assert "10.5: no fighter called 'Nobody'" in err
    assert "is a directory" in err and "does not exist" in err
    assert "not 'draw ZZ'" in err


def test_a_folder_given_to_save_is_refused_before_the_battle_starts(cli, tmp_path):
    run = cli(
        "play",
        "magewinds",
        "--scenario",
        "deathmatch",
        "--warband",
        "Wizard",
        "--warband",
        "Druid",
        "--players",
        "random,random",
        "--seed",
        "1",
        "--save",
        str(tmp_path),
    )
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert "--save" in run.err and "is a directory" in run.err
    assert "seed 1" not in run.out  # refused before any play


def test_writing_a_record_where_it_cannot_go_is_one_error(tmp_path):
    terminal = Scripted(History.start(at_deployment(), 3), [])
    with pytest.raises(SkirmishError, match="cannot write"):
        terminal.write(tmp_path)
