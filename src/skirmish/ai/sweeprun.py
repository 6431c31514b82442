"""Running a sweep on Dask distributed: one code path on a laptop or a cluster.

Batches (:class:`skirmish.ai.sweep.Batch`) are submitted to a Dask scheduler: a
``LocalCluster`` of ``workers`` processes started here by default, or an existing
cluster's scheduler by address. A batch is a pure function of the plan and its number, so
a batch whose worker dies is simply run again by the scheduler elsewhere, and its rows are
the same. This process writes each batch's shard as it comes back (workers need no
shared disk), merges the shards into a part every :data:`MERGED` battles and when every
batch is played, and keeps only a window of batches in flight, so a sweep of millions of
battles holds a few hundred tasks at a time.

With ``--until-ci``, a pairing in a scenario plays its batches one after another and stops
after the first batch at which A's 95% interval is narrower than asked; which batches are
played then depends on the rows alone, never on which worker was quicker.

Dask is imported here only, when a sweep runs.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skirmish.ai.sweep import Batch, Plan, play_batch, settled
from skirmish.ai.sweepstore import MERGED, holdings, merge, prepare, read_winners, write_shard
from skirmish.errors import SkirmishError

SCHEDULER_TIMEOUT = 10.0
"""Seconds to wait for a scheduler to answer before saying it does not."""
WINDOW = 4
"""Batches in flight per worker thread: enough to keep every worker busy."""


@dataclass
class Progress:
    """How far a sweep has got: battles and pairings done (played now or before), and
    bytes of shards written now."""

    battles: int = 0
    pairings: int = 0
    written: int = 0
    """Bytes written by this run (shards, and the parts they were merged into)."""
    on_disk: int = 0
    """Bytes of the sweep's rows on disk at the end (its shards and parts)."""
    played: int = 0
    """Battles played by this run (the rest were on disk)."""
    closing: float = 0.0
    """Seconds of the last merge of shards into a part, after every battle is played (what
    the benchmark tells apart from the scheduler's own overhead; the other writes overlap
    the workers' play)."""


Tell = Callable[[Progress], None]


def dask_distributed() -> Any:
    """Dask distributed, imported when a sweep runs (untyped: its calls are checked by
    the tests that run a real scheduler and workers)."""
    from importlib import import_module

    return import_module("distributed")


@contextmanager
def connected(*, workers: int, scheduler: str | None) -> Iterator[Any]:
    """A Dask client: on the scheduler at ``scheduler`` (``tcp://HOST:PORT``), or on a
    local cluster of ``workers`` processes, one thread each, closed when done."""
    import logging

    distributed = dask_distributed()
    Client, LocalCluster = distributed.Client, distributed.LocalCluster

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=SCHEDULER_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError) as error:
            shown = " ".join(str(error).split())[:160]
            raise SkirmishError(
                f"--scheduler {scheduler}: no Dask scheduler answered within "
                f"{SCHEDULER_TIMEOUT:g} s ({shown}); start one with 'dask scheduler'"
            ) from None
        try:
            yield client
        finally:
            client.close()
        return
    cluster = LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    )
    client = Client(cluster, set_as_default=False)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def run_sweep(
    plan: Plan,
    folder: Path,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    tell: Tell | None = None,
) -> Progress:
    """Play the sweep's batches with no shard in ``folder`` yet and write their shards."""
    done = prepare(folder, plan)
    progress = Progress()
    streams = _streams(plan, folder, done, progress)
    pending_pairings = {p for p, _ in streams}
    left = {p: sum(1 for q, _ in streams if q == p) for p in pending_pairings}
    progress.pairings = len(plan.pairings) - len(pending_pairings)
    if tell is not None:
        tell(progress)
    if streams:
        with connected(workers=workers, scheduler=scheduler) as client:
            _play(client, plan, folder, streams, left, progress, tell)
    loose = [name for name, file in holdings(folder).items() if file == name]
    if len(loose) > 1:  # every batch played: the last shards of their own become a part
        started = time.perf_counter()
        progress.written += merge(folder, loose)
        progress.closing = time.perf_counter() - started
    progress.on_disk = sum(p.stat().st_size for p in folder.glob("*.parquet"))
    return progress


