"""Magic cards (0.9, 17.0, 14.1): the 52-card deck, card values, casting costs and payments.

A card is written as its rank and suit letter: ``"AS"`` (Ace of Spades), ``"10H"``,
``"KC"``. Number cards are worth 1, face cards 2 and Aces 3, when spending them on a
spell (17.0) and when keeping them through windburn (14.1).

>>> card_value("AS"), card_value("QH"), card_value("7D")
(3, 2, 1)
>>> [p.text for p in payments(parse_cost("1 Diamond + 1 Spade"), ("KD", "3S", "5S"))]
['3S+KD', '5S+KD']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations

from skirmish import limits
from skirmish.errors import SkirmishError
from skirmish.fastpaths import RECORDS, fast

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FACE_RANKS = frozenset({"J", "Q", "K"})


class Suit(StrEnum):
    """17.0: the four types of magic card, each a wind of magic."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})
BLACK = frozenset({Suit.CLUBS, Suit.SPADES})

DECK: tuple[str, ...] = tuple(rank + suit for suit in Suit for rank in RANKS)
"""0.9: the 52 cards of the magic deck, jokers removed."""

_CARD = re.compile(r"^(A|[2-9]|10|J|Q|K)([SHDC])$")


class BadCard(SkirmishError):
    """A card that is not one of the 52 (0.9)."""


def check_card(card: str) -> str:
    """``card`` when it names one of the 52 cards, else a clear error."""
    if _CARD.match(card) is None:
        raise BadCard(
            f"0.9: {card!r} is not a card; write rank then suit, such as AS, 10H, KC or 7D"
        )
    return card


def card_suit(card: str) -> Suit:
    """The suit of a card."""
    return Suit(card[-1])


def card_rank(card: str) -> str:
    return card[:-1]


def card_value(card: str) -> int:
    """17.0 and 14.1: number cards are worth 1, face cards 2, Aces 3."""
    rank = card_rank(card)
    if rank == "A":
        return 3
    if rank in FACE_RANKS:
        return 2
    return 1


def card_order(card: str) -> tuple[int, int]:
    """Sorting key: by suit as in :data:`DECK`, then by rank. On the fast path a card of
    the deck is looked up in a table made once from the same key (hands are sorted at
    every position a computer player weighs)."""
    if fast(RECORDS):
        found = _ORDERS.get(card)
        if found is not None:
            return found
    return _card_order(card)


def _card_order(card: str) -> tuple[int, int]:
    return list(Suit).index(card_suit(card)), RANKS.index(card_rank(card))


_ORDERS = {card: _card_order(card) for card in DECK}


