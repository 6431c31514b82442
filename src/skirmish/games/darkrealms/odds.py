"""Exact Dark Realms odds, with the players' choices made optimally or never re-rolling."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from functools import partial

from skirmish import limits
from skirmish.dice import probabilities
from skirmish.engine import Decision, Distribution, ExpectimaxPolicy, exact
from skirmish.engine.exact import Leaf, Path, probe
from skirmish.engine.trampoline import Counter, Progress, counter
from skirmish.errors import SkirmishError
from skirmish.games.darkrealms.attack import (
    ATTACKER,
    DEFENDER,
    Result,
    Situation,
    is_confused,
    resolve_attack,
)

DEFENCE_POSITIONS = 600
"""Positions of the target's re-roll choices per Stamina each side may spend: about six
damage values reach the defence, each with two dice of six faces, kept or re-rolled."""


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


def positions(situation: Situation) -> int:
    """About how many positions the exact odds under optimal play work out (the solver's
    and the enumerator's together, as :func:`odds` reports them to ``progress``).

    The attacker's dice (one, a second for a rolled range, another when Confused) are kept
    or re-rolled one at a time with every Stamina left: (dice + 3) x 6^(dice + 1) positions
    per Stamina. The target's dice are solved again for every amount the attacker spent.
    Counted positions stay under this estimate (``tests/test_hostile.py``).
    """
    dice = 1 + int(situation.attack.rolled_range) + int(is_confused(situation))
    attacker = situation.attacker_stamina if situation.attack.rerolls else 0
    total: int = (dice + 3) * 6 ** (dice + 1) * (attacker + 1)
    shields = situation.target.shields
    if shields.roll or shields.die:
        total += DEFENCE_POSITIONS * (situation.target_stamina + 1) * (attacker + 1)
    return total


def check_work(situation: Situation) -> None:
    """Refuse, before any work, re-roll choices whose solving would pass the budget of
    :data:`~skirmish.limits.POSITIONS`, naming what makes it smaller."""
    needed = positions(situation)
    if needed > limits.POSITIONS:
        raise SkirmishError(
            f"Re-roll: solving re-rolls with the attacker's Stamina "
            f"{situation.attacker_stamina} and the target's {situation.target_stamina} takes "
            f"about {needed:,} positions, over the limit of {limits.POSITIONS:,}: give either "
            "side less Stamina to spend, or play the never policy"
        )


def optimal_policy(
    situation: Situation,
    objective: Objective,
    stamina_cost: Fraction = Fraction(0),
    *,
    merge: bool = True,
    progress: Progress | Counter | None = None,
) -> ExpectimaxPolicy[Result]:
    """The attacker maximises, the defender minimises, the objective, by expectimax
    (``merge=False``: without sharing values between paths, for checks).

    Refused up front when the work would pass the budget (:func:`check_work`); ``progress``
    hears how many positions have been worked out.
    """
    check_work(situation)
    return ExpectimaxPolicy(
        partial(resolve_attack, situation=situation),
        utility=utility(objective, stamina_cost),
        players={ATTACKER: 1, DEFENDER: -1},
        merge=merge,
        progress=progress,
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
    progress: Progress | None = None,
) -> Distribution[Result]:
    """The exact distribution of the attack's result under the chosen policy.

    ``progress`` is called with the number of positions worked out so far, every thousand,
    to show on a terminal; :func:`positions` says about how many there will be.
    """
    situation = played(situation, policy)
    count = counter(progress)
    return exact(
        partial(resolve_attack, situation=situation),
        policy=optimal_policy(situation, objective, stamina_cost, progress=count),
        progress=count,
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
    progress: Progress | None = None,
) -> list[FirstChoice]:
    """For every roll of the attack (and range) dice: the attacker's first choice, solved.

    This is the table a player reads at the table: which die goes to range, and which dice are
    worth a Stamina to re-roll. Rolls that leave the attacker no choice are left out.
    """
    policy = optimal_policy(situation, objective, stamina_cost, progress=progress)
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
