"""The MS Wars attack, written once: can it attack, the D20 roll, every modifier, damage, aid.

The rules page ("Attacking part 2") names its sections rather than numbering them, so log
lines cite them by name: Firing Arcs, Making Attacks, the modifier table (Attack Modifiers),
Damage, Guided Attack and Attacks of Opportunity; abilities and skills come from the game's
other pages. Rulings are MS-1 to MS-11 in docs/rulings.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from skirmish import limits
from skirmish.dice import DieRoll, d3, parse
from skirmish.engine import Context, Decision
from skirmish.errors import IllegalAttack, SkirmishError
from skirmish.games.mswars import events
from skirmish.games.mswars.events import (
    ARCS,
    DAMAGE,
    GUIDED,
    MAKING,
    OPPORTUNITY,
    SKILLS,
)
from skirmish.games.mswars.units import (
    Ability,
    Hands,
    Skill,
    Unit,
    Weapon,
    WeaponAbility,
    WeaponType,
    damage_die,
)

ATTACKER = "attacker"

D20 = DieRoll(parse("D20"), "D20")
D3 = DieRoll(d3, "D3")
D6 = DieRoll(parse("D6"), "D6")
AID_ATTACK = "+2 attack"
AID_DAMAGE = "D3 damage"
AID_CHOICE = "aid"
RAM_CHOICE = "opportunity attack"
"""The decision between a melee attack and a ram after a charge (Attacks of Opportunity)."""
MAX_AIDERS = 2
TEN_PERCENT = Fraction(1, 10)


@dataclass(frozen=True)
class Conditions:
    """The conditions of the modifier table, each an input (or measured on a battlefield)."""

    ran_or_charged: bool = False
    visible_fraction: Fraction = Fraction(1)
    """How much of the target the attacker's head sees (MS-3)."""
    target_moved_over_10: bool = False
    rear_arc: bool = False
    moved: bool = False
    """The attacker made at least one move action this turn."""
    one_handed: bool = False
    """A "1/2" or two-handed weapon used in one hand."""
    earlier_attacks: int = 0
    """Attacks already made with this weapon this turn."""
    other_targets: int = 0
    """Other possible targets of the same size class or larger, closer, in no more cover."""
    double_shot: bool = False
    """One of a Double Shot's two attacks: -1 to both attack values."""
    attacker_hurt: bool | None = None
    """The attacker lost more than half its DC; None works it out from its DC."""
    target_hurt: bool | None = None
    """The target lost more than half its DC; None works it out from its DC."""

    def __post_init__(self) -> None:
        _share(self.visible_fraction, "seen fraction of the target")
        limits.COUNT.check(self.earlier_attacks, "earlier attacks")
        limits.COUNT.check(self.other_targets, "other possible targets")


def _share(value: Fraction, name: str) -> None:
    """A part of the target: from 0 to 1, its denominator within the fraction limit."""
    limits.SHARE.check(value, name)
    limits.DENOMINATOR.check(value.denominator, f"{name} {value}: denominator")


@dataclass(frozen=True)
class Aider:
    """A friendly unit making an Aid action for this attack."""

    name: str
    multiple_unit: bool = False
    sensor: bool = False
    eligible: bool = True
    """Base contact, same size class and unit type, sees the target; or, for a Sensor unit,
    attacker and target within its Sensor range (MS-7)."""


@dataclass(frozen=True)
class Situation:
    """One attack: units, weapon, distance (centre to target edge) and the conditions."""

    attacker: Unit
    target: Unit
    weapon: Weapon
    distance: float | None = None
    in_arc: bool = True
    visible: bool = True
    friendly_cover: Fraction = Fraction(0)
    """How much of the target friendly units cover from the attacker."""
    conditions: Conditions = Conditions()
    aiders: tuple[Aider, ...] = ()
    attack_cost: int = 1
    half_damage_after_armour: bool = False
    """MS-4: halve an automatic hit's damage after Armour instead of before."""

    def __post_init__(self) -> None:
        if self.distance is not None:
            limits.finite(self.distance, "distance")
            if self.distance >= 0:
                limits.DISTANCE.check(self.distance, "distance")
        _share(self.friendly_cover, "friendly cover")
        limits.COUNT.check(self.attack_cost, "attack cost")


