"""10.0 Battle setup in play: the roll-off for Player 1, territories, the magic deck's
face-up cards (10.4) and deployment (10.5).

The scenario pack's common pattern: the players roll off (3.1) and the winner is Player 1;
Player 2 picks which territory is theirs; players deploy one fighter at a time, Player 1
first. The order in which players finish deploying is the first round's Channelling order.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from functools import partial
from itertools import chain
from random import Random
from typing import Any, cast

import numpy as np

from skirmish.engine.battle import Action, Chance, IllegalAction, Node, Turn
from skirmish.engine.drawing import Offer, once
from skirmish.fastpaths import Kept, fast
from skirmish.games.magewinds.battle.actions import parse_point, pick, point_text
from skirmish.games.magewinds.battle.candidates import GRID, free_points, grid
from skirmish.games.magewinds.battle.deck import (
    FACE_UP,
    card_outcomes,
    drawn_card,
    reshuffle_if_empty,
    sample_card,
    take_from_deck,
)
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import (
    MARGIN,
    OVERLAP,
    can_stand_at,
    stand_problem,
    standing_space,
)
from skirmish.games.magewinds.battle.placement import Placement
from skirmish.games.magewinds.battle.rolloff import RollOff
from skirmish.games.magewinds.battle.scenarios import (
    deployment_problem,
    distance_shortfall,
    territory_problem,
)
from skirmish.games.magewinds.battle.setup import SetupError
from skirmish.games.magewinds.battle.sides import EDGES, SideChoice
from skirmish.games.magewinds.battle.state import Battle, Frame, Phase, Point, Status, rounded
from skirmish.games.magewinds.battle.territory import (
    CORNERS,
    OPPOSITE,
    RADIUS,
    TERRITORIES,
    _triangle_side,
    corner_point,
)
from skirmish.geometry import EPSILON


class SetupStage(StrEnum):
    """Where setting up is (10.1-10.5): the roll-off for the placings to make, then under
    way; between the scenario's setup steps; Player 2 choosing a territory; another setup
    step under way (:attr:`SetupFrame.step` names it); cards turned face up; deploying."""

    ROLL_OFF = "roll-off"
    ROLLING = "rolling"
    STEPS = "steps"
    TERRITORIES = "territories"
    STEP = "step"
    FACE_UP = "face-up"
    DEPLOYING = "deploying"


@dataclass(frozen=True)
class SetupFrame(Frame):
    """10.1-10.5 in play: roll off for the placings (Player 1 first), the scenario's setup
    steps (territories, treasures...), turn 5 cards face up, deploy. Finishes with the
    order in which the players finished deploying."""

    stage: SetupStage = SetupStage.ROLL_OFF
    ranking: tuple[int, ...] = ()
    """The players in their roll-off placings: Player 1, Player 2, ..."""
    steps_done: int = 0
    step: str = ""
    """The scenario's setup step under way at :attr:`SetupStage.STEP` (``treasures``)."""

    def advance(self, battle: Battle) -> Battle | None:
        if self.stage == SetupStage.ROLL_OFF:
            battle = battle.top(replace(self, stage=SetupStage.ROLLING))
            return battle.push(
                RollOff.of(tuple(range(battle.players)), "Player 1 (scenario setup)")
            )
        if self.stage == SetupStage.STEPS:
            return self._next_step(battle)
        if self.stage == SetupStage.FACE_UP and len(battle.face_up) == FACE_UP:
            battle = battle.logged(
                "10.4",
                EventKind.FACE_UP,
                "the magic deck is shuffled; face up: {cards:space}",
                cards=battle.face_up,
            )
            battle = replace(battle, phase=Phase.DEPLOYMENT).top(
                replace(self, stage=SetupStage.DEPLOYING)
            )
            return battle.push(first_deployment(battle, self.ranking))
        return None

    def _next_step(self, battle: Battle) -> Battle:
        steps = battle.setup.scenario.setup_steps
        if self.steps_done >= len(steps):
            return battle.top(replace(self, stage=SetupStage.FACE_UP))
        step = steps[self.steps_done]
        if step == "territories":
            return battle.top(replace(self, stage=SetupStage.TERRITORIES))
        battle = battle.top(replace(self, stage=SetupStage.STEP, step=step))
        return battle.push(setup_step(battle, step, self.ranking))

    def resume(self, battle: Battle, result: Any) -> Battle:
        if self.stage == SetupStage.DEPLOYING:
            return battle.finish(result)
        if self.stage == SetupStage.STEP:
            return battle.top(
                replace(self, stage=SetupStage.STEPS, steps_done=self.steps_done + 1, step="")
            )
        first = result[0]
        battle = replace(battle, first=first).logged(
            "10.0",
            EventKind.PLAYER_1,
            "player {player} is the scenario's Player 1 and sets up",
            player=first + 1,
        )
        return battle.top(replace(self, stage=SetupStage.STEPS, ranking=tuple(result)))

    def node(self, battle: Battle) -> Node:
        if self.stage == SetupStage.TERRITORIES:
            return Turn(_second(battle), "10.5", "Player 2: which territory is yours?")
        return Chance(battle.chances, "10.4", "a card turned face up from the magic deck")

    def options(self, battle: Battle) -> tuple[Action, ...]:
        return tuple(f"take {name}" for name in halves(battle))

    def act(self, battle: Battle, action: Action) -> Battle:
        chosen = pick(action, battle.options(), "10.5", "territory")
        mine = chosen.removeprefix("take ")
        other = OPPOSITE[mine]
        second = _second(battle)
        territories = tuple(mine if p == second else other for p in range(battle.players))
        battle = replace(battle, territories=territories).logged(
            "10.5",
            EventKind.TERRITORIES,
            "player {player} takes the {territory} half; player {other_player} the {other} half "
            "(ruling {ruling})",
            player=second + 1,
            territory=mine,
            other_player=_first(battle) + 1,
            other=other,
            ruling="MB-26" if battle.setup.scenario.splits else "MB-5",
        )
        return battle.top(replace(self, stage=SetupStage.STEPS, steps_done=self.steps_done + 1))

    def sample(self, battle: Battle, rng: Random) -> Action:
        return sample_card(battle, rng)

    def outcomes(self, battle: Battle) -> tuple[tuple[Action, Fraction], ...]:
        return card_outcomes(battle)

    def chance(self, battle: Battle, action: Action) -> Battle:
        card = drawn_card(battle, action)
        battle = take_from_deck(battle, card)
        return reshuffle_if_empty(replace(battle, face_up=(*battle.face_up, card)))

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        stage = f"{self.stage} {self.step}" if self.stage == SetupStage.STEP else self.stage
        found: dict[str, Any] = {"frame": "setup", "stage": stage}
        if battle.players > 2:
            found["ranking"] = [p + 1 for p in self.ranking]
        return found


