"""``/magewinds/battles``: Magewinds played in the browser.

``GET /magewinds/battles`` lists the battles and offers a new one (the form made from
``skirmish play``'s own options); ``POST`` starts it and shows each seat's secret link.
``/magewinds/battles/{id}/{token}`` is one seat's page (or the spectators'): its state as
JSON (``/state``), actions (``/act``), take-backs (``/undo``), the greedy player's hint
(``/hint``) and a stream of server-sent events saying the battle changed (``/events``).
``/magewinds/battles/{id}/{token}/replay`` steps through the battle as public record.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated, Any

import anyio.to_thread
from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from skirmish.errors import SkirmishError
from skirmish.web.forms import Question
from skirmish.web.pages import Problem, in_core, render, worked_out
from skirmish.web.seen import hint, paid, pointed, shown
from skirmish.web.tables import SPECTATOR, Table, Tables, at_step

router = APIRouter()

BATTLEFIELD_FILE = "battlefield_file"
"""The new battle form's upload of a battlefield YAML file (``--battlefield FILE``)."""

LEFT_OUT = ("save", "resume")
"""``play`` options the page does not offer: every battle here is saved by the server,
and resumed from its list."""

EVENT_SECONDS = 0.2
"""How often an event stream looks for a change."""

STREAM_SECONDS = 600.0
"""How long one event stream stays open; the page opens another."""


class ActRequest(BaseModel):
    """An action of the seat: its text, a position group and the clicked point, or a
    payment group and the cards picked from the hand."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    steps: Annotated[int, Field(ge=0, le=1_000_000)]
    action: Annotated[str, Field(max_length=300)] | None = None
    group: Annotated[str, Field(max_length=2000)] | None = None
    point: tuple[float, float] | None = None
    pay: Annotated[str, Field(max_length=2000)] | None = None
    cards: Annotated[tuple[Annotated[str, Field(max_length=4)], ...], Field(max_length=20)] = ()


class StepsRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    steps: Annotated[int, Field(ge=0, le=1_000_000)]


class PlayOnRequest(BaseModel):
    """A new battle from a finished one's step ``steps``, with its players (``play``'s
    ``--players``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    steps: Annotated[int, Field(ge=0, le=1_000_000)]
    players: Annotated[str, Field(max_length=100)] = "human,random"


def _game() -> Any:
    from skirmish.games import GAMES

    return next(info for info in GAMES if info.name == "magewinds").load()


def tables(request: Request) -> Tables:
    found = getattr(request.app.state, "tables", None)
    if found is None:
        found = Tables(request.app.state.store.folder / "battles")
        request.app.state.tables = found
    assert isinstance(found, Tables)
    return found


def _seat(request: Request, battle: str, token: str) -> tuple[Table, int]:
    table = tables(request).get(battle)
    return table, table.seat(token)


def _controls(question: Question) -> list[Any]:
    return [c for c in question.controls() if c.option.name not in LEFT_OUT]


def _listing(request: Request, question: Question, problem: Problem | None) -> HTMLResponse:
    """The battles page: the new battle form asking ``question``, the battles listed, and
    the refusal ``problem`` (with its status) if any."""
    from skirmish.games import GAMES

    page = render(
        "battles.html",
        title="Magewinds battles",
        games=GAMES,
        controls=_controls(question),
        listed=tables(request).listed(),
        problem="" if problem is None else str(problem),
    )
    return HTMLResponse(page, status_code=200 if problem is None else problem.status)


@router.get("/magewinds/battles", response_class=HTMLResponse)
async def battles(request: Request) -> HTMLResponse:
    question = Question(_game(), "play", given={"length": ["quick"]})
    offered = {c.name for c in _controls(question)}
    linked: dict[str, list[str]] = {}  # a form filled by a link (the editor's "Start a battle")
    for key, value in request.query_params.multi_items():
        if key not in offered:
            raise Problem(f"{key[:30]!r}: no such option of a new battle", status=400)
        linked.setdefault(key, []).append(value)
    question.given.update(linked)
    return _listing(request, question, None)


