"""The greedy computer player: the best-looking activation now, by the exact odds.

Each of its activations is chosen among every candidate (:mod:`.plans`: move, attack from
each step at each target, guard, Blink, Recover, a spell cast before an attack), by the
value of the position it leads to (:mod:`.evaluation`), an attack counted over its exact
distinct results; then the chosen candidate is followed action by action. The hidden
attack and defence choices (18.3, 18.4) are drawn from the advisor's equilibrium mix
(:mod:`.outlook`). The other decisions follow simple rules of thumb, each in a method
below: draw up to three cards then pass, deploy forward and apart, discard every card at
windburn, knock back or step where the position scores best, cast Barrier against a
take-down.

The player sees only ``view(player)``: it plays on a battle rebuilt from the view with the
hidden facts drawn at random (:func:`~skirmish.games.magewinds.battle.rebuild.from_view`),
and nothing it decides reads those drawn facts; its generator is seeded by its seed, its
seat and how many decisions it has made.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from random import Random
from typing import Any

from skirmish.ai.collection import set_aside
from skirmish.ai.magewinds.evaluation import SAME_POSITION, TERRAIN, Evaluator, Score, Weights
from skirmish.ai.magewinds.outlook import SHIFTED, Mix, outlook
from skirmish.ai.magewinds.plans import MOVE_BOUND, Course, Decisions, Plan, Planner, cheapest
from skirmish.ai.magewinds.setting import (
    deployment_score,
    order_choice,
    placement_score,
    point_of,
    profile_worth,
    side_choice,
)
from skirmish.ai.magewinds.threats import GREEDY, KEYED, LEAN
from skirmish.engine.battle import Action
from skirmish.engine.procedure import NeedsDecision, next_step
from skirmish.fastpaths import RECORDS
from skirmish.games.magewinds.advice import SINGLE
from skirmish.games.magewinds.attack import (
    ATTACK_CHOICE,
    ATTACKER_BARRIER,
    BARRIER,
    DEFENCE_CHOICE,
    NO_BARRIER,
    resolve_attack,
)
from skirmish.games.magewinds.battle.abilities.seer import DRAW_TWO, InsightDraw
from skirmish.games.magewinds.battle.actionphase import ActionPhase, ActionPhaseStage
from skirmish.games.magewinds.battle.activation import END, Activation, ActivationStage
from skirmish.games.magewinds.battle.attacks import AttackFrame, AttackStage
from skirmish.games.magewinds.battle.building import WarbandBuilding
from skirmish.games.magewinds.battle.channelling import DRAW_DECK, PASS, Channelling
from skirmish.games.magewinds.battle.damage import PoisonDamage
from skirmish.games.magewinds.battle.deployment import Deployment
from skirmish.games.magewinds.battle.endphase import Windburn
from skirmish.games.magewinds.battle.geometry import SITUATION, moved
from skirmish.games.magewinds.battle.grammar import BattleAction, Kind, Names, among, read, texts
from skirmish.games.magewinds.battle.placement import Placement
from skirmish.games.magewinds.battle.rebuild import from_view
from skirmish.games.magewinds.battle.rolloff import OrderChoice
from skirmish.games.magewinds.battle.royale import STORM_DAMAGE, Storm
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.battle.sides import SideChoice
from skirmish.games.magewinds.battle.sight import LINES
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.battle.steps import StepFrame
from skirmish.games.magewinds.cards import card_suit, card_value

NO_NAMES = Names()
"""The names a payment of cards alone needs: none."""
SUIT_WORTH = {"D": 1.0, "C": 0.8, "H": 0.7, "S": 0.5}
"""How useful each suit is to any warband: Spark (Diamonds), Barrier (Clubs), Recover
(Hearts), Blink (three Spades)."""
PLAN_STAGES = frozenset(
    {
        ActivationStage.START,
        ActivationStage.MOVING,
        ActivationStage.TARGET,
        ActivationStage.BLINK,
        ActivationStage.RECOVER,
    }
)
SHORTCUTS = (
    GREEDY,
    LEAN,
    KEYED,
    SAME_POSITION,
    MOVE_BOUND,
    SHIFTED,
    SITUATION,
    LINES,
    RECORDS,
    TERRAIN,
)
"""Every part of the fast paths a greedy choice goes through: the player's own (kept
threats and settled results, the steps before an attack, the lean re-scoring of only the
threats a candidate changes, each fighter keyed once a position, scores kept by position,
the Moves left out by their bound, the outlook shifted by a counter, the evaluation's
terrain answers), the attack situation's
cover and Dodge, lines of attack remembered, and records made and hashed quicker;
``fastpaths.plain(*SHORTCUTS)`` plays the plain way."""


def sample(mix: Mix, legal: tuple[Action, ...], rng: Random) -> Action:
    """An option drawn from ``mix`` (restricted to ``legal``), with ``rng``."""
    options = [(o, p) for o, p in mix if p > 0 and o in legal]
    if not options:
        return legal[0]
    total = sum((p for _, p in options), Fraction(0))
    draw = rng.random() * float(total)
    for option, p in options:
        draw -= float(p)
        if draw < 0:
            return option
    return options[-1][0]


class GreedyPlayer:
    """The greedy player of ``seat`` in battles of ``setup``, seeded by ``seed``."""

    name = "greedy"

    def __init__(
        self, setup: Setup, seed: int, seat: int, *, weights: Weights | None = None
    ) -> None:
        self.setup = setup
        self.seat = seat
        self.evaluator = Evaluator(setup, weights or Weights())
        self.planner = Planner(self.evaluator, seat)
        self.decisions = Decisions(f"skirmish greedy player {seed} seat {seat}")
        self.worths: dict[str, float] = {}

    def act(self, view: Mapping[str, Any], legal: tuple[BattleAction, ...]) -> BattleAction:
        """The record chosen among ``legal`` (weighed by their texts, :meth:`choose`)."""
        return among(legal, self.choose(view, texts(legal)))

    def choose(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        """The action chosen among ``legal`` at ``view``; the collector walks only what
        the decision makes (:func:`~skirmish.ai.collection.set_aside`)."""
        forced = self.decisions.forced(legal)
        if forced is not None:
            return forced
        with set_aside():
            rng = self.decisions.rng()
            battle = from_view(self.setup, view, rng)
            return self.decide(battle, legal, rng)

    # -- what to do at each kind of decision ----------------------------------------------

    def decide(self, battle: Battle, legal: tuple[Action, ...], rng: Random) -> Action:
        """The action at ``battle`` (rebuilt from the player's view)."""
        top = battle.frames[-1]
        if isinstance(top, ActionPhase):
            if top.stage == ActionPhaseStage.WINDOWS:
                return self.by_value(battle, legal)
            return self.follow(self.planner, battle, legal)
        if isinstance(top, Activation):
            if top.stage in PLAN_STAGES:
                return self.follow(self.planner, battle, legal)
            if top.stage in (ActivationStage.END, ActivationStage.ABILITY):
                return self.by_value(battle, legal)
            return self.after_moving(battle, legal)
        if isinstance(top, StepFrame):
            if top.reaction:
                return self.by_value(battle, legal)
            return self.follow(self.planner, battle, legal)
        if isinstance(top, AttackFrame):
            if top.stage == AttackStage.KNOCKBACK:
                return self.by_value(battle, legal)
            return self.in_attack(battle, top, legal, rng)
        if isinstance(top, Channelling):
            return self.channel(battle, legal)
        if isinstance(top, InsightDraw):
            return insight_keep(battle, legal)
        if isinstance(top, Deployment):
            return self.deploy(battle, legal)
        if isinstance(top, Windburn):
            return self.windburn(battle, legal)
        if isinstance(top, PoisonDamage):
            return self.barrier(battle, top.fighter, 1, legal)
        if isinstance(top, Storm):
            return self.barrier(battle, top.queue[0], STORM_DAMAGE, legal)
        if isinstance(top, WarbandBuilding):
            return self.build(battle, legal)
        if isinstance(top, Placement):
            return self.place(battle, legal)
        if isinstance(top, SideChoice):
            return side_choice(battle, top, legal)
        if isinstance(top, OrderChoice):
            return order_choice(self.seat, top, legal)
        return legal[0]

    def rule_of_thumb(self, battle: Battle) -> str:
        """The rule of thumb :meth:`decide` follows at ``battle``, in words."""
        top = battle.frames[-1]
        handlers = {
            Channelling: self.channel,
            InsightDraw: insight_keep,
            Deployment: self.deploy,
            Activation: self.after_moving,
            Windburn: self.windburn,
            PoisonDamage: self.barrier,
            Storm: self.barrier,
            AttackFrame: self.in_attack,
            WarbandBuilding: self.build,
            Placement: self.place,
            SideChoice: side_choice,
            OrderChoice: order_choice,
        }
        handler = next((h for kind, h in handlers.items() if isinstance(top, kind)), None)
        by_value = (isinstance(top, AttackFrame) and top.stage == AttackStage.KNOCKBACK) or (
            isinstance(top, Activation)
            and top.stage in (ActivationStage.END, ActivationStage.ABILITY)
        )
        if handler is None and not isinstance(top, (ActionPhase, Activation, StepFrame)):
            return "the first legal option (this decision is not thought about yet)"
        if handler is None or by_value:
            return "the option whose position scores best"
        return " ".join((handler.__doc__ or "").split())

    def after_moving(self, battle: Battle, legal: tuple[Action, ...]) -> Action:
        """19.1: pick up an object in contact when one is offered; else done."""
        picking = [o for o, a in read_all(battle, legal) if a.kind is Kind.PICK_UP]
        if picking:
            return picking[0]
        return "done" if "done" in legal else legal[-1]

    def follow(self, planner: Planner, battle: Battle, legal: tuple[Action, ...]) -> Action:
        """The first action of the best candidate; the rest are played in turn. The
        candidates are those that could be best (:meth:`Planner.best_plans`); when the
        best of them does not start with a legal action, every candidate is weighed."""
        plans = planner.best_plans(battle)
        if plans and plans[0].actions and plans[0].actions[0] not in legal:
            plans = planner.plans(battle)
        action, self.decisions.course = first_of(plans, legal)
        return action

    def by_value(self, battle: Battle, legal: tuple[Action, ...]) -> Action:
        """The option whose position scores best (one of each spell, paid the cheapest way;
        steps and knockback as they end; a drop of an object is not considered)."""
        best, chosen = -math.inf, legal[0]
        for option in weighed(battle, legal):
            value = self.evaluator.value(self.position_after(battle, option), self.seat).total
            if value > best + 1e-9:
                best, chosen = value, option
        return chosen

    def position_after(self, battle: Battle, option: Action) -> Battle:
        """The battle once ``option`` is taken (a step or knockback as it ends)."""
        action = read(option, Names.of(battle))
        if action.kind is Kind.STEP and action.point is not None:
            top = battle.frames[-1]
            assert isinstance(top, StepFrame)
            return moved(battle, battle.fighter(top.fighter), action.point)
        if option in (END, "done", "no step"):
            return battle
        return battle.apply(option)

    def in_attack(
        self, battle: Battle, frame: AttackFrame, legal: tuple[Action, ...], rng: Random
    ) -> Action:
        """18.3 and 18.4 at the equilibrium mix; Mirrorshield paid the cheapest way;
        Barrier against damage that would take the fighter down."""
        step = next_step(partial(resolve_attack, situation=frame.situation), frame.answers)
        if not isinstance(step, NeedsDecision):
            return legal[0]
        decision = step.decision
        if decision.key in (ATTACK_CHOICE, DEFENCE_CHOICE):
            attacking = decision.key == ATTACK_CHOICE
            own = own_choices(self.planner, battle, frame, legal, attacking=attacking)
            if own:  # both choices this player's: the best pair, no contest
                return max(own, key=lambda o: own[o].total)
        if decision.key == ATTACK_CHOICE:
            return sample(outlook(frame.situation).attack_mix, legal, rng)
        if decision.key == DEFENCE_CHOICE:
            return sample(outlook(frame.situation, legal).defence_mix, legal, rng)
        if decision.key in (BARRIER, ATTACKER_BARRIER):
            fighter = frame.target if decision.key == BARRIER else frame.attacker
            assert decision.amount is not None  # Barrier decisions carry their damage
            return self.barrier(battle, fighter, decision.amount, legal)
        return cheapest_payment(legal, Names.of(battle))

    def barrier(self, battle: Battle, name: str, damage: int, legal: tuple[Action, ...]) -> Action:
        """Barrier (ruling MW-6) only when the damage would take the fighter down, with the
        most Clubs offered."""
        fighter = battle.fighter(name)
        left = self.setup.profile(fighter.profile).toughness - fighter.damage
        paying = [(o, a) for o, a in read_all(battle, legal) if o != NO_BARRIER]
        if damage < left or not paying:
            return NO_BARRIER if NO_BARRIER in legal else legal[0]
        return max(paying, key=lambda oa: (_worth(oa[1]), -max(1, len(oa[1].cards))))[0]

    def channel(self, battle: Battle, legal: tuple[Action, ...]) -> Action:
        """12.0: take the most useful face-up card, or the top of the deck (two with a
        Seer's Insight, keeping the better), up to the hand limit. Cards cost nothing until
        windburn (14.1), where the greedy player keeps none, so it never passes early:
        stopping at fewer cards than an opponent who draws on loses more than acting first
        gains (a mirror battle's first player won 29% of battles when it stopped at three
        and about half when both drew alike)."""
        assert isinstance(battle.frames[-1], Channelling)
        face_up = [(o, a) for o, a in read_all(battle, legal) if a.kind is Kind.DRAW and a.cards]
        best = max(face_up, key=lambda oa: _usefulness(oa[1].cards[0]), default=None)
        if best is not None and _usefulness(best[1].cards[0]) >= 1.0:
            return best[0]
        if DRAW_TWO in legal:
            return DRAW_TWO
        if DRAW_DECK in legal:
            return DRAW_DECK
        return best[0] if best is not None else PASS if PASS in legal else legal[0]

    def deploy(self, battle: Battle, legal: tuple[Action, ...]) -> Action:
        """10.5: toward what the scenario is won by (its objective marker, the objects
        lying free, Hold the Line's objective edge for the Attacker, else the centre of
        the table), apart from friends."""
        offered = read_all(battle, legal)
        first = offered[0][1].fighter

        def score(option: tuple[Action, BattleAction]) -> float:
            return deployment_score(battle, self.seat, point_of(option[1], "10.5"))

        deploying = [(o, a) for o, a in offered if a.kind is Kind.DEPLOY and a.fighter == first]
        return max(deploying, key=score)[0]

    def place(self, battle: Battle, legal: tuple[Action, ...]) -> Action:
        """Place the scenario's object where the player's warband (or territory) is
        nearest compared with every other warband."""
        offered = read_all(battle, legal)
        return max(
            offered,
            key=lambda oa: (
                placement_score(battle, self.seat, point_of(oa[1], "10.4")),
                -legal.index(oa[0]),
            ),
        )[0]

    def build(self, battle: Battle, legal: tuple[Action, ...]) -> Action:
        """10.2 (ruling MB-31): add the profile worth most per slot among those the
        assembly rules allow (its Toughness, its best attack against the pack's profiles
        and theirs against it), and stop only when the warband is full."""
        adds = [(o, a.fighter) for o, a in read_all(battle, legal) if a.kind is Kind.ADD]
        if not adds:
            return legal[0]
        pack = battle.setup.pack.fighters

        def worth(name: str | None) -> float:
            assert name is not None  # an added profile is named
            found = self.worths.get(name)
            if found is None:
                profile = battle.setup.profile(name)
                found = profile_worth(self.evaluator, profile, pack) / max(1, profile.slots)
                self.worths[name] = found
            return found

        return max(adds, key=lambda added: (worth(added[1]), -adds.index(added)))[0]

    def windburn(self, battle: Battle, legal: tuple[Action, ...]) -> Action:
        """14.1: discard every card; damage (if any card was kept) on the fighter with the
        most Toughness left."""
        offered = read_all(battle, legal)
        discards = [o for o, a in offered if a.kind is Kind.DISCARD]
        if discards:
            return discards[0]

        def left(option: tuple[Action, BattleAction]) -> int:
            fighter = battle.fighter(option[1].target or option[0])
            return self.setup.profile(fighter.profile).toughness - fighter.damage

        return max(offered, key=left)[0]


def first_of(plans: list[Plan], legal: tuple[Action, ...]) -> tuple[Action, Course]:
    """The first action of the best candidate that starts with a legal action, and the
    course of the rest (the first legal action, and no course, when none does)."""
    for plan in plans:
        if plan.actions and plan.actions[0] in legal:
            return plan.actions[0], Course(plan.actions[1:])
    return legal[0], Course()


def plannable(battle: Battle) -> bool:
    """Whether the decision is one of the player's activation (chosen by plans)."""
    top = battle.frames[-1]
    if isinstance(top, ActionPhase):
        return top.stage == ActionPhaseStage.TURNS
    if isinstance(top, Activation):
        return top.stage in PLAN_STAGES
    return isinstance(top, StepFrame) and not top.reaction


def weighed(battle: Battle, legal: tuple[Action, ...]) -> list[Action]:
    """The options :meth:`GreedyPlayer.by_value` scores: one of each, paid the cheapest way
    (17.0), and no drop of an object."""
    kept = [o for o, a in read_all(battle, legal) if a.kind is not Kind.DROP]
    return cheapest(kept, Names.of(battle))


def read_all(battle: Battle, legal: tuple[Action, ...]) -> list[tuple[Action, BattleAction]]:
    """Each offered text with its record (read against the battle's names), in order: the
    rules of thumb weigh the records' fields and answer with the text offered."""
    names = Names.of(battle)
    return [(o, read(o, names)) for o in legal]


def cheapest_payment(legal: tuple[Action, ...], names: Names = NO_NAMES) -> Action:
    """The payment (cards alone, or an action paying cards) of the least card worth, the
    first offered among equals; ``names``: the battle's, for actions that name anything."""
    worths = [_worth(read(o, names)) for o in legal]
    return legal[min(range(len(legal)), key=lambda i: (worths[i], i))]


def _worth(payment: BattleAction) -> int:
    """The card worth a payment spends (17.0); nothing for an answer that pays none."""
    return sum(card_value(c) for c in payment.cards)


def insight_keep(battle: Battle, legal: tuple[Action, ...]) -> Action:
    """Insight (Seer v1.4.0): keep the more useful of the two cards."""
    offered = read_all(battle, legal)
    return max(offered, key=lambda oa: (_usefulness(oa[1].cards[0]), -offered.index(oa)))[0]


def _usefulness(card: str) -> float:
    return card_value(card) * SUIT_WORTH[card_suit(card).value]


def own_choices(
    planner: Planner,
    battle: Battle,
    frame: AttackFrame,
    legal: tuple[Action, ...],
    *,
    attacking: bool,
) -> dict[Action, Score]:
    """At a hidden choice (18.3 when ``attacking``, else 18.4) of an attack whose attacker
    and target one player decides for (:meth:`Planner.own_choices`), each legal answer with
    the score of the best pair of choices it is part of (the attack choice already made, at
    the Defence Choice); empty for an attack between two players."""
    if frame.attacker_player != frame.defender_player:
        return {}
    reactions = None if attacking else tuple(legal)
    made = {str(a) for a in frame.answers}
    found: dict[Action, Score] = {}
    pairs = planner.own_choices(
        battle,
        battle.fighter(frame.attacker),
        battle.fighter(frame.target),
        frame.situation,
        reactions,
    )
    for pair in pairs:
        if not attacking and pair.choice != SINGLE and pair.choice not in made:
            continue
        option = pair.choice if attacking else pair.reaction
        if option in legal and option not in found:
            found[option] = pair.score
    return found
