"""``skirmish los|move magewinds`` and ``skirmish draw``: questions asked of a battlefield."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from shapely import Point

from skirmish.cli.magewinds import NearObstaclesOption
from skirmish.cli.options import JsonOption
from skirmish.cli.output import wide_console
from skirmish.errors import SkirmishError
from skirmish.games.magewinds import bundled_pack, load_pack
from skirmish.games.magewinds.field import Battlefield, NearObstacles, Placed, load_battlefield
from skirmish.games.magewinds.moves import allowance, check_move, reach, shortest_move
from skirmish.games.magewinds.profiles import AttackProfile
from skirmish.games.magewinds.tabletop import TableReport, report, reports

FileArgument = Annotated[Path, typer.Argument(help="Battlefield file (YAML).")]
PackOption = Annotated[
    Path | None, typer.Option(help="Your own fighter pack, added to the bundled one.")
]


def _point(option: str, text: str) -> tuple[float, float]:
    parts = text.split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise SkirmishError(f"{option} {text!r}: expected X,Y in inches such as 4.5,7") from None
    return x, y


def _xy(point: Point) -> list[float]:
    return [round(point.x, 4), round(point.y, 4)]


def _field(
    path: Path, pack: Path | None, near_obstacles: NearObstacles | None = None
) -> Battlefield:
    fighters = bundled_pack() if pack is None else bundled_pack().merged(load_pack(pack))
    return load_battlefield(path, pack=fighters, near_obstacles=near_obstacles)


def report_json(table: TableReport) -> dict[str, Any]:
    """What the battlefield says about one attack, as ``los --json`` prints it."""
    line = table.line
    return {
        "game": "magewinds",
        "attacker": table.attacker.name,
        "target": table.target.name,
        "attack": table.attack.name,
        "visible": table.sight.visible,
        "line_of_attack": line.exists,
        "length": line.length,
        "from": _xy(line.start) if line.start else None,
        "to": _xy(line.end) if line.end else None,
        "in_cover": table.cover.in_cover,
        "cover_from": list(table.cover.because),
        "ignored": list(table.cover.ignored),
        "can_dodge": table.dodge.possible,
        "knockback_room": round(table.knockback.room, 4),
        "reasons": table.reasons(),
    }


def los_command(
    file: FileArgument,
    attacker: Annotated[
        str | None, typer.Option(help="Attacking fighter on the battlefield.")
    ] = None,
    target: Annotated[str | None, typer.Option(help="Target fighter on the battlefield.")] = None,
    attack: Annotated[
        str | None,
        typer.Option(help="Attack to check Range for (default: the attacker's first)."),
    ] = None,
    every: Annotated[
        bool,
        typer.Option(
            "--all",
            help="Every ordered pair of fighters from different warbands: who can hit whom.",
        ),
    ] = False,
    near_obstacles: NearObstaclesOption = None,
    pack: PackOption = None,
    as_json: JsonOption = False,
) -> None:
    """Visibility (16.0), line of attack and range (18.1), cover (18.2), Dodge (18.4) and
    knockback (18.5.4) between two fighters, each with the reason; with --all, between every
    two fighters of different warbands."""
    if every == (attacker is not None or target is not None) or (
        not every and (attacker is None or target is None)
    ):
        raise SkirmishError("give --attacker and --target, or --all")
    field = _field(file, pack, near_obstacles)
    if every:
        tables = reports(field, _every_pair(field, attack))
        if as_json:
            typer.echo(json.dumps([report_json(t) for t in tables], indent=2))
            return
        _print_pairs(field, tables)
        return
    assert attacker is not None and target is not None
    table = report(field, attacker, target, attack)
    if as_json:
        typer.echo(json.dumps(report_json(table), indent=2))
        return
    console = wide_console()
    console.print(f"[bold]{table.attacker.name} -> {table.target.name}: {table.attack.name}[/]")
    for reason in table.reasons():
        console.print(reason)


def _every_pair(
    field: Battlefield, attack: str | None
) -> list[tuple[Placed, Placed, AttackProfile]]:
    """Every (attacker, target) of different warbands, with the attack named (only the
    fighters that have it attack) or each attacker's first."""
    armed = []
    for placed in field.fighters:
        if attack is None:
            armed.append((placed, placed.profile.attack()))
        elif any(a.name.casefold() == attack.casefold() for a in placed.profile.attacks):
            armed.append((placed, placed.profile.attack(attack)))
    if not armed:
        raise SkirmishError(
            f"--attack {attack!r}: no fighter on {field.source or 'the battlefield'} has it"
        )
    return [
        (who, whom, chosen)
        for who, chosen in armed
        for whom in field.fighters
        if whom.warband != who.warband
    ]


def _line_cell(table: TableReport) -> str:
    """18.1 in a few words: the line's length, or what blocks every line, or why not."""
    line = table.line
    if line.exists and line.length is not None:
        return f'{line.length:.2f}"'
    nearest = line.visible.nearest() if line.visible is not None else None
    if nearest is None:
        return "blocked by " + ", ".join(_short(name) for name in line.blocked_by)
    far = nearest[0] > table.attack.maximum_range
    return f'{"too far" if far else "too close"} ({nearest[0]:.2f}")'


