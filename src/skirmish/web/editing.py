"""Edits a battlefield editor sends, made on the battlefield file's own data.

The page never measures anything: it says which piece moved where, or which was deleted,
rotated or added, and the file's data is changed here and read again by the game's own
reader, which checks every limit as it does for the command line. Pieces standing on the
table are the entries with a position (``at``) in any of the file's lists (fighters,
models, units, objects, markers); terrain pieces are the ``terrain`` list's entries.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from skirmish.errors import SkirmishError

if TYPE_CHECKING:
    from skirmish.web.store import Store

Coordinate = Annotated[float, Field(ge=-1000, le=1000, allow_inf_nan=False)]


class Edit(BaseModel):
    """One change: ``move`` a piece ``by`` an offset (inches), ``delete`` it, ``rotate`` a
    terrain piece by ``degrees``, or ``add`` a terrain piece (a rectangle or a circle)
    centred ``to`` a point."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    op: Literal["move", "delete", "rotate", "add"]
    kind: Literal["piece", "terrain"] = "terrain"
    name: Annotated[str, Field(max_length=100)] = ""
    to: tuple[Coordinate, Coordinate] | None = None
    by: tuple[Coordinate, Coordinate] | None = None
    at: tuple[Coordinate, Coordinate] | None = None
    """Where the piece's centre is drawn: finds a point of a piece's path (a waypoint),
    which is drawn as a base of its own."""
    degrees: Annotated[float, Field(ge=-360, le=360)] = 15.0
    shape: Literal["rectangle", "circle", "polygon", "base", "waypoint"] = "rectangle"
    """What ``add`` adds: a terrain piece, a base (a fighter, unit or model), or a waypoint
    at the end of an Entropic Engine model's plotted path."""
    points: Annotated[tuple[tuple[Coordinate, Coordinate], ...], Field(max_length=24)] = ()
    """A polygon's corners, in order, for ``add`` with ``shape: polygon``."""
    height: Annotated[str, Field(max_length=40)] = ""
    """A height in inches, or a class the game names (``blocking``), for ``add``."""
    profile: Annotated[str, Field(max_length=60)] = ""
    """For a base: its profile (a fighter, unit or model of the roster); for a waypoint:
    the model whose path it extends."""
    side: Annotated[str, Field(max_length=60)] = ""
    """For a base: its warband or side (default: the first base's)."""


def _lists(document: dict[str, Any]) -> list[list[Any]]:
    return [
        value
        for key, value in document.items()
        if key != "terrain"
        and isinstance(value, list)
        and any(isinstance(v, dict) and "at" in v for v in value)
    ]


def _find(document: dict[str, Any], kind: str, name: str) -> tuple[list[Any], dict[str, Any]]:
    lists = [document.get("terrain") or []] if kind == "terrain" else _lists(document)
    for entries in lists:
        for entry in entries:
            if isinstance(entry, dict) and str(entry.get("name", "")).casefold() == name.casefold():
                return entries, entry
    raise SkirmishError(f"no {'terrain piece' if kind == 'terrain' else 'piece'} named {name!r}")


def _waypoint(document: dict[str, Any], name: str, at: tuple[float, float]) -> list[Any] | None:
    """The list of points (a plotted path) one of whose points is drawn at ``at`` as a
    base called ``name`` (its piece's name and more), with the point's index appended."""
    for entries in _lists(document):
        for entry in entries:
            if not isinstance(entry, dict) or not name.startswith(str(entry.get("name", ""))):
                continue
            for value in entry.values():
                if not isinstance(value, list) or value is entry.get("at"):
                    continue
                for n, point in enumerate(value):
                    if (
                        isinstance(point, list)
                        and len(point) == 2
                        and abs(float(point[0]) - at[0]) < 0.01
                        and abs(float(point[1]) - at[1]) < 0.01
                    ):
                        return [value, n]
    return None


def _rounded(value: float) -> float:
    return round(value, 2) + 0.0


