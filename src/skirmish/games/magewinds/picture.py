"""A picture of a Magewinds battle in progress, as a player at the table looks at it.

The battlefield now (terrain, fighters, objects, markers), the scenario's zones (King of
the Hill's 1" and 3" around the objective, 9.4), the players' territories while they
deploy (10.5, ruling MB-5), each fighter's damage, action counters, Guard, spells and
poison, the attack in progress with its line of attack and cover (18.1, 18.2), and how
far a fighter's Move can take it (15.0). Only what the player may know is drawn.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from shapely import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle.scenarios import (
    DEFENDER_BAND,
    HILL_NEAR,
    KING_OF_THE_HILL,
    defender,
    objective_point,
)
from skirmish.games.magewinds.battle.session import battlefield_now, status_rows
from skirmish.games.magewinds.battle.state import Battle, Phase
from skirmish.games.magewinds.battle.territory import CONTACT_EDGE, CORNERS, RADIUS, corner_point
from skirmish.games.magewinds.field import Battlefield
from skirmish.geometry import BASE_DIAMETER
from skirmish.geometry.scene import Area, Scene


def battle_scene(
    battle: Battle,
    player: int,
    *,
    reach: str | None = None,
    attacker: str | None = None,
    target: str | None = None,
    attack: str | None = None,
) -> Scene:
    """The battle now as ``player`` may see it; ``attacker`` and ``target`` (with
    ``attack``) draw what the rules decide for that attack instead of the one in progress;
    ``reach`` draws where that fighter's Move can end instead of the active fighter's."""
    from skirmish.games.magewinds.questions import field_scene
    from skirmish.games.magewinds.tabletop import report

    if (attacker is None) != (target is None):
        raise SkirmishError("draw: give --attacker and --target together")
    view = battle.view(player)
    field = battlefield_now(battle)
    table = None
    if attacker is not None and target is not None:
        table = report(field, attacker, target, attack)
    else:
        table = _attack_in_progress(field, view)
    areas = [*objective_zones(battle), *territory_areas(battle)]
    mover = reach if reach is not None else active_fighter(view)
    if mover is not None:
        areas.append(reach_area(field, mover))
    scene = field_scene(field, table, areas)
    details = {row["fighter"]: _detail(row) for row in status_rows(battle)}
    bases = tuple(replace(b, detail=details.get(b.name, "")) for b in scene.bases)
    title = scene.title
    if table is None:
        when = f"round {battle.round}, " if battle.round else ""
        title = f"{battle.setup.scenario.name}: {when}{battle.phase.value} phase"
    elif attacker is None:
        title = f"attack in progress: {title}"
    return replace(scene, bases=bases, title=title)


def _attack_in_progress(field: Battlefield, view: Any) -> Any:
    """The tabletop's answer for the attack the view shows in progress, if any."""
    from skirmish.games.magewinds.tabletop import report

    frame = next((f for f in reversed(view["pending"]) if f["frame"] == "attack"), None)
    if frame is None:
        return None
    try:
        return report(field, frame["attacker"], frame["target"], frame["attack"])
    except SkirmishError:  # a fighter taken off the battlefield part way
        return None


def active_fighter(view: Any) -> str | None:
    """The fighter whose activation is under way (13.0), if any."""
    frame = next((f for f in reversed(view["pending"]) if f["frame"] == "activation"), None)
    return None if frame is None else str(frame["fighter"])


def reach_area(field: Battlefield, name: str) -> Area:
    """15.0: where the fighter's centre can end a Move from where it stands."""
    from skirmish.games.magewinds.moves import allowance, reach

    mover = field.fighter(name)
    allowed, _ = allowance(field, mover)
    return Area(reach(field, mover), "reach", f"{mover.name}'s Move ({allowed:g}\") can end here")


