"""How far long work has got, told to whoever listens: the work does not know who.

An answer that can take seconds (a Dark Realms attack with much Stamina, a matchup table,
every pair of a large battlefield) asks :func:`tracker` for a callback to give the solver's
``progress=``. An interface listens with :func:`listening` (the command line draws a bar
on a terminal); when nobody listens, :func:`tracker` gives None and the work pays nothing.

>>> told = []
>>> with listening(lambda what, total: lambda done: told.append((what, done, total))):
...     step = tracker("cells solved", 2)
...     step(1); step(2)
>>> told
[('cells solved', 1, 2), ('cells solved', 2, 2)]
>>> tracker("cells solved", 2) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Progress = Callable[[int], None]
"""Told how many steps are done so far."""
Listener = Callable[[str, "int | None"], Progress]
"""Given what is worked out and how many steps there will be about (None when unknown),
the callback to tell as the work goes on."""

_LISTENER: ContextVar[Listener | None] = ContextVar("skirmish_progress", default=None)


def tracker(what: str, total: int | None) -> Progress | None:
    """A callback for work on ``what`` of about ``total`` steps, or None when nobody listens."""
    listener = _LISTENER.get()
    return None if listener is None else listener(what, total)


@contextmanager
def listening(listener: Listener) -> Iterator[None]:
    """Within the block, work that can take seconds tells ``listener`` how far it has got."""
    token = _LISTENER.set(listener)
    try:
        yield
    finally:
        _LISTENER.reset(token)


__all__ = ["Listener", "Progress", "listening", "tracker"]
