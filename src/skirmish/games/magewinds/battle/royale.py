"""Battle Royale (v1.4.0): three or four warbands from the corners of a double-size
battlefield; the last with a starting fighter standing wins.

The players pick corners in placing order from Player 2 (Player 1 last) and deploy whole
warbands in turn from Player 1, within 3" of their corner. At the end of Action Phases 1
and 2 the Storm deals 4 damage to every fighter within 3" of the battlefield's edge; from
Action Phase 3 on, to every fighter not within 3" of the centre. Each enemy one of your
fighters takes out of action with an attack raises your hand limit by 1 in the next round
(ruling MB-29). The Storm strikes every warband at once, so the players roll off and the
winner orders the warbands (1.2, MB-19); each player may answer with Barrier (MB-14).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from random import Random
from typing import TYPE_CHECKING, Any

from skirmish.dice import CountAtMost
from skirmish.engine.battle import Action, Chance, End, IllegalAction, Node, Turn
from skirmish.games.magewinds.attack import NO_BARRIER
from skirmish.games.magewinds.battle.actions import pick
from skirmish.games.magewinds.battle.damage import deal_damage
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.paying import chosen_payment, ways_to_pay
from skirmish.games.magewinds.battle.rolloff import sequence
from skirmish.games.magewinds.battle.scenarios import (
    Scenario,
    count_on_battlefield,
    distance_to_point,
    poison_pending,
    winner_by,
)
from skirmish.games.magewinds.battle.state import Frame, Phase, dice_outcomes
from skirmish.games.magewinds.battle.territory import closest_edge_gap
from skirmish.games.magewinds.scenario_pages import described

if TYPE_CHECKING:
    from skirmish.games.magewinds.battle.state import Battle, Fighter

RULE = "Battle Royale"
STORM_DAMAGE = 4
STORM_REACH = 3.0
EDGE_ROUNDS = 2
"""The Storm strikes near the edge after Action Phases 1 and 2, away from the centre after."""
CORNER = 3.0


def struck(battle: Battle, fighter: Fighter) -> bool:
    """Whether the Storm strikes ``fighter`` at the end of this round's Action Phase."""
    assert fighter.at is not None
    table = battle.setup.table
    if battle.round <= EDGE_ROUNDS:
        return closest_edge_gap(table.width, table.length, fighter.at) <= STORM_REACH
    return distance_to_point(fighter.at, table.centre) > STORM_REACH


class StormStage(StrEnum):
    """Where the Storm is (Battle Royale)."""

    ORDER = "order"
    ORDERING = "ordering"
    STRIKE = "strike"


