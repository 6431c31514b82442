"""Dark Realms examples for the conformance suite: golden logs, generated cases, commands."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import partial
from typing import Any

from skirmish.conformance import Case, Commands, Examples, Pick, Sampled, first_option, random_mix
from skirmish.engine import Play, Policy, play
from skirmish.games.darkrealms.attack import Situation, resolve_attack
from skirmish.games.darkrealms.figures import (
    CardAttack,
    Figure,
    Kind,
    Shields,
    ValueMode,
    sample_roster,
)
from skirmish.games.darkrealms.odds import Objective, PolicyName, optimal_policy, played


def aimed_shot_at_a_shield_bearer() -> Play[Any]:
    roster = sample_roster()
    situation = Situation(
        roster.figure("Ranger"),
        roster.figure("Shield Bearer"),
        roster.card("Aimed Shot")[0],
        distance=3,
        stamina=2,
    )
    policy = optimal_policy(situation, Objective.DAMAGE)
    return play(partial(resolve_attack, situation=situation), players=policy, seed=11)


def poison_dart_confused_at_close_range() -> Play[Any]:
    roster = sample_roster()
    situation = Situation(
        roster.figure("Ranger"),
        roster.figure("Golem"),
        roster.card("Poison Dart")[0],
        distance=1,
        stamina=1,
        poison_turns=2,
    )
    policy = optimal_policy(situation, Objective.KILL)
    return play(partial(resolve_attack, situation=situation), players=policy, seed=3)


TREE_LIMIT = 6_000
"""Paths a drawn attack may have when every option is tried (the plain computation)."""


def _tree_size(dice: int, stamina: int, shields: Shields, budget: int, hero: bool) -> int:
    """About how many paths the attack has when every option is tried: each re-roll picks a
    die and rolls it again, and each of the target's dice may be re-rolled too."""
    attack = 6**dice * sum((6 * dice) ** k for k in range(stamina + 1))
    one_die = 6 * sum(6**k for k in range(budget + 1))
    defence = (2 if hero and shields.roll else 1) * (one_die if shields.roll else 1)
    defence *= one_die if shields.die else 1
    return int(attack * defence)


def cases(pick: Pick) -> Case:
    """Re-rolls with Stamina on both sides, rolled range, Confused, every shield, a hero's
    defence roll; optimal (both objectives, with and without a Stamina price), never, first
    option, mixed."""
    kind = pick.choice(list(Kind))
    rolled_range = kind is Kind.RANGE and pick.boolean()
    confused = pick.boolean()
    distance = 1 if kind is Kind.MELEE else pick.integer(1, 4)
    twice = confused or (kind is Kind.RANGE and distance == 1)
    dice = (2 if rolled_range else 1) + (1 if twice else 0)
    mode = pick.choice(list(ValueMode))
    attack = CardAttack(
        "Attack",
        kind,
        mode=mode,
        amount=pick.integer(0, 3) if mode is ValueMode.FIXED else pick.integer(-2, 2),
        misses_on=pick.integer(0, 3),
        range=None if rolled_range or kind is Kind.MELEE else 4,
        rolled_range=rolled_range,
        status=pick.choice([None, "poison"]),
    )
    shields = Shields(fixed=pick.integer(0, 2), roll=pick.boolean(), die=pick.boolean())
    attacker_stamina, target_stamina = pick.integer(0, 3), pick.integer(0, 2)
    hero = not pick.boolean()
    # Bound the plain computation: give up target Stamina, then the shield dice, then
    # attacker Stamina, until the tree is small.
    while _tree_size(dice, attacker_stamina, shields, target_stamina, hero) > TREE_LIMIT:
        if target_stamina:
            target_stamina -= 1
        elif shields.die or shields.roll:
            shields = replace(shields, die=False) if shields.die else replace(shields, roll=False)
        else:
            attacker_stamina -= 1
    situation = Situation(
        Figure("A", melee=pick.integer(0, 5), range=pick.integer(0, 5), health=99),
        Figure("T", melee=0, range=0, health=pick.integer(1, 9), shields=shields, enemy=not hero),
        attack,
        distance=distance,
        stamina=attacker_stamina,
        defender_stamina=target_stamina,
        confused=confused,
        poison_turns=pick.integer(0, 2),
    )
    policy_kind = pick.choice(["optimal", "never", "first", "mixed"])
    objective = pick.choice(list(Objective))
    cost = pick.choice([Fraction(0), Fraction(1, 2), Fraction(2)])
    if policy_kind == "never":
        situation = played(situation, PolicyName.NEVER)
    mixed = random_mix(pick)

    def policy(merge: bool) -> Policy:
        if policy_kind in ("optimal", "never"):
            return optimal_policy(situation, objective, cost, merge=merge)
        return first_option if policy_kind == "first" else mixed

    name = f"darkrealms {dice} dice {policy_kind} {objective} cost {cost}"
    return Case(name, partial(resolve_attack, situation=situation), policy)


def _sampled() -> tuple[Sampled, ...]:
    roster = sample_roster()
    situation = Situation(
        roster.figure("Ranger"),
        roster.figure("Shield Bearer"),
        roster.card("Aimed Shot")[0],
        distance=3,
        stamina=1,
    )
    return (
        Sampled(
            "Aimed Shot at a Shield Bearer, re-rolls solved",
            partial(resolve_attack, situation=situation),
            optimal_policy(situation, Objective.DAMAGE),
        ),
    )


EXAMPLES = Examples(
    golden={
        "darkrealms-aimed-shot-at-a-shield-bearer": aimed_shot_at_a_shield_bearer,
        "darkrealms-poison-dart-confused": poison_dart_confused_at_close_range,
    },
    cases=cases,
    cases_per_run=20,
    sampled=_sampled(),
    commands=Commands(
        odds=(
            "--strength",
            "4",
            "--range-die",
            "--distance",
            "3",
            "--stamina",
            "1",
            "--health",
            "6",
        ),
        attack=(
            *("--attacker", "Ranger", "--card", "Aimed Shot", "--target", "Ghoul"),
            *("--distance", "3", "--decide", "optimal", "--seed", "11"),
        ),
        advise=("--strength", "4", "--range-die", "--distance", "3", "--stamina", "1"),
        unanswered=("--strength", "4", "--stamina", "1", "--seed", "1"),
        errors=(
            ("odds", ("--attacker", "Nobody"), "unknown figure"),
            ("odds", ("--modifier", "1", "--fixed", "3"), "--modifier and --fixed"),
            ("odds", ("--objective", "kill"), "needs the target's Health"),
            ("advise", ("--stamina-cost", "-1"), "--stamina-cost"),
            ("attack", ("--decide", "sometimes"), "--decide"),
        ),
    ),
)
