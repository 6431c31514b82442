"""``skirmish odds|attack|fighters magewinds``: the Magewinds commands."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from skirmish.analysis.plots import DamagePanel, check_output, damage_bars
from skirmish.cli.options import (
    JsonOption,
    battlefield_fighters,
    new_seed,
    print_play,
    sharing,
)
from skirmish.cli.output import fraction_text, percent, wide_console
from skirmish.datafiles import raw_problem
from skirmish.engine import Decision, Mix, play, pure
from skirmish.errors import IllegalChoice, SkirmishError
from skirmish.games.magewinds import (
    AttackChoice,
    AttackProfile,
    AttackSituation,
    AttackType,
    Combatant,
    FighterProfile,
    Pack,
    Reaction,
    Strike,
    bundled_pack,
    find_effect,
    load_pack,
    resolve_attack,
)
from skirmish.games.magewinds.attack import ATTACK_CHOICE, DEFENCE_CHOICE, target_number
from skirmish.games.magewinds.field import NearObstacles, load_battlefield
from skirmish.games.magewinds.odds import Case, legal_pairs, odds
from skirmish.games.magewinds.pack import FighterModel, StrikeModel
from skirmish.games.magewinds.profiles import Ability
from skirmish.games.magewinds.tabletop import TableReport, situation_on


class ChoiceName(StrEnum):
    light = "light"
    heavy = "heavy"
    feint = "feint"


class ReactionName(StrEnum):
    none = "none"
    dodge = "dodge"
    deflect = "deflect"
    mirrorshield = "mirrorshield"


NearObstaclesOption = Annotated[
    NearObstacles | None,
    typer.Option(
        help='Battlefield ruling MW-14: ignore only the parts of obstacles within 1" of the '
        "attacker (parts, the default) or the whole of them (whole); overrides the file."
    ),
]


def refuse_without_battlefield(near_obstacles: NearObstacles | None) -> None:
    """--near-obstacles reads a battlefield: refuse it without --battlefield."""
    if near_obstacles is not None:
        raise SkirmishError("--near-obstacles: it reads a battlefield; give --battlefield too")


@dataclass(frozen=True)
class Request:
    """A Magewinds attack as asked for on the command line."""

    situation: AttackSituation
    choice: AttackChoice | None
    reaction: Reaction | None
    table: TableReport | None = None


def _situation_options(
    attacker: Annotated[
        str | None, typer.Option(help="Attacking fighter, by name (see `skirmish fighters`).")
    ] = None,
    attack: Annotated[
        str | None, typer.Option(help="Attack of the attacker, by name (default: its first).")
    ] = None,
    target: Annotated[str | None, typer.Option(help="Target fighter, by name.")] = None,
    pack: Annotated[
        Path | None, typer.Option(help="Your own fighter pack (YAML), added to the bundled one.")
    ] = None,
    power: Annotated[int | None, typer.Option(help="Raw attack: Power (6.0).")] = None,
    precision: Annotated[int | None, typer.Option(help="Raw attack: Precision (6.0).")] = None,
    light: Annotated[
        str | None, typer.Option(help="Raw split attack: Light Power/Precision, e.g. 3/9.")
    ] = None,
    heavy: Annotated[
        str | None, typer.Option(help="Raw split attack: Heavy Power/Precision, e.g. 6/5.")
    ] = None,
    attack_type: Annotated[
        AttackType, typer.Option(help="Raw attack: melee or missile (6.0).")
    ] = AttackType.MELEE,
    spell: Annotated[bool, typer.Option(help="Raw attack: it is a (magical) spell.")] = False,
    evasion: Annotated[int | None, typer.Option(help="Target Evasion (4.5).")] = None,
    armour: Annotated[int | None, typer.Option(help="Target Armour (4.5).")] = None,
    toughness: Annotated[int | None, typer.Option(help="Target Toughness (4.5).")] = None,
    dodge: Annotated[int | None, typer.Option(help="Target Dodge bonus (4.5).")] = None,
    deflect: Annotated[int | None, typer.Option(help="Target Deflect bonus (4.5).")] = None,
    choice: Annotated[
        ChoiceName | None, typer.Option(help="Attack choice for a split profile (18.3).")
    ] = None,
    reaction: Annotated[ReactionName | None, typer.Option(help="Defence choice (18.4).")] = None,
    cover: Annotated[bool, typer.Option(help="Target is in cover: +1 Evasion (18.2).")] = False,
    no_dodge_step: Annotated[
        bool, typer.Option(help='No legal 1" step away exists, so no Dodge (18.4).')
    ] = False,
    distance: Annotated[
        float | None, typer.Option(help="Length of the line of attack, checked against Range.")
    ] = None,
    damage_taken: Annotated[int, typer.Option(help="Damage the target already has.")] = 0,
    target_counters: Annotated[
        int, typer.Option(help="Target's action counters: 0, 1 or 2 (9.1).")
    ] = 0,
    guard: Annotated[
        bool, typer.Option(help="Target used Guard: its next Dodge/Deflect is free (13.4).")
    ] = False,
    attacker_counters: Annotated[int, typer.Option(help="Attacker's action counters.")] = 0,
    attacker_damage: Annotated[int, typer.Option(help="Damage the attacker already has.")] = 0,
    third_eye: Annotated[
        bool, typer.Option(help="Attacker under Third Eye (+1 Precision).")
    ] = False,
    target_third_eye: Annotated[
        bool, typer.Option(help="Target under Third Eye (+1 Evasion).")
    ] = False,
    hex: Annotated[
        bool, typer.Option(help="Attacker is hexed: target number at most 5, hits re-rolled.")
    ] = False,
    white_hot: Annotated[
        bool, typer.Option(help="White-Hot Weapons: ignore 1 Armour on non-magical melee.")
    ] = False,
    wildform: Annotated[
        bool, typer.Option(help="Attacker in Wildform: +1 Power on melee attacks.")
    ] = False,
    target_wildform: Annotated[
        bool, typer.Option(help="Target in Wildform: it cannot Deflect.")
    ] = False,
    mirrorshield: Annotated[
        bool, typer.Option(help="Target may cast Mirrorshield as its reaction.")
    ] = False,
    barrier: Annotated[
        int, typer.Option(help="Clubs spent on Barrier when the target takes damage (0-3).")
    ] = 0,
    battlefield: Annotated[
        Path | None,
        typer.Option(
            help="Battlefield file: --attacker/--target name fighters on it; range, cover and "
            "Dodge come from the geometry."
        ),
    ] = None,
    near_obstacles: NearObstaclesOption = None,
) -> Request:
    fighters = bundled_pack()
    if pack is not None:
        fighters = fighters.merged(load_pack(pack))
    if mirrorshield:
        fighters = _with_mirrorshield(fighters, target)
    attacker_effects = _effects(third_eye=third_eye, hex=hex, white_hot_weapons=white_hot)
    attacker_effects |= _effects(wildform=wildform)
    target_effects = _effects(third_eye=target_third_eye, wildform=target_wildform)
    chosen = (
        AttackChoice(choice.value) if choice else None,
        Reaction(reaction.value) if reaction else None,
    )
    if battlefield is not None:
        given = {
            "--power": power,
            "--precision": precision,
            "--light": light,
            "--heavy": heavy,
            "--evasion": evasion,
            "--armour": armour,
            "--toughness": toughness,
            "--dodge": dodge,
            "--deflect": deflect,
            "--distance": distance,
            "--cover": cover or None,
            "--no-dodge-step": no_dodge_step or None,
            "--damage-taken": damage_taken or None,
            "--target-counters": target_counters or None,
            "--guard": guard or None,
            "--attacker-counters": attacker_counters or None,
            "--attacker-damage": attacker_damage or None,
        }
        attacker, target = battlefield_fighters(
            given,
            attacker,
            target,
            rules="fighters' stats, state, range 18.1, cover 18.2, Dodge 18.4",
        )
        field = load_battlefield(battlefield, pack=fighters, near_obstacles=near_obstacles)
        situation, table = situation_on(
            field,
            attacker,
            target,
            attack,
            attacker_effects=attacker_effects,
            target_effects=target_effects,
            barrier_clubs=barrier,
        )
        return Request(situation, *chosen, table=table)
    refuse_without_battlefield(near_obstacles)
    attacker_profile = _attacker_profile(fighters, attacker)
    attack_profile = _attack_profile(
        attacker_profile, attack, power, precision, light, heavy, attack_type, spell
    )
    target_profile = _target_profile(
        fighters,
        target,
        evasion=evasion,
        armour=armour,
        toughness=toughness,
        dodge=dodge,
        deflect=deflect,
    )
    if mirrorshield and not target_profile.has_ability("mirrorshield"):
        target_profile = _add_mirrorshield(target_profile)
    situation = AttackSituation(
        attacker=Combatant(
            attacker_profile,
            damage=attacker_damage,
            action_counters=attacker_counters,
            effects=attacker_effects,
        ),
        target=Combatant(
            target_profile,
            damage=damage_taken,
            action_counters=target_counters,
            guarding=guard,
            effects=target_effects,
        ),
        attack=attack_profile,
        cover=cover,
        can_dodge=not no_dodge_step,
        barrier_clubs=barrier,
        distance=distance,
    )
    return Request(situation, *chosen)


def _add_mirrorshield(profile: FighterProfile) -> FighterProfile:
    spell = Ability("Mirrorshield", "spell reaction", "1 Club", key="mirrorshield")
    return replace(profile, abilities=(*profile.abilities, spell))


def _with_mirrorshield(fighters: Pack, target: str | None) -> Pack:
    """--mirrorshield: the named target may cast Mirrorshield (used with --battlefield)."""
    if target is None:
        return fighters
    try:
        profile = fighters.fighter(target)
    except SkirmishError:
        return fighters  # a battlefield name or raw target; handled where it is built
    if profile.has_ability("mirrorshield"):
        return fighters
    updated = _add_mirrorshield(profile)
    return replace(fighters, items=tuple(updated if f is profile else f for f in fighters.fighters))


def _effects(**flags: bool) -> frozenset[Any]:
    return frozenset(find_effect(key) for key, on in flags.items() if on)


RAW_ATTACKER = FighterProfile("Attacker", 6, 5, 0, 0, 0, 0)


def _attacker_profile(fighters: Pack, name: str | None) -> FighterProfile:
    return fighters.fighter(name) if name is not None else RAW_ATTACKER


def _attack_profile(
    attacker: FighterProfile,
    name: str | None,
    power: int | None,
    precision: int | None,
    light: str | None,
    heavy: str | None,
    attack_type: AttackType,
    spell: bool,
) -> AttackProfile:
    raw = [
        flag
        for flag, value in (
            ("--power", power),
            ("--precision", precision),
            ("--light", light),
            ("--heavy", heavy),
        )
        if value is not None
    ]
    if not raw:
        if attacker is RAW_ATTACKER:
            raise SkirmishError(
                "give --attacker NAME, or a raw attack with --power and --precision "
                "(or --light and --heavy)"
            )
        return attacker.attack(name)
    if name is not None:
        raise SkirmishError(f"--attack {name!r} cannot be combined with {', '.join(raw)}")
    if (power is None) != (precision is None):
        raise SkirmishError("a raw attack needs both --power and --precision (6.0)")
    if (light is None) != (heavy is None):
        raise SkirmishError("a raw split attack needs both --light and --heavy (6.0)")
    if power is not None and light is not None:
        raise SkirmishError("give --power/--precision or --light/--heavy, not both (6.0)")
    single = _strike("--power/--precision", power, precision) if power is not None else None
    return AttackProfile(
        name="Attack",
        type=attack_type,
        minimum_range=0,
        maximum_range=float("inf"),
        single=single,
        light=_parse_strike("--light", light) if light else None,
        heavy=_parse_strike("--heavy", heavy) if heavy else None,
        spell=spell,
    )


def _strike(option: str, power: int | None, precision: int | None) -> Strike:
    problem = raw_problem(StrikeModel, {"power": power, "precision": precision})
    if problem is not None:
        raise SkirmishError(f"{option}: {problem} (6.0)")
    assert power is not None and precision is not None
    return Strike(power, precision)


def _parse_strike(option: str, text: str) -> Strike:
    parts = text.split("/")
    if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
        raise SkirmishError(f"{option} {text!r}: expected Power/Precision such as 3/9")
    return _strike(option, int(parts[0]), int(parts[1]))


def _target_profile(fighters: Pack, name: str | None, **overrides: int | None) -> FighterProfile:
    given = {key: value for key, value in overrides.items() if value is not None}
    if name is not None:
        profile = fighters.fighter(name)
    else:
        profile = FighterProfile(
            "Target", toughness=6, movement=5, armour=0, deflect=0, evasion=0, dodge=0
        )
    if not given:
        return profile
    fields = {
        "name": profile.name,
        "toughness": profile.toughness,
        "movement": profile.movement,
        "armour": profile.armour,
        "deflect": profile.deflect,
        "evasion": profile.evasion,
        "dodge": profile.dodge,
        **given,
    }
    problem = raw_problem(FighterModel, fields)
    if problem is not None:
        raise SkirmishError(f"target {problem}")
    return replace(profile, **given)  # type: ignore[arg-type]


with_situation = sharing(_situation_options, "request")
"""Give a command the shared Magewinds options; it receives the built ``request``."""


@with_situation
def odds_command(
    request: Request,
    as_json: JsonOption = False,
    fractions: Annotated[
        bool, typer.Option(help="Show exact fractions instead of percentages.")
    ] = False,
    plot: Annotated[
        Path | None,
        typer.Option(help="Also draw the damage distribution of each case to a PNG/SVG/PDF."),
    ] = None,
) -> None:
    """Exact damage distribution, expected damage and take-down chance of an attack.

    With a split profile and no --choice/--reaction, every legal pair is shown.
    """
    if plot is not None:
        check_output(plot)
    cases = odds(request.situation, choice=request.choice, reaction=request.reaction)
    if plot is not None:
        draw_cases(request.situation, cases, plot)
    if as_json:
        data = odds_json(request.situation, cases)
        if request.table is not None:
            data["battlefield"] = table_json(request)
        typer.echo(json.dumps(data, indent=2))
        return
    console = wide_console()
    print_table_reasons(console, request)
    console.print(odds_table(request.situation, cases, fractions=fractions))


def table_json(request: Request) -> dict[str, Any]:
    """What the battlefield decided for an attack, for JSON answers."""
    assert request.table is not None
    return {
        "distance": request.situation.distance,
        "cover": request.situation.cover,
        "can_dodge": request.situation.can_dodge,
        "reasons": request.table.reasons(),
    }


def print_table_reasons(console: Console, request: Request) -> None:
    """With --battlefield, say what the geometry decided, each with its rule."""
    if request.table is not None:
        for line in request.table.reasons():
            console.print(line)


def draw_cases(situation: AttackSituation, cases: list[Case], path: Path) -> None:
    """Bars of the damage distribution of each case, expected damage and take-down marked."""
    panels = [
        DamagePanel(
            f"{case.choice.value if case.choice else situation.attack.name} "
            f"vs {case.reaction.value}",
            dict(case.damage.probabilities),
            case.expected_damage,
            case.p_take_down,
        )
        for case in cases
    ]
    damage_bars(
        panels,
        path,
        title=f"{situation.attacker.name} -> {situation.target.name}: {situation.attack.name}",
    )
    typer.echo(f"wrote {path}", err=True)


def _case_json(case: Case) -> dict[str, Any]:
    data: dict[str, Any] = {
        "choice": case.choice.value if case.choice else None,
        "reaction": case.reaction.value,
        "damage": {str(k): str(v) for k, v in case.damage},
        "expected_damage": str(case.expected_damage),
        "p_take_down": str(case.p_take_down),
        "hits": {str(k): str(v) for k, v in case.hits},
        "p_knockback": str(case.p_knockback),
    }
    if any(r.push for r, _ in case.results):
        data["push"] = {str(k): str(v) for k, v in case.results.map(lambda r: r.push)}
    if case.reaction is Reaction.MIRRORSHIELD:
        data["attacker_damage"] = {
            str(k): str(v) for k, v in case.results.map(lambda r: r.attacker_damage)
        }
    return data


def odds_json(situation: AttackSituation, cases: list[Case]) -> dict[str, Any]:
    """The JSON answer of ``odds``: one case flat, several under ``cases``."""
    head: dict[str, Any] = {
        "game": "magewinds",
        "attacker": situation.attacker.name,
        "attack": situation.attack.name,
        "target": situation.target.name,
    }
    if len(cases) == 1:
        return {**head, **_case_json(cases[0])}
    return {**head, "cases": [_case_json(case) for case in cases]}


def odds_table(situation: AttackSituation, cases: list[Case], *, fractions: bool) -> Table:
    """A Rich table: one row per (choice, reaction) pair."""
    show: Callable[[Fraction], str] = fraction_text if fractions else percent
    attack = situation.attack
    most = max((k for case in cases for k, _ in case.damage), default=0)
    title = (
        f"{situation.attacker.name} -> {situation.target.name}: {attack.name} "
        f"({attack.type.value}, Range {attack.range_text()})"
        + (", target in cover" if situation.cover else "")
    )
    table = Table(
        title=title,
        caption="columns 0, 1, 2, ...: chance of that much damage from this attack; "
        "TN: target number (18.5.1); P/Pr: Power/Precision",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
    )
    for column in ("choice", "reaction", "P/Pr", "TN"):
        table.add_column(column, no_wrap=True)
    for value in range(most + 1):
        table.add_column(str(value), justify="right", no_wrap=True)
    mirrored = any(case.reaction is Reaction.MIRRORSHIELD for case in cases)
    extra = ("E(dmg back)", "P(attacker down)") if mirrored else ()
    for column in ("E(dmg)", "P(down)", "P(knockback)", *extra):
        table.add_column(column, justify="right", no_wrap=True)
    for case in cases:
        damage = dict(case.damage.probabilities)
        if case.choice is AttackChoice.FEINT:
            stats, tn = "-", "-"
        else:
            strike = attack.strike(case.choice)
            stats = f"{strike.power}/{strike.precision}"
            tn = str(target_number(situation, strike, case.reaction))
        table.add_row(
            case.choice.value if case.choice else "-",
            case.reaction.value,
            stats,
            tn,
            *(show(damage.get(value, Fraction(0))) for value in range(most + 1)),
            fraction_text(case.expected_damage)
            if fractions
            else f"{float(case.expected_damage):.3f}",
            show(case.p_take_down),
            show(case.p_knockback),
            *(
                (
                    fraction_text(case.expected_attacker_damage)
                    if fractions
                    else f"{float(case.expected_attacker_damage):.3f}",
                    show(case.results.probability(lambda r: r.attacker_taken_down)),
                )
                if mirrored
                else ()
            ),
        )
    return table


class PromptPlayer:
    """Asks a person at the terminal; hidden choices are typed without echo."""

    def __init__(self, answers: dict[str, str]) -> None:
        self.answers = answers

    def __call__(self, decision: Decision) -> Mix:
        if decision.key in self.answers:
            return pure(self.answers[decision.key])
        if not sys.stdin.isatty():
            flag = "--choice" if decision.key == ATTACK_CHOICE else "--reaction"
            raise IllegalChoice(
                f"{decision.rule}: {flag} is needed ({', '.join(decision.options)}); "
                "no terminal to ask at"
            )
        answer = (
            typer.prompt(
                f"{decision.prompt} [{'/'.join(decision.options)}]", hide_input=decision.hidden
            )
            .strip()
            .casefold()
        )
        return pure(answer)


@with_situation
def attack_command(
    request: Request,
    seed: Annotated[
        int | None, typer.Option(help="Seed for the dice; the same seed gives the same log.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Referee one attack: roll the dice and print the log, each line citing its rule."""
    seed = new_seed(seed)
    answers = {}
    if request.choice is not None:
        answers[ATTACK_CHOICE] = request.choice.value
    if request.reaction is not None:
        answers[DEFENCE_CHOICE] = request.reaction.value
    legal_pairs(request.situation, choice=request.choice, reaction=request.reaction)
    player = PromptPlayer(answers)
    outcome = play(
        functools.partial(resolve_attack, situation=request.situation), players=player, seed=seed
    )
    print_play("magewinds", seed, result_json(outcome.result), outcome.log, as_json=as_json)


