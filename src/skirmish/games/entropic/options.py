"""What a user gives to describe an Entropic Engine attack, and each command's own options.

Models come from the sample force and ``--force``, or raw Attack and Defend values; the
facts of the attack (distance, obscurement, stuns, tokens on each console) from flags or
from a battlefield file (ruling EE-11).
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Annotated

from pydantic import Field

from skirmish import limits
from skirmish.errors import SkirmishError
from skirmish.games.entropic.attack import (
    Aim,
    Approach,
    Outcome,
    Situation,
    StunRule,
    StunScope,
    check,
)
from skirmish.games.entropic.bidding import DEFAULT_RESULT_VALUES, Values
from skirmish.games.entropic.models import Force, Model, simple
from skirmish.options import Attribute, Flag, Inches, Name, Options, Worth, on_battlefield

MODELS = "Models and weapons"
FACTS = "Facts of the attack"
TOKENS = "Command tokens"

Tokens = Annotated[int, limits.TOKENS.field()]
"""Command tokens of one kind, on a console or in a bid."""


class ForceFlags(Options):
    force: Annotated[
        Path | None, Flag("Your own models (YAML), added to the sample force.", group=MODELS)
    ] = None


class SituationOptions(ForceFlags):
    """The models, their weapons, the facts of the attack and the tokens on each console."""

    attacker: Annotated[
        Name | None,
        Flag("Attacking model, by name (see `skirmish fighters`).", metavar="NAME", group=MODELS),
    ] = None
    target: Annotated[Name | None, Flag("Target model, by name.", metavar="NAME", group=MODELS)] = (
        None
    )
    attack: Annotated[Attribute | None, Flag("Raw attacker: its Attack.", group=MODELS)] = None
    defend: Annotated[Attribute | None, Flag("Raw target: its Defend.", group=MODELS)] = None
    weapon: Annotated[
        list[Name] | None,
        Flag(
            "The attacker's weapon, by name; repeat it for a model that may use several "
            "weapons in one attack (resolved in the order given, EE-14).",
            metavar="NAME",
            rule="EE-14",
            group=MODELS,
        ),
        limits.WEAPONS.length(),
    ] = None
    weapon_range: Annotated[
        Annotated[float, Field(gt=0), limits.DISTANCE.field()] | None,
        Flag("Raw attacker: its weapon's range (default 12).", group=MODELS),
    ] = None
    component: Annotated[
        Name | None,
        Flag("The part of a composite target the attacker names.", metavar="PART", group=MODELS),
    ] = None
    part: Annotated[
        Name | None,
        Flag("The part of a composite attacker that attacks.", metavar="PART", group=MODELS),
    ] = None
    distance: Annotated[
        Inches | None,
        Flag(
            "Attack distance, base to base (or to the path).", rule="Determine Range", group=FACTS
        ),
    ] = None
    closest: Annotated[
        bool, Flag("The target is the closest visible enemy: +1 attack.", group=FACTS)
    ] = False
    obscured: Annotated[bool, Flag("Any obscurement between: +1 defense.", group=FACTS)] = False
    path: Annotated[bool, Flag("Aim at a point on the target's path: +1 defense.", group=FACTS)] = (
        False
    )
    cloaked: Annotated[
        bool, Flag("The target is cloaked: bases only, +1 defense.", group=FACTS)
    ] = False
    target_stunned: Annotated[
        bool, Flag("The target has a stun marker in effect: +1 attack.", group=FACTS)
    ] = False
    attacker_stunned: Annotated[
        bool, Flag("The attacker has a stun marker in effect: +1 defense.", group=FACTS)
    ] = False
    target_acted: Annotated[
        bool, Flag("The target has acted this turn: it cannot interrupt.", group=FACTS)
    ] = False
    nearby: Annotated[
        list[Annotated[str, Field(max_length=120)]] | None,
        Flag(
            "Another model and its distance from the attacker: NAME=DISTANCE.",
            metavar="NAME=DISTANCE",
            rule="EE-6",
            group=FACTS,
        ),
        limits.PIECES.length(),
    ] = None
    aim: Annotated[
        Aim | None,
        Flag("Where to aim: base, source, waypoint or path (default: the base).", group=FACTS),
    ] = None
    attacker_tokens: Annotated[
        Tokens | None,
        Flag("Real command tokens on the attacker's console.", rule="EE-3", group=TOKENS),
    ] = None
    attacker_dummies: Annotated[
        Tokens, Flag("Dummy tokens on the attacker's console.", group=TOKENS)
    ] = 0
    defender_tokens: Annotated[
        Tokens | None,
        Flag("Real command tokens on the target's console.", rule="EE-3", group=TOKENS),
    ] = None
    defender_dummies: Annotated[
        Tokens, Flag("Dummy tokens on the target's console.", group=TOKENS)
    ] = 0
    stun_rule: Annotated[StunRule, Flag("When a stunned model gives +1 (EE-4).", rule="EE-4")] = (
        StunRule.ANY
    )
    composite_stun: Annotated[
        StunScope,
        Flag("A composite model's stun markers that give +1: part or model (EE-13).", rule="EE-13"),
    ] = StunScope.PART
    battlefield: Annotated[
        Path | None,
        Flag(
            "Battlefield file: --attacker/--target name models on it; distances, sight, "
            "obscurement, closest enemy, stuns and tokens come from it (EE-11)."
        ),
    ] = None


class Interrupt(StrEnum):
    """The target's interrupt (Interrupts)."""

    NONE = "none"
    MOVE = "move"
    ATTACK_BACK = "attack-back"


