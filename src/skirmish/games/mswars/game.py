"""MS Wars in the registry: its roster, options, situation, procedure and answers."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.engine import Decision, Procedure, pure
from skirmish.errors import SkirmishError
from skirmish.games.base import Game, Referee
from skirmish.games.mswars import options as flags
from skirmish.games.mswars.attack import AID_CHOICE, RAM_CHOICE, Result, Situation
from skirmish.games.mswars.odds import Summary, advise_aid, decided, odds, procedure
from skirmish.games.mswars.reports import advise_report, fighters_report, los_report, odds_report
from skirmish.games.mswars.units import Arc, Force, load_force, sample_force
from skirmish.options import Options
from skirmish.report import Report, check_picture, inches

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from skirmish.games.mswars.field import Field, Measured, Placed
    from skirmish.geometry.scene import Scene


def result_json(result: Result) -> dict[str, Any]:
    data = asdict(result)
    data["aid"] = list(result.aid)
    return data


class MsWars(Game):
    """MS Wars: the D20 attack, every modifier, aid and attacks of opportunity."""

    name = "mswars"
    roster_flag = "--force"
    commands: ClassVar[dict[str, type[Options]]] = {
        "fighters": flags.FightersOptions,
        "odds": flags.OddsOptions,
        "attack": flags.AttackOptions,
        "advise": flags.AdviseOptions,
        "los": flags.LosOptions,
        "draw": flags.DrawOptions,
    }
    decisions: ClassVar[dict[str, str]] = {AID_CHOICE: "--aid-choice", RAM_CHOICE: "--ram-choice"}
    examples = "skirmish.games.mswars.examples"

    def bundled(self) -> Force:
        return sample_force()

    def load_roster(self, path: Path) -> Force:
        return load_force(path)

    def situation(self, options: Options) -> Situation:
        assert isinstance(options, flags.SituationOptions)
        return flags.situation(options)

    def procedure(self, situation: Situation) -> Procedure[Result]:
        return procedure(situation)

    def _field(self, path: Path, force: Path | None) -> Field:
        from skirmish.games.mswars.field import load_field

        return load_field(path, flags.force(force))

    def _measured(self, options: flags.SituationOptions) -> Measured | None:
        if options.battlefield is None:
            return None
        from skirmish.games.mswars.field import measure

        field = self._field(options.battlefield, options.force)
        assert options.attacker is not None and options.target is not None
        return measure(field, options.attacker, options.target, weapon=options.weapon)

    def fighters(self, options: Options) -> Report:
        assert isinstance(options, flags.FightersOptions)
        return fighters_report(flags.force(options.force))

    def odds(self, options: Options) -> Report:
        assert isinstance(options, flags.OddsOptions)
        situation = self.situation(options)
        opportunity = flags.opportunity(options, situation)
        given = flags.choices(options, situation)
        results = odds(
            situation, choices=given, objective=options.objective, opportunity=opportunity
        )
        chosen = decided(
            situation, choices=given, objective=options.objective, opportunity=opportunity
        )
        return odds_report(situation, Summary.of(results), chosen, given, self._measured(options))

    def advise(self, options: Options) -> Report:
        assert isinstance(options, flags.AdviseOptions)
        situation = self.situation(options)
        opportunity = flags.opportunity(options, situation)
        advice = advise_aid(situation, options.objective, opportunity)
        if not advice.keys:
            raise SkirmishError(
                "nothing to advise: give --aid 1 or --aid 2 (Guided Attack), or --opportunity "
                "--charged --ram DICE (Attacks of Opportunity)"
            )
        return advise_report(situation, advice, options.objective, self._measured(options))

    def referee(self, options: Options) -> Referee:
        assert isinstance(options, flags.AttackOptions)
        situation = self.situation(options)
        opportunity = flags.opportunity(options, situation)
        answers = {key: pure(option) for key, option in flags.choices(options, situation).items()}

        def flag(decision: Decision) -> str | None:
            return self.answering_flag(decision.key)

        return Referee(
            procedure(situation, opportunity),
            answers,
            flag,
            result_json,
            names={
                "attacker": situation.attacker.name,
                "attack": situation.weapon.name,
                "target": situation.target.name,
            },
        )

    def los(self, options: Options) -> Report:
        assert isinstance(options, flags.LosOptions)
        from skirmish.games.mswars.field import measure

        field = self._field(options.file, options.force)
        return los_report(measure(field, options.attacker, options.target, weapon=options.weapon))

    def draw(self, options: Options) -> Report:
        assert isinstance(options, flags.DrawOptions)
        check_picture(options.output, flag="--output")
        if (options.attacker is None) != (options.target is None):
            raise SkirmishError("give both --attacker and --target, or neither")
        field = self._field(options.file, options.force)
        picture = scene(field, options)
        return Report((), {"game": self.name}, pictures=((options.output, picture),))


def scene(field: Field, options: flags.DrawOptions) -> Scene:
    """The battlefield to draw: terrain that blocks sight, units facing their way, and with
    an attacker and a target, the range line and the facts (MS-8)."""
    from shapely import LineString

    from skirmish.games.mswars.field import measure, reach
    from skirmish.geometry.scene import TERRAIN, Area, Base, Scene, Stroke

    strokes = []
    shaded: list[Area] = []
    notes: tuple[str, ...] = ()
    title = "Battlefield"
    if options.attacker is not None and options.target is not None:
        measured = measure(field, options.attacker, options.target, weapon=options.weapon)
        a, t = measured.attacker, measured.target
        edge = t.footprint.exterior.interpolate(t.footprint.exterior.project(a.centre))
        strokes.append(
            Stroke(
                LineString([a.centre, edge]),
                "attack" if measured.in_arc and measured.visible > 0 else "blocked",
                f'range {inches(reach(a, t))}" (centre to edge, MS-8)',
            )
        )
        strokes.append(Stroke(LineString([a.head, t.centre]), "sight", "sight from the head"))
        notes = tuple(f"{rule}: {text}" for rule, text in measured.facts())
        title = f"{a.unit.name} -> {t.unit.name}: {measured.weapon.name}"
        arm = measured.weapon
        arcs = ", ".join(arc.value for arc in arm.arcs)
        behind = a.centre.distance(t.centre) + a.unit.base
        shaded = [
            Area(
                arc_area(a, arm.arcs, measured.reach, field),
                "arc",
                f"{arm.name}'s firing arc ({arcs}) from {a.unit.name}'s centre (MS-1), out to "
                f'its reach {inches(measured.reach)}" (MS-8)',
            ),
            Area(
                arc_area(t, (Arc.REAR,), behind, field),
                "rear-arc",
                f"{t.unit.name}'s rear 90-degree arc (MS-1)",
            ),
        ]
    return Scene(
        field.width,
        field.length,
        areas=(
            *(Area(shape, f"{TERRAIN} blocking", name=name) for name, shape in field.terrain),
            *shaded,
        ),
        bases=tuple(
            Base(p.unit.name, p.centre.x, p.centre.y, p.unit.base, p.side, p.facing)
            for p in field.units
        ),
        strokes=tuple(strokes),
        title=title,
        notes=notes,
    )


def arc_area(placed: Placed, arcs: Sequence[Arc], radius: float, field: Field) -> BaseGeometry:
    """Where a line from ``placed``'s centre may end to lie in one of ``arcs`` (MS-1: each a
    90-degree wedge about its bearing from the facing, measured as
    :func:`skirmish.games.mswars.field.in_arc` measures it), out to ``radius``, on the
    table."""
    from shapely import Polygon, box, union_all

    x, y = placed.centre.x, placed.centre.y
    wedges = []
    for arc in arcs:
        if arc is Arc.ALL:
            return placed.centre.buffer(radius).intersection(box(0, 0, field.width, field.length))
        middle = placed.facing + arc.centre
        rim = [
            (x + radius * math.sin(math.radians(b)), y + radius * math.cos(math.radians(b)))
            for b in (middle - 45 + step * 90 / 16 for step in range(17))
        ]
        wedges.append(Polygon([(x, y), *rim]))
    return union_all(wedges).intersection(box(0, 0, field.width, field.length))


GAME = MsWars()
