"""A search player for any game's battles, through the battle protocol alone.

:class:`LookaheadPlayer` pictures the battle from its view (``resample``: a full state
consistent with what it has seen), then looks ``depth`` decisions ahead: chance by every
outcome with its exact probability (``chance_outcomes``), its own decisions at their best,
the other players' at their worst for it, the positions at the horizon valued by the
game's ``evaluate``. It names no game: every game's battles are searched by the same
code (the tests search a toy duel with it). Its cost grows as (actions x outcomes) **
depth, so it suits games with few actions a decision; a game with hundreds (every spot a
fighter may move to) gives its own computer players, which sample instead.

Several ``worlds`` (resampled states) are averaged when the view hides something; the
``rng`` of decision ``k`` is seeded by (seed, seat, k), so a battle replays identically.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, Generic

from skirmish.engine.battle import A, BattleRules, Chance, End, SetupT, StateT
from skirmish.errors import SkirmishError

MOST_DEPTH = 6
"""The deepest look-ahead asked for: beyond it the tree is too big for any battle."""


class LookaheadPlayer(Generic[SetupT, StateT, A]):
    """Expectimax to ``depth`` decisions over ``worlds`` states resampled from the view."""

    name = "lookahead"

    def __init__(
        self,
        rules: BattleRules[SetupT, StateT],
        setup: SetupT,
        seed: int,
        seat: int,
        *,
        depth: int = 2,
        worlds: int = 1,
    ) -> None:
        if not 1 <= depth <= MOST_DEPTH:
            raise SkirmishError(f"look-ahead depth {depth}: expected 1 to {MOST_DEPTH}")
        self.rules = rules
        self.setup = setup
        self.seat = seat
        self.depth = depth
        self.worlds = worlds
        self._label = f"skirmish lookahead player {seed} seat {seat}"
        self._made = 0

    def act(self, view: Mapping[str, Any], legal: tuple[A, ...]) -> A:
        """The legal action of the highest value (the first of equals)."""
        if not legal:
            raise SkirmishError("the look-ahead player was offered no legal action")
        values = self.values(view, legal)
        best = max(range(len(legal)), key=lambda i: (values[i], -i))
        return legal[best]

    def values(self, view: Mapping[str, Any], legal: Sequence[A]) -> list[float]:
        """Each legal action's value, averaged over the resampled worlds."""
        rng = Random(f"{self._label} decision {self._made}")
        self._made += 1
        totals = [0.0] * len(legal)
        for _ in range(self.worlds):
            state = self.rules.resample(self.setup, view, rng)
            for i, action in enumerate(legal):
                totals[i] += self.value(state.apply(action), self.depth - 1)
        return [total / self.worlds for total in totals]

    def value(self, state: StateT, depth: int) -> float:
        """Expectimax: chance weighed exactly (it spends no depth), decisions maximised
        for this seat and minimised for the others, ``evaluate`` at the horizon."""
        node = state.node()
        if isinstance(node, End) or depth < 0:
            return self.rules.evaluate(state, self.seat)
        if isinstance(node, Chance):
            return sum(
                float(p) * self.value(state.apply(outcome), depth)
                for outcome, p in state.chance_outcomes()
            )
        if depth == 0:
            return self.rules.evaluate(state, self.seat)
        found = [self.value(state.apply(a), depth - 1) for a in state.legal_actions(node.player)]
        return max(found) if node.player == self.seat else min(found)