@router.post("/magewinds/battles")
async def new_battle(request: Request) -> Any:
    """Start a battle from the form (``play``'s options), then show its seats' links."""

    form = await request.form()
    question = Question(_game(), "play")
    offered = {c.name: c for c in _controls(question)}
    store = request.app.state.store
    uploaded: bytes | None = None
    name = ""
    for key, value in form.multi_items():
        if key == BATTLEFIELD_FILE:
            if not isinstance(value, str):
                uploaded = await value.read()
            continue
        if not isinstance(value, str):
            raise Problem(f"{key[:30]!r}: no file is uploaded for this option", status=400)
        if key not in offered:
            raise Problem(f"{key[:30]!r}: no such option of a new battle", status=400)
        if value.strip():
            question.given.setdefault(key, []).append(value.strip())
    try:
        if uploaded:  # kept by its content's hash, read by the game's own reader
            name = store.keep(uploaded, "battlefield")
            question.given["battlefield"] = [name]
        options = _stored_battlefield(question.options(store), store)
        try:
            table = await worked_out(lambda: tables(request).create(options))
        except Problem:
            raise
        except SkirmishError as error:  # the rules' own refusal of a setup
            said = store.shown(str(error))
            if name:
                said = said.replace(name, "the uploaded battlefield file")
            raise Problem(said, status=422) from None
    except Problem as problem:
        if "json" in request.headers.get("accept", ""):
            raise
        return _listing(request, question, problem)
    links = _links(table)
    if "json" in request.headers.get("accept", ""):
        return JSONResponse({"battle": table.id, **links})
    return RedirectResponse(f"/magewinds/battles/{table.id}/{table.spectator}/seats", 303)


def _stored_battlefield(options: Any, store: Any) -> Any:
    """``options`` with a battlefield named by an uploaded file's name read from the
    server's store; any other file name is refused, so no form reads a file of the
    server's own disk."""
    from skirmish.games.magewinds.battle import bundled_names
    from skirmish.web.store import NAME

    chosen = options.battlefield
    if chosen is None or chosen == "random" or chosen in bundled_names():
        return options
    if not NAME.fullmatch(chosen):
        raise Problem(
            f"--battlefield {chosen[:40]!r}: a bundled battlefield ({', '.join(bundled_names())}),"
            " 'random', or an uploaded file's name (16 hex digits and .yaml; 'Start a battle' "
            "in the battlefield editor gives one)",
            status=422,
            field="--battlefield",
        )
    found = store.path(chosen, "--battlefield")
    return options.model_copy(update={"battlefield": str(found)})


@router.post("/magewinds/battles/upload")
async def upload_record(request: Request) -> Any:
    """A saved battle record uploaded: replayed through the rules and listed as a new
    battle (its replay, or its seats when it is not over); a record the rules refuse is
    answered with one line naming it (422), and nothing is kept."""

    form = await request.form()
    upload = form.get("record")
    try:
        if upload is None or isinstance(upload, str):
            raise Problem("record: choose a saved battle record (.json) to upload", status=400)
        content = await upload.read()
        if not content.strip():
            raise Problem("record: the file is empty; expected a saved battle record (JSON)")
        table = await worked_out(lambda: tables(request).adopt(content))
    except Problem as problem:
        if "json" in request.headers.get("accept", ""):
            raise
        return _listing(request, Question(_game(), "play", given={"length": ["quick"]}), problem)
    links = _links(table)
    if "json" in request.headers.get("accept", ""):
        return JSONResponse({"battle": table.id, "over": table.battle.result is not None, **links})
    where = "replay" if table.battle.result is not None else "seats"
    return RedirectResponse(f"/magewinds/battles/{table.id}/{table.spectator}/{where}", 303)


def _links(table: Table) -> dict[str, Any]:
    base = f"/magewinds/battles/{table.id}"
    return {
        "seats": [f"{base}/{token}" for token in table.tokens],
        "spectator": f"{base}/{table.spectator}",
    }


