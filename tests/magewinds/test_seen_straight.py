"""The straight-line witness of sight (``looks.seen_straight``) against the whole look
(``looks.views``, the sweep and the reference shadows) on generated battlefields: bases in
contact as players write them, with touching terrain, round and non-convex pieces; among
the high obstacles (16.0) and among obstacles and fighters with the two passed over (18.1).
The witness may only say a target is seen where the look sees part of its edge."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from conftest import battlefields
from skirmish.games.magewinds.looks import (
    HIGH,
    OBSTACLES,
    blockers,
    look,
    seen_straight,
    views,
)
from skirmish.geometry.sight import SightMethod


def asked(field, classes, bases):
    """Every ordered pair's look among the blockers, passing over the two fighters when
    fighters block."""
    among = blockers(field, classes, bases)
    looks = []
    for viewer in field.fighters:
        for target in field.fighters:
            if viewer.name != target.name:
                skip = among.fighters(viewer.name, target.name)
                looks.append(look(among, viewer.base, target.base, skip))
    return among, looks


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(battlefields())
def test_a_target_seen_along_one_clear_line_is_seen_by_the_whole_look(field):
    for classes, bases in ((HIGH, False), (OBSTACLES, True)):
        among, looks = asked(field, classes, bases)
        for method in (SightMethod.SWEEP, SightMethod.SHADOWS):
            for chosen, view in zip(looks, views(among, looks, method), strict=True):
                if seen_straight(among, chosen):
                    assert view.any, (chosen, method)


def test_the_witness_sees_in_the_open_and_leaves_a_wall_and_a_near_miss_to_the_look():
    from skirmish.games.magewinds.field import parse_battlefield

    def field_with(wall_x: float):
        return parse_battlefield(
            {
                "warbands": ["red", "blue"],
                "fighters": [
                    {"name": "Wizard", "warband": "red", "at": [6, 3]},
                    {"name": "Guardian", "warband": "blue", "at": [6, 9]},
                ],
                "terrain": [
                    {
                        "name": "Wall",
                        "height": 3,
                        "rectangle": {"centre": [wall_x, 6], "size": [1.0, 0.3]},
                    }
                ],
            },
            source="witness",
        )

    cases = {1.0: True, 6.0: False, 6.503: False}  # away, across the line, a hair beside it
    for wall_x, seen in cases.items():
        among, looks = asked(field_with(wall_x), HIGH, False)
        assert seen_straight(among, looks[0]) is seen
        assert views(among, looks[:1], SightMethod.SWEEP)[0].any is (wall_x != 6.0)