InterruptFlag = Annotated[
    Interrupt,
    Flag(
        "The target's interrupt, when it can make it: none, move (when targeted) or "
        "attack-back (after combat scores).",
        rule="Interrupts",
    ),
]
Bids = Annotated[list[Tokens] | None, limits.WEAPONS.length()]


class OddsOptions(SituationOptions):
    """Combat scores and result; without both bids, the result for every bid pair."""

    bid_attack: Annotated[
        Bids, Flag("Real command tokens the attacker bids (once per weapon).", rule="Place Bids")
    ] = None
    bid_defense: Annotated[
        Bids, Flag("Real command tokens the defender bids (once per weapon).", rule="Place Bids")
    ] = None
    interrupt: InterruptFlag = Interrupt.NONE


class AdviseOptions(SituationOptions):
    """Equilibrium of the sealed bids: how many real and dummy tokens to put down."""

    values: Annotated[
        Annotated[str, Field(max_length=200)] | None,
        Flag(
            "What each result is worth to the attacker, e.g. stunned=1,damaged=3,"
            "destroyed=6,annihilated=7 (the defaults).",
            metavar="RESULT=VALUE,...",
        ),
    ] = None
    token_cost: Annotated[Worth, Flag("What spending one command point costs either side.")] = (
        Fraction(1, 2)
    )
    dummy_cost: Annotated[Worth, Flag("What spending one dummy token costs.")] = Fraction(0)
    attacker_stun_cost: Annotated[Worth, Flag("What the attacker loses when range stuns it.")] = (
        Fraction(1)
    )
    interrupt: InterruptFlag = Interrupt.NONE


class AttackOptions(SituationOptions):
    """Referee one attack: ask for bids and interrupts, print the log citing each step."""

    bid_attack: Annotated[Tokens | None, Flag("Real tokens the attacker bids.")] = None
    dummy_attack: Annotated[Tokens, Flag("Dummy tokens the attacker bids.")] = 0
    bid_defense: Annotated[Tokens | None, Flag("Real tokens the defender bids.")] = None
    dummy_defense: Annotated[Tokens, Flag("Dummy tokens the defender bids.")] = 0
    interrupt: Annotated[
        Interrupt | None,
        Flag("The target's interrupt: none, move or attack-back.", rule="Interrupts"),
    ] = None
    damaged: Annotated[
        Annotated[str, Field(max_length=20)] | None,
        Flag("The attribute a damaged marker zeroes, if damaged.", metavar="ATTRIBUTE"),
    ] = None
    damaged_back: Annotated[
        Annotated[str, Field(max_length=20)] | None,
        Flag("The attacker's attribute zeroed if an attack back damages it.", metavar="ATTRIBUTE"),
    ] = None
    component_back: Annotated[
        Name | None,
        Flag(
            "The part of a composite attacker an attack back hits (its controller chooses "
            "otherwise, EE-13).",
            metavar="PART",
            rule="EE-13",
        ),
    ] = None


