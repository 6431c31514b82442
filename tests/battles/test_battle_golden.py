"""Golden battles: recorded random-versus-random battles, replayed and their logs diffed.

Set ``SKIRMISH_UPDATE_GOLDEN=1`` to record them again after an intended change, then read
the diff of the ``.log`` files before committing them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skirmish.engine.battle import History, RandomPlayer, load_record, play_out, to_record
from skirmish.games.magewinds.battle import (
    bundled_table,
    new_setup,
    replay_record,
    result_of,
    start_battle,
)
from skirmish.games.magewinds.battle.catalogue import find_scenario
from skirmish.games.magewinds.battle.state import Battle

GOLDEN = Path(__file__).parents[1] / "golden"
CASES = {
    "magewinds-battle-deathmatch": (
        "deathmatch",
        [["Wizard", "Cleric", "Guardian", "Witch"], ["Druid", "Mesmer", "Seer", "Deadeye"]],
        "ruined-chapel",
        7,
    ),
    "magewinds-battle-king-of-the-hill": (
        "king-of-the-hill",
        [["Enchanter", "Seer", "Wizard", "Druid"], ["Witch", "Mesmer", "Cleric", "Guardian"]],
        "stone-circle",
        3,
    ),
    "magewinds-battle-the-prize": (
        "the-prize",
        [["Wizard", "Cleric"], ["Druid", "Seer"]],
        "stone-circle",
        5,
    ),
    "magewinds-battle-treasure-dash": (
        "treasure-dash",
        [["Witch", "Guardian"], ["Mesmer", "Deadeye"]],
        "stone-circle",
        2,
    ),
    "magewinds-battle-fragment-frenzy": (
        "fragment-frenzy",
        [["Seer", "Wizard"], ["Cleric", "Enchanter"]],
        "stone-circle",
        4,
    ),
    "magewinds-battle-fragment-frenzy-v130": (
        "fragment-frenzy@1.3.0",
        [["Seer", "Wizard"], ["Cleric", "Enchanter"]],
        "stone-circle",
        4,
    ),
    "magewinds-battle-hold-the-line": (
        "hold-the-line",
        [["Guardian", "Wizard"], ["Witch", "Seer"]],
        "stone-circle",
        6,
    ),
    "magewinds-battle-battle-royale": (
        "battle-royale",
        [["Wizard"], ["Cleric"], ["Witch"], ["Guardian"]],
        "crossroads",
        8,
    ),
    # several of the pack's own abilities: Take Aim, Ward, Prediction, Insight, Wildform and
    # Poison Tip
    "magewinds-battle-abilities": (
        "deathmatch",
        [["Witch", "Mesmer", "Wizard", "Guardian"], ["Druid", "Cleric", "Seer", "Deadeye"]],
        "old-orchard",
        2,
    ),
    "magewinds-battle-treasure-clash": (
        "treasure-clash",
        [["Seer"], ["Mesmer"], ["Deadeye"]],
        "crossroads",
        9,
    ),
}


def render(battle: Battle) -> str:
    lines = []
    for event in battle.events():
        private = "" if event.seen_by is None else f" (seen by player {event.seen_by + 1})"
        lines.append(f"[{event.rule}] {event.text}{private}")
    return "\n".join(lines) + "\n"


def played(name: str) -> History:
    scenario, warbands, table, seed = CASES[name]
    setup = new_setup(find_scenario(*scenario.split("@")), warbands, table=bundled_table(table))
    history = History.start(start_battle(setup), seed)
    play_out(history, [RandomPlayer(seed, p) for p in range(len(warbands))])
    return history


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_battle_replays_to_its_recorded_log(name):
    record_path, log_path = GOLDEN / f"{name}.json", GOLDEN / f"{name}.log"
    if os.environ.get("SKIRMISH_UPDATE_GOLDEN"):
        history = played(name)
        battle = history.state
        assert isinstance(battle, Battle)
        record = to_record(
            history,
            "magewinds",
            battle.setup.as_dict(),
            ("random",) * battle.players,
            result_of(battle),
        )
        record_path.write_text(record.dumps())
        log_path.write_text(render(battle))
    assert record_path.exists(), (
        f"no golden battle {record_path}; record it with SKIRMISH_UPDATE_GOLDEN=1"
    )
    battle = replay_record(load_record(record_path)).state
    assert isinstance(battle, Battle)
    assert render(battle) == log_path.read_text()
    assert battle.result is not None


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_same_seed_plays_the_same_battle(name):
    battle = played(name).state
    assert isinstance(battle, Battle)
    assert render(battle) == (GOLDEN / f"{name}.log").read_text()
