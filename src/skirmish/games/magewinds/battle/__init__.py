"""Magewinds battles: the whole core rules (1.2.0) as a battle that can be played, undone,
saved and replayed. See :mod:`skirmish.engine.battle` for the game-independent parts."""

# the abilities, the scenarios' catalogue and the view answer the kernel's hooks
# (:mod:`.hooks`) as they are imported, here, before any battle is played
from skirmish.games.magewinds.battle import abilities, view  # noqa: F401
from skirmish.games.magewinds.battle.catalogue import SCENARIOS, find_scenario
from skirmish.games.magewinds.battle.game import GAME, result_of, start_battle
from skirmish.games.magewinds.battle.position import replay_record, start_position
from skirmish.games.magewinds.battle.scenarios import Scenario
from skirmish.games.magewinds.battle.setup import Building, Length, Options, Setup, new_setup
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.battle.tables import (
    bundled_names,
    bundled_table,
    find_table,
    random_table,
)

__all__ = [
    "GAME",
    "SCENARIOS",
    "Battle",
    "Building",
    "Length",
    "Options",
    "Scenario",
    "Setup",
    "bundled_names",
    "bundled_table",
    "find_scenario",
    "find_table",
    "new_setup",
    "random_table",
    "replay_record",
    "result_of",
    "start_battle",
    "start_position",
]
