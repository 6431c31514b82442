"""Limits on every number a user gives: each one named, with its range and the reason for it.

A limit is data: data-file models use it as a field type (:meth:`Limit.field`), core
builders check values against it (:meth:`Limit.check`) before any work starts, and
``docs/limits.md`` lists them all. Each range is what the games can really need with a wide
margin; beyond it a value is a typo, or would make skirmish work for minutes or run out of
memory. ``NaN`` and infinities are refused everywhere (:func:`finite`).

>>> ATTRIBUTE.check(7, "Power")
7
>>> ATTRIBUTE.check(1000, "Power")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
skirmish.errors.SkirmishError: Power 1000: an attribute must be less than or equal to 99 (...)
>>> parse_fraction("3/4", "--action-value")
Fraction(3, 4)
"""

from __future__ import annotations

import math
import re
from collections.abc import Sized
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

import pydantic

from skirmish.errors import SkirmishError, shortened

N = TypeVar("N", int, float, Fraction)


@dataclass(frozen=True)
class Limit(Generic[N]):
    """A closed range ``minimum``..``maximum`` for ``what`` a user gives, and ``why``."""

    what: str
    minimum: N
    maximum: N
    why: str
    low: str = ""
    """Why nothing below ``minimum`` is taken, when that is not plain (a count from 0)."""

    def problem(self, value: Any) -> str | None:
        """What is wrong with ``value`` (without its name), or None when it lies in range."""
        if isinstance(value, float) and not math.isfinite(value):
            return f"{self.what} must be a finite number"
        if value < self.minimum:
            low = f" ({self.low})" if self.low else ""
            return f"{self.what} must be greater than or equal to {_number(self.minimum)}{low}"
        if value > self.maximum:
            return f"{self.what} must be less than or equal to {_number(self.maximum)} ({self.why})"
        return None

    def check(self, value: N, name: str) -> N:
        """``value``, or a one-line :class:`SkirmishError` naming ``name``, the limit and why."""
        problem = self.problem(value)
        if problem is not None:
            raise SkirmishError(f"{name} {shown(value)}: {problem}")
        return value

    def _validate(self, value: N) -> N:
        problem = self.problem(value)
        if problem is not None:
            raise ValueError(f"{shown(value)}: {problem}")
        return value

    def _validate_length(self, value: Sized) -> Sized:
        problem = self.problem(len(value))
        if problem is not None:
            raise ValueError(f"{len(value)} given: {problem}")
        return value

    def field(self) -> Any:
        """This limit as a pydantic annotation: ``Annotated[int, LIMIT.field()]``."""
        return pydantic.AfterValidator(self._validate)

    def length(self) -> Any:
        """This limit on a list's length, as a pydantic annotation."""
        return pydantic.AfterValidator(self._validate_length)


def carried(annotation: object) -> tuple[Limit[Any], bool] | None:
    """The limit an annotation made by :meth:`Limit.field` or :meth:`Limit.length` applies,
    and whether it limits a length; None for any other annotation. Options models read
    their bounds with it, so a command's help and tests know each limit.

    >>> carried(POWER.field()) == (POWER, False), carried(PIECES.length()) == (PIECES, True)
    (True, True)
    """
    check = getattr(annotation, "func", None)
    limit = getattr(check, "__self__", None)
    if not isinstance(limit, Limit):
        return None
    return limit, getattr(check, "__func__", None) is Limit._validate_length


def _number(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, int) and abs(value) >= 10_000:
        return f"{value:,}"
    return str(value)


def shown(value: object) -> str:
    """``value`` as a message shows it: at most 24 characters."""
    return shortened(str(value), 24)


# --- Files -------------------------------------------------------------------------------

FILE_BYTES = 256 * 1024
"""A data file is at most 256 KiB: the largest bundled file is 7 KB, and a battlefield with
the most fighters and terrain pieces allowed, coordinates to two decimals, is under this.
Reading stops here, so a huge or endless file is refused unread."""
YAML_DEPTH = 32
"""Nesting levels in a data file or a battle record: the deepest file format needs 6."""
RECORD_BYTES = 8 * 1024 * 1024
"""A battle record is at most 8 MiB: a step takes about 50 bytes, so the most steps a
battle may take (:data:`BATTLE_STEPS`) fit with room to spare. Reading stops here."""
YAML_VALUES = 100_000
"""Values in a data file once anchors and aliases are expanded (a billion-laughs file is
refused when it passes this, before it takes memory)."""
NAME = 100
"""Characters in a name (of a fighter, attack, piece of terrain, warband...)."""
TEXT = 2000
"""Characters in a note, summary or other text."""

# --- Dice --------------------------------------------------------------------------------

