"""The evaluation's scenario parts: each moves the score the way its scenario is won.

Each test takes a position of a real battle of the scenario (played at random up to an
Action Phase) and changes one fact the scenario counts, everything else the same.
"""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from skirmish.ai.magewinds.evaluation import Evaluator, Weights
from skirmish.engine.battle import Chance, Turn
from skirmish.games.magewinds.battle import Battle, Length, setup, start_battle
from skirmish.games.magewinds.battle.catalogue import find_scenario
from skirmish.games.magewinds.battle.state import Phase, Status


def in_action_phase(scenario: str, seed: int, version: str | None = None) -> Battle:
    """A battle of ``scenario`` (at its page ``version``, None for the default) played at
    random to the first Action Phase decision."""
    chosen = find_scenario(scenario, version)
    battle_setup = setup.random_setup(
        seed, length=Length.QUICK, most=2, scenario=chosen, players=min(chosen.players)
    )
    return to_action_phase(start_battle(battle_setup), seed)


def to_action_phase(battle: Battle, seed: int) -> Battle:
    """``battle`` played at random (from ``seed``) to its first Action Phase decision."""
    rng = Random(seed)
    while not (battle.phase is Phase.ACTION and isinstance(battle.node(), Turn)):
        assert battle.result is None
        node = battle.node()
        if isinstance(node, Chance):
            battle = battle.apply(battle.sample_chance(rng))
        else:
            battle = battle.apply(rng.choice(battle.options()))
    return battle


def part(battle: Battle, player: int, name: str) -> float:
    return Evaluator(battle.setup).value(battle, player).part(name)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_fragment_collected_is_worth_a_treasure_to_the_collector_and_against_the_other(seed):
    battle = in_action_phase("fragment-frenzy", seed)
    collected = replace(battle, tally=(*battle.tally, ("fragment", 0, battle.round)))
    assert battle.counted("fragment", 0) == battle.counted("fragment", 1) == 0
    treasure = Weights().treasure
    assert part(collected, 0, "treasure") - part(battle, 0, "treasure") == pytest.approx(treasure)
    assert part(collected, 1, "treasure") - part(battle, 1, "treasure") == pytest.approx(-treasure)


@pytest.mark.parametrize("scenario", ["the-prize", "treasure-dash"])
def test_a_treasure_carried_scores_at_least_a_treasure_more_for_its_carrier(scenario):
    battle = in_action_phase(scenario, 3)
    fighter = next(battle.on_battlefield(0))
    item = next(i for i in battle.items if i.carriable and i.carried_by is None)
    carried = replace(
        battle.with_fighter(replace(fighter, carrying=(item.name,))),
        items=tuple(
            replace(i, at=None, carried_by=fighter.name) if i is item else i for i in battle.items
        ),
    )
    gained = part(carried, 0, "treasure") - part(battle, 0, "treasure")
    assert gained >= Weights().treasure
    assert part(carried, 1, "treasure") < part(battle, 1, "treasure")


def test_an_escape_counts_for_the_attacker_against_the_defender_and_beats_staying():
    battle = in_action_phase("hold-the-line", 4)
    assert battle.first is not None
    side = battle.first
    other = 1 - side
    runner = next(battle.on_battlefield(side))
    gone = battle.with_fighter(replace(runner, status=Status.ESCAPED, at=None))
    gained = part(gone, side, "escape") - part(battle, side, "escape")
    assert gained >= Weights().escape
    assert part(gone, other, "escape") == pytest.approx(-part(gone, side, "escape"))
    evaluator = Evaluator(battle.setup)
    assert evaluator.value(gone, side).total > evaluator.value(battle, side).total


def test_the_storm_costs_its_damage_to_a_fighter_standing_where_it_strikes():
    battle = in_action_phase("battle-royale", 5)
    assert battle.round <= 2
    fighter = next(battle.on_battlefield(0))
    centre = battle.setup.table.centre
    safe = battle.with_fighter(replace(fighter, at=centre))
    struck = battle.with_fighter(replace(fighter, at=(2.0, centre[1])))
    assert part(struck, 0, "storm") - part(safe, 0, "storm") == pytest.approx(-4 * Weights().health)
    assert part(struck, 1, "storm") - part(safe, 1, "storm") == pytest.approx(4 * Weights().health)


# -- the greedy player prefers objective progress, for the objective's sake ----------------


def alone(battle: Battle, keep: str) -> Battle:
    """The battle with every fighter but ``keep`` taken off the battlefield, so that only
    what the test moves changes the score."""
    for fighter in battle.on_battlefield():
        if fighter.name != keep:
            battle = battle.with_fighter(replace(fighter, status=Status.OUT_OF_ACTION, at=None))
    return battle


def on_the_hill() -> tuple[Battle, Battle, int]:
    battle = in_action_phase("king-of-the-hill", 6)
    fighter = next(battle.on_battlefield(0))
    battle = alone(battle, fighter.name)
    x, y = battle.setup.table.centre
    on = battle.with_fighter(replace(fighter, at=(x, y)))
    off = battle.with_fighter(replace(fighter, at=(x + 6.0, y)))
    return on, off, 0


