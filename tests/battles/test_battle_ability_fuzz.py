"""Random players use every ability of the bundled profiles, and every step keeps the
battle's invariants and is legal: random-versus-random battles of warbands built around
those profiles, in every scenario with 2, 3 and 4 players as it allows, with warbands
given or built in play (the 200-battle fuzz draws its warbands at random from the whole
pack), and for the two abilities a random battle seldom sets up (Revive needs a fallen
fighter and 3 Hearts, an Aimed Shot a marker near an enemy) random play from a state that
is ready for them.

``SKIRMISH_ABILITY_FUZZ=N`` plays N seeds of every scenario case instead of the suite's
few (``benchmarks/battles.py`` plays thousands of random battles)."""

from __future__ import annotations

import json
import os
from dataclasses import replace

import pytest
from mwbattle import play, ready

from skirmish.engine.battle import History, RandomPlayer, parse_record, play_out, to_record
from skirmish.games.magewinds.battle import (
    Building,
    Length,
    Options,
    grammar,
    new_setup,
    random_table,
    replay_record,
    start_battle,
)
from skirmish.games.magewinds.battle.catalogue import OLDER, SCENARIOS, find_scenario
from skirmish.games.magewinds.battle.damage import take_down
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.state import Battle, Mark
from skirmish.games.magewinds.field import STANDARD_WIDTH

SIGNS = {
    "Heal": "Heal (Cleric",
    "Take Aim": "puts a marker",
    "Ward": "Ward (Guardian",
    "Prediction": "Prediction (Seer",
    "Insight": "Insight (Seer",
    "Phasewalk": "Phasewalk (Enchanter",
    "Charm": "Charm interrupts",
    "Blast": "makes the same attack",
    "Hypnotize": "Hypnotize (Mesmer",
    "Clone": "beside a Doppelganger",
    "Entangle": "Entangle (Druid",
    "Quake": "Quake (Druid",
    "Wildform": "casts Wildform",
    "White-Hot Weapons": "casts White-Hot",
    "Poison Tip": "poisoned",
}
"""What the log says when each ability is used."""
BANDS = (
    ("Cleric", "Deadeye", "Enchanter", "Guardian"),
    ("Seer", "Witch", "Wizard", "Mesmer"),
    ("Druid", "Cleric", "Wizard", "Witch"),
    ("Deadeye", "Mesmer", "Guardian", "Druid"),
)
MOST = 40


def played(battle: Battle, seed: int) -> History:
    """Random play to the end: the invariants after every step, and every decision one of
    the legal actions of the state before it."""
    history = History.start(battle, seed)

    def after_step(history: History) -> None:
        state, before = history.states[-1], history.states[-2]
        assert isinstance(state, Battle)
        found = problems(state)
        assert not found, (seed, found)
        step = history.steps[-1]
        if step.player is not None:
            assert step.action in grammar.texts(before.legal_actions(step.player)), (seed, step)

    players = [RandomPlayer(seed, p) for p in range(battle.players)]
    play_out(history, players, after_step=after_step)
    state = history.state
    assert isinstance(state, Battle) and state.result is not None
    return history


def checked(battle: Battle, seed: int) -> str:
    """Random play to the end, checked at every step (:func:`played`); the log's text."""
    state = played(battle, seed).state
    assert isinstance(state, Battle)
    return "\n".join(event.text for event in state.events())


def test_random_players_use_every_ability_of_the_bundled_profiles():
    left = dict(SIGNS)
    for seed in range(MOST):
        first, second = BANDS[seed % 4], BANDS[(seed + 1) % 4]
        setup = new_setup(
            "deathmatch",
            [list(first), list(second)],
            table=random_table(seed, pieces=4 + seed % 5),
            options=Options(length=Length.STANDARD, rounds=3),
        )
        text = checked(start_battle(setup), seed)
        left = {name: sign for name, sign in left.items() if sign not in text}
        if not left:
            break
    assert not left, f"never used in {MOST} random battles: {', '.join(left)}"


def test_random_players_revive_and_make_aimed_shots_when_ready():
    revived = aimed = False
    for seed in range(10):
        positions = {"Cleric": (3, 8), "Deadeye": (3, 4), "Guardian": (9, 4), "Seer": (9, 12)}
        battle = ready(
            ("Cleric", "Deadeye"),
            ("Guardian", "Seer"),
            positions,
            hands={0: ("AH", "KD")},
        )
        battle = take_down(battle, "Seer")
        # Take Aim made in the Deadeye's last activation: its next one may shoot.
        battle = replace(battle, marks=(Mark("take_aim", "Deadeye", at=(9, 4)),))
        battle = play(battle)
        text = checked(battle, seed)
        revived = revived or "revives" in text
        aimed = aimed or "with Aimed Shot" in text
        if revived and aimed:
            break
    assert revived and aimed


SEEDS = int(os.environ.get("SKIRMISH_ABILITY_FUZZ", "0"))
CASES = [(s.id, n) for s in SCENARIOS for n in s.players] + [
    (f"{s.id}@{s.version}", n) for s in OLDER for n in s.players
]
"""Every scenario with every number of players it allows; an earlier page version a
table may choose as ``id@version``."""


def scenario_battle(scenario: str, players: int, seed: int, building: Building | None) -> Battle:
    """A battle of ``scenario`` for ``players``: warbands from :data:`BANDS` in turn (so
    every bundled profile fights in every scenario) or built in play by the random players,
    random terrain of the scenario's size."""
    chosen = find_scenario(*scenario.split("@"))
    width = 2 * STANDARD_WIDTH if chosen.double_size else STANDARD_WIDTH
    bands = [[] if building else list(BANDS[(seed + p) % 4]) for p in range(players)]
    setup = new_setup(
        chosen,
        bands,
        table=random_table(
            seed,
            pieces=3 + seed % 4,
            clear_radius=chosen.clear_radius,
            width=width,
            clear_corners=chosen.corner_radius,
        ),
        options=Options(length=Length.STANDARD, rounds=2, overtime=1),
        building=building,
    )
    return start_battle(setup)


def replays_the_same(history: History) -> None:
    """Save, load and replay: the same final state and the same log."""
    battle = history.state
    assert isinstance(battle, Battle)
    record = to_record(history, "magewinds", battle.setup.as_dict(), ("random",) * battle.players)
    again = replay_record(parse_record(json.loads(record.dumps()), source="saved")).state
    assert isinstance(again, Battle)
    assert again.state_hash() == battle.state_hash()
    assert [e.text for e in again.events()] == [e.text for e in battle.events()]


@pytest.mark.parametrize(("scenario", "players"), CASES)
def test_every_ability_keeps_the_invariants_in_every_scenario(scenario, players):
    for seed in range(SEEDS or 2):
        history = played(scenario_battle(scenario, players, seed, None), seed)
        if seed == 0:
            replays_the_same(history)


@pytest.mark.parametrize(
    ("scenario", "players", "building"),
    [
        ("hold-the-line", 2, Building.SECRET),
        ("battle-royale", 3, Building.OPEN_SIMULTANEOUS),
        ("treasure-clash", 4, Building.OPEN_SEQUENTIAL),
    ],
)
def test_every_ability_keeps_the_invariants_with_warbands_built_in_play(
    scenario, players, building
):
    for seed in range(SEEDS or 1):
        history = played(scenario_battle(scenario, players, seed, building), seed)
        replays_the_same(history)
