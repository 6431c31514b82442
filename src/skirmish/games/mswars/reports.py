"""MS Wars answers as lines, tables and JSON: odds, advice, units, battlefield facts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish.games.mswars.attack import Situation
from skirmish.games.mswars.odds import AidAdvice, Objective, Summary
from skirmish.games.mswars.units import Force, Unit, Weapon
from skirmish.report import (
    Block,
    Cell,
    Chance,
    Grid,
    Line,
    Mean,
    Report,
    distribution,
    exact,
    length,
)

if TYPE_CHECKING:
    from skirmish.games.mswars.field import Measured

GAME = "mswars"


def heading(situation: Situation) -> dict[str, Any]:
    return {
        "game": GAME,
        "attacker": situation.attacker.name,
        "attack": situation.weapon.name,
        "target": situation.target.name,
    }


def facts_json(measured: Measured | None) -> dict[str, Any] | None:
    """What the battlefield decided, for JSON answers."""
    if measured is None:
        return None
    return {
        "distance": length(measured.distance),
        "in_arc": measured.in_arc,
        "visible": exact(measured.visible),
        "friendly_cover": exact(measured.friendly_cover),
        "rear_arc": measured.rear_arc,
        "other_targets": measured.other_targets,
        "may_aid": [aider.name for aider in measured.aiders],
        "facts": [{"rule": rule, "text": text} for rule, text in measured.facts()],
    }


def fact_lines(measured: Measured | None) -> list[Block]:
    return [] if measured is None else [Line.of(f"{r}: {t}") for r, t in measured.facts()]


def odds_report(
    situation: Situation,
    summary: Summary,
    chosen: dict[str, str],
    given: dict[str, str],
    measured: Measured | None,
) -> Report:
    """``odds``: the D20 to hit, the DC lost, out of action; the choices made, and why."""
    blocks: list[Block] = fact_lines(measured)
    blocks.append(
        Line.of(
            f"{situation.attacker.name} -> {situation.target.name} with "
            f"{situation.weapon.name}: attack value {summary.attack_value}, hits on a D20 of "
            f"{max(1, min(19, summary.needed))} or less",
            bold=True,
        )
    )
    for key, option in chosen.items():
        how = "given" if key in given else "solved, the better for the objective"
        blocks.append(Line.of(f"{key}: {option} ({how})"))
    blocks += [
        Grid(("DC lost", "chance"), tuple((str(k), Chance(p)) for k, p in summary.damage)),
        Line.of("chance to hit: ", Chance(summary.p_hit)),
        Line.of("expected DC lost: ", Mean(summary.expected_damage)),
        Line.of("chance out of action: ", Chance(summary.p_out_of_action)),
    ]
    case = {
        "choices": chosen,
        "distribution": distribution(summary.damage),
        "expected": {"dc_lost": exact(summary.expected_damage)},
        "chances": {
            "hit": exact(summary.p_hit),
            "out_of_action": exact(summary.p_out_of_action),
        },
        "details": {"attack_value": summary.attack_value, "needed": summary.needed},
    }
    data = {
        **heading(situation),
        "outcome": "DC lost",
        "battlefield": facts_json(measured),
        "cases": [case],
    }
    return Report(tuple(blocks), data)


def advise_report(
    situation: Situation, advice: AidAdvice, objective: Objective, measured: Measured | None
) -> Report:
    """``advise``: the value of every combination of the attacker's choices."""
    what = "expected DC lost" if objective is Objective.DAMAGE else "chance out of action"
    value = advice.values[advice.best]
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        (*combo, Mean(v)) for combo, v in sorted(advice.values.items(), key=lambda item: -item[1])
    )
    columns = tuple(
        f"aider {key.split()[-1]}" if key.startswith("aid") else "attack" for key in advice.keys
    )
    blocks: list[Block] = [
        *fact_lines(measured),
        Line.of(f"Ask for: {', then '.join(advice.best)} ({what} for each choice)", bold=True),
        Grid((*columns, what), rows),
    ]
    decisions = []
    for index, key in enumerate(advice.keys):
        options = {
            option: {
                "value": exact(
                    max(v for combo, v in advice.values.items() if combo[index] == option)
                )
            }
            for option in dict.fromkeys(combo[index] for combo in advice.values)
        }
        decisions.append(
            {
                "player": "attacker",
                "decision": key,
                "when": None,
                "options": options,
                "best": [advice.best[index]],
            }
        )
    data = {
        **heading(situation),
        "objective": objective.value,
        "value": exact(value),
        "exact": True,
        "decisions": decisions,
        "details": {
            "combinations": [
                {"choices": list(combo), "value": exact(v)} for combo, v in advice.values.items()
            ],
            "battlefield": facts_json(measured),
        },
    }
    return Report(tuple(blocks), data)


def _weapon_json(weapon: Weapon) -> dict[str, Any]:
    return {
        "name": weapon.name,
        "type": weapon.type.value,
        "range": weapon.range,
        "damage": weapon.damage,
        "hands": weapon.hands.value,
        "arcs": [arc.value for arc in weapon.arcs],
        "abilities": sorted(a.value for a in weapon.abilities),
        "sub_type": weapon.sub_type,
    }


def _unit_json(unit: Unit) -> dict[str, Any]:
    pilot = unit.pilot
    return {
        "name": unit.name,
        "profile": {
            "size_class": unit.size_class,
            "unit_type": unit.unit_type,
            "move_type": unit.move_type,
            "dc": unit.dc,
            "starting_dc": unit.start_dc,
            "armour": unit.armour,
            "defence": unit.defence,
            "strength": unit.strength,
        },
        "pilot": {
            "name": pilot.name,
            "range_attack": pilot.range_attack,
            "melee_attack": pilot.melee_attack,
            "reflex": pilot.reflex,
            "skills": sorted(s.value for s in pilot.skills),
        },
        "weapons": [_weapon_json(w) for w in unit.weapons],
        "abilities": sorted(a.value for a in unit.abilities),
    }


def fighters_report(units: Force) -> Report:
    """``fighters``: every unit with its pilot and weapons."""
    rows: list[tuple[Cell, ...]] = [
        (
            u.name,
            str(u.size_class),
            u.unit_type,
            str(u.dc),
            str(u.armour),
            str(u.defence),
            str(u.strength),
            f"{u.pilot.name} R{u.pilot.range_attack}/M{u.pilot.melee_attack}",
            "\n".join(
                f'{w.name} ({w.type.value}, {w.range:g}", {w.damage}, {w.hands.value}-handed)'
                for w in u.weapons
            ),
            ", ".join(sorted(a.value for a in u.abilities)),
        )
        for u in units.units
    ]
    grid = Grid(
        ("unit", "SC", "type", "DC", "Arm", "Def", "Str", "pilot", "weapons", "abilities"),
        tuple(rows),
        title="MS Wars units",
        caption="SC Size Class, Arm Armour, Def Defence, Str Strength; pilot R Range/M Melee "
        "attack",
    )
    data = {"game": GAME, "roster": units.name, "fighters": [_unit_json(u) for u in units.units]}
    return Report((grid,), data)


def los_report(measured: Measured) -> Report:
    """``los``: what the battlefield decides for the attack, each with its rule."""
    a, t = measured.attacker.unit.name, measured.target.unit.name
    data = {
        "game": GAME,
        "attacker": a,
        "target": t,
        "attack": measured.weapon.name,
        **(facts_json(measured) or {}),
    }
    heading_line = Line.of(f"{a} -> {t}: {measured.weapon.name}", bold=True)
    return Report((heading_line, *fact_lines(measured)), data)
