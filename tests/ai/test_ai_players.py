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

from skirmish.ai.magewinds.evaluation import Evaluator, Weights
from skirmish.ai.magewinds.explain import explain
from skirmish.ai.magewinds.greedy import GreedyPlayer, plannable
from skirmish.ai.magewinds.search import SearchPlayer
from skirmish.ai.magewinds.setting import profile_worth
from skirmish.ai.players import computer
from skirmish.engine.battle import (
    Action,
    History,
    LazyView,
    Player,
    RandomPlayer,
    Turn,
    play_out,
)
from skirmish.games.magewinds.battle import (
    Battle,
    Building,
    Length,
    Options,
    grammar,
    new_setup,
    setup,
    start_battle,
)
from skirmish.games.magewinds.battle.building import WarbandBuilding, fits
from skirmish.games.magewinds.battle.catalogue import SCENARIOS
from skirmish.games.magewinds.battle.rebuild import from_view
from skirmish.games.magewinds.battles import COMPUTERS


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


@pytest.mark.parametrize("seed", [3, 8])
def test_greedy_draws_to_its_hand_limit_before_the_first_action_phase(seed):
    """12.0: cards cost a greedy player nothing (it keeps none at windburn, 14.1), so both
    enter the Action Phase with full hands, whoever passed first; stopping early left the
    first player to pass with fewer cards in most mirror battles."""
    from skirmish.games.magewinds.battle.deck import hand_limit
    from skirmish.games.magewinds.battle.state import Phase

    chosen = quick_setup(seed)
    seen: list[tuple[int, ...]] = []

    def first_action_phase(history: History) -> None:
        battle = history.state
        if battle.phase is Phase.ACTION and not seen:
            seen.append(tuple(len(hand) for hand in battle.hands))
            assert seen[0] == tuple(hand_limit(battle, p)[0] for p in range(battle.players))

    history = History.start(start_battle(chosen), seed)
    greedy = [GreedyPlayer(chosen, seed, 0), GreedyPlayer(chosen, seed, 1)]
    play_out(history, greedy, after_step=first_action_phase)
    assert seen


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
    assert isinstance(computer("random", chosen, 1, 0, game=COMPUTERS), RandomPlayer)
    assert isinstance(computer("greedy", chosen, 1, 0, game=COMPUTERS), GreedyPlayer)
    searching = computer("search:2.5", chosen, 1, 1, game=COMPUTERS)
    assert isinstance(searching, SearchPlayer) and searching.seconds == 2.5
    assert isinstance(computer("search", chosen, 1, 1, game=COMPUTERS), SearchPlayer)


