"""Why more look-aheads do not make the search player stronger: a probe of its decisions.

At each searched decision of a few battles of ``search:1`` against greedy (Deathmatch and
King of the Hill, the ladder's warband), the greedy player's best ``--wide`` candidates
are each played in ``--worlds`` battles drawn from the view (the first the battle rebuilt
for the decision, the same dice for every candidate in a drawn battle), one look-ahead as
the search plays it. From that table of values the probe tells:

- how much a candidate's value varies between drawn battles, against how much the
  candidates differ (if the hidden cards hardly change a look-ahead, more drawn battles
  add little);
- how often the search's rule (:func:`skirmish.ai.magewinds.search.chosen`) leaves the
  greedy player's choice with 3 drawn battles (a counted second, 4 candidates), and how
  often with all of them, and how often the two choose differently;
- how often the best candidate by the look-aheads lies beyond the four searched;
- how often the look-aheads order two candidates as the greedy player's own scores do.

``python benchmarks/search_probe.py --battles 2`` (seeds 1, 2, ...; each seed played
with the search in both seats); ``--keep FILE`` writes each decision's table as a JSON
line, ``--read FILE`` tells from such a file without playing.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import time
from collections.abc import Mapping
from pathlib import Path
from random import Random
from typing import Any

from skirmish.ai.magewinds.greedy import GreedyPlayer
from skirmish.ai.magewinds.plans import Plan
from skirmish.ai.magewinds.search import SearchPlayer, chosen
from skirmish.engine.battle import History, Player, play_out
from skirmish.games.magewinds.battle import new_setup, start_battle
from skirmish.games.magewinds.battle.rebuild import from_view
from skirmish.games.magewinds.battle.state import Battle

WARBAND = "Wizard,Guardian,Cleric"
SCENARIOS = ("deathmatch", "king-of-the-hill")
CANDIDATES = 4
"""The candidates the search compared before the fourth speed sitting."""


class Probe(SearchPlayer):
    """The search player, each of its searched decisions first probed (its choice is the
    search's own, so the battle goes as the search would play it)."""

    wide = 8
    worlds = 12

    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, **options)
        self.tables: list[dict[str, Any]] = []

    def search(
        self,
        view: Mapping[str, Any],
        battle: Battle,
        plans: list[Plan],
        rng: Random,
        started: float,
    ) -> Plan:
        label = f"{self.decisions.label} decision {self.decisions.made}"
        legal = battle.options()
        candidates = [p for p in self.greedy.planner.plans(battle) if p.actions[0] in legal]
        candidates = candidates[: self.wide]  # the searched candidates first, as the search
        drawn = [battle] + [
            from_view(self.setup, view, Random(f"{label} probe {k}")) for k in range(1, self.worlds)
        ]
        spent = time.process_time()
        table = [
            [self.playout(w, p, Random(f"{label} world {k}")) for k, w in enumerate(drawn)]
            for p in candidates
        ]
        self.tables.append(
            {
                "scenario": self.setup.scenario.name,
                "greedy": [p.value for p in candidates],
                "table": table,
                "cpu": time.process_time() - spent,
            }
        )
        return super().search(view, battle, plans, rng, started)


def play(battles: int, wide: int, worlds: int) -> list[dict[str, Any]]:
    band = WARBAND.split(",")
    found: list[dict[str, Any]] = []
    for scenario in SCENARIOS:
        setup = new_setup(scenario, [band, band])
        for seed in range(1, battles + 1):
            for seat in (0, 1):
                probe = Probe(
                    setup, seed, seat, seconds=1.0, clock=False, width=CANDIDATES, halving=False
                )
                probe.wide, probe.worlds = wide, worlds
                players: list[Player[Any]] = [GreedyPlayer(setup, seed, 1 - seat)] * 2
                players[seat] = probe
                play_out(History.start(start_battle(setup), seed), players)
                found += probe.tables
                print(f"  {scenario} seed {seed} search in seat {seat + 1}: {len(found)} decisions")
    return found


def tell(found: list[dict[str, Any]]) -> None:
    tables = [r for r in found if len(r["table"]) >= 2]
    print(f"\n{len(tables)} searched decisions with two candidates or more")
    within, between = [], []
    moved = {3: 0, 0: 0}
    differ = beyond = alike = pairs = still = 0
    for record in tables:
        table = record["table"]
        means = [statistics.fmean(row) for row in table]
        within += [statistics.pstdev(row) for row in table[:CANDIDATES]]
        between.append(statistics.pstdev(means[:CANDIDATES]))
        few = chosen([row[:3] for row in table[:CANDIDATES]])
        many = chosen([row for row in table[:CANDIDATES]])
        moved[3] += few != 0
        moved[0] += many != 0
        differ += few != many
        beyond += max(range(len(means)), key=means.__getitem__) >= CANDIDATES
        still += all(statistics.pstdev(row) < 1e-9 for row in table[:CANDIDATES])
        greedy = record["greedy"]
        for i, j in itertools.combinations(range(len(means)), 2):
            if abs(greedy[i] - greedy[j]) > 1e-9 and abs(means[i] - means[j]) > 1e-9:
                pairs += 1
                alike += (greedy[i] > greedy[j]) == (means[i] > means[j])
    n = len(tables)
    worlds = len(tables[0]["table"][0]) if tables else 0
    print(
        f"  a candidate's value between drawn battles: median spread {statistics.median(within):.2f}"
        f" (mean {statistics.fmean(within):.2f}); between the {CANDIDATES} candidates' means:"
        f" median {statistics.median(between):.2f}"
    )
    print(f"  decisions where no candidate's value changes between drawn battles: {still} of {n}")
    print(
        f"  the search leaves the greedy choice: {moved[3]} of {n} with 3 drawn battles, "
        f"{moved[0]} with {worlds}; the two choose differently at {differ}"
    )
    print(f"  the best candidate by the look-aheads is not among the {CANDIDATES}: {beyond} of {n}")
    print(f"  pairs ordered alike by the greedy score and the look-aheads: {alike} of {pairs}")
    print(f"  CPU per decision's table: {statistics.fmean(r['cpu'] for r in tables):.1f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--battles", type=int, default=1, help="seeds a scenario (1)")
    parser.add_argument("--wide", type=int, default=8, help="candidates probed (8)")
    parser.add_argument("--worlds", type=int, default=12, help="drawn battles each (12)")
    parser.add_argument("--keep", type=Path, help="write the tables here, a JSON line each")
    parser.add_argument("--read", type=Path, help="tell from tables kept; play nothing")
    given = parser.parse_args()
    if given.read is not None:
        found = [json.loads(line) for line in given.read.read_text().splitlines()]
    else:
        found = play(given.battles, given.wide, given.worlds)
        if given.keep is not None:
            given.keep.write_text("".join(json.dumps(r) + "\n" for r in found))
    tell(found)
