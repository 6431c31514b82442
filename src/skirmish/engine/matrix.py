"""Zero-sum games of hidden simultaneous choices, solved exactly.

Both players choose in secret; the payoff goes to the row player and its
negative to the column player. :func:`solve` finds an equilibrium by linear
programming (scipy's HiGHS) and then confirms it in exact arithmetic: the
strategies are recomputed as Fractions from a square equalising subsystem
(Shapley and Snow: every extreme optimal pair comes from one) and accepted only
when neither player can gain a single Fraction by deviating.

>>> rps = MatrixGame.from_rows(
...     ("rock", "paper", "scissors"), ("rock", "paper", "scissors"),
...     [[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
>>> solution = solve(rps)
>>> solution.value, dict(solution.row_strategy)["rock"]
(Fraction(0, 1), Fraction(1, 3))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from skirmish.errors import SkirmishError

Strategy = tuple[tuple[str, Fraction], ...]
"""A mixed strategy: each option with its probability, in the game's option order."""


@dataclass(frozen=True)
class MatrixGame:
    """A zero-sum game: ``payoff[i][j]`` goes to the row player when row i meets column j."""

    rows: tuple[str, ...]
    columns: tuple[str, ...]
    payoff: tuple[tuple[Fraction, ...], ...]
    row_player: str = "row"
    column_player: str = "column"

    @classmethod
    def from_rows(
        cls,
        rows: Sequence[str],
        columns: Sequence[str],
        payoff: Sequence[Sequence[Fraction | int]],
        *,
        row_player: str = "row",
        column_player: str = "column",
    ) -> MatrixGame:
        """Build a game from nested lists, checking its shape."""
        table = tuple(tuple(Fraction(v) for v in row) for row in payoff)
        if not rows or not columns:
            raise SkirmishError("a matrix game needs at least one option for each player")
        if len(table) != len(rows) or any(len(row) != len(columns) for row in table):
            raise SkirmishError(
                f"payoff matrix must be {len(rows)} x {len(columns)} to match the options"
            )
        return cls(tuple(rows), tuple(columns), table, row_player, column_player)

    def row_payoffs(self, column_mix: Sequence[Fraction]) -> list[Fraction]:
        """Each row's expected payoff against a column mix."""
        return [
            sum((a * q for a, q in zip(row, column_mix, strict=True)), Fraction(0))
            for row in self.payoff
        ]

    def column_payoffs(self, row_mix: Sequence[Fraction]) -> list[Fraction]:
        """Each column's expected payoff (to the row player) against a row mix."""
        return [
            sum((self.payoff[i][j] * p for i, p in enumerate(row_mix)), Fraction(0))
            for j in range(len(self.columns))
        ]


@dataclass(frozen=True)
class Solution:
    """An exact equilibrium: both mixed strategies and the value to the row player."""

    game: MatrixGame
    row_strategy: Strategy
    column_strategy: Strategy
    value: Fraction

    @property
    def exploitability(self) -> Fraction:
        """What the two players together could gain by deviating: 0 at an equilibrium."""
        return exploitability(self.game, self.row_strategy, self.column_strategy)


def mix_of(options: Sequence[str], given: Mapping[str, Fraction]) -> list[Fraction]:
    """A mix over ``options`` as a list, checking names and that it sums to 1."""
    unknown = set(given) - set(options)
    if unknown:
        raise SkirmishError(
            f"mix names {', '.join(sorted(unknown))}, which is not an option here; "
            f"options: {', '.join(options)}"
        )
    mix = [Fraction(given.get(option, 0)) for option in options]
    if any(p < 0 for p in mix) or sum(mix) != 1:
        raise SkirmishError(f"a mix needs non-negative probabilities summing to 1, got {sum(mix)}")
    return mix


def exploitability(game: MatrixGame, row: Strategy, column: Strategy) -> Fraction:
    """max over rows against ``column`` minus min over columns against ``row``."""
    row_mix = [p for _, p in row]
    column_mix = [q for _, q in column]
    return max(game.row_payoffs(column_mix)) - min(game.column_payoffs(row_mix))


