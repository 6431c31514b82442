"""Dark Realms answers as lines, tables and JSON: odds, first choices, figures and cards."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from skirmish.games.darkrealms.attack import Situation
from skirmish.games.darkrealms.events import tiles
from skirmish.games.darkrealms.figures import CardAttack, Figure, Roster, Shields
from skirmish.games.darkrealms.odds import FirstChoice, Objective, PolicyName, Summary
from skirmish.games.darkrealms.options import has_health
from skirmish.report import Block, Cell, Chance, Grid, Line, Mean, Report, distribution, exact

GAME = "darkrealms"


def heading(situation: Situation) -> dict[str, Any]:
    return {
        "game": GAME,
        "attacker": situation.attacker.name,
        "attack": situation.attack.name,
        "target": situation.target.name,
    }


def _title(situation: Situation) -> str:
    attack = situation.attack
    return (
        f"{situation.attacker.name} -> {situation.target.name}: {attack.name} "
        f"({attack.kind.value}, {attack.value_text()}) at {tiles(situation.distance)}"
    )


def odds_report(
    situation: Situation,
    summary: Summary,
    policy: PolicyName,
    objective: Objective,
    stamina_cost: Fraction,
) -> Report:
    """``odds``: the chance of each amount of damage, and the chances that make it."""
    rows = tuple((str(value), Chance(p)) for value, p in summary.damage)
    lines: list[tuple[Cell, ...]] = [
        ("expected damage: ", Mean(summary.expected_damage)),
        ("chance to reach: ", Chance(summary.p_reach)),
        ("chance to hit: ", Chance(summary.p_hit)),
        ("chance of a critical: ", Chance(summary.p_critical)),
        ("expected Stamina spent: ", Mean(summary.expected_stamina)),
    ]
    chances = {
        "reach": exact(summary.p_reach),
        "hit": exact(summary.p_hit),
        "critical": exact(summary.p_critical),
    }
    if has_health(situation):
        lines.append(("chance to kill: ", Chance(summary.p_kill)))
        chances["kill"] = exact(summary.p_kill)
    blocks: list[Block] = [
        Line.of(_title(situation), bold=True),
        Line.of(f"choices: {policy} policy, aiming for {objective}"),
        Grid(("damage", "chance"), rows),
        *(Line(parts) for parts in lines),
    ]
    case = {
        "choices": {
            "policy": policy.value,
            "objective": objective.value,
            "stamina_cost": exact(stamina_cost),
        },
        "distribution": distribution(summary.damage),
        "expected": {
            "damage": exact(summary.expected_damage),
            "stamina": exact(summary.expected_stamina),
            "target_stamina": exact(summary.expected_defender_stamina),
        },
        "chances": chances,
        "details": {"distance": situation.distance},
    }
    data = {**heading(situation), "outcome": "damage", "battlefield": None, "cases": [case]}
    return Report(tuple(blocks), data)


def advise_report(
    situation: Situation,
    choices: list[FirstChoice],
    objective: Objective,
    stamina_cost: Fraction,
    value: Fraction,
) -> Report:
    """``advise``: the attacker's first choice after each roll of the dice, solved."""
    data = {
        **heading(situation),
        "objective": objective.value,
        "value": exact(value),
        "exact": True,
        "decisions": [
            {
                "player": "attacker",
                "decision": c.question,
                "when": "dice " + " ".join(map(str, c.dice)),
                "chance": exact(c.probability),
                "options": {option: {"value": exact(v)} for option, v in c.values.items()},
                "best": [c.best],
            }
            for c in choices
        ],
        "details": {"stamina_cost": exact(stamina_cost)},
    }
    if not choices:
        return Report(
            (Line.of("The attacker has no choice to make: no Stamina, and no dice to assign."),),
            data,
        )
    rows = []
    for c in choices:
        values: list[Cell] = []
        for option, v in c.values.items():
            values += [", " if values else "", f"{option} ", Mean(v)]
        rows.append((" ".join(map(str, c.dice)), c.question, c.best, tuple(values)))
    grid = Grid(
        ("dice", "choice", "best", "value of each option"),
        tuple(rows),
        title=f"{situation.attacker.name}: first choice after each roll ({objective})",
        caption="value: expected damage (or kill chance) with optimal play after the choice",
    )
    return Report((grid, Line.of(f"value with optimal play ({objective}): ", Mean(value))), data)


def shields_text(shields: Shields) -> str:
    parts = [f"shield {shields.fixed}"] if shields.fixed else []
    parts += ["rolled shield"] if shields.roll else []
    parts += ["die shield"] if shields.die else []
    return ", ".join(parts) or "-"


def attack_text(attack: CardAttack) -> str:
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


def _attack_json(attack: CardAttack) -> dict[str, Any]:
    return {
        "name": attack.name,
        "kind": attack.kind.value,
        "value": attack.mode.value,
        "amount": attack.amount,
        "misses_on": attack.misses_on,
        "range": attack.range,
        "rolled_range": attack.rolled_range,
        "status": attack.status,
        "rerolls": attack.rerolls,
    }


def _figure_json(figure: Figure) -> dict[str, Any]:
    return {
        "name": figure.name,
        "profile": {
            "melee": figure.melee,
            "range": figure.range,
            "health": figure.health,
            "stamina": figure.stamina,
            "reach": figure.reach,
        },
        "enemy": figure.enemy,
        "shields": {
            "fixed": figure.shields.fixed,
            "roll": figure.shields.roll,
            "die": figure.shields.die,
        },
        "attack_table": figure.attack_table.text(),
        "statuses": sorted(figure.statuses),
    }


def fighters_report(figures: Roster) -> Report:
    """``fighters``: the figures, then the action cards."""
    rows = tuple(
        (
            f.name + (" (enemy)" if f.enemy else ""),
            str(f.melee),
            str(f.range),
            str(f.health),
            str(f.stamina),
            str(f.reach),
            shields_text(f.shields),
            f.attack_table.text(),
        )
        for f in figures.figures
    )
    cards = tuple(
        (card.name, "\n".join(attack_text(a) for a in card.attacks)) for card in figures.cards.items
    )
    data = {
        "game": GAME,
        "roster": figures.name,
        "fighters": [_figure_json(f) for f in figures.figures],
        "cards": [
            {"name": card.name, "attacks": [_attack_json(a) for a in card.attacks]}
            for card in figures.cards.items
        ],
    }
    blocks = (
        Grid(
            ("figure", "Melee", "Range", "Health", "Stamina", "reach", "shields", "table"),
            rows,
            title="Dark Realms figures",
        ),
        Grid(("card", "attacks"), cards, title="Action cards"),
    )
    return Report(blocks, data)
