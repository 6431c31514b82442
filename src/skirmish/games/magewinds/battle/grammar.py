"""Battle actions as records: each a kind and its fields, with exactly one text form.

Like python-chess's ``Move`` and its UCI text (``Move.from_uci`` / ``move.uci()``), a
:class:`BattleAction` is a small frozen record (``fighter``, ``target``, ``attack``,
``spell``, ``point``, ``cards`` paid, ``option``...) that code passes around and reads by
field; its text (``str(action)``) is what a person types, what a record keeps on disk and
what ``legal_actions`` offers. One table of templates (:data:`TEMPLATES`) renders and
parses every kind, read against the battle's own names (:class:`Names`): a fighter called
``Knight on Watch`` or ``Deadeye with Bow`` is one name, never split at a keyword.

>>> names = Names(fighters=("Knight on Watch", "Wizard"), spells=("Energize",))
>>> action = parse("cast Energize on Knight on Watch paying 2H+2D", names)
>>> action.kind, action.spell, action.target, action.cards
(<Kind.CAST: 'cast'>, 'Energize', 'Knight on Watch', ('2H', '2D'))
>>> str(action)
'cast Energize on Knight on Watch paying 2H+2D'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from skirmish.errors import SkirmishError
from skirmish.fastpaths import REMEMBERED, fast, keep
from skirmish.games.magewinds.battle.points import parse_point, point_text

if TYPE_CHECKING:
    from skirmish.games.magewinds.battle.setup import Setup
    from skirmish.games.magewinds.battle.state import Battle, Point


class Kind(StrEnum):
    """What an action does; each kind has one template in :data:`TEMPLATES`."""

    ACTIVATE = "activate"
    ATTACK = "attack"
    CAST = "cast"
    BLINK = "blink"
    RECOVER = "recover"
    WARD = "ward"
    HYPNOTIZE = "hypnotize"
    ENTANGLE = "entangle"
    CHARM = "charm"
    CLONE = "clone"
    REVIVE = "revive"
    QUAKE = "quake"
    QUAKE_ATTACK = "quake attack"
    AIM = "aim"
    BLAST = "blast"
    MOVE_TO = "move to"
    STEP = "step"
    DEPLOY = "deploy"
    PLACE = "place"
    PICK_UP = "pick up"
    DROP = "drop"
    COLLECT = "collect"
    ADD = "add"
    DAMAGE = "damage"
    KNOCK_BACK = "knock back"
    TAKE = "take"
    OBJECTIVE = "objective"
    ORDER = "order"
    DRAW = "draw"
    DISCARD = "discard"
    KEEP = "keep"
    PAY = "pay"
    CARD = "card"
    DICE = "dice"
    ROLL_OFF = "roll-off"
    WORD = "word"
    """Any other answer: a few fixed words (``guard``, ``dodge``, ``no step``, ``pass``),
    kept whole in ``option``."""


TEMPLATES: dict[Kind, str] = {
    Kind.ACTIVATE: "activate {fighter}",
    Kind.ATTACK: "attack {target} with {attack}[ paying {cards}]",
    Kind.CAST: "cast {spell}[ by {fighter}][ on {target}][ naming {option}] paying {cards}",
    Kind.BLINK: "blink to {point} paying {cards}",
    Kind.RECOVER: "recover paying {cards}",
    Kind.WARD: "ward paying {cards}",
    Kind.HYPNOTIZE: "hypnotize {target} paying {cards}",
    Kind.ENTANGLE: "entangle {target} paying {cards}",
    Kind.CHARM: "charm {target} paying {cards}",
    Kind.CLONE: "clone {target} to {point} and {other} genuine {option} paying {cards}",
    Kind.REVIVE: "revive {target} at {point} paying {cards}",
    Kind.QUAKE: "quake {option} {number} paying {cards}",
    Kind.QUAKE_ATTACK: "quake attacks {target}",
    Kind.AIM: "aim at {point}",
    Kind.BLAST: "blast {target}",
    Kind.MOVE_TO: "to {point}",
    Kind.STEP: "step {point}",
    Kind.DEPLOY: "deploy {fighter} at {point}",
    Kind.PLACE: "place at {point}",
    Kind.PICK_UP: "pick up {target}",
    Kind.DROP: "drop {target} at {point}",
    Kind.COLLECT: "collect {target}",
    Kind.ADD: "add {fighter}",
    Kind.DAMAGE: "damage {target}",
    Kind.KNOCK_BACK: "knock back {number}",
    Kind.TAKE: "take {side}",
    Kind.OBJECTIVE: "objective {option}",
    Kind.ORDER: "order {order}",
    Kind.DRAW: "draw {cards}",
    Kind.DISCARD: "discard {cards}",
    Kind.KEEP: "keep {cards}",
    Kind.PAY: "{cards}",
    Kind.CARD: "card {cards}",
    Kind.DICE: "dice {faces}",
    Kind.ROLL_OFF: "roll-off {faces}",
    Kind.WORD: "{option}",
}
"""The one text form of each kind: ``{slot}`` a field, ``[...]`` a part that may be left
out (its field empty). Matched in this order, :attr:`Kind.WORD` last."""

_NUMBER = r"-?\d+(?:\.\d+)?"
_CARD = r"(?:10|[2-9TJQKA])[SHDC]"
_SLOTS = {
    "point": rf"\(?{_NUMBER} ?, ?{_NUMBER}\)?",
    "other": rf"\(?{_NUMBER} ?, ?{_NUMBER}\)?",
    "cards": rf"{_CARD}(?:\+{_CARD})*",
    "number": _NUMBER,
    "faces": r"\d+(?: \d+)*",
    "order": r"\d+(?:,\d+)*",
    "option": r".+?",
    "side": r"(?:near|far)(?:-(?:left|right))?|left|right",
}


@dataclass(frozen=True)
class Names:
    """The names a battle's actions may hold, longest matched first: fighters (and the
    profiles a warband adds), objects, attacks and spells."""

    fighters: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()
    attacks: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()

    def pattern(self, kind: Kind) -> re.Pattern[str]:
        """The compiled template of ``kind`` for these names, compiled when first asked
        (a battle's names are shared by its states, so by every parse in it)."""
        compiled: dict[Kind, re.Pattern[str]] = self.__dict__.setdefault("_compiled", {})
        found = compiled.get(kind)
        if found is None:
            found = compiled[kind] = _pattern(kind, self)
        return found

    def spelled(self, which: str) -> dict[str, str]:
        """Each name of ``which`` (``fighters``, ``attacks``, ``spells``, or ``targets``:
        the fighters and the objects) by its casefolded form: how the battle spells a
        name read in any case (worked out once for these names)."""
        kept: dict[str, dict[str, str]] = self.__dict__.setdefault("_spelled", {})
        found = kept.get(which)
        if found is None:
            among = (*self.fighters, *self.objects) if which == "targets" else getattr(self, which)
            found = kept[which] = {n.casefold(): n for n in among}
        return found

    @classmethod
    def of(cls, battle: Battle) -> Names:
        """The names of ``battle``: its fighters and its pack's profiles, its objects, every
        attack and every ability of the pack (kept while the names in play stay)."""
        in_play = (tuple(f.name for f in battle.fighters), tuple(i.name for i in battle.items))
        kept = _NAMES.get(battle.setup)
        if kept is None:
            kept = _NAMES[battle.setup] = {}
        found = kept.get(in_play)
        if found is None:
            found = kept[in_play] = _names(battle.setup, *in_play)
        return found


_NAMES: WeakKeyDictionary[Setup, dict[tuple[tuple[str, ...], tuple[str, ...]], Names]] = (
    WeakKeyDictionary()
)
"""The names of each battle by the names in play, kept as long as its setup (never equal to
another setup) is: with what they compiled and read (the records a battle was offered),
they go with the battle, and a long run of battles holds only those still in play."""


def _names(setup: Setup, fighters: tuple[str, ...], objects: tuple[str, ...]) -> Names:
    pack = setup.pack
    return Names(
        fighters=tuple(sorted(set(fighters) | {p.name for p in pack.fighters})),
        objects=tuple(sorted(set(objects))),
        attacks=tuple(sorted({a.name for p in pack.fighters for a in p.attacks})),
        spells=tuple(
            sorted(
                {a.name for p in pack.fighters for a in p.abilities}
                | {a.name for a in pack.universal_abilities}
            )
        ),
    )


@dataclass(frozen=True)
class BattleAction:
    """One battle action: its :class:`Kind` and the fields its template names. ``str()``
    gives its one text form; :func:`parse` reads it back to an equal record."""

    kind: Kind
    fighter: str | None = None
    target: str | None = None
    attack: str | None = None
    spell: str | None = None
    point: Point | None = None
    other: Point | None = None
    """A second position (Clone's second twin)."""
    cards: tuple[str, ...] = ()
    option: str | None = None
    numbers: tuple[float, ...] = field(default=())
    """Dice faces, a roll-off, an order of players, an inch count."""

    def __str__(self) -> str:
        """The one text form, rendered once per record on the fast path (records never
        change, so the text kept is the text rendered)."""
        if not fast(RENDERED):
            return render(self)
        text: str | None = self.__dict__.get("_text")
        if text is None:
            text = render(self)
            object.__setattr__(self, "_text", text)
        return text

    @classmethod
    def offered(cls, text: str, names: Names) -> BattleAction:
        """The record of ``text``, an action a frame offers (so ``parse(text, names)``
        renders back to ``text``), read only when one of its fields is first asked for: a
        player who picks one of many offered actions, and ``apply``, which reads the
        chosen one's text, never pay for reading the others (see :data:`RENDERED`)."""
        record = object.__new__(cls)
        record.__dict__.update(_text=text, _names=names)
        return record

    if not TYPE_CHECKING:  # mypy keeps checking attribute names

        def __getattr__(self, name: str) -> Any:
            """A field of a record :meth:`offered` and not read yet: its text is read
            now, once, and every field kept (fields have no class default to hide them;
            see below the class); the record is then offered again wherever the battle
            offers that text (:func:`legal`), while records never read are not kept."""
            if name not in _FIELDS or "_names" not in self.__dict__:
                raise AttributeError(name)
            kept = self.__dict__
            names = kept.pop("_names")
            read = parse(kept["_text"], names)
            for key in _FIELDS:
                kept[key] = read.__dict__[key]
            keep(_read(names), kept["_text"], self, REMEMBERED)
            return kept[name]

    def __reduce__(self) -> tuple[type[BattleAction], tuple[Any, ...]]:
        """Pickled and copied by its fields (an offered record's text read first)."""
        return (type(self), tuple(getattr(self, key) for key in _FIELDS))


_FIELDS = tuple(f.name for f in fields(BattleAction))
for _name in _FIELDS:
    # The dataclass keeps each default as a class attribute, which would answer for a
    # record offered and not read yet; ``__init__`` keeps its own copy of the defaults.
    if _name in BattleAction.__dict__:
        delattr(BattleAction, _name)


RENDERED = "grammar"
"""The grammar's fast paths (:func:`~skirmish.fastpaths.fast`): a record's text rendered
once, an offered text read once per battle's names, and only when a field of its record
is first asked for (:meth:`BattleAction.offered`)."""


def render(action: BattleAction) -> str:
    """The text form of ``action`` (its template with its fields)."""
    return _render_part(TEMPLATES[action.kind], action)


def _render_part(template: str, action: BattleAction) -> str:
    out = ""
    rest = template
    while rest:
        start = rest.find("[")
        if start < 0:
            return out + _fill(rest, action)
        end = rest.index("]", start)
        out += _fill(rest[:start], action)
        optional = rest[start + 1 : end]
        slot = re.search(r"\{(\w+)\}", optional)
        if slot is not None and _value(action, slot[1]):
            out += _fill(optional, action)
        rest = rest[end + 1 :]
    return out


def _fill(text: str, action: BattleAction) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: _value(action, m[1]), text)


