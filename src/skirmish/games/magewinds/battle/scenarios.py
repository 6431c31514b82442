"""Scenarios (0.5, 10.1): data plus a few hooks, so that more can be added as data.

Two scenarios of the Into the Tempest pack are here. King of the Hill (v1.3.0) is played
as published. Deathmatch's page is not public: its round limit, scoring and deployment are
rulings (MB-4) with options. Both split the battlefield into two territories, one per
player, and Player 2 (the loser of the setup roll-off) picks which is theirs.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from skirmish.engine.battle import End
from skirmish.errors import UnknownName
from skirmish.games.magewinds.battle.state import Phase
from skirmish.geometry import BASE_DIAMETER, EPSILON

if TYPE_CHECKING:
    from skirmish.games.magewinds.battle.state import Battle

RADIUS = BASE_DIAMETER / 2


class Split(StrEnum):
    """How the battlefield is cut into two territories (ruling MB-5)."""

    LENGTHWISE = "lengthwise"
    """Along the long edges: two halves 6" x 16", each with one long edge (the default)."""
    WIDTHWISE = "widthwise"
    """Across: two halves 12" x 8", each with one short edge."""


TERRITORIES = {Split.LENGTHWISE: ("left", "right"), Split.WIDTHWISE: ("near", "far")}


@dataclass(frozen=True)
class Scenario:
    """A scenario's data and its hooks.

    ``objective``: an objective marker at the centre (9.4); ``clear_radius``: no obstacle
    that close to the centre (10.3); ``deploy_from_objective``: deploy at least this far
    from it; ``control_radius``: fighters this close to it hold it; ``rounds``: the default
    round limit.
    """

    id: str
    name: str
    version: str
    summary: str
    rounds: int
    objective: bool = False
    clear_radius: float = 0.0
    deploy_from_objective: float = 0.0
    control_radius: float = 0.0
    hand_limit_bonus: Callable[[Battle, int], tuple[int, str]] = lambda battle, player: (0, "")
    end_of_round: Callable[[Battle], End | None] = lambda battle: None
    immediate_end: Callable[[Battle], End | None] = lambda battle: None

    def ends_now(self, battle: Battle) -> End | None:
        """Checked after every step: a scenario may end the battle at once."""
        return self.immediate_end(battle)


def objective_point(battle: Battle) -> tuple[float, float]:
    return battle.setup.table.centre


def distance_to_objective(battle: Battle, at: tuple[float, float]) -> float:
    """9.4: measured from the marker's centre to the closest point of the base (8.0)."""
    ox, oy = objective_point(battle)
    return max(0.0, math.dist(at, (ox, oy)) - RADIUS)


def holding(battle: Battle, player: int, radius: float) -> int:
    """How many of ``player``'s fighters are within ``radius`` of the objective."""
    return sum(
        1
        for f in battle.on_battlefield(player)
        if f.at is not None and distance_to_objective(battle, f.at) <= radius + EPSILON
    )


def territory_problem(battle: Battle, player: int, at: tuple[float, float]) -> str | None:
    """Deployment wholly within your own territory (ruling MB-5)."""
    territory = battle.territories[player]
    table = battle.setup.table
    x, y = at
    inside = {
        "left": x + RADIUS <= table.width / 2 + EPSILON,
        "right": x - RADIUS >= table.width / 2 - EPSILON,
        "near": y + RADIUS <= table.length / 2 + EPSILON,
        "far": y - RADIUS >= table.length / 2 - EPSILON,
    }[territory]
    if not inside:
        return f"10.5: not wholly within player {player + 1}'s territory ({territory} half)"
    return None


def deployment_problem(battle: Battle, player: int, at: tuple[float, float]) -> str | None:
    """10.5: the scenario's deployment rules for a fighter of ``player`` at ``at``."""
    problem = territory_problem(battle, player, at)
    if problem:
        return problem
    scenario = battle.setup.scenario
    if scenario.deploy_from_objective:
        gap = distance_to_objective(battle, at)
        if gap < scenario.deploy_from_objective - EPSILON:
            return (
                f'{scenario.name}: deploy at least {scenario.deploy_from_objective:g}" from '
                f'the objective, not {gap:.2f}"'
            )
    return None


def _count_on_battlefield(battle: Battle) -> list[int]:
    return [sum(1 for _ in battle.on_battlefield(p)) for p in range(battle.players)]