@dataclass(frozen=True)
class Result:
    """What the attack did."""

    hit: bool
    natural: int
    attack_value: int
    needed: int
    """The highest D20 face that hits before the automatic results (value - Defence)."""
    dc_lost: int = 0
    out_of_action: bool = False
    halved: bool = False
    ruin_height: int | None = None
    """A Size Class 2+ unit out of action leaves a ruined base this high (Size Class - 2)."""
    aid: tuple[str, ...] = field(default=())


def uses_two_hands(weapon: Weapon, conditions: Conditions) -> bool:
    return weapon.hands is not Hands.ONE and not conditions.one_handed


def effective_range(attacker: Unit, weapon: Weapon) -> float:
    """The weapon's range; Marksman adds 10% (rounded down) to Range and Heavy Range weapons."""
    bonus = attacker.pilot.has(Skill.MARKSMAN) and weapon.type in (
        WeaponType.RANGE,
        WeaponType.HEAVY_RANGE,
    )
    return weapon.range + (int(weapon.range * 0.1) if bonus else 0)


def check(situation: Situation) -> None:
    """Refuse what the rules forbid: out of arc, out of range, unseen, friendly cover."""
    attacker, target, weapon = situation.attacker, situation.target, situation.weapon
    if not situation.in_arc:
        raise IllegalAttack(f"{ARCS}: {target.name} is outside the firing arc of {weapon.name}")
    reach = effective_range(attacker, weapon)
    if situation.distance is not None:
        if situation.distance < 0:
            raise SkirmishError(f"distance {situation.distance:g} cannot be negative")
        if situation.distance > reach:
            raise IllegalAttack(
                f'{MAKING}: {target.name} is {situation.distance:g}" away (centre to edge); '
                f'{weapon.name} reaches {reach:g}"'
            )
    if not situation.visible or situation.conditions.visible_fraction <= 0:
        raise IllegalAttack(f"{MAKING}: {attacker.name} cannot see {target.name}")
    if situation.friendly_cover > TEN_PERCENT and not attacker.pilot.has(Skill.SNIPER):
        raise IllegalAttack(
            f"{MAKING}: a friendly unit covers more than 10% of {target.name}; only a pilot "
            "with Sniper may attack it"
        )
    if len(situation.aiders) > MAX_AIDERS:
        raise IllegalAttack(f"{GUIDED}: at most {MAX_AIDERS} units may aid one attack")
    for aider in situation.aiders:
        if not aider.eligible:
            raise IllegalAttack(
                f"{GUIDED}: {aider.name} may not aid: it needs base contact, the same size "
                "class and unit type and sight of the target, or a Sensor in range"
            )
    if situation.conditions.earlier_attacks < 0 or situation.conditions.other_targets < 0:
        raise SkirmishError("counts of earlier attacks and other targets cannot be negative")
    if situation.attack_cost < 0:
        raise SkirmishError(f"attack cost {situation.attack_cost} cannot be negative")


def modifiers(situation: Situation) -> list[tuple[str, int]]:
    """Every row of the modifier table that applies, with its value for this weapon's column,
    plus the abilities and skills that change attack values."""
    attacker, target, weapon = situation.attacker, situation.target, situation.weapon
    c = situation.conditions
    melee = weapon.type.melee
    rows: list[tuple[str, int]] = []

    def row(name: str, ranged: int, close: int) -> None:
        value = close if melee else ranged
        if value:
            rows.append((name, value))

    if c.ran_or_charged:
        row("made a run or charge move", -3, 0)
    if c.visible_fraction <= Fraction(1, 2):
        row("sees half or less of the target", -3, 0)
    elif c.visible_fraction < Fraction(3, 4):
        row("sees between half and three-quarters of the target", -1, 0)
    if c.target_moved_over_10:
        row('target moved more than 10"', -3, -1)
    if _hurt(attacker) if c.attacker_hurt is None else c.attacker_hurt:
        row("attacker lost more than half its DC", -1, -1)
    if c.rear_arc:
        row("attack on the target's rear 90-degree arc", 2, 2)
    if _hurt(target) if c.target_hurt is None else c.target_hurt:
        row("target lost more than half its DC", 0, 1)
    if c.moved and weapon.type.heavy:
        rows.append(_moved_heavy(situation))
    if c.one_handed and weapon.hands is Hands.HALF:
        row("1/2-handed weapon used with one hand", -2, -2)
    if c.one_handed and weapon.hands is Hands.TWO:
        row("2-handed weapon used with one hand", -5, -5)
    if c.earlier_attacks and not weapon.has(WeaponAbility.RAPID_FIRE):
        row("earlier attacks with this weapon this turn", -c.earlier_attacks, -c.earlier_attacks)
    if c.other_targets:
        row("other possible targets closer", -c.other_targets, 0)
    if c.moved and attacker.has(Ability.UNSTABLE_PLATFORM):
        rows.append(("Unstable Platform, moved this turn", -2))
    if attacker.pilot.unit_type_specialist == attacker.unit_type:
        rows.append(("Unit Type Specialist", 1))
    if c.double_shot:
        rows.append(("Double Shot", -1))
    return rows


