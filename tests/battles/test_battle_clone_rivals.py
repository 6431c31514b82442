"""Clone notes of two Mesmers on different sides, each cloning the other's twins (rulings
MB-45, MB-49).

A player's own note follows its twin into the other player's later Clone, and a note
revealed names the fighter its twin has become, so what a player knows may decide which
twin another player's hidden note names. A battle rebuilt from a view must hold only notes
that agree with all of it. The independent answer is brute force: the Clones and
take-downs are public, only which twin each Mesmer's player called genuine is not, so
every battle the player might be in is found by playing the same Clones and take-downs
with every choice of genuine twins and keeping those whose view is the player's view.
Every choice was equally likely when it was written, so each of those battles is equally
likely; the draw must give exactly those battles, with exactly those chances.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from random import Random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from mwbattle import events, ready, revealed_pairs
from test_battle_abilities import doppelganger_pack

from skirmish.games.magewinds.battle.abilities.common import own as own_ability
from skirmish.games.magewinds.battle.abilities.mesmer import CLONE, GENUINE, cloned
from skirmish.games.magewinds.battle.abilities.witch import CHARM, KEY
from skirmish.games.magewinds.battle.damage import take_down
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.rebuild import ViewError, from_view
from skirmish.games.magewinds.battle.state import Battle, Status

POSITIONS = {
    "Mesmer-1": (4, 8),
    "Wizard": (3, 2),
    "Witch": (2, 12),
    "Mesmer-2": (8, 8),
    "Guardian": (9, 1),
}
MESMERS = ("Mesmer-1", "Mesmer-2")

Step = tuple[Any, ...]
"""("clone", Mesmer, fighter, row), ("down", fighter) or ("charm", fighter): what every
player sees done (a Charm's note is player 1's secret, as a Clone's is its caster's)."""


def start(own: bool = False) -> Battle:
    """The battle; with ``own``, the pack gives the Doppelganger a profile of its own
    (rulings MB-45, MB-50)."""
    pack = doppelganger_pack() if own else None
    return ready(("Mesmer", "Wizard", "Witch"), ("Mesmer", "Guardian"), POSITIONS, pack=pack)


def played(steps: list[Step], genuine_first: tuple[bool, ...], own: bool = False) -> Battle | None:
    """The battle after ``steps``, the n-th Clone's genuine twin its first one when
    ``genuine_first[n]``; None when a step cannot be played in that battle."""
    battle = start(own)
    choices = iter(genuine_first)
    for step in steps:
        names = {f.name for f in battle.fighters if f.status is Status.ON_BATTLEFIELD}
        if step[-2 if step[0] == "clone" else -1] not in names:
            return None
        if step[0] == "down":
            battle = take_down(battle, step[1])
            continue
        if step[0] == "charm":
            witch = battle.fighter("Witch")
            spell = own_ability(battle, witch, KEY)
            assert spell is not None
            battle = CHARM.cast(battle, witch, battle.fighter(step[1]), spell)
            continue
        _, mesmer, target, row = step
        at = (7.0 + 3.5 * (row % 2), (1.5, 3.5, 5.5, 10.5)[row // 2])
        spots = ((at[0] - 0.6, at[1]), (at[0] + 0.6, at[1]))
        fighter = battle.fighter(target)
        battle = cloned(battle, battle.fighter(mesmer), fighter, spots, next(choices), "Clone")
    return battle


def worlds(
    steps: list[Step], battle: Battle, viewer: int, own: bool = False
) -> dict[str, Fraction]:
    """Brute force: every battle the same public steps lead to whose view is the viewer's,
    by state hash, with its chance (each choice of genuine twins alike)."""
    view = battle.view(viewer)
    clones = sum(1 for s in steps if s[0] == "clone")
    found: Counter[str] = Counter()
    for choice in product((True, False), repeat=clones):
        world = played(steps, choice, own)
        if world is not None and world.view(viewer) == view:
            found[world.state_hash()] += 1
    total = sum(found.values())
    return {key: Fraction(n, total) for key, n in found.items()}


class Every(Random):
    """A random source that takes the choices of a script, then the first option; it
    records how many options each choice had, so that every path can be walked."""

    def __init__(self, script: tuple[int, ...]) -> None:
        super().__init__(0)
        self.script = script
        self.widths: list[int] = []

    def choice(self, seq: Any) -> Any:
        i = len(self.widths)
        self.widths.append(len(seq))
        return seq[self.script[i] if i < len(self.script) else 0]

    def random(self) -> float:  # pragma: no cover - the draws here only choose
        raise AssertionError("the draw of Clone notes uses something other than choice")


def draws(battle: Battle, viewer: int) -> dict[str, Fraction]:
    """Every battle ``from_view`` can draw from the viewer's view (the hands as they are,
    so only the notes are drawn), by state hash, with its exact chance: every path of its
    random choices walked."""
    view = battle.view(viewer)
    chances: dict[str, Fraction] = {}
    scripts: list[tuple[int, ...]] = [()]
    while scripts:
        script = scripts.pop()
        rng = Every(script)
        drawn = from_view(battle.setup, view, rng, hands=battle.hands)
        taken = [*script, *([0] * (len(rng.widths) - len(script)))]
        for i in range(len(script), len(rng.widths)):
            scripts += [(*taken[:i], k) for k in range(1, rng.widths[i])]
        chance = Fraction(1)
        for width in rng.widths:
            chance /= width
        assert problems(drawn) == []
        assert {**drawn.view(viewer), "log": view["log"]} == view
        key = drawn.state_hash()
        chances[key] = chances.get(key, Fraction(0)) + chance
    assert sum(chances.values()) == 1  # every path walked
    return chances


def notes(battle: Battle) -> list[tuple[str, str]]:
    return [(m.detail, m.target) for m in battle.marks if m.key == GENUINE]


def drawn_notes(battle: Battle, viewer: int) -> Counter[tuple[tuple[str, str], ...]]:
    """The notes of 40 draws from the viewer's view, counted."""
    view = battle.view(viewer)
    return Counter(
        tuple(notes(from_view(battle.setup, view, Random(seed), hands=battle.hands)))
        for seed in range(40)
    )


