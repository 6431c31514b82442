"""Dark Realms odds against answers worked out independently of the engine.

Each test computes its answer by hand or by plain enumeration over dice and policies, written
here from the rules text, and compares it with the engine's exact odds.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial

import pytest

from conftest import assert_sampled_agrees
from skirmish.engine import Decision, Mix, exact, play, pure
from skirmish.games.darkrealms import (
    CardAttack,
    Figure,
    Kind,
    Objective,
    PolicyName,
    Result,
    Shields,
    Situation,
    ValueMode,
    first_choices,
    odds,
    optimal_policy,
    resolve_attack,
)
from skirmish.games.darkrealms.odds import utility

FACES = range(1, 7)
SIXTH = Fraction(1, 6)
TABLE = {1: None, 2: -2, 3: -1, 4: 0, 5: 1, 6: 2}
"""The printed attack table: None is a miss."""
DEFENCE = {1: +1, 2: 0, 3: -1, 4: -2, 5: -3, 6: -4}


def hit(base: int, face: int) -> int:
    """Damage of one attack die on the printed table, before defence."""
    modifier = TABLE[face]
    return 0 if modifier is None else max(0, base + modifier)


def fighter(melee: int = 4, range_: int = 4, **kw: object) -> Figure:
    return Figure("F", melee=melee, range=range_, health=kw.pop("health", 99), **kw)  # type: ignore[arg-type]


STRIKE = CardAttack("Strike", Kind.MELEE)
AIMED = CardAttack("Aimed", Kind.RANGE, rolled_range=True)


def mean_damage(situation: Situation, **kw: object) -> Fraction:
    return odds(situation, **kw).mean(lambda r: r.damage)  # type: ignore[arg-type]


def test_fixed_shield_then_defence_roll_then_die_shield_by_hand():
    # Base 5 against shield 1 + a rolled shield + a die shield, enemy target, no Stamina.
    target = fighter(shields=Shields(fixed=1, roll=True, die=True), enemy=True)
    s = Situation(fighter(melee=5), target, STRIKE, stamina=0)
    by_hand = Fraction(0)
    for attack, defence, shield in itertools.product(FACES, repeat=3):
        damage = hit(5, attack)
        if attack != 6 and damage:  # a critical skips every shield; a miss skips defence
            damage = max(0, damage - 1)
            damage = max(0, damage + DEFENCE[defence])
            damage = max(0, damage - shield)
        by_hand += Fraction(damage, 216)
    assert mean_damage(s) == by_hand


def test_defence_rolls_only_against_damage_left_after_the_shield():
    # Shield 4 against base 4: faces 2-4 leave 0 and nothing is rolled (DR-8); face 5 leaves 1
    # and the roll makes it 2, 1, 0, 0, 0, 0 (1/2 on average); a 6 is a critical.
    for enemy in (True, False):
        target = fighter(shields=Shields(fixed=4, roll=True), enemy=enemy)
        s = Situation(fighter(melee=4), target, STRIKE, stamina=0)
        assert mean_damage(s) == SIXTH * 6 + SIXTH * Fraction(1, 2)


def test_hero_target_declines_the_roll_when_a_one_would_kill():
    # 1 damage left against a hero with 2 Health: rolling risks the +1 that kills, so a hero
    # aiming against the kill does not roll; an enemy must, and dies on a defence 1.
    hero_target = fighter(health=2, shields=Shields(fixed=3, roll=True))
    s_hero = Situation(fighter(melee=4), hero_target, STRIKE, stamina=0)
    # Base 4, shield 3: face 4 leaves 1, face 5 leaves 2 (kills unless rolled down), 6 critical.
    hero = odds(s_hero, objective=Objective.KILL).probability(lambda r: r.killed)
    # Face 5: roll (2 -> 3, 2, 1, 0, 0, 0 kills on 1-2: 2/6) beats not rolling (kills);
    # face 4: not rolling (1 left, survives) beats rolling (a 1 kills).
    assert hero == SIXTH + SIXTH * Fraction(2, 6)
    enemy = Situation(fighter(melee=4), replace(hero_target, enemy=True), STRIKE, stamina=0)
    assert odds(enemy, objective=Objective.KILL).probability(lambda r: r.killed) == (
        hero + SIXTH * SIXTH
    )


def test_rolled_value_is_the_die_and_a_six_ignores_shields():
    target = fighter(shields=Shields(fixed=2), enemy=True)
    s = Situation(
        fighter(), target, CardAttack("Wild", Kind.MELEE, mode=ValueMode.ROLLED), stamina=0
    )
    assert mean_damage(s) == Fraction(0 + 0 + 1 + 2 + 3 + 6, 6)


def test_fixed_value_replaces_strength_and_misses_on():
    s = Situation(
        fighter(melee=1),
        fighter(),
        CardAttack("Hammer", Kind.MELEE, mode=ValueMode.FIXED, amount=6, misses_on=3),
        stamina=0,
    )
    # Faces 1-3 miss; 4, 5, 6 give 6, 7, 8.
    assert dict(odds(s).map(lambda r: r.damage).probabilities) == {
        0: Fraction(1, 2),
        6: SIXTH,
        7: SIXTH,
        8: SIXTH,
    }


def _best_range_split(base: int, distance: int, a: int, b: int) -> int | None:
    """The most damage two range-and-attack dice can give, or None if neither reaches."""
    splits = [hit(base, attack) for rng, attack in ((a, b), (b, a)) if rng >= distance]
    return max(splits) if splits else None


def test_range_dice_assignment_by_enumeration():
    s = Situation(fighter(range_=4), fighter(), AIMED, distance=3, stamina=0)
    by_hand = sum(
        (
            Fraction(_best_range_split(4, 3, a, b) or 0, 36)
            for a, b in itertools.product(FACES, repeat=2)
        ),
        Fraction(0),
    )
    assert mean_damage(s) == by_hand
    reach = sum(1 for a, b in itertools.product(FACES, repeat=2) if max(a, b) >= 3)
    assert odds(s).probability(lambda r: r.reached) == Fraction(reach, 36)


def test_range_dice_with_one_stamina_by_independent_recursion():
    # Keep the pair, or re-roll either die once: the best of the three, averaged over pairs.
    def keep(a: int, b: int) -> Fraction:
        return Fraction(_best_range_split(4, 3, a, b) or 0)

    def value(a: int, b: int) -> Fraction:
        again_a = sum((keep(x, b) for x in FACES), Fraction(0)) / 6
        again_b = sum((keep(a, x) for x in FACES), Fraction(0)) / 6
        return max(keep(a, b), again_a, again_b)

    by_hand = sum((value(a, b) for a, b in itertools.product(FACES, repeat=2)), Fraction(0)) / 36
    s = Situation(fighter(range_=4), fighter(), AIMED, distance=3, stamina=1)
    assert mean_damage(s) == by_hand


def _policy_value(base: int, plan: dict[tuple[int, int], bool]) -> Fraction:
    """Expected damage of one attack die, re-rolled where ``plan[(face, Stamina left)]``."""

    def from_face(face: int, left: int) -> Fraction:
        if left and plan[face, left]:
            return sum((from_face(g, left - 1) for g in FACES), Fraction(0)) / 6
        return Fraction(hit(base, face))

    return sum((from_face(f, 2) for f in FACES), Fraction(0)) / 6


def test_optimal_rerolls_equal_brute_force_over_every_policy_with_two_stamina():
    # Every deterministic plan: re-roll or keep for each face with 2 and with 1 Stamina left.
    states = [(face, left) for left in (2, 1) for face in FACES]
    best = max(
        _policy_value(4, dict(zip(states, choice, strict=True)))
        for choice in itertools.product((False, True), repeat=len(states))
    )
    s = Situation(fighter(melee=4), fighter(), STRIKE, stamina=2)
    assert mean_damage(s) == best


def test_engine_follows_any_given_plan():
    # A fixed, deliberately poor plan played through the engine equals the hand formula.
    plan = {(face, left): face >= 4 for face in FACES for left in (1, 2)}

    def planned(decision: Decision) -> Mix:
        # The plan reads the die and the Stamina left from the frame the decision is in.
        rolls = decision.frame.state  # type: ignore[union-attr]
        (face,), left = rolls.dice, rolls.budget
        return pure("reroll" if plan[face, left] else "keep")

    s = Situation(fighter(melee=4), fighter(), STRIKE, stamina=2)
    got = exact(partial(resolve_attack, situation=s), policy=planned).mean(lambda r: r.damage)
    assert got == _policy_value(4, plan)


def test_kill_objective_trades_damage_for_kills():
    s = Situation(fighter(melee=4), fighter(health=6), STRIKE, stamina=2)
    for_damage = odds(s, objective=Objective.DAMAGE)
    for_kill = odds(s, objective=Objective.KILL)
    assert for_kill.probability(lambda r: r.killed) > for_damage.probability(lambda r: r.killed)
    assert for_damage.mean(lambda r: r.damage) > for_kill.mean(lambda r: r.damage)
    # Only the critical 6 kills (6 damage): three tries at 1/6.
    assert for_kill.probability(lambda r: r.killed) == 1 - Fraction(5, 6) ** 3


def test_never_policy_spends_nothing_and_stamina_cost_limits_rerolls():
    s = Situation(fighter(melee=4), fighter(), STRIKE, stamina=3)
    never = odds(s, policy=PolicyName.NEVER)
    assert never.mean(lambda r: r.stamina_spent) == 0
    assert never.mean(lambda r: r.damage) == Fraction(0 + 2 + 3 + 4 + 5 + 6, 6)
    # A fresh die is worth 10/3 on average, so at a price of 2 only a miss (0) is re-rolled.
    priced = odds(s, stamina_cost=Fraction(2))
    first = Fraction(1, 6)  # only the miss is re-rolled, each time
    assert priced.mean(lambda r: r.stamina_spent) == first + first**2 + first**3
    # The price is charged per Stamina the attacker spends, credited per Stamina the target spends.
    charge = utility(Objective.DAMAGE, Fraction(2))
    assert charge(Result(damage=5, stamina_spent=1)) == 3
    assert charge(Result(damage=5, defender_stamina_spent=1)) == 7


def test_poison_counts_towards_the_kill_over_turns():
    dart = CardAttack("Dart", Kind.RANGE, mode=ValueMode.ROLLED, range=3, status="poison")
    target = fighter(health=5)
    s = Situation(fighter(), target, dart, distance=2, stamina=0, poison_turns=2)
    # A rolled value never misses, so Poison always lands: faces 3+ kill within two turns.
    assert odds(s).probability(lambda r: r.killed) == Fraction(4, 6)
    assert odds(Situation(fighter(), target, dart, distance=2, stamina=0)).probability(
        lambda r: r.killed
    ) == Fraction(2, 6)


def test_confused_status_on_the_figure_and_square_or_hex_distance():
    confused = fighter(melee=4, statuses=frozenset({"confused"}))
    s = Situation(confused, fighter(), STRIKE, stamina=0)
    by_hand = sum(
        (Fraction(min(hit(4, a), hit(4, b)), 36) for a, b in itertools.product(FACES, repeat=2)),
        Fraction(0),
    )
    assert mean_damage(s) == by_hand


SAMPLED: dict[str, Callable[[], Situation]] = {
    "range dice, shields, both re-roll": lambda: Situation(
        fighter(range_=4, stamina=2),
        fighter(shields=Shields(fixed=1, roll=True), stamina=1),
        AIMED,
        distance=3,
    ),
    "confused rolled value against a die shield": lambda: Situation(
        fighter(stamina=1),
        fighter(shields=Shields(die=True), enemy=True),
        CardAttack("Wild", Kind.RANGE, mode=ValueMode.ROLLED, range=4),
        distance=1,
    ),
}


@pytest.mark.parametrize("name", list(SAMPLED))
def test_referee_agrees_with_exact(name):
    s = SAMPLED[name]()
    policy = optimal_policy(s, Objective.DAMAGE)
    procedure = partial(resolve_attack, situation=s)
    expected = exact(procedure, policy=policy).map(lambda r: r.damage).probabilities
    n = 20_000
    seen = Counter(play(procedure, players=policy, seed=seed).result.damage for seed in range(n))
    assert_sampled_agrees(expected, seen, n)


# An independent model of a range attack with rolled range, written from the rules text: the
# attacker re-rolls any die for 1 Stamina (ties keep, then the first die), assigns the range
# die (ties: the first die), a Confused attack keeps the worse read (a miss is worst), and an
# enemy with a rolled shield always rolls against damage left. It yields the whole
# distribution of (damage, hit, critical, reached, Stamina spent).

Outcome = tuple[int, bool, bool, bool, int]


def read(base: int, face: int) -> tuple[bool, int, bool]:
    """(hit, damage, critical) of one attack die on the printed table; sorts worst first."""
    modifier = TABLE[face]
    if modifier is None:
        return (False, 0, False)
    return (True, max(0, base + modifier), face == 6)


def after_defence(
    hit_: bool, damage: int, critical: bool, shield_roll: bool
) -> dict[int, Fraction]:
    if not (hit_ and shield_roll and damage > 0 and not critical):
        return {damage: Fraction(1)}
    out: dict[int, Fraction] = {}
    for face in FACES:
        left = max(0, damage + DEFENCE[face])
        out[left] = out.get(left, Fraction(0)) + SIXTH
    return out


@dataclass(frozen=True)
class RolledRange:
    """The independent model of one rolled-range attack, from its dice on."""

    base: int
    distance: int
    stamina: int
    confused: bool = False
    shield_roll: bool = False
    cost: Fraction = Fraction(0)

    def utility(self, outcomes: dict[Outcome, Fraction]) -> Fraction:
        return sum((p * (o[0] - self.cost * o[4]) for o, p in outcomes.items()), Fraction(0))

    def kept(self, dice: tuple[int, ...], spent: int) -> dict[Outcome, Fraction]:
        splits = [i for i in (0, 1) if dice[i] >= self.distance]
        if not splits:
            return {(0, False, False, False, spent): Fraction(1)}
        best: dict[Outcome, Fraction] | None = None
        for index in splits:  # ties: the first die to range
            reads = [read(self.base, dice[1 - index]), *(read(self.base, f) for f in dice[2:])]
            hit_, damage, critical = min(reads)
            found = {
                (left, hit_, critical, True, spent): p
                for left, p in after_defence(hit_, damage, critical, self.shield_roll).items()
            }
            if best is None or self.utility(found) > self.utility(best):
                best = found
        assert best is not None
        return best

    def rerolled(self, dice: tuple[int, ...], index: int, left: int) -> dict[Outcome, Fraction]:
        again: dict[Outcome, Fraction] = {}
        for face in FACES:
            rolled = (*dice[:index], face, *dice[index + 1 :])
            for outcome, p in self.value(rolled, left - 1).items():
                again[outcome] = again.get(outcome, Fraction(0)) + p * SIXTH
        return again

    def value(self, dice: tuple[int, ...], left: int) -> dict[Outcome, Fraction]:
        best = self.kept(dice, self.stamina - left)
        for index in range(len(dice) if left else 0):  # ties: keep, then the first die
            again = self.rerolled(dice, index, left)
            if self.utility(again) > self.utility(best):
                best = again
        return best

    def options(self, dice: tuple[int, ...]) -> list[Fraction]:
        """What keeping, then re-rolling each die, is worth after the first roll."""
        return [
            self.utility(self.kept(dice, 0)),
            *(self.utility(self.rerolled(dice, i, self.stamina)) for i in range(len(dice))),
        ]

    def distribution(self) -> dict[Outcome, Fraction]:
        total: dict[Outcome, Fraction] = {}
        count = 3 if self.confused else 2
        for dice in itertools.product(FACES, repeat=count):
            for outcome, p in self.value(dice, self.stamina).items():
                total[outcome] = total.get(outcome, Fraction(0)) + p / 6**count
        return total


def brute_force_rolled_range(
    base: int, distance: int, stamina: int, **kw: object
) -> dict[Outcome, Fraction]:
    return RolledRange(base, distance, stamina, **kw).distribution()  # type: ignore[arg-type]


def engine_outcomes(situation: Situation, **kw: object) -> dict[Outcome, Fraction]:
    results = odds(situation, **kw)  # type: ignore[arg-type]
    return dict(
        results.map(
            lambda r: (r.damage, r.hit, r.critical, r.reached, r.stamina_spent)
        ).probabilities
    )


def test_rolled_range_within_reach_rolls_a_second_attack_die_by_brute_force():
    # Range strength 4 at 1 tile: inside reach, so Confused (three dice, DR-4). Over all 216
    # rolls the expected damage is 305/108 and the chance to hit 175/216.
    s = Situation(fighter(range_=4), fighter(), AIMED, distance=1, stamina=0)
    expected = brute_force_rolled_range(4, 1, 0, confused=True)
    assert engine_outcomes(s) == expected
    assert odds(s).mean(lambda r: r.damage) == Fraction(305, 108)
    assert odds(s).probability(lambda r: r.hit) == Fraction(175, 216)


@pytest.mark.parametrize(
    ("distance", "stamina", "confused", "shield_roll"),
    [(3, 2, False, True), (3, 1, False, False), (1, 1, True, False), (2, 1, True, True)],
)
def test_rolled_range_with_stamina_whole_distribution_by_brute_force(
    distance, stamina, confused, shield_roll
):
    # Confused by the status, or by shooting at a target within reach (1 tile).
    statuses = frozenset({"confused"}) if confused else frozenset()
    target = fighter(shields=Shields(roll=shield_roll), enemy=True)
    shooter = fighter(range_=4, statuses=statuses)
    s = Situation(shooter, target, AIMED, distance=distance, stamina=stamina)
    assert engine_outcomes(s) == brute_force_rolled_range(
        4, distance, stamina, confused=confused, shield_roll=shield_roll
    )


def test_readme_rolled_range_example_spends_the_stamina_brute_force_says():
    # The README's example: 2 Stamina, a rolled shield, target 3 tiles away.
    target = fighter(shields=Shields(roll=True), enemy=True)
    s = Situation(fighter(range_=4), target, AIMED, distance=3, stamina=2)
    assert odds(s).mean(lambda r: r.stamina_spent) == Fraction(271, 216)


def test_stamina_cost_with_rolled_range_by_brute_force():
    s = Situation(fighter(range_=4), fighter(), AIMED, distance=3, stamina=2)
    cost = Fraction(1, 2)
    expected = brute_force_rolled_range(4, 3, 2, cost=cost)
    assert engine_outcomes(s, stamina_cost=cost) == expected
    assert odds(s, stamina_cost=cost).mean(lambda r: r.damage) == Fraction(127, 27)


def test_confused_keeps_a_zero_damage_hit_over_a_miss():
    # "Attack 1" reads miss, 0, 0, 1, 2, 3: a miss is the worse result (DR-4), so the attack
    # hits only when neither die is a 1.
    s = Situation(
        fighter(statuses=frozenset({"confused"})),
        fighter(),
        CardAttack("Tap", Kind.MELEE, mode=ValueMode.FIXED, amount=1),
        stamina=0,
    )
    assert odds(s).probability(lambda r: r.hit) == Fraction(25, 36)
    worse = [
        min((f != 1, max(0, 1 + (TABLE[f] or 0)) if f != 1 else 0) for f in (a, b))
        for a, b in itertools.product(FACES, repeat=2)
    ]
    assert odds(s).mean(lambda r: r.damage) == Fraction(sum(d for _, d in worse), 36)


def test_advise_table_with_a_stamina_cost_by_brute_force():
    # The first choice after each roll, valued at damage less 1/2 per Stamina spent.
    s = Situation(fighter(range_=4), fighter(), AIMED, distance=3, stamina=2)
    model = RolledRange(4, 3, 2, cost=Fraction(1, 2))
    choices = first_choices(s, Objective.DAMAGE, Fraction(1, 2))
    assert len(choices) == 36
    for choice in choices:
        assert list(choice.values.values()) == model.options(choice.dice), choice.dice
