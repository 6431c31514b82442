"""Scenarios (0.5, 10.1): data plus a few hooks, so that more can be added as data.

Every scenario of the Into the Tempest pack is played. King of the Hill (v1.3.0) is played
as published; Deathmatch's page is not public: its round limit, scoring and deployment are
rulings (MB-4) with options. The others live in their own modules (:mod:`.treasure`,
:mod:`.fragments`, :mod:`.holdtheline`, :mod:`.royale`) and are listed in
:mod:`.catalogue`. This module holds what they share: the :class:`Scenario` record, the
objective, territories and deployment rules, and the overtime that several of them play.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skirmish.engine.battle import End
from skirmish.games.magewinds.agreed import Crossing, PoisonFalls, Tie, WindburnBarrier
from skirmish.games.magewinds.battle.state import Phase, Status
from skirmish.games.magewinds.battle.territory import (
    CONTACT_EDGE,
    TERRITORIES,
    Split,
    distance_to_corner,
    distance_to_edge,
    wholly_in_half,
    wholly_in_quarter,
)
from skirmish.games.magewinds.scenario_pages import described
from skirmish.geometry import BASE_DIAMETER, EPSILON

if TYPE_CHECKING:
    from skirmish.games.magewinds.battle.state import Battle, Frame, Point

RADIUS = BASE_DIAMETER / 2
__all__ = [
    "TERRITORIES",
    "Crossing",
    "PoisonFalls",
    "Scenario",
    "Split",
    "Tie",
    "Treasures",
    "WindburnBarrier",
]


@dataclass(frozen=True)
class Treasures:
    """Objects placed at setup: ``per_player`` for each player plus ``extra``, each within
    ``within`` of the centre (``wholly``: the whole base) and at least ``apart`` from the
    others, placed in turn from Player 2 (The Prize, Treasure Dash, Treasure Clash)."""

    per_player: int
    extra: int
    within: float
    wholly: bool = False
    apart: float = 0.0
    name: str = "Treasure"

    def count(self, players: int) -> int:
        return self.per_player * players + self.extra


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
    rounds: int | None
    """The default round limit; None: the battle goes on until its victory condition."""
    objective: bool = False
    clear_radius: float = 0.0
    deploy_from_objective: float = 0.0
    control_radius: float = 0.0
    hand_limit_bonus: Callable[[Battle, int], tuple[int, str]] = lambda battle, player: (0, "")
    end_of_round: Callable[[Battle], End | None] = lambda battle: None
    immediate_end: Callable[[Battle], End | None] = lambda battle: None
    players: tuple[int, ...] = (2,)
    """How many players the scenario is for."""
    setup_steps: tuple[str, ...] = ("territories",)
    """What happens between the roll-off and the face-up cards, in order: ``territories``
    (Player 2 picks a half), ``treasures`` (placed in turn), ``corners`` or ``quarters``
    (picked in turn from Player 2), ``edge`` (the Defender picks the objective edge)."""
    territory: str = "half"
    """half, quarter, corner (within ``corner_radius`` of it) or edge (Hold the Line)."""
    splits: tuple[Split, ...] = ()
    """Ways Player 2 may cut the battlefield; empty: the agreed ``--split`` (MB-5)."""
    corner_radius: float = 0.0
    treasures: Treasures | None = None
    deploy_from_centre: float = 0.0
    deploy_from_objects: float = 0.0
    deploy_whole: bool = False
    """Each player deploys their whole warband in turn, instead of one fighter at a time."""
    deploy_first: int = 0
    """The placing (0: Player 1) of the first player to deploy."""
    carry_penalty: int = 0
    """Movement lost by a fighter carrying an object."""
    carry_most: int | None = None
    """How many objects a fighter may carry (None: no limit)."""
    collect: bool = False
    """Picking an object up collects it (Fragment Frenzy v1.3.1)."""
    markers: bool = False
    """What the players place are markers (9.4) that bases pass over, not objects
    (Fragment Frenzy v1.3.0)."""
    escape: bool = False
    """The Attacker's fighters may Escape (Hold the Line)."""
    rewards_takedowns: bool = False
    """Enemies taken out of action by your fighters' attacks are counted (Battle Royale)."""
    double_size: bool = False
    """Played on a double-size battlefield (3-4 players)."""
    table: str = "ruined-chapel"
    """The bundled battlefield played when none is given."""
    round_start: Callable[[Battle, tuple[int, ...]], Frame | None] | None = None
    """Work at the start of each round, before the Channelling Phase (given its order)."""
    action_phase_end: Callable[[Battle, tuple[int, ...]], Frame | None] | None = None
    """Work at the end of each Action Phase, after poison (given the passing order)."""
    after_move: Callable[[Battle, str, int, tuple[Point, ...]], Frame | None] | None = None
    """Work once a fighter's Move action has moved it (given the fighter, the player who
    decides for it and its centre's route): Fragment Frenzy v1.3.0's collecting."""
    placement_problem: Callable[[Battle, int, tuple[float, float]], str | None] = (
        lambda battle, player, at: "this scenario places no objects"
    )
    """Why ``player`` may not place the scenario's next object at a point (treasures,
    fragments), or None."""

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
    """Deployment in your own territory: wholly within a half or quarter (ruling MB-5),
    within a corner's distance (Battle Royale), or along an edge (Hold the Line)."""
    territory = battle.territories[player]
    scenario = battle.setup.scenario
    table = battle.setup.table
    width, length = table.width, table.length
    if scenario.territory == "half":
        if not wholly_in_half(territory, width, length, at):
            return f"10.5: not wholly within player {player + 1}'s territory ({territory} half)"
    elif scenario.territory == "quarter":
        if not wholly_in_quarter(territory, width, length, at):
            return f"{scenario.name}: not wholly within player {player + 1}'s quarter ({territory})"
    elif scenario.territory == "corner":
        gap = distance_to_corner(territory, width, length, at)
        if gap > scenario.corner_radius + EPSILON:
            return (
                f'{scenario.name}: deploy within {scenario.corner_radius:g}" of player '
                f"{player + 1}'s corner ({territory}), not {gap:.2f}\" (ruling MB-29)"
            )
    elif scenario.territory == "edge":
        return edge_problem(battle, player, at)
    return None


