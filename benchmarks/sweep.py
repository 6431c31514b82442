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

from skirmish.ai.magewinds.sweeps import SweepOptions
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


def on_cluster(sweep: Plan, workers: int, folder: Path) -> tuple[float, float, float, int, float]:
    """The same sweep on a local cluster of ``workers`` processes (started first, not
    timed: a cluster is started once a sweep, whatever its length): the wall time, the
    seconds the workers spent computing batches (Dask's task stream), the CPU seconds the
    worker processes used (everything they did, not only the battles), bytes written, and
    the seconds of the sweep's last merge of shards, after every battle (storage, not
    scheduling; the other writes overlap the workers' play)."""
    import logging

    from distributed import Client, LocalCluster, get_task_stream

    cluster = LocalCluster(
        n_workers=workers, threads_per_worker=1, dashboard_address=":0", silence_logs=logging.ERROR
    )
    address = cluster.scheduler_address
    with Client(address) as client:
        client.run(lambda: __import__("skirmish.ai.sweep"))  # warm the workers' imports
        import pyarrow.parquet  # noqa: F401  (and this process's, which writes the shards:

        # paid once a sweep, not a battle, and by the first cluster run only)
        shutil.rmtree(folder, ignore_errors=True)
        before = client.run(time.process_time)
        with get_task_stream(client) as stream:
            started = time.perf_counter()
            found = run_sweep(sweep, folder, scheduler=address)
            took = time.perf_counter() - started
        after = client.run(time.process_time)
        computing = sum(
            part["stop"] - part["start"]
            for task in stream.data
            for part in task["startstops"]
            if part["action"] == "compute"
        )
    cluster.close()
    cpu = sum(after[w] - before[w] for w in after)
    return took, computing, cpu, found.written, found.closing


