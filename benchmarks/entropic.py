"""Entropic Engine benchmark: the bidding game in sequence form against its normal form.

Run by ``python benchmarks/run.py``. The advisor solves the sealed bids as a signalling game:
one linear program over the attacker's bids and one value per number of tokens the defender
can see, then exact fractions. The baseline writes the same game out as a matrix over every
defender plan (a bid for each count it could see) and solves that matrix's linear program in
floats, which grows as (bids + 1) ** counts.
"""

from __future__ import annotations

import itertools
import timeit

import numpy as np
from scipy.optimize import linprog

from skirmish.engine.signalling import SignallingGame, solve_signalling
from skirmish.games.entropic import Aim, Approach, Situation, bidding_game, simple


def situation(real: int, dummies: int, defence: int) -> Situation:
    attacker = simple("A", attack=4, defend=3, command=3, real_tokens=real, dummy_tokens=dummies)
    target = simple("T", attack=3, defend=5, command=3, real_tokens=defence, acted=True)
    return Situation(attacker, target, ((Aim.BASE, Approach(8)),))


def normal_form_value(game: SignallingGame) -> float:
    signals = game.signal_set
    plans = list(itertools.product(range(len(game.responses)), repeat=len(signals)))
    matrix = np.array(
        [
            [float(game.payoff[i][plan[signals.index(game.signals[i])]]) for plan in plans]
            for i in range(len(game.senders))
        ]
    )
    rows, columns = matrix.shape
    objective = np.zeros(rows + 1)
    objective[-1] = -1.0
    result = linprog(
        objective,
        A_ub=np.hstack([-matrix.T, np.ones((columns, 1))]),
        b_ub=np.zeros(columns),
        A_eq=np.hstack([np.ones((1, rows)), np.zeros((1, 1))]),
        b_eq=[1.0],
        bounds=[(0.0, None)] * rows + [(None, None)],
        method="highs",
    )
    return float(result.x[-1])


def main() -> None:
    print("Entropic Engine: solving the bidding game, exact sequence form vs float normal form")
    for real, dummies, defence in ((1, 1, 1), (2, 1, 2), (3, 1, 3), (4, 2, 3)):
        advice = bidding_game(situation(real, dummies, defence))
        game = advice.game
        assert abs(float(advice.solution.value) - normal_form_value(game)) < 1e-6
        ours = min(timeit.repeat(lambda g=game: solve_signalling(g), number=1, repeat=3))
        theirs = min(timeit.repeat(lambda g=game: normal_form_value(g), number=1, repeat=3))
        plans = (defence + 1) ** (real + dummies + 1)
        print(
            f"   {real} real + {dummies} dummy v {defence} real: sequence form {ours:.3f} s, "
            f"normal form ({plans} defender plans) {theirs:.3f} s, ratio {ours / theirs:.2f}x"
        )


if __name__ == "__main__":
    main()
