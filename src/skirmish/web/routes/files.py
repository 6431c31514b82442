"""``POST /files``: an uploaded pack or battlefield kept by its content, then back to the
page with the file named in its link."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import parse_qsl, urlencode, urlsplit

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import JSONResponse, RedirectResponse, Response

from skirmish import limits
from skirmish.web.pages import Problem

router = APIRouter()


@router.post("/files", response_model=None)
async def upload(
    request: Request,
    file: Annotated[UploadFile, File()],
    option: Annotated[str, Form(max_length=40)] = "",
    back: Annotated[str, Form(max_length=4000)] = "",
) -> Response:
    """Keep ``file``; with ``back`` (a page of this server) return there with ``option``
    naming it, else answer its name as JSON."""
    content = await file.read(limits.FILE_BYTES + 1)
    what = option or "data"
    name = request.app.state.store.keep(content, what)
    if not back:
        return JSONResponse({"name": name})
    parts = urlsplit(back)
    path = parts.path
    if (
        parts.scheme
        or parts.netloc
        or not path.startswith("/")
        or path.startswith("//")
        or "\\" in back
    ):
        raise Problem(f"back {back[:40]!r}: expected a page of this server", status=400)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != option]
    return RedirectResponse(f"{parts.path}?{urlencode([*query, (option, name)])}", status_code=303)


@router.get("/files/{name}", response_model=None)
async def download(request: Request, name: str) -> Response:
    """A kept file, downloaded as its YAML (the editor's "save")."""
    from fastapi.responses import PlainTextResponse

    path = request.app.state.store.path(name, "file")
    return PlainTextResponse(
        path.read_text(encoding="utf-8"),
        media_type="application/yaml",
        headers={"content-disposition": f'attachment; filename="{name}"'},
    )
