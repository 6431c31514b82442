"""A battle as a stack of pending work: the frames, settling, and the log as a shared list.

A game's battle state holds a tuple of :class:`Frame` records, the bottom one the round
(or the whole battle), the top one what happens next. The top frame's ``node`` says whose
decision it is or that chance acts; ``act`` and ``chance`` take the answer; ``advance``
does the work that needs no decision. :meth:`FrameStack.settle` runs ``advance`` until a
decision or a chance event waits. A frame that finishes pops itself and hands its result
to the one below (:meth:`FrameStack.finish`). Nothing here knows a game: Magewinds'
battle (:mod:`skirmish.games.magewinds.battle.state`) and the duel of the tests are
built on it.

>>> from dataclasses import dataclass
>>> from skirmish.engine.battle import End
>>> @dataclass(frozen=True)
... class Count(Frame["Counter"]):
...     left: int
...     def node(self, state: "Counter") -> Node:
...         return End(None, "done")
...     def advance(self, state: "Counter") -> "Counter | None":
...         return state.top(Count(self.left - 1)) if self.left else state.finish("zero")
>>> @dataclass(frozen=True)
... class Counter(FrameStack):
...     frames: tuple[Frame["Counter"], ...]
...     result: End | None = None
...     def ended(self, end: End) -> "Counter":
...         return Counter(self.frames, end)
>>> @dataclass(frozen=True)
... class Bottom(Frame["Counter"]):
...     def node(self, state: "Counter") -> Node:
...         return End(None, "done")
...     def resume(self, state: "Counter", result: Any) -> "Counter":
...         return state.ended(End(None, result))
>>> Counter((Bottom(), Count(3))).settle().result
End(winner=None, reason='zero')
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from fractions import Fraction
from itertools import product
from random import Random
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar
from weakref import WeakKeyDictionary

from skirmish.engine.battle import Action, Chance, End, IllegalAction, Node, Turn
from skirmish.engine.drawing import Offer
from skirmish.errors import SkirmishError
from skirmish.fastpaths import OFFERS, fast, replaced

if TYPE_CHECKING:
    from skirmish.engine.battle import LogLine

S = TypeVar("S", bound="FrameStack")
"""The game's battle state a frame works on."""
L = TypeVar("L", bound="LogLine")
"""A line of a game's log."""
T = TypeVar("T")


class ViewError(SkirmishError):
    """A view that does not describe a battle of this setup."""


Shown = Mapping[str, Any]
"""What a view shows of a frame (:meth:`Frame.shown`), JSON-ready."""
Fields = dict[str, Any]
"""A frame's fields by name, as its class is called with them."""

MAX_SETTLE = 10_000
"""How many pieces of work settling does before it gives up (a frame that never waits)."""
SIDES = 6


class Frame(Generic[S]):
    """Pending work. Subclasses are frozen dataclasses; the top of the stack acts."""

    def node(self, battle: S) -> Node:
        raise NotImplementedError

    def options(self, battle: S) -> tuple[Action, ...]:
        """The representative legal actions at this frame's decision."""
        return ()

    def offer(self, battle: S) -> Offer | None:
        """The decision's actions as candidates each with its judge, where judging them
        all is what listing :meth:`options` costs (:mod:`.drawing`); the options are then
        exactly ``offer.legal()``. None: a random player draws among the options."""
        return None

    def act(self, battle: S, action: Action) -> S:
        """A player's action at this frame (checked: illegal ones raise)."""
        raise IllegalAction(f"no decision is pending here ({type(self).__name__})")

    def chance(self, battle: S, action: Action) -> S:
        """A chance outcome at this frame (checked)."""
        raise IllegalAction(f"no chance event is pending here ({type(self).__name__})")

    def sample(self, battle: S, rng: Random) -> Action:
        raise IllegalAction(f"no chance event is pending here ({type(self).__name__})")

    def outcomes(self, battle: S) -> tuple[tuple[Action, Fraction], ...]:
        """Every outcome :meth:`sample` may give, with its exact probability."""
        raise IllegalAction(f"no chance event is pending here ({type(self).__name__})")

    def advance(self, battle: S) -> S | None:
        """Work that needs no decision: the next state, or None when waiting."""
        return None

    def resume(self, battle: S, result: Any) -> S:
        """The frame above this one finished with ``result`` (whatever that frame hands
        down: each pair of frames agrees on it)."""
        return battle

    def summary(self, battle: S, player: int | None) -> dict[str, Any]:
        """What this frame is doing, as ``player`` may see it (None: everything),
        JSON-ready."""
        return {"frame": type(self).__name__}

    def refused(self, battle: S) -> tuple[str, ...]:
        """Why actions a player might expect are not legal now, each with its rule."""
        return ()

    def hidden_fields(self, battle: S, player: int) -> dict[str, Any]:
        """The fields ``player`` may not see as they are, each with what a view shows in
        its place (JSON-ready), and anything a view adds; empty when all is public. A
        view shows every other field of the frame as it is (:meth:`shown`)."""
        return {}

    def shown(self, battle: S, player: int) -> dict[str, Any]:
        """The frame field by field as ``player`` may see it (JSON-ready, with its class
        name under ``frame``): what it keeps from them (:meth:`hidden_fields`) in place
        of those fields, the rest as they are. :meth:`rebuilt` reads it back."""
        data: dict[str, Any] = {"frame": type(self).__name__}
        special = self.hidden_fields(battle, player)
        for field in fields(self):  # type: ignore[arg-type]
            name = field.name
            data[name] = special[name] if name in special else json_ready(getattr(self, name))
        data.update((key, value) for key, value in special.items() if key not in data)
        return data

    @classmethod
    def rebuilt(cls, battle: S, data: Shown, rng: Random, now: Shown | None) -> Self:
        """The frame a view showed as ``data`` (:meth:`shown`), in ``battle`` rebuilt from
        that view: what the view hid from the player drawn with ``rng`` among what is
        consistent with it (``now``, the view's pending decision or chance, when this is
        the top frame)."""
        return cls(**cls.read_back(battle, data, rng, now))

    @classmethod
    def read_back(cls, battle: S, data: Shown, rng: Random, now: Shown | None) -> Fields:
        """The frame's fields for :meth:`rebuilt`: every field as shown, lists read back
        as tuples. A frame whose view hides or reshapes a field draws or reads it here."""
        return {f.name: tupled(data[f.name]) for f in fields(cls)}  # type: ignore[arg-type]


