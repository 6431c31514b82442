"""19.0 Interacting with objects: picking up, carrying and dropping carriable objects.

A fighter in contact with a carriable object at the start or end of a Move action may pick
it up; it may drop a carried object at the start or end of one of its activations, in
contact with it. A fighter knocked back drops what it carries as close to where it stood
as possible; one taken down drops it where it stood. Contact is within 0.01" (the
precision a position is written to; ruling MB-11).
"""

from __future__ import annotations

import math
from dataclasses import replace

from shapely import Point as ShapelyPoint

from skirmish.engine.battle import Action, IllegalAction
from skirmish.games.magewinds.battle.actions import after, parse_point, point_text
from skirmish.games.magewinds.battle.candidates import contact_points
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import (
    RADIUS,
    field_of,
    nearest_free,
    stand_problem,
    visible_spot,
)
from skirmish.games.magewinds.battle.hooks import ABILITIES
from skirmish.games.magewinds.battle.rolloff import SIDES as DIE_SIDES
from skirmish.games.magewinds.battle.state import MARKER, Battle, Fighter, Item, Point
from skirmish.games.magewinds.profiles import AttackProfile, Special
from skirmish.geometry import HeightClass
from skirmish.geometry.measure import OVERLAP_TOLERANCE

CONTACT = 0.01
"""Inches: bases this close count as in contact (ruling MB-11)."""


def in_contact(a: Point, b: Point) -> bool:
    """8.0: two bases touch."""
    return math.dist(a, b) - 2 * RADIUS <= CONTACT


def pickup_options(battle: Battle, fighter: Fighter) -> list[Action]:
    """19.1: carriable objects in contact; not in Wildform (Druid v1.5.0), nor past the
    scenario's limit on objects carried (Treasure Dash v1.3.0)."""
    if fighter.at is None or ABILITIES.carry_refused(fighter):
        return []
    most = battle.setup.scenario.carry_most
    if most is not None and len(fighter.carrying) >= most:
        return []
    return [
        f"pick up {item.name}"
        for item in battle.items
        if item.carriable and item.at is not None and in_contact(item.at, fighter.at)
    ]


def pick_up(battle: Battle, fighter: Fighter, action: Action) -> Battle:
    name = after(action, "pick up") or ""
    if action not in pickup_options(battle, fighter):
        item = battle.item(name)
        if not item.carriable:
            raise IllegalAction(f"19.1: {item.name} is not carriable")
        most = battle.setup.scenario.carry_most
        if most is not None and len(fighter.carrying) >= most:
            raise IllegalAction(
                f"{battle.setup.scenario.name}: {fighter.name} already carries "
                f"{', '.join(fighter.carrying)}; a fighter carries at most {most}"
            )
        raise IllegalAction(
            f"19.1: {fighter.name} can pick up {item.name} only in contact with it at the "
            "start or end of a Move action"
            + (f", and not in {refused}" if (refused := ABILITIES.carry_refused(fighter)) else "")
        )
    item = battle.item(name)
    if battle.setup.scenario.collect:
        return collect(battle, fighter, item.name)
    battle = battle.with_item(replace(item, at=None, carried_by=fighter.name))
    battle = battle.with_fighter(replace(fighter, carrying=(*fighter.carrying, item.name)))
    return battle.logged(
        "19.1", EventKind.PICK_UP, "{fighter} picks up {item}", fighter=fighter.name, item=item.name
    )


def collect(battle: Battle, fighter: Fighter, name: str, why: str = "") -> Battle:
    """Fragment Frenzy: a fragment collected (v1.3.1: picked up; v1.3.0: a marker crossed,
    ruling MB-28, ``why`` saying so) leaves the battlefield and counts for the fighter's
    warband."""
    battle = replace(
        battle,
        items=tuple(i for i in battle.items if i.name != name),
        marks=tuple(m for m in battle.marks if not (m.key == MARKER and m.detail == name)),
        tally=(*battle.tally, ("fragment", fighter.player, battle.round)),
    )
    total = battle.counted("fragment", fighter.player)
    return battle.logged(
        "Fragment Frenzy",
        EventKind.COLLECT,
        "{fighter} collects {item}{why} (player {player}: {total} fragments)",
        fighter=fighter.name,
        item=name,
        player=fighter.player + 1,
        total=total,
        words={"why": why},
    )


def drop_options(battle: Battle, fighter: Fighter) -> list[Action]:
    """19.1: a carried object placed anywhere in contact (representative points)."""
    if not fighter.carrying or fighter.at is None:
        return []
    points = contact_points(battle, fighter)
    return [f"drop {name} at {point_text(p)}" for name in fighter.carrying for p in points]


def drop(battle: Battle, fighter: Fighter, action: Action) -> Battle:
    rest = after(action, "drop") or ""
    if " at " not in rest:
        raise IllegalAction("19.1: write 'drop OBJECT at x,y'")
    name, where = rest.rsplit(" at ", 1)
    item = battle.item(name)
    if item.name not in fighter.carrying:
        raise IllegalAction(f"19.1: {fighter.name} is not carrying {item.name}")
    at = parse_point(where, "19.1")
    assert fighter.at is not None
    if not in_contact(at, fighter.at):
        raise IllegalAction(f"19.1: a dropped object is placed in contact with {fighter.name}")
    problem = stand_problem(battle, at)
    if problem:
        raise IllegalAction(f"19.1: {problem}")
    return _place(battle, fighter, item.name, at)


