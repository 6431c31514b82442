"""``skirmish odds|attack|advise|fighters entropic``: the Entropic Engine commands."""

from __future__ import annotations

import functools
import json
from dataclasses import replace
from enum import StrEnum
from functools import partial
from itertools import product
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
from skirmish.cli.output import fraction_text, wide_console
from skirmish.engine import Decision, FixedPolicy, Mix, exact, play, pure
from skirmish.engine.signalling import SignallingSolution
from skirmish.errors import IllegalChoice, SkirmishError
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
    StunScope,
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
    ORDER,
    attack_back,
    can_attack_back,
    check,
    resolve_attacks,
)
from skirmish.games.entropic.bidding import (
    DEFAULT_RESULT_VALUES,
    BiddingAdvice,
    Target,
    WeaponsAdvice,
    attack_back_by,
    first_option,
    weapons_game,
    with_target_selected,
)
from skirmish.games.entropic.field import load_field, situation_on

BACK = "attack back: "
"""The prefix of the decisions of a target's attack back."""


class Interrupt(StrEnum):
    """The target's interrupt (Interrupts)."""

    NONE = "none"
    MOVE = "move"
    ATTACK_BACK = "attack-back"


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
    weapon: Annotated[
        list[str] | None,
        typer.Option(
            help="The attacker's weapon, by name; repeat it for a model that may use several "
            "weapons in one attack (resolved in the order given, EE-14)."
        ),
    ] = None,
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
    composite_stun: Annotated[
        StunScope,
        typer.Option(help="A composite model's stun markers that give +1: part or model (EE-13)."),
    ] = StunScope.PART,
) -> tuple[Situation, ...]:
    models = sample_force() if force is None else sample_force().merged(load_force(force))
    weapons: list[str | None] = list(dict.fromkeys(weapon)) if weapon else [None]
    if weapon and len(weapons) < len(weapon):
        raise SkirmishError(f"--weapon given twice with the same weapon: {', '.join(weapon)}")
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
        field = load_field(battlefield, models)
        return _each_weapon(
            [
                replace(
                    situation_on(field, attacker, target, weapon=name, component=component),
                    part=part,
                    stun_rule=stun_rule,
                    stun_scope=composite_stun,
                    aim=aim,
                )
                for name in weapons
            ]
        )
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
    # Obscurement between the models is +1 defense wherever the attack is aimed.
    facts = Approach(distance, obscured)
    aims = ((Aim.PATH, facts), (Aim.BASE, facts)) if path else ((Aim.BASE, facts),)
    return _each_weapon(
        [
            Situation(
                attacking,
                defending,
                aims,
                aim=aim or (Aim.PATH if path else None),
                weapon=name,
                closest=closest,
                component=component,
                part=part,
                nearby=_nearby(nearby or []),
                stun_rule=stun_rule,
                stun_scope=composite_stun,
            )
            for name in weapons
        ]
    )


def _each_weapon(situations: list[Situation]) -> tuple[Situation, ...]:
    """One situation per weapon, checked; with several, each weapon's choices are told
    apart by its name before their keys (EE-14)."""
    for situation in situations:
        check(situation)
    if len(situations) == 1:
        return (situations[0],)
    return tuple(
        replace(s, prefix=f"{s.attacking_part().weapon(s.weapon).name}: ") for s in situations
    )


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


with_situations = sharing(_situation_options, "situations")
"""Give a command the shared Entropic Engine options; it receives the built ``situations``
(one per weapon)."""


def _bids(flag: str, values: list[int] | None, weapons: int, most: int) -> list[Bid] | None:
    """One real bid per weapon, each within the console's tokens (Place Bids)."""
    if not values:
        return None
    if len(values) != weapons:
        raise SkirmishError(
            f"{flag} given {len(values)} times for {weapons} weapons: give one bid per weapon"
        )
    for value in values:
        if not 0 <= value <= most:
            raise SkirmishError(
                f"{flag} {value}: the console holds {most} real command tokens (Place Bids)"
            )
    return [Bid(value) for value in values]


def _result_json(result: AttackResult) -> dict[str, Any]:
    data: dict[str, Any] = {
        "aim": result.aim.value,
        "attack_score": result.attack_score,
        "defense_score": result.defense_score,
        "result": result.outcome.value,
        "attacker_stunned": result.attacker_stunned,
        "markers": [list(m) for m in result.markers],
        "damaged": result.damaged.value if result.damaged else None,
        "model_destroyed": result.model_destroyed,
    }
    if result.component is not None:
        data["component"] = result.component
    if result.interrupt is not None:
        data["interrupt"] = result.interrupt
    if result.counter is not None:
        data["attack_back"] = _result_json(result.counter)
    return data


