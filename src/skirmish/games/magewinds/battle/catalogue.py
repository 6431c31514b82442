"""Every scenario of the Into the Tempest pack, by id."""

from __future__ import annotations

from skirmish.errors import UnknownName
from skirmish.games.magewinds.battle.fragments import FRAGMENT_FRENZY
from skirmish.games.magewinds.battle.holdtheline import HOLD_THE_LINE
from skirmish.games.magewinds.battle.royale import BATTLE_ROYALE
from skirmish.games.magewinds.battle.scenarios import DEATHMATCH, KING_OF_THE_HILL, Scenario
from skirmish.games.magewinds.battle.treasure import THE_PRIZE, TREASURE_CLASH, TREASURE_DASH

SCENARIOS: tuple[Scenario, ...] = (
    DEATHMATCH,
    KING_OF_THE_HILL,
    THE_PRIZE,
    TREASURE_DASH,
    FRAGMENT_FRENZY,
    HOLD_THE_LINE,
    BATTLE_ROYALE,
    TREASURE_CLASH,
)


def find_scenario(name: str) -> Scenario:
    """A scenario by its id (``deathmatch``, ``king-of-the-hill``...) or name, any case."""
    wanted = name.strip().casefold().replace(" ", "-")
    for scenario in SCENARIOS:
        if wanted in (scenario.id, scenario.name.casefold().replace(" ", "-")):
            return scenario
    raise UnknownName("scenario", name, [s.id for s in SCENARIOS])


def players_text(scenario: Scenario) -> str:
    """``2`` or ``3-4``."""
    counts = scenario.players
    return str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