Stream = tuple[int, int]
"""A pairing in a scenario."""


def _streams(
    plan: Plan, folder: Path, done: dict[str, str], progress: Progress
) -> dict[Stream, list[Batch]]:
    """Each unfinished pairing-in-a-scenario and its batches still to play, in order; the
    battles already on disk counted in ``progress``."""
    streams: dict[Stream, list[Batch]] = {}
    for pairing in range(len(plan.pairings)):
        for scenario in range(len(plan.scenarios)):
            batches = plan.batches(pairing, scenario)
            todo = [b for b in batches if b.name not in done]
            progress.battles += sum(b.count for b in batches if b.name in done)
            if plan.until_ci is not None:
                winners: list[int | None] = []
                for batch in batches:
                    if batch.name not in done:
                        break
                    winners.extend(_winners(plan, folder, done, batch))
                    if settled(plan, winners):
                        todo = []
                        break
            if todo:
                streams[(pairing, scenario)] = todo
    return streams


def _winners(plan: Plan, folder: Path, done: dict[str, str], batch: Batch) -> list[int | None]:
    """The winners of a batch on disk, in battle order."""
    return read_winners(folder, done[batch.name], batch, plan.scenarios[batch.scenario])


def _play(
    client: Any,
    plan: Plan,
    folder: Path,
    streams: dict[Stream, list[Batch]],
    left: dict[int, int],
    progress: Progress,
    tell: Tell | None,
) -> None:
    as_completed = dask_distributed().as_completed

    shared = client.scatter(plan, broadcast=True)
    threads = max(1, sum(client.nthreads().values()))
    window = WINDOW * threads
    adaptive = plan.until_ci is not None
    queue: list[Batch] = []
    if adaptive:
        queue = [batches[0] for batches in streams.values()]
    else:
        queue = [batch for batches in streams.values() for batch in batches]
    queue.reverse()
    winners: dict[Stream, list[int | None]] = {}
    if adaptive:
        done = holdings(folder)
        for stream, batches in streams.items():
            earlier = [b for b in plan.batches(*stream) if b.number < batches[0].number]
            winners[stream] = [w for b in earlier for w in _winners(plan, folder, done, b)]
    loose: list[Batch] = []

    def submit(batch: Batch) -> Any:
        return client.submit(play_batch, shared, batch, pure=False)

    owner: dict[Any, Batch] = {}
    while queue and len(owner) < window:
        batch = queue.pop()
        owner[submit(batch)] = batch
    running = as_completed(list(owner), loop=client.loop)
    for future in running:
        batch = owner.pop(future)
        try:
            rows = future.result()
        except Exception as error:
            name = type(error).__name__
            said = " ".join(str(error).split())[:300]
            raise SkirmishError(
                f"batch {batch.name} failed on the cluster ({name}: {said}); the shards "
                "written so far are kept"
            ) from None
        progress.written += write_shard(folder, batch, rows)
        loose.append(batch)
        if sum(b.count for b in loose) >= MERGED:
            progress.written += merge(folder, [b.name for b in loose])
            loose = []
        progress.battles += batch.count
        progress.played += batch.count
        stream = (batch.pairing, batch.scenario)
        finished = False
        if adaptive:
            winners[stream].extend(
                w for _, w in sorted(zip(rows["battle"], rows["winner"], strict=True))
            )
            later = [b for b in streams[stream] if b.number > batch.number]
            if later and not settled(plan, winners[stream]):
                queue.append(later[0])
            else:
                finished = True
        else:
            streams[stream].remove(batch)
            finished = not streams[stream]
        if finished:
            left[batch.pairing] -= 1
            if left[batch.pairing] == 0:
                progress.pairings += 1
        if tell is not None:
            tell(progress)
        while queue and len(owner) < window:
            batch = queue.pop()
            future = submit(batch)
            owner[future] = batch
            running.add(future)