def _value(action: BattleAction, slot: str) -> str:
    if slot in ("point", "other"):
        point = getattr(action, slot)
        return "" if point is None else point_text(point)
    if slot == "cards":
        return "+".join(action.cards)
    if slot == "number":
        return " ".join(_number(n) for n in action.numbers)
    if slot == "faces":
        return " ".join(_number(n) for n in action.numbers)
    if slot == "side":
        return action.option or ""
    if slot == "order":
        return ",".join(_number(n) for n in action.numbers)
    return getattr(action, slot) or ""


def _number(value: float) -> str:
    return f"{value:g}" if value != int(value) else str(int(value))


def parse(text: str, names: Names) -> BattleAction:
    """The record ``text`` writes (any case, any spacing), read against ``names``. A text
    of no other kind is a :attr:`Kind.WORD`, kept whole, for the frame asking to judge."""
    words = " ".join(text.split())
    for kind in _candidates(words):
        match = names.pattern(kind).fullmatch(words)
        if match is not None:
            return _record(kind, match, names)
    raise AssertionError(f"no kind reads {text!r}")  # pragma: no cover - WORD reads all


_NAMED_SLOTS = ("fighter", "target", "attack", "spell")


def _first_words() -> tuple[dict[str, tuple[Kind, ...]], tuple[Kind, ...]]:
    """The kinds a text may be, by its first word: each template that starts with words
    (``to {point}``) can only read a text that starts with its first word; those that
    start with a slot (``{cards}``, :attr:`Kind.WORD`) may read any. Each list keeps the
    order of :data:`TEMPLATES`."""
    starts = {
        kind: re.split(r"[{\[]", template, maxsplit=1)[0] for kind, template in TEMPLATES.items()
    }
    anywhere = tuple(kind for kind, start in starts.items() if not start)
    words = {start.split(" ")[0] for start in starts.values() if start}
    assert all(" " in start for start in starts.values() if start)
    by_word = {
        word: tuple(k for k, s in starts.items() if not s or s.split(" ")[0] == word)
        for word in words
    }
    return by_word, anywhere


