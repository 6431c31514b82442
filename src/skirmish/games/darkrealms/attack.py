"""The Dark Realms attack, written once: attack value, range dice, criticals, defence, re-rolls.

The rules text has no section numbers, so log lines cite its sections by name:
"Action Card" (melee and range, reach, Confused), "Attack damage" (the attack
table), "Rolled attack value", "Defence", "Re-roll" and "Ranged attacks" (range
dice). Rulings are DR-1 to DR-11 in docs/rulings.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import NamedTuple

from skirmish import limits
from skirmish.dice import DieRoll, parse
from skirmish.engine import Context, Decision
from skirmish.errors import IllegalAttack, SkirmishError
from skirmish.games.darkrealms import events
from skirmish.games.darkrealms.events import (
    ACTION_CARD,
    DAMAGE,
    DEFENCE,
    RANGED,
    REROLL,
    ROLLED,
)
from skirmish.games.darkrealms.figures import CardAttack, Figure, Kind, ValueMode
from skirmish.games.darkrealms.tables import DEFENCE_TABLE, AttackTable
from skirmish.geometry.grid import HEX, Grid

ATTACKER = "attacker"
DEFENDER = "defender"
D6 = DieRoll(parse("D6"), "D6")
MELEE_LIMIT = 2
"""Action Card: with reach over 1 a melee attack reaches 2 tiles, never more."""

POISON = "poison"


@dataclass(frozen=True)
class Situation:
    """One attack: who attacks whom with which card line, how far apart, with what Stamina.

    ``distance`` is in tiles; ``stamina`` is the attacker's budget for re-rolls (default its
    Stamina) and ``defender_stamina`` the target's (default its Stamina).
    """

    attacker: Figure
    target: Figure
    attack: CardAttack
    distance: int = 1
    grid: Grid = HEX
    stamina: int | None = None
    defender_stamina: int | None = None
    confused: bool = False
    poison_turns: int = 0
    """Count the Health a Poisoned target loses over this many of its turns (DR-9)."""

    def __post_init__(self) -> None:
        limits.TILES.check(self.distance, "distance")
        for name, value in (("stamina", self.stamina), ("defender stamina", self.defender_stamina)):
            if value is not None:
                limits.STAMINA.check(value, name)
        limits.COUNT.check(self.poison_turns, "poison turns")

    @property
    def attacker_stamina(self) -> int:
        return self.attacker.stamina if self.stamina is None else self.stamina

    @property
    def target_stamina(self) -> int:
        return self.target.stamina if self.defender_stamina is None else self.defender_stamina


@dataclass(frozen=True)
class Result:
    """What the attack did."""

    damage: int = 0
    reached: bool = True
    hit: bool = False
    critical: bool = False
    killed: bool = False
    statuses: frozenset[str] = field(default=frozenset())
    stamina_spent: int = 0
    defender_stamina_spent: int = 0
    poison: int = 0
    """Health lost to Poison over the counted turns (DR-9); ``killed`` includes it."""


def check(situation: Situation) -> None:
    """Refuse attacks the rules do not allow, naming the rule section."""
    attacker, attack, distance = situation.attacker, situation.attack, situation.distance
    if distance < 1:
        raise SkirmishError(f"distance {distance}: a target is at least 1 tile away")
    if attack.kind is Kind.MELEE:
        reach = MELEE_LIMIT if attacker.reach > 1 else 1
        if distance > reach:
            raise IllegalAttack(
                f"{ACTION_CARD}: a melee attack by {attacker.name} (reach {attacker.reach}) "
                f"reaches {reach} tile{'s' if reach > 1 else ''}; the target is {distance} away"
            )
    elif attack.range is not None and distance > attack.range:
        raise IllegalAttack(
            f"{RANGED}: {attack.name} has range {attack.range}; the target is {distance} tiles away"
        )


def is_confused(situation: Situation) -> bool:
    """Confused attackers, and range attacks at a target within reach, roll twice (keep lower)."""
    inside = situation.attack.kind is Kind.RANGE and situation.distance <= situation.attacker.reach
    return situation.confused or "confused" in situation.attacker.statuses or inside


def resolve_attack(context: Context, situation: Situation) -> Result:
    """Resolve one attack of an action card against a target.

    The attack is written in steps that hand the rest of the attack to the engine with the
    dice showing and the Stamina left (``context.continue_from``), so the solvers work out
    each such position once, however the dice came to show it.
    """
    check(situation)
    attacker, target, attack = situation.attacker, situation.target, situation.attack
    context.log(
        events.Attacks(
            attacker=attacker.name,
            target=target.name,
            attack=attack.name,
            attack_kind=attack.kind.value,
            value=attack.value_text(),
            distance=situation.distance,
        )
    )
    confused = is_confused(situation)
    if confused:
        context.log(events.Confused())
    dice_needed = 2 if confused else 1
    if attack.rolled_range:
        dice = [context.roll(D6, rule=RANGED, label="range and attack die") for _ in range(2)]
        dice += [
            context.roll(D6, rule=ACTION_CARD, label="second attack die")
            for _ in range(dice_needed - 1)
        ]
    else:
        dice = [context.roll(D6, rule=DAMAGE, label="attack die") for _ in range(dice_needed)]
    rolls = AttackRolls(situation, tuple(dice), _attacker_budget(situation))
    return context.continue_from(attacker_rerolls, rolls)


@dataclass(frozen=True)
class AttackRolls:
    """The attacker's dice as they lie, with the Stamina left to re-roll them."""

    situation: Situation
    dice: tuple[int, ...]
    """Range and attack dice (rolled range: the first two), or the attack dice."""
    budget: int


