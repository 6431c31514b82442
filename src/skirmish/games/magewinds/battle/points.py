"""Positions on the battlefield as a battle keeps them and as an action writes them.

A position is ``(x, y)`` in inches. A computed one is rounded to 0.0001" so that a replay
reproduces it exactly; a typed one is ``x,y`` (``3.5,7.25``, brackets and spaces allowed).
This module needs nothing of the battle, so the state, the actions and the grammar all
read positions from it.
"""

from __future__ import annotations

import math
import re

from skirmish.engine.battle import IllegalAction
from skirmish.engine.logbook import point_text as point_text

Point = tuple[float, float]
POSITION_DIGITS = 4
"""Computed positions are rounded to 0.0001", so a replay reproduces them exactly."""
MAX_COORDINATE = 1000.0
"""No battlefield reaches this far: a typed position beyond it is refused."""

_NUMBER = r"-?\d+(?:\.\d+)?"
_POINT = re.compile(rf"^\(?\s*({_NUMBER})\s*,\s*({_NUMBER})\s*\)?$")


def rounded(point: tuple[float, float]) -> Point:
    """A computed position, rounded so that replays reproduce it exactly."""
    return (round(point[0], POSITION_DIGITS), round(point[1], POSITION_DIGITS))


def parse_point(text: str, rule: str) -> Point:
    """A position a person typed, such as ``3.5,7.25`` or ``(3.5, 7.25)``."""
    match = _POINT.match(text.strip())
    if match is None:
        raise IllegalAction(
            f"{rule}: {text.strip()!r} is not a position; write x,y in inches such as 3.5,7.25"
        )
    x, y = float(match[1]), float(match[2])
    if not (math.isfinite(x) and math.isfinite(y)) or max(abs(x), abs(y)) > MAX_COORDINATE:
        raise IllegalAction(f"{rule}: {text.strip()!r} is far off any battlefield")
    return (x, y)
