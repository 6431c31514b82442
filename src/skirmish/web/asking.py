"""The page of a question command (``odds``, ``advise``) for every game: the form made
from the command's options model, and the answer the URL asks for."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from skirmish.errors import SkirmishError
from skirmish.games import GAMES, find_game
from skirmish.web.answers import Answering, download, work
from skirmish.web.forms import (
    DOWNLOADS,
    PRESENTATION,
    SIDE_MOST,
    form_options,
    query_of,
    read_question,
)
from skirmish.web.pages import Problem, render, worked_out

TITLES = {
    "odds": "Odds",
    "advise": "Advice",
    "matchups": "Matchups",
    "fighters": "Profiles",
    "attack": "Attack",
    "scenarios": "Scenarios",
    "simulate": "Simulate",
}


def game_of(name: str, verb: str) -> Any:
    """The game named ``name`` (or an alias) that answers ``verb``; 404 otherwise."""
    try:
        info = find_game(name)
    except SkirmishError as error:
        raise Problem(str(error), status=404) from None
    game = info.load()
    if verb not in game.commands:
        having = [g.name for g in GAMES if verb in g.load().commands]
        raise Problem(
            f"{info.title} has no {verb} command; {verb} is for {', '.join(having)}", status=404
        )
    return game


def question_router(verb: str, answer: Answering | None = None) -> APIRouter:
    """The routes of ``verb``'s page: ``GET /{game}/{verb}`` with the question in the
    query string, ``?format=json`` for the command line's ``--json`` answer; ``answer``
    makes the report where the game has no method of the verb's name."""
    router = APIRouter()

    @router.get(f"/{{name}}/{verb}", response_model=None)
    async def page(request: Request, name: str) -> Response:
        game = game_of(name, verb)
        params = request.query_params.multi_items()
        kept = query_of(params)
        if len(kept) != len(params):  # a form's blank fields: the link keeps what was asked
            return RedirectResponse(f"{request.url.path}?{urlencode(kept)}", status_code=303)
        question = read_question(game, verb, kept)
        if not form_options(question.model):  # nothing to ask: the answer is the page
            question.asked = True
        store = request.app.state.store
        answers = None
        if question.download:
            content = await worked_out(lambda: download(question, store, answer))
            return Response(
                content,
                media_type=DOWNLOADS[question.download],
                headers={
                    "content-disposition": f'attachment; filename="{game.name}-{verb}'
                    f'{question.download}"'
                },
            )
        if not question.empty:
            try:
                answers = await worked_out(lambda: work(question, store, answer))
            except Problem as problem:
                if question.as_json:
                    body = {"error": str(problem)}
                    if problem.field:
                        body["option"] = problem.field
                    return JSONResponse(body, status_code=problem.status)
                question.problem, question.status = str(problem), problem.status
                question.problem_field = problem.field or ""
        if question.as_json:
            if answers is None:
                raise Problem(f"{verb} {game.name}: no question asked; give its options")
            return JSONResponse(answers.json)
        info = game.info
        page = render(
            "question.html",
            title=f"{TITLES[verb]}: {info.title}",
            game=info,
            games=GAMES,
            verb=verb,
            verbs={v: t for v, t in TITLES.items() if v in game.commands},
            downloads=[
                (
                    s.lstrip("."),
                    f"{request.url.path}?{urlencode([*kept, ('format', s.lstrip('.'))])}",
                )
                for s in DOWNLOADS
                if "output" in question.model.model_fields
                and s in (".csv",) + ((".png",) if answer is None else ())
            ],
            question=question,
            controls=question.controls(),
            answers=answers,
            presentation=PRESENTATION,
            side_most=SIDE_MOST,
            json_link=f"{request.url.path}?{urlencode([*kept, ('format', 'json')])}",
            fractions_link=_toggled(request.url.path, kept),
            back=str(request.url.path) + (f"?{request.url.query}" if request.url.query else ""),
        )
        return HTMLResponse(page, status_code=question.status)

    return router


def _toggled(path: str, kept: list[tuple[str, str]]) -> str:
    """The same question with exact fractions switched on or off."""
    has = any(k == "fractions" for k, _ in kept)
    others = [(k, v) for k, v in kept if k != "fractions"]
    return f"{path}?{urlencode(others if has else [*others, ('fractions', 'on')])}"


__all__ = ["TITLES", "game_of", "question_router"]
