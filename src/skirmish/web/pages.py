"""What every page shares: the templates, refusals, and answers worked out within a time
limit off the event loop."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from jinja2 import Environment, PackageLoader, select_autoescape

from skirmish.errors import SkirmishError

SECONDS = 30.0
"""The longest a question is worked on; the engine's own budgets refuse most long work
before it starts, this bounds the rest."""

WORKERS = 2
"""Questions worked on at once; more wait their turn, so a burst cannot starve the machine."""

T = TypeVar("T")

CORE = threading.Lock()
"""Held while the core (rules, odds, geometry) works for a request. The core keeps
process-wide memos, and some hold prepared GEOS geometries, which two threads may not use
at once: a server answering two seats at once crashed inside GEOS. Pages still wait off the
event loop; only the core's work is one request at a time."""


def in_core(work: Callable[[], T]) -> T:
    """``work()`` with the core to itself (:data:`CORE`)."""
    with CORE:
        return work()


class Problem(SkirmishError):
    """A refused request: its HTTP status and one line naming the input (and the option
    of the form it is about, when there is one)."""

    def __init__(self, message: str, *, status: int = 400, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.field = field


@functools.cache
def templates() -> Environment:
    """The Jinja2 templates shipped in the package. ``tojson`` keeps the keys in the
    order the core gives them (Jinja sorts them by default): a table's columns are the
    core's order (fighter first), on the first page as after each answer."""
    environment = Environment(
        loader=PackageLoader("skirmish.web", "templates"),
        autoescape=select_autoescape(default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.policies["json.dumps_kwargs"] = {"sort_keys": False}
    return environment


@functools.cache
def _limiter() -> anyio.CapacityLimiter:
    return anyio.CapacityLimiter(WORKERS)


async def worked_out(work: Callable[[], T], *, seconds: float = SECONDS) -> T:
    """``work()`` on a worker thread, refused with 503 past ``seconds`` (the thread is
    left to finish, still holding its place, so runaway work cannot pile up)."""
    try:
        with anyio.fail_after(seconds):
            return await anyio.to_thread.run_sync(
                in_core, work, abandon_on_cancel=True, limiter=_limiter()
            )
    except TimeoutError:
        raise Problem(
            f"the question took longer than {seconds:g} s to answer; ask a smaller one",
            status=503,
        ) from None


def render(name: str, **values: Any) -> str:
    """The page ``name`` filled with ``values``."""
    return templates().get_template(name).render(**values)


__all__ = ["CORE", "SECONDS", "WORKERS", "Problem", "in_core", "render", "templates", "worked_out"]
