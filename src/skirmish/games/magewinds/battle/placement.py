"""Objects the players place on the battlefield in turn: treasures at setup (The Prize,
Treasure Dash, Treasure Clash) and fragments at the start of each round (Fragment Frenzy;
markers rather than objects in its version 1.3.0, ruling MB-28).

Each player in turn places one object where the scenario allows (its
``placement_problem``); a player with no legal spot is skipped, and placing stops when
all are placed or nobody has a legal spot left (ruling MB-27). A computer player chooses
among grid points; a person may type any point, checked in full.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from skirmish.engine.battle import Action, IllegalAction, Node, Turn
from skirmish.games.magewinds.battle.actions import after, parse_point, point_text
from skirmish.games.magewinds.battle.candidates import GRID, free_points, grid
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import stand_problem
from skirmish.games.magewinds.battle.state import (
    MARKER,
    Battle,
    Frame,
    Item,
    Mark,
    Point,
    rounded,
)

FINE = 0.5
"""Inches between positions offered when the usual grid finds no legal spot."""


def markers(battle: Battle) -> list[Mark]:
    """The scenario's markers on the battlefield (Fragment Frenzy v1.3.0's fragments)."""
    return [m for m in battle.marks if m.key == MARKER]


def placement_spots(battle: Battle, player: int) -> list[Point]:
    """Grid points where ``player`` may place the scenario's next object."""
    problem = battle.setup.scenario.placement_problem
    for spacing in (GRID, FINE):
        spots = [
            p
            for p in free_points(battle, grid(battle, spacing))
            if problem(battle, player, p) is None and stand_problem(battle, p) is None
        ]
        if spots:
            return spots
    return []


@dataclass(frozen=True)
class Placement(Frame):
    """``names`` are placed one each by the players of ``order`` in turn, cycling.

    ``rule`` is cited for each placement; ``carriable``/``moveable`` describe the objects.
    """

    rule: str
    names: tuple[str, ...]
    order: tuple[int, ...]
    turn: int = 0
    skipped: tuple[int, ...] = ()

    @property
    def player(self) -> int:
        return self.order[self.turn % len(self.order)]

    def advance(self, battle: Battle) -> Battle | None:
        if not self.names or len(self.skipped) >= len(self.order):
            if self.names:
                battle = battle.logged(
                    self.rule,
                    EventKind.PLACEMENT_ENDS,
                    "no legal spot is left: {left} not placed (ruling MB-27)",
                    left=len(self.names),
                    items=self.names,
                )
            return battle.finish()
        if placement_spots(battle, self.player):
            return None
        battle = battle.logged(
            self.rule,
            EventKind.PLACEMENT_SKIPPED,
            "player {player} has no legal spot to place {item} (ruling MB-27)",
            player=self.player + 1,
            item=self.names[0],
        )
        return battle.top(replace(self, turn=self.turn + 1, skipped=(*self.skipped, self.player)))

    def node(self, battle: Battle) -> Node:
        return Turn(self.player, self.rule, f"player {self.player + 1}: place {self.names[0]}")

    def options(self, battle: Battle) -> tuple[Action, ...]:
        return tuple(f"place at {point_text(p)}" for p in placement_spots(battle, self.player))

    def act(self, battle: Battle, action: Action) -> Battle:
        where = after(action, "place at")
        if where is None:
            raise IllegalAction(f"{self.rule}: write 'place at x,y', not {action!r}")
        at = rounded(parse_point(where, self.rule))
        problem = battle.setup.scenario.placement_problem(battle, self.player, at)
        problem = problem or stand_problem(battle, at)
        if problem:
            raise IllegalAction(problem)
        name = self.names[0]
        if battle.setup.scenario.markers:
            battle = replace(battle, marks=(*battle.marks, Mark(MARKER, "", at=at, detail=name)))
        else:
            battle = replace(battle, items=(*battle.items, Item(name, at, True, True)))
        battle = battle.logged(
            self.rule,
            EventKind.PLACE,
            "player {player} places {item} at ({at:point})",
            player=self.player + 1,
            item=name,
            at=at,
        )
        return battle.top(replace(self, names=self.names[1:], turn=self.turn + 1, skipped=()))

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {"frame": "placement", "turn": self.player + 1, "left": list(self.names)}
