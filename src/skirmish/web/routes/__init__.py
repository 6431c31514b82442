"""One module per page or resource; :data:`ROUTERS` lists them for the application."""

from __future__ import annotations

from skirmish.web.routes import (
    advise,
    attack,
    battlefield,
    battles,
    fighters,
    files,
    home,
    matchups,
    odds,
    scenarios,
    simulate,
    sweeps,
    tiles,
)

ROUTERS = (
    home.router,
    files.router,
    battlefield.router,
    odds.router,
    advise.router,
    attack.router,
    fighters.router,
    matchups.router,
    scenarios.router,
    simulate.router,
    battles.router,
    sweeps.router,
    tiles.router,
)

__all__ = ["ROUTERS"]
