"""Zero-sum games where one player's hidden choice shows a signal before the other chooses.

The sender picks an option in secret; the receiver sees only that option's signal (say,
how many tokens were put down, not which are real) and then picks a response. Such a game
has far too many pure receiver strategies (one response per signal, in every combination)
for a matrix, so it is solved in sequence form: one linear program over the sender's mix
and a value per signal (Koller, Megiddo and von Stengel), by scipy's HiGHS. The receiver's
behaviour at each signal comes from the program's duals. Both are then turned into exact
fractions and checked: the answer is exact when neither player can gain a single Fraction
by deviating (exploitability 0).

>>> game = SignallingGame.build(
...     senders=("bluff", "strong"), signals=("bid", "bid"), responses=("fold", "call"),
...     payoff=[[1, -1], [1, 2]])
>>> solution = solve_signalling(game)
>>> solution.value, solution.exact
(Fraction(1, 1), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from skirmish.engine.matrix import Strategy
from skirmish.errors import SkirmishError

DENOMINATORS = (12, 60, 360, 2520, 10**4, 10**5, 10**6, 10**8)
"""Denominator bounds tried, smallest first, when turning the LP's floats into fractions."""


@dataclass(frozen=True)
class SignallingGame:
    """``payoff[i][j]`` goes to the sender when sender option i meets response j."""

    senders: tuple[str, ...]
    signals: tuple[str, ...]
    responses: tuple[str, ...]
    payoff: tuple[tuple[Fraction, ...], ...]

    @classmethod
    def build(
        cls,
        *,
        senders: Sequence[str],
        signals: Sequence[str],
        responses: Sequence[str],
        payoff: Sequence[Sequence[Fraction | int]],
    ) -> SignallingGame:
        table = tuple(tuple(Fraction(v) for v in row) for row in payoff)
        if not senders or not responses:
            raise SkirmishError("a signalling game needs options for both players")
        if len(signals) != len(senders):
            raise SkirmishError("every sender option needs its signal")
        if len(table) != len(senders) or any(len(row) != len(responses) for row in table):
            raise SkirmishError(f"payoff must be {len(senders)} x {len(responses)}")
        return cls(tuple(senders), tuple(signals), tuple(responses), table)

    @property
    def signal_set(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.signals))

    def sender_guarantee(self, mix: Sequence[Fraction]) -> Fraction:
        """What the sender's mix earns at least, the receiver answering each signal best."""
        total = Fraction(0)
        for signal in self.signal_set:
            rows = [i for i, s in enumerate(self.signals) if s == signal]
            total += min(
                sum((mix[i] * self.payoff[i][j] for i in rows), Fraction(0))
                for j in range(len(self.responses))
            )
        return total

    def receiver_guarantee(self, behaviour: dict[str, list[Fraction]]) -> Fraction:
        """What the receiver's behaviour concedes at most, the sender choosing best."""
        return max(
            sum(
                (p * self.payoff[i][j] for j, p in enumerate(behaviour[self.signals[i]])),
                Fraction(0),
            )
            for i in range(len(self.senders))
        )


@dataclass(frozen=True)
class SignallingSolution:
    """The sender's mix, the receiver's mix at each signal, and the value to the sender."""

    value: Fraction
    sender: Strategy
    receiver: tuple[tuple[str, Strategy], ...]
    exploitability: Fraction
    """How much the better-off deviation gains; 0 means an exact equilibrium."""

    @property
    def exact(self) -> bool:
        return self.exploitability == 0


def _linear_program(game: SignallingGame) -> tuple[list[float], dict[str, list[float]]]:
    import numpy as np  # imported here: only solving a game pays for numpy and scipy
    from scipy.optimize import linprog

    senders, signals = len(game.senders), game.signal_set
    responses = len(game.responses)
    variables = senders + len(signals)
    cost = np.zeros(variables)
    cost[senders:] = -1.0  # maximise the sum of the per-signal values
    rows, keys = [], []
    for k, signal in enumerate(signals):
        for j in range(responses):
            row = np.zeros(variables)
            row[senders + k] = 1.0
            for i in range(senders):
                if game.signals[i] == signal:
                    row[i] = -float(game.payoff[i][j])
            rows.append(row)
            keys.append((signal, j))
    equal = np.zeros((1, variables))
    equal[0, :senders] = 1.0
    bounds = [(0, None)] * senders + [(None, None)] * len(signals)
    result = linprog(
        cost,
        A_ub=np.array(rows),
        b_ub=np.zeros(len(rows)),
        A_eq=equal,
        b_eq=[1.0],
        bounds=bounds,
        method="highs",
    )
    if result.status != 0:
        raise SkirmishError(f"the bidding game's linear program failed: {result.message}")
    duals = -np.asarray(result.ineqlin.marginals)
    behaviour: dict[str, list[float]] = {signal: [0.0] * responses for signal in signals}
    for (signal, j), weight in zip(keys, duals, strict=True):
        behaviour[signal][j] = max(0.0, float(weight))
    return [max(0.0, float(x)) for x in result.x[:senders]], behaviour


def _rational(weights: Sequence[float], bound: int) -> list[Fraction]:
    """Fractions with denominators at most ``bound``, summing to 1 (the largest absorbs)."""
    total = sum(weights)
    if total <= 0:
        return [Fraction(1)] + [Fraction(0)] * (len(weights) - 1)
    mix = [Fraction(w / total).limit_denominator(bound) for w in weights]
    largest = max(range(len(mix)), key=lambda i: mix[i])
    mix[largest] += 1 - sum(mix)
    return mix


def solve_signalling(game: SignallingGame) -> SignallingSolution:
    """An equilibrium in exact fractions when one is found among the rounded LP answers;
    otherwise the closest one found, with its (exact) exploitability."""
    floats, behaviour = _linear_program(game)
    best: tuple[Fraction, list[Fraction], dict[str, list[Fraction]]] | None = None
    for bound in DENOMINATORS:
        mix = _rational(floats, bound)
        answer = {signal: _rational(w, bound) for signal, w in behaviour.items()}
        gap = game.receiver_guarantee(answer) - game.sender_guarantee(mix)
        if best is None or gap < best[0]:
            best = (gap, mix, answer)
        if gap == 0:
            break
    assert best is not None
    gap, mix, answer = best
    return SignallingSolution(
        value=game.sender_guarantee(mix),
        sender=tuple(zip(game.senders, mix, strict=True)),
        receiver=tuple(
            (signal, tuple(zip(game.responses, answer[signal], strict=True)))
            for signal in game.signal_set
        ),
        exploitability=gap,
    )
