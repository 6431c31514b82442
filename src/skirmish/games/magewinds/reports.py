"""Magewinds answers as lines, tables and JSON: odds, advice, fighters, matchups."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.engine.matrix import MatrixGame, Strategy, best_column_response, best_row_response
from skirmish.games.magewinds.advice import Advice, Objective
from skirmish.games.magewinds.attack import AttackSituation, target_number
from skirmish.games.magewinds.odds import Case
from skirmish.games.magewinds.options import Request
from skirmish.games.magewinds.pack import Pack
from skirmish.games.magewinds.profiles import AttackChoice, AttackProfile, FighterProfile, Reaction
from skirmish.report import (
    BarChart,
    Bars,
    Block,
    Cell,
    Chance,
    Grid,
    Heatmap,
    Line,
    Mean,
    Picture,
    Report,
    distribution,
    exact,
    length,
)

if TYPE_CHECKING:
    from skirmish.games.magewinds.matchups import Matchup
    from skirmish.games.magewinds.tabletop import TableReport

GAME = "magewinds"


def heading(situation: AttackSituation) -> dict[str, str]:
    """Who attacks whom with what, as every answer names them."""
    return {
        "game": GAME,
        "attacker": situation.attacker.name,
        "attack": situation.attack.name,
        "target": situation.target.name,
    }


def facts(table: TableReport) -> list[dict[str, str]]:
    """What the battlefield decided, each with its rule."""
    found = []
    for reason in table.reasons():
        rule, _, text = reason.partition(": ")
        found.append({"rule": rule, "text": text})
    return found


def battlefield_json(request: Request) -> dict[str, Any] | None:
    if request.table is None:
        return None
    situation = request.situation
    return {
        "distance": length(situation.distance),
        "cover": situation.cover,
        "can_dodge": situation.can_dodge,
        "facts": facts(request.table),
    }


def _title(situation: AttackSituation) -> str:
    attack = situation.attack
    return (
        f"{situation.attacker.name} -> {situation.target.name}: {attack.name} "
        f"({attack.type.value}, Range {attack.range_text()})"
        + (", target in cover" if situation.cover else "")
    )


def _label(case: Case, situation: AttackSituation) -> str:
    return f"{case.choice.value if case.choice else situation.attack.name} vs {case.reaction.value}"


def odds_report(request: Request, cases: Sequence[Case], plot: Path | None = None) -> Report:
    """``odds``: a row per pair of choices, the chance of each amount of damage below."""
    situation = request.situation
    attack = situation.attack
    most = max((k for case in cases for k, _ in case.damage), default=0)
    mirrored = any(case.reaction is Reaction.MIRRORSHIELD for case in cases)
    rows, spread = [], []
    for case in cases:
        if case.choice is AttackChoice.FEINT:
            stats, tn = "-", "-"
        else:
            strike = attack.strike(case.choice)
            stats = f"{strike.power}/{strike.precision}"
            tn = str(target_number(situation, strike, case.reaction))
        key: tuple[Cell, ...] = (case.choice.value if case.choice else "-", case.reaction.value)
        back: tuple[Cell, ...] = (
            (
                Mean(case.expected_attacker_damage),
                Chance(case.results.probability(lambda r: r.attacker_taken_down)),
            )
            if mirrored
            else ()
        )
        rows.append(
            (
                *key,
                stats,
                tn,
                Mean(case.expected_damage),
                Chance(case.p_take_down),
                Chance(case.p_knockback),
                *back,
            )
        )
        damage = dict(case.damage.probabilities)
        spread.append((*key, *(Chance(damage.get(v, Fraction(0))) for v in range(most + 1))))
    extra = ("E(dmg back)", "P(attacker down)") if mirrored else ()
    blocks: list[Block] = [Line.of(reason) for reason in _reasons(request)]
    blocks += [
        Grid(
            ("choice", "reaction", "P/Pr", "TN", "E(dmg)", "P(down)", "P(knockback)", *extra),
            tuple(rows),
            title=_title(situation),
            caption="TN: target number (18.5.1); P/Pr: Power/Precision",
            keys=2,
        ),
        Grid(
            ("choice", "reaction", *(str(v) for v in range(most + 1))),
            tuple(spread),
            title="Damage dealt by this attack",
            caption="columns 0, 1, 2, ...: chance of that much damage from this attack",
            keys=2,
        ),
    ]
    data = {
        **heading(situation),
        "outcome": "damage dealt",
        "battlefield": battlefield_json(request),
        "cases": [_case_json(situation, case) for case in cases],
    }
    pictures: tuple[tuple[Path, Picture], ...] = ()
    if plot is not None:
        chart = BarChart(
            tuple(
                Bars(
                    _label(case, situation),
                    dict(case.damage.probabilities),
                    case.expected_damage,
                    case.p_take_down,
                )
                for case in cases
            ),
            title=f"{situation.attacker.name} -> {situation.target.name}: {attack.name}",
        )
        pictures = ((plot, chart),)
    return Report(tuple(blocks), data, pictures)


def _reasons(request: Request) -> list[str]:
    return [] if request.table is None else request.table.reasons()


def _case_json(situation: AttackSituation, case: Case) -> dict[str, Any]:
    expected = {"damage": exact(case.expected_damage), "hits": exact(case.results.mean(_hits))}
    chances = {"take_down": exact(case.p_take_down), "knockback": exact(case.p_knockback)}
    details: dict[str, Any] = {"hits": distribution(case.hits)}
    if case.choice is not AttackChoice.FEINT:
        strike = situation.attack.strike(case.choice)
        details |= {
            "power": strike.power,
            "precision": strike.precision,
            "target_number": target_number(situation, strike, case.reaction),
        }
    if any(r.push for r, _ in case.results):
        details["push"] = distribution(case.results.map(lambda r: r.push))
        expected["push"] = exact(case.expected_push)
    if case.reaction is Reaction.MIRRORSHIELD:
        details["attacker_damage"] = distribution(case.results.map(lambda r: r.attacker_damage))
        expected["attacker_damage"] = exact(case.expected_attacker_damage)
        chances["attacker_taken_down"] = exact(
            case.results.probability(lambda r: r.attacker_taken_down)
        )
    return {
        "choices": {
            "choice": case.choice.value if case.choice else None,
            "reaction": case.reaction.value,
        },
        "distribution": distribution(case.damage),
        "expected": expected,
        "chances": chances,
        "details": details,
    }


def _hits(result: Any) -> int:
    return int(result.hits)


UNITS = {
    Objective.DAMAGE: "expected net damage",
    Objective.TAKE_DOWN: "net take-down chance",
    Objective.TEMPO: "net damage + {value} per action won",
}


def best_responses(game: MatrixGame) -> dict[str, dict[str, list[str]]]:
    """Per option of each player, the opponent's best replies to it played purely."""
    return {
        "defender_to": {
            row: list(best_column_response(game, {row: Fraction(1)}).options) for row in game.rows
        },
        "attacker_to": {
            column: list(best_row_response(game, {column: Fraction(1)}).options)
            for column in game.columns
        },
    }


