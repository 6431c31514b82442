"""``/{game}/advise``: the players' choices solved, as ``skirmish advise GAME`` answers."""

from skirmish.web.asking import question_router

router = question_router("advise")