class FightersOptions(Options):
    """List the sample Entropic Engine models and their profiles."""

    force: Annotated[Path | None, Flag("Also list the models of this file.")] = None


FileArgument = Annotated[Path, Flag("Battlefield file (YAML).", argument=True, metavar="FILE")]


class LosOptions(ForceFlags):
    """What the battlefield decides for an attack (EE-11): the distance, sight and
    obscurement of each aim, the closest enemy, and the models near the attacker (EE-6)."""

    file: FileArgument
    attacker: Annotated[Name, Flag("Attacking model on the battlefield.", metavar="NAME")]
    target: Annotated[Name, Flag("Target model on the battlefield.", metavar="NAME")]
    weapon: Annotated[
        Name | None, Flag("The attacker's weapon (default: its first).", metavar="NAME")
    ] = None


class DrawOptions(ForceFlags):
    """Draw an Entropic Engine battlefield to scale: terrain that blocks or obscures, models
    on their bases and paths, and with --attacker and --target each aim's line."""

    file: FileArgument
    output: Annotated[
        Path, Flag("Picture to write: .png, .svg or .pdf.", aliases=("-o",), metavar="FILE")
    ]
    attacker: Annotated[Name | None, Flag("Show this model's attack...", metavar="NAME")] = None
    target: Annotated[Name | None, Flag("...on this model.", metavar="NAME")] = None


def force(path: Path | None) -> Force:
    from skirmish.games import load_game

    found = load_game("entropic").roster(path)
    assert isinstance(found, Force)
    return found


BATTLEFIELD_FACTS = (
    "attack",
    "defend",
    "weapon_range",
    "distance",
    "closest",
    "obscured",
    "path",
    "cloaked",
    "target_stunned",
    "attacker_stunned",
    "attacker_tokens",
    "attacker_dummies",
    "defender_tokens",
    "defender_dummies",
    "target_acted",
    "nearby",
)


def situations(options: SituationOptions) -> tuple[Situation, ...]:
    """One situation per weapon the options name, each checked."""
    from skirmish.games.entropic.field import load_field, situation_on

    models = force(options.force)
    weapons: list[str | None] = list(dict.fromkeys(options.weapon)) if options.weapon else [None]
    if options.weapon and len(weapons) < len(options.weapon):
        raise SkirmishError(
            f"--weapon given twice with the same weapon: {', '.join(options.weapon)}"
        )
    if options.battlefield is not None:
        attacker, target = on_battlefield(options, BATTLEFIELD_FACTS, rules="EE-11")
        field = load_field(options.battlefield, models)
        return _each_weapon(
            [
                replace(
                    situation_on(field, attacker, target, weapon=name, component=options.component),
                    part=options.part,
                    stun_rule=options.stun_rule,
                    stun_scope=options.composite_stun,
                    aim=options.aim,
                )
                for name in weapons
            ]
        )
    attacking = _model(models, options.attacker, "--attack", options.attack, "attacker", options)
    defending = _model(models, options.target, "--defend", options.defend, "target", None)
    attacking = replace(
        attacking,
        real_tokens=(
            2 * attacking.command if options.attacker_tokens is None else options.attacker_tokens
        ),
        dummy_tokens=options.attacker_dummies,
    )
    defending = replace(
        defending,
        real_tokens=(
            2 * defending.command if options.defender_tokens is None else options.defender_tokens
        ),
        dummy_tokens=options.defender_dummies,
        acted=options.target_acted,
    )
    if options.attacker_stunned:
        attacking = _stunned(attacking)
    if options.target_stunned:
        defending = _stunned(defending)
    if options.cloaked:
        defending = _cloaked(defending)
    if options.path and options.cloaked:
        raise SkirmishError(
            "--path and --cloaked: a cloaked target may only be targeted at its bases (Effects)"
        )
    # Obscurement between the models is +1 defense wherever the attack is aimed.
    facts = Approach(options.distance, options.obscured)
    aims = ((Aim.PATH, facts), (Aim.BASE, facts)) if options.path else ((Aim.BASE, facts),)
    return _each_weapon(
        [
            Situation(
                attacking,
                defending,
                aims,
                aim=options.aim or (Aim.PATH if options.path else None),
                weapon=name,
                closest=options.closest,
                component=options.component,
                part=options.part,
                nearby=_nearby(options.nearby or []),
                stun_rule=options.stun_rule,
                stun_scope=options.composite_stun,
            )
            for name in weapons
        ]
    )