NOTATION = 100
"""Characters in dice notation such as ``2D6+1``."""
DICE = Limit(
    "the number of dice in one roll",
    0,
    200,
    "the games roll a handful; past this a count is a typo",
)
SIDES = Limit("the number of sides of a die", 1, 100, "D100 is the largest die in use")
NUMBER = Limit("a number in dice notation", 0, 1000, "the games add small numbers to rolls")
OUTCOMES = Limit(
    "the number of different results of one roll",
    1,
    1000,
    "the exact odds follow every result of every roll",
)

# --- Fractions ---------------------------------------------------------------------------

FRACTION_TEXT = 40
"""Characters in a number or fraction typed by a user, such as ``3/4`` or ``0.125``."""
DENOMINATOR = Limit(
    "the denominator of a fraction", 1, 10**6, "six decimal places are finer than any table"
)
VALUE = Limit(
    "a value or cost",
    Fraction(-(10**6)),
    Fraction(10**6),
    "payoffs are in points of damage or results, a handful each",
)
SHARE = Limit("a share of the target", Fraction(0), Fraction(1), "it is a part of a whole")

# --- Attributes shared by the games ------------------------------------------------------

ATTRIBUTE = Limit("an attribute", 0, 99, "no published profile comes near it")
POWER = Limit(
    "Power",
    0,
    20,
    "published Power is at most 7; each die more adds to the work of every case",
)
TOUGHNESS = Limit("Toughness", 1, 99, "no published profile comes near it")
HEALTH = Limit("Health", 1, 999, "no figure or unit comes near it")
COUNT = Limit("a count", 0, 99, "no turn or attack comes near it")

# --- Distances and positions -------------------------------------------------------------

_TABLE = "no battlefield is longer than 1000, in inches or whatever unit the players use"
DISTANCE = Limit("a distance", 0.0, 1000.0, _TABLE)
COORDINATE = Limit("a coordinate", -1000.0, 1000.0, _TABLE)
FACING = Limit("a facing", -360.0, 360.0, "an angle in degrees; more than a turn is a typo")
TILES = Limit("a distance in tiles", 0, 99, "no Dark Realms map is that large")
TILE = Limit("a tile coordinate", -999, 999, "no Dark Realms map is that large")

PATH_POINTS = Limit("the number of points of a path", 0, 100, "a move bends around a few obstacles")

# --- What is on a table, or in a file ----------------------------------------------------

PIECES = Limit(
    "the number of fighters, units or models on a battlefield",
    0,
    100,
    "a large game puts a few dozen on the table; each one adds geometry for every other",
)
TERRAIN = Limit(
    "the number of terrain pieces on a battlefield",
    0,
    100,
    "a crowded table has a few dozen; every sight line is checked against each",
)
CORNERS = Limit(
    "the number of corners of a terrain polygon",
    3,
    64,
    "a footprint is drawn with a few corners; a curve is a circle",
)
ROSTER = Limit(
    "the number of entries in a fighter, figure, unit or model file",
    1,
    200,
    "a whole range of published profiles is a few dozen",
)
PER_ENTRY = Limit(
    "the number of attacks, abilities, weapons or parts of one entry",
    0,
    20,
    "a profile has a handful of each",
)

TABLE_SIDE = Limit(
    "a side of the battlefield",
    0.0,
    200.0,
    'a standard battlefield is 12" x 16" (2.0); a few yards at most keeps every sight line '
    "and path quick to work out",
)

# --- Game specifics ----------------------------------------------------------------------

SEED = Limit(
    "a seed",
    0,
    2**63 - 1,
    "a battle record keeps its seed as a 64-bit number",
    low="seeds count from 0; any seed gives a battle, the same seed the same one",
)
ROUNDS = Limit(
    "the round limit",
    1,
    20,
    "the scenarios last a few rounds; 20 leaves room for longer house battles, and a battle "
    "that long is stuck",
    low="a battle lasts at least one round",
)

BATTLE_STEPS = Limit(
    "the steps of one battle",
    0,
    100_000,
    "a whole battle takes a few hundred; a battle not over by then is stuck",
)

STAMINA = Limit(
    "Stamina for re-rolls",
    0,
    99,
    "a round's Stamina is what a hero's action cards give, about a dozen at most",
)
REACH = Limit("reach", 1, 9, "reach beyond 1 only lets a melee attack reach 2 tiles")
RANGE_TILES = Limit("a range in tiles", 1, 99, "no Dark Realms map is that large")
MODIFIER = Limit("a modifier", -99, 99, "printed modifiers are a point or two")
SIZE_CLASS = Limit("a Size Class", 0, 10, "the largest units are Size Class 5 or so")
BASE = Limit("a base radius or head offset", 0.0, 20.0, "the largest bases are a few inches")
COMMAND = Limit("Command", 0, 10, "published models have 1 to 3")
TOKENS = Limit(
    "command tokens of one kind on a console",
    0,
    20,
    "a console holds at most 2 x Command real tokens, and a player one dummy per model",
)
WEAPONS = Limit(
    "weapons used in one attack",
    1,
    4,
    "every order of the weapons is weighed (24 orders for 4)",
)

