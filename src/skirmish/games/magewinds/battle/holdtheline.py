"""Hold the Line (v1.3.0): the Attacker tries to get half their warband off the Defender's
edge.

The roll-off winner attacks; the Defender (Player 2) picks which long edge is the
objective edge, deploys wholly within 3" of it, and the Attacker then deploys touching the
opposite edge, each a whole warband at a time. An Attacker's fighter touching the
objective edge may make the Escape action (a step move first may bring it there): it
leaves the battlefield, not out of action, and each escape raises the Attacker's hand
limit by 1 for the rest of the battle. The Attacker wins when at least half (rounded up)
of their fighters have escaped; the Defender wins after round 3, or as soon as the
Attacker cannot escape enough (ruling MB-30).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from skirmish.engine.battle import End
from skirmish.games.magewinds.battle.abilities.fallen import gone
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.hooks import SCENARIOS
from skirmish.games.magewinds.battle.scenarios import Scenario, defender
from skirmish.games.magewinds.battle.state import Phase, Status
from skirmish.games.magewinds.battle.territory import CONTACT_EDGE, OPPOSITE, distance_to_edge
from skirmish.games.magewinds.scenario_pages import described

if TYPE_CHECKING:
    from skirmish.games.magewinds.battle.state import Battle, Fighter

RULE = "Hold the Line"


def attacker(battle: Battle) -> int:
    assert battle.first is not None
    return battle.first


def escaped(battle: Battle, player: int) -> int:
    return sum(1 for f in battle.fighters if f.player == player and f.status is Status.ESCAPED)


def needed(battle: Battle) -> int:
    """Half the Attacker's warband, rounded up."""
    size = sum(1 for f in battle.fighters if f.player == attacker(battle))
    return math.ceil(size / 2)


def can_escape(battle: Battle, fighter: Fighter) -> bool:
    """Escape: an Attacker's fighter touching the objective edge (ruling MB-30)."""
    if not battle.setup.scenario.escape or battle.first is None or fighter.at is None:
        return False
    if fighter.player != attacker(battle):
        return False
    edge = OPPOSITE[battle.territories[attacker(battle)]]
    return distance_to_edge(edge, battle.setup.table.width, fighter.at) <= CONTACT_EDGE


def out_of_escape(battle: Battle, fighter: Fighter, inches: float) -> bool:
    """Whether no step of up to ``inches`` could let the fighter Escape (a fast test that
    is never wrong when it says so): it is not the Attacker's, or it stands further than
    that (and a margin for positions written to 0.01") from the objective edge."""
    if not battle.setup.scenario.escape or battle.first is None or fighter.at is None:
        return True
    if fighter.player != attacker(battle):
        return True
    edge = OPPOSITE[battle.territories[attacker(battle)]]
    gap = distance_to_edge(edge, battle.setup.table.width, fighter.at)
    return gap > inches + CONTACT_EDGE + ESCAPE_MARGIN


ESCAPE_MARGIN = 0.1
"""Inches, far more than rounding a step's end to 0.01" can add to it."""


def escape(battle: Battle, fighter: Fighter) -> Battle:
    """The Escape action: the fighter leaves the battlefield; it is not out of action. The
    spells it holds up and those on it end (4.4, ruling MB-37)."""
    battle = battle.with_fighter(replace(fighter, status=Status.ESCAPED, at=None, counters=0))
    battle = gone(battle, fighter.name)
    done = escaped(battle, fighter.player)
    return battle.logged(
        RULE,
        EventKind.ESCAPE,
        "{fighter} escapes off the objective edge ({escaped} of {needed} needed)",
        fighter=fighter.name,
        escaped=done,
        needed=needed(battle),
    )


def _hand_limit(battle: Battle, player: int) -> tuple[int, str]:
    if battle.first is None or player != attacker(battle):
        return 0, ""
    done = escaped(battle, player)
    return done, (f"{RULE}: +{done} for fighters escaped" if done else "")


def _now(battle: Battle) -> End | None:
    if battle.phase in (Phase.SETUP, Phase.DEPLOYMENT):
        return None
    side = attacker(battle)
    done = escaped(battle, side)
    if done >= needed(battle):
        return End(side, f"the Attacker (player {side + 1}) has {done} fighters escaped")
    still = sum(1 for _ in battle.on_battlefield(side))
    if done + still < needed(battle):
        return End(
            defender(battle),
            f"the Attacker can no longer escape {needed(battle)} fighters ({done} escaped, "
            f"{still} left; ruling MB-30)",
        )
    return None


def _end_of_round(battle: Battle) -> End | None:
    if battle.round < battle.setup.options.round_limit(battle.setup.scenario):
        return None
    side = defender(battle)
    return End(side, f"the Defender (player {side + 1}) holds the line to the end")


HOLD_THE_LINE = Scenario(
    **described("hold-the-line"),
    setup_steps=("edge",),
    territory="edge",
    deploy_whole=True,
    deploy_first=1,
    escape=True,
    hand_limit_bonus=_hand_limit,
    end_of_round=_end_of_round,
    immediate_end=_now,
)

SCENARIOS.can_escape = can_escape
SCENARIOS.out_of_escape = out_of_escape
SCENARIOS.escape = escape