def json_ready(value: object) -> Any:
    """A frame's field as JSON: enums by value, tuples and sets as lists, records field by
    field.

    >>> from enum import Enum
    >>> class Size(Enum):
    ...     BIG = "big"
    >>> json_ready((Size.BIG, frozenset({2, 1}), None))
    ['big', [1, 2], None]
    """
    if isinstance(value, Enum):
        return value.value
    if value is None or isinstance(value, (str, int, float)):
        return value
    if isinstance(value, (tuple, list)):
        return [json_ready(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(json_ready(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: json_ready(getattr(value, f.name)) for f in fields(value)}
    raise TypeError(f"cannot show {type(value).__name__} in a view")  # pragma: no cover


def tupled(value: Any) -> Any:
    """A value :func:`json_ready` wrote, its lists read back as tuples."""
    if isinstance(value, list):
        return tuple(tupled(v) for v in value)
    return value


@dataclass(frozen=True, slots=True)
class Log(Generic[L]):
    """A log as a shared linked list: adding a line never copies the earlier ones."""

    event: L
    previous: Log[L] | None
    length: int

    def events(self) -> tuple[L, ...]:
        out: list[L] = []
        node: Log[L] | None = self
        while node is not None:
            out.append(node.event)
            node = node.previous
        return tuple(reversed(out))

    @staticmethod
    def extended(log: Log[L] | None, lines: tuple[L, ...]) -> Log[L] | None:
        """``log`` with ``lines`` added at its end (None: an empty log)."""
        for line in lines:
            log = Log(line, log, (log.length if log else 0) + 1)
        return log


def dice_outcomes(word: str, dice: int) -> tuple[tuple[Action, Fraction], ...]:
    """Every ordered roll of ``dice`` six-sided dice written ``word N N ...``, each with
    probability 1/6^dice: the outcomes of a chance step that rolls them.

    >>> dice_outcomes("dice", 1)[0]
    ('dice 1', Fraction(1, 6))
    """
    each = Fraction(1, SIDES**dice)
    return tuple(
        (" ".join((word, *map(str, faces))), each)
        for faces in product(range(1, SIDES + 1), repeat=dice)
    )


def illegal(error: SkirmishError, rule: str) -> IllegalAction:
    """Any error an action raises, as an illegal action that names a rule: the rule of the
    decision (or chance event) when the message does not start with one. A rule is cited
    first, as a number or a name ("17.0: ...", "Blink: ..."); plain words start in
    lower case."""
    text = str(error)
    if text[:1].islower():
        return IllegalAction(f"{rule}: {text}")
    return error if isinstance(error, IllegalAction) else IllegalAction(text)


_OPTIONS: WeakKeyDictionary[FrameStack, tuple[Action, ...]] = WeakKeyDictionary()
"""The top frame's options of a state, worked out once (states never change)."""
_DRAWN: WeakKeyDictionary[FrameStack, Action] = WeakKeyDictionary()
"""The action drawn at a state (:meth:`FrameStack.drawn`), judged legal on the way."""


class FrameStack:
    """What a battle state built on a stack of :class:`Frame` records does with it.

    A mixin for a frozen dataclass with the fields ``frames`` (a tuple of frames) and
    ``result`` (the :class:`End`, once over); ``chances`` (the count of chance events
    resolved) when :meth:`acted` is used, and ``derived`` (a dict outside the state, see
    :meth:`remembered`) when that is. A game supplies :meth:`ending` (its end condition,
    checked before each piece of work) and :meth:`ended`.
    """

    __slots__ = ()

    if TYPE_CHECKING:
        frames: tuple[Frame[Self], ...]
        result: End | None
        chances: int
        derived: dict[Hashable, Any] | None

    def ending(self) -> End | None:
        """Whether the battle ends now, whatever the frames have pending (None: not)."""
        return None

    def ended(self, end: End) -> Self:
        """The battle over with ``end``."""
        raise NotImplementedError

    def settle(self) -> Self:
        """Do every piece of work that needs no decision, until a decision or chance waits
        (or the battle is over)."""
        battle = self
        for _ in range(MAX_SETTLE):
            if battle.result is not None:
                return battle
            ended = battle.ending()
            if ended is not None:
                return battle.ended(ended)
            after = battle.frames[-1].advance(battle)
            if after is None:
                return battle
            battle = after
        raise RuntimeError("the battle state did not settle")  # pragma: no cover

    def push(self, frame: Frame[Self]) -> Self:
        return replaced(self, frames=(*self.frames, frame))

    def top(self, frame: Frame[Self]) -> Self:
        """The battle with its top frame replaced by ``frame``."""
        return replaced(self, frames=(*self.frames[:-1], frame))

    def finish(self, result: Any = None) -> Self:
        """Pop the top frame and hand ``result`` to the frame below it."""
        battle = replaced(self, frames=self.frames[:-1])
        return battle.frames[-1].resume(battle, result)

    def options(self: Self) -> tuple[Action, ...]:
        """The top frame's representative legal actions as texts (computed once per
        state): what the frames offer and check answers against."""
        found = _OPTIONS.get(self)
        if found is None:
            found = self.frames[-1].options(self)
            _OPTIONS[self] = found
        return found

    def drawn(self: Self, rng: Random) -> Action:
        """One of the top frame's options drawn uniformly with ``rng``, as
        ``rng.choice(self.options())`` draws, without judging every candidate where the
        frame makes an offer (:meth:`Frame.offer`, :mod:`.drawing`). The generator is used
        differently from ``rng.choice`` there, so a seed plays another battle."""
        offer = self.frames[-1].offer(self)
        if offer is None:
            options = self.options()
            if not options:
                raise SkirmishError("no legal action is offered here")
            return rng.choice(options)
        action = offer.draw(rng)
        if action is None:
            raise SkirmishError("no legal action is offered here")
        _DRAWN[self] = action
        return action

    def offered(self, action: Action) -> bool:
        """Whether ``action`` (its text form) is among the options this very state offered,
        when they were worked out already (as ``legal_actions`` works them out), or is the
        one drawn here and judged on the way (:meth:`drawn`): a frame may then skip a check
        that only repeats what offering it found, on the fast path (part ``OFFERS``).
        False otherwise, so a typed action is judged in full."""
        if not fast(OFFERS):
            return False
        found = _OPTIONS.get(self)
        return (found is not None and action in found) or _DRAWN.get(self) == action

    def acted(self, node: Turn | Chance, text: str) -> Self:
        """The settled state after the answer ``text`` to ``node`` (a decision or a chance
        event, which is counted), given to the top frame; any error it raises becomes an
        :class:`IllegalAction` naming the node's rule."""
        try:
            if isinstance(node, Chance):
                after = self.frames[-1].chance(self, text)
                after = replaced(after, chances=self.chances + 1)
            else:
                after = self.frames[-1].act(self, text)
        except SkirmishError as error:
            raise illegal(error, node.rule) from None
        return after.settle()

    def remembered(self, key: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, worked out once for this state (states never change)."""
        derived = self.derived
        if derived is None:
            derived = {}
            object.__setattr__(self, "derived", derived)
        elif key in derived:
            found: T = derived[key]
            return found
        answer = derived[key] = compute()
        return answer


def state_hash(state: dict[str, Any]) -> str:
    """The hash of a state written as JSON-ready data (sorted keys, no spaces): equal for
    equal states in any process."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
