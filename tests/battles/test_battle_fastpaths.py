"""The fast paths of battle steps against the plain computations they replace.

Random battles are played twice from the same seeds, with the fast paths on and inside
``fastpaths.plain()``: every legal action list (in order), every step, every state's hash
and every log line must be the same. Then each fast path is checked on its own against the
plain computation, on the states of random battles and on generated battlefields (bases in
contact included), comparing whole answers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pytest
import shapely
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from mwbattle import new_battle
from shapely.geometry.base import BaseGeometry

from conftest import battlefields
from skirmish import fastpaths
from skirmish.engine.battle import Action, History, RandomPlayer, play_out
from skirmish.games.magewinds import moves
from skirmish.games.magewinds.battle import (
    SCENARIOS,
    Length,
    find_scenario,
    setup,
    start_battle,
    straight,
)
from skirmish.games.magewinds.battle.attacks import AttackFrame
from skirmish.games.magewinds.battle.candidates import (
    COMPASS,
    GRID,
    _move_candidates,
    grid,
    landmarks,
    straight_end,
)
from skirmish.games.magewinds.battle.deployment import (
    FINE_GRID,
    _surely_outside,
    check_deployment_room,
    deployment_spots,
)
from skirmish.games.magewinds.battle.geometry import (
    AWAY_TURNS,
    OVERLAP,
    RADIUS,
    SITUATION,
    attack_line,
    can_dodge,
    can_stand_at,
    cover_of,
    dodge_possible,
    field_of,
    free_to_step_away,
    in_cover,
    sees,
    stand_problem,
    visible_spot,
)
from skirmish.games.magewinds.battle.scenarios import territory_problem
from skirmish.games.magewinds.battle.setup import Setup, SetupError
from skirmish.games.magewinds.battle.sides import EDGES
from skirmish.games.magewinds.battle.sight import (
    _clear,
    _high,
    in_the_open,
    line_from,
    line_on,
    open_line,
    visible,
)
from skirmish.games.magewinds.battle.spells import blink_spots, ways_to_pay
from skirmish.games.magewinds.battle.state import Battle, Fighter, Phase, Status
from skirmish.games.magewinds.battle.steps import StepFrame
from skirmish.games.magewinds.battle.tables import Table
from skirmish.games.magewinds.battle.targets import any_attack
from skirmish.games.magewinds.battle.territory import CORNERS, TERRITORIES
from skirmish.games.magewinds.cards import DECK, sort_cards
from skirmish.games.magewinds.field import Battlefield, Placed, parse_battlefield
from skirmish.games.magewinds.looks import HIGH, OBSTACLES, _blockers, blockers
from skirmish.games.magewinds.moves import _surroundings as surroundings
from skirmish.games.magewinds.moves import dodge
from skirmish.games.magewinds.sightlines import LineOfAttack, cover, line_of_attack, visibility
from skirmish.geometry import BASE_DIAMETER, EPSILON, Based
from skirmish.geometry.movement import Roadmap, ray_room
from skirmish.geometry.shapes import disc


@dataclass
class Trace:
    """Everything a battle showed its players and where it went."""

    legal: list[tuple[Action, ...]] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    steps: list[tuple[int | None, str]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


class Recorder(RandomPlayer):
    def __init__(self, seed: int, seat: int, trace: Trace) -> None:
        super().__init__(seed, seat)
        self.trace = trace

    def act(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        self.trace.legal.append(tuple(legal))
        return super().act(view, legal)


def traced(
    seed: int, *, quick: bool = True, chosen: Setup | None = None, drawn: bool = False
) -> Trace:
    """A random-versus-random battle from ``seed``, with every state's hash (``chosen``:
    of that setup, else of a random one, quick or standard; ``drawn``: the random players
    draw one legal action, and the legal lists are not recorded)."""
    if chosen is None and quick:
        chosen = setup.random_setup(seed, length=Length.QUICK, most=3, rounds=1 + seed % 2)
    elif chosen is None:
        chosen = setup.random_setup(seed)
    trace = Trace()
    history = History.start(start_battle(chosen), seed)

    def after_step(history: History) -> None:
        trace.hashes.append(history.state.state_hash())

    players: list[RandomPlayer] = [Recorder(seed, 0, trace), Recorder(seed, 1, trace)]
    if drawn:
        players = [RandomPlayer(seed, p, drawn=True) for p in (0, 1)]
    play_out(history, players, after_step=after_step)
    battle = history.state
    assert isinstance(battle, Battle)
    trace.steps = [(s.player, s.action) for s in history.steps]
    trace.log = [str(event) for event in battle.events()]
    return trace


def both_ways(seed: int, *, quick: bool = True) -> tuple[Trace, Trace]:
    fast = traced(seed, quick=quick)
    with fastpaths.plain():
        slow = traced(seed, quick=quick)
    return fast, slow


def assert_same(fast: Trace, slow: Trace) -> None:
    assert fast.steps == slow.steps
    assert fast.legal == slow.legal
    assert fast.hashes == slow.hashes
    assert fast.log == slow.log


@pytest.mark.parametrize("seed", range(0, 48, 3))
def test_fast_paths_play_the_same_quick_battles(seed):
    assert_same(*both_ways(seed))


@pytest.mark.parametrize("seed", [1, 6])
def test_fast_paths_play_the_same_standard_battles(seed):
    assert_same(*both_ways(seed, quick=False))


def test_plain_switch_nests_and_restores():
    assert fastpaths.fast()
    with fastpaths.plain():
        assert not fastpaths.fast()
        with fastpaths.plain():
            assert not fastpaths.fast()
        assert not fastpaths.fast()
    assert fastpaths.fast()


def test_a_part_of_the_fast_paths_turns_off_alone_and_nests():
    with fastpaths.plain("one"):
        assert fastpaths.fast() and fastpaths.fast("two")
        assert not fastpaths.fast("one")
        with fastpaths.plain("two"):
            assert not fastpaths.fast("one") and not fastpaths.fast("two")
        assert fastpaths.fast("two") and not fastpaths.fast("one")
        with fastpaths.plain():
            assert not fastpaths.fast("two")
    assert fastpaths.fast("one") and fastpaths.fast("two") and fastpaths.fast()


# -- each fast path against the plain computation it replaces, on generated states ----------


def some_states(seed: int, every: int = 7) -> list[Battle]:
    """States of a random battle from ``seed``, one every ``every`` steps."""
    chosen = setup.random_setup(seed, length=Length.QUICK, most=3, rounds=1)
    history = History.start(start_battle(chosen), seed)
    play_out(history, [RandomPlayer(seed, 0), RandomPlayer(seed, 1)])
    return [s for s in history.states[::every] if isinstance(s, Battle)]


def on_table(battle: Battle) -> list[Fighter]:
    return [f for f in battle.on_battlefield() if f.at is not None]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_straight_ends_are_the_straight_end_of_each_direction(seed, data):
    for battle in some_states(seed, every=11):
        for fighter in on_table(battle):
            directions = [*COMPASS, (0.0, 0.0)]
            directions += [at for _, at in landmarks(battle, fighter)]
            directions += data.draw(
                st.lists(st.tuples(st.floats(-1, 1), st.floats(-1, 1)), max_size=6)
            )
            inches = data.draw(st.sampled_from([1.0, 3.0, 5.0, 7.0, 0.0, 0.04, 2.5]))
            with fastpaths.plain():
                expected = [straight_end(battle, fighter, d, inches) for d in directions]
            assert straight.straight_ends(battle, fighter, directions, inches) == expected


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), spacing=st.sampled_from([0.25, 0.5, 1.0, 2.0, 3.3]))
def test_a_kept_grid_is_the_fresh_one_and_cannot_be_changed_by_its_caller(seed, spacing):
    battle = start_battle(setup.random_setup(seed, length=Length.QUICK, most=2, rounds=1))
    with fastpaths.plain():
        expected = grid(battle, spacing)
    found = grid(battle, spacing)
    assert found == expected
    found.append((-1.0, -1.0))
    assert grid(battle, spacing) == expected


@pytest.mark.parametrize("seed", [2, 5, 11])
def test_remembered_sight_and_attacks_equal_fresh_ones_in_every_state(seed):
    """Visibility is remembered by the two bases' places alone, and any-attack by the whole
    battlefield: every answer, remembered in an earlier state or not, is the fresh one."""
    fastpaths.forget()
    for battle in some_states(seed, every=3):
        fighters = on_table(battle)
        for viewer in fighters:
            spots = [(x + 0.5, y - 0.5) for x, y in grid(battle, 4.0)]
            for target in fighters:
                with fastpaths.plain():
                    expected = sees(battle, viewer, target)
                assert sees(battle, viewer, target) == expected
            for spot in spots:
                with fastpaths.plain():
                    expected = visible_spot(battle, viewer, spot)
                assert visible_spot(battle, viewer, spot) == expected
            with fastpaths.plain():
                expected = any_attack(battle, viewer.name)
            assert any_attack(battle, viewer.name) == expected


@settings(max_examples=20, deadline=None)
@given(battlefields(), st.data())
def test_terrain_near_a_base_found_on_another_battlefield_is_the_fresh_one(field, data):
    """18.2 (rulings MW-14, MW-15): the obstacles within 1" of an attacker, and what is
    left of each beyond, are shared by the blockers of every battlefield with the same
    terrain; found first on a battlefield with the fighters elsewhere, every key, piece
    and coordinate is what this battlefield's own blockers find afresh."""
    fastpaths.forget()
    _blockers.cache_clear()
    mover = data.draw(st.sampled_from(field.fighters))
    elsewhere = field.with_fighter(replace(mover, base=mover.base.moved_to(0.5, 0.5)))
    for placed in field.fighters:
        inches = data.draw(st.sampled_from([1.0, 2.0]))
        for classes in (OBSTACLES, HIGH):
            blockers(elsewhere, classes, True).near(placed.base, inches)
            with fastpaths.plain():
                fresh = _blockers.__wrapped__(field.layout, classes, True).near(placed.base, inches)
            kept = blockers(field, classes, True).near(placed.base, inches)
            assert [n.key for n in kept] == [n.key for n in fresh]
            for a, b in zip(kept, fresh, strict=True):
                assert same_coordinates(a.rest, b.rest)
                for name in ("corners", "counts", "owners", "centres", "reaches"):
                    assert np.array_equal(getattr(a.pieces, name), getattr(b.pieces, name))


