"""Lines of attack decided from one clear straight line (``battle.sight._straight_line``,
through ``open_line``) against the whole look (``sightlines.line_of_attack`` on the plain
path), on generated battlefields with bases in contact, from where fighters stand and from
trial positions beside other bases, with Ranges drawn around the line's length to try the
edges. Whatever the witness decides is the look's answer."""

from __future__ import annotations

import math
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_battle_fastpaths import setup_for, trial_spot

from conftest import battlefields
from skirmish import fastpaths
from skirmish.games.magewinds.battle.sight import STRAIGHT_SIGHT, _straight_line, open_line
from skirmish.games.magewinds.sightlines import line_of_attack
from skirmish.geometry.clearance import polygons


def ranges(data, length):
    """A Range around ``length`` (the line's or the gap's), its edges within a few
    thousandths of it, or wide open."""
    near = st.floats(max(0.0, length - 0.003), max(0.0, length) + 0.003)
    low = data.draw(st.one_of(st.just(0.0), near))
    high = data.draw(st.one_of(near, st.floats(low, low + 12)))
    return low, high


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(battlefields(), st.data())
def test_a_line_decided_from_one_clear_line_is_the_looks(field, data):
    for a in field.fighters:
        for t in field.fighters:
            if a.name == t.name:
                continue
            gap = math.dist((a.base.x, a.base.y), (t.base.x, t.base.y)) - 2 * a.base.radius
            low, high = ranges(data, gap)
            attack = replace(a.profile.attacks[0], minimum_range=low, maximum_range=high)
            decided = _straight_line(field, a, t, attack)
            with fastpaths.plain():
                expected = line_of_attack(field, a, t, attack).exists
            if decided is not None:
                assert decided == expected
            found = open_line(setup_for(field), field, a, t, attack)
            assert found is None or found == expected


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(battlefields(), st.data())
def test_a_line_from_a_trial_position_decided_from_one_clear_line_is_the_looks(field, data):
    """The attacker at a trial spot beside another base (in contact, a hair apart or
    further), touching what it would touch there."""
    mover, moved, moved_field = trial_spot(field, data)
    at = (moved.base.x, moved.base.y)
    for target in field.fighters:
        if target.name == mover.name:
            continue
        apart = math.dist(at, (target.base.x, target.base.y)) - 2 * moved.base.radius
        low, high = ranges(data, apart)
        attack = replace(moved.profile.attacks[0], minimum_range=low, maximum_range=high)
        decided = _straight_line(field, moved, target, attack)
        if decided is not None:
            with fastpaths.plain():
                assert decided == line_of_attack(moved_field, moved, target, attack).exists


def test_the_witness_decides_past_a_wall_beside_the_line_and_is_switched_off_alone():
    from skirmish.games.magewinds.field import parse_battlefield

    wall = {"name": "Wall", "height": 3, "rectangle": {"centre": [6.8, 5], "size": [1, 1]}}
    pair = (("Wizard", "red", [6, 3]), ("Guardian", "blue", [6, 7]))
    fighters = [{"name": n, "warband": w, "at": at} for n, w, at in pair]
    data = {"warbands": ["red", "blue"], "fighters": fighters, "terrain": [wall]}
    field = parse_battlefield(data, source="beside")
    a, t = field.fighter("Wizard"), field.fighter("Guardian")
    gap = 4 - 2 * a.base.radius
    inside = replace(a.profile.attacks[0], minimum_range=0, maximum_range=gap + 0.01)
    short = replace(inside, maximum_range=gap - 0.01)
    setup = setup_for(field)
    assert open_line(setup, field, a, t, inside) is None  # true circles: the look decides
    with polygons():  # the witness serves where bases are polygons
        assert open_line(setup, field, a, t, inside) is True  # the wall comes near
        assert open_line(setup, field, a, t, short) is False
        with fastpaths.plain(STRAIGHT_SIGHT):
            assert open_line(setup, field, a, t, inside) is None
    with fastpaths.plain():
        assert line_of_attack(field, a, t, inside).exists
        assert not line_of_attack(field, a, t, short).exists
