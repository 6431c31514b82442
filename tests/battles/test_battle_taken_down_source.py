"""A fighter taken off the battlefield is no part of the battle (4.4): the work still
pending must not need it there. Mirrorshield's returned hits (18.4) can take the attacker
down before the target's step move (13.3: after the reaction), and that step is still
measured from where the attacker stood when it attacked."""

from __future__ import annotations

import math
from dataclasses import replace

from mwbattle import open_table, play, ready

from skirmish.engine.battle import Chance, End, History, RandomPlayer, Turn, play_out
from skirmish.games.magewinds.battle import (
    Length,
    Options,
    grammar,
    new_setup,
    random_table,
    start_battle,
)
from skirmish.games.magewinds.battle.catalogue import find_scenario
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.state import Battle, Status
from skirmish.games.magewinds.battle.steps import StepFrame
from skirmish.games.magewinds.field import STANDARD_WIDTH

CORNER = (0.5, 0.5)
"""A base in the table's corner: no straight step from it ends further from a fighter
standing diagonally away, so the step's region is worked out from the attacker's spot."""
SHIELDED_BLAST = (
    "activate Wizard",
    "attack",
    "no step",
    "attack Mesmer with Blast paying 2D+3D",
    "mirrorshield",
    "2C",
)
"""The Wizard's Blast at the Mesmer, who answers with Mirrorshield (the dice still to
roll)."""
MESMER_AT = (5.0, 2.6)
"""The Mesmer in the open, 2.4" from the Wizard."""


def _cornered(first: tuple[str, ...], places: dict[str, tuple[float, float]]) -> Battle:
    """The Wizard one damage from its Toughness at (2.6, 2.6), the Mesmer in the corner."""
    positions = {"Wizard": (3, 3), "Witch": (2, 14), "Mesmer": (9, 3), "Guardian": (9, 14)}
    hands = {0: ("2D", "3D"), 1: ("2C", "3C")}
    battle = ready(("Wizard", "Witch"), first, {**positions}, hands=hands)
    wizard = battle.fighter("Wizard")
    toughness = battle.setup.profile("Wizard").toughness
    battle = battle.with_fighter(replace(wizard, at=(2.6, 2.6), damage=toughness - 1))
    for name, at in {"Mesmer": CORNER, **places}.items():
        battle = battle.with_fighter(replace(battle.fighter(name), at=at))
    return battle


def _every_decision_listed(battle: Battle, script: list[str]) -> Battle:
    """Play ``script`` (then the first legal action) to the next activation, listing the
    legal actions at every decision on the way."""
    seen_steps = 0
    while not isinstance(node := battle.node(), End):
        if isinstance(node, Chance):
            battle = battle.apply(script.pop(0))
            continue
        assert isinstance(node, Turn)
        legal = grammar.texts(battle.legal_actions(node.player))
        assert legal, node
        if node.rule == "13.0" and not script:
            break
        seen_steps += isinstance(battle.frames[-1], StepFrame)
        battle = battle.apply(script.pop(0) if script else legal[0])
    assert seen_steps >= 1
    return battle


def test_a_cornered_mesmers_step_after_mirrorshield_took_the_attacker_down():
    battle = play(_cornered(("Mesmer", "Guardian"), {}), *SHIELDED_BLAST)
    battle = _every_decision_listed(battle, ["dice 1 1 1 1", "no barrier", "no barrier"])
    assert battle.fighter("Wizard").status is Status.OUT_OF_ACTION


def test_blast_steps_that_wait_when_mirrorshield_takes_the_wizard_down():
    """Blast at the Guardian, who Deflects (its step waits, ruling MB-13); the same attack at
    the cornered Mesmer beside it, who casts Mirrorshield and takes the Wizard down: both
    steps are then offered, the Mesmer's measured from the Wizard's spot."""
    battle = _cornered(("Mesmer", "Guardian"), {"Guardian": (1.7, 0.5)})
    battle = play(
        battle,
        "activate Wizard",
        "attack",
        "no step",
        "attack Guardian with Blast paying 2D+3D",
        "deflect",
    )
    script = ["mirrorshield", "2C", "dice 1 1 1 1", "no barrier", "no barrier"]
    battle = _every_decision_listed(battle, script)
    assert battle.fighter("Wizard").status is Status.OUT_OF_ACTION


def test_a_step_after_the_attacker_was_taken_down_keeps_its_distance_and_names_the_ruling():
    """The Mesmer's Mirrorshield takes the Wizard down; each step then offered ends no
    nearer the spot the Wizard attacked from than the Mesmer stood (18.4), and the step's
    log line says it was measured from there (4.4, ruling MB-52)."""
    battle = _cornered(("Mesmer", "Guardian"), {"Mesmer": MESMER_AT})
    battle = play(battle, *SHIELDED_BLAST, "dice 1 1 1 1", "no barrier", "no barrier")
    frame = battle.frames[-1]
    assert isinstance(frame, StepFrame) and frame.fighter == "Mesmer"
    assert battle.fighter("Wizard").status is Status.OUT_OF_ACTION
    node = battle.node()
    assert isinstance(node, Turn)
    steps = [a for a in grammar.texts(battle.legal_actions(node.player)) if a.startswith("step ")]
    assert steps
    wizard_at = (2.6, 2.6)
    before = math.dist(MESMER_AT, wizard_at)
    for action in steps:
        after = battle.apply(action)
        assert math.dist(after.fighter("Mesmer").at or MESMER_AT, wizard_at) >= before - 1e-6
        line = after.events()[-1]
        assert (line.event, line.get("source"), line.get("source_at")) == (
            "step",
            "Wizard",
            (2.6, 2.6),
        ), line


