"""The search's fitted leaf value (:mod:`skirmish.ai.magewinds.value`): its file, its fit,
its worth on hand-made positions, and the hook that hands it to the search player."""

from __future__ import annotations

import json
import math
import sys
from dataclasses import replace
from pathlib import Path
from random import Random

import numpy as np
import pydantic
import pytest
from test_ai_objectives import last_activation_on_the_hill
from test_ai_search import _decide, _guardian_to_act

from skirmish.ai.magewinds.evaluation import Evaluator, Weights
from skirmish.ai.magewinds.search import PLAYOUTS_PER_SECOND, SearchPlayer
from skirmish.ai.magewinds.value import (
    FEATURES,
    Fit,
    FittedValue,
    Position,
    ValueFile,
    bundled,
    dumped,
    evaluation,
    features,
    fit,
    fitted,
)
from skirmish.ai.players import computer, simulated
from skirmish.engine.battle import End
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle.scenarios import distance_to_objective
from skirmish.games.magewinds.battle.session import parse_players
from skirmish.games.magewinds.battle.state import Status
from skirmish.games.magewinds.battles import COMPUTERS

sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))
from value_fit import SCENARIOS, made

# -- the file ----------------------------------------------------------------------------


def test_the_shipped_file_is_valid_and_fits_both_ladder_scenarios():
    shipped = bundled()
    assert set(shipped.fits) == {"deathmatch", "king-of-the-hill"}
    for name, one in shipped.fits.items():
        assert one.features == FEATURES
        assert one.battles > 1 and one.positions > one.battles
        held = shipped.held_out[name]
        assert held.battles > 0 and 0 <= held.fitted_winner <= 1
    assert shipped.made_by.startswith("python benchmarks/value_fit.py")
    # The text kept is the file as the fit script writes it.
    path = Path(__file__).parents[2] / "src/skirmish/ai/magewinds/data/leaf-value.json"
    assert dumped(shipped) == path.read_text(encoding="utf-8")


def _fit_data(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "features": ["fighters", "held"],
        "mean": [0.0, 0.0],
        "scale": [1.0, 1.0],
        "coefficients": [1.0, 2.0],
        "intercept": 0.0,
        "positions": 10,
        "battles": 2,
    }
    return data | changes


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"features": ["fighters", "luck"]}, "unknown features"),
        ({"features": ["held", "held"]}, "named twice"),
        ({"mean": [0.0]}, "differ in length"),
        ({"scale": [1.0, 0.0]}, "greater than 0"),
        ({"coefficients": [1.0, math.inf]}, "not finite"),
        ({"positions": 0}, "greater than or equal to 1"),
        ({"extra": 1}, "Extra inputs"),
    ],
)
def test_a_bad_fit_is_refused_naming_what_is_wrong(changes, said):
    with pytest.raises(pydantic.ValidationError, match=said):
        Fit.model_validate(_fit_data(**changes))


def test_a_file_of_another_format_is_refused():
    data = json.loads(dumped(bundled()))
    with pytest.raises(pydantic.ValidationError, match="format"):
        ValueFile.model_validate(data | {"format": "something else"})
    with pytest.raises(pydantic.ValidationError, match="target"):
        ValueFile.model_validate(data | {"target": "margin"})


# -- the fit -----------------------------------------------------------------------------


def _synthetic(count: int, seed: int) -> tuple[list[Position], float, float]:
    """Positions whose win is drawn from a known logistic model on two features."""
    rng = np.random.default_rng(seed)
    a, b = 1.5, -0.8
    found = []
    for k in range(count):
        fighters, held = rng.normal(), rng.normal()
        p = 1 / (1 + math.exp(-(a * fighters + b * held)))
        row = tuple(fighters if n == "fighters" else held if n == "held" else 0.0 for n in FEATURES)
        found.append(Position(k, 0, row, 0.0, bool(rng.random() < p), False))
    return found, a, b


