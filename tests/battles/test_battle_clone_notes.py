"""Clone notes after Clones of Clones and twins taken down (rulings MB-45, MB-49).

Each secret note belongs to the Clone cast with it: same Mesmer, and the note names the
fighter that was cloned. A player's view must rebuild, and hide the note, whatever Clones
followed and whichever twins were taken down since.
"""

from __future__ import annotations

from itertools import product
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mwbattle import events, ready
from test_battle_abilities import doppelganger_pack

from skirmish.games.magewinds.battle.abilities.mesmer import CLONE, GENUINE, cloned
from skirmish.games.magewinds.battle.damage import take_down
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.rebuild import ViewError, from_view
from skirmish.games.magewinds.battle.state import Battle, Status

POSITIONS = {"Mesmer": (4, 8), "Wizard": (3, 2), "Guardian": (8, 8), "Seer": (9, 1)}


def start(own: bool = False) -> Battle:
    """The battle; with ``own``, the pack gives the Doppelganger a profile of its own
    (ruling MB-45)."""
    pack = doppelganger_pack() if own else None
    return ready(("Mesmer", "Wizard"), ("Guardian", "Seer"), POSITIONS, pack=pack)


def clone(battle: Battle, target: str, genuine_first: bool, row: int) -> Battle:
    """The Mesmer's Clone as its rule resolves it, the twins set in a place of their own
    (``row`` 0 to 7)."""
    at = (7.0 + 3.5 * (row % 2), (1.5, 3.5, 5.5, 10.5)[row // 2])
    spots = ((at[0] - 0.6, at[1]), (at[0] + 0.6, at[1]))
    mesmer = battle.fighter("Mesmer")
    return cloned(battle, mesmer, battle.fighter(target), spots, genuine_first, "Clone")


def notes_and_pairs(battle: Battle) -> tuple[list, list]:
    return (
        [m for m in battle.marks if m.key == GENUINE],
        [m for m in battle.marks if m.key == CLONE],
    )


def assert_views_rebuild(battle: Battle) -> None:
    """Every player's view rebuilds: with the true notes the very state; with drawn ones a
    legal state the player cannot tell from the real one, with a note per Clone."""
    for player in range(battle.players):
        view = battle.view(player)
        assert all(
            set(m) == {"key", "owner", "secret"}
            for m in view["marks"]
            if m["key"] == GENUINE and player != 0
        )
        truth = from_view(battle.setup, view, Random(0), hands=battle.hands, notes=battle.marks)
        assert truth.state_hash() == battle.state_hash()
        for seed in range(4):
            drawn = from_view(battle.setup, view, Random(seed))
            assert problems(drawn) == []
            assert {**drawn.view(player), "log": view["log"]} == view
            notes, pairs = notes_and_pairs(drawn)
            assert len(notes) == len(pairs)
            standing = {f.name for f in drawn.fighters if f.status is Status.ON_BATTLEFIELD}
            assert all(n.target in standing for n in notes)


def test_a_clone_of_a_clone_then_the_first_doppelganger_taken_down():
    battle = clone(start(), "Guardian", True, 0)  # Guardian 1 genuine
    battle = clone(battle, "Guardian 1", False, 1)  # Guardian 1 2 genuine
    assert [n.target for n in notes_and_pairs(battle)[0]] == ["Guardian 1 2", "Guardian 1 2"]
    assert_views_rebuild(battle)
    battle = take_down(battle, "Guardian 2")  # the first Clone's Doppelganger
    # Its note names Guardian 1 2, which tells the second Clone's genuine twin to everyone:
    # that note is revealed with it.
    assert notes_and_pairs(battle) == ([], [])
    shown = [(e.get("genuine"), e.get("target")) for e in events(battle, "clone_revealed")]
    assert shown == [("Guardian 1 2", "Guardian"), ("Guardian 1 2", "Guardian 1")]
    assert_views_rebuild(battle)


def test_the_genuine_of_a_clone_of_a_clone_taken_down_reveals_both_notes():
    battle = clone(start(), "Guardian", True, 0)
    battle = clone(battle, "Guardian 1", False, 1)
    battle = take_down(battle, "Guardian 1 2")  # genuine of both Clones
    assert notes_and_pairs(battle) == ([], [])
    assert_views_rebuild(battle)


def test_a_clone_of_a_doppelganger_leaves_the_first_note_on_the_genuine():
    battle = clone(start(), "Guardian", True, 0)  # Guardian 2 the Doppelganger
    battle = clone(battle, "Guardian 2", True, 1)
    battle = take_down(battle, "Guardian 2 2")
    notes, _ = notes_and_pairs(battle)
    assert [(n.target, n.detail) for n in notes] == [("Guardian 1", "Guardian")]
    assert_views_rebuild(battle)
    battle = take_down(battle, "Guardian 2 1")  # the first Doppelganger, cloned
    assert notes_and_pairs(battle) == ([], [])
    assert_views_rebuild(battle)


def test_a_twin_cloned_twice_through_revealed_clones_still_reveals_the_first_note():
    battle = clone(start(), "Guardian", True, 0)  # Guardian 1 genuine
    battle = clone(battle, "Guardian 1", False, 1)  # Guardian 1 2 genuine
    battle = take_down(battle, "Guardian 1 1")  # its Doppelganger: the second Clone revealed
    battle = clone(battle, "Guardian 1 2", True, 2)  # Guardian 1 2 1 genuine
    battle = take_down(battle, "Guardian 1 2 2")  # the third Clone revealed
    assert [n.detail for n in notes_and_pairs(battle)[0]] == ["Guardian"]
    assert_views_rebuild(battle)
    battle = take_down(battle, "Guardian 1 2 1")  # the genuine Guardian
    assert notes_and_pairs(battle) == ([], [])
    assert events(battle, "clone_revealed")[-1].get("genuine") == "Guardian 1 2 1"


def test_a_view_whose_clone_note_has_no_clone_is_refused():
    battle = clone(start(), "Guardian", True, 0)
    view = battle.view(1)
    view["public"]["cloned"] = ["Seer"]
    with pytest.raises(ViewError, match="has no Clone"):
        from_view(battle.setup, view, Random(0))
    view["public"]["cloned"] = []
    with pytest.raises(ViewError, match="not a view of this battle"):
        from_view(battle.setup, view, Random(0))


def test_a_clone_of_a_twin_shows_the_cloned_fighters_profile_whichever_is_genuine():
    """With a Doppelganger profile of the pack's own, a Clone of a twin shows both new
    twins as the fighter the first Clone was cast on, whether that twin was the genuine
    one or the Doppelganger: the other player sees the same battle (ruling MB-50)."""
    seen = []
    for genuine_first in (True, False):
        battle = clone(start(own=True), "Guardian", genuine_first, 0)
        battle = clone(battle, "Guardian 1", True, 1)
        shown = {f["name"]: f["profile"] for f in battle.view(1)["fighters"]}
        assert shown["Guardian 1 1"] == shown["Guardian 1 2"] == "Guardian"
        seen.append(battle.view(1))
        assert_views_rebuild(battle)
    assert seen[0] == seen[1]


def test_a_revealed_doppelganger_cloned_before_shows_its_own_profile():
    """The first Clone revealed by its genuine twin taken down: everyone knows Guardian 1
    was its Doppelganger, so both twins of its Clone, each a Doppelganger, show that
    profile (ruling MB-50); the second Clone's note is still secret."""
    battle = clone(start(own=True), "Guardian", False, 0)  # Guardian 1 the Doppelganger
    battle = clone(battle, "Guardian 1", True, 1)
    battle = take_down(battle, "Guardian 2")
    assert [n.detail for n in notes_and_pairs(battle)[0]] == ["Guardian 1"]
    shown = {f["name"]: f["profile"] for f in battle.view(1)["fighters"]}
    assert shown["Guardian 1 1"] == shown["Guardian 1 2"] == "Doppelganger"
    assert {battle.fighter(n).profile for n in ("Guardian 1 1", "Guardian 1 2")} == {"Doppelganger"}
    assert_views_rebuild(battle)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 30), min_size=1, max_size=4))
