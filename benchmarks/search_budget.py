"""What a counted second of the search's budget costs in CPU on this machine.

Simulations and the strength ladder give the search player its budget counted, not on the
clock, so that their battles repeat on any machine and with any number of workers: a
second of budget counts :data:`~skirmish.ai.magewinds.search.PLAYOUTS_PER_SECOND` greedy
activations planned in the look-aheads. That figure stands for one second of CPU only as
long as the code runs as fast as when it was measured. ``python benchmarks/search_budget.py
[--scenario S ...] [--first N] [--battles K]`` plays the ladder's battles ``N`` to
``N + K - 1`` of the rung search at 1 s against greedy (the same seeds and seats as
``ai.py``) and times every searched decision whole (rebuilding the battle from the view,
listing the candidates and the look-aheads) in CPU seconds, then prints, by scenario and
together, the counted activations a CPU second bought and what a counted second cost,
beside the figure the package assumes.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.console import Console
from rich.table import Table

from ai import SCENARIOS, SEED, ladder_match  # benchmarks/ai.py, beside this file
from skirmish.ai.magewinds import search
from skirmish.ai.simulate import simulate
from skirmish.engine.battle import Action


@dataclass(frozen=True)
class Decision:
    """One searched decision: its CPU seconds, its counted cost, and whether it was an
    endgame search (look-aheads to the battle's end)."""

    seconds: float
    cost: int
    endgame: bool


class Timed(search.SearchPlayer):
    """The search player, each searched decision timed whole in CPU seconds."""

    found: ClassVar[list[Decision]] = []

    def choose(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        before = len(self.stats.cost)
        started = time.process_time()
        action = super().choose(view, legal)
        if len(self.stats.cost) > before:
            spent = time.process_time() - started
            self.found.append(Decision(spent, self.stats.cost[-1], self._to_end))
        return action


def measured(scenario: str, first: int, battles: int) -> list[Decision]:
    """The searched decisions of the ladder's battles ``first`` to ``first + battles - 1``
    (counted from 1) of search at 1 s against greedy in ``scenario``."""
    Timed.found = []
    search.SearchPlayer = Timed  # type: ignore[misc]  # the computers module takes it by name
    match = ladder_match("search:1", "greedy", scenario)
    simulate(match, battles=battles, seed=SEED, workers=1, first=first - 1)
    return list(Timed.found)


def row(label: str, decisions: Sequence[Decision]) -> tuple[str, ...]:
    """A table row: decisions, CPU seconds, counted cost, counted activations a CPU second
    and a counted second's CPU (at the package's figure)."""
    seconds = sum(d.seconds for d in decisions)
    cost = sum(d.cost for d in decisions)
    rate = cost / seconds if seconds else 0.0
    second = search.PLAYOUTS_PER_SECOND / rate if rate else 0.0
    return (label, str(len(decisions)), f"{seconds:.1f}", str(cost), f"{rate:.1f}", f"{second:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", action="append", choices=SCENARIOS)
    parser.add_argument("--first", type=int, default=5)
    parser.add_argument("--battles", type=int, default=4)
    given = parser.parse_args()
    if given.first < 1 or not 1 <= given.battles <= 200:
        sys.exit("search_budget.py: --first counts from 1, --battles from 1 to 200")
    table = Table(title="A counted second of search, in CPU")
    for heading in ("battles", "decisions", "CPU s", "counted", "per CPU s", "1 s costs"):
        table.add_column(heading, justify="left" if heading == "battles" else "right")
    every: list[Decision] = []
    for scenario in given.scenario or SCENARIOS:
        found = measured(scenario, given.first, given.battles)
        every += found
        span = f"{given.first}-{given.first + given.battles - 1}"
        table.add_row(*row(f"{scenario} {span}", found))
        table.add_row(*row("  before the endgame", [d for d in found if not d.endgame]))
    table.add_row(*row("together", every))
    Console().print(table)
    print(
        f"The package counts {search.PLAYOUTS_PER_SECOND} planned activations to a second;\n"
        "'1 s costs' is what that count took in CPU seconds here."
    )


if __name__ == "__main__":
    main()
