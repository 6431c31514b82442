"""``skirmish odds|attack|advise|fighters entropic``: the Entropic Engine commands."""

from __future__ import annotations

import functools
import json
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from skirmish.cli.options import (
    JsonOption,
    ask,
    battlefield_fighters,
    new_seed,
    parse_fraction,
    print_play,
    print_records,
    sharing,
)
from skirmish.cli.output import wide_console
from skirmish.engine import Decision, Mix, play, pure
from skirmish.errors import SkirmishError
from skirmish.games.entropic import (
    Aim,
    Approach,
    AttackResult,
    Bid,
    Force,
    Model,
    Outcome,
    Situation,
    StunRule,
    Values,
    bid_table,
    bidding_game,
    load_force,
    resolve_attack,
    result_of,
    sample_force,
    simple,
)
from skirmish.games.entropic.attack import (
    ATTACK_BID,
    COMPONENT,
    COUNTER_INTERRUPT,
    DAMAGED_ATTRIBUTE,
    DEFENSE_BID,
    MOVE_INTERRUPT,
    check,
)
from skirmish.games.entropic.bidding import DEFAULT_RESULT_VALUES, with_best_aim
from skirmish.games.entropic.field import load_field, situation_on

BACK = "attack back: "
"""The prefix of the decisions of a target's attack back."""


def _stunned(model: Model) -> Model:
    """A stun marker in effect on the model (on its first part)."""
    first, *rest = model.components
    return replace(model, components=(replace(first, active=first.active.plus_stun()), *rest))


def _cloaked(model: Model) -> Model:
    parts = tuple(replace(c, active=replace(c.active, cloaked=True)) for c in model.components)
    return replace(model, components=parts)


def _nearby(texts: list[str]) -> tuple[tuple[str, float], ...]:
    found = []
    for text in texts:
        name, _, distance = text.rpartition("=")
        try:
            found.append((name.strip(), float(distance)))
        except ValueError:
            raise SkirmishError(
                f"--nearby {text!r}: expected NAME=DISTANCE, such as 'Line Trooper=4'"
            ) from None
        if not name.strip():
            raise SkirmishError(f"--nearby {text!r}: expected NAME=DISTANCE")
    return tuple(found)