def _place(battle: Battle, fighter: Fighter, name: str, at: Point, why: str = "") -> Battle:
    """Object ``name`` placed at ``at`` by ``fighter``, who carries it no more (a fighter
    removed by Clone is no longer in the battle, ruling MB-48); ``why`` it drops it when
    it did not choose to (ruling MB-20)."""
    battle = battle.with_item(replace(battle.item(name), at=at, carried_by=None))
    for carrier in battle.fighters:
        if carrier.name == fighter.name:
            left = tuple(n for n in carrier.carrying if n != name)
            battle = battle.with_fighter(replace(carrier, carrying=left))
    return battle.logged(
        "19.1",
        EventKind.DROP,
        "{fighter} drops {because}{item} at ({at:point})",
        fighter=fighter.name,
        item=name,
        at=at,
        why=why,
        words={"because": f"({why}, ruling MB-20) " if why else ""},
    )


def drop_everything(battle: Battle, fighter: Fighter, near: Point, why: str) -> Battle:
    """19.1: everything ``fighter`` carries is placed as close to ``near`` as possible
    (ruling MB-20), in the free space of ``battle``: a fighter removed by Clone drops in the
    battle with the two bases already set up, so that no object lies under one (ruling
    MB-48)."""
    for name in fighter.carrying:
        spot = nearest_free(battle, near)
        if spot is None:  # pragma: no cover - a battlefield always has room somewhere
            raise IllegalAction(f"19.1: nowhere to place {name}")
        battle = _place(battle, fighter, name, spot, why)
    return battle


# -- moveable objects (19.2) and Push (Cleric v1.4.0, ruling MB-34) -------------------------

OBJECT_STEP = 0.01
"""Inches: a shoved object's way is checked at this spacing (positions are kept to 0.01")."""


def pushable(battle: Battle, fighter: Fighter, attack: AttackProfile) -> list[Item]:
    """Push may target a moveable object (Cleric v1.4.0): one on the battlefield that the
    attacker sees, within the attack's Range measured between the bases (ruling MB-34)."""
    if Special.PUSH not in attack.special or fighter.at is None:
        return []
    found = []
    for item in battle.items:
        if not item.moveable or item.at is None:
            continue
        gap = max(0.0, math.dist(fighter.at, item.at) - 2 * RADIUS)
        if attack.in_range(gap) and visible_spot(battle, fighter, item.at):
            found.append(item)
    return found


def object_push_end(
    battle: Battle, pusher: Fighter, item: Item, inches: float
) -> tuple[Point, float]:
    """19.2: a moveable object moves as a fighter does, straight away from ``pusher`` up
    to ``inches``, and cannot move over any obstacle (low ones included): it stops where
    the next 0.01" would touch an obstacle, a base or the table's edge."""
    assert pusher.at is not None and item.at is not None
    dx, dy = item.at[0] - pusher.at[0], item.at[1] - pusher.at[1]
    norm = math.hypot(dx, dy) or 1.0
    ux, uy = dx / norm, dy / norm
    field = field_of(battle)
    obstacles = [t.footprint for t in field.terrain if t.height_class is not HeightClass.GROUND]
    end, moved = item.at, 0.0
    steps = round(inches / OBJECT_STEP)
    for i in range(1, steps + 1):
        length = i * OBJECT_STEP
        at = (round(item.at[0] + ux * length, 4), round(item.at[1] + uy * length, 4))
        centre = ShapelyPoint(at)
        if any(piece.distance(centre) < RADIUS - OVERLAP_TOLERANCE for piece in obstacles):
            break
        if stand_problem(battle, at, exclude=item.name) is not None:
            break
        end, moved = at, length
    return end, moved


def push_object(battle: Battle, pusher: Fighter, item: Item, attack: AttackProfile) -> Battle:
    """Push against a moveable object (ruling MB-34): an object makes no reaction and has
    no Evasion, Armour or cover, so it would take one damage per hit; with Push's
    Precision 6 every die hits (18.5.2), so no dice are rolled, and it moves 1" for each."""
    strike = attack.strike(None)
    hits = strike.power if strike.precision >= DIE_SIDES else 0
    battle = battle.logged(
        "18.0",
        EventKind.ATTACK,
        "{attacker} attacks {item} with {attack} (a moveable object, ruling MB-34): target "
        "number {target_number}, every die hits: {hits} hits",
        attacker=pusher.name,
        item=item.name,
        attack=attack.name,
        target_number=strike.precision,
        hits=hits,
    )
    end, moved = object_push_end(battle, pusher, item, float(hits))
    battle = battle.with_item(replace(item, at=end))
    return battle.logged(
        "19.2",
        EventKind.SHOVE,
        'Push: {item} is moved {inches:.2f}" of {push}" straight away from {attacker} (ruling '
        "MB-34)",
        item=item.name,
        attacker=pusher.name,
        inches=round(moved, 2),
        push=hits,
    )
