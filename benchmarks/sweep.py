"""Sweep benchmarks: parallel efficiency with two local workers, the scheduler's overhead
per battle, bytes per battle in Parquet, and a report's time over a million rows.

Every figure is a ratio or a rate against a baseline measured in the same run, printed,
never asserted. Aims (issue 33): efficiency >= 85% of two cores, overhead < 1% a battle,
<= 100 bytes a battle, a report over a million rows < 2 s.

    python benchmarks/sweep.py [--players random] [--battles 16] [--rows 1000000]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from skirmish.ai.sweep import COLUMNS, Plan, play_batch
from skirmish.ai.sweeprun import run_sweep

WARBANDS = (("Wizard", "Witch"), ("Druid", "Seer"), ("Guardian", "Cleric"), ("Deadeye", "Mesmer"))


def plan(players: str, battles: int, batch: int) -> Plan:
    return Plan(
        scenarios=("deathmatch",),
        length="quick",
        warbands=WARBANDS,
        pairings=((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)),
        players=(players, players),
        battles=battles,
        seed=1,
        batch=batch,
        rounds=2,
    )


def direct(sweep: Plan) -> tuple[float, dict[str, list[object]]]:
    """Every batch played in this process, one after another: the baseline."""
    rows: dict[str, list[object]] = {name: [] for name in COLUMNS}
    started = time.perf_counter()
    for batch in sweep.all_batches():
        for name, values in play_batch(sweep, batch).items():
            rows[name].extend(values)
    return time.perf_counter() - started, rows


def on_cluster(sweep: Plan, workers: int, folder: Path) -> tuple[float, float, int]:
    """The same sweep on a local cluster of ``workers`` processes (started first, not
    timed: a cluster is started once a sweep, whatever its length): the wall time, the
    seconds the workers spent computing batches (Dask's task stream), bytes written."""
    from distributed import Client, LocalCluster, get_task_stream

    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=":0")
    address = cluster.scheduler_address
    with Client(address) as client:
        client.run(lambda: __import__("skirmish.ai.sweep"))  # warm the workers' imports
        shutil.rmtree(folder, ignore_errors=True)
        with get_task_stream(client) as stream:
            started = time.perf_counter()
            found = run_sweep(sweep, folder, scheduler=address)
            took = time.perf_counter() - started
        computing = sum(
            part["stop"] - part["start"]
            for task in stream.data
            for part in task["startstops"]
            if part["action"] == "compute"
        )
    cluster.close()
    return took, computing, found.written