@dataclass(frozen=True)
class BestResponse:
    """The options that do best against a fixed opponent mix, and what they get."""

    options: tuple[str, ...]
    value: Fraction


def best_row_response(game: MatrixGame, column_mix: Mapping[str, Fraction]) -> BestResponse:
    """The row options that maximise the row player's payoff against ``column_mix``."""
    payoffs = game.row_payoffs(mix_of(game.columns, column_mix))
    best = max(payoffs)
    return BestResponse(
        tuple(o for o, v in zip(game.rows, payoffs, strict=True) if v == best), best
    )


def best_column_response(game: MatrixGame, row_mix: Mapping[str, Fraction]) -> BestResponse:
    """The column options that minimise the row player's payoff against ``row_mix``."""
    payoffs = game.column_payoffs(mix_of(game.rows, row_mix))
    best = min(payoffs)
    return BestResponse(
        tuple(o for o, v in zip(game.columns, payoffs, strict=True) if v == best), best
    )


@dataclass(frozen=True)
class Dominance:
    """``option`` of ``player`` is never better than ``by``; ``strict``: always worse."""

    player: str
    option: str
    by: str
    strict: bool


def dominated(game: MatrixGame) -> list[Dominance]:
    """Every option dominated by another single option of the same player."""
    found: list[Dominance] = []
    rows = game.payoff
    for i, j in ((i, j) for i in range(len(rows)) for j in range(len(rows)) if i != j):
        if all(a <= b for a, b in zip(rows[i], rows[j], strict=True)) and rows[i] != rows[j]:
            strict = all(a < b for a, b in zip(rows[i], rows[j], strict=True))
            found.append(Dominance(game.row_player, game.rows[i], game.rows[j], strict))
    columns = list(zip(*rows, strict=True))
    for i, j in ((i, j) for i in range(len(columns)) for j in range(len(columns)) if i != j):
        if (
            all(a >= b for a, b in zip(columns[i], columns[j], strict=True))
            and columns[i] != columns[j]
        ):
            strict = all(a > b for a, b in zip(columns[i], columns[j], strict=True))
            found.append(Dominance(game.column_player, game.columns[i], game.columns[j], strict))
    return _first_dominator(found)


def _first_dominator(found: list[Dominance]) -> list[Dominance]:
    seen: set[tuple[str, str]] = set()
    out = []
    for entry in found:
        if (entry.player, entry.option) not in seen:
            seen.add((entry.player, entry.option))
            out.append(entry)
    return out


def saddle_point(game: MatrixGame) -> Solution | None:
    """A pure equilibrium, when one exists: a row minimum that is its column's maximum."""
    for i, row in enumerate(game.payoff):
        low = min(row)
        for j, value in enumerate(row):
            if value == low and all(game.payoff[k][j] <= value for k in range(len(game.rows))):
                return _solution(game, _unit(len(game.rows), i), _unit(len(game.columns), j))
    return None


def _unit(size: int, index: int) -> list[Fraction]:
    return [Fraction(1) if k == index else Fraction(0) for k in range(size)]


def _solution(game: MatrixGame, row_mix: list[Fraction], column_mix: list[Fraction]) -> Solution:
    return Solution(
        game,
        tuple(zip(game.rows, row_mix, strict=True)),
        tuple(zip(game.columns, column_mix, strict=True)),
        min(game.column_payoffs(row_mix)),
    )


def solve(game: MatrixGame) -> Solution:
    """An exact equilibrium of a zero-sum matrix game (see the module docstring)."""
    pure = saddle_point(game)
    if pure is not None:
        return pure
    row_float = _linear_program(game.payoff)
    column_float = _linear_program([[-a for a in col] for col in zip(*game.payoff, strict=True)])
    row_support = [i for i, p in enumerate(row_float) if p > 1e-9]
    column_support = [j for j, q in enumerate(column_float) if q > 1e-9]
    hinted = _square_candidates(row_support, column_support)
    everything = (
        (rows, columns)
        for size in range(1, min(len(game.rows), len(game.columns)) + 1)
        for rows in combinations(range(len(game.rows)), size)
        for columns in combinations(range(len(game.columns)), size)
    )
    for rows, columns in (*hinted, *everything):
        candidate = _equalising_pair(game, rows, columns)
        if candidate is not None and exploitability(game, *candidate) == 0:
            row_strategy, column_strategy = candidate
            return _solution(game, [p for _, p in row_strategy], [q for _, q in column_strategy])
    raise AssertionError("no exact equilibrium found; every finite zero-sum game has one")


