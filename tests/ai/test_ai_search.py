"""The search player's parts: the rule that picks among the candidates' look-aheads, and
the replies it plays (the greedy player's own choices)."""

from __future__ import annotations

import math
import statistics
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from random import Random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.stats import t as t_distribution

from skirmish.ai.magewinds import search
from skirmish.ai.magewinds.greedy import GreedyPlayer, plannable
from skirmish.ai.magewinds.rollout import ReplyPlayer
from skirmish.ai.magewinds.search import (
    CANDIDATES,
    ENDGAME_ACTIONS,
    ENDGAME_WIDTH,
    HALVING,
    LONG,
    MARGIN,
    THROUGH,
    SearchPlayer,
    actions_left,
    chosen,
    counted_playouts,
    endgame_actions,
    final_round,
    halved,
    shape,
    stages,
)
from skirmish.engine.battle import Chance, History, LazyView, Turn
from skirmish.games.magewinds.battle import Length, grammar, setup, start_battle
from skirmish.games.magewinds.battle.actionphase import ActionPhase
from skirmish.games.magewinds.battle.attacks import AttackFrame
from skirmish.games.magewinds.battle.state import Battle, Phase

sys.path.insert(0, str(Path(__file__).parents[1] / "battles"))
from mwbattle import guard_turns, placed, play

# -- the margin rule ---------------------------------------------------------------------


def test_the_greedy_choice_stays_when_the_lookaheads_do_not_separate_the_candidates():
    # The second candidate's mean is higher (1.0 a battle), but its paired differences
    # swing +10 / -8: the standard error is 10.39 / 2 = 5.2, so one is no margin.
    values = [[0.0, 0.0, 0.0, 0.0], [10.0, -8.0, 10.0, -8.0]]
    assert statistics.fmean(values[1]) > statistics.fmean(values[0])
    assert chosen(values) == 0
    # Equal candidates, and no battle drawn at all: the greedy choice.
    assert chosen([[1.0, 2.0], [1.0, 2.0], [1.0, 2.0]]) == 0
    assert chosen([[], [], []]) == 0


def test_a_candidate_better_in_every_drawn_battle_is_played():
    # Better by exactly 0.5 in each battle: no spread, any positive gain separates it.
    assert chosen([[3.0, -1.0, 7.0], [3.5, -0.5, 7.5]]) == 1
    # Two candidates beat the first; the one with the larger mean gain is played.
    values = [[0.0, 0.0, 0.0], [1.0, 1.0, 1.0], [2.0, 2.0, 2.0], [1.5, 1.5, 1.5]]
    assert chosen(values) == 2


def test_the_margin_is_standard_errors_of_the_paired_differences():
    # Differences 1, 2, 3: mean 2, standard deviation 1, standard error 1/sqrt(3) = 0.577;
    # a margin of 3.4 asks for 1.96 (passed), 3.5 for 2.02 (not).
    values = [[0.0, 0.0, 0.0], [1.0, 2.0, 3.0]]
    assert 3.4 / math.sqrt(3) < 2 < 3.5 / math.sqrt(3)
    assert chosen(values, margin=3.4) == 1
    assert chosen(values, margin=3.5) == 0
    # The differences are what counts, not the spread of each candidate alone: both
    # candidates swing by 100 between battles, the second always 1 ahead.
    assert chosen([[100.0, -100.0, 50.0], [101.0, -99.0, 51.0]]) == 1


def test_a_candidate_ahead_by_less_than_two_standard_errors_is_not_played():
    # Differences 0, 1, 5: mean 2, standard deviation sqrt(7) = 2.646, standard error
    # 2.646 / sqrt(3) = 1.528: ahead by 1.31 standard errors, past one, short of two.
    values = [[0.0, 0.0, 0.0], [0.0, 1.0, 5.0]]
    assert 1 * math.sqrt(7 / 3) < 2 < 2 * math.sqrt(7 / 3)
    assert chosen(values) == 0
    assert chosen(values, margin=1.0) == 1
    # Differences 1.5, 2, 2.5: standard error 0.289, ahead by 6.9 of them: played.
    assert chosen([[0.0, 0.0, 0.0], [1.5, 2.0, 2.5]]) == 1
    # Of two candidates ahead, one by 1.19 standard errors (differences 0, 1, 8: mean 3,
    # standard error sqrt(19 / 3) = 2.52), one by 3.46 (differences 1, 2, 3: mean 2,
    # standard error 0.577), only the sure one counts, though the other's mean is higher.
    values = [[0.0, 0.0, 0.0], [0.0, 1.0, 8.0], [1.0, 2.0, 3.0]]
    assert statistics.fmean(values[1]) > statistics.fmean(values[2])
    assert chosen(values) == 2


