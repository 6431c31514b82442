"""The fast paths of part ``OFFERS`` against the plain computations they replace.

What a stage offers is worked out once and shared: the parts of the attack check at each
step end that do not depend on the step, the straight Move ends already found clear, and
an offered action not judged again where its check only repeats what offering it found.
Random battles are played with the part on and off (``fastpaths.plain(OFFERS)``, every
other fast path on): every legal action list, step, state hash and log line must be the
same. Then each piece is checked alone against the plain computation on the states of
random battles (every fighter, every end), comparing whole answers.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_battle_fastpaths import Trace, assert_same, on_table, traced

from conftest import battlefields
from skirmish import fastpaths
from skirmish.engine.battle import History, IllegalAction, RandomPlayer, play_out
from skirmish.errors import SkirmishError
from skirmish.fastpaths import OFFERS
from skirmish.games.magewinds.battle import (
    Length,
    find_scenario,
    new_setup,
    setup,
    start_battle,
)
from skirmish.games.magewinds.battle.activation import Activation, ActivationStage
from skirmish.games.magewinds.battle.candidates import (
    knockback_choices,
    move_candidates,
    straight_move_ends,
)
from skirmish.games.magewinds.battle.geometry import (
    RADIUS,
    can_stand_at,
    knockback_of,
    moved,
    placed,
    stand_problem,
)
from skirmish.games.magewinds.battle.invariants import CHECKED, problems
from skirmish.games.magewinds.battle.paying import ways_to_pay
from skirmish.games.magewinds.battle.spells import haste_options
from skirmish.games.magewinds.battle.state import Battle, Phase
from skirmish.games.magewinds.battle.steps import StepFrame
from skirmish.games.magewinds.battle.targets import any_attack, attack_from
from skirmish.games.magewinds.cards import DECK, CardWorth, parse_cost, payments, useful_cards
from skirmish.geometry.measure import OVERLAP_TOLERANCE

BAND = ["Wizard", "Guardian", "Cleric", "Deadeye"]
SCENARIOS = ("deathmatch", "treasure-dash", "hold-the-line", "king-of-the-hill", "the-prize")


def offers_both_ways(seed: int, *, quick: bool = True) -> tuple[Trace, Trace]:
    fast = traced(seed, quick=quick)
    with fastpaths.plain(OFFERS):
        slow = traced(seed, quick=quick)
    return fast, slow


@pytest.mark.parametrize(
    ("seed", "quick"), [*((seed, True) for seed in range(1, 40, 4)), (2, False), (5, False)]
)
def test_offers_shared_play_the_same_random_battles(seed, quick):
    """Quick battles of every kind random setups give, and standard ones."""
    assert_same(*offers_both_ways(seed, quick=quick))


def deathmatch_trace(size: int, seed: int) -> Trace:
    """A random 4v4 or 2v2 Deathmatch of the benchmark's warbands, traced."""
    return traced(seed, chosen=new_setup("deathmatch", [BAND[:size], BAND[:size]]))


@pytest.mark.parametrize(("size", "seed"), [(4, 0), (4, 3), (2, 1)])
def test_offers_shared_play_the_same_benchmark_deathmatches(size, seed):
    """The battles ``benchmarks/speedups.py`` measures, step for step alike."""
    fast = deathmatch_trace(size, seed)
    with fastpaths.plain(OFFERS):
        slow = deathmatch_trace(size, seed)
    assert_same(fast, slow)


