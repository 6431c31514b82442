"""Exact probability distributions over the results of a rules procedure."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

R = TypeVar("R")
S = TypeVar("S")


@dataclass(frozen=True)
class Distribution(Generic[R]):
    """Each distinct outcome with its exact probability; the probabilities sum to 1.

    >>> coin = Distribution({"heads": Fraction(1, 2), "tails": Fraction(1, 2)})
    >>> coin.map(len).probabilities
    {5: Fraction(1, 1)}
    """

    probabilities: Mapping[R, Fraction]

    def __post_init__(self) -> None:
        total = sum(self.probabilities.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probabilities sum to {total}, not 1")

    def __iter__(self) -> Iterator[tuple[R, Fraction]]:
        return iter(self.probabilities.items())

    def __len__(self) -> int:
        return len(self.probabilities)

    def map(self, function: Callable[[R], S]) -> Distribution[S]:
        """The distribution of ``function(outcome)``, equal images merged."""
        merged: dict[S, Fraction] = {}
        for outcome, probability in self.probabilities.items():
            image = function(outcome)
            merged[image] = merged.get(image, Fraction(0)) + probability
        return Distribution(dict(sorted(merged.items(), key=_sort_key)))

    def probability(self, predicate: Callable[[R], bool]) -> Fraction:
        """The probability that ``predicate`` holds."""
        return sum(
            (p for outcome, p in self.probabilities.items() if predicate(outcome)), Fraction(0)
        )

    def mean(self, value: Callable[[R], Fraction | int]) -> Fraction:
        """The expectation of ``value(outcome)``."""
        return sum(
            (Fraction(value(outcome)) * p for outcome, p in self.probabilities.items()),
            Fraction(0),
        )


def _sort_key(item: tuple[object, Fraction]) -> tuple[int, object]:
    outcome = item[0]
    if isinstance(outcome, (int, float, Fraction)) and not isinstance(outcome, bool):
        return (0, outcome)
    return (1, repr(outcome))