def _situation_options(
    attacker: Annotated[
        str | None, typer.Option(help="Attacking model, by name (see `skirmish fighters`).")
    ] = None,
    target: Annotated[str | None, typer.Option(help="Target model, by name.")] = None,
    force: Annotated[
        Path | None, typer.Option(help="Your own models (YAML), added to the sample force.")
    ] = None,
    attack: Annotated[int | None, typer.Option(help="Raw attacker: its Attack.")] = None,
    defend: Annotated[int | None, typer.Option(help="Raw target: its Defend.")] = None,
    weapon: Annotated[str | None, typer.Option(help="The attacker's weapon, by name.")] = None,
    weapon_range: Annotated[
        float | None, typer.Option(help="Raw attacker: its weapon's range (default 12).")
    ] = None,
    distance: Annotated[
        float | None, typer.Option(help="Attack distance, base to base (or to the path).")
    ] = None,
    closest: Annotated[
        bool, typer.Option(help="The target is the closest visible enemy: +1 attack.")
    ] = False,
    obscured: Annotated[bool, typer.Option(help="Any obscurement between: +1 defense.")] = False,
    path: Annotated[
        bool, typer.Option(help="Aim at a point on the target's path: +1 defense.")
    ] = False,
    cloaked: Annotated[
        bool, typer.Option(help="The target is cloaked: bases only, +1 defense.")
    ] = False,
    target_stunned: Annotated[
        bool, typer.Option(help="The target has a stun marker in effect: +1 attack.")
    ] = False,
    attacker_stunned: Annotated[
        bool, typer.Option(help="The attacker has a stun marker in effect: +1 defense.")
    ] = False,
    attacker_tokens: Annotated[
        int | None, typer.Option(help="Real command tokens on the attacker's console.")
    ] = None,
    attacker_dummies: Annotated[
        int, typer.Option(help="Dummy tokens on the attacker's console.")
    ] = 0,
    defender_tokens: Annotated[
        int | None, typer.Option(help="Real command tokens on the target's console.")
    ] = None,
    defender_dummies: Annotated[
        int, typer.Option(help="Dummy tokens on the target's console.")
    ] = 0,
    target_acted: Annotated[
        bool, typer.Option(help="The target has acted this turn: it cannot interrupt.")
    ] = False,
    component: Annotated[
        str | None, typer.Option(help="The part of a composite target the attacker names.")
    ] = None,
    part: Annotated[
        str | None, typer.Option(help="The part of a composite attacker that attacks.")
    ] = None,
    nearby: Annotated[
        list[str] | None,
        typer.Option(help="Another model and its distance from the attacker: NAME=DISTANCE."),
    ] = None,
    stun_rule: Annotated[
        StunRule, typer.Option(help="When a stunned model gives +1 (EE-4).")
    ] = StunRule.ANY,
    aim: Annotated[
        Aim | None,
        typer.Option(help="Where to aim: base, source, waypoint or path (default: the base)."),
    ] = None,
    battlefield: Annotated[
        Path | None,
        typer.Option(
            help="Battlefield file: --attacker/--target name models on it; distances, sight, "
            "obscurement, closest enemy, stuns and tokens come from it (EE-11)."
        ),
    ] = None,
) -> Situation:
    models = sample_force() if force is None else sample_force().merged(load_force(force))
    if battlefield is not None:
        given = {
            "--attack": attack,
            "--defend": defend,
            "--weapon-range": weapon_range,
            "--distance": distance,
            "--closest": closest or None,
            "--obscured": obscured or None,
            "--path": path or None,
            "--cloaked": cloaked or None,
            "--target-stunned": target_stunned or None,
            "--attacker-stunned": attacker_stunned or None,
            "--attacker-tokens": attacker_tokens,
            "--attacker-dummies": attacker_dummies or None,
            "--defender-tokens": defender_tokens,
            "--defender-dummies": defender_dummies or None,
            "--target-acted": target_acted or None,
            "--nearby": nearby or None,
        }
        attacker, target = battlefield_fighters(given, attacker, target, rules="EE-11")
        on_field = situation_on(
            load_field(battlefield, models), attacker, target, weapon=weapon, component=component
        )
        on_field = replace(on_field, part=part, stun_rule=stun_rule, aim=aim)
        check(on_field)
        return on_field
    attacking = _model(models, attacker, "--attack", attack, "attacker", weapon_range)
    defending = _model(models, target, "--defend", defend, "target", None)
    attacking = replace(
        attacking,
        real_tokens=2 * attacking.command if attacker_tokens is None else attacker_tokens,
        dummy_tokens=attacker_dummies,
    )
    defending = replace(
        defending,
        real_tokens=2 * defending.command if defender_tokens is None else defender_tokens,
        dummy_tokens=defender_dummies,
        acted=target_acted,
    )
    if attacker_stunned:
        attacking = _stunned(attacking)
    if target_stunned:
        defending = _stunned(defending)
    if cloaked:
        defending = _cloaked(defending)
    if path and cloaked:
        raise SkirmishError(
            "--path and --cloaked: a cloaked target may only be targeted at its bases (Effects)"
        )
    if distance is not None and distance < 0:
        raise SkirmishError(f"--distance {distance}: an attack distance cannot be negative")
    facts = Approach(distance, obscured)
    aims = ((Aim.PATH, facts), (Aim.BASE, Approach(distance))) if path else ((Aim.BASE, facts),)
    situation = Situation(
        attacking,
        defending,
        aims,
        aim=aim or (Aim.PATH if path else None),
        weapon=weapon,
        closest=closest,
        component=component,
        part=part,
        nearby=_nearby(nearby or []),
        stun_rule=stun_rule,
    )
    check(situation)
    return situation