def result_json(result: Any) -> dict[str, Any]:
    """A result record as JSON-ready values."""
    from dataclasses import asdict

    data = asdict(result)
    data["statuses"] = sorted(result.statuses)
    return {k: (v.value if isinstance(v, StrEnum) else v) for k, v in data.items()}


def fighters_command(
    pack: Annotated[Path | None, typer.Option(help="Also list the fighters of this pack.")] = None,
    as_json: JsonOption = False,
) -> None:
    """List the Magewinds fighter profiles (4.5) and their attacks (6.0)."""
    fighters = bundled_pack() if pack is None else bundled_pack().merged(load_pack(pack))
    if as_json:
        typer.echo(json.dumps([_fighter_json(f) for f in fighters.fighters], indent=2))
        return
    table = Table(title=f"Magewinds fighters: {fighters.name}")
    for column in ("fighter", "page", "T", "Mv", "Arm", "Dfl", "Ev", "Ddg", "attacks"):
        table.add_column(column)
    for fighter in fighters.fighters:
        table.add_row(
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
            "\n".join(_attack_text(a) for a in fighter.attacks),
        )
    wide_console().print(table)


def _attack_text(attack: AttackProfile) -> str:
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


def _fighter_json(fighter: FighterProfile) -> dict[str, Any]:
    return {
        "name": fighter.name,
        "version": fighter.version,
        "toughness": fighter.toughness,
        "movement": fighter.movement,
        "armour": fighter.armour,
        "deflect": fighter.deflect,
        "evasion": fighter.evasion,
        "dodge": fighter.dodge,
        "attacks": [_attack_text(a) for a in fighter.attacks],
        "abilities": [a.name for a in fighter.abilities],
    }