@settings(max_examples=20, deadline=None)
@given(battlefields())
def test_kept_geometry_pieces_are_bit_for_bit_the_fresh_ones(field):
    """Discs, convex pieces, grown footprints and free space kept on the fast path have the
    very coordinates a fresh computation gives."""
    for mover in field.fighters:
        with fastpaths.plain():
            fresh = surroundings.__wrapped__(field.layout, mover.name)
            fresh_parts = _blockers.__wrapped__(field.layout, HIGH, True).parts
        for _ in range(2):  # the second time from what the first kept
            kept = surroundings.__wrapped__(field.layout, mover.name)
            parts = _blockers.__wrapped__(field.layout, HIGH, True).parts
            assert same_coordinates(kept.free.centres, fresh.free.centres)
            assert same_coordinates(kept.free.no_end, fresh.free.no_end)
            for a, b in zip(kept.free.blockers, fresh.free.blockers, strict=True):
                assert same_coordinates(a, b)
            for name in ("corners", "counts", "owners", "centres", "reaches"):
                assert np.array_equal(getattr(parts, name), getattr(fresh_parts, name))
        base = mover.base
        with fastpaths.plain():
            fresh_disc = disc(base.x, base.y, base.radius)
        assert same_coordinates(disc(base.x, base.y, base.radius), fresh_disc)


