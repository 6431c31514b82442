"""``skirmish matchups GAME``: every attack against every fighter, solved."""

from skirmish.cli.commands.report import reporting

HELP = "Equilibrium values of every attack against every fighter."
build = reporting("matchups")
