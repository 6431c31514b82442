"""Deep work without deep recursion: a solver's tasks as generators, run from a list.

The solvers walk a procedure's tree, and its depth grows with the players' numbers (one level
per Stamina spent on a re-roll, for instance). Written as plain recursion, a walk a thousand
levels deep exhausts Python's stack. Here a task that needs the answer of a smaller task
*yields* that smaller task (itself a generator) and receives its answer; :func:`run` keeps
the tasks waiting for an answer on a list, so depth costs a list entry, not a stack frame.

>>> def count_down(n):
...     if n == 0:
...         return 0
...     below = yield count_down(n - 1)
...     return below + 1
>>> run(count_down(100_000))
100000
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, TypeVar

T = TypeVar("T")

Task = Generator["Task[Any]", Any, T]
"""A task: yields the smaller steps whose answers it needs, returns its own answer."""


def run(task: Task[T]) -> T:
    """The answer of ``task``, every smaller task run from an explicit list."""
    waiting: list[Task[Any]] = [task]
    answer: Any = None
    while True:
        try:
            smaller = waiting[-1].send(answer)
        except StopIteration as done:
            waiting.pop()
            if not waiting:
                return done.value  # type: ignore[no-any-return]
            answer = done.value
        else:
            waiting.append(smaller)
            answer = None


Progress = Callable[[int], None]
"""Called with the number of positions a solver has worked out so far."""

REPORT_EVERY = 1000
"""Positions between two calls of a :data:`Progress` callback."""


class Counter:
    """Counts positions and tells a :data:`Progress` callback every :data:`REPORT_EVERY`."""

    __slots__ = ("_progress", "positions")

    def __init__(self, progress: Progress | None) -> None:
        self._progress = progress
        self.positions = 0

    def tick(self) -> None:
        self.positions += 1
        if self._progress is not None and self.positions % REPORT_EVERY == 0:
            self._progress(self.positions)


def counter(progress: Progress | Counter | None) -> Counter:
    """A counter reporting to ``progress``; a :class:`Counter` given is shared as it is, so
    several solvers working on one answer count together."""
    return progress if isinstance(progress, Counter) else Counter(progress)


__all__ = ["REPORT_EVERY", "Counter", "Progress", "Task", "counter", "run"]