def _short(label: str) -> str:
    """A blocker's name without its kind: "high obstacle 'Tower'" -> "Tower"."""
    return label.split("'", 1)[1].rstrip("'") if "'" in label else label


def _print_pairs(field: Battlefield, tables: list[TableReport]) -> None:
    console = _sized_console()
    grid = Table(
        title=f"Who can hit whom on {Path(field.source).name or 'the battlefield'}",
        caption=(
            "sees: 16.0. line of attack: 18.1, its length within the attack's Range (ruling "
            "MW-19). cover: 18.2, what gives it (ruling MW-14 read as "
            f"{field.near_obstacles.value}). los --attacker A --target T tells why."
        ),
    )
    for header in ("attacker", "target", "attack", "sees", "line of attack", "cover"):
        grid.add_column(header, overflow="fold")
    for table in tables:
        shelter = table.cover
        grid.add_row(
            table.attacker.name,
            table.target.name,
            table.attack.name,
            "yes" if table.sight.visible else "no",
            _line_cell(table),
            ", ".join(_short(b) for b in shelter.because) if shelter.in_cover else "open",
        )
    console.print(grid)


def _sized_console() -> Console:
    """The terminal's width (or ``COLUMNS``), else a wide page when piped to a file."""
    if os.environ.get("COLUMNS", "").isdigit():
        return Console(highlight=False, width=int(os.environ["COLUMNS"]))
    return wide_console()


def move_command(
    file: FileArgument,
    fighter: Annotated[str, typer.Option(help="The fighter that moves.")],
    to: Annotated[str, typer.Option(help="Where its centre ends: X,Y in inches.")],
    via: Annotated[
        list[str] | None,
        typer.Option(help="Points the path passes through, in order (repeat the option)."),
    ] = None,
    pack: PackOption = None,
    as_json: JsonOption = False,
) -> None:
    """Can this fighter make this Move action (15.0, 13.4)? Without --via, the shortest
    legal path is found and checked against the Movement allowance."""
    field = _field(file, pack)
    mover = field.fighter(fighter)
    goal = _point("--to", to)
    limit, why = allowance(field, mover)
    if via:
        path = [_point("--via", v) for v in via] + [goal]
    else:
        found = shortest_move(field, mover, goal)
        path = [(p.x, p.y) for p in found] if found is not None else [goal]
    checked = check_move(field, mover, path, limit=limit)
    problems = list(checked.problems)
    if not via and shortest_move(field, mover, goal) is None:
        problems.insert(0, f"15.0: no legal path takes {mover.name} to {goal}")
    legal = not problems
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "game": "magewinds",
                    "fighter": mover.name,
                    "legal": legal,
                    "length": round(checked.length, 4),
                    "allowance": limit,
                    "path": [_xy(p) for p in checked.path],
                    "problems": problems,
                    "allowance_rule": why,
                },
                indent=2,
            )
        )
        return
    console = wide_console()
    console.print(why)
    route = " -> ".join(f"({p.x:.2f}, {p.y:.2f})" for p in checked.path)
    console.print(f'path {route}: {checked.length:.2f}"')
    console.print("[green]legal move[/]" if legal else "[red]not a legal move[/]")
    for problem in problems:
        console.print(problem)


def draw_command(
    file: FileArgument,
    output: Annotated[
        Path, typer.Option("-o", "--output", help="Picture to write: .png, .svg or .pdf.")
    ],
    attacker: Annotated[str | None, typer.Option(help="Show this fighter's attack...")] = None,
    target: Annotated[str | None, typer.Option(help="...on this target.")] = None,
    attack: Annotated[str | None, typer.Option(help="Which attack (for Range).")] = None,
    reach_of: Annotated[
        str | None, typer.Option("--reach", help="Shade where this fighter's Move can end.")
    ] = None,
    near_obstacles: NearObstaclesOption = None,
    pack: PackOption = None,
) -> None:
    """Draw a Magewinds battlefield to scale, with a line of attack, cover, the Dodge region
    and knockback when --attacker and --target are given."""
    from skirmish.analysis.draw import draw_battlefield
    from skirmish.analysis.plots import check_output

    check_output(output)
    if (attacker is None) != (target is None):
        raise SkirmishError("give both --attacker and --target, or neither")
    field = _field(file, pack, near_obstacles)
    table = report(field, attacker, target, attack) if attacker and target else None
    region, label = None, ""
    if reach_of is not None:
        mover = field.fighter(reach_of)
        inches, _ = allowance(field, mover)
        region = reach(field, mover)
        label = f"{mover.name}'s Move ({inches:g}\") can end here"
    draw_battlefield(field, output, table=table, reach=region, reach_label=label)
    typer.echo(f"wrote {output}")
