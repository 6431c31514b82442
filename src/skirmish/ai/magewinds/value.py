"""What a look-ahead's last position is worth: the chance to win the battle, fitted to how
battles between greedy players ended from positions like it.

The search player (:mod:`.search`) plays each candidate forward to the player's next
activation and scores the position reached. By default it scores it with the greedy
player's evaluation (:mod:`.evaluation`), whose total tells which of two choices ends the
battle better no more often than a coin (docs/players.md, "What the look-ahead's value is
worth"): its parts are weighed for choosing one activation, not for judging who wins.
:class:`FittedValue` weighs the same parts, and a few counts the scenario's victory
conditions read (fighters on the battlefield, ruling MB-4; fighters within the
objective's control radius, King of the Hill), by how battles actually ended: a logistic
model of the chance that the player wins, one for each scenario, fitted to positions at
the start of each activation in battles between greedy players of the ladder's warbands
(``benchmarks/value_fit.py``, which writes ``data/leaf-value.json`` with how it was made
and how well it predicts held-out battles). A draw counts as not won, as the ladder's
rates count it. A battle over is worth 1 when won and 0 otherwise; a scenario the file
holds no fit for is scored by the evaluation as before.

``search:SECONDS:value`` names the search player with this value at its look-aheads'
leaves (``--players search:1:value,greedy``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Annotated, Final, Literal

import pydantic

from skirmish.ai.magewinds.evaluation import Evaluator
from skirmish.engine.battle import End, Turn
from skirmish.games.magewinds.battle.actionphase import ActionPhase, ActionPhaseStage
from skirmish.games.magewinds.battle.scenarios import count_on_battlefield, holding
from skirmish.games.magewinds.battle.state import Battle, Phase

if TYPE_CHECKING:
    import numpy as np

PARTS = (
    "material",
    "actions",
    "danger",
    "offence",
    "approach",
    "objective",
    "hand limit",
    "round end",
    "cards",
)
"""The evaluation's parts a fitted value reads (a part a scenario leaves out reads 0)."""
COUNTS = ("fighters", "held", "fighters last round", "held last round")
"""What the scenarios' verdicts count, from the player's side against the others: fighters
on the battlefield (Deathmatch, ruling MB-4), fighters within the objective's control
radius (King of the Hill), and each again in the round limit's round or after it, where
the count at the round's end decides."""
FEATURES = PARTS + COUNTS
"""Every feature a fitted value may read, in this order."""
FILE = "leaf-value.json"
"""The fitted values shipped with the package (``skirmish/ai/magewinds/data``)."""
FORMAT: Final = "skirmish leaf value"
VERSION: Final = 1

Leaf = Callable[[Battle, int], float]
"""A look-ahead's leaf value: a position and the player it is scored for."""


def features(evaluator: Evaluator, battle: Battle, player: int) -> list[float]:
    """:data:`FEATURES` of ``battle`` for ``player``: the evaluation's parts and the counts
    the scenario's verdicts read (:data:`COUNTS`)."""
    parts = dict(evaluator.value(battle, player).parts)
    counts = count_on_battlefield(battle)
    fighters = counts[player] - sum(c for p, c in enumerate(counts) if p != player)
    held = 0
    scenario = battle.setup.scenario
    if scenario.objective and scenario.control_radius:
        near = [holding(battle, p, scenario.control_radius) for p in range(battle.players)]
        held = near[player] - sum(c for p, c in enumerate(near) if p != player)
    last = float(battle.round >= battle.setup.options.round_limit(scenario))
    return [
        *(parts.get(name, 0.0) for name in PARTS),
        float(fighters),
        float(held),
        fighters * last,
        held * last,
    ]


