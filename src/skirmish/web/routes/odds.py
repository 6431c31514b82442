"""``/{game}/odds``: the exact odds of an attack, as ``skirmish odds GAME`` answers."""

from skirmish.web.asking import question_router

router = question_router("odds")
