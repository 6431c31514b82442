"""``/``: every game and the tools the server has for it."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from skirmish.games import GAMES
from skirmish.web.asking import TITLES
from skirmish.web.pages import render
from skirmish.web.tabletop import editable

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> str:
    tools = []
    for info in GAMES:
        game = info.load()
        links = [(TITLES[verb], f"/{info.name}/{verb}") for verb in TITLES if verb in game.commands]
        if editable(game):
            links.append(("Battlefield editor", f"/{info.name}/battlefield"))
        if info.name == "darkrealms":
            links.append(("Tile board (a table aid)", "/darkrealms/board"))
        if game.battle is not None:
            links.append(("Play a battle", f"/{info.name}/battles"))
        tools.append((info, links))
    sweeps = request.app.state.sweeps is not None
    return render("home.html", title="skirmish", tools=tools, games=GAMES, sweeps=sweeps)
