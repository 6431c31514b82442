"""Magic cards (0.9), their worth (17.0, 14.1), casting costs and payments (17.0)."""

from __future__ import annotations

from itertools import combinations, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.errors import SkirmishError
from skirmish.games.magewinds.cards import (
    DECK,
    CardType,
    CardWorth,
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


def test_read_within_one_part_a_face_card_pays_one_part_only():
    # Ruling MB-2's other reading: the King's two Diamonds both go to "1 Diamond".
    third_eye = parse_cost("1 Diamond + 1 Any")
    within = CardWorth.WITHIN_PART
    assert payments(third_eye, ["KD"], worth=within) == ()
    assert [p.text for p in payments(third_eye, ["KD", "3S"], worth=within)] == ["3S+KD"]
    # Within one part nothing changes: the Ace of Spades still pays "3 Spades" alone.
    assert [p.text for p in payments(parse_cost("3 Spades"), ["AS"], worth=within)] == ["AS"]
    with pytest.raises(SkirmishError, match="MB-2: a card's worth counts within one part"):
        find_payment(third_eye, ("KD", "3S"), "KD", worth=within)


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


def brute_worth(
    cost_text: str, cards: tuple[str, ...], worth: CardWorth = CardWorth.ACROSS_PARTS
) -> int | None:
    """Independent check: try every split of every card's worth, unit by unit (across
    parts), or every way of giving each card whole to one part (within a part)."""
    cost = parse_cost(cost_text)
    needs = []
    for r in cost.requirements:
        suits = SUIT_OF.get(r.type.value) or COLOUR[r.type.value]
        needs.append((suits, r.minimum, r.maximum))
    if len(needs) == 1:
        suits, low, high = needs[0]
        total = sum(card_value(c) for c in cards if c[-1] in suits)
        if total < low:
            return None
        return total if high is None else min(total, high)
    if worth is CardWorth.WITHIN_PART:
        for parts in product(range(len(needs)), repeat=len(cards)):
            if all(c[-1] in needs[part][0] for c, part in zip(cards, parts, strict=True)) and all(
                sum(card_value(c) for c, p in zip(cards, parts, strict=True) if p == part) >= low
                for part, (_, low, _) in enumerate(needs)
            ):
                return sum(n[1] for n in needs)
        return None
    units = [c[-1] for c in cards for _ in range(card_value(c))]

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

    if not all(any(u in n[0] for n in needs) for u in units):
        return None  # a card no part takes cannot be spent
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


@st.composite
def costs(draw: st.DrawFn) -> str:
    """A published cost, or a fixed cost of one to three parts of any types."""
    if draw(st.booleans()):
        return draw(st.sampled_from(COSTS))
    parts = draw(
        st.lists(
            st.tuples(st.integers(1, 3), st.sampled_from(list(CardType))), min_size=1, max_size=3
        )
    )
    return " + ".join(f"{n} {kind.value}" for n, kind in parts)


def brute_payments(cost_text: str, hand: list[str], worth: CardWorth) -> set:
    expected = set()
    for size in range(1, len(hand) + 1):
        for chosen in combinations(hand, size):
            paid = brute_worth(cost_text, chosen, worth)
            if paid is None:
                continue
            if any(
                brute_worth(cost_text, chosen[:i] + chosen[i + 1 :], worth) == paid
                for i in range(size)
            ):
                continue
            expected.add((tuple(sorted(chosen)), paid))
    return expected


@given(
    costs(),
    st.lists(st.sampled_from(DECK), min_size=0, max_size=6, unique=True),
    st.sampled_from(list(CardWorth)),
)
def test_payments_are_exactly_the_minimal_subsets_that_pay(cost_text, hand, worth):
    found = {
        (tuple(sorted(p.cards)), p.amount)
        for p in payments(parse_cost(cost_text), hand, worth=worth)
    }
    assert found == brute_payments(cost_text, hand, worth)


@given(costs(), st.lists(st.sampled_from(DECK), min_size=0, max_size=6, unique=True))
def test_every_payment_read_within_one_part_pays_across_parts_too(cost_text, hand):
    cost = parse_cost(cost_text)
    for payment in payments(cost, hand, worth=CardWorth.WITHIN_PART):
        # Splitting a card's worth more freely never makes a payment fall short.
        assert brute_worth(cost_text, payment.cards) is not None