def _attacker_budget(situation: Situation) -> int:
    """The attacker's Stamina for re-rolls; none when the action forbids them (Re-roll)."""
    return situation.attacker_stamina if situation.attack.rerolls else 0


def attacker_rerolls(context: Context, rolls: AttackRolls) -> Result:
    """Re-roll the attacker's dice while it pays (DR-5); then assign the range die, read the
    attack value and go on to the defence."""
    situation, attack = rolls.situation, rolls.situation.attack
    what = "attack and range dice" if attack.rolled_range else "attack dice"
    again = reroll(context, ATTACKER, what, rolls.dice, rolls.budget)
    if again is not None:
        return context.continue_from(
            attacker_rerolls, AttackRolls(situation, again, rolls.budget - 1)
        )
    spent = _attacker_budget(situation) - rolls.budget
    attack_dice = list(rolls.dice)
    if attack.rolled_range:
        chosen = assign_range(context, situation, attack_dice[:2])
        if chosen is None:
            return Result(reached=False, stamina_spent=spent)
        attack_dice = [attack_dice[1 - chosen], *attack_dice[2:]]
    damage, hit, critical = attack_value(context, situation, attack_dice)
    result = Result(damage, True, hit, critical, stamina_spent=spent)
    if hit and situation.target.shields.any:
        return context.continue_from(defend, Defending(situation, result))
    return finish(context, situation, result)


def finish(context: Context, situation: Situation, result: Result) -> Result:
    """After the defence: statuses (applied even without damage), Poison (DR-9), the kill."""
    target, attack = situation.target, situation.attack
    statuses = frozenset({attack.status.casefold()}) if attack.status else frozenset()
    if statuses:
        context.log(events.StatusGained(target=target.name, status=attack.status or ""))
    poisoned = POISON in statuses or POISON in target.statuses
    poison = min(situation.poison_turns, max(0, target.health - result.damage)) if poisoned else 0
    if poison:
        context.log(
            events.PoisonCounted(poison=poison, target=target.name, turns=situation.poison_turns)
        )
    killed = result.damage + poison >= target.health
    context.log(
        events.DamageTaken(
            damage=result.damage, killed=killed, target=target.name, health=target.health
        )
    )
    return replace(result, killed=killed, statuses=statuses, poison=poison)


