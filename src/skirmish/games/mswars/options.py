"""What a user gives to describe an MS Wars attack, and each command's own options.

Units come from the sample force and ``--force``, or raw values; one flag per row of the
modifier table; a battlefield file measures what it can (ruling MS-8).
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Annotated

from pydantic import AfterValidator, BeforeValidator, Field

from skirmish import limits
from skirmish.errors import SkirmishError
from skirmish.games.mswars.attack import (
    AID_ATTACK,
    AID_CHOICE,
    AID_DAMAGE,
    RAM_CHOICE,
    Aider,
    Conditions,
    Situation,
    check,
)
from skirmish.games.mswars.odds import Objective, Opportunity
from skirmish.games.mswars.units import (
    Ability,
    Force,
    Hands,
    Pilot,
    Skill,
    Unit,
    Weapon,
    WeaponAbility,
    WeaponType,
    damage_die,
)
from skirmish.options import Attribute, Flag, Inches, Name, Options, on_battlefield

UNITS = "Units and weapon"
RAW = "Raw attacker, weapon and target"
TABLE = "Modifier table"
AID = "Aid"


def _part(text: object) -> object:
    """A share of the target: a fraction, a decimal or a percentage, read by its shape
    (:func:`skirmish.limits.parse_fraction`)."""
    if not isinstance(text, str):
        return text
    cleaned = text.strip()
    percent = cleaned.endswith("%")
    try:
        value = limits.parse_fraction(cleaned.removesuffix("%"), "", limits.VALUE)
    except SkirmishError as error:
        raise ValueError(str(error).strip()) from None
    return value / 100 if percent else value


Part = Annotated[Fraction, BeforeValidator(_part), limits.SHARE.field()]
Stat = Attribute


def _notation(text: str) -> str:
    """Damage notation as given: read whole, against the limits on dice, before any work
    (with a Strength of 1 standing for ``Str``)."""
    try:
        damage_die(text, 1, two_hands=False)
    except SkirmishError as error:
        raise ValueError(str(error).removeprefix(f"dice notation {text!r}: ")) from None
    return text


Damage = Annotated[str, Field(min_length=1, max_length=limits.NOTATION), AfterValidator(_notation)]
DC = Annotated[int, limits.HEALTH.field()]


class ForceFlags(Options):
    force: Annotated[
        Path | None, Flag("Your own units (YAML), added to the sample force.", group=UNITS)
    ] = None


class SituationOptions(ForceFlags):
    """The units, the weapon, the modifier table's conditions and the aid."""

    attacker: Annotated[
        Name | None,
        Flag("Attacking unit, by name (see `skirmish fighters`).", metavar="NAME", group=UNITS),
    ] = None
    target: Annotated[Name | None, Flag("Target unit, by name.", metavar="NAME", group=UNITS)] = (
        None
    )
    weapon: Annotated[
        Name | None, Flag("The attacker's weapon, by name.", metavar="NAME", group=UNITS)
    ] = None
    attack_value: Annotated[
        Stat | None, Flag("Raw attacker: the attack value used (Range or Melee).", group=RAW)
    ] = None
    defence: Annotated[Stat | None, Flag("Raw target: its Defence.", group=RAW)] = None
    damage: Annotated[
        Damage | None,
        Flag("Raw weapon: damage notation (D6, 2D3, Str, D6+1).", metavar="DICE", group=RAW),
    ] = None
    armour: Annotated[Stat | None, Flag("Raw target: its Armour (default 0).", group=RAW)] = None
    dc: Annotated[DC | None, Flag("Target's current DC.", group=RAW)] = None
    starting_dc: Annotated[
        DC | None, Flag("Target's starting DC (default: its DC).", group=RAW)
    ] = None
    melee: Annotated[bool, Flag("Raw weapon: a melee weapon.", group=RAW)] = False
    weapon_type: Annotated[
        WeaponType | None, Flag("Raw weapon: its type (default range).", group=RAW)
    ] = None
    hands: Annotated[Hands, Flag("Raw weapon: its hand class, 1, 1/2 or 2.", group=RAW)] = Hands.ONE
    weapon_range: Annotated[
        Annotated[float, Field(gt=0), limits.DISTANCE.field()] | None,
        Flag("Raw weapon: its range in inches (default 24).", group=RAW),
    ] = None
    rapid_fire: Annotated[bool, Flag("Raw weapon: Rapid Fire.", group=RAW)] = False
    anti_infantry: Annotated[bool, Flag("Raw weapon: Anti-Infantry.", group=RAW)] = False
    strength: Annotated[Stat | None, Flag("Raw attacker: Strength (for Str).", group=RAW)] = None
    size_class: Annotated[
        Annotated[int, limits.SIZE_CLASS.field()] | None, Flag("Raw target: Size Class.", group=RAW)
    ] = None
    multiple_unit: Annotated[
        bool,
        Flag("The target has Multiple Unit (halves weapon damage, MS-5).", group=RAW),
    ] = False
    skill: Annotated[
        list[Skill] | None,
        Flag("A skill of the attacker's pilot (repeatable).", group=UNITS),
        Field(max_length=10),
    ] = None
    ability: Annotated[
        list[Ability] | None,
        Flag("An ability of the attacking unit (repeatable).", group=UNITS),
        Field(max_length=10),
    ] = None
    distance: Annotated[
        Inches | None,
        Flag("Range: attacker's centre to the target's edge.", rule="Making Attacks", group=TABLE),
    ] = None
    ran_or_charged: Annotated[
        bool, Flag("Attacker made a run or charge move this turn.", group=TABLE)
    ] = False
    visible: Annotated[
        Part,
        Flag(
            "How much of the target the attacker sees: 1, 3/4, 0.6, 50%.",
            metavar="SHARE",
            rule="MS-3",
            group=TABLE,
        ),
    ] = Fraction(1)
    target_moved: Annotated[
        bool, Flag('The target moved more than 10" this turn.', group=TABLE)
    ] = False
    attacker_hurt: Annotated[
        bool, Flag("The attacker has lost more than half its DC.", group=TABLE)
    ] = False
    rear_arc: Annotated[
        bool, Flag("The attack is on the target's rear 90-degree arc.", group=TABLE)
    ] = False
    target_hurt: Annotated[
        bool, Flag("The target has lost more than half its DC.", group=TABLE)
    ] = False
    moved: Annotated[bool, Flag("The attacker made a move action this turn.", group=TABLE)] = False
    one_handed: Annotated[
        bool, Flag("A 1/2- or 2-handed weapon used with one hand.", group=TABLE)
    ] = False
    earlier_attacks: Annotated[
        Stat, Flag("Attacks already made with this weapon this turn.", group=TABLE)
    ] = 0
    double_shot: Annotated[
        bool,
        Flag("One of a Double Shot's two attacks: -1 to attack values.", group=TABLE),
    ] = False
    other_targets: Annotated[
        Stat,
        Flag("Other possible targets: same size or larger, closer, no more cover.", group=TABLE),
    ] = 0
    friendly_cover: Annotated[
        Part,
        Flag(
            "How much of the target friendly units cover (over 10% forbids).",
            metavar="SHARE",
            rule="Making Attacks",
            group=TABLE,
        ),
    ] = Fraction(0)
    aid: Annotated[
        Annotated[int, Field(ge=0, le=2)],
        Flag("Friendly units aiding the attack (0-2).", rule="Guided Attack", group=AID),
    ] = 0
    aid_multiple: Annotated[bool, Flag("The aiding units have Multiple Unit.", group=AID)] = False
    attack_cost: Annotated[
        Stat, Flag("The attack's action cost (aid costs the same).", group=AID)
    ] = 1
    half_after_armour: Annotated[
        bool, Flag("Halve a marginal automatic hit after Armour (MS-4).")
    ] = False
    battlefield: Annotated[
        Path | None,
        Flag(
            "Battlefield file: --attacker/--target name units on it; range, arcs, sight, "
            "cover, rear arc and other targets come from it (MS-8)."
        ),
    ] = None


