"""MS Wars battlefields: units with a position, facing, base and head; terrain that blocks sight.

Coordinates are inches, ``x`` across and ``y`` along the table; a facing is in degrees
clockwise from ``+y``. From a file, :func:`situation_on` measures what the attack rules ask
(ruling MS-8): range from the attacker's centre to the target's edge, the firing arc, how
much of the target the attacker's head sees, friendly cover, the target's rear arc, other
possible targets, and which friendly units may aid.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Annotated, ClassVar

import pydantic
from shapely import LineString, Point, Polygon

from skirmish import limits
from skirmish.datafiles import Facing, Name, read_yaml, validated
from skirmish.errors import DataError, SkirmishError, find_named
from skirmish.games.mswars.attack import (
    Aider,
    Conditions,
    Situation,
    effective_range,
)
from skirmish.games.mswars.events import ARCS
from skirmish.games.mswars.units import Ability, Force, Unit, Weapon
from skirmish.geometry.battlefield import (
    BattlefieldModel,
    PieceModel,
    check_bases,
    check_names,
    terrain_parts,
)
from skirmish.geometry.shapes import disc
from skirmish.geometry.sight import visible_part
from skirmish.report import inches

FRACTION_DENOMINATOR = 1000
"""Measured fractions are rounded to thousandths before they meet the rule thresholds."""


class PlacedModel(PieceModel):
    unit: Name | None = None
    side: Name
    facing: Facing = 0.0
    dc: Annotated[int, limits.HEALTH.field()] | None = None
    moved: bool = False
    ran_or_charged: bool = False
    moved_over_10: bool = False


class FieldModel(BattlefieldModel):
    """An MS Wars battlefield file: the common table and terrain (every piece blocks sight),
    plus the units with their facing and state."""

    units: Annotated[tuple[PlacedModel, ...], pydantic.Field(min_length=2), limits.PIECES.length()]

    classes: ClassVar[tuple[str, ...]] = ("blocking",)


@dataclass(frozen=True)
class Placed:
    """A unit on the table."""

    unit: Unit
    side: str
    centre: Point
    facing: float
    moved: bool = False
    ran_or_charged: bool = False
    moved_over_10: bool = False

    @property
    def footprint(self) -> Polygon:
        return disc(self.centre.x, self.centre.y, self.unit.base)

    @property
    def head(self) -> Point:
        """The sight point: the head, in front of the centre by the unit's head offset."""
        angle = math.radians(self.facing)
        return Point(
            self.centre.x + self.unit.head * math.sin(angle),
            self.centre.y + self.unit.head * math.cos(angle),
        )

    def bearing(self, point: Point) -> float:
        """Degrees clockwise from this unit's facing to ``point``."""
        dx, dy = point.x - self.centre.x, point.y - self.centre.y
        return (math.degrees(math.atan2(dx, dy)) - self.facing) % 360


@dataclass(frozen=True)
class Field:
    """A battlefield: blocking terrain and the units on it."""

    width: float
    length: float
    terrain: tuple[tuple[str, Polygon], ...]
    units: tuple[Placed, ...]

    def placed(self, name: str) -> Placed:
        return find_named(
            self.units, name, "unit on the battlefield", lambda placed: placed.unit.name
        )


def parse_field(data: object, *, source: str, force: Force) -> Field:
    """Validate a battlefield: shapes, units on the table, no overlapping bases."""
    model = validated(FieldModel, data, source)
    width, length = model.table.width, model.table.length
    terrain = [(piece.name, part) for piece, part in terrain_parts(model, source)]
    check_names(source, [("unit", entry.name) for entry in model.units])
    units: list[Placed] = []
    for entry in model.units:
        profile = force.unit(entry.unit or entry.name)
        if entry.dc is not None and entry.dc > profile.start_dc:
            raise DataError(
                f"{source}: {entry.name} has DC {entry.dc}, above its starting {profile.start_dc}"
            )
        unit = replace(
            profile,
            name=entry.name,
            dc=profile.dc if entry.dc is None else entry.dc,
            starting_dc=profile.start_dc,
        )
        units.append(
            Placed(
                unit,
                entry.side,
                Point(entry.at),
                entry.facing % 360,
                entry.moved or entry.ran_or_charged,
                entry.ran_or_charged,
                entry.moved_over_10,
            )
        )
    check_bases(
        source,
        width,
        length,
        [("unit", p.unit.name, p.centre.x, p.centre.y, p.unit.base) for p in units],
    )
    return Field(width, length, tuple(terrain), tuple(units))


