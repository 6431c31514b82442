"""Mirrorshield and Barrier as the players' decisions, paid in cards (17.0), inside 18.0.

With the players' hands known the single attack asks the defending player whether and how
to pay; given as inputs instead, the attack behaves as before (golden logs check that).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from skirmish.engine import FixedPolicy, exact, play
from skirmish.games.magewinds import (
    AttackSituation,
    Combatant,
    Reaction,
    bundled_pack,
    resolve_attack,
)
from skirmish.games.magewinds.attack import defence_decision

PACK = bundled_pack()


def zap_at_mesmer(**changes: object) -> AttackSituation:
    wizard, mesmer = PACK.fighter("Wizard"), PACK.fighter("Mesmer")
    base = AttackSituation(Combatant(wizard), Combatant(mesmer), wizard.attack("Zap"))
    return replace(base, **changes)  # type: ignore[arg-type]


def test_mirrorshield_needs_a_club_in_hand():
    no_club = defence_decision(zap_at_mesmer(defender_cards=("2H", "KD")))
    assert "mirrorshield" not in no_club.options
    assert "17.0" in (no_club.why_not("mirrorshield") or "")
    with_club = defence_decision(zap_at_mesmer(defender_cards=("2C",)))
    assert "mirrorshield" in with_club.options


def test_mirrorshield_payment_is_a_decision_when_there_is_a_choice():
    situation = zap_at_mesmer(defender_cards=("2C", "KC"), barrier_cost="1-3 Clubs")
    policy = FixedPolicy.of(
        defence_choice="mirrorshield", mirrorshield_payment="KC", barrier="no barrier"
    )
    result = play(partial(resolve_attack, situation=situation), players=policy, seed=3).result
    assert result.reaction is Reaction.MIRRORSHIELD
    assert result.defender_paid == ("KC",)


def test_a_single_way_to_pay_is_still_asked():
    # Whether the defending player is asked must not tell the attacker how many ways
    # their hand has to pay (ruling MB-14).
    situation = zap_at_mesmer(defender_cards=("2C", "5H"))
    asked: list[tuple[str, ...]] = []

    def policy(decision):
        if decision.key == "mirrorshield_payment":
            asked.append(decision.options)
        return FixedPolicy.of(defence_choice="mirrorshield", mirrorshield_payment="2C")(decision)

    result = play(partial(resolve_attack, situation=situation), players=policy, seed=3).result
    assert asked == [("2C",)] and result.defender_paid == ("2C",)


def test_barrier_paid_in_cards_gives_the_same_odds_as_barrier_given_as_an_input():
    # Independent answer: the input mode, already checked against hand fractions.
    given = zap_at_mesmer(barrier_clubs=2)
    paid = zap_at_mesmer(defender_cards=("KC",), barrier_cost="1-3 Clubs")

    def without_cards(result):
        return (result.damage, result.barrier_cancelled, result.total_damage, result.taken_down)

    policy = FixedPolicy.of(defence_choice="none", barrier="KC")
    expected = exact(partial(resolve_attack, situation=given), policy=policy).map(without_cards)
    found = exact(partial(resolve_attack, situation=paid), policy=policy).map(without_cards)
    assert found == expected


def test_barrier_is_asked_exactly_when_damage_is_received():
    paid = zap_at_mesmer(defender_cards=("KC",), barrier_cost="1-3 Clubs")
    policy = FixedPolicy.of(defence_choice="none", barrier="KC")
    dist = exact(partial(resolve_attack, situation=paid), policy=policy)
    assert len(dist.probabilities) > 2
    for result in dist.probabilities:
        received = result.damage + result.barrier_cancelled
        assert (received >= 1) == (result.defender_paid == ("KC",))


def test_barrier_cannot_reuse_the_card_spent_on_mirrorshield():
    situation = zap_at_mesmer(defender_cards=("2C",), barrier_cost="1-3 Clubs")
    offered: set[tuple[str, ...]] = set()

    def policy(decision):
        if decision.key == "barrier":
            offered.add(decision.options)
        answers = FixedPolicy.of(
            defence_choice="mirrorshield", mirrorshield_payment="2C", barrier="no barrier"
        )
        return answers(decision)

    for seed in range(30):
        result = play(
            partial(resolve_attack, situation=situation), players=policy, seed=seed
        ).result
        assert result.defender_paid == ("2C",)
    # Barrier is asked (MB-14), but the Club went on Mirrorshield: nothing else pays.
    assert offered == {("no barrier",)}


def test_the_attacker_may_barrier_the_hits_mirrorshield_sends_back():
    situation = zap_at_mesmer(
        defender_cards=("2C",), attacker_cards=("AC",), barrier_cost="1-3 Clubs"
    )
    policy = FixedPolicy.of(
        defence_choice="mirrorshield",
        mirrorshield_payment="2C",
        barrier="no barrier",
        attacker_barrier="AC",
    )
    dist = exact(partial(resolve_attack, situation=situation), policy=policy)
    reflected = [r for r in dist.probabilities if r.reflected_hits > 1]  # Armour 1 lets 2+ through
    assert reflected and all(r.attacker_paid == ("AC",) for r in reflected)
    # Three Clubs cancel every point: each Barrier die hits on 1-3, so some survive.
    assert any(r.attacker_barrier_cancelled for r in reflected)