def _first(battle: Battle) -> int:
    assert battle.first is not None
    return battle.first


def _second(battle: Battle) -> int:
    """Player 2: second in the roll-off's placings (with two players, the other one)."""
    frame = next(f for f in battle.frames if isinstance(f, SetupFrame))
    return frame.ranking[1]


def halves(battle: Battle) -> tuple[str, ...]:
    """The halves Player 2 may take: of the agreed split (MB-5), or of any split the
    scenario lets Player 2 make (ruling MB-26)."""
    splits = battle.setup.scenario.splits or (battle.setup.options.split,)
    return tuple(name for split in splits for name in TERRITORIES[split])


def from_player_2(ranking: tuple[int, ...]) -> tuple[int, ...]:
    """The placings in turn starting with Player 2, Player 1 last."""
    return (*ranking[1:], *ranking[:1])


def setup_step(battle: Battle, step: str, ranking: tuple[int, ...]) -> Frame:
    """The frame that plays one of the scenario's setup steps."""
    scenario = battle.setup.scenario
    if step == "treasures":
        assert scenario.treasures is not None
        count = scenario.treasures.count(battle.players)
        name = scenario.treasures.name
        names = (name,) if count == 1 else tuple(f"{name} {i}" for i in range(1, count + 1))
        return Placement(scenario.name, names, from_player_2(ranking))
    if step == "edge":
        return SideChoice("edge", ranking[1:2])
    return SideChoice(step, from_player_2(ranking))