def carrying(scenario: str) -> tuple[Battle, Battle, int]:
    battle = in_action_phase(scenario, 3)
    fighter = next(battle.on_battlefield(0))
    item = next(i for i in battle.items if i.carriable and i.carried_by is None)
    beside = battle.with_fighter(replace(fighter, at=item.at))
    carried = replace(
        beside.with_fighter(replace(beside.fighter(fighter.name), carrying=(item.name,))),
        items=tuple(
            replace(i, at=None, carried_by=fighter.name) if i is item else i for i in battle.items
        ),
    )
    return carried, beside, 0


def a_fragment() -> tuple[Battle, Battle, int]:
    battle = in_action_phase("fragment-frenzy", 1)
    return replace(battle, tally=(*battle.tally, ("fragment", 0, battle.round))), battle, 0


def an_escape() -> tuple[Battle, Battle, int]:
    battle = in_action_phase("hold-the-line", 4)
    assert battle.first is not None
    runner = next(battle.on_battlefield(battle.first))
    gone = battle.with_fighter(replace(runner, status=Status.ESCAPED, at=None))
    return gone, battle, battle.first


def out_of_the_storm() -> tuple[Battle, Battle, int]:
    battle = in_action_phase("battle-royale", 5)
    fighter = next(battle.on_battlefield(0))
    battle = alone(battle, fighter.name)
    centre = battle.setup.table.centre
    safe = battle.with_fighter(replace(fighter, at=centre))
    struck = battle.with_fighter(replace(fighter, at=(2.0, centre[1])))
    return safe, struck, 0


PROGRESS = {
    "king-of-the-hill": ("objective", on_the_hill),
    "the-prize": ("treasure", lambda: carrying("the-prize")),
    "treasure-dash": ("treasure", lambda: carrying("treasure-dash")),
    "treasure-clash": ("treasure", lambda: carrying("treasure-clash")),
    "fragment-frenzy": ("treasure", a_fragment),
    "hold-the-line": ("escape", an_escape),
    "battle-royale": ("storm", out_of_the_storm),
}
"""Each scenario's objective progress, the evaluation's term that counts it, and a pair of
positions (better, worse) that differ by that progress only."""


def test_every_scenario_with_an_objective_has_a_progress_test():
    """Deathmatch is won by taking fighters down, which every scenario's score counts."""
    from skirmish.games.magewinds.battle.catalogue import SCENARIOS

    assert set(PROGRESS) == {s.id for s in SCENARIOS} - {"deathmatch"}


@pytest.mark.parametrize("scenario", list(PROGRESS))
def test_greedy_prefers_objective_progress_by_the_scenarios_own_term(scenario):
    """The better position scores more; without the scenario's term it would not (the
    test fails if the term is removed from the evaluation). The round's end (the
    scenario's verdict once the round's end is settled) counts with the scenario's term:
    a position of one fighter alone settles it; so does the hand limit the objective
    raises (King of the Hill: a fighter within 1" of it)."""
    term, positions = PROGRESS[scenario]
    better, worse, player = positions()
    assert better.setup.scenario.id == scenario
    evaluator = Evaluator(better.setup)
    high, low = evaluator.value(better, player), evaluator.value(worse, player)
    assert high.total > low.total
    assert high.part(term) > low.part(term)
    along = (term, "round end", "hand limit")
    assert high.total - sum(high.part(n) for n in along) <= (
        low.total - sum(low.part(n) for n in along) + 1e-9
    )


def test_the_evaluation_weighs_attacks_under_white_hot_weapons_as_the_battle_makes_them():
    """An attack weighed by a computer player is the attack the battle's procedure would
    make: White-Hot Weapons (ruling MB-10) on a friend within the Enchanter's reach makes
    the friend's melee attack worth more, by the same situation the battle builds."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "battles"))
    from mwbattle import ready

    from skirmish.games.magewinds.battle.attacks import build_situation
    from skirmish.games.magewinds.battle.spells import attacking_as
    from skirmish.games.magewinds.effects import WHITE_HOT_WEAPONS

    positions = {"Enchanter": (3, 8), "Witch": (5.5, 8), "Guardian": (6.5, 8), "Druid": (9, 2)}
    battle = ready(
        ("Enchanter", "Witch"), ("Guardian", "Druid"), positions, hands={0: ("2D",), 1: ("2C",)}
    )
    battle = battle.apply("done").apply("activate Enchanter")
    hot = battle.apply("cast White-Hot Weapons paying 2D")
    assert hot.auras and not battle.auras
    evaluator = Evaluator(hot.setup)
    witch, guardian = hot.fighter("Witch"), hot.fighter("Guardian")
    attack = hot.setup.profile("Witch").attack("Poison Tip")
    made = build_situation(hot, witch, guardian, attack)
    assert WHITE_HOT_WEAPONS in made.attacker.effects
    weighed = evaluator.gain(attacking_as(hot, witch), guardian, attack)
    assert weighed == pytest.approx(evaluator.attack_gain(made))
    assert weighed > evaluator.gain(witch, guardian, attack)
    # The whole position is worth more to the Enchanter's side with the spell cast.
    plain = Evaluator(battle.setup)
    assert evaluator.value(hot, 0).part("offence") > plain.value(battle, 0).part("offence")