@router.get("/magewinds/battles/{battle}/{token}/seats", response_class=HTMLResponse)
async def seats(request: Request, battle: str, token: str) -> str:
    """Each seat's link, shown once to whoever started the battle (its spectators' link)."""
    from skirmish.games import GAMES

    table, seat = _seat(request, battle, token)
    if seat != SPECTATOR:
        raise Problem("the seats' links are shown on the spectators' link only", status=403)
    return render(
        "battle_seats.html",
        title="Magewinds battle: the seats",
        games=GAMES,
        table=table,
        links=_links(table),
        kinds=table.session.kinds,
    )


@router.get("/magewinds/battles/{battle}/{token}/links")
async def links(request: Request, battle: str, token: str) -> JSONResponse:
    """Each seat's link and its kind of player, for the spectators' link only: the one
    who started the battle holds it, and a hot-seat page passes the device with it."""
    table, seat = _seat(request, battle, token)
    if seat != SPECTATOR:
        raise Problem("the seats' links are given on the spectators' link only", status=403)
    return JSONResponse({**_links(table), "kinds": list(table.session.kinds)})


@router.get("/magewinds/battles/{battle}/{token}", response_class=HTMLResponse)
async def page(request: Request, battle: str, token: str) -> str:
    from skirmish.games import GAMES

    table, seat = _seat(request, battle, token)
    state = await worked_out(lambda: shown(table, seat))
    return render(
        "battle.html",
        title=f"Magewinds: {state['scenario']}",
        games=GAMES,
        state=state,
        battle=battle,
        token=token,
    )


@router.get("/magewinds/battles/{battle}/{token}/state")
async def state(request: Request, battle: str, token: str) -> JSONResponse:
    table, seat = _seat(request, battle, token)
    return JSONResponse(await worked_out(lambda: shown(table, seat)))


@router.post("/magewinds/battles/{battle}/{token}/act")
async def act(request: Request, battle: str, token: str, body: ActRequest) -> JSONResponse:
    """The seat's action (or a position group and the clicked point): refused with the
    rules' message (400), as stale or out of turn (409); then the computer seats play on."""
    table, seat = _seat(request, battle, token)
    if seat == SPECTATOR:
        raise Problem("a spectator's link does not act", status=403)
    saved = tables(request)

    def work() -> dict[str, Any]:
        if body.action is not None:
            action = body.action
        elif body.group is not None and body.point is not None:
            action = pointed(table.battle, seat, body.group, *body.point)
        elif body.pay is not None and body.cards:
            action = paid(table.battle, seat, body.pay, body.cards)
        else:
            raise Problem(
                "give an action, a group and the point clicked, or a payment and its cards",
                status=400,
            )
        saved.act(table, seat, action, body.steps)
        return shown(table, seat)

    await worked_out(work)
    await anyio.to_thread.run_sync(in_core, lambda: saved.play_computers(table))
    return JSONResponse(await worked_out(lambda: shown(table, seat)))


@router.post("/magewinds/battles/{battle}/{token}/undo")
async def undo(request: Request, battle: str, token: str, body: StepsRequest) -> JSONResponse:
    table, seat = _seat(request, battle, token)
    if seat == SPECTATOR:
        raise Problem("a spectator's link does not take anything back", status=403)
    saved = tables(request)

    def work() -> dict[str, Any]:
        said = saved.undo(table, seat, body.steps)
        return {**shown(table, seat), "said": said}

    return JSONResponse(await worked_out(work))


@router.get("/magewinds/battles/{battle}/{token}/hint")
async def hinted(request: Request, battle: str, token: str) -> JSONResponse:
    table, seat = _seat(request, battle, token)
    if seat == SPECTATOR:
        raise Problem("a spectator's link has no decision to hint", status=403)
    return JSONResponse({"hint": await worked_out(lambda: hint(table, seat))})


