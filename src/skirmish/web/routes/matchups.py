"""``/{game}/matchups``: every attack against every fighter as a heat map, as ``skirmish
matchups GAME`` answers, with its CSV, JSON and PNG to download."""

from skirmish.web.asking import question_router

router = question_router("matchups")