def _winner_by(counts: list[int], what: str) -> End:
    best = max(counts)
    leaders = [p for p, c in enumerate(counts) if c == best]
    shown = ", ".join(f"player {p + 1}: {c}" for p, c in enumerate(counts))
    if len(leaders) > 1:
        return End(None, f"a draw on {what} ({shown})")
    return End(leaders[0], f"player {leaders[0] + 1} has the most {what} ({shown})")


def _deployed(battle: Battle) -> bool:
    return battle.phase not in (Phase.SETUP, Phase.DEPLOYMENT)


# -- Deathmatch (ruling MB-4) -----------------------------------------------------------


def _deathmatch_last_stand(battle: Battle, player: int) -> tuple[int, str]:
    bonus = battle.setup.options.last_stand
    warband = [f for f in battle.fighters if f.player == player]
    left = sum(1 for f in warband if f.on_battlefield)
    if bonus and left == 1 and len(warband) > 1 and _deployed(battle):
        return bonus, f"Heroic Last Stand +{bonus} (ruling MB-4)"
    return 0, ""


def _deathmatch_wiped_out(battle: Battle) -> End | None:
    if not _deployed(battle):
        return None
    counts = _count_on_battlefield(battle)
    standing = [p for p, c in enumerate(counts) if c > 0]
    if len(standing) == 1:
        return End(standing[0], f"only player {standing[0] + 1}'s warband is left (ruling MB-4)")
    if not standing:
        return End(None, "a draw: no fighter is left on the battlefield (ruling MB-4)")
    return None


def _deathmatch_end_of_round(battle: Battle) -> End | None:
    if battle.round < battle.setup.options.round_limit(battle.setup.scenario):
        return None
    return _winner_by(_count_on_battlefield(battle), "fighters on the battlefield (ruling MB-4)")


DEATHMATCH = Scenario(
    id="deathmatch",
    name="Deathmatch",
    version="1.3.1 (page not public; ruling MB-4)",
    summary="Take the enemy down: the last warband standing, or the most fighters left "
    "after the round limit, wins.",
    rounds=3,
    hand_limit_bonus=_deathmatch_last_stand,
    end_of_round=_deathmatch_end_of_round,
    immediate_end=_deathmatch_wiped_out,
)


# -- King of the Hill (v1.3.0) -----------------------------------------------------------


def _hill_hand_limit(battle: Battle, player: int) -> tuple[int, str]:
    near = holding(battle, player, 1.0)
    return near, (
        f'King of the Hill: +{near} for fighters within 1" of the objective' if near else ""
    )


def _hill_end_of_round(battle: Battle) -> End | None:
    counts = [holding(battle, p, KING_OF_THE_HILL.control_radius) for p in range(battle.players)]
    shown = ", ".join(f"player {p + 1}: {c}" for p, c in enumerate(counts))
    if 0 in counts:
        holders = [p for p, c in enumerate(counts) if c]
        if not holders:
            return End(None, f'sudden death: no warband has a fighter within 3" ({shown})')
        if len(holders) == 1:
            return End(
                holders[0],
                f'sudden death: only player {holders[0] + 1} has fighters within 3" ({shown})',
            )
    if battle.round >= battle.setup.options.round_limit(battle.setup.scenario):
        return _winner_by(counts, 'fighters within 3" of the objective')
    return None


KING_OF_THE_HILL = Scenario(
    id="king-of-the-hill",
    name="King of the Hill",
    version="1.3.0",
    summary='Hold the objective at the centre: the most fighters within 3" after round 3 '
    "wins; a warband with none there at the end of a round loses at once.",
    rounds=3,
    objective=True,
    clear_radius=2.0,
    deploy_from_objective=6.0,
    control_radius=3.0,
    hand_limit_bonus=_hill_hand_limit,
    end_of_round=_hill_end_of_round,
)

SCENARIOS: tuple[Scenario, ...] = (DEATHMATCH, KING_OF_THE_HILL)


def find_scenario(name: str) -> Scenario:
    """A scenario by its id (``deathmatch``, ``king-of-the-hill``) or name, any case."""
    wanted = name.strip().casefold().replace(" ", "-")
    for scenario in SCENARIOS:
        if wanted in (scenario.id, scenario.name.casefold().replace(" ", "-")):
            return scenario
    raise UnknownName("scenario", name, [s.id for s in SCENARIOS])
