"""Entropic Engine answers as lines, tables and JSON: bids, results, the bidding game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skirmish.engine.signalling import SignallingSolution
from skirmish.games.entropic.attack import AttackResult, Bid, Situation
from skirmish.games.entropic.bidding import BiddingAdvice, Target, WeaponsAdvice
from skirmish.games.entropic.models import Force
from skirmish.report import Block, Cell, Chance, Grid, Line, Mean, Report, exact

GAME = "entropic"


def weapon_name(situation: Situation) -> str:
    return situation.attacking_part().weapon(situation.weapon).name


def heading(situations: Sequence[Situation]) -> dict[str, Any]:
    first = situations[0]
    return {
        "game": GAME,
        "attacker": first.attacker.name,
        "attack": ", ".join(weapon_name(s) for s in situations),
        "target": first.target.name,
    }


def result_json(result: AttackResult) -> dict[str, Any]:
    """One attack's result, its attack back nested."""
    data: dict[str, Any] = {
        "aim": result.aim.value,
        "attack_score": result.attack_score,
        "defense_score": result.defense_score,
        "result": result.outcome.value,
        "attacker_stunned": result.attacker_stunned,
        "markers": [list(m) for m in result.markers],
        "damaged": result.damaged.value if result.damaged else None,
        "model_destroyed": result.model_destroyed,
        "component": result.component,
        "interrupt": result.interrupt,
        "attack_back": None if result.counter is None else result_json(result.counter),
    }
    return data


def _case(
    attack: Sequence[Bid],
    defense: Sequence[Bid],
    results: Sequence[AttackResult],
    names: Sequence[str],
) -> dict[str, Any]:
    several = len(results) > 1
    outcome = "; ".join(
        (f"{n}: " if several else "") + r.outcome.value for n, r in zip(names, results, strict=True)
    )
    stunned = any(r.attacker_stunned for r in results)
    return {
        "choices": {
            "bid_attack": [b.real for b in attack] if several else attack[0].real,
            "bid_defense": [b.real for b in defense] if several else defense[0].real,
        },
        "distribution": {outcome: "1"},
        "expected": {},
        "chances": {"attacker_stunned": "1" if stunned else "0"},
        "details": {
            "attacks": [
                {"weapon": n, **result_json(r)} for n, r in zip(names, results, strict=True)
            ]
        },
    }


def cell(result: AttackResult) -> str:
    text = (
        f"{result.outcome.value} ({result.attack_score}v{result.defense_score})"
        if result.attack_score is not None
        else result.outcome.value
    )
    return text + ("*" if result.counter is not None else "")


def result_text(result: AttackResult) -> str:
    scores = (
        f"attack score {result.attack_score}, defense score {result.defense_score}: "
        if result.attack_score is not None
        else "out of twice the weapon's range: "
    )
    text = (
        scores
        + result.outcome.value
        + (" (the attacker gains a stun marker)" if result.attacker_stunned else "")
    )
    if result.counter is not None:
        text += f"; the target attacked back first: {result_text(result.counter)}"
    return text


def chosen_parts(targets: Sequence[Target]) -> list[Block]:
    """Say which part of a composite target the defender chose (EE-13)."""
    return [
        Line.of(
            f"the defender chooses the {t.situation.target.name}'s {t.part} "
            "(EE-13; name a part with --component)"
        )
        for t in targets
        if t.part is not None
    ]


def attacked_back(results: Sequence[AttackResult]) -> list[Block]:
    """The attack back marked * in a table: the same whatever the bids (EE-10)."""
    backs = {r.counter for r in results if r.counter is not None}
    return [
        Line.of(f"*: the target attacks back first: {result_text(back)}")
        for back in sorted(backs, key=repr)
    ]


Row = tuple[tuple[Bid, ...], tuple[Bid, ...], tuple[AttackResult, ...]]