def action_states(seed: int, scenario: str, every: int = 5) -> list[Battle]:
    """Action Phase states of a random battle of ``scenario``, one every ``every``."""
    chosen = setup.random_setup(
        seed, length=Length.QUICK, most=3, rounds=2, scenario=find_scenario(scenario)
    )
    history = History.start(start_battle(chosen), seed)
    play_out(history, [RandomPlayer(seed, 0), RandomPlayer(seed, 1)])
    states = [s for s in history.states if isinstance(s, Battle) and s.phase is Phase.ACTION]
    return states[::every]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_attack_checks_worked_out_once_equal_the_trial_step_at_every_end(scenario):
    """13.1, 13.4: whether an attack is possible from each representative step end (and
    from where the fighter stands), with the step's own parts worked out once for the
    state, is what the plain check gives after a trial step there; objects, marks and an
    Aimed Shot in reach included where the battle has them."""
    checked = 0
    for battle in action_states(7, scenario):
        for fighter in on_table(battle):
            frame = StepFrame(fighter.name, fighter.player, purpose="attack")
            with fastpaths.plain():
                ends = frame.allowed_ends(battle)
                expected = [any_attack(moved(battle, fighter, e), fighter.name) for e in ends]
                here = any_attack(battle, fighter.name)
            assert [attack_from(battle, fighter.name, e) for e in ends] == expected
            assert any_attack(battle, fighter.name) == here
            checked += len(ends)
    assert checked


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_straight_move_ends_are_accepted_exactly_as_checked_in_full(scenario):
    """13.4, 15.0, MB-6, MB-7: the Move ends offered, straight ends asked only what their
    search left open, are the candidates the full check (path, standing, low terrain,
    spells) accepts, in order."""
    straight = 0
    for battle in action_states(11, scenario, every=3):
        for fighter in on_table(battle):
            frame = Activation(fighter.name, fighter.player, ActivationStage.MOVING, "move")
            inches, reason = frame.allowance(battle)
            expected = [
                p
                for p in move_candidates(battle, fighter, inches)
                if frame._refusal(battle, fighter, p, inches, reason)[1] is None
            ]
            assert frame._move_ends(battle, fighter, inches, reason) == expected
            with fastpaths.plain(OFFERS):
                assert frame._move_ends(battle, fighter, inches, reason) == expected
            straight += len(straight_move_ends(battle, fighter, inches))
    assert straight


def test_phasewalk_moves_are_checked_in_full():
    """A Move under Phasewalk traces its path on another battlefield: its ends are never
    taken as found clear."""
    battle = action_states(3, "deathmatch")[0]
    fighter = on_table(battle)[0]
    frame = Activation(fighter.name, fighter.player, ActivationStage.MOVING, "move", phased=True)
    inches, reason = frame.allowance(battle)
    calls = []
    real = frame._refusal

    class Counting(Activation):
        def _refusal(self, *args):  # type: ignore[no-untyped-def]
            calls.append(args)
            return real(*args)

    counting = Counting(**{f: getattr(frame, f) for f in frame.__dataclass_fields__})
    counting._move_ends(battle, fighter, inches, reason)
    assert len(calls) == len(move_candidates(battle, fighter, inches))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_haste_casts_offered_are_the_plain_ones(scenario):
    """Haste (ruling MB-9): a caster's sight of the mover asked last changes no cast."""
    asked = 0
    for battle in action_states(5, scenario, every=2):
        for fighter in on_table(battle):
            with fastpaths.plain(OFFERS):
                expected = haste_options(battle, fighter, ())
            assert haste_options(battle, fighter, ()) == expected
            asked += 1
    assert asked


def test_an_action_not_offered_by_this_state_is_judged_in_full():
    """An action is taken as offered only when this very state offered it: a step typed
    to an end the fighter may reach but from which no attack is possible is refused
    (13.1), whether or not the state's options were worked out; an offered one is known
    as offered, and with the part off nothing is."""
    refused = 0
    for seed in range(6):
        chosen = new_setup("deathmatch", [BAND[:2], BAND[:2]])
        history = History.start(start_battle(chosen), seed)
        play_out(history, [RandomPlayer(seed, 0), RandomPlayer(seed, 1)])
        for battle in history.states:
            frame = battle.frames[-1] if isinstance(battle, Battle) else None
            if not isinstance(frame, StepFrame) or frame.purpose != "attack":
                continue
            offered = battle.legal_actions(frame.player)
            assert all(battle.offered(str(a)) for a in offered)
            with fastpaths.plain(OFFERS):
                assert not any(battle.offered(str(a)) for a in offered)
            for end in frame.allowed_ends(battle):
                if frame.viable_at(battle, end):
                    continue
                text = f"step {end[0]:g},{end[1]:g}"
                assert not battle.offered(text)
                with pytest.raises(IllegalAction, match="could not attack"):
                    battle.apply(text)
                refused += 1
    assert refused


