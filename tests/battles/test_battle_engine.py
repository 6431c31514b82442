"""The game-independent battle machinery, on a toy game: chance seeded per event, records,
replay with tamper checks, and take-backs that never cross a commit point (1.1)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from random import Random
from typing import Any

import pytest

from skirmish.engine.battle import (
    Chance,
    End,
    History,
    IllegalAction,
    RandomPlayer,
    RecordError,
    Turn,
    chance_rng,
    parse_record,
    play_out,
    replay,
    to_record,
)
from skirmish.errors import DataError, SkirmishError


@dataclass(frozen=True)
class Race:
    """Two players take turns: each sets a secret target (hidden), then rolls or stops."""

    scores: tuple[int, int] = (0, 0)
    turn: int = 0
    rolling: bool = False
    stopped: tuple[bool, bool] = (False, False)
    secret: tuple[int | None, int | None] = (None, None)
    chances: int = 0

    def node(self):
        if all(self.stopped):
            a, b = self.scores
            return End(None if a == b else (0 if a > b else 1), "both stopped")
        if self.rolling:
            return Chance(self.chances, "demo", "a die")
        if self.secret[self.turn] is None:
            return Turn(self.turn, "secret", "pick a number", hidden=True)
        return Turn(self.turn, "demo", "roll or stop")

    def legal_actions(self, player):
        node = self.node()
        if not isinstance(node, Turn) or node.player != player:
            return ()
        if self.secret[player] is None:
            return ("secret 1", "secret 2")
        return ("roll", "stop")

    def apply(self, action):
        node = self.node()
        if isinstance(node, Chance):
            face = int(action.removeprefix("die "))
            if not 1 <= face <= 6:
                raise IllegalAction(f"demo: {action!r} is not a die face")
            scores = list(self.scores)
            scores[self.turn] += face
            return replace(
                self,
                scores=tuple(scores),
                rolling=False,
                chances=self.chances + 1,
                turn=self._next(),
            )
        if action not in self.legal_actions(self.turn):
            raise IllegalAction(f"demo: {action!r} is not legal now")
        if action.startswith("secret"):
            secret = list(self.secret)
            secret[self.turn] = int(action.split()[1])
            return replace(self, secret=tuple(secret))
        if action == "roll":
            return replace(self, rolling=True)
        stopped = list(self.stopped)
        stopped[self.turn] = True
        return replace(self, stopped=tuple(stopped), turn=self._next(stopped))

    def _next(self, stopped=None):
        stopped = stopped or self.stopped
        other = 1 - self.turn
        return self.turn if stopped[other] else other

    def sample_chance(self, rng: Random):
        return f"die {rng.randint(1, 6)}"

    def parse_action(self, text: str) -> str:
        return text

    def view(self, player) -> dict[str, Any]:
        return {"scores": self.scores, "mine": self.secret[player]}

    def state_hash(self):
        return hashlib.sha256(
            json.dumps([self.scores, self.stopped, self.secret]).encode()
        ).hexdigest()


def played(seed: int) -> History:
    history = History.start(Race(), seed)
    play_out(history, [RandomPlayer(seed, 0), RandomPlayer(seed, 1)], max_steps=500)
    return history


def test_chance_event_k_depends_only_on_the_seed_and_k():
    assert chance_rng(3, 10).random() == chance_rng(3, 10).random()
    assert chance_rng(3, 10).random() != chance_rng(3, 11).random()
    assert chance_rng(3, 10).random() != chance_rng(4, 10).random()


def test_taking_back_a_decision_does_not_change_the_next_roll():
    history = History.start(Race(), 5)
    history.act("secret 1")
    history.act("roll")
    first = history.roll()
    again = History.start(Race(), 5)
    again.act("secret 2")  # a different decision before the same chance event 0
    again.act("roll")
    assert again.roll().scores == first.scores


def test_save_load_replay_gives_the_same_final_hash():
    for seed in range(20):
        history = played(seed)
        record = to_record(history, "race", {}, ("random", "random"))
        loaded = parse_record(json.loads(record.dumps()), source="test")
        assert replay(loaded, Race()).state.state_hash() == history.state.state_hash()


def test_a_hand_edited_record_is_refused_with_the_step_and_the_rule():
    history = played(1)
    record = to_record(history, "race", {}, ("random", "random"))
    steps = list(record.steps)
    index = next(i for i, s in enumerate(steps) if s.action == "roll")
    steps[index] = replace(steps[index], action="jump")
    with pytest.raises(
        RecordError, match=rf"step {index + 1} \('jump'\): demo: 'jump' is not legal"
    ):
        replay(replace(record, steps=tuple(steps)), Race())


def test_a_changed_die_is_refused_as_not_what_the_seed_gives():
    seed = next(s for s in range(50) if any(step.chance is not None for step in played(s).steps))
    record = to_record(played(seed), "race", {}, ("random", "random"))
    steps = list(record.steps)
    index = next(i for i, s in enumerate(steps) if s.chance is not None)
    face = int(steps[index].action.split()[1])
    steps[index] = replace(steps[index], action=f"die {face % 6 + 1}")
    with pytest.raises(RecordError, match=f"with seed {seed}, but the record says"):
        replay(replace(record, steps=tuple(steps)), Race())


def test_a_changed_final_hash_is_refused():
    record = to_record(played(3), "race", {}, ("random", "random"))
    with pytest.raises(RecordError, match="hash differs"):
        replay(replace(record, final_hash="0" * 64), Race())


def test_records_that_are_not_records_are_refused():
    with pytest.raises(DataError, match="not a skirmish battle record"):
        parse_record({"steps": []}, source="x.json")
    good = to_record(played(4), "race", {}, ("random", "random")).as_dict()
    with pytest.raises(DataError, match="seed"):
        parse_record({**good, "seed": -1}, source="x.json")


def test_undo_takes_back_your_own_decisions_only():
    history = History.start(Race(), 9)
    history.act("secret 2")
    assert history.undo(0).action == "secret 2"
    with pytest.raises(IllegalAction, match="nothing to take back"):
        history.undo(0)


def test_undo_never_crosses_a_die_roll():
    history = History.start(Race(), 9)
    history.act("secret 1")
    history.act("roll")
    history.roll()
    with pytest.raises(IllegalAction, match="chance event"):
        history.undo(0)


def test_undo_never_crosses_another_players_decision():
    # This also covers a reveal: player 2's answer is what follows player 1's hidden choice.
    history = History.start(Race(), 9)
    history.act("secret 1")
    history.act("stop")
    history.act("secret 2")
    with pytest.raises(IllegalAction, match="another player's decision"):
        history.undo(0)
    assert history.undo(1).action == "secret 2"


def test_play_out_stops_a_battle_that_never_ends():
    class Forever(Race):
        def node(self):
            return Turn(0, "demo", "stop?")

        def legal_actions(self, player):
            return ("wait",)

        def apply(self, action):
            return self

    with pytest.raises(SkirmishError, match="did not end within 10 steps"):
        play_out(History.start(Forever(), 1), [RandomPlayer(1, 0)], max_steps=10)


def test_a_seed_out_of_range_is_refused():
    with pytest.raises(SkirmishError, match="seed"):
        History.start(Race(), -3)
