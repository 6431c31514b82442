"""Battlefield rules, hand-built from the rule text: 8.0, 16.0, 18.1, 18.2, 18.4, 18.5.4, 15.0."""

from __future__ import annotations

import math

import pytest
from shapely import LineString, Point

from skirmish.errors import DataError, IllegalAttack, UnknownName
from skirmish.games.magewinds.field import height_class, load_battlefield, parse_battlefield
from skirmish.games.magewinds.moves import (
    allowance,
    check_move,
    dodge,
    knockback,
    reach,
    shortest_move,
    step_region,
)
from skirmish.games.magewinds.sightlines import cover, line_of_attack, visibility
from skirmish.games.magewinds.tabletop import situation_on
from skirmish.geometry import (
    BASE_DIAMETER,
    HeightClass,
    distance,
    in_contact,
    wholly_within,
    within,
)
from skirmish.geometry.shapes import Marker

pytestmark = pytest.mark.usefixtures("sight_methods_agree")

R = BASE_DIAMETER / 2


def field(fighters, terrain=(), **extra):
    data = {
        "battlefield": {"width": 12, "length": 16},
        "warbands": ["red", "blue"],
        "fighters": [
            {"name": n, "profile": p, "warband": w, "at": list(at)} for n, p, w, at in fighters
        ],
        "terrain": list(terrain),
        **extra,
    }
    return parse_battlefield(data, source="test")


def wall(name, centre, size, height, angle=0):
    return {
        "name": name,
        "height": height,
        "rectangle": {"centre": list(centre), "size": list(size), "angle": angle},
    }


DUEL = [("Wizard", "Wizard", "red", (6, 3)), ("Guardian", "Guardian", "blue", (6, 6))]


def pair(f, a="Wizard", t="Guardian"):
    return f.fighter(a), f.fighter(t)


# 7.0, 7.1 height classes.
@pytest.mark.parametrize(
    ("height", "kind"),
    [
        (0.0, "ground"),
        (0.49, "ground"),
        (0.5, "low"),
        (0.99, "low"),
        (1.0, "medium"),
        (1.5, "medium"),
        (1.51, "high"),
        (4, "high"),
    ],
)
def test_height_classes(height, kind):
    assert height_class(height) is HeightClass(kind)


def test_players_may_agree_a_class_and_overhangs_are_ignored():
    f = field(
        DUEL,
        [
            {"name": "Statue", "class": "high", "circle": {"centre": [2, 2], "radius": 0.5}},
            {
                "name": "Arch top",
                "height": 3,
                "overhang": True,
                "rectangle": {"centre": [6, 4.5], "size": [3, 0.5]},
            },
        ],
    )
    assert [(t.name, t.height_class) for t in f.terrain] == [("Statue", HeightClass.HIGH)]
    assert line_of_attack(f, *pair(f), f.fighter("Wizard").profile.attack("Zap")).exists


# 8.0 measuring.
def test_measuring_between_closest_points():
    f = field(DUEL)
    wizard, guardian = pair(f)
    assert distance(wizard.base, guardian.base) == pytest.approx(3 - 2 * R)
    assert within(wizard.base, guardian.base, 3 - 2 * R)
    assert not within(wizard.base, guardian.base, 3 - 2 * R - 0.01)
    assert not wholly_within(wizard.base, guardian.base, 3 - 2 * R)
    assert wholly_within(wizard.base, guardian.base, 3)
    marker = Marker("m", 6, 4)
    assert distance(marker, wizard.base) == pytest.approx(1 - R)  # 9.4: from the centre
    touching = field([("A", "Wizard", "red", (5, 5)), ("B", "Seer", "blue", (5 + 2 * R, 5))])
    assert in_contact(touching.fighter("A").base, touching.fighter("B").base)


# 16.0 visibility.
def test_high_obstacle_blocks_sight_but_low_and_fighters_do_not():
    tower = field(DUEL, [wall("Tower", (6, 4.5), (3, 0.5), 3)])
    assert not visibility(tower, *pair(tower)).visible
    assert "Tower" in visibility(tower, *pair(tower)).reason
    low = field(DUEL, [wall("Wall", (6, 4.5), (3, 0.5), 0.8)])
    assert visibility(low, *pair(low)).visible
    screened = field([*DUEL, ("Seer", "Seer", "red", (6, 4.5))])
    assert visibility(screened, *pair(screened)).visible
    wizard = tower.fighter("Wizard")
    assert visibility(tower, wizard, wizard).visible


