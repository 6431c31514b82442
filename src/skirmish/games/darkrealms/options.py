"""What a user gives to describe a Dark Realms attack, and each command's own options.

The attack comes from an action card's line or from flags (strength, value, range, status);
the figures from the sample roster and ``--figures``; the distance in tiles directly or
from two tiles on a hex or square grid.
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
from skirmish.games.darkrealms.attack import Situation, check
from skirmish.games.darkrealms.figures import (
    CardAttack,
    Figure,
    Kind,
    Roster,
    Shields,
    Status,
    ValueMode,
)
from skirmish.games.darkrealms.odds import Objective, PolicyName
from skirmish.games.darkrealms.tables import AttackTable
from skirmish.geometry.grid import Grid, Shape
from skirmish.options import Attribute, Count, Flag, Name, Options, Worth

FIGURES = "Figures and card"
ATTACK = "Raw attack"
TARGET = "Target"
DISTANCE = "Distance"

UNLIMITED_HEALTH = 10**6
"""A raw target without --health never dies; its kill chance is not reported."""

Tile = Annotated[str, Field(max_length=30)]
Stamina = Annotated[int, limits.STAMINA.field()]
FiguresFile = Annotated[
    Path | None, Flag("Your own figures and cards (YAML), added to the sample.", group=FIGURES)
]


class SituationOptions(Options):
    """The attacker, its card line or raw attack, the target and the distance."""

    attacker: Annotated[
        Name | None,
        Flag("Attacking figure, by name (see `skirmish fighters`).", metavar="NAME", group=FIGURES),
    ] = None
    card: Annotated[
        Name | None,
        Flag("Action card whose attack is made, by name.", metavar="NAME", group=FIGURES),
    ] = None
    line: Annotated[
        Annotated[int, Field(ge=1, le=20)],
        Flag("Which attack line of the card (1 = first).", group=FIGURES),
    ] = 1
    target: Annotated[
        Name | None, Flag("Target figure, by name.", metavar="NAME", group=FIGURES)
    ] = None
    figures: FiguresFile = None
    strength: Annotated[
        Attribute | None,
        Flag("Melee or Range strength used by this attack (default 3 raw).", group=ATTACK),
    ] = None
    kind: Annotated[
        Kind | None,
        Flag("melee or range (default: range if a range is given).", group=ATTACK),
    ] = None
    modifier: Annotated[
        Annotated[int, limits.MODIFIER.field()] | None,
        Flag("Attack +N / -N: added to strength.", group=ATTACK),
    ] = None
    fixed: Annotated[
        Attribute | None,
        Flag("A printed attack value that replaces strength (DR-2).", rule="DR-2", group=ATTACK),
    ] = None
    rolled: Annotated[
        bool, Flag("Rolled attack value: the die is the damage (DR-7).", group=ATTACK)
    ] = False
    misses_on: Annotated[
        Annotated[int, Field(ge=0, le=6)],
        Flag("The card's 'misses on 1-K' note: faces 1..K miss (DR-6).", rule="DR-6", group=ATTACK),
    ] = 0
    attack_range: Annotated[
        Annotated[int, limits.RANGE_TILES.field()] | None,
        Flag("Fixed range in tiles.", name="--range", rule="Ranged attacks", group=ATTACK),
    ] = None
    range_die: Annotated[
        bool, Flag("Rolled range: two dice, one to range, one to the attack.", group=ATTACK)
    ] = False
    status: Annotated[
        Status | None,
        Flag("Status the attack applies, such as poison.", metavar="STATUS", group=ATTACK),
    ] = None
    no_rerolls: Annotated[bool, Flag("The action forbids re-rolls (Re-roll).", group=ATTACK)] = (
        False
    )
    distance: Annotated[
        Annotated[int, Field(ge=1), limits.TILES.field()] | None,
        Flag("Tiles between attacker and target (default 1).", group=DISTANCE),
    ] = None
    attacker_at: Annotated[
        Tile | None, Flag("Attacker's tile q,r (with --target-at).", metavar="Q,R", group=DISTANCE)
    ] = None
    target_at: Annotated[Tile | None, Flag("Target's tile q,r.", metavar="Q,R", group=DISTANCE)] = (
        None
    )
    grid: Annotated[
        Shape, Flag("Tile shape for --attacker-at (DR-3).", rule="DR-3", group=DISTANCE)
    ] = Shape.HEX
    reach: Annotated[
        Annotated[int, limits.REACH.field()] | None,
        Flag("Attacker's reach (default 1; 2+ lets melee reach 2).", rule="Action Card"),
    ] = None
    stamina: Annotated[
        Stamina | None,
        Flag("Stamina the attacker may spend on re-rolls."),
    ] = None
    confused: Annotated[bool, Flag("The attacker is Confused: roll twice, keep the worse.")] = False
    attack_table: Annotated[
        Annotated[str, Field(max_length=80)] | None,
        Flag(
            "The attacker's own attack table, six faces: miss,-2,-1,0,+1,+2c.",
            aliases=("--critical-table",),
            metavar="FACES",
        ),
    ] = None
    health: Annotated[
        Annotated[int, limits.HEALTH.field()] | None,
        Flag("Target's current Health (gives the kill chance).", group=TARGET),
    ] = None
    shield: Annotated[Count, Flag("Target's fixed shield N.", group=TARGET)] = 0
    shield_roll: Annotated[
        bool, Flag("Target has a rolled shield (defence table).", group=TARGET)
    ] = False
    shield_die: Annotated[
        bool, Flag("Target has a die shield (subtracts a die).", group=TARGET)
    ] = False
    hero_target: Annotated[
        bool, Flag("The target is a hero: it chooses whether to roll (DR-8).", group=TARGET)
    ] = False
    target_stamina: Annotated[
        Stamina | None,
        Flag("Stamina the target may spend re-rolling its dice.", group=TARGET),
    ] = None
    poison_turns: Annotated[
        Count,
        Flag("Count Poison's Health loss over this many turns (DR-9).", rule="DR-9"),
    ] = 0


ObjectiveFlag = Annotated[Objective, Flag("What the attacker's choices aim for: damage or kill.")]
StaminaCost = Annotated[
    Annotated[Worth, Field(ge=0)],
    Flag(
        "What one Stamina is worth in the objective's units, e.g. 1/2 (DR-10; default free).",
        rule="DR-10",
    ),
]


class OddsOptions(SituationOptions):
    """Exact damage distribution and kill chance of a Dark Realms attack, choices optimal."""

    policy: Annotated[
        PolicyName,
        Flag("optimal: choices by expectimax; never: no Stamina spent on re-rolls."),
    ] = PolicyName.OPTIMAL
    objective: ObjectiveFlag = Objective.DAMAGE
    stamina_cost: StaminaCost = Fraction(0)


class AdviseOptions(SituationOptions):
    """The attacker's first choice for every roll: which die to range, which to re-roll."""

    objective: ObjectiveFlag = Objective.DAMAGE
    stamina_cost: StaminaCost = Fraction(0)


