"""What a fighter's abilities leave behind when it is taken down (18.5.3, 4.4) or leaves
the battlefield by Hold the Line's Escape (ruling MB-30).

A fighter off the battlefield no longer affects the battle: the spells it holds up (Ward,
Entangle, Hypnotize), its Take Aim marker, its Predictions and a Recover still to heal end,
as do Entangle and Hypnotize on it; a Clone note naming it is revealed (ruling MB-45). A
Charm note stands (ruling MB-41), and a card Insight put back stays on top of the deck.
An escaped fighter is not taken down, so a Clone note naming it stays secret.
"""

from __future__ import annotations

from skirmish.games.magewinds.battle.abilities.common import ending_with, without
from skirmish.games.magewinds.battle.abilities.mesmer import revealed
from skirmish.games.magewinds.battle.state import Battle


def gone(battle: Battle, name: str) -> Battle:
    """``name`` left the battlefield: the marks that end with it go."""
    ending = ending_with(battle, name)
    return without(battle, *ending) if ending else battle


def fallen(battle: Battle, name: str) -> Battle:
    """``name`` was taken down: the marks that end with it go, a Clone note is revealed."""
    return revealed(gone(battle, name), name)