def test_a_glimpse_past_a_tower_is_enough_to_see():
    # The tower covers most of the Guardian, but the Wizard sees a sliver of its base.
    f = field(DUEL, [wall("Tower", (5.5, 4.5), (1.2, 0.5), 3)])  # x 4.9-6.1
    assert visibility(f, *pair(f)).visible


# 18.1 line of attack.
def test_high_obstacle_blocks_a_line_of_attack():
    f = field(DUEL, [wall("Tower", (6, 4.5), (3, 0.5), 3)])
    line = line_of_attack(f, *pair(f), f.fighter("Wizard").profile.attack("Zap"))
    assert not line.exists and "high obstacle 'Tower'" in line.reason


def test_another_fighter_blocks_a_line_of_attack():
    # A Seer standing right between them (base touching neither) blocks every line.
    f = field(
        [
            ("Wizard", "Wizard", "red", (6, 3)),
            ("Guardian", "Guardian", "blue", (6, 5)),
            ("Seer", "Seer", "red", (6, 4)),
        ]
    )
    line = line_of_attack(f, *pair(f), f.fighter("Wizard").profile.attack("Zap"))
    assert not line.exists and "fighter 'Seer'" in line.reason
    # Medium and low obstacles do not block a line of attack.
    hedge = field(DUEL, [wall("Hedge", (6, 4.5), (3, 0.5), 1.2)])
    assert line_of_attack(hedge, *pair(hedge), hedge.fighter("Wizard").profile.attack("Zap")).exists


def test_range_limits_and_length():
    f = field(DUEL)  # 3" between centres: the bases are 3 - 2R apart
    wizard = f.fighter("Wizard")
    zap = wizard.profile.attack("Zap")  # Range 1-9
    line = line_of_attack(f, *pair(f), zap)
    assert line.exists and line.length == pytest.approx(3 - 2 * R, abs=1e-3)
    melee = line_of_attack(f, *pair(f), wizard.profile.attack("Melee"))
    assert not melee.exists and "too far" in melee.reason
    close = field(
        [
            ("Wizard", "Wizard", "red", (6, 3)),
            ("Guardian", "Guardian", "blue", (6, 3 + 2 * R + 0.3)),
        ]
    )
    inside = line_of_attack(close, *pair(close), zap)
    # Ruling MW-19: the line of attack is the shortest one, 0.3" here, inside Minimum Range 1
    # (though a line to the far side of the target's base would be 0.3 + 2R = 1.28").
    assert not inside.exists and 'too close: 0.30"' in inside.reason
    deadeye = field(
        [
            ("Deadeye", "Deadeye", "red", (6, 3)),
            ("Guardian", "Guardian", "blue", (6, 3 + 2 * R + 0.1)),
        ]
    )
    shot = line_of_attack(
        deadeye, *pair(deadeye, "Deadeye"), deadeye.fighter("Deadeye").profile.attack("Aimed Shot")
    )
    # Aimed Shot needs 2" at least; the bases are only 0.1" apart.
    assert not shot.exists and "too close" in shot.reason


def test_attack_refused_without_line_of_attack():
    f = field(DUEL, [wall("Tower", (6, 4.5), (3, 0.5), 3)])
    with pytest.raises(IllegalAttack, match=r"13\.4.*16\.0"):
        situation_on(f, "Wizard", "Guardian", "Zap")
    far = field(DUEL)
    with pytest.raises(IllegalAttack, match=r"18\.1.*too far"):
        situation_on(far, "Wizard", "Guardian", "Melee")
    with pytest.raises(IllegalAttack, match="itself"):
        situation_on(far, "Wizard", "Wizard", "Zap")


# 18.2 cover.
def test_open_ground_is_in_the_open():
    f = field(DUEL)
    assert not cover(f, *pair(f)).in_cover


def test_barrier_near_the_attacker_is_ignored_against_a_target_3_inches_away():
    # Rule 18.2's own example: shooting over a barrier right in front of the attacker.
    f = field(DUEL, [wall("Barrier", (6, 3.9), (3, 0.3), 0.8)])
    result = cover(f, *pair(f))
    assert not result.in_cover
    assert result.ignored == ("low obstacle 'Barrier'",)


