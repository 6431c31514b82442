"""Section 18, rule by rule: each test fails if its rule is broken.

Expected numbers are worked by hand in the comments (binomial terms of D6 hits).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from conftest import fighter, single_attack, situation, split_attack
from skirmish.engine import FixedPolicy, play
from skirmish.errors import IllegalAttack, IllegalChoice, SkirmishError
from skirmish.games.magewinds import (
    AttackChoice,
    Combatant,
    Reaction,
    Special,
    bundled_pack,
    find_effect,
    resolve_attack,
)
from skirmish.games.magewinds.attack import defence_decision
from skirmish.games.magewinds.odds import case, legal_pairs, odds


def binomial(n: int, k: int, p: Fraction) -> Fraction:
    return comb(n, k) * p**k * (1 - p) ** (n - k)


def only(situation_, choice=None, reaction=Reaction.NONE):
    return case(situation_, choice, reaction)


# 18.5.1 and 18.5.2: the rulebook's example, Precision 4 against Evasion 1 -> TN 3.
def test_rulebook_example_target_number_three():
    s = situation(single_attack(4, 4), fighter(evasion=1))
    log = play(
        lambda c: resolve_attack(c, s), players=FixedPolicy.of(defence_choice="none"), seed=1
    ).log
    entry = next(e for e in log if e.event == "target_number")
    assert entry.rule == "18.5.1" and dict(entry.data)["target_number"] == 3
    # 4 dice hitting on 3 or less: each hit with probability 1/2.
    assert dict(only(s).hits) == {k: binomial(4, k, Fraction(1, 2)) for k in range(5)}


# 18.5.3: the rulebook's example, Armour 2 and 5 hits -> 3 damage.
def test_rulebook_example_armour_two_five_hits():
    s = situation(single_attack(5, 6), fighter(armour=2))  # TN 6: every die hits
    result = only(s)
    assert dict(result.hits) == {5: 1}
    assert dict(result.damage) == {3: 1}
    assert {r.blocked for r, _ in result.results} == {2}


def test_hand_fraction_three_dice_tn_four_armour_one():
    # 3 dice hit on 4 or less (p = 2/3); Armour 1. P(0 dmg) = P(0 or 1 hit) = 1/27 + 6/27.
    dist = dict(only(situation(single_attack(3, 4), fighter(armour=1))).damage)
    assert dist == {0: Fraction(7, 27), 1: Fraction(12, 27), 2: Fraction(8, 27)}


@pytest.mark.parametrize(("precision", "evasion"), [(2, 2), (1, 3), (0, 0)])
def test_target_number_zero_or_less_cannot_hit(precision, evasion):
    assert dict(only(situation(single_attack(6, precision), fighter(evasion=evasion))).hits) == {
        0: 1
    }


@pytest.mark.parametrize("precision", [6, 7, 12])
def test_target_number_six_or_more_cannot_miss(precision):
    assert dict(only(situation(single_attack(4, precision))).hits) == {4: 1}


def test_cover_adds_one_evasion():
    # 18.2: Precision 4 vs Evasion 0 in cover -> TN 3 (p 1/2) instead of TN 4 (p 2/3).
    open_ = only(situation(single_attack(2, 4)))
    covered = only(situation(single_attack(2, 4), cover=True))
    assert open_.hits.probabilities[2] == Fraction(4, 9)
    assert covered.hits.probabilities[2] == Fraction(1, 4)


def test_dodge_adds_the_dodge_bonus_to_evasion():
    # 18.4: Evasion 1 + Dodge 3 against Precision 6 -> TN 2: each die hits with 1/3.
    s = situation(single_attack(3, 6), fighter(evasion=1, dodge=3))
    assert only(s, reaction=Reaction.DODGE).hits.probabilities[3] == Fraction(1, 27)


def test_deflect_adds_the_deflect_bonus_to_armour():
    # 18.4: Armour 1 + Deflect 2 blocks 3 of 4 certain hits.
    s = situation(single_attack(4, 6), fighter(armour=1, deflect=2))
    assert dict(only(s, reaction=Reaction.DEFLECT).damage) == {1: 1}
    assert dict(only(s).damage) == {3: 1}


def test_split_profile_uses_the_chosen_side():
    s = situation(split_attack((2, 6), (5, 6)))
    assert dict(only(s, AttackChoice.LIGHT).hits) == {2: 1}
    assert dict(only(s, AttackChoice.HEAVY).hits) == {5: 1}


def test_feint_ends_the_attack_and_frees_the_action_only_against_a_reaction():
    s = situation(split_attack((3, 9), (6, 5)), fighter(dodge=2, deflect=1))
    against_none = only(s, AttackChoice.FEINT, Reaction.NONE)
    against_dodge = only(s, AttackChoice.FEINT, Reaction.DODGE)
    assert dict(against_none.hits) == {0: 1} and dict(against_none.damage) == {0: 1}
    assert {r.action_free for r, _ in against_none.results} == {False}
    assert {r.action_free for r, _ in against_dodge.results} == {True}
    # 18.3.1 ends the attack: no knockback either.
    assert against_none.p_knockback == 0


def test_single_profile_has_no_attack_choice():
    s = situation(single_attack(3, 4))
    assert legal_pairs(s) == [(None, r) for r in (Reaction.NONE, Reaction.DODGE, Reaction.DEFLECT)]
    with pytest.raises(IllegalChoice, match="18.3: .* not a split profile"):
        legal_pairs(s, choice=AttackChoice.FEINT)


def test_split_profile_has_nine_legal_pairs():
    assert len(legal_pairs(situation(split_attack((3, 9), (6, 5))))) == 9


def test_double_action_counter_forbids_reactions():
    s = situation(single_attack(3, 4), counters=2)
    decision = defence_decision(s)
    assert decision.options == ("none",)
    assert "13.0" in (decision.why_not("dodge") or "")
    with pytest.raises(IllegalChoice, match="double action counter"):
        legal_pairs(s, reaction=Reaction.DEFLECT)


def test_dodge_needs_a_legal_step():
    s = situation(single_attack(3, 4), can_dodge=False)
    assert "dodge" not in defence_decision(s).options
    with pytest.raises(IllegalChoice, match='1" step'):
        odds(s, reaction=Reaction.DODGE)


def test_reaction_costs_an_action_counter_unless_guarding():
    s = situation(single_attack(1, 6), counters=1)
    paid = only(s, reaction=Reaction.DODGE).results
    assert {(r.reaction_free, r.target_action_counters) for r, _ in paid} == {(False, 2)}
    guarded = only(
        situation(single_attack(1, 6), counters=1, guarding=True), reaction=Reaction.DEFLECT
    )
    assert {(r.reaction_free, r.target_action_counters) for r, _ in guarded.results} == {(True, 1)}
    no_reaction = only(s).results
    assert {r.target_action_counters for r, _ in no_reaction} == {1}


def test_damage_is_cumulative_and_takes_down_at_toughness():
    # 18.5.3: 4 damage already, Toughness 6: two certain damage takes it down, one does not.
    down = only(situation(single_attack(2, 6), fighter(toughness=6), damage=4))
    up = only(situation(single_attack(1, 6), fighter(toughness=6), damage=4))
    assert down.p_take_down == 1 and {r.total_damage for r, _ in down.results} == {6}
    assert up.p_take_down == 0 and {r.total_damage for r, _ in up.results} == {5}


def test_fighter_already_out_of_action_cannot_be_attacked():
    with pytest.raises(IllegalAttack, match="already out of action"):
        odds(situation(single_attack(1, 6), fighter(toughness=3), damage=3))


def test_attacker_with_double_action_counter_cannot_attack():
    s = situation(single_attack(1, 6))
    s = s.__class__(
        attacker=Combatant(s.attacker.profile, action_counters=2), target=s.target, attack=s.attack
    )
    with pytest.raises(IllegalAttack, match="13.0"):
        odds(s)


def test_range_is_checked_when_distance_is_known():
    attack = single_attack(3, 4)
    short = attack.__class__(**{**attack.__dict__, "minimum_range": 2, "maximum_range": 9})
    with pytest.raises(IllegalAttack, match="18.1: .* Range 2-9"):
        odds(situation(short, distance=1.5))
    with pytest.raises(IllegalAttack, match="18.1"):
        odds(situation(short, distance=9.5))
    assert odds(situation(short, distance=9))


def test_knockback_needs_no_reaction_and_a_hit():
    # 18.5.4: 2 dice at TN 3: P(at least one hit) = 1 - 1/4.
    s = situation(single_attack(2, 3), fighter(armour=5, deflect=0))
    assert only(s).p_knockback == Fraction(3, 4)
    assert only(s, reaction=Reaction.DEFLECT).p_knockback == 0
    # Hits count even when Armour blocks them all: no damage, yet knockback.
    assert dict(only(s).damage) == {0: 1}


def test_no_knockback_for_a_fighter_taken_down():
    s = situation(single_attack(6, 6), fighter(toughness=3))
    assert only(s).p_take_down == 1 and only(s).p_knockback == 0


# Abilities at named steps.


def test_third_eye_adds_precision_to_the_attacker_and_evasion_to_the_target():
    third_eye = frozenset({find_effect("third_eye")})
    # Precision 3 +1 against Evasion 0: TN 4, p = 2/3.
    assert only(situation(single_attack(1, 3), attacker_effects=third_eye)).hits.probabilities[
        1
    ] == Fraction(2, 3)
    # Precision 3 against Evasion 0 +1: TN 2, p = 1/3.
    assert only(situation(single_attack(1, 3), target_effects=third_eye)).hits.probabilities[
        1
    ] == Fraction(1, 3)


def test_white_hot_weapons_ignore_one_armour_on_non_magical_melee_only():
    white_hot = frozenset({find_effect("White-Hot Weapons")})
    target = fighter(armour=2)
    melee = situation(single_attack(3, 6), target, attacker_effects=white_hot)
    spell = situation(single_attack(3, 6, spell=True), target, attacker_effects=white_hot)
    from skirmish.games.magewinds import AttackType

    missile = situation(
        single_attack(3, 6, type=AttackType.MISSILE), target, attacker_effects=white_hot
    )
    assert dict(only(melee).damage) == {2: 1}
    assert dict(only(spell).damage) == {1: 1}
    assert dict(only(missile).damage) == {1: 1}
    # Armour can only be ignored down to 0.
    bare = situation(single_attack(3, 6), fighter(armour=0), attacker_effects=white_hot)
    assert dict(only(bare).damage) == {3: 1}


def test_hex_caps_the_target_number_at_five_and_rerolls_every_hit():
    hex_ = frozenset({find_effect("hex")})
    # TN 9 capped to 5; one die: hit (5/6) then re-rolled hit (5/6).
    one = only(situation(single_attack(1, 9), attacker_effects=hex_))
    assert one.hits.probabilities[1] == Fraction(25, 36)
    # TN 3, two dice: each die must hit twice, p = 1/4 per die.
    two = only(situation(single_attack(2, 3), attacker_effects=hex_))
    assert dict(two.hits) == {k: binomial(2, k, Fraction(1, 4)) for k in range(3)}


def test_wildform_adds_power_to_melee_and_forbids_deflect():
    wildform = frozenset({find_effect("wildform")})
    assert dict(only(situation(single_attack(2, 6), attacker_effects=wildform)).hits) == {3: 1}
    from skirmish.games.magewinds import AttackType

    missile = single_attack(2, 6, type=AttackType.MISSILE)
    assert dict(only(situation(missile, attacker_effects=wildform)).hits) == {2: 1}
    decision = defence_decision(situation(single_attack(2, 6), target_effects=wildform))
    assert "deflect" not in decision.options
    assert "Wildform" in (decision.why_not("deflect") or "")


def test_mirrorshield_raises_armour_and_sends_blocked_hits_back():
    mesmer = bundled_pack().fighter("Mesmer")  # Armour 1, Deflect 2
    attacker = fighter(name="Warrior", armour=1, toughness=3)
    s = situation(single_attack(4, 7), mesmer, attacker=attacker)  # TN 7 - Evasion 1 = 6
    result = only(s, reaction=Reaction.MIRRORSHIELD)
    # 4 certain hits, Armour 1 + 2 blocks 3, 1 damage; 3 hits back, attacker Armour 1 -> 2.
    assert dict(result.damage) == {1: 1}
    assert {
        (r.reflected_hits, r.attacker_damage, r.attacker_taken_down) for r, _ in result.results
    } == {(3, 2, False)}
    assert "mirrorshield" not in defence_decision(situation(single_attack(4, 6))).options


def test_barrier_cancels_each_point_on_a_die_at_most_the_clubs_spent():
    # 2 certain damage; Barrier with 2 Clubs: each point cancelled with p = 1/3.
    result = only(situation(single_attack(2, 6), barrier_clubs=2))
    assert dict(result.damage) == {k: binomial(2, 2 - k, Fraction(1, 3)) for k in range(3)}
    with pytest.raises(SkirmishError, match="Barrier"):
        odds(situation(single_attack(2, 6), barrier_clubs=4))


def test_poison_tip_poisons_only_when_damage_is_dealt():
    poison = single_attack(1, 3, special=frozenset({Special.POISON_TIP}))
    result = only(situation(poison))
    assert result.results.probability(lambda r: "poisoned" in r.statuses) == Fraction(1, 2)
    assert all(("poisoned" in r.statuses) == (r.damage >= 1) for r, _ in result.results)


def test_push_deals_no_damage_and_shoves_by_the_damage_it_would_have_dealt():
    push = single_attack(6, 6, special=frozenset({Special.PUSH}), spell=True)
    result = only(situation(push, fighter(armour=1)))
    assert dict(result.damage) == {0: 1}
    assert {r.push for r, _ in result.results} == {5}
    assert result.p_take_down == 0


def test_bundled_wizard_zap_against_guardian_in_cover_by_hand():
    pack = bundled_pack()
    wizard, guardian = pack.fighter("Wizard"), pack.fighter("Guardian")
    s = situation(wizard.attack("Zap"), guardian, attacker=wizard, cover=True)
    # Zap: Power 7, Precision 6; Guardian Evasion 0 +1 cover -> TN 5 (p 5/6); Armour 2.
    damage = dict(only(s).damage)
    assert damage[5] == Fraction(5, 6) ** 7
    assert damage[0] == sum(binomial(7, k, Fraction(5, 6)) for k in range(3))
