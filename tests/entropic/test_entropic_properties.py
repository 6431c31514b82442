"""Properties of the Entropic Engine attack and of the signalling-game solver."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.engine.matrix import MatrixGame, solve
from skirmish.engine.signalling import SignallingGame, solve_signalling
from skirmish.games.entropic import Aim, Approach, Bid, Outcome, Situation, result_of, simple

ORDER = [
    Outcome.FAILED,
    Outcome.NONE,
    Outcome.STUNNED,
    Outcome.DAMAGED,
    Outcome.DESTROYED,
    Outcome.ANNIHILATED,
]
scores = st.integers(0, 9)


@settings(max_examples=60, deadline=None)
@given(
    scores,
    scores,
    st.integers(0, 1),
    st.integers(0, 1),
    st.floats(0, 30),
    st.booleans(),
    st.booleans(),
)
def test_more_attack_tokens_never_make_the_result_worse(
    attack, defend, extra, bid_d, distance, obscured, closest
):
    a = simple("A", attack=attack, defend=1, command=1, real_tokens=2)
    t = simple("T", attack=1, defend=defend, command=1, real_tokens=1, acted=True)
    s = Situation(a, t, ((Aim.BASE, Approach(distance, obscured)),), closest=closest)
    low = result_of(s, Bid(extra), Bid(bid_d))
    high = result_of(s, Bid(extra + 1), Bid(bid_d))
    assert ORDER.index(high.outcome) >= ORDER.index(low.outcome)
    if low.attack_score is not None and high.attack_score is not None:
        assert high.attack_score == low.attack_score + 1
        assert high.defense_score == low.defense_score


payoffs = st.lists(st.lists(st.integers(-3, 3), min_size=2, max_size=2), min_size=2, max_size=4)


@settings(max_examples=40, deadline=None)
@given(payoffs, st.lists(st.sampled_from(["x", "y"]), min_size=4, max_size=4))
def test_signalling_solutions_are_exact_and_match_the_normal_form(payoff, signal_pool):
    senders = [f"s{i}" for i in range(len(payoff))]
    signals = signal_pool[: len(payoff)]
    game = SignallingGame.build(
        senders=senders, signals=signals, responses=["a", "b"], payoff=payoff
    )
    solution = solve_signalling(game)
    assert solution.exact
    distinct = game.signal_set
    plans = list(itertools.product(range(2), repeat=len(distinct)))
    matrix = MatrixGame.from_rows(
        senders,
        [str(p) for p in plans],
        [
            [game.payoff[i][plan[distinct.index(signals[i])]] for plan in plans]
            for i in range(len(senders))
        ],
    )
    assert solve(matrix).value == solution.value
    assert sum(p for _, p in solution.sender) == Fraction(1)