def defence(target: Unit) -> tuple[int, str]:
    """The target's Defence, +1 for a Move Type Specialist piloting that move type."""
    specialist = bool(target.move_type) and target.pilot.move_type_specialist == target.move_type
    if specialist:
        return target.defence + 1, f" (Defence {target.defence} +1 Move Type Specialist)"
    return target.defence, ""


def _hurt(unit: Unit) -> bool:
    """Whether a unit has lost more than half its (starting) DC."""
    return unit.start_dc - unit.dc > Fraction(unit.start_dc, 2)


def _moved_heavy(situation: Situation) -> tuple[str, int]:
    """Moved and using Heavy Range or Artillery: -3; Stable Platform or Heavy Fire (Heavy
    Range only) soften it to -2, both to -1 (MS-6)."""
    stable = situation.attacker.has(Ability.STABLE_PLATFORM)
    heavy_fire = (
        situation.attacker.pilot.has(Skill.HEAVY_FIRE)
        and situation.weapon.type is WeaponType.HEAVY_RANGE
    )
    value = -1 if stable and heavy_fire else -2 if stable or heavy_fire else -3
    how = " (Stable Platform)" if stable else ""
    how += " (Heavy Fire)" if heavy_fire else ""
    return (f"moved and using a Heavy Range or Artillery weapon{how}", value)


def _aid(context: Context, situation: Situation) -> tuple[int, int, tuple[str, ...]]:
    """Guided Attack: each aider gives +2 to both attack values or D3 damage (both when both
    units have Multiple Unit). Returns (+attack, D3 dice, what each aider gave)."""
    bonus, dice, given = 0, 0, []
    attacker = situation.attacker
    for number, aider in enumerate(situation.aiders, start=1):
        cost = max(1, situation.attack_cost)
        if aider.multiple_unit and attacker.has(Ability.MULTIPLE_UNIT):
            choice = "both"
        else:
            choice = context.choose(
                Decision(
                    ATTACKER,
                    f"{AID_CHOICE} {number}",
                    (AID_ATTACK, AID_DAMAGE),
                    rule=GUIDED,
                    prompt=f"{aider.name} aids: +2 to both attack values, or D3 extra damage?",
                )
            )
        bonus += 2 if choice in ("both", AID_ATTACK) else 0
        dice += 1 if choice in ("both", AID_DAMAGE) else 0
        given.append(choice)
        context.log(events.Aided(aider=aider.name, cost=cost, sensor=aider.sensor, choice=choice))
    return bonus, dice, tuple(given)


def resolve_attack(context: Context, situation: Situation) -> Result:
    """Resolve one attack: checks, aid, attack value, the D20 roll, then damage."""
    check(situation)
    attacker, target, weapon = situation.attacker, situation.target, situation.weapon
    kind = "melee" if weapon.type.melee else "range"
    context.log(
        events.Attacks(
            attacker=attacker.name,
            target=target.name,
            weapon=weapon.name,
            weapon_type=weapon.type.value,
            distance=situation.distance,
        )
    )
    bonus, aid_dice, given = _aid(context, situation)
    base = attacker.pilot.melee_attack if weapon.type.melee else attacker.pilot.range_attack
    rows = modifiers(situation)
    if bonus:
        rows.append(("aided", bonus))
    value = base + sum(v for _, v in rows)
    guard, note = defence(target)
    needed = value - guard
    context.log(
        events.AttackValue(
            attack_value=value,
            column=kind,
            base=base,
            rows=tuple(rows),
            defence=guard,
            note=note,
        )
    )
    natural = context.roll(D20, rule=MAKING, label="attack roll")
    if natural == 20:
        hit, how = False, "a natural 20 always misses"
    elif natural == 1:
        hit, how = True, "a natural 1 always hits"
    else:
        hit = natural + guard <= value
        how = f"{natural} + {guard} = {natural + guard} against {value}"
    halved = hit and natural == 1 and needed <= 1
    context.log(events.Hit(hit=hit, how=how, halved=halved))
    result = Result(hit, natural, value, needed, halved=halved, aid=given)
    if not hit:
        return result
    return _damage(context, situation, result, aid_dice)


