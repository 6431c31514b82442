"""Picking territories in turn: corners (Battle Royale v1.4.0), quarters (Treasure Clash
v1.4.0), and the objective edge (Hold the Line v1.3.0).

Corners and quarters are picked in placing order starting with Player 2, Player 1 last;
a player left with one choice takes it without being asked. In Hold the Line the Defender
(Player 2) picks which long edge is the objective edge; the Attacker deploys along the
other.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from skirmish.engine.battle import Action, Node, Turn
from skirmish.games.magewinds.battle.actions import pick
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.state import Battle, Frame
from skirmish.games.magewinds.battle.territory import CORNERS, OPPOSITE

EDGES = ("left", "right")


@dataclass(frozen=True)
class SideChoice(Frame):
    """``kind`` is corners, quarters or edge; ``order`` the players who pick, in turn."""

    kind: str
    order: tuple[int, ...]
    chosen: tuple[str, ...] = ()

    @property
    def rule(self) -> str:
        return {"corners": "Battle Royale", "quarters": "Treasure Clash"}.get(
            self.kind, "Hold the Line"
        )

    def _left(self) -> tuple[str, ...]:
        if self.kind == "edge":
            return EDGES
        return tuple(c for c in CORNERS if c not in self.chosen)

    def advance(self, battle: Battle) -> Battle | None:
        if len(self.chosen) == len(self.order):
            territories = [""] * battle.players
            for player, name in zip(self.order, self.chosen, strict=True):
                territories[player] = name
            if self.kind == "edge":
                attacker = next(p for p in range(battle.players) if p != self.order[0])
                territories[attacker] = OPPOSITE[self.chosen[0]]
            return replace(battle, territories=tuple(territories)).finish()
        if len(self._left()) == 1:
            return self._take(battle, self._left()[0])
        return None

    def node(self, battle: Battle) -> Node:
        player = self.order[len(self.chosen)]
        what = {
            "corners": "which corner is yours",
            "quarters": "which quarter is yours",
            "edge": "which long edge is the objective edge",
        }[self.kind]
        return Turn(player, self.rule, f"player {player + 1}: {what}?")

    def options(self, battle: Battle) -> tuple[Action, ...]:
        verb = "objective" if self.kind == "edge" else "take"
        return tuple(f"{verb} {name}" for name in self._left())

    def act(self, battle: Battle, action: Action) -> Battle:
        chosen = pick(action, battle.options(), self.rule, self.kind.rstrip("s"))
        return self._take(battle, chosen.split(" ", 1)[1])

    def _take(self, battle: Battle, name: str) -> Battle:
        player = self.order[len(self.chosen)]
        if self.kind == "edge":
            sentence = (
                "player {player} (the Defender) makes the {territory} edge the objective edge; "
                "the Attacker deploys along the {other} edge"
            )
        else:
            sentence = "player {player} takes the {territory} {what}"
        battle = battle.logged(
            self.rule,
            EventKind.TERRITORIES,
            sentence,
            player=player + 1,
            territory=name,
            other=OPPOSITE[name] if self.kind == "edge" else "",
            words={"what": self.kind.rstrip("s")},
        )
        return battle.top(replace(self, chosen=(*self.chosen, name)))

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {"frame": "sides", "kind": self.kind, "chosen": list(self.chosen)}
