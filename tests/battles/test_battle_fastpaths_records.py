"""The fast paths of the records a battle is made of, against the plain computations.

A new battle record with one field changed, a profile's hash, the order of a card and the
centre of a base are asked for at every position a computer player weighs. On the fast
path each is quicker (fields read at once, a hash or a point kept for each object, a
table of the 52 cards); here each is compared with ``dataclasses.replace``, the hash the
dataclass itself generates, the key worked out from the card's text and a fresh point, on
the states of random battles and on generated values, whole records compared.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish import fastpaths
from skirmish.engine.battle import History, RandomPlayer, play_out
from skirmish.games.magewinds.attack import AttackResult
from skirmish.games.magewinds.battle import Length, setup, start_battle
from skirmish.games.magewinds.battle.state import Battle, Fighter, Status
from skirmish.games.magewinds.cards import DECK, BadCard, card_order, check_card, sort_cards
from skirmish.games.magewinds.pack import bundled_pack
from skirmish.games.magewinds.profiles import AttackChoice, Reaction
from skirmish.geometry import Based

PACK = bundled_pack()


def battle_states(seed: int) -> list[Battle]:
    chosen = setup.random_setup(seed, length=Length.QUICK, most=3, rounds=1)
    history = History.start(start_battle(chosen), seed)
    play_out(history, [RandomPlayer(seed, 0), RandomPlayer(seed, 1)])
    return [s for s in history.states[::9] if isinstance(s, Battle)]


def same_record(a: object, b: object) -> None:
    """Two records of one class with every field equal (those out of ``==`` too)."""
    assert type(a) is type(b)
    for found in dataclasses.fields(a):  # type: ignore[arg-type]
        assert getattr(a, found.name) == getattr(b, found.name), found.name


# -- a record with fields changed -------------------------------------------------------


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_a_battle_with_fields_changed_is_the_one_replace_makes(seed, data):
    """Every state of a random battle, with fields taken from another state: the same
    record field by field, the same hash of the state, and nothing the fast paths worked
    out about the first state carried over."""
    states = battle_states(seed)
    names = [f.name for f in dataclasses.fields(Battle) if f.init]
    for battle in states:
        other = data.draw(st.sampled_from(states))
        chosen = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=4))
        changes = {name: getattr(other, name) for name in chosen}
        object.__setattr__(battle, "derived", {"worked out": True})
        found = fastpaths.replaced(battle, **changes)
        with fastpaths.plain():
            plain = fastpaths.replaced(battle, **changes)
        with fastpaths.plain(fastpaths.RECORDS):
            part = fastpaths.replaced(battle, **changes)
        expected = dataclasses.replace(battle, **changes)
        same_record(found, expected)
        same_record(plain, expected)
        same_record(part, expected)
        assert found.derived is None
        assert found.state_hash() == expected.state_hash()


@settings(max_examples=60, deadline=None)
@given(
    damage=st.integers(0, 9),
    counters=st.integers(0, 2),
    guarding=st.booleans(),
    effects=st.frozensets(st.sampled_from(["haste", "third_eye", "shield"])),
    at=st.none() | st.tuples(st.floats(0, 48), st.floats(0, 48)),
)
def test_a_fighter_and_a_result_with_fields_changed_are_those_replace_makes(
    damage, counters, guarding, effects, at
):
    fighter = Fighter("Wizard", "Wizard", 0, Status.ON_BATTLEFIELD, (3.0, 4.0))
    changes = {
        "damage": damage,
        "counters": counters,
        "guarding": guarding,
        "effects": effects,
        "at": at,
    }
    assert fastpaths.replaced(fighter, **changes) == dataclasses.replace(fighter, **changes)
    result = AttackResult(AttackChoice.LIGHT, Reaction.DODGE, hits=2, damage=1)
    settled = {"total_damage": damage, "taken_down": guarding, "knockback": not guarding}
    same_record(fastpaths.replaced(result, **settled), dataclasses.replace(result, **settled))


@dataclass(frozen=True)
class Later:
    """A record with a field set after ``__init__`` and one given by keyword only."""

    first: int
    second: tuple[int, ...] = ()
    total: int = field(init=False, default=0)
    third: int = field(default=0, kw_only=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", self.first + sum(self.second) + self.third)


@dataclass(frozen=True)
class Plain:
    first: int
    second: tuple[int, ...] = ()
    total: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", self.first + sum(self.second))


@pytest.mark.parametrize("kind", [Later, Plain])
def test_a_record_worked_out_after_init_is_worked_out_again(kind):
    """A field set after ``__init__`` is set again from the new fields; keyword-only
    fields are left to ``replace``; both give the very record ``replace`` gives."""
    record = kind(1, (2, 3))
    for changes in ({"first": 5}, {"second": (7,)}, {}):
        same_record(fastpaths.replaced(record, **changes), dataclasses.replace(record, **changes))
    if kind is Later:
        same_record(fastpaths.replaced(record, third=4), dataclasses.replace(record, third=4))


@dataclass(frozen=True, init=False)
class Written:
    """A record whose ``__init__`` is written by hand, taking its fields in another order."""

    first: int
    second: int = 0

    def __init__(self, second: int = 0, first: int = 0) -> None:
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "second", second)


def test_a_record_made_by_its_own_init_is_left_to_replace():
    record = Written(second=2, first=1)
    for changes in ({"first": 5}, {"second": 7}, {}):
        same_record(fastpaths.replaced(record, **changes), dataclasses.replace(record, **changes))


@pytest.mark.parametrize("changes", [{"total": 3}, {"nothing": 1}])
def test_a_change_replace_refuses_is_refused_alike(changes):
    """A field not given to ``__init__``, or no field at all: the error ``replace`` gives."""
    record = Plain(1)
    with pytest.raises((TypeError, ValueError)) as expected:
        dataclasses.replace(record, **changes)
    with pytest.raises(expected.type):
        fastpaths.replaced(record, **changes)


# -- a profile's hash -----------------------------------------------------------------------


def generated_hash(profile: object) -> int:
    """The hash the dataclass would generate: a twin class made by ``dataclasses`` with the
    same fields, frozen, given the same values."""
    kind = type(profile)
    twin = dataclasses.make_dataclass(
        "Twin",
        [(f.name, f.type, field(compare=f.compare, hash=f.hash)) for f in dataclasses.fields(kind)],
        frozen=True,
    )
    return hash(twin(*(getattr(profile, f.name) for f in dataclasses.fields(kind))))


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from([f.name for f in PACK.fighters]), data=st.data())
def test_a_kept_profile_hash_is_the_hash_the_dataclass_generates(name, data):
    """For every fighter profile and its attacks: kept (asked twice), plain, and after the
    store is emptied, the hash a twin dataclass generates; a changed profile (a new
    record) has its own."""
    profile = PACK.fighter(name)
    toughness = data.draw(st.integers(1, 9))
    changed = dataclasses.replace(profile, toughness=toughness)
    for record in (profile, *profile.attacks, changed):
        expected = generated_hash(record)
        assert hash(record) == expected
        assert hash(record) == expected
        with fastpaths.plain():
            assert hash(record) == expected
        fastpaths.forget()
        assert hash(record) == expected
    assert (hash(changed) == hash(profile)) == (changed == profile)


# -- the order of a card and the centre of a base ----------------------------------------


def test_every_card_sorts_by_the_key_its_text_gives():
    for card in DECK:
        with fastpaths.plain():
            plain = card_order(card)
        assert card_order(card) == plain


@settings(max_examples=60, deadline=None)
@given(hand=st.lists(st.sampled_from(DECK), unique=True, max_size=12))
def test_hands_sort_the_same_both_ways(hand):
    with fastpaths.plain():
        plain = sort_cards(hand)
    assert sort_cards(hand) == plain
    assert sort_cards(hand) == tuple(sorted(hand, key=lambda c: DECK.index(c)))


@pytest.mark.parametrize("card", ["1S", "AX", "", "10"])
def test_a_card_not_in_the_deck_is_refused_alike(card):
    with pytest.raises(BadCard):
        check_card(card)
    with pytest.raises((ValueError, IndexError)) as plain, fastpaths.plain():
        card_order(card)
    with pytest.raises(plain.type):
        card_order(card)


@settings(max_examples=60, deadline=None)
@given(x=st.floats(-100, 100), y=st.floats(-100, 100))
def test_a_kept_centre_is_the_fresh_point(x, y):
    base = Based("Wizard", x, y)
    kept = base.centre
    assert (kept.x, kept.y) == (x, y)
    assert base.centre is kept
    with fastpaths.plain(fastpaths.RECORDS):
        fresh = base.centre
    assert fresh is not kept and fresh.equals_exact(kept, 0)
    assert base.moved_to(y, x).centre.coords[0] == (y, x)
