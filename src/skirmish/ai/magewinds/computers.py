"""The Magewinds computer players by kind: ``greedy`` (:mod:`.greedy`) and
``search[:SECONDS[:value]]`` (:mod:`.search`; ``:value`` scores the look-aheads with
:mod:`.value`), as :func:`skirmish.ai.players.computer` asks a game for them."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from skirmish.engine.battle import LazyView, Player
from skirmish.games.base import MenuOption
from skirmish.games.magewinds.battle.session import search_seconds, search_valued
from skirmish.games.magewinds.battle.setup import Setup


class MagewindsComputers:
    """The :class:`~skirmish.ai.players.Computers` of Magewinds."""

    def computer(
        self, kind: str, setup: Any, seed: int, seat: int, *, clock: bool
    ) -> Player[Any] | None:
        from skirmish.ai.magewinds.greedy import GreedyPlayer
        from skirmish.ai.magewinds.search import SearchPlayer
        from skirmish.ai.magewinds.value import fitted

        assert isinstance(setup, Setup)
        if kind == "greedy":
            return GreedyPlayer(setup, seed, seat)
        seconds = search_seconds(kind)
        if seconds is not None:
            value = fitted if search_valued(kind) else None
            return SearchPlayer(setup, seed, seat, seconds=seconds, clock=clock, value=value)
        return None

    def simulated(self, kind: str) -> tuple[str, int]:
        from skirmish.ai.magewinds.search import counted_playouts

        seconds = search_seconds(kind)
        if seconds is None:
            return kind, 0
        name = "search:value" if search_valued(kind) else "search"
        return name, counted_playouts(seconds)

    def menu(self, battle: Any, player: int, legal: tuple[Hashable, ...]) -> tuple[MenuOption, ...]:
        """Enemies first, the ways to pay one spell grouped, each attack with its odds
        (:mod:`skirmish.ai.magewinds.menu`)."""
        from skirmish.ai.magewinds.menu import menu

        return menu(battle.setup, LazyView(battle, player), tuple(map(str, legal)))

    def hint_lines(self, battle: Any, player: int, legal: tuple[Hashable, ...]) -> list[str]:
        """The greedy player's best actions (:mod:`skirmish.ai.magewinds.explain`)."""
        from skirmish.ai.magewinds.explain import hint_lines

        return hint_lines(battle.setup, LazyView(battle, player), tuple(map(str, legal)))


COMPUTERS = MagewindsComputers()
