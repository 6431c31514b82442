"""What one player may know (the view): everything public, their own hand, nothing else.

No other player's hand (only its size and the cards everyone saw them take face up), no
card of the face-down deck, no face-down choice not yet revealed, no private log line of
another player. Computer players and the terminal see the battle only through this.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from skirmish.engine.battle import Chance, End, Turn, seen
from skirmish.engine.logbook import LogLine, line_dict
from skirmish.fastpaths import Kept, fast
from skirmish.games.magewinds.battle.abilities.mesmer import shown_profile
from skirmish.games.magewinds.battle.hooks import VIEWS
from skirmish.games.magewinds.battle.public import public_part
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
        "fighters": [_shown(battle, f.as_dict()) for f in battle.fighters],
        "objects": [i.as_dict() for i in battle.items],
        "hand": list(battle.hands[player]),
        "other_hands": hands,
        "face_up": list(battle.face_up),
        "discard": list(battle.discard),
        "deck": len(battle.deck),
        "marks": [mark.as_dict(player) for mark in battle.marks],
        "pending": [frame.summary(battle, player) for frame in battle.frames],
        "log": _log(battle.log, player),
        "public": public_part(battle, player),
    }


def _shown(battle: Battle, fighter: dict[str, Any]) -> dict[str, Any]:
    """A fighter as every player sees it: a Doppelganger shows its target's profile while
    the Clone note is secret (ruling MB-45)."""
    if battle.marks:
        fighter["profile"] = shown_profile(battle, fighter["name"], fighter["profile"])
    return fighter


def seen_lines(log: Log | None, player: int | None) -> list[LogLine]:
    """The log's lines ``player`` may see, oldest first: every public line and their own
    private ones (None: a spectator, the public lines alone)."""
    events = log.events() if log else ()
    return [e for e in events if seen(e, player)]


def _log(log: Log | None, player: int | None) -> list[dict[str, Any]]:
    """The log lines ``player`` may see, JSON-ready. On the fast path each line is worked
    out once, when first shown (log lines are shared between views and the states of a
    battle share their earlier lines: a view is to be read, not changed); with the part
    :data:`LOG_KEPT`, the lines of a log shown before are kept, and a later log adds the
    lines it has beyond them."""
    if not fast():
        return [line_dict(e) for e in seen_lines(log, player)]
    if not fast(LOG_KEPT):
        return [_LINES.get(e, partial(line_dict, e)) for e in seen_lines(log, player)]
    return list(_kept_log(log, player))


def _kept_log(log: Log | None, player: int | None) -> tuple[dict[str, Any], ...]:
    """:func:`_log`'s lines (:data:`LOG_KEPT`): those kept for the latest earlier part of
    ``log`` shown to ``player`` (its lines are a linked list whose earlier nodes are the
    logs of earlier states), and the lines after it worked out as :func:`_log` works them
    out, in order."""
    newer: list[LogLine] = []
    node = log
    earlier: tuple[dict[str, Any], ...] = ()
    while node is not None:
        found = _SHOWN.find(node, player)
        if found is not None:
            earlier = found[0]
            break
        newer.append(node.event)
        node = node.previous
    lines = earlier + tuple(
        _LINES.get(e, partial(line_dict, e)) for e in reversed(newer) if seen(e, player)
    )
    if log is not None:
        _SHOWN.put(log, lines, player)
    return lines


def log_lines(battle: Battle, player: int | None) -> list[dict[str, Any]]:
    """The battle's log as ``player`` may see it (None: a spectator), JSON-ready."""
    return _log(battle.log, player)


_LINES: Kept[dict[str, Any]] = Kept("log lines")
LOG_KEPT = "view log kept"
"""The part of the fast paths that keeps the log lines of each log shown to a player, so
that the view of a later state works out only the lines added since (a battle's views
came to walk the whole log, 4% of a greedy battle); ``fastpaths.plain(LOG_KEPT)`` walks
it whole. Both give the very same lines."""
SHOWN = 256
"""Logs whose lines are kept (:data:`LOG_KEPT`): a view needs the latest earlier one
shown to the same player, so few are enough; when full, the store starts again."""
_SHOWN: Kept[tuple[dict[str, Any], ...]] = Kept("logs shown", SHOWN)


VIEWS.view = view
