"""Candidate activations for a computer player: every way to spend one activation (13.0),
each ending where chance or another player takes over, with its value.

From a decision of the player's own activation (which fighter to activate, which action,
where to move or step, whom to attack), the rules are played forward along each candidate:
Move to each representative end (ruling MB-6), picking up each object in contact as it
begins or ends (19.1) and collecting a fragment it crosses (Fragment Frenzy v1.3.0, ruling
MB-28), or not; Attack from each step the rules offer at each target with each attack
(paid the cheapest way); Guard; Blink to the best few spots; Recover with each payment;
Escape (Hold the Line) from each step that lets the fighter escape; and each spell the
fighter may cast as it starts before an attack. A candidate ends at its action's effect;
an attack is not rolled but collapsed into its exact distinct results (:mod:`.outlook`),
each scored, their mean the candidate's value.

Every action of a candidate is a legal action of the state it is taken in: the moves,
steps and attacks are the options the rules offer there.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from random import Random

from skirmish.ai.collection import set_aside
from skirmish.ai.magewinds.evaluation import Evaluator, MoveBound, Score
from skirmish.ai.magewinds.outlook import (
    Outlook,
    Results,
    key_of,
    outlook,
    settled,
    settled_results,
)
from skirmish.ai.magewinds.threats import BY_RECORD, GREEDY, FighterKey, fighter_key
from skirmish.engine.battle import Action, Turn
from skirmish.fastpaths import fast, replaced
from skirmish.games.magewinds.advice import SINGLE, Objective, matrix_game
from skirmish.games.magewinds.attack import AttackResult, AttackSituation
from skirmish.games.magewinds.battle import abilities
from skirmish.games.magewinds.battle.actionphase import ActionPhase, ActionPhaseStage
from skirmish.games.magewinds.battle.actions import parse_point, point_text
from skirmish.games.magewinds.battle.activation import (
    ATTACK,
    BLINK,
    ESCAPE,
    GUARD,
    MOVE,
    RECOVER,
    Activation,
    ActivationStage,
    blink_options,
)
from skirmish.games.magewinds.battle.attacks import build_situation, situation_on
from skirmish.games.magewinds.battle.geometry import attack_line, moved
from skirmish.games.magewinds.battle.grammar import BattleAction, Kind, Names, parse, read
from skirmish.games.magewinds.battle.objects import pick_up, pickup_options
from skirmish.games.magewinds.battle.spells import attacking_as, blink_spots
from skirmish.games.magewinds.battle.state import Battle, Fighter, Point, Status
from skirmish.games.magewinds.battle.steps import NO_STEP, StepFrame
from skirmish.games.magewinds.battle.targets import (
    has_line,
    named_attack,
    parse_attack,
    reachable_attacks,
)
from skirmish.games.magewinds.cards import Payment, card_value
from skirmish.games.magewinds.profiles import AttackProfile

REFINED = 3
"""Attacks scored in full (cover, Dodge and every result), of those from every step at every
target: the best by a first guess (the position after the step, plus the attack's value
with no cover and Dodge possible)."""
MOVE_BOUND = "greedy move bound"
"""The part of the fast paths that leaves out, when the greedy player chooses
(:meth:`Planner.best_plans`), the ends of a Move that a bound shows cannot beat a candidate
already scored; ``fastpaths.plain(MOVE_BOUND)`` scores every one."""
NO_LENGTH = "greedy attacks without their length"
"""The part of the fast paths that builds the situation of an attack the planner weighs
without its line of attack (:meth:`Planner._situation`): the attack is one the rules offer,
and the outlook leaves out the distance; ``fastpaths.plain(NO_LENGTH)`` checks the attack
and draws its line as the rules do."""
SLACK = 1e-6
"""How far below the best a Move's bound must be for the Move to be left out: the bound
holds exactly in float arithmetic, and this margin covers a float sum that compensates its
rounding (as Python's ``sum`` does from 3.12), a few units of 1e-16 of values below 1,000."""
BLINK_SPOTS = 4
"""Blink destinations scored in full (the most distant from the enemy first)."""
MAX_COUNTERS = 2


Deferred = tuple[float, int, int, "Callable[[], Iterator[Plan]]"]
"""A Move set aside by :meth:`Planner.best_plans`: its bound, how many candidates the walk
had met before it, its order among those set aside, and the walk of its ends."""


@dataclass(frozen=True)
class Plan:
    """A candidate: the actions from the decision it was made at, its value, and why."""

    actions: tuple[Action, ...]
    score: Score
    what: str
    attack: Outlook | None = None

    @property
    def value(self) -> float:
        return self.score.total


@dataclass
class Course:
    """The rest of a chosen candidate, played action by action while the rules offer it."""

    actions: tuple[Action, ...] = ()

    def next(self, legal: tuple[Action, ...]) -> Action | None:
        """The course's next action when it is among ``legal``; else the course is dropped
        and the answer is None."""
        if self.actions and self.actions[0] in legal:
            chosen, self.actions = self.actions[0], self.actions[1:]
            return chosen
        self.actions = ()
        return None


class Decisions:
    """What a computer player does first at each decision: follow its course, take the
    only legal action, or give the seeded generator of this decision (by the player's seed,
    seat and how many decisions it has made)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.made = 0
        self.course = Course()

    def forced(self, legal: tuple[Action, ...]) -> Action | None:
        """The action when there is nothing to weigh (counting the decision)."""
        self.made += 1
        chosen = self.course.next(legal)
        if chosen is not None:
            return chosen
        return legal[0] if len(legal) == 1 else None

    def rng(self) -> Random:
        return Random(f"{self.label} decision {self.made}")


def cheapest(options: list[Action], names: Names) -> list[Action]:
    """Of the options that differ only in how they are paid (their records but for the
    cards, read against the battle's ``names``), the one that spends the least card worth
    (17.0); options without a payment are kept."""
    if len(options) < 2:
        return list(options)
    best: dict[BattleAction, tuple[int, int, Action]] = {}
    order: list[BattleAction] = []
    for index, option in enumerate(options):
        action = read(option, names)
        head = replaced(action, cards=()) if action.cards else action
        worth = sum(card_value(c) for c in action.cards)
        if head not in best:
            order.append(head)
        if head not in best or (worth, index) < best[head][:2]:
            best[head] = (worth, index, option)
    return [best[head][2] for head in order]


class Planner:
    """Lists and scores the candidate activations of ``player`` with ``evaluator``."""

    def __init__(self, evaluator: Evaluator, player: int) -> None:
        self.evaluator = evaluator
        self.player = player
        self._walked: list[Plan] | None = None
        """The candidates walked so far, while :meth:`best_plans` walks."""
        self._deferred: list[Deferred] | None = None
        """The Moves set aside while :meth:`best_plans` walks (None while :meth:`plans`
        does: every candidate is scored as it is met)."""
        self._bounds: tuple[Battle, str, MoveBound | None] | None = None

    def plans(self, battle: Battle) -> list[Plan]:
        """Every candidate from ``battle`` (the player's decision), best first; the
        collector walks only what the listing makes (:func:`~skirmish.ai.collection.set_aside`:
        the search's root and its replies list candidates outside a greedy decision)."""
        with set_aside():
            found = list(self._walk(battle, ()))
        return sorted(found, key=lambda plan: -plan.value)

    def best_plans(self, battle: Battle) -> list[Plan]:
        """The candidates of :meth:`plans` that could be the best, best first: on the fast
        path (:data:`MOVE_BOUND`) the ends of a Move are set aside as the walk meets them,
        each with a bound its value cannot exceed (:meth:`Evaluator.move_bound`), and
        scored after every other candidate, the highest bound first, leaving out those
        whose bound is below the best value found. The best candidates are those of
        :meth:`plans`, in the same order (ties in the order the walk meets them); the
        search and ``hint``, which weigh every candidate, ask :meth:`plans`."""
        if not fast(MOVE_BOUND):
            return self.plans(battle)
        with set_aside():
            return self._best_plans(battle)

    def _best_plans(self, battle: Battle) -> list[Plan]:
        """:meth:`best_plans` on the fast path."""
        walked: list[Plan] = []
        self._walked, self._deferred = walked, []
        try:
            for plan in self._walk(battle, ()):
                walked.append(plan)
            deferred = self._deferred
        finally:
            self._walked, self._deferred, self._bounds = None, None, None
        placed: list[tuple[tuple[int, ...], Plan]] = [((k, 0), p) for k, p in enumerate(walked)]
        best = max((p.value for p in walked), default=-math.inf)
        for bound, position, order, moving in sorted(deferred, key=lambda d: (-d[0], d[2])):
            if bound + SLACK < best:
                continue
            for sub, plan in enumerate(moving()):
                placed.append(((position, -1, order, sub), plan))
                best = max(best, plan.value)
        placed.sort(key=lambda kp: (-kp[1].value, kp[0]))
        return [plan for _, plan in placed]

    def score(self, battle: Battle) -> Score:
        return self.evaluator.value(battle, self.player)

    # -- walking the rules forward -----------------------------------------------------------

    def _walk(self, battle: Battle, done: tuple[Action, ...]) -> Iterator[Plan]:
        node = battle.node()
        top = battle.frames[-1]
        if not isinstance(node, Turn) or node.player != self.player:
            return
        if isinstance(top, ActionPhase) and top.stage == ActionPhaseStage.TURNS:
            names = Names.of(battle)
            for option in battle.options():
                if read(option, names).kind is Kind.ACTIVATE:
                    yield from self._walk(battle.apply(option), (*done, option))
                else:
                    yield Plan((*done, option), self.score(battle), option)
        elif isinstance(top, Activation):
            yield from self._activation(battle, top, done)
        elif isinstance(top, StepFrame) and not top.reaction:
            yield from self._step(battle, top, done)

    def _activation(
        self, battle: Battle, frame: Activation, done: tuple[Action, ...]
    ) -> Iterator[Plan]:
        me = battle.fighter(frame.fighter)
        if frame.stage == ActivationStage.BLINK:
            yield from self._blink(battle, me, done)
            return
        options = battle.options()
        names = Names.of(battle)
        if frame.stage == ActivationStage.START:
            casts = cheapest([o for o in options if read(o, names).kind is Kind.CAST], names)
            kinds = [o for o in options if o in (MOVE, ATTACK, GUARD, BLINK, RECOVER, ESCAPE)]
            for kind in kinds:
                yield from self._walk(battle.apply(kind), (*done, kind))
            own = abilities.words(battle, me)
            for kind in [o for o in options if o in own]:
                yield from self._walk(battle.apply(kind), (*done, kind))
            cast_before = any(read(a, names).kind is Kind.CAST for a in done)
            if not cast_before and ATTACK in kinds:
                for cast in casts:
                    cast_done = (*done, cast)
                    after_cast = battle.apply(cast)
                    if ATTACK in after_cast.options():
                        yield from self._walk(after_cast.apply(ATTACK), (*cast_done, ATTACK))
        elif frame.stage == ActivationStage.MOVING:
            for option in options:
                action = read(option, names)
                if action.kind is Kind.PICK_UP:  # 19.1: as the Move begins, then the Move
                    yield from self._walk(battle.apply(option), (*done, option))
                elif action.kind is Kind.MOVE_TO and action.point is not None:
                    yield from self._move(battle, me, option, action.point, done)
        elif frame.stage == ActivationStage.TARGET:
            for option in cheapest(at_fighters(battle, options), names):
                yield self._attack(battle, me, option, done)
        elif frame.stage == ActivationStage.ABILITY:
            for option in cheapest(list(options), names):
                leaf = self._spent(battle.apply(option), me)
                yield Plan((*done, option), self.score(leaf), f"{me.name}: {option}")
        elif frame.stage == ActivationStage.RECOVER:
            for option in options:
                leaf = self._spent(battle.apply(option), me)
                yield Plan((*done, option), self.score(leaf), f"{me.name} recovers")

    def _move(
        self, battle: Battle, me: Fighter, option: Action, where: Point, done: tuple[Action, ...]
    ) -> Iterator[Plan]:
        """A Move to ``where``, then each way the player may end it: the fighter placed
        there (no path traced) when the scenario asks nothing after a Move, else the rules'
        own Move and the scenario's question (Fragment Frenzy v1.3.0's fragments crossed);
        then every object picked up in contact (19.1)."""
        what = f"{me.name} moves to {point_text(where)}"
        if battle.setup.scenario.after_move is None:
            if self._deferred is not None and self._walked is not None:
                bound = self._bounded(battle, me, where)
                if bound < math.inf:

                    def moving() -> Iterator[Plan]:
                        return self._moved(moved(battle, me, where), me, (*done, option), what)

                    order = len(self._deferred)
                    self._deferred.append((bound, len(self._walked), order, moving))
                    return
            yield from self._moved(moved(battle, me, where), me, (*done, option), what)
            return
        yield from self._moved(battle.apply(option), me, (*done, option), what)

    def _moved(
        self, battle: Battle, me: Fighter, done: tuple[Action, ...], what: str
    ) -> Iterator[Plan]:
        """The ends of a Move made: the player's answers to what the scenario asks after it,
        and the fighter picking up each object in contact, or not (19.1)."""
        top = battle.frames[-1]
        node = battle.node()
        if (
            not isinstance(top, Activation)
            and isinstance(node, Turn)
            and node.player == self.player
        ):
            for option in battle.options():
                yield from self._moved(
                    battle.apply(option), me, (*done, option), f"{what}, {option}"
                )
            return
        yield Plan(done, self.score(self._spent(battle, me)), what)
        mover = battle.fighter(me.name)
        names = Names.of(battle)
        for option in pickup_options(battle, mover):
            picked = pick_up(battle, mover, option)
            item = read(option, names).target
            yield from self._moved(picked, me, (*done, option), f"{what}, picks up {item}")

    def _step(self, battle: Battle, frame: StepFrame, done: tuple[Action, ...]) -> Iterator[Plan]:
        """The step before an action (13.1): for an attack, every step the rules offer;
        otherwise none, when the rules allow standing still (on the fast path that is
        asked alone, :meth:`StepFrame.can_stay`, without working out every step)."""
        me = battle.fighter(frame.fighter)
        if fast(GREEDY) and frame.purpose not in (ESCAPE, "attack") and frame.can_stay(battle):
            yield from self._stay(battle, me, NO_STEP, done)
            return
        if fast(GREEDY) and frame.purpose == "attack":
            options = self._attack_steps(battle, frame)
        else:
            names = Names.of(battle)
            options = [o for o in battle.options() if read(o, names).kind is not Kind.CAST]
        if frame.purpose == ESCAPE:
            for option in options:
                escaped = battle.apply(option)
                if escaped.fighter(me.name).status is Status.ESCAPED:
                    yield Plan((*done, option), self.score(escaped), f"{me.name} escapes")
            return
        if frame.purpose != "attack":
            chosen = NO_STEP if NO_STEP in options else options[0]
            yield from self._stay(battle, me, chosen, done)
            return
        best = self._best_attacks if fast() else self._best_attacks_plain
        for stepped, mover, attack, steps in best(battle, me, options, done):
            yield self._attack(stepped, mover, attack, steps)

    def _attack_steps(self, battle: Battle, frame: StepFrame) -> list[Action]:
        """The steps before an attack the rules offer (staying put first where allowed;
        Leap aside), on the fast path without the rules' check that some attack is possible
        after each step (:meth:`StepFrame.viable_at`): the planner takes an attack from a
        step only with a line of attack (:func:`has_line`), so an attack is possible there
        and the rules offer that step; the steps it never takes an attack from need no
        check (nearly every end looked at is one the rules offer)."""
        stay = [NO_STEP] if frame.can_stay(battle) else []
        return [*stay, *(f"step {point_text(end)}" for end in frame.allowed_ends(battle))]

    def _bounded(self, battle: Battle, me: Fighter, where: Point) -> float:
        """A value no end of a Move by ``me`` to ``where`` from ``battle`` exceeds
        (:meth:`Evaluator.move_bound` of the battle with the fighter's action spent, found
        once for the Moves of one decision); infinite where no bound is known."""
        if self._bounds is None or self._bounds[0] is not battle or self._bounds[1] != me.name:
            bound = None
            if not battle.items:
                bound = self.evaluator.move_bound(self._spent(battle, me), self.player, me.name)
            self._bounds = (battle, me.name, bound)
        bound = self._bounds[2]
        return math.inf if bound is None else bound(where)

    def _stay(
        self, battle: Battle, me: Fighter, chosen: Action, done: tuple[Action, ...]
    ) -> Iterator[Plan]:
        """The step before an action other than an attack: ``chosen`` (staying put when the
        rules allow it, else the first step offered), then the action."""
        after_step = battle.apply(chosen)
        below = battle.frames[-2]
        if isinstance(below, Activation) and below.kind == GUARD:
            what = f"{me.name} guards"
            yield Plan((*done, chosen), self.score(self._spent(after_step, me)), what)
        else:
            yield from self._walk(after_step, (*done, chosen))

    def _best_attacks_plain(
        self, battle: Battle, me: Fighter, options: list[Action], done: tuple[Action, ...]
    ) -> list[tuple[Battle, Fighter, Action, tuple[Action, ...]]]:
        """The :data:`REFINED` attacks with the best first guess, of every attack the rules
        offer from every step (ties in the order they are offered)."""
        quick: list[tuple[float, int, Battle, Fighter, Action, tuple[Action, ...]]] = []
        names = Names.of(battle)
        for option in options:
            stepped, mover, standing = self._stepped(battle, me, option)
            offered = at_fighters(stepped, _attack_options(stepped, mover))
            for attack in cheapest(offered, names):
                target, profile = named(stepped, mover, attack)
                guess = standing + self.evaluator.gain(
                    attacking_as(stepped, mover), target, profile
                )
                quick.append((guess, len(quick), stepped, mover, attack, (*done, option)))
        ranked = sorted(quick, key=lambda q: (-q[0], q[1]))[:REFINED]
        return [(stepped, mover, attack, steps) for _, _, stepped, mover, attack, steps in ranked]

    def _best_attacks(
        self, battle: Battle, me: Fighter, options: list[Action], done: tuple[Action, ...]
    ) -> list[tuple[Battle, Fighter, Action, tuple[Action, ...]]]:
        """:meth:`_best_attacks_plain`, with the line of attack (18.1) checked only for the
        attacks that could be among the best: every attack in range is ranked by its first
        guess, in the order the rules would offer it, and taken while it has a line."""
        Quick = tuple[float, int, Battle, Fighter, Fighter, AttackProfile, tuple[Action, ...], int]
        quick: list[Quick] = []
        names = Names.of(battle)
        known = fast(BY_RECORD)
        target_keys: dict[str, tuple[Fighter, FighterKey]] = {}  # by the very record
        for index, option in enumerate(options):
            stepped, mover, standing = self._stepped(battle, me, option)
            attacker = attacking_as(stepped, mover)
            key = fighter_key(attacker) if known else None
            for target, profile, written in reachable_attacks(stepped, mover):
                keys = None
                if key is not None:  # a step moves no target: each keyed once (BY_RECORD)
                    kept = target_keys.get(target.name)
                    if kept is None or kept[0] is not target:
                        kept = target_keys[target.name] = (target, fighter_key(target))
                    keys = (key, kept[1])
                guess = standing + self.evaluator.gain(attacker, target, profile, keys)
                quick.append((guess, len(quick), stepped, mover, target, profile, written, index))
        chosen: list[tuple[Battle, Fighter, Action, tuple[Action, ...]]] = []
        for _, _, stepped, mover, target, profile, written, index in sorted(
            quick, key=lambda q: (-q[0], q[1])
        ):
            if len(chosen) == REFINED:
                break
            if has_line(stepped, mover, target, profile):
                attack = cheapest(list(written), names)[0]  # paid the cheapest way, 17.0
                chosen.append((stepped, mover, attack, (*done, options[index])))
        return chosen

    def _stepped(
        self, battle: Battle, me: Fighter, option: Action
    ) -> tuple[Battle, Fighter, float]:
        """The battle after a step option (13.1), the fighter there, and the position's
        score with its action spent."""
        action = read(option, Names.of(battle))
        where = action.point if action.kind is Kind.STEP else None
        stepped = battle if where is None else moved(battle, me, where)
        return stepped, stepped.fighter(me.name), self.score(self._spent(stepped, me)).total

    def _attack(
        self, battle: Battle, me: Fighter, option: Action, done: tuple[Action, ...]
    ) -> Plan:
        """An attack collapsed into its distinct results, each scored."""
        situation, target, attack, payment = self._situation(battle, me, option)
        if payment is not None:
            battle = battle.spend(battle.controller(me), payment.cards, attack.name, quiet=True)
        found = outlook(situation)
        if battle.controller(target) == battle.controller(me):
            return self._own_attack(battle, me, target, attack, situation, (*done, option), found)
        score = self.leaves_score(attack_leaves(battle, me, target, situation))
        what = (
            f"{me.name} attacks {target.name} with {attack.name}: "
            f"{float(found.expected_damage):.2f} damage expected, "
            f"{float(found.take_down(target.damage)):.0%} to take it down"
        )
        return Plan((*done, option), score, what, found)

    def leaves_score(self, leaves: list[tuple[Battle, Fraction]]) -> Score:
        """The expected score of an attack's distinct results, part by part."""
        total = 0.0
        parts: dict[str, float] = {}
        for leaf, p in leaves:
            score = self.score(leaf)
            total += float(p) * score.total
            for name, value in score.parts:
                parts[name] = parts.get(name, 0.0) + float(p) * value
        return Score(total, tuple(parts.items()))

    def own_choices(
        self,
        battle: Battle,
        me: Fighter,
        target: Fighter,
        situation: AttackSituation,
        reactions: tuple[str, ...] | None = None,
    ) -> list[OwnChoice]:
        """An attack on a fighter its own player decides for (a friend, or the attacker's
        own side under Charm): that player makes both hidden choices (18.3, 18.4; ruling
        MB-51), so they are no contest and no equilibrium: each pair of choices is scored
        by the positions its results lead to, best first (ties in the rules' order)."""
        own = [
            OwnChoice(
                row, reaction, self.leaves_score(leaves_of(battle, me, target, results)), damage
            )
            for row, reaction, results, damage in choice_pairs(situation, reactions)
        ]
        return sorted(own, key=lambda c: -c.score.total)

    def _own_attack(
        self,
        battle: Battle,
        me: Fighter,
        target: Fighter,
        attack: AttackProfile,
        situation: AttackSituation,
        actions: tuple[Action, ...],
        found: Outlook,
    ) -> Plan:
        """An attack on the player's own fighter, valued at the best pair of hidden choices
        (:meth:`own_choices`), not at a contest's equilibrium (``found``: its outlook, kept
        on the plan as every attack's is)."""
        best = self.own_choices(battle, me, target, situation)[0]
        what = (
            f"{me.name} attacks {target.name}, a fighter of its own side, with {attack.name}: "
            f"the player makes both hidden choices ({best.describe(target.name)}), "
            f"{best.damage:.2f} damage expected"
        )
        return Plan(actions, best.score, what, found)

    def _situation(
        self, battle: Battle, me: Fighter, option: Action
    ) -> tuple[AttackSituation, Fighter, AttackProfile, Payment | None]:
        """The situation of an attack the rules offer at a fighter (13.4, 18.0), with its
        target, attack and payment. On the fast path (:data:`NO_LENGTH`) the attack is not
        checked again (the rules offered it) and its line of attack (18.1) is drawn only
        where a Ward may read it (a mark on the table): the situation's distance is left
        unknown, which the outlook leaves out (:func:`~.outlook.key_of`) and nothing else
        the planner reads."""
        if not fast(NO_LENGTH):
            target, attack, payment = parse_attack(battle, me, option)
            assert isinstance(target, Fighter)
            return build_situation(battle, me, target, attack), target, attack, payment
        target, attack, payment = named_attack(battle, me, option)
        assert isinstance(target, Fighter)
        line = attack_line(battle, me, target, attack)[0] if battle.marks else None
        return situation_on(battle, me, target, attack, line, None), target, attack, payment

    def _blink(self, battle: Battle, me: Fighter, done: tuple[Action, ...]) -> Iterator[Plan]:
        """Blink (20.2) to the :data:`BLINK_SPOTS` spots furthest from the enemy (ties in
        the order the rules offer them), each paid the cheapest way. On the fast path only
        those spots are checked (:func:`blink_spots` ranked by the same distance), not
        every spot on the table."""
        enemies = [f.at for f in battle.on_battlefield() if f.player != me.player and f.at]

        def distance(where: Point) -> float:
            x, y = where
            return min(((x - ex) ** 2 + (y - ey) ** 2 for ex, ey in enemies), default=0.0)

        names = Names.of(battle)
        if fast(GREEDY):
            spots = blink_spots(
                battle,
                me,
                best=lambda at: distance(parse_point(point_text(at), "20.2")),
                most=BLINK_SPOTS,
            )
            chosen = [cheapest(list(blink_options(battle, me, [at])), names)[0] for at in spots]
        else:

            def written(option: Action) -> float:
                return distance(read(option, names).point or (0.0, 0.0))

            options = cheapest(list(battle.options()), names)
            chosen = sorted(options, key=written, reverse=True)[:BLINK_SPOTS]
        for option in chosen:
            leaf = self._spent(battle.apply(option), me)
            yield Plan((*done, option), self.score(leaf), f"{me.name} blinks away")

    def _spent(self, battle: Battle, me: Fighter) -> Battle:
        """The battle with the activated fighter's action counted (13.0), as it will be
        once the activation ends."""
        now = battle.fighter(me.name)
        if not now.on_battlefield:
            return battle
        return battle.with_fighter(replaced(now, counters=min(MAX_COUNTERS, me.counters + 1)))


def _attack_options(battle: Battle, fighter: Fighter) -> tuple[Action, ...]:
    from skirmish.games.magewinds.battle.targets import attack_options

    return attack_options(battle, fighter.name)


def at_fighters(battle: Battle, options: tuple[Action, ...]) -> list[Action]:
    """The attack options aimed at fighters: a push of a moveable object (19.2, ruling
    MB-34) moves no fighter nearer a take-down, so the greedy player does not weigh it."""
    objects = {item.name.casefold() for item in battle.items}
    return [o for o in options if _target(battle, o).casefold() not in objects]


def _words(battle: Battle, option: Action) -> BattleAction | None:
    """The record of an ``attack TARGET with ATTACK [paying CARDS]`` (read against the
    battle's names: a name may hold ``with``), or None for another kind."""
    action = parse(option, Names.of(battle))
    return action if action.kind is Kind.ATTACK else None


def _target(battle: Battle, option: Action) -> str:
    words = _words(battle, option)
    return "" if words is None or words.target is None else words.target


def named(battle: Battle, fighter: Fighter, option: Action) -> tuple[Fighter, AttackProfile]:
    """The target and attack an offered ``attack TARGET with ATTACK [paying CARDS]`` names
    (already checked by the rules that offered it)."""
    words = _words(battle, option)
    assert words is not None and words.target and words.attack, option  # offered so
    return battle.fighter(words.target), battle.setup.profile(fighter.profile).attack(words.attack)


def attack_leaves(
    battle: Battle,
    attacker: Fighter,
    target: Fighter,
    situation: AttackSituation,
    reactions: tuple[str, ...] | None = None,
) -> list[tuple[Battle, Fraction]]:
    """The attack's distinct effects on the table (its outlook, results that change the
    same things merged), each as the battle after it, with its exact probability."""
    return leaves_of(
        battle, attacker, target, settled_results(outlook(situation, reactions), situation)
    )


@dataclass(frozen=True)
class OwnChoice:
    """A pair of hidden choices (18.3, 18.4) one player makes for both sides of an attack,
    with the expected score of its results and the damage it deals."""

    choice: str
    reaction: str
    score: Score
    damage: float

    def describe(self, target: str) -> str:
        shown = "" if self.choice == SINGLE else f"{self.choice}, "
        if self.reaction == "none":
            return f"{shown}{target} does not react"
        return f"{shown}{target} reacts with {self.reaction}"


def choice_pairs(
    situation: AttackSituation, reactions: tuple[str, ...] | None = None
) -> list[tuple[str, str, Results, float]]:
    """Every legal pair of attack choice and reaction (18.3, 18.4) with its settled results
    (:func:`~.outlook.settled`) and expected damage, in the rules' order."""
    _, cases = matrix_game(key_of(situation), Objective.TEMPO, reactions=reactions)
    pairs = []
    for case in cases:
        results = tuple((settled(r, situation), p) for r, p in case.results)
        damage = float(sum((p * r.damage for r, p in case.results), Fraction(0)))
        row = SINGLE if case.choice is None else case.choice.value
        pairs.append((row, case.reaction.value, results, damage))
    return pairs


def leaves_of(
    battle: Battle, attacker: Fighter, target: Fighter, results: Results
) -> list[tuple[Battle, Fraction]]:
    """Settled results as the battles after them, results that change the same things
    merged (:func:`_effect`), with their exact probabilities."""
    merged: dict[tuple[object, ...], tuple[AttackResult, Fraction]] = {}
    for result, p in results:
        key = _effect(result)
        earlier = merged.get(key)
        merged[key] = (result, p + (earlier[1] if earlier else Fraction(0)))
    return [(_after_attack(battle, attacker, target, r), p) for r, p in merged.values()]


def _effect(result: AttackResult) -> tuple[object, ...]:
    """What a result changes on the table that the evaluation reads."""
    return (
        result.total_damage,
        result.taken_down,
        result.target_action_counters,
        "poisoned" in result.statuses,
        result.attacker_damage,
        result.attacker_taken_down,
        result.action_free,
    )


def _after_attack(battle: Battle, me: Fighter, target: Fighter, result: AttackResult) -> Battle:
    """The battle after one result of the attack (18.5.3, 13.3), knockback aside."""
    hit = battle.fighter(target.name)
    hit = replaced(
        hit,
        damage=result.total_damage,
        counters=result.target_action_counters,
        poisoned=hit.poisoned or "poisoned" in result.statuses,
        guarding=hit.guarding and not result.reaction_free,
    )
    if result.taken_down:
        hit = replaced(hit, status=Status.OUT_OF_ACTION, at=None, counters=0, guarding=False)
    battle = battle.with_fighter(hit)
    attacker = battle.fighter(me.name)
    counters = attacker.counters if result.action_free else min(MAX_COUNTERS, me.counters + 1)
    attacker = replaced(
        attacker, damage=attacker.damage + result.attacker_damage, counters=counters
    )
    if result.attacker_taken_down:
        attacker = replaced(attacker, status=Status.OUT_OF_ACTION, at=None, counters=0)
    return battle.with_fighter(attacker)