def same_coordinates(a: BaseGeometry, b: BaseGeometry) -> bool:
    return bool(a.geom_type == b.geom_type and a.equals_exact(b, 0.0)) and np.array_equal(
        shapely.get_coordinates(a), shapely.get_coordinates(b)
    )


@settings(max_examples=30, deadline=None)
@given(
    hand=st.lists(st.sampled_from(DECK), max_size=7, unique=True),
    cost=st.sampled_from(["3 Spades", "1-3 Hearts", "1 Heart + 1 Diamond", "1-3 Clubs"]),
)
def test_kept_ways_to_pay_are_the_fresh_ones(hand, cost):
    battle = new_battle()
    battle = replace(battle, hands=(sort_cards(tuple(hand)), ()))
    with fastpaths.plain():
        expected = ways_to_pay(battle, 0, cost)
    assert ways_to_pay(battle, 0, cost) == expected
    assert ways_to_pay(battle, 0, cost) == expected


@settings(max_examples=25, deadline=None)
@given(battlefields(), st.booleans())
def test_remembered_sight_tells_a_fighter_from_a_trial_spot_where_it_stands(field, spot_first):
    """A fighter touching an obstacle is looked at as touching it (ruling MW-18); a trial
    spot at the same place touches nothing: the two answers are kept apart."""
    fastpaths.forget()
    table = Table("generated", replace(field, fighters=()), {})
    battle_setup = replace(new_battle().setup, table=table)
    for viewer in field.fighters:
        for target in field.fighters:
            spot = Placed(Based("spot", target.base.x, target.base.y), target.profile)
            asked = [spot, target] if spot_first else [target, spot]
            for looked_at in asked:
                with fastpaths.plain():
                    expected = visibility(field, viewer, looked_at).visible
                stands = (viewer.base, target.base if looked_at is target else None)
                assert visible(battle_setup, field, viewer, looked_at, stands) == expected


def contact_field(looker: tuple[float, float], target: tuple[float, float]) -> Battlefield:
    """A high wall from y 4.75 to 5.25 with two fighters written in contact as players
    write them (ruling MW-18)."""
    return parse_battlefield(
        {
            "warbands": ["red", "blue"],
            "fighters": [
                {"name": "Wizard", "profile": "Wizard", "warband": "red", "at": list(looker)},
                {"name": "Guardian", "profile": "Guardian", "warband": "blue", "at": list(target)},
            ],
            "terrain": [
                {"name": "Wall", "height": 3, "rectangle": {"centre": [6, 5], "size": [3, 0.5]}}
            ],
        },
        source="contact",
    )


@pytest.mark.parametrize("radius", [0.492, BASE_DIAMETER / 2, BASE_DIAMETER / 2 - 0.0009])
@pytest.mark.parametrize(
    "looker, target",
    [
        ((6, 3), (6, 5.25)),  # a target pressed against the far face: hidden
        ((7.4, 4.75), (7.4, 9)),  # a looker pressed against the near face, looking past
        ((4.5, 4.75), (7.5, 4.75)),  # both along the near face
    ],
)
def test_remembered_sight_looks_at_bases_in_contact_as_touching(radius, looker, target):
    """Sight found among the high obstacles alone gives the answer the whole battlefield
    gives to bases in contact, in either order of asking, then from memory."""
    at = (looker[0], looker[1] - radius if looker[1] == 4.75 else looker[1])
    to = (target[0], target[1] + radius if target[1] == 5.25 else target[1] - radius)
    field = contact_field(at, to)
    table = Table("contact", replace(field, fighters=()), {})
    battle_setup = replace(new_battle().setup, table=table)
    fastpaths.forget()
    for viewer, seen in [(0, 1), (1, 0), (0, 1)]:
        a, b = field.fighters[viewer], field.fighters[seen]
        with fastpaths.plain():
            expected = visibility(field, a, b).visible
        assert visible(battle_setup, field, a, b, (a.base, b.base)) == expected
        spot = Placed(Based("spot", b.base.x, b.base.y), b.profile)
        with fastpaths.plain():
            expected = visibility(field, a, spot).visible
        assert visible(battle_setup, field, a, spot, (a.base, None)) == expected


