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

import dataclasses
import inspect
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import contextmanager
from operator import attrgetter
from typing import Any, Generic, TypeVar

REMEMBERED = 50_000
"""Answers kept per memo; a memo that fills up starts again from empty."""

RECORDS = "records"
"""The part of the fast paths (:func:`fast`) that makes and hashes records quicker:
:func:`replaced`, :func:`kept_hash`, and those of the games' records that use them (the
order of a card, the centre of a base)."""

OFFERS = "offers"
"""The part of the fast paths that works out what a stage offers once and shares it: the
parts of the attack check at each step end that do not depend on the step (worked out
once per state and fighter), the straight Move ends whose paths were already found clear
(only the checks those leave are made again), and an action offered by the very state it
is applied to not judged again where its check only repeats what offering it found; and
the small tables those checks read made once (a profile's action words, a battlefield's
fighters by name)."""

_fast = [True]
_off: list[frozenset[str]] = [frozenset()]
_memos: list[Memo[Any]] = []

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


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


def keep(store: dict[K, V], key: K, answer: V, size: int) -> V:
    """Keep ``answer`` for ``key`` in ``store`` and give it back; a store that holds
    ``size`` answers starts again from empty first.

    Every store of kept answers is bounded so, through this function (and
    :func:`keep_all`): a :class:`Memo`'s (registered, counted and emptied by
    :func:`forget`), a few plain dicts the process shares on the hottest paths, and the
    plain dicts that belong to one object and die with it (an evaluator's scores, a
    battlefield's looks), which a memo would keep alive in the process's list. Such a
    store stays a plain dict, read at a dict's own speed."""
    if len(store) >= size:
        store.clear()
    store[key] = answer
    return answer


def keep_all(store: dict[K, V], answers: Mapping[K, V], size: int) -> None:
    """Keep every one of ``answers`` in ``store``; a store that would then hold more than
    ``size`` starts again from empty first (and then holds them all, even more than
    ``size``)."""
    if len(store) + len(answers) > size:
        store.clear()
    store.update(answers)


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
        self.put(key, answer)
        return answer

    def find(self, key: Hashable) -> T | None:
        """The answer kept for ``key``, or None (a hit or a miss counted, an answer of None
        counted a miss): for a memo whose answers are kept by a computation made for
        another purpose (:meth:`put`)."""
        found = self.answers.get(key)
        if found is None:
            self.misses += 1
        else:
            self.hits += 1
        return found

    def put(self, key: Hashable, answer: T) -> None:
        """Keep ``answer`` for ``key`` (found by a computation made for another purpose)."""
        keep(self.answers, key, answer, self.size)

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
        self.memo.put((id(thing), *more), (thing, answer))


_Plan = tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]]
_plans: dict[type, _Plan | None] = {}


def replaced(thing: T, /, **changes: Any) -> T:
    """``dataclasses.replace(thing, **changes)``: a new record of the same class with the
    fields in ``changes`` changed. On the fast path the fields are read at once and given
    to the class in order (``replace`` looks each field up by name, every time); a class
    with keyword-only fields or init-only variables, and a change ``replace`` would
    refuse, take ``replace`` itself."""
    if not fast(RECORDS):
        return dataclasses.replace(thing, **changes)  # type: ignore[type-var]
    kind = type(thing)
    try:
        plan = _plans[kind]
    except KeyError:
        plan = _plans[kind] = _plan(kind)
    if plan is None:
        return dataclasses.replace(thing, **changes)  # type: ignore[type-var]
    read, index = plan
    values = list(read(thing))
    for name, value in changes.items():
        at = index.get(name)
        if at is None:
            return dataclasses.replace(thing, **changes)  # type: ignore[type-var]
        values[at] = value
    return kind(*values)


def _plan(kind: type) -> _Plan | None:
    """How :func:`replaced` reads a record of ``kind``: its ``__init__`` fields in order,
    or None when ``replace`` must do it (an ``__init__`` that does not take exactly the
    init fields in order, by position: keyword-only fields, init-only variables, one
    written by hand)."""
    if not dataclasses.is_dataclass(kind):
        return None
    names = [f.name for f in dataclasses.fields(kind) if f.init]
    parameters = list(inspect.signature(kind).parameters.values())
    positional = inspect.Parameter.POSITIONAL_OR_KEYWORD
    if not names or [p.name for p in parameters] != names:
        return None
    if any(p.kind is not positional for p in parameters):
        return None
    read = attrgetter(*names)
    if len(names) == 1:
        return (lambda thing: (read(thing),)), {names[0]: 0}
    return read, {name: at for at, name in enumerate(names)}


HASHES = 10_000
"""Hashes kept by :func:`kept_hash`; when full, the store starts again from empty."""
_hashes: dict[int, tuple[object, int]] = {}


def dataclass_hash(thing: Any) -> int:
    """The hash a frozen dataclass's generated ``__hash__`` gives: of the tuple of its
    fields compared for equality (or marked ``hash=True``), in order."""
    return hash(
        tuple(
            getattr(thing, f.name)
            for f in dataclasses.fields(thing)
            if (f.compare if f.hash is None else f.hash)
        )
    )


def kept_hash(thing: Any) -> int:
    """:func:`dataclass_hash`, on the fast path worked out once for each object (in this
    process alone: a hash of text differs from process to process, so it is kept beside
    the object, never in it). For an immutable value that keys many stores and is deep
    to hash, such as a fighter profile with its attacks."""
    if not fast(RECORDS):
        return dataclass_hash(thing)
    found = _hashes.get(id(thing))
    if found is not None and found[0] is thing:
        return found[1]
    return keep(_hashes, id(thing), (thing, dataclass_hash(thing)), HASHES)[1]


def forget() -> None:
    """Empty every memo (for measuring a cold start)."""
    for memo in _memos:
        memo.clear()
    _hashes.clear()


def memos() -> tuple[Memo[Any], ...]:
    return tuple(_memos)
