"""``skirmish advise GAME``: the players' decisions solved."""

from skirmish.cli.commands.report import reporting

HELP = "Solve the players' choices as a game."
build = reporting("advise")
