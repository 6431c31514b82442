"""Magic cards (0.9), their worth (17.0, 14.1), casting costs and payments (17.0)."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.errors import SkirmishError
from skirmish.games.magewinds.cards import (
    DECK,
    card_value,
    check_card,
    find_payment,
    parse_cost,
    payments,
)


def test_the_deck_has_52_distinct_cards_and_no_jokers():
    assert len(DECK) == 52 and len(set(DECK)) == 52
    assert {card[-1] for card in DECK} == set("SHDC")


def test_card_values_number_1_face_2_ace_3():
    # 17.0 and 14.1: the rulebook's own words, card by card.
    assert [card_value(c) for c in ("2H", "10S", "JC", "QD", "KH", "AS")] == [1, 1, 2, 2, 2, 3]
    assert sum(card_value(c) for c in DECK) == 4 * (9 * 1 + 3 * 2 + 3)


@pytest.mark.parametrize("bad", ["1S", "11H", "KX", "", "AS ", "joker"])
def test_a_card_that_is_not_one_of_52_is_refused(bad):
    with pytest.raises(SkirmishError, match="0.9"):
        check_card(bad)


def test_the_rulebook_examples_of_costs():
    # "3 Spades could be met by the Ace of Spades all on its own".
    assert [p.text for p in payments(parse_cost("3 Spades"), ["AS"])] == ["AS"]
    # 1 Any: any card at all, one at a time.
    assert {p.text for p in payments(parse_cost("1 Any"), ["2H", "3C"])} == {"2H", "3C"}
    # 2 Red: Hearts or Diamonds in any combination.
    assert {p.text for p in payments(parse_cost("2 Red"), ["2H", "3D", "4C"])} == {"2H+3D"}
    # 1 Diamond, 1 Spade: one of each, nothing else pays.
    assert payments(parse_cost("1 Diamond, 1 Spade"), ["2D", "3D"]) == ()


def test_variable_costs_count_worth_and_cap_at_their_maximum():
    barrier = parse_cost("1-3 Clubs")
    found = {p.text: p.amount for p in payments(barrier, ["2C", "KC", "AC", "5H"])}
    # 2C+AC is refused: the 2C adds nothing once the Ace gives the maximum (ruling MB-1).
    assert found == {"2C": 1, "KC": 2, "AC": 3, "2C+KC": 3}
    recover = parse_cost("1+ Hearts")
    assert {p.text: p.amount for p in payments(recover, ["2H", "AH"])} == {
        "2H": 1,
        "AH": 3,
        "AH+2H": 4,
    }


def test_a_face_card_pays_two_parts_it_matches():
    # Ruling MB-2: the King of Diamonds is worth two Diamonds, one of which is "1 Any".
    third_eye = parse_cost("1 Diamond + 1 Any")
    assert [p.text for p in payments(third_eye, ["KD", "3S"])] == ["KD"]
    assert {p.text for p in payments(third_eye, ["2D", "3S", "4H"])} == {"3S+2D", "4H+2D"}


def test_find_payment_names_cards_in_any_case_and_order():
    cost = parse_cost("1 Diamond + 1 Spade")
    assert find_payment(cost, ("3S", "KD"), "3s+kd").cards == ("3S", "KD")
    with pytest.raises(SkirmishError, match="not in hand"):
        find_payment(cost, ("3S", "KD"), "4S+KD")
    with pytest.raises(SkirmishError, match="does not pay"):
        find_payment(cost, ("3S", "KD"), "KD")


@pytest.mark.parametrize("bad", ["", "one Heart", "1 Wand", "1-3 Clubs + 1 Heart", "3-1 Clubs"])
def test_unreadable_costs_are_refused_with_the_rule(bad):
    with pytest.raises(SkirmishError, match="17.0"):
        parse_cost(bad)


SUIT_OF = {"Heart": "H", "Diamond": "D", "Club": "C", "Spade": "S"}
COLOUR = {"Red": "HD", "Black": "CS", "Any": "HDCS"}


def brute_worth(cost_text: str, cards: tuple[str, ...]) -> int | None:
    """Independent check: try every split of every card's worth, unit by unit."""
    cost = parse_cost(cost_text)
    units = [c[-1] for c in cards for _ in range(card_value(c))]
    needs = []
    for r in cost.requirements:
        suits = SUIT_OF.get(r.type.value) or COLOUR[r.type.value]
        needs.append((suits, r.minimum, r.maximum))
    if len(needs) == 1:
        suits, low, high = needs[0]
        total = sum(1 for u in units if u in suits)
        if total < low:
            return None
        return total if high is None else min(total, high)

    def fill(i: int, left: list[str]) -> bool:
        if i == len(needs):
            return True
        suits, low, _ = needs[i]
        usable = [j for j, u in enumerate(left) if u in suits]
        for chosen in combinations(usable, low):
            rest = [u for j, u in enumerate(left) if j not in chosen]
            if fill(i + 1, rest):
                return True
        return False

    return sum(n[1] for n in needs) if fill(0, units) else None


COSTS = [
    "1 Diamond + 1 Any",
    "1 Heart + 1 Diamond",
    "3 Spades",
    "1-3 Clubs",
    "2 Red",
    "1 Black + 1 Club",
    "1+ Hearts",
]


@given(
    st.sampled_from(COSTS),
    st.lists(st.sampled_from(DECK), min_size=0, max_size=6, unique=True),
)
def test_payments_are_exactly_the_minimal_subsets_that_pay(cost_text, hand):
    expected = set()
    for size in range(1, len(hand) + 1):
        for chosen in combinations(hand, size):
            worth = brute_worth(cost_text, chosen)
            if worth is None:
                continue
            if any(
                brute_worth(cost_text, chosen[:i] + chosen[i + 1 :]) == worth for i in range(size)
            ):
                continue
            expected.add((tuple(sorted(chosen)), worth))
    found = {(tuple(sorted(p.cards)), p.amount) for p in payments(parse_cost(cost_text), hand)}
    assert found == expected
