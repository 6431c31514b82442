"""Questions asked of a Magewinds battlefield: sight and cover, a move, a picture."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from shapely import Point

from skirmish.errors import SkirmishError
from skirmish.games.magewinds.field import Battlefield, Placed
from skirmish.games.magewinds.moves import allowance, check_move, reach, shortest_move
from skirmish.games.magewinds.options import DrawOptions, LosOptions, MoveOptions
from skirmish.games.magewinds.profiles import AttackProfile
from skirmish.games.magewinds.reports import facts
from skirmish.games.magewinds.tabletop import TableReport, report, reports
from skirmish.geometry.scene import TERRAIN, Area, Base, Mark, Scene, Stroke
from skirmish.progress import tracker
from skirmish.report import Grid, Line, Report, inches, length

GAME = "magewinds"


def _xy(point: Point) -> list[float | None]:
    return [length(point.x), length(point.y)]


def los(field: Battlefield, options: LosOptions) -> Report:
    """``los``: visibility, line of attack, cover, Dodge and knockback, each with its rule;
    with ``--all``, who can hit whom among every pair of enemies."""
    if options.every:
        return _every_pair(field, options.attack)
    assert options.attacker is not None and options.target is not None
    return pair_report(field, options.attacker, options.target, options.attack)


def pair_report(field: Battlefield, attacker: str, target: str, attack: str | None) -> Report:
    """Sight, line of attack, cover, Dodge and knockback from one fighter to another."""
    table = report(field, attacker, target, attack)
    heading = Line.of(
        f"{table.attacker.name} -> {table.target.name}: {table.attack.name}", bold=True
    )
    return Report((heading, *(Line.of(r) for r in table.reasons())), record(table))


def record(table: TableReport) -> dict[str, Any]:
    """What the battlefield says about one attack, as ``los --json`` prints it."""
    line = table.line
    return {
        "game": GAME,
        "attacker": table.attacker.name,
        "target": table.target.name,
        "attack": table.attack.name,
        "visible": table.sight.visible,
        "line_of_attack": line.exists,
        "length": length(line.length),
        "from": _xy(line.start) if line.start else None,
        "to": _xy(line.end) if line.end else None,
        "in_cover": table.cover.in_cover,
        "cover_from": list(table.cover.because),
        "ignored": list(table.cover.ignored),
        "can_dodge": table.dodge.possible,
        "knockback_room": length(table.knockback.room),
        "facts": facts(table),
    }


def _pairs(field: Battlefield, attack: str | None) -> list[tuple[Placed, Placed, AttackProfile]]:
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


def _every_pair(field: Battlefield, attack: str | None) -> Report:
    """``los --all``: a row per ordered pair of enemies, sight, line of attack and cover."""
    pairs = _pairs(field, attack)
    tables = reports(field, pairs, progress=tracker("pairs measured", len(pairs)))
    rows = tuple(
        (
            table.attacker.name,
            table.target.name,
            table.attack.name,
            "yes" if table.sight.visible else "no",
            _line_cell(table),
            ", ".join(_short(b) for b in table.cover.because) if table.cover.in_cover else "open",
        )
        for table in tables
    )
    grid = Grid(
        ("attacker", "target", "attack", "sees", "line of attack", "cover"),
        rows,
        title=f"Who can hit whom on {Path(field.source).name or 'the battlefield'}",
        caption=(
            "sees: 16.0. line of attack: 18.1, its length within the attack's Range (ruling "
            "MW-19). cover: 18.2, what gives it (ruling MW-14 read as "
            f"{field.near_obstacles.value}). los --attacker A --target T tells why."
        ),
        keys=2,
    )
    return Report((grid,), {"game": GAME, "pairs": [record(t) for t in tables]})


def _point(option: str, text: str) -> tuple[float, float]:
    parts = text.split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        raise SkirmishError(f"{option} {text!r}: expected X,Y in inches such as 4.5,7") from None
    if not all(-1000 <= v <= 1000 for v in (x, y)):
        raise SkirmishError(f"{option} {text!r}: a point on the table, in inches")
    return x, y


def move(field: Battlefield, options: MoveOptions) -> Report:
    """``move``: whether the fighter may make the move, the path and every problem."""
    return move_report(field, options.fighter, options.to, options.via or [])


def _on_table(field: Battlefield, option: str, text: str) -> tuple[float, float]:
    """A point of a move (``--to``, ``--via``): one off the battlefield is bad input, not
    a move to weigh (2.1: a fighter is on the battlefield only with all its base on it)."""
    x, y = _point(option, text)
    if not (0 <= x <= field.width and 0 <= y <= field.length):
        raise SkirmishError(
            f'{option} {text!r}: off the {field.width:g}" x {field.length:g}" battlefield '
            f"(x from 0 to {field.width:g}, y from 0 to {field.length:g}); a fighter stays "
            "on the battlefield (2.1)"
        )
    return x, y


def move_report(field: Battlefield, fighter: str, to: str, via: Sequence[str] = ()) -> Report:
    """Whether ``fighter`` may move to ``to`` (X,Y), through ``via`` or by the shortest
    legal path, with the path and every problem."""
    mover = field.fighter(fighter)
    goal = _on_table(field, "--to", to)
    limit, why = allowance(field, mover)
    found = None if via else shortest_move(field, mover, goal)
    if via:
        path = [_on_table(field, "--via", v) for v in via] + [goal]
    else:
        path = [(p.x, p.y) for p in found] if found is not None else [goal]
    checked = check_move(field, mover, path, limit=limit)
    problems = list(checked.problems)
    if not via and found is None:
        problems.insert(0, f"15.0: no legal path takes {mover.name} to {goal}")
    legal = not problems
    data = {
        "game": GAME,
        "fighter": mover.name,
        "legal": legal,
        "length": length(checked.length),
        "allowance": limit,
        "path": [_xy(p) for p in checked.path],
        "problems": problems,
        "allowance_rule": why,
    }
    route = " -> ".join(f"({p.x:.2f}, {p.y:.2f})" for p in checked.path)
    lines = [
        Line.of(why),
        Line.of(f'path {route}: {checked.length:.2f}"'),
        Line.of("legal move" if legal else "not a legal move", bold=True),
        *(Line.of(problem) for problem in problems),
    ]
    return Report(tuple(lines), data)


def scene(field: Battlefield, options: DrawOptions) -> Scene:
    """The battlefield to draw; with an attacker and a target, what the rules decide."""
    table = (
        report(field, options.attacker, options.target, options.attack)
        if options.attacker and options.target
        else None
    )
    extra: list[Area] = []
    if options.reach is not None:
        mover = field.fighter(options.reach)
        allowed, _ = allowance(field, mover)
        extra.append(
            Area(reach(field, mover), "reach", f"{mover.name}'s Move ({allowed:g}\") can end here")
        )
    return field_scene(field, table, extra)


def field_scene(
    field: Battlefield, table: TableReport | None = None, extra: Sequence[Area] = ()
) -> Scene:
    """A battlefield to draw: its terrain, fighters, objects and markers; with ``table``,
    what the rules decide for that attack; ``extra`` areas shaded too."""
    areas = [
        Area(piece.footprint, f"{TERRAIN} {piece.height_class.value}", name=piece.name)
        for piece in field.terrain
    ]
    areas += extra
    strokes: list[Stroke] = []
    if table is not None:
        decided, strokes = _decided(table)
        areas += decided
    return Scene(
        field.width,
        field.length,
        areas=tuple(areas),
        bases=tuple(
            Base(p.name, p.base.x, p.base.y, p.base.radius, p.warband) for p in field.fighters
        ),
        strokes=tuple(strokes),
        marks=tuple(Mark(m.name, m.x, m.y) for m in field.markers),
        objects=tuple(Base(o.name, o.x, o.y, o.radius) for o in field.objects),
        title="Battlefield"
        if table is None
        else f"{table.attacker.name} -> {table.target.name}: {table.attack.name}",
        notes=tuple(table.reasons()) if table is not None else (),
        sides=field.warbands,
    )


def _decided(table: TableReport) -> tuple[list[Area], list[Stroke]]:
    areas: list[Area] = []
    strokes: list[Stroke] = []
    if table.dodge.possible:
        areas.append(Area(table.dodge.region, "dodge", "Dodge: target centre may end here"))
    hidden = table.cover.visible.edge.difference(table.cover.visible.visible)
    strokes.append(Stroke(hidden, "cover", "edge in cover (18.2)"))
    line = table.line
    if line.exists and line.start is not None and line.end is not None:
        from shapely import LineString

        strokes.append(
            Stroke(
                LineString([line.start, line.end]),
                "attack",
                f'line of attack {inches(line.length or 0)}"',
            )
        )
    elif line.start is not None:
        from shapely import LineString

        strokes.append(
            Stroke(
                LineString([line.start, table.target.base.centre]), "blocked", "no line of attack"
            )
        )
    if table.knockback.room > 0:
        strokes.append(
            Stroke(table.knockback.ends, "knockback", f'knockback room {table.knockback.room:.2f}"')
        )
    return areas, strokes
