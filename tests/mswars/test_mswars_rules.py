"""MS Wars attack rules, one test per rule, against answers worked by hand or by icepool."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from functools import partial

import icepool
import pytest

from conftest import assert_sampled_agrees
from skirmish.dice import probabilities
from skirmish.engine import FixedPolicy, exact, play
from skirmish.errors import IllegalAttack
from skirmish.games.mswars import (
    Ability,
    Aider,
    Conditions,
    Hands,
    Pilot,
    Situation,
    Skill,
    Summary,
    Unit,
    Weapon,
    WeaponAbility,
    WeaponType,
    attack_of_opportunity,
    modifiers,
    odds,
    resolve_attack,
)

RIFLE = Weapon("Rifle", WeaponType.RANGE, 24, "D6")
SWORD = Weapon("Sword", WeaponType.MELEE, 1, "D6")


def unit(name: str = "U", *, ranged: int = 14, melee: int = 14, **kw: object) -> Unit:
    fields: dict[str, object] = {
        "size_class": 2,
        "unit_type": "sracu",
        "dc": 10,
        "armour": 0,
        "defence": 5,
        "strength": 4,
        "pilot": Pilot("P", ranged, melee),
    }
    fields.update(kw)
    return Unit(name, **fields)  # type: ignore[arg-type]


def summary(s: Situation, **kw: object) -> Summary:
    return Summary.of(odds(s, **kw))  # type: ignore[arg-type]


def test_hit_chance_by_hand():
    # Attack 14 against Defence 5 hits on 1-9 of the D20.
    assert summary(Situation(unit(), unit(), RIFLE)).p_hit == Fraction(9, 20)


def test_natural_twenty_always_misses_and_natural_one_always_hits():
    assert summary(Situation(unit(ranged=60), unit(defence=0), RIFLE)).p_hit == Fraction(19, 20)
    low = summary(Situation(unit(ranged=0), unit(defence=10), RIFLE))
    assert low.p_hit == Fraction(1, 20)


def test_marginal_automatic_hit_does_half_damage_rounded_up():
    # Attack 6 against Defence 5: only a 1 hits (6 - 5 = 1), for half of a D6, rounded up.
    s = Situation(unit(ranged=6), unit(), RIFLE)
    damage = dict(summary(s).damage.probabilities)
    per_face = Fraction(1, 20) / 6
    assert damage == {0: Fraction(19, 20), 1: 2 * per_face, 2: 2 * per_face, 3: 2 * per_face}
    # Attack 7: a 1 and a 2 hit normally, nothing is halved.
    assert summary(Situation(unit(ranged=7), unit(), RIFLE)).expected_damage == Fraction(
        2, 20
    ) * Fraction(7, 2)
    # MS-4 (b): halve after Armour. Armour 1, D6: before gives ceil(d/2)-1, after ceil((d-1)/2).
    armoured = unit(armour=1)
    before = summary(Situation(unit(ranged=6), armoured, RIFLE)).expected_damage
    after = summary(
        Situation(unit(ranged=6), armoured, RIFLE, half_damage_after_armour=True)
    ).expected_damage
    assert before == Fraction(1, 20) * Fraction(0 + 0 + 1 + 1 + 2 + 2, 6)
    assert after == Fraction(1, 20) * Fraction(0 + 1 + 1 + 2 + 2 + 3, 6)


@pytest.mark.parametrize(
    ("conditions", "ranged", "close"),
    [
        (Conditions(ran_or_charged=True), -3, 0),
        (Conditions(visible_fraction=Fraction(1, 2)), -3, 0),
        (Conditions(visible_fraction=Fraction(3, 5)), -1, 0),
        (Conditions(visible_fraction=Fraction(3, 4)), 0, 0),
        (Conditions(target_moved_over_10=True), -3, -1),
        (Conditions(attacker_hurt=True), -1, -1),
        (Conditions(rear_arc=True), 2, 2),
        (Conditions(target_hurt=True), 0, 1),
        (Conditions(earlier_attacks=2), -2, -2),
        (Conditions(other_targets=3), -3, 0),
    ],
)
def test_each_row_of_the_modifier_table(conditions, ranged, close):
    for weapon, expected in ((RIFLE, ranged), (SWORD, close)):
        s = Situation(unit(), unit(), weapon, conditions=conditions)
        assert sum(v for _, v in modifiers(s)) == expected


def test_hurt_is_worked_out_from_dc():
    assert modifiers(Situation(unit(dc=4, starting_dc=10), unit(), RIFLE)) == [
        ("attacker lost more than half its DC", -1)
    ]
    assert modifiers(Situation(unit(dc=5, starting_dc=10), unit(), RIFLE)) == []  # exactly half
    assert modifiers(Situation(unit(), unit(dc=4, starting_dc=10), SWORD)) == [
        ("target lost more than half its DC", 1)
    ]


def test_hands_heavy_weapons_and_platforms():
    half = replace(RIFLE, hands=Hands.HALF)
    two = replace(RIFLE, hands=Hands.TWO)
    one_hand = Conditions(one_handed=True)
    assert sum(v for _, v in modifiers(Situation(unit(), unit(), half, conditions=one_hand))) == -2
    assert sum(v for _, v in modifiers(Situation(unit(), unit(), two, conditions=one_hand))) == -5
    assert modifiers(Situation(unit(), unit(), half)) == []  # two hands by default
    heavy = replace(RIFLE, type=WeaponType.HEAVY_RANGE)
    moved = Conditions(moved=True)

    def total(attacker: Unit, weapon: Weapon = heavy) -> int:
        return sum(v for _, v in modifiers(Situation(attacker, unit(), weapon, conditions=moved)))

    assert total(unit()) == -3
    assert total(unit(abilities=frozenset({Ability.STABLE_PLATFORM}))) == -2
    heavy_fire = Pilot("P", 14, 14, skills=frozenset({Skill.HEAVY_FIRE}))
    assert total(unit(pilot=heavy_fire)) == -2
    assert total(unit(pilot=heavy_fire, abilities=frozenset({Ability.STABLE_PLATFORM}))) == -1
    assert total(unit(pilot=heavy_fire), replace(heavy, type=WeaponType.ARTILLERY)) == -3
    assert total(unit(abilities=frozenset({Ability.UNSTABLE_PLATFORM})), RIFLE) == -2
    rapid = replace(RIFLE, abilities=frozenset({WeaponAbility.RAPID_FIRE}))
    assert (
        modifiers(Situation(unit(), unit(), rapid, conditions=Conditions(earlier_attacks=2))) == []
    )


def test_engine_equals_a_direct_icepool_expression():
    # Attack 12 (+2 rear) against Defence 4, 2D3 against Armour 1, DC 3: icepool throughout.
    s = Situation(
        unit(ranged=12),
        unit(defence=4, armour=1, dc=3),
        replace(RIFLE, damage="2D3"),
        conditions=Conditions(rear_arc=True),
    )
    d20, damage = icepool.d20, 2 @ icepool.d3
    hit = probabilities(d20.map(lambda roll: roll != 20 and (roll == 1 or roll + 4 <= 14)))[True]
    lost = probabilities(damage.map(lambda d: min(3, max(0, d - 1))))
    expected = {0: 1 - hit + hit * lost.get(0, 0)} | {k: hit * p for k, p in lost.items() if k}
    assert dict(summary(s).damage.probabilities) == expected
    assert summary(s).p_out_of_action == hit * lost[3]


def test_damage_str_two_hands_multiple_unit_anti_infantry_giant_slayer():
    club = Weapon("Club", WeaponType.MELEE, 1, "Str", Hands.HALF)
    hit_always = unit(melee=99)
    # Strength 5 with two hands: 5 + 3 = 8; in one hand 5. Natural 20 still misses.
    s = Situation(replace(hit_always, strength=5), unit(defence=0), club)
    assert summary(s).expected_damage == Fraction(19, 20) * 8
    one = replace(s, conditions=Conditions(one_handed=True))
    assert summary(one).expected_damage == Fraction(19, 20) * 5
    # Multiple Unit halves the weapon's roll (rounded up) unless Anti-Infantry.
    squad = unit(defence=0, abilities=frozenset({Ability.MULTIPLE_UNIT}), dc=99)
    gun = replace(RIFLE, damage="6")
    assert summary(Situation(unit(ranged=99), squad, gun)).expected_damage == Fraction(19, 20) * 3
    anti = replace(gun, abilities=frozenset({WeaponAbility.ANTI_INFANTRY}))
    assert summary(Situation(unit(ranged=99), squad, anti)).expected_damage == Fraction(19, 20) * 6
    # Giant Slayer: +D6 against a target two size classes larger or more.
    slayer = unit(
        ranged=99, size_class=1, pilot=Pilot("P", 99, 99, skills=frozenset({Skill.GIANT_SLAYER}))
    )
    big = unit(defence=0, size_class=3, dc=99)
    assert summary(Situation(slayer, big, gun)).expected_damage == Fraction(19, 20) * (
        6 + Fraction(7, 2)
    )
    assert (
        summary(Situation(slayer, unit(defence=0, size_class=2, dc=99), gun)).expected_damage
        == Fraction(19, 20) * 6
    )


def test_out_of_action_and_ruined_base():
    big = unit(defence=0, dc=2, size_class=4)
    result = resolve_attack_replay(
        Situation(unit(ranged=99), big, replace(RIFLE, damage="5")), (5, 5)
    )
    assert result.out_of_action and result.dc_lost == 2 and result.ruin_height == 2
    small = unit(defence=0, dc=2, size_class=1)
    assert (
        resolve_attack_replay(
            Situation(unit(ranged=99), small, replace(RIFLE, damage="5")), (5, 5)
        ).ruin_height
        is None
    )


def resolve_attack_replay(s: Situation, path: tuple[int | str, ...]):
    from skirmish.engine.exact import ReplayContext

    return resolve_attack(ReplayContext(path), s)


def test_aid_choices_and_multiple_units():
    s = Situation(unit(ranged=10), unit(), RIFLE, aiders=(Aider("A1"),))
    plus_two = summary(s, choices={"aid 1": "+2 attack"})
    assert plus_two.p_hit == Fraction(7, 20) and plus_two.attack_value == 12
    d3 = summary(s, choices={"aid 1": "D3 damage"})
    assert d3.p_hit == Fraction(5, 20) and d3.expected_damage == Fraction(5, 20) * (
        Fraction(7, 2) + 2
    )
    # Solved: the better of the two for expected DC lost.
    assert summary(s).expected_damage == max(plus_two.expected_damage, d3.expected_damage)
    both = Situation(
        unit(ranged=10, abilities=frozenset({Ability.MULTIPLE_UNIT})),
        unit(),
        RIFLE,
        aiders=(Aider("A1", multiple_unit=True),),
    )
    gained = summary(both)
    assert gained.attack_value == 12 and gained.expected_damage == Fraction(7, 20) * (
        Fraction(7, 2) + 2
    )


def test_what_forbids_an_attack():
    with pytest.raises(IllegalAttack, match="firing arc"):
        resolve_attack_replay(Situation(unit(), unit(), RIFLE, in_arc=False), ())
    with pytest.raises(IllegalAttack, match="reaches 24"):
        resolve_attack_replay(Situation(unit(), unit(), RIFLE, distance=25), ())
    marksman = unit(pilot=Pilot("P", 14, 14, skills=frozenset({Skill.MARKSMAN})))
    resolve_attack_replay(Situation(marksman, unit(), RIFLE, distance=26), (10,))  # 24 + 2
    with pytest.raises(IllegalAttack, match="cannot see"):
        resolve_attack_replay(Situation(unit(), unit(), RIFLE, visible=False), ())
    with pytest.raises(IllegalAttack, match="Sniper"):
        resolve_attack_replay(
            Situation(unit(), unit(), RIFLE, friendly_cover=Fraction(11, 100)), ()
        )
    sniper = unit(pilot=Pilot("P", 14, 14, skills=frozenset({Skill.SNIPER})))
    resolve_attack_replay(Situation(sniper, unit(), RIFLE, friendly_cover=Fraction(1, 2)), (10,))
    resolve_attack_replay(Situation(unit(), unit(), RIFLE, friendly_cover=Fraction(1, 10)), (10,))
    with pytest.raises(IllegalAttack, match="at most 2"):
        resolve_attack_replay(Situation(unit(), unit(), RIFLE, aiders=(Aider("a"),) * 3), ())
    with pytest.raises(IllegalAttack, match="may not aid"):
        resolve_attack_replay(
            Situation(unit(), unit(), RIFLE, aiders=(Aider("a", eligible=False),)), ()
        )


def test_attacks_of_opportunity():
    s = Situation(unit(), unit(), SWORD)
    ram = Weapon("Ram", WeaponType.MELEE, 1, "2D6")
    outcome = play(
        partial(attack_of_opportunity, situation=s, charged=True, ram=ram),
        players=FixedPolicy.of(**{"opportunity attack": "ram"}),
        seed=1,
    )
    assert any("Ram" in entry.text for entry in outcome.log)
    # No aid for a free attack: aiders are refused, not quietly dropped (MS-9).
    with pytest.raises(IllegalAttack, match="without aid"):
        play(
            partial(attack_of_opportunity, situation=replace(s, aiders=(Aider("a"),))),
            players=FixedPolicy.of(),
            seed=1,
        )
    with pytest.raises(IllegalAttack, match="charged"):
        play(partial(attack_of_opportunity, situation=s, ram=ram), players=FixedPolicy.of(), seed=1)
    with pytest.raises(IllegalAttack, match="not a melee weapon"):
        play(
            partial(attack_of_opportunity, situation=replace(s, weapon=RIFLE)),
            players=FixedPolicy.of(),
            seed=1,
        )


@pytest.mark.parametrize(
    "s",
    [
        Situation(unit(ranged=13), unit(armour=1, dc=5), replace(RIFLE, damage="2D3+1")),
        Situation(unit(ranged=6), unit(), RIFLE),
    ],
    ids=["ordinary", "marginal"],
)
def test_referee_agrees_with_exact(s):
    procedure = partial(resolve_attack, situation=s)
    policy = FixedPolicy.of()
    expected = exact(procedure, policy=policy).map(lambda r: r.dc_lost).probabilities
    n = 20_000
    seen = Counter(play(procedure, players=policy, seed=seed).result.dc_lost for seed in range(n))
    assert_sampled_agrees(expected, seen, n)


def test_specialists_and_double_shot():
    specialist = unit(pilot=Pilot("P", 14, 14, unit_type_specialist="sracu"))
    assert ("Unit Type Specialist", 1) in modifiers(Situation(specialist, unit(), RIFLE))
    assert modifiers(Situation(unit(), unit(), RIFLE, conditions=Conditions(double_shot=True))) == [
        ("Double Shot", -1)
    ]
    # Move Type Specialist: +1 Defence for the target piloting its move type (hits on 1-8).
    walker = unit(move_type="walker", pilot=Pilot("P", 1, 1, move_type_specialist="walker"))
    assert summary(Situation(unit(), walker, RIFLE)).p_hit == Fraction(8, 20)
    # Weapons Specialist: +10% of the rolled damage, rounded up (a 6 becomes 7, a 10 becomes 11).
    gunner = unit(ranged=99, pilot=Pilot("P", 99, 99, weapons_specialist="rifle"))
    rifle = replace(RIFLE, damage="6", sub_type="rifle")
    assert (
        summary(Situation(gunner, unit(defence=0, dc=99), rifle)).expected_damage
        == Fraction(19, 20) * 7
    )
    other = replace(rifle, sub_type="cannon")
    assert (
        summary(Situation(gunner, unit(defence=0, dc=99), other)).expected_damage
        == Fraction(19, 20) * 6
    )
