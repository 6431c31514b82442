"""Exact Dark Realms odds, with the players' choices made optimally or never re-rolling."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from functools import partial

from skirmish.dice import probabilities
from skirmish.engine import Decision, Distribution, ExpectimaxPolicy, exact
from skirmish.engine.exact import Leaf, Path, probe
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


def utility(
    objective: Objective, stamina_cost: Fraction = Fraction(0)
) -> Callable[[Result], Fraction]:
    """The attacker's utility: damage dealt or a kill, less ``stamina_cost`` per Stamina the
    attacker spent and plus it per Stamina the target spent (DR-10; default free)."""

    def value(result: Result) -> Fraction:
        gained = Fraction(int(result.killed)) if objective is Objective.KILL else result.damage
        return gained - stamina_cost * (result.stamina_spent - result.defender_stamina_spent)

    return value


def optimal_policy(
    situation: Situation,
    objective: Objective,
    stamina_cost: Fraction = Fraction(0),
    *,
    merge: bool = True,
) -> ExpectimaxPolicy[Result]:
    """The attacker maximises, the defender minimises, the objective, by expectimax
    (``merge=False``: without sharing values between paths, for checks)."""
    return ExpectimaxPolicy(
        partial(resolve_attack, situation=situation),
        utility=utility(objective, stamina_cost),
        players={ATTACKER: 1, DEFENDER: -1},
        merge=merge,
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
    stamina_cost: Fraction = Fraction(0),
) -> Distribution[Result]:
    """The exact distribution of the attack's result under the chosen policy."""
    situation = played(situation, policy)
    return exact(
        partial(resolve_attack, situation=situation),
        policy=optimal_policy(situation, objective, stamina_cost),
    )


@dataclass(frozen=True)
class Summary:
    """The numbers a player asks for, read off an exact distribution of results."""

    damage: Distribution[int]
    expected_damage: Fraction
    p_kill: Fraction
    p_reach: Fraction
    p_hit: Fraction
    p_critical: Fraction
    expected_stamina: Fraction
    expected_defender_stamina: Fraction

    @classmethod
    def of(cls, results: Distribution[Result]) -> Summary:
        return cls(
            damage=results.map(lambda r: r.damage),
            expected_damage=results.mean(lambda r: r.damage),
            p_kill=results.probability(lambda r: r.killed),
            p_reach=results.probability(lambda r: r.reached),
            p_hit=results.probability(lambda r: r.hit),
            p_critical=results.probability(lambda r: r.critical),
            expected_stamina=results.mean(lambda r: r.stamina_spent),
            expected_defender_stamina=results.mean(lambda r: r.defender_stamina_spent),
        )


@dataclass(frozen=True)
class FirstChoice:
    """The attacker's first decision after one roll of the dice, and what each option is worth.

    ``values`` are the objective's expected value under optimal play after each option
    (expected damage, or the kill chance); ``probability`` is the chance of these dice.
    """

    dice: tuple[int, ...]
    probability: Fraction
    question: str
    values: dict[str, Fraction]

    @property
    def best(self) -> str:
        return max(self.values, key=lambda option: self.values[option])


def first_choices(
    situation: Situation,
    objective: Objective = Objective.DAMAGE,
    stamina_cost: Fraction = Fraction(0),
) -> list[FirstChoice]:
    """For every roll of the attack (and range) dice: the attacker's first choice, solved.

    This is the table a player reads at the table: which die goes to range, and which dice are
    worth a Stamina to re-roll. Rolls that leave the attacker no choice are left out.
    """
    policy = optimal_policy(situation, objective, stamina_cost)
    procedure = partial(resolve_attack, situation=situation)
    found: list[FirstChoice] = []

    def walk(path: Path, probability: Fraction) -> None:
        node = probe(procedure, path)
        if isinstance(node, Leaf):
            return
        if isinstance(node, Decision):
            if node.player == ATTACKER:
                dice = tuple(int(step) for step in path if isinstance(step, int))
                found.append(FirstChoice(dice, probability, node.key, policy.choices(node)))
            return
        for outcome, p in probabilities(node.distribution()).items():
            walk((*path, outcome), probability * p)

    walk((), Fraction(1))
    return found
