"""``/{game}/fighters``: the game's bundled profiles (or an uploaded pack's), as
``skirmish fighters GAME`` lists them."""

from skirmish.web.asking import question_router

router = question_router("fighters")