ROCK = {"name": "Rock", "height": 0.5, "rectangle": {"centre": [9.5, 8], "size": [1, 1]}}


def test_quake_goes_on_after_it_takes_the_druid_down_its_steps_measured_from_the_feature():
    """The Druid within 1" of the Rock it shakes is taken down by the first attack; the
    Guardian's Deflect step is then listed and measured from the Rock's nearest point
    (Druid v1.5.2, ruling MB-44), the Druid being off the battlefield (4.4, ruling MB-52)."""
    positions = {"Druid": (3, 8), "Enchanter": (3, 3), "Guardian": (8, 8), "Seer": (11, 8)}
    hands = {0: ("2C", "3C"), 1: ("4D", "5D", "6D")}
    table = open_table([ROCK])
    battle = ready(("Druid", "Enchanter"), ("Guardian", "Seer"), positions, hands, table=table)
    toughness = battle.setup.profile("Druid").toughness
    druid = replace(battle.fighter("Druid"), at=(9.5, 6.8), damage=toughness - 1)
    battle = play(battle.with_fighter(druid), "done", "activate Druid", "quake", "no step")
    battle = play(battle, "quake Rock paying 2C+3C", "quake attacks Druid", "none")
    battle = play(battle, "dice 1 1 1 1 1 1", "no barrier")
    assert battle.fighter("Druid").status is Status.OUT_OF_ACTION
    battle = play(battle, "quake attacks Guardian", "deflect", "dice 1 1 1 1 1 1", "no barrier")
    frame = battle.frames[-1]
    assert isinstance(frame, StepFrame) and frame.fighter == "Guardian"
    steps = [a for a in grammar.texts(battle.legal_actions(1)) if a.startswith("step ")]
    assert "no step" in grammar.texts(battle.legal_actions(1)) and steps
    for action in steps:
        after = battle.apply(action)
        at = after.fighter("Guardian").at
        assert at is not None and math.dist(at, (9, 8)) >= 1 - 1e-6  # not nearer the Rock
        stepped = [e for e in after.events() if e.event == "step"][-1]
        assert (stepped.get("source"), stepped.get("source_at")) == ("Druid", (9, 8))
        assert stepped.text.endswith(
            "measured from (9,8) where the attack came from, Druid being off the "
            "battlefield (4.4, ruling MB-52)"
        )


def _royale_952() -> Battle:
    """The battle fuzz's Battle Royale of four given warbands on random terrain 952
    (``benchmarks/fuzz_battles.py``, battle 953 of its run)."""
    royale = find_scenario("battle-royale")
    bands = [
        ["Seer"],
        ["Mesmer", "Druid"],
        ["Deadeye", "Enchanter", "Guardian"],
        ["Seer", "Witch", "Wizard", "Mesmer"],
    ]
    table = random_table(
        952,
        pieces=952 % 9,
        clear_radius=royale.clear_radius,
        width=2 * STANDARD_WIDTH,
        clear_corners=royale.corner_radius,
    )
    options = Options(length=Length.STANDARD, rounds=2, overtime=1)
    return start_battle(new_setup(royale, bands, table=table, options=options))


def test_four_random_players_list_a_step_whose_attacker_mirrorshield_took_down():
    """Seer-4 attacks Mesmer-4, whose Mirrorshield takes the Seer down (18.4, 18.5.3);
    the Mesmer's step is then listed for the random player, measured from where the Seer
    stood (4.4, 13.3). Listing it raised ``UnknownName 'Seer-4'`` before: the step's region
    was asked of the battlefield the Seer had left. Every decision of the whole battle is
    listed and the invariants checked after every step."""
    battle = _royale_952()
    history = History.start(battle, 952)
    gone_sources: list[str] = []

    def after_step(history: History) -> None:
        before, state = history.states[-2], history.states[-1]
        assert isinstance(before, Battle) and isinstance(state, Battle)
        assert not problems(state)
        frame = before.frames[-1]
        step = history.steps[-1]
        if step.player is None:
            return
        assert step.action in grammar.texts(before.legal_actions(step.player))
        source = frame.source if isinstance(frame, StepFrame) else None
        if source and not before.fighter(source).on_battlefield:
            gone_sources.append(source)

    play_out(history, [RandomPlayer(952, p) for p in range(4)], after_step=after_step)
    final = history.state
    assert isinstance(final, Battle) and final.result is not None
    assert "Seer-4" in gone_sources