InterruptOption = Annotated[
    Interrupt,
    typer.Option(
        help="The target's interrupt, when it can make it: none, move (when targeted) or "
        "attack-back (after combat scores)."
    ),
]


def _interrupting(
    situations: tuple[Situation, ...], interrupt: Interrupt, values: Values
) -> tuple[tuple[Situation, ...], dict[str, str]]:
    """The situations ready for the target's interrupt, and its answers for every weapon.

    An interrupt the target can never make is refused, naming both flags and the rule.
    """
    first = situations[0]
    if interrupt is not Interrupt.NONE:
        if first.target.acted:
            raise SkirmishError(
                f"--interrupt {interrupt.value} and --target-acted: a target that has acted "
                "this turn cannot interrupt (Interrupts)"
            )
        if first.target.real_tokens < 1:
            raise SkirmishError(
                f"--interrupt {interrupt.value} and --defender-tokens 0: an interrupt costs a "
                "command point (Interrupts)"
            )
    if interrupt is Interrupt.ATTACK_BACK:
        if not can_attack_back(first):
            raise SkirmishError(
                f"--interrupt attack-back: {first.target.name} has no weapon to attack back "
                "with (Interrupts)"
            )
        situations = tuple(attack_back_by(s, values) for s in situations)
    answers = {}
    for situation in situations:
        answers[situation.prefix + MOVE_INTERRUPT] = (
            "move" if interrupt is Interrupt.MOVE else "stay"
        )
        answers[situation.prefix + COUNTER_INTERRUPT] = (
            "attack back" if interrupt is Interrupt.ATTACK_BACK else "no"
        )
    return situations, answers


def _weapon(situation: Situation) -> str:
    return situation.attacking_part().weapon(situation.weapon).name


def _chosen_part(console: Console, target: Target) -> None:
    """Say which part of a composite target the defender chose (EE-13)."""
    if target.part is not None:
        console.print(
            f"the defender chooses the {target.situation.target.name}'s {target.part} "
            "(EE-13; name a part with --component)"
        )