_BY_WORD, _ANYWHERE = _first_words()


def _candidates(words: str) -> tuple[Kind, ...] | dict[Kind, str]:
    """The kinds that may read ``words``, in the order they are tried: on the fast path
    only those its first word allows (an ASCII word, compared in lower case as the
    patterns' ``IGNORECASE`` compares ASCII), else every kind."""
    if not fast(RENDERED):
        return TEMPLATES
    first = words.split(" ", 1)[0]
    if not first.isascii():
        return TEMPLATES
    return _BY_WORD.get(first.lower(), _ANYWHERE)


@lru_cache(maxsize=64)
def _plain_pattern(kind: Kind) -> re.Pattern[str]:
    """A template naming nothing of the battle's, compiled once."""
    return _compiled(TEMPLATES[kind], _SLOTS)


def _pattern(kind: Kind, names: Names) -> re.Pattern[str]:
    template = TEMPLATES[kind]
    if not any(f"{{{slot}}}" in template for slot in _NAMED_SLOTS):
        return _plain_pattern(kind)
    slots = {
        **_SLOTS,
        "fighter": _one_of(names.fighters),
        "target": _one_of((*names.fighters, *names.objects)),
        "attack": _one_of(names.attacks),
        "spell": _one_of(names.spells),
    }
    return _compiled(template, slots)


