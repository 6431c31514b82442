"""What a battlefield editor's page shows: the battlefield drawn, and what the game's own
``los`` says between the picked attacker and target (visibility, line of attack, cover and
what gives it, Dodge and knockback room, each with its rule), and who can hit whom.

Everything is asked of the game through its ``draw`` and ``los`` commands' options models,
exactly as ``skirmish draw``/``skirmish los`` ask for the same file; the page measures
nothing itself."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

from skirmish.errors import SkirmishError
from skirmish.options import option_fields, parse
from skirmish.report import Grid, Line
from skirmish.web.answers import Table, _table
from skirmish.web.drawing import board, grid_step
from skirmish.web.forms import input_name, roster_names
from skirmish.web.pages import Problem

if TYPE_CHECKING:
    from skirmish.games.base import Game
    from skirmish.web.store import Store

PICKS = ("attacker", "target", "attack", "weapon", "reach", "near-obstacles", "pack", "force")
"""What the editor's page may pick (each only where the game's los or draw has it)."""

FILE_PICKS = ("pack", "force")
"""Picks naming an uploaded file (a Magewinds pack, an MS Wars or Entropic Engine force):
a stored file's name, read by the game's own reader with its limits."""


def editable(game: Game) -> bool:
    """Whether the game has a battlefield the editor can show: ``los`` and ``draw``."""
    return "los" in game.commands and "draw" in game.commands


def starter(game: Game) -> bytes:
    """The battlefield the editor opens with (a copy of the game's example)."""
    return (resources.files("skirmish.web") / "starters" / f"{game.name}.yaml").read_bytes()


@dataclass
class Look:
    """The editor's answer for one battlefield and pick."""

    board: str
    names: tuple[str, ...]
    facts: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)
    pairs: Table | None = None
    offered: tuple[str, ...] = ()
    """The picks this game's commands offer."""
    grid: int = 1
    """Inches between the drawing's grid lines."""
    legend: tuple[tuple[str, str], ...] = ()
    """Each kind of line or area the rules drew, and what the first of them says."""
    roster: tuple[str, ...] = ()
    """The roster's names offered for a base added: the bundled roster's, and those of the
    pack picked (a Magewinds ``--pack`` uploaded)."""


def _options(game: Game, verb: str, given: Mapping[str, object], store: Store) -> Any:
    model = game.commands[verb]
    names = {input_name(f): f.name for f in option_fields(model)}
    typed = {names[k]: v for k, v in given.items() if k in names and v not in (None, "")}
    try:
        return parse(model, typed)
    except SkirmishError as error:
        raise Problem(store.shown(str(error)), status=422) from None


def look(game: Game, store: Store, name: str, picks: Mapping[str, str], *, overlay: bool) -> Look:
    """The battlefield stored as ``name`` drawn, with ``picks`` answered by ``los``."""
    path = store.path(name, "--file")
    given: dict[str, object] = {"file": str(path), **picks}
    for key in FILE_PICKS:
        if picks.get(key):
            given[key] = str(store.path(picks[key], f"--{key}"))
    if not (picks.get("attacker") and picks.get("target")):
        given.pop("attacker", None)
        given.pop("target", None)
    try:
        drawn = game.draw(
            _options(game, "draw", {**given, "output": str(store.folder / "board.svg")}, store)
        )
        scene = drawn.pictures[0][1]
        facts: tuple[str, ...] = ()
        data: Mapping[str, Any] = {}
        if "attacker" in given:
            answer = game.los(_options(game, "los", given, store))
            facts = tuple(
                "".join(str(p) for p in block.parts)
                for block in answer.blocks
                if isinstance(block, Line)
            )
            data = answer.data
        pairs: Table | None = None
        records: Sequence[Mapping[str, Any]] = ()
        los_flags = {input_name(f) for f in option_fields(game.commands["los"])}
        if overlay and "all" in los_flags:
            every = {k: v for k, v in given.items() if k not in ("attacker", "target")}
            report = game.los(_options(game, "los", {**every, "all": True}, store))
            grids = [b for b in report.blocks if isinstance(b, Grid)]
            pairs = _table(grids[0], False) if grids else None
            records = report.data.get("pairs", ())
    except Problem:
        raise
    except SkirmishError as error:
        raise Problem(store.shown(str(error)), status=422) from None
    from skirmish.geometry.scene import Scene

    assert isinstance(scene, Scene)
    picked = [picks.get("attacker", ""), picks.get("target", "")]
    return Look(
        board(scene, pairs=records, picked=picked),
        tuple(b.name for b in scene.bases),
        facts,
        data,
        pairs,
        _offered(game),
        grid_step(scene),
        _legend(scene),
        roster_names(game, store.path(picks["pack"], "--pack") if picks.get("pack") else None),
    )


def moved(
    game: Game,
    store: Store,
    name: str,
    fighter: str,
    to: tuple[float, float],
    picks: Mapping[str, str],
) -> dict[str, Any]:
    """The game's ``move`` answer (its ``--json``) for ``fighter`` of the battlefield
    stored as ``name`` ending at ``to``, with its report's lines, each with its rule."""
    given: dict[str, object] = {
        "file": str(store.path(name, "--file")),
        "fighter": fighter,
        "to": f"{to[0]:.2f},{to[1]:.2f}",
    }
    for key in FILE_PICKS:
        if picks.get(key):
            given[key] = str(store.path(picks[key], f"--{key}"))
    try:
        report = game.move(_options(game, "move", given, store))
    except Problem:
        raise
    except SkirmishError as error:
        raise Problem(store.shown(str(error)), status=422) from None
    lines = [
        "".join(str(p) for p in block.parts) for block in report.blocks if isinstance(block, Line)
    ]
    return {**report.data, "lines": lines}


def _offered(game: Game) -> tuple[str, ...]:
    los_flags = {input_name(f) for f in option_fields(game.commands["los"])}
    draw_flags = {input_name(f) for f in option_fields(game.commands["draw"])}
    offered = tuple(p for p in PICKS if p in los_flags | draw_flags)
    return (*offered, "overlay") if "all" in los_flags else offered


def unread(game: Game) -> Look:
    """The editor's page for a file the game refuses even with no pick: nothing drawn, so
    the refusal is read beside the forms that can mend it (another file, a pack)."""
    return Look("", (), offered=_offered(game), roster=roster_names(game))


def _legend(scene: Any) -> tuple[tuple[str, str], ...]:
    found: dict[str, str] = {}
    for area in scene.areas:
        if not area.style.startswith("terrain") and area.label:
            found.setdefault(f"area-{area.style}", area.label)
    for stroke in scene.strokes:
        if stroke.label:
            found.setdefault(f"stroke-{stroke.style}", stroke.label)
    return tuple(found.items())


__all__ = ["FILE_PICKS", "PICKS", "Look", "editable", "look", "moved", "starter", "unread"]