def test_the_same_barrier_next_to_the_target_gives_cover():
    f = field(DUEL, [wall("Barrier", (6, 5.2), (3, 0.3), 0.8)])
    result = cover(f, *pair(f))
    assert result.in_cover and result.because == ("low obstacle 'Barrier'",)
    assert "+1 Evasion" in result.reason


def test_barrier_near_the_attacker_counts_against_a_target_within_1_inch():
    f = field(
        [
            ("Wizard", "Wizard", "red", (6, 3)),
            ("Guardian", "Guardian", "blue", (6, 3 + 2 * R + 0.8)),
        ],
        [wall("Barrier", (6, 3.9), (0.3, 0.1), 0.8)],
    )
    result = cover(f, *pair(f))
    assert result.in_cover and not result.ignored


def test_a_fighter_partly_in_the_way_gives_cover():
    f = field([*DUEL, ("Seer", "Seer", "red", (6.6, 4.5))])
    result = cover(f, *pair(f))
    assert result.in_cover and result.because == ("fighter 'Seer'",)
    # ...and the battlefield gives that to the attack: +1 Evasion.
    situation, _ = situation_on(f, "Wizard", "Guardian", "Zap")
    assert situation.cover and situation.distance == pytest.approx(3 - 2 * R, abs=1e-3)


# 18.4 Dodge and Deflect steps.
def test_a_fighter_in_the_open_can_dodge():
    f = field(DUEL)
    result = dodge(f, f.fighter("Guardian"), f.fighter("Wizard"))
    assert result.possible
    # Every end position is further from the attacker and within 1" of the start.
    guardian = f.fighter("Guardian").base.centre
    wizard = f.fighter("Wizard").base.centre
    for x, y in result.region.exterior.coords if result.region.geom_type == "Polygon" else []:
        assert Point(x, y).distance(guardian) <= 1 + 1e-3
        assert Point(x, y).distance(wizard) >= guardian.distance(wizard) - 1e-3


def test_a_fighter_pinned_in_a_corner_cannot_dodge():
    corner = (R, R)
    f = field(
        [
            ("Wizard", "Wizard", "red", (corner[0] + 1.5, corner[1] + 1.5)),
            ("Guardian", "Guardian", "blue", corner),
        ]
    )
    result = dodge(f, f.fighter("Guardian"), f.fighter("Wizard"))
    assert not result.possible and 'no legal 1" step' in result.reason
    situation, _ = situation_on(f, "Wizard", "Guardian", "Zap")
    assert not situation.can_dodge


def test_a_fighter_pinned_against_a_wall_between_friends_cannot_dodge():
    f = field(
        [
            ("Wizard", "Wizard", "red", (6, 3)),
            ("Guardian", "Guardian", "blue", (6, 3 + 2 * R)),
            ("Seer", "Seer", "blue", (6 - 2 * R, 3 + 2 * R)),
            ("Witch", "Witch", "blue", (6 + 2 * R, 3 + 2 * R)),
        ],
        [wall("Cliff", (6, 3 + 3 * R + 0.15), (6, 0.3), 3)],
    )
    assert not dodge(f, f.fighter("Guardian"), f.fighter("Wizard")).possible


def test_a_fighter_wedged_between_two_friends_cannot_dodge_nor_reach_past_them():
    # The Seer and the Witch both touch the Guardian and stand closer than a base's width
    # apart, so nothing passes between them; the Wizard attacks from the other side.
    seer = (6 - 2 * R * math.cos(math.pi / 4), 6 + 2 * R * math.sin(math.pi / 4))
    f = field(
        [
            ("Wizard", "Wizard", "red", (5.7, 4.5)),
            ("Guardian", "Guardian", "blue", (6, 6)),
            ("Seer", "Seer", "blue", seer),
            ("Witch", "Witch", "blue", (6 + 2 * R, 6)),
        ]
    )
    guardian, wizard = f.fighter("Guardian"), f.fighter("Wizard")
    # Every step away from the Wizard runs into the Seer or the Witch (18.4, MW-16), and
    # knockback straight away from the Wizard has no room (18.5.4).
    assert not dodge(f, guardian, wizard).possible
    assert knockback(f, wizard, guardian).room == 0
    # The spot just beyond the two friends, where a base would touch both, is about 0.75"
    # from the Guardian as the crow flies but nearly 4" away around them.
    half = math.dist(seer, (6 + 2 * R, 6)) / 2
    middle = ((seer[0] + 6 + 2 * R) / 2, (seer[1] + 6) / 2)
    out = math.sqrt((2 * R) ** 2 - half**2)
    across = ((seer[1] - 6) / (2 * half), (6 + 2 * R - seer[0]) / (2 * half))
    beyond = (middle[0] + out * across[0], middle[1] + out * across[1])
    assert math.dist(beyond, (6, 6)) < 0.8
    path = shortest_move(f, guardian, beyond)
    assert path is not None and LineString(path).length > 3
    # So a 1" step reaches nothing there, and what it reaches is all room to stand in.
    region = reach(f, guardian, 1.0)
    assert region.geom_type in ("Polygon", "MultiPolygon")
    assert region.distance(Point(beyond)) > 0.5
    assert step_region(f, guardian, wizard, strictly=True).distance(Point(beyond)) > 0.5