class RamChoice(StrEnum):
    """On an attack of opportunity after a charge: a melee attack or a ram (MS-9)."""

    MELEE = "melee"
    RAM = "ram"


OPPORTUNITY = "Attack of opportunity"


class OpportunityFlags(Options):
    """An attack of opportunity, and the ram choice a charge gives."""

    opportunity: Annotated[
        bool,
        Flag("An attack of opportunity at a unit breaking away (free, melee).", group=OPPORTUNITY),
    ] = False
    charged: Annotated[
        bool,
        Flag(
            "With --opportunity: this unit charged the breaking unit this turn.", group=OPPORTUNITY
        ),
    ] = False
    ram: Annotated[
        Damage | None,
        Flag(
            "With --opportunity --charged: the ram's damage notation (MS-9).",
            metavar="DICE",
            rule="MS-9",
            group=OPPORTUNITY,
        ),
    ] = None


class RamFlag(Options):
    ram_choice: Annotated[
        RamChoice | None,
        Flag(
            "With --opportunity --charged --ram: melee attack or ram (default: the better, "
            "solved; MS-9).",
            rule="MS-9",
            group=OPPORTUNITY,
        ),
    ] = None


class AidChoiceFlag(Options):
    aid_choice: Annotated[
        list[Annotated[str, Field(max_length=10)]] | None,
        Flag("The bonus an aider gives, in order: +2 or d3 (repeatable).", group=AID),
        Field(max_length=2),
    ] = None


