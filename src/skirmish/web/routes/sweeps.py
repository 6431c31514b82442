"""``/sweeps``: the reports of the balance sweeps in the folder given to ``skirmish serve
--sweeps DIR``.

The page only renders: every number is :func:`skirmish.ai.sweepreport.sweep_report`'s, the
DuckDB queries ``skirmish sweep report`` prints, and the downloads are that command's own
files (``-o report.csv``, ``.json``, ``.png``). Which folders are served is decided when
the server starts: a sweep is named in a link by its folder's name, looked up among the
sweeps the served folder holds, never joined onto a path, so no link can reach another
folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from skirmish.errors import SkirmishError
from skirmish.web.pages import Problem, render, worked_out

router = APIRouter()

FORMATS = ("html", "json", "csv", "png")
"""What a sweep's page gives: itself, or the file ``sweep report -o`` writes."""


def served_sweeps(root: Path | None) -> dict[str, Path]:
    """The sweeps ``root`` serves, by name: ``root`` itself when a sweep wrote it, else
    each of its folders a sweep wrote (their names as the links name them)."""
    if root is None:
        return {}
    if (root / "manifest.json").is_file():
        return {root.resolve().name or "sweep": root}
    try:
        children = sorted(root.iterdir())
    except OSError:
        return {}
    return {c.name: c for c in children if c.is_dir() and (c / "manifest.json").is_file()}


def _summary(name: str, folder: Path) -> dict[str, Any]:
    from skirmish.ai.sweepstore import holdings, read_manifest

    try:
        manifest = read_manifest(folder)
        batches = len(holdings(folder))  # each in its shard or in a part
    except SkirmishError as error:
        return {"name": name, "problem": str(error).replace(str(folder), name)}
    return {
        "name": name,
        "warbands": len(manifest.get("warbands", ())),
        "pairings": len(manifest.get("pairings", ())),
        "scenarios": ", ".join(manifest.get("scenarios", ())),
        "battles": manifest.get("battles"),
        "players": ", ".join(manifest.get("players", ())),
        "batches": batches,
    }


@router.get("/sweeps", response_class=HTMLResponse)
async def sweeps(request: Request) -> str:
    from skirmish.games import GAMES

    root = request.app.state.sweeps
    listed = [_summary(n, f) for n, f in served_sweeps(root).items()]
    return render("sweeps.html", title="Sweeps", games=GAMES, sweeps=listed, served=root)


def _top(request: Request, folder: Path) -> tuple[int, str]:
    """The ``top`` the link asks for, checked by ``sweep report``'s own options model."""
    from skirmish.ai.sweepreport import ReportOptions
    from skirmish.options import parse

    unknown = sorted(set(request.query_params) - {"top", "format"})
    if unknown:
        raise Problem(
            f"unknown parameter {unknown[0]!r}; a sweep's page takes top and format", status=422
        )
    given: dict[str, object] = {"folder": str(folder)}
    values = request.query_params.getlist("top")
    if len(values) > 1:
        return 10, f"--top given {len(values)} times; give it once"
    if values and values[0] != "":
        given["top"] = values[0]
    try:
        return parse(ReportOptions, given).top, ""
    except SkirmishError as error:
        return 10, str(error)


@router.get("/sweeps/{name}")
async def sweep(request: Request, name: str) -> Response:
    from skirmish.games import GAMES

    folder = served_sweeps(request.app.state.sweeps).get(name)
    if folder is None:
        raise Problem(
            f"no sweep named {name!r} is served here; see /sweeps for those that are",
            status=404,
        )
    shape = request.query_params.get("format", "html")
    if shape not in FORMATS:
        raise Problem(f"format {shape!r}: a sweep's page gives {', '.join(FORMATS)}", status=422)
    top, problem = _top(request, folder)
    if problem and shape != "html":
        raise Problem(problem, status=422)
    report, found, shown = await worked_out(lambda: _reported(folder, name, top))
    if shape == "json":
        return JSONResponse(report.data)
    if shape in ("csv", "png"):
        return await _download(found, name, shape)
    from skirmish.web.answers import answer_of
    from skirmish.web.charts import ranked, sweep_matrix

    page = render(
        "sweep.html",
        title=f"Sweep {name}",
        games=GAMES,
        sweep=name,
        top=request.query_params.get("top", ""),
        problem=problem,
        answer=answer_of(report, "", False),
        charts=(sweep_matrix(report.data), ranked(report.data["fighters"])),
        shown=shown,
    )
    return HTMLResponse(page, status_code=422 if problem else 200)


def _reported(folder: Path, name: str, top: int) -> tuple[Any, Any, int]:
    from skirmish.ai.sweepreport import sweep_report

    try:
        report, found = sweep_report(folder, top=top, name=name)
    except SkirmishError as error:
        raise Problem(str(error).replace(str(folder), name), status=409) from None
    return report, found, top


async def _download(found: Any, name: str, shape: str) -> Response:
    from skirmish.ai.sweepreport import matrix_csv, png_bytes

    if shape == "csv":
        content, kind = matrix_csv(found).encode(), "text/csv; charset=utf-8"
    else:
        content, kind = await worked_out(lambda: png_bytes(found)), "image/png"
    return Response(
        content,
        media_type=kind,
        headers={"Content-Disposition": f'attachment; filename="{name}-report.{shape}"'},
    )
