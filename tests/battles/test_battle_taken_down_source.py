"""A fighter taken off the battlefield is no part of the battle (4.4): the work still
pending must not need it there. Mirrorshield's returned hits (18.4) can take the attacker
down before the target's step move (13.3: after the reaction), and that step is still
measured from where the attacker stood when it attacked."""

from __future__ import annotations

from dataclasses import replace

from mwbattle import play, ready

from skirmish.engine.battle import Chance, End, Turn
from skirmish.games.magewinds.battle.state import Battle, Status
from skirmish.games.magewinds.battle.steps import StepFrame

CORNER = (0.5, 0.5)
"""A base in the table's corner: no straight step from it ends further from a fighter
standing diagonally away, so the step's region is worked out from the attacker's spot."""


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
        legal = battle.legal_actions(node.player)
        assert legal, node
        if node.rule == "13.0" and not script:
            break
        seen_steps += isinstance(battle.frames[-1], StepFrame)
        battle = battle.apply(script.pop(0) if script else legal[0])
    assert seen_steps >= 1
    return battle


def test_a_cornered_mesmers_step_after_mirrorshield_took_the_attacker_down():
    battle = _cornered(("Mesmer", "Guardian"), {})
    battle = play(
        battle,
        "activate Wizard",
        "attack",
        "no step",
        "attack Mesmer with Blast paying 2D+3D",
        "mirrorshield",
        "2C",
    )
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