@with_situations
def odds_command(
    situations: tuple[Situation, ...],
    bid_attack: Annotated[
        list[int] | None,
        typer.Option(help="Real command tokens the attacker bids (once per weapon)."),
    ] = None,
    bid_defense: Annotated[
        list[int] | None,
        typer.Option(help="Real command tokens the defender bids (once per weapon)."),
    ] = None,
    interrupt: InterruptOption = Interrupt.NONE,
    as_json: JsonOption = False,
) -> None:
    """Combat scores and result; without both bids, the result for every bid pair."""
    situations, answers = _interrupting(situations, interrupt, Values())
    targets = [with_target_selected(s, Values(), answers) for s in situations]
    for target in targets:
        answers |= target.answers
    first = targets[0].situation
    attack_bids = _bids("--bid-attack", bid_attack, len(targets), first.attacker.real_tokens)
    defense_bids = _bids("--bid-defense", bid_defense, len(targets), first.target.real_tokens)
    if len(targets) > 1:
        _several_odds(targets, answers, attack_bids, defense_bids, as_json=as_json)
        return
    situation = first
    if attack_bids is not None and defense_bids is not None:
        result = result_of(situation, attack_bids[0], defense_bids[0], answers)
        if as_json:
            typer.echo(json.dumps({"game": "entropic", **_result_json(result)}, indent=2))
            return
        console = Console(highlight=False)
        _chosen_part(console, targets[0])
        console.print(_result_text(result))
        return
    table = bid_table(situation, answers)
    rows = [
        (a, d, r)
        for (a, d), r in table.items()
        if (attack_bids is None or a == attack_bids[0].real)
        and (defense_bids is None or d == defense_bids[0].real)
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
    _chosen_part(console, targets[0])
    grid = Table(box=box.SIMPLE_HEAD)
    defenses = sorted({d for _, d, _ in rows})
    grid.add_column("attack bid", justify="right")
    for d in defenses:
        grid.add_column(f"defense {d}", justify="right")
    for a in sorted({a for a, _, _ in rows}):
        cells = {d: r for a2, d, r in rows if a2 == a}
        grid.add_row(str(a), *(_cell(cells[d]) for d in defenses))
    console.print(grid)
    _attacked_back(console, [r for _, _, r in rows])


def _cell(result: AttackResult) -> str:
    text = (
        f"{result.outcome.value} ({result.attack_score}v{result.defense_score})"
        if result.attack_score is not None
        else result.outcome.value
    )
    return text + ("*" if result.counter is not None else "")


def _attacked_back(console: Console, results: list[AttackResult]) -> None:
    """The attack back marked * in a table: the same whatever the bids (EE-10)."""
    backs = {r.counter for r in results if r.counter is not None}
    for back in sorted(backs, key=repr):
        console.print(f"*: the target attacks back first: {_result_text(back)}")


def _result_text(result: AttackResult) -> str:
    scores = (
        f"attack score {result.attack_score}, defense score {result.defense_score}: "
        if result.attack_score is not None
        else "out of twice the weapon's range: "
    )
    text = (
        scores
        + f"[bold]{result.outcome.value}[/]"
        + (" (the attacker gains a stun marker)" if result.attacker_stunned else "")
    )
    if result.counter is not None:
        text += f"; the target attacked back first: {_result_text(result.counter)}"
    return text


MAX_BID_ROWS = 4096
"""Bid combinations ``odds`` lists for several weapons before asking for the bids."""


def _several_odds(
    targets: list[Target],
    answers: dict[str, str],
    attack_bids: list[Bid] | None,
    defense_bids: list[Bid] | None,
    *,
    as_json: bool,
) -> None:
    """Several weapons (EE-14): each weapon's result for the bids given, or for every
    combination of real bids the consoles allow, weapons in the order given."""
    situations = tuple(t.situation for t in targets)
    names = [_weapon(s) for s in situations]
    answers = answers | {situations[0].prefix + ORDER: " then ".join(names)}
    first = situations[0]
    attack_options = (
        [tuple(attack_bids)]
        if attack_bids is not None
        else _spread(first.attacker.real_tokens, len(names))
    )
    defense_options = (
        [tuple(defense_bids)]
        if defense_bids is not None
        else _spread(first.target.real_tokens, len(names))
    )
    if len(attack_options) * len(defense_options) > MAX_BID_ROWS:
        raise SkirmishError(
            f"{len(attack_options) * len(defense_options)} combinations of bids for "
            f"{len(names)} weapons: give --bid-attack and --bid-defense once per weapon"
        )
    rows = []
    for attack in attack_options:
        for defense in defense_options:
            bids = dict(answers)
            for s, a, d in zip(situations, attack, defense, strict=True):
                bids[s.prefix + ATTACK_BID] = a.text()
                bids[s.prefix + DEFENSE_BID] = d.text()
            policy = FixedPolicy({k: pure(v) for k, v in bids.items()}, fallback=first_option)
            try:
                outcome = exact(partial(resolve_attacks, situations=situations), policy=policy)
            except IllegalChoice as error:
                if attack_bids is not None and defense_bids is not None:
                    raise SkirmishError(
                        f"--bid-attack/--bid-defense: {error} (every token bid on an earlier "
                        "weapon is spent, EE-14)"
                    ) from None
                continue  # more tokens than the consoles hold after the earlier bids
            (results,) = outcome.probabilities
            rows.append((attack, defense, results))
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "game": "entropic",
                    "weapons": names,
                    "bids": [
                        {
                            "bid_attack": [b.real for b in attack],
                            "bid_defense": [b.real for b in defense],
                            "attacks": [
                                {"weapon": n, **_result_json(r)}
                                for n, r in zip(names, results, strict=True)
                            ],
                        }
                        for attack, defense, results in rows
                    ],
                },
                indent=2,
            )
        )
        return
    console = wide_console()
    console.print(
        f"[bold]{first.attacker.name} -> {first.target.name}[/] with {', then '.join(names)}: "
        "every token bid is spent, so later weapons bid what is left (EE-14)"
    )
    for target in targets:
        _chosen_part(console, target)
    grid = Table(box=box.SIMPLE_HEAD)
    grid.add_column("attack bids", justify="right")
    grid.add_column("defense bids", justify="right")
    for name in names:
        grid.add_column(name, justify="right")
    for attack, defense, results in rows:
        grid.add_row(
            ",".join(str(b.real) for b in attack),
            ",".join(str(b.real) for b in defense),
            *(_cell(r) for r in results),
        )
    console.print(grid)
    _attacked_back(console, [r for _, _, results in rows for r in results])


def _spread(tokens: int, weapons: int) -> list[tuple[Bid, ...]]:
    """Every way to bid real tokens on each weapon, at most ``tokens`` in all."""
    return [
        tuple(Bid(n) for n in split)
        for split in product(range(tokens + 1), repeat=weapons)
        if sum(split) <= tokens
    ]


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


