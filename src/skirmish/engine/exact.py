"""Exact mode: enumerate every chance outcome of a rules procedure.

The procedure is re-run along recorded prefixes of outcomes: when it asks for a
chance event or a decision beyond the prefix, the run stops and the engine
branches on each outcome with its exact probability. A decision is answered by
a policy, and a mixed answer branches like chance. Because the procedure is the
same function the referee runs, the two modes cannot disagree.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic

from skirmish.dice import Roll, probabilities
from skirmish.engine.context import Procedure, R
from skirmish.engine.distribution import Distribution
from skirmish.engine.policy import Mix, Policy, checked
from skirmish.engine.records import Decision, at

Path = tuple[int | str, ...]


class _ChanceNode(Exception):
    def __init__(self, roll: Roll) -> None:
        self.roll = roll


class _DecisionNode(Exception):
    def __init__(self, decision: Decision) -> None:
        self.decision = decision


class ReplayContext:
    """Follows a recorded path of outcomes and stops at the first node past it."""

    logging = False

    def __init__(self, path: Path) -> None:
        self._path = path
        self._next = 0

    def _advance(self, node: Exception) -> int | str:
        if self._next < len(self._path):
            self._next += 1
            return self._path[self._next - 1]
        raise node

    def roll(self, roll: Roll, *, rule: str, label: str) -> int:
        outcome = self._advance(_ChanceNode(roll))
        assert isinstance(outcome, int)
        return outcome

    def choose(self, decision: Decision) -> str:
        option = self._advance(_DecisionNode(at(decision, self._path)))
        assert isinstance(option, str)
        return option

    def log(self, rule: str, event: str, text: str, **data: object) -> None:
        return None


def _accumulate(into: dict[R, Fraction], part: dict[R, Fraction], weight: Fraction) -> None:
    for outcome, probability in part.items():
        into[outcome] = into.get(outcome, Fraction(0)) + probability * weight


@dataclass(frozen=True)
class Leaf(Generic[R]):
    """The end of a run: the procedure returned ``result``."""

    result: R


def probe(procedure: Procedure[R], path: Path) -> Leaf[R] | Roll | Decision:
    """Run ``procedure`` along ``path``: the result, or the next roll or decision after it."""
    try:
        return Leaf(procedure(ReplayContext(path)))
    except _ChanceNode as node:
        return node.roll
    except _DecisionNode as node:
        return node.decision


def _branches(mix: Mix) -> dict[int | str, Fraction]:
    return {option: p for option, p in mix.items()}


class Enumerator(Generic[R]):
    """Walks the tree of a procedure; subclasses may decide decisions differently."""

    def __init__(self, procedure: Procedure[R], policy: Policy) -> None:
        self.procedure = procedure
        self.policy = policy
        self._merged: dict[tuple[str, Hashable], dict[R, Fraction]] = {}

    def decide(self, decision: Decision, path: Path) -> Mix:
        """The mix played at ``decision``; by default the policy's answer."""
        return checked(decision, self.policy(decision))

    def subtree(self, path: Path) -> dict[R, Fraction]:
        """The exact distribution of results below ``path``."""
        try:
            result = self.procedure(ReplayContext(path))
        except _ChanceNode as node:
            chance = probabilities(node.roll.distribution())
            branches: dict[int | str, Fraction] = {o: p for o, p in chance.items()}
        except _DecisionNode as node:
            decision = node.decision
            if decision.state is not None:
                key = (decision.key, decision.state)
                if key not in self._merged:
                    self._merged[key] = self._expand(path, _branches(self.decide(decision, path)))
                return self._merged[key]
            return self._expand(path, _branches(self.decide(decision, path)))
        else:
            return {result: Fraction(1)}
        return self._expand(path, branches)

    def _expand(self, path: Path, branches: Mapping[int | str, Fraction]) -> dict[R, Fraction]:
        total: dict[R, Fraction] = {}
        for outcome, probability in branches.items():
            if probability > 0:
                _accumulate(total, self.subtree((*path, outcome)), probability)
        return total


def exact(procedure: Procedure[R], *, policy: Policy) -> Distribution[R]:
    """The exact distribution of ``procedure``'s result, decisions answered by ``policy``."""
    return Distribution(Enumerator(procedure, policy).subtree(()))
