"""What a user gives to describe a Magewinds attack, and each command's own options.

The attack is given by fighter names (from the bundled pack and ``--pack``), by raw
Power/Precision and target attributes, or from a battlefield file. Spells in effect get a
flag each from the :data:`~skirmish.games.magewinds.effects.EFFECTS` registry.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import pydantic
from pydantic import Field, model_validator

from skirmish import limits
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.advice import DEFAULT_ACTION_VALUE, Objective
from skirmish.games.magewinds.attack import AttackSituation, Combatant
from skirmish.games.magewinds.effects import EFFECTS, Effect
from skirmish.games.magewinds.pack import Pack
from skirmish.games.magewinds.profiles import (
    Ability,
    AttackChoice,
    AttackProfile,
    AttackType,
    FighterProfile,
    Reaction,
    Strike,
)
from skirmish.games.magewinds.readings import NearObstacles
from skirmish.options import Attribute, Flag, Inches, Name, Options, Worth, on_battlefield

if TYPE_CHECKING:
    from skirmish.games.magewinds.tabletop import TableReport

FIGHTERS = "Fighters and attack"
RAW = "Raw attack and target"
STATE = "State and facts"
SPELLS = "Spells in effect"

Counters = Annotated[int, Field(ge=0, le=2)]
Power = Annotated[int, limits.POWER.field()]
Toughness = Annotated[int, limits.TOUGHNESS.field()]
Strikes = Annotated[str, Field(max_length=20)]
PackFile = Annotated[Path | None, Flag("Your own fighter pack (YAML), added to the bundled one.")]
NearObstaclesFlag = Annotated[
    NearObstacles | None,
    Flag(
        'Battlefield ruling MW-14: ignore only the parts of obstacles within 1" of the '
        "attacker (parts, the default) or the whole of them (whole); overrides the file.",
        rule="MW-14",
    ),
]


def refuse_without_battlefield(options: Options) -> None:
    """--near-obstacles reads a battlefield: refuse it without --battlefield."""
    if getattr(options, "near_obstacles", None) is not None:
        raise SkirmishError("--near-obstacles: it reads a battlefield; give --battlefield too")


class Fighters(Options):
    """Options naming fighters of the bundled pack and a user's."""

    pack: PackFile = None