def odds_report(
    targets: Sequence[Target],
    rows: Sequence[Row],
    facts: list[tuple[str, str]] | None,
    *,
    both_bids: bool,
) -> Report:
    """``odds``: the result for the bids given, or a table over every pair of bids."""
    situations = [t.situation for t in targets]
    names = [weapon_name(s) for s in situations]
    first = situations[0]
    blocks: list[Block] = [Line.of(f"{rule}: {text}") for rule, text in facts or []]
    data = {
        **heading(situations),
        "outcome": "result",
        "battlefield": None
        if facts is None
        else {"facts": [{"rule": rule, "text": text} for rule, text in facts]},
        "cases": [_case(a, d, r, names) for a, d, r in rows],
    }
    results = [r for _, _, found in rows for r in found]
    if len(names) > 1:
        blocks.append(
            Line.of(
                f"{first.attacker.name} -> {first.target.name} with {', then '.join(names)}: "
                "every token bid is spent, so later weapons bid what is left (EE-14)",
                bold=True,
            )
        )
        blocks += chosen_parts(targets)
        blocks.append(
            Grid(
                ("attack bids", "defense bids", *names),
                tuple(
                    (
                        ",".join(str(b.real) for b in a),
                        ",".join(str(b.real) for b in d),
                        *(cell(r) for r in found),
                    )
                    for a, d, found in rows
                ),
                keys=2,
            )
        )
        return Report(tuple(blocks + attacked_back(results)), data)
    if both_bids:
        blocks += chosen_parts(targets)
        blocks.append(Line.of(result_text(rows[0][2][0])))
        return Report(tuple(blocks), data)
    blocks.append(
        Line.of(
            f"{first.attacker.name} -> {first.target.name}"
            + (f", aimed at its {first.aim.value}" if first.aim else "")
            + ": result by real tokens bid (rows: attacker, columns: defender; attack v defense)",
            bold=True,
        )
    )
    blocks += chosen_parts(targets)
    defenses = sorted({d[0].real for _, d, _ in rows})
    grid = []
    for a in sorted({a[0].real for a, _, _ in rows}):
        cells = {d[0].real: found[0] for a2, d, found in rows if a2[0].real == a}
        grid.append((str(a), *(cell(cells[d]) for d in defenses)))
    blocks.append(Grid(("attack bid", *(f"defense {d}" for d in defenses)), tuple(grid)))
    return Report(tuple(blocks + attacked_back(results)), data)


def _solution_decisions(solution: SignallingSolution) -> list[dict[str, Any]]:
    found = [
        {
            "player": "attacker",
            "decision": "attack bid",
            "when": None,
            "options": {k: {"probability": exact(p)} for k, p in solution.sender},
            "best": [k for k, p in solution.sender if p],
        }
    ]
    for seen, mix in solution.receiver:
        found.append(
            {
                "player": "defender",
                "decision": "defense bid",
                "when": seen,
                "options": {k: {"probability": exact(p)} for k, p in mix},
                "best": [k for k, p in mix if p],
            }
        )
    return found


def _solution_blocks(solution: SignallingSolution) -> list[Block]:
    return [
        Grid(
            ("bid", "probability"),
            tuple((option, Chance(p)) for option, p in solution.sender if p),
            title="Attacker: tokens to put down face down",
        ),
        Grid(
            ("sees", "bid (probability)"),
            tuple((seen, _mix_cell(mix)) for seen, mix in solution.receiver),
            title="Defender: real tokens to bid, by how many tokens it sees go down",
        ),
    ]


def _mix_cell(mix: Sequence[tuple[str, Any]]) -> tuple[Cell, ...]:
    parts: list[Cell] = []
    for option, p in ((o, p) for o, p in mix if p):
        parts += [", " if parts else "", f"{option} (", Chance(p), ")"]
    return tuple(parts)


def advise_report(
    situation: Situation,
    advice: BiddingAdvice,
    facts: list[tuple[str, str]] | None,
    values: dict[str, str],
) -> Report:
    """``advise``: the equilibrium of the sealed bids for one weapon."""
    solution = advice.solution
    aim = None if advice.aim is None else advice.aim.value
    blocks: list[Block] = [Line.of(f"{rule}: {text}") for rule, text in facts or []]
    blocks.append(
        Line.of(
            f"{situation.attacker.name} -> {situation.target.name}: value to the attacker ",
            Mean(solution.value),
            ""
            if solution.exact
            else f", approximate (exploitability {float(solution.exploitability):.4f})",
            f"; aim at the target's {aim}" if aim else "",
            bold=True,
        )
    )
    if advice.component is not None:
        blocks.append(
            Line.of(
                f"{situation.target.name}: the defender chooses the {advice.component} (the part "
                "whose bidding game is worth least to the attacker; name one with --component, "
                "EE-13)"
            )
        )
    blocks += _solution_blocks(solution)
    data = {
        **heading([situation]),
        "objective": "values",
        "value": exact(solution.value),
        "exact": solution.exact,
        "decisions": _solution_decisions(solution),
        "details": {
            "aim": aim,
            "component": advice.component,
            "exploitability": exact(solution.exploitability),
            "values": values,
            "battlefield": None
            if facts is None
            else [{"rule": rule, "text": text} for rule, text in facts],
        },
    }
    return Report(tuple(blocks), data)


