"""The magic deck (0.9, 10.4, 12.0, 12.1): drawing face down, the face-up row, the hand limit.

Each card drawn from the face-down deck is a chance event, uniform over the cards it holds:
the same as drawing the top card of a shuffled deck, without a deck order anyone could
know. When the face-down deck runs out, the discard pile becomes the new deck (12.1).
The one exception is a card the Seer's Insight put back on top: it is drawn next, and only
its player knows it (a secret mark, Seer v1.4.0).
"""

from __future__ import annotations

from fractions import Fraction
from random import Random

from skirmish.engine.battle import Action, IllegalAction
from skirmish.fastpaths import replaced
from skirmish.games.magewinds.battle.actions import after
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.hooks import ABILITIES
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.cards import check_card, sort_cards

HAND_LIMIT = 5
"""12.0: the hand limit."""
FACE_UP = 5
"""10.4: cards placed face up next to the deck."""


def top_card(battle: Battle) -> str | None:
    """The card known to be on top of the face-down deck (Insight), if any."""
    known = ABILITIES.known_top(battle) if battle.marks else None
    return None if known is None else known[0]


def sample_card(battle: Battle, rng: Random) -> Action:
    """A card drawn from the face-down deck (the card on top, when one is known)."""
    known = top_card(battle)
    return f"card {known or rng.choice(battle.deck)}"


def card_outcomes(battle: Battle) -> tuple[tuple[Action, Fraction], ...]:
    """Every card :func:`sample_card` may give with its exact probability: the known top
    card for certain, else each card of the face-down deck alike (12.0)."""
    known = top_card(battle)
    if known is not None:
        return ((f"card {known}", Fraction(1)),)
    return tuple((f"card {card}", Fraction(1, len(battle.deck))) for card in battle.deck)


def drawn_card(battle: Battle, action: Action) -> str:
    """The card a chance step says was drawn, checked against the face-down deck."""
    text = after(action, "card")
    if text is None:
        raise IllegalAction(f"12.0: a card drawn is written 'card XX', not {action!r}")
    card = check_card(text.strip().upper())
    if card not in battle.deck:
        raise IllegalAction(f"12.0: {card} is not in the face-down deck")
    known = ABILITIES.known_top(battle) if battle.marks else None
    if known is not None and card != known[0]:
        raise IllegalAction(
            f"12.0: the top card of the deck was put back by {known[1]}: {known[0]}"
        )
    return card


def take_from_deck(battle: Battle, card: str) -> Battle:
    """Remove a drawn card from the face-down deck, and what an ability knew of it (the
    Insight mark on it). The caller
    logs where it went, then calls :func:`reshuffle_if_empty` (12.1), so the log tells the
    card's story in order."""
    deck = tuple(c for c in battle.deck if c != card)
    battle = replaced(battle, deck=deck)
    return ABILITIES.card_drawn(battle, card) if battle.marks else battle


def reshuffle_if_empty(battle: Battle) -> Battle:
    """12.1: an empty face-down deck is replaced by the shuffled discard pile."""
    if battle.deck or not battle.discard:
        return battle
    battle = replaced(battle, deck=sort_cards(battle.discard), discard=())
    return battle.logged(
        "12.1",
        EventKind.RESHUFFLE,
        "the face-down deck is empty: the discard pile ({cards} cards) is shuffled into a new deck",
        cards=len(battle.deck),
    )


def hand_limit(battle: Battle, player: int) -> tuple[int, str]:
    """12.0: the hand limit, 5, with any bonus the scenario gives."""
    bonus, why = battle.setup.scenario.hand_limit_bonus(battle, player)
    if bonus:
        return HAND_LIMIT + bonus, f"hand limit {HAND_LIMIT} {why}: {HAND_LIMIT + bonus}"
    return HAND_LIMIT, f"hand limit {HAND_LIMIT}"