ObjectiveFlag = Annotated[
    Objective, Flag("What solved aid choices aim for: damage or out-of-action.")
]


class OddsOptions(SituationOptions, AidChoiceFlag, OpportunityFlags, RamFlag):
    """Exact chance to hit, DC lost and chance to put the target out of action."""

    objective: ObjectiveFlag = Objective.DAMAGE


class AttackOptions(SituationOptions, AidChoiceFlag, OpportunityFlags, RamFlag):
    """Referee one attack: roll the D20 and the damage, print the log citing each rule."""


class AdviseOptions(SituationOptions, OpportunityFlags):
    """Which aid to ask of each aiding unit (+2 to attack or D3 damage), or on an attack of
    opportunity after a charge, whether to ram: the exact value of every choice."""

    objective: ObjectiveFlag = Objective.DAMAGE


class FightersOptions(Options):
    """List the sample MS Wars units, pilots and weapons."""

    force: Annotated[Path | None, Flag("Also list the units of this file.")] = None


FileArgument = Annotated[Path, Flag("Battlefield file (YAML).", argument=True, metavar="FILE")]


class FieldOptions(ForceFlags):
    file: FileArgument
    attacker: Annotated[Name, Flag("Attacking unit on the battlefield.", metavar="NAME")]
    target: Annotated[Name, Flag("Target unit on the battlefield.", metavar="NAME")]
    weapon: Annotated[
        Name | None, Flag("The attacker's weapon (default: its first).", metavar="NAME")
    ] = None


class LosOptions(FieldOptions):
    """What the battlefield decides for an attack (MS-8): range from the attacker's centre,
    the firing arc (MS-1), how much of the target its head sees (MS-3), friendly cover, the
    rear arc, other possible targets and the units that may aid (MS-7), each with its rule."""


class DrawOptions(ForceFlags):
    """Draw an MS Wars battlefield to scale: units with their facing, terrain, and with
    --attacker and --target the line the attack is measured along."""

    file: FileArgument
    output: Annotated[
        Path, Flag("Picture to write: .png, .svg or .pdf.", aliases=("-o",), metavar="FILE")
    ]
    attacker: Annotated[Name | None, Flag("Show this unit's attack...", metavar="NAME")] = None
    target: Annotated[Name | None, Flag("...on this unit.", metavar="NAME")] = None
    weapon: Annotated[Name | None, Flag("Which weapon.", metavar="NAME")] = None


def force(path: Path | None) -> Force:
    from skirmish.games import load_game

    found = load_game("mswars").roster(path)
    assert isinstance(found, Force)
    return found