def test_the_fit_finds_a_known_logistic_model():
    # 20,000 positions drawn from win chance logistic(1.5 * fighters - 0.8 * held):
    # without a penalty the fit recovers both weights (in the features' own units:
    # coefficient over scale) to a few hundredths, and the intercept near 0.
    found, a, b = _synthetic(20_000, 3)
    model = fit(found, 0.0, names=("fighters", "held"))
    weights = [c / s for c, s in zip(model.coefficients, model.scale, strict=True)]
    assert weights == pytest.approx([a, b], abs=0.06)
    centred = model.intercept - sum(w * m for w, m in zip(weights, model.mean, strict=True))
    assert centred == pytest.approx(0.0, abs=0.05)
    # A penalty shrinks the weights toward 0, never past it.
    shrunk = fit(found, 5000.0, names=("fighters", "held"))
    assert 0 < shrunk.coefficients[0] < model.coefficients[0]
    assert model.coefficients[1] < shrunk.coefficients[1] < 0


def test_the_fit_is_the_same_every_time():
    found, _, _ = _synthetic(500, 9)
    assert fit(found, 1.0) == fit(found, 1.0)


def test_the_file_is_made_again_the_same_from_the_same_seed():
    """The fit script's whole path (greedy battles seeded, positions, fit, held-out
    check), twice on two battles a scenario: the same text."""
    first = dumped(made(2, 5001, 2, 1.0, 1, "test"))
    assert first == dumped(made(2, 5001, 2, 1.0, 1, "test"))
    read = ValueFile.model_validate_json(first)
    assert set(read.fits) == set(SCENARIOS)
    assert all(f.battles == 1 for f in read.fits.values())


# -- a hand-made position ----------------------------------------------------------------


def test_the_value_of_a_hand_made_hill_position():
    """King of the Hill, round 3 (the round limit), the player's last activation: one
    fighter of each side within 3" of the objective, two fighters each on the battlefield
    (test_ai_objectives). A fit that reads the fighters within 3" and the same in the
    round limit's round, each at log 2 (odds doubled for one more), scale 1, mean 0:

    - as it stands: held 0, so the chance is logistic(0) = 1/2, worth 30 of the 60 a
      sure win is worth;
    - the player's Wizard moved within 3": held +1 twice over, odds 2 x 2 = 4, chance
      4/5, worth 48;
    - the enemy Wizard taken down instead: held still 0, 1/2 again (this fit reads no
      fighters), though the evaluation gains a fighter's material;
    - the battle over and won: 60; drawn: 0.
    """
    battle, me = last_activation_on_the_hill()
    model = Fit.model_validate(
        _fit_data(
            features=["held", "held last round"],
            coefficients=[math.log(2), math.log(2)],
            positions=1,
            battles=1,
        )
    )
    file = bundled().model_copy(update={"fits": {"king-of-the-hill": model}})
    evaluator = Evaluator(battle.setup)
    value = FittedValue(evaluator, file)
    row = dict(zip(FEATURES, features(evaluator, battle, me), strict=True))
    assert (row["fighters"], row["held"], row["fighters last round"]) == (0.0, 0.0, 0.0)
    assert value(battle, me) == pytest.approx(30.0)

    wizard = next(f for f in battle.on_battlefield(me) if f.profile == "Wizard")
    cx, cy = battle.setup.table.centre
    inside = battle.with_fighter(replace(wizard, at=(cx + 2.0, cy + 1.0)))
    assert distance_to_objective(inside, (cx + 2.0, cy + 1.0)) <= 3.0
    row = dict(zip(FEATURES, features(evaluator, inside, me), strict=True))
    assert (row["held"], row["held last round"]) == (1.0, 1.0)
    assert value(inside, me) == pytest.approx(60 * 4 / 5)

    enemy = next(f for f in battle.on_battlefield(1 - me) if f.profile == "Wizard")
    taken = battle.with_fighter(replace(enemy, status=Status.OUT_OF_ACTION, at=None))
    row = dict(zip(FEATURES, features(evaluator, taken, me), strict=True))
    assert (row["fighters"], row["fighters last round"]) == (1.0, 1.0)
    assert value(taken, me) == pytest.approx(30.0)
    assert evaluator.value(taken, me).total > evaluator.value(battle, me).total

    assert value(replace(battle, result=End(me, "won")), me) == Weights().win
    assert value(replace(battle, result=End(None, "a draw")), me) == 0.0
    assert value(replace(battle, result=End(1 - me, "lost")), me) == 0.0


