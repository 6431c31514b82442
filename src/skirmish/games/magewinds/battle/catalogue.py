"""Every scenario of the Into the Tempest pack, by id, and the other page versions a
table may choose (``--scenario-version``)."""

from __future__ import annotations

from skirmish.games.magewinds.battle.fragment_markers import FRAGMENT_FRENZY_V130
from skirmish.games.magewinds.battle.fragments import FRAGMENT_FRENZY
from skirmish.games.magewinds.battle.holdtheline import HOLD_THE_LINE
from skirmish.games.magewinds.battle.hooks import SCENARIOS as HOOKS
from skirmish.games.magewinds.battle.royale import BATTLE_ROYALE
from skirmish.games.magewinds.battle.scenarios import DEATHMATCH, KING_OF_THE_HILL, Scenario
from skirmish.games.magewinds.battle.treasure import THE_PRIZE, TREASURE_CLASH, TREASURE_DASH
from skirmish.games.magewinds.scenario_pages import find_page, players_text, version_number

__all__ = [
    "OLDER",
    "SCENARIOS",
    "VERSIONS",
    "find_scenario",
    "players_text",
    "version_number",
]

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
    at its page ``version`` (None: the default one): its page found in
    :data:`~skirmish.games.magewinds.scenario_pages.PAGES`, played by its rules here."""
    page = find_page(name, version)
    return next(v for v in VERSIONS if v.id == page.id and v.version == page.version)


def _listed() -> tuple[Scenario, ...]:
    return SCENARIOS


HOOKS.find = find_scenario
HOOKS.listed = _listed
