"""Garbage collection tuned for runs of battles, and set aside during a decision.

A battle makes and drops millions of small records (states, frames, events, geometry), few
of them in reference cycles, so Python's default collector (a young-generation pass every
700 allocations more than releases) spends its time walking objects that reference counting
frees anyway. Everything loaded before the run (the packs, the scenarios, the module caches)
is moved out of the collector's sight (``gc.freeze``) and the young generation is let grow
to 10,000 objects. Measured in the same run (``benchmarks/speedups.py``), the collector's own
time in a greedy 2v2 battle falls from about 3.4-4.5% to about 1.6%; the whole battle's CPU
time changes by less than this shared machine's noise (0.92 to 1.04 times over runs of 4
battles each way).

Outside such a run (a battle played from the terminal, the web page, a benchmark) the
collector's full passes walk every object alive, and a process that has played greedy
battles holds many: the attack outlooks and values kept for the run, the memos of the
fast paths. A greedy decision (:func:`set_aside`, the fast-path part :data:`SET_ASIDE`)
moves what was alive before it out of the collector's sight while it thinks and back
afterwards, so its passes walk only what the decision made; nothing is left frozen. The
collector's counts call no full pass in such a process, so :func:`set_aside` makes one
every :data:`FULL_EVERY` decisions, and a tuned run frees its own garbage as it ends.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from skirmish.fastpaths import fast

THRESHOLDS = (10_000, 10, 10)
"""Allocations before a young pass, and young (then middle) passes before an older one."""

SET_ASIDE = "collector sets the heap aside"
"""The fast-path part of :func:`set_aside`: a decision's collector passes walk only the
objects made during the decision."""

_frozen = [False]
"""Whether the objects alive are out of the collector's sight already (:func:`tune` for
the rest of the process, :func:`tuned` or :func:`set_aside` while inside)."""


FULL_EVERY = 256
"""Decisions set aside (:func:`set_aside`) between two full passes made on leaving one. The
collector's own counts do not call a full pass while the heap comes and goes from its
sight at every decision (measured: over six greedy 2v2 battles played one after another,
one full pass, at the start, and 190,000 objects of garbage in cycles left waiting for
the next), so every this many decisions one is made; a few greedy battles' decisions."""

_left = [0]
"""Decisions set aside since the last full pass :func:`set_aside` made."""


def tune() -> None:
    """Collect as suits a run of battles, for the rest of the process (a simulation
    worker's start)."""
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    _frozen[0] = True


@contextmanager
def tuned() -> Iterator[None]:
    """Collect as suits a run of battles while inside, as before afterwards. On leaving,
    while what was alive before the run is still out of sight, a pass frees the run's own
    garbage, walking only what was made during the run (in a Dask worker, what its other
    threads made meanwhile too): given back to the oldest generation with the rest, it
    would wait for a full pass that the collector's counts do not call, and a process that
    plays run after run (a server, a slice played a battle at a time, a sweep's Dask worker
    batch after batch) would carry every run's garbage on (measured: about 100 MB a battle
    of search at 1 s against greedy, 8 GB in 80; a sweep's batches of two greedy battles,
    8 MB a batch). Should another thread have brought the heap back into sight meanwhile
    (two runs at once, as in a worker with more than one thread), no pass is made: it
    would walk the whole heap."""
    before = gc.get_threshold()
    was = _frozen[0]
    tune()
    try:
        yield
    finally:
        if gc.get_freeze_count():
            gc.collect()
        gc.set_threshold(*before)
        gc.unfreeze()
        _frozen[0] = was


@contextmanager
def set_aside() -> Iterator[None]:
    """While inside, the collector looks only at the objects made inside: those alive on
    entry are moved out of its sight (``gc.freeze``, a constant-time splice of its lists)
    and back on leaving (``gc.unfreeze``), where its later passes find them as before.
    Nothing is done where they are out of sight already (a tuned run, an outer
    :func:`set_aside`: leaving would bring back what another froze), nor with the part
    :data:`SET_ASIDE` off. Decisions on two threads at once (a web server's) each undo their
    own freeze, so at worst one of them thinks with the collector as usual."""
    if _frozen[0] or not fast(SET_ASIDE):
        yield
        return
    gc.freeze()
    _frozen[0] = True
    try:
        yield
    finally:
        _frozen[0] = False
        gc.unfreeze()
        _left[0] += 1
        if _left[0] >= FULL_EVERY:
            _left[0] = 0
            gc.collect()
