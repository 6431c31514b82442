"""Policies answer decisions: a fixed choice, a mix of choices, or a person.

A policy maps a :class:`Decision` to a *mix*: each option with its probability.
A pure choice is a mix with one option of probability 1. The exact engine
branches on a mix; the referee samples it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Protocol

from skirmish.engine.records import Decision
from skirmish.errors import IllegalChoice

Mix = Mapping[str, Fraction]


class Policy(Protocol):
    """Answers decisions with a mix over their options."""

    def __call__(self, decision: Decision) -> Mix: ...


def pure(option: str) -> Mix:
    """The mix that always picks ``option``."""
    return {option: Fraction(1)}


@dataclass(frozen=True)
class FixedPolicy:
    """Answers each decision key with a fixed mix; unknown keys are an error.

    >>> policy = FixedPolicy.of(attack_choice="heavy")
    >>> dict(policy(Decision("attacker", "attack_choice", ("light", "heavy"), "18.3")))
    {'heavy': Fraction(1, 1)}
    """

    answers: Mapping[str, Mix] = field(default_factory=dict)
    fallback: Policy | None = None

    @classmethod
    def of(cls, **answers: str | Mix) -> FixedPolicy:
        """Build from keyword answers: a single option or a mix per decision key."""
        mixes = {
            key: pure(value) if isinstance(value, str) else value for key, value in answers.items()
        }
        return cls(mixes)

    def __call__(self, decision: Decision) -> Mix:
        if decision.key in self.answers:
            return self.answers[decision.key]
        if self.fallback is not None:
            return self.fallback(decision)
        raise IllegalChoice(
            f"{decision.rule}: no answer given for the {decision.key.replace('_', ' ')} of "
            f"{decision.player}; expected one of: {', '.join(decision.options)}"
        )


def uniform(decision: Decision) -> Mix:
    """A policy that mixes every legal option equally (a blind player)."""
    share = Fraction(1, len(decision.options))
    return dict.fromkeys(decision.options, share)


def checked(decision: Decision, mix: Mix) -> Mix:
    """The mix, after checking that it is a distribution over legal options."""
    for option, probability in mix.items():
        if option not in decision.options:
            reason = decision.why_not(option)
            detail = f": {reason}" if reason else ""
            raise IllegalChoice(
                f"{decision.rule}: {option!r} is not a legal {decision.key.replace('_', ' ')} "
                f"for {decision.player}{detail}; legal: {', '.join(decision.options)}"
            )
        if probability < 0:
            raise IllegalChoice(f"{decision.rule}: negative probability for {option!r}")
    if sum(mix.values()) != 1:
        raise IllegalChoice(
            f"{decision.rule}: the {decision.key.replace('_', ' ')} mix sums to "
            f"{sum(mix.values())}, not 1"
        )
    return mix
