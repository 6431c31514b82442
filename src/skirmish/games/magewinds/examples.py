"""Magewinds examples for the conformance suite: golden logs, generated cases, commands."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from skirmish.conformance import Case, Commands, Examples, Pick, Sampled, random_mix
from skirmish.engine import FixedPolicy, Play, Policy, play, uniform
from skirmish.games.magewinds.attack import AttackSituation, Combatant, resolve_attack
from skirmish.games.magewinds.effects import find_effect
from skirmish.games.magewinds.odds import legal_pairs
from skirmish.games.magewinds.pack import bundled_pack

RUINS = "examples/ruins.yaml"


def heavy_against_deflect() -> Play[Any]:
    pack = bundled_pack()
    situation = AttackSituation(
        attacker=Combatant(pack.fighter("Druid"), effects=frozenset({find_effect("wildform")})),
        target=Combatant(pack.fighter("Guardian"), damage=3, action_counters=1),
        attack=pack.fighter("Druid").attack("Melee"),
        cover=True,
    )
    policy = FixedPolicy.of(attack_choice="heavy", defence_choice="deflect")
    return play(partial(resolve_attack, situation=situation), players=policy, seed=20261122)


def hexed_zap_with_barrier() -> Play[Any]:
    pack = bundled_pack()
    wizard = pack.fighter("Wizard")
    situation = AttackSituation(
        attacker=Combatant(wizard, effects=frozenset({find_effect("hex")})),
        target=Combatant(replace(pack.fighter("Mesmer"), name="Mesmer"), guarding=True),
        attack=wizard.attack("Zap"),
        barrier_clubs=3,
        distance=6,
    )
    policy = FixedPolicy.of(defence_choice="none")
    return play(partial(resolve_attack, situation=situation), players=policy, seed=7)


def cases(pick: Pick) -> Case:
    """The hidden attack and defence choices, fixed (odds), uniform or mixed (advise)."""
    pack = bundled_pack()
    attacker = pick.choice(pack.fighters)
    attack = pick.choice(attacker.attacks)
    target = pick.choice(pack.fighters)
    situation = AttackSituation(
        Combatant(attacker),
        Combatant(target, damage=pick.integer(0, target.toughness - 1)),
        attack,
        cover=pick.boolean(),
    )
    procedure = partial(resolve_attack, situation=situation)
    kind = pick.choice(["fixed", "uniform", "mixed"])
    if kind == "fixed":
        choice, reaction = pick.choice(legal_pairs(situation))
        answers = {"defence_choice": reaction.value}
        if choice is not None:
            answers["attack_choice"] = choice.value
        policy: Policy = FixedPolicy.of(**answers)
    else:
        policy = uniform if kind == "uniform" else random_mix(pick)
    name = f"magewinds {attacker.name} {attack.name} {target.name} {kind}"
    return Case(name, procedure, lambda merge: policy)


def _sampled() -> tuple[Sampled, ...]:
    pack = bundled_pack()
    druid = pack.fighter("Druid")
    situation = AttackSituation(
        Combatant(druid), Combatant(pack.fighter("Mesmer")), druid.attack("Melee"), cover=True
    )
    return (
        Sampled(
            "Druid against a Mirrorshield, choices mixed",
            partial(resolve_attack, situation=situation),
            uniform,
        ),
    )


EXAMPLES = Examples(
    golden={
        "magewinds-heavy-against-deflect": heavy_against_deflect,
        "magewinds-hexed-zap-with-barrier": hexed_zap_with_barrier,
    },
    cases=cases,
    sampled=_sampled(),
    commands=Commands(
        odds=("--attacker", "Wizard", "--attack", "Zap", "--target", "Guardian", "--cover"),
        attack=(
            *("--attacker", "Druid", "--target", "Guardian", "--wildform"),
            *("--choice", "heavy", "--reaction", "deflect", "--seed", "7"),
        ),
        advise=("--attacker", "Wizard", "--target", "Guardian"),
        unanswered=("--attacker", "Wizard", "--target", "Guardian", "--seed", "1"),
        los=(RUINS, "--attacker", "Wizard", "--target", "Mesmer", "--attack", "Zap"),
        draw=(RUINS, "--attacker", "Wizard", "--target", "Mesmer"),
        errors=(
            ("odds", ("--attacker", "Wizzard", "--target", "Guardian"), "unknown fighter"),
            ("odds", ("--power", "3"), "both --power and --precision"),
            ("odds", ("--attacker", "Wizard", "--target", "Guardian", "--barrier", "5"), "Barrier"),
            (
                "advise",
                ("--light", "3/6", "--heavy", "5/4", "--vs-attacker-mix", "x=y"),
                "--vs-attacker-mix",
            ),
            (
                "attack",
                ("--attacker", "Wizard", "--target", "Guardian", "--choice", "lunge"),
                "--choice",
            ),
            ("los", (RUINS, "--attacker", "Wizard"), "--attacker and --target, or --all"),
        ),
    ),
)