def objective_zones(battle: Battle) -> list[Area]:
    """9.4: the objective's zones a base touching them counts in; while deploying, how far
    from the objective or the centre no fighter may deploy."""
    scenario = battle.setup.scenario
    centre = Point(objective_point(battle))
    areas = []
    if battle.phase in (Phase.SETUP, Phase.DEPLOYMENT):
        keep_out = scenario.deploy_from_objective or scenario.deploy_from_centre
        if keep_out:
            what = "objective" if scenario.deploy_from_objective else "centre"
            areas.append(
                Area(
                    centre.buffer(keep_out),
                    "keep out",
                    f'no deploying within {keep_out:g}" of the {what}',
                )
            )
    if scenario.control_radius:
        areas.append(
            Area(
                centre.buffer(scenario.control_radius),
                "zone",
                f'within {scenario.control_radius:g}" of the objective: counted each round end',
            )
        )
    if scenario.id == KING_OF_THE_HILL.id:
        areas.append(
            Area(
                centre.buffer(HILL_NEAR),
                "zone inner",
                f'within {HILL_NEAR:g}" of the objective: +1 hand limit each',
            )
        )
    return areas


def territory_areas(battle: Battle) -> list[Area]:
    """10.5: each player's territory while the warbands deploy (ruling MB-5)."""
    if battle.phase not in (Phase.SETUP, Phase.DEPLOYMENT):
        return []
    scenario = battle.setup.scenario
    width, length = battle.setup.table.width, battle.setup.table.length
    areas = []
    for player, name in enumerate(battle.territories):
        if not name:
            continue
        edge = scenario.territory == "edge" and player == defender(battle)
        band = DEFENDER_BAND if edge else BASE_DIAMETER
        shape = territory_shape(
            scenario.territory, name, width, length, corner_radius=scenario.corner_radius, band=band
        )
        kind = scenario.territory if scenario.territory != "half" or name in CORNERS else "half"
        areas.append(
            Area(
                shape,
                f"territory P{player + 1}",
                f"player {player + 1}'s territory ({name} {kind})",
            )
        )
    return areas


def territory_shape(
    kind: str,
    name: str,
    width: float,
    length: float,
    *,
    corner_radius: float = 0.0,
    band: float = DEFENDER_BAND,
) -> BaseGeometry:
    """Where a territory lies on the table: a half (or diagonal half), a quarter, the
    reach of a corner, or the band along a long edge (Hold the Line)."""
    halves = {
        "left": box(0, 0, width / 2, length),
        "right": box(width / 2, 0, width, length),
        "near": box(0, 0, width, length / 2),
        "far": box(0, length / 2, width, length),
    }
    table = box(0, 0, width, length)
    if kind == "half" and name in CORNERS:
        cx, cy = corner_point(name, width, length)
        return Polygon([(cx, cy), (width - cx, cy), (cx, length - cy)])
    if kind == "half":
        return halves[name]
    if kind == "quarter":
        side, edge = name.split("-")
        return halves[side].intersection(halves[edge])
    if kind == "corner":
        return (
            Point(corner_point(name, width, length))
            .buffer(corner_radius + RADIUS)
            .intersection(table)
        )
    return box(0, 0, band, length) if name == "left" else box(width - band, 0, width, length)


