"""The computer players by name: ``random`` for every game, and each game's own.

A terminal, a simulation or a web page asks :func:`computer` for the player of a seat and
hands it views only (``view(player)``) and the legal actions. ``random`` plays any game;
the rest come from the game's :class:`Computers`, named by its battles (``"module:NAME"``,
imported only when asked for), so this module names no game.
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable
from typing import Any, Protocol

from skirmish.engine.battle import Player, RandomPlayer
from skirmish.errors import SkirmishError
from skirmish.games.base import MenuOption


class Computers(Protocol):
    """A game's computer players beyond ``random`` (``greedy``, ``search:SECONDS``...)."""

    def computer(
        self, kind: str, setup: Any, seed: int, seat: int, *, clock: bool
    ) -> Player[Any] | None:
        """The player ``kind`` for ``seat`` of battles of ``setup`` (None: no such kind)."""
        ...

    def simulated(self, kind: str) -> tuple[str, int]:
        """Who ``kind`` is in a simulation: its name, and the look-aheads a decision
        counts (0 when it does not search)."""
        ...

    def menu(self, battle: Any, player: int, legal: tuple[Hashable, ...]) -> tuple[MenuOption, ...]:
        """The legal actions in the order a person's menu numbers them, each as a person
        reads it (a game's advice on reading the decision, kept with its players)."""
        ...

    def hint_lines(self, battle: Any, player: int, legal: tuple[Hashable, ...]) -> list[str]:
        """A computer player's advice on the decision, numbered as ``legal``."""
        ...


RANDOM_KINDS = ("random", "drawing")
"""The random players every game has: ``random`` lists the legal actions and picks one,
``drawing`` draws one without listing them all where the game can
(:class:`~skirmish.engine.battle.RandomPlayer`)."""


def computers(where: str) -> Computers:
    """The :class:`Computers` named ``"module:NAME"``."""
    module, _, name = where.partition(":")
    found: Computers = getattr(importlib.import_module(module), name)
    return found


def computer(
    kind: str, setup: Any, seed: int, seat: int, *, game: str, clock: bool = True
) -> Player[Any]:
    """The computer player ``kind`` for ``seat`` of battles of ``setup``, seeded by
    ``seed``, among ``random`` and the computers ``game`` names (``"module:NAME"``);
    ``greedy:without=Blink`` is the greedy player never using Blink
    (:mod:`skirmish.ai.restricted`).

    ``clock=False`` counts a search player's budget in look-aheads instead of seconds, so
    the same seed gives the same battle on any machine and in any number of processes.
    """
    from skirmish.ai.restricted import WITHOUT, RestrictedPlayer, split_kind

    if WITHOUT in kind:  # names checked against the pack by whoever took the kind
        found = split_kind(kind)
        inner = computer(found.kind, setup, seed, seat, game=game, clock=clock)
        return RestrictedPlayer(inner, found.without)
    if kind in RANDOM_KINDS:
        return RandomPlayer(seed, seat, drawn=kind == "drawing")
    made = computers(game).computer(kind, setup, seed, seat, clock=clock)
    if made is None:
        raise SkirmishError(
            f"{kind!r} is not a computer player; expected random, drawing, greedy or search"
        )
    return made


def simulated(kind: str, *, game: str) -> tuple[str, int]:
    """Who the computer player ``kind`` is in a simulation (``clock=False``): its name and,
    for a search player, the look-aheads its budget counts a decision (0 for the others).
    Two kinds alike here play alike from the same seed and seat: ``search``, ``search:1``
    and ``search:1.0`` are one player."""
    if kind in RANDOM_KINDS:
        return kind, 0
    return computers(game).simulated(kind)


def is_computer(kind: str) -> bool:
    return kind != "human"


def players(
    kinds: tuple[str, ...], setup: Any, seed: int, *, game: str, **options: Any
) -> dict[int, Player[Any]]:
    """The computer players among ``kinds``, by seat."""
    return {
        seat: computer(kind, setup, seed, seat, game=game, **options)
        for seat, kind in enumerate(kinds)
        if is_computer(kind)
    }