def _model(
    models: Force,
    name: str | None,
    flag: str,
    value: int | None,
    role: str,
    weapon_range: float | None,
) -> Model:
    if name is not None:
        if value is not None:
            raise SkirmishError(f"{flag} and --{role} {name!r}: give a model or a raw value")
        if weapon_range is not None:
            raise SkirmishError(f"--weapon-range with --{role} {name!r}: choose --weapon instead")
        return models.model(name)
    if value is None:
        raise SkirmishError(f"give --{role} NAME or a raw {flag} value")
    if not 0 <= value <= 99:
        raise SkirmishError(f"{flag} {value}: an attribute is from 0 to 99")
    if weapon_range is not None and weapon_range <= 0:
        raise SkirmishError(f"--weapon-range {weapon_range:g}: a range is above 0")
    attack, defend = (value, 0) if role == "attacker" else (0, value)
    return simple(
        role.capitalize(),
        attack=attack,
        defend=defend,
        weapon_range=12 if weapon_range is None else weapon_range,
    )


with_situation = sharing(_situation_options, "situation")
"""Give a command the shared Entropic Engine options; it receives the built ``situation``."""


def _bid(flag: str, value: int | None, most: int) -> Bid | None:
    if value is None:
        return None
    if not 0 <= value <= most:
        raise SkirmishError(
            f"{flag} {value}: the console holds {most} real command tokens (Place Bids)"
        )
    return Bid(value)


def _result_json(result: AttackResult) -> dict[str, Any]:
    return {
        "aim": result.aim.value,
        "attack_score": result.attack_score,
        "defense_score": result.defense_score,
        "result": result.outcome.value,
        "attacker_stunned": result.attacker_stunned,
        "markers": [list(m) for m in result.markers],
        "damaged": result.damaged.value if result.damaged else None,
        "model_destroyed": result.model_destroyed,
    }


@with_situation
def odds_command(
    situation: Situation,
    bid_attack: Annotated[
        int | None, typer.Option(help="Real command tokens the attacker bids.")
    ] = None,
    bid_defense: Annotated[
        int | None, typer.Option(help="Real command tokens the defender bids.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Combat scores and result; without both bids, the result for every bid pair."""
    situation = with_best_aim(situation)
    attack_bid = _bid("--bid-attack", bid_attack, situation.attacker.real_tokens)
    defense_bid = _bid("--bid-defense", bid_defense, situation.target.real_tokens)
    if attack_bid is not None and defense_bid is not None:
        result = result_of(situation, attack_bid, defense_bid)
        if as_json:
            typer.echo(json.dumps({"game": "entropic", **_result_json(result)}, indent=2))
            return
        console = Console(highlight=False)
        scores = (
            f"attack score {result.attack_score}, defense score {result.defense_score}: "
            if result.attack_score is not None
            else "out of twice the weapon's range: "
        )
        console.print(
            scores
            + f"[bold]{result.outcome.value}[/]"
            + (" (the attacker gains a stun marker)" if result.attacker_stunned else "")
        )
        return
    table = bid_table(situation)
    rows = [
        (a, d, r)
        for (a, d), r in table.items()
        if (attack_bid is None or a == attack_bid.real)
        and (defense_bid is None or d == defense_bid.real)
    ]
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "game": "entropic",
                    "bids": [
                        {"bid_attack": a, "bid_defense": d, **_result_json(r)} for a, d, r in rows
                    ],
                },
                indent=2,
            )
        )
        return
    console = wide_console()
    console.print(
        f"[bold]{situation.attacker.name} -> {situation.target.name}[/]"
        + (f", aimed at its {situation.aim.value}" if situation.aim else "")
        + ": result by real tokens bid (rows: attacker, columns: defender; attack v defense)"
    )
    grid = Table(box=box.SIMPLE_HEAD)
    defenses = sorted({d for _, d, _ in rows})
    grid.add_column("attack bid", justify="right")
    for d in defenses:
        grid.add_column(f"defense {d}", justify="right")
    for a in sorted({a for a, _, _ in rows}):
        cells = {d: r for a2, d, r in rows if a2 == a}
        grid.add_row(
            str(a),
            *(
                f"{cells[d].outcome.value} ({cells[d].attack_score}v{cells[d].defense_score})"
                if cells[d].attack_score is not None
                else cells[d].outcome.value
                for d in defenses
            ),
        )
    console.print(grid)


