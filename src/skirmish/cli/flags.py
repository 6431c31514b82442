"""The presentation flags every command shares, worded once."""

from __future__ import annotations

from typing import Annotated

from skirmish.options import Flag, Options, Seed

OUTPUT = "Output"


class Printed(Options):
    """Commands that print an answer."""

    as_json: Annotated[
        bool, Flag("Print JSON instead of a table.", name="--json", group=OUTPUT)
    ] = False


class Numbers(Printed):
    """Commands that print probabilities and expected values."""

    fractions: Annotated[
        bool, Flag("Print exact fractions instead of decimals and percentages.", group=OUTPUT)
    ] = False


class Seeded(Printed):
    """The referee: a seed for the dice."""

    seed: Annotated[
        Seed | None,
        Flag("Seed for the dice; the same seed gives the same log.", metavar="N", group=OUTPUT),
    ] = None


class Quiet(Options):
    """Commands that only write a file."""
