"""``/{game}/battlefield``: the battlefield editor and line-of-sight tool.

The page shows the battlefield stored under ``?file=`` (the game's example when none is
given) with the picked attacker and target answered; the editor's script sends each drag,
deletion, rotation or addition to ``POST /{game}/battlefield/edit``, which changes the
file's data, keeps the new file and answers with the new drawing and answers."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from skirmish.errors import SkirmishError
from skirmish.games import GAMES
from skirmish.web.asking import TITLES, game_of
from skirmish.web.editing import Coordinate, Edit, dumped, edited, kept_edit
from skirmish.web.pages import Problem, render, templates, worked_out
from skirmish.web.tabletop import (
    FILE_PICKS,
    PICKS,
    editable,
    look,
    moved,
    starter,
    unread,
)

router = APIRouter()


class EditRequest(BaseModel):
    """An edit of the battlefield stored as ``file``, with the page's picks to answer."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    file: Annotated[str, Field(max_length=40)]
    edit: Edit
    picks: dict[Annotated[str, Field(max_length=20)], Annotated[str, Field(max_length=100)]] = {}
    overlay: bool = False


def _game(name: str) -> Any:
    game = game_of(name, "los")
    if not editable(game):
        raise Problem(f"{game.info.title} has no battlefield to edit", status=404)
    return game


def _picks(params: dict[str, str]) -> dict[str, str]:
    unknown = [k for k in params if k not in (*PICKS, "file", "overlay")]
    if unknown:
        raise Problem(
            f"{unknown[0][:30]!r}: not something the battlefield page picks; expected one of "
            f"{', '.join(PICKS)}, file, overlay",
            status=400,
        )
    return {k: v for k, v in params.items() if k in PICKS and v.strip()}


def _link(game: Any, name: str, picks: dict[str, str], overlay: bool) -> str:
    query = [("file", name), *picks.items()] + ([("overlay", "on")] if overlay else [])
    return f"/{game.name}/battlefield?{urlencode(query)}"


@router.get("/{name}/battlefield", response_model=None)
async def page(request: Request, name: str) -> Response:
    game = _game(name)
    store = request.app.state.store
    params = dict(request.query_params)
    picks = _picks(params)
    overlay = params.get("overlay", "") in ("on", "true", "1")
    if "file" not in params:
        kept = store.keep(starter(game), "battlefield")
        return RedirectResponse(_link(game, kept, picks, overlay), status_code=303)
    file = params["file"]
    problem = ""
    status = 200
    try:
        seen = await worked_out(lambda: look(game, store, file, picks, overlay=overlay))
    except Problem as refused:
        if refused.field in ("--file", *(f"--{k}" for k in FILE_PICKS)):
            raise
        problem, status = str(refused), refused.status
        kept = {k: v for k, v in picks.items() if k in FILE_PICKS}
        try:
            seen = await worked_out(lambda: look(game, store, file, kept, overlay=False))
        except Problem as unreadable:
            problem, status, seen = str(unreadable), unreadable.status, unread(game)
    html = render(
        "editor.html",
        title=f"Battlefield: {game.info.title}",
        game=game.info,
        games=GAMES,
        verbs={v: t for v, t in TITLES.items() if v in game.commands},
        file=file,
        picks=picks,
        overlay=overlay,
        look=seen,
        problem=problem,
        link=_link(game, file, picks, overlay),
        without={
            k: _link(game, file, {p: v for p, v in picks.items() if p != k}, overlay)
            for k in FILE_PICKS
        },
        battles=game.battle is not None,
        commands=tuple(game.commands),
    )
    return HTMLResponse(html, status_code=status)


TABLE_KEYS = ("fighters", "warbands", "objects", "markers")
"""What a battle's battlefield leaves out of the editor's file: the fighters are deployed
and the scenario places the objects (10.5)."""


