"""``skirmish odds|attack|advise|fighters darkrealms``: the Dark Realms commands."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from dataclasses import asdict, replace
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Table

from skirmish.cli.options import (
    JsonOption,
    ask,
    new_seed,
    parse_fraction,
    print_play,
    sharing,
)
from skirmish.cli.output import fraction_text, percent, wide_console
from skirmish.engine import Decision, ExpectimaxPolicy, Mix, Policy, play
from skirmish.errors import SkirmishError
from skirmish.games.darkrealms import (
    AttackTable,
    CardAttack,
    Figure,
    Kind,
    Objective,
    PolicyName,
    Result,
    Roster,
    Shields,
    Situation,
    Summary,
    ValueMode,
    first_choices,
    load_roster,
    odds,
    optimal_policy,
    resolve_attack,
    sample_roster,
)
from skirmish.games.darkrealms.attack import check, tiles
from skirmish.games.darkrealms.odds import played
from skirmish.geometry.grid import Grid, Shape

UNLIMITED_HEALTH = 10**6
"""A raw target without --health never dies; its kill chance is not reported."""


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
    return q, r


def _attack_from_flags(
    *,
    kind: Kind | None,
    modifier: int | None,
    fixed: int | None,
    rolled: bool,
    misses_on: int,
    attack_range: int | None,
    range_die: bool,
    status: str | None,
    no_rerolls: bool,
) -> CardAttack:
    values = [
        flag
        for flag, given in (("--modifier", modifier), ("--fixed", fixed), ("--rolled", rolled))
        if given not in (None, False)
    ]
    if len(values) > 1:
        raise SkirmishError(
            f"{' and '.join(values)}: an attack value is strength ± N, a fixed number or "
            "rolled, not several (Attack damage)"
        )
    if attack_range is not None and range_die:
        raise SkirmishError("--range and --range-die: a range is fixed or rolled, not both")
    if not 0 <= misses_on <= 6:
        raise SkirmishError(f"--misses-on {misses_on}: expected a face from 0 to 6")
    if attack_range is not None and attack_range < 1:
        raise SkirmishError(f"--range {attack_range}: a range is at least 1 tile")
    if fixed is not None and fixed < 0:
        raise SkirmishError(f"--fixed {fixed}: an attack value cannot be negative")
    ranged = attack_range is not None or range_die
    if kind is None:
        kind = Kind.RANGE if ranged else Kind.MELEE
    elif kind is Kind.MELEE and ranged:
        raise SkirmishError("--range/--range-die describe a range attack, not --kind melee")
    mode = ValueMode.ROLLED if rolled else ValueMode.FIXED if fixed is not None else None
    return CardAttack(
        name="Attack",
        kind=kind,
        mode=mode or ValueMode.STRENGTH,
        amount=fixed if fixed is not None else (modifier or 0),
        misses_on=misses_on,
        range=attack_range,
        rolled_range=range_die,
        status=status,
        rerolls=not no_rerolls,
    )


def _situation_options(
    attacker: Annotated[
        str | None, typer.Option(help="Attacking figure, by name (see `skirmish fighters`).")
    ] = None,
    card: Annotated[
        str | None, typer.Option(help="Action card whose attack is made, by name.")
    ] = None,
    line: Annotated[int, typer.Option(help="Which attack line of the card (1 = first).")] = 1,
    target: Annotated[str | None, typer.Option(help="Target figure, by name.")] = None,
    figures: Annotated[
        Path | None, typer.Option(help="Your own figures and cards (YAML), added to the sample.")
    ] = None,
    strength: Annotated[
        int | None,
        typer.Option(help="Melee or Range strength used by this attack (default 3 raw)."),
    ] = None,
    kind: Annotated[
        Kind | None, typer.Option(help="melee or range (default: range if a range is given).")
    ] = None,
    modifier: Annotated[int | None, typer.Option(help="Attack +N / -N: added to strength.")] = None,
    fixed: Annotated[
        int | None, typer.Option(help="A printed attack value that replaces strength (DR-2).")
    ] = None,
    rolled: Annotated[
        bool, typer.Option(help="Rolled attack value: the die is the damage (DR-7).")
    ] = False,
    misses_on: Annotated[
        int, typer.Option(help="The card's 'misses on 1-K' note: faces 1..K miss (DR-6).")
    ] = 0,
    attack_range: Annotated[
        int | None, typer.Option("--range", help="Fixed range in tiles.")
    ] = None,
    range_die: Annotated[
        bool, typer.Option(help="Rolled range: two dice, one to range, one to the attack.")
    ] = False,
    status: Annotated[
        str | None, typer.Option(help="Status the attack applies, such as poison.")
    ] = None,
    no_rerolls: Annotated[
        bool, typer.Option(help="The action forbids re-rolls (Re-roll).")
    ] = False,
    distance: Annotated[
        int | None, typer.Option(help="Tiles between attacker and target (default 1).")
    ] = None,
    attacker_at: Annotated[
        str | None, typer.Option(help="Attacker's tile q,r (with --target-at).")
    ] = None,
    target_at: Annotated[str | None, typer.Option(help="Target's tile q,r.")] = None,
    grid: Annotated[Shape, typer.Option(help="Tile shape for --attacker-at (DR-3).")] = Shape.HEX,
    reach: Annotated[
        int | None, typer.Option(help="Attacker's reach (default 1; 2+ lets melee reach 2).")
    ] = None,
    stamina: Annotated[
        int | None, typer.Option(help="Stamina the attacker may spend on re-rolls.")
    ] = None,
    confused: Annotated[
        bool, typer.Option(help="The attacker is Confused: roll twice, keep the worse.")
    ] = False,
    attack_table: Annotated[
        str | None,
        typer.Option(
            "--attack-table",
            "--critical-table",
            help="The attacker's own attack table, six faces: miss,-2,-1,0,+1,+2c.",
        ),
    ] = None,
    health: Annotated[
        int | None, typer.Option(help="Target's current Health (gives the kill chance).")
    ] = None,
    shield: Annotated[int, typer.Option(help="Target's fixed shield N.")] = 0,
    shield_roll: Annotated[
        bool, typer.Option(help="Target has a rolled shield (defence table).")
    ] = False,
    shield_die: Annotated[
        bool, typer.Option(help="Target has a die shield (subtracts a die).")
    ] = False,
    hero_target: Annotated[
        bool, typer.Option(help="The target is a hero: it chooses whether to roll (DR-8).")
    ] = False,
    target_stamina: Annotated[
        int | None, typer.Option(help="Stamina the target may spend re-rolling its dice.")
    ] = None,
    poison_turns: Annotated[
        int, typer.Option(help="Count Poison's Health loss over this many turns (DR-9).")
    ] = 0,
) -> Situation:
    roster = sample_roster() if figures is None else sample_roster().merged(load_roster(figures))
    raw_flags = {
        "--kind": kind,
        "--modifier": modifier,
        "--fixed": fixed,
        "--rolled": rolled or None,
        "--misses-on": misses_on or None,
        "--range": attack_range,
        "--range-die": range_die or None,
        "--status": status,
        "--no-rerolls": no_rerolls or None,
    }
    if card is not None:
        clashing = [flag for flag, value in raw_flags.items() if value is not None]
        if clashing:
            raise SkirmishError(
                f"{', '.join(clashing)}: --card {card!r} already gives the attack; "
                "describe a raw attack without --card"
            )
        attack = _card_line(roster, card, line)
    else:
        attack = _attack_from_flags(
            kind=kind,
            modifier=modifier,
            fixed=fixed,
            rolled=rolled,
            misses_on=misses_on,
            attack_range=attack_range,
            range_die=range_die,
            status=status,
            no_rerolls=no_rerolls,
        )
    attacking = _attacker(roster, attacker, attack.kind, strength, reach, attack_table)
    defending = _target(roster, target, health, Shields(shield, shield_roll, shield_die))
    if hero_target:
        defending = replace(defending, enemy=False)
    board = Grid(grid)
    tiles = (_tile("--attacker-at", attacker_at), _tile("--target-at", target_at))
    if (tiles[0] is None) != (tiles[1] is None):
        raise SkirmishError("give both --attacker-at and --target-at, or neither")
    if tiles[0] is not None and tiles[1] is not None:
        if distance is not None:
            raise SkirmishError("--distance and --attacker-at/--target-at: give one of them")
        distance = board.distance(tiles[0], tiles[1])
        if distance == 0:
            raise SkirmishError(
                f"--attacker-at {attacker_at} and --target-at {target_at}: two figures "
                "cannot share a tile"
            )
    situation = Situation(
        attacking,
        defending,
        attack,
        distance=1 if distance is None else distance,
        grid=board,
        stamina=stamina,
        defender_stamina=target_stamina,
        confused=confused,
        poison_turns=poison_turns,
    )
    check(situation)
    return situation


def _card_line(roster: Roster, card: str, line: int) -> CardAttack:
    attacks = roster.card(card)
    if not 1 <= line <= len(attacks):
        raise SkirmishError(
            f"--line {line}: card {card!r} has {len(attacks)} attack line"
            + ("s" if len(attacks) != 1 else "")
        )
    return attacks[line - 1]


def _attacker(
    roster: Roster,
    name: str | None,
    kind: Kind,
    strength: int | None,
    reach: int | None,
    table: str | None,
) -> Figure:
    figure = (
        roster.figure(name)
        if name is not None
        else Figure("Attacker", melee=3, range=3, health=UNLIMITED_HEALTH)
    )
    if strength is not None:
        if strength < 0:
            raise SkirmishError(f"--strength {strength}: a strength cannot be negative")
        figure = (
            replace(figure, melee=strength)
            if kind is Kind.MELEE
            else replace(figure, range=strength)
        )
    if reach is not None:
        if reach < 1:
            raise SkirmishError(f"--reach {reach}: reach is at least 1 (Action Card)")
        figure = replace(figure, reach=reach)
    if table is not None:
        figure = replace(figure, attack_table=AttackTable.parse(table))
    return figure


def _target(roster: Roster, name: str | None, health: int | None, shields: Shields) -> Figure:
    if shields.fixed < 0:
        raise SkirmishError(f"--shield {shields.fixed}: a shield cannot be negative")
    if health is not None and health < 1:
        raise SkirmishError(f"--health {health}: a target in play has at least 1 Health")
    if name is None:
        return Figure(
            "Target",
            melee=0,
            range=0,
            health=UNLIMITED_HEALTH if health is None else health,
            shields=shields,
            enemy=True,
        )
    figure = roster.figure(name)
    own = figure.shields
    figure = replace(
        figure,
        shields=Shields(
            max(own.fixed, shields.fixed), own.roll or shields.roll, own.die or shields.die
        ),
    )
    return figure if health is None else replace(figure, health=health)


with_situation = sharing(_situation_options, "situation")
"""Give a command the shared Dark Realms options; it receives the built ``situation``."""


PolicyOption = Annotated[
    PolicyName,
    typer.Option(help="optimal: choices by expectimax; never: no Stamina spent on re-rolls."),
]
StaminaCostOption = Annotated[
    str,
    typer.Option(
        help="What one Stamina is worth in the objective's units, e.g. 1/2 (DR-10; default free)."
    ),
]


def _stamina_cost(text: str) -> Fraction:
    cost = parse_fraction("--stamina-cost", text)
    if cost < 0:
        raise SkirmishError(f"--stamina-cost {text}: a cost cannot be negative (DR-10)")
    return cost


ObjectiveOption = Annotated[
    Objective, typer.Option(help="What the attacker's choices aim for: damage or kill.")
]


def _has_health(situation: Situation) -> bool:
    return situation.target.health < UNLIMITED_HEALTH


def _check_objective(situation: Situation, objective: Objective) -> None:
    if objective is Objective.KILL and not _has_health(situation):
        raise SkirmishError("--objective kill needs the target's Health: give --health or --target")


def summary_json(situation: Situation, summary: Summary) -> dict[str, Any]:
    """The JSON answer of ``odds darkrealms``."""
    data: dict[str, Any] = {
        "game": "darkrealms",
        "attacker": situation.attacker.name,
        "attack": situation.attack.name,
        "target": situation.target.name,
        "distance": situation.distance,
        "damage": {str(k): str(v) for k, v in summary.damage},
        "expected_damage": str(summary.expected_damage),
        "p_reach": str(summary.p_reach),
        "p_hit": str(summary.p_hit),
        "p_critical": str(summary.p_critical),
        "expected_stamina": str(summary.expected_stamina),
        "expected_target_stamina": str(summary.expected_defender_stamina),
    }
    if _has_health(situation):
        data["p_kill"] = str(summary.p_kill)
    return data


@with_situation
def odds_command(
    situation: Situation,
    policy: PolicyOption = PolicyName.OPTIMAL,
    objective: ObjectiveOption = Objective.DAMAGE,
    stamina_cost: StaminaCostOption = "0",
    as_json: JsonOption = False,
    fractions: Annotated[
        bool, typer.Option(help="Show exact fractions instead of percentages.")
    ] = False,
) -> None:
    """Exact damage distribution and kill chance of a Dark Realms attack, choices optimal."""
    _check_objective(situation, objective)
    cost = _stamina_cost(stamina_cost)
    summary = Summary.of(odds(situation, policy=policy, objective=objective, stamina_cost=cost))
    if as_json:
        typer.echo(json.dumps(summary_json(situation, summary), indent=2))
        return
    show: Callable[[Fraction], str] = fraction_text if fractions else percent
    attack = situation.attack
    title = (
        f"{situation.attacker.name} -> {situation.target.name}: {attack.name} "
        f"({attack.kind.value}, {attack.value_text()}) at {tiles(situation.distance)}"
    )
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column("damage", justify="right")
    table.add_column("chance", justify="right")
    for value, p in summary.damage:
        table.add_row(str(value), show(p))
    console = wide_console()
    console.print(f"[bold]{title}[/]")
    console.print(f"choices: {policy} policy, aiming for {objective}")
    console.print(table)
    lines = [
        ("expected damage", fraction_text(summary.expected_damage), float(summary.expected_damage)),
        ("chance to reach", show(summary.p_reach), None),
        ("chance to hit", show(summary.p_hit), None),
        ("chance of a critical", show(summary.p_critical), None),
        ("expected Stamina spent", fraction_text(summary.expected_stamina), None),
    ]
    if _has_health(situation):
        lines.append(("chance to kill", show(summary.p_kill), None))
    for label, text, approx in lines:
        console.print(f"{label}: {text}" + (f" ({approx:.3f})" if approx is not None else ""))


@with_situation
def advise_command(
    situation: Situation,
    objective: ObjectiveOption = Objective.DAMAGE,
    stamina_cost: StaminaCostOption = "0",
    as_json: JsonOption = False,
) -> None:
    """The attacker's first choice for every roll: which die to range, which to re-roll."""
    _check_objective(situation, objective)
    choices = first_choices(situation, objective, _stamina_cost(stamina_cost))
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "game": "darkrealms",
                    "objective": objective.value,
                    "choices": [
                        {
                            "dice": list(c.dice),
                            "probability": str(c.probability),
                            "question": c.question,
                            "best": c.best,
                            "values": {k: str(v) for k, v in c.values.items()},
                        }
                        for c in choices
                    ],
                },
                indent=2,
            )
        )
        return
    console = wide_console()
    if not choices:
        console.print("The attacker has no choice to make: no Stamina, and no dice to assign.")
        return
    table = Table(
        title=f"{situation.attacker.name}: first choice after each roll ({objective})",
        caption="value: expected damage (or kill chance) with optimal play after the choice",
        box=box.SIMPLE_HEAD,
    )
    for column in ("dice", "choice", "best", "value of each option"):
        table.add_column(column)
    for c in choices:
        table.add_row(
            " ".join(map(str, c.dice)),
            c.question,
            c.best,
            ", ".join(f"{option} {float(value):.3f}" for option, value in c.values.items()),
        )
    console.print(table)


