"""The game-independent solver: matrix games and expectimax, against known answers."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

from skirmish.dice import CountAtMost, DieRoll, d3
from skirmish.engine import (
    Decision,
    ExpectimaxPolicy,
    FixedPolicy,
    MatrixGame,
    exact,
    solve,
    uniform,
)
from skirmish.engine.matrix import (
    best_column_response,
    best_row_response,
    dominated,
    exploitability,
    saddle_point,
)
from skirmish.errors import SkirmishError

RPS = MatrixGame.from_rows(
    ("rock", "paper", "scissors"),
    ("rock", "paper", "scissors"),
    [[0, -1, 1], [1, 0, -1], [-1, 1, 0]],
)


def test_rock_paper_scissors_value_zero_uniform():
    solution = solve(RPS)
    assert solution.value == 0
    assert dict(solution.row_strategy) == dict.fromkeys(RPS.rows, Fraction(1, 3))
    assert dict(solution.column_strategy) == dict.fromkeys(RPS.columns, Fraction(1, 3))
    assert solution.exploitability == 0


def test_dominated_option_gets_no_weight():
    # Row "bad" is strictly dominated by "top"; the rest is matching pennies worth 1/2.
    game = MatrixGame.from_rows(
        ("top", "bottom", "bad"), ("left", "right"), [[1, 0], [0, 1], [-1, -1]]
    )
    found = dominated(game)
    assert [(d.option, d.by, d.strict) for d in found if d.player == "row"] == [
        ("bad", "top", True)
    ]
    solution = solve(game)
    assert dict(solution.row_strategy)["bad"] == 0
    assert solution.value == Fraction(1, 2)


def test_pure_saddle_point():
    # Row "b" guarantees 2; column "x" holds row to 2: value 2, pure strategies.
    game = MatrixGame.from_rows(("a", "b"), ("x", "y"), [[1, 5], [2, 3]])
    assert saddle_point(game) is not None
    solution = solve(game)
    assert solution.value == 2
    assert dict(solution.row_strategy) == {"a": 0, "b": 1}
    assert dict(solution.column_strategy) == {"x": 1, "y": 0}


def test_hand_solved_two_by_two():
    # [[3, -1], [-2, 1]]: row plays p on top: 3p - 2(1-p) = -p + (1-p) -> p = 3/7; value 1/7.
    game = MatrixGame.from_rows(("t", "b"), ("l", "r"), [[3, -1], [-2, 1]])
    solution = solve(game)
    assert dict(solution.row_strategy) == {"t": Fraction(3, 7), "b": Fraction(4, 7)}
    assert dict(solution.column_strategy) == {"l": Fraction(2, 7), "r": Fraction(5, 7)}
    assert solution.value == Fraction(1, 7)


def test_best_responses_and_exploitability():
    heavy_rock = {"rock": Fraction(1, 2), "paper": Fraction(1, 4), "scissors": Fraction(1, 4)}
    response = best_column_response(RPS, heavy_rock)
    assert response.options == ("paper",) and response.value == Fraction(-1, 4)
    assert best_row_response(RPS, {"scissors": Fraction(1)}).options == ("rock",)
    pure_rock = (("rock", Fraction(1)), ("paper", Fraction(0)), ("scissors", Fraction(0)))
    assert exploitability(RPS, pure_rock, pure_rock) == 2


def test_bad_mix_and_bad_shape_are_clear_errors():
    with pytest.raises(SkirmishError, match="lizard"):
        best_column_response(RPS, {"lizard": Fraction(1)})
    with pytest.raises(SkirmishError, match="summing to 1"):
        best_column_response(RPS, {"rock": Fraction(1, 2)})
    with pytest.raises(SkirmishError, match="2 x 2"):
        MatrixGame.from_rows(("a", "b"), ("x", "y"), [[1, 2]])


matrices = st.integers(1, 4).flatmap(
    lambda rows: st.integers(1, 4).flatmap(
        lambda columns: st.lists(
            st.lists(st.integers(-5, 5), min_size=columns, max_size=columns),
            min_size=rows,
            max_size=rows,
        )
    )
)


@settings(max_examples=150, deadline=None)
@given(matrices)
def test_random_games_have_zero_exploitability_and_the_lp_value(payoff):
    game = MatrixGame.from_rows(
        [f"r{i}" for i in range(len(payoff))], [f"c{j}" for j in range(len(payoff[0]))], payoff
    )
    solution = solve(game)
    assert solution.exploitability == 0
    assert sum(p for _, p in solution.row_strategy) == 1
    # Independent check of the value: the column player's LP, minimising the row payoff cap.
    rows, columns = len(payoff), len(payoff[0])
    result = linprog(
        [0.0] * columns + [1.0],
        A_ub=[[float(payoff[i][j]) for j in range(columns)] + [-1.0] for i in range(rows)],
        b_ub=[0.0] * rows,
        A_eq=[[1.0] * columns + [0.0]],
        b_eq=[1.0],
        bounds=[(0, None)] * columns + [(None, None)],
        method="highs",
    )
    assert abs(result.x[-1] - float(solution.value)) < 1e-7


# Expectimax against brute force over every deterministic policy.


def reroll_budget_game(context, budget=2):
    """Roll a D3 and re-roll it while budget lasts; score the final face."""
    die = DieRoll(d3, "D3")
    value = context.roll(die, rule="demo", label="die")
    for spent in range(budget):
        decision = Decision("player", f"reroll_{spent}", ("keep", "reroll"), rule="demo")
        if context.choose(decision) == "keep":
            break
        value = context.roll(die, rule="demo", label="die")
    return value


def decision_points(procedure):
    """Every (decision key, history) reachable when every option is tried."""
    seen = []

    def recording(decision):
        seen.append((decision.key, decision.history))
        return uniform(decision)

    exact(procedure, policy=recording)
    return sorted(set(seen), key=repr)


class TablePolicy:
    def __init__(self, table):
        self.table = table

    def __call__(self, decision):
        return {self.table[(decision.key, decision.history)]: Fraction(1)}


@pytest.mark.parametrize(
    ("utility", "name"),
    [
        (lambda v: v, "mean face"),
        (lambda v: int(v >= 3), "chance of a 3"),
        (lambda v: (v - 2) ** 2, "extremes"),
    ],
)
def test_expectimax_equals_brute_force_over_all_policies(utility, name):
    points = decision_points(reroll_budget_game)
    assert len(points) == 3 + 9
    best = max(
        exact(reroll_budget_game, policy=TablePolicy(dict(zip(points, choice, strict=True)))).mean(
            utility
        )
        for choice in itertools.product(("keep", "reroll"), repeat=len(points))
    )
    policy = ExpectimaxPolicy(reroll_budget_game, utility=utility, players={"player": 1})
    assert exact(reroll_budget_game, policy=policy).mean(utility) == best == policy.value()


def test_expectimax_minimiser_and_other_players():
    def two_player(context):
        hits = context.roll(CountAtMost(2, 3), rule="demo", label="hits")
        block = context.choose(Decision("defender", "block", ("none", "one"), rule="demo"))
        cost = context.choose(Decision("bystander", "noise", ("a", "b"), rule="demo"))
        return max(0, hits - (1 if block == "one" else 0)) + (1 if cost == "b" else 0)

    policy = ExpectimaxPolicy(
        two_player, utility=lambda d: d, players={"defender": -1}, others=FixedPolicy.of(noise="a")
    )
    # The defender always blocks one: E[max(0, hits - 1)] = P(2 hits) = 1/4.
    assert exact(two_player, policy=policy).mean(lambda d: d) == Fraction(1, 4)