def load_field(path: str | Path, force: Force) -> Field:
    data, source = read_yaml(path, "battlefield")
    return parse_field(data, source=source, force=force)


def _silhouette(viewer: Point, target: Placed) -> LineString:
    """The target's width as seen from ``viewer``: its base's diameter across the sight line."""
    c, r = target.centre, target.unit.base
    dx, dy = c.x - viewer.x, c.y - viewer.y
    length = math.hypot(dx, dy) or 1.0
    px, py = -dy / length * r, dx / length * r
    return LineString([(c.x - px, c.y - py), (c.x + px, c.y + py)])


def _fraction(value: float) -> Fraction:
    return Fraction(round(value * FRACTION_DENOMINATOR), FRACTION_DENOMINATOR)


def seen_fraction(field: Field, viewer: Placed, target: Placed) -> tuple[Fraction, Fraction]:
    """How much of the target ``viewer``'s head sees, and how much friendly units cover."""
    line = _silhouette(viewer.head, target)
    others = [p for p in field.units if p is not viewer and p is not target]
    blockers = [shape for _, shape in field.terrain] + [p.footprint for p in others]
    seen = visible_part(viewer.head, line, blockers).visible.length / line.length
    friends = [p.footprint for p in others if p.side == viewer.side]
    clear = (
        visible_part(viewer.head, line, friends).visible.length / line.length if friends else 1.0
    )
    return _fraction(seen), _fraction(1 - clear)


def in_arc(attacker: Placed, weapon: Weapon, target: Placed) -> bool:
    """The line from the attacker's centre to the target's centre lies in one of the weapon's
    arcs (MS-1)."""
    bearing = attacker.bearing(target.centre)
    return any(arc.contains(bearing) for arc in weapon.arcs)


def reach(attacker: Placed, target: Placed) -> float:
    """Range: from the attacker's centre to the target's edge."""
    return max(0.0, attacker.centre.distance(target.centre) - target.unit.base)


def aid_candidates(field: Field, attacker: Placed, target: Placed) -> list[Aider]:
    """Friendly units that may aid: in base contact, same size class and unit type, seeing the
    target; or Sensor units with attacker and target in Sensor range ((Size Class + 1) x 5)."""
    found = []
    for other in field.units:
        if other is attacker or other.side != attacker.side:
            continue
        unit = other.unit
        sensor = unit.has(Ability.SENSOR)
        contact = other.footprint.distance(attacker.footprint) <= 1e-6
        matching = unit.size_class == attacker.unit.size_class and (
            unit.unit_type == attacker.unit.unit_type
        )
        sees = seen_fraction(field, other, target)[0] > 0
        sensing = sensor and all(
            other.centre.distance(p.centre) <= (unit.size_class + 1) * 5 for p in (attacker, target)
        )
        if (contact and matching and sees) or sensing:
            found.append(Aider(unit.name, unit.has(Ability.MULTIPLE_UNIT), sensor))
    return found