def edge_problem(battle: Battle, player: int, at: tuple[float, float]) -> str | None:
    """Hold the Line v1.3.0: the Defender deploys wholly within 3" of the objective edge,
    the Attacker touching the opposite edge."""
    edge = battle.territories[player]
    width = battle.setup.table.width
    gap = distance_to_edge(edge, width, at)
    if player == defender(battle):
        if gap + BASE_DIAMETER > DEFENDER_BAND + EPSILON:
            return (
                f'Hold the Line: the Defender deploys wholly within {DEFENDER_BAND:g}" of the '
                f"objective edge ({edge})"
            )
        return None
    if gap > CONTACT_EDGE:
        return f'Hold the Line: the Attacker deploys touching the {edge} edge, not {gap:.2f}" away'
    return None


DEFENDER_BAND = 3.0


def defender(battle: Battle) -> int:
    """Hold the Line: the loser of the roll-off (Player 2) defends."""
    assert battle.first is not None
    return (battle.first + 1) % battle.players


def distance_to_point(at: tuple[float, float], point: tuple[float, float]) -> float:
    """8.0: from a point (a marker, the centre) to the closest point of a base."""
    return max(0.0, math.dist(at, point) - RADIUS)


def object_gap(at: tuple[float, float], other: tuple[float, float]) -> float:
    """8.0: between the closest points of two bases."""
    return max(0.0, math.dist(at, other) - BASE_DIAMETER)