@dataclass(frozen=True)
class Storm(Frame):
    """The Storm at the end of an Action Phase: warbands in the order chosen (1.2), each
    fighter struck for 4 damage, with Barrier offered to its player (MB-14)."""

    players: tuple[int, ...]
    stage: StormStage = StormStage.ORDER
    queue: tuple[str, ...] = ()
    clubs: int = 0

    def advance(self, battle: Battle) -> Battle | None:
        if self.stage == StormStage.ORDER:
            where = (
                'within 3" of the edge'
                if battle.round <= EDGE_ROUNDS
                else 'not within 3" of the centre'
            )
            battle = battle.logged(
                RULE,
                EventKind.STORM,
                "the Storm strikes every fighter {where} for {damage} damage",
                damage=STORM_DAMAGE,
                words={"where": where},
            )
            hit = tuple(
                p for p in self.players if any(struck(battle, f) for f in battle.on_battlefield(p))
            )
            battle = battle.top(replace(self, stage=StormStage.ORDERING))
            if len(hit) > 1:
                return sequence(battle, hit, "the Storm's damage", None)
            return battle.top(
                replace(self, stage=StormStage.STRIKE, queue=self._fighters(battle, hit))
            )
        if self.stage == StormStage.STRIKE:
            if not self.queue:
                return battle.finish()
            fighter = battle.fighter(self.queue[0])
            if not fighter.on_battlefield:
                return battle.top(replace(self, queue=self.queue[1:]))
            if not self._cost(battle):
                return self._damage(battle, STORM_DAMAGE)
        return None

    def _fighters(self, battle: Battle, players: tuple[int, ...]) -> tuple[str, ...]:
        return tuple(f.name for p in players for f in battle.on_battlefield(p) if struck(battle, f))

    def resume(self, battle: Battle, result: Any) -> Battle:
        return battle.top(
            replace(self, stage=StormStage.STRIKE, queue=self._fighters(battle, tuple(result)))
        )

    def _cost(self, battle: Battle) -> str:
        barrier = battle.setup.pack.universal("barrier")
        return barrier.cost if barrier is not None else ""

    def _damage(self, battle: Battle, damage: int) -> Battle:
        name = self.queue[0]
        if damage:
            battle = deal_damage(battle, name, damage, RULE, "the Storm")
        return battle.top(replace(self, queue=self.queue[1:], clubs=0))

    def node(self, battle: Battle) -> Node:
        name = self.queue[0]
        if self.clubs:
            return Chance(battle.chances, "Barrier", "Barrier dice")
        player = battle.fighter(name).player
        return Turn(
            player, "Barrier", f"{name} receives {STORM_DAMAGE} Storm damage: cast Barrier?"
        )

    def options(self, battle: Battle) -> tuple[Action, ...]:
        player = battle.fighter(self.queue[0]).player
        ways = ways_to_pay(battle, player, self._cost(battle))
        return (NO_BARRIER, *(p.text for p in ways))

    def act(self, battle: Battle, action: Action) -> Battle:
        chosen = pick(action, battle.options(), "Barrier", "Barrier payment")
        if chosen == NO_BARRIER:
            return self._damage(battle, STORM_DAMAGE)
        name = self.queue[0]
        player = battle.fighter(name).player
        payment = chosen_payment(battle, player, self._cost(battle), chosen)
        battle = battle.spend(
            player, payment.cards, f"Barrier on {name}", fighter=name, spell="Barrier"
        )
        return battle.top(replace(self, clubs=payment.amount))

    def sample(self, battle: Battle, rng: Random) -> Action:
        _, faces = CountAtMost(STORM_DAMAGE, self.clubs).roll(rng)
        return "dice " + " ".join(str(f) for f in faces)

    def outcomes(self, battle: Battle) -> tuple[tuple[Action, Fraction], ...]:
        return dice_outcomes("dice", STORM_DAMAGE)

    def chance(self, battle: Battle, action: Action) -> Battle:
        words = action.split()
        if (
            len(words) != STORM_DAMAGE + 1
            or words[0] != "dice"
            or any(w not in ("1", "2", "3", "4", "5", "6") for w in words[1:])
        ):
            raise IllegalAction(
                f"Barrier: {STORM_DAMAGE} dice are written 'dice N N N N', not {action!r}"
            )
        faces = tuple(int(w) for w in words[1:])
        cancelled = sum(1 for f in faces if f <= self.clubs)
        battle = battle.logged(
            "Barrier",
            EventKind.BARRIER,
            "Barrier dice: {faces:space} -> {cancelled} of {damage} damage cancelled (ruling MW-6)",
            faces=faces,
            cancelled=cancelled,
            damage=STORM_DAMAGE,
        )
        return self._damage(battle, STORM_DAMAGE - cancelled)

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {"frame": "storm", "stage": self.stage, "queue": list(self.queue)}


def _storm(battle: Battle, order: tuple[int, ...]) -> Frame | None:
    hit = [f for f in battle.on_battlefield() if struck(battle, f)]
    return Storm(order) if hit else None


def _hand_limit(battle: Battle, player: int) -> tuple[int, str]:
    taken = battle.counted("takedown", player, battle.round - 1) if battle.round > 1 else 0
    if taken:
        return taken, f"{RULE}: +{taken} for enemies taken out of action last round (MB-29)"
    return 0, ""


def _now(battle: Battle) -> End | None:
    if battle.phase in (Phase.SETUP, Phase.DEPLOYMENT) or poison_pending(battle):
        return None  # ruling MB-33: the poison of one moment is dealt before anyone wins
    standing = [p for p, c in enumerate(count_on_battlefield(battle)) if c]
    if len(standing) == 1:
        return End(standing[0], f"player {standing[0] + 1}'s warband is the last one standing")
    if not standing:
        return End(None, "a draw: the last warbands fell together")
    return None


def _end_of_round(battle: Battle) -> End | None:
    if battle.round < battle.setup.options.round_limit(battle.setup.scenario):
        return None
    return winner_by(count_on_battlefield(battle), "fighters standing at the round limit (MB-29)")


BATTLE_ROYALE = Scenario(
    **described("battle-royale"),
    double_size=True,
    clear_radius=3.0,
    setup_steps=("corners",),
    territory="corner",
    corner_radius=CORNER,
    deploy_whole=True,
    rewards_takedowns=True,
    action_phase_end=_storm,
    hand_limit_bonus=_hand_limit,
    end_of_round=_end_of_round,
    immediate_end=_now,
)