class Decide(StrEnum):
    """Who makes the players' choices in a refereed attack."""

    ASK = "ask"
    OPTIMAL = "optimal"
    NEVER = "never"


class PromptPlayer:
    """Asks the player at the terminal, showing the solved value of each option."""

    def __init__(self, advisor: ExpectimaxPolicy[Result]) -> None:
        self.advisor = advisor

    def __call__(self, decision: Decision) -> Mix:
        values = self.advisor.choices(decision) if sys.stdin.isatty() else {}
        hint = " (solved: " + ", ".join(f"{o} {float(v):.2f}" for o, v in values.items()) + ")"
        return ask(decision, flag="--decide optimal or --decide never", hint=hint, retry=True)


@with_situation
def attack_command(
    situation: Situation,
    seed: Annotated[
        int | None, typer.Option(help="Seed for the dice; the same seed gives the same log.")
    ] = None,
    decide: Annotated[
        Decide,
        typer.Option(
            help="ask: prompt at each choice, with each option's value; optimal: the advisor "
            "plays both sides; never: no re-rolls."
        ),
    ] = Decide.ASK,
    objective: ObjectiveOption = Objective.DAMAGE,
    stamina_cost: StaminaCostOption = "0",
    as_json: JsonOption = False,
) -> None:
    """Referee one Dark Realms attack: roll, ask at each choice, print the log."""
    _check_objective(situation, objective)
    seed = new_seed(seed)
    if decide is Decide.NEVER:
        situation = played(situation, PolicyName.NEVER)
    advisor = optimal_policy(situation, objective, _stamina_cost(stamina_cost))
    players: Policy = PromptPlayer(advisor) if decide is Decide.ASK else advisor
    outcome = play(
        functools.partial(resolve_attack, situation=situation), players=players, seed=seed
    )
    result = asdict(outcome.result)
    result["statuses"] = sorted(outcome.result.statuses)
    print_play("darkrealms", seed, result, outcome.log, as_json=as_json)


