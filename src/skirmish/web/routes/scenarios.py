"""``/{game}/scenarios``: the scenarios a game's battles play, as ``skirmish scenarios
GAME`` lists them."""

from skirmish.web.asking import question_router

router = question_router("scenarios")
