"""What the players agree before a Magewinds battle: its length, how warbands are built,
how the territories are cut, and the readings of rulings MB-5, MB-14, MB-28, MB-31, MB-32
and MB-33.

These choices live apart from the battle (:mod:`skirmish.games.magewinds.battle`), which
uses them, so the options of ``play``, ``simulate`` and ``sweep`` (and their ``--help``)
are made without loading the rules of a whole battle.
"""

from __future__ import annotations

from enum import StrEnum

MAX_PLAYERS = 8
"""Warbands a record may hold: the scenarios are for 2 to 4 players."""


class Length(StrEnum):
    """The agreed battle length: how many slots each warband has (fighter pack 1.1)."""

    QUICK = "quick"
    STANDARD = "standard"
    LONG = "long"


WARBAND_SLOTS = {Length.QUICK: 6, Length.STANDARD: 8, Length.LONG: 10}
"""The slots of a warband at each length."""


class Building(StrEnum):
    """How the players build their warbands in play (Into the Tempest, ruling MB-31)."""

    SECRET = "secret"
    OPEN_SIMULTANEOUS = "open-simultaneous"
    OPEN_SEQUENTIAL = "open-sequential"


class Split(StrEnum):
    """How the battlefield is cut into two territories (ruling MB-5)."""

    LENGTHWISE = "lengthwise"
    """Along the long edges: two halves 6" x 16", each with one long edge (the default)."""
    WIDTHWISE = "widthwise"
    """Across: two halves 12" x 8", each with one short edge."""
    DIAGONAL = "diagonal"
    """Along a diagonal: two triangles, each named by the corner it holds (The Prize v1.4.0,
    Fragment Frenzy v1.3.1)."""


class Tie(StrEnum):
    """How King of the Hill settles equal counts within 3" (ruling MB-32)."""

    DRAW = "draw"
    """Equal counts are a draw (the default)."""
    FIGHTERS = "fighters"
    """Equal counts go to the warband with more fighters on the battlefield; a draw if
    those are equal too."""


class PoisonFalls(StrEnum):
    """When poison takes the last fighters of both warbands (ruling MB-33)."""

    TOGETHER = "together"
    """Poison at the end of the Action Phase is dealt at one moment: the battle is checked
    for its end once all of it has been dealt (the default)."""
    IN_ORDER = "in-order"
    """In the order 1.2's roll-off gave: a warband whose last fighter falls first loses."""


class WindburnBarrier(StrEnum):
    """Whether Barrier may answer windburn damage (ruling MB-14)."""

    OFF = "off"
    """Not against windburn (the default)."""
    ON = "on"
    """Against windburn too, each point asked like poison's."""


class Crossing(StrEnum):
    """What it is for a Move to cross a fragment marker (Fragment Frenzy v1.3.0, ruling
    MB-28)."""

    BASE = "base"
    """The moving base passes over the marker's point, its edge included (the default)."""
    CENTRE = "centre"
    """The base's centre passes over the point (within 0.01", as bases touch)."""


__all__ = [
    "MAX_PLAYERS",
    "WARBAND_SLOTS",
    "Building",
    "Crossing",
    "Length",
    "PoisonFalls",
    "Split",
    "Tie",
    "WindburnBarrier",
]
