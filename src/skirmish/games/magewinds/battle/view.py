"""What one player may know (the view): everything public, their own hand, nothing else.

No other player's hand (only its size and the cards everyone saw them take face up), no
card of the face-down deck, no face-down choice not yet revealed, no private log line of
another player. Computer players and the terminal see the battle only through this.
"""

from __future__ import annotations

from typing import Any

from skirmish.engine.battle import Chance, End, Turn
from skirmish.fastpaths import Kept, fast
from skirmish.games.magewinds.battle.state import Battle, Log


def view(battle: Battle, player: int) -> dict[str, Any]:
    """The battle as ``player`` sees it (JSON-ready)."""
    node = battle.node()
    if isinstance(node, Turn):
        now: dict[str, Any] = {"decides": node.player + 1, "rule": node.rule}
        if node.player == player:
            now["prompt"] = node.prompt
    elif isinstance(node, Chance):
        now = {"chance": node.label, "rule": node.rule}
    else:
        assert isinstance(node, End)
        now = {"over": node.reason, "winner": None if node.winner is None else node.winner + 1}
    hands = {}
    for other in range(battle.players):
        if other != player:
            hands[str(other + 1)] = {
                "cards": len(battle.hands[other]),
                "known": sorted(battle.known[other]),
            }
    return {
        "player": player + 1,
        "scenario": battle.setup.scenario.name,
        "round": battle.round,
        "phase": battle.phase.value,
        "now": now,
        "territories": list(battle.territories),
        "fighters": [f.as_dict() for f in battle.fighters],
        "objects": [i.as_dict() for i in battle.items],
        "hand": list(battle.hands[player]),
        "other_hands": hands,
        "face_up": list(battle.face_up),
        "discard": list(battle.discard),
        "deck": len(battle.deck),
        "pending": [frame.summary(battle, player) for frame in battle.frames],
        "log": _log(battle.log, player),
    }


def _log(log: Log | None, player: int) -> list[dict[str, Any]]:
    """The log lines ``player`` may see, oldest first. On the fast path each state's list
    is its previous state's list and what was added since, kept for each player (log
    lines are shared between views: a view is to be read, not changed)."""
    if not fast():
        events = log.events() if log else ()
        return [e.as_dict() for e in events if e.seen_by is None or e.seen_by == player]
    return list(_seen_lines(log, player))


def _seen_lines(log: Log | None, player: int) -> tuple[dict[str, Any], ...]:
    if log is None:
        return ()
    waiting: list[Log] = []
    node: Log | None = log
    lines: tuple[dict[str, Any], ...] = ()
    while node is not None:
        kept = _LINES.find(node, player)
        if kept is not None:
            lines = kept[0]
            break
        waiting.append(node)
        node = node.previous
    for node in reversed(waiting):
        event = node.event
        if event.seen_by is None or event.seen_by == player:
            lines = (*lines, event.as_dict())
        _LINES.put(node, lines, player)
    return lines


_LINES: Kept[tuple[dict[str, Any], ...]] = Kept("log lines seen")