def test_deflect_step_may_stay_at_the_same_distance():
    f = field(DUEL)
    guardian, wizard = f.fighter("Guardian"), f.fighter("Wizard")
    assert (
        step_region(f, guardian, wizard, strictly=False).area
        >= step_region(f, guardian, wizard, strictly=True).area
    )


# 18.5.4 knockback.
def test_knockback_in_the_open_is_a_full_inch_directly_away():
    f = field(DUEL)
    result = knockback(f, f.fighter("Wizard"), f.fighter("Guardian"))
    assert result.room == pytest.approx(1.0)
    assert isinstance(result.ends, LineString) and result.ends.coords[-1] == pytest.approx((6, 7))


def test_knockback_stops_at_a_wall():
    f = field(DUEL, [wall("Wall", (6, 6 + R + 0.4 + 0.15), (3, 0.3), 1.2)])
    result = knockback(f, f.fighter("Wizard"), f.fighter("Guardian"))
    assert result.room == pytest.approx(0.4, abs=2e-3)
    assert "only" in result.reason


def test_knockback_may_cross_but_not_end_on_a_low_obstacle():
    f = field(DUEL, [wall("Rubble", (6, 6 + R + 0.5), (3, 0.2), 0.7)])
    result = knockback(f, f.fighter("Wizard"), f.fighter("Guardian"))
    assert result.room == pytest.approx(1.0)
    assert not result.ends.is_empty
    # No end position leaves the base on the rubble.
    assert result.ends.length < 1.0 - 0.2


# 15.0 and 13.4 movement.
def test_move_allowance_drops_by_two_near_an_enemy():
    f = field(
        [
            ("Wizard", "Wizard", "red", (6, 3)),
            ("Guardian", "Guardian", "blue", (6, 3 + 2 * R + 0.5)),
        ]
    )
    inches, why = allowance(f, f.fighter("Wizard"))
    assert inches == 3 and "13.4" in why
    far = field(DUEL)
    assert allowance(far, far.fighter("Wizard"))[0] == 5


def test_move_checks():
    f = field(DUEL, [wall("Low", (3, 3), (0.3, 3), 0.7), wall("Hedge", (9, 3), (0.3, 3), 1.2)])
    wizard = f.fighter("Wizard")
    assert check_move(f, wizard, [(6, 1)]).legal
    through_guardian = check_move(f, wizard, [(6, 8)])
    assert not through_guardian.legal and "fighter 'Guardian'" in through_guardian.problems[-1]
    over_low = check_move(f, wizard, [(2, 3)])
    assert over_low.legal
    onto_low = check_move(f, wizard, [(3, 3)])
    assert not onto_low.legal and "may not end on low obstacle 'Low'" in onto_low.problems[-1]
    over_hedge = check_move(f, wizard, [(10, 3)])
    assert not over_hedge.legal and "medium obstacle 'Hedge'" in over_hedge.problems[0]
    off = check_move(f, wizard, [(6, 0.2)])
    assert not off.legal and "edge" in off.problems[0]
    too_far = check_move(f, wizard, [(0.6, 3), (0.6, 4)])
    assert not too_far.legal and "may move 5" in too_far.problems[0]


