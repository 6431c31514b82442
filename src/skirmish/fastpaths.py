"""Fast paths, and the switch that turns them all off.

A battle asks the same geometric questions many times: the legal actions of a state, then
the same again while the action is checked, the same step ends before and after an action
is chosen, the same terrain grown and cut into pieces for every new position. A fast path
answers such a question from memory, keyed on the values the answer depends on (never on
which object asked), or makes the same shapely calls for many things in one vectorised
call. The plain path computes every answer afresh, one at a time.

Both paths give the same answers, down to the last bit of a coordinate and the order of
the legal actions: the tests play random battles both ways and compare every legal action
list, every state's hash and every log line, and compare each fast path with the plain
computation on generated cases. :func:`plain` turns the fast paths off (for those tests and
for the benchmarks' ratio against the plain path). Every layer may use this module.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

REMEMBERED = 50_000
"""Answers kept per memo; a memo that fills up starts again from empty."""

_fast = [True]
_off: list[frozenset[str]] = [frozenset()]
_memos: list[Memo[Any]] = []

T = TypeVar("T")


def fast(part: str = "") -> bool:
    """Whether the fast paths are on (the default); with ``part``, whether that part's are
    (a part is a group of fast paths that can be turned off alone, named where it is
    used)."""
    return _fast[-1] and (not part or part not in _off[-1])


@contextmanager
def plain(*parts: str) -> Iterator[None]:
    """Compute every answer afresh while inside: the plain path the fast ones replace.
    With ``parts``, only those parts' fast paths are off (for measuring one against the
    plain computation while the others stay on)."""
    if parts:
        _off.append(_off[-1] | frozenset(parts))
    else:
        _fast.append(False)
    try:
        yield
    finally:
        (_off if parts else _fast).pop()


class Memo(Generic[T]):
    """Answers kept by the values they depend on; bounded (see :data:`REMEMBERED`)."""

    def __init__(self, name: str, size: int = REMEMBERED) -> None:
        self.name = name
        self.size = size
        self.answers: dict[Hashable, T] = {}
        self.hits = 0
        self.misses = 0
        _memos.append(self)

    def get(self, key: Hashable, compute: Callable[[], T], *, fresh: bool = False) -> T:
        """The answer kept for ``key``, or ``compute()`` kept for next time (``fresh``:
        computed and kept even when an answer is kept)."""
        if not fresh:
            try:
                found = self.answers[key]
            except KeyError:
                pass
            else:
                self.hits += 1
                return found
        self.misses += 1
        answer = compute()
        if len(self.answers) >= self.size:
            self.answers.clear()
        self.answers[key] = answer
        return answer

    def clear(self) -> None:
        self.answers.clear()
        self.hits = self.misses = 0


class Kept(Generic[T]):
    """Answers kept for particular objects (immutable ones, such as shapely geometries),
    with more values when given; each kept object is held, so its ``id`` stays its own."""

    def __init__(self, name: str, size: int = REMEMBERED) -> None:
        self.memo: Memo[tuple[object, T]] = Memo(name, size)

    def get(self, thing: object, compute: Callable[[], T], *more: Hashable) -> T:
        """The answer kept for this very ``thing`` (and ``more``), or ``compute()``."""
        found = self.find(thing, *more)
        if found is not None:
            self.memo.hits += 1
            return found[0]
        self.memo.misses += 1
        answer = compute()
        self.put(thing, answer, *more)
        return answer

    def find(self, thing: object, *more: Hashable) -> tuple[T] | None:
        """The answer kept for this very ``thing`` (and ``more``), if any, in a 1-tuple."""
        entry = self.memo.answers.get((id(thing), *more))
        if entry is not None and entry[0] is thing:
            return (entry[1],)
        return None

    def put(self, thing: object, answer: T, *more: Hashable) -> None:
        """Keep ``answer`` for this very ``thing`` (and ``more``)."""
        if len(self.memo.answers) >= self.memo.size:
            self.memo.answers.clear()
        self.memo.answers[(id(thing), *more)] = (thing, answer)


def forget() -> None:
    """Empty every memo (for measuring a cold start)."""
    for memo in _memos:
        memo.clear()


def memos() -> tuple[Memo[Any], ...]:
    return tuple(_memos)