def trial_spot(field: Battlefield, data: st.DataObject) -> tuple[Placed, Placed, Battlefield]:
    """A fighter, the same fighter at a trial spot beside another base (in contact, a hair
    apart or further), and the battlefield with it moved there."""
    mover = data.draw(st.sampled_from(field.fighters))
    near = data.draw(st.sampled_from(field.fighters))
    angle, gap = data.draw(st.floats(0, 6.3)), data.draw(st.sampled_from([0.0, 0.984, 0.9844, 2]))
    at = (near.base.x + gap * math.cos(angle), near.base.y + gap * math.sin(angle))
    moved = replace(mover, base=mover.base.moved_to(*at))
    return mover, moved, field.with_fighter(moved)


@settings(max_examples=25, deadline=None)
@given(battlefields(), st.data())
def test_lines_from_a_trial_position_are_those_of_the_moved_battlefield(field, data):
    """18.1 from a fighter at a trial position, among the blockers of the battlefield as it
    stands, is the line of attack of the battlefield with the fighter moved there."""
    mover, moved, moved_field = trial_spot(field, data)
    attack = moved.profile.attack(data.draw(st.sampled_from(["Melee", "Zap"])))
    for target in field.fighters:
        if target.name == mover.name:
            continue
        with fastpaths.plain():
            expected = line_of_attack(moved_field, moved, target, attack)
        found = line_from(field, moved, target, attack)
        assert same_line(found, expected)


@pytest.mark.parametrize("seed", [3, 8])
def test_remembered_lines_of_attack_are_the_fresh_ones_in_every_state(seed):
    """18.1 between two fighters where they stand, remembered by the battlefield, the two
    names and the attack, from earlier states of the battle or not: every field of every
    answer is the one worked out afresh, and so is every line the rules draw for an attack
    (:func:`attack_line`)."""
    fastpaths.forget()
    checked = 0
    for battle in some_states(seed, every=3) * 2:
        field = field_of(battle)
        for fighter in on_table(battle):
            attacks = battle.setup.profile(fighter.profile).attacks
            for target in on_table(battle):
                if target.name == fighter.name:
                    continue
                for attack in attacks:
                    with fastpaths.plain():
                        expected = line_on(field, fighter.name, target.name, attack)
                        drawn = attack_line(battle, fighter, target, attack)
                    assert same_line(line_on(field, fighter.name, target.name, attack), expected)
                    found = attack_line(battle, fighter, target, attack)
                    assert found[1] == drawn[1]
                    assert (found[0] is None) == (drawn[0] is None)
                    if found[0] is not None and drawn[0] is not None:
                        assert same_line(found[0], drawn[0])
                    checked += 1
    assert checked


def same_line(a: LineOfAttack, b: LineOfAttack) -> bool:
    points = [(p.x, p.y) if p is not None else None for p in (a.start, a.end, b.start, b.end)]
    plain = (a.attacker, a.target, a.exists, a.reason, a.length, a.blocked_by, *points[:2])
    other = (b.attacker, b.target, b.exists, b.reason, b.length, b.blocked_by, *points[2:])
    views = (a.visible, b.visible)
    return plain == other and (
        views == (None, None)
        or (
            a.visible is not None
            and b.visible is not None
            and a.visible.visible.equals_exact(b.visible.visible, 0.0)
        )
    )


def setup_for(field: Battlefield) -> Setup:
    """A battle setup whose table is ``field``'s terrain (fighters are placed by hand)."""
    return replace(new_battle().setup, table=Table("generated", replace(field, fighters=()), {}))


@settings(max_examples=40, deadline=None)
@given(battlefields(), st.data())
def test_open_paths_are_decided_as_the_look_decides_them(field, data):
    """Sight and lines of attack answered without a look, because no blocker comes near
    the path, are the answers the look gives; Ranges are drawn around the gap between
    the bases to try the edges."""
    battle_setup = setup_for(field)
    for a in field.fighters:
        for t in field.fighters:
            if a.name == t.name:
                continue
            if _clear(_high(battle_setup), a.base, t.base):
                with fastpaths.plain():
                    assert visibility(field, a, t).visible
            gap = math.dist((a.base.x, a.base.y), (t.base.x, t.base.y)) - 2 * a.base.radius
            near = st.floats(max(0.0, gap - 0.003), gap + 0.003)
            low = data.draw(st.one_of(st.just(0.0), near))
            high = data.draw(st.one_of(near, st.floats(low, low + 12)))
            attack = replace(a.profile.attacks[0], minimum_range=low, maximum_range=high)
            decided = open_line(battle_setup, field, a, t, attack)
            if decided is not None:
                with fastpaths.plain():
                    assert decided == line_of_attack(field, a, t, attack).exists