def first_deployment(battle: Battle, ranking: tuple[int, ...]) -> Deployment:
    """10.5: who deploys first and in what order the players take turns."""
    scenario = battle.setup.scenario
    first = scenario.deploy_first
    order = (*ranking[first:], *ranking[:first])
    return Deployment(turn=order[0], order=order, whole=scenario.deploy_whole)


_DEPLOY = re.compile(r"^deploy\s+(?P<name>.+)\s+at\s+(?P<where>\S.*)$", re.IGNORECASE)
FINE_GRID = 0.25
"""Inches between deployment positions when the usual grid finds no room."""


@dataclass(frozen=True)
class Deployment(Frame):
    """10.5: players place their fighters one at a time in ``order`` (Player 1 first), or
    each their whole warband in turn (``whole``: Hold the Line, Battle Royale)."""

    turn: int
    order: tuple[int, ...] = ()
    whole: bool = False

    def node(self, battle: Battle) -> Node:
        return Turn(self.turn, "10.5", f"player {self.turn + 1}: deploy a fighter")

    def options(self, battle: Battle) -> tuple[Action, ...]:
        waiting = [
            f for f in battle.fighters if f.player == self.turn and f.status is Status.RESERVE
        ]
        points = legal_spots(battle, self.turn) or nearest_spots(battle, self.turn)[1]
        return tuple(f"deploy {f.name} at {point_text(p)}" for f in waiting for p in points)

    def offer(self, battle: Battle) -> Offer | None:
        """Each waiting fighter at each point of the usual grid not surely outside the
        territory, in :meth:`options`' order, each point judged once (free space, where a
        base may stand, the scenario's rules: :func:`deployment_spots`); when no point is
        legal, the options (a finer grid, ruling MB-53). On the fast path only."""
        if not fast():
            return None
        waiting = [
            f for f in battle.fighters if f.player == self.turn and f.status is Status.RESERVE
        ]
        points = _grid(battle, self.turn, GRID)
        outside = _surely_outside(battle, self.turn, points)
        inside = [p for p, out in zip(points, outside, strict=True) if not out]
        judges = [once(partial(_spot_legal, battle, self.turn, p)) for p in inside]
        return Offer.of(
            [
                (f"deploy {f.name} at {point_text(p)}", judge)
                for f in waiting
                for p, judge in zip(inside, judges, strict=True)
            ],
            otherwise=partial(self.options, battle),
        )

    def act(self, battle: Battle, action: Action) -> Battle:
        written = _DEPLOY.match(action)
        if written is None:
            raise IllegalAction(f"10.5: write 'deploy FIGHTER at x,y', not {action!r}")
        name, where = written["name"], written["where"]
        fighter = battle.find_fighter(name)
        if fighter.player != self.turn:
            raise IllegalAction(f"10.5: {fighter.name} is not in player {self.turn + 1}'s warband")
        if fighter.status is not Status.RESERVE:
            raise IllegalAction(f"10.5: {fighter.name} is already deployed")
        at = rounded(parse_point(where, "10.5"))
        problem = stand_problem(battle, at) or deployment_problem(battle, self.turn, at)
        nearer = False
        if problem:
            crowded = crowded_problem(battle, self.turn, at, problem)
            if crowded:
                raise IllegalAction(crowded)
            nearer = True
        battle = battle.with_fighter(replace(fighter, status=Status.ON_BATTLEFIELD, at=at))
        if nearer:
            short, what = distance_shortfall(battle, at)
            battle = battle.logged(
                "10.5",
                EventKind.DEPLOY,
                'player {player} deploys {fighter} at ({at:point}), {short:.2f}" nearer '
                "{what} than the scenario asks: no spot left keeps its distance (ruling MB-53)",
                player=self.turn + 1,
                fighter=fighter.name,
                at=at,
                short=short,
                what=what,
            )
        else:
            battle = battle.logged(
                "10.5",
                EventKind.DEPLOY,
                "player {player} deploys {fighter} at ({at:point})",
                player=self.turn + 1,
                fighter=fighter.name,
                at=at,
            )
        if not _waiting(battle, self.turn):
            battle = replace(battle, deployed=(*battle.deployed, self.turn))
        others = [p for p in range(battle.players) if _waiting(battle, p)]
        if not others:
            return battle.finish(battle.deployed)
        order = self.order or tuple(range(battle.players))
        start = order.index(self.turn)
        first = 0 if self.whole else 1
        after_me = [order[(start + i) % len(order)] for i in range(first, 1 + len(order))]
        following = next(p for p in after_me if p in others)
        return battle.top(replace(self, turn=following))

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {"frame": "deployment", "turn": self.turn + 1}


