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

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish import fastpaths
from skirmish.ai.magewinds.evaluation import Evaluator
from skirmish.ai.magewinds.greedy import GreedyPlayer
from skirmish.ai.magewinds.outlook import forget, outlook, settled
from skirmish.engine.battle import History, play_out
from skirmish.engine.matrix import solve
from skirmish.games.magewinds.advice import SINGLE, Objective, matrix_game
from skirmish.games.magewinds.attack import AttackSituation, Combatant
from skirmish.games.magewinds.battle import Length, new_setup, setup, start_battle
from skirmish.games.magewinds.battle.state import Fighter
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
        attacker=evaluator.combatant(mine),
        target=evaluator.combatant(theirs),
        attack=situation.attack,
    )
    _, _, _, results = plain(whole)
    fresh = sum(
        (float(p) * evaluator.swing(whole, r) for r, p in results.items()),
        0.0,
    )
    assert first == unkept
    assert abs(first - fresh) < 1e-9


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
