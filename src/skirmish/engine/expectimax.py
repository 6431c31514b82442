"""Optimal play of a player's own sequential choices under chance (expectimax).

:class:`ExpectimaxPolicy` is an ordinary policy: at a decision of a player it
optimises, it enumerates the rest of the procedure exactly after each option
(from the decision's history) and picks the option with the best expected
utility. Because it is a policy, the exact engine uses it to compute odds under
optimal play and the referee uses it as an AI player, with the same answers.

It assumes the deciding player knows everything in the history, so it suits a
player's own choices under chance (re-rolls, assigning dice). Choices made in
secret by two players are a matrix game: use :mod:`skirmish.engine.matrix`.

>>> from skirmish.dice import CountAtMost
>>> from skirmish.engine import Decision, exact
>>> die = CountAtMost(1, 2)  # one D6, a hit on 1-2
>>> def reroll_game(context):
...     first = context.roll(die, rule="demo", label="die")
...     keep = context.choose(Decision("player", "reroll", ("keep", "reroll"), rule="demo"))
...     return first if keep == "keep" else context.roll(die, rule="demo", label="die")
>>> policy = ExpectimaxPolicy(reroll_game, utility=lambda hit: hit, players={"player": 1})
>>> exact(reroll_game, policy=policy).probabilities[1]  # re-roll misses only: 1/3 + 2/3 * 1/3
Fraction(5, 9)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Generic

from skirmish.dice import probabilities
from skirmish.engine.context import Procedure, R
from skirmish.engine.continuation import Frame, Leaf
from skirmish.engine.exact import Jump, Path, probe, probe_frame
from skirmish.engine.policy import Mix, Policy, checked, pure
from skirmish.engine.records import Decision
from skirmish.engine.trampoline import Counter, Progress, Task, counter, run
from skirmish.errors import IllegalChoice


class ExpectimaxPolicy(Generic[R]):
    """Answers the decisions of ``players`` optimally; others go to ``others``.

    ``players`` maps a player to +1 (maximises ``utility``) or -1 (minimises it,
    as the opponent in a zero-sum game). Ties go to the first listed option.

    Values are memoised per frame and path within the frame, so every path that reaches a
    frame shares its values (see :mod:`skirmish.engine.continuation`); ``merge=False``
    memoises per path from the procedure's start only, sharing nothing (for checks).
    ``others`` must answer from the decision, its frame and its path in the frame.
    Values are worked out without recursion (:mod:`skirmish.engine.trampoline`), however
    deep the procedure; ``progress`` hears how many positions have been, every thousand.
    """

    def __init__(
        self,
        procedure: Procedure[R],
        *,
        utility: Callable[[R], Fraction | int],
        players: Mapping[str, int],
        others: Policy | None = None,
        merge: bool = True,
        progress: Progress | Counter | None = None,
    ) -> None:
        self.procedure = procedure
        self.utility = utility
        self.players = dict(players)
        self.others = others
        self.merge = merge
        self._values: dict[object, Fraction] = {}
        self._counter = counter(progress)

    def value(self, history: Path = ()) -> Fraction:
        """The expected utility under this policy from ``history`` (a path from the
        procedure's start) on."""
        return run(self._value(Frame.start(self.procedure), history, 0))

    def _value(self, frame: Frame, path: Path, start: int) -> Task[Fraction]:
        """The value after ``path``, whose part from ``start`` on lies in ``frame``."""
        key: object = (frame, path[start:]) if self.merge else path
        if key in self._values:
            return self._values[key]
        self._counter.tick()
        node = probe_frame(frame, path, start) if self.merge else probe(self.procedure, path)
        value: Fraction
        if isinstance(node, Jump):
            value = yield self._value(node.frame, path, node.at)
        elif isinstance(node, Leaf):
            value = Fraction(self.utility(node.result))
        elif isinstance(node, Decision) and node.player in self.players:
            sign = self.players[node.player]
            best: Fraction | None = None
            for option in node.options:
                here: Fraction = yield self._value(frame, (*path, option), start)
                if best is None or sign * here > sign * best:
                    best = here
            assert best is not None, "a decision has at least one option"
            value = best
        else:
            branches = (
                probabilities(node.distribution()).items()
                if not isinstance(node, Decision)
                else self._other(node).items()
            )
            value = Fraction(0)
            for outcome, p in branches:
                if p > 0:
                    value += p * (yield self._value(frame, (*path, outcome), start))
        self._values[key] = value
        return value

    def _other(self, decision: Decision) -> Mix:
        if self.others is None:
            raise IllegalChoice(
                f"{decision.rule}: no policy for {decision.player}'s {decision.key}"
            )
        return checked(decision, self.others(decision))

    def __call__(self, decision: Decision) -> Mix:
        sign = self.players.get(decision.player)
        if sign is None:
            if self.others is None:
                raise IllegalChoice(
                    f"{decision.rule}: no policy for {decision.player}'s {decision.key}"
                )
            return self.others(decision)
        values = self.choices(decision)
        best = max(values, key=lambda option: sign * values[option])
        return pure(best)

    def choices(self, decision: Decision) -> dict[str, Fraction]:
        """The expected utility of each option at ``decision`` (for advice tables)."""
        history = decision.history
        if decision.frame is None or not self.merge:
            return {option: self.value((*history, option)) for option in decision.options}
        start = len(history) - len(decision.frame_path)
        return {
            option: run(self._value(decision.frame, (*history, option), start))
            for option in decision.options
        }


__all__ = ["ExpectimaxPolicy"]
