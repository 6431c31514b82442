"""``skirmish odds|attack|advise|fighters mswars``: the MS Wars commands."""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Table

from skirmish.cli.options import (
    JsonOption,
    ask,
    battlefield_fighters,
    new_seed,
    parse_fraction,
    print_play,
    print_records,
    sharing,
)
from skirmish.cli.output import fraction_text, percent, wide_console
from skirmish.engine import Decision, FixedPolicy, Mix, play, pure
from skirmish.errors import SkirmishError
from skirmish.games.mswars import (
    Ability,
    Aider,
    Conditions,
    Force,
    Hands,
    Objective,
    Pilot,
    Situation,
    Skill,
    Summary,
    Unit,
    Weapon,
    WeaponAbility,
    WeaponType,
    advise_aid,
    load_force,
    odds,
    sample_force,
)
from skirmish.games.mswars.attack import AID_ATTACK, AID_CHOICE, AID_DAMAGE, check
from skirmish.games.mswars.field import aid_candidates, load_field, situation_on
from skirmish.games.mswars.odds import Opportunity, procedure
from skirmish.games.mswars.units import damage_die


def _fraction(flag: str, text: str) -> Fraction:
    """A share of the target: a fraction, a decimal or a percentage."""
    percent = text.strip().endswith("%")
    value = parse_fraction(flag, text.strip().removesuffix("%")) / (100 if percent else 1)
    if not 0 <= value <= 1:
        raise SkirmishError(f"{flag} {text}: a fraction of the target is from 0 to 1")
    return value


def _stat(flag: str, value: int | None, low: int = 0, high: int = 99) -> None:
    if value is not None and not low <= value <= high:
        raise SkirmishError(f"{flag} {value}: expected {low} to {high}")


