"""Battlefields for battles (2.0, 7.0, 10.3): bundled tables, your own files, random terrain.

A table file is a battlefield file without fighters: its size, terrain and any objects
and markers. Setting one up checks 10.3: no part of the battlefield may be cut off from
the rest, which skirmish reads as "a fighter's base can travel between any two places
where it can stand" (ruling MB-3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as data_field
from functools import cache
from importlib import resources
from pathlib import Path
from random import Random
from typing import Any

from shapely import Point

from skirmish.datafiles import present, read_bundled, read_yaml
from skirmish.errors import DataError, UnknownName
from skirmish.games.magewinds.field import (
    STANDARD_LENGTH,
    STANDARD_WIDTH,
    Battlefield,
    parse_battlefield,
)
from skirmish.games.magewinds.moves import terrain_space
from skirmish.geometry import BASE_DIAMETER

SLIVER = 1e-4
"""Square inches: free regions smaller than this are slivers, not parts (ruling MB-3)."""
PREFIX = "battlefield-"
PACKAGE = "skirmish.games.magewinds"
WARBAND_NAMES = ("P1", "P2", "P3", "P4")


@dataclass(frozen=True)
class Table:
    """A battlefield with its terrain, objects and markers, and no fighters yet.

    ``data`` is the file's content, kept so that a battle record carries its table.
    """

    name: str
    field: Battlefield
    data: Mapping[str, Any] = data_field(compare=False, hash=False, repr=False)

    @property
    def width(self) -> float:
        return self.field.width

    @property
    def length(self) -> float:
        return self.field.length

    @property
    def centre(self) -> tuple[float, float]:
        return (self.width / 2, self.length / 2)


def parse_table(data: object, *, source: str, players: int = 2) -> Table:
    """Validate a table file's data (a battlefield file without fighters) and check 10.3."""
    if not isinstance(data, dict):
        raise DataError(f"{source}: a battlefield file is a mapping with 'terrain' and a size")
    if data.get("fighters"):
        raise DataError(
            f"{source}: a battle's battlefield has no fighters; they are deployed (10.5)"
        )
    body = {k: v for k, v in data.items() if k not in ("name", "warbands", "fighters")}
    body["warbands"] = list(WARBAND_NAMES[:players])
    field_ = parse_battlefield(body, source=source)
    name = str(data.get("name") or Path(source).stem.removeprefix(PREFIX))
    table = Table(name, field_, dict(data))
    check_not_cut_off(table, source)
    return table


def check_not_cut_off(table: Table, source: str) -> None:
    """10.3: no part of the battlefield is cut off from the rest (ruling MB-3)."""
    parts = standing_parts(table.field)
    if len(parts) > 1:
        where = "; ".join(
            f"one around ({p.representative_point().x:.1f}, {p.representative_point().y:.1f})"
            for p in parts
        )
        raise DataError(
            f"{source}: 10.3: the terrain cuts the battlefield into {len(parts)} parts a "
            f"fighter cannot travel between: {where}"
        )
    if not parts:
        raise DataError(f"{source}: 10.3: no fighter's base fits anywhere on this battlefield")


def standing_parts(field_: Battlefield) -> list[Any]:
    """The connected regions where a base's centre can be, ignoring fighters and objects."""
    free = terrain_space(field_)
    parts = [p for p in getattr(free.centres, "geoms", [free.centres]) if p.area > SLIVER]
    return parts


@cache
def bundled_names() -> tuple[str, ...]:
    """The bundled standard battlefields, by name."""
    folder = resources.files(PACKAGE).joinpath("data")
    return tuple(
        sorted(
            entry.name.removeprefix(PREFIX).removesuffix(".yaml")
            for entry in folder.iterdir()
            if entry.name.startswith(PREFIX) and entry.name.endswith(".yaml")
        )
    )


def bundled_table(name: str) -> Table:
    """A bundled battlefield by name (``ruined-chapel``).

    Read once a process: a simulation or sweep starts thousands of battles on the same few
    bundled files, which cannot change while it runs (a :class:`Table` is frozen and its
    ``data`` read-only). ``fresh_bundled_table`` reads the file again.
    """
    names = bundled_names()
    if name not in names:
        raise UnknownName("battlefield", name, names)
    return _kept_bundled_table(name)


@cache
def _kept_bundled_table(name: str) -> Table:
    return fresh_bundled_table(name)


