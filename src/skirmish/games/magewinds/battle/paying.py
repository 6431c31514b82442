"""17.0 paying for spells in battles: every payment is found from the player's hand, with a
card's worth read as the players agreed before the battle (ruling MB-2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.fastpaths import Memo, fast
from skirmish.games.magewinds.cards import Payment, find_payment, parse_cost, payments

if TYPE_CHECKING:
    from skirmish.games.magewinds.battle.state import Battle


def ways_to_pay(battle: Battle, player: int, cost: str) -> tuple[Payment, ...]:
    """17.0: every way ``player`` can pay ``cost`` from their hand (ruling MB-2)."""
    hand = battle.hands[player]
    worth = battle.setup.options.card_worth
    if fast():
        return _WAYS.get((cost, hand, worth), lambda: payments(parse_cost(cost), hand, worth=worth))
    return payments(parse_cost(cost), hand, worth=worth)


_WAYS: Memo[tuple[Payment, ...]] = Memo("ways to pay")


def named_payment(battle: Battle, player: int, cost: str, text: str) -> Payment:
    """17.0: the payment ``text`` names from ``player``'s hand, or an error naming the
    rule and the legal payments (rulings MB-1 and MB-2)."""
    worth = battle.setup.options.card_worth
    return find_payment(parse_cost(cost), battle.hands[player], text, worth=worth)


def chosen_payment(battle: Battle, player: int, cost: str, text: str) -> Payment:
    """The payment among :func:`ways_to_pay` whose cards read ``text`` (already picked
    from the legal options)."""
    return next(p for p in ways_to_pay(battle, player, cost) if p.text == text)
