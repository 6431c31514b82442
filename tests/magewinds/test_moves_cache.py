"""Steps, Dodge and knockback from kept answers, against the plain computations they replace.

The kept answers look only at the mover's neighbourhood and are keyed by its value; each is
compared with a fresh computation of the same neighbourhood and with the computation over
the whole battlefield's free space and visibility graph (how the battlefield was first
answered).
"""

from __future__ import annotations

import math
import os
from dataclasses import replace

import pytest
import shapely
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from brute_steps import brute_step
from conftest import battlefields
from skirmish import fastpaths
from skirmish.games.magewinds import moves
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

EXAMPLES = int(os.environ.get("SKIRMISH_MOVES_EXAMPLES", "15"))
"""Generated battlefields per test; set SKIRMISH_MOVES_EXAMPLES higher for a long search."""
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
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


def _fighters(*spots: tuple[float, float]) -> list[dict]:
    return [
        {"name": f"F{i}", "profile": "Wizard", "warband": "red", "at": list(at)}
        for i, at in enumerate(spots)
    ]


PAIR = ((4.817482700083795, 0.6961222822433718), (4.829015679187182, 2.612097471567354))
"""Two fighters 1.916" apart: 0.932" between their bases, too little for a base to pass."""
BEYOND_THE_PAIR = parse_battlefield(
    {
        "warbands": ["red", "blue"],
        "fighters": _fighters((1, 2), (1, 1), (4.25, 1.5), *PAIR),
        "terrain": [
            {
                "name": "T0",
                "height": 0.7,
                "circle": {
                    "centre": [0.956703210868128, 1.0678619878507303],
                    "radius": 0.9982981127877695,
                },
            },
            {
                "name": "T1",
                "height": 0.7,
                "circle": {
                    "centre": [4.447089848589633, 0.7775036593534862],
                    "radius": 0.5811203261854383,
                },
            },
        ],
    },
    source="generated",
)
"""F2 stands before the pair F3 and F4; low obstacle T1 covers every spot of its 1" reach
that is further from F0. The discs seen from the corners of the pair's blockers left three
slivers of no area on the pair's far side, where no step of 1" goes: they counted as a
Dodge away from F0 in the whole-table answer until the reach kept only the room joined to
where the step starts."""


@SETTINGS
@given(battlefields())
@example(WEDGED)
@example(BEYOND_THE_PAIR)
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


def test_a_step_never_reaches_past_two_friends_too_close_to_pass_between():
    field = parse_battlefield(
        {"warbands": ["red", "blue"], "fighters": _fighters((4.25, 1.5), *PAIR)},
        source="generated",
    )
    region = reach(field, field.fighter("F0"), STEP_MOVE)
    # Getting round either friend takes far more than 1": the reach stays on the near side
    # of the line through their centres, in one piece.
    assert isinstance(region, shapely.Polygon)
    assert region.bounds[2] < min(x for x, _ in PAIR)


def test_dodge_beyond_the_pair_agrees_with_brute_force_and_the_whole_table():
    field = BEYOND_THE_PAIR
    mover, source = field.fighter("F2"), field.fighter("F0")
    brute = brute_step(field, mover, (source.base.x, source.base.y))
    assert brute.at_most < HAIR  # nothing further than a hair is within a step
    kept = dodge(field, mover, source)
    assert not kept.possible
    assert whole_table_step(field, mover, source)[0] is False
    assert shapely.get_coordinates(kept.region).size == 0


def _forget() -> None:
    """Empty every kept answer of the moves, as in a fresh process."""
    fastpaths.forget()
    for kept in (
        moves._surroundings,
        moves._roadmap,
        moves.local_space,
        moves._kept_reach,
        moves._dodge,
    ):
        kept.cache_clear()


def _answers(field):
    found = []
    for mover in field.fighters:
        found.append(reach(field, mover, STEP_MOVE))
        for source in field.fighters:
            if source is not mover:
                kept = dodge(field, mover, source)
                found.append((kept.possible, kept.reason, kept.region))
                found.append(knockback(field, source, mover))
    return found


def _same(first, second) -> bool:
    def flat(answer):
        if isinstance(answer, tuple):
            return [p for part in answer for p in flat(part)]
        if isinstance(answer, moves.Knockback):
            return [answer.room, answer.reason, answer.ends]
        return [answer]

    pairs = list(zip(flat(first), flat(second), strict=True))
    return len(first) == len(second) and all(
        a.equals_exact(b, 0) if isinstance(a, shapely.Geometry) else a == b for a, b in pairs
    )


@SETTINGS
@given(battlefields(), battlefields())
@example(BEYOND_THE_PAIR, WEDGED)
def test_moves_answer_the_same_cold_after_other_battlefields_and_on_the_plain_path(field, before):
    _answers(before)  # other questions first: nothing they leave behind may count
    warm = _answers(field)
    _forget()
    cold = _answers(field)
    with fastpaths.plain():
        _forget()
        plain = _answers(field)
    assert _same(warm, cold)
    assert _same(warm, plain)


LENIENT = 0.006
"""Slack for the brute force that lets a base overlap a blocker as far as the engine's
polygons for grown blockers may (ruling MW-18: within about 0.005" of the true offset)."""


@settings(SETTINGS, max_examples=max(2, EXAMPLES // 5))
@given(battlefields(), st.data())
@example(BEYOND_THE_PAIR, None)
def test_dodge_agrees_with_a_brute_force_search_of_step_moves(field, data):
    if data is None:
        mover, source = field.fighter("F2"), field.fighter("F0")
    else:
        mover, source = data.draw(st.permutations(field.fighters))[:2]
    spacing = 0.02
    away = (source.base.x, source.base.y)
    possible = dodge(field, mover, source).possible
    if possible:  # some end further than a hair, where the polygons allow
        lenient = brute_step(field, mover, away, spacing=spacing, slack=LENIENT)
        assert lenient.at_most + spacing > HAIR
    else:  # no end surely further than a hair, with true circles
        strict = brute_step(field, mover, away, spacing=spacing)
        assert strict.surely <= HAIR + spacing
