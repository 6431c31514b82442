"""The computer players' shortcuts against the plain computations they replace.

An attack's outlook is kept by a key that leaves out names, damage already taken, the
length of the line of attack and Guard on the attacker; its results are those of undamaged
fighters, with the damage added back by ``settled``. Here, on generated attacks of the
bundled fighters, the kept outlook is compared with the equilibrium worked out afresh on the
whole situation (nothing left out): both mixes, the value, and every result record with its
exact probability. The evaluator's remembered attack values are compared the same way,
and whole greedy battles are played with every shortcut and without.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from skirmish import fastpaths
from skirmish.ai.magewinds.evaluation import TERRAIN, Evaluator
from skirmish.ai.magewinds.greedy import SHORTCUTS, GreedyPlayer, plannable
from skirmish.ai.magewinds.outlook import forget, outlook, settled, settled_results
from skirmish.ai.magewinds.plans import Planner
from skirmish.ai.magewinds.threats import GREEDY
from skirmish.engine.battle import History, RandomPlayer, Turn, play_out
from skirmish.engine.matrix import solve
from skirmish.games.magewinds.advice import SINGLE, Objective, matrix_game
from skirmish.games.magewinds.attack import AttackSituation, Combatant
from skirmish.games.magewinds.battle import Length, new_setup, setup, start_battle
from skirmish.games.magewinds.battle.abilities.effect_spells import EFFECTS
from skirmish.games.magewinds.battle.actions import point_text
from skirmish.games.magewinds.battle.attacks import combatant_of
from skirmish.games.magewinds.battle.setup import Options, Setup
from skirmish.games.magewinds.battle.state import Battle, Fighter, Phase
from skirmish.games.magewinds.battle.steps import NO_STEP, StepFrame
from skirmish.games.magewinds.pack import bundled_pack

PACK = bundled_pack()
NAMES = [f.name for f in PACK.fighters]


@st.composite
def combatants(draw: st.DrawFn, label: str, counters: int) -> Combatant:
    profile = PACK.fighter(draw(st.sampled_from(NAMES)))
    return Combatant(
        profile,
        damage=draw(st.integers(0, profile.toughness - 1)),
        action_counters=draw(st.integers(0, counters)),
        guarding=draw(st.booleans()),
        label=label,
    )


@st.composite
def situations(draw: st.DrawFn) -> AttackSituation:
    attacker = draw(combatants("Mine", 1))
    attack = draw(st.sampled_from(attacker.profile.attacks))
    return AttackSituation(
        attacker=attacker,
        target=draw(combatants("Theirs", 2)),
        attack=attack,
        cover=draw(st.booleans()),
        can_dodge=draw(st.booleans()),
        distance=draw(st.none() | st.floats(attack.minimum_range, attack.maximum_range)),
    )


def plain(
    situation: AttackSituation, reactions: frozenset[str] | None = None
) -> tuple[dict, dict, Fraction, dict]:
    """The equilibrium of the whole situation, worked out afresh, with its results."""
    game, cases = matrix_game(situation, Objective.TEMPO, reactions=reactions)
    solution = solve(game)
    attack_mix, defence_mix = dict(solution.row_strategy), dict(solution.column_strategy)
    results: dict = {}
    for found in cases:
        choice = SINGLE if found.choice is None else found.choice.value
        weight = attack_mix[choice] * defence_mix[found.reaction.value]
        for result, p in found.results:
            if weight:
                results[result] = results.get(result, Fraction(0)) + weight * p
    return attack_mix, defence_mix, solution.value, results


@settings(max_examples=60, deadline=None)
@given(
    situation=situations(),
    reactions=st.none() | st.frozensets(st.sampled_from(["dodge", "deflect", "mirrorshield"])),
)
def test_a_kept_outlook_is_the_whole_situation_solved_afresh(situation, reactions):
    attack_mix, defence_mix, value, results = plain(situation, reactions)
    found = outlook(situation, reactions)
    assert dict(found.attack_mix) == attack_mix
    assert dict(found.defence_mix) == defence_mix
    assert found.value == value
    combined: dict = {}
    for result, p in found.results:
        whole = settled(result, situation)
        combined[whole] = combined.get(whole, Fraction(0)) + p
    assert combined == {r: p for r, p in results.items() if p}
    assert sum(p for _, p in found.results) == 1


@settings(max_examples=40, deadline=None)
@given(situation=situations())
def test_remembered_attack_values_equal_fresh_ones(situation):
    chosen = new_setup(
        "deathmatch",
        [[situation.attacker.profile.name], [situation.target.profile.name]],
    )
    evaluator = Evaluator(chosen)

    def fighter(who: Combatant, player: int) -> Fighter:
        return Fighter(
            name=who.profile.name,
            profile=who.profile.name,
            player=player,
            damage=who.damage,
            counters=who.action_counters,
            guarding=who.guarding,
        )

    mine, theirs = fighter(situation.attacker, 0), fighter(situation.target, 1)
    first = evaluator.gain(mine, theirs, situation.attack)
    with fastpaths.plain():
        unkept = evaluator.gain(mine, theirs, situation.attack)
    whole = AttackSituation(
        attacker=combatant_of(chosen, mine, attacking=True),
        target=combatant_of(chosen, theirs, attacking=False),
        attack=situation.attack,
    )
    _, _, _, results = plain(whole)
    fresh = sum(
        (float(p) * evaluator.swing(whole, r) for r, p in results.items()),
        0.0,
    )
    assert first == unkept
    assert abs(first - fresh) < 1e-9


@settings(max_examples=40, deadline=None)
@given(situation=situations(), data=st.data())
def test_kept_settled_results_are_each_result_settled_afresh(situation, data):
    """An outlook's results with the damage already taken added, kept by the outlook and
    the two damages: the same records, in order, with their probabilities, as each result
    settled afresh; the same outlook met at other damages settles them anew."""
    found = outlook(situation)
    for _ in range(3):
        attacker, target = situation.attacker, situation.target
        other = replace(
            situation,
            attacker=replace(
                attacker, damage=data.draw(st.integers(0, attacker.profile.toughness - 1))
            ),
            target=replace(target, damage=data.draw(st.integers(0, target.profile.toughness - 1))),
        )
        assert outlook(other) is found
        fresh = tuple((settled(r, other), p) for r, p in found.results)
        assert settled_results(found, other) == fresh
        assert settled_results(found, other) == fresh
        with fastpaths.plain(GREEDY):
            assert settled_results(found, other) == fresh


def greedy_battle(seed: int) -> History:
    chosen = setup.random_setup(seed, length=Length.QUICK, most=2, rounds=1)
    history = History.start(start_battle(chosen), seed)
    play_out(history, [GreedyPlayer(chosen, seed, 0), GreedyPlayer(chosen, seed, 1)])
    return history


@pytest.mark.parametrize("seed", [4, 9])
def test_greedy_plays_the_same_battles_with_its_fast_paths_and_without(seed):
    """Every shortcut at once (kept outlooks and attack values, lines of attack checked
    only for the attacks that could be best): the same actions, states and log."""
    fast = greedy_battle(seed)
    forget()
    with fastpaths.plain():
        slow = greedy_battle(seed)
    assert [s.action for s in fast.steps] == [s.action for s in slow.steps]
    assert fast.state.state_hash() == slow.state.state_hash()
    assert fast.state.events() == slow.state.events()


# -- the greedy player's own shortcuts (fastpaths part GREEDY) and the attack situation's
# cover and Dodge (part SITUATION), each against its plain path with the others on -------


def traced(chosen: Setup, seed: int) -> tuple[list[tuple[int | None, str]], str, tuple]:
    """A greedy-versus-greedy battle: every step, the final state's hash and the log."""
    history = History.start(start_battle(chosen), seed)
    play_out(history, [GreedyPlayer(chosen, seed, 0), GreedyPlayer(chosen, seed, 1)])
    steps = [(s.player, s.action) for s in history.steps]
    return steps, history.state.state_hash(), history.state.events()


