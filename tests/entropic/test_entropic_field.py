"""Entropic Engine battlefields: aims, sight, distance, obscurement and closeness from geometry."""

from __future__ import annotations

import json

import pytest

from skirmish.errors import DataError, SkirmishError
from skirmish.games.entropic import Aim, sample_force
from skirmish.games.entropic.field import parse_field, situation_on

TROOPER = {"name": "Line Trooper", "side": "red", "bases": [[5, 10]]}


def field(*models: dict, terrain: tuple[dict, ...] = ()) -> object:
    data = {"size": [40, 40], "terrain": list(terrain), "models": [TROOPER, *models]}
    return parse_field(data, source="test", force=sample_force())


def test_distance_base_to_base_and_the_path_aims():
    warden = {"name": "Warden", "side": "blue", "bases": [[15, 30], [15, 10]]}
    s = situation_on(field(warden), "Line Trooper", "Warden")
    aims = dict(s.aims)
    # Centres 10 apart, radius 1 each: 8 between the bases.
    assert aims[Aim.BASE].distance == pytest.approx(8)
    # The source base at (15, 30): hypot(10, 20) - 2.
    assert aims[Aim.SOURCE].distance == pytest.approx((10**2 + 20**2) ** 0.5 - 2)
    # The path's nearest point is the standing base's centre, 10 away, less the attacker's radius.
    assert aims[Aim.PATH].distance == pytest.approx(9)
    assert s.closest and all(f.visible for f in aims.values())


def test_blocking_terrain_hides_a_base_but_not_the_path():
    warden = {"name": "Warden", "side": "blue", "bases": [[15, 30], [15, 10]]}
    wall = {"name": "Wall", "effect": "blocking", "rectangle": [[9, 5], [11, 15]]}
    s = situation_on(field(warden, terrain=(wall,)), "Line Trooper", "Warden")
    aims = dict(s.aims)
    assert not aims[Aim.BASE].visible and aims[Aim.SOURCE].visible and aims[Aim.PATH].visible
    everything = {"name": "Wall", "effect": "blocking", "rectangle": [[9, 0], [11, 40]]}
    with pytest.raises(SkirmishError, match="no line of sight"):
        situation_on(field(warden, terrain=(everything,)), "Line Trooper", "Warden")


def test_obscuring_terrain_and_the_closest_enemy():
    smoke = {"name": "Smoke", "effect": "obscuring", "rectangle": [[9, 8], [11, 12]]}
    warden = {"name": "Warden", "side": "blue", "bases": [[15, 10]]}
    colossus = {"name": "Colossus", "side": "blue", "bases": [[5, 30]], "base": 2}
    f = field(warden, colossus, terrain=(smoke,))
    near = situation_on(f, "Line Trooper", "Warden")
    assert dict(near.aims)[Aim.BASE].obscured and near.closest
    far = situation_on(f, "Line Trooper", "Colossus")
    assert not dict(far.aims)[Aim.BASE].obscured and not far.closest
    assert dict(near.nearby)["Colossus"] == pytest.approx(20 - 1 - 2)


@pytest.mark.parametrize(
    ("model", "message"),
    [
        ({"name": "Warden", "side": "blue", "bases": [[39.5, 10]]}, "off the 40 x 40"),
        ({"name": "Warden", "side": "blue", "bases": [[5.5, 10]]}, "overlapping bases"),
        ({"name": "Warden", "side": "blue", "bases": [[5, 10]]}, "overlapping bases"),
        ({"name": "Nobody", "side": "blue", "bases": [[20, 20]]}, "unknown model 'Nobody'"),
        ({"name": "Warden", "side": "blue", "bases": [[20, 20]], "real_tokens": 9}, "2 x Command"),
        ({"name": "Warden", "side": "blue", "bases": []}, "bases"),
    ],
)
def test_bad_battlefields(model, message):
    with pytest.raises((DataError, SkirmishError), match=message):
        field(model)


def test_same_side_is_refused():
    f = field({"name": "Warden", "side": "red", "bases": [[20, 20]]})
    with pytest.raises(SkirmishError, match="same side"):
        situation_on(f, "Line Trooper", "Warden")


def test_cli_with_the_example_battlefield(cli):
    run = cli(
        "odds",
        "entropic",
        "--battlefield",
        "examples/entropic-outpost.yaml",
        "--attacker",
        "Scout Walker",
        "--target",
        "Warden",
        "--aim",
        "path",
        "--bid-attack",
        "0",
        "--bid-defense",
        "0",
        "--json",
    )
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["cases"][0]["details"]["attacks"][0]["aim"] == "path"
    # What the battlefield decided, with its rules (EE-11).
    rules = {fact["rule"] for fact in data["battlefield"]["facts"]}
    assert {"Select Target", "Determine Combat Scores"} <= rules
    clash = cli(
        "odds",
        "entropic",
        "--battlefield",
        "examples/entropic-outpost.yaml",
        "--attacker",
        "Scout Walker",
        "--target",
        "Warden",
        "--distance",
        "3",
    )
    assert clash.code == 2 and "--distance" in clash.err
    advice = cli(
        "advise",
        "entropic",
        "--battlefield",
        "examples/entropic-outpost.yaml",
        "--attacker",
        "Scout Walker",
        "--target",
        "Warden",
        "--json",
    )
    assert json.loads(advice.out)["details"]["aim"] in {"base", "source", "waypoint", "path"}
