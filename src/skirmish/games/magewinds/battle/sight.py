"""16.0 Visibility in battles, remembered by position: the fast path of ``sees``.

Whether one base sees another depends on the high obstacles (fixed for a battle), where
the two bases stand and what each touches (ruling MW-18), which follows from where it
stands: not on any other fighter, since bases do not block sight (16.0). So an answer
found once holds for every later state with the two bases in the same places, however the
rest of the battle has changed.
"""

from __future__ import annotations

from skirmish.fastpaths import Memo, fast
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.field import Battlefield, Placed
from skirmish.games.magewinds.sightlines import visibility

Where = tuple[float, float, float, tuple[float, float] | None]

_SIGHT: Memo[bool] = Memo("visibility")


def _where(field: Battlefield, placed: Placed) -> Where:
    """Where a base stands, and where the fighter of its name stands (what it touches is
    looked up by name: a trial spot has no fighter of its name, so it touches nothing)."""
    base = placed.base
    stands = next(((p.base.x, p.base.y) for p in field.fighters if p.name == placed.name), None)
    return (base.x, base.y, base.radius, stands)


def visible(setup: Setup, field: Battlefield, viewer: Placed, target: Placed) -> bool:
    """16.0: whether ``target`` is visible to ``viewer`` on ``field`` (a battlefield of
    ``setup``'s table)."""
    if not fast():
        return visibility(field, viewer, target).visible
    if viewer.name == target.name:
        return True
    key = (setup, _where(field, viewer), _where(field, target))
    return _SIGHT.get(key, lambda: visibility(field, viewer, target).visible)