def deployment_problem(battle: Battle, player: int, at: tuple[float, float]) -> str | None:
    """10.5: the scenario's deployment rules for a fighter of ``player`` at ``at``."""
    problem = territory_problem(battle, player, at)
    if problem:
        return problem
    for limit, gap, what in distance_gaps(battle, at):
        if gap < limit - EPSILON:
            scenario = battle.setup.scenario.name
            return f'{scenario}: deploy at least {limit:g}" from {what}, not {gap:.2f}"'
    return None


def distance_gaps(battle: Battle, at: tuple[float, float]) -> list[tuple[float, float, str]]:
    """The scenario's distance limits for deploying at ``at`` (10.5): each as (the
    limit, the gap from ``at``, what it is measured from): the objective (King of the
    Hill), the centre (Treasure Dash, Treasure Clash), every object placed (The Prize)."""
    scenario = battle.setup.scenario
    found: list[tuple[float, float, str]] = []
    if scenario.deploy_from_objective:
        found.append(
            (scenario.deploy_from_objective, distance_to_objective(battle, at), "the objective")
        )
    if scenario.deploy_from_centre:
        gap = distance_to_point(at, battle.setup.table.centre)
        found.append((scenario.deploy_from_centre, gap, "the centre"))
    if scenario.deploy_from_objects:
        for item in battle.items:
            if item.at is not None:
                gap = max(0.0, distance_to_point(at, item.at) - RADIUS)
                found.append((scenario.deploy_from_objects, gap, item.name))
    return found


def distance_shortfall(battle: Battle, at: tuple[float, float]) -> tuple[float, str]:
    """How far ``at`` falls short of the scenario's deployment distances (10.5), at most
    (0 or less where it keeps them all), and what it falls shortest of."""
    gaps = distance_gaps(battle, at)
    if not gaps:
        return 0.0, ""
    limit, gap, what = max(gaps, key=lambda g: g[0] - g[1])
    return limit - gap, what


def count_on_battlefield(battle: Battle) -> list[int]:
    """How many fighters each player has on the battlefield (4.4), in one pass."""
    counts = [0] * battle.players
    for fighter in battle.fighters:
        if fighter.on_battlefield:
            counts[fighter.player] += 1
    return counts


def winner_by(counts: list[int], what: str) -> End:
    """The player with the most of ``what``; a tie for the most is a draw."""
    best = max(counts)
    leaders = [p for p, c in enumerate(counts) if c == best]
    shown = ", ".join(f"player {p + 1}: {c}" for p, c in enumerate(counts))
    if len(leaders) > 1:
        return End(None, f"a draw on {what} ({shown})")
    return End(leaders[0], f"player {leaders[0] + 1} has the most {what} ({shown})")


def sole_leader(counts: list[int]) -> int | None:
    """The player with strictly more than every other, if there is one."""
    best = max(counts)
    leaders = [p for p, c in enumerate(counts) if c == best]
    return leaders[0] if len(leaders) == 1 else None


def most_after_limit(battle: Battle, counts: list[int], what: str) -> End | None:
    """After the round limit the most ``what`` wins; a tie plays on into overtime, until
    its cap (ruling MB-24)."""
    if battle.round < battle.setup.options.round_limit(battle.setup.scenario):
        return None
    if sole_leader(counts) is not None or overtime_over(battle):
        return winner_by(counts, what)
    return None


def in_overtime(battle: Battle) -> bool:
    """Past the round limit: the scenario plays on until someone leads (ruling MB-24)."""
    return battle.round > battle.setup.options.round_limit(battle.setup.scenario)


def overtime_over(battle: Battle) -> bool:
    """Ruling MB-24: overtime lasts at most ``--overtime`` rounds."""
    limit = battle.setup.options.round_limit(battle.setup.scenario)
    return battle.round >= limit + battle.setup.options.overtime


def between_turns(battle: Battle) -> bool:
    """The end of a turn in the Action Phase: no activation or other work in progress
    (ruling MB-24). Read from the frames' kinds, so no module of a phase is imported."""
    return battle.phase is Phase.ACTION and type(battle.frames[-1]).__name__ == "ActionPhase"