def _situation_options(
    attacker: Annotated[
        str | None, typer.Option(help="Attacking unit, by name (see `skirmish fighters`).")
    ] = None,
    target: Annotated[str | None, typer.Option(help="Target unit, by name.")] = None,
    weapon: Annotated[str | None, typer.Option(help="The attacker's weapon, by name.")] = None,
    force: Annotated[
        Path | None, typer.Option(help="Your own units (YAML), added to the sample force.")
    ] = None,
    attack_value: Annotated[
        int | None, typer.Option(help="Raw attacker: the attack value used (Range or Melee).")
    ] = None,
    defence: Annotated[int | None, typer.Option(help="Raw target: its Defence.")] = None,
    damage: Annotated[
        str | None, typer.Option(help="Raw weapon: damage notation (D6, 2D3, Str, D6+1).")
    ] = None,
    armour: Annotated[int | None, typer.Option(help="Raw target: its Armour (default 0).")] = None,
    dc: Annotated[int | None, typer.Option(help="Target's current DC.")] = None,
    starting_dc: Annotated[
        int | None, typer.Option(help="Target's starting DC (default: its DC).")
    ] = None,
    melee: Annotated[bool, typer.Option(help="Raw weapon: a melee weapon.")] = False,
    weapon_type: Annotated[
        WeaponType | None, typer.Option(help="Raw weapon: its type (default range).")
    ] = None,
    hands: Annotated[
        Hands, typer.Option(help="Raw weapon: its hand class, 1, 1/2 or 2.")
    ] = Hands.ONE,
    weapon_range: Annotated[
        float | None, typer.Option(help="Raw weapon: its range in inches (default 24).")
    ] = None,
    rapid_fire: Annotated[bool, typer.Option(help="Raw weapon: Rapid Fire.")] = False,
    anti_infantry: Annotated[bool, typer.Option(help="Raw weapon: Anti-Infantry.")] = False,
    strength: Annotated[int | None, typer.Option(help="Raw attacker: Strength (for Str).")] = None,
    size_class: Annotated[int | None, typer.Option(help="Raw target: Size Class.")] = None,
    multiple_unit: Annotated[
        bool, typer.Option(help="The target has Multiple Unit (halves weapon damage, MS-5).")
    ] = False,
    skill: Annotated[
        list[Skill] | None, typer.Option(help="A skill of the attacker's pilot (repeatable).")
    ] = None,
    ability: Annotated[
        list[Ability] | None, typer.Option(help="An ability of the attacking unit (repeatable).")
    ] = None,
    distance: Annotated[
        float | None, typer.Option(help="Range: attacker's centre to the target's edge.")
    ] = None,
    ran_or_charged: Annotated[
        bool, typer.Option(help="Attacker made a run or charge move this turn.")
    ] = False,
    visible: Annotated[
        str, typer.Option(help="How much of the target the attacker sees: 1, 3/4, 0.6, 50%.")
    ] = "1",
    target_moved: Annotated[
        bool, typer.Option(help='The target moved more than 10" this turn.')
    ] = False,
    attacker_hurt: Annotated[
        bool, typer.Option(help="The attacker has lost more than half its DC.")
    ] = False,
    rear_arc: Annotated[
        bool, typer.Option(help="The attack is on the target's rear 90-degree arc.")
    ] = False,
    target_hurt: Annotated[
        bool, typer.Option(help="The target has lost more than half its DC.")
    ] = False,
    moved: Annotated[bool, typer.Option(help="The attacker made a move action this turn.")] = False,
    one_handed: Annotated[
        bool, typer.Option(help="A 1/2- or 2-handed weapon used with one hand.")
    ] = False,
    earlier_attacks: Annotated[
        int, typer.Option(help="Attacks already made with this weapon this turn.")
    ] = 0,
    double_shot: Annotated[
        bool, typer.Option(help="One of a Double Shot's two attacks: -1 to attack values.")
    ] = False,
    other_targets: Annotated[
        int,
        typer.Option(help="Other possible targets: same size or larger, closer, no more cover."),
    ] = 0,
    friendly_cover: Annotated[
        str, typer.Option(help="How much of the target friendly units cover (over 10% forbids).")
    ] = "0",
    aid: Annotated[int, typer.Option(help="Friendly units aiding the attack (0-2).")] = 0,
    aid_multiple: Annotated[
        bool, typer.Option(help="The aiding units have Multiple Unit.")
    ] = False,
    attack_cost: Annotated[
        int, typer.Option(help="The attack's action cost (aid costs the same).")
    ] = 1,
    half_after_armour: Annotated[
        bool, typer.Option(help="Halve a marginal automatic hit after Armour (MS-4).")
    ] = False,
    battlefield: Annotated[
        Path | None,
        typer.Option(
            help="Battlefield file: --attacker/--target name units on it; range, arcs, sight, "
            "cover, rear arc and other targets come from it (MS-8)."
        ),
    ] = None,
) -> Situation:
    units = sample_force() if force is None else sample_force().merged(load_force(force))
    for flag, value, low, high in (
        ("--attack-value", attack_value, 0, 99),
        ("--defence", defence, 0, 99),
        ("--armour", armour, 0, 99),
        ("--dc", dc, 1, 999),
        ("--starting-dc", starting_dc, 1, 999),
        ("--strength", strength, 0, 99),
        ("--size-class", size_class, 0, 10),
        ("--earlier-attacks", earlier_attacks, 0, 99),
        ("--other-targets", other_targets, 0, 99),
        ("--aid", aid, 0, 2),
        ("--attack-cost", attack_cost, 0, 99),
    ):
        _stat(flag, value, low, high)
    conditions = Conditions(
        ran_or_charged=ran_or_charged,
        visible_fraction=_fraction("--visible", visible),
        target_moved_over_10=target_moved,
        rear_arc=rear_arc,
        moved=moved,
        one_handed=one_handed,
        earlier_attacks=earlier_attacks,
        other_targets=other_targets,
        double_shot=double_shot,
        attacker_hurt=True if attacker_hurt else None,
        target_hurt=True if target_hurt else None,
    )
    aiders = tuple(Aider(f"Aide {n}", multiple_unit=aid_multiple) for n in range(1, aid + 1))
    if battlefield is not None:
        raw = {
            "--attack-value": attack_value,
            "--defence": defence,
            "--damage": damage,
            "--distance": distance,
            "--visible": None if visible == "1" else visible,
            "--rear-arc": rear_arc or None,
            "--other-targets": other_targets or None,
            "--friendly-cover": None if friendly_cover == "0" else friendly_cover,
            "--target-moved": target_moved or None,
            "--moved": moved or None,
            "--ran-or-charged": ran_or_charged or None,
        }
        attacker, target = battlefield_fighters(raw, attacker, target, rules="MS-8")
        field = load_field(battlefield, units)
        situation = situation_on(field, attacker, target, weapon=weapon)
        candidates = aid_candidates(field, field.placed(attacker), field.placed(target))
        if aid > len(candidates):
            names = ", ".join(c.name for c in candidates) or "none"
            raise SkirmishError(
                f"--aid {aid}: only {len(candidates)} units may aid this attack ({names}; "
                "Guided Attack)"
            )
        aiders = tuple(candidates[:aid])
        situation = replace(
            situation,
            conditions=replace(
                situation.conditions,
                one_handed=one_handed,
                earlier_attacks=earlier_attacks,
                double_shot=double_shot,
                attacker_hurt=conditions.attacker_hurt,
                target_hurt=conditions.target_hurt,
            ),
            aiders=aiders,
            attack_cost=attack_cost,
            half_damage_after_armour=half_after_armour,
        )
        check(situation)
        return situation
    attacking = _attacker(units, attacker, attack_value, melee, strength, skill, ability)
    arm = _weapon(
        attacking,
        weapon,
        damage,
        melee,
        weapon_type,
        hands,
        weapon_range,
        rapid_fire,
        anti_infantry,
    )
    if attack_value is not None:
        pilot = attacking.pilot
        attacking = replace(
            attacking,
            pilot=replace(pilot, range_attack=attack_value, melee_attack=attack_value),
        )
    defending = _target(units, target, defence, armour, dc, starting_dc, size_class, multiple_unit)
    situation = Situation(
        attacking,
        defending,
        arm,
        distance=distance,
        friendly_cover=_fraction("--friendly-cover", friendly_cover),
        conditions=conditions,
        aiders=aiders,
        attack_cost=attack_cost,
        half_damage_after_armour=half_after_armour,
    )
    check(situation)
    return situation


