"""Entropic Engine examples for the conformance suite: golden logs, generated cases, commands."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import partial
from typing import Any

from skirmish.conformance import Case, Commands, Examples, Pick, Sampled, random_mix
from skirmish.engine import FixedPolicy, Mix, Play, Policy, play, pure, uniform
from skirmish.errors import SkirmishError
from skirmish.games.entropic.attack import (
    Aim,
    Approach,
    Situation,
    StunScope,
    attack_back,
    check,
    resolve_attack,
    resolve_attacks,
)
from skirmish.games.entropic.models import Component, Markers, Model, Profile, Weapon, sample_force

OUTPOST = "examples/entropic-outpost.yaml"


def attack_back_on_a_colossus() -> Play[Any]:
    force = sample_force()
    trooper = replace(force.model("Line Trooper"), real_tokens=2, dummy_tokens=1)
    colossus = replace(force.model("Colossus"), real_tokens=2, dummy_tokens=1)
    aims = ((Aim.BASE, Approach(8, obscured=True)),)
    back = Situation(
        colossus,
        replace(trooper, real_tokens=0, dummy_tokens=0, acted=True),
        aims,
        roles=("defender", "attacker"),
        prefix="attack back: ",
        interrupts=False,
    )
    situation = Situation(
        trooper,
        colossus,
        aims,
        closest=True,
        component="Turret",
        counter=back,
        nearby=(("Scout Walker", 3.0),),
    )
    policy = FixedPolicy.of(
        **{
            "attack bid": "1 real + 1 dummy",
            "defense bid": "0 real + 1 dummy",
            "interrupt: move": "stay",
            "interrupt: attack back": "attack back",
            "attack back: attack bid": "0 real + 0 dummy",
            "attack back: defense bid": "0 real + 0 dummy",
            "attack back: damaged attribute": "move",
            "damaged attribute": "attack",
        }
    )
    return play(partial(resolve_attack, situation=situation), players=policy, seed=1)


def _model(pick: Pick, name: str, *, composite: bool, weapons: int, tokens: int = 2) -> Model:
    def part(part_name: str, armed: int) -> Component:
        profile = Profile(move=4, attack=pick.integer(0, 6), defend=pick.integer(0, 5), command=1)
        stun = pick.integer(0, 2)
        guns = tuple(Weapon(f"Gun {i}", pick.choice([2, 6, 12])) for i in range(armed))
        return Component(part_name, profile, guns, active=Markers(stun=stun))

    parts = (part("Hull", 0), part("Turret", weapons)) if composite else (part(name, weapons),)
    cap = 2 * len(parts)
    return Model(
        name,
        parts,
        real_tokens=pick.integer(0, min(tokens, cap)),
        dummy_tokens=pick.integer(0, 1),
        acted=pick.boolean(),
    )


def cases(pick: Pick) -> Case:
    """Mixed bids with equal token counts, interrupts and the attack back, the defender's
    part of a composite target, several weapons, aims on the path."""
    kind = pick.choice(["uniform", "mixed", "mixed bids"])
    weapons = pick.integer(1, 2)
    tokens = 3 - weapons  # two weapons double the tree: one real token a side then
    attacker = _model(pick, "A", composite=pick.boolean(), weapons=weapons, tokens=tokens)
    if kind == "mixed bids":
        attacker = replace(attacker, real_tokens=1, dummy_tokens=1)
    target = _model(pick, "T", composite=pick.boolean(), weapons=1, tokens=tokens)
    distance = pick.choice([None, 1.0, 5.0, 9.0, 20.0])
    aims: tuple[tuple[Aim, Approach], ...] = (
        (Aim.BASE, Approach(distance, obscured=pick.boolean())),
    )
    if pick.boolean():
        aims += ((Aim.PATH, Approach(distance)),)
    situations = tuple(
        Situation(
            attacker,
            target,
            aims,
            weapon=f"Gun {i}",
            closest=pick.boolean(),
            component=pick.choice([None, "Hull", "Turret"]) if target.composite else None,
            stun_scope=pick.choice(list(StunScope)),
            prefix=f"Gun {i}: " if weapons > 1 else "",
        )
        for i in range(weapons)
    )
    if weapons == 1 and pick.boolean():
        situations = tuple(replace(s, counter=attack_back(s)) for s in situations)
    try:
        for s in situations:
            check(s)
    except SkirmishError:
        pick.reject()
    if kind == "mixed bids":
        # The attacker mixes a bluff and a real token: one token goes down either way.
        bids = {"1 real + 0 dummy": Fraction(1, 2), "0 real + 1 dummy": Fraction(1, 2)}
        answers: dict[str, Mix] = {situations[0].prefix + "attack bid": bids}
        if weapons > 1:
            answers["Gun 0: weapon order"] = pure("Gun 0 then Gun 1")
        policy: Policy = FixedPolicy(answers, fallback=uniform)
    else:
        policy = uniform if kind == "uniform" else random_mix(pick)
    rules: Any = (
        partial(resolve_attacks, situations=situations)
        if weapons > 1
        else partial(resolve_attack, situation=situations[0])
    )
    return Case(f"entropic {weapons} weapon(s) {kind}", rules, lambda merge: policy)


def _sampled() -> tuple[Sampled, ...]:
    force = sample_force()
    situation = Situation(
        replace(force.model("Line Trooper"), real_tokens=1, dummy_tokens=1),
        replace(force.model("Warden"), real_tokens=1),
        ((Aim.BASE, Approach(8)),),
    )
    return (
        Sampled(
            "Line Trooper on a Warden, bids mixed",
            partial(resolve_attack, situation=situation),
            uniform,
        ),
    )


EXAMPLES = Examples(
    golden={"entropic-attack-back-on-a-colossus": attack_back_on_a_colossus},
    cases=cases,
    sampled=_sampled(),
    commands=Commands(
        odds=("--attacker", "Line Trooper", "--target", "Warden", "--distance", "8"),
        attack=(
            *("--attacker", "Line Trooper", "--target", "Colossus", "--component", "Turret"),
            *("--distance", "8", "--bid-attack", "1", "--bid-defense", "0"),
            *("--interrupt", "attack-back", "--damaged-back", "move"),
        ),
        advise=("--attacker", "Line Trooper", "--target", "Warden", "--distance", "8"),
        unanswered=("--attack", "4", "--defend", "3", "--seed", "1"),
        los=(OUTPOST, "--attacker", "Scout Walker", "--target", "Warden"),
        draw=(OUTPOST, "--attacker", "Scout Walker", "--target", "Warden"),
        errors=(
            ("odds", ("--attack", "4"), "give --target NAME or a raw --defend value"),
            ("odds", ("--attack", "4", "--defend", "3", "--bid-attack", "5"), "--bid-attack 5"),
            ("advise", ("--attack", "4", "--defend", "3", "--values", "wow=2"), "unknown result"),
            ("attack", ("--attack", "4", "--defend", "3", "--interrupt", "dance"), "--interrupt"),
        ),
    ),
)
