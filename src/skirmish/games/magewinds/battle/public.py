"""The public part of a battle: what a player's view adds for a battle to be rebuilt.

A view (:mod:`.view`) shows the fighters, objects, cards in sight and the log as a player
sees them. Under ``"public"`` it also carries every fact of the state that everyone may
know and the rest of the view does not show: who is Player 1, the passing orders, the
spells in effect around fighters, what a scenario counts (the tally), the cards each hand
is known to hold, which player holds each secret note (and which fighter each Clone note
is about, which every player saw cloned), and the pending work, every frame field by
field as it says a player may see it (:meth:`~skirmish.engine.stack.Frame.shown`, with
what it keeps from them in :meth:`~skirmish.engine.stack.Frame.hidden_fields`): another
hand, a face-down choice not yet revealed, a card kept through windburn, the two cards
another player is choosing between with Insight are left out. The abilities' marks are in
the view itself (``"marks"``), another player's secret notes only as secret.
:mod:`.rebuild` reads it back.
"""

from __future__ import annotations

from typing import Any

from skirmish.games.magewinds.battle.abilities.mesmer import GENUINE
from skirmish.games.magewinds.battle.state import Battle


def public_part(battle: Battle, player: int) -> dict[str, Any]:
    """Everything public about ``battle`` that the rest of the view does not show, and the
    pending work as ``player`` may see it (JSON-ready)."""
    return {
        "first": battle.first,
        "deployed": list(battle.deployed),
        "channel_passes": list(battle.channel_passes),
        "action_passes": list(battle.action_passes),
        "energized": sorted(battle.energized),
        "auras": [list(aura) for aura in battle.auras],
        "known": [sorted(known) for known in battle.known],
        "tally": [list(entry) for entry in battle.tally],
        "chances": battle.chances,
        "note_holders": [mark.seen_by for mark in battle.marks],
        "cloned": [mark.detail for mark in battle.marks if mark.key == GENUINE],
        "frames": [frame.shown(battle, player) for frame in battle.frames],
    }