def _mix(strategy: Strategy) -> dict[str, dict[str, str]]:
    return {option: {"probability": exact(p)} for option, p in strategy}


def advise_report(
    advice: Advice, responses: dict[str, tuple[list[str], Fraction]], table: TableReport | None
) -> Report:
    """``advise``: the payoff matrix, both equilibrium mixes, dominated options, replies."""
    game, solution, situation = advice.game, advice.solution, advice.situation
    unit = UNITS[advice.objective].format(value=advice.action_value)
    replies = best_responses(game)
    rows: list[tuple[Cell, ...]] = [
        (row, *(Mean(v) for v in values), ", ".join(replies["defender_to"][row]))
        for row, values in zip(game.rows, game.payoff, strict=True)
    ]
    rows.append(
        ("attacker's best reply", *(", ".join(replies["attacker_to"][c]) for c in game.columns), "")
    )
    blocks: list[Block] = [Line.of(r) for r in ([] if table is None else table.reasons())]
    blocks.append(
        Grid(
            ("attacker \\ defender", *game.columns, "defender's best reply"),
            tuple(rows),
            title=f"{situation.attacker.name} -> {situation.target.name}: {situation.attack.name}"
            + (", target in cover" if situation.cover else ""),
            caption=f"payoff to the attacker: {unit}",
        )
    )
    blocks.append(Line.of("value: ", Mean(solution.value), f" ({unit})"))
    for who, strategy in (
        ("attacker", solution.row_strategy),
        ("defender", solution.column_strategy),
    ):
        blocks.append(Line(_strategy_parts(f"{who} plays: ", strategy)))
    for entry in advice.dominated:
        kind = "strictly" if entry.strict else "weakly"
        blocks.append(Line.of(f"{entry.player}'s {entry.option} is {kind} dominated by {entry.by}"))
    details: dict[str, Any] = {
        "matrix": {
            row: {column: exact(v) for column, v in zip(game.columns, values, strict=True)}
            for row, values in zip(game.rows, game.payoff, strict=True)
        },
        "dominated": [
            {"player": d.player, "option": d.option, "by": d.by, "strict": d.strict}
            for d in advice.dominated
        ],
        "best_responses": replies,
    }
    for key, who in (("vs_attacker_mix", "defender"), ("vs_defender_mix", "attacker")):
        if key in responses:
            best, value = responses[key]
            details[key] = {"best": best, "value": exact(value)}
            blocks.append(
                Line.of(
                    f"against that mix the {who}'s best choice is {', '.join(best)} (payoff ",
                    Mean(value),
                    ")",
                )
            )
    if advice.objective is Objective.TEMPO:
        details["action_value"] = exact(advice.action_value)
    data = {
        **heading(situation),
        "objective": advice.objective.value,
        "value": exact(solution.value),
        "exact": True,
        "decisions": [
            {
                "player": "attacker",
                "decision": "attack_choice",
                "when": None,
                "options": _mix(solution.row_strategy),
                "best": [o for o, p in solution.row_strategy if p],
            },
            {
                "player": "defender",
                "decision": "defence_choice",
                "when": None,
                "options": _mix(solution.column_strategy),
                "best": [o for o, p in solution.column_strategy if p],
            },
        ],
        "details": details,
    }
    return Report(tuple(blocks), data)


