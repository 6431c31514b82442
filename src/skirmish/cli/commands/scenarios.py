"""``skirmish scenarios GAME``: the scenarios a game's battles play, with player counts."""

from skirmish.cli.commands.report import reporting

HELP = "List the scenarios a game's battles play, with their player counts."
build = reporting("scenarios", "Printed")
