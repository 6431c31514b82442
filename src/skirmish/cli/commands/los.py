"""``skirmish los GAME FILE``: what a battlefield decides between two of its pieces."""

from skirmish.cli.commands.report import reporting

HELP = "Sight, line of attack, range and cover on a battlefield."
build = reporting("los", "Printed")