def test_a_scenario_without_a_fit_is_scored_by_the_evaluation():
    battle, me = last_activation_on_the_hill()
    evaluator = Evaluator(battle.setup)
    value = FittedValue(evaluator, bundled().model_copy(update={"fits": {}}))
    assert value(battle, me) == evaluator.value(battle, me).total


# -- the hook ----------------------------------------------------------------------------


def test_the_search_with_the_evaluation_as_its_value_is_the_search_as_it_was():
    """Handing the search the evaluation's total as its leaf value changes nothing: the
    same choice, cost and look-ahead values as the search given no value."""
    battle = _guardian_to_act()
    found = []
    for value in (None, evaluation):
        player = SearchPlayer(battle.setup, 3, 1, seconds=0.3, clock=False, value=value)
        found.append((_decide(player, battle), player.stats.cost, player.stats.playouts))
    assert found[0] == found[1]


def test_the_search_scores_its_leaves_with_the_value_it_is_given():
    """A leaf value that notes each position it scores: every look-ahead ends in it, for
    the searching player; a value that ranks every leaf alike leaves the greedy choice."""
    battle = _guardian_to_act()
    seen: list[int] = []

    def flat(evaluator: Evaluator):
        def leaf(state, player):
            seen.append(player)
            return 7.0

        return leaf

    player = SearchPlayer(battle.setup, 3, 1, seconds=0.3, clock=False, value=flat)
    greedy = player.greedy.planner.plans(battle)[0].actions[0]
    assert _decide(player, battle) == greedy
    assert seen and set(seen) == {1}
    assert len(seen) >= player.stats.playouts[0]


def test_the_fitted_search_repeats_itself():
    """``search:1:value`` seeded alike chooses alike at the same cost; it is another
    player than ``search:1`` in a simulation's reckoning."""
    battle = _guardian_to_act()
    found = []
    for _ in range(2):
        player = SearchPlayer(battle.setup, 3, 1, seconds=0.3, clock=False, value=fitted)
        found.append((_decide(player, battle), player.stats.cost, player.stats.playouts))
    assert found[0] == found[1]
    assert simulated("search:1:value", game=COMPUTERS) == ("search:value", PLAYOUTS_PER_SECOND)
    assert simulated("search:1", game=COMPUTERS) == ("search", PLAYOUTS_PER_SECOND)
    made_player = computer("search:1:value", battle.setup, 3, 1, game=COMPUTERS, clock=False)
    assert isinstance(made_player, SearchPlayer) and isinstance(made_player.valued, FittedValue)
    plain = computer("search:1", battle.setup, 3, 1, game=COMPUTERS, clock=False)
    assert isinstance(plain, SearchPlayer) and plain.valued is None


def test_the_player_kind_is_read_and_a_bad_one_refused():
    assert parse_players("search:1:value,greedy", 2) == ("search:1:value", "greedy")
    with pytest.raises(SkirmishError, match="search:SECONDS:value"):
        parse_players("search:1:luck,greedy", 2)
    with pytest.raises(SkirmishError, match="search:SECONDS"):
        parse_players("search:x:value,greedy", 2)


def test_a_look_ahead_value_is_a_chance_in_points():
    battle = _guardian_to_act()
    player = SearchPlayer(battle.setup, 3, 1, seconds=0.1, clock=False, value=fitted)
    score = player.play_on(battle.apply("guard").apply("no step"), Random(1))
    assert 0.0 <= score <= Weights().win
