"""Properties of MS Wars odds for any attack values, Defence, Armour and damage."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.games.mswars import Pilot, Situation, Summary, Unit, Weapon, WeaponType, odds

damage = st.sampled_from(["D6", "2D3", "D6+1", "3", "2D6"])


def unit(value: int, defence: int = 5, armour: int = 0, dc: int = 10) -> Unit:
    return Unit("U", 2, "sracu", dc, armour, defence, 4, Pilot("P", value, value))


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 30), st.integers(0, 15), st.integers(0, 4), damage, st.integers(1, 12))
def test_odds_are_monotone(value, defence, armour, notation, dc):
    weapon = Weapon("W", WeaponType.RANGE, 24, notation)
    base = Summary.of(odds(Situation(unit(value), unit(0, defence, armour, dc), weapon)))
    better = Summary.of(odds(Situation(unit(value + 1), unit(0, defence, armour, dc), weapon)))
    tougher = Summary.of(odds(Situation(unit(value), unit(0, defence, armour + 1, dc), weapon)))
    assert better.p_hit >= base.p_hit and better.expected_damage >= base.expected_damage
    assert tougher.expected_damage <= base.expected_damage
    assert Fraction(1, 20) <= base.p_hit <= Fraction(19, 20)
    assert all(0 <= lost <= dc for lost, _ in base.damage)
    assert base.p_out_of_action <= base.p_hit
    weaker = replace(weapon, damage="1")
    assert (
        Summary.of(
            odds(Situation(unit(value), unit(0, defence, armour, dc), weaker))
        ).expected_damage
        <= 1
    )