class Decide(StrEnum):
    """Who makes the players' choices in a refereed attack."""

    ASK = "ask"
    OPTIMAL = "optimal"
    NEVER = "never"


class AttackOptions(SituationOptions):
    """Referee one Dark Realms attack: roll, ask at each choice, print the log."""

    decide: Annotated[
        Decide,
        Flag(
            "ask: prompt at each choice, with each option's value; optimal: the advisor "
            "plays both sides; never: no re-rolls."
        ),
    ] = Decide.ASK
    objective: ObjectiveFlag = Objective.DAMAGE
    stamina_cost: StaminaCost = Fraction(0)


class FightersOptions(Options):
    """List the sample Dark Realms figures and action cards."""

    figures: Annotated[Path | None, Flag("Also list the figures and cards of this file.")] = None


def roster(path: Path | None) -> Roster:
    from skirmish.games import load_game

    found = load_game("darkrealms").roster(path)
    assert isinstance(found, Roster)
    return found


def has_health(situation: Situation) -> bool:
    return situation.target.health < UNLIMITED_HEALTH


def check_objective(situation: Situation, objective: Objective) -> None:
    if objective is Objective.KILL and not has_health(situation):
        raise SkirmishError("--objective kill needs the target's Health: give --health or --target")


RAW_ATTACK: tuple[str, ...] = (
    "kind",
    "modifier",
    "fixed",
    "rolled",
    "misses_on",
    "attack_range",
    "range_die",
    "status",
    "no_rerolls",
)