def _strategy_parts(lead: str, strategy: Strategy) -> tuple[Cell, ...]:
    parts: list[Cell] = [lead]
    for option, p in ((o, p) for o, p in strategy if p):
        if len(parts) > 1:
            parts.append(", ")
        parts += [f"{option} ", Chance(p)]
    return tuple(parts)


def attack_text(attack: AttackProfile) -> str:
    """An attack as printed in lists: name, type, Range and Power/Precision."""
    if attack.is_split and attack.light and attack.heavy:
        stats = (
            f"Light {attack.light.power}/{attack.light.precision}, "
            f"Heavy {attack.heavy.power}/{attack.heavy.precision}"
        )
    else:
        strike = attack.strike(None)
        stats = f"{strike.power}/{strike.precision}"
    spell = f", spell {attack.cost}" if attack.spell else ""
    return f"{attack.name} ({attack.type.value}{spell}) R{attack.range_text()} {stats}"


def _attack_json(attack: AttackProfile) -> dict[str, Any]:
    def strike(side: Any) -> dict[str, int] | None:
        return None if side is None else {"power": side.power, "precision": side.precision}

    return {
        "name": attack.name,
        "type": attack.type.value,
        "minimum_range": attack.minimum_range,
        "maximum_range": attack.maximum_range,
        "single": strike(attack.single),
        "light": strike(attack.light),
        "heavy": strike(attack.heavy),
        "spell": attack.spell,
        "cost": attack.cost,
        "special": sorted(s.value for s in attack.special),
        "universal": attack.universal,
    }