class Twin:
    """Plays ``real``; at each decision also asks ``twin`` (the same player, same seed)
    with the view of a battle that differs only in what the player cannot see."""

    def __init__(self, real: Any, twin: Any, seat: int, seed: int) -> None:
        self.real, self.twin, self.seat = real, twin, seat
        self.rng = Random(seed)
        self.state: Battle | None = None
        self.compared = 0
        self.hidden_differed = 0
        self.picks_differed = 0
        self.notes_differed = 0
        self.note_kinds: set[str] = set()

    def act(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        assert self.state is not None
        other = from_view(self.state.setup, self.state.view(self.seat), self.rng)
        if other.hands != self.state.hands or other.frames != self.state.frames:
            self.hidden_differed += 1
        if [f.picks for f in other.frames if isinstance(f, WarbandBuilding)] != [
            f.picks for f in self.state.frames if isinstance(f, WarbandBuilding)
        ]:
            self.picks_differed += 1
        if _notes(other) != _notes(self.state):
            self.notes_differed += 1
        self.note_kinds |= {m.key for m in self.state.marks if m.seen_by not in (None, self.seat)}
        seen, real = other.view(self.seat), self.state.view(self.seat)
        assert seen["log"] == [] and {**seen, "log": real["log"]} == real
        assert other.legal_actions(self.seat) == legal
        chosen = self.real.act(view, legal)
        assert self.twin.act({**seen, "log": real["log"]}, legal) == chosen
        self.compared += 1
        return chosen


def _notes(battle: Battle) -> list[Any]:
    """Another player's secret notes (a Charm's target, a Clone's genuine fighter, the card
    Insight put back) and the fighters a Clone note makes Doppelgangers."""
    return [m for m in battle.marks if m.seen_by is not None] + [f.profile for f in battle.fighters]


def twin_battle(
    seed: int, make: Any, chosen: setup.Setup | None = None, others: Any = GreedyPlayer
) -> Twin:
    chosen = quick_setup(seed) if chosen is None else chosen
    count = len(chosen.warbands)
    seat = seed % count
    twin = Twin(make(chosen, seed, seat), make(chosen, seed, seat), seat, seed)
    players: list[Any] = [others(chosen, seed + 1, p) for p in range(count)]
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


@pytest.mark.parametrize(
    ("scenario", "players", "seed"),
    [("deathmatch", 2, 1), ("fragment-frenzy", 2, 5), ("treasure-clash", 3, 2)],
)
def test_greedy_never_chooses_by_secret_picks_or_other_hidden_facts(scenario, players, seed):
    """Warbands built in secret (ruling MB-31): the twin is handed battles whose other
    warbands were picked differently, as long as the player could not see them (the seat
    is ``seed % players``, never the first to build, so there are picks it cannot see)."""
    chosen = new_setup(
        scenario,
        [[] for _ in range(players)],
        options=Options(length=Length.QUICK, rounds=1, overtime=0),
        building=Building.SECRET,
    )
    twin = twin_battle(seed, GreedyPlayer, chosen)
    assert twin.compared > 5 and twin.hidden_differed > 0
    assert twin.picks_differed > 0


def test_greedy_never_chooses_by_another_players_secret_notes():
    """The other player's Witch, Mesmer and Seer leave secret notes (rulings MB-41, MB-42,
    MB-45), played by a random player so that every one is cast: the twin is handed
    battles whose notes say otherwise, and chooses the same."""
    chosen = new_setup(
        "deathmatch",
        [["Witch", "Mesmer", "Seer"], ["Witch", "Mesmer", "Seer"]],
        options=Options(length=Length.QUICK, rounds=3, overtime=0),
    )

    def others(battle_setup: setup.Setup, number: int, seat: int) -> Player:
        return RandomPlayer(number, seat)

    kinds: set[str] = set()
    for seed in (21, 43):
        twin = twin_battle(seed, GreedyPlayer, chosen, others)
        assert twin.compared > 5 and twin.notes_differed > 0
        kinds |= twin.note_kinds
    assert kinds == {"charm", "genuine", "insight"}


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
        legal = grammar.texts(state.legal_actions(node.player))
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
    legal = grammar.texts(battle.legal_actions(0))
    advice = explain(battle.setup, battle.view(0), legal)
    frame = battle.frames[-1]
    mix = dict(outlook(frame.situation).attack_mix)
    assert {a.action: a.value for a in advice} == {
        option: float(p) for option, p in mix.items() if p and option in legal
    }
    assert all("equilibrium" in a.reason for a in advice)


@pytest.mark.parametrize(
    ("scenario", "players"), [(s.id, n) for s in SCENARIOS for n in sorted(set(s.players))]
)
def test_greedy_and_search_play_every_scenario_legally_and_repeat_themselves(scenario, players):
    """Every scenario with each number of players it allows, its warbands built in play
    (Secret), so every setup decision (building, placing, corners, edges, the Storm's
    order) is the computer players' own."""
    chosen = new_setup(
        scenario,
        [[] for _ in range(players)],
        options=Options(length=Length.QUICK, rounds=1, overtime=0),
        building=Building.SECRET,
    )
    plays_legally_and_repeats(chosen, 11, 0.05)


def plays_legally_and_repeats(chosen: setup.Setup, seed: int, seconds: float) -> None:
    """A battle of greedy players, the second seat a search player on a counted budget of
    ``seconds``: every answer legal, the battle played to its end, and again the same."""

    def seated() -> list[Checked]:
        found = [
            Checked(GreedyPlayer(chosen, seed, 0)),
            Checked(SearchPlayer(chosen, seed, 1, seconds=seconds, clock=False)),
        ]
        return found + [
            Checked(GreedyPlayer(chosen, seed, seat)) for seat in range(2, len(chosen.warbands))
        ]

    first = seated()
    history = play(chosen, seed, list(first))
    assert history.state.result is not None
    assert all(player.asked > 0 for player in first)
    again = play(chosen, seed, list(seated()))
    assert [s.action for s in again.steps] == [s.action for s in history.steps]


@pytest.mark.parametrize("mode", list(Building))
def test_greedy_builds_a_full_warband_of_the_profiles_worth_most_per_slot(mode):
    chosen = new_setup("deathmatch", [[], []], options=Options(length=Length.QUICK), building=mode)
    history = History.start(start_battle(chosen), 2)
    players = [GreedyPlayer(chosen, 2, 0), RandomPlayer(2, 1)]
    while any(isinstance(f, WarbandBuilding) for f in history.state.frames):
        node = history.state.node()
        if isinstance(node, Turn):
            legal = grammar.texts(history.state.legal_actions(node.player))
            history.act(players[node.player].act(LazyView(history.state, node.player), legal))
        else:
            history.roll()
    band = history.state.setup.warbands[0].profiles
    pack = chosen.pack.fighters
    assert band and not any(fits(chosen, band, p) for p in pack)  # full: never stopped early
    evaluator = Evaluator(chosen, Weights())
    worth = {p.name: profile_worth(evaluator, p, pack) / p.slots for p in pack}
    assert worth[band[0].name] == max(worth.values())


PROFILES = (
    "Cleric",
    "Deadeye",
    "Enchanter",
    "Guardian",
    "Seer",
    "Witch",
    "Wizard",
    "Mesmer",
    "Druid",
)
"""Every profile of the bundled pack with an ability of its own."""

TWO_WARBANDS = (
    (PROFILES[0:3], PROFILES[3:6]),
    (PROFILES[6:9], ("Cleric", "Seer", "Witch")),
)
"""Two players' warbands of three hold six of the nine: two pairings cover them all."""


def every_profile_setups() -> list[tuple[str, int, tuple[tuple[str, ...], ...]]]:
    out = []
    for scenario in SCENARIOS:
        for players in sorted(set(scenario.players)):
            if players == 2:
                out += [(scenario.id, 2, pair) for pair in TWO_WARBANDS]
            else:
                out.append(
                    (scenario.id, players, tuple(PROFILES[i::players] for i in range(players)))
                )
    return out


@pytest.mark.parametrize(("scenario", "players", "warbands"), every_profile_setups())
def test_greedy_and_search_play_every_ability_legally_and_repeat_themselves(
    scenario, players, warbands
):
    """Warbands holding every profile with an ability (Heal, Revive, Take Aim, Ward,
    Insight, Prediction, Charm, Blast, Hypnotize, Clone, Quake, Entangle...), in every
    scenario with each number of players it allows: every answer legal, and the same
    battle again from the same seed."""
    chosen = new_setup(
        scenario,
        [list(band) for band in warbands],
        options=Options(length=Length.QUICK, rounds=2, overtime=0),
    )
    assert len(chosen.warbands) == players
    assert [[p.name for p in band.profiles] for band in chosen.warbands] == [
        list(band) for band in warbands
    ]
    plays_legally_and_repeats(chosen, 7, 0.03)