def reroll(
    context: Context, player: str, what: str, dice: tuple[int, ...], budget: int
) -> tuple[int, ...] | None:
    """Re-roll: any die may be re-rolled for 1 Stamina each time, while Stamina lasts (DR-5).

    Asks ``player`` once: the dice after one re-roll, or None when the player keeps them.
    """
    if budget <= 0:
        return None
    options = (
        ("keep", *(f"reroll die {i + 1}" for i in range(len(dice))))
        if len(dice) > 1
        else ("keep", "reroll")
    )
    choice = context.choose(
        Decision(
            player,
            f"reroll {what}",
            options,
            rule=REROLL,
            prompt=f"{what} show {' '.join(map(str, dice))}; Stamina {budget}: re-roll?",
        )
    )
    if choice == "keep":
        return None
    index = 0 if choice == "reroll" else int(choice.split()[-1]) - 1
    face = context.roll(D6, rule=REROLL, label=f"re-rolled die {index + 1}")
    context.log(
        events.Rerolled(stamina_left=budget - 1, die=index + 1, before=dice[index], after=face)
    )
    return (*dice[:index], face, *dice[index + 1 :])


def assign_range(context: Context, situation: Situation, dice: list[int]) -> int | None:
    """Ranged attacks: pick which of the two dice is the range; it must reach the target.

    Returns the index of the range die, or None when neither reaches (the attack fails).
    """
    distance = situation.distance
    options = tuple(
        f"die {i + 1} ({face}) to range" for i, face in enumerate(dice) if face >= distance
    )
    if not options:
        context.log(events.OutOfRange(dice=(dice[0], dice[1]), distance=distance))
        return None
    if len(options) == 1:
        index = 0 if dice[0] >= distance else 1
    else:
        choice = context.choose(
            Decision(
                ATTACKER,
                "assign range die",
                options,
                rule=RANGED,
                prompt=f"dice {dice[0]} and {dice[1]}: which goes to range?",
            )
        )
        index = int(choice.split()[1]) - 1
    context.log(
        events.RangeDie(
            range_die=dice[index], index=index, dice=(dice[0], dice[1]), distance=distance
        )
    )
    return index


def attack_value(context: Context, situation: Situation, dice: list[int]) -> tuple[int, bool, bool]:
    """Attack damage: read each attack die; a Confused attack keeps the worse result: a miss
    is worst, then less damage, then a hit that is not critical (DR-4).

    Returns the damage before defence, whether it hit, and whether it is critical.
    """
    kept = min(_read(situation, face) for face in dice)
    base = _base(situation)
    attack = situation.attack
    rule = ROLLED if attack.mode is ValueMode.ROLLED else DAMAGE
    if not kept.hit:
        how = (
            f" (misses on 1-{attack.misses_on}, DR-11)"
            if attack.mode is ValueMode.ROLLED and attack.misses_on
            else ""
        )
    else:
        how = (
            "the roll is the damage, DR-7"
            if attack.mode is ValueMode.ROLLED
            else f"base {base}{_BASE_RULING[attack.mode, attack.kind]}"
        )
    context.log(
        events.AttackValue(
            rule=rule,
            damage=kept.damage,
            critical=kept.critical,
            dice=tuple(dice),
            hit=kept.hit,
            how=how,
        )
    )
    return kept.damage, kept.hit, kept.critical


class Read(NamedTuple):
    """What one attack die reads; the worse of two reads sorts first (DR-4)."""

    hit: bool
    damage: int
    critical: bool


_BASE_RULING = {
    (ValueMode.FIXED, Kind.MELEE): ", the printed value, DR-2",
    (ValueMode.FIXED, Kind.RANGE): ", the printed value, DR-2",
    (ValueMode.STRENGTH, Kind.MELEE): " from Melee strength",
    (ValueMode.STRENGTH, Kind.RANGE): " from Range strength, DR-1",
}


def _base(situation: Situation) -> int:
    attack = situation.attack
    if attack.mode is ValueMode.FIXED:
        return attack.amount
    return situation.attacker.strength(attack.kind) + attack.amount


def _table(situation: Situation) -> AttackTable:
    table = situation.attacker.attack_table
    return table.misses_on(situation.attack.misses_on) if situation.attack.misses_on else table


def _read(situation: Situation, face: int) -> Read:
    """One attack die on the attack table, or as the damage itself for a rolled value; an
    action's "misses on 1-K" note makes those faces miss either way (DR-6, DR-11)."""
    attack = situation.attack
    if attack.mode is ValueMode.ROLLED:
        if face <= attack.misses_on:
            return Read(False, 0, False)
        return Read(True, face, face == 6)
    read = _table(situation).face(face)
    if read.miss:
        return Read(False, 0, False)
    return Read(True, max(0, _base(situation) + read.modifier), read.critical)


