"""Random-versus-random battles: every step legal, the invariants after every step, and
save -> load -> replay reaching the same final state. Hidden information and take-backs
(1.1) in real battles. (Thousands of battles run in ``benchmarks/battles.py``.)"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from mwbattle import guard_turns, play, ready

from skirmish.engine.battle import (
    Chance,
    History,
    IllegalAction,
    RandomPlayer,
    Turn,
    parse_record,
    play_out,
    to_record,
)
from skirmish.games.magewinds.battle import (
    Length,
    Setup,
    grammar,
    replay_record,
    setup,
    start_battle,
)
from skirmish.games.magewinds.battle.deck import hand_limit
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.state import Battle

BATTLES = 200


def random_setup(seed: int) -> Setup:
    return setup.random_setup(seed, length=Length.QUICK, most=3, rounds=1 + seed % 2)


def checked_history(seed: int) -> History:
    setup = random_setup(seed)
    history = History.start(start_battle(setup), seed)
    seen = {"steps": 0}

    def after_step(history: History) -> None:
        state, before = history.states[-1], history.states[-2]
        found = problems(state)
        assert not found, (seed, found)
        step = history.steps[-1]
        if step.player is not None:
            assert step.action in grammar.texts(before.legal_actions(step.player)), (seed, step)
            if step.action.startswith("draw") and before.phase.value == "channelling":
                limit, _ = hand_limit(before, step.player)
                assert len(before.hands[step.player]) < limit, (seed, "12.0 hand limit")
        seen["steps"] += 1

    play_out(history, [RandomPlayer(seed, 0), RandomPlayer(seed, 1)], after_step=after_step)
    assert seen["steps"] == len(history.steps)
    return history


@pytest.mark.parametrize("first", range(0, BATTLES, 20))
def test_random_battles_keep_every_invariant_and_replay_to_the_same_state(first):
    for seed in range(first, first + 20):
        history = checked_history(seed)
        battle = history.state
        assert isinstance(battle, Battle) and battle.result is not None
        record = to_record(history, "magewinds", battle.setup.as_dict(), ("random", "random"))
        loaded = parse_record(json.loads(record.dumps()), source="saved")
        again = replay_record(loaded).state
        assert again.state_hash() == battle.state_hash()
        assert [e.text for e in again.events()] == [e.text for e in battle.events()]


def some_state(seed: int, steps: int) -> Battle:
    history = History.start(start_battle(random_setup(seed)), seed)
    players = [RandomPlayer(seed, 0), RandomPlayer(seed, 1)]
    for _ in range(steps):
        node = history.state.node()
        if isinstance(node, Chance):
            history.roll()
        elif isinstance(node, Turn):
            state = history.state
            history.act(
                players[node.player].act(state.view(node.player), state.legal_actions(node.player))
            )
        else:
            break
    state = history.state
    assert isinstance(state, Battle)
    return state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), player=st.integers(0, 1))
# A windburn under way with a card kept: the card is counted in the other player's view,
# never named, whichever card the hand holds (14.1, ruling MB-22).
@example(seed=1680, steps=110, player=1)
def test_a_view_does_not_change_with_another_players_hidden_cards(seed, steps, player):
    battle = some_state(seed, steps)
    other = 1 - player
    view = battle.view(player)
    assert "hand" in view and set(view["other_hands"]) == {str(other + 1)}
    assert view["other_hands"][str(other + 1)]["cards"] == len(battle.hands[other])
    assert "deck" in view and isinstance(view["deck"], int)
    hidden = [c for c in battle.hands[other] if c not in battle.known[other]]
    if not hidden or not battle.deck:
        return
    # Swap one of the other player's unseen cards with a face-down one: nothing this
    # player may know has changed, so their view must not change either.
    card, swap = hidden[0], battle.deck[0]
    hand = tuple(swap if c == card else c for c in battle.hands[other])
    deck = tuple(card if c == swap else c for c in battle.deck)
    changed = replace(battle.with_hand(other, hand), deck=deck)
    assert changed.view(player) == view
    assert changed.view(other) != battle.view(other)


TWO = {"Wizard": (5.5, 8), "Guardian": (6.5, 8)}


def test_undo_takes_back_your_own_decisions_within_an_activation():
    history = History.start(ready(("Wizard",), ("Guardian",), TWO), 1)
    history.act("activate Wizard")
    history.act("move")
    assert history.undo(0).action == "move"
    assert history.undo(0).action == "activate Wizard"
    assert history.state.node() == Turn(0, "13.0", "player 1: activate a fighter")


def test_undo_never_crosses_a_die_roll():
    history = History.start(
        ready(
            ("Wizard",),
            ("Guardian",),
            {"Wizard": (5.5, 8), "Guardian": (7.5, 8.5)},
            hands={0: ("2D",)},
        ),
        1,
    )
    for action in ("activate Wizard", "attack", "no step", "attack Guardian with Spark", "none"):
        history.act(action)
    history.roll()
    with pytest.raises(IllegalAction, match="1.1: cannot take back past a chance event"):
        history.undo(0)


def test_undo_never_crosses_a_card_drawn_face_down():
    battle = ready(("Wizard",), ("Guardian",), TWO)
    battle = play(
        battle,
        *guard_turns("Wizard", "Guardian"),
    )
    battle = play(
        battle,
        *guard_turns("Wizard", "Guardian"),
        "pass",
        "pass",
    )
    history = History.start(battle, 1)
    history.act("draw deck")
    history.roll()
    with pytest.raises(IllegalAction, match="the card is seen"):
        history.undo(0)


def test_undo_never_crosses_a_reveal():
    history = History.start(ready(("Wizard",), ("Guardian",), TWO), 1)
    for action in ("activate Wizard", "attack", "no step", "attack Guardian with Melee", "heavy"):
        history.act(action)
    assert history.undo(0).action == "heavy"  # still face down: it may be taken back
    history.act("feint")
    history.act("deflect")  # the defender answers: the card is turned over (18.3)
    with pytest.raises(IllegalAction, match="another player's decision"):
        history.undo(0)


def test_undo_never_crosses_another_players_decision():
    history = History.start(ready(("Wizard",), ("Guardian",), TWO), 1)
    for action in ("activate Wizard", "guard", "no step", "end activation", "activate Guardian"):
        history.act(action)
    with pytest.raises(IllegalAction, match="another player's decision"):
        history.undo(0)
