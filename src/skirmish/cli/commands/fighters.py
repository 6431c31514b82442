"""``skirmish fighters GAME``: a game's bundled profiles, with a user's file."""

from skirmish.cli.commands.report import reporting

HELP = "List a game's bundled fighter profiles."
build = reporting("fighters", "Printed")
