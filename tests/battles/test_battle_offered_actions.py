"""Every action the rules offer is one the rules accept: the options listed at a decision
and the check an action meets when it is taken are one mechanism. A computer player never
meets an offered action that is then refused, and no placement leaves two bases
overlapping (0.8.1), so a fighter is never offered a Move to its own spot that it cannot
make."""

from __future__ import annotations

from dataclasses import replace

from mwbattle import guard_turns, placed, play

from skirmish.games.magewinds.battle.geometry import stand_problem
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.state import Item


def carrier_about_to_be_cloned():
    """The Mesmer at (8, 4) is about to clone the Enchanter at (2, 4), which carries a
    chest (19.1)."""
    where = {
        "Enchanter": (2.0, 4.0),
        "Seer": (2.0, 8.0),
        "Mesmer": (8.0, 4.0),
        "Cleric": (8.0, 8.0),
    }
    battle = placed(("Enchanter", "Seer"), ("Mesmer", "Cleric"), where, {1: ("4S", "5D")})
    battle = replace(battle, items=(Item("chest", None, True, False, "Enchanter"),))
    battle = battle.with_fighter(replace(battle.fighter("Enchanter"), carrying=("chest",)))
    return play(battle, *guard_turns("Seer"), "activate Mesmer", "clone", "no step")


def test_a_cloned_carriers_object_is_dropped_clear_of_both_bases_set_up():
    """Clone (Mesmer v1.5.0, MB-45): the carrier drops what it carries and is set up again
    beside its Doppelganger, both touching its old spot. The object used to be placed
    first, as close as possible to the old spot while the carrier stood there, and the two
    bases then set up over it: a twin overlapped the chest by half a base, and its Move
    to its own spot was refused (0.8.1). The bases are set up first and the object goes to
    the nearest point clear of them (ruling MB-48)."""
    battle = carrier_about_to_be_cloned()
    clones = [a for a in battle.legal_actions(1) if a.startswith("clone Enchanter ")]
    assert clones
    for action in clones:
        after = battle.apply(action)
        assert problems(after) == [], action
        chest = after.item("chest")
        assert chest.at is not None and chest.carried_by is None
        dropped = [e.text for e in after.events() if e.text.startswith("Enchanter drops (")]
        assert dropped and "MB-48" in dropped[0] and "chest" in dropped[0]
        for twin in ("Enchanter 1", "Enchanter 2"):
            fighter = after.fighter(twin)
            assert fighter.at is not None
            assert stand_problem(after, fighter.at, exclude=twin) is None  # it may stay put
