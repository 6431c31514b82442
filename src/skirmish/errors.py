"""Errors raised for bad input.

Every error is a :class:`ValueError` whose message names the input, what was
expected and, for rule violations, the rule. The CLI prints the message on one
line and exits with code 2.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TypeVar


class SkirmishError(ValueError):
    """Base class for every input or rules error skirmish raises."""


def shortened(text: str, most: int = 80) -> str:
    """``text`` as an error message shows it: whole up to ``most`` characters, else its first
    ``most - 4`` and an ellipsis, so a hostile name keeps its error one short line.

    >>> shortened("x" * 10, 8)
    'xxxx...'
    """
    return text if len(text) <= most else text[: most - 4] + "..."


class UnknownName(SkirmishError):
    """A game, fighter, attack or option name that is not known."""

    def __init__(self, kind: str, name: str, valid: object, where: str = "") -> None:
        choices = ", ".join(str(v) for v in valid)  # type: ignore[attr-defined]
        place = f" {where}" if where else ""
        super().__init__(
            f"unknown {kind} {shortened(name, 60)!r}{place}; expected one of: {choices}"
        )
        self.kind = kind
        self.name = name


T = TypeVar("T")


def find_named(
    items: Iterable[T], name: str, kind: str, key: Callable[[T], str], where: str = ""
) -> T:
    """The item whose ``key`` is ``name`` in any case; else an error listing the valid names
    (``where``: where they were looked for, "on ruins.yaml", after the name).

    >>> find_named(["Wizard", "Witch"], "witch", "fighter", str)
    'Witch'
    """
    listed = list(items)
    for item in listed:
        if key(item).casefold() == name.casefold():
            return item
    raise UnknownName(kind, name, [key(item) for item in listed], where)


def merge_named(
    added: Iterable[T],
    bundled: Iterable[T],
    key: Callable[[T], str],
    *,
    replacing: Collection[str] = (),
    kind: str = "entry",
    origin: str = "",
) -> tuple[T, ...]:
    """``added``, then the ``bundled`` items whose name (any case) ``added`` does not have.

    An added item named like a bundled one replaces it only when ``replacing`` holds its
    name (any case: the file said ``replaces: true``); otherwise the clash is an error, so
    a bundled profile is never replaced by accident. A name in ``replacing`` that nothing
    bundled has is an error too (a misspelt name would otherwise add a new entry).

    >>> merge_named(["Brute"], ["brute", "Witch"], str, replacing={"brute"})
    ('Brute', 'Witch')
    >>> merge_named(["Witch"], ["Witch"], str, kind="fighter", origin="my.yaml")
    Traceback (most recent call last):
    ...
    skirmish.errors.DataError: my.yaml: fighter 'Witch' has the name of a bundled fighter; \
give it its own name, or add 'replaces: true' to use it instead of the bundled one
    """
    ahead = tuple(added)
    base = tuple(bundled)
    named = {key(item).casefold() for item in base}
    wanted = {name.casefold() for name in replacing}
    where = f"{origin}: " if origin else ""
    for item in ahead:
        name = key(item)
        if name.casefold() in named and name.casefold() not in wanted:
            raise DataError(
                f"{where}{kind} {name!r} has the name of a bundled {kind}; give it its own "
                "name, or add 'replaces: true' to use it instead of the bundled one"
            )
        if name.casefold() in wanted and name.casefold() not in named:
            raise DataError(
                f"{where}{kind} {name!r} says 'replaces: true' but no bundled {kind} has that name"
            )
    taken = {key(item).casefold() for item in ahead}
    return ahead + tuple(item for item in base if key(item).casefold() not in taken)


class DataError(SkirmishError):
    """A data file (pack, profile, battlefield) that is malformed or impossible."""


class IllegalChoice(SkirmishError):
    """A decision answered with an option the rules do not allow."""


class IllegalAttack(SkirmishError):
    """An attack the rules do not allow at all."""
