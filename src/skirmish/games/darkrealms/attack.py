"""The Dark Realms attack, written once: attack value, range dice, criticals, defence, re-rolls.

The rules text has no section numbers, so log lines cite its sections by name:
"Action Card" (melee and range, reach, Confused), "Attack damage" (the attack
table), "Rolled attack value", "Defence", "Re-roll" and "Ranged attacks" (range
dice). Rulings are DR-1 to DR-9 in docs/rulings.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from skirmish.dice import DieRoll, parse
from skirmish.engine import Context, Decision
from skirmish.errors import IllegalAttack, SkirmishError
from skirmish.games.darkrealms.figures import CardAttack, Figure, Kind, ValueMode
from skirmish.games.darkrealms.tables import DEFENCE_TABLE, AttackTable
from skirmish.geometry.grid import HEX, Grid

ATTACKER = "attacker"
DEFENDER = "defender"
D6 = DieRoll(parse("D6"), "D6")
MELEE_LIMIT = 2
"""Action Card: with reach over 1 a melee attack reaches 2 tiles, never more."""

ACTION_CARD = "Action Card"
DAMAGE = "Attack damage"
ROLLED = "Rolled attack value"
DEFENCE = "Defence"
REROLL = "Re-roll"
RANGED = "Ranged attacks"
STATUS = "Figure Status"
POISON = "poison"


def tiles(count: int) -> str:
    """A distance in tiles, for log lines: "1 tile", "3 tiles"."""
    return f"{count} tile" + ("s" if count != 1 else "")


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
    for name, value in (
        ("stamina", situation.stamina),
        ("defender stamina", situation.defender_stamina),
        ("poison turns", situation.poison_turns),
    ):
        if value is not None and value < 0:
            raise SkirmishError(f"{name} {value} cannot be negative")
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
    """Resolve one attack of an action card against a target."""
    check(situation)
    attacker, target, attack = situation.attacker, situation.target, situation.attack
    context.log(
        ACTION_CARD,
        "attack",
        f"{attacker.name} attacks {target.name} with {attack.name} "
        f"({attack.kind.value}, {attack.value_text()}) at {tiles(situation.distance)}",
    )
    stamina = situation.attacker_stamina if attack.rerolls else 0
    budget = stamina
    confused = is_confused(situation)
    if confused:
        context.log(
            ACTION_CARD,
            "confused",
            "Confused: the attack roll is made twice, the worse result kept (DR-4)",
        )
    dice_needed = 2 if confused else 1
    if attack.rolled_range:
        dice = [context.roll(D6, rule=RANGED, label="range and attack die") for _ in range(2)]
        dice += [
            context.roll(D6, rule=ACTION_CARD, label="second attack die")
            for _ in range(dice_needed - 1)
        ]
        dice, budget = reroll(context, dice, budget, ATTACKER, "attack and range dice")
        chosen = assign_range(context, situation, dice[:2])
        if chosen is None:
            return Result(reached=False, stamina_spent=stamina - budget)
        attack_dice = [dice[1 - chosen], *dice[2:]]
    else:
        attack_dice = [
            context.roll(D6, rule=DAMAGE, label="attack die") for _ in range(dice_needed)
        ]
        attack_dice, budget = reroll(context, attack_dice, budget, ATTACKER, "attack dice")
    damage, hit, critical = attack_value(context, situation, attack_dice)
    result = Result(damage, True, hit, critical, stamina_spent=stamina - budget)
    if hit:
        result = defend(context, situation, result)
    statuses = frozenset({attack.status.casefold()}) if attack.status else frozenset()
    if statuses:
        context.log(
            STATUS, "status", f"{target.name} gains {attack.status} (applied even without damage)"
        )
    poisoned = POISON in statuses or POISON in target.statuses
    poison = min(situation.poison_turns, max(0, target.health - result.damage)) if poisoned else 0
    if poison:
        context.log(
            STATUS,
            "poison",
            f"Poison: {target.name} loses 1 Health at the start of each of its turns, "
            f"{poison} over the next {situation.poison_turns} (DR-9)",
            poison=poison,
        )
    killed = result.damage + poison >= target.health
    context.log(
        DEFENCE,
        "damage",
        f"{target.name} takes {result.damage} damage of {target.health} Health"
        + (": killed" if killed else ""),
        damage=result.damage,
        killed=killed,
    )
    return replace(result, killed=killed, statuses=statuses, poison=poison)


def reroll(
    context: Context,
    dice: list[int],
    budget: int,
    player: str,
    what: str,
    *,
    state: object = (),
) -> tuple[list[int], int]:
    """Re-roll: any die may be re-rolled for 1 Stamina each time, while Stamina lasts (DR-5)."""
    dice = list(dice)
    while budget > 0:
        options = (
            ("keep", *(f"reroll {i + 1}" for i in range(len(dice))))
            if len(dice) > 1
            else ("keep", "reroll")
        )
        decision = Decision(
            player,
            f"reroll {what}",
            options,
            rule=REROLL,
            state=(tuple(dice), budget, state),
            prompt=f"{what} show {' '.join(map(str, dice))}; Stamina {budget}: re-roll?",
        )
        choice = context.choose(decision)
        if choice == "keep":
            break
        index = 0 if choice == "reroll" else int(choice.split()[1]) - 1
        before = dice[index]
        dice[index] = context.roll(D6, rule=REROLL, label=f"re-rolled die {index + 1}")
        budget -= 1
        context.log(
            REROLL,
            "reroll",
            f"1 Stamina spent: die {index + 1} {before} -> {dice[index]} (DR-5)",
            stamina_left=budget,
        )
    return dice, budget


def assign_range(context: Context, situation: Situation, dice: list[int]) -> int | None:
    """Ranged attacks: pick which of the two dice is the range; it must reach the target.

    Returns the index of the range die, or None when neither reaches (the attack fails).
    """
    distance = situation.distance
    options = tuple(
        f"die {i + 1} ({face}) to range" for i, face in enumerate(dice) if face >= distance
    )
    if not options:
        context.log(
            RANGED,
            "out_of_range",
            f"neither {dice[0]} nor {dice[1]} reaches {distance} tiles: the attack fails",
        )
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
                state=tuple(dice),
                prompt=f"dice {dice[0]} and {dice[1]}: which goes to range?",
            )
        )
        index = int(choice.split()[1]) - 1
    context.log(
        RANGED,
        "range",
        f"die {index + 1} ({dice[index]}) is the range, reaching {distance} tiles; "
        f"die {2 - index} ({dice[1 - index]}) is the attack roll",
        range_die=dice[index],
    )
    return index


def attack_value(context: Context, situation: Situation, dice: list[int]) -> tuple[int, bool, bool]:
    """Attack damage: read each attack die; a Confused attack keeps the lower result (DR-4).

    Returns the damage before defence, whether it hit, and whether it is critical.
    """
    outcomes = sorted(_read(situation, face) for face in dice)
    damage, missed, critical = outcomes[0][0], outcomes[0][1], outcomes[0][2]
    base = _base(situation)
    attack = situation.attack
    rule = ROLLED if attack.mode is ValueMode.ROLLED else DAMAGE
    if missed:
        text = f"attack roll {' and '.join(map(str, dice))}: a miss"
    else:
        how = (
            "the roll is the damage, DR-7"
            if attack.mode is ValueMode.ROLLED
            else f"base {base}{_BASE_RULING[attack.mode, attack.kind]}"
        )
        text = f"attack roll {' and '.join(map(str, dice))}: {damage} damage ({how})" + (
            ", critical hit" if critical else ""
        )
    context.log(rule, "attack_value", text, damage=damage, critical=critical)
    return damage, not missed, critical


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


def _read(situation: Situation, face: int) -> tuple[int, bool, bool]:
    """(damage, missed, critical) of one attack die; sorting puts the worse result first."""
    if situation.attack.mode is ValueMode.ROLLED:
        return face, False, face == 6
    read = _table(situation).face(face)
    if read.miss:
        return 0, True, False
    return max(0, _base(situation) + read.modifier), False, read.critical


def defend(context: Context, situation: Situation, result: Result) -> Result:
    """Defence: no defence against a critical hit; otherwise the fixed shield first, then the
    defence roll (enemies always roll; heroes choose), then a die shield; never below 0.

    Nothing is rolled against damage already blocked to 0 (DR-8).
    """
    target, shields = situation.target, situation.target.shields
    if not shields.any:
        return result
    if result.critical:
        context.log(DEFENCE, "critical", "critical hit: no defence roll, no shield")
        return result
    damage = result.damage
    budget = situation.target_stamina
    if shields.fixed:
        damage = max(0, damage - shields.fixed)
        context.log(DEFENCE, "shield", f"shield {shields.fixed} blocks: {damage} damage left")
    if shields.roll and damage > 0:
        roll = (
            target.enemy
            or context.choose(
                Decision(
                    DEFENDER,
                    "defence roll",
                    ("roll", "no roll"),
                    rule=DEFENCE,
                    state=(damage, budget, result.stamina_spent),
                    prompt=f"{target.name}: roll to defend against {damage} damage?",
                )
            )
            == "roll"
        )
        if roll:
            dice, budget = reroll(
                context,
                [context.roll(D6, rule=DEFENCE, label="defence die")],
                budget,
                DEFENDER,
                "defence die",
                state=(damage, result.stamina_spent),
            )
            change = DEFENCE_TABLE[dice[0]]
            damage = max(0, damage + change)
            context.log(
                DEFENCE,
                "defence_roll",
                f"defence roll {dice[0]}: {change:+d} damage, {damage} left (DR-8)",
            )
    if shields.die and damage > 0:
        dice, budget = reroll(
            context,
            [context.roll(D6, rule=DEFENCE, label="shield die")],
            budget,
            DEFENDER,
            "shield die",
            state=(damage, result.stamina_spent),
        )
        damage = max(0, damage - dice[0])
        context.log(DEFENCE, "shield_die", f"shield die {dice[0]} blocks: {damage} damage left")
    return replace(result, damage=damage, defender_stamina_spent=situation.target_stamina - budget)