def test_my_note_followed_into_the_rivals_later_clone_tells_its_genuine_twin():
    """Player 1's Guardian 1 is cloned again by player 2's Mesmer: player 1's note follows
    it to Guardian 1 2, so in every battle player 1 may be in, player 2's note names
    Guardian 1 2 too."""
    steps: list[Step] = [
        ("clone", "Mesmer-1", "Guardian", 0),
        ("clone", "Mesmer-2", "Guardian 1", 1),
    ]
    battle = played(steps, (True, False))
    assert battle is not None
    assert notes(battle) == [("Guardian", "Guardian 1 2"), ("Guardian 1", "Guardian 1 2")]
    assert set(drawn_notes(battle, 0)) == {tuple(notes(battle))}
    # Player 2 knows only its own note: player 1's names Guardian 1 (now Guardian 1 2) or
    # Guardian 2, one chance in two each.
    assert set(drawn_notes(battle, 1)) == {
        (("Guardian", "Guardian 1 2"), ("Guardian 1", "Guardian 1 2")),
        (("Guardian", "Guardian 2"), ("Guardian 1", "Guardian 1 2")),
    }
    for viewer in (0, 1):
        assert draws(battle, viewer) == worlds(steps, battle, viewer)
    assert sorted(draws(battle, 1).values()) == [Fraction(1, 2), Fraction(1, 2)]


def charm_notes(battle: Battle) -> list[str]:
    return [m.target for m in battle.marks if m.key == KEY]


def test_my_charm_note_that_followed_a_clone_tells_its_genuine_twin():
    """Player 1's Witch charms the Guardian, which player 2's Mesmer then clones: the
    Charm note follows the genuine twin (MB-45), so from player 1's view player 2's note
    names that twin in every battle drawn, as in every battle player 1 may be in."""
    steps: list[Step] = [("charm", "Guardian"), ("clone", "Mesmer-2", "Guardian", 0)]
    battle = played(steps, (False,))
    assert battle is not None
    assert charm_notes(battle) == ["Guardian 2"]
    assert set(drawn_notes(battle, 0)) == {(("Guardian", "Guardian 2"),)}
    assert draws(battle, 0) == worlds(steps, battle, 0)
    view = battle.view(0)
    next(m for m in view["marks"] if m["key"] == KEY)["detail"] = "Wizard"  # edited by hand
    with pytest.raises(ViewError, match="not a fighter made from 'Wizard'"):
        from_view(battle.setup, view, Random(0))


