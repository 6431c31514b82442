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
    """The computer player ``kind`` for ``seat`` of battles of ``setup``, seeded by ``seed``.

    ``clock=False`` counts a search player's budget in look-aheads instead of seconds, so
    the same seed gives the same battle on any machine and in any number of processes.
    """
    from skirmish.ai.magewinds.greedy import GreedyPlayer
    from skirmish.ai.magewinds.search import SearchPlayer

    if kind == "random":
        return RandomPlayer(seed, seat)
    if kind == "greedy":
        return GreedyPlayer(setup, seed, seat)
    seconds = search_seconds(kind)
    if seconds is not None:
        return SearchPlayer(setup, seed, seat, seconds=seconds, clock=clock)
    raise SkirmishError(f"{kind!r} is not a computer player; expected random, greedy or search")


def is_computer(kind: str) -> bool:
    return kind != "human"


def players(kinds: tuple[str, ...], setup: Setup, seed: int, **options: Any) -> dict[int, Player]:
    """The computer players among ``kinds``, by seat."""
    return {
        seat: computer(kind, setup, seed, seat, **options)
        for seat, kind in enumerate(kinds)
        if is_computer(kind)
    }