def legal_spots(battle: Battle, player: int) -> list[Point]:
    """Where a fighter of ``player`` may be deployed now (10.5): the usual grid, or a
    finer one where the usual grid finds no room."""
    for spacing in (GRID, FINE_GRID):
        points = deployment_spots(battle, player, spacing)
        if points:
            return points
    return []


def nearest_spots(battle: Battle, player: int) -> tuple[float, list[Point]]:
    """Ruling MB-53: when the fighters already deployed leave ``player`` no spot that
    keeps the scenario's distance from the objective, the centre or the treasure (10.5),
    the spots of the fine grid in the player's territory where a base may stand that
    fall least short of it, and by how much they fall short (inches)."""
    shortest = math.inf
    best: list[Point] = []
    for p in free_points(battle, _grid(battle, player, FINE_GRID)):
        if territory_problem(battle, player, p) or stand_problem(battle, p):
            continue
        short = distance_shortfall(battle, p)[0]
        if short < shortest - EPSILON:
            shortest, best = short, [p]
        elif short <= shortest + EPSILON:
            best.append(p)
    return shortest, best


def crowded_problem(battle: Battle, player: int, at: Point, problem: str) -> str | None:
    """Why ``at``, refused by 10.5 for ``problem``, may not take a fighter under ruling
    MB-53 either (None: it may): only where no spot keeps the scenario's distances, in the
    player's territory where a base may stand, and no nearer than the best spot of the
    fine grid."""
    if legal_spots(battle, player):
        return problem
    where = territory_problem(battle, player, at) or stand_problem(battle, at)
    if where:
        return where
    shortest, best = nearest_spots(battle, player)
    if not best:
        return f"10.5: no spot is left in player {player + 1}'s territory (ruling MB-53)"
    short, what = distance_shortfall(battle, at)
    if short > shortest + EPSILON:
        return (
            f'10.5: no spot keeps the distance from {what}; deploy no more than {shortest:.2f}" '
            f'short of it, as the best spot left does, not {short:.2f}" (ruling MB-53)'
        )
    return None


def deployment_spots(battle: Battle, player: int, spacing: float) -> list[Point]:
    """Grid points ``spacing`` apart where a fighter of ``player`` may be deployed now
    (10.5, the scenario's rules, and where a base may stand: ruling MB-7). The free-space
    polygons find them quickly; each is then checked with bases as true circles, which
    the polygons' rounded corners only approximate (MW-18)."""
    if fast(KEPT_SPOTS):
        return _kept_spots(battle, player, spacing)
    if fast():
        return [spot for chunk in _spots(battle, player, spacing) for spot in chunk]
    return [
        p
        for p in free_points(battle, _grid(battle, player, spacing))
        if deployment_problem(battle, player, p) is None and stand_problem(battle, p) is None
    ]


