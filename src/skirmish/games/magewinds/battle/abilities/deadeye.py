"""The Deadeye's Take Aim and Aimed Shot (Tempest Crusaders, Deadeye page v1.2.0).

Take Aim is an action with no cost: a marker goes on a point within 10" that the Deadeye
sees (9.4: measured from the marker's centre). During the Deadeye's next activation it may
make an Aimed Shot, and only at a fighter within 2" of the marker; the marker is removed at
the end of that activation (ruling MB-12).
"""

from __future__ import annotations

import math

import shapely
from shapely import LineString

from skirmish.engine.battle import Action, IllegalAction
from skirmish.games.magewinds.battle.abilities.common import (
    ActionAbility,
    marks,
    own,
    to_point,
    with_mark,
    without,
)
from skirmish.games.magewinds.battle.actions import after, parse_point, point_text
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import RADIUS
from skirmish.games.magewinds.battle.state import Battle, Fighter, Mark, Point, rounded
from skirmish.games.magewinds.profiles import AttackProfile, Special
from skirmish.geometry import HeightClass

AIM_RANGE = 10.0
AIM_AREA = 2.0
"""Take Aim: a point within 10"; Aimed Shot: a fighter within 2" of the marker."""
KEY = "take_aim"
READY = "ready"
"""A marker's ``detail`` once the Deadeye's next activation has begun."""


def point_visible(battle: Battle, fighter: Fighter, point: Point, *, besides: str = "") -> bool:
    """16.0 for a point: the straight line from it to the closest point of the fighter's
    base crosses no high obstacle (but ``besides``; everything is visible under Third
    Eye)."""
    if "third_eye" in fighter.effects:
        return True
    assert fighter.at is not None
    far = math.dist(fighter.at, point)
    if far <= RADIUS:
        return True
    t = RADIUS / far
    edge = (
        fighter.at[0] + (point[0] - fighter.at[0]) * t,
        fighter.at[1] + (point[1] - fighter.at[1]) * t,
    )
    line = LineString([point, edge])
    for piece in battle.setup.table.field.terrain:
        high = piece.height_class is HeightClass.HIGH and piece.name != besides
        crossed = high and shapely.intersects(piece.footprint, line)
        if crossed and not shapely.touches(piece.footprint, line):
            return False
    return True


def aim_problem(battle: Battle, fighter: Fighter, point: Point, name: str) -> str | None:
    field = battle.setup.table.field
    if not (0 <= point[0] <= field.width and 0 <= point[1] <= field.length):
        return f"{name}: ({point_text(point)}) is not on the battlefield (2.1)"
    reach = to_point(fighter, point)
    if reach > AIM_RANGE + 1e-9:
        return f'{name}: ({point_text(point)}) is {reach:.2f}" away; it must be within 10"'
    if not point_visible(battle, fighter, point):
        return f"{name}: ({point_text(point)}) is not visible to {fighter.name} (16.0)"
    return None


class TakeAim(ActionAbility):
    """Take Aim: ``aim at x,y``."""

    def options(self, battle: Battle, fighter: Fighter) -> tuple[Action, ...]:
        """Representative points: the centre of every enemy fighter on the battlefield that
        a marker may mark (ruling MB-6), or with none, the Deadeye's own spot. The page asks
        for a visible point, not a fighter: the Deadeye sees where it stands (16.0) and a
        marker may go under a fighter (9.4), so Take Aim is always possible (ruling MB-12)."""
        spell = own(battle, fighter, self.key)
        name = spell.name if spell else "Take Aim"
        out = []
        for other in battle.on_battlefield():
            if other.name != fighter.name and other.player != fighter.player:
                assert other.at is not None
                if aim_problem(battle, fighter, other.at, name) is None:
                    out.append(f"aim at {point_text(other.at)}")
        if not out:
            assert fighter.at is not None
            out.append(f"aim at {point_text(fighter.at)}")
        return tuple(out)

    def act(self, battle: Battle, fighter: Fighter, action: Action) -> Battle:
        spell = own(battle, fighter, self.key)
        assert spell is not None
        where = after(action, "aim at")
        if where is None:
            raise IllegalAction(f"{spell.name}: write 'aim at x,y', not {action!r}")
        point = rounded(parse_point(where, spell.name))
        problem = aim_problem(battle, fighter, point, spell.name)
        if problem:
            raise IllegalAction(problem)
        battle = without(
            battle, *[m for m in marks(battle, KEY, owner=fighter.name) if m.detail != READY]
        )
        battle = with_mark(battle, Mark(KEY, fighter.name, at=point))
        version = f" v{battle.setup.profile(fighter.profile).version}"
        return battle.logged(
            "Take Aim",
            EventKind.TAKE_AIM,
            "Take Aim (Deadeye{version}): {fighter} puts a marker at ({at:point}); in its next "
            'activation it may make an Aimed Shot at a fighter within 2" of it (ruling MB-12)',
            fighter=fighter.name,
            at=point,
            words={"version": version},
        )


TAKE_AIM = TakeAim(KEY, "take aim")


def ready(battle: Battle, fighter: Fighter) -> Battle:
    """The Deadeye's next activation begins: its marker may now be aimed at."""
    found = [m for m in marks(battle, KEY, owner=fighter.name) if m.detail != READY]
    if not found:
        return battle
    old = found[-1]
    battle = without(battle, *found)
    return with_mark(battle, Mark(KEY, old.owner, at=old.at, detail=READY))


def removed(battle: Battle, fighter: Fighter) -> Battle:
    """The activation after Take Aim ends: its marker is removed."""
    found = [m for m in marks(battle, KEY, owner=fighter.name) if m.detail == READY]
    if not found:
        return battle
    return without(battle, *found).logged(
        "Take Aim",
        EventKind.AIM_REMOVED,
        "{fighter}'s Take Aim marker is removed",
        fighter=fighter.name,
    )


def aimed(attack: AttackProfile) -> bool:
    return Special.AIMED_SHOT in attack.special


def attack_refused(battle: Battle, fighter: Fighter, attack: AttackProfile) -> str | None:
    """Aimed Shot needs a marker from Take Aim in the activation before this one."""
    if not aimed(attack):
        return None
    if any(m.detail == READY for m in marks(battle, KEY, owner=fighter.name)):
        return None
    return (
        f"{attack.name}: only in the activation after Take Aim (Deadeye "
        f"v{battle.setup.profile(fighter.profile).version}, ruling MB-12)"
    )


def target_refused(
    battle: Battle, fighter: Fighter, attack: AttackProfile, target: Fighter
) -> str | None:
    """Aimed Shot: only at a fighter within 2" of the marker."""
    if not aimed(attack):
        return None
    refused = attack_refused(battle, fighter, attack)
    if refused:
        return refused
    assert target.at is not None
    for mark in marks(battle, KEY, owner=fighter.name):
        if mark.detail == READY and mark.at is not None and to_point(target, mark.at) <= AIM_AREA:
            return None
    return f'{attack.name}: {target.name} is not within 2" of the Take Aim marker'
