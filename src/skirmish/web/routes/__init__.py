"""One module per page or resource; :data:`ROUTERS` lists them for the application."""

from __future__ import annotations

from skirmish.web.routes import (
    advise,
    battlefield,
    battles,
    fighters,
    files,
    home,
    matchups,
    odds,
    sweeps,
    tiles,
)

ROUTERS = (
    home.router,
    files.router,
    battlefield.router,
    odds.router,
    advise.router,
    fighters.router,
    matchups.router,
    battles.router,
    sweeps.router,
    tiles.router,
)

__all__ = ["ROUTERS"]
