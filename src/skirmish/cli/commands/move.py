"""``skirmish move GAME FILE``: whether a move on a battlefield is legal."""

from skirmish.cli.commands.report import reporting

HELP = "Check a move on a battlefield."
build = reporting("move", "Printed")