@dataclass(frozen=True)
class Measured:
    """What the battlefield says about one attack (ruling MS-8), each fact with its rule."""

    attacker: Placed
    target: Placed
    weapon: Weapon
    distance: float
    reach: float
    in_arc: bool
    visible: Fraction
    friendly_cover: Fraction
    rear_arc: bool
    other_targets: int
    aiders: tuple[Aider, ...]

    def facts(self) -> list[tuple[str, str]]:
        a, t, arm = self.attacker.unit.name, self.target.unit.name, self.weapon.name
        arcs = ", ".join(arc.value for arc in self.weapon.arcs)
        found = [
            (
                "Making Attacks",
                f"range {inches(self.distance)}\" from {a}'s centre to {t}'s edge; {arm} "
                f'reaches {inches(self.reach)}" (MS-8)',
            ),
            (
                ARCS,
                f"{t} is {'in' if self.in_arc else 'outside'} the firing arc of {arm} ({arcs}; "
                "MS-1)",
            ),
            ("Attack Modifiers", f"{a}'s head sees {_share(self.visible)} of {t} (MS-3)"),
            ("Making Attacks", f"friendly units cover {_share(self.friendly_cover)} of {t}"),
            (
                "Attack Modifiers",
                f"{a} is {'' if self.rear_arc else 'not '}in {t}'s rear 90-degree arc",
            ),
            (
                "Attack Modifiers",
                f"{self.other_targets} other possible "
                f"target{'' if self.other_targets == 1 else 's'} closer",
            ),
        ]
        moves = [
            what
            for what, on in (
                ("ran or charged", self.attacker.ran_or_charged),
                ("moved", self.attacker.moved and not self.attacker.ran_or_charged),
            )
            if on
        ]
        if moves:
            found.append(("Attack Modifiers", f"{a} {', '.join(moves)} this turn (file)"))
        if self.target.moved_over_10:
            found.append(("Attack Modifiers", f'{t} moved more than 10" this turn (file)'))
        names = ", ".join(aider.name for aider in self.aiders) or "none"
        found.append(("Guided Attack", f"units that may aid: {names} (MS-7)"))
        return found


def _share(value: Fraction) -> str:
    return f"{float(value) * 100:.0f}%"


def measure(field: Field, attacker: str, target: str, *, weapon: str | None = None) -> Measured:
    """Everything the battlefield says about ``attacker`` attacking ``target`` (MS-8)."""
    a, t = field.placed(attacker), field.placed(target)
    if a.side == t.side:
        raise SkirmishError(f"{a.unit.name} and {t.unit.name} are on the same side")
    arm = a.unit.weapon(weapon)
    visible, friendly = seen_fraction(field, a, t)
    distance = reach(a, t)
    longest = effective_range(a.unit, arm)
    others = 0
    for other in field.units:
        if other is t or other.side != t.side or other.unit.size_class < t.unit.size_class:
            continue
        seen, _ = seen_fraction(field, a, other)
        if (
            reach(a, other) < distance
            and seen > 0
            and seen >= visible
            and in_arc(a, arm, other)
            and reach(a, other) <= longest
        ):
            others += 1
    rear = abs((t.bearing(a.centre) - 180 + 180) % 360 - 180) <= 45
    return Measured(
        a,
        t,
        arm,
        distance,
        longest,
        in_arc(a, arm, t),
        visible,
        friendly,
        rear,
        0 if arm.type.melee else others,
        tuple(aid_candidates(field, a, t)),
    )


def situation_on(
    field: Field, attacker: str, target: str, *, weapon: str | None = None
) -> Situation:
    """The attack of ``attacker`` on ``target`` with every measurable fact from the table."""
    found = measure(field, attacker, target, weapon=weapon)
    a, t, arm = found.attacker, found.target, found.weapon
    conditions = Conditions(
        ran_or_charged=a.ran_or_charged,
        visible_fraction=found.visible,
        target_moved_over_10=t.moved_over_10,
        rear_arc=found.rear_arc,
        moved=a.moved,
        other_targets=found.other_targets,
    )
    if not found.in_arc:
        raise SkirmishError(
            f"{ARCS}: {t.unit.name} is outside the firing arc of {arm.name} "
            f"({', '.join(arc.value for arc in arm.arcs)})"
        )
    return Situation(
        a.unit,
        t.unit,
        arm,
        distance=found.distance,
        in_arc=True,
        visible=found.visible > 0,
        friendly_cover=found.friendly_cover,
        conditions=conditions,
    )
