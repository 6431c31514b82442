"""12.0 Channelling Phase: players take turns to draw magic cards, or pass.

On a turn a player takes one face-up card (a card from the deck replaces it, face up),
takes the top card of the face-down deck (seen by them alone), or passes; at the hand
limit they must pass. The phase ends when every player has passed, and the order of
passing is the next Action Phase's turn order (13.0).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from random import Random
from typing import Any

from skirmish.engine.battle import Action, Chance, IllegalAction, Node, Turn
from skirmish.fastpaths import replaced
from skirmish.games.magewinds.battle.actions import after, pick
from skirmish.games.magewinds.battle.deck import (
    card_outcomes,
    drawn_card,
    hand_limit,
    reshuffle_if_empty,
    sample_card,
    take_from_deck,
)
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.hooks import ABILITIES as abilities
from skirmish.games.magewinds.battle.state import Battle, Frame
from skirmish.games.magewinds.cards import check_card, sort_cards

PASS = "pass"
DRAW_DECK = "draw deck"


def next_player(order: tuple[int, ...], passed: tuple[int, ...], current: int) -> int | None:
    """The next player in ``order`` after ``current`` who has not passed, if any."""
    start = order.index(current)
    for step in range(1, len(order) + 1):
        player = order[(start + step) % len(order)]
        if player not in passed:
            return player
    return None


@dataclass(frozen=True)
class Channelling(Frame):
    """12.0: ``turn`` draws or passes; ``waiting`` says a chance draw is due: ``"refill"``
    (a deck card replaces a face-up card taken) or ``"draw"`` (the top card, face down)."""

    order: tuple[int, ...]
    turn: int
    passed: tuple[int, ...] = ()
    waiting: str = ""
    slot: int = 0

    def node(self, battle: Battle) -> Node:
        if self.waiting == "refill":
            return Chance(
                battle.chances, "12.0", "a card from the deck replaces the face-up card taken"
            )
        if self.waiting == "draw":
            return Chance(
                battle.chances, "12.0", f"player {self.turn + 1} draws the top card of the deck"
            )
        limit, _ = hand_limit(battle, self.turn)
        return Turn(
            self.turn,
            "12.0",
            f"player {self.turn + 1}: draw a face-up card, the top card of the deck, or pass "
            f"({len(battle.hands[self.turn])} of {limit} cards)",
        )

    def options(self, battle: Battle) -> tuple[Action, ...]:
        limit, _ = hand_limit(battle, self.turn)
        if len(battle.hands[self.turn]) >= limit:
            return (PASS,)
        draws = tuple(f"draw {card}" for card in battle.face_up)
        deck: tuple[Action, ...] = (DRAW_DECK,) if battle.deck else ()
        return (*draws, *deck, *abilities.draw_options(battle, self.turn), PASS)

    def act(self, battle: Battle, action: Action) -> Battle:
        limit, why = hand_limit(battle, self.turn)
        if after(action, "draw") and len(battle.hands[self.turn]) >= limit:
            raise IllegalAction(f"12.0: player {self.turn + 1} has reached the {why} and must pass")
        rest = after(action, "draw")
        drawn = abilities.draw(battle, self.turn, action) if rest is not None else None
        if drawn is not None:
            return drawn
        if rest is not None and rest.strip().casefold() != "deck":
            card = check_card(rest.strip().upper())
            if card not in battle.face_up:
                raise IllegalAction(
                    f"12.0: {card} is not face up; face up: {' '.join(battle.face_up)}"
                )
            slot = battle.face_up.index(card)
            battle = _to_hand(battle, self.turn, card, known=True)
            battle = replaced(battle, face_up=tuple(c for c in battle.face_up if c != card))
            battle = battle.logged(
                "12.0",
                EventKind.DRAW,
                "player {player} draws the face-up {card}",
                player=self.turn + 1,
                card=card,
            )
            if not battle.deck:
                return self._next(battle)
            return battle.top(replaced(self, waiting="refill", slot=slot))
        chosen = pick(action, battle.options(), "12.0", "channelling action")
        if chosen == DRAW_DECK:
            return battle.top(replaced(self, waiting="draw"))
        battle = battle.logged(
            "12.0", EventKind.PASS, "player {player} passes", player=self.turn + 1
        )
        return self._next(battle, passed=(*self.passed, self.turn))

    def sample(self, battle: Battle, rng: Random) -> Action:
        return sample_card(battle, rng)

    def outcomes(self, battle: Battle) -> tuple[tuple[Action, Fraction], ...]:
        return card_outcomes(battle)

    def resume(self, battle: Battle, result: Any) -> Battle:
        """An Insight draw is done: the turn passes on."""
        return self._next(battle)

    def chance(self, battle: Battle, action: Action) -> Battle:
        card = drawn_card(battle, action)
        battle = take_from_deck(battle, card)
        if self.waiting == "refill":
            face_up = (*battle.face_up[: self.slot], card, *battle.face_up[self.slot :])
            battle = replaced(battle, face_up=face_up).logged(
                "12.0", EventKind.REFILL, "{card} is turned face up from the deck", card=card
            )
        else:
            battle = _to_hand(battle, self.turn, card, known=False)
            battle = battle.logged(
                "12.0",
                EventKind.DRAW_DECK,
                "player {player} draws the top card of the deck",
                player=self.turn + 1,
            )
            battle = battle.logged(
                "12.0",
                EventKind.DRAW_SEEN,
                "player {player} draws {card}",
                seen_by=self.turn,
                player=self.turn + 1,
                card=card,
            )
        return self._next(reshuffle_if_empty(battle))

    def _next(self, battle: Battle, passed: tuple[int, ...] | None = None) -> Battle:
        passed = self.passed if passed is None else passed
        following = next_player(self.order, passed, self.turn)
        if following is None:
            return battle.finish(passed)
        return battle.top(replaced(self, turn=following, passed=passed, waiting=""))

    def refused(self, battle: Battle) -> tuple[str, ...]:
        limit, why = hand_limit(battle, self.turn)
        out = []
        if len(battle.hands[self.turn]) >= limit:
            out.append(f"draw: 12.0: player {self.turn + 1} has reached the {why} and must pass")
        elif not battle.deck:
            out.append("draw deck: 12.1: the face-down deck and the discard pile are empty")
        return tuple(out)

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {
            "frame": "channelling",
            "turn": self.turn + 1,
            "passed": [p + 1 for p in self.passed],
            "waiting": self.waiting,
        }


def _to_hand(battle: Battle, player: int, card: str, *, known: bool) -> Battle:
    battle = battle.with_hand(player, sort_cards(battle.hands[player] + (card,)))
    if known:
        known_cards = tuple(k | {card} if i == player else k for i, k in enumerate(battle.known))
        battle = replaced(battle, known=known_cards)
    return battle