def bytes_per_battle(
    rows: dict[str, list[object]], batch: int, folder: Path
) -> tuple[float, float]:
    """Real rows written as shards of ``batch`` battles, then merged into one part as a
    finished sweep keeps them: bytes on disk a battle, each way."""
    from skirmish.ai.sweep import Batch
    from skirmish.ai.sweepstore import merge, write_shard

    total = len(rows["battle"])
    folder.mkdir(parents=True, exist_ok=True)
    size = 0
    copies = max(1, -(-batch // total))
    wide = {name: values * copies for name, values in rows.items()}
    count = len(wide["battle"])
    names = []
    for number, first in enumerate(range(0, count, batch)):
        part = {name: values[first : first + batch] for name, values in wide.items()}
        shard = Batch(0, 0, number, first, len(part["battle"]))
        size += write_shard(folder, shard, part)
        names.append(shard.name)
    merged = merge(folder, names)
    return size / count, merged / count


NAMES = ("Cleric", "Deadeye", "Enchanter", "Guardian", "Seer", "Witch", "Wizard", "Mesmer", "Druid")


def synthetic_sweep(folder: Path, rows: int, batch: int, merged: bool) -> None:
    """A sweep's folder of ``rows`` made-up battles: the 126 four-fighter warbands of nine
    fighters, each against each other (7,875 pairings), in two scenarios, eight fighters
    a battle, in batches of ``batch`` battles, as a finished sweep keeps them (``merged``:
    parts of :data:`MERGED` battles) or one shard a batch. Written column-wise with numpy
    (no Python loop a row)."""
    import json
    from itertools import combinations

    import numpy as np
    import pyarrow as pa

    from skirmish.ai.sweep import Batch
    from skirmish.ai.sweepstore import FORMAT, MERGED, encode, schema, write_atomically

    warbands = [list(c) for c in combinations(NAMES, 4)]
    pairs = np.array(list(combinations(range(len(warbands)), 2)), dtype=np.int32)
    manifest = {"format": FORMAT, "warbands": warbands, "pairings": pairs.tolist()}
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manifest.json").write_text(json.dumps(manifest))
    rng = np.random.default_rng(1)
    names = np.array(NAMES)
    fighter_type = schema().field("fighters").type.value_type
    each = MERGED if merged else batch
    batches_a_file = each // batch
    for file, first_row in enumerate(range(0, rows, each)):
        n = min(each, rows - first_row)
        shards = [  # batch k of the file: pairing, scenario, battles
            Batch(int(q % len(pairs)), int(q // len(pairs)) % 2, 0, 0, batch)
            for q in range(file * batches_a_file, file * batches_a_file + n // batch)
        ]
        pairing = np.repeat(np.array([b.pairing for b in shards], np.int32), batch)
        scenario = np.repeat(np.array([b.scenario for b in shards]), batch)
        battle = np.tile(np.arange(batch, dtype=np.int32), len(shards))
        fighters = n * 8
        band = np.array([[NAMES.index(f) for f in w] for w in warbands])
        a, b = pairs[pairing, 0], pairs[pairing, 1]
        who = np.concatenate([band[a], band[b]], axis=1).reshape(-1)
        struct = pa.StructArray.from_arrays(
            [
                pa.array(np.tile(np.repeat(np.array([0, 1], np.int8), 4), n)),
                pa.array(names[who]),
                pa.array(rng.integers(0, 12, fighters, dtype=np.int16)),
                pa.array(rng.integers(0, 12, fighters, dtype=np.int16)),
                pa.array(rng.integers(0, 3, fighters, dtype=np.int8)),
                pa.array(rng.integers(0, 2, fighters).astype(bool)),
                pa.array(rng.integers(0, 5, fighters, dtype=np.int16)),
                pa.array(rng.integers(0, 8, fighters, dtype=np.int16)),
                pa.array(rng.integers(0, 2, fighters, dtype=np.int8)),
            ],
            fields=list(fighter_type),
        )
        offsets = pa.array(np.arange(0, fighters + 1, 8, dtype=np.int32))
        winner = rng.integers(-1, 2, n).astype(np.int8)
        counts = rng.integers(1, 5, n)
        columns = {
            "pairing": pa.array(pairing),
            "scenario": pa.array(np.where(scenario == 0, "deathmatch", "king-of-the-hill")),
            "battle": pa.array(battle),
            "seed": pa.array(1 + battle // 2, pa.int64()),
            "warband_a": pa.array(a),
            "warband_b": pa.array(b),
            "seat_a": pa.array(1 + battle % 2, pa.int8()),
            "player_1": pa.array(rng.integers(0, 2, n, dtype=np.int8)),
            "winner": pa.array(winner, mask=winner < 0),
            "rounds": pa.array(rng.integers(1, 7, n, dtype=np.int8)),
            "reason": pa.array(
                np.char.add(
                    "warband 1 has the most fighters on the battlefield (ruling MB-4) (warband 1: ",
                    np.char.add(counts.astype(str), ", warband 2: 1)"),
                )
            ),
            "survivors_a": pa.array(rng.integers(0, 5, n, dtype=np.int8)),
            "survivors_b": pa.array(rng.integers(0, 5, n, dtype=np.int8)),
            "cards_a": pa.array(rng.integers(0, 20, n, dtype=np.int16)),
            "cards_b": pa.array(rng.integers(0, 20, n, dtype=np.int16)),
            "fighters": pa.ListArray.from_arrays(offsets, struct),
        }
        table = pa.table(columns).cast(schema())
        if merged:
            listed = [f"synthetic-{file}-{k}" for k in range(len(shards))]
            write_atomically(folder / f"part-{file + 1:06d}.parquet", encode(table, batches=listed))
        else:
            name = f"p{shards[0].pairing:07d}-s{shards[0].scenario:02d}-b{file:06d}.parquet"
            write_atomically(folder / name, encode(table))


def report_time(rows: int, batch: int, merged: bool, folder: Path) -> dict[str, float]:
    """Seconds of the report over ``rows`` battles: DuckDB's counting (modules imported
    before), read from disk just written and again; the plots (matplotlib) apart; and
    the whole command, ``skirmish sweep report DIR`` in a new process."""
    import subprocess

    from skirmish.ai.sweepreport import counted, png_bytes

    synthetic_sweep(folder, rows, batch, merged)
    import duckdb  # noqa: F401  (imported before the clock: counting, not imports)
    import scipy.stats  # noqa: F401

    taken = {}
    for when in ("first", "again"):
        started = time.perf_counter()
        found = counted(folder)
        taken[when] = time.perf_counter() - started
    started = time.perf_counter()
    png_bytes(found)
    taken["plots"] = time.perf_counter() - started
    started = time.perf_counter()
    subprocess.run(
        [shutil.which("skirmish") or "skirmish", "sweep", "report", str(folder)],
        check=True,
        capture_output=True,
    )
    taken["command"] = time.perf_counter() - started
    return taken


def load() -> str:
    """The machine's load average (1, 5, 15 minutes), said with each figure."""
    import os

    return "load " + ", ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="random")
    parser.add_argument("--battles", type=int, default=16, help="battles a pairing")
    parser.add_argument("--batch", type=int, default=4)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument(
        "--unmerged", action="store_true", help="also time a report over one shard a batch"
    )
    parser.add_argument("--skip-cluster", action="store_true", help="bytes and report only")
    given = parser.parse_args()
    sweep = plan(given.players, given.battles, given.batch)
    work = Path(tempfile.mkdtemp(prefix="skirmish-sweep-bench-"))
    default = SweepOptions.model_fields["batch"].default
    try:
        battles = sweep.total_battles
        print(f"Sweep benchmarks: {battles} {given.players} battles (6 pairings, quick, 2 rounds)")
        alone, rows = direct(sweep)
        print(
            f"  in this process, no Dask: {alone:.2f} s ({alone / battles * 1000:.0f} ms a "
            f"battle, {battles / alone:.1f} battles a second; {load()})"
        )
        if not given.skip_cluster:
            one, busy, cpu_one, _, closing = on_cluster(sweep, 1, work / "one")
            overhead = (one - busy - closing) / battles
            print(
                f"  1 worker: {one:.2f} s ({battles / one:.1f} battles a second), {busy:.2f} s "
                f"of it playing, {closing:.2f} s the last merge, {cpu_one:.2f} CPU "
                f"seconds; scheduler overhead (the rest) {overhead * 1000:.1f} ms a battle, "
                f"{overhead * battles / busy:.1%} of a battle's time (aim < 1%; {load()})"
            )
            two, busy_two, cpu_two, _, _ = on_cluster(sweep, 2, work / "two")
            print(
                f"  2 workers: {two:.2f} s; speed-up {one / two:.2f}, parallel efficiency "
                f"{one / (2 * two):.0%} of two cores, workers busy {busy_two / (2 * two):.0%} "
                f"of the time (aim >= 85%; {load()})"
            )
            print(
                f"  the workers' CPU seconds a battle: {cpu_one / battles * 1000:.0f} ms with 1, "
                f"{cpu_two / battles * 1000:.0f} ms with 2 ({cpu_two / cpu_one:.2f} times): "
                "what two workers cost beyond one, whatever the load"
            )
        for batch in sorted({10, 50, default, 1000}):
            shards, merged = bytes_per_battle(rows, batch, work / f"b{batch}")
            said = " (the default)" if batch == default else ""
            print(
                f"  shards of {batch} battles{said}: {shards:.0f} bytes a battle, merged into "
                f"a part {merged:.0f} (aim <= 100)"
            )
        layouts = [True, False] if given.unmerged else [True]
        for merged in layouts:
            taken = report_time(given.rows, default, merged, work / f"million-{merged}")
            how = "merged into parts" if merged else f"one shard a batch of {default}"
            print(
                f"  report over {given.rows:,} synthetic rows ({how}): DuckDB "
                f"{taken['first']:.2f} s, again {taken['again']:.2f} s (aim < 2 s); the plots "
                f"{taken['plots']:.2f} s; 'skirmish sweep report' whole {taken['command']:.2f} s "
                f"({load()})"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
