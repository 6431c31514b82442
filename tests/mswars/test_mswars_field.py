"""MS Wars battlefields: range, arcs, sight from the head, cover, rear arc, other targets, aid."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skirmish.errors import DataError, IllegalAttack, SkirmishError
from skirmish.games.mswars import Arc, sample_force
from skirmish.games.mswars.field import aid_candidates, parse_field, situation_on


def field(*units: dict, terrain: tuple[dict, ...] = ()):
    data = {"size": [48, 48], "terrain": list(terrain), "units": list(units)}
    return parse_field(data, source="test", force=sample_force())


AMAGO = {"name": "Amago", "side": "red", "at": [10, 10], "facing": 90}


def test_range_is_centre_to_edge_and_arcs_come_from_facing():
    pelham = {"name": "Pelham", "side": "blue", "at": [30, 10], "facing": 0}
    s = situation_on(field(AMAGO, pelham), "Amago", "Pelham")
    assert s.distance == pytest.approx(20 - 1.5)
    assert s.conditions.visible_fraction == 1 and not s.conditions.rear_arc
    behind = {**AMAGO, "facing": 270}
    with pytest.raises(SkirmishError, match="firing arc"):
        situation_on(field(behind, pelham), "Amago", "Pelham")


def test_arc_wedges():
    assert Arc.FRONT.contains(45) and not Arc.FRONT.contains(46)
    assert Arc.FRONT_RIGHT.contains(90) and Arc.REAR.contains(200) and Arc.ALL.contains(123)
    assert Arc.LEFT.contains(300) and not Arc.LEFT.contains(200)


def test_rear_arc_of_the_target():
    facing_away = {"name": "Pelham", "side": "blue", "at": [30, 10], "facing": 90}
    assert situation_on(field(AMAGO, facing_away), "Amago", "Pelham").conditions.rear_arc


def test_seen_fraction_from_the_head_and_friendly_cover():
    pelham = {"name": "Pelham", "side": "blue", "at": [30, 10], "facing": 0}
    # A wall covering the lower half of the Pelham's width as seen from the Amago's head.
    wall = {"name": "Wall", "polygon": [[20, 5], [21, 5], [21, 10], [20, 10]]}
    s = situation_on(field(AMAGO, pelham, terrain=(wall,)), "Amago", "Pelham")
    assert s.conditions.visible_fraction == Fraction(1, 2) and s.friendly_cover == 0
    # A friendly unit in the line covers part of it: more than 10% forbids the attack.
    friend = {"name": "Rifle Squad", "side": "red", "at": [20, 11]}
    covered = situation_on(field(AMAGO, pelham, friend), "Amago", "Pelham")
    assert covered.friendly_cover > Fraction(1, 10)
    from skirmish.engine.exact import ReplayContext
    from skirmish.games.mswars import resolve_attack

    with pytest.raises(IllegalAttack, match="Sniper"):
        resolve_attack(ReplayContext(()), covered)


def test_other_possible_targets_are_counted():
    pelham = {"name": "Pelham", "side": "blue", "at": [34, 10], "facing": 0}
    closer_big = {"name": "Cavendish", "side": "blue", "at": [24, 14], "facing": 0}
    closer_small = {"name": "Rifle Squad", "side": "blue", "at": [24, 6], "facing": 0}
    s = situation_on(field(AMAGO, pelham, closer_big, closer_small), "Amago", "Pelham")
    assert s.conditions.other_targets == 1  # the Cavendish (Size Class 3); the squad is smaller


def test_aid_candidates_need_contact_and_matching_units_or_a_sensor():
    wing = {"name": "Wing", "unit": "Amago", "side": "red", "at": [10, 12], "facing": 90}
    far = {"name": "Far", "unit": "Amago", "side": "red", "at": [10, 20], "facing": 90}
    squad = {"name": "Rifle Squad", "side": "red", "at": [11.75, 10], "facing": 90}
    sensor = {"name": "Cavendish", "side": "red", "at": [20, 20], "facing": 90}
    pelham = {"name": "Pelham", "side": "blue", "at": [30, 10], "facing": 0}
    f = field(AMAGO, wing, far, squad, sensor, pelham)
    names = [a.name for a in aid_candidates(f, f.placed("Amago"), f.placed("Pelham"))]
    assert names == ["Wing", "Cavendish"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"name": "Pelham", "side": "blue", "at": [47.5, 10]}, "off the 48 x 48"),
        ({"name": "Pelham", "side": "blue", "at": [10.5, 10]}, "overlap"),
        ({"name": "Rifle Squad", "side": "blue", "at": [10, 10]}, "overlapping bases"),
        ({"name": "Nobody", "side": "blue", "at": [30, 30]}, "unknown unit 'Nobody'"),
        ({"name": "Pelham", "side": "blue", "at": [30, 30], "dc": 99}, "above its starting"),
    ],
)
def test_bad_battlefields(extra, message):
    with pytest.raises((DataError, SkirmishError), match=message):
        field(AMAGO, extra)


@pytest.mark.parametrize("facing", [0, 37, 90, 200, 315])
def test_the_arcs_drawn_are_where_the_rules_put_a_target(facing):
    """draw shades the weapon's firing arc and the target's rear arc; a point lies in the
    shading exactly when a target standing there is in arc as the attack rules measure it
    (in_arc, MS-1), and within the weapon's reach; the same for the rear arc."""
    import random

    from shapely import Point

    from skirmish.games.mswars.field import in_arc, measure
    from skirmish.games.mswars.game import scene
    from skirmish.games.mswars.options import DrawOptions

    shooter = {**AMAGO, "at": [24, 24], "facing": facing}
    pelham = {"name": "Pelham", "side": "blue", "at": [40, 30], "facing": (facing + 60) % 360}
    drawn = scene(
        field(shooter, pelham),
        DrawOptions(file="x.yaml", attacker="Amago", target="Pelham", output="x.png"),
    )
    arc = next(a for a in drawn.areas if a.style == "arc")
    rear = next(a for a in drawn.areas if a.style == "rear-arc")
    measured = measure(field(shooter, pelham), "Amago", "Pelham")
    rng = random.Random(facing)
    checked = 0
    for _ in range(400):
        x, y = rng.uniform(3, 45), rng.uniform(3, 45)
        if (
            Point(x, y).distance(arc.shape.boundary) < 0.05
            or min(Point(x, y).distance(Point(24, 24)), Point(x, y).distance(Point(40, 30))) < 4
        ):
            continue  # on the edge (a rounding either way), or on a base
        moved = field(shooter, {**pelham, "at": [x, y]})
        a, t = moved.placed("Amago"), moved.placed("Pelham")
        inside = in_arc(a, measured.weapon, t) and a.centre.distance(t.centre) <= measured.reach
        assert arc.shape.contains(Point(x, y)) == inside, (x, y)
        checked += 1
        if Point(x, y).distance(rear.shape.boundary) > 0.05 and rear.shape.contains(Point(x, y)):
            behind = field({**shooter, "at": [x, y]}, pelham)
            assert Arc.REAR.contains(behind.placed("Pelham").bearing(behind.placed("Amago").centre))
    assert checked > 300
    assert "MS-1" in arc.label and "MS-1" in rear.label