# -- the bases' invariants remembered by where the bases stand (part CHECKED) --------------


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_problems_remembered_by_where_bases_stand_are_the_fresh_ones(seed, data):
    """2.1, 0.8.1, 15.0: what the invariants find in states of a random battle, and in
    those states with a base moved anywhere (off the table's edge, onto another base, into
    an obstacle, back where it stood), asked again after other states filled the memo, is
    what a fresh check finds."""
    states = action_states(seed % 50, SCENARIOS[seed % len(SCENARIOS)], every=9)
    asked = []
    for battle in states:
        fighters = on_table(battle)
        if not fighters:
            continue
        fighter = data.draw(st.sampled_from(fighters))
        table = battle.setup.table
        spots = [
            (data.draw(st.floats(-1, table.width + 1)), data.draw(st.floats(-1, table.length + 1))),
            *(f.at for f in fighters if f.at is not None and f.name != fighter.name),
            *(t.footprint.centroid.coords[0] for t in battle.setup.table.field.terrain),
        ]
        spot = data.draw(st.sampled_from(spots))
        asked += [battle, moved(battle, fighter, (round(spot[0], 2), round(spot[1], 2)))]
        if len(fighters) > 1:  # onto another base: 0.8.1 is broken for sure
            asked.append(moved(battle, fighter, spots[1]))
    found = [problems(b) for b in asked]
    with fastpaths.plain(CHECKED):
        assert [problems(b) for b in asked] == found
    with fastpaths.plain():
        fresh = [problems(b) for b in asked]
    assert found == fresh
    assert any(fresh)  # some moved base broke an invariant


@settings(max_examples=30, deadline=None)
@given(field=battlefields(), data=st.data())
def test_fighters_found_by_name_from_a_table_are_the_plain_ones(field, data):
    """A fighter looked up by its name in any case is the one ``find_named`` finds; a
    name not on the battlefield is refused with the same message."""
    for fighter in field.fighters:
        for name in (fighter.name, fighter.name.upper(), fighter.name.lower()):
            with fastpaths.plain(OFFERS):
                expected = placed(field, name)
            assert placed(field, name) is expected
    unknown = data.draw(st.text(min_size=1, max_size=6)) + " nobody"
    with pytest.raises(SkirmishError) as plain_error, fastpaths.plain(OFFERS):
        placed(field, unknown)
    with pytest.raises(SkirmishError) as fast_error:
        placed(field, unknown)
    assert str(fast_error.value) == str(plain_error.value)


@pytest.mark.parametrize("scenario", ["deathmatch", "treasure-dash", "king-of-the-hill"])
def test_knockbacks_remembered_by_the_battlefield_are_the_fresh_ones(scenario):
    """18.5.4, MW-17, MB-6: every fighter's knockback room, the ends it may stop at and the
    distances offered, asked of each other fighter, are the fresh computation's, whether
    found first or remembered from an earlier state with the same battlefield."""
    asked = 0
    for battle in action_states(13, scenario, every=4):
        fighters = on_table(battle)
        for attacker in fighters:
            for target in fighters:
                if attacker.name == target.name:
                    continue
                with fastpaths.plain(OFFERS):
                    room = knockback_of(battle, attacker, target)
                    choices = knockback_choices(battle, attacker, target)
                for _ in range(2):  # found, then remembered
                    found = knockback_of(battle, attacker, target)
                    assert (found.room, found.reason) == (room.room, room.reason)
                    assert found.ends.wkb == room.ends.wkb  # the very coordinates
                    assert knockback_choices(battle, attacker, target) == choices
                asked += 1
    assert asked


