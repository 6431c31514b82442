"""How close two measurements must be to count as equal, in inches (no geometry library)."""

EPSILON = 1e-6
"""Inches below which two measurements count as equal (touching, exactly in range)."""


OVERLAP_TOLERANCE = 1e-3
"""Inches: bases overlapping each other, an obstacle or the table's edge by this much or less
count as touching it (ruling MW-18). Every answer treats such a base as the same base a hair
away: placing, sight, cover, movement, steps and knockback alike."""

__all__ = ["EPSILON", "OVERLAP_TOLERANCE"]
