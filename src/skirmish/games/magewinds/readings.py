"""Readings of the rules a battlefield file (or a flag) chooses, as plain values.

Kept apart from the geometry so that the options models can name them without importing it.
"""

from __future__ import annotations

from enum import StrEnum


class NearObstacles(StrEnum):
    """Ruling MW-14: what 18.2 ignores of the obstacles within 1" of the attacker."""

    PARTS = "parts"
    """Only the parts of an obstacle within 1" (7.1: a part of a terrain feature is an
    obstacle of its own); the default."""
    WHOLE = "whole"
    """Every obstacle any part of which is within 1", all of it."""
