"""Garbage collection tuned for runs of battles.

A battle makes and drops millions of small records (states, frames, events, geometry), few
of them in reference cycles, so Python's default collector (a young-generation pass every
700 allocations more than releases) spends its time walking objects that reference counting
frees anyway. Measured in the same run, greedy-versus-greedy 2v2 Deathmatch battles ran about
1.3 times faster with the settings below; random-versus-random battles, which make far fewer
objects a second, ran the same (``benchmarks/circles.py`` reports both). Everything loaded
before the run (the packs, the scenarios, the module caches) is moved out of the collector's
sight (``gc.freeze``), so even a full pass walks only what the run made.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

THRESHOLDS = (50_000, 20, 100)
"""Allocations before a young pass, and young (then middle) passes before an older one."""


def tune() -> None:
    """Collect as suits a run of battles, for the rest of the process (a simulation
    worker's start)."""
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


@contextmanager
def tuned() -> Iterator[None]:
    """Collect as suits a run of battles while inside, as before afterwards."""
    before = gc.get_threshold()
    tune()
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