def test_an_open_path_between_bases_in_contact_is_looked_at():
    """Bases written overlapping by 0.0009" start the look inside the target's edge: its
    length is the depth, not the (negative) gap, so it is not decided without a look."""
    field = parse_battlefield(
        {
            "warbands": ["red", "blue"],
            "fighters": [
                {"name": "F0", "profile": "Wizard", "warband": "red", "at": [2, 2]},
                {"name": "F1", "profile": "Wizard", "warband": "blue", "at": [2.98335, 2]},
            ],
        },
        source="contact",
    )
    a, t = field.fighter("F1"), field.fighter("F0")
    attack = replace(a.profile.attack("Melee"), minimum_range=0.00055)
    assert line_of_attack(field, a, t, attack).exists
    assert open_line(setup_for(field), field, a, t, attack) is None


@settings(max_examples=40, deadline=None)
@given(battlefields())
def test_a_target_free_to_step_away_can_dodge(field):
    """18.4: free space on the far side (straight away, or turned up to 80 degrees) makes a
    Dodge step certain, as the region a step reaches (computed in full) says."""
    for mover in field.fighters:
        for source in field.fighters:
            for turn in AWAY_TURNS:
                if mover is not source and free_to_step_away(field, mover, source, turn):
                    with fastpaths.plain():
                        assert dodge(field, mover, source).possible


def test_a_lone_target_is_free_to_step_away_and_one_against_a_wall_is_not():
    open_field = contact_field((6, 2), (6, 3.5))
    wizard, guardian = open_field.fighter("Wizard"), open_field.fighter("Guardian")
    assert free_to_step_away(open_field, wizard, guardian)  # steps away from the wall side
    assert not free_to_step_away(open_field, guardian, wizard)  # the wall is behind it
    with fastpaths.plain():
        assert dodge(open_field, wizard, guardian).possible


@pytest.mark.parametrize("seed", [1, 5])
def test_kept_attack_steps_and_profiles_are_the_fresh_ones(seed):
    """An attack in progress keeps what its procedure needs next; a setup keeps each
    profile it found: both equal what the plain path works out again."""
    states = some_states(seed, every=1)
    attacks = [s for s in states if isinstance(s.frames[-1], AttackFrame)]
    assert attacks
    for battle in attacks:
        frame = battle.frames[-1]
        kept = frame._next(), frame._next()
        with fastpaths.plain():
            fresh = frame._next()
        assert kept[0] is kept[1] and kept[0] == fresh
        for fighter in battle.fighters:
            with fastpaths.plain():
                profile = battle.setup.profile(fighter.profile)
            assert battle.setup.profile(fighter.profile) is profile


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_a_step_frame_can_step_exactly_when_it_lists_some_moves(seed):
    """Whether a step (after Leap or without it) is possible, found by stopping at the
    first possible step, is whether the full list of moves is empty."""
    steps = [s for s in some_states(seed, every=1) if isinstance(s.frames[-1], StepFrame)]
    assert steps
    for battle in steps:
        for frame in (battle.frames[-1], replace(battle.frames[-1], leap=True)):
            with fastpaths.plain():
                listed = bool(frame.moves(battle))
            assert frame.can_step(battle) == listed


@pytest.mark.parametrize("seed", [2, 7])
def test_views_built_from_kept_log_lines_are_the_fresh_views(seed):
    """Each player's view, its log built from the lines kept for the state before, in any
    order of asking: the view the plain path builds from the whole log."""
    fastpaths.forget()
    states = some_states(seed, every=1)
    for battle in [*states[::2], *states[1::2]]:
        for player in range(battle.players):
            with fastpaths.plain():
                fresh = battle.view(player)
            assert battle.view(player) == fresh


# -- where a base may stand, and deployment spots, many points at once ----------------------


def territory_names(battle: Battle) -> tuple[str, ...]:
    """Every territory the scenario could give a player."""
    kind = battle.setup.scenario.territory
    if kind in ("quarter", "corner"):
        return CORNERS
    if kind == "edge":
        return EDGES
    return tuple(name for names in TERRITORIES.values() for name in names)


def near_bases(battle: Battle, data: st.DataObject) -> list[tuple[float, float]]:
    """Points on the table, some exactly at, or a hair either side of, the distance where
    bases overlap (MW-18), the table's edges or a round grid step."""
    table = battle.setup.table
    others = [f.at for f in battle.fighters if f.at is not None]
    others += [i.at for i in battle.items if i.at is not None]
    points = []
    for _ in range(data.draw(st.integers(5, 40))):
        kind = data.draw(st.sampled_from(["anywhere", "base", "edge"]))
        if kind == "base" and others:
            cx, cy = data.draw(st.sampled_from(others))
            hair = data.draw(st.sampled_from([0.0, 1e-13, -1e-13, 2e-9, -2e-9, 0.0009, 0.3]))
            angle = data.draw(st.floats(0, 2 * math.pi))
            gap = OVERLAP + hair
            points.append((cx + gap * math.cos(angle), cy + gap * math.sin(angle)))
        elif kind == "edge":
            low = RADIUS - EPSILON + data.draw(st.sampled_from([0.0, 1e-15, -1e-15, 0.01]))
            along = data.draw(st.floats(0, table.length))
            points.append(data.draw(st.sampled_from([(low, along), (table.width - low, along)])))
        else:
            x = data.draw(st.floats(0, table.width, allow_subnormal=False))
            y = data.draw(st.floats(0, table.length, allow_subnormal=False))
            points.append((round(x, data.draw(st.sampled_from([2, 4, 12]))), y))
    return points


