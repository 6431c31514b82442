"""The computer players by name: ``random``, ``greedy`` and ``search[:SECONDS]``.

A terminal, a simulation or a web page asks :func:`computer` for the player of a seat and
hands it views only (``view(player)``) and the legal actions. Kinds are those a battle's
``--players`` accepts (:data:`~skirmish.games.magewinds.battle.session.PLAYER_KINDS`).
"""

from __future__ import annotations

from typing import Any

from skirmish.engine.battle import Player, RandomPlayer
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle.session import search_seconds
from skirmish.games.magewinds.battle.setup import Setup


def computer(kind: str, setup: Setup, seed: int, seat: int, *, clock: bool = True) -> Player:
    """The computer player ``kind`` for ``seat`` of battles of ``setup``, seeded by ``seed``;
    ``greedy:without=Blink`` is the greedy player never using Blink
    (:mod:`skirmish.ai.restricted`).

    ``clock=False`` counts a search player's budget in look-aheads instead of seconds, so
    the same seed gives the same battle on any machine and in any number of processes.
    """
    from skirmish.ai.magewinds.greedy import GreedyPlayer
    from skirmish.ai.magewinds.search import SearchPlayer
    from skirmish.ai.restricted import WITHOUT, RestrictedPlayer, split_kind

    if WITHOUT in kind:  # names checked against the pack by whoever took the kind
        found = split_kind(kind)
        return RestrictedPlayer(computer(found.kind, setup, seed, seat, clock=clock), found.without)
    if kind == "random":
        return RandomPlayer(seed, seat)
    if kind == "greedy":
        return GreedyPlayer(setup, seed, seat)
    seconds = search_seconds(kind)
    if seconds is not None:
        return SearchPlayer(setup, seed, seat, seconds=seconds, clock=clock)
    raise SkirmishError(f"{kind!r} is not a computer player; expected random, greedy or search")


def simulated(kind: str) -> tuple[str, int]:
    """Who the computer player ``kind`` is in a simulation (``clock=False``): its name and,
    for a search player, the look-aheads its budget counts a decision (0 for the others).
    Two kinds alike here play alike from the same seed and seat: ``search``, ``search:1``
    and ``search:1.0`` are one player."""
    from skirmish.ai.magewinds.search import counted_playouts

    seconds = search_seconds(kind)
    if seconds is None:
        return kind, 0
    return "search", counted_playouts(seconds)


def is_computer(kind: str) -> bool:
    return kind != "human"


def players(kinds: tuple[str, ...], setup: Setup, seed: int, **options: Any) -> dict[int, Player]:
    """The computer players among ``kinds``, by seat."""
    return {
        seat: computer(kind, setup, seed, seat, **options)
        for seat, kind in enumerate(kinds)
        if is_computer(kind)
    }
