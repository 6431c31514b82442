"""``skirmish advise|matchups magewinds``: the attack and defence choices as a solved game."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Table

from skirmish.analysis.plots import check_output, heatmap
from skirmish.cli.magewinds import (
    NearObstaclesOption,
    Request,
    refuse_without_battlefield,
    with_situation,
)
from skirmish.cli.options import JsonOption, parse_fraction
from skirmish.cli.output import fraction_text, wide_console
from skirmish.engine.matrix import (
    MatrixGame,
    Strategy,
    best_column_response,
    best_row_response,
)
from skirmish.errors import SkirmishError
from skirmish.games.magewinds import bundled_pack, load_pack
from skirmish.games.magewinds.advice import DEFAULT_ACTION_VALUE, Advice, Objective, advise
from skirmish.games.magewinds.field import load_battlefield
from skirmish.games.magewinds.matchups import Matchup, battlefield_matchups, matchup_table

ObjectiveOption = Annotated[
    Objective,
    typer.Option(help="What the attacker maximises: damage, take-down chance, or tempo."),
]
ActionValueOption = Annotated[
    str,
    typer.Option(help="Tempo objective: one action in points of damage (a fraction such as 3/4)."),
]
FractionsOption = Annotated[bool, typer.Option(help="Show exact fractions instead of decimals.")]


def parse_mix(option: str, text: str) -> dict[str, Fraction]:
    """A mix typed as ``light=1/2,heavy=1/2`` (a lone name means all weight on it)."""
    mix: dict[str, Fraction] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        name, _, weight = part.partition("=")
        mix[name.strip().casefold()] = parse_fraction(option, weight) if weight else Fraction(1)
    if not mix:
        raise SkirmishError(f"{option} {text!r}: expected option=weight pairs such as light=1/2")
    return mix


def _show(value: Fraction, fractions: bool) -> str:
    return fraction_text(value) if fractions else f"{float(value):.3f}"


def _strategy_json(strategy: Strategy) -> dict[str, str]:
    return {option: str(p) for option, p in strategy}


def _strategy_text(strategy: Strategy, fractions: bool) -> str:
    return ", ".join(
        f"{option} {fraction_text(p) if fractions else f'{float(p):.1%}'}"
        for option, p in strategy
        if p
    )


def advice_json(advice: Advice, responses: dict[str, Any]) -> dict[str, Any]:
    """The JSON answer of ``advise``."""
    game, solution = advice.game, advice.solution
    data: dict[str, Any] = {
        "game": "magewinds",
        "attacker_name": advice.situation.attacker.name,
        "attack": advice.situation.attack.name,
        "target": advice.situation.target.name,
        "objective": advice.objective.value,
        "value": str(solution.value),
        "attacker": _strategy_json(solution.row_strategy),
        "defender": _strategy_json(solution.column_strategy),
        "matrix": {
            row: {column: str(v) for column, v in zip(game.columns, values, strict=True)}
            for row, values in zip(game.rows, game.payoff, strict=True)
        },
        "dominated": [
            {"player": d.player, "option": d.option, "by": d.by, "strict": d.strict}
            for d in advice.dominated
        ],
        "best_responses": _best_responses(game),
        **responses,
    }
    if advice.objective is Objective.TEMPO:
        data["action_value"] = str(advice.action_value)
    return data


def _best_responses(game: MatrixGame) -> dict[str, dict[str, list[str]]]:
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


@with_situation
def advise_command(
    request: Request,
    objective: ObjectiveOption = Objective.DAMAGE,
    action_value: ActionValueOption = str(DEFAULT_ACTION_VALUE),
    vs_attacker_mix: Annotated[
        str | None,
        typer.Option(help="The attacker you have read, e.g. heavy=2/3,feint=1/3: best reaction."),
    ] = None,
    vs_defender_mix: Annotated[
        str | None,
        typer.Option(help="The defender you have read, e.g. none=1/2,dodge=1/2: best choice."),
    ] = None,
    as_json: JsonOption = False,
    fractions: FractionsOption = False,
) -> None:
    """Solve the hidden attack choice against the reaction: both equilibrium mixes and the value.

    Attack choices are placed face down and revealed after the reaction (18.3, 18.4), so
    the advice is a mixed strategy for each side, exact, with best responses to each option.
    """
    if request.choice is not None or request.reaction is not None:
        raise SkirmishError("advise solves the choices itself: drop --choice and --reaction")
    advice = advise(
        request.situation, objective, action_value=parse_fraction("--action-value", action_value)
    )
    game = advice.game
    responses: dict[str, Any] = {}
    if vs_attacker_mix is not None:
        reply = best_column_response(game, parse_mix("--vs-attacker-mix", vs_attacker_mix))
        responses["vs_attacker_mix"] = {"best": list(reply.options), "value": str(reply.value)}
    if vs_defender_mix is not None:
        reply = best_row_response(game, parse_mix("--vs-defender-mix", vs_defender_mix))
        responses["vs_defender_mix"] = {"best": list(reply.options), "value": str(reply.value)}
    if as_json:
        typer.echo(json.dumps(advice_json(advice, responses), indent=2))
        return
    _print_advice(advice, responses, fractions=fractions)


def _print_advice(advice: Advice, responses: dict[str, Any], *, fractions: bool) -> None:
    game, solution, situation = advice.game, advice.solution, advice.situation
    console = wide_console()
    unit = {
        Objective.DAMAGE: "expected net damage",
        Objective.TAKE_DOWN: "net take-down chance",
        Objective.TEMPO: f"net damage + {advice.action_value} per action won",
    }[advice.objective]
    table = Table(
        title=f"{situation.attacker.name} -> {situation.target.name}: {situation.attack.name}"
        + (", target in cover" if situation.cover else ""),
        caption=f"payoff to the attacker: {unit}",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("attacker \\ defender")
    for column in game.columns:
        table.add_column(column, justify="right")
    table.add_column("defender's best reply", justify="left")
    replies = _best_responses(game)
    for row, values in zip(game.rows, game.payoff, strict=True):
        table.add_row(
            row,
            *(_show(v, fractions) for v in values),
            ", ".join(replies["defender_to"][row]),
        )
    table.add_row(
        "attacker's best reply", *(", ".join(replies["attacker_to"][c]) for c in game.columns), ""
    )
    console.print(table)
    console.print(f"value: [bold]{_show(solution.value, fractions)}[/] ({unit})")
    console.print(f"attacker plays: {_strategy_text(solution.row_strategy, fractions)}")
    console.print(f"defender plays: {_strategy_text(solution.column_strategy, fractions)}")
    for entry in advice.dominated:
        kind = "strictly" if entry.strict else "weakly"
        console.print(f"{entry.player}'s {entry.option} is {kind} dominated by {entry.by}")
    for key, who in (("vs_attacker_mix", "defender"), ("vs_defender_mix", "attacker")):
        if key in responses:
            answer = responses[key]
            console.print(
                f"against that mix the {who}'s best choice is {', '.join(answer['best'])} "
                f"(payoff {_show(Fraction(answer['value']), fractions)})"
            )


def matchups_command(
    pack: Annotated[
        Path | None, typer.Option(help="Your own fighter pack, added to the bundled one.")
    ] = None,
    objective: ObjectiveOption = Objective.DAMAGE,
    action_value: ActionValueOption = str(DEFAULT_ACTION_VALUE),
    universal: Annotated[
        bool, typer.Option(help="Include attacks every fighter has, such as Spark, once.")
    ] = False,
    output: Annotated[
        Path | None,
        typer.Option("-o", "--output", help="Write table.csv, table.json or heatmap.png/.svg."),
    ] = None,
    fractions: FractionsOption = False,
    battlefield: Annotated[
        Path | None,
        typer.Option(
            help="Fighters as placed on this battlefield: range, cover and Dodge "
            "from the geometry; no line of attack leaves a cell empty."
        ),
    ] = None,
    near_obstacles: NearObstaclesOption = None,
) -> None:
    """Every attack of every fighter against every fighter, each at equilibrium."""
    if output is not None and output.suffix.lower() not in (".csv", ".json"):
        check_output(output)
    fighters = bundled_pack() if pack is None else bundled_pack().merged(load_pack(pack))
    value_of_action = parse_fraction("--action-value", action_value)
    if battlefield is not None:
        field = load_battlefield(battlefield, pack=fighters, near_obstacles=near_obstacles)
        cells = battlefield_matchups(
            field, objective, action_value=value_of_action, universal=universal
        )
        title = f"Magewinds matchups on {battlefield.name}"
    else:
        refuse_without_battlefield(near_obstacles)
        cells = matchup_table(
            fighters, objective, action_value=value_of_action, universal=universal
        )
        title = f"Magewinds matchups: {fighters.name}"
    rows = list(dict.fromkeys(f"{c.attacker}: {c.attack}" for c in cells))
    targets = list(dict.fromkeys(c.target for c in cells))
    value = {(f"{c.attacker}: {c.attack}", c.target): c.value for c in cells}
    grid = [[value.get((row, target)) for target in targets] for row in rows]
    legend = {
        Objective.DAMAGE: "expected net damage at equilibrium",
        Objective.TAKE_DOWN: "net take-down chance at equilibrium",
        Objective.TEMPO: "net damage + actions won at equilibrium",
    }[objective]
    if output is None:
        table = Table(title=f"{title}: {legend}", box=box.SIMPLE_HEAD)
        table.add_column("attack \\ target")
        for target in targets:
            table.add_column(target, justify="right")
        for row, values in zip(rows, grid, strict=True):
            table.add_row(row, *("-" if v is None else _show(v, fractions) for v in values))
        wide_console().print(table)
        return
    suffix = output.suffix.lower()
    if suffix == ".csv":
        output.write_text(_csv(cells))
    elif suffix == ".json":
        output.write_text(json.dumps(_matchups_json(cells, objective), indent=2))
    else:
        heatmap(rows, targets, grid, output, title=title, legend=legend)
    typer.echo(f"wrote {output}")


def _csv(cells: list[Matchup]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(
        ["attacker", "attack", "target", "value", "value_decimal", "attacker_mix", "defender_mix"]
    )
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


def _matchups_json(cells: list[Matchup], objective: Objective) -> dict[str, Any]:
    return {
        "game": "magewinds",
        "objective": objective.value,
        "cells": [
            {
                "attacker": c.attacker,
                "attack": c.attack,
                "target": c.target,
                "value": None if c.value is None else str(c.value),
                **({"reason": c.reason} if c.reason else {}),
                "attacker_mix": _strategy_json(c.attacker_mix),
                "defender_mix": _strategy_json(c.defender_mix),
            }
            for c in cells
        ],
    }
