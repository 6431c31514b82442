"""The application factory: routes, templates, static files, and the limits every request
is held to (body size, time, concurrent work) with one clear message when refused."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from skirmish.web.pages import Problem, templates
from skirmish.web.store import Store

BODY_BYTES = 320 * 1024
"""The largest request body: an uploaded data file (256 KiB at most, the data files'
own limit) with room for its form's other fields."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGI = Callable[[Scope, Receive, Send], Awaitable[None]]


class _TooLarge(Exception):
    pass


class BodyLimit:
    """Refuse a request body over ``most`` bytes with 413 and one line, whether its
    length is declared or streamed, before the application reads past the limit."""

    def __init__(self, app: ASGI, most: int = BODY_BYTES) -> None:
        self.app = app
        self.most = most

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.most):
            await self._refuse(scope, receive, send)
            return
        seen = 0
        over = refused = False

        async def counted() -> Message:
            nonlocal seen, over
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.most:
                over = True
                raise _TooLarge
            return message

        async def sending(message: Message) -> None:
            nonlocal refused
            if not over:
                await send(message)
            elif not refused:  # the application answered its own parse error: refuse instead
                refused = True
                await self._refuse(scope, receive, send)

        try:
            await self.app(scope, counted, sending)
        except _TooLarge:
            if not refused:
                await self._refuse(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        text = f"request body larger than {self.most // 1024} KiB; a data file is at most 256 KiB"
        await JSONResponse({"error": text}, status_code=413)(scope, receive, send)


def default_files() -> Path:
    """Where uploads are kept when ``skirmish serve --files`` is not given."""
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "skirmish" / "web"


def create_app(*, files: Path | None = None, sweeps: Path | None = None) -> FastAPI:
    """The application: every page and resource, uploads kept in ``files``, the sweep
    reports of the folder ``sweeps`` (none when not given)."""
    from skirmish import __version__
    from skirmish.web.routes import ROUTERS

    app = FastAPI(
        title="skirmish",
        version=__version__,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
    )
    app.state.store = Store(files or default_files())
    app.state.sweeps = sweeps
    static = Path(__file__).parent / "static"
    app.mount("/static", StaticFiles(directory=static), name="static")
    for router in ROUTERS:
        app.include_router(router)

    @app.exception_handler(Problem)
    async def problem(request: Request, error: Problem) -> Response:
        return refusal(request, error.status, str(error))

    @app.exception_handler(HTTPException)
    async def http_problem(request: Request, error: HTTPException) -> Response:
        text = "no such page" if error.status_code == 404 else str(error.detail)
        return refusal(request, error.status_code, text)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> Response:
        first = error.errors()[0] if error.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return refusal(request, 422, f"{where}: {first.get('msg', 'invalid request')}")

    app.add_middleware(BodyLimit)
    return app


def refusal(request: Request, status: int, text: str) -> Response:
    """A refused request: one line, as JSON for programs and as a small page for people."""
    wants_page = "text/html" in request.headers.get("accept", "")
    if not wants_page or request.query_params.get("format") == "json":
        return JSONResponse({"error": text}, status_code=status)
    page = templates().get_template("error.html").render(status=status, message=text)
    return HTMLResponse(page, status_code=status)


__all__ = ["BODY_BYTES", "BodyLimit", "create_app", "refusal"]
