"""Entropic Engine battlefields: models on their bases and paths, terrain that blocks or obscures.

A model lists its bases in order: source base, waypoint bases, and the base it stands on
(its target base, last). The path runs through them. Coordinates are in the battlefield's
unit (the rules allow any), ``x`` across, ``y`` along, the origin at a corner. From a file,
:func:`approaches` gives the facts of every aim at a target (attack distance, obscurement,
sight), and :func:`situation_on` builds the whole attack situation (ruling EE-11).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated

import pydantic
import shapely
from pydantic import model_validator
from shapely import LineString, Point, Polygon, box
from shapely.ops import nearest_points

from skirmish import limits
from skirmish.datafiles import Coordinate, Name, StrictModel, TableSize, read_yaml, validated
from skirmish.errors import DataError, SkirmishError, find_named
from skirmish.games.entropic.attack import Aim, Approach, Situation, check
from skirmish.games.entropic.events import SCORES, SELECT
from skirmish.games.entropic.models import Force, Markers, Model
from skirmish.geometry import EPSILON
from skirmish.geometry.measure import first_overlap, on_table
from skirmish.geometry.shapes import disc
from skirmish.geometry.sight import visible_part
from skirmish.report import inches

SIGHT_POINTS = 8
"""Points around the attacker's base edge (and its centre) that lines of sight start from."""


class TerrainModel(StrictModel):
    name: Name
    effect: str = pydantic.Field(pattern="^(blocking|obscuring)$")
    polygon: Annotated[tuple[Coordinate, ...], limits.CORNERS.length()] | None = None
    rectangle: tuple[Coordinate, Coordinate] | None = None

    @model_validator(mode="after")
    def _one_shape(self) -> TerrainModel:
        if (self.polygon is None) == (self.rectangle is None):
            raise ValueError("give a polygon or a rectangle")
        return self


Tokens = Annotated[int, limits.TOKENS.field()]


class PlacedModel(StrictModel):
    name: Name
    model: Name | None = None
    side: Name
    bases: tuple[Coordinate, ...] = pydantic.Field(min_length=1, max_length=12)
    base: Annotated[float, pydantic.Field(gt=0, le=20)] = 1.0
    """Base radius."""
    stun: Annotated[int, limits.COUNT.field()] = 0
    cloaked: bool = False
    acted: bool = False
    real_tokens: Tokens | None = None
    dummy_tokens: Tokens = 0


class FieldModel(StrictModel):
    size: TableSize
    terrain: Annotated[tuple[TerrainModel, ...], limits.TERRAIN.length()] = ()
    models: Annotated[tuple[PlacedModel, ...], pydantic.Field(min_length=2), limits.PIECES.length()]


@dataclass(frozen=True)
class OnField:
    """A model on the battlefield: its console, side, bases in order, and base radius."""

    model: Model
    side: str
    bases: tuple[Point, ...]
    radius: float

    @property
    def standing(self) -> Point:
        return self.bases[-1]

    @property
    def footprint(self) -> Polygon:
        return disc(self.standing.x, self.standing.y, self.radius)

    def path(self) -> LineString | None:
        return LineString(self.bases) if len(self.bases) > 1 else None


@dataclass(frozen=True)
class Field:
    """A battlefield: its size, blocking and obscuring terrain, and the models on it."""

    width: float
    length: float
    blocking: tuple[tuple[str, Polygon], ...]
    obscuring: tuple[tuple[str, Polygon], ...]
    models: tuple[OnField, ...]

    def placed(self, name: str) -> OnField:
        return find_named(
            self.models, name, "model on the battlefield", lambda placed: placed.model.name
        )