def _linear_program(payoff: Sequence[Sequence[Fraction]]) -> list[float]:
    """The row player's optimal mix by HiGHS: maximise v with every column paying at least v."""
    import numpy as np  # imported here: only solving a game pays for numpy and scipy
    from scipy.optimize import linprog

    matrix = np.array([[float(a) for a in row] for row in payoff])
    rows, columns = matrix.shape
    objective = np.zeros(rows + 1)
    objective[-1] = -1.0
    upper = np.hstack([-matrix.T, np.ones((columns, 1))])
    equal = np.hstack([np.ones((1, rows)), np.zeros((1, 1))])
    bounds = [(0.0, None)] * rows + [(None, None)]
    result = linprog(
        objective,
        A_ub=upper,
        b_ub=np.zeros(columns),
        A_eq=equal,
        b_eq=[1.0],
        bounds=bounds,
        method="highs",
    )
    if not result.success:  # pragma: no cover - HiGHS always solves a bounded game
        raise AssertionError(f"HiGHS failed on a matrix game: {result.message}")
    return [float(x) for x in result.x[:rows]]


def _square_candidates(
    rows: list[int], columns: list[int]
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Square subsystems suggested by the LP's supports (padded or trimmed to equal size)."""
    size = min(len(rows), len(columns))
    if size == 0:
        return []
    return [(r, c) for r in combinations(rows, size) for c in combinations(columns, size)]


def _equalising_pair(
    game: MatrixGame, rows: tuple[int, ...], columns: tuple[int, ...]
) -> tuple[Strategy, Strategy] | None:
    """Mixes on ``rows`` and ``columns`` that make the opponent indifferent, if non-negative."""
    sub = [[game.payoff[i][j] for j in columns] for i in rows]
    transposed = [list(col) for col in zip(*sub, strict=True)]
    x = _indifference(transposed)
    y = _indifference(sub)
    if x is None or y is None:
        return None
    row_mix = [Fraction(0)] * len(game.rows)
    column_mix = [Fraction(0)] * len(game.columns)
    for index, p in zip(rows, x, strict=True):
        row_mix[index] = p
    for index, q in zip(columns, y, strict=True):
        column_mix[index] = q
    return (
        tuple(zip(game.rows, row_mix, strict=True)),
        tuple(zip(game.columns, column_mix, strict=True)),
    )


def _indifference(matrix: list[list[Fraction]]) -> list[Fraction] | None:
    """Weights w >= 0 summing to 1 with every row of ``matrix . w`` equal, if unique."""
    size = len(matrix)
    # Unknowns: w_1..w_n and v. Equations: matrix . w - v = 0 (n rows), sum w = 1.
    system = [[*row, Fraction(-1), Fraction(0)] for row in matrix]
    system.append([*([Fraction(1)] * size), Fraction(0), Fraction(1)])
    solution = _solve_exactly(system)
    if solution is None:
        return None
    weights = solution[:size]
    return weights if all(w >= 0 for w in weights) else None


def _solve_exactly(augmented: list[list[Fraction]]) -> list[Fraction] | None:
    """Gauss-Jordan elimination in Fractions; None unless the solution is unique."""
    rows = [row[:] for row in augmented]
    unknowns = len(rows[0]) - 1
    if len(rows) != unknowns:
        return None
    for column in range(unknowns):
        pivot = next((r for r in range(column, unknowns) if rows[r][column] != 0), None)
        if pivot is None:
            return None
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        rows[column] = [value / lead for value in rows[column]]
        for r in range(unknowns):
            if r != column and rows[r][column] != 0:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [row[-1] for row in rows]