@dataclass(frozen=True)
class Defending:
    """A hit against a target with shields: the attack's result so far."""

    situation: Situation
    result: Result


class DefenceDie(StrEnum):
    """The target's dice, each re-rolled from its own Stamina (DR-5)."""

    ROLL = "defence die"
    SHIELD = "shield die"


@dataclass(frozen=True)
class DefenceRolls:
    """One of the target's dice as it lies, with the target's Stamina left.

    ``result.damage`` is the damage before this die is applied.
    """

    situation: Situation
    result: Result
    die: DefenceDie
    face: int
    budget: int


def defend(context: Context, defending: Defending) -> Result:
    """Defence: no defence against a critical hit; otherwise the fixed shield first, then the
    defence roll (enemies always roll; heroes choose), then a die shield; never below 0.

    Nothing is rolled against damage already blocked to 0 (DR-8).
    """
    situation, result = defending.situation, defending.result
    target, shields = situation.target, situation.target.shields
    if result.critical:
        context.log(events.Blocked(what="critical"))
        return finish(context, situation, result)
    damage = result.damage
    if shields.fixed:
        damage = max(0, damage - shields.fixed)
        context.log(events.Blocked(what="shield", amount=shields.fixed, damage=damage))
    result = replace(result, damage=damage)
    budget = situation.target_stamina
    if shields.roll and damage > 0:
        roll = (
            target.enemy
            or context.choose(
                Decision(
                    DEFENDER,
                    "defence roll",
                    ("roll", "no roll"),
                    rule=DEFENCE,
                    prompt=f"{target.name}: roll to defend against {damage} damage?",
                )
            )
            == "roll"
        )
        if roll:
            face = context.roll(D6, rule=DEFENCE, label="defence die")
            rolls = DefenceRolls(situation, result, DefenceDie.ROLL, face, budget)
            return context.continue_from(defender_rerolls, rolls)
    shield = _shield_die(context, situation, result, budget)
    if shield is not None:
        return context.continue_from(defender_rerolls, shield)
    return finish(context, situation, _defended(situation, result, budget))


def defender_rerolls(context: Context, rolls: DefenceRolls) -> Result:
    """Re-roll the target's die while it pays (DR-5), then apply it: the defence table for
    a defence roll (then a die shield, if any), the face itself for a die shield."""
    situation, result, budget = rolls.situation, rolls.result, rolls.budget
    again = reroll(context, DEFENDER, rolls.die.value, (rolls.face,), budget)
    if again is not None:
        return context.continue_from(
            defender_rerolls, replace(rolls, face=again[0], budget=budget - 1)
        )
    face = rolls.face
    if rolls.die is DefenceDie.SHIELD:
        damage = max(0, result.damage - face)
        context.log(events.Blocked(what="shield die", amount=face, damage=damage))
        return finish(
            context, situation, _defended(situation, replace(result, damage=damage), budget)
        )
    change = DEFENCE_TABLE[face]
    damage = max(0, result.damage + change)
    context.log(events.DefenceRoll(face=face, change=change, damage=damage))
    result = replace(result, damage=damage)
    shield = _shield_die(context, situation, result, budget)
    if shield is not None:
        return context.continue_from(defender_rerolls, shield)
    return finish(context, situation, _defended(situation, result, budget))


def _shield_die(
    context: Context, situation: Situation, result: Result, budget: int
) -> DefenceRolls | None:
    """A die shield rolls against damage still left (DR-8): the die as it lies, or None."""
    if not (situation.target.shields.die and result.damage > 0):
        return None
    face = context.roll(D6, rule=DEFENCE, label="shield die")
    return DefenceRolls(situation, result, DefenceDie.SHIELD, face, budget)


def _defended(situation: Situation, result: Result, budget: int) -> Result:
    """The result after the defence, with the Stamina the target spent."""
    return replace(result, defender_stamina_spent=situation.target_stamina - budget)