def test_a_candidate_no_better_than_the_greedy_choice_is_played_about_one_time_in_eleven():
    # Paired differences drawn around 0 (normal, 3 drawn battles): the share passing the
    # margin is Student's t tail with 2 degrees of freedom, by scipy: 0.092 at 2 standard
    # errors (0.211 at the one the search used before).
    rng = np.random.default_rng(7)
    trials = 20_000
    rows = rng.normal(0.0, 3.0, size=(trials, 3))
    passed = sum(chosen([[0.0, 0.0, 0.0], list(row)]) == 1 for row in rows)
    assert passed / trials == pytest.approx(float(t_distribution.sf(MARGIN, 2)), abs=0.01)
    assert float(t_distribution.sf(MARGIN, 2)) == pytest.approx(0.092, abs=0.001)
    before = sum(chosen([[0.0, 0.0, 0.0], list(row)], margin=1.0) == 1 for row in rows)
    assert before / trials == pytest.approx(float(t_distribution.sf(1.0, 2)), abs=0.01)


def _tables(battles: int, most: int) -> st.SearchStrategy[list[list[float]]]:
    """Value tables: 2 to ``most`` candidates, each valued in ``battles`` drawn battles."""
    row = st.lists(st.floats(-50, 50, allow_nan=False), min_size=battles, max_size=battles)
    return st.lists(row, min_size=2, max_size=most)


@given(_tables(3, 5))
def test_with_no_margin_the_best_mean_is_played_when_it_beats_the_greedy_choice(rows):
    # A brute-force restatement at margin 0: the best mean among those above the first.
    found = chosen(rows, margin=0.0)
    means = [statistics.fmean(row) for row in rows]
    gains = [statistics.fmean([v - w for v, w in zip(row, rows[0], strict=True)]) for row in rows]
    better = [i for i in range(1, len(rows)) if gains[i] > 1e-9 * (1 + abs(gains[i]))]
    if not better:
        assert found == 0
    else:
        assert found in better
        assert means[found] == pytest.approx(max(means[i] for i in better), abs=1e-9)


# -- sequential halving -----------------------------------------------------------------


def test_halving_keeps_the_better_half_by_mean_and_always_the_greedy_choice():
    # Eight candidates, the greedy choice (0) the worst by mean: it stays, with the three
    # best of the others (means 7, 6 and 5), in the order given.
    columns = {i: [float(v), float(v)] for i, v in enumerate([-1, 3, 7, 2, 5, 6, 0, 4])}
    assert halved(columns) == [0, 2, 4, 5]
    # Four: two stay; an odd field keeps its larger half (rounded up).
    assert halved({0: [9.0], 1: [1.0], 2: [3.0], 3: [2.0]}) == [0, 2]
    assert halved({0: [0.0], 3: [1.0], 5: [2.0]}) == [0, 5]
    # Equal means: the better greedy rank (earlier in the order) stays.
    assert halved({0: [0.0], 1: [1.0, 3.0], 2: [2.0, 2.0], 3: [2.0, 2.0]}) == [0, 1]


