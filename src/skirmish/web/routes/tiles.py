"""``/darkrealms/board``: the Dark Realms tile board, an optional table aid (ruling DR-12).

Figures stand on square or hex tiles; the page shows the distance in tiles between the
picked attacker and target and shades the tiles the picked card's attack reaches, all as
``games/darkrealms/board.py`` answers. Each placing, move or removal is sent to
``POST /darkrealms/board/edit``, which changes the board file's data, reads it back with
the board's reader (a figure off the board or on a taken tile is refused in one line) and
answers with the new file's name."""

from __future__ import annotations

from importlib import resources
from typing import Annotated, Any, Literal
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from skirmish.errors import SkirmishError
from skirmish.games import GAMES
from skirmish.web.asking import TITLES
from skirmish.web.editing import kept_edit
from skirmish.web.pages import Problem, render, worked_out
from skirmish.web.tiling import drawn

router = APIRouter()
PICKS = ("attacker", "target", "card", "figures")
Index = Annotated[int, Field(ge=0, le=99)]


class TileEdit(BaseModel):
    """``place`` a figure of the roster on a tile, ``move`` one there, ``delete`` one, or
    make the board's tiles ``square`` or ``hex`` (``op: tiles``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    op: Literal["place", "move", "delete", "tiles"]
    name: Annotated[str, Field(max_length=60)] = ""
    to: tuple[Index, Index] | None = None
    figure: Annotated[str, Field(max_length=60)] = ""
    side: Literal["heroes", "enemies"] = "heroes"
    tiles: Literal["hex", "square", "square-orthogonal"] = "hex"
    """For ``op: tiles``: hex, square (a diagonal step counts one) or square-orthogonal
    (four neighbours: a diagonal counts two), ruling DR-12."""


class TileEditRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    file: Annotated[str, Field(max_length=40)]
    edit: TileEdit
    figures: Annotated[str, Field(max_length=40)] = ""
    """An uploaded figures file (``--figures``), added to the sample roster."""


def _roster(store: Any, figures: str) -> Any:
    """The sample roster, with the figures and cards of the uploaded file ``figures`` (as
    ``--figures`` adds them) when one is named."""
    from skirmish.games import load_game

    path = store.path(figures, "--figures") if figures else None
    try:
        return load_game("darkrealms").roster(path)
    except SkirmishError as error:
        raise Problem(store.shown(str(error)), status=422, field="--figures") from None


def _board(store: Any, file: str, figures: str = "") -> Any:
    from skirmish.games.darkrealms.board import load_board

    path = store.path(file, "--file")
    roster = _roster(store, figures)
    try:
        return load_board(path, roster=roster)
    except SkirmishError as error:
        raise Problem(store.shown(str(error)), status=422) from None


def _facts(
    board: Any, picks: dict[str, str], roster: Any
) -> tuple[tuple[str, ...], tuple[Any, ...], Any]:
    from skirmish.games.darkrealms.attack import Situation, check
    from skirmish.games.darkrealms.board import RULING, range_chance, reach
    from skirmish.games.darkrealms.events import ACTION_CARD, RANGED

    facts: list[str] = []
    attacker = picks.get("attacker", "")
    target = picks.get("target", "")
    distance = None
    try:
        if attacker and target:
            a, b = board.standing(attacker), board.standing(target)
            distance = board.distance(a.tile, b.tile)
            facts.append(
                f"DR-3: {a.name} and {b.name} are {distance} tile{'s' * (distance != 1)} "
                f"apart ({board.shape.value} tiles"
                + (
                    f", a diagonal step counts {'one' if board.diagonals else 'two'}"
                    if board.shape.value == "square"
                    else ""
                )
                + ")"
            )
        reached: tuple[Any, ...] = ()
        if attacker and picks.get("card"):
            attack = roster.card(picks["card"])[0]
            reached = reach(board, attacker, attack)
            shown = "rolled" if attack.rolled_range else attack.range
            facts.append(
                f"{RULING}: {attack.name} ({attack.kind.value} attack"
                + (f", range {shown}" if shown is not None else "")
                + f") by {attacker} reaches {len(reached)} tiles; line of sight is not "
                "checked (the rules give none)"
            )
            if distance is not None and distance > 0:
                a, b = board.standing(attacker), board.standing(target)
                try:
                    check(Situation(a.figure, b.figure, attack, distance=distance))
                    facts.append(
                        f"{ACTION_CARD}: {attack.name} can be made against {b.name}"
                        + (
                            f"; {RANGED}: the range dice reach {distance} tiles with chance "
                            f"{range_chance(distance)}"
                            if attack.rolled_range
                            else ""
                        )
                    )
                except SkirmishError as refused:
                    facts.append(str(refused))
    except SkirmishError as error:
        raise Problem(str(error), status=422) from None
    return tuple(facts), reached, distance


def _link(file: str, picks: dict[str, str]) -> str:
    return "/darkrealms/board?" + urlencode([("file", file), *picks.items()])


@router.get("/darkrealms/board", response_model=None)
async def page(request: Request) -> Response:
    store = request.app.state.store
    params = dict(request.query_params)
    unknown = [k for k in params if k not in (*PICKS, "file")]
    if unknown:
        raise Problem(
            f"{unknown[0][:30]!r}: not something the tile board picks; expected one of "
            f"{', '.join(PICKS)}, file",
            status=400,
        )
    picks = {k: params[k] for k in PICKS if params.get(k, "").strip()}
    if "file" not in params:
        starter = resources.files("skirmish.web") / "starters" / "darkrealms-board.yaml"
        kept = store.keep(starter.read_bytes(), "tile board")
        return RedirectResponse(_link(kept, picks), status_code=303)
    file = params["file"]

    figures = picks.get("figures", "")

    def work() -> dict[str, Any]:
        board = _board(store, file, figures)
        roster = _roster(store, figures)
        try:
            facts, reached, distance = _facts(board, picks, roster)
            problem = ""
        except Problem as refused:
            facts, reached, distance, problem = (), (), None, str(refused)
        shown = (picks.get("attacker", ""), picks.get("target", ""))
        names = [p.name for p in board.figures]
        shown = (shown[0] if shown[0] in names else "", shown[1] if shown[1] in names else "")
        return {
            "roster": roster,
            "board": board,
            "svg": drawn(board, reached, shown),
            "facts": facts,
            "distance": distance,
            "problem": problem,
        }

    try:
        seen = await worked_out(work)
        status = 422 if seen["problem"] else 200
    except Problem as refused:
        if refused.field == "--figures":
            raise
        roster = await worked_out(lambda: _roster(store, figures))
        seen = {
            "roster": roster,
            "board": None,
            "svg": "",
            "facts": (),
            "distance": None,
            "problem": str(refused),
        }
        status = refused.status
    info = next(g for g in GAMES if g.name == "darkrealms")
    html = render(
        "tiles.html",
        title="Tile board: Dark Realms",
        game=info,
        games=GAMES,
        verbs={v: t for v, t in TITLES.items() if v in info.load().commands},
        file=file,
        picks=picks,
        cards=[c.name for c in seen["roster"].cards.items],
        figures=[f.name for f in seen["roster"].figures],
        without_figures=_link(file, {k: v for k, v in picks.items() if k != "figures"}),
        link=_link(file, picks),
        **seen,
    )
    return HTMLResponse(html, status_code=status)


def _edited(document: dict[str, Any], edit: TileEdit) -> dict[str, Any]:
    figures = document.setdefault("figures", [])
    if not isinstance(figures, list):
        raise SkirmishError("figures: expected a list of figures")
    found = next(
        (
            f
            for f in figures
            if isinstance(f, dict) and str(f.get("name", "")).casefold() == edit.name.casefold()
        ),
        None,
    )
    if edit.op == "tiles":
        document["tiles"] = "hex" if edit.tiles == "hex" else "square"
        if edit.tiles == "square-orthogonal":
            document["diagonals"] = False
        else:
            document.pop("diagonals", None)
    elif edit.op == "place":
        if edit.to is None:
            raise SkirmishError("place: say on which tile, as to: [column, row]")
        profile = edit.figure.strip() or edit.name.strip()
        taken = {str(f.get("name", "")).casefold() for f in figures if isinstance(f, dict)}
        name, number = profile, 1
        while name.casefold() in taken:
            number += 1
            name = f"{profile} {number}"
        entry: dict[str, Any] = {"name": name, "side": edit.side, "at": list(edit.to)}
        if name != profile:
            entry["figure"] = profile
        figures.append(entry)
    elif found is None:
        raise SkirmishError(f"{edit.op}: no figure named {edit.name!r} on the board")
    elif edit.op == "delete":
        figures.remove(found)
    else:
        if edit.to is None:
            raise SkirmishError(f"move {edit.name!r}: say to which tile, as to: [column, row]")
        found["at"] = list(edit.to)
    return document


@router.post("/darkrealms/board/edit", response_model=None)
async def edit(request: Request, asked: TileEditRequest) -> Response:
    store = request.app.state.store

    def work() -> str:
        kept = kept_edit(
            store, asked.file, "tile board", lambda document: _edited(document, asked.edit)
        )
        _board(store, kept, asked.figures)  # the board's reader refuses what cannot stand
        return kept

    kept = await worked_out(work)
    return JSONResponse({"file": kept})


@router.get("/darkrealms/board/save", response_model=None)
async def save(request: Request) -> Response:
    """The board stored as ``file``, with the comments of the file it was edited from."""
    from skirmish.web.commented import download

    return await download(request, "darkrealms-board.yaml")