def _attacker(
    units: Force,
    name: str | None,
    attack_value: int | None,
    melee: bool,
    strength: int | None,
    skills: list[Skill] | None,
    abilities: list[Ability] | None,
) -> Unit:
    if name is not None:
        unit = units.unit(name)
    elif attack_value is None:
        raise SkirmishError("give --attacker NAME or a raw --attack-value")
    else:
        unit = Unit("Attacker", 2, "sracu", 10, 0, 0, 0, Pilot("Pilot", 0, 0))
    if strength is not None:
        unit = replace(unit, strength=strength)
    pilot = replace(unit.pilot, skills=unit.pilot.skills | frozenset(skills or ()))
    return replace(unit, pilot=pilot, abilities=unit.abilities | frozenset(abilities or ()))


def _weapon(
    unit: Unit,
    name: str | None,
    damage: str | None,
    melee: bool,
    weapon_type: WeaponType | None,
    hands: Hands,
    weapon_range: float | None,
    rapid_fire: bool,
    anti_infantry: bool,
) -> Weapon:
    if damage is None:
        if not unit.weapons:
            raise SkirmishError(
                f"{unit.name} has no weapon: a raw attack needs --damage NOTATION, such as D6"
            )
        return unit.weapon(name)
    if name is not None:
        raise SkirmishError(f"--weapon {name!r} and --damage: give a weapon or a raw damage")
    damage_die(damage, 1, two_hands=False)  # a clear error for bad notation
    if melee and weapon_type is not None and not weapon_type.melee:
        raise SkirmishError(f"--melee and --weapon-type {weapon_type.value}: choose one")
    kind = weapon_type or (WeaponType.MELEE if melee else WeaponType.RANGE)
    if weapon_range is not None and weapon_range <= 0:
        raise SkirmishError(f"--weapon-range {weapon_range:g}: a range is above 0")
    abilities = frozenset(
        a
        for a, on in (
            (WeaponAbility.RAPID_FIRE, rapid_fire),
            (WeaponAbility.ANTI_INFANTRY, anti_infantry),
        )
        if on
    )
    reach = weapon_range if weapon_range is not None else (1.0 if kind.melee else 24.0)
    return Weapon("Weapon", kind, reach, damage, hands, abilities=abilities)