def test_shortest_path_around_a_wall_matches_the_hand_answer():
    # A thin high wall from y=2 to y=8 at x=5 (0.2 wide); the Wizard goes from (3,5) to (7,5).
    f = field(
        [("Wizard", "Wizard", "red", (3, 5)), ("Guardian", "Guardian", "blue", (11, 15))],
        [wall("Wall", (5, 5), (0.2, 6), 3)],
    )
    path = shortest_move(f, f.fighter("Wizard"), (7, 5))
    assert path is not None
    length = LineString(path).length
    # By hand: round the wall's end with clearance R: tangent, quarter-ish arc, the 0.2 top,
    # arc, tangent. Centre of the turn at (4.9, 8); distance from the start to it:
    d = math.hypot(4.9 - 3, 8 - 5)
    tangent = math.sqrt(d * d - R * R)
    # The tangent point lies acos(R/d) round from the direction to the start; from there the
    # path turns over the top of the circle: pi/2 + atan2(3, 1.9) - acos(R/d).
    turn = math.pi / 2 + math.atan2(3, 1.9) - math.acos(R / d)
    expected = 2 * (tangent + R * turn) + 0.2
    assert length == pytest.approx(expected, abs=0.01)
    assert check_move(f, f.fighter("Wizard"), [(p.x, p.y) for p in path], limit=99).legal


def test_reach_is_within_the_allowance_and_legal():
    f = field(DUEL, [wall("Tower", (6, 4.5), (3, 0.5), 3)])
    wizard = f.fighter("Wizard")
    region = reach(f, wizard)
    assert region.area > 0
    assert region.distance(wizard.base.centre) == 0
    # Every reached point is within 5" as the crow flies and reachable by a legal path.
    for x, y in list(region.representative_point().coords):
        path = shortest_move(f, wizard, (x, y))
        assert path is not None and LineString(path).length <= 5 + 1e-3
    assert region.hausdorff_distance(wizard.base.centre) <= 5 + 1e-6


# File validation.
@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"fighters": [{"name": "Wizard", "warband": "red", "at": [0.2, 5]}]},
            r"not wholly on the battlefield \(2\.1\)",
        ),
        (
            {
                "fighters": [
                    {"name": "Wizard", "warband": "red", "at": [5, 5]},
                    {"name": "Seer", "warband": "blue", "at": [5.5, 5]},
                ]
            },
            r"overlapping bases: .* \(0\.8\.1\)$",
        ),
        (
            {"fighters": [{"name": "Wizard", "warband": "green", "at": [5, 5]}]},
            "unknown warband 'green'",
        ),
        (
            {"fighters": [{"name": "Paladin", "warband": "red", "at": [5, 5]}]},
            "unknown fighter 'Paladin'",
        ),
        (
            {
                "fighters": [{"name": "Wizard", "warband": "red", "at": [6, 6]}],
                "terrain": [wall("Tower", (6, 6), (2, 2), 3)],
            },
            "inside high obstacle 'Tower'",
        ),
        (
            {"fighters": [{"name": "Wizard", "warband": "red", "at": [5, 5], "damage": 6}]},
            "taken down",
        ),
        (
            {
                "fighters": [
                    {"name": "W", "profile": "Wizard", "warband": "red", "at": [5, 5]},
                    {"name": "W", "profile": "Seer", "warband": "red", "at": [8, 8]},
                ]
            },
            "already has this name",
        ),
        ({"terrain": [{"name": "Blob", "height": 1}]}, "exactly one of polygon"),
        (
            {
                "terrain": [
                    {"name": "Bow", "height": 1, "polygon": [[0, 0], [2, 2], [2, 0], [0, 2]]}
                ]
            },
            "crosses itself",
        ),
        ({"terrain": [{"name": "Hill", "polygon": [[0, 0], [2, 2], [2, 0]]}]}, "height"),
        ({"markers": [{"name": "Aim", "at": [20, 5]}]}, "off the battlefield"),
        ({"battlefield": {"width": -3}}, "width"),
        ({"warbands": []}, "warbands"),
    ],
)
def test_bad_battlefields_are_clear_errors(change, message):
    data = {"warbands": ["red", "blue"], "fighters": [], **change}
    with pytest.raises((DataError, UnknownName), match=message):
        parse_battlefield(data, source="bad.yaml")


def test_example_battlefield_loads(tmp_path):
    from pathlib import Path

    example = Path(__file__).parents[2] / "examples" / "ruins.yaml"
    f = load_battlefield(example)
    assert len(f.fighters) == 8 and {t.height_class for t in f.terrain} == set(HeightClass)
    bad = tmp_path / "bad.yaml"
    bad.write_text("warbands: [a\n")
    with pytest.raises(DataError, match="not valid YAML"):
        load_battlefield(bad)
