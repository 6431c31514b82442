"""One battlefield schema for Magewinds, MS Wars and the Entropic Engine: the table, terrain
pieces (polygon, rectangle or circle; a height or a class) and bases at positions, with each
game's own fields on top, read by the same checks."""

from __future__ import annotations

import pytest

from skirmish.errors import DataError
from skirmish.games.entropic import sample_force as entropic_force
from skirmish.games.entropic.field import parse_field as entropic_field
from skirmish.games.magewinds.field import parse_battlefield
from skirmish.games.mswars import sample_force as mswars_force
from skirmish.games.mswars.field import parse_field as mswars_field

SHAPES = [
    {"name": "Block", "polygon": [[4, 4], [6, 4], [6, 6], [4, 6]]},
    {"name": "Block", "rectangle": {"centre": [5, 5], "size": [2, 2]}},
    {"name": "Block", "rectangle": [[4, 4], [6, 6]]},
]


def magewinds(table: dict, terrain: dict) -> object:
    data = {
        **table,
        "warbands": ["a", "b"],
        "fighters": [
            {"name": "Wizard", "warband": "a", "at": [1, 1]},
            {"name": "Witch", "warband": "b", "at": [10, 10]},
        ],
        "terrain": [{"class": "high", **terrain}],
    }
    return parse_battlefield(data, source="mw")


def mswars(table: dict, terrain: dict) -> object:
    data = {
        **table,
        "terrain": [{"class": "blocking", **terrain}],
        "units": [
            {"name": "Amago", "side": "a", "at": [1.5, 1.5]},
            {"name": "Pelham", "side": "b", "at": [10, 10]},
        ],
    }
    return mswars_field(data, source="ms", force=mswars_force())


def entropic(table: dict, terrain: dict) -> object:
    data = {
        **table,
        "terrain": [{"class": "blocking", **terrain}],
        "models": [
            {"name": "Line Trooper", "side": "a", "at": [1.5, 1.5]},
            {"name": "Warden", "side": "b", "at": [10, 10], "path": [[9, 1]]},
        ],
    }
    return entropic_field(data, source="ee", force=entropic_force())


LOADERS = [magewinds, mswars, entropic]
TABLES = [{"table": {"width": 12, "length": 16}}, {"size": [12, 16]}, {"battlefield": [12, 16]}]


def footprint(field: object) -> object:
    if hasattr(field, "terrain") and isinstance(field.terrain, tuple) and field.terrain:
        first = field.terrain[0]
        return first.footprint if hasattr(first, "footprint") else first[1]
    return field.blocking[0][1]  # the Entropic Engine keeps blocking pieces apart


@pytest.mark.parametrize("load", LOADERS)
@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("shape", SHAPES)
def test_every_game_reads_the_same_table_and_terrain(load, table, shape):
    field = load(table, shape)
    assert (field.width, field.length) == (12, 16)
    assert footprint(field).bounds == pytest.approx((4, 4, 6, 6))


@pytest.mark.parametrize("load", LOADERS)
def test_terrain_off_the_table_is_cut_to_it(load):
    field = load(
        {"table": [12, 16]}, {"name": "Edge", "rectangle": {"centre": [12, 8], "size": [4, 2]}}
    )
    assert footprint(field).bounds == pytest.approx((10, 7, 12, 9))


@pytest.mark.parametrize("load", LOADERS)
@pytest.mark.parametrize(
    ("terrain", "message"),
    [
        ({"name": "Bow", "polygon": [[0, 0], [2, 2], [2, 0], [0, 2]]}, "crosses itself"),
        (
            {
                "name": "Two",
                "polygon": [[0, 0], [1, 0], [1, 1]],
                "circle": {"centre": [1, 1], "radius": 1},
            },
            "exactly one of",
        ),
        (
            {"name": "Odd", "circle": {"centre": [5, 5], "radius": 1}, "class": "lava"},
            "class 'lava'",
        ),
    ],
)
def test_every_game_refuses_the_same_bad_terrain(load, terrain, message):
    with pytest.raises(DataError, match=message):
        load({"table": [12, 16]}, terrain)


@pytest.mark.parametrize("load", LOADERS)
def test_a_base_off_the_table_is_the_same_error_everywhere(load):
    with pytest.raises(DataError, match="off the 5 x 5 table: not wholly on the battlefield"):
        load({"table": [5, 5]}, {"name": "Block", "rectangle": [[2, 2], [3, 3]]})