class SituationFlags(Fighters):
    """The attack, the target, their state and the facts of the table."""

    attacker: Annotated[
        Name | None,
        Flag(
            "Attacking fighter, by name (see `skirmish fighters`).", metavar="NAME", group=FIGHTERS
        ),
    ] = None
    attack: Annotated[
        Name | None,
        Flag(
            "Attack of the attacker, by name (default: its first).", metavar="NAME", group=FIGHTERS
        ),
    ] = None
    target: Annotated[
        Name | None, Flag("Target fighter, by name.", metavar="NAME", group=FIGHTERS)
    ] = None
    power: Annotated[Power | None, Flag("Raw attack: Power (6.0).", rule="6.0", group=RAW)] = None
    precision: Annotated[
        Attribute | None, Flag("Raw attack: Precision (6.0).", rule="6.0", group=RAW)
    ] = None
    light: Annotated[
        Strikes | None,
        Flag("Raw split attack: Light Power/Precision, e.g. 3/9.", metavar="P/Q", group=RAW),
    ] = None
    heavy: Annotated[
        Strikes | None,
        Flag("Raw split attack: Heavy Power/Precision, e.g. 6/5.", metavar="P/Q", group=RAW),
    ] = None
    attack_type: Annotated[
        AttackType, Flag("Raw attack: melee or missile (6.0).", rule="6.0", group=RAW)
    ] = AttackType.MELEE
    spell: Annotated[bool, Flag("Raw attack: it is a (magical) spell.", group=RAW)] = False
    evasion: Annotated[Attribute | None, Flag("Target Evasion (4.5).", rule="4.5", group=RAW)] = (
        None
    )
    armour: Annotated[Attribute | None, Flag("Target Armour (4.5).", rule="4.5", group=RAW)] = None
    toughness: Annotated[
        Toughness | None, Flag("Target Toughness (4.5).", rule="4.5", group=RAW)
    ] = None
    dodge: Annotated[Attribute | None, Flag("Target Dodge bonus (4.5).", rule="4.5", group=RAW)] = (
        None
    )
    deflect: Annotated[
        Attribute | None, Flag("Target Deflect bonus (4.5).", rule="4.5", group=RAW)
    ] = None
    cover: Annotated[bool, Flag("Target is in cover: +1 Evasion (18.2).", group=STATE)] = False
    no_dodge_step: Annotated[
        bool, Flag('No legal 1" step away exists, so no Dodge (18.4).', group=STATE)
    ] = False
    distance: Annotated[
        Inches | None,
        Flag("Length of the line of attack, checked against Range.", rule="18.1", group=STATE),
    ] = None
    damage_taken: Annotated[
        Attribute, Flag("Damage the target already has.", rule="18.5.3", group=STATE)
    ] = 0
    target_counters: Annotated[
        Counters, Flag("Target's action counters: 0, 1 or 2 (9.1).", rule="9.1", group=STATE)
    ] = 0
    guard: Annotated[
        bool, Flag("Target used Guard: its next Dodge/Deflect is free (13.4).", group=STATE)
    ] = False
    attacker_counters: Annotated[
        Counters, Flag("Attacker's action counters.", rule="9.1", group=STATE)
    ] = 0
    attacker_damage: Annotated[
        Attribute, Flag("Damage the attacker already has.", rule="18.5.3", group=STATE)
    ] = 0
    mirrorshield: Annotated[
        bool, Flag("Target may cast Mirrorshield as its reaction.", group=SPELLS)
    ] = False
    barrier: Annotated[
        Annotated[int, Field(ge=0, le=3)],
        Flag(
            "Clubs spent on Barrier when the target takes damage (0-3).",
            rule="Barrier",
            group=SPELLS,
        ),
    ] = 0
    battlefield: Annotated[
        Path | None,
        Flag(
            "Battlefield file: --attacker/--target name fighters on it; range, cover and "
            "Dodge come from the geometry.",
            group=STATE,
        ),
    ] = None
    near_obstacles: NearObstaclesFlag = None

    def effects(self, role: str) -> frozenset[Effect]:
        """The spells in effect on the ``"attacker"`` or the ``"target"``, from their flags."""
        return frozenset(
            effect
            for effect in EFFECTS
            for flag, _ in effect.flags()
            if flag.startswith("--target-") == (role == "target")
            and getattr(self, _field(flag), False)
        )


def _field(flag: str) -> str:
    return flag.removeprefix("--").replace("-", "_")


def _with_spells(base: type[SituationFlags]) -> type[SituationFlags]:
    """``base`` with a flag for each spell of the registry on the attacker or the target."""
    fields: dict[str, Any] = {
        _field(flag): (Annotated[bool, Flag(text, group=SPELLS)], False)
        for effect in EFFECTS
        for flag, text in effect.flags()
    }
    model: type[SituationFlags] = pydantic.create_model(
        base.__name__, __base__=base, __module__=__name__, __doc__=base.__doc__, **fields
    )
    return model


if TYPE_CHECKING:
    SituationOptions = SituationFlags
else:
    SituationOptions = _with_spells(SituationFlags)


class ChoiceFlags(Options):
    """The players' choices, when they are given rather than asked or solved."""

    choice: Annotated[
        AttackChoice | None, Flag("Attack choice for a split profile (18.3).", group=FIGHTERS)
    ] = None
    reaction: Annotated[Reaction | None, Flag("Defence choice (18.4).", group=FIGHTERS)] = None


class OddsOptions(SituationOptions, ChoiceFlags):
    """Exact damage distribution, expected damage and take-down chance of an attack.

    With a split profile and no --choice/--reaction, every legal pair is shown.
    """

    plot: Annotated[
        Path | None,
        Flag("Also draw the damage distribution of each case to a PNG/SVG/PDF."),
    ] = None