# --- Work ---------------------------------------------------------------------------------

MATCHUPS = Limit(
    "the number of cells of a matchup table",
    0,
    5000,
    "each cell is solved exactly, a few thousandths of a second each",
)

SIMULATED = Limit(
    "the number of battles simulated",
    1,
    100_000,
    "a greedy battle takes a second or two of CPU; more is days of work",
)
FIRST_BATTLE = Limit(
    "the number of a simulation's first battle",
    1,
    1_000_000,
    "ten slices of the largest simulation; a battle's seed is checked as well",
)
WORKERS = Limit("the number of worker processes", 1, 64, "more than a large machine's cores")
SEARCH_SECONDS = Limit(
    "a search player's seconds per decision",
    0.05,
    600.0,
    "less is too short for one look ahead; more leaves a person waiting ten minutes",
)

POSITIONS = 250_000
"""Positions a solver may be asked to work out for one answer (a Dark Realms attack with
re-rolls, or an Entropic Engine bidding game's cells times the work of each): 5 to 10
seconds on the development machine. Beyond it the question is refused before any work, naming what
makes it smaller."""


def finite(value: float, name: str) -> float:
    """``value`` when it is a finite number; NaN and infinities are a one-line error."""
    if not math.isfinite(value):
        raise SkirmishError(f"{name} {value}: expected a finite number")
    return value


def check_point(point: tuple[float, float], name: str) -> tuple[float, float]:
    """A point on the table: two finite coordinates within :data:`COORDINATE`."""
    for value in point:
        if not math.isfinite(value):
            raise SkirmishError(f"{name} {_point(point)}: expected two finite numbers")
        problem = COORDINATE.problem(value)
        if problem is not None:
            raise SkirmishError(f"{name} {_point(point)}: {problem}")
    return point


def _point(point: tuple[float, float]) -> str:
    return ",".join(shown(v) for v in point)


_FRACTION = re.compile(r"[+-]?([0-9]+/[0-9]+|[0-9]+(\.[0-9]+)?|\.[0-9]+)")


def parse_fraction(text: str, name: str, limit: Limit[Fraction] = VALUE) -> Fraction:
    """A number typed by a user (``3/4``, ``0.5``, ``-2``) as an exact fraction in ``limit``.

    The text's shape and length are checked before any number is built, so ``1e1000000000``
    or a thousand-digit numerator is refused at once; the denominator must be at most
    :data:`DENOMINATOR`'s maximum.

    >>> parse_fraction("0.125", "--visible", SHARE)
    Fraction(1, 8)
    >>> parse_fraction("1e1000000000", "--visible", SHARE)
    Traceback (most recent call last):
    ...
    skirmish.errors.SkirmishError: --visible '1e1000000000': expected a number such as 3/4 or 0.5
    """
    cleaned = text.strip()
    if len(cleaned) > FRACTION_TEXT:
        raise SkirmishError(
            f"{name} {shown(cleaned)!r}: at most {FRACTION_TEXT} characters for a number"
        )
    if not _FRACTION.fullmatch(cleaned):
        raise SkirmishError(f"{name} {cleaned!r}: expected a number such as 3/4 or 0.5")
    try:
        value = Fraction(cleaned)
    except ZeroDivisionError:
        raise SkirmishError(f"{name} {cleaned!r}: a fraction cannot divide by 0") from None
    problem = DENOMINATOR.problem(value.denominator)
    if problem is not None:
        raise SkirmishError(f"{name} {cleaned!r}: {problem}")
    return limit.check(value, name)


__all__ = [
    "ATTRIBUTE",
    "BASE",
    "BATTLE_STEPS",
    "COMMAND",
    "COORDINATE",
    "CORNERS",
    "COUNT",
    "DENOMINATOR",
    "DICE",
    "DISTANCE",
    "FACING",
    "FILE_BYTES",
    "FRACTION_TEXT",
    "HEALTH",
    "MATCHUPS",
    "MODIFIER",
    "NAME",
    "NOTATION",
    "NUMBER",
    "OUTCOMES",
    "PATH_POINTS",
    "PER_ENTRY",
    "PIECES",
    "POSITIONS",
    "POWER",
    "RANGE_TILES",
    "REACH",
    "RECORD_BYTES",
    "ROSTER",
    "ROUNDS",
    "SEED",
    "SHARE",
    "SIDES",
    "SIZE_CLASS",
    "STAMINA",
    "TABLE_SIDE",
    "TERRAIN",
    "TEXT",
    "TILE",
    "TILES",
    "TOKENS",
    "TOUGHNESS",
    "VALUE",
    "WEAPONS",
    "YAML_DEPTH",
    "YAML_VALUES",
    "Limit",
    "carried",
    "check_point",
    "finite",
    "parse_fraction",
    "shown",
]
