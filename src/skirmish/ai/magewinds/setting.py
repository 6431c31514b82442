"""The greedy player's choices before and between the Action Phases: building its warband
(10.2, ruling MB-31), deploying (10.5), placing the scenario's objects, choosing a corner,
quarter or objective edge, ordering simultaneous rules (1.2).

Each is a rule of thumb a player would use, measured on the position as the player sees
it: a warband worth the most per slot, fighters deployed toward what the scenario is won
by, objects placed nearer the player's fighters (or territory) than anyone else's, a
territory with the most cover, its own warband's simultaneous rules last.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from skirmish.ai.magewinds.evaluation import Evaluator
from skirmish.engine.battle import Action, IllegalAction
from skirmish.games.magewinds.battle.abilities.deadeye import aimed
from skirmish.games.magewinds.battle.grammar import BattleAction, Names, read
from skirmish.games.magewinds.battle.holdtheline import attacker as hold_attacker
from skirmish.games.magewinds.battle.rolloff import OrderChoice, order_text
from skirmish.games.magewinds.battle.scenarios import objective_point
from skirmish.games.magewinds.battle.sides import SideChoice
from skirmish.games.magewinds.battle.state import Battle, Fighter, Point
from skirmish.games.magewinds.battle.territory import CORNERS, OPPOSITE, corner_point
from skirmish.games.magewinds.profiles import FighterProfile

APART = 3.0
"""Inches: deployed fighters this far apart are not caught by one Blast (the bonus for
spacing stops there)."""


def profile_worth(
    evaluator: Evaluator, profile: FighterProfile, pack: Sequence[FighterProfile]
) -> float:
    """What a profile brings to a warband, in points of Toughness: its material (as the
    evaluation counts a fighter), plus its best attack's value against each profile of the
    pack on average, minus the best attack of each of them against it on average (Aimed
    Shot left out: it waits on a Take Aim)."""
    w = evaluator.weights
    me = Fighter(profile.name, profile.name, 0)

    def best(attacker: Fighter, target: Fighter) -> float:
        attacks = evaluator.setup.profile(attacker.profile).attacks
        values = [evaluator.gain(attacker, target, a) for a in attacks if not aimed(a)]
        return max(values, default=0.0)

    others = [Fighter(f"{p.name}.", p.name, 1) for p in pack]
    offence = sum(best(me, o) for o in others) / len(others)
    danger = sum(best(o, me) for o in others) / len(others)
    return w.alive + w.health * profile.toughness + offence - danger


def home(battle: Battle, player: int) -> list[Point]:
    """Where ``player``'s warband is: its fighters on the battlefield, or, before they are
    deployed, the middle of its territory (none known: no point)."""
    placed = [f.at for f in battle.on_battlefield(player) if f.at is not None]
    if placed:
        return placed
    if player >= len(battle.territories) or not battle.territories[player]:
        return []
    return [territory_middle(battle, battle.territories[player])]


def territory_middle(battle: Battle, name: str) -> Point:
    """A point in the middle of the territory ``name`` (a half, a diagonal half, a quarter
    or a corner, or a long edge's half)."""
    width, length = battle.setup.table.width, battle.setup.table.length
    cx, cy = width / 2, length / 2
    if name in CORNERS:
        x, y = corner_point(name, width, length)
        return ((x + cx) / 2, (y + cy) / 2)
    return {
        "left": (width / 4, cy),
        "right": (3 * width / 4, cy),
        "near": (cx, length / 4),
        "far": (cx, 3 * length / 4),
    }.get(name, (cx, cy))


def nearest(points: Iterable[Point], at: Point) -> float:
    return min((math.dist(p, at) for p in points), default=0.0)


def placement_score(battle: Battle, player: int, at: Point) -> float:
    """How much an object at ``at`` favours ``player``: how much nearer its warband is
    than the nearest other warband."""
    mine = home(battle, player)
    theirs = [p for other in range(battle.players) if other != player for p in home(battle, other)]
    return nearest(theirs, at) - nearest(mine, at)


def goals(battle: Battle, player: int) -> list[Point]:
    """The points the scenario is won at, as deployment aims for them: the objective
    marker, the objects lying free; Hold the Line's Attacker its objective edge."""
    scenario = battle.setup.scenario
    if scenario.objective:
        return [objective_point(battle)]
    free = [i.at for i in battle.items if i.carriable and i.carried_by is None and i.at is not None]
    if free:
        return free
    if scenario.escape and battle.first is not None and hold_attacker(battle) == player:
        edge = OPPOSITE[battle.territories[player]]
        return [territory_middle(battle, edge)]
    return [battle.setup.table.centre]


def deployment_score(battle: Battle, player: int, at: Point) -> float:
    """10.5: nearer the scenario's goal, and apart from the friends already deployed."""
    friends = [f.at for f in battle.on_battlefield(player) if f.at is not None]
    apart = min((math.dist(at, f) for f in friends), default=APART)
    return -nearest(goals(battle, player), at) + 0.5 * min(apart, APART)


def point_of(option: BattleAction, rule: str) -> Point:
    """The point an offered option names (a deployment's, 10.5, or a placement's, 10.4)."""
    if option.point is None:
        raise IllegalAction(f"{rule}: {option} names no point")
    return option.point


def cover_near(battle: Battle, point: Point) -> float:
    """How much terrain lies near ``point``: each piece's area, less with its distance."""
    found = 0.0
    for piece in battle.setup.table.field.terrain:
        centre = piece.footprint.centroid
        found += piece.footprint.area / (1.0 + math.dist((centre.x, centre.y), point))
    return found


def side_choice(battle: Battle, frame: SideChoice, legal: tuple[Action, ...]) -> Action:
    """A corner or quarter with the most cover near it; as Hold the Line's Defender, the
    objective edge whose half has the most cover (where the Attacker must come)."""
    names = Names.of(battle)

    def where(option: Action) -> str:
        return read(option, names).option or ""

    return max(
        legal,
        key=lambda o: (cover_near(battle, territory_middle(battle, where(o))), -legal.index(o)),
    )


def order_choice(player: int, frame: OrderChoice, legal: tuple[Action, ...]) -> Action:
    """1.2: the other players' rules first and the player's own last, so that its warband
    is the last to suffer a simultaneous effect (the others in seat order)."""
    others = tuple(p for p in frame.players if p != player)
    mine = tuple(p for p in frame.players if p == player)
    wanted = order_text((*others, *mine))
    return wanted if wanted in legal else legal[0]