class AttackOptions(SituationOptions, ChoiceFlags):
    """Referee one attack: roll the dice and print the log, each line citing its rule."""


ObjectiveFlag = Annotated[
    Objective, Flag("What the attacker maximises: damage, take-down chance, or tempo.")
]
ActionValue = Annotated[
    Annotated[Worth, Field(ge=0)],
    Flag("Tempo objective: one action in points of damage (a fraction such as 3/4)."),
]


class AdviseOptions(SituationOptions):
    """Solve the hidden attack choice against the reaction: both equilibrium mixes and the value.

    Attack choices are placed face down and revealed after the reaction (18.3, 18.4), so
    the advice is a mixed strategy for each side, exact, with best responses to each option.
    """

    objective: ObjectiveFlag = Objective.DAMAGE
    action_value: ActionValue = DEFAULT_ACTION_VALUE
    vs_attacker_mix: Annotated[
        Annotated[str, Field(max_length=200)] | None,
        Flag(
            "The attacker you have read, e.g. heavy=2/3,feint=1/3: best reaction.",
            metavar="MIX",
        ),
    ] = None
    vs_defender_mix: Annotated[
        Annotated[str, Field(max_length=200)] | None,
        Flag(
            "The defender you have read, e.g. none=1/2,dodge=1/2: best choice.",
            metavar="MIX",
        ),
    ] = None


class FightersOptions(Options):
    """List the Magewinds fighter profiles (4.5) and their attacks (6.0)."""

    pack: Annotated[Path | None, Flag("Also list the fighters of this pack.")] = None


class MatchupsOptions(Fighters):
    """Every attack of every fighter against every fighter, each at equilibrium."""

    objective: ObjectiveFlag = Objective.DAMAGE
    action_value: ActionValue = DEFAULT_ACTION_VALUE
    universal: Annotated[bool, Flag("Include attacks every fighter has, such as Spark, once.")] = (
        False
    )
    damage_taken: Annotated[
        Attribute,
        Flag(
            "Damage every target already has (a take-down objective needs some).",
            rule="18.5.3",
        ),
    ] = 0
    output: Annotated[
        Path | None,
        Flag(
            "Write table.csv, table.json or heatmap.png/.svg.",
            aliases=("-o",),
            metavar="FILE",
        ),
    ] = None
    battlefield: Annotated[
        Path | None,
        Flag(
            "Fighters as placed on this battlefield: range, cover and Dodge "
            "from the geometry; no line of attack leaves a cell empty."
        ),
    ] = None
    near_obstacles: NearObstaclesFlag = None


FileArgument = Annotated[Path, Flag("Battlefield file (YAML).", argument=True, metavar="FILE")]


class LosOptions(Fighters):
    """Visibility (16.0), line of attack and range (18.1), cover (18.2), Dodge (18.4) and
    knockback (18.5.4) between two fighters, each with the reason; with --all, between every
    two fighters of different warbands."""

    file: FileArgument
    attacker: Annotated[
        Name | None, Flag("Attacking fighter on the battlefield.", metavar="NAME")
    ] = None
    target: Annotated[Name | None, Flag("Target fighter on the battlefield.", metavar="NAME")] = (
        None
    )
    attack: Annotated[
        Name | None,
        Flag("Attack to check Range for (default: the attacker's first).", metavar="NAME"),
    ] = None
    every: Annotated[
        bool,
        Flag(
            "Every ordered pair of fighters from different warbands: who can hit whom.",
            name="--all",
        ),
    ] = False
    near_obstacles: NearObstaclesFlag = None

    @model_validator(mode="after")
    def _pair_or_all(self) -> LosOptions:
        pair = self.attacker is not None and self.target is not None
        if self.every == (self.attacker is not None or self.target is not None) or not (
            self.every or pair
        ):
            raise ValueError("give --attacker and --target, or --all")
        return self