KEPT_SPOTS = "kept spots"
"""The part of the fast paths (:func:`skirmish.fastpaths.fast`) that works out a player's
deployment spots from the last ones found for that player on the same table
(:func:`_kept_spots`): a base deployed since takes away only the spots near it."""

NEAR_SPOT = 2 * RADIUS + 0.01
"""Inches: a spot further than this from every base deployed since the last spots were
found keeps its answer (two bases' radii and a hundredth, more than any distance at which
a base keeps another off: their overlap, 0.8.1, and the free space, 15.0)."""

_KEPT_SPOTS: Kept[tuple[frozenset[tuple[str, Point]], tuple[Point, ...]]] = Kept(
    "deployment spots", size=256
)


def _kept_spots(battle: Battle, player: int, spacing: float) -> list[Point]:
    """:func:`deployment_spots` on the fast path, from the last spots found for ``player``
    at ``spacing`` on this setup, the territories and the objects as they are, when every
    base on the battlefield then still stands where it stood: the bases deployed since can
    only take spots away (a spot's territory and the scenario's distances depend on
    neither), and only where a spot is within :data:`NEAR_SPOT` of one, so those spots
    alone are checked again (:func:`_spot_legal`, each test as the chunks make it), the
    others kept in order. Otherwise worked out in full (:func:`_spots`). Only on true
    circles (where a base keeps a spot free by its distance alone)."""
    bases = frozenset((f.name, f.at) for f in battle.on_battlefield() if f.at is not None)
    more = (player, spacing, battle.territories, tuple((i.name, i.at) for i in battle.items))
    found = _KEPT_SPOTS.find(battle.setup, *more)
    spots: list[Point] | None = None
    if found is not None and standing_space(battle).circles is not None:
        before, kept = found[0]
        if before <= bases:
            new = [at for _, at in bases - before]
            spots = [
                p
                for p in kept
                if all(math.dist(p, at) > NEAR_SPOT for at in new) or _spot_legal(battle, player, p)
            ]
    if spots is None:
        spots = [spot for chunk in _spots(battle, player, spacing) for spot in chunk]
    _KEPT_SPOTS.put(battle.setup, (bases, tuple(spots)), *more)
    return spots


def _grid(battle: Battle, player: int, spacing: float) -> list[Point]:
    points = grid(battle, spacing)
    if battle.setup.scenario.territory == "edge":
        points += edge_points(battle, player, spacing)
    return points


CHUNK = 256
"""Grid points checked together on the fast path of :func:`deployment_spots`."""


def _spots(battle: Battle, player: int, spacing: float) -> Iterator[list[Point]]:
    """:func:`deployment_spots`, in order, a chunk of the grid at a time (a fast path):
    points surely outside the player's territory are dropped at once
    (:func:`_surely_outside`), the rest checked for free space and where a base may stand
    all at once (:func:`~skirmish.games.magewinds.battle.geometry.can_stand_at`), and only
    the survivors by the scenario's own deployment rules, one by one."""
    points = _grid(battle, player, spacing)
    for start in range(0, len(points), CHUNK):
        chunk = points[start : start + CHUNK]
        outside = _surely_outside(battle, player, chunk)
        free = free_points(battle, [p for p, out in zip(chunk, outside, strict=True) if not out])
        standing = [p for p, ok in zip(free, can_stand_at(battle, free), strict=True) if ok]
        yield [p for p in standing if deployment_problem(battle, player, p) is None]


def _spot_legal(battle: Battle, player: int, point: Point) -> bool:
    """Whether a fighter of ``player`` may be deployed at ``point``, one point asked as
    :func:`_spots` asks a chunk of them (each test is the same point by point)."""
    return (
        bool(free_points(battle, [point]))
        and can_stand_at(battle, [point])[0]
        and deployment_problem(battle, player, point) is None
    )


