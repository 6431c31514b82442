"""Readings of 18.1 and 18.2 on a battlefield (rulings MW-14, MW-19) and answers that must not
depend on how many times a battlefield was loaded."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from skirmish.errors import IllegalAttack
from skirmish.games.magewinds.field import NearObstacles, parse_battlefield
from skirmish.games.magewinds.sightlines import cover, line_of_attack
from skirmish.games.magewinds.tabletop import situation_on
from skirmish.geometry import BASE_DIAMETER

pytestmark = pytest.mark.usefixtures("sight_methods_agree")

R = BASE_DIAMETER / 2


def wall(name, centre, size, height):
    return {
        "name": name,
        "height": height,
        "rectangle": {"centre": list(centre), "size": list(size)},
    }


def data(fighters, terrain=(), **extra):
    return {
        "warbands": ["red", "blue"],
        "fighters": [
            {"name": n, "profile": p, "warband": w, "at": list(at)} for n, p, w, at in fighters
        ],
        "terrain": list(terrain),
        **extra,
    }


BARRIER = data(
    [("Wizard", "Wizard", "red", (6, 3)), ("Guardian", "Guardian", "blue", (6, 6))],
    [wall("Barrier", (6, 3.9), (3, 0.3), 0.8)],
)


def test_the_within_1_inch_exception_holds_on_every_load_of_a_battlefield():
    first = parse_battlefield(BARRIER, source="barrier.yaml")
    second = parse_battlefield(BARRIER, source="barrier.yaml")
    assert first == second and first is not second
    answers = []
    for f in (first, second, first):
        result = cover(f, f.fighter("Wizard"), f.fighter("Guardian"))
        answers.append((result.in_cover, result.because, result.ignored, result.reason))
    assert answers[0] == answers[1] == answers[2]
    assert answers[0][:3] == (False, (), ("low obstacle 'Barrier'",))


# Ruling MW-19: Minimum Range against the shortest line of attack, as `odds --distance` does.
@pytest.mark.parametrize(
    ("gap", "allowed"), [(1.2, False), (1.99, False), (2.0, True), (2.5, True)]
)
def test_minimum_range_is_measured_as_the_line_of_attack_is(gap, allowed, cli):
    f = parse_battlefield(
        data(
            [
                ("Deadeye", "Deadeye", "red", (6, 3)),
                ("Guardian", "Guardian", "blue", (6, 3 + 2 * R + gap)),
            ]
        ),
        source="range",
    )
    deadeye, guardian = f.fighter("Deadeye"), f.fighter("Guardian")
    quick_shot = deadeye.profile.attack("Quick Shot")  # Range 2-9
    line = line_of_attack(f, deadeye, guardian, quick_shot)
    assert line.exists is allowed
    # In the open the shortest line is the distance between the bases (8.0); the 64-corner
    # base outline adds at most R * (1 - cos(pi / 64)) = 0.0006".
    if allowed:
        assert line.length == pytest.approx(gap, abs=6e-4)
    else:
        assert "inside Minimum Range 2-9" in line.reason
        with pytest.raises(IllegalAttack, match=r"18\.1"):
            situation_on(f, "Deadeye", "Guardian", "Quick Shot")
    flat = cli(
        "odds",
        "magewinds",
        "--attacker",
        "Deadeye",
        "--attack",
        "Quick Shot",
        "--target",
        "Guardian",
        "--distance",
        str(gap),
        "--reaction",
        "none",
        "--json",
    )
    assert (flat.code == 0) is allowed
    if allowed:
        assert json.loads(flat.out)["cases"][0]["distribution"]


# Ruling MW-14: which obstacles near the attacker 18.2 ignores.
LONG_WALL = data(
    [("Wizard", "Wizard", "red", (1, 3)), ("Guardian", "Guardian", "blue", (9, 6))],
    [wall("Long wall", (6, 4.5), (10, 0.3), 0.8)],  # x from 1 to 11; its west end is 1.35" away
)


def test_only_the_parts_of_an_obstacle_within_1_inch_are_ignored_by_default():
    f = parse_battlefield(LONG_WALL, source="long-wall")
    assert f.near_obstacles is NearObstacles.PARTS
    wizard, guardian = f.fighter("Wizard"), f.fighter("Guardian")
    result = cover(f, wizard, guardian)
    # By hand: the Guardian (x 8.5-9.5, y 5.5-6.5) is wholly behind the wall 4.5" from the
    # Wizard; only the wall's west end lies within 1" of the Wizard.
    assert result.in_cover and result.because == ("low obstacle 'Long wall'",)
    assert result.ignored == ("low obstacle 'Long wall'",)
    assert "MW-14" in result.reason
    whole = cover(replace(f, near_obstacles=NearObstacles.WHOLE), wizard, guardian)
    assert not whole.in_cover and whole.ignored == ("low obstacle 'Long wall'",)


def test_the_reading_can_be_chosen_in_the_battlefield_file():
    f = parse_battlefield({**LONG_WALL, "rulings": {"near_obstacles": "whole"}}, source="file")
    assert f.near_obstacles is NearObstacles.WHOLE
    assert not cover(f, f.fighter("Wizard"), f.fighter("Guardian")).in_cover


def test_a_barrier_right_in_front_is_still_shot_over_with_either_reading():
    f = parse_battlefield(BARRIER, source="barrier")
    for reading in NearObstacles:
        result = cover(
            replace(f, near_obstacles=reading), f.fighter("Wizard"), f.fighter("Guardian")
        )
        assert not result.in_cover and result.ignored == ("low obstacle 'Barrier'",)