def _damage(context: Context, situation: Situation, result: Result, aid_dice: int) -> Result:
    """Damage: the weapon's roll (Multiple Unit halves it unless Anti-Infantry), boosts, half
    for a marginal automatic hit, less Armour, never below 0; DC 0 is out of action."""
    attacker, target, weapon = situation.attacker, situation.target, situation.weapon
    two_hands = uses_two_hands(weapon, situation.conditions)
    die = damage_die(weapon.damage, attacker.strength, two_hands=two_hands)
    notation = weapon.damage + (
        " (Str +50%, two hands)" if "str" in weapon.damage.casefold() and two_hands else ""
    )
    rolled = context.roll(DieRoll(die, notation), rule=DAMAGE, label="weapon damage")
    damage = rolled
    if target.has(Ability.MULTIPLE_UNIT) and not weapon.has(WeaponAbility.ANTI_INFANTRY):
        damage = (damage + 1) // 2
        context.log(events.Halved(rolled=rolled, damage=damage))
    specialist = attacker.pilot.weapons_specialist
    if specialist and specialist == weapon.sub_type:
        bonus = -(-rolled // 10)
        damage += bonus
        context.log(events.Specialist(rolled=rolled, bonus=bonus))
    for _ in range(aid_dice):
        extra = context.roll(D3, rule=GUIDED, label="aid damage")
        damage += extra
    if target.size_class >= attacker.size_class + 2 and attacker.pilot.has(Skill.GIANT_SLAYER):
        extra = context.roll(D6, rule=SKILLS, label="Giant Slayer")
        damage += extra
        context.log(events.GiantSlayer(extra=extra))
    if result.halved and not situation.half_damage_after_armour:
        damage = (damage + 1) // 2
    lost = max(0, damage - target.armour)
    if result.halved and situation.half_damage_after_armour:
        lost = (lost + 1) // 2
    lost = min(lost, target.dc)
    out = lost >= target.dc
    ruin = target.size_class - 2 if out and target.size_class >= 2 else None
    context.log(
        events.DcLost(
            dc_lost=lost,
            out_of_action=out,
            damage=damage,
            halved=result.halved,
            armour=target.armour,
            target=target.name,
            dc=target.dc,
        )
    )
    if ruin is not None:
        context.log(events.Ruin(target=target.name, height=ruin))
    return replace(result, dc_lost=lost, out_of_action=out, ruin_height=ruin)


def attack_of_opportunity(
    context: Context, situation: Situation, *, charged: bool = False, ram: Weapon | None = None
) -> Result:
    """Attacks of Opportunity: one free melee attack on a unit breaking away (its weapon
    counts as used); a ram attack instead if this unit charged that unit this turn (MS-9)."""
    weapon = situation.weapon
    if situation.aiders:
        raise IllegalAttack(
            f"{OPPORTUNITY}: an attack of opportunity is made without aid; "
            f"{', '.join(a.name for a in situation.aiders)} cannot aid it (MS-9)"
        )
    if ram is not None and charged:
        choice = context.choose(
            Decision(
                ATTACKER,
                RAM_CHOICE,
                ("melee", "ram"),
                rule=OPPORTUNITY,
                prompt=f"{situation.target.name} breaks away: melee attack or ram?",
            )
        )
        if choice == "ram":
            weapon = ram
    elif ram is not None:
        raise IllegalAttack(
            f"{OPPORTUNITY}: a ram attack needs this unit to have charged "
            f"{situation.target.name} this turn"
        )
    if not weapon.type.melee:
        raise IllegalAttack(f"{OPPORTUNITY}: {weapon.name} is not a melee weapon")
    context.log(events.Opportunity(target=situation.target.name, weapon=weapon.name))
    return resolve_attack(context, replace(situation, weapon=weapon))
