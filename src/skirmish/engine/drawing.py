"""One legal action drawn uniformly without judging them all: candidates and a judge.

A decision's legal actions are often a few candidates listed cheaply (the kinds of action
a fighter has, the step ends its neighbourhood gives) of which some are legal, and judging
one is what costs (whether an attack is still possible after that step). A random player
needs only one of them. An :class:`Offer` holds the candidates, in the order the decision
lists its actions, each with its judge: the legal actions are exactly the candidates their
judges accept, in that order (:meth:`Offer.legal`), so listing and drawing cannot disagree.

:meth:`Offer.draw` visits the candidates in a uniformly random order and takes the first
accepted. Every legal action is equally likely to come first among the legal
ones in a random order, so the draw is exactly uniform over the legal actions, as
``rng.choice(legal)`` is; it judges, on average, about as many candidates as there are
candidates per legal action, rather than all of them. It uses the generator differently
from ``rng.choice``, so a seed plays another battle (see ``docs/players.md``).

>>> offer = Offer.of([("move", None), ("attack", lambda: False), ("guard", None)])
>>> offer.legal()
('move', 'guard')
>>> from random import Random
>>> offer.draw(Random(1)) in offer.legal()
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random

from skirmish.engine.battle import Action

Judge = Callable[[], bool]
"""Whether one candidate is legal (asked only when that candidate is visited)."""


def once(judge: Judge) -> Judge:
    """``judge`` asked at most once, its answer remembered (several candidates that stand
    or fall together, such as one attack paid in different ways, share one)."""
    answer: list[bool] = []

    def remembered() -> bool:
        if not answer:
            answer.append(judge())
        return answer[0]

    return remembered


@dataclass(frozen=True)
class Offer:
    """A decision's candidates, in the order its actions are listed, each with its judge
    (None: legal whenever listed): the legal actions are the candidates accepted."""

    candidates: tuple[Action, ...]
    judges: tuple[Judge | None, ...]
    otherwise: Callable[[], tuple[Action, ...]] | None = None
    """The legal actions when no candidate is (a fall-back the rules give, such as a
    finer grid of deployment spots); None: then there are none."""

    @classmethod
    def of(
        cls,
        *groups: Sequence[tuple[Action, Judge | None]],
        otherwise: Callable[[], tuple[Action, ...]] | None = None,
    ) -> Offer:
        """The offer of ``groups`` of (candidate, judge) pairs, one after another."""
        pairs = [pair for group in groups for pair in group]
        return cls(tuple(a for a, _ in pairs), tuple(j for _, j in pairs), otherwise)

    def legal(self) -> tuple[Action, ...]:
        """Every candidate accepted, in order (or the fall-back's actions when none is):
        the decision's legal actions."""
        found = tuple(
            action
            for action, judge in zip(self.candidates, self.judges, strict=True)
            if judge is None or judge()
        )
        if not found and self.otherwise is not None:
            return self.otherwise()
        return found

    def draw(self, rng: Random) -> Action | None:
        """A legal action drawn uniformly with ``rng``, as ``rng.choice(self.legal())``
        draws (a text listed twice twice as likely): the candidates visited in a random
        order (each step one of those left, ``rng.randrange``), the first accepted taken;
        when none is, ``rng.choice`` among the fall-back's; None when there are none."""
        left = list(range(len(self.candidates)))
        while left:
            index = rng.randrange(len(left))
            chosen = left[index]
            left[index] = left[-1]
            left.pop()
            judge = self.judges[chosen]
            if judge is None or judge():
                return self.candidates[chosen]
        rest = self.otherwise() if self.otherwise is not None else ()
        return rng.choice(rest) if rest else None
