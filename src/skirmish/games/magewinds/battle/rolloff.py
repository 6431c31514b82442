"""3.1 Roll-offs and 1.2 Sequencing.

A roll-off ranks players by one die each, the highest first; players who tie roll off
again among themselves for their places. When rules of several players take effect at
the same time, the player whose turn it is orders them; when it is nobody's turn, the
players roll off and the winner orders them.

Every roll in a battle is a roll-off or a pool of six-sided dice against a target number:
3.3 (cocked dice), 3.4 (D3) and 3.5 (xD6) are not needed (ruling MB-35).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import permutations
from random import Random
from typing import Any

from skirmish.engine.battle import Action, Chance, IllegalAction, Node, Turn
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.state import Battle, Frame, dice_outcomes

SIDES = 6


@dataclass(frozen=True)
class RollOff(Frame):
    """3.1: players ranked by a die each; each tied group rolls again for its places.

    ``ranking`` holds groups in rank order; a group of one is placed. The result handed to
    the frame below is the players in their placing order.
    """

    purpose: str
    ranking: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, players: tuple[int, ...], purpose: str) -> RollOff:
        return cls(purpose, (players,))

    def _tied(self) -> tuple[int, ...] | None:
        return next((group for group in self.ranking if len(group) > 1), None)

    def node(self, battle: Battle) -> Node:
        group = self._tied()
        assert group is not None
        players = ", ".join(str(p + 1) for p in group)
        return Chance(battle.chances, "3.1", f"roll-off for {self.purpose}: players {players}")

    def sample(self, battle: Battle, rng: Random) -> Action:
        group = self._tied()
        assert group is not None
        return "roll-off " + " ".join(str(rng.randint(1, SIDES)) for _ in group)

    def outcomes(self, battle: Battle) -> tuple[tuple[Action, Fraction], ...]:
        group = self._tied()
        assert group is not None
        return dice_outcomes("roll-off", len(group))

    def chance(self, battle: Battle, action: Action) -> Battle:
        group = self._tied()
        assert group is not None
        words = action.split()
        if words[:1] != ["roll-off"] or len(words) != len(group) + 1:
            raise IllegalAction(
                f"3.1: expected 'roll-off' and one die for each of {len(group)} players"
            )
        try:
            faces = [int(w) for w in words[1:]]
        except ValueError:
            raise IllegalAction(f"3.1: {action!r}: dice faces are whole numbers") from None
        if any(not 1 <= f <= SIDES for f in faces):
            raise IllegalAction(f"3.1: {action!r}: a die shows 1 to {SIDES}")
        split = tuple(
            tuple(p for p, f in zip(group, faces, strict=True) if f == value)
            for value in sorted(set(faces), reverse=True)
        )
        at = self.ranking.index(group)
        ranking = self.ranking[:at] + split + self.ranking[at + 1 :]
        tied = [g for g in split if len(g) > 1]
        battle = battle.logged(
            "3.1",
            EventKind.ROLL_OFF,
            "roll-off for {purpose}: {rolls:rolls}{again}",
            faces=tuple(faces),
            rolls=tuple((p + 1, f) for p, f in zip(group, faces, strict=True)),
            tied=bool(tied),
            words={"purpose": self.purpose, "again": "; tied players roll again" if tied else ""},
        )
        return battle.top(replace(self, ranking=ranking))

    def advance(self, battle: Battle) -> Battle | None:
        if self._tied() is not None:
            return None
        order = tuple(group[0] for group in self.ranking)
        battle = battle.logged(
            "3.1",
            EventKind.PLACING,
            "player {player} wins the roll-off for {purpose}{then}",
            player=order[0] + 1,
            order=tuple(p + 1 for p in order),
            words={
                "purpose": self.purpose,
                "then": f"; then {', '.join(f'player {p + 1}' for p in order[1:])}"
                if len(order) > 2
                else "",
            },
        )
        return battle.finish(order)

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {
            "frame": "roll-off",
            "purpose": self.purpose,
            "ranking": [[p + 1 for p in g] for g in self.ranking],
        }


def order_text(order: tuple[int, ...]) -> str:
    return "order " + ",".join(str(p + 1) for p in order)


@dataclass(frozen=True)
class OrderChoice(Frame):
    """1.2: ``chooser`` decides in which order the players' simultaneous rules resolve."""

    purpose: str
    players: tuple[int, ...]
    chooser: int | None = None

    def advance(self, battle: Battle) -> Battle | None:
        if self.chooser is None:
            return battle.push(RollOff.of(self.players, f"who orders {self.purpose} (1.2)"))
        return None

    def resume(self, battle: Battle, result: Any) -> Battle:
        return battle.top(replace(self, chooser=result[0]))

    def node(self, battle: Battle) -> Node:
        assert self.chooser is not None
        return Turn(self.chooser, "1.2", f"order {self.purpose}: which player's rules first?")

    def options(self, battle: Battle) -> tuple[Action, ...]:
        return tuple(order_text(p) for p in permutations(self.players))

    def act(self, battle: Battle, action: Action) -> Battle:
        text = action.casefold().replace(" ,", ",").replace(", ", ",")
        for order in permutations(self.players):
            if text == order_text(order):
                assert self.chooser is not None
                battle = battle.logged(
                    "1.2",
                    EventKind.SEQUENCING,
                    "player {player} orders {purpose} (ruling MB-19): {order:seatsthen}",
                    player=self.chooser + 1,
                    order=tuple(p + 1 for p in order),
                    words={"purpose": self.purpose},
                )
                return battle.finish(order)
        raise IllegalAction(
            f"1.2: {action!r} is not an order; choose one of: {', '.join(battle.options())}"
        )

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {"frame": "sequencing", "purpose": self.purpose}


def sequence(battle: Battle, players: tuple[int, ...], purpose: str, turn: int | None) -> Battle:
    """1.2: order simultaneous rules of ``players``: the player whose turn it is chooses,
    or, when it is nobody's turn, the winner of a roll-off. The order is handed to the
    frame below as the result."""
    return battle.push(OrderChoice(purpose, players, turn))
