"""Every scenario of the Into the Tempest pack, by id, and the other page versions a
table may choose (``--scenario-version``)."""

from __future__ import annotations

from skirmish.errors import UnknownName
from skirmish.games.magewinds.battle.fragment_markers import FRAGMENT_FRENZY_V130
from skirmish.games.magewinds.battle.fragments import FRAGMENT_FRENZY
from skirmish.games.magewinds.battle.holdtheline import HOLD_THE_LINE
from skirmish.games.magewinds.battle.hooks import SCENARIOS as HOOKS
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


"""Each scenario at the page version played by default (the latest published)."""
OLDER: tuple[Scenario, ...] = (FRAGMENT_FRENZY_V130,)
"""Earlier page versions a table may choose instead (ruling MB-28)."""
VERSIONS: tuple[Scenario, ...] = tuple(
    v for s in SCENARIOS for v in (s, *(o for o in OLDER if o.id == s.id))
)
"""Every playable version of every scenario, each default first."""


def find_scenario(name: str, version: str | None = None) -> Scenario:
    """A scenario by its id (``deathmatch``, ``king-of-the-hill``...) or name, any case,
    at its page ``version`` (None: the default one)."""
    wanted = name.strip().casefold().replace(" ", "-")
    for scenario in SCENARIOS:
        if wanted in (scenario.id, scenario.name.casefold().replace(" ", "-")):
            if version is None:
                return scenario
            versions = [v for v in VERSIONS if v.id == scenario.id]
            for played in versions:
                if version.strip().removeprefix("v") == version_number(played):
                    return played
            raise UnknownName(
                f"version of {scenario.name}", version, [version_number(v) for v in versions]
            )
    raise UnknownName("scenario", name, [s.id for s in SCENARIOS])


def version_number(scenario: Scenario) -> str:
    """The page version alone (``1.3.1``), without any note."""
    return scenario.version.split()[0]


def players_text(scenario: Scenario) -> str:
    """``2`` or ``3-4``."""
    counts = scenario.players
    return str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"


def _listed() -> tuple[Scenario, ...]:
    return SCENARIOS


HOOKS.find = find_scenario
HOOKS.listed = _listed
