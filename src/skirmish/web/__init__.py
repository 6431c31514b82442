"""The web adapter: ``skirmish serve``'s pages, a thin edge like the command line.

:func:`skirmish.web.app.create_app` builds the FastAPI application: one route module per
page or resource in :mod:`skirmish.web.routes`, Jinja2 templates and vendored static
files shipped as package data (no CDN, no build step). Pages ask the games exactly what
the command line asks (:mod:`skirmish.options` models, ``Game.odds``/``advise``/``los``),
and draw their answers as server-made SVG whose elements carry roles and ``data-``
attributes. Nothing here decides a rule.
"""