Point = Annotated[str, Field(max_length=60)]


class MoveOptions(Fighters):
    """Can this fighter make this Move action (15.0, 13.4)? Without --via, the shortest
    legal path is found and checked against the Movement allowance."""

    file: FileArgument
    fighter: Annotated[Name, Flag("The fighter that moves.", metavar="NAME")]
    to: Annotated[Point, Flag("Where its centre ends: X,Y in inches.", metavar="X,Y")]
    via: Annotated[
        list[Point] | None,
        Flag("Points the path passes through, in order (repeat the option).", metavar="X,Y"),
        limits.PATH_POINTS.length(),
    ] = None


class DrawOptions(Fighters):
    """Draw a Magewinds battlefield to scale, with a line of attack, cover, the Dodge region
    and knockback when --attacker and --target are given."""

    file: FileArgument
    output: Annotated[
        Path, Flag("Picture to write: .png, .svg or .pdf.", aliases=("-o",), metavar="FILE")
    ]
    attacker: Annotated[Name | None, Flag("Show this fighter's attack...", metavar="NAME")] = None
    target: Annotated[Name | None, Flag("...on this target.", metavar="NAME")] = None
    attack: Annotated[Name | None, Flag("Which attack (for Range).", metavar="NAME")] = None
    reach: Annotated[
        Name | None, Flag("Shade where this fighter's Move can end.", metavar="NAME")
    ] = None
    near_obstacles: NearObstaclesFlag = None

    @model_validator(mode="after")
    def _both(self) -> DrawOptions:
        if (self.attacker is None) != (self.target is None):
            raise ValueError("give both --attacker and --target, or neither")
        return self


@dataclass(frozen=True)
class Request:
    """A Magewinds attack as asked for: the situation, the choices given, and what the
    battlefield decided when it came from one."""

    situation: AttackSituation
    choice: AttackChoice | None = None
    reaction: Reaction | None = None
    table: TableReport | None = None


BATTLEFIELD_FACTS = (
    "power",
    "precision",
    "light",
    "heavy",
    "evasion",
    "armour",
    "toughness",
    "dodge",
    "deflect",
    "distance",
    "cover",
    "no_dodge_step",
    "damage_taken",
    "target_counters",
    "guard",
    "attacker_counters",
    "attacker_damage",
)
"""What a battlefield file says, so its flags cannot be given with --battlefield."""


def pack(path: Path | None) -> Pack:
    """The bundled pack with a user's added (the one rule of :meth:`Game.roster`)."""
    from skirmish.games import load_game

    found = load_game("magewinds").roster(path)
    assert isinstance(found, Pack)
    return found


def request(options: SituationFlags) -> Request:
    """The attack ``options`` describe, named, raw or on a battlefield."""
    fighters = pack(options.pack)
    if options.mirrorshield:
        fighters = _with_mirrorshield(fighters, options.target)
    attacker_effects = options.effects("attacker")
    target_effects = options.effects("target")
    choice = getattr(options, "choice", None)
    reaction = getattr(options, "reaction", None)
    if options.battlefield is not None:
        from skirmish.games.magewinds.field import load_battlefield
        from skirmish.games.magewinds.tabletop import situation_on

        attacker, target = on_battlefield(
            options,
            BATTLEFIELD_FACTS,
            rules="fighters' stats, state, range 18.1, cover 18.2, Dodge 18.4",
        )
        field = load_battlefield(
            options.battlefield, pack=fighters, near_obstacles=options.near_obstacles
        )
        situation, table = situation_on(
            field,
            attacker,
            target,
            options.attack,
            attacker_effects=attacker_effects,
            target_effects=target_effects,
            barrier_clubs=options.barrier,
        )
        return Request(situation, choice, reaction, table)
    refuse_without_battlefield(options)
    attacker_profile = (
        fighters.fighter(options.attacker) if options.attacker is not None else RAW_ATTACKER
    )
    attack = _attack_profile(attacker_profile, options)
    target_profile = _target_profile(fighters, options)
    if options.mirrorshield and not target_profile.has_ability("mirrorshield"):
        target_profile = _add_mirrorshield(target_profile)
    situation = AttackSituation(
        attacker=Combatant(
            attacker_profile,
            damage=options.attacker_damage,
            action_counters=options.attacker_counters,
            effects=attacker_effects,
        ),
        target=Combatant(
            target_profile,
            damage=options.damage_taken,
            action_counters=options.target_counters,
            guarding=options.guard,
            effects=target_effects,
        ),
        attack=attack,
        cover=options.cover,
        can_dodge=not options.no_dodge_step,
        barrier_clubs=options.barrier,
        distance=options.distance,
    )
    return Request(situation, choice, reaction)