@with_situations
def advise_command(
    situations: tuple[Situation, ...],
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
    interrupt: InterruptOption = Interrupt.NONE,
    as_json: JsonOption = False,
) -> None:
    """Equilibrium of the sealed bids: how many real and dummy tokens to put down."""
    worth = _values(values, token_cost, dummy_cost, attacker_stun_cost)
    situations, answers = _interrupting(situations, interrupt, worth)
    if len(situations) > 1:
        _several_advice(weapons_game(situations, worth, answers), situations[0], as_json=as_json)
        return
    situation = situations[0]
    advice = bidding_game(situation, worth, answers)
    solution = advice.solution
    aim = None if advice.aim is None else advice.aim.value
    if as_json:
        typer.echo(json.dumps({"game": "entropic", **_advice_json(advice)}, indent=2))
        return
    console = wide_console()
    console.print(
        f"[bold]{situation.attacker.name} -> {situation.target.name}[/]: value to the attacker "
        f"{solution.value} ({float(solution.value):.3f})"
        + ("" if solution.exact else f", approximate (exploitability {solution.exploitability})")
        + (f"; aim at the target's {aim}" if aim else "")
    )
    if advice.component is not None:
        console.print(
            f"{situation.target.name}: the defender chooses the {advice.component} (the part "
            "whose bidding game is worth least to the attacker; name one with --component, "
            "EE-13)"
        )
    _print_solution(console, solution)


def _advice_json(advice: BiddingAdvice) -> dict[str, Any]:
    solution = advice.solution
    return {
        "aim": None if advice.aim is None else advice.aim.value,
        "component": advice.component,
        **_solution_json(solution),
    }


def _solution_json(solution: SignallingSolution) -> dict[str, Any]:
    return {
        "value": str(solution.value),
        "exact": solution.exact,
        "exploitability": str(solution.exploitability),
        "attacker": {k: str(p) for k, p in solution.sender if p},
        "defender": {seen: {k: str(p) for k, p in mix if p} for seen, mix in solution.receiver},
    }


def _print_solution(console: Console, solution: SignallingSolution) -> None:
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


def _several_advice(advice: WeaponsAdvice, situation: Situation, *, as_json: bool) -> None:
    """Several weapons (EE-14): the order, the first weapon's game, and each later game for
    every state of the consoles it may start from."""
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "game": "entropic",
                    "order": list(advice.order),
                    "value": str(advice.value),
                    "exact": advice.exact,
                    "first": _advice_json(advice.first),
                    "later": [
                        {
                            "weapon": stage.weapon,
                            "attacker_tokens": list(stage.attacker_tokens),
                            "target_tokens": stage.target_tokens,
                            **_solution_json(stage.solution),
                        }
                        for stage in advice.later
                    ],
                },
                indent=2,
            )
        )
        return
    console = wide_console()
    console.print(
        f"[bold]{situation.attacker.name} -> {situation.target.name}[/] with "
        f"{', then '.join(advice.order)}: value to the attacker {advice.value} "
        f"({float(advice.value):.3f})" + ("" if advice.exact else ", approximate")
    )
    if advice.first.component is not None:
        console.print(
            f"{situation.target.name}: the defender chooses the {advice.first.component} for "
            f"the {advice.order[0]} (EE-13)"
        )
    console.print(f"[bold]{advice.order[0]}[/]")
    _print_solution(console, advice.first.solution)
    table = Table(
        title="Later weapons: the attacker's bids by the tokens left (real + dummy : defender)",
        box=box.SIMPLE_HEAD,
    )
    for column in ("weapon", "tokens left", "value", "attacker bids"):
        table.add_column(column)
    for stage in advice.later:
        real, dummy = stage.attacker_tokens
        table.add_row(
            stage.weapon,
            f"{real} + {dummy} : {stage.target_tokens}",
            fraction_text(stage.solution.value),
            ", ".join(f"{k} ({p})" for k, p in stage.solution.sender if p),
        )
    console.print(table)


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


@with_situations
def attack_command(
    situations: tuple[Situation, ...],
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
    if len(situations) > 1:
        raise SkirmishError(
            "--weapon given several times: the referee resolves one weapon's attack at a time "
            "(odds and advise take several, EE-14)"
        )
    situation = situations[0]
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
    if can_attack_back(situation):
        situation = replace(situation, counter=attack_back(situation))
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