def deploying(data: st.DataObject) -> Battle:
    """A battle of a drawn scenario at deployment, territories drawn and some fighters and
    objects standing at drawn places."""
    scenario = data.draw(st.sampled_from(SCENARIOS))
    seed = data.draw(st.integers(0, 10_000))
    chosen = setup.random_setup(seed, scenario=scenario, players=scenario.players[0])
    try:
        battle = start_battle(chosen)
    except SetupError:
        assume(False)
        raise
    name = data.draw(st.sampled_from(territory_names(battle)))
    battle = replace(battle, territories=(name,) * battle.players, first=0)
    table = battle.setup.table
    for fighter in battle.fighters:
        if data.draw(st.booleans()):
            at = (data.draw(st.floats(0.5, table.width - 0.5)), data.draw(st.floats(0.5, 15.5)))
            battle = battle.with_fighter(replace(fighter, status=Status.ON_BATTLEFIELD, at=at))
    items = tuple(
        replace(i, at=(data.draw(st.floats(1, table.width - 1)), data.draw(st.floats(1, 15))))
        for i in battle.items
    )
    return replace(battle, items=items)


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_where_bases_may_stand_all_at_once_is_stand_problem_at_each(data):
    battle = deploying(data)
    points = near_bases(battle, data)
    names = [None, *(f.name for f in battle.fighters), *(i.name for i in battle.items)]
    exclude = data.draw(st.sampled_from(names))
    expected = [stand_problem(battle, p, exclude) is None for p in points]
    assert can_stand_at(battle, points, exclude) == expected


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_deployment_spots_are_the_plain_ones_in_order(data):
    """10.5 on the fast path (territory dropped by numpy, bases and terrain checked all at
    once, a chunk of the grid at a time): the very spots, in the very order."""
    battle = deploying(data)
    spacing = data.draw(st.sampled_from([GRID, FINE_GRID, 0.7, 1.1]))
    player = data.draw(st.integers(0, battle.players - 1))
    with fastpaths.plain():
        expected = deployment_spots(battle, player, spacing)
    assert deployment_spots(battle, player, spacing) == expected


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_points_surely_outside_a_territory_are_refused_by_its_rule(data):
    """The numpy test of a territory never drops a point the rule itself allows, even a
    hair from the territory's border."""
    battle = deploying(data)
    table = battle.setup.table
    points = near_bases(battle, data)
    for x in (table.width / 2, 0.0, table.width):
        for dx in (RADIUS, -RADIUS):
            for hair in (0.0, EPSILON, -EPSILON, 1e-12, -1e-12):
                points.append((x + dx + hair, data.draw(st.floats(0, table.length))))
    for player in range(battle.players):
        outside = _surely_outside(battle, player, points)
        for point, out in zip(points, outside, strict=True):
            if out:
                assert territory_problem(battle, player, point) is not None


def room_outcome(battle: Battle, most: int) -> str | None:
    try:
        check_deployment_room(battle, most=most)
    except SetupError as error:
        return str(error)
    return None


@settings(max_examples=12, deadline=None)
@given(data=st.data(), most=st.integers(1, 60))
def test_deployment_room_is_found_as_the_plain_way_finds_it(data, most):
    """10.5 refused or allowed alike, naming the same territory and the same count."""
    battle = deploying(data)
    with fastpaths.plain():
        expected = room_outcome(battle, most)
    assert room_outcome(battle, most) == expected


@pytest.mark.parametrize("scenario", ["hold-the-line", "deathmatch", "treasure-dash"])
def test_steps_that_cannot_help_are_not_looked_for_on_the_fast_path(scenario):
    """Whether some step leaves a Blink or an Escape (or an Attack) possible: the fast path
    gives up at once on a Blink the hand cannot pay for and an Escape out of reach; the
    answer is the one found by trying every representative step."""
    chosen = setup.random_setup(3, scenario=find_scenario(scenario), length=Length.QUICK)
    history = History.start(start_battle(chosen), 3)
    play_out(history, [RandomPlayer(3, 0), RandomPlayer(3, 1)])
    asked = 0
    for battle in history.states:
        if not isinstance(battle, Battle) or battle.phase is not Phase.ACTION:
            continue
        for fighter in on_table(battle):
            for purpose in ("blink", "escape", "attack"):
                frame = StepFrame(fighter.name, fighter.player, purpose=purpose)
                with fastpaths.plain():
                    expected = frame.any_step(battle)
                assert frame.any_step(battle) == expected
                asked += 1
    assert asked


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 1000),
    gap=st.one_of(st.floats(0, 3.5), st.sampled_from([0.9, 0.99, 1.0, 1.01, 1.02, 2.9, 3.01])),
    leap=st.booleans(),
    data=st.data(),
)
def test_an_escape_out_of_reach_is_out_of_reach_of_every_step(seed, gap, leap, data):
    """Hold the Line: a fighter ``gap`` from the objective edge, with or without Leap, can
    Escape after some step on the fast path exactly when it can after trying them all."""
    chosen = setup.random_setup(seed, scenario=find_scenario("hold-the-line"))
    battle = replace(start_battle(chosen), territories=("left", "right"), first=0)
    table = battle.setup.table
    for fighter in battle.fighters:
        x = table.width - RADIUS - gap if fighter.player == 0 else RADIUS + 3
        at = (round(x, 2), data.draw(st.floats(1, table.length - 1)))
        battle = battle.with_fighter(replace(fighter, status=Status.ON_BATTLEFIELD, at=at))
    for fighter in on_table(battle):
        frame = StepFrame(fighter.name, fighter.player, purpose="escape", leap=leap)
        with fastpaths.plain():
            expected = frame.any_step(battle)
        assert frame.any_step(battle) == expected


