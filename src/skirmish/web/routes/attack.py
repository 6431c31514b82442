"""``/{game}/attack``: one attack refereed with a seed, asking at each choice, as
``skirmish attack GAME`` does at a terminal; the link holds the options, the seed and the
choices made, so it replays the same log."""

from __future__ import annotations

from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from skirmish.games import GAMES
from skirmish.web.asking import TITLES, game_of
from skirmish.web.forms import query_of
from skirmish.web.pages import Problem, render, worked_out
from skirmish.web.refereeing import Refereed, new_seed, read_attack, referee

router = APIRouter()


@router.get("/{name}/attack", response_model=None)
async def attack_page(request: Request, name: str) -> Response:
    game = game_of(name, "attack")
    path = request.url.path
    params = request.query_params.multi_items()
    kept = query_of(params)
    if len(kept) != len(params):  # a form's blank fields: the link keeps what was asked
        return RedirectResponse(f"{path}?{urlencode(kept)}", status_code=303)
    attack = read_attack(game, kept)
    question = attack.question
    asked = not question.empty or attack.seed_text != ""
    if asked and attack.seed is None and not question.problem:  # a fresh seed, kept in the link
        attack.seed = new_seed()
        extra = [("format", "json")] if question.as_json else []
        return RedirectResponse(f"{path}?{urlencode([*attack.query(), *extra])}", status_code=303)
    refereed: Refereed | None = None
    if asked and not question.problem:
        try:
            refereed = await worked_out(lambda: referee(attack, request.app.state.store, path))
        except Problem as problem:
            question.problem, question.status = str(problem), problem.status
            question.problem_field = problem.field or ""
    if refereed is not None and refereed.asked is not None and refereed.asked.problem:
        question.status = 422  # the choice is refused beside the decision's options
        if question.as_json:
            body = {"error": refereed.asked.problem, "option": "choose"}
            return JSONResponse(body, status_code=422)
    if question.as_json:
        if question.problem:
            body = {"error": question.problem}
            if question.problem_field:
                body["option"] = question.problem_field
            return JSONResponse(body, status_code=question.status)
        if refereed is None:
            raise Problem(f"attack {game.name}: no attack asked; give its options")
        return JSONResponse(refereed.json)
    info = game.info
    query = attack.query()
    page = render(
        "attack.html",
        title=f"{TITLES['attack']}: {info.title}",
        game=info,
        games=GAMES,
        verb="attack",
        verbs={v: t for v, t in TITLES.items() if v in game.commands},
        question=question,
        controls=attack.controls(),
        refereed=refereed,
        json_link=f"{path}?{urlencode([*query, ('format', 'json')])}",
        undo_link=f"{path}?{urlencode(attack.query(refereed.made[:-1] if refereed else []))}",
        back=f"{path}?{urlencode(query)}" if query else path,
    )
    return HTMLResponse(page, status_code=question.status)


__all__ = ["router"]