def _target(
    units: Force,
    name: str | None,
    defence: int | None,
    armour: int | None,
    dc: int | None,
    starting_dc: int | None,
    size_class: int | None,
    multiple_unit: bool,
) -> Unit:
    if name is not None:
        unit = units.unit(name)
    elif defence is None:
        raise SkirmishError("give --target NAME or a raw --defence")
    else:
        unit = Unit("Target", 2, "sracu", 10, 0, 0, 0, Pilot("Pilot", 0, 0))
    unit = replace(
        unit,
        defence=unit.defence if defence is None else defence,
        armour=unit.armour if armour is None else armour,
        size_class=unit.size_class if size_class is None else size_class,
        abilities=unit.abilities | ({Ability.MULTIPLE_UNIT} if multiple_unit else set()),
    )
    named = name is not None
    start = starting_dc or (unit.start_dc if named or dc is None else dc)
    current = unit.dc if dc is None else dc
    if current > start:
        raise SkirmishError(f"--dc {current} is above {unit.name}'s starting DC {start}")
    return replace(unit, dc=current, starting_dc=start)


with_situation = sharing(_situation_options, "situation")
"""Give a command the shared MS Wars options; it receives the built ``situation``."""

ObjectiveOption = Annotated[
    Objective, typer.Option(help="What solved aid choices aim for: damage or out-of-action.")
]
OpportunityOption = Annotated[
    bool, typer.Option(help="An attack of opportunity at a unit breaking away (free, melee).")
]
ChargedOption = Annotated[
    bool, typer.Option(help="With --opportunity: this unit charged the breaking unit this turn.")
]
RamOption = Annotated[
    str | None,
    typer.Option(help="With --opportunity --charged: the ram's damage notation (MS-9)."),
]


def _opportunity(
    opportunity: bool, charged: bool, ram: str | None, situation: Situation
) -> Opportunity | None:
    if opportunity and situation.aiders:
        raise SkirmishError(
            "--aid and --opportunity: an attack of opportunity is made without aid "
            "(Attacks of Opportunity, MS-9)"
        )
    if not opportunity:
        if charged or ram:
            raise SkirmishError(
                "--charged and --ram describe an attack of opportunity: add --opportunity"
            )
        return None
    weapon = None
    if ram is not None:
        damage_die(ram, 1, two_hands=False)
        weapon = Weapon("Ram", WeaponType.MELEE, 1, ram)
    return Opportunity(charged, weapon)


AidChoice = Annotated[
    list[str] | None,
    typer.Option(help="The bonus an aider gives, in order: +2 or d3 (repeatable)."),
]


def _choices(texts: list[str] | None, situation: Situation) -> dict[str, str]:
    if not texts:
        return {}
    if len(texts) > len(situation.aiders):
        raise SkirmishError(
            f"--aid-choice given {len(texts)} times for {len(situation.aiders)} aiders"
        )
    named = {
        "+2": AID_ATTACK,
        "2": AID_ATTACK,
        "attack": AID_ATTACK,
        "d3": AID_DAMAGE,
        "damage": AID_DAMAGE,
    }
    out = {}
    for number, text in enumerate(texts, start=1):
        if text.casefold() not in named:
            raise SkirmishError(f"--aid-choice {text!r}: expected +2 or d3 (Guided Attack)")
        out[f"{AID_CHOICE} {number}"] = named[text.casefold()]
    return out


def summary_json(situation: Situation, summary: Summary) -> dict[str, Any]:
    """The JSON answer of ``odds mswars``."""
    return {
        "game": "mswars",
        "attacker": situation.attacker.name,
        "weapon": situation.weapon.name,
        "target": situation.target.name,
        "attack_value": summary.attack_value,
        "p_hit": str(summary.p_hit),
        "damage": {str(k): str(v) for k, v in summary.damage},
        "expected_damage": str(summary.expected_damage),
        "p_out_of_action": str(summary.p_out_of_action),
    }


