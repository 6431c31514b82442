"""The computer players: legal actions only, the same battle from the same seed, and no
cheating (what a player cannot see never changes its choice).

No cheating is checked the strict way: during whole battles, at every decision of the
player, a second copy of the player (same seed, same history of decisions) is handed the
view of a battle that differs from the real one in everything the player may not see
(the other hands, the deck's order, face-down choices not yet revealed), drawn at random
with the same public facts. The views must be equal and the two copies must choose the same.
(A battle drawn from a view starts an empty log, so the twin is handed the log lines the
player saw, which are public to it.)
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish.ai.magewinds.explain import explain
from skirmish.ai.magewinds.greedy import GreedyPlayer, plannable
from skirmish.ai.magewinds.search import SearchPlayer
from skirmish.ai.players import computer
from skirmish.engine.battle import Action, History, LazyView, Player, RandomPlayer, play_out
from skirmish.games.magewinds.battle import Battle, Length, setup, start_battle
from skirmish.games.magewinds.battle.catalogue import SCENARIOS, find_scenario
from skirmish.games.magewinds.battle.public import from_view


def quick_setup(seed: int) -> setup.Setup:
    return setup.random_setup(seed, length=Length.QUICK, most=2, rounds=1)


class Checked:
    """A player whose every answer is checked to be among the legal actions."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.asked = 0

    def act(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        self.asked += 1
        chosen = self.player.act(view, legal)
        assert chosen in legal, (chosen, legal)
        return chosen


def play(chosen: setup.Setup, seed: int, players: list[Player]) -> History:
    history = History.start(start_battle(chosen), seed)
    play_out(history, players)
    return history


@pytest.mark.parametrize("seed", [3, 8])
def test_greedy_plays_legal_actions_to_the_end_and_repeats_itself(seed):
    chosen = quick_setup(seed)
    first = [Checked(GreedyPlayer(chosen, seed, 0)), Checked(RandomPlayer(seed, 1))]
    history = play(chosen, seed, first)
    assert first[0].asked > 5
    again = play(chosen, seed, [GreedyPlayer(chosen, seed, 0), RandomPlayer(seed, 1)])
    assert [s.action for s in again.steps] == [s.action for s in history.steps]
    assert again.state.state_hash() == history.state.state_hash()


def test_search_plays_legal_actions_and_repeats_itself_on_a_counted_budget():
    chosen = quick_setup(5)

    def players() -> list[Player]:
        return [
            Checked(SearchPlayer(chosen, 5, 0, seconds=0.25, clock=False)),
            Checked(GreedyPlayer(chosen, 5, 1)),
        ]

    one, two = play(chosen, 5, players()), play(chosen, 5, players())
    assert [s.action for s in one.steps] == [s.action for s in two.steps]


def test_the_computer_players_by_name():
    chosen = quick_setup(1)
    assert isinstance(computer("random", chosen, 1, 0), RandomPlayer)
    assert isinstance(computer("greedy", chosen, 1, 0), GreedyPlayer)
    searching = computer("search:2.5", chosen, 1, 1)
    assert isinstance(searching, SearchPlayer) and searching.seconds == 2.5
    assert isinstance(computer("search", chosen, 1, 1), SearchPlayer)


class Twin:
    """Plays ``real``; at each decision also asks ``twin`` (the same player, same seed)
    with the view of a battle that differs only in what the player cannot see."""

    def __init__(self, real: Any, twin: Any, seat: int, seed: int) -> None:
        self.real, self.twin, self.seat = real, twin, seat
        self.rng = Random(seed)
        self.state: Battle | None = None
        self.compared = 0
        self.hidden_differed = 0

    def act(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        assert self.state is not None
        other = from_view(self.state.setup, self.state.view(self.seat), self.rng)
        if other.hands != self.state.hands or other.frames != self.state.frames:
            self.hidden_differed += 1
        seen, real = other.view(self.seat), self.state.view(self.seat)
        assert seen["log"] == [] and {**seen, "log": real["log"]} == real
        assert other.legal_actions(self.seat) == legal
        chosen = self.real.act(view, legal)
        assert self.twin.act({**seen, "log": real["log"]}, legal) == chosen
        self.compared += 1
        return chosen


def twin_battle(seed: int, make: Any) -> Twin:
    chosen = quick_setup(seed)
    seat = seed % 2
    twin = Twin(make(chosen, seed, seat), make(chosen, seed, seat), seat, seed)
    players: list[Any] = [GreedyPlayer(chosen, seed + 1, 0), GreedyPlayer(chosen, seed + 1, 1)]
    players[seat] = twin
    history = History.start(start_battle(chosen), seed)

    def remember(h: History) -> None:
        state = h.state
        assert isinstance(state, Battle)
        twin.state = state

    remember(history)
    play_out(history, players, after_step=remember)
    return twin


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_greedy_never_chooses_by_what_it_cannot_see(seed):
    twin = twin_battle(seed, GreedyPlayer)
    assert twin.compared > 5


@pytest.mark.parametrize("seed", [1, 2])
def test_the_twin_battles_do_differ_in_what_the_player_cannot_see(seed):
    twin = twin_battle(seed, GreedyPlayer)
    assert twin.hidden_differed > 0


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_search_never_chooses_by_what_it_cannot_see(seed):
    def make(chosen: setup.Setup, number: int, seat: int) -> SearchPlayer:
        return SearchPlayer(chosen, number, seat, seconds=0.2, clock=False)

    twin = twin_battle(seed, make)
    assert twin.compared > 5


def test_explain_puts_first_what_the_greedy_player_plays():
    chosen = quick_setup(12)
    history = History.start(start_battle(chosen), 12)
    greedy = GreedyPlayer(chosen, 12, 0)
    checked = 0
    for _ in range(2000):
        state = history.state
        node = state.node()
        if not hasattr(node, "player"):
            if node.__class__.__name__ == "End":
                break
            history.roll()
            continue
        legal = state.legal_actions(node.player)
        if node.player == 0 and len(legal) > 1 and plannable(state) and checked < 4:
            advice = explain(chosen, state.view(0), legal)
            fresh = GreedyPlayer(chosen, 12, 0)
            assert advice[0].action == fresh.act(LazyView(state, 0), legal)
            assert [a.value for a in advice] == sorted((a.value for a in advice), reverse=True)
            assert all(a.reason for a in advice)
            checked += 1
        player = greedy if node.player == 0 else RandomPlayer(12, 1)
        history.act(player.act(LazyView(state, node.player), legal))
    assert checked == 4


def test_hint_at_a_hidden_choice_gives_the_equilibrium_mix():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "battles"))
    from mwbattle import play as play_actions
    from mwbattle import ready

    from skirmish.ai.magewinds.outlook import outlook

    battle = ready(("Guardian",), ("Wizard",), {"Guardian": (5.5, 8), "Wizard": (6.5, 8)}, hands={})
    battle = play_actions(battle, "activate Guardian", "attack", "no step")
    battle = play_actions(battle, "attack Wizard with Melee")
    legal = battle.legal_actions(0)
    advice = explain(battle.setup, battle.view(0), legal)
    frame = battle.frames[-1]
    mix = dict(outlook(frame.situation).attack_mix)
    assert {a.action: a.value for a in advice} == {
        option: float(p) for option, p in mix.items() if p and option in legal
    }
    assert all("equilibrium" in a.reason for a in advice)


@pytest.mark.parametrize("scenario", [s.id for s in SCENARIOS])
def test_greedy_and_search_play_a_short_battle_of_every_scenario_legally(scenario):
    chosen = find_scenario(scenario)
    players = max(chosen.players)
    battle_setup = setup.random_setup(
        11, length=Length.QUICK, most=2, rounds=1, overtime=0, scenario=chosen, players=players
    )
    seated: list[Checked] = [
        Checked(GreedyPlayer(battle_setup, 11, 0)),
        Checked(SearchPlayer(battle_setup, 11, 1, seconds=0.05, clock=False)),
    ]
    seated += [Checked(RandomPlayer(11, seat)) for seat in range(2, players)]
    history = play(battle_setup, 11, list(seated))
    assert history.state.result is not None
    assert seated[0].asked > 0 and seated[1].asked > 0