def assert_same_both_ways(chosen: Setup, seed: int) -> None:
    fast = traced(chosen, seed)
    with fastpaths.plain(*SHORTCUTS):
        slow = traced(chosen, seed)
    assert fast[0] == slow[0]
    assert fast[1] == slow[1]
    assert fast[2] == slow[2]


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_greedy_plays_the_same_random_battles_with_its_shortcuts_and_without(seed):
    """Generated setups (any scenario, warbands of one to three, random terrain)."""
    assert_same_both_ways(setup.random_setup(seed, length=Length.QUICK, most=3, rounds=1), seed)


@pytest.mark.parametrize("scenario", ["deathmatch", "king-of-the-hill", "hold-the-line"])
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_greedy_plays_the_same_mirror_battles_with_its_shortcuts_and_without(scenario, seed):
    """The benchmark's warbands (a Wizard that Blinks and Zaps, a Guardian that Wards, a
    Cleric that Heals) over two rounds."""
    band = ["Wizard", "Guardian", "Cleric"]
    options = Options(length=Length.QUICK, rounds=2, overtime=0)
    assert_same_both_ways(new_setup(scenario, [band, band], options=options), seed)


def random_states(seed: int, every: int = 5) -> list[Battle]:
    """Action Phase states of a random battle from ``seed`` (warbands of up to three)."""
    chosen = setup.random_setup(seed, length=Length.QUICK, most=3, rounds=2)
    history = History.start(start_battle(chosen), seed)
    play_out(history, [RandomPlayer(seed, 0), RandomPlayer(seed, 1)])
    return [
        s
        for s in history.states[::every]
        if isinstance(s, Battle) and s.phase is Phase.ACTION and s.result is None
    ]