@settings(max_examples=30, deadline=None)
@given(battlefields(), st.data())
def test_ray_rooms_all_at_once_are_each_ray_room(field, data):
    """The room of many straight rays at once (rays wholly in free space not intersected)
    is, to the last bit, the room of each ray alone: rays toward, past and grazing the
    other bases and along the table's edges."""
    for mover in field.fighters:
        free = surroundings.__wrapped__(field.layout, mover.name).free
        x, y = mover.base.x, mover.base.y
        units = list(COMPASS)
        for other in field.fighters:
            if other is mover:
                continue
            dx, dy = other.base.x - x, other.base.y - y
            distance = math.hypot(dx, dy)
            heading = math.atan2(dy, dx)
            graze = math.asin(min(1.0, 2 * BASE_DIAMETER / 2 / max(distance, 1e-9)))
            for angle in (heading, heading + graze, heading - graze, heading + math.pi):
                units.append((math.cos(angle), math.sin(angle)))
        angles = data.draw(st.lists(st.floats(0, 2 * math.pi), max_size=5))
        units += [(math.cos(a), math.sin(a)) for a in angles]
        length = data.draw(st.sampled_from([1.0, 3.0, 6.0, 20.0]))
        start = shapely.Point(x, y)
        expected = [ray_room(free, start, unit, length) for unit in units]
        assert straight._ray_rooms(free, (x, y), units, length) == expected


# -- cover and Dodge of an attack's situation (fastpaths part SITUATION) ----------------------


@settings(max_examples=40, deadline=None)
@given(battlefields())
def test_a_target_with_nothing_near_the_path_is_in_the_open_as_the_look_says(field):
    """18.2: no obstacle of any height and no other fighter near the straight path between
    the bases: the look at the target's whole edge finds it in the open."""
    battle_setup = setup_for(field)
    for a in field.fighters:
        for t in field.fighters:
            if a.name != t.name and in_the_open(battle_setup, field, a, t):
                with fastpaths.plain():
                    assert not cover(field, a, t).in_cover


def test_a_target_behind_an_obstacle_is_looked_at_and_one_in_the_clear_is_not():
    field = parse_battlefield(
        {
            "warbands": ["red", "blue"],
            "terrain": [
                {"name": "wall", "height": 0.7, "rectangle": {"centre": [4, 3], "size": [0.4, 6]}},
            ],
            "fighters": [
                {"name": "F0", "profile": "Wizard", "warband": "red", "at": [2, 3]},
                {"name": "F1", "profile": "Wizard", "warband": "blue", "at": [6, 3]},
                {"name": "F2", "profile": "Wizard", "warband": "red", "at": [9, 12]},
                {"name": "F3", "profile": "Wizard", "warband": "blue", "at": [9, 8]},
            ],
        },
        source="wall",
    )
    a, t = field.fighter("F0"), field.fighter("F1")
    assert not in_the_open(setup_for(field), field, a, t)
    assert cover(field, a, t).in_cover
    a, t = field.fighter("F2"), field.fighter("F3")
    assert in_the_open(setup_for(field), field, a, t)
    assert not cover(field, a, t).in_cover


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_remembered_cover_and_dodge_equal_fresh_ones_in_every_state(seed):
    """Cover and Dodge are remembered by the whole battlefield and the two names: every
    answer, remembered in an earlier state or not, is the fresh one, for every pair of
    fighters on the table (both ways round)."""
    for battle in some_states(seed, every=4):
        fighters = on_table(battle)
        for attacker in fighters:
            for target in fighters:
                if attacker.name == target.name:
                    continue
                with fastpaths.plain():
                    covered = cover_of(battle, attacker, target).in_cover
                    dodging = can_dodge(battle, target, attacker).possible
                assert in_cover(battle, attacker, target) == covered
                assert dodge_possible(battle, target, attacker) == dodging
                with fastpaths.plain(SITUATION):
                    assert in_cover(battle, attacker, target) == covered
                    assert dodge_possible(battle, target, attacker) == dodging


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_the_best_blink_spots_begin_the_whole_list_ranked_the_same_way(seed, data):
    """Blink spots ranked by a key and checked only until ``most`` pass are the first
    ``most`` of every spot, ranked by the same key (ties in grid order)."""
    for battle in some_states(seed, every=13):
        for fighter in on_table(battle):
            x, y = data.draw(st.tuples(st.floats(0, 48), st.floats(0, 48)))
            coarse = data.draw(st.booleans())

            def key(
                at: tuple[float, float], x: float = x, y: float = y, coarse: bool = coarse
            ) -> float:
                far = (at[0] - x) ** 2 + (at[1] - y) ** 2
                return float(round(far / 10)) if coarse else far  # coarse: many ties

            most = data.draw(st.integers(1, 6))
            everything = blink_spots(battle, fighter)
            expected = sorted(everything, key=key, reverse=True)[:most]
            assert blink_spots(battle, fighter, best=key, most=most) == expected


