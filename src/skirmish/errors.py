"""Errors raised for bad input.

Every error is a :class:`ValueError` whose message names the input, what was
expected and, for rule violations, the rule. The CLI prints the message on one
line and exits with code 2.
"""

from __future__ import annotations


class SkirmishError(ValueError):
    """Base class for every input or rules error skirmish raises."""


class UnknownName(SkirmishError):
    """A game, fighter, attack or option name that is not known."""

    def __init__(self, kind: str, name: str, valid: object) -> None:
        choices = ", ".join(str(v) for v in valid)  # type: ignore[attr-defined]
        super().__init__(f"unknown {kind} {name!r}; expected one of: {choices}")
        self.kind = kind
        self.name = name


class DataError(SkirmishError):
    """A data file (pack, profile, battlefield) that is malformed or impossible."""


class IllegalChoice(SkirmishError):
    """A decision answered with an option the rules do not allow."""


class IllegalAttack(SkirmishError):
    """An attack the rules do not allow at all."""