def _add_mirrorshield(profile: FighterProfile) -> FighterProfile:
    spell = Ability("Mirrorshield", "spell reaction", "1 Club", key="mirrorshield")
    return replace(profile, abilities=(*profile.abilities, spell))


def _with_mirrorshield(fighters: Pack, target: str | None) -> Pack:
    """--mirrorshield: the named target may cast Mirrorshield (used with --battlefield)."""
    if target is None:
        return fighters
    try:
        profile = fighters.fighter(target)
    except SkirmishError:
        return fighters  # a battlefield name or raw target; handled where it is built
    if profile.has_ability("mirrorshield"):
        return fighters
    updated = _add_mirrorshield(profile)
    return replace(fighters, items=tuple(updated if f is profile else f for f in fighters.items))


RAW_ATTACKER = FighterProfile("Attacker", 6, 5, 0, 0, 0, 0)
RAW_TARGET = FighterProfile(
    "Target", toughness=6, movement=5, armour=0, deflect=0, evasion=0, dodge=0
)


def _attack_profile(attacker: FighterProfile, options: SituationFlags) -> AttackProfile:
    raw = options.given("power", "precision", "light", "heavy")
    if not raw:
        if attacker is RAW_ATTACKER:
            raise SkirmishError(
                "give --attacker NAME, or a raw attack with --power and --precision "
                "(or --light and --heavy)"
            )
        return attacker.attack(options.attack)
    if options.attack is not None:
        raise SkirmishError(f"--attack {options.attack!r} cannot be combined with {', '.join(raw)}")
    power, precision, light, heavy = options.power, options.precision, options.light, options.heavy
    if (power is None) != (precision is None):
        raise SkirmishError("a raw attack needs both --power and --precision (6.0)")
    if (light is None) != (heavy is None):
        raise SkirmishError("a raw split attack needs both --light and --heavy (6.0)")
    if power is not None and light is not None:
        raise SkirmishError("give --power/--precision or --light/--heavy, not both (6.0)")
    return AttackProfile(
        name="Attack",
        type=options.attack_type,
        minimum_range=0,
        maximum_range=float("inf"),
        single=Strike(power, precision) if power is not None and precision is not None else None,
        light=_strike("--light", light) if light else None,
        heavy=_strike("--heavy", heavy) if heavy else None,
        spell=options.spell,
    )


def _strike(option: str, text: str) -> Strike:
    parts = text.split("/")
    if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
        raise SkirmishError(f"{option} {text!r}: expected Power/Precision such as 3/9")
    power, precision = (int(p) for p in parts)
    for name, value in (("Power", power), ("Precision", precision)):
        if not 0 <= value <= 99:
            raise SkirmishError(f"{option} {text!r}: {name} must be from 0 to 99 (6.0)")
    return Strike(power, precision)


def _target_profile(fighters: Pack, options: SituationFlags) -> FighterProfile:
    overrides = {
        name: getattr(options, name)
        for name in ("evasion", "armour", "toughness", "dodge", "deflect")
        if getattr(options, name) is not None
    }
    profile = fighters.fighter(options.target) if options.target is not None else RAW_TARGET
    return replace(profile, **overrides) if overrides else profile