def deployment_area(battle: Battle, player: int) -> BaseGeometry:
    """10.5: where the centre of a fighter of ``player`` may be deployed by the scenario's
    rules: wholly on the battlefield (2.1) and in the player's territory (ruling MB-5, MB-29,
    Hold the Line's edges), and as far from the objective, the centre and the objects as the
    scenario asks. Obstacles are left out (where a base may stand is ruling MB-7's own
    check, made when the fighter is placed). Empty before the territories are chosen."""
    if player >= len(battle.territories) or not battle.territories[player]:
        return Polygon()
    scenario = battle.setup.scenario
    width, length = battle.setup.table.width, battle.setup.table.length
    name = battle.territories[player]
    on_table = box(RADIUS, RADIUS, width - RADIUS, length - RADIUS)
    kind = scenario.territory
    centres: BaseGeometry
    if kind == "corner":
        reach = scenario.corner_radius + RADIUS
        centres = Point(corner_point(name, width, length)).buffer(reach, quad_segs=32)
    elif kind == "edge":
        band = DEFENDER_BAND - RADIUS if player == defender(battle) else RADIUS + CONTACT_EDGE
        centres = box(0, 0, band, length) if name == "left" else box(width - band, 0, width, length)
    else:
        shape = territory_shape(kind, name, width, length)
        centres = shape.buffer(-RADIUS, join_style="mitre")
    centres = centres.intersection(on_table)
    keep_out = [
        (objective_point(battle), scenario.deploy_from_objective + RADIUS),
        (battle.setup.table.centre, scenario.deploy_from_centre + RADIUS),
    ]
    if scenario.deploy_from_objects:
        keep_out += [
            (item.at, scenario.deploy_from_objects + BASE_DIAMETER)
            for item in battle.items
            if item.at is not None
        ]
    for at, gap in keep_out:
        if gap > RADIUS:
            centres = centres.difference(Point(at).buffer(gap, quad_segs=32))
    return centres


def deployment_areas(battle: Battle) -> list[Area]:
    """10.5: while the warbands deploy, where each player's bases may be deployed (the
    centres of :func:`deployment_area` grown by a base's radius)."""
    if battle.phase not in (Phase.SETUP, Phase.DEPLOYMENT):
        return []
    areas = []
    for player in range(battle.players):
        centres = deployment_area(battle, player)
        if centres.is_empty:
            continue
        areas.append(
            Area(
                centres.buffer(RADIUS, quad_segs=16),
                f"deploy P{player + 1}",
                f"10.5: player {player + 1} deploys here (obstacles aside, ruling MB-7)",
            )
        )
    return areas


def _detail(row: dict[str, str]) -> str:
    """A fighter's state in a few words under its name on the picture."""
    parts = [f"{row['damage']} damage"]
    if row["counters"]:
        parts.append(f"{row['counters']} counter")
    if row["notes"]:
        parts.append(row["notes"])
    return "\n".join(parts)


IN_BATTLE = "in this battle"
"""Where ``los`` and ``reach`` in a battle look for a fighter, as the error says."""


def los_report(battle: Battle, attacker: str, target: str, attack: str | None = None) -> Any:
    """``los A B`` in a battle: what ``skirmish los`` answers, on the battlefield now."""
    from skirmish.games.magewinds.questions import pair_report

    field = battlefield_now(battle)
    for name in (attacker, target):
        field.fighter(name, IN_BATTLE)
    return pair_report(field, attacker, target, attack)


def reach_report(battle: Battle, fighter: str, to: str | None = None) -> Any:
    """``reach F [X,Y]`` in a battle: the fighter's Movement allowance and where its Move
    can end; with a point, whether it may move there, as ``skirmish move`` answers."""
    from skirmish.games.magewinds.moves import allowance
    from skirmish.games.magewinds.questions import move_report
    from skirmish.report import Line, Report

    field = battlefield_now(battle)
    field.fighter(fighter, IN_BATTLE)
    if to is not None:
        return move_report(field, fighter, to)
    mover = field.fighter(fighter)
    _, why = allowance(field, mover)
    area = reach_area(field, mover.name).shape
    if area.is_empty:
        where = "it cannot move from where it stands"
    else:
        x0, y0, x1, y1 = area.bounds
        where = (
            f"its centre can end a Move within {area.area:.1f} sq in "
            f"(x {x0:.2f}-{x1:.2f}, y {y0:.2f}-{y1:.2f})"
        )
    lines = (
        Line.of(f"{mover.name}: {why}"),
        Line.of(where),
        Line.of(
            f"'reach {mover.name} X,Y' checks a point; 'draw F.png --reach {mover.name}' shades it"
        ),
    )
    return Report(lines, {"fighter": mover.name})