def nobody_left(battle: Battle) -> bool:
    return battle.phase not in (Phase.SETUP, Phase.DEPLOYMENT) and not any(
        f.status is Status.ON_BATTLEFIELD for f in battle.fighters
    )


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


def dealing_poison(battle: Battle) -> bool:
    """Whether the end of the Action Phase is still dealing poison damage (1.2, 13.5;
    ruling MB-33)."""
    return any(frame.dealing_poison() for frame in battle.frames)


def poison_pending(battle: Battle) -> bool:
    """Ruling MB-33: while the poison of one moment is being dealt, nobody has lost yet
    (unless ``--poison-falls in-order``)."""
    return battle.setup.options.poison_falls == PoisonFalls.TOGETHER and dealing_poison(battle)


def _deathmatch_wiped_out(battle: Battle) -> End | None:
    if not _deployed(battle):
        return None
    counts = count_on_battlefield(battle)
    standing = [p for p, c in enumerate(counts) if c > 0]
    if len(standing) > 1 or poison_pending(battle):
        return None  # ruling MB-33: the poison of one moment is dealt before anyone loses
    if len(standing) == 1:
        return End(standing[0], f"only player {standing[0] + 1}'s warband is left (ruling MB-4)")
    if not standing:
        return End(None, "a draw: no fighter is left on the battlefield (rulings MB-4, MB-33)")
    return None


def _deathmatch_end_of_round(battle: Battle) -> End | None:
    if battle.round < battle.setup.options.round_limit(battle.setup.scenario):
        return None
    return winner_by(count_on_battlefield(battle), "fighters on the battlefield (ruling MB-4)")


DEATHMATCH = Scenario(
    **described("deathmatch"),
    hand_limit_bonus=_deathmatch_last_stand,
    end_of_round=_deathmatch_end_of_round,
    immediate_end=_deathmatch_wiped_out,
)


# -- King of the Hill (v1.3.0) -----------------------------------------------------------


HILL_NEAR = 1.0
"""King of the Hill: each fighter this close to the objective raises the hand limit by 1."""


def _hill_hand_limit(battle: Battle, player: int) -> tuple[int, str]:
    near = holding(battle, player, HILL_NEAR)
    return near, (
        f'King of the Hill: +{near} for fighters within {HILL_NEAR:g}" of the objective'
        if near
        else ""
    )


def _hill_end_of_round(battle: Battle) -> End | None:
    counts = [holding(battle, p, KING_OF_THE_HILL.control_radius) for p in range(battle.players)]
    shown = ", ".join(f"player {p + 1}: {c}" for p, c in enumerate(counts))
    if 0 in counts:
        holders = [p for p, c in enumerate(counts) if c]
        if not holders:
            return _tie_break(
                battle, End(None, f'sudden death: no warband has a fighter within 3" ({shown})')
            )
        if len(holders) == 1:
            return End(
                holders[0],
                f'sudden death: only player {holders[0] + 1} has fighters within 3" ({shown})',
            )
    if battle.round >= battle.setup.options.round_limit(battle.setup.scenario):
        return _tie_break(battle, winner_by(counts, 'fighters within 3" of the objective'))
    return None


def _tie_break(battle: Battle, end: End) -> End:
    """Ruling MB-32: a draw on fighters within 3" stays a draw, or (``--tie fighters``)
    goes to the warband with more fighters on the battlefield."""
    if end.winner is not None or battle.setup.options.tie == Tie.DRAW:
        return end
    broken = winner_by(count_on_battlefield(battle), "fighters on the battlefield")
    return End(broken.winner, f"{end.reason}; tie broken by {broken.reason} (ruling MB-32)")


KING_OF_THE_HILL = Scenario(
    **described("king-of-the-hill"),
    objective=True,
    clear_radius=2.0,
    deploy_from_objective=6.0,
    control_radius=3.0,
    hand_limit_bonus=_hill_hand_limit,
    end_of_round=_hill_end_of_round,
)