def centre(entry: dict[str, Any]) -> tuple[float, float]:
    """A terrain piece's centre as its file gives it (a polygon's: its corners' mean)."""
    for shape in ("rectangle", "circle"):
        found = entry.get(shape)
        if isinstance(found, dict) and "centre" in found:
            x, y = found["centre"]
            return float(x), float(y)
        if isinstance(found, list) and len(found) == 2:  # a rectangle's two corners
            (x1, y1), (x2, y2) = found
            return (x1 + x2) / 2, (y1 + y2) / 2
    corners = entry.get("polygon") or []
    if not corners:
        raise SkirmishError(f"terrain {entry.get('name')!r} has no shape to move")
    return (
        sum(float(p[0]) for p in corners) / len(corners),
        sum(float(p[1]) for p in corners) / len(corners),
    )


def _move_terrain(entry: dict[str, Any], dx: float, dy: float) -> None:
    old_x, old_y = centre(entry)
    x, y = old_x + dx, old_y + dy
    for shape in ("rectangle", "circle"):
        found = entry.get(shape)
        if isinstance(found, list):
            (x1, y1), (x2, y2) = found
            found = entry[shape] = {
                "centre": [(x1 + x2) / 2, (y1 + y2) / 2],
                "size": [abs(x2 - x1), abs(y2 - y1)],
            }
        if isinstance(found, dict):
            found["centre"] = [_rounded(x), _rounded(y)]
            return
    entry["polygon"] = [[_rounded(p[0] + dx), _rounded(p[1] + dy)] for p in entry["polygon"]]


def _rotate(entry: dict[str, Any], degrees: float) -> None:
    rectangle = entry.get("rectangle")
    if isinstance(rectangle, dict):
        rectangle["angle"] = _rounded((float(rectangle.get("angle", 0)) + degrees) % 360)
        return
    if "polygon" in entry:
        cx, cy = centre(entry)
        turn = math.radians(-degrees)
        entry["polygon"] = [
            [
                _rounded(cx + (p[0] - cx) * math.cos(turn) - (p[1] - cy) * math.sin(turn)),
                _rounded(cy + (p[0] - cx) * math.sin(turn) + (p[1] - cy) * math.cos(turn)),
            ]
            for p in entry["polygon"]
        ]
        return
    raise SkirmishError(f"terrain {entry.get('name')!r}: a circle looks the same turned")


BASES = {"fighters": ("profile", "warband"), "units": ("unit", "side"), "models": ("model", "side")}
"""Each game's list of bases in a battlefield file, with the keys naming a base's profile
and its side (Magewinds, MS Wars, Entropic Engine)."""


def _add_base(document: dict[str, Any], edit: Edit, at: list[float]) -> None:
    """A base of ``edit.profile`` at ``at``, named after it (numbered when the name is
    taken), on ``edit.side`` or the first base's side; the game's reader then checks the
    profile, the side and the place."""
    key = next((k for k in BASES if k in document), None)
    if key is None:
        raise SkirmishError("add a base: this file has no fighters, units or models list")
    profile_key, side_key = BASES[key]
    profile = edit.profile.strip()
    if not profile:
        raise SkirmishError(f"add a base: name its {profile_key} (a {profile_key} of the roster)")
    entries = document[key] = list(document.get(key) or [])
    taken = {str(e.get("name", "")).casefold() for e in entries if isinstance(e, dict)}
    name, number = profile, 1
    while name.casefold() in taken:
        number += 1
        name = f"{profile} {number}"
    side = edit.side.strip() or next(
        (str(e[side_key]) for e in entries if isinstance(e, dict) and side_key in e),
        str((document.get("warbands") or [""])[0]),
    )
    entry: dict[str, Any] = {"name": name}
    if name != profile:
        entry[profile_key] = profile
    entry[side_key] = side
    entry["at"] = at
    entries.append(entry)


def _add_waypoint(document: dict[str, Any], edit: Edit, at: list[float]) -> None:
    """A waypoint at ``at`` after the last point of the named model's plotted path (an
    Entropic Engine model's ``path``: its source and waypoint bases, in order)."""
    models = document.get("models")
    if not isinstance(models, list):
        raise SkirmishError("add a waypoint: only Entropic Engine models plot paths")
    wanted = edit.profile.strip().casefold()
    for entry in models:
        if isinstance(entry, dict) and str(entry.get("name", "")).casefold() == wanted:
            entry["path"] = [*(entry.get("path") or []), at]
            return
    names = ", ".join(str(m.get("name")) for m in models if isinstance(m, dict))
    raise SkirmishError(
        f"add a waypoint: no model named {edit.profile.strip()!r}; name one of {names}"
    )