def _compiled(template: str, slots: dict[str, str]) -> re.Pattern[str]:
    out = []
    for piece in re.split(r"(\{\w+\}|\[|\])", template):
        if piece == "[":
            out.append("(?:")
        elif piece == "]":
            out.append(")?")
        elif piece.startswith("{"):
            out.append(f"(?P<{piece[1:-1]}>{slots[piece[1:-1]]})")
        else:
            out.append(re.escape(piece))
    return re.compile("".join(out), re.IGNORECASE)


def _one_of(names: tuple[str, ...]) -> str:
    if not names:
        return r"(?!)"
    return "|".join(re.escape(n) for n in sorted(set(names), key=lambda n: (-len(n), n)))


def _record(kind: Kind, match: re.Match[str], names: Names) -> BattleAction:
    found = {k: v for k, v in match.groupdict().items() if v is not None}

    def named(key: str, among: str) -> str | None:
        value = found.get(key)
        if value is None:
            return None
        return names.spelled(among).get(value.casefold(), value)

    numbers: tuple[float, ...] = ()
    if "number" in found:
        numbers = (float(found["number"]),)
    elif "faces" in found:
        numbers = tuple(float(n) for n in found["faces"].split())
    elif "order" in found:
        numbers = tuple(float(n) for n in found["order"].split(","))
    return BattleAction(
        kind,
        fighter=named("fighter", "fighters"),
        target=None
        if "target" not in found
        else names.spelled("targets").get(found["target"].casefold()),
        attack=named("attack", "attacks"),
        spell=named("spell", "spells"),
        point=_point(found.get("point")),
        other=_point(found.get("other")),
        cards=tuple(found["cards"].upper().split("+")) if "cards" in found else (),
        option=found.get("option", found.get("side")),
        numbers=numbers,
    )


