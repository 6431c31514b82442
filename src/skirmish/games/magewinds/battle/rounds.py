"""11.0 Battle rounds: the Channelling, Action and End Phases, round after round.

The bottom frame of every battle: once setup and deployment finish it starts round 1, and
each phase hands it the order in which players passed, which sets the next phase's turn
order (12.0, 13.0, 14.1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from skirmish.engine.battle import Node
from skirmish.games.magewinds.battle.actionphase import ActionPhase
from skirmish.games.magewinds.battle.channelling import Channelling
from skirmish.games.magewinds.battle.endphase import EndPhase
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.state import Battle, Frame, Phase


def _seats(order: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(p + 1 for p in order)


class RoundStage(StrEnum):
    """Where a round is (10.0-14.0): set up, starting, channelling, the Action Phase, the
    End Phase."""

    ACTION = "action"
    CHANNELLING = "channelling"
    END = "end"
    SETUP = "setup"
    STARTING = "starting"


@dataclass(frozen=True)
class Round(Frame):
    """11.0: which phase the battle is in; the phases above it do the work."""

    stage: RoundStage = RoundStage.SETUP
    order: tuple[int, ...] = ()
    """While the scenario's work at the start of a round is done: the Channelling order."""

    def node(self, battle: Battle) -> Node:  # pragma: no cover - a phase is always above
        raise AssertionError("no phase is pending")

    def resume(self, battle: Battle, result: Any) -> Battle:
        order = tuple(result) if result is not None else battle.action_passes
        if self.stage in (RoundStage.SETUP, RoundStage.END):
            number = battle.round + 1
            battle = replace(battle, round=number, phase=Phase.CHANNELLING).logged(
                "11.0", EventKind.ROUND, "round {round} begins", round=number
            )
            start = battle.setup.scenario.round_start
            work = start(battle, order) if start is not None else None
            if work is not None:
                return battle.top(replace(self, stage=RoundStage.STARTING, order=order)).push(work)
        if self.stage in (RoundStage.SETUP, RoundStage.END, RoundStage.STARTING):
            if self.stage == RoundStage.STARTING:
                order = self.order
            number = battle.round
            why = "finished deploying" if number == 1 else "passed in the last Action Phase"
            battle = battle.logged(
                "12.0",
                EventKind.PHASE,
                "Channelling Phase: players take turns in the order they {why}: {order:comma}",
                phase=Phase.CHANNELLING,
                order=_seats(order),
                words={"why": why},
            )
            battle = battle.top(replace(self, stage=RoundStage.CHANNELLING, order=()))
            return battle.push(Channelling(order, order[0]))
        if self.stage == RoundStage.CHANNELLING:
            battle = replace(battle, channel_passes=order, phase=Phase.ACTION).logged(
                "13.0",
                EventKind.PHASE,
                "Action Phase: players take turns in the order they passed: {order:comma}",
                phase=Phase.ACTION,
                order=_seats(order),
            )
            return battle.top(replace(self, stage=RoundStage.ACTION)).push(ActionPhase(order))
        battle = replace(battle, action_passes=order, phase=Phase.END)
        return battle.top(replace(self, stage=RoundStage.END)).push(EndPhase(order))

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {"frame": "round", "stage": self.stage}
