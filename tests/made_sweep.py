"""A sweep's folder of made-up rows (draws, battles without a Player 1, two scenarios),
written as a sweep writes them, for the report's tests (command line and web page)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from skirmish.ai.sweep import FIGHTER_FIELDS, Plan

FIGHTERS = ("Wizard", "Witch", "Druid", "Seer")
REASONS = (
    "every fighter of warband 2 is out of action",
    "every fighter of warband 1 is out of action",
    "warband 1 has the most fighters on the battlefield (ruling MB-4) (warband 1: 2, warband 2: 1)",
    "warband 2 has the most fighters on the battlefield (ruling MB-4) (warband 2: 3, warband 1: 1)",
    "a draw on fighters on the battlefield (ruling MB-4) (warband 1: 1, warband 2: 1)",
)
"""Reasons as battles give them: a kind of ending said with who and the counts."""


WARBANDS = (("Wizard", "Witch"), ("Druid", "Seer"), ("Wizard", "Druid"))


def made_plan() -> Plan:
    """The made-up sweep's plan (30 battles a pairing in each scenario, batches of 7)."""
    return Plan(
        scenarios=("deathmatch", "king-of-the-hill"),
        length="quick",
        warbands=WARBANDS,
        pairings=((0, 1), (0, 2), (1, 2), (1, 1)),
        players=("greedy", "greedy"),
        battles=30,
        seed=1,
        batch=7,
    )


def made_sweep(folder: Path, *, seed: int = 5) -> list[dict[str, Any]]:
    """Write the sweep into ``folder``; its rows."""
    from skirmish.ai.sweepstore import prepare, write_shard

    warbands = WARBANDS
    plan = made_plan()
    prepare(folder, plan)
    rng = random.Random(seed)
    rows = []
    for batch in plan.all_batches():
        columns: dict[str, list[Any]] = {}
        for index in range(batch.first, batch.first + batch.count):
            a, b = plan.pairings[batch.pairing]
            fighters = [
                {"side": side, "fighter": name, **{f: rng.randrange(4) for f in FIGHTER_FIELDS[2:]}}
                for side, band in ((0, warbands[a]), (1, warbands[b]))
                for name in band
            ]
            for f in fighters:
                f["out_of_action"] = bool(f["out_of_action"] % 2)
            row = {
                "pairing": batch.pairing,
                "scenario": plan.scenarios[batch.scenario],
                "battle": index,
                "seed": 1 + index // 2,
                "warband_a": a,
                "warband_b": b,
                "seat_a": 1 + index % 2,
                "player_1": rng.choice([0, 1, None]),
                "winner": rng.choice([0, 1, 1, None]),
                "rounds": rng.randrange(1, 6),
                "reason": rng.choice(REASONS),
                "survivors_a": 1,
                "survivors_b": 0,
                "cards_a": 3,
                "cards_b": 4,
                "fighters": fighters,
            }
            rows.append(row)
            for name, value in row.items():
                columns.setdefault(name, []).append(value)
        write_shard(folder, batch, columns)
    return rows