def pack_costs() -> list[str]:
    """Every casting cost of the standard warbands' spells and attack spells."""
    pack = new_setup("deathmatch", [BAND, BAND]).pack
    costs = {a.cost for p in pack.fighters for a in (*p.abilities, *p.attacks) if a.cost}
    costs |= {a.cost for a in pack.universal_abilities if a.cost}
    return sorted(costs)


@settings(max_examples=200, deadline=None)
@given(
    hand=st.lists(st.sampled_from(DECK), unique=True, max_size=10),
    cost=st.sampled_from(pack_costs()),
    worth=st.sampled_from(list(CardWorth)),
)
def test_ways_to_pay_from_the_useful_cards_are_those_from_the_whole_hand(hand, cost, worth):
    """17.0, rulings MB-1 and MB-2: the payments found from the cards of a suit the cost
    takes are those found from the whole hand, and remembered by those cards alone they
    are the whole hand's too (asked again with other cards in hand)."""
    parsed = parse_cost(cost)
    whole = payments(parsed, hand, worth=worth)
    assert payments(parsed, useful_cards(parsed, hand), worth=worth) == whole
    battle = small_battle()
    if battle.setup.options.card_worth is not worth:
        return  # the battle's own reading is asked below; the rest is payments' alone
    for extra in ((), tuple(c for c in DECK if c not in hand)[:3]):
        held = replace(battle, hands=(tuple(hand) + extra, battle.hands[1]))
        with fastpaths.plain(OFFERS):
            expected = ways_to_pay(held, 0, cost)
        assert ways_to_pay(held, 0, cost) == expected
    assert ways_to_pay(replace(battle, hands=(tuple(hand), battle.hands[1])), 0, cost) == whole


@cache
def small_battle() -> Battle:
    return start_battle(new_setup("deathmatch", [BAND[:2], BAND[:2]]))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_where_bases_may_stand_measured_near_boxes_alone_is_the_whole_measure(seed, data):
    """15.0, MB-7: whether a base may stand at points all about the terrain (at a box's
    corners and sides, a base's standing distance away give or take a hair, inside, far
    off), and why not, is the same when only the pieces whose bounding box comes near are
    measured."""
    battle = action_states(seed % 40, SCENARIOS[seed % len(SCENARIOS)], every=50)[0]
    # A table with no terrain has no box to come near (one of the 40 battles): nothing to
    # measure, and the points drawn may all be refused (all at a corner).
    assume(battle.setup.table.field.terrain)
    reach = RADIUS - OVERLAP_TOLERANCE
    points = []
    for piece in battle.setup.table.field.terrain:
        minx, miny, maxx, maxy = piece.footprint.bounds
        for hair in (0.0, 1e-12, -1e-12, 1e-6, -1e-6, 0.3, -0.3):
            gap = reach + hair
            points += [
                (minx - gap, (miny + maxy) / 2),
                (maxx + gap, (miny + maxy) / 2),
                ((minx + maxx) / 2, miny - gap),
                ((minx + maxx) / 2, maxy + gap),
                (minx - gap / 2**0.5, miny - gap / 2**0.5),
                (maxx + gap / 2**0.5, maxy + gap / 2**0.5),
            ]
    table = battle.setup.table
    points += [
        (data.draw(st.floats(0, table.width)), data.draw(st.floats(0, table.length)))
        for _ in range(20)
    ]
    with fastpaths.plain(OFFERS):
        expected = can_stand_at(battle, points)
        problems_there = [stand_problem(battle, p) for p in points]
    assert can_stand_at(battle, points) == expected
    assert [stand_problem(battle, p) for p in points] == problems_there  # the same words
    assert expected == [problem is None for problem in problems_there]
    assert not all(expected) and any(expected)
