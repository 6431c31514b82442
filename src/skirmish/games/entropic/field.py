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
from typing import Annotated, Any, ClassVar

import pydantic
import shapely
from pydantic import model_validator
from shapely import LineString, Point, Polygon
from shapely.ops import nearest_points

from skirmish import limits
from skirmish.datafiles import Coordinate, Name, read_yaml, validated
from skirmish.errors import SkirmishError, find_named
from skirmish.games.entropic.attack import Aim, Approach, Situation, check
from skirmish.games.entropic.events import SCORES, SELECT
from skirmish.games.entropic.models import Force, Markers, Model
from skirmish.geometry import EPSILON
from skirmish.geometry import battlefield as common
from skirmish.geometry.battlefield import PieceModel, check_bases, check_names, terrain_parts
from skirmish.geometry.shapes import disc
from skirmish.geometry.sight import visible_part
from skirmish.report import inches

SIGHT_POINTS = 8
"""Points around the attacker's base edge (and its centre) that lines of sight start from."""


class TerrainModel(common.TerrainModel):
    """A terrain piece that blocks sight or obscures it; ``effect`` is read as its class."""

    @model_validator(mode="before")
    @classmethod
    def _effect(cls, data: Any) -> Any:
        if isinstance(data, dict) and "effect" in data and "class" not in data:
            data = {("class" if k == "effect" else k): v for k, v in data.items()}
        return data

    @property
    def effect(self) -> str:
        return self.kind or "blocking"


Tokens = Annotated[int, limits.TOKENS.field()]


class PlacedModel(PieceModel):
    """A model standing ``at`` its target base, after the ``path`` of its move (its source
    and waypoint bases); ``bases: [source, waypoints..., standing]`` is read as well."""

    model: Name | None = None
    side: Name
    path: tuple[Coordinate, ...] = pydantic.Field(default=(), max_length=11)
    base: Annotated[float, pydantic.Field(gt=0, le=20)] = 1.0
    """Base radius."""
    stun: Annotated[int, limits.COUNT.field()] = 0
    cloaked: bool = False
    acted: bool = False
    real_tokens: Tokens | None = None
    dummy_tokens: Tokens = 0

    @model_validator(mode="before")
    @classmethod
    def _bases(cls, data: Any) -> Any:
        if isinstance(data, dict) and "bases" in data and "at" not in data:
            bases = data["bases"]
            if not isinstance(bases, (list, tuple)) or not bases:
                raise ValueError("bases: give a list of points, ending with the base it stands on")
            data = {k: v for k, v in data.items() if k != "bases"}
            data |= {"at": bases[-1], "path": bases[:-1]}
        return data

    @property
    def bases(self) -> tuple[Coordinate, ...]:
        return (*self.path, self.at)


class FieldModel(common.BattlefieldModel):
    """An Entropic Engine battlefield file: the common table and terrain (blocking or
    obscuring), plus the models on their bases and paths."""

    terrain: Annotated[tuple[TerrainModel, ...], limits.TERRAIN.length()] = ()
    models: Annotated[tuple[PlacedModel, ...], pydantic.Field(min_length=2), limits.PIECES.length()]

    classes: ClassVar[tuple[str, ...]] = ("blocking", "obscuring")


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


def parse_field(data: object, *, source: str, force: Force) -> Field:
    """Validate a battlefield: shapes, positions on the table, no overlapping bases."""
    model = validated(FieldModel, data, source)
    width, length = model.table.width, model.table.length
    terrain = [
        (piece.effect if isinstance(piece, TerrainModel) else "blocking", piece.name, part)
        for piece, part in terrain_parts(model, source)
    ]
    check_names(source, [("model", entry.name) for entry in model.models])
    placed: list[OnField] = []
    for entry in model.models:
        profile = force.model(entry.model or entry.name)
        check_bases(
            source, width, length, [("model", entry.name, x, y, entry.base) for x, y in entry.bases]
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
    check_bases(
        source,
        width,
        length,
        [("model", p.model.name, p.standing.x, p.standing.y, p.radius) for p in placed],
    )
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