def bytes_per_battle(rows: dict[str, list[object]], batch: int, folder: Path) -> float:
    """Real rows written as shards of ``batch`` battles: bytes on disk a battle."""
    from skirmish.ai.sweep import Batch
    from skirmish.ai.sweepstore import write_shard

    total = len(rows["battle"])
    folder.mkdir(parents=True, exist_ok=True)
    size = 0
    copies = max(1, -(-batch // total))
    wide = {name: values * copies for name, values in rows.items()}
    count = len(wide["battle"])
    for number, first in enumerate(range(0, count, batch)):
        part = {name: values[first : first + batch] for name, values in wide.items()}
        size += write_shard(folder, Batch(0, 0, number, first, len(part["battle"])), part)
    return size / count


def synthetic_rows(folder: Path, rows: int, shards: int = 100) -> None:
    """``rows`` made-up battles of 126 warbands (four fighters a side) as ``shards``
    shards, written column-wise with numpy (no Python loop a row)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.parquet as pq

    from skirmish.ai.sweepstore import schema

    rng = np.random.default_rng(1)
    names = np.array(["Cleric", "Deadeye", "Enchanter", "Guardian", "Seer", "Witch", "Wizard",
                      "Mesmer", "Druid"])  # fmt: skip
    each = rows // shards
    types = schema()
    for shard in range(shards):
        n = each
        pairing = rng.integers(0, 7875, n, dtype=np.int32)
        fighters = n * 8
        struct = pa.StructArray.from_arrays(
            [
                pa.array(np.tile(np.repeat(np.array([0, 1], np.int8), 4), n)),
                pa.array(names[rng.integers(0, 9, fighters)]),
                pa.array(rng.integers(0, 12, fighters, dtype=np.int16)),
                pa.array(rng.integers(0, 12, fighters, dtype=np.int16)),
                pa.array(rng.integers(0, 3, fighters, dtype=np.int8)),
                pa.array(rng.integers(0, 2, fighters).astype(bool)),
                pa.array(rng.integers(0, 5, fighters, dtype=np.int16)),
                pa.array(rng.integers(0, 8, fighters, dtype=np.int16)),
                pa.array(rng.integers(0, 2, fighters, dtype=np.int8)),
            ],
            fields=list(types.field("fighters").type.value_type),
        )
        offsets = pa.array(np.arange(0, fighters + 1, 8, dtype=np.int32))
        winner = rng.integers(-1, 2, n).astype(np.int8)
        columns = {
            "pairing": pa.array(pairing),
            "scenario": pa.array(
                np.where(rng.integers(0, 2, n) == 0, "deathmatch", "king-of-the-hill")
            ),
            "battle": pa.array(rng.integers(0, 400, n, dtype=np.int32)),
            "seed": pa.array(rng.integers(1, 200, n, dtype=np.int64)),
            "warband_a": pa.array(pairing % 126),
            "warband_b": pa.array((pairing // 126) % 126),
            "seat_a": pa.array(rng.integers(1, 3, n, dtype=np.int8)),
            "player_1": pa.array(rng.integers(0, 2, n, dtype=np.int8)),
            "winner": pa.array(winner, mask=winner < 0),
            "rounds": pa.array(rng.integers(1, 7, n, dtype=np.int8)),
            "reason": pa.array(np.full(n, "warband 1 has the most fighters")),
            "end": pa.array(np.full(n, "a warband has the most fighters")),
            "survivors_a": pa.array(rng.integers(0, 5, n, dtype=np.int8)),
            "survivors_b": pa.array(rng.integers(0, 5, n, dtype=np.int8)),
            "cards_a": pa.array(rng.integers(0, 20, n, dtype=np.int16)),
            "cards_b": pa.array(rng.integers(0, 20, n, dtype=np.int16)),
            "fighters": pa.ListArray.from_arrays(offsets, struct),
        }
        table = pa.table(columns).cast(types)
        pq.write_table(table, folder / f"p{shard:07d}-s00-b000000.parquet", compression="zstd")


def report_time(rows: int, folder: Path) -> tuple[float, float]:
    import json

    from skirmish.ai.sweepreport import counted
    from skirmish.ai.sweepstore import FORMAT

    folder.mkdir(parents=True, exist_ok=True)
    names = ["Cleric", "Deadeye", "Enchanter", "Guardian", "Seer", "Witch", "Wizard", "Mesmer",
             "Druid"]  # fmt: skip
    from itertools import combinations

    warbands = [list(c) for c in combinations(names, 4)]
    (folder / "manifest.json").write_text(json.dumps({"format": FORMAT, "warbands": warbands}))
    synthetic_rows(folder, rows)
    taken = []
    for _ in range(2):  # the first read from disk, then with the files in the page cache
        started = time.perf_counter()
        counted(folder)
        taken.append(time.perf_counter() - started)
    return taken[0], taken[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="random")
    parser.add_argument("--battles", type=int, default=16, help="battles a pairing")
    parser.add_argument("--batch", type=int, default=4)
    parser.add_argument("--rows", type=int, default=1_000_000)
    given = parser.parse_args()
    sweep = plan(given.players, given.battles, given.batch)
    work = Path(tempfile.mkdtemp(prefix="skirmish-sweep-bench-"))
    try:
        battles = sweep.total_battles
        print(f"Sweep benchmarks: {battles} {given.players} battles (6 pairings, quick, 2 rounds)")
        alone, rows = direct(sweep)
        print(
            f"  in this process, no Dask: {alone:.2f} s ({alone / battles * 1000:.0f} ms a battle)"
        )
        one, busy, _ = on_cluster(sweep, 1, work / "one")
        overhead = (one - busy) / battles
        print(
            f"  1 worker: {one:.2f} s, {busy:.2f} s of it playing; scheduler overhead "
            f"{overhead * 1000:.1f} ms a battle, {(one - busy) / busy:.1%} of a battle's time "
            "(aim < 1%)"
        )
        two, busy_two, written = on_cluster(sweep, 2, work / "two")
        print(
            f"  2 workers: {two:.2f} s; speed-up {one / two:.2f}, parallel efficiency "
            f"{one / (2 * two):.0%} of two cores, workers busy {busy_two / (2 * two):.0%} of "
            "the time (aim >= 85%; other work on the machine lowers both)"
        )
        print(f"  shards of {given.batch} battles: {written / battles:.0f} bytes a battle")
        for batch in (10, 100, 1000):
            size = bytes_per_battle(rows, batch, work / f"b{batch}")
            print(f"  shards of {batch} battles: {size:.0f} bytes a battle (aim <= 100)")
        cold, warm = report_time(given.rows, work / "million")
        print(
            f"  report over {given.rows:,} synthetic rows: {cold:.2f} s, again {warm:.2f} s "
            "(aim < 2 s)"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
