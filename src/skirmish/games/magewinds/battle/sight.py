"""16.0 Visibility and 18.1 lines of attack in battles, on the fast path: remembered by
position, and asked of fighters at trial positions without building the battlefield again.

Whether one base sees another depends on the high obstacles (fixed for a battle), where
the two bases stand and what each touches (ruling MW-18), which follows from where it
stands: not on other fighters, since bases do not block sight (16.0). So an answer found
once holds for every later state with the two bases in the same places, and it is found
among the battle's high obstacles alone, shared by every state.

A line of attack from a fighter at a trial position (a step it might make) passes over the
attacker's own base, so it is the same among the blockers of the battlefield as it stands,
with the attacker touching what it would touch there
(:meth:`~skirmish.games.magewinds.looks.Blockers.touching_as`).
"""

from __future__ import annotations

from dataclasses import replace

from skirmish.fastpaths import Memo, fast
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.field import Battlefield, Placed
from skirmish.games.magewinds.looks import HIGH, Blockers, blockers
from skirmish.games.magewinds.profiles import AttackProfile
from skirmish.games.magewinds.sightlines import LineOfAttack, lines_of_attack, visibilities
from skirmish.geometry import Based

Where = tuple[float, float, float]

_SIGHT: Memo[bool] = Memo("visibility")
_OBSTACLES: Memo[Blockers] = Memo("high obstacles", size=64)


def _where(base: Based | None) -> Where | None:
    return None if base is None else (base.x, base.y, base.radius)


def visible(
    setup: Setup,
    field: Battlefield,
    viewer: Placed,
    target: Placed,
    stands: tuple[Based | None, Based | None],
) -> bool:
    """16.0: whether ``target`` is visible to ``viewer`` on ``field`` (a battlefield of
    ``setup``'s table). ``stands``: the bases of the fighters called as the viewer and the
    target where they stand on ``field``, or None (what a base touches is looked up by its
    name: a trial spot has no fighter of its name, so it touches nothing)."""
    if not fast() or field.terrain is not setup.table.field.terrain:
        return visibility_of(field, viewer, target)
    if viewer.name == target.name:
        return True
    key = (
        setup,
        _where(viewer.base),
        _where(stands[0]),
        _where(target.base),
        _where(stands[1]),
    )
    return _SIGHT.get(key, lambda: _seen(setup, viewer, target, stands))


def visibility_of(field: Battlefield, viewer: Placed, target: Placed) -> bool:
    return visibilities(field, [(viewer, target)])[0].visible


def _seen(
    setup: Setup, viewer: Placed, target: Placed, stands: tuple[Based | None, Based | None]
) -> bool:
    """16.0 among the high obstacles alone, the two fighters touching what they touch."""
    table = replace(setup.table.field, fighters=(), objects=())
    shared = _OBSTACLES.get(setup, lambda: blockers(table, HIGH, False))
    among = shared.touching_as([base for base in stands if base is not None])
    return visibilities(table, [(viewer, target)], among=among)[0].visible


def line_from(
    field: Battlefield, attacker: Placed, target: Placed, attack: AttackProfile
) -> LineOfAttack:
    """18.1 from ``attacker`` at a trial position (its base moved; every other fighter as on
    ``field``) to ``target``."""
    among = blockers(field, HIGH, True).touching_as([attacker.base])
    return lines_of_attack(field, [(attacker, target)], [attack], among=among)[0]
