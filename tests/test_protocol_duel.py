"""The battle protocol with a second game: the toy duel of :mod:`duel` is played at the
terminal, saved, replayed, simulated and searched by the very code Magewinds runs through
(``skirmish play``'s terminal, the record replay, :mod:`skirmish.ai.simulate`,
:mod:`skirmish.ai.lookahead`), which names no game."""

from __future__ import annotations

import io
import json
import re
import sys
from fractions import Fraction
from pathlib import Path
from random import Random
from types import SimpleNamespace

import pytest

import duel
from skirmish.ai.lookahead import LookaheadPlayer
from skirmish.ai.players import computer
from skirmish.ai.simulate import Match, simulate, summary_data
from skirmish.cli.commands.play import Terminal
from skirmish.engine.battle import End, RecordError, load_record, replay

SRC = Path(__file__).parents[1] / "src" / "skirmish"


def played_at_the_terminal(tmp_path: Path, monkeypatch, capsys, answers: str):
    save = tmp_path / "duel.json"
    options = SimpleNamespace(seed=5, kinds=("human", "lookahead"), save=save)
    session = duel.BATTLES.start(options)
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    Terminal(duel.BATTLES, session).run()
    return session, save, capsys.readouterr().out


def test_a_duel_is_played_saved_and_replayed_through_the_terminal(tmp_path, monkeypatch, capsys):
    session, save, out = played_at_the_terminal(
        tmp_path, monkeypatch, capsys, "heavy\n" + "strike\n" * 40
    )
    final = session.history.state
    assert isinstance(final.node(), End)
    assert duel.BATTLES.result_text(final) in out
    assert "> heavy" in out and "fighter 1 tries a heavy" in out
    record = load_record(save)
    assert record.game == "duel" and record.players == ("human", "lookahead")
    assert record.steps[0].action == "heavy" and record.steps[1].action.startswith("die ")
    replayed = replay(
        record, duel.RULES.start(duel.RULES.setup_from_json(record.setup, source="t"))
    )
    assert replayed.state.state_hash() == final.state_hash() == record.final_hash
    _, again = duel.BATTLES.replay(save)
    assert again.health == final.health


def test_a_changed_duel_record_is_refused_at_its_step(tmp_path, monkeypatch, capsys):
    _, save, _ = played_at_the_terminal(tmp_path, monkeypatch, capsys, "strike\n" * 40)
    data = json.loads(save.read_text())
    data["steps"][1]["action"] = "die 7" if data["steps"][1]["action"] != "die 7" else "die 1"
    save.write_text(json.dumps(data))
    with pytest.raises(RecordError, match=r"step 2 \('die 7'\): chance event 0"):
        duel.BATTLES.replay(save)


def test_an_illegal_answer_at_the_terminal_names_the_rule(tmp_path, monkeypatch, capsys):
    with pytest.raises(Exception, match="duel: 'dance' is not strike or heavy"):
        played_at_the_terminal(tmp_path, monkeypatch, capsys, "dance\n")


def test_duels_are_simulated_alike_in_one_process_or_two():
    match = Match.from_options(duel.DuelSettings())
    one = simulate(match, battles=12, seed=3)
    two = simulate(match, battles=12, seed=3, workers=2)
    assert one == two
    data = summary_data(match, one)
    assert data["battles"] == 12
    assert sum(data["wins"].values()) + data["draws"] == 12
    # Seats are turned: each warband is the first player in half the battles.
    assert sorted(o.seating for o in one).count((0, 1)) == 6


def test_the_lookahead_values_are_the_hand_computed_expectimax():
    """Both at 1 health, player 1 to act, two decisions deep. A strike wins at once on 4+
    (1/2); after a miss the foe's best reply is a strike, which wins on 4+ and otherwise
    leaves 1 against 1 (valued 1/2): 1/2 * 0 + 1/2 * 1/2 = 1/4 for us. So strike is
    1/2 + 1/2 * 1/4 = 5/8 and heavy (a 6 wins) 1/6 + 5/6 * 1/4 = 3/8."""
    state = duel.Duel(duel.DuelSetup(), (1, 1))
    player = LookaheadPlayer(duel.RULES, state.setup, 1, 0, depth=2)
    legal = state.legal_actions(0)
    values = player.values(state.view(0), legal)
    assert [Fraction(v).limit_denominator(100) for v in values] == [Fraction(5, 8), Fraction(3, 8)]
    assert player.act(state.view(0), legal) == duel.DuelAction("strike")


def test_the_lookahead_player_is_a_computer_kind_of_the_duel():
    found = computer("lookahead", duel.DuelSetup(), 1, 0, game=duel.BATTLES.computers)
    assert isinstance(found, LookaheadPlayer)
    with pytest.raises(Exception, match="'greedy' is not a computer player"):
        computer("greedy", duel.DuelSetup(), 1, 0, game=duel.BATTLES.computers)


@pytest.mark.parametrize(
    "module", ["cli/commands/play.py", "ai/players.py", "ai/simulate.py", "ai/lookahead.py"]
)
def test_the_shared_battle_code_names_no_game(module):
    text = (SRC / module).read_text(encoding="utf-8")
    assert not re.search(r"magewinds|\bBattleAction\b", text, re.IGNORECASE)


def test_the_duel_view_shows_its_frames_and_resample_reads_them_back():
    """The engine's frames draw themselves in a view and read themselves back: the duel's
    resampled state, with a die pending, is the state it was drawn from."""
    state = duel.RULES.start(duel.DuelSetup()).apply(duel.DuelAction("heavy"))
    view = state.view(1)
    assert view["frames"] == [{"frame": "Strikes"}, {"frame": "Roll", "attack": "heavy"}]
    again = duel.RULES.resample(state.setup, view, Random(3))
    assert again.frames == state.frames
    assert again.state_hash() == state.state_hash()
    assert again.chance_outcomes() == state.chance_outcomes()
