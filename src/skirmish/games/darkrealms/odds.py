"""Exact Dark Realms odds, with the players' choices made optimally or never re-rolling."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from enum import StrEnum
from fractions import Fraction
from functools import partial

from skirmish.engine import Distribution, ExpectimaxPolicy, exact
from skirmish.games.darkrealms.attack import ATTACKER, DEFENDER, Result, Situation, resolve_attack


class Objective(StrEnum):
    """What the attacking player's choices aim for (the defender aims against it)."""

    DAMAGE = "damage"
    KILL = "kill"


class PolicyName(StrEnum):
    """``optimal``: re-rolls, die assignment and defence rolls by expectimax;
    ``never``: nobody spends Stamina on re-rolls, other choices still optimal."""

    OPTIMAL = "optimal"
    NEVER = "never"


def utility(objective: Objective) -> Callable[[Result], Fraction]:
    if objective is Objective.KILL:
        return lambda r: Fraction(int(r.killed))
    return lambda r: Fraction(r.damage)


def optimal_policy(situation: Situation, objective: Objective) -> ExpectimaxPolicy[Result]:
    """The attacker maximises, the defender minimises, the objective, by expectimax."""
    return ExpectimaxPolicy(
        partial(resolve_attack, situation=situation),
        utility=utility(objective),
        players={ATTACKER: 1, DEFENDER: -1},
    )


def played(situation: Situation, policy: PolicyName) -> Situation:
    """The situation as the policy plays it: ``never`` spends no Stamina on re-rolls."""
    if policy is PolicyName.NEVER:
        return replace(situation, stamina=0, defender_stamina=0)
    return situation


def odds(
    situation: Situation,
    *,
    policy: PolicyName = PolicyName.OPTIMAL,
    objective: Objective = Objective.DAMAGE,
) -> Distribution[Result]:
    """The exact distribution of the attack's result under the chosen policy."""
    situation = played(situation, policy)
    return exact(
        partial(resolve_attack, situation=situation), policy=optimal_policy(situation, objective)
    )
