"""``/{game}/simulate``: many seeded battles between computer players and the wins counted,
as ``skirmish simulate GAME`` counts them, within a page's budget
(:mod:`skirmish.web.simulating`); the link replays the same battles."""

from skirmish.web.asking import question_router
from skirmish.web.simulating import simulated

router = question_router("simulate", simulated)
