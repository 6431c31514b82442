"""MS Wars examples for the conformance suite: golden logs, generated cases, commands."""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import Any

from skirmish.conformance import Case, Commands, Examples, Pick, Sampled, random_mix
from skirmish.engine import FixedPolicy, Play, Policy, play, uniform
from skirmish.errors import SkirmishError
from skirmish.games.mswars.attack import Aider, Conditions, Situation, check, resolve_attack
from skirmish.games.mswars.odds import Objective, Opportunity, optimal_policy, procedure
from skirmish.games.mswars.units import Weapon, WeaponType, sample_force

CROSSROADS = "examples/mswars-crossroads.yaml"


def aided_rifle_on_a_squad() -> Play[Any]:
    force = sample_force()
    amago = force.unit("Amago")
    situation = Situation(
        amago,
        force.unit("Rifle Squad"),
        amago.weapon("Small Mecha Rifle"),
        distance=14,
        conditions=Conditions(visible_fraction=Fraction(2, 3), rear_arc=True, earlier_attacks=1),
        aiders=(Aider("Amago Wing"),),
    )
    policy = FixedPolicy.of(**{"aid 1": "D3 damage"})
    return play(partial(resolve_attack, situation=situation), players=policy, seed=2)


def cases(pick: Pick) -> Case:
    """The aid choices, solved (odds' optimal policy) or mixed; attacks of opportunity."""
    force = sample_force()
    attacker = pick.choice(force.units)
    target = pick.choice([u for u in force.units if u is not attacker])
    weapon = pick.choice(attacker.weapons)
    opportunity = None
    aiders: tuple[Aider, ...] = ()
    if weapon.type.melee and pick.boolean():
        charged = pick.boolean()
        ram = Weapon("Ram", WeaponType.MELEE, 1, "2D6") if charged else None
        opportunity = Opportunity(charged, ram)
    else:
        aiders = tuple(
            Aider(f"Aide {n}", multiple_unit=pick.boolean()) for n in range(pick.integer(0, 2))
        )
    situation = Situation(
        attacker,
        target,
        weapon,
        distance=min(weapon.range, pick.choice([0.5, 6.0, 12.0])),
        conditions=Conditions(rear_arc=pick.boolean(), earlier_attacks=pick.integer(0, 2)),
        aiders=aiders,
    )
    try:
        check(situation)
    except SkirmishError:
        pick.reject()
    kind = pick.choice(["optimal", "uniform", "mixed"])
    objective = pick.choice(list(Objective))
    mixed = random_mix(pick)

    def policy(merge: bool) -> Policy:
        if kind == "optimal":
            return optimal_policy(situation, objective, opportunity, merge=merge)
        return uniform if kind == "uniform" else mixed

    name = f"mswars {attacker.name} {weapon.name} {target.name} {kind}"
    return Case(name, procedure(situation, opportunity), policy)


def _sampled() -> tuple[Sampled, ...]:
    force = sample_force()
    amago = force.unit("Amago")
    situation = Situation(
        amago, force.unit("Pelham"), amago.weapon("Small Mecha Rifle"), aiders=(Aider("Wing"),)
    )
    return (Sampled("Amago's rifle with one aider, aid mixed", procedure(situation), uniform),)


EXAMPLES = Examples(
    golden={"mswars-aided-rifle-on-a-squad": aided_rifle_on_a_squad},
    cases=cases,
    sampled=_sampled(),
    commands=Commands(
        odds=("--attacker", "Amago", "--target", "Pelham", "--aid", "1"),
        attack=(
            *("--attacker", "Amago", "--target", "Pelham", "--aid", "1"),
            *("--aid-choice", "d3", "--seed", "4"),
        ),
        advise=("--attacker", "Amago", "--target", "Pelham", "--aid", "1"),
        unanswered=("--attacker", "Amago", "--target", "Pelham", "--aid", "1", "--seed", "1"),
        los=(CROSSROADS, "--attacker", "Amago", "--target", "Pelham"),
        draw=(CROSSROADS, "--attacker", "Amago", "--target", "Pelham"),
        errors=(
            ("odds", ("--attacker", "Amago", "--target", "Nobody"), "unknown unit"),
            ("odds", ("--attack-value", "14", "--defence", "5", "--damage", "D6x"), "notation"),
            ("odds", ("--attacker", "Amago", "--target", "Pelham", "--charged"), "--opportunity"),
            ("advise", ("--attacker", "Amago", "--target", "Pelham"), "nothing to advise"),
            (
                "attack",
                ("--attacker", "Amago", "--target", "Pelham", "--ram-choice", "ram"),
                "--ram-choice",
            ),
        ),
    ),
)
