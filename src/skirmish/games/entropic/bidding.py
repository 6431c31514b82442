"""The bidding game of an Entropic Engine attack, solved.

Both players put command tokens down face down, the active player first. The passive player
sees how many tokens went down, not which are real; then both are revealed, and each real
token adds 1 to its side's score. With dummy tokens the active player can bluff. What the
result is worth, and what a spent command point costs, are inputs (:class:`Values`); the game
is solved exactly as a signalling game (:mod:`skirmish.engine.signalling`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import partial

from skirmish.engine import Decision, FixedPolicy, Mix, exact, pure
from skirmish.engine.signalling import SignallingGame, SignallingSolution, solve_signalling
from skirmish.games.entropic.attack import (
    ATTACK_BID,
    DEFENSE_BID,
    Aim,
    AttackResult,
    Bid,
    Outcome,
    Situation,
    open_aims,
    resolve_attack,
)

DEFAULT_RESULT_VALUES: Mapping[Outcome, Fraction] = {
    Outcome.FAILED: Fraction(0),
    Outcome.NONE: Fraction(0),
    Outcome.STUNNED: Fraction(1),
    Outcome.DAMAGED: Fraction(3),
    Outcome.DESTROYED: Fraction(6),
    Outcome.ANNIHILATED: Fraction(7),
}
"""What each result is worth to the attacker by default (see docs/advisor.md)."""


@dataclass(frozen=True)
class Values:
    """The payoff of an attack to the attacking player (the defender's is its negative)."""

    results: Mapping[Outcome, Fraction] = field(default_factory=lambda: dict(DEFAULT_RESULT_VALUES))
    attacker_stun: Fraction = Fraction(1)
    """Lost when the attacker gains a stun marker from range."""
    real_token: Fraction = Fraction(1, 2)
    """What spending one command point costs either side."""
    dummy_token: Fraction = Fraction(0)
    """What spending one dummy token costs either side."""

    def of(self, result: AttackResult) -> Fraction:
        value = self.results[result.outcome] - (
            self.attacker_stun if result.attacker_stunned else 0
        )
        return (
            value
            - self.real_token * result.attack_bid.real
            - self.dummy_token * result.attack_bid.dummy
            + self.real_token * result.defense_bid.real
            + self.dummy_token * result.defense_bid.dummy
        )


def first_option(decision: Decision) -> Mix:
    """The first listed option: interrupts are declined ("stay", "no" come first)."""
    return pure(decision.options[0])


def scripted(
    attack_bid: Bid, defense_bid: Bid, others: Mapping[str, str] | None = None
) -> FixedPolicy:
    """A policy playing the given bids and the choices ``others`` names; any other choice
    (interrupts included) is its first option."""
    answers = {key: pure(option) for key, option in (others or {}).items()}
    answers |= {ATTACK_BID: pure(attack_bid.text()), DEFENSE_BID: pure(defense_bid.text())}
    return FixedPolicy(answers, fallback=first_option)


def result_of(
    situation: Situation, attack_bid: Bid, defense_bid: Bid, others: Mapping[str, str] | None = None
) -> AttackResult:
    """The (certain) result of the attack with these bids; there are no dice."""
    distribution = exact(
        partial(resolve_attack, situation=situation),
        policy=scripted(attack_bid, defense_bid, others),
    )
    (result,) = distribution.probabilities
    return result


def bid_table(
    situation: Situation, others: Mapping[str, str] | None = None
) -> dict[tuple[int, int], AttackResult]:
    """The result for every pair of real bids the two consoles allow."""
    return {
        (a, d): result_of(situation, Bid(a), Bid(d), others)
        for a in range(situation.attacker.real_tokens + 1)
        for d in range(situation.target.real_tokens + 1)
    }


def with_best_aim(situation: Situation, values: Values = Values()) -> Situation:
    """The situation with its aim fixed: as given, or else the open aim whose result without
    bids is worth most to the attacker (ties: the first listed)."""
    if situation.aim is not None:
        return situation
    aims = open_aims(situation)
    if len(aims) <= 1:
        return situation
    return max(
        (replace(situation, aim=aim) for aim in aims),
        key=lambda s: values.of(result_of(s, Bid(), Bid())),
    )


@dataclass(frozen=True)
class BiddingAdvice:
    """The equilibrium of the bidding game and what it rests on."""

    solution: SignallingSolution
    game: SignallingGame
    table: dict[tuple[int, int], AttackResult]
    aim: Aim | None = None


def bidding_game(
    situation: Situation, values: Values = Values(), others: Mapping[str, str] | None = None
) -> BiddingAdvice:
    """Solve the sealed bids: the attacker's mix of (real, dummy), and the defender's real bid
    for each number of tokens it sees go down (its dummies change nothing, EE-9).

    With several open aims and none fixed, the attacker picks the aim whose game is worth most.
    """
    if situation.aim is None and len(open_aims(situation)) > 1:
        return max(
            (
                bidding_game(replace(situation, aim=aim), values, others)
                for aim in open_aims(situation)
            ),
            key=lambda advice: advice.solution.value,
        )
    attacker, target = situation.attacker, situation.target
    table = bid_table(situation, others)
    senders = [
        Bid(real, dummy)
        for real in range(attacker.real_tokens + 1)
        for dummy in range(attacker.dummy_tokens + 1)
    ]
    responses = list(range(target.real_tokens + 1))
    payoff = [
        [
            values.of(replace(table[sender.real, d], attack_bid=sender, defense_bid=Bid(d)))
            for d in responses
        ]
        for sender in senders
    ]
    game = SignallingGame.build(
        senders=[s.text() for s in senders],
        signals=[f"{s.count} down" for s in senders],
        responses=[f"{d} real" for d in responses],
        payoff=payoff,
    )
    return BiddingAdvice(solve_signalling(game), game, table, situation.aim)
