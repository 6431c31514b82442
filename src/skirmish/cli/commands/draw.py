"""``skirmish draw GAME FILE -o PICTURE``: a battlefield drawn to scale."""

from skirmish.cli.commands.report import reporting

HELP = "Draw a battlefield to scale, with what the rules decide on it."
build = reporting("draw", "Quiet")