def test_no_choice_of_genuine_twins_changes_what_the_other_player_sees(picks):
    """No cheating (ruling MB-50): with a Doppelganger profile of the pack's own, Clones of
    any twins, the Clones' genuine twins chosen every way: the other player's view is the
    same for every choice."""
    views = []
    for choice in product((True, False), repeat=len(picks)):
        battle = start(own=True)
        for row, (pick, genuine_first) in enumerate(zip(picks, choice, strict=True)):
            standing = sorted(
                f.name
                for f in battle.fighters
                if f.player == 1 and f.status is Status.ON_BATTLEFIELD
            )
            battle = clone(battle, standing[pick % len(standing)], genuine_first, row)
        views.append(battle.view(1))
    assert all(view == views[0] for view in views)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 30), st.booleans(), st.booleans()), max_size=6),
    st.booleans(),
)
def test_every_view_builds_and_hides_the_notes_whatever_is_cloned_and_taken_down(steps, own):
    """Clones of any twin, any twin taken down, in any order, with the Doppelganger's
    profile the target's or the pack's own: every view of every state rebuilds, shows the
    other player no note, and every note keeps its Clone."""
    battle = start(own)
    row = 0
    for pick, genuine_first, down in steps:
        standing = [
            f.name for f in battle.fighters if f.player == 1 and f.status is Status.ON_BATTLEFIELD
        ]
        if not standing:
            break
        name = standing[pick % len(standing)]
        if down:
            battle = take_down(battle, name)
        else:
            battle = clone(battle, name, genuine_first, row)
            row += 1
        notes, pairs = notes_and_pairs(battle)
        assert len(notes) == len(pairs)
        on_field = {f.name for f in battle.fighters if f.status is Status.ON_BATTLEFIELD}
        assert all(n.target in on_field for n in notes)  # a genuine taken down reveals it
        assert_views_rebuild(battle)
