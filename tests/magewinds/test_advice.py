"""The Magewinds advisor: a matrix worked by hand, objectives, the matchup table."""

from __future__ import annotations

import statistics
from fractions import Fraction

from conftest import fighter, situation, split_attack
from skirmish.games.magewinds import bundled_pack
from skirmish.games.magewinds.advice import DEFAULT_ACTION_VALUE, Objective, advise
from skirmish.games.magewinds.matchups import attack_rows, matchup_table

# Light 3/6, Heavy 5/4 against Evasion 0, Armour 0, Dodge 3, Deflect 2.
HAND = situation(split_attack((3, 6), (5, 4)), fighter(dodge=3, deflect=2))


def test_hand_worked_matrix():
    # light: none 3 hits; dodge TN 3, 3 dice at 1/2 -> 3/2; deflect 3 hits - 2 = 1.
    # heavy: none TN 4, 5 dice at 2/3 -> 10/3; dodge TN 1 -> 5/6;
    #        deflect E[max(0, h - 2)] = 10/3 - 2 + 2 P(0) + P(1) = 4/3 + 12/243 = 112/81.
    game = advise(HAND).game
    assert game.rows == ("light", "heavy", "feint")
    assert game.columns == ("none", "dodge", "deflect")
    assert game.payoff == (
        (3, Fraction(3, 2), 1),
        (Fraction(10, 3), Fraction(5, 6), Fraction(112, 81)),
        (0, 0, 0),
    )


def test_hand_worked_equilibrium():
    # "none" is dominated for the defender and "feint" for the attacker; in the 2x2 left,
    # light p: 3/2 p + 5/6 (1-p) = p + 112/81 (1-p) -> p = 89/170, value 201/170;
    # dodge q: 3/2 q + (1-q) = 5/6 q + 112/81 (1-q) -> q = 31/85.
    solution = advise(HAND).solution
    assert dict(solution.row_strategy) == {
        "light": Fraction(89, 170),
        "heavy": Fraction(81, 170),
        "feint": 0,
    }
    assert dict(solution.column_strategy) == {
        "none": 0,
        "dodge": Fraction(31, 85),
        "deflect": Fraction(54, 85),
    }
    assert solution.value == Fraction(201, 170)
    assert solution.exploitability == 0


def test_dominated_options_are_named():
    found = {(d.player, d.option, d.by) for d in advise(HAND).dominated}
    assert ("defender", "none", "dodge") in found or ("defender", "none", "deflect") in found
    assert ("attacker", "feint", "light") in found


def test_tempo_objective_makes_feint_worth_something():
    # Against a reaction a Feint wins the target's action and frees the attack: 2 actions.
    value = Fraction(1, 2)
    tempo = advise(HAND, Objective.TEMPO, action_value=value)
    feint = dict(zip(tempo.game.columns, tempo.game.payoff[2], strict=True))
    assert feint == {"none": 0, "dodge": 2 * value, "deflect": 2 * value}
    # A reaction costs the defender one action's worth in every other cell.
    light = dict(zip(tempo.game.columns, tempo.game.payoff[0], strict=True))
    assert light == {"none": 3, "dodge": Fraction(3, 2) + value, "deflect": 1 + value}


def test_take_down_objective_counts_damage_already_taken():
    hurt = situation(
        split_attack((3, 6), (5, 4)), fighter(dodge=3, deflect=2, toughness=6), damage=3
    )
    game = advise(hurt, Objective.TAKE_DOWN).game
    # Light against no reaction: 3 certain damage on 3 taken of Toughness 6: down.
    assert game.payoff[0][0] == 1
    # Light against Deflect: 1 damage, never down.
    assert game.payoff[0][2] == 0


def test_single_profile_has_one_attacker_row():
    pack = bundled_pack()
    wizard = pack.fighter("Wizard")
    advice = advise(situation(wizard.attack("Zap"), pack.fighter("Guardian"), attacker=wizard))
    assert advice.game.rows == ("single",)
    assert advice.solution.value == min(advice.game.payoff[0])


def test_matchup_table_covers_every_own_attack_and_target():
    pack = bundled_pack()
    cells = matchup_table(pack)
    assert len(cells) == len(attack_rows(pack)) * len(pack.fighters)
    assert all(not attack.universal for _, attack in attack_rows(pack))
    assert len(attack_rows(pack, universal=True)) == len(attack_rows(pack)) + 1


def test_default_action_value_matches_the_median_attack():
    # docs/advisor.md justifies the default: the median equilibrium damage of an attack action.
    median = statistics.median(cell.value for cell in matchup_table(bundled_pack()))
    assert abs(median - DEFAULT_ACTION_VALUE) < Fraction(1, 20)
