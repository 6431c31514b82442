"""14.0 End Phase and 14.1 Windburn.

Action counters are removed; the scenario may end the battle; otherwise each player, in
the order they passed in the Action Phase, goes through the cards left in their hand and
keeps or discards each. A kept card deals its value (number 1, face 2, Ace 3) as damage to
their own fighters, spread as they choose. With no fighter on the battlefield a player
cannot keep a card (ruling MB-17). Barrier is not offered against windburn (MB-14).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from random import Random
from typing import Any

from skirmish.engine.battle import Action, IllegalAction, Node, Turn
from skirmish.engine.stack import Fields, Shown
from skirmish.fastpaths import replaced
from skirmish.games.magewinds.battle.actions import after
from skirmish.games.magewinds.battle.damage import PoisonDamage, deal_damage
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.scenarios import WindburnBarrier
from skirmish.games.magewinds.battle.state import Battle, Frame
from skirmish.games.magewinds.cards import card_value, check_card


class EndPhaseStage(StrEnum):
    """Where the End Phase is (14.0): action counters, then windburn."""

    COUNTERS = "counters"
    WINDBURN = "windburn"


@dataclass(frozen=True)
class EndPhase(Frame):
    """14.0: remove counters, check the scenario's end, windburn in passing order."""

    order: tuple[int, ...]
    stage: EndPhaseStage = EndPhaseStage.COUNTERS
    queue: tuple[int, ...] = ()

    def advance(self, battle: Battle) -> Battle | None:
        if self.stage == EndPhaseStage.COUNTERS:
            fighters = tuple(replaced(f, counters=0) for f in battle.fighters)
            battle = replaced(battle, fighters=fighters).logged(
                "14.0",
                EventKind.COUNTERS_REMOVED,
                "End Phase of round {round}: action counters are removed",
                round=battle.round,
            )
            ended = battle.setup.scenario.end_of_round(battle)
            if ended is not None:
                return battle.ended(ended)
            return battle.top(replaced(self, stage=EndPhaseStage.WINDBURN, queue=self.order))
        if self.stage == EndPhaseStage.WINDBURN:
            if self.queue:
                battle = battle.top(replaced(self, queue=self.queue[1:]))
                return battle.push(Windburn(self.queue[0]))
            return battle.finish()
        return None

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {"frame": "end phase", "stage": self.stage}


@dataclass(frozen=True)
class Windburn(Frame):
    """14.1: ``player`` keeps or discards each card; a kept card's damage is spread."""

    player: int
    decided: tuple[str, ...] = ()
    card: str = ""
    points: int = 0

    @classmethod
    def read_back(cls, battle: Battle, data: Shown, rng: Random, now: Shown | None) -> Fields:
        """Another player's view counts the cards kept (14.1, ruling MB-22): which they
        are is drawn among the cards left in that hand."""
        values = super().read_back(battle, data, rng, now)
        if "kept" in data:
            hand = [c for c in battle.hands[values["player"]] if c not in values["decided"]]
            values["decided"] = (*values["decided"], *rng.sample(hand, data["kept"]))
            values["card"] = ""
        return values

    def _left(self, battle: Battle) -> tuple[str, ...]:
        return tuple(c for c in battle.hands[self.player] if c not in self.decided)

    def advance(self, battle: Battle) -> Battle | None:
        if self.points and not any(battle.on_battlefield(self.player)):
            battle = battle.logged(
                "14.1",
                EventKind.WINDBURN,
                "no fighter of player {player} is left to take the damage",
                player=self.player + 1,
            )
            return battle.top(replaced(self, points=0, card=""))
        if not self.points and not self._left(battle):
            return battle.finish()
        return None

    def node(self, battle: Battle) -> Node:
        if self.points:
            return Turn(
                self.player,
                "14.1",
                f"player {self.player + 1}: which fighter takes 1 damage for keeping a card "
                f"({self.points} left)?",
            )
        return Turn(
            self.player,
            "14.1",
            f"player {self.player + 1}: keep or discard each card (windburn)",
            hidden=True,
        )

    def options(self, battle: Battle) -> tuple[Action, ...]:
        if self.points:
            return tuple(f"damage {f.name}" for f in battle.on_battlefield(self.player))
        keeping = any(battle.on_battlefield(self.player))
        out: list[Action] = []
        for card in self._left(battle):
            if keeping:
                out.append(f"keep {card}")
            out.append(f"discard {card}")
        return tuple(out)

    def act(self, battle: Battle, action: Action) -> Battle:
        if self.points:
            name = after(action, "damage")
            if name is None:
                raise IllegalAction(f"14.1: write 'damage FIGHTER', not {action!r}")
            fighter = battle.find_fighter(name)
            if fighter.player != self.player or not fighter.on_battlefield:
                raise IllegalAction(
                    f"14.1: windburn damage goes to player {self.player + 1}'s fighters on "
                    "the battlefield"
                )
            battle = battle.top(replaced(self, points=self.points - 1))
            why = "windburn from keeping a card"
            if battle.setup.options.windburn_barrier == WindburnBarrier.ON:
                return battle.push(
                    PoisonDamage(fighter.name, rule="14.1", why=why, what="windburn")
                )
            return deal_damage(battle, fighter.name, 1, "14.1", why)
        for verb in ("keep", "discard"):
            text = after(action, verb)
            if text is None:
                continue
            card = check_card(text.strip().upper())
            if card not in self._left(battle):
                raise IllegalAction(
                    f"14.1: {card} is not among player {self.player + 1}'s cards left to go through"
                )
            if verb == "discard":
                hand = tuple(c for c in battle.hands[self.player] if c != card)
                battle = replaced(
                    battle.with_hand(self.player, hand), discard=(*battle.discard, card)
                )
                battle = battle.logged(
                    "14.1",
                    EventKind.DISCARD,
                    "player {player} discards {card}",
                    player=self.player + 1,
                    card=card,
                )
                return battle.top(replaced(self, decided=(*self.decided, card)))
            if not any(battle.on_battlefield(self.player)):
                raise IllegalAction(
                    "14.1: with no fighter on the battlefield a card cannot be kept (ruling MB-17)"
                )
            value = card_value(card)
            battle = battle.logged(
                "14.1",
                EventKind.KEEP,
                "player {player} keeps a card worth {value} (ruling MB-22)",
                player=self.player + 1,
                value=value,
            )
            battle = battle.logged(
                "14.1",
                EventKind.KEEP_SEEN,
                "player {player} keeps {card}",
                seen_by=self.player,
                player=self.player + 1,
                card=card,
            )
            return battle.top(
                replaced(self, decided=(*self.decided, card), card=card, points=value)
            )
        raise IllegalAction(f"14.1: write 'keep CARD' or 'discard CARD', not {action!r}")

    def hidden_fields(self, battle: Battle, player: int) -> dict[str, Any]:
        """Another player sees the cards discarded so far and how many were kept, not which
        (14.1)."""
        if player == self.player:
            return {}
        # A discarded card lies face up on the discard pile; a kept one is known only by
        # its value (ruling MB-22), so it is counted, never named, whatever the hand holds.
        discarded = [c for c in self.decided if c in battle.discard]
        return {
            "decided": discarded,
            "kept": len(self.decided) - len(discarded),
            "card": "",
        }

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {"frame": "windburn", "player": self.player + 1, "points": self.points}
