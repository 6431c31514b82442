"""Territories: the parts of the battlefield a scenario gives each player (10.5).

Halves cut lengthwise, widthwise or along a diagonal (ruling MB-5), quarters and corners
of a double-size battlefield (Treasure Clash, Battle Royale v1.4.0), and the long edges of
Hold the Line (v1.3.0). A territory is named by a word; "wholly within" one means the
whole base (MB-5). Corners are named by the edges that meet there: ``near`` is the edge
at y = 0, ``left`` the edge at x = 0.
"""

from __future__ import annotations

import math

from skirmish.games.magewinds.agreed import Split as Split
from skirmish.geometry import BASE_DIAMETER, EPSILON

RADIUS = BASE_DIAMETER / 2
CORNERS = ("near-left", "near-right", "far-left", "far-right")
OPPOSITE = {
    "left": "right",
    "right": "left",
    "near": "far",
    "far": "near",
    "near-left": "far-right",
    "far-right": "near-left",
    "near-right": "far-left",
    "far-left": "near-right",
}


TERRITORIES = {
    Split.LENGTHWISE: ("left", "right"),
    Split.WIDTHWISE: ("near", "far"),
    Split.DIAGONAL: CORNERS,
}


def corner_point(name: str, width: float, length: float) -> tuple[float, float]:
    """The battlefield's corner a corner name stands for."""
    side, edge = name.split("-")
    return (0.0 if edge == "left" else width, 0.0 if side == "near" else length)


def _triangle_side(name: str, width: float, length: float, at: tuple[float, float]) -> float:
    """Signed distance of ``at`` from the diagonal that does not touch corner ``name``,
    positive on that corner's side."""
    cx, cy = corner_point(name, width, length)
    # the diagonal joins the two corners adjacent to (cx, cy)'s neighbours: the ones
    # sharing neither coordinate with it are opposite, the diagonal is the other pair
    a = (width - cx, cy)
    b = (cx, length - cy)
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    norm = math.hypot(dx, dy)
    corner_side = dx * (cy - ay) - dy * (cx - ax)
    here = dx * (at[1] - ay) - dy * (at[0] - ax)
    return (here if corner_side > 0 else -here) / norm


def wholly_in_half(
    name: str, width: float, length: float, at: tuple[float, float], *, radius: float = RADIUS
) -> bool:
    """Whether a base at ``at`` is wholly in the half (or diagonal half) ``name``
    (``radius`` 0: whether a marker's point is in it)."""
    x, y = at
    if name in CORNERS:
        return _triangle_side(name, width, length, at) >= radius - EPSILON
    return {
        "left": x + radius <= width / 2 + EPSILON,
        "right": x - radius >= width / 2 - EPSILON,
        "near": y + radius <= length / 2 + EPSILON,
        "far": y - radius >= length / 2 - EPSILON,
    }[name]


def wholly_in_quarter(name: str, width: float, length: float, at: tuple[float, float]) -> bool:
    """Whether a base is wholly within the quarter of the battlefield at corner ``name``."""
    side, edge = name.split("-")
    return wholly_in_half(side, width, length, at) and wholly_in_half(edge, width, length, at)


def distance_to_corner(name: str, width: float, length: float, at: tuple[float, float]) -> float:
    """8.0: from the corner to the closest point of the base."""
    return max(0.0, math.dist(at, corner_point(name, width, length)) - RADIUS)


def distance_to_edge(name: str, width: float, at: tuple[float, float]) -> float:
    """8.0: from the long edge ``left`` (x = 0) or ``right`` (x = width) to the closest point
    of the base."""
    x = at[0]
    return max(0.0, (x if name == "left" else width - x) - RADIUS)


def closest_edge_gap(
    width: float, length: float, at: tuple[float, float], *, radius: float = RADIUS
) -> float:
    """8.0: from the nearest edge of the battlefield to the closest point of the base
    (``radius`` 0: to a marker's point)."""
    x, y = at
    return max(0.0, min(x, y, width - x, length - y) - radius)


CONTACT_EDGE = 0.01
"""Inches: a base this close to an edge touches it (as bases touch, ruling MB-11)."""
