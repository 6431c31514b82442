"""Bases in contact, written as players write them, get the answers a hair's gap would give.

The loader accepts a base overlapping a medium or high obstacle or another base by less than
0.001" as touching (ruling MW-18). Sight (16.0), line of attack (18.1), cover (18.2), Dodge
(18.4), knockback (18.5.4) and movement (15.0) must treat such a base exactly as the same base
a hair away, and agree with each other.
"""

from __future__ import annotations

import pytest

from skirmish.errors import IllegalAttack
from skirmish.games.magewinds.field import parse_battlefield
from skirmish.games.magewinds.moves import check_move, dodge, knockback
from skirmish.games.magewinds.sightlines import cover, line_of_attack, visibility
from skirmish.games.magewinds.tabletop import situation_on
from skirmish.geometry import BASE_DIAMETER

pytestmark = pytest.mark.usefixtures("sight_methods_agree")

R = BASE_DIAMETER / 2
HAIR = 0.01
"""A gap every reading agrees is "not touching", to compare touching bases with."""
AS_WRITTEN = pytest.mark.parametrize(
    "radius",
    [0.492, R, R - 0.0009],
    ids=["25mm-as-0.492", "exact-radius", "0.0009-overlap"],
)


def field(fighters, terrain=()):
    return parse_battlefield(
        {
            "warbands": ["red", "blue"],
            "fighters": [
                {"name": n, "profile": p, "warband": w, "at": list(at)} for n, p, w, at in fighters
            ],
            "terrain": list(terrain),
        },
        source="contact",
    )


def wall(name, centre, size, height):
    return {
        "name": name,
        "height": height,
        "rectangle": {"centre": list(centre), "size": list(size)},
    }


HIGH_WALL = wall("Wall", (6, 5), (3, 0.5), 3)  # y from 4.75 to 5.25
LOW_WALL = wall("Wall", (6, 5), (3, 0.5), 0.8)


def answers(f, attacker="Wizard", target="Guardian"):
    """What the battlefield says about one attack, as comparable values."""
    a, t = f.fighter(attacker), f.fighter(target)
    sight = visibility(f, a, t)
    line = line_of_attack(f, a, t, a.profile.attack("Zap"))
    shelter = cover(f, a, t)
    return {
        "visible": sight.visible,
        "sight_blocked_by": sight.blocked_by,
        "line": line.exists,
        "line_blocked_by": line.blocked_by,
        "in_cover": shelter.in_cover,
        "cover_from": shelter.because,
    }


@AS_WRITTEN
def test_a_target_pressed_against_the_far_face_of_a_high_wall_is_hidden(radius):
    touching = field(
        [("Wizard", "Wizard", "red", (6, 3)), ("Guardian", "Guardian", "blue", (6, 5.25 + radius))],
        [HIGH_WALL],
    )
    apart = field(
        [
            ("Wizard", "Wizard", "red", (6, 3)),
            ("Guardian", "Guardian", "blue", (6, 5.25 + R + HAIR)),
        ],
        [HIGH_WALL],
    )
    seen = answers(touching)
    # By hand: the wall is 3" wide across the line of sight and the base only 1" wide, so
    # every line to the Guardian's edge crosses the wall.
    assert not seen["visible"] and seen["sight_blocked_by"] == ("high obstacle 'Wall'",)
    assert not seen["line"] and seen["line_blocked_by"] == ("high obstacle 'Wall'",)
    assert seen == answers(apart)
    with pytest.raises(IllegalAttack, match=r"16\.0.*high obstacle 'Wall'"):
        situation_on(touching, "Wizard", "Guardian", "Zap")


@AS_WRITTEN
def test_a_fighter_in_base_contact_screens_the_target_behind_it(radius):
    def placed(gap):
        return field(
            [
                ("Wizard", "Wizard", "red", (6, 3)),
                ("Seer", "Seer", "red", (6, 5)),
                ("Guardian", "Guardian", "blue", (6, 5 + radius + R + gap)),
            ]
        )

    touching = placed(0.0)
    line = line_of_attack(
        touching,
        touching.fighter("Wizard"),
        touching.fighter("Guardian"),
        touching.fighter("Wizard").profile.attack("Zap"),
    )
    # By hand: from (6, 3 + R) the Seer's base (1" wide, 2" away) hides every point of the
    # Guardian's base (1" wide, 3" away) that lies within its shadow, which is all of it.
    assert not line.exists and line.blocked_by == ("fighter 'Seer'",)
    assert answers(touching) == answers(placed(HAIR))