@given(_tables(2, 12))
def test_halving_against_the_plain_rule(rows):
    # Brute force: the greedy choice and the best (count + 1) // 2 - 1 of the others by
    # mean (the earlier of equals); the halved field is the same set in the same order.
    columns = dict(enumerate(rows))
    kept = halved(columns)
    others = sorted(range(1, len(rows)), key=lambda i: (-statistics.fmean(rows[i]), i))
    assert kept == sorted([0, *others[: (len(rows) + 1) // 2 - 1]])


def test_the_stages_halve_the_field_down_to_two():
    # 8 candidates: 8 -> 4 -> 2 is two stages before the last; 16: 16 -> 8 -> 4 -> 2.
    assert [stages(n) for n in (1, 2, 3, 4, 5, 8, 9, 16)] == [1, 1, 1, 1, 2, 2, 3, 3]
    for count in range(3, 40):
        field = count
        for _ in range(stages(count) - 1):
            field = (field + 1) // 2
        assert field in (2, 3, 4) and (field + 1) // 2 <= 2


def test_a_longer_budget_looks_one_activation_deeper_over_the_same_field():
    short, long = shape(1.0), shape(LONG)
    assert (short.width, short.halving, short.through) == (CANDIDATES, HALVING, THROUGH)
    assert (long.width, long.halving, long.through) == (CANDIDATES, HALVING, THROUGH + 1)
    assert shape(LONG - 0.01) == short and shape(4.0) == long
    player = SearchPlayer(_guardian_to_act().setup, 1, 0, seconds=4.0, clock=False)
    assert (player.width, player.halving, player.through) == (CANDIDATES, HALVING, THROUGH + 1)
    assert player.endgame
    # Since the sixth speed sitting the dice are common and the field fitted at any budget.
    assert (player.dice, player.fit, player.least) == ("common", True, 1)
    assert counted_playouts(4.0) == 4 * counted_playouts(1.0)


# -- the search on a set position ----------------------------------------------------------


def _guardian_to_act() -> Battle:
    """Player 2's Guardian activated beside the Wizard (the reply tests' position), its
    action to choose."""
    return placed(
        ("Wizard", "Cleric"),
        ("Guardian",),
        {"Wizard": (5.0, 8.0), "Cleric": (3.0, 9.0), "Guardian": (6.6, 8.0)},
    ).apply("activate Guardian")


class _Watched(SearchPlayer):
    """A search player that notes the counted cost spent as each look-ahead starts."""

    def __init__(self, *args: object, **options: object) -> None:
        super().__init__(*args, **options)  # type: ignore[arg-type]
        self.started_at: list[int] = []

    def playout(self, battle: Battle, plan: object, rng: Random) -> float:
        self.started_at.append(self._cost)
        return super().playout(battle, plan, rng)  # type: ignore[arg-type]


def _decide(player: SearchPlayer, battle: Battle) -> str:
    legal = grammar.texts(battle.legal_actions(player.seat))
    return str(player.choose(LazyView(battle, player.seat), legal))


@pytest.mark.parametrize(
    ("halving", "through", "dice", "fit"),
    [
        (False, 0, "world", False),
        (True, 0, "world", False),
        (False, 1, "world", False),
        (False, 1, "common", False),
        (False, 1, "common", True),
    ],
)
def test_a_search_repeats_itself_and_keeps_to_its_counted_budget(halving, through, dice, fit):
    """Seeded alike, two searches of the same position choose alike at the same cost; no
    look-ahead starts once the counted cost has reached the budget (with either kind of
    dice)."""
    battle = _guardian_to_act()
    found = []
    for _ in range(2):
        player = _Watched(
            battle.setup,
            3,
            1,
            seconds=0.5,
            clock=False,
            width=6,
            halving=halving,
            through=through,
            dice=dice,
            fit=fit,
        )
        found.append((_decide(player, battle), player.stats.cost, player.stats.playouts))
        budget = counted_playouts(0.5)
        assert player.started_at and all(cost < budget for cost in player.started_at)
        assert player.stats.cost[0] >= budget or player.stats.playouts[0] == len(player.started_at)
    assert found[0] == found[1]


def test_with_no_whole_round_in_the_budget_the_greedy_choice_is_played():
    """A budget of one counted plan ends before every candidate is played in one drawn
    battle (the field fitted to two), so the greedy player's choice is played."""
    battle = _guardian_to_act()
    greedy = GreedyPlayer(battle.setup, 3, 1)
    plans = [p for p in greedy.planner.plans(battle) if p.actions[0] in battle.options()]
    assert len(plans) >= 4
    least = 1 / search.PLAYOUTS_PER_SECOND
    player = _Watched(battle.setup, 3, 1, seconds=least, clock=False)
    assert counted_playouts(least) == 1
    assert _decide(player, battle) == plans[0].actions[0]
    assert 1 <= len(player.started_at) < 4


def test_a_deeper_lookahead_plays_on_past_the_players_next_activation():
    """Played through one activation of its own, a look-ahead takes more steps and plans
    more greedy activations than one that stops at that activation."""
    battle = _guardian_to_act()
    steps = {}
    for through in (0, 1):
        player = SearchPlayer(battle.setup, 3, 1, seconds=0.1, clock=False, through=through)
        before = player.stats.steps
        player.play_on(battle.apply("guard").apply("no step"), Random(1))
        steps[through] = (player.stats.steps - before, player.replies.planned)
    assert steps[1][0] > steps[0][0] and steps[1][1] > steps[0][1]


# -- the replies -------------------------------------------------------------------------


def _activation(battle: Battle, seat: int, decide: Callable[[Battle], str]) -> list[str]:
    """The actions ``decide`` plays for ``seat`` from ``battle`` until its attack is made
    or its activation ends."""
    actions: list[str] = []
    while True:
        node = battle.node()
        top = battle.frames[-1]
        if not isinstance(node, Turn) or node.player != seat:
            return actions
        if isinstance(top, AttackFrame) or (actions and isinstance(top, ActionPhase)):
            return actions
        action = decide(battle)
        actions.append(action)
        battle = battle.apply(action)


def _greedy_activation(battle: Battle, seat: int, seed: int) -> list[str]:
    """The activation a greedy player of ``seat`` plays, handed each position's view."""
    player = GreedyPlayer(battle.setup, seed, seat)
    return _activation(
        battle,
        seat,
        lambda state: str(player.act(LazyView(state, seat), state.legal_actions(seat))),
    )


def _reply_activation(battle: Battle, seat: int, seed: int) -> list[str]:
    """The same, played by the search's reply policy."""
    greedy = {p: GreedyPlayer(battle.setup, seed, p) for p in range(battle.players)}
    replies = ReplyPlayer(greedy)
    rng = Random(seed)
    return _activation(battle, seat, lambda state: replies.decide(state, rng))


def test_the_reply_is_the_greedy_players_activation_in_a_set_position():
    """Player 2's Guardian can step into the Wizard and strike, or stay back: the reply the
    search plays for player 2 is, action by action, what the greedy player plays."""
    battle = placed(
        ("Wizard", "Cleric"),
        ("Guardian",),
        {"Wizard": (5.0, 8.0), "Cleric": (3.0, 9.0), "Guardian": (6.6, 8.0)},
    )
    node = battle.node()
    assert isinstance(node, Turn) and node.player == 1
    greedy = _greedy_activation(battle, 1, 7)
    assert greedy[0] == "activate Guardian" and any(a.startswith("attack ") for a in greedy)
    assert _reply_activation(battle, 1, 7) == greedy


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_the_reply_is_the_greedy_players_activation_in_generated_battles(seed):
    """At activations of both players through greedy battles of generated setups, the
    reply policy plays the same actions as a greedy player handed the same position."""
    chosen_setup = setup.random_setup(seed, length=Length.QUICK, most=2, rounds=1)
    history = History.start(start_battle(chosen_setup), seed)
    players = [GreedyPlayer(chosen_setup, seed, p) for p in range(2)]
    compared = 0
    for _ in range(3000):
        state = history.state
        node = state.node()
        if not isinstance(node, (Turn, Chance)):
            break
        if isinstance(node, Chance):
            history.roll()
            continue
        top = state.frames[-1]
        legal = grammar.texts(state.legal_actions(node.player))
        if (
            compared < 4
            and isinstance(top, ActionPhase)
            and top.stage == "turns"
            and any(a.startswith("activate ") for a in legal)
            and plannable(state)
        ):
            expected = _greedy_activation(state, node.player, seed + compared)
            assert _reply_activation(state, node.player, seed + compared) == expected
            compared += 1
        offered = state.legal_actions(node.player)
        history.act(players[node.player].act(LazyView(state, node.player), offered))
    assert compared > 0


def test_a_lookahead_is_scored_within_the_action_phase():
    """When the reply ends the Action Phase, the position scored is the phase's last one
    (the phase after it scores no actions or cards left), as the greedy player scores."""
    battle = placed(
        ("Wizard",),
        ("Guardian",),
        {"Wizard": (2.0, 8.0), "Guardian": (10.0, 8.0)},
        hands={0: ("KD", "QD"), 1: ("KC",)},
    )
    first = battle.node()
    assert isinstance(first, Turn)
    order = ["Wizard", "Guardian"] if first.player == 0 else ["Guardian", "Wizard"]
    battle = play(battle, *guard_turns(*order, *order))
    node = battle.node()
    assert isinstance(node, Turn) and node.player == first.player
    # The searching seat passes; the other player's reply, its only option left, ends the
    # Action Phase.
    seat, other = first.player, 1 - first.player
    after = battle.apply("pass")
    assert grammar.texts(after.legal_actions(other)) == ("pass",)
    ended = after.apply("pass")
    assert after.phase is Phase.ACTION and ended.phase is not Phase.ACTION
    searcher = SearchPlayer(battle.setup, 1, seat, seconds=0.1, clock=False)
    value = searcher.play_on(after, Random(1))
    assert value == searcher.evaluator.value(after, seat).total
    assert value != searcher.evaluator.value(ended, seat).total


# -- the endgame: the last round played to the battle's end --------------------------------


@given(_tables(4, 5), st.floats(0.0, 3.0))
def test_the_margin_rule_against_a_brute_force_restatement(rows, margin):
    """Any margin: the best mean paired gain among the candidates whose gain over the first
    passes ``margin`` standard errors of their paired differences (numpy's), else the
    first."""
    table = np.array(rows)
    passing = {}
    for i in range(1, len(rows)):
        differences = table[i] - table[0]
        gain = float(differences.mean())
        error = float(differences.std(ddof=1)) / math.sqrt(len(differences))
        needed = margin * error + 1e-9 * (1 + abs(gain))
        if gain > needed + 1e-9 * (1 + abs(gain)) and gain > 0:
            passing[i] = gain
        elif gain > needed - 1e-9 * (1 + abs(gain)) and gain > 0:
            return  # too close to the line to tell apart from rounding
    found = chosen(rows, margin=margin)
    if not passing:
        assert found == 0
    else:
        assert found in passing
        assert passing[found] == pytest.approx(max(passing.values()), abs=1e-9)


def _last_round(first: tuple[str, ...], second: tuple[str, ...], where) -> Battle:
    """A Deathmatch of one round (so its Action Phase is the battle's last), fighters set."""
    return placed(first, second, where, rounds=1)


def test_the_last_round_and_the_actions_left_in_it():
    battle = _guardian_to_act()
    assert battle.round == 1 and not final_round(battle)
    last = _last_round(("Wizard", "Cleric"), ("Guardian",), {"Guardian": (6.6, 8.0)})
    assert final_round(last)
    # Three fighters, none acted: two counters each (13.0).
    assert actions_left(last) == 6
    acted = play(last, *guard_turns("Wizard" if last.node().player == 0 else "Guardian"))
    assert actions_left(acted) < 6


def _far_apart(first: tuple[str, ...]) -> Battle:
    where = {name: (1.0 + 2 * i, 1.0) for i, name in enumerate(first)} | {"Guardian": (11.0, 15.0)}
    return _last_round(first, ("Guardian",), where)


@pytest.mark.parametrize(
    ("first", "seat", "expected"),
    [
        (("Wizard", "Cleric"), 0, 60.0),  # two fighters left against one: a win (ruling MB-4)
        (("Wizard", "Cleric"), 1, -60.0),
        (("Wizard",), 0, -7.5),  # one against one, out of reach: a draw, worth what it is set to
    ],
)
def test_an_endgame_lookahead_plays_to_the_battles_end_and_scores_its_result(first, seat, expected):
    """Fighters out of each other's reach in a one-round Deathmatch: the look-ahead plays
    every activation left and scores the result: the win's weight, its negative, or the
    draw's worth."""
    battle = _far_apart(first)
    player = SearchPlayer(battle.setup, 1, seat, seconds=1.0, clock=False, endgame=True, draw=-7.5)
    player._to_end = True
    assert player.play_to_the_end(battle, Random(2)) == expected
    assert player.replies.planned > 0


def test_a_draw_is_worth_what_the_search_is_told_and_nothing_by_default():
    battle = _far_apart(("Wizard",))
    ended = battle
    while ended.result is None:
        ended = ended.apply(
            ReplyPlayer(
                {0: GreedyPlayer(battle.setup, 1, 0), 1: GreedyPlayer(battle.setup, 1, 1)}
            ).decide(ended, Random(3))
        )
    assert ended.result.winner is None
    assert SearchPlayer(battle.setup, 1, 0, clock=False).leaf(ended) == 0.0
    assert SearchPlayer(battle.setup, 1, 0, clock=False, draw=-20.0).leaf(ended) == -20.0
    # Before the end the leaf is the greedy evaluation, whatever a draw is worth.
    player = SearchPlayer(battle.setup, 1, 0, clock=False, draw=-20.0)
    assert player.leaf(battle) == player.evaluator.value(battle, 0).total


def _endgame_decision() -> Battle:
    """The last round's Guardian about to act, two enemies beside it."""
    battle = _last_round(
        ("Wizard", "Cleric"),
        ("Guardian",),
        {"Wizard": (5.0, 8.0), "Cleric": (3.0, 9.0), "Guardian": (6.6, 8.0)},
    )
    return (
        battle.apply("activate Guardian")
        if battle.node().player == 1
        else play(battle, *guard_turns("Wizard"), "activate Guardian")
    )


@pytest.mark.parametrize("seconds", [0.5, 2.0])
def test_an_endgame_search_repeats_itself_keeps_to_its_budget_and_its_width(seconds):
    """In the last round, with few actions left, a search seeded alike chooses alike at the
    same cost, plays no more than :data:`ENDGAME_WIDTH` candidates, starts no look-ahead once
    its count has reached the budget, and each look-ahead reaches the battle's end."""
    battle = _endgame_decision()
    assert final_round(battle) and actions_left(battle) <= ENDGAME_ACTIONS
    found = []
    for _ in range(2):
        player = _Watched(battle.setup, 3, 1, seconds=seconds, clock=False, endgame=True)
        found.append((_decide(player, battle), player.stats.cost, player.stats.playouts))
        budget = counted_playouts(seconds)
        assert player.started_at and all(cost < budget for cost in player.started_at)
        assert player._to_end
    assert found[0] == found[1]
    # The candidates played are the greedy player's best ENDGAME_WIDTH, every one of them
    # in the first drawn battle.
    player = _Played(battle.setup, 3, 1, seconds=seconds, clock=False, endgame=True)
    _decide(player, battle)
    greedy = GreedyPlayer(battle.setup, 3, 1)
    best = [p.actions for p in greedy.planner.plans(battle) if p.actions[0] in battle.options()]
    assert len(best) > ENDGAME_WIDTH
    assert player.played[:ENDGAME_WIDTH] == best[:ENDGAME_WIDTH]
    assert set(player.played) == set(best[:ENDGAME_WIDTH])


class _Played(SearchPlayer):
    """A search player that notes each candidate it plays, in order."""

    def __init__(self, *args: object, **options: object) -> None:
        super().__init__(*args, **options)  # type: ignore[arg-type]
        self.played: list[tuple[str, ...]] = []

    def playout(self, battle: Battle, plan: object, rng: Random) -> float:
        self.played.append(tuple(plan.actions))  # type: ignore[attr-defined]
        return super().playout(battle, plan, rng)  # type: ignore[arg-type]


def test_without_the_endgame_the_last_round_is_searched_as_before():
    battle = _endgame_decision()
    player = SearchPlayer(battle.setup, 3, 1, seconds=0.5, clock=False, endgame=False)
    _decide(player, battle)
    assert not player._to_end


def test_a_longer_budget_plays_to_the_end_from_earlier_in_the_last_round(monkeypatch):
    """The actions left that an endgame search plays to the end from grow with its budget:
    with 2 a second, a position with 6 actions left is searched as before at 1 s and to the
    battle's end at 3 s."""
    assert endgame_actions(0.5) == endgame_actions(1.0) == ENDGAME_ACTIONS
    assert endgame_actions(4.0) == 4 * ENDGAME_ACTIONS
    monkeypatch.setattr(search, "ENDGAME_ACTIONS", 2)
    battle = _endgame_decision()
    assert actions_left(battle) == 6
    reached = {}
    for seconds in (1.0, 3.0):
        player = SearchPlayer(battle.setup, 3, 1, seconds=seconds, clock=False, endgame=True)
        _decide(player, battle)
        reached[seconds] = player._to_end
    assert reached == {1.0: False, 3.0: True}


def test_the_actions_left_an_endgame_is_played_from_may_be_given():
    """Given the most actions left to play to the end from, the search plays to the end
    from there and no earlier, whatever its budget: 6 left is reached by 6, not by 5."""
    battle = _endgame_decision()
    assert actions_left(battle) == 6
    reached = {}
    for to_end in (5, 6):
        player = SearchPlayer(battle.setup, 3, 1, seconds=1.0, clock=False, to_end=to_end)
        assert player.to_end == to_end
        _decide(player, battle)
        reached[to_end] = player._to_end
    assert reached == {5: False, 6: True}
    assert SearchPlayer(battle.setup, 3, 1, seconds=3.0, clock=False).to_end == endgame_actions(3.0)


# -- common dice and the fewest drawn battles ----------------------------------------------


def _heavy_blow(cleric: tuple[float, float] = (3.0, 9.0)) -> Battle:
    """The Guardian's heavy Melee attack on the Wizard, its dice to roll (the Cleric, out
    of it, stands at ``cleric``)."""
    battle = placed(
        ("Wizard", "Cleric"),
        ("Guardian",),
        {"Wizard": (5.0, 8.0), "Cleric": cleric, "Guardian": (6.6, 8.0)},
    )
    return play(
        battle.apply("activate Guardian"),
        "attack",
        "no step",
        "attack Wizard with Melee",
        "heavy",
        "none",
    )


def test_common_dice_roll_the_same_attack_alike_whatever_led_to_it():
    """With common dice the roll of an attack is named by the drawn battle and the attack
    (:func:`search.event`), not by the stream the look-ahead has read so far: the same
    attack rolls the same faces from any stream and with the rest of the table otherwise,
    other faces in other drawn battles; with the drawn battle's one stream the faces are
    the stream's next."""
    battle = _heavy_blow()
    assert isinstance(battle.node(), Chance)
    elsewhere = _heavy_blow(cleric=(2.0, 12.0))
    assert elsewhere.as_dict() != battle.as_dict()
    common = SearchPlayer(battle.setup, 3, 0, clock=False, dice="common")
    faces = {}
    for world in range(12):
        common._world = f"drawn {world}"
        rolled = {
            str(common._reply(state, Random(k))) for state in (battle, elsewhere) for k in (1, 2)
        }
        assert len(rolled) == 1
        faces[world] = rolled.pop()
    assert len(set(faces.values())) > 1
    assert all(face.startswith("dice ") and len(face.split()) == 7 for face in faces.values())
    # The same world's faces again for the attacker's next attack would be a coupling too
    # many: another action counter names another event.
    assert search.event(battle, -1) != search.event(
        replace(
            battle,
            fighters=tuple(
                replace(f, counters=f.counters + 1) if f.name == "Guardian" else f
                for f in battle.fighters
            ),
        ),
        -1,
    )
    world = SearchPlayer(battle.setup, 3, 0, clock=False, dice="world")
    assert search.DICE in search.DICE_KINDS
    for k in range(6):
        assert str(world._reply(battle, Random(k))) == str(battle.sample_chance(Random(k)))


def test_dice_of_another_kind_are_refused():
    with pytest.raises(ValueError, match="dice='loaded'"):
        SearchPlayer(_guardian_to_act().setup, 1, 0, clock=False, dice="loaded")


@given(
    st.lists(
        st.lists(st.floats(-50, 50, allow_nan=False), min_size=4, max_size=4),
        min_size=2,
        max_size=5,
    ),
    st.integers(1, 4),
    st.integers(1, 5),
)
def test_a_candidate_compared_in_fewer_drawn_battles_than_the_least_is_not_played(
    rows, worlds, least
):
    """``least`` drawn battles at the fewest: the margin rule over the first ``worlds``
    battles when there are that many, else the greedy player's choice."""
    table = [row[:worlds] for row in rows]
    expected = chosen(table) if worlds >= least else 0
    assert chosen(table, least=least) == expected
    # One drawn battle has no spread: any gain passes unless two are asked for.
    assert chosen([[0.0], [0.5]]) == 1
    assert chosen([[0.0], [0.5]], least=2) == 0
    assert chosen([[0.0, 0.0], [0.5, 0.5]], least=2) == 1


def test_the_fewest_drawn_battles_are_the_search_players_own(monkeypatch):
    """The search asks the margin rule for its own fewest drawn battles, and plays what the
    rule picks."""
    assert SearchPlayer(_guardian_to_act().setup, 1, 0, clock=False).least == search.LEAST == 1
    asked = []

    def noted(values, margin=MARGIN, least=1):
        asked.append((len(values[0]), least, chosen(values, margin, least)))
        return asked[-1][2]

    monkeypatch.setattr(search, "chosen", noted)
    battle = _guardian_to_act()
    player = _Played(battle.setup, 3, 1, seconds=4.0, clock=False, through=0, least=2)
    choice = _decide(player, battle)
    ((worlds, least, index),) = asked
    assert least == 2 and worlds >= 2
    width = min(player.width, len(set(player.played)))
    assert choice == player.played[:width][index][0]


@pytest.mark.parametrize("margin", [0.0, 0.5, 3.0])
def test_the_margin_is_the_search_players_own(monkeypatch, margin):
    """The search asks the margin rule with its own margin (the module's by default) before
    the endgame, plays what the rule picks, and refuses a margin below 0 or not finite; in
    the endgame it asks with its endgame margin (:data:`ENDGAME_MARGIN` by default)
    whatever its own, and the endgame margin is not asked before the endgame."""
    setup = _guardian_to_act().setup
    assert SearchPlayer(setup, 1, 0, clock=False).margin == search.MARGIN
    assert SearchPlayer(setup, 1, 0, clock=False).endgame_margin == search.ENDGAME_MARGIN
    for bad in (-0.5, math.nan, math.inf):
        with pytest.raises(ValueError, match="^margin="):
            SearchPlayer(setup, 1, 0, clock=False, margin=bad)
        with pytest.raises(ValueError, match="^endgame_margin="):
            SearchPlayer(setup, 1, 0, clock=False, endgame_margin=bad)
    asked = []

    def noted(values, margin=MARGIN, least=1):
        asked.append((margin, chosen(values, margin, least)))
        return asked[-1][1]

    monkeypatch.setattr(search, "chosen", noted)
    battle = _guardian_to_act()
    player = _Played(
        battle.setup, 3, 1, seconds=4.0, clock=False, through=0, margin=margin, endgame_margin=7
    )
    choice = _decide(player, battle)
    ((asked_margin, index),) = asked
    assert asked_margin == margin
    width = min(player.width, len(set(player.played)))
    assert choice == player.played[:width][index][0]
    asked.clear()
    ending = _endgame_decision()
    player = SearchPlayer(ending.setup, 3, 1, seconds=0.5, clock=False, margin=margin)
    _decide(player, ending)
    assert player._to_end
    assert [asked_margin for asked_margin, _ in asked] == [search.ENDGAME_MARGIN]
    asked.clear()
    player = SearchPlayer(
        ending.setup, 3, 1, seconds=0.5, clock=False, margin=margin, endgame_margin=margin + 1
    )
    _decide(player, ending)
    assert [asked_margin for asked_margin, _ in asked] == [margin + 1]


@pytest.mark.parametrize("share", [0.01, 0.2, 0.25, 0.3, 1 / 3, 0.34, 0.5, 0.7, 1.0, 3.0])
def test_a_field_is_fitted_to_the_rounds_the_budget_holds(share):
    """The candidates one whole round holds when each look-ahead takes ``share`` of the
    budget: counted as the search counts, a look-ahead started while the budget is not
    spent, so the round holds every look-ahead started below it (at least 2)."""
    starts = 0
    while starts * share < 1 - 1e-12:
        starts += 1
    for width in range(1, 9):
        assert search.fitted(width, share) == min(width, max(2, starts))
    assert search.fitted(4, 0.0) == 4


def test_a_fitted_search_plays_the_round_the_budget_holds():
    """At a budget of 30 counted plans (what a second counted until the seventh speed
    sitting) a look-ahead from the Guardian's position (to its next
    activation) takes over half the counted budget, so a search of 4 candidates finishes
    no round and plays the greedy choice unsearched; fitted, it plays the greedy player's
    two best candidates in one whole drawn battle and picks between them."""
    battle = _guardian_to_act()
    seconds = 30 / search.PLAYOUTS_PER_SECOND
    plain = _Played(battle.setup, 3, 1, seconds=seconds, clock=False, through=0, fit=False)
    greedy_choice = _decide(plain, battle)
    assert plain.stats.playouts == [len(plain.played)] and len(plain.played) < plain.width
    fitted = _Played(battle.setup, 3, 1, seconds=seconds, clock=False, through=0, fit=True)
    choice = _decide(fitted, battle)
    greedy = GreedyPlayer(battle.setup, 3, 1)
    best = [p.actions for p in greedy.planner.plans(battle) if p.actions[0] in battle.options()]
    assert fitted.played == best[:2]
    assert fitted.stats.playouts == [2] and fitted.stats.cost[0] >= counted_playouts(seconds)
    assert greedy_choice == best[0][0] and choice in (best[0][0], best[1][0])


@pytest.mark.parametrize(
    ("endgame", "options"),
    [
        (False, {"margin": 0.0}),
        (False, {"margin": 3.0, "least": 2}),
        (True, {"endgame_margin": 0.0}),
        (True, {"draw": -60.0, "endgame_margin": 2.0, "least": 3}),
    ],
)
def test_the_choosing_options_choose_among_the_very_same_lookaheads(monkeypatch, endgame, options):
    """What a draw is worth, the margins and the fewest drawn battles change only which
    candidate is chosen from the look-aheads' values (a draw's value read where the default
    reads 0), never the look-aheads themselves: ``benchmarks/search_variants.py screen``
    rests on it to play only the battles where such a variant chooses otherwise."""
    tables = []

    def noted(values, margin=MARGIN, least=1):
        tables.append([list(row) for row in values])
        return chosen(values, margin, least)

    monkeypatch.setattr(search, "chosen", noted)
    battle = _endgame_decision() if endgame else _guardian_to_act()
    shape = {"seconds": 1.0} if endgame else {"seconds": 1.5, "through": 0}
    for chosen_with in ({}, options):
        player = SearchPlayer(battle.setup, 3, 1, clock=False, **shape, **chosen_with)
        _decide(player, battle)
        assert player._to_end == endgame
    plain, varied = tables
    draw = options.get("draw", search.DRAW)
    assert varied == [[draw if v == search.DRAW else v for v in row] for row in plain]
    assert len(plain[0]) > 1