def _point(text: str | None) -> Point | None:
    return None if text is None else parse_point(text, "0.0")


def split_paid(text: str) -> tuple[str, tuple[str, ...]]:
    """An action's text before ``paying`` and the cards it pays (none when it pays
    nothing): cards are always its last part and hold no space, so a name holding
    ``paying`` is not split (``cast Hex on Enchanter paying Dues paying 2C``).

    >>> split_paid("cast Hex on Enchanter paying Dues paying 2C+3C")
    ('cast Hex on Enchanter paying Dues', ('2C', '3C'))
    >>> split_paid("end activation")
    ('end activation', ())
    """
    head, paid, cards = text.rpartition(" paying ")
    if not paid or not cards or " " in cards:
        return text, ()
    return head, tuple(cards.split("+"))


def read(text: str, names: Names) -> BattleAction:
    """:func:`parse`, remembered per battle's names and text on the fast path (a battle
    offers the same texts at many states: every ``activate``, every move's end)."""
    if not fast(RENDERED):
        return parse(text, names)
    kept = _read(names)
    found = kept.get(text)
    if found is None:
        found = keep(kept, text, parse(text, names), REMEMBERED)
    return found


def _read(names: Names) -> dict[str, BattleAction]:
    """The records read against ``names`` so far, by text."""
    kept: dict[str, BattleAction] | None = names.__dict__.get("_read")
    if kept is None:
        kept = names.__dict__["_read"] = {}
    return kept


def legal(battle: Battle) -> tuple[BattleAction, ...]:
    """The top frame's offered actions (``battle.options()``, their text forms) as records,
    in the same order: what ``legal_actions`` gives the player whose decision it is."""
    return records(battle, battle.options())


def records(battle: Battle, offered: Sequence[str]) -> tuple[BattleAction, ...]:
    """The records of texts ``battle`` offers, as :func:`legal` gives them (read when a
    field is first asked for, on the fast path)."""
    names = Names.of(battle)
    if not fast(RENDERED):
        return tuple(parse(text, names) for text in offered)
    kept = _read(names)
    return tuple(kept.get(text) or BattleAction.offered(text, names) for text in offered)


def texts(actions: Iterable[BattleAction | str]) -> tuple[str, ...]:
    """The text forms of ``actions``, in order (for code that still weighs texts)."""
    return tuple(str(action) for action in actions)


def among(legal: Sequence[BattleAction], text: str) -> BattleAction:
    """The record of ``legal`` whose text form is ``text``: a choice made among the texts
    of the legal actions, handed back as the record offered."""
    for action in legal:
        if str(action) == text:
            return action
    raise SkirmishError(f"{text!r} is not among the {len(legal)} legal actions offered")
