"""Explanations: the best few actions at a decision, each with its value and the reason.

For the terminal's ``hint`` (and, later, a web page). It reads the player's view only, and
asks the greedy player's own reasoning: at a decision of the player's activation, the
candidate activations (:mod:`.plans`) with the position each leads to scored
(:mod:`.evaluation`), an attack counted over its exact distinct results; at the hidden attack
and defence choices (18.3, 18.4), the equilibrium mix with the attack's exact outlook
(:mod:`.outlook`); elsewhere, each option by the position it leads to.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from random import Random
from typing import Any

from skirmish.ai.magewinds.greedy import GreedyPlayer, own_choices, plannable, weighed
from skirmish.ai.magewinds.outlook import outlook
from skirmish.ai.magewinds.plans import Plan
from skirmish.engine.battle import Action
from skirmish.engine.procedure import NeedsDecision, next_step
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.advice import DEFAULT_ACTION_VALUE
from skirmish.games.magewinds.attack import ATTACK_CHOICE, DEFENCE_CHOICE, resolve_attack
from skirmish.games.magewinds.battle.attacks import AttackFrame, AttackStage
from skirmish.games.magewinds.battle.grammar import BattleAction, texts
from skirmish.games.magewinds.battle.rebuild import from_view
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.battle.state import Battle

TOP = 5
INDENT = " " * 7
PARTS_SHOWN = 2


class NoAdvice(SkirmishError):
    """The advisor has nothing sound to say at this decision."""


@dataclass(frozen=True)
class Advice:
    """One action advised: the whole plan it starts (when it is part of one), its value
    (points of Toughness for an activation, the share of play for a hidden choice) and why."""

    action: Action
    value: float
    reason: str
    plan: tuple[Action, ...] = ()
    share: bool = False
    """The value is how often the equilibrium plays it (a hidden choice), not a score."""
    worth: float | None = None
    """At a hidden choice, what the option is worth to its player against the other
    side's equilibrium mix (the advisor's tempo payoff)."""

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "action": self.action,
            "value": round(self.value, 4),
            "reason": self.reason,
            "plan": list(self.plan),
        }
        if self.worth is not None:
            data["worth"] = round(self.worth, 4)
        return data


def explain(
    setup: Setup,
    view: Mapping[str, Any],
    legal: tuple[BattleAction | Action, ...],
    *,
    top: int = TOP,
) -> list[Advice]:
    """The ``top`` best of ``legal`` (records or their texts) for the player whose
    ``view`` it is, best first."""
    legal = texts(legal)
    seat = int(view["player"]) - 1
    rng = Random(f"skirmish explain {view['round']} {len(view['log'])}")
    battle = from_view(setup, view, rng)
    greedy = GreedyPlayer(setup, 0, seat)
    if plannable(battle):
        plans = [p for p in greedy.planner.plans(battle) if p.actions and p.actions[0] in legal]
        plans.sort(key=lambda plan: -plan.value)
        firsts: dict[Action, Plan] = {}  # each option once, by the best activation it starts
        for plan in plans:
            firsts.setdefault(plan.actions[0], plan)
        return [_from_plan(plan, plans[0]) for plan in list(firsts.values())[:top]]
    top_frame = battle.frames[-1]
    if isinstance(top_frame, AttackFrame) and top_frame.stage != AttackStage.KNOCKBACK:
        own = _own(greedy, battle, top_frame, legal)
        if own:
            return own[:top]
        mixed = _mixed(top_frame, legal)
        if mixed:
            return mixed[:top]
    try:
        chosen = greedy.decide(battle, legal, rng)
        scored = _by_value(greedy, battle, legal)
    except (SkirmishError, AssertionError) as error:
        # The battle rebuilt from the view cannot take every answer here (a Barrier's
        # cards, for one): no advice is better than a wrong one.
        raise NoAdvice(f"no hint at this decision: the advisor cannot weigh it ({error})") from None
    thumb = f"the greedy player's pick by its rule here: {greedy.rule_of_thumb(battle)}"
    found = next((a for a in scored if a.action == chosen), None)
    if found is None:
        scored.append(Advice(chosen, float("-inf"), f"{thumb} (not scored)"))
    else:
        scored[scored.index(found)] = replace(found, reason=f"{found.reason}; {thumb}")
    return scored[:top]


def _from_plan(plan: Plan, best: Plan) -> Advice:
    """A candidate, its reason the parts of its score that differ most from the best's."""
    reason = plan.what
    if plan is not best:
        differences = sorted(
            ((name, value - best.score.part(name)) for name, value in plan.score.parts),
            key=lambda d: -abs(d[1]),
        )
        shown = [f"{name} {delta:+.2f}" for name, delta in differences[:PARTS_SHOWN] if delta]
        if shown:
            reason += f" ({', '.join(shown)} against the best)"
    return Advice(plan.actions[0], plan.value, reason, plan.actions)