def graph_of(roadmap: Roadmap) -> list[tuple[int | str, list[tuple[int | str, float]]]]:
    """A roadmap's graph whole: each node with its neighbours and lengths, in order."""
    return [
        (node, [(other, w["weight"]) for other, w in roadmap.graph[node].items()])
        for node in roadmap.graph
    ]


def in_contact_near_the_edge() -> Battlefield:
    """Two fighters written in contact (0.984" apart, ruling MW-18), the first 0.75" from
    the table's edge, and a low square below them: the straight line from the first to
    (1, 1) grazes the other's true circle, blocked in closed form though the 8-segment
    polygon leaves it clear."""
    square = [[0.5, 0.5], [0.5, 1.5], [1.5, 1.5], [1.5, 0.5]]
    return parse_battlefield(
        {
            "warbands": ["red", "blue"],
            "fighters": [
                {"name": "F0", "profile": "Wizard", "warband": "red", "at": [0.75, 4.0]},
                {
                    "name": "F1",
                    "profile": "Wizard",
                    "warband": "red",
                    "at": [0.75 + BASE_DIAMETER, 4.0],
                },
            ],
            "terrain": [{"name": "T0", "height": 0.7, "polygon": square}],
        },
        source="generated",
    )


@settings(max_examples=25, deadline=None)
@given(
    battlefields(),
    st.integers(0, 5),
    st.lists(st.tuples(st.floats(0.6, 11.4), st.floats(0.6, 15.4)), min_size=4, max_size=4),
)
@example(field=in_contact_near_the_edge(), which=0, points=[(1.0, 1.0)] * 4)
def test_a_roadmap_searched_lazily_finds_the_whole_graphs_shortest_paths(field, which, points):
    """15.0: the shortest path over a roadmap whose edges are found node by node as the
    search reaches them (the start and goal joined only at tangent corners, the graph
    lent, not copied) is the path networkx's A* finds over the whole graph built first,
    every corner to the last bit; each node's edges found alone, and the whole graph made
    from the one-table tangent test, are the plain graph's, lengths and order included.
    The example: a straight line blocked on true circles but clear on the polygons."""
    mover = field.fighters[which % len(field.fighters)]
    free = surroundings(field.layout, mover.name).free
    with fastpaths.plain():
        whole = Roadmap.build(free)
        expected = graph_of(whole)
    lazy = Roadmap.build(free)
    ends = [mover.base.centre, *(f.base.centre for f in field.fighters)]
    ends += [shapely.Point(x, y) for x, y in points]
    for start in ends[:2]:
        for goal in ends:
            with fastpaths.plain():
                plain = whole.shortest_path(start, goal)
            found = lazy.shortest_path(start, goal)
            assert (found is None) == (plain is None)
            if found is not None and plain is not None:
                assert [(p.x, p.y) for p in found] == [(p.x, p.y) for p in plain]
    assert graph_of(whole) == expected  # the plain search left the graph as it was
    for node in lazy.known:
        assert list(lazy.edges_of(node).items()) == [
            (other, length) for other, length in dict(expected)[node]
        ]
    assert graph_of(Roadmap.build(free)) == expected


@pytest.mark.parametrize(
    ("scenario", "players"),
    [("treasure-dash", 2), ("king-of-the-hill", 2), ("treasure-clash", 3), ("the-prize", 2)],
)
def test_move_ends_round_a_wall_are_the_plain_ones_in_every_state(scenario, players):
    """MB-6: the Move ends of every fighter in Action Phase states of a random battle
    (toward a goal round what stands in the way among them) are the plain computation's,
    in order, with the roadmaps searched lazily and a goal in plain sight found without
    one."""
    chosen = setup.random_setup(
        4,
        length=Length.QUICK,
        most=3,
        rounds=2,
        scenario=find_scenario(scenario),
        players=players,
    )
    history = History.start(start_battle(chosen), 4)
    play_out(history, [RandomPlayer(4, seat) for seat in range(players)])
    states = [s for s in history.states if isinstance(s, Battle) and s.phase is Phase.ACTION]
    checked = 0
    for battle in states[:: max(1, len(states) // 6)]:
        for fighter in on_table(battle):
            fastpaths.forget()
            moves._roadmap.cache_clear()
            with fastpaths.plain():
                expected = _move_candidates(battle, fighter, 5.0)
            moves._roadmap.cache_clear()
            assert _move_candidates(battle, fighter, 5.0) == expected
            checked += 1
    assert checked