class Fit(pydantic.BaseModel):
    """One scenario's logistic model: the chance to win is the logistic function of
    ``intercept`` plus each coefficient times its feature less its mean, over its scale."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    features: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[Annotated[float, pydantic.Field(gt=0)], ...]
    coefficients: tuple[float, ...]
    intercept: float
    positions: Annotated[int, pydantic.Field(ge=1)]
    battles: Annotated[int, pydantic.Field(ge=1)]

    @pydantic.model_validator(mode="after")
    def _matched(self) -> Fit:
        unknown = [name for name in self.features if name not in FEATURES]
        if unknown:
            raise ValueError(f"unknown features {unknown}; expected some of {list(FEATURES)}")
        if len(set(self.features)) != len(self.features):
            raise ValueError("a feature is named twice")
        sizes = {len(self.features), len(self.mean), len(self.scale), len(self.coefficients)}
        if len(sizes) != 1:
            raise ValueError("features, mean, scale and coefficients differ in length")
        numbers = (*self.mean, *self.scale, *self.coefficients, self.intercept)
        if not all(math.isfinite(x) for x in numbers):
            raise ValueError("a number is not finite")
        return self

    def chance(self, row: Sequence[float]) -> float:
        """The chance to win at a position whose :data:`FEATURES` are ``row``."""
        by_name = dict(zip(FEATURES, row, strict=True))
        z = self.intercept + sum(
            c * (by_name[name] - m) / s
            for name, m, s, c in zip(
                self.features, self.mean, self.scale, self.coefficients, strict=True
            )
        )
        return _logistic(z)


class Check(pydantic.BaseModel):
    """How a fit predicts the battles held out from it (positions of decided battles)."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    battles: int
    positions: int
    fitted_winner: Annotated[float, pydantic.Field(ge=0, le=1)]
    """How often the side with the larger fitted chance went on to win."""
    evaluation_winner: Annotated[float, pydantic.Field(ge=0, le=1)]
    """How often the side with the larger evaluation total went on to win."""
    fitted_log_loss: float
    evaluation_log_loss: float
    """The log loss of the evaluation total alone, fitted the same way (a fair baseline)."""


class ValueFile(pydantic.BaseModel):
    """``data/leaf-value.json``: the fits by scenario id and how they were made."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    format: Literal["skirmish leaf value"]
    version: Literal[1]
    made_by: str
    """The command that wrote the file."""
    target: Literal["win"]
    warband: str
    seed: int
    penalty: Annotated[float, pydantic.Field(ge=0)]
    fits: dict[str, Fit]
    held_out: dict[str, Check]


@cache
def bundled() -> ValueFile:
    """The fitted values shipped with the package (:data:`FILE`), validated."""
    text = resources.files("skirmish.ai.magewinds").joinpath("data", FILE).read_text("utf-8")
    return ValueFile.model_validate_json(text)


@dataclass
class FittedValue:
    """A leaf value (:data:`Leaf`): the fitted chance to win (:class:`Fit`) in points, the
    evaluation's ``win`` weight for a sure win; a battle over is worth that weight won and
    nothing otherwise; a scenario without a fit is scored by the evaluation's total."""

    evaluator: Evaluator
    fits: ValueFile

    def __call__(self, battle: Battle, player: int) -> float:
        win = self.evaluator.weights.win
        if battle.result is not None:
            return win if battle.result.winner == player else 0.0
        fit = self.fits.fits.get(battle.setup.scenario.id)
        if fit is None:
            return self.evaluator.value(battle, player).total
        return win * fit.chance(features(self.evaluator, battle, player))


def fitted(evaluator: Evaluator) -> Leaf:
    """The shipped fitted value (:func:`bundled`) on ``evaluator``'s parts: what
    ``search:SECONDS:value`` scores its leaves with."""
    return FittedValue(evaluator, bundled())


def evaluation(evaluator: Evaluator) -> Leaf:
    """The greedy evaluation's total: the search's leaf value by default."""
    return lambda battle, player: evaluator.value(battle, player).total


# -- Fitting ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A position of a finished battle, for one player: its features (:data:`FEATURES`),
    the evaluation's total, and whether the player went on to win (or lose)."""

    battle: int
    player: int
    row: tuple[float, ...]
    total: float
    won: bool
    lost: bool


def leaf_like(battle: Battle) -> bool:
    """Whether ``battle`` stands where a look-ahead of the search stops: a turn at the
    start of an activation in the Action Phase."""
    node = battle.node()
    top = battle.frames[-1]
    return (
        isinstance(node, Turn)
        and battle.phase is Phase.ACTION
        and isinstance(top, ActionPhase)
        and top.stage == ActionPhaseStage.TURNS
    )


def positions(evaluator: Evaluator, states: Iterable[Battle], number: int) -> list[Position]:
    """Every start of an activation among ``states`` (one battle's, in order, the last
    one over), for each player, labelled by how the battle ended."""
    found = list(states)
    end = found[-1].node()
    assert isinstance(end, End), "the battle is not over"
    rows = []
    for state in found:
        if not leaf_like(state):
            continue
        for player in range(state.players):
            rows.append(
                Position(
                    number,
                    player,
                    tuple(features(evaluator, state, player)),
                    evaluator.value(state, player).total,
                    end.winner == player,
                    end.winner is not None and end.winner != player,
                )
            )
    return rows


