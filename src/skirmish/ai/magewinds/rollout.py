"""Looking ahead in a battle rebuilt from a view: attacks collapsed into their exact distinct
results, and the greedy player's choices for the replies.

:func:`attack_outcomes` takes a battle at the start of an attack (the attack action just
made) and gives back, for each distinct result of the attack at the equilibrium of its
hidden choices (:mod:`.outlook`), the battle once the rules have applied that result
(18.5.3 damage and take-downs, 18.5.4 knockback waiting to be chosen, Push, the reaction's
step), with its exact probability: the attack as one chance node. The answers that lead to a
result are written into the attack in progress and the rules replay them, so the battle
after a result is exactly what the referee would reach with those dice.

:class:`ReplyPlayer` answers every decision after the one a search is choosing as the
greedy player would: the best candidate activation by its evaluation, the rules of thumb
elsewhere.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import partial
from random import Random

from skirmish.ai.magewinds.greedy import GreedyPlayer, cheapest_payment, first_of, plannable
from skirmish.ai.magewinds.outlook import outlook, settled
from skirmish.ai.magewinds.plans import Course
from skirmish.dice import CountAtMost
from skirmish.engine.battle import Action, Chance, Turn
from skirmish.engine.procedure import Done, NeedsDecision, NeedsRoll, next_step
from skirmish.games.magewinds.attack import (
    ATTACK_CHOICE,
    ATTACKER_BARRIER,
    BARRIER,
    DEFENCE_CHOICE,
    NO_BARRIER,
    AttackResult,
    defence_decision,
    resolve_attack,
)
from skirmish.games.magewinds.battle.attacks import AttackFrame
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.profiles import AttackChoice

HIT = 1
MISS = 6
"""Die faces written for a roll whose count of hits is known (18.5.2: a die at or under the
target number hits; a roll is only made for target numbers 1 to 5)."""


def attack_outcomes(battle: Battle) -> list[tuple[Battle, Fraction]]:
    """The attack in progress on top of ``battle`` (no answer given yet), as its distinct
    outcomes: each battle after the rules applied it, with its exact probability."""
    frame = battle.frames[-1]
    assert isinstance(frame, AttackFrame) and not frame.answers
    situation = frame.situation
    found = outlook(situation, defence_decision(situation).options)
    groups: dict[tuple[object, ...], tuple[AttackResult, Fraction]] = {}
    for undamaged, p in found.results:
        result = settled(undamaged, situation)
        key = (
            result.reaction,
            result.damage,
            result.total_damage,
            result.taken_down,
            result.target_action_counters,
            result.knockback,
            result.push,
            result.action_free,
            frozenset(result.statuses),
            result.attacker_damage,
            result.attacker_taken_down,
        )
        earlier = groups.get(key)
        groups[key] = (earlier[0] if earlier else result, p + (earlier[1] if earlier else 0))
    return [(resolved(battle, frame, result), p) for result, p in groups.values()]


def resolved(battle: Battle, frame: AttackFrame, result: AttackResult) -> Battle:
    """``battle`` once the attack on top has had ``result``: its answers and dice written
    into the attack, then every rule that follows without a decision applied."""
    procedure = partial(resolve_attack, situation=frame.situation)
    answers: list[int | str] = []
    faces: list[tuple[int, ...]] = []
    deciders: list[int | None] = []
    hidden: list[bool] = []
    while True:
        step = next_step(procedure, tuple(answers))
        if isinstance(step, Done):
            break
        if isinstance(step, NeedsRoll):
            assert isinstance(step.roll, CountAtMost)
            dice = step.roll.dice
            hits = min(result.hits, dice)
            answers.append(hits)
            faces.append((HIT,) * hits + (MISS,) * (dice - hits))
            deciders.append(None)
            hidden.append(False)
            continue
        assert isinstance(step, NeedsDecision)
        decision = step.decision
        answers.append(_answer(decision.key, decision.options, result))
        seat = frame.attacker_player if decision.player == "attacker" else frame.defender_player
        deciders.append(seat)
        hidden.append(decision.hidden)
    written = replace(
        frame,
        answers=tuple(answers),
        faces=tuple(faces),
        deciders=tuple(deciders),
        hidden=tuple(hidden),
    )
    rolls = sum(1 for d in deciders if d is None)
    return replace(battle.top(written), chances=battle.chances + rolls).settle()


def _answer(key: str, options: tuple[str, ...], result: AttackResult) -> str:
    if key == ATTACK_CHOICE:
        return (result.choice or AttackChoice.HEAVY).value
    if key == DEFENCE_CHOICE:
        return result.reaction.value
    if key in (BARRIER, ATTACKER_BARRIER):
        return NO_BARRIER
    return cheapest_payment(options)


class ReplyPlayer:
    """The answers for the moves after the one a search is choosing, for every player: at
    each decision of an activation, the greedy player's best candidate (:mod:`.plans`),
    followed action by action; everything else as the greedy player answers it. The reply
    is the one the search's opponent would make if it played as the greedy player does
    (the search itself collapses the reply's attack into its exact results)."""

    def __init__(self, greedy: dict[int, GreedyPlayer]) -> None:
        self.greedy = greedy
        self._course = Course()
        self.planned = 0
        """Activations planned so far (each the greedy player's whole listing of its
        candidates, what a look-ahead's time mostly goes to)."""

    def start(self) -> None:
        """Forget the course being followed (a new look-ahead starts)."""
        self._course = Course()

    def decide(self, battle: Battle, rng: Random) -> Action:
        node = battle.node()
        if isinstance(node, Chance):
            return str(battle.sample_chance(rng))
        assert isinstance(node, Turn)
        legal = battle.options()  # the texts of the legal actions, which plans weigh
        chosen = self._course.next(legal)
        if chosen is not None:
            return chosen
        if len(legal) == 1:
            return legal[0]
        player = self.greedy[node.player]
        if plannable(battle):  # the greedy player's choice, its course kept here
            self.planned += 1
            action, self._course = first_of(player.planner.plans(battle), legal)
            return action
        return player.decide(battle, legal, rng)