def _own(
    greedy: GreedyPlayer, battle: Battle, frame: AttackFrame, legal: tuple[Action, ...]
) -> list[Advice]:
    """18.3 and 18.4 when one player decides for both the attacker and the target: each
    answer by the best pair of choices it is part of (:func:`.greedy.own_choices`)."""
    step = next_step(partial(resolve_attack, situation=frame.situation), frame.answers)
    if not isinstance(step, NeedsDecision) or step.decision.key not in (
        ATTACK_CHOICE,
        DEFENCE_CHOICE,
    ):
        return []
    attacking = step.decision.key == ATTACK_CHOICE
    found = own_choices(greedy.planner, battle, frame, legal, attacking=attacking)
    return [
        Advice(
            option,
            score.total,
            "the player makes both hidden choices of this attack on its own fighter "
            "(18.3, 18.4): the position after the best pair of choices with this one",
        )
        for option, score in sorted(found.items(), key=lambda item: -item[1].total)
    ]


def _mixed(frame: AttackFrame, legal: tuple[Action, ...]) -> list[Advice]:
    """18.3 and 18.4: each choice's share of the equilibrium mix."""
    step = next_step(partial(resolve_attack, situation=frame.situation), frame.answers)
    if not isinstance(step, NeedsDecision):
        return []
    reactions = legal if step.decision.key == DEFENCE_CHOICE else None
    found = outlook(frame.situation, reactions)
    if step.decision.key not in (ATTACK_CHOICE, DEFENCE_CHOICE):
        return []
    attacking = step.decision.key == ATTACK_CHOICE
    mix = found.attack_mix if attacking else found.defence_mix
    damage, worth = _by_choice(found, reactions, attacking=attacking)
    other = "the defender's" if attacking else "the attacker's"
    shares = sorted(
        ((o, float(p)) for o, p in mix if o in legal),
        key=lambda s: (-s[1], -worth.get(s[0], 0.0)),
    )
    return [
        Advice(
            option,
            share,
            f"played {share:.0%} of the time at the equilibrium of the hidden choices "
            f"(18.3, 18.4); against {other} mix: worth {worth.get(option, 0.0):+.2f} "
            f"(damage plus {float(DEFAULT_ACTION_VALUE):g} an action won), "
            f"{damage.get(option, 0.0):.2f} damage expected",
            share=True,
            worth=worth.get(option, 0.0),
        )
        for option, share in shares
    ]


def _by_choice(
    found: Any, reactions: Any, *, attacking: bool
) -> tuple[dict[str, float], dict[str, float]]:
    """Each option's expected damage, and its worth to its own player (the tempo payoff
    the equilibrium is solved for: the attacker's, or its negation for the defender), when
    the other side plays its equilibrium mix. At the equilibrium every option played is
    worth the same (none better than another), and the share says how often."""
    from skirmish.games.magewinds.advice import SINGLE, Objective, matrix_game

    game, cases = matrix_game(found.situation, Objective.TEMPO, reactions=reactions)
    attack_mix = dict(found.attack_mix)
    defence_mix = dict(found.defence_mix)
    totals: dict[str, float] = {}
    for case in cases:
        row = SINGLE if case.choice is None else case.choice.value
        column = case.reaction.value
        weight = defence_mix.get(column, 0) if attacking else attack_mix.get(row, 0)
        mean = sum(float(p) * r.damage for r, p in case.results)
        key = row if attacking else column
        totals[key] = totals.get(key, 0.0) + float(weight) * mean
    if attacking:
        values = game.row_payoffs([defence_mix.get(c, Fraction(0)) for c in game.columns])
        worth = {r: float(v) for r, v in zip(game.rows, values, strict=True)}
    else:
        values = game.column_payoffs([attack_mix.get(r, Fraction(0)) for r in game.rows])
        worth = {c: -float(v) for c, v in zip(game.columns, values, strict=True)}
    return totals, worth


def _by_value(greedy: GreedyPlayer, battle: Battle, legal: tuple[Action, ...]) -> list[Advice]:
    """Each option by the position it leads to."""
    scored = []
    for option in weighed(battle, legal):
        score = greedy.evaluator.value(greedy.position_after(battle, option), greedy.seat)
        biggest = sorted(score.parts, key=lambda part: -abs(part[1]))[:PARTS_SHOWN]
        why = ", ".join(f"{name} {value:+.2f}" for name, value in biggest)
        scored.append(Advice(option, score.total, f"the position after it: {why}"))
    return sorted(scored, key=lambda advice: -advice.value)


def hint_lines(
    setup: Setup, view: Mapping[str, Any], legal: tuple[BattleAction | Action, ...]
) -> list[str]:
    """The advice as the terminal prints it, numbered as ``help`` numbers the actions."""
    legal = texts(legal)
    try:
        advice = explain(setup, view, legal)
    except NoAdvice as missing:
        return [str(missing)]
    lines = ["the greedy player's view of the best actions, best first (value, then why):"]
    if advice and advice[0].share:
        lines = textwrap.wrap(
            "the equilibrium of the hidden choices: how often it plays each, and what each is "
            "worth against the other side's mix (every choice it plays is worth the same: "
            "mixing them keeps the other side guessing)",
            80,
        )
    for item in advice:
        number = legal.index(item.action) + 1
        value = f"played {item.value:.0%}" if item.share else f"{item.value:+.2f}"
        if item.worth is not None:
            value += f", worth {item.worth:+.2f}"
        lines.append(f"  {number}. {item.action}  [{value}]")
        lines += textwrap.wrap(item.reason, 80, initial_indent=INDENT, subsequent_indent=INDENT)
        if len(item.plan) > 1:
            then = f"then: {'; '.join(item.plan[1:])}"
            lines += textwrap.wrap(then, 80, initial_indent=INDENT, subsequent_indent=INDENT)
    return lines