@router.get("/magewinds/battles/{battle}/{token}/aim")
async def aim(
    request: Request,
    battle: str,
    token: str,
    attacker: Annotated[str, Query(max_length=60)],
    target: Annotated[str, Query(max_length=60)],
    attack: Annotated[str | None, Query(max_length=60)] = None,
) -> JSONResponse:
    """The line of attack, cover, range, exact odds and the advisor's mixes of one attack
    on the battlefield now, with no hand in it: the same for every link of the battle
    (see :mod:`skirmish.web.aiming`)."""
    from skirmish.web.aiming import aimed

    table, _ = _seat(request, battle, token)
    return JSONResponse(await worked_out(lambda: aimed(table, attacker, target, attack)))


@router.get("/magewinds/battles/{battle}/{token}/events")
async def events(request: Request, battle: str, token: str) -> StreamingResponse:
    """Server-sent events: ``changed`` with the battle's holding and count of changes
    each time it changes (nothing else: the page then asks for its own seat's state)."""
    _seat(request, battle, token)
    saved = tables(request)

    async def stream() -> AsyncIterator[str]:
        last: tuple[str, int] | None = None
        waited = 0.0
        while waited < STREAM_SECONDS:
            table = saved.held(battle)
            if table is None:  # dropped from memory meanwhile: read back off the event loop
                table = await anyio.to_thread.run_sync(in_core, lambda: saved.get(battle))
            if (table.epoch, table.changed) != last:
                last = (table.epoch, table.changed)
                yield f"event: changed\ndata: {table.epoch} {table.changed}\n\n"
            if await request.is_disconnected():
                return
            await asyncio.sleep(EVENT_SECONDS)
            waited += EVENT_SECONDS

    return StreamingResponse(
        stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"}
    )


def _over(table: Table, what: str) -> None:
    """The whole record (every hand, every face-down choice) only once the battle is over."""
    if table.battle.result is None:
        raise Problem(
            f"{what}: the battle is still being played; its record holds every hand, so it "
            "is given once the battle is over",
            status=403,
        )


@router.get("/magewinds/battles/{battle}/{token}/replay", response_class=HTMLResponse)
async def replay(request: Request, battle: str, token: str) -> str:
    """The battle step by step, as a spectator sees it: a slider over every step."""
    from skirmish.games import GAMES

    table, _ = _seat(request, battle, token)
    state = await worked_out(lambda: shown(at_step(table, table.steps), SPECTATOR))
    return render(
        "replay.html",
        title=f"Replay: {state['scenario']}",
        games=GAMES,
        state=state,
        battle=battle,
        token=token,
        over=table.battle.result is not None,
    )


@router.get("/magewinds/battles/{battle}/{token}/replay/{steps}")
async def replay_step(request: Request, battle: str, token: str, steps: int) -> JSONResponse:
    """What a spectator saw after the battle's first ``steps`` steps."""
    table, _ = _seat(request, battle, token)
    return JSONResponse(await worked_out(lambda: shown(at_step(table, steps), SPECTATOR)))


@router.get("/magewinds/battles/{battle}/{token}/record")
async def record(request: Request, battle: str, token: str) -> Any:
    """The battle record ``skirmish replay`` reads, once the battle is over."""
    from fastapi.responses import FileResponse

    table, _ = _seat(request, battle, token)
    _over(table, "record")
    path = tables(request).record_path(table.id)
    return FileResponse(path, media_type="application/json", filename=f"battle-{table.id}.json")


@router.post("/magewinds/battles/{battle}/{token}/playon")
async def play_on(request: Request, battle: str, token: str, body: PlayOnRequest) -> JSONResponse:
    """A new battle from step ``steps`` of a finished one: its seats' links."""
    from skirmish.games.magewinds.battle.session import parse_players

    table, _ = _seat(request, battle, token)
    _over(table, "play on")

    def work() -> Table:
        kinds = parse_players(body.players, table.battle.players)
        return tables(request).play_on(table, body.steps, kinds)

    try:
        new = await worked_out(work)
    except Problem:
        raise
    except SkirmishError as error:  # play's own refusal of --players
        raise Problem(str(error), status=422) from None
    seats_page = f"/magewinds/battles/{new.id}/{new.spectator}/seats"
    return JSONResponse({"battle": new.id, **_links(new), "page": seats_page})


__all__ = ["router"]
