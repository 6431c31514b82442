"""17.0 paying for spells in battles: every payment is found from the player's hand, with a
card's worth read as the players agreed before the battle (ruling MB-2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.fastpaths import OFFERS, Memo, fast
from skirmish.games.magewinds.cards import (
    Payment,
    find_payment,
    parse_cost,
    payments,
    useful_cards,
)

if TYPE_CHECKING:
    from skirmish.games.magewinds.battle.state import Battle


def ways_to_pay(battle: Battle, player: int, cost: str) -> tuple[Payment, ...]:
    """17.0: every way ``player`` can pay ``cost`` from their hand (ruling MB-2)."""
    hand = battle.hands[player]
    worth = battle.setup.options.card_worth
    if fast(OFFERS):
        # Remembered by the cards that can pay (the hand's others never do): a card drawn
        # of a suit the cost does not take leaves the ways to pay as they were.
        parsed = parse_cost(cost)
        useful = useful_cards(parsed, hand)
        return _WAYS.get((cost, useful, worth), lambda: payments(parsed, useful, worth=worth))
    if fast():
        return _WAYS.get((cost, hand, worth), lambda: payments(parse_cost(cost), hand, worth=worth))
    return payments(parse_cost(cost), hand, worth=worth)


_WAYS: Memo[tuple[Payment, ...]] = Memo("ways to pay")


def named_payment(battle: Battle, player: int, cost: str, text: str) -> Payment:
    """17.0: the payment ``text`` names from ``player``'s hand, or an error naming the
    rule and the legal payments (rulings MB-1 and MB-2)."""
    worth = battle.setup.options.card_worth
    return find_payment(parse_cost(cost), battle.hands[player], text, worth=worth)


def healing_cost(cost: str, damage: int) -> str:
    """A healing spell's casting cost (Heal's "1+ Hearts", Recover's "1-3 Hearts") spending
    no more than the ``damage`` there is to heal, and never under its minimum: 20.1 removes
    only the damage a fighter has, so a card beyond that heals nothing and ruling MB-1
    leaves it out of the payment."""
    part = parse_cost(cost).variable
    if part is None:
        return cost
    most = max(part.minimum, damage)
    if part.maximum is not None and part.maximum <= most:
        return cost
    return f"{part.minimum}-{most} {part.type.value}s"


def chosen_payment(battle: Battle, player: int, cost: str, text: str) -> Payment:
    """The payment among :func:`ways_to_pay` whose cards read ``text`` (already picked
    from the legal options)."""
    return next(p for p in ways_to_pay(battle, player, cost) if p.text == text)