@router.get("/{name}/battlefield/battle", response_model=None)
async def battle(request: Request, name: str) -> Response:
    """The new-battle form filled with the editor's battlefield: its table and terrain kept
    as a file of their own, read by the battles' own table reader (10.3), then linked."""
    game = _game(name)
    if game.battle is None:
        raise Problem(f"{game.info.title} has no battles to play in the browser", status=404)
    unknown = [k for k in request.query_params if k != "file"]
    if unknown:
        raise Problem(f"{unknown[0][:30]!r}: starting a battle takes only file", status=400)
    file = request.query_params.get("file", "")
    store = request.app.state.store

    def work() -> str:
        from skirmish.games.magewinds.battle.tables import load_table

        document = store.data(file, "--file")
        if not isinstance(document, dict):
            raise Problem(f"{file}: not a battlefield file", status=422)
        table = {k: v for k, v in document.items() if k not in TABLE_KEYS}
        kept = store.keep(dumped(table).encode("utf-8"), "battlefield")
        try:
            load_table(store.path(kept, "--battlefield"))
        except SkirmishError as error:
            raise Problem(store.shown(str(error)), status=422) from None
        return str(kept)

    kept = await worked_out(work)
    return RedirectResponse(f"/{game.name}/battles?{urlencode({'battlefield': kept})}", 303)


class MoveRequest(BaseModel):
    """Can ``fighter`` of the battlefield stored as ``file`` move to ``to`` (13.4, 15.0)?"""

    model_config = ConfigDict(extra="forbid", frozen=True)

    file: Annotated[str, Field(max_length=40)]
    fighter: Annotated[str, Field(max_length=60)]
    to: tuple[Coordinate, Coordinate]
    picks: dict[Annotated[str, Field(max_length=20)], Annotated[str, Field(max_length=100)]] = {}


@router.post("/{name}/battlefield/move", response_model=None)
async def move(request: Request, name: str, asked: MoveRequest) -> Response:
    """The game's own ``move`` for a point clicked: legal or not, its path and each
    problem with its rule, as ``skirmish move GAME FILE --fighter F --to X,Y --json``."""
    game = _game(name)
    if "move" not in game.commands:
        raise Problem(f"{game.info.title} has no move to check", status=404)
    store = request.app.state.store
    picks = _picks(dict(asked.picks))

    def work() -> dict[str, Any]:
        return moved(game, store, asked.file, asked.fighter, asked.to, picks)

    return JSONResponse(await worked_out(work))


@router.get("/{name}/battlefield/save", response_model=None)
async def save(request: Request, name: str) -> Response:
    """The battlefield stored as ``file``, downloaded as YAML with the comments, key order
    and untouched entries of the file it was edited from (``commented.py``)."""
    from skirmish.web.commented import download

    game = _game(name)
    return await download(request, f"{game.name}-battlefield.yaml")


def unnamed(message: str, kept: str) -> str:
    """A refusal of an edit without the name the server gave the edited file (a person
    never saw it): the game reader's ``NAME.yaml: 'Mesmer' and 'Druid' stand on
    overlapping bases ...`` reads ``'Mesmer' and 'Druid' stand on overlapping bases ...``."""
    return message.removeprefix(f"{kept}: ").replace(kept, "the edited battlefield")


@router.post("/{name}/battlefield/edit", response_model=None)
async def edit(request: Request, name: str, asked: EditRequest) -> Response:
    game = _game(name)
    store = request.app.state.store
    picks = _picks(dict(asked.picks))

    def work() -> tuple[str, Any]:
        kept = kept_edit(
            store, asked.file, "battlefield", lambda document: edited(document, asked.edit)
        )
        kept_picks = {
            k: v
            for k, v in picks.items()
            if not (asked.edit.op == "delete" and v.casefold() == asked.edit.name.casefold())
        }
        try:
            return kept, (kept_picks, look(game, store, kept, kept_picks, overlay=asked.overlay))
        except Problem as refused:  # the edit refused by the game's reader of the new file
            said = unnamed(str(refused), kept)
            raise Problem(said, status=refused.status, field=refused.field) from None

    kept, (kept_picks, seen) = await worked_out(work)
    parts = templates().get_template("editor_parts.html")
    return JSONResponse(
        {
            "file": kept,
            "url": _link(game, kept, kept_picks, asked.overlay),
            "board": seen.board,
            "panel": parts.render(look=seen, picks=kept_picks, problem=""),
            "legend": templates().get_template("editor_legend.html").render(look=seen),
        }
    )