def fresh_bundled_table(name: str) -> Table:
    """A bundled battlefield read from its file now (what :func:`bundled_table` keeps)."""
    file = f"{PREFIX}{name}.yaml"
    return parse_table(read_bundled(PACKAGE, file), source=file)


def load_table(path: str | Path) -> Table:
    """A battlefield file of your own (no fighters)."""
    data, source = read_yaml(path, "battlefield")
    return parse_table(data, source=source)


def find_table(name_or_path: str) -> Table:
    """A bundled battlefield by name, or a file by path."""
    if name_or_path in bundled_names():
        return bundled_table(name_or_path)
    if Path(name_or_path).suffix.lower() in (".yaml", ".yml") or present(name_or_path):
        return load_table(name_or_path)
    raise UnknownName("battlefield", name_or_path, [*bundled_names(), "FILE.yaml"])


# -- random terrain ---------------------------------------------------------------------

PIECE_CLASSES = (
    ("low", 0.6),
    ("medium", 1.25),
    ("high", 2.5),
)
MAX_ATTEMPTS = 400


def random_table(
    seed: int,
    *,
    clear_radius: float = 0.0,
    pieces: int = 7,
    width: float = STANDARD_WIDTH,
    length: float = STANDARD_LENGTH,
    clear_corners: float = 0.0,
) -> Table:
    """Random legal terrain: ``pieces`` obstacles of random size, height and place, none
    within ``clear_radius`` of the centre (a scenario's clear area), none where a base
    within ``clear_corners`` of a corner could stand (Battle Royale's deployment, so that
    every warband has room) and nothing cut off (10.3). The same seed gives the same
    table."""
    if not 0 <= pieces <= 20:
        raise DataError(f"random terrain: {pieces} pieces; expected 0 to 20")
    rng = Random(f"skirmish random terrain {seed}")
    terrain: list[dict[str, Any]] = []
    for _ in range(MAX_ATTEMPTS):
        if len(terrain) == pieces:
            break
        piece = _random_piece(rng, len(terrain) + 1, width, length)
        trial = [*terrain, piece]
        data = {"battlefield": {"width": width, "length": length}, "terrain": trial}
        try:
            table = parse_table(data, source="random terrain")
        except DataError:
            continue
        centre = Point(width / 2, length / 2)
        if clear_radius and any(
            t.is_obstacle and t.footprint.distance(centre) < clear_radius
            for t in table.field.terrain
        ):
            continue
        corners = [Point(x, y) for x in (0, width) for y in (0, length)]
        if clear_corners and any(
            t.is_obstacle and t.footprint.distance(c) < clear_corners + BASE_DIAMETER
            for t in table.field.terrain
            for c in corners
        ):
            continue
        terrain = trial
    data = {
        "name": f"random-{seed}",
        "battlefield": {"width": width, "length": length},
        "terrain": terrain,
    }
    return parse_table(data, source=f"random terrain {seed}")


def _random_piece(rng: Random, number: int, width: float, length: float) -> dict[str, Any]:
    kind, height = PIECE_CLASSES[rng.randrange(len(PIECE_CLASSES))]
    x = round(rng.uniform(1, width - 1), 2)
    y = round(rng.uniform(1, length - 1), 2)
    if rng.random() < 0.35:
        radius = round(rng.uniform(0.4, 1.2), 2)
        return {
            "name": f"{kind} {number}",
            "height": height,
            "circle": {"centre": [x, y], "radius": radius},
        }
    size = [round(rng.uniform(0.3, 3.5), 2), round(rng.uniform(0.3, 1.5), 2)]
    angle = round(rng.uniform(0, 180), 1)
    return {
        "name": f"{kind} {number}",
        "height": height,
        "rectangle": {"centre": [x, y], "size": size, "angle": angle},
    }


def obstacles_near(table: Table, point: tuple[float, float], radius: float) -> list[str]:
    """The obstacles (7.1) with any part within ``radius`` of ``point``."""
    centre = Point(point)
    return [
        t.name
        for t in table.field.terrain
        if t.is_obstacle and float(t.footprint.distance(centre)) < radius - 1e-9
    ]


__all__ = [
    "Table",
    "bundled_names",
    "bundled_table",
    "check_not_cut_off",
    "find_table",
    "load_table",
    "obstacles_near",
    "parse_table",
    "random_table",
]
