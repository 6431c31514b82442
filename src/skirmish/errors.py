"""Errors raised for bad input.

Every error is a :class:`ValueError` whose message names the input, what was
expected and, for rule violations, the rule. The CLI prints the message on one
line and exits with code 2.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar


class SkirmishError(ValueError):
    """Base class for every input or rules error skirmish raises."""


class UnknownName(SkirmishError):
    """A game, fighter, attack or option name that is not known."""

    def __init__(self, kind: str, name: str, valid: object) -> None:
        choices = ", ".join(str(v) for v in valid)  # type: ignore[attr-defined]
        super().__init__(f"unknown {kind} {name!r}; expected one of: {choices}")
        self.kind = kind
        self.name = name


T = TypeVar("T")


def find_named(items: Iterable[T], name: str, kind: str, key: Callable[[T], str]) -> T:
    """The item whose ``key`` is ``name`` in any case; else an error listing the valid names.

    >>> find_named(["Wizard", "Witch"], "witch", "fighter", str)
    'Witch'
    """
    listed = list(items)
    for item in listed:
        if key(item).casefold() == name.casefold():
            return item
    raise UnknownName(kind, name, [key(item) for item in listed])


def merge_named(first: Iterable[T], then: Iterable[T], key: Callable[[T], str]) -> tuple[T, ...]:
    """``first``, then the items of ``then`` whose name (any case) ``first`` does not have.

    >>> merge_named(["Brute"], ["brute", "Witch"], str)
    ('Brute', 'Witch')
    """
    ahead = tuple(first)
    taken = {key(item).casefold() for item in ahead}
    return ahead + tuple(item for item in then if key(item).casefold() not in taken)


class DataError(SkirmishError):
    """A data file (pack, profile, battlefield) that is malformed or impossible."""


class IllegalChoice(SkirmishError):
    """A decision answered with an option the rules do not allow."""


class IllegalAttack(SkirmishError):
    """An attack the rules do not allow at all."""