@with_situation
def odds_command(
    situation: Situation,
    aid_choice: AidChoice = None,
    objective: ObjectiveOption = Objective.DAMAGE,
    opportunity: OpportunityOption = False,
    charged: ChargedOption = False,
    ram: RamOption = None,
    as_json: JsonOption = False,
    fractions: Annotated[bool, typer.Option(help="Show exact fractions, not percentages.")] = False,
) -> None:
    """Exact chance to hit, DC lost and chance to put the target out of action."""
    results = odds(
        situation,
        choices=_choices(aid_choice, situation),
        objective=objective,
        opportunity=_opportunity(opportunity, charged, ram, situation),
    )
    summary = Summary.of(results)
    if as_json:
        typer.echo(json.dumps(summary_json(situation, summary), indent=2))
        return
    show = fraction_text if fractions else percent
    console = wide_console()
    console.print(
        f"[bold]{situation.attacker.name} -> {situation.target.name}[/] with "
        f"{situation.weapon.name}: attack value {summary.attack_value}, hits on a D20 of "
        f"{max(1, min(19, summary.needed))} or less"
    )
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column("DC lost", justify="right")
    table.add_column("chance", justify="right")
    for value, p in summary.damage:
        table.add_row(str(value), show(p))
    console.print(table)
    console.print(f"chance to hit: {show(summary.p_hit)}")
    console.print(
        f"expected DC lost: {fraction_text(summary.expected_damage)} "
        f"({float(summary.expected_damage):.3f})"
    )
    console.print(f"chance out of action: {show(summary.p_out_of_action)}")


@with_situation
def advise_command(
    situation: Situation,
    objective: ObjectiveOption = Objective.DAMAGE,
    as_json: JsonOption = False,
) -> None:
    """Which aid to ask of each aiding unit: +2 to attack or D3 damage."""
    if not situation.aiders:
        raise SkirmishError("nothing to advise: give --aid 1 or --aid 2 (Guided Attack)")
    advice = advise_aid(situation, objective)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "game": "mswars",
                    "objective": objective.value,
                    "best": list(advice.best),
                    "values": [
                        {"choices": list(combo), "value": str(value)}
                        for combo, value in advice.values.items()
                    ],
                },
                indent=2,
            )
        )
        return
    console = wide_console()
    what = "expected DC lost" if objective is Objective.DAMAGE else "chance out of action"
    console.print(f"[bold]Ask for: {', then '.join(advice.best)}[/] ({what} for each choice)")
    table = Table(box=box.SIMPLE_HEAD)
    for n in range(1, len(situation.aiders) + 1):
        table.add_column(f"aider {n}")
    table.add_column(what, justify="right")
    for combo, value in sorted(advice.values.items(), key=lambda item: -item[1]):
        table.add_row(*combo, f"{fraction_text(value)} ({float(value):.3f})")
    console.print(table)


def _ask(decision: Decision) -> Mix:
    """Ask the attacking player at the terminal."""
    flag = "--aid-choice" if decision.key.startswith(AID_CHOICE) else "a terminal"
    return ask(decision, flag=flag)


@with_situation
def attack_command(
    situation: Situation,
    aid_choice: AidChoice = None,
    opportunity: OpportunityOption = False,
    charged: ChargedOption = False,
    ram: RamOption = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed for the dice; the same seed gives the same log.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Referee one attack: roll the D20 and the damage, print the log citing each rule."""
    seed = new_seed(seed)
    answers = {key: pure(option) for key, option in _choices(aid_choice, situation).items()}
    players = FixedPolicy(answers, fallback=_ask)
    rules = procedure(situation, _opportunity(opportunity, charged, ram, situation))
    outcome = play(rules, players=players, seed=seed)
    result = asdict(outcome.result)
    result["aid"] = list(outcome.result.aid)
    print_play("mswars", seed, result, outcome.log, as_json=as_json)


def fighters_command(
    force: Annotated[Path | None, typer.Option(help="Also list the units of this file.")] = None,
    as_json: JsonOption = False,
) -> None:
    """List the sample MS Wars units, pilots and weapons."""
    units = sample_force() if force is None else sample_force().merged(load_force(force))
    rows = [
        {
            "unit": u.name,
            "SC": u.size_class,
            "type": u.unit_type,
            "DC": u.dc,
            "Arm": u.armour,
            "Def": u.defence,
            "Str": u.strength,
            "pilot": f"{u.pilot.name} R{u.pilot.range_attack}/M{u.pilot.melee_attack}",
            "weapons": "; ".join(
                f'{w.name} ({w.type.value}, {w.range:g}", {w.damage}, {w.hands.value}-handed)'
                for w in u.weapons
            ),
            "abilities": ", ".join(sorted(a.value for a in u.abilities)),
        }
        for u in units.units
    ]
    print_records("MS Wars units", rows, as_json=as_json)