def test_a_charm_note_follows_its_fighter_through_every_later_clone():
    """Charmed, then cloned by either Mesmer, then its genuine twin cloned again: the note
    names the genuine twin of the last Clone, and so tells both Clones' genuine twins."""
    steps: list[Step] = [
        ("charm", "Guardian"),
        ("clone", "Mesmer-2", "Guardian", 0),
        ("clone", "Mesmer-1", "Guardian 1", 1),
        ("clone", "Mesmer-2", "Guardian 2", 2),
    ]
    battle = played(steps, (True, False, True))
    assert battle is not None
    assert charm_notes(battle) == ["Guardian 1 2"]
    assert draws(battle, 0) == worlds(steps, battle, 0)
    assert len(worlds(steps, battle, 0)) == 2  # only the Clone of Guardian 2 is unknown


def test_a_charm_cast_on_a_twin_after_its_clone_tells_nothing_of_it():
    """The Witch charms a twin after the Clone: her note names the twin she chose, which
    says nothing of which is genuine; player 2's note is either twin, one chance in two."""
    steps: list[Step] = [("clone", "Mesmer-2", "Guardian", 0), ("charm", "Guardian 1")]
    battle = played(steps, (False,))
    assert battle is not None
    assert charm_notes(battle) == ["Guardian 1"]
    assert sorted(draws(battle, 0).values()) == [Fraction(1, 2), Fraction(1, 2)]
    assert draws(battle, 0) == worlds(steps, battle, 0)


BRANCHED: list[Step] = [
    ("clone", "Mesmer-1", "Guardian", 0),
    ("clone", "Mesmer-2", "Guardian 1", 1),
    ("clone", "Mesmer-2", "Guardian 1 2", 2),
    ("down", "Guardian 1 2 1"),
]
"""Player 2 clones a twin of player 1's Clone, then that Clone's Doppelganger, whose
genuine twin is taken down (every Clone's first twin genuine)."""


def test_a_revealed_note_tells_what_an_earlier_twin_has_become():
    """Player 2 clones player 1's Guardian 1, then that Clone's Doppelganger Guardian 1 2,
    whose genuine twin is taken down: both of player 2's notes are revealed, and everyone
    read that Guardian 1 1 is the genuine Guardian 1. Player 1's Clone of the Guardian
    stands; its note names Guardian 2 or Guardian 1 1, never Guardian 1 2 2 (the
    Doppelganger's Doppelganger, still standing)."""
    steps = BRANCHED
    battle = played(steps, (True, True, True))
    assert battle is not None
    revealed = events(battle, "clone_revealed")
    assert revealed_pairs(revealed[-1])[-1] == ("Guardian 1 1", "Guardian 1")
    assert notes(battle) == [("Guardian", "Guardian 1 1")]
    assert set(drawn_notes(battle, 1)) == {
        (("Guardian", "Guardian 1 1"),),
        (("Guardian", "Guardian 2"),),
    }
    assert draws(battle, 1) == worlds(steps, battle, 1)


def test_the_genuine_taken_down_under_its_latest_name_reveals_the_first_clone():
    """Then the genuine Guardian, now Guardian 1 1, is taken down: player 1's note is
    revealed though a Doppelganger of the Guardian 1 line still stands (18.5.3, MB-49)."""
    steps = [*BRANCHED, ("down", "Guardian 1 1")]
    battle = played(steps, (True, True, True))
    assert battle is not None
    assert [m for m in battle.marks if m.key in (CLONE, GENUINE)] == []
    last = events(battle, "clone_revealed")[-1]
    assert (last.get("fighter"), revealed_pairs(last)) == (
        "Guardian 1 1",
        [("Guardian 1 1", "Guardian")],
    )