RAW_ATTACKER = Unit("Attacker", 2, "sracu", 10, 0, 0, 0, Pilot("Pilot", 0, 0))
RAW_TARGET = Unit("Target", 2, "sracu", 10, 0, 0, 0, Pilot("Pilot", 0, 0))
BATTLEFIELD_FACTS = (
    "attack_value",
    "defence",
    "damage",
    "distance",
    "visible",
    "rear_arc",
    "other_targets",
    "friendly_cover",
    "target_moved",
    "moved",
    "ran_or_charged",
)


def situation(options: SituationOptions) -> Situation:
    """The attack ``options`` describe, raw, named or on a battlefield, checked."""
    units = force(options.force)
    conditions = Conditions(
        ran_or_charged=options.ran_or_charged,
        visible_fraction=options.visible,
        target_moved_over_10=options.target_moved,
        rear_arc=options.rear_arc,
        moved=options.moved,
        one_handed=options.one_handed,
        earlier_attacks=options.earlier_attacks,
        other_targets=options.other_targets,
        double_shot=options.double_shot,
        attacker_hurt=True if options.attacker_hurt else None,
        target_hurt=True if options.target_hurt else None,
    )
    aiders = tuple(
        Aider(f"Aide {n}", multiple_unit=options.aid_multiple) for n in range(1, options.aid + 1)
    )
    if options.battlefield is not None:
        return _on_battlefield(options, units, conditions)
    attacking = _attacker(units, options)
    arm = _weapon(attacking, options)
    if options.attack_value is not None:
        pilot = attacking.pilot
        attacking = replace(
            attacking,
            pilot=replace(
                pilot, range_attack=options.attack_value, melee_attack=options.attack_value
            ),
        )
    found = Situation(
        attacking,
        _target(units, options),
        arm,
        distance=options.distance,
        friendly_cover=options.friendly_cover,
        conditions=conditions,
        aiders=aiders,
        attack_cost=options.attack_cost,
        half_damage_after_armour=options.half_after_armour,
    )
    check(found)
    return found


def _on_battlefield(options: SituationOptions, units: Force, conditions: Conditions) -> Situation:
    from skirmish.games.mswars.field import aid_candidates, load_field, situation_on

    attacker, target = on_battlefield(options, BATTLEFIELD_FACTS, rules="MS-8")
    field = load_field(options.battlefield, units)  # type: ignore[arg-type]
    found = situation_on(field, attacker, target, weapon=options.weapon)
    candidates = aid_candidates(field, field.placed(attacker), field.placed(target))
    if options.aid > len(candidates):
        names = ", ".join(c.name for c in candidates) or "none"
        raise SkirmishError(
            f"--aid {options.aid}: only {len(candidates)} units may aid this attack ({names}; "
            "Guided Attack)"
        )
    found = replace(
        found,
        conditions=replace(
            found.conditions,
            one_handed=options.one_handed,
            earlier_attacks=options.earlier_attacks,
            double_shot=options.double_shot,
            attacker_hurt=conditions.attacker_hurt,
            target_hurt=conditions.target_hurt,
        ),
        aiders=tuple(candidates[: options.aid]),
        attack_cost=options.attack_cost,
        half_damage_after_armour=options.half_after_armour,
    )
    check(found)
    return found


def _attacker(units: Force, options: SituationOptions) -> Unit:
    if options.attacker is not None:
        unit = units.unit(options.attacker)
    elif options.attack_value is None:
        raise SkirmishError("give --attacker NAME or a raw --attack-value")
    else:
        unit = RAW_ATTACKER
    if options.strength is not None:
        unit = replace(unit, strength=options.strength)
    pilot = replace(unit.pilot, skills=unit.pilot.skills | frozenset(options.skill or ()))
    return replace(unit, pilot=pilot, abilities=unit.abilities | frozenset(options.ability or ()))