def _add(document: dict[str, Any], edit: Edit) -> None:
    if edit.shape == "polygon":
        if len(edit.points) < 3:
            raise SkirmishError(
                f"add a polygon: {len(edit.points)} corners given; a polygon has 3 or more"
            )
    elif edit.to is None:
        raise SkirmishError("add: say where, as to: [x, y]")
    elif edit.shape == "base":
        _add_base(document, edit, [_rounded(v) for v in edit.to])
        return
    elif edit.shape == "waypoint":
        _add_waypoint(document, edit, [_rounded(v) for v in edit.to])
        return
    terrain = document.setdefault("terrain", [])
    taken = {str(t.get("name", "")).casefold() for t in terrain if isinstance(t, dict)}
    number = len(terrain) + 1
    while f"piece {number}" in taken:
        number += 1
    entry: dict[str, Any] = {"name": f"Piece {number}"}
    text = edit.height.strip()
    try:
        entry["height"] = float(text)
    except ValueError:
        if text:
            entry["class"] = text
    if edit.shape == "polygon":
        entry["polygon"] = [[_rounded(x), _rounded(y)] for x, y in edit.points]
        terrain.append(entry)
        return
    assert edit.to is not None
    x, y = (_rounded(v) for v in edit.to)
    if edit.shape == "circle":
        entry["circle"] = {"centre": [x, y], "radius": 0.75}
    else:
        entry["rectangle"] = {"centre": [x, y], "size": [2.0, 0.5]}
    terrain.append(entry)


def edited(document: dict[str, Any], edit: Edit) -> dict[str, Any]:
    """``document`` (a battlefield file's data, changed in place) with ``edit`` made."""
    if edit.op == "add":
        _add(document, edit)
        return document
    found = (
        _waypoint(document, edit.name, edit.at)
        if edit.kind == "piece" and edit.at is not None
        else None
    )
    if found is not None and not any(
        isinstance(e, dict) and str(e.get("name", "")).casefold() == edit.name.casefold()
        for entries in _lists(document)
        for e in entries
    ):
        points, n = found
        if edit.op == "delete":
            del points[n]
        elif edit.op == "move" and edit.by is not None:
            x, y = points[n]
            points[n] = [_rounded(float(x) + edit.by[0]), _rounded(float(y) + edit.by[1])]
        else:
            raise SkirmishError(f"{edit.op} {edit.name!r}: a path's point can be moved or deleted")
        return document
    entries, entry = _find(document, edit.kind, edit.name)
    if edit.op == "delete":
        entries.remove(entry)
    elif edit.op == "rotate":
        if edit.kind != "terrain":
            raise SkirmishError(f"rotate {edit.name!r}: only terrain pieces turn here")
        _rotate(entry, edit.degrees)
    else:
        if edit.by is None:
            raise SkirmishError(f"move {edit.name!r}: say how far, as by: [dx, dy]")
        if edit.kind == "terrain":
            _move_terrain(entry, *edit.by)
        else:
            x, y = entry["at"]
            entry["at"] = [_rounded(float(x) + edit.by[0]), _rounded(float(y) + edit.by[1])]
    return document


def dumped(document: dict[str, Any]) -> str:
    """The data as a battlefield file (YAML, keys in their order), written by libyaml's
    emitter when PyYAML has it (four times faster on a crowded table; the file is read back
    by the game's reader either way, and the editor's tests compare what it reads)."""
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(document, Dumper=dumper, sort_keys=False, default_flow_style=None, width=100)


def kept_edit(
    store: Store, file: str, what: str, change: Callable[[dict[str, Any]], dict[str, Any]]
) -> str:
    """The name of the new file kept when ``change`` is made to the data of the stored
    ``what`` file ``file`` (a refusal is one line, 422); its data is remembered as what the
    new file reads as, and ``file`` as what it was edited from (for a save with comments)."""
    from skirmish.web.pages import Problem

    document = store.data(file, "file")
    if not isinstance(document, dict):
        raise Problem(f"{file}: not a {what} file", status=422)
    try:
        changed = change(document)
    except SkirmishError as error:
        raise Problem(str(error), status=422) from None
    kept = str(store.keep(dumped(changed).encode("utf-8"), what))
    store.keep_data(kept, changed)  # what the file reads back as (tested)
    store.keep_origin(kept, file)
    return kept


__all__ = ["Edit", "centre", "dumped", "edited", "kept_edit"]
