"""Steps, Dodge and knockback from kept answers, against the plain computations they replace.

The kept answers look only at the mover's neighbourhood and are keyed by its value; each is
compared with a fresh computation of the same neighbourhood and with the computation over
the whole battlefield's free space and visibility graph (how the battlefield was first
answered).
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
import shapely
from hypothesis import HealthCheck, example, given, settings

from conftest import battlefields
from skirmish.games.magewinds.field import parse_battlefield
from skirmish.games.magewinds.moves import (
    HAIR,
    STEP_MOVE,
    dodge,
    dodge_region,
    knockback,
    neighbourhood,
    reach,
    reach_around,
    step_region,
    surroundings,
)
from skirmish.geometry.movement import Roadmap, ray_room

SETTINGS = settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)


def whole_table_step(field, mover, source):
    """18.4 the way the battlefield was first answered: the graph over the whole table."""
    free = surroundings(field, mover.name).free
    region = Roadmap.build(free).reachable(mover.base.centre, STEP_MOVE).difference(free.no_end)
    here = mover.base.centre.distance(source.base.centre)
    further = region.difference(source.base.centre.buffer(here, quad_segs=64))
    coordinates = shapely.get_coordinates(further)
    farthest = max(
        (math.dist(c, (source.base.x, source.base.y)) for c in coordinates), default=here
    )
    return farthest > here + HAIR, further


WEDGED = parse_battlefield(
    {
        "warbands": ["red", "blue"],
        "fighters": [
            {"name": "F0", "profile": "Wizard", "warband": "red", "at": [1.0, 3.0]},
            {
                "name": "F1",
                "profile": "Wizard",
                "warband": "red",
                "at": [1.6975096203654134, 2.305570545698433],
            },
            {
                "name": "F2",
                "profile": "Wizard",
                "warband": "red",
                "at": [2.6817615888693505, 2.305570545698433],
            },
            {"name": "F3", "profile": "Wizard", "warband": "red", "at": [1.0, 1.0]},
        ],
        "terrain": [
            {"name": f"T{i}", "height": 0.7, "rectangle": {"centre": [1, 1], "size": [1, 1]}}
            for i in range(3)
        ],
    },
    source="generated",
)
"""F1 touches F0 and F2, which stand too close together for a base to pass between them:
the 1" discs seen from F1 cover their insides, and cut down to free space they left the
spot beyond both (and stretches of their edges) as points and lines in F1's reach, which
counted as a Dodge away from F3 until the reach kept only room to stand in."""


@SETTINGS
@given(battlefields())
@example(WEDGED)
def test_kept_steps_and_dodge_equal_fresh_and_whole_table_computations(field):
    for mover in field.fighters:
        around = neighbourhood(field, mover, STEP_MOVE)
        kept_reach = reach(field, mover, STEP_MOVE)
        assert kept_reach.equals_exact(reach_around(around), 0)
        for source in field.fighters:
            if source is mover:
                continue
            kept = dodge(field, mover, source)
            fresh = dodge_region(around, source.base.x, source.base.y)
            assert kept.possible == fresh[0] and kept.region.equals_exact(fresh[1], 0)
            possible, region = whole_table_step(field, mover, source)
            assert kept.possible == possible
            assert kept.region.symmetric_difference(region).area <= 1e-9
            deflect = step_region(field, mover, source, strictly=False)
            assert deflect.area >= kept.region.area - 1e-9


@SETTINGS
@given(battlefields())
def test_knockback_in_the_neighbourhood_equals_the_whole_table(field):
    for target in field.fighters:
        free = surroundings(field, target.name).free
        for attacker in field.fighters:
            if attacker is target:
                continue
            direction = (target.base.x - attacker.base.x, target.base.y - attacker.base.y)
            room = ray_room(free, target.base.centre, direction, 1.0)
            expected = 0.0 if room <= HAIR else room
            assert knockback(field, attacker, target).room == pytest.approx(expected, abs=1e-9)


def test_a_kept_answer_is_found_again_by_value_and_only_what_is_near_counts():
    data = {
        "warbands": ["red", "blue"],
        "fighters": [
            {"name": "Wizard", "warband": "red", "at": [6, 3]},
            {"name": "Guardian", "warband": "blue", "at": [6, 6]},
            {"name": "Seer", "warband": "blue", "at": [1, 15]},
        ],
        "terrain": [
            {"name": "Wall", "height": 3, "rectangle": {"centre": [6, 7], "size": [3, 0.3]}}
        ],
    }
    first = parse_battlefield(data, source="a.yaml")
    second = parse_battlefield(data, source="b.yaml")
    guardian = first.fighter("Guardian")
    assert neighbourhood(first, guardian, 1.0) == neighbourhood(second, guardian, 1.0)
    # The Seer, far away, moves; damage and counters change: the Guardian's step is the same.
    seer = first.fighter("Seer")
    later = replace(
        first,
        fighters=(
            replace(first.fighter("Wizard"), damage=2),
            replace(guardian, action_counters=1),
            replace(seer, base=seer.base.moved_to(2, 14)),
        ),
    )
    assert neighbourhood(later, later.fighter("Guardian"), 1.0) == neighbourhood(
        first, guardian, 1.0
    )
    # The Wizard steps closer: the Guardian's neighbourhood is the same, the answer follows
    # the Wizard's new position.
    wizard = first.fighter("Wizard")
    closer = first.with_fighter(replace(wizard, base=wizard.base.moved_to(6, 4)))
    assert neighbourhood(closer, guardian, 1.0) == neighbourhood(first, guardian, 1.0)
    kept = dodge(closer, closer.fighter("Guardian"), closer.fighter("Wizard"))
    assert kept.region.equals_exact(dodge_region(neighbourhood(closer, guardian, 1.0), 6, 4)[1], 0)
    assert not kept.region.equals_exact(dodge(first, guardian, wizard).region, 0)
