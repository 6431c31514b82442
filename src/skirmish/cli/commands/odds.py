"""``skirmish odds GAME``: exact odds of an attack."""

from skirmish.cli.commands.report import reporting

HELP = "Exact odds of an attack."
build = reporting("odds")