def _values(text: str | None, token_cost: str, dummy_cost: str, stun_cost: str) -> Values:
    results = dict(DEFAULT_RESULT_VALUES)
    for item in (text or "").split(","):
        if not item.strip():
            continue
        name, _, number = item.partition("=")
        try:
            outcome = Outcome(name.strip().casefold())
        except ValueError:
            raise SkirmishError(
                f"--values {item!r}: unknown result; expected one of "
                f"{', '.join(o.value for o in Outcome)}"
            ) from None
        results[outcome] = parse_fraction("--values", number)
    return Values(
        results,
        attacker_stun=parse_fraction("--attacker-stun-cost", stun_cost),
        real_token=parse_fraction("--token-cost", token_cost),
        dummy_token=parse_fraction("--dummy-cost", dummy_cost),
    )


@with_situation
def advise_command(
    situation: Situation,
    values: Annotated[
        str | None,
        typer.Option(
            help="What each result is worth to the attacker, e.g. stunned=1,damaged=3,"
            "destroyed=6,annihilated=7 (the defaults)."
        ),
    ] = None,
    token_cost: Annotated[
        str, typer.Option(help="What spending one command point costs either side.")
    ] = "1/2",
    dummy_cost: Annotated[str, typer.Option(help="What spending one dummy token costs.")] = "0",
    attacker_stun_cost: Annotated[
        str, typer.Option(help="What the attacker loses when range stuns it.")
    ] = "1",
    as_json: JsonOption = False,
) -> None:
    """Equilibrium of the sealed bids: how many real and dummy tokens to put down."""
    advice = bidding_game(situation, _values(values, token_cost, dummy_cost, attacker_stun_cost))
    solution = advice.solution
    aim = None if advice.aim is None else advice.aim.value
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "game": "entropic",
                    "aim": aim,
                    "value": str(solution.value),
                    "exact": solution.exact,
                    "exploitability": str(solution.exploitability),
                    "attacker": {k: str(p) for k, p in solution.sender if p},
                    "defender": {
                        seen: {k: str(p) for k, p in mix if p} for seen, mix in solution.receiver
                    },
                },
                indent=2,
            )
        )
        return
    console = wide_console()
    console.print(
        f"[bold]{situation.attacker.name} -> {situation.target.name}[/]: value to the attacker "
        f"{solution.value} ({float(solution.value):.3f})"
        + ("" if solution.exact else f", approximate (exploitability {solution.exploitability})")
        + (f"; aim at the target's {aim}" if aim else "")
    )
    console.print("Attacker: tokens to put down face down")
    attack = Table(box=box.SIMPLE_HEAD)
    attack.add_column("bid")
    attack.add_column("probability", justify="right")
    for option, p in solution.sender:
        if p:
            attack.add_row(option, str(p))
    console.print(attack)
    console.print("Defender: real tokens to bid, by how many tokens it sees go down")
    defense = Table(box=box.SIMPLE_HEAD)
    defense.add_column("sees")
    defense.add_column("bid (probability)")
    for seen, mix in solution.receiver:
        defense.add_row(seen, ", ".join(f"{k} ({p})" for k, p in mix if p))
    console.print(defense)


class PromptPlayer:
    """Asks each player at the terminal; bids are typed without echo."""

    def __init__(self, answers: dict[str, str]) -> None:
        self.answers = answers

    def __call__(self, decision: Decision) -> Mix:
        if decision.key in self.answers:
            return pure(self.answers[decision.key])
        if len(decision.options) == 1:
            return pure(decision.options[0])
        return ask(decision, flag=FLAGS.get(decision.key, "a terminal"))


