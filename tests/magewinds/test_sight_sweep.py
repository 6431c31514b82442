"""The sweep (numpy, convex pieces) against the reference shadows (shapely), whole records.

Every battlefield a battlefield test asks about is compared by the ``sight_methods_agree``
fixture; here the comparison runs on generated battlefields (bases in contact, non-convex
and round terrain, both readings of ruling MW-14) and on the benchmark's crowded table.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from shapely import Polygon

from conftest import assert_sight_methods_agree, battlefields
from skirmish.games.magewinds.field import parse_battlefield
from skirmish.games.magewinds.looks import _blockers
from skirmish.games.magewinds.sightlines import survey
from skirmish.geometry import BASE_DIAMETER
from skirmish.geometry import sweep as sweeping
from skirmish.geometry.pieces import ConvexParts

R = BASE_DIAMETER / 2


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(battlefields())
def test_the_sweep_gives_the_shadows_answers_on_generated_battlefields(field):
    assert assert_sight_methods_agree(field) >= 2


def _benchmark_table():
    path = Path(__file__).parents[2] / "benchmarks" / "geometry.py"
    spec = importlib.util.spec_from_file_location("geometry_benchmark", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.crowded_battlefield()


def test_the_sweep_gives_the_shadows_answers_on_the_benchmark_table():
    field = _benchmark_table()
    assert len(field.fighters) == 20 and len(field.terrain) == 15
    assert assert_sight_methods_agree(field) == 380


def test_the_comparison_notices_a_wrong_answer(monkeypatch):
    field = parse_battlefield(
        {
            "warbands": ["red", "blue"],
            "fighters": [
                {"name": "Wizard", "warband": "red", "at": [6, 3]},
                {"name": "Guardian", "warband": "blue", "at": [6, 7]},
            ],
            "terrain": [
                {"name": "Wall", "height": 3, "rectangle": {"centre": [6, 5], "size": [0.5, 0.3]}}
            ],
        },
        source="wrong",
    )
    real = sweeping.sweep
    _blockers.cache_clear()  # nothing answered before may be remembered

    def forgetful(parts, rays):
        return real(ConvexParts.of([]), rays)  # as if nothing stood on the table

    monkeypatch.setattr("skirmish.games.magewinds.looks.sweep", forgetful)
    with pytest.raises(AssertionError, match="blocked_by|visible|any|cover"):
        assert_sight_methods_agree(field)


def test_the_fixture_compares_what_a_test_asked(sight_methods_agree):
    field = parse_battlefield(
        {
            "warbands": ["a", "b"],
            "fighters": [
                {"name": "Wizard", "warband": "a", "at": [2, 2]},
                {"name": "Seer", "warband": "b", "at": [9, 9]},
            ],
        },
        source="asked",
    )
    survey(field, [tuple(field.fighters)], [field.fighters[0].profile.attack()])
    assert field in sight_methods_agree


@given(st.lists(st.tuples(st.floats(-3, 3), st.floats(-3, 3)), min_size=3, max_size=9))
@example([(-4.7681830200894215e-91, 1e-12), (0.0, 1.0), (2.0, -1.0), (0.0, 0.0), (0.0, -1.0)])
@settings(max_examples=80, deadline=None)
def test_convex_pieces_cover_the_footprint_exactly(points):
    footprint = Polygon(points)
    assume(footprint.is_valid and footprint.area > 0.01)
    parts = ConvexParts.of([footprint])
    pieces = [Polygon(c[:n]) for c, n in zip(parts.corners, parts.counts, strict=True)]
    for piece in pieces:
        # Convex up to float noise: a sliver's hull and area can differ in the last digits.
        assert piece.exterior.is_ccw
        assert piece.convex_hull.area - piece.area <= 1e-12 + 1e-9 * piece.convex_hull.area
    union = shapely.union_all(pieces)
    assert union.symmetric_difference(footprint).area <= 1e-9
    assert np.all(
        np.hypot(*(parts.corners - parts.centres[:, None]).transpose(2, 0, 1))
        <= parts.reaches[:, None] + 1e-12
    )
