"""Facts that hold in every legal battle state; fuzzing and the referee's self-checks use them.

- 0.9: the 52 cards are all somewhere: face-down deck, hands, face-up row, discard pile.
- 2.1, 0.8.1, 15.0: every base on the battlefield is wholly on it, overlaps no other base,
  and stands neither inside a medium or high obstacle nor on a low one.
- 18.5.3, 4.4: a fighter on the battlefield has less damage than its Toughness; one out
  of action has at least as much and is nowhere on the table.
- 9.1: action counters are 0, 1 or 2. 19.1: an object is on the table or carried, never both.
"""

from __future__ import annotations

import math

import shapely
from shapely import Point

from skirmish.fastpaths import Memo, fast
from skirmish.games.magewinds.battle.geometry import RADIUS, field_of
from skirmish.games.magewinds.battle.state import Battle, Status
from skirmish.games.magewinds.battle.state import Point as At
from skirmish.games.magewinds.cards import DECK
from skirmish.geometry import EPSILON, HeightClass
from skirmish.geometry.measure import OVERLAP_TOLERANCE


def problems(battle: Battle) -> list[str]:
    """Every broken invariant, as a line naming the rule; empty when all hold."""
    found = _cards(battle) + _bases(battle)
    for fighter in battle.fighters:
        toughness = battle.setup.profile(fighter.profile).toughness
        if not 0 <= fighter.counters <= 2:
            found.append(f"9.1: {fighter.name} has {fighter.counters} action counters")
        if fighter.on_battlefield and fighter.damage >= toughness:
            found.append(
                f"18.5.3: {fighter.name} is on the battlefield at {fighter.damage}/{toughness}"
            )
        if fighter.status is Status.OUT_OF_ACTION and (fighter.at is not None or fighter.carrying):
            found.append(f"4.4: {fighter.name} is out of action but still placed or carrying")
        if fighter.on_battlefield != (fighter.at is not None):
            found.append(f"2.1: {fighter.name}'s position does not match its status")
    for item in battle.items:
        if (item.at is None) == (item.carried_by is None):
            found.append(f"19.1: {item.name} must be on the table or carried, not both or neither")
        if item.carried_by and item.name not in battle.fighter(item.carried_by).carrying:
            found.append(f"19.1: {item.carried_by} does not hold {item.name}")
    return found


def _cards(battle: Battle) -> list[str]:
    cards = [*battle.deck, *battle.face_up, *battle.discard]
    for hand in battle.hands:
        cards += hand
    if len(cards) != len(DECK) or set(cards) != set(DECK):
        return [f"0.9: {len(cards)} cards in play ({len(set(cards))} distinct), not the 52"]
    return []


CHECKED = "invariant checks"
"""The part of the fast paths (:func:`~skirmish.fastpaths.fast`) that remembers what the
bases' checks (2.1, 0.8.1, 15.0) found by the setup and where every base stands: most steps
move nobody, and a fuzz checks every state."""


def _bases(battle: Battle) -> list[str]:
    placed = tuple((f.name, f.at) for f in battle.on_battlefield() if f.at is not None)
    placed += tuple((i.name, i.at) for i in battle.items if i.at is not None)
    if fast(CHECKED):
        key = (battle.setup, placed)
        return list(_PLACED.get(key, lambda: tuple(_bases_at(battle, placed))))
    return _bases_at(battle, placed)


_PLACED: Memo[tuple[str, ...]] = Memo("bases checked")


def _bases_at(battle: Battle, placed: tuple[tuple[str, At], ...]) -> list[str]:
    """What is wrong with the bases standing at ``placed`` (names and centres, the
    fighters on the battlefield then the objects on the table): the table's terrain and
    size are the setup's."""
    found = []
    table = battle.setup.table
    field = field_of(battle)
    for index, (name, at) in enumerate(placed):
        x, y = at
        if not (
            RADIUS - EPSILON <= x <= table.width - RADIUS + EPSILON
            and RADIUS - EPSILON <= y <= table.length - RADIUS + EPSILON
        ):
            found.append(f"2.1: {name} at {at} is not wholly on the battlefield")
        for other, where in placed[index + 1 :]:
            if math.dist(at, where) < 2 * RADIUS - OVERLAP_TOLERANCE:
                found.append(f"0.8.1: the bases of {name} and {other} overlap")
        gaps = shapely.distance([t.footprint for t in field.terrain], Point(at))
        for piece, gap in zip(field.terrain, gaps, strict=True):
            if piece.height_class is HeightClass.GROUND:
                continue
            if gap < RADIUS - OVERLAP_TOLERANCE:
                found.append(
                    f"15.0: {name} stands in or on {piece.height_class.value} obstacle "
                    f"{piece.name!r}"
                )
    return found