def varied(battle: Battle, data: st.DataObject) -> Battle:
    """``battle`` with what the kept threats must notice changed at random, the fighter
    records otherwise shared or rebuilt equal: a hand emptied or shortened (spells paid or
    not), a fighter hurt, its counters or Guard changed, moved, or under other spells (Third
    Eye sees past walls), a Take Aim marker dropped."""
    hands = tuple(
        data.draw(st.sampled_from([hand, (), hand[: len(hand) // 2]])) for hand in battle.hands
    )
    battle = replace(battle, hands=hands)
    if data.draw(st.booleans()):  # every record rebuilt, as a player's view rebuilds them
        battle = replace(battle, fighters=tuple(replace(f) for f in battle.fighters))
    if data.draw(st.booleans()) and battle.marks:
        battle = replace(battle, marks=battle.marks[1:])
    standing = [f for f in battle.on_battlefield() if f.at is not None]
    if standing and data.draw(st.booleans()):
        chosen = data.draw(st.sampled_from(standing))
        toughness = battle.setup.profile(chosen.profile).toughness
        battle = battle.with_fighter(
            replace(
                chosen,
                damage=data.draw(st.integers(0, toughness - 1)),
                counters=data.draw(st.integers(0, 2)),
                guarding=data.draw(st.booleans()),
            )
        )
    if standing and data.draw(st.booleans()):  # a fighter moved, or under a spell
        chosen = data.draw(st.sampled_from(standing))
        assert chosen.at is not None
        x, y = chosen.at
        battle = battle.with_fighter(
            replace(
                chosen,
                at=(x + data.draw(st.sampled_from([0.0, 1.5, -4.0])), y),
                effects=data.draw(st.frozensets(st.sampled_from(sorted(EFFECTS)))),
            )
        )
    return battle


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_kept_threats_score_every_position_as_a_fresh_evaluation(seed, data):
    """One evaluator scores every state of a battle and variants of it (so values kept from
    one position meet the next, sharing fighter records): every part of every score, for
    every player, is the one a fresh evaluator works out with the shortcut off; so are the
    kept attack lists and pair values."""
    states = random_states(seed)
    assume(states)
    kept = Evaluator(states[0].setup)
    for battle in states:
        for position in (battle, varied(battle, data), varied(battle, data)):
            for player in range(position.players):
                found = kept.value(position, player)
                with fastpaths.plain(GREEDY):
                    fresh = Evaluator(position.setup).value(position, player)
                assert found == fresh
                for fighter in position.on_battlefield():
                    attacks = kept._threats.attacks(position, fighter, player)
                    assert attacks == kept.attacks(position, fighter, player)
                    for target in position.on_battlefield():
                        if target.player != fighter.player:
                            expected = max(
                                (
                                    kept.gain(fighter, target, a)
                                    for a in attacks
                                    if kept.reaches(fighter, target, a)
                                ),
                                default=0.0,
                            )
                            assert kept._threats.pair(fighter, target, attacks) == max(
                                0.0, expected
                            )


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_the_planner_lists_the_same_candidates_with_its_shortcuts_and_without(seed):
    """At each of a random battle's decisions the greedy player would plan (activation,
    action, step, Blink spot), the whole list of candidates, in order, with every value,
    part, reason and attack outlook, is the same both ways (the search player and ``hint``
    read the whole list, not only the best)."""
    checked = 0
    for battle in random_states(seed, every=3):
        node = battle.node()
        if not isinstance(node, Turn) or not plannable(battle):
            continue
        evaluator = Evaluator(battle.setup)
        found = Planner(evaluator, node.player).plans(battle)
        with fastpaths.plain(*SHORTCUTS):
            fresh = Planner(Evaluator(battle.setup), node.player).plans(battle)
        assert found == fresh
        checked += 1
    assume(checked)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_step_the_planner_attacks_from_is_one_the_rules_offer(seed):
    """Before an attack the planner lists the steps without the rules' check that some
    attack is possible after each (13.1): every step it plans an attack from is among the
    rules' options all the same, and the rules' steps are those ends, in the same order,
    less the ones no attack is possible from."""
    checked = 0
    for battle in random_states(seed, every=2):
        node, top = battle.node(), battle.frames[-1]
        if not (isinstance(node, Turn) and isinstance(top, StepFrame)) or top.reaction:
            continue
        if top.purpose != "attack" or not plannable(battle):
            continue
        offered = [o for o in battle.options() if not o.startswith("cast ")]
        ends = [f"step {point_text(e)}" for e in top.allowed_ends(battle)]
        assert [o for o in offered if o != NO_STEP] == [e for e in ends if e in offered]
        for plan in Planner(Evaluator(battle.setup), node.player).plans(battle):
            assert plan.actions[0] in offered
        checked += 1
    assume(checked)


def test_a_charmed_fighters_attack_spell_is_planned_paid_by_the_charming_player():
    """Charm (Witch, ruling MB-41): the charming player decides for the fighter and pays
    for its spells, so planning the fighter's attack spends that player's cards (spending
    them from the owner's hand, which does not hold them, was refused by 17.0)."""
    charmed = []
    for battle in random_states(73, every=2):  # a Deathmatch with a Witch's Charm
        node, top = battle.node(), battle.frames[-1]
        if isinstance(node, Turn) and plannable(battle) and hasattr(top, "fighter"):
            fighter = battle.fighter(top.fighter)
            if battle.controller(fighter) != fighter.player:
                charmed.append((battle, node.player))
    assert charmed
    paid = []
    for battle, player in charmed:
        plans = Planner(Evaluator(battle.setup), player).plans(battle)
        assert plans
        paid += [p for p in plans if p.attack is not None and " paying " in p.actions[-1]]
    assert paid


# -- the evaluation's answers about the terrain (fastpaths part TERRAIN) -------------------


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    points=st.lists(st.tuples(st.floats(0.0, 48.0), st.floats(0.0, 48.0)), min_size=2, max_size=6),
)
def test_kept_ways_and_sight_are_each_worked_out_afresh(seed, points):
    """The ways round the terrain and the sight past high obstacles, kept by battlefield
    and the two points and shared by evaluators, on random tables between generated points
    and the fighters of a random battle: every answer, asked twice and by a second
    evaluator of another setup on the same battlefield, is the one worked out afresh with
    the part off; so is every score of the battle's positions (the race reads the ways)."""
    states = random_states(seed)
    assume(states)
    chosen = states[0].setup
    table = chosen.table
    spots = [(x * table.width / 48, y * table.length / 48) for x, y in points]
    spots += [f.at for f in states[-1].on_battlefield() if f.at is not None]
    first, second = Evaluator(chosen), Evaluator(replace(chosen))
    for a in spots:
        for b in spots:
            with fastpaths.plain(TERRAIN):
                way, clear = Evaluator(chosen).way(a, b), Evaluator(chosen).clear(a, b)
            for evaluator in (first, second, first):
                assert evaluator.way(a, b) == way
                assert evaluator.clear(a, b) == clear
    for battle in states:
        for player in range(battle.players):
            found = first.value(battle, player)
            with fastpaths.plain(TERRAIN):
                assert Evaluator(chosen).value(battle, player) == found
