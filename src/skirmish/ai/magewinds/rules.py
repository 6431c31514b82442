"""Magewinds battles under the battle protocol's rules (:class:`.BattleRules`): how a
battle starts from its setup, the setup a record keeps, a battle resampled from what
one player has seen (:func:`~skirmish.games.magewinds.battle.rebuild.from_view`), and the
greedy player's evaluation (:class:`.evaluation.Evaluator`) as the value of a position.
A game-independent computer player, such as :class:`skirmish.ai.lookahead.LookaheadPlayer`,
searches Magewinds through this object alone."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from skirmish.ai.magewinds.evaluation import Evaluator
from skirmish.engine.battle import BattleRules
from skirmish.games.magewinds.battle import GAME, Battle, result_of, start_battle
from skirmish.games.magewinds.battle.rebuild import from_view
from skirmish.games.magewinds.battle.setup import Setup, setup_from_record


class MagewindsRules:
    """The :class:`~skirmish.engine.battle.BattleRules` of Magewinds battles."""

    game = GAME

    def __init__(self) -> None:
        self._evaluators: dict[int, tuple[Setup, Evaluator]] = {}

    def start(self, setup: Setup) -> Battle:
        return start_battle(setup)

    def setup_json(self, setup: Setup) -> dict[str, Any]:
        return setup.as_dict()

    def setup_from_json(self, data: Mapping[str, Any], *, source: str) -> Setup:
        return setup_from_record(data, source=source)

    def resample(self, setup: Setup, view: Mapping[str, Any], rng: Random) -> Battle:
        return from_view(setup, view, rng)

    def evaluate(self, state: Battle, player: int) -> float:
        """The greedy player's score of the position (a won battle scores its win weight)."""
        return self._evaluator(state.setup).value(state, player).total

    def result(self, state: Battle) -> dict[str, Any]:
        return dict(result_of(state))

    def _evaluator(self, setup: Setup) -> Evaluator:
        """One evaluator a setup (it keeps what it works out about the setup's fighters)."""
        found = self._evaluators.get(id(setup))
        if found is None or found[0] is not setup:
            found = self._evaluators[id(setup)] = (setup, Evaluator(setup))
        return found[1]


RULES = MagewindsRules()


def _conforms() -> BattleRules[Setup, Battle]:
    """mypy checks here that :data:`RULES` is the protocol's :class:`BattleRules`."""
    return RULES
