"""Dice: notation, rolls the engine can both enumerate and sample, re-rolls.

A *roll* is anything the engine can ask chance about. It has an exact
distribution (an icepool ``Die`` over integers) and a way to be rolled with an
injected random generator that also reports the faces that were seen, so a
referee's log can show the dice a player would see on the table.

>>> parse("2D3").probability(6) == Fraction(1, 9)
True
>>> parse("D6+1").max_outcome()
7
>>> parse("xD6", x=3).mean()
Fraction(21, 2)
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import accumulate
from random import Random
from typing import Any, Protocol

import icepool

from skirmish import limits
from skirmish.errors import SkirmishError

__all__ = [
    "CountAtMost",
    "DieRoll",
    "Roll",
    "d3",
    "parse",
    "probabilities",
    "reroll_once",
    "sample",
]

Die = Any  # icepool ships no type information; its Die is used as an opaque value.

d3: Die = icepool.d6.map(lambda face: (face + 1) // 2)
"""3.4: a D3 is a D6 halved and rounded up."""


class Roll(Protocol):
    """A chance event: an exact distribution plus a way to roll it."""

    def distribution(self) -> Die:
        """The exact distribution of the outcome, as an icepool ``Die``."""
        ...

    def roll(self, rng: Random) -> tuple[int, tuple[int, ...]]:
        """Roll it: the outcome and the faces of every die rolled."""
        ...

    def describe(self) -> str:
        """A short name for logs, such as ``"5 dice, hits on 3 or less"``."""
        ...


def probabilities(die: Die) -> dict[int, Fraction]:
    """The exact probability of each outcome of an icepool die."""
    denominator = die.denominator()
    return {outcome: Fraction(quantity, denominator) for outcome, quantity in die.items()}


def sample(die: Die, rng: Random) -> int:
    """Sample one outcome of an icepool die exactly, with an injected generator."""
    outcomes = list(die.outcomes())
    cumulative = list(accumulate(die.quantities()))
    return int(outcomes[bisect_right(cumulative, rng.randrange(cumulative[-1]))])


@dataclass(frozen=True)
class DieRoll:
    """One roll of a single icepool die (a D20, 2D3, a keep-lowest, ...)."""

    die: Die
    name: str

    def distribution(self) -> Die:
        return self.die

    def roll(self, rng: Random) -> tuple[int, tuple[int, ...]]:
        outcome = sample(self.die, rng)
        return outcome, (outcome,)

    def describe(self) -> str:
        return self.name


def _check_pool(dice: int, sides: int) -> None:
    for value, limit in ((dice, limits.DICE), (sides, limits.SIDES)):
        problem = limit.problem(value)
        if problem is not None:
            raise SkirmishError(f"a pool of {dice} dice of {sides} sides: {problem}")


@cache
def _count_at_most(dice: int, at_most: int, sides: int) -> Die:
    _check_pool(dice, sides)
    return dice @ (icepool.d(sides) <= at_most)


@dataclass(frozen=True)
class CountAtMost:
    """Roll ``dice`` dice of ``sides`` sides and count the results ``<= at_most``.

    This is the shape of every Magewinds pool: hits (18.5.2), Hex's re-rolled
    hits and Barrier's cancelling dice.

    >>> CountAtMost(2, 3).distribution().probability(2) == Fraction(1, 4)
    True
    """

    dice: int
    at_most: int
    sides: int = 6

    def distribution(self) -> Die:
        return _count_at_most(self.dice, self.at_most, self.sides)

    def roll(self, rng: Random) -> tuple[int, tuple[int, ...]]:
        _check_pool(self.dice, self.sides)
        faces = tuple(rng.randint(1, self.sides) for _ in range(self.dice))
        return sum(face <= self.at_most for face in faces), faces

    def describe(self) -> str:
        return f"{self.dice} {'die' if self.dice == 1 else 'dice'}, counting {self.at_most} or less"


def reroll_once(die: Die, outcomes: set[int]) -> Die:
    """3.2: re-roll the given outcomes once; the second result stands."""
    return die.reroll(list(outcomes), depth=1)


_TERM = re.compile(r"^(?P<count>\d+|x)?[dD](?P<sides>\d+)$")


@dataclass(frozen=True)
class _Term:
    """One term of a notation, read but not yet built: ``count`` dice of ``sides`` sides
    (a plain number is no dice and ``number`` added)."""

    count: int = 0
    sides: int = 1
    number: int = 0

    @property
    def spread(self) -> int:
        """How many more results than one this term adds to a sum."""
        return self.count * (self.sides - 1)

    def die(self) -> Die:
        if self.count == 0:
            return icepool.Die([self.number])
        return self.count @ (d3 if self.sides == 3 else icepool.d(self.sides))


def parse(notation: str, **variables: int) -> Die:
    """Parse dice notation into an exact icepool die.

    Handles the forms the bundled games use: ``D6``, ``D20``, ``2D3``,
    ``xD6`` (``x`` given as a keyword), ``D6+1``, ``2D6-1``, a plain number, and
    a named value such as ``Str`` given as a keyword (``parse("Str", Str=5)``).
    ``D3`` follows Magewinds 3.4 (a halved D6), which has the same distribution
    as a three-sided die. Sums of terms are joined with ``+`` or ``-``.

    The whole notation is read and checked against the limits on dice, sides and results
    (:mod:`skirmish.limits`) before any distribution is built.

    >>> parse("1000000D6")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    skirmish.errors.SkirmishError: dice notation '1000000D6': ... less than or equal to 200 (...)
    """
    if len(notation) > limits.NOTATION:
        raise SkirmishError(
            f"dice notation {notation[:20]!r}...: at most {limits.NOTATION} characters"
        )
    text = notation.replace(" ", "")
    if not text:
        raise SkirmishError("dice notation is empty; expected something like 'D6' or '2D3+1'")
    if not re.fullmatch(r"[+-]?[^+-]+([+-][^+-]+)*", text):
        raise SkirmishError(f"dice notation {notation!r} could not be read")
    terms = [
        (sign, _read_term(term, notation, variables))
        for sign, term in re.findall(r"([+-]?)([^+-]+)", text)
    ]
    results = 1 + sum(term.spread for _, term in terms)
    if limits.OUTCOMES.problem(results) is not None:
        raise SkirmishError(
            f"dice notation {notation!r}: {results:,} different results; "
            f"{limits.OUTCOMES.problem(results)}"
        )
    total: Die = icepool.Die([0])
    for sign, term in terms:
        value = term.die()
        total = total - value if sign == "-" else total + value
    return total


def _read_term(term: str, notation: str, variables: dict[str, int]) -> _Term:
    if term.isdigit():
        return _Term(number=_bounded(term, limits.NUMBER, notation))
    if term in variables:
        return _Term(number=variables[term])
    match = _TERM.match(term)
    if match is None:
        raise SkirmishError(
            f"dice notation {notation!r}: cannot read {term!r}; expected dice notation: a number, "
            "NdS such as 2D3, xD6 with x given, or a named value"
        )
    sides = _bounded(match["sides"], limits.SIDES, notation)
    count_text = match["count"]
    if count_text == "x":
        if "x" not in variables:
            raise SkirmishError(f"dice notation {notation!r}: 'x' needs a value (3.5 xD6 rolls)")
        count = _bounded(str(variables["x"]), limits.DICE, notation)
    else:
        count = _bounded(count_text, limits.DICE, notation) if count_text else 1
    return _Term(count, sides)


def _bounded(digits: str, limit: limits.Limit[int], notation: str) -> int:
    """The number ``digits`` (at most :data:`~skirmish.limits.NOTATION` long) in ``limit``."""
    value = int(digits)
    problem = limit.problem(value)
    if problem is not None:
        raise SkirmishError(f"dice notation {notation!r}: {problem}")
    return value