FLAGS = {
    ATTACK_BID: "--bid-attack",
    DEFENSE_BID: "--bid-defense",
    MOVE_INTERRUPT: "--interrupt",
    COUNTER_INTERRUPT: "--interrupt",
    DAMAGED_ATTRIBUTE: "--damaged",
    COMPONENT: "--component",
    BACK + DAMAGED_ATTRIBUTE: "--damaged-back",
}
"""The flag that answers each decision when there is no terminal to ask at."""


@with_situation
def attack_command(
    situation: Situation,
    bid_attack: Annotated[int | None, typer.Option(help="Real tokens the attacker bids.")] = None,
    dummy_attack: Annotated[int, typer.Option(help="Dummy tokens the attacker bids.")] = 0,
    bid_defense: Annotated[int | None, typer.Option(help="Real tokens the defender bids.")] = None,
    dummy_defense: Annotated[int, typer.Option(help="Dummy tokens the defender bids.")] = 0,
    interrupt: Annotated[
        str | None, typer.Option(help="The target's interrupt: none, move or attack-back.")
    ] = None,
    damaged: Annotated[
        str | None, typer.Option(help="The attribute a damaged marker zeroes, if damaged.")
    ] = None,
    damaged_back: Annotated[
        str | None,
        typer.Option(help="The attacker's attribute zeroed if an attack back damages it."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Accepted for symmetry; there are no dice.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Referee one attack: ask for bids and interrupts, print the log citing each step."""
    answers: dict[str, str] = {}
    if bid_attack is not None:
        answers[ATTACK_BID] = Bid(bid_attack, dummy_attack).text()
    if bid_defense is not None:
        answers[DEFENSE_BID] = Bid(bid_defense, dummy_defense).text()
    if interrupt is not None:
        choice = interrupt.casefold()
        if choice not in ("none", "move", "attack-back"):
            raise SkirmishError(f"--interrupt {interrupt!r}: expected none, move or attack-back")
        answers[MOVE_INTERRUPT] = "move" if choice == "move" else "stay"
        answers[COUNTER_INTERRUPT] = "attack back" if choice == "attack-back" else "no"
    if any(c.weapons for c in situation.target.components):
        situation = replace(situation, counter=_counter(situation))
    if damaged is not None:
        answers[DAMAGED_ATTRIBUTE] = damaged.casefold()
    if damaged_back is not None:
        answers[BACK + DAMAGED_ATTRIBUTE] = damaged_back.casefold()
    seed = new_seed(seed)
    outcome = play(
        functools.partial(resolve_attack, situation=situation),
        players=PromptPlayer(answers),
        seed=seed,
    )
    print_play("entropic", None, _result_json(outcome.result), outcome.log, as_json=as_json)


def _counter(situation: Situation) -> Situation:
    """The target's attack back at the attacker: same distance and obscurement, no bids."""
    back_attacker = replace(situation.target, real_tokens=0, dummy_tokens=0)
    back_target = replace(situation.attacker, real_tokens=0, dummy_tokens=0, acted=True)
    facts = situation.approach(Aim.BASE)
    return Situation(
        back_attacker,
        back_target,
        ((Aim.BASE, replace(facts, visible=True)),),
        roles=situation.roles[::-1],
        prefix=BACK,
        stun_rule=situation.stun_rule,
    )


def fighters_command(
    force: Annotated[Path | None, typer.Option(help="Also list the models of this file.")] = None,
    as_json: JsonOption = False,
) -> None:
    """List the sample Entropic Engine models and their profiles."""
    models = sample_force() if force is None else sample_force().merged(load_force(force))
    rows = [
        {
            "model": m.name,
            "part": c.name if m.composite else "",
            "move": f"{c.profile.move} ({c.profile.waypoints})",
            "attack": c.profile.attack,
            "defend": c.profile.defend,
            "command": c.profile.command,
            "weapons": ", ".join(f"{w.name} {w.range:g}" for w in c.weapons),
        }
        for m in models.models
        for c in m.components
    ]
    print_records("Entropic Engine models", rows, as_json=as_json)