def _each_weapon(found: list[Situation]) -> tuple[Situation, ...]:
    """One situation per weapon, checked; with several, each weapon's choices are told
    apart by its name before their keys (EE-14)."""
    for situation in found:
        check(situation)
    if len(found) == 1:
        return (found[0],)
    return tuple(replace(s, prefix=f"{s.attacking_part().weapon(s.weapon).name}: ") for s in found)


def _stunned(model: Model) -> Model:
    """A stun marker in effect on the model (on its first part)."""
    first, *rest = model.components
    return replace(model, components=(replace(first, active=first.active.plus_stun()), *rest))


def _cloaked(model: Model) -> Model:
    parts = tuple(replace(c, active=replace(c.active, cloaked=True)) for c in model.components)
    return replace(model, components=parts)


def _nearby(texts: list[str]) -> tuple[tuple[str, float], ...]:
    found = []
    for text in texts:
        name, _, distance = text.rpartition("=")
        try:
            away = float(distance)
        except ValueError:
            raise SkirmishError(
                f"--nearby {text!r}: expected NAME=DISTANCE, such as 'Line Trooper=4'"
            ) from None
        if not name.strip():
            raise SkirmishError(f"--nearby {text!r}: expected NAME=DISTANCE")
        if not 0 <= away <= 1000:
            raise SkirmishError(f"--nearby {text!r}: a distance from 0 to 1000")
        found.append((name.strip(), away))
    return tuple(found)


def _model(
    models: Force,
    name: str | None,
    flag: str,
    value: int | None,
    role: str,
    options: SituationOptions | None,
) -> Model:
    weapon_range = options.weapon_range if options is not None else None
    if name is not None:
        if value is not None:
            raise SkirmishError(f"{flag} and --{role} {name!r}: give a model or a raw value")
        if weapon_range is not None:
            raise SkirmishError(f"--weapon-range with --{role} {name!r}: choose --weapon instead")
        return models.model(name)
    if value is None:
        raise SkirmishError(f"give --{role} NAME or a raw {flag} value")
    attack, defend = (value, 0) if role == "attacker" else (0, value)
    return simple(
        role.capitalize(),
        attack=attack,
        defend=defend,
        weapon_range=12 if weapon_range is None else weapon_range,
    )


def values(options: AdviseOptions) -> Values:
    """What the results and the spent tokens are worth (``advise``)."""
    results = dict(DEFAULT_RESULT_VALUES)
    for item in (options.values or "").split(","):
        if not item.strip():
            continue
        name, _, number = item.partition("=")
        try:
            outcome = Outcome(name.strip().casefold())
        except ValueError:
            raise SkirmishError(
                f"--values {item!r}: unknown result; expected one of "
                f"{', '.join(o.value for o in Outcome)}"
            ) from None
        results[outcome] = limits.parse_fraction(number, f"--values {outcome.value}")
    return Values(
        results,
        attacker_stun=options.attacker_stun_cost,
        real_token=options.token_cost,
        dummy_token=options.dummy_cost,
    )