@AS_WRITTEN
def test_an_attacker_pressed_against_a_wall_does_not_see_through_it(radius):
    def placed(gap):
        return field(
            [
                ("Wizard", "Wizard", "red", (6, 4.75 - radius - gap)),
                ("Guardian", "Guardian", "blue", (6, 7)),
            ],
            [HIGH_WALL],
        )

    touching = answers(placed(0.0))
    assert not touching["visible"] and not touching["line"]
    assert touching == answers(placed(HAIR))


@AS_WRITTEN
def test_a_low_wall_touching_the_target_gives_cover_only_from_in_front(radius):
    # The Wizard is within 1" of neither wall position, so nothing is ignored (18.2).
    in_front = field(
        [("Wizard", "Wizard", "red", (6, 2)), ("Guardian", "Guardian", "blue", (6, 5.25 + radius))],
        [LOW_WALL],
    )
    behind = field(
        [("Wizard", "Wizard", "red", (6, 2)), ("Guardian", "Guardian", "blue", (6, 4.75 - radius))],
        [LOW_WALL],
    )
    assert cover(in_front, *pairs(in_front)).because == ("low obstacle 'Wall'",)
    assert not cover(behind, *pairs(behind)).in_cover
    apart = field(
        [
            ("Wizard", "Wizard", "red", (6, 2)),
            ("Guardian", "Guardian", "blue", (6, 4.75 - R - HAIR)),
        ],
        [LOW_WALL],
    )
    assert answers(behind) == answers(apart)


def pairs(f):
    return f.fighter("Wizard"), f.fighter("Guardian")


@AS_WRITTEN
def test_a_fighter_touching_a_wall_can_move_dodge_and_be_knocked_back_away_from_it(radius):
    # The Guardian's back touches the wall's near face; the Wizard stands on the other side.
    f = field(
        [("Wizard", "Wizard", "red", (6, 8)), ("Guardian", "Guardian", "blue", (6, 5.25 + radius))],
        [HIGH_WALL],
    )
    guardian, wizard = f.fighter("Guardian"), f.fighter("Wizard")
    away = check_move(f, guardian, [(3, 5.25 + radius + 1)])
    assert away.legal, away.problems
    pushed = knockback(f, f.fighter("Wizard"), guardian)
    assert pushed.room == 0.0 and "cannot be knocked back" in pushed.reason
    # Knocked back from the side, nothing is behind it.
    side = field(
        [
            ("Wizard", "Wizard", "red", (2, 5.25 + radius)),
            ("Guardian", "Guardian", "blue", (6, 5.25 + radius)),
        ],
        [HIGH_WALL],
    )
    assert knockback(side, side.fighter("Wizard"), side.fighter("Guardian")).room == pytest.approx(
        1.0
    )
    assert dodge(f, guardian, wizard).possible
    assert check_move(side, side.fighter("Guardian"), [(7, 5.25 + radius)]).legal


def test_move_dodge_and_knockback_agree_in_a_corridor_one_base_wide():
    # Walls touch both sides of the Guardian; 0.3" of room behind it, the Wizard in front.
    f = field(
        [("Wizard", "Wizard", "red", (6, 2)), ("Guardian", "Guardian", "blue", (6, 5))],
        [
            wall("Left", (6 - R - 0.25, 6), (0.5, 4), 3),
            wall("Right", (6 + R + 0.25, 6), (0.5, 4), 3),
            wall("Back", (6, 5 + R + 0.3 + 0.25), (3, 0.5), 3),
        ],
    )
    guardian, wizard = f.fighter("Guardian"), f.fighter("Wizard")
    assert check_move(f, guardian, [(6, 5.3)]).legal
    assert not check_move(f, guardian, [(6, 5.31)]).legal
    # 0.3" to the back wall, which the Guardian may end touching (within 0.001", MW-18).
    assert knockback(f, wizard, guardian).room == pytest.approx(0.3, abs=2e-3)
    assert dodge(f, guardian, wizard).possible