def _polygon(model: TerrainModel) -> Polygon:
    if model.rectangle is not None:
        (x1, y1), (x2, y2) = model.rectangle
        return box(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
    assert model.polygon is not None
    return Polygon(model.polygon)


def parse_field(data: object, *, source: str, force: Force) -> Field:
    """Validate a battlefield: shapes, positions on the table, no overlapping bases."""
    model = validated(FieldModel, data, source)
    width, length = model.size
    terrain = []
    for piece in model.terrain:
        shape = _polygon(piece)
        if not shape.is_valid or shape.area <= EPSILON:
            raise DataError(f"{source}: terrain {piece.name!r} is not a simple area")
        terrain.append((piece.effect, piece.name, shape))
    placed: list[OnField] = []
    for entry in model.models:
        profile = force.model(entry.model or entry.name)
        for x, y in entry.bases:
            if not on_table(width, length, x, y, entry.base):
                raise DataError(
                    f"{source}: {entry.name}'s base at ({x:g}, {y:g}) is off the "
                    f"{width:g} x {length:g} battlefield"
                )
        console = replace(
            profile,
            name=entry.name,
            acted=entry.acted,
            dummy_tokens=entry.dummy_tokens,
            real_tokens=2 * profile.command if entry.real_tokens is None else entry.real_tokens,
        )
        first, *rest = console.components
        active = Markers(stun=entry.stun, cloaked=entry.cloaked)
        console = replace(console, components=(replace(first, active=active), *rest))
        console.check_tokens()
        placed.append(
            OnField(console, entry.side, tuple(Point(b) for b in entry.bases), entry.base)
        )
    names = [p.model.name.casefold() for p in placed]
    if len(set(names)) != len(names):
        raise DataError(f"{source}: two models share a name; give each its own name")
    overlap = first_overlap([(p.model.name, p.standing.x, p.standing.y, p.radius) for p in placed])
    if overlap is not None:
        raise DataError(f"{source}: {overlap[0][0]} and {overlap[1][0]} stand on overlapping bases")
    return Field(
        width,
        length,
        tuple((name, shape) for effect, name, shape in terrain if effect == "blocking"),
        tuple((name, shape) for effect, name, shape in terrain if effect == "obscuring"),
        tuple(placed),
    )


def load_field(path: str | Path, force: Force) -> Field:
    data, source = read_yaml(path, "battlefield")
    return parse_field(data, source=source, force=force)


def _eyes(placed: OnField) -> list[Point]:
    """The attacker's centre and points around its base edge."""
    c, r = placed.standing, placed.radius * (1 - 1e-6)
    return [c] + [
        Point(
            c.x + r * math.cos(2 * math.pi * k / SIGHT_POINTS),
            c.y + r * math.sin(2 * math.pi * k / SIGHT_POINTS),
        )
        for k in range(SIGHT_POINTS)
    ]


def _seen(field: Field, attacker: OnField, shape: LineString) -> LineString | None:
    """The part of ``shape`` (a base edge or a path) seen from any eye of the attacker."""
    blockers = [polygon for _, polygon in field.blocking]
    seen = [visible_part(eye, shape, blockers).visible for eye in _eyes(attacker)]
    union = shapely.unary_union(seen)
    return None if union.is_empty or union.length <= EPSILON else union  # type: ignore[return-value]


def _obscured(field: Field, a: Point, b: Point) -> bool:
    line = LineString([a, b])
    return any(line.crosses(shape) or line.within(shape) for _, shape in field.obscuring)


def _approach_base(field: Field, attacker: OnField, centre: Point, radius: float) -> Approach:
    edge = disc(centre.x, centre.y, radius).exterior
    seen = _seen(field, attacker, LineString(edge.coords))
    distance = max(0.0, attacker.standing.distance(centre) - attacker.radius - radius)
    return Approach(distance, _obscured(field, attacker.standing, centre), seen is not None)


def approaches(
    field: Field, attacker: OnField, target: OnField
) -> tuple[tuple[Aim, Approach], ...]:
    """Each aim at ``target``: its base, source and waypoint bases, and the nearest seen point
    of its path (EE-11)."""
    aims: list[tuple[Aim, Approach]] = [
        (Aim.BASE, _approach_base(field, attacker, target.standing, target.radius))
    ]
    if len(target.bases) > 1:
        aims.append((Aim.SOURCE, _approach_base(field, attacker, target.bases[0], target.radius)))
        waypoints = [
            _approach_base(field, attacker, point, target.radius) for point in target.bases[1:-1]
        ]
        seen = [w for w in waypoints if w.visible]
        if seen:
            aims.append((Aim.WAYPOINT, min(seen, key=lambda w: w.distance or 0.0)))
        path = target.path()
        assert path is not None
        visible = _seen(field, attacker, path)
        if visible is not None:
            point = nearest_points(attacker.standing, visible)[1]
            distance = max(0.0, attacker.standing.distance(point) - attacker.radius)
            aims.append((Aim.PATH, Approach(distance, _obscured(field, attacker.standing, point))))
    return tuple(aims)


def situation_on(
    field: Field,
    attacker: str,
    target: str,
    *,
    weapon: str | None = None,
    component: str | None = None,
) -> Situation:
    """The attack of ``attacker`` on ``target`` with every fact taken from the battlefield."""
    a, t = field.placed(attacker), field.placed(target)
    if a.side == t.side:
        raise SkirmishError(f"{SELECT}: {a.model.name} and {t.model.name} are on the same side")
    aims = approaches(field, a, t)
    enemies = [
        (a.standing.distance(other.standing) - other.radius, other)
        for other in field.models
        if other.side != a.side
        and any(f.visible for _, f in (aims if other is t else approaches(field, a, other)))
    ]
    closest = bool(enemies) and min(enemies, key=lambda pair: pair[0])[1] is t
    nearby = tuple(
        (other.model.name, max(0.0, a.standing.distance(other.standing) - a.radius - other.radius))
        for other in field.models
        if other is not a and other is not t
    )
    situation = Situation(
        a.model, t.model, aims, weapon=weapon, closest=closest, component=component, nearby=nearby
    )
    check(situation)
    return situation


def facts(field: Field, attacker: str, target: str) -> list[tuple[str, str]]:
    """What the battlefield says about the attack (EE-11), each fact with its rule."""
    situation = situation_on(field, attacker, target)
    a, t = field.placed(attacker), field.placed(target)
    found = []
    for aim, approach in situation.aims:
        seen = "seen" if approach.visible else "not seen"
        away = (
            "no distance" if approach.distance is None else f"distance {inches(approach.distance)}"
        )
        cover = ", obscured (+1 defense)" if approach.obscured else ""
        found.append((SELECT, f"the target's {aim.value}: {seen}, {away}{cover} (EE-11)"))
    found.append(
        (
            SCORES,
            f"{t.model.name} is {'' if situation.closest else 'not '}the closest visible enemy"
            + (" (+1 attack)" if situation.closest else ""),
        )
    )
    near = ", ".join(f"{name} {inches(away)}" for name, away in situation.nearby) or "none"
    found.append((SCORES, f"other models by distance from {a.model.name}: {near} (EE-6)"))
    for who in (a, t):
        model = who.model
        stun = sum(c.active.stun for c in model.components)
        state = [f"{model.real_tokens} real + {model.dummy_tokens} dummy tokens"]
        state += [f"{stun} stun marker{'s' if stun != 1 else ''}"] if stun else []
        state += ["cloaked"] if any(c.active.cloaked for c in model.components) else []
        state += ["has acted"] if model.acted else []
        found.append(("Command Phase", f"{model.name}: {', '.join(state)} (file)"))
    return found
