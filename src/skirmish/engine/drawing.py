"""One legal action drawn uniformly without judging them all: candidates and a judge.

A decision's legal actions are often a few candidates listed cheaply (the kinds of action
a fighter has, the step ends its neighbourhood gives) of which some are legal, and judging
one is what costs (whether an attack is still possible after that step). A random player
needs only one of them. An :class:`Offer` holds the candidates, in the order the decision
lists its actions, each with its judge (or, where even a candidate's action costs work to
find, such as the end of a step in one direction, a function that finds it): the legal
actions are exactly the candidates accepted (:meth:`Offer.legal`), so listing and drawing
cannot disagree.

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


Found = Callable[[], Action | None]
"""The action one candidate offers when it is legal, None when it offers none (asked only
when that candidate is visited; a candidate whose text is known beforehand is judged)."""


def judged(action: Action, judge: Judge | None) -> Found:
    """The candidate ``action``, legal when ``judge`` (None: always) accepts it."""
    if judge is None:
        return lambda: action
    return lambda: action if judge() else None


@dataclass(frozen=True)
class Offer:
    """A decision's candidates, in the order its actions are listed, each found only when
    visited: the legal actions are the actions the candidates offer."""

    finds: tuple[Found, ...]
    otherwise: Callable[[], tuple[Action, ...]] | None = None
    """The legal actions when no candidate offers one (a fall-back the rules give, such as
    a finer grid of deployment spots); None: then there are none."""

    @classmethod
    def of(
        cls,
        *groups: Sequence[tuple[Action, Judge | None]],
        otherwise: Callable[[], tuple[Action, ...]] | None = None,
    ) -> Offer:
        """The offer of ``groups`` of (candidate, judge) pairs, one after another (a judge
        None: legal whenever listed)."""
        return cls(tuple(judged(a, j) for group in groups for a, j in group), otherwise)

    def legal(self) -> tuple[Action, ...]:
        """The action of every candidate that offers one, in order (or the fall-back's
        actions when none does): the decision's legal actions."""
        found = tuple(action for action in (find() for find in self.finds) if action is not None)
        if not found and self.otherwise is not None:
            return self.otherwise()
        return found

    def draw(self, rng: Random) -> Action | None:
        """A legal action drawn uniformly with ``rng``, as ``rng.choice(self.legal())``
        draws (a text listed twice twice as likely): the candidates visited in a random
        order (each step one of those left, ``rng.randrange``), the first that offers an
        action taken; when none does, ``rng.choice`` among the fall-back's; None when there
        are none."""
        left = list(range(len(self.finds)))
        while left:
            index = rng.randrange(len(left))
            chosen = left[index]
            left[index] = left[-1]
            left.pop()
            action = self.finds[chosen]()
            if action is not None:
                return action
        rest = self.otherwise() if self.otherwise is not None else ()
        return rng.choice(rest) if rest else None