def situation(options: SituationOptions) -> Situation:
    """The attack ``options`` describe, checked."""
    figures = roster(options.figures)
    if options.card is not None:
        clashing = options.given(*RAW_ATTACK)
        if clashing:
            raise SkirmishError(
                f"{', '.join(clashing)}: --card {options.card!r} already gives the attack; "
                "describe a raw attack without --card"
            )
        attack = _card_line(figures, options.card, options.line)
    else:
        attack = _attack_from_flags(options)
    attacking = _attacker(figures, options, attack.kind)
    defending = _target(figures, options)
    if options.hero_target:
        defending = replace(defending, enemy=False)
    board = Grid(options.grid)
    distance = options.distance
    tiles = (_tile("--attacker-at", options.attacker_at), _tile("--target-at", options.target_at))
    if (tiles[0] is None) != (tiles[1] is None):
        raise SkirmishError("give both --attacker-at and --target-at, or neither")
    if tiles[0] is not None and tiles[1] is not None:
        if distance is not None:
            raise SkirmishError("--distance and --attacker-at/--target-at: give one of them")
        distance = board.distance(tiles[0], tiles[1])
        if distance == 0:
            raise SkirmishError(
                f"--attacker-at {options.attacker_at} and --target-at {options.target_at}: two "
                "figures cannot share a tile"
            )
    result = Situation(
        attacking,
        defending,
        attack,
        distance=1 if distance is None else distance,
        grid=board,
        stamina=options.stamina,
        defender_stamina=options.target_stamina,
        confused=options.confused,
        poison_turns=options.poison_turns,
    )
    check(result)
    return result


def _tile(option: str, text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    parts = text.split(",")
    try:
        q, r = (int(part) for part in parts)
    except ValueError:
        raise SkirmishError(
            f"{option} {text!r}: expected a tile as two whole numbers, such as 2,-1"
        ) from None
    if not all(-9999 <= v <= 9999 for v in (q, r)):
        raise SkirmishError(f"{option} {text!r}: a tile within 9999 of the board's origin")
    return q, r


def _attack_from_flags(options: SituationOptions) -> CardAttack:
    values = options.given("modifier", "fixed", "rolled")
    if len(values) > 1:
        raise SkirmishError(
            f"{' and '.join(values)}: an attack value is strength ± N, a fixed number or "
            "rolled, not several (Attack damage)"
        )
    if options.attack_range is not None and options.range_die:
        raise SkirmishError("--range and --range-die: a range is fixed or rolled, not both")
    ranged = options.attack_range is not None or options.range_die
    kind = options.kind
    if kind is None:
        kind = Kind.RANGE if ranged else Kind.MELEE
    elif kind is Kind.MELEE and ranged:
        raise SkirmishError("--range/--range-die describe a range attack, not --kind melee")
    mode = (
        ValueMode.ROLLED
        if options.rolled
        else ValueMode.FIXED
        if options.fixed is not None
        else ValueMode.STRENGTH
    )
    return CardAttack(
        name="Attack",
        kind=kind,
        mode=mode,
        amount=options.fixed if options.fixed is not None else (options.modifier or 0),
        misses_on=options.misses_on,
        range=options.attack_range,
        rolled_range=options.range_die,
        status=None if options.status is None else options.status.value,
        rerolls=not options.no_rerolls,
    )


def _card_line(figures: Roster, card: str, line: int) -> CardAttack:
    attacks = figures.card(card)
    if not 1 <= line <= len(attacks):
        raise SkirmishError(
            f"--line {line}: card {card!r} has {len(attacks)} attack line"
            + ("s" if len(attacks) != 1 else "")
        )
    return attacks[line - 1]


def _attacker(figures: Roster, options: SituationOptions, kind: Kind) -> Figure:
    figure = (
        figures.figure(options.attacker)
        if options.attacker is not None
        else Figure("Attacker", melee=3, range=3, health=UNLIMITED_HEALTH)
    )
    if options.strength is not None:
        figure = (
            replace(figure, melee=options.strength)
            if kind is Kind.MELEE
            else replace(figure, range=options.strength)
        )
    if options.reach is not None:
        figure = replace(figure, reach=options.reach)
    if options.attack_table is not None:
        figure = replace(figure, attack_table=AttackTable.parse(options.attack_table))
    return figure


def _target(figures: Roster, options: SituationOptions) -> Figure:
    shields = Shields(options.shield, options.shield_roll, options.shield_die)
    health = options.health
    if options.target is None:
        return Figure(
            "Target",
            melee=0,
            range=0,
            health=UNLIMITED_HEALTH if health is None else health,
            shields=shields,
            enemy=True,
        )
    figure = figures.figure(options.target)
    own = figure.shields
    figure = replace(
        figure,
        shields=Shields(
            max(own.fixed, shields.fixed), own.roll or shields.roll, own.die or shields.die
        ),
    )
    return figure if health is None else replace(figure, health=health)