def sort_cards(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Cards in a fixed order, so equal hands are equal tuples."""
    return tuple(sorted(cards, key=card_order))


class CardType(StrEnum):
    """17.0: a suit, a supertype (Red, Black) or Any."""

    HEART = "Heart"
    DIAMOND = "Diamond"
    CLUB = "Club"
    SPADE = "Spade"
    RED = "Red"
    BLACK = "Black"
    ANY = "Any"

    def suits(self) -> frozenset[Suit]:
        """The suits a card of this type may have."""
        return _TYPE_SUITS[self]


_TYPE_SUITS = {
    CardType.HEART: frozenset({Suit.HEARTS}),
    CardType.DIAMOND: frozenset({Suit.DIAMONDS}),
    CardType.CLUB: frozenset({Suit.CLUBS}),
    CardType.SPADE: frozenset({Suit.SPADES}),
    CardType.RED: RED,
    CardType.BLACK: BLACK,
    CardType.ANY: frozenset(Suit),
}


@dataclass(frozen=True)
class Requirement:
    """One part of a casting cost: at least ``minimum`` cards' worth of ``type``.

    ``maximum`` is how much may be spent in all to increase the effect (``1-3 Clubs``: 3,
    ``1+ Hearts``: None for no limit); a fixed part has ``maximum == minimum``.
    """

    type: CardType
    minimum: int
    maximum: int | None

    @property
    def variable(self) -> bool:
        return self.maximum != self.minimum


@dataclass(frozen=True)
class Cost:
    """17.0: a spell's casting cost, as written (``"1 Diamond + 1 Any"``) and as parts."""

    text: str
    requirements: tuple[Requirement, ...]

    @property
    def variable(self) -> Requirement | None:
        """The part that may be overpaid to increase the effect, if any."""
        return next((r for r in self.requirements if r.variable), None)


_PART = re.compile(
    r"^(?P<low>\d+)(?:(?P<plus>\+)|\s*[-\u2013]\s*(?P<high>\d+))?\s+(?P<type>[A-Za-z]+?)s?$"
)


@cache
def parse_cost(text: str) -> Cost:
    """17.0: read a casting cost such as ``1 Heart + 1 Diamond``, ``1-3 Clubs`` or ``1+ Hearts``.

    Parts are joined by ``+``, ``,`` or ``and``. At most one part may be variable, and a
    variable part must be the whole cost (every cost in the published packs is so).
    """
    parts = [p.strip() for p in re.split(r"\s*(?:\+(?!\s*[A-Za-z])|,|\band\b)\s*", text) if p]
    requirements = []
    for part in parts:
        match = _PART.match(part)
        if match is None:
            raise SkirmishError(
                f"17.0: cannot read the casting cost {text!r} at {part!r}; write parts such "
                "as '1 Heart', '2 Red', '1+ Clubs' or '1-3 Clubs'"
            )
        kind = match["type"].capitalize()
        try:
            card_type = CardType(kind)
        except ValueError:
            raise SkirmishError(
                f"17.0: {match['type']!r} in the casting cost {text!r} is not a type of card; "
                f"expected one of: {', '.join(CardType)}"
            ) from None
        low = int(match["low"])
        high = None if match["plus"] else int(match["high"] or low)
        problem = limits.COUNT.problem(max(low, high or 0))
        if problem is not None:
            raise SkirmishError(f"17.0: the casting cost {text!r} at {part!r}: {problem}")
        if low < 1 or (high is not None and high < low):
            raise SkirmishError(f"17.0: the casting cost {text!r} has an empty range at {part!r}")
        requirements.append(Requirement(card_type, low, high))
    if not requirements:
        raise SkirmishError(f"17.0: the casting cost {text!r} is empty")
    if any(r.variable for r in requirements) and len(requirements) > 1:
        raise SkirmishError(
            f"17.0: the casting cost {text!r} mixes a variable part with others, "
            "which no published spell does"
        )
    return Cost(text, tuple(requirements))


class CardWorth(StrEnum):
    """How a card's worth (17.0: face cards 2, Aces 3) meets a cost of several parts
    (ruling MB-2)."""

    ACROSS_PARTS = "across-parts"
    """Split between the parts it matches: the King of Diamonds pays "1 Diamond + 1 Any"
    alone (the default)."""
    WITHIN_PART = "within-part"
    """Counted within the one part it pays: that cost needs two cards."""


@dataclass(frozen=True)
class Payment:
    """Cards discarded to pay a cost (17.0) and the worth they give a variable cost."""

    cards: tuple[str, ...]
    amount: int

    @property
    def text(self) -> str:
        return "+".join(self.cards)


def _worth(cost: Cost, cards: tuple[str, ...], worth: CardWorth) -> int | None:
    """What ``cards`` give ``cost``: the worth counted for a variable part (capped at its
    maximum), the fixed total for a fixed cost, or None when the cost is not met.

    Each card goes whole to one part it matches, and its worth counts there; read
    ``across-parts`` (ruling MB-2), a card is as many cards of its suit as it is worth,
    each going to a part of its own, so the King of Diamonds is two Diamonds, enough
    for "1 Diamond + 1 Any".
    """
    variable = cost.variable
    if variable is not None:
        suits = variable.type.suits()
        total = sum(card_value(card) for card in cards if card_suit(card) in suits)
        if total < variable.minimum:
            return None
        return total if variable.maximum is None else min(total, variable.maximum)
    if worth is CardWorth.ACROSS_PARTS:
        pieces = [(card_suit(card), 1) for card in cards for _ in range(card_value(card))]
    else:
        pieces = [(card_suit(card), card_value(card)) for card in cards]
    # What each part still needs, over every way of sharing out the pieces seen so far.
    needs = {tuple(r.minimum for r in cost.requirements)}
    for suit, value in pieces:
        needs = {
            tuple(max(0, n - value) if i == part else n for i, n in enumerate(need))
            for need in needs
            for part, requirement in enumerate(cost.requirements)
            if suit in requirement.type.suits()
        }
    if not any(not any(need) for need in needs):
        return None
    return sum(r.minimum for r in cost.requirements)


def _matches(cost: Cost, card: str) -> bool:
    return any(card_suit(card) in r.type.suits() for r in cost.requirements)


def useful_cards(cost: Cost, hand: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The cards of ``hand`` of a suit some part of ``cost`` takes, in the hand's order:
    the only cards a payment of it may hold (:func:`payments` finds the same payments
    from these alone)."""
    return tuple(card for card in hand if _matches(cost, card))


@cache
def _payments(cost: Cost, hand: tuple[str, ...], worth: CardWorth) -> tuple[Payment, ...]:
    useful = useful_cards(cost, hand)
    found = []
    for size in range(1, len(useful) + 1):
        for chosen in combinations(useful, size):
            paid = _worth(cost, chosen, worth)
            if paid is None:
                continue
            # Ruling MB-1: a card that adds nothing may not be added to a payment.
            if any(_worth(cost, chosen[:i] + chosen[i + 1 :], worth) == paid for i in range(size)):
                continue
            found.append(Payment(sort_cards(chosen), paid))
    return tuple(sorted(set(found), key=lambda p: (len(p.cards), [card_order(c) for c in p.cards])))


def payments(
    cost: Cost,
    hand: tuple[str, ...] | list[str],
    *,
    worth: CardWorth = CardWorth.ACROSS_PARTS,
) -> tuple[Payment, ...]:
    """17.0: every legal way to pay ``cost`` from ``hand``, by discarding cards.

    Face cards count as two cards of their suit and Aces as three, split between the
    parts of a cost or within one part as ``worth`` reads ruling MB-2. A payment may
    overpay only through a card's worth (an Ace for 1 Club); a card whose removal would
    leave the same effect is not allowed (ruling MB-1). A variable cost's ``amount`` is
    the worth spent on it, capped at its maximum. Every payment of a battle is found here.
    """
    return _payments(cost, sort_cards(tuple(hand)), worth)


def find_payment(
    cost: Cost,
    hand: tuple[str, ...] | list[str],
    text: str,
    *,
    worth: CardWorth = CardWorth.ACROSS_PARTS,
) -> Payment:
    """The payment ``text`` names (cards joined by ``+``), checked against ``hand``."""
    named = [c.strip().upper() for c in text.split("+") if c.strip()]
    for card in named:
        check_card(card)
    missing = [c for c in named if c not in hand]
    if missing:
        raise SkirmishError(f"17.0: {', '.join(missing)} not in hand; hand: {' '.join(hand)}")
    wanted = sort_cards(named)
    ways = payments(cost, hand, worth=worth)
    for payment in ways:
        if payment.cards == wanted:
            return payment
    legal = ", ".join(p.text for p in ways) or "none"
    within = len(cost.requirements) > 1 and worth is CardWorth.WITHIN_PART
    reading = " and MB-2: a card's worth counts within one part" if within else ""
    raise SkirmishError(
        f"17.0: {'+'.join(wanted)} does not pay {cost.text} (ruling MB-1: no card may add "
        f"nothing{reading}); legal payments: {legal}"
    )