def _surely_outside(battle: Battle, player: int, points: list[Point]) -> list[bool]:
    """Whether each point is outside ``player``'s territory (10.5, rulings MB-5, MB-29) by
    more than :data:`~skirmish.games.magewinds.battle.geometry.MARGIN`: never true where
    :func:`~skirmish.games.magewinds.battle.scenarios.territory_problem` finds nothing."""
    if not points:
        return []
    where = np.array(points, dtype=float).reshape(-1, 2)
    xs, ys = where[:, 0], where[:, 1]
    scenario, table = battle.setup.scenario, battle.setup.table
    width, length, name = table.width, table.length, battle.territories[player]
    # how far each base is wholly inside (positive) or sticks out of (negative) the territory
    depth: Any
    if scenario.territory == "half" and name in CORNERS:
        # the diagonal's arithmetic, done on every point at once
        depth = _triangle_side(name, width, length, cast(Point, (xs, ys))) - RADIUS
    elif scenario.territory == "half":
        depth = _half_side(name, width, length, xs, ys) - RADIUS
    elif scenario.territory == "quarter":
        depth = np.min([_half_side(part, width, length, xs, ys) for part in name.split("-")], 0)
        depth -= RADIUS
    elif scenario.territory == "corner":
        cx, cy = corner_point(name, width, length)
        depth = scenario.corner_radius - (np.hypot(xs - cx, ys - cy) - RADIUS)
    else:
        return [False] * len(points)
    return [bool(v) for v in depth < -(EPSILON + MARGIN)]


def _half_side(name: str, width: float, length: float, xs: np.ndarray, ys: np.ndarray) -> Any:
    """How far inside the half ``name`` (left, right, near, far) each point is."""
    return {
        "left": width / 2 - xs,
        "right": xs - width / 2,
        "near": length / 2 - ys,
        "far": ys - length / 2,
    }[name]


def edge_points(battle: Battle, player: int, spacing: float) -> list[Point]:
    """Points along ``player``'s edge where a base touches it (Hold the Line)."""
    table = battle.setup.table
    if battle.territories[player] == "left":
        x = math.ceil(RADIUS * 10**4) / 10**4  # rounded inward, so the base is on the table
    else:
        x = math.floor((table.width - RADIUS) * 10**4) / 10**4
    return [(x, y) for y in sorted({y for _, y in grid(battle, spacing)})]


def check_deployment_room(battle: Battle, *, most: int | None = None) -> None:
    """10.5: each territory holds every warband that may be given it (``most`` fighters,
    or the largest warband given), before anyone deploys. Fighters may cross low obstacles
    but not stand on them (ruling MB-7), so a battlefield can pass 10.3 and still leave a
    territory with no room: it is refused at setup, naming the territory. Bases are placed
    one by one on a fine grid, each at the first spot clear of those before it."""
    scenario = battle.setup.scenario
    names: tuple[str, ...] = halves(battle)
    seats: tuple[int, ...] = (0,)
    if scenario.territory in ("quarter", "corner"):
        names = CORNERS
    elif scenario.territory == "edge":
        names, seats = EDGES, (0, 1)  # seat 0 the Attacker, seat 1 the Defender
    if most is None:
        most = max(len(band.names) for band in battle.setup.warbands)
    for name, seat in ((n, s) for n in names for s in seats):
        trial = replace(battle, territories=(name,) * battle.players, first=0)
        if fast():  # a chunk at a time, stopping once the warband is placed
            spots: Iterable[Point] = chain.from_iterable(_spots(trial, seat, FINE_GRID))
        else:
            spots = deployment_spots(trial, seat, FINE_GRID)
        placed: list[Point] = []
        for spot in spots:
            if all(math.dist(spot, other) >= OVERLAP for other in placed):
                placed.append(spot)
                if len(placed) == most:
                    break
        if len(placed) < most:
            raise SetupError(
                f"10.5: the {name} territory of {battle.setup.table.name} has room for "
                f"{len(placed)} of a warband's {most} fighters where a base may stand (not "
                "on a low obstacle, ruling MB-7); choose another battlefield or split"
            )


def _waiting(battle: Battle, player: int) -> bool:
    return any(f.player == player and f.status is Status.RESERVE for f in battle.fighters)