def fighters_command(
    figures: Annotated[
        Path | None, typer.Option(help="Also list the figures and cards of this file.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """List the sample Dark Realms figures and action cards."""
    roster = sample_roster() if figures is None else sample_roster().merged(load_roster(figures))
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "figures": [_figure_json(f) for f in roster.figures],
                    "cards": [
                        {"name": title, "attacks": [_attack_text(a) for a in attacks]}
                        for title, attacks in ((c.name, c.attacks) for c in roster.cards.items)
                    ],
                },
                indent=2,
            )
        )
        return
    console = wide_console()
    table = Table(title="Dark Realms figures")
    for column in ("figure", "Melee", "Range", "Health", "Stamina", "reach", "shields", "table"):
        table.add_column(column)
    for f in roster.figures:
        table.add_row(
            f.name + (" (enemy)" if f.enemy else ""),
            str(f.melee),
            str(f.range),
            str(f.health),
            str(f.stamina),
            str(f.reach),
            _shields_text(f.shields),
            f.attack_table.text(),
        )
    console.print(table)
    cards = Table(title="Action cards")
    cards.add_column("card")
    cards.add_column("attacks")
    for title, attacks in ((c.name, c.attacks) for c in roster.cards.items):
        cards.add_row(title, "\n".join(_attack_text(a) for a in attacks))
    console.print(cards)


def _shields_text(shields: Shields) -> str:
    parts = [f"shield {shields.fixed}"] if shields.fixed else []
    parts += ["rolled shield"] if shields.roll else []
    parts += ["die shield"] if shields.die else []
    return ", ".join(parts) or "-"


def _attack_text(attack: CardAttack) -> str:
    reach = (
        " range roll"
        if attack.rolled_range
        else f" range {attack.range}"
        if attack.range is not None
        else ""
    )
    misses = f", misses on 1-{attack.misses_on}" if attack.misses_on else ""
    status = f", + {attack.status}" if attack.status else ""
    return f"{attack.name}: {attack.kind.value} {attack.value_text()}{reach}{misses}{status}"


def _figure_json(figure: Figure) -> dict[str, Any]:
    return {
        "name": figure.name,
        "melee": figure.melee,
        "range": figure.range,
        "health": figure.health,
        "stamina": figure.stamina,
        "reach": figure.reach,
        "enemy": figure.enemy,
        "shields": _shields_text(figure.shields),
        "attack_table": figure.attack_table.text(),
        "statuses": sorted(figure.statuses),
    }