def _weapon(unit: Unit, options: SituationOptions) -> Weapon:
    if options.damage is None:
        if not unit.weapons:
            raise SkirmishError(
                f"{unit.name} has no weapon: a raw attack needs --damage NOTATION, such as D6"
            )
        return unit.weapon(options.weapon)
    if options.weapon is not None:
        raise SkirmishError(
            f"--weapon {options.weapon!r} and --damage: give a weapon or a raw damage"
        )
    damage_die(options.damage, 1, two_hands=False)  # a clear error for bad notation
    kind = options.weapon_type
    if options.melee and kind is not None and not kind.melee:
        raise SkirmishError(f"--melee and --weapon-type {kind.value}: choose one")
    kind = kind or (WeaponType.MELEE if options.melee else WeaponType.RANGE)
    abilities = frozenset(
        a
        for a, on in (
            (WeaponAbility.RAPID_FIRE, options.rapid_fire),
            (WeaponAbility.ANTI_INFANTRY, options.anti_infantry),
        )
        if on
    )
    reach = options.weapon_range
    if reach is None:
        reach = 1.0 if kind.melee else 24.0
    return Weapon("Weapon", kind, reach, options.damage, options.hands, abilities=abilities)


def _target(units: Force, options: SituationOptions) -> Unit:
    if options.target is not None:
        unit = units.unit(options.target)
    elif options.defence is None:
        raise SkirmishError("give --target NAME or a raw --defence")
    else:
        unit = RAW_TARGET
    unit = replace(
        unit,
        defence=unit.defence if options.defence is None else options.defence,
        armour=unit.armour if options.armour is None else options.armour,
        size_class=unit.size_class if options.size_class is None else options.size_class,
        abilities=unit.abilities | ({Ability.MULTIPLE_UNIT} if options.multiple_unit else set()),
    )
    named = options.target is not None
    dc = options.dc
    start = options.starting_dc or (unit.start_dc if named or dc is None else dc)
    current = unit.dc if dc is None else dc
    if current > start:
        raise SkirmishError(f"--dc {current} is above {unit.name}'s starting DC {start}")
    return replace(unit, dc=current, starting_dc=start)


def opportunity(options: OpportunityFlags, situation: Situation) -> Opportunity | None:
    """The attack of opportunity the flags describe, or None; flags that cannot apply are
    refused, naming them and the rule."""
    if options.opportunity and situation.aiders:
        raise SkirmishError(
            "--aid and --opportunity: an attack of opportunity is made without aid "
            "(Attacks of Opportunity, MS-9)"
        )
    if not options.opportunity:
        given = (
            options.given("charged", "ram", "ram_choice")
            if isinstance(options, RamFlag)
            else options.given("charged", "ram")
        )
        if given:
            raise SkirmishError(
                f"{', '.join(given)}: these describe an attack of opportunity: add --opportunity"
            )
        return None
    weapon = None
    if options.ram is not None:
        damage_die(options.ram, 1, two_hands=False)
        weapon = Weapon("Ram", WeaponType.MELEE, 1, options.ram)
    if (
        isinstance(options, RamFlag)
        and options.ram_choice is not None
        and not (options.charged and weapon is not None)
    ):
        raise SkirmishError(
            "--ram-choice: there is a choice only after a charge with a ram: add --charged "
            "and --ram (MS-9)"
        )
    return Opportunity(options.charged, weapon)


NAMED_AID = {
    "+2": AID_ATTACK,
    "2": AID_ATTACK,
    "attack": AID_ATTACK,
    "d3": AID_DAMAGE,
    "damage": AID_DAMAGE,
}


def choices(options: AidChoiceFlag | RamFlag, situation: Situation) -> dict[str, str]:
    """The attacker's decisions the flags answer: the aid of each aider, the ram choice."""
    found = {}
    texts = getattr(options, "aid_choice", None) or []
    if len(texts) > len(situation.aiders):
        raise SkirmishError(
            f"--aid-choice given {len(texts)} times for {len(situation.aiders)} aiders"
        )
    for number, text in enumerate(texts, start=1):
        if text.casefold() not in NAMED_AID:
            raise SkirmishError(f"--aid-choice {text!r}: expected +2 or d3 (Guided Attack)")
        found[f"{AID_CHOICE} {number}"] = NAMED_AID[text.casefold()]
    ram = getattr(options, "ram_choice", None)
    if ram is not None:
        found[RAM_CHOICE] = ram.value
    return found