def _fighter_json(fighter: FighterProfile) -> dict[str, Any]:
    return {
        "name": fighter.name,
        "version": fighter.version,
        "profile": {
            "toughness": fighter.toughness,
            "movement": fighter.movement,
            "armour": fighter.armour,
            "deflect": fighter.deflect,
            "evasion": fighter.evasion,
            "dodge": fighter.dodge,
        },
        "attacks": [_attack_json(a) for a in fighter.attacks],
        "abilities": [a.name for a in fighter.abilities],
    }


def fighters_report(pack: Pack) -> Report:
    """``fighters``: every profile with its attacks."""
    rows = tuple(
        (
            fighter.name,
            fighter.version,
            *(
                str(v)
                for v in (
                    fighter.toughness,
                    fighter.movement,
                    fighter.armour,
                    fighter.deflect,
                    fighter.evasion,
                    fighter.dodge,
                )
            ),
            "\n".join(attack_text(a) for a in fighter.attacks),
        )
        for fighter in pack.fighters
    )
    grid = Grid(
        ("fighter", "page", "T", "Mv", "Arm", "Dfl", "Ev", "Ddg", "attacks"),
        rows,
        title=f"Magewinds fighters: {pack.name}",
        caption="T Toughness, Mv Movement, Arm Armour, Dfl Deflect, Ev Evasion, Ddg Dodge (4.5)",
    )
    data = {
        "game": GAME,
        "roster": pack.name,
        "fighters": [_fighter_json(f) for f in pack.fighters],
    }
    return Report((grid,), data)


LEGENDS = {
    Objective.DAMAGE: "expected net damage at equilibrium",
    Objective.TAKE_DOWN: "net take-down chance at equilibrium",
    Objective.TEMPO: "net damage + actions won at equilibrium",
}


def matchups_report(
    cells: Sequence[Matchup], objective: Objective, title: str, output: Path | None
) -> Report:
    """``matchups``: a row per attack, a column per target; or a file (CSV, JSON, picture)."""
    rows = list(dict.fromkeys(f"{c.attacker}: {c.attack}" for c in cells))
    targets = list(dict.fromkeys(c.target for c in cells))
    value = {(f"{c.attacker}: {c.attack}", c.target): c.value for c in cells}
    grid = [[value.get((row, target)) for target in targets] for row in rows]
    legend = LEGENDS[objective]
    data = {
        "game": GAME,
        "objective": objective.value,
        "cells": [
            {
                "attacker": c.attacker,
                "attack": c.attack,
                "target": c.target,
                "value": None if c.value is None else exact(c.value),
                **({"reason": c.reason} if c.reason else {}),
                "attacker_mix": {o: exact(p) for o, p in c.attacker_mix},
                "defender_mix": {o: exact(p) for o, p in c.defender_mix},
            }
            for c in cells
        ],
    }
    table = Grid(
        ("attack \\ target", *targets),
        tuple(
            (row, *("-" if v is None else Mean(v) for v in values))
            for row, values in zip(rows, grid, strict=True)
        ),
        title=f"{title}: {legend}",
    )
    if output is None:
        return Report((table,), data)
    suffix = output.suffix.lower()
    if suffix == ".csv":
        return Report((), data, files=((output, _csv(cells)),))
    if suffix == ".json":
        return Report((), data, files=((output, json.dumps(data, indent=2) + "\n"),))
    heat = Heatmap(
        tuple(rows),
        tuple(targets),
        tuple(tuple(row) for row in grid),
        title=title,
        legend=legend,
    )
    return Report((), data, pictures=((output, heat),))


CSV_HEADER = (
    "attacker",
    "attack",
    "target",
    "value",
    "value_decimal",
    "attacker_mix",
    "defender_mix",
    "reason",
)


def _csv(cells: Sequence[Matchup]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_HEADER)
    for c in cells:
        writer.writerow(
            [
                c.attacker,
                c.attack,
                c.target,
                "" if c.value is None else str(c.value),
                "" if c.value is None else f"{float(c.value):.6f}",
                " ".join(f"{o}={p}" for o, p in c.attacker_mix if p),
                " ".join(f"{o}={p}" for o, p in c.defender_mix if p),
                c.reason,
            ]
        )
    return buffer.getvalue()