def test_a_note_revealed_through_a_later_clone_reveals_that_clone_too():
    """Player 1's Guardian 1 is cloned by player 2 and Guardian 1 1 cloned again by player
    1; player 2's Clone is revealed by its Doppelganger taken down, its note naming the
    fighter its twin has become (Guardian 1 1 2): that tells everyone player 1's later
    Clone's genuine twin, so that note is revealed with it. The first Clone stands, its
    pair now naming Guardian 1 1 2 for its twin Guardian 1."""
    steps: list[Step] = [
        ("clone", "Mesmer-1", "Guardian", 0),
        ("clone", "Mesmer-2", "Guardian 1", 1),
        ("clone", "Mesmer-1", "Guardian 1 1", 2),
        ("down", "Guardian 1 2"),
    ]
    battle = played(steps, (False, True, False))
    assert battle is not None
    revealed = events(battle, "clone_revealed")
    assert ("Guardian 1 1 2", "Guardian 1") in revealed_pairs(revealed[0])
    assert ("Guardian 1 1 2", "Guardian 1 1") in revealed_pairs(revealed[1])
    assert len(revealed) == 2
    assert notes(battle) == [("Guardian", "Guardian 2")]
    pairs = [m.target for m in battle.marks if m.key == CLONE]
    assert pairs == ["Guardian 1 1 2,Guardian 2"]
    assert set(drawn_notes(battle, 1)) == {
        (("Guardian", "Guardian 1 1 2"),),
        (("Guardian", "Guardian 2"),),
    }
    for viewer in (0, 1):
        assert draws(battle, viewer) == worlds(steps, battle, viewer)
    battle = take_down(battle, "Guardian 1 1 2")
    assert ("Guardian 2", "Guardian") in revealed_pairs(events(battle, "clone_revealed")[-1])
    assert [m for m in battle.marks if m.key in (CLONE, GENUINE)] == []


def test_a_view_whose_own_notes_do_not_follow_their_twins_is_refused():
    """A view edited by hand: a note naming a fighter not made from the one cloned, or a
    Clone cast by another Mesmer than the note's, is refused with a clear error."""
    steps: list[Step] = [
        ("clone", "Mesmer-1", "Guardian", 0),
        ("clone", "Mesmer-2", "Guardian 1", 1),
    ]
    battle = played(steps, (True, False))
    assert battle is not None
    view = battle.view(0)
    mine = next(m for m in view["marks"] if m["key"] == GENUINE and "target" in m)
    mine["target"] = "Wizard"
    with pytest.raises(ViewError, match="not a fighter made from 'Guardian'"):
        from_view(battle.setup, view, Random(0))
    mine["target"] = "Guardian 2 1"  # a name after Guardian 2, which no Clone made
    with pytest.raises(ViewError, match="does not follow its twin"):
        from_view(battle.setup, view, Random(0), hands=battle.hands)
    view = battle.view(1)
    next(m for m in view["marks"] if m["key"] == CLONE)["owner"] = "Mesmer-2"
    with pytest.raises(ViewError, match="has no Clone"):
        from_view(battle.setup, view, Random(0))


STEP = st.tuples(
    st.sampled_from(("clone", "down", "charm")),
    st.integers(0, 1),
    st.integers(0, 30),
    st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(STEP, max_size=7), st.booleans())
@example(moves=[("charm", 0, 0, False), ("clone", 1, 0, False)], own=False)  # Charm followed
def test_every_view_draws_exactly_the_battles_consistent_with_it(moves, own):
    """Clones by either Mesmer of any twin of either side, twins taken down, and the
    Witch's Charm on any fighter of player 2's, in any order, with the Doppelganger's
    profile the target's or the pack's own: from every player's view the draw gives
    exactly the battles brute force finds consistent with that view, each with its
    chance; every note stands on a fighter on the battlefield. Player 2 does not know
    whom the Charm note names, which is drawn among player 1's enemies (MB-41), not by
    brute force: from its view, a battle with a Charm is only checked to be one it cannot
    tell from its own."""
    steps: list[Step] = []
    truth: list[bool] = []
    battle = start(own)
    for kind, who, pick, first in moves:
        standing = sorted(
            f.name
            for f in battle.fighters
            if f.status is Status.ON_BATTLEFIELD and f.name not in MESMERS
        )
        if kind == "charm":
            charmed = charm_notes(battle)
            standing = [n for n in standing if battle.fighter(n).player == 1 and n not in charmed]
            if "Witch" not in {f.name for f in battle.on_battlefield()}:
                continue
        if not standing:
            continue
        name = standing[pick % len(standing)]
        step: Step = (kind, name) if kind != "clone" else ("clone", MESMERS[who], name, len(truth))
        if kind == "clone":
            truth.append(first)
        steps.append(step)
        after = played(steps, tuple(truth), own)
        assert after is not None
        battle = after
        on_field = {f.name for f in battle.fighters if f.status is Status.ON_BATTLEFIELD}
        assert all(target in on_field for _, target in notes(battle))
    assert draws(battle, 0) == worlds(steps, battle, 0, own)
    if any(step[0] == "charm" for step in steps):
        draws(battle, 1)
    else:
        assert draws(battle, 1) == worlds(steps, battle, 1, own)