def weapons_report(
    situations: Sequence[Situation], advice: WeaponsAdvice, values: dict[str, str]
) -> Report:
    """``advise`` with several weapons (EE-14): the order, the first weapon's game, and each
    later game for every state of the consoles it may start from."""
    situation = situations[0]
    blocks: list[Block] = [
        Line.of(
            f"{situation.attacker.name} -> {situation.target.name} with "
            f"{', then '.join(advice.order)}: value to the attacker ",
            Mean(advice.value),
            "" if advice.exact else ", approximate",
            bold=True,
        )
    ]
    if advice.first.component is not None:
        blocks.append(
            Line.of(
                f"{situation.target.name}: the defender chooses the {advice.first.component} "
                f"for the {advice.order[0]} (EE-13)"
            )
        )
    blocks.append(Line.of(advice.order[0], bold=True))
    blocks += _solution_blocks(advice.first.solution)
    rows = []
    for stage in advice.later:
        real, dummy = stage.attacker_tokens
        rows.append(
            (
                stage.weapon,
                f"{real} + {dummy} : {stage.target_tokens}",
                Mean(stage.solution.value),
                _mix_cell(stage.solution.sender),
            )
        )
    blocks.append(
        Grid(
            ("weapon", "tokens left", "value", "attacker bids"),
            tuple(rows),
            title="Later weapons: the attacker's bids by the tokens left (real + dummy : defender)",
        )
    )
    first = advice.first
    data = {
        **heading(situations),
        "objective": "values",
        "value": exact(advice.value),
        "exact": advice.exact,
        "decisions": _solution_decisions(first.solution),
        "details": {
            "order": list(advice.order),
            "aim": None if first.aim is None else first.aim.value,
            "component": first.component,
            "values": values,
            "later": [
                {
                    "weapon": stage.weapon,
                    "attacker_tokens": list(stage.attacker_tokens),
                    "target_tokens": stage.target_tokens,
                    "value": exact(stage.solution.value),
                    "exact": stage.solution.exact,
                    "decisions": _solution_decisions(stage.solution),
                }
                for stage in advice.later
            ],
        },
    }
    return Report(tuple(blocks), data)


def fighters_report(models: Force) -> Report:
    """``fighters``: every model, a row per part of a composite one."""
    rows = tuple(
        (
            m.name,
            c.name if m.composite else "",
            f"{c.profile.move} ({c.profile.waypoints})",
            str(c.profile.attack),
            str(c.profile.defend),
            str(c.profile.command),
            ", ".join(f"{w.name} {w.range:g}" for w in c.weapons),
        )
        for m in models.models
        for c in m.components
    )
    data = {
        "game": GAME,
        "roster": models.name,
        "fighters": [
            {
                "name": m.name,
                "points": m.points,
                "can_cloak": m.can_cloak,
                "parts": [
                    {
                        "name": c.name,
                        "profile": {
                            "move": c.profile.move,
                            "waypoints": c.profile.waypoints,
                            "attack": c.profile.attack,
                            "defend": c.profile.defend,
                            "command": c.profile.command,
                        },
                        "weapons": [
                            {"name": w.name, "range": w.range, "special": list(w.special)}
                            for w in c.weapons
                        ],
                    }
                    for c in m.components
                ],
            }
            for m in models.models
        ],
    }
    grid = Grid(
        ("model", "part", "move", "attack", "defend", "command", "weapons"),
        rows,
        title="Entropic Engine models",
        caption="move (waypoints)",
    )
    return Report((grid,), data)
