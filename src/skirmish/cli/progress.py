"""A progress bar on the terminal for work that takes seconds; nothing when not a terminal.

The bar is drawn on standard error, only once the work has gone on for
:data:`DELAY` seconds (most answers take less, and show nothing), and is erased when the
command ends, so what a command prints is the same with or without it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from skirmish.progress import Progress, listening

DELAY = 0.5
"""Seconds of work before a bar is shown."""


@contextmanager
def shown(console: Any = None) -> Iterator[None]:
    """Within the block, work that tells its progress draws a bar on ``console`` (standard
    error by default) when it is a terminal."""
    from rich.console import Console

    out = console if console is not None else Console(stderr=True)
    if not out.is_terminal:
        yield
        return
    bars: list[Any] = []

    def listener(what: str, total: int | None) -> Progress:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        if not bars:
            bars.append(
                Progress(
                    SpinnerColumn(),
                    TextColumn("{task.description}"),
                    BarColumn(),
                    MofNCompleteColumn(),
                    TimeElapsedColumn(),
                    TimeRemainingColumn(),
                    console=out,
                    transient=True,
                )
            )
        bar = bars[0]
        task = bar.add_task(what, total=total, visible=False)
        start = time.monotonic()

        def tell(done: int) -> None:
            late = time.monotonic() - start >= DELAY
            if late and not bar.live.is_started:
                bar.start()
            bar.update(task, completed=done, visible=late)

        return tell

    try:
        with listening(listener):
            yield
    finally:
        if bars and bars[0].live.is_started:
            bars[0].stop()