def fit(found: Sequence[Position], penalty: float, names: Sequence[str] = FEATURES) -> Fit:
    """The logistic model of winning on ``names`` (standardized over ``found``), fitted by
    maximum likelihood with an L2 ``penalty`` on the coefficients (not the intercept),
    by L-BFGS from zero: deterministic for the same positions. A feature constant over
    ``found`` keeps scale 1 and gets no weight from the data."""
    import numpy as np
    from scipy.optimize import minimize

    columns = [FEATURES.index(name) for name in names]
    x = np.array([[p.row[c] for c in columns] for p in found], dtype=float)
    y = np.array([p.won for p in found], dtype=float)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    design = np.hstack([np.ones((len(z), 1)), z])

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        t = design @ w
        nll = float(np.sum(np.logaddexp(0.0, t) - y * t))
        grad = design.T @ (_sigmoid(t) - y)
        nll += 0.5 * penalty * float(w[1:] @ w[1:])
        grad[1:] += penalty * w[1:]
        return nll, grad

    start = np.zeros(design.shape[1])
    solved = minimize(loss, start, jac=True, method="L-BFGS-B", options={"maxiter": 2000})
    w = solved.x
    return Fit(
        features=tuple(names),
        mean=tuple(float(v) for v in mean),
        scale=tuple(float(v) for v in scale),
        coefficients=tuple(round(float(v), 6) for v in w[1:]),
        intercept=round(float(w[0]), 6),
        positions=len(found),
        battles=len({p.battle for p in found}),
    )


def check(model: Fit, baseline: Fit, held: Sequence[Position]) -> Check:
    """How ``model`` and the evaluation (``baseline``, the total alone fitted the same way,
    and for the winner the total itself) predict the ``held`` positions: the winner, by
    the side with the larger value at each position of a decided battle, and the log loss
    of winning over all of them."""
    fitted_right = evaluation_right = 0.0
    decided = 0
    groups = _sides(held)
    for sides in groups:
        if not any(p.won for p in sides):
            continue
        decided += 1
        chances = [model.chance(p.row) for p in sides]
        totals = [p.total for p in sides]
        winner = next(i for i, p in enumerate(sides) if p.won)
        fitted_right += _picks(chances, winner)
        evaluation_right += _picks(totals, winner)
    model_loss = _log_loss([model.chance(p.row) for p in held], [p.won for p in held])
    base_loss = _log_loss(
        [baseline.chance(_total_row(p.total)) for p in held], [p.won for p in held]
    )
    return Check(
        battles=len({p.battle for p in held}),
        positions=decided,
        fitted_winner=round(fitted_right / decided, 4) if decided else 0.0,
        evaluation_winner=round(evaluation_right / decided, 4) if decided else 0.0,
        fitted_log_loss=round(model_loss, 4),
        evaluation_log_loss=round(base_loss, 4),
    )


TOTAL = "material"
"""The feature slot a baseline fit of the evaluation's total alone reads its total from
(:func:`total_positions`)."""


def total_positions(found: Sequence[Position]) -> list[Position]:
    """``found`` with the evaluation's total in place of the :data:`TOTAL` feature, the
    others zero: for fitting the total alone as a baseline (``fit(..., names=[TOTAL])``)."""
    return [
        Position(p.battle, p.player, _total_row(p.total), p.total, p.won, p.lost) for p in found
    ]


def _total_row(total: float) -> tuple[float, ...]:
    return tuple(total if name == TOTAL else 0.0 for name in FEATURES)


def _sides(held: Sequence[Position]) -> list[list[Position]]:
    """The positions of ``held`` grouped by the position they were scored at (consecutive
    rows of one battle, one for each player, as :func:`positions` lists them)."""
    groups: list[list[Position]] = []
    for p in held:
        if groups and groups[-1][0].battle == p.battle and p.player > groups[-1][-1].player:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def _picks(values: Sequence[float], winner: int) -> float:
    """1 when ``winner`` alone has the largest value, a share on a tie, 0 otherwise."""
    best = max(values)
    tied = [i for i, v in enumerate(values) if v == best]
    return 1.0 / len(tied) if winner in tied else 0.0


def _log_loss(chances: Sequence[float], won: Sequence[bool]) -> float:
    total = 0.0
    for p, w in zip(chances, won, strict=True):
        q = min(max(p, 1e-12), 1 - 1e-12)
        total -= math.log(q if w else 1 - q)
    return total / len(chances) if chances else 0.0


def _logistic(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def _sigmoid(t: np.ndarray) -> np.ndarray:
    import numpy as np

    result: np.ndarray = np.exp(-np.logaddexp(0.0, -t))
    return result


def dumped(file: ValueFile) -> str:
    """``file`` as the JSON text kept in the package (keys in order, two-space indents)."""
    return json.dumps(file.model_dump(mode="json"), indent=2) + "\n"
