"""Exact MS Wars odds, with the attacker's aid choices given or solved."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import partial
from itertools import product

from skirmish.engine import Decision, Distribution, ExpectimaxPolicy, FixedPolicy, exact, pure
from skirmish.engine.context import Procedure
from skirmish.engine.exact import probe
from skirmish.games.mswars.attack import (
    AID_ATTACK,
    AID_CHOICE,
    AID_DAMAGE,
    ATTACKER,
    RAM_CHOICE,
    Result,
    Situation,
    attack_of_opportunity,
    resolve_attack,
)
from skirmish.games.mswars.units import Weapon


class Objective(StrEnum):
    """What the aid choice aims for."""

    DAMAGE = "damage"
    OUT_OF_ACTION = "out-of-action"


def utility(objective: Objective) -> Callable[[Result], Fraction]:
    if objective is Objective.OUT_OF_ACTION:
        return lambda r: Fraction(int(r.out_of_action))
    return lambda r: Fraction(r.dc_lost)


@dataclass(frozen=True)
class Opportunity:
    """An attack of opportunity at a unit breaking away; ``ram`` if this unit charged it."""

    charged: bool = False
    ram: Weapon | None = None


def procedure(situation: Situation, opportunity: Opportunity | None = None) -> Procedure[Result]:
    """The rules procedure of an ordinary attack, or of an attack of opportunity."""
    if opportunity is None:
        return partial(resolve_attack, situation=situation)
    return partial(
        attack_of_opportunity,
        situation=situation,
        charged=opportunity.charged,
        ram=opportunity.ram,
    )


def optimal_policy(
    situation: Situation,
    objective: Objective,
    opportunity: Opportunity | None = None,
    *,
    merge: bool = True,
) -> ExpectimaxPolicy[Result]:
    """The attacker's choices (aid, ram or melee), solved for the objective (``merge=False``:
    without sharing values between paths, for checks)."""
    return ExpectimaxPolicy(
        procedure(situation, opportunity),
        utility=utility(objective),
        players={ATTACKER: 1},
        merge=merge,
    )


@dataclass(frozen=True)
class Summary:
    """The numbers a player asks for."""

    p_hit: Fraction
    damage: Distribution[int]
    expected_damage: Fraction
    p_out_of_action: Fraction
    attack_value: int
    needed: int

    @classmethod
    def of(cls, results: Distribution[Result]) -> Summary:
        first = next(iter(results.probabilities))
        return cls(
            p_hit=results.probability(lambda r: r.hit),
            damage=results.map(lambda r: r.dc_lost),
            expected_damage=results.mean(lambda r: r.dc_lost),
            p_out_of_action=results.probability(lambda r: r.out_of_action),
            attack_value=first.attack_value,
            needed=first.needed,
        )


def odds(
    situation: Situation,
    *,
    choices: Mapping[str, str] | None = None,
    objective: Objective = Objective.DAMAGE,
    opportunity: Opportunity | None = None,
) -> Distribution[Result]:
    """The exact distribution of the attack's result; the attacker's choices given or solved."""
    answers = {key: pure(option) for key, option in (choices or {}).items()}
    policy = FixedPolicy(answers, fallback=optimal_policy(situation, objective, opportunity))
    return exact(procedure(situation, opportunity), policy=policy)


@dataclass(frozen=True)
class AidAdvice:
    """The attacker's choices made before the roll (each aider's aid, or melee or ram on an
    attack of opportunity after a charge), with the value of every combination."""

    best: tuple[str, ...]
    values: dict[tuple[str, ...], Fraction]
    keys: tuple[str, ...] = ()
    """The decisions, in the order of each combination's options."""


def advise_aid(
    situation: Situation,
    objective: Objective = Objective.DAMAGE,
    opportunity: Opportunity | None = None,
) -> AidAdvice:
    """Which aid to ask for (or whether to ram): the objective's exact value for every
    combination of the attacker's choices."""
    if opportunity is not None:
        keys = [RAM_CHOICE] if opportunity.charged and opportunity.ram is not None else []
        options: tuple[str, ...] = ("melee", "ram")
    else:
        keys = [f"{AID_CHOICE} {n}" for n in range(1, len(situation.aiders) + 1)]
        options = (AID_ATTACK, AID_DAMAGE)
    value = utility(objective)
    values = {}
    for combo in product(options, repeat=len(keys)):
        results = odds(
            situation,
            choices=dict(zip(keys, combo, strict=True)),
            objective=objective,
            opportunity=opportunity,
        )
        values[combo] = results.mean(value)
    best = max(values, key=lambda combo: values[combo])
    return AidAdvice(best, values, tuple(keys))


def decided(
    situation: Situation,
    *,
    choices: Mapping[str, str] | None = None,
    objective: Objective = Objective.DAMAGE,
    opportunity: Opportunity | None = None,
) -> dict[str, str]:
    """The attacker's decisions as :func:`odds` makes them (given, or solved): every one is
    made before the D20 is rolled, so each has one answer."""
    answers = {key: pure(option) for key, option in (choices or {}).items()}
    policy = FixedPolicy(answers, fallback=optimal_policy(situation, objective, opportunity))
    rules = procedure(situation, opportunity)
    path: tuple[int | str, ...] = ()
    found: dict[str, str] = {}
    while isinstance(node := probe(rules, path), Decision):
        mix = policy(node)
        option = max(mix, key=lambda o: mix[o])
        found[node.key] = option
        path = (*path, option)
    return found
