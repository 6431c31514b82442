"""What an attack will do, exactly, when both players choose well: the computer players'
knowledge of section 18.

The attack procedure (18.0) is enumerated exactly for every legal pair of attack choice
(18.3) and reaction (18.4); the pair is a zero-sum game of hidden simultaneous choices,
solved by the advisor's exact equilibrium (tempo objective: net damage plus the actions won,
:mod:`skirmish.games.magewinds.advice`). The outlook is the attack collapsed into one chance
node: its distinct results, each with its exact probability when both sides play the
equilibrium mix.

A computer player cannot see the other hands, so the cards are left out: Barrier is not
cast and Mirrorshield costs nothing here (the reactions a player may make are given
instead). Outlooks are kept by value (profiles, counters, spells, cover, Dodge, the
reactions allowed), so every battle in a process shares them. Left out of the key, because
no step of the attack reads them: names, the length of the line of attack, the attacker's
Guard and action counters, and the damage both fighters have already taken, which 18.5.3
only adds at the end. An outlook's results
are those of undamaged fighters; :func:`settled` adds the damage already taken (the totals
and take-downs, and no knockback of a fighter taken down, ruling MW-2).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from skirmish.ai.magewinds.threats import GREEDY
from skirmish.engine.matrix import solve
from skirmish.fastpaths import Kept, fast, keep, replaced
from skirmish.games.magewinds.advice import SINGLE, Objective, matrix_game
from skirmish.games.magewinds.attack import (
    MAX_ACTION_COUNTERS,
    AttackResult,
    AttackSituation,
)
from skirmish.games.magewinds.profiles import AttackChoice

Mix = tuple[tuple[str, Fraction], ...]
SHIFTED = "outlook shifted counters"
"""The part of the fast paths that finds the outlook of an attack on a target with a single
action counter from the same attack on the target with none (:func:`shifted`), instead of
enumerating the attack and solving its game again; ``fastpaths.plain(SHIFTED)`` works out
each afresh."""
KEPT = 8192
"""Outlooks kept in memory; when full, the store starts again from empty."""


@dataclass(frozen=True)
class Outlook:
    """One attack at the equilibrium: both mixes, its value to the attacker (tempo), and its
    distinct results with their exact probabilities."""

    situation: AttackSituation
    attack_mix: Mix
    defence_mix: Mix
    value: Fraction
    results: tuple[tuple[AttackResult, Fraction], ...]

    @property
    def expected_damage(self) -> Fraction:
        return sum((p * r.damage for r, p in self.results), Fraction(0))

    def take_down(self, damage: int = 0) -> Fraction:
        """The chance the target is taken down, with ``damage`` already taken."""
        toughness = self.situation.target.profile.toughness
        return sum((p for r, p in self.results if r.damage + damage >= toughness), Fraction(0))


def key_of(situation: AttackSituation) -> AttackSituation:
    """The situation with what does not change the result left out: names, damage already
    taken, the length of the line of attack, the hands, and Guard and action counters on the
    attacker (read only to check that it may attack, 13.0)."""
    return replaced(
        situation,
        attacker=replaced(
            situation.attacker, label="", guarding=False, damage=0, action_counters=0
        ),
        target=replaced(situation.target, label="", damage=0),
        distance=None,
        defender_cards=None,
        attacker_cards=None,
        barrier_clubs=0,
        barrier_cost="",
    )


_KEPT: dict[tuple[AttackSituation, frozenset[str] | None], Outlook] = {}


def outlook(situation: AttackSituation, reactions: Iterable[str] | None = None) -> Outlook:
    """The attack's outlook (kept by value); ``reactions``: the reactions the defending
    player may make (by default every reaction the rules allow without cards)."""
    key = (key_of(situation), None if reactions is None else frozenset(reactions))
    if not fast():
        return fresh_outlook(*key)
    found = _KEPT.get(key)
    if found is None:
        shift = key[0].target.action_counters
        if fast(SHIFTED) and 0 < shift < MAX_ACTION_COUNTERS:
            found = shifted(outlook(_counters(key[0], 0), reactions), key[0], shift)
        else:
            found = fresh_outlook(*key)
        keep(_KEPT, key, found, KEPT)
    return found


def shifted(found: Outlook, situation: AttackSituation, shift: int) -> Outlook:
    """The outlook of ``situation`` (already :func:`key_of`), whose target has ``shift``
    more action counters than ``found``'s, none of them double (:data:`SHIFTED`). The
    attack reads the target's counters only to refuse every reaction to a fighter with a
    double counter (13.0), and to add one for a reaction paid (13.3); the tempo objective
    counts the counters won, not held. So the same reactions are offered, every result is
    ``found``'s with ``shift`` more counters on the target, the payoffs and the equilibrium
    are the same, and the results come in the same order."""
    return Outlook(
        situation,
        found.attack_mix,
        found.defence_mix,
        found.value,
        tuple(
            (replaced(r, target_action_counters=r.target_action_counters + shift), p)
            for r, p in found.results
        ),
    )


def _counters(situation: AttackSituation, counters: int) -> AttackSituation:
    return replaced(situation, target=replaced(situation.target, action_counters=counters))


def fresh_outlook(situation: AttackSituation, reactions: frozenset[str] | None) -> Outlook:
    """:func:`outlook` computed afresh, nothing kept (the plain computation)."""
    situation = key_of(situation)
    game, cases = matrix_game(situation, Objective.TEMPO, reactions=reactions)
    solution = solve(game)
    attack_mix = dict(solution.row_strategy)
    defence_mix = dict(solution.column_strategy)
    merged: dict[AttackResult, Fraction] = {}
    for found in cases:
        weight = attack_mix[_row(found.choice)] * defence_mix[found.reaction.value]
        if weight:
            for result, p in found.results:
                merged[result] = merged.get(result, Fraction(0)) + weight * p
    return Outlook(
        situation,
        solution.row_strategy,
        solution.column_strategy,
        solution.value,
        tuple(merged.items()),
    )


def settled(result: AttackResult, situation: AttackSituation) -> AttackResult:
    """A result of an outlook (undamaged fighters) with the damage both fighters of
    ``situation`` have already taken: totals, take-downs, and knockback (none for a fighter
    taken down, ruling MW-2)."""
    total = situation.target.damage + result.damage
    taken_down = total >= situation.target.profile.toughness
    attacker_total = situation.attacker.damage + result.attacker_damage
    return replaced(
        result,
        total_damage=total,
        taken_down=taken_down,
        knockback=result.knockback and not taken_down,
        attacker_taken_down=attacker_total >= situation.attacker.profile.toughness,
    )


Results = tuple[tuple[AttackResult, Fraction], ...]


def settled_results(found: Outlook, situation: AttackSituation) -> Results:
    """The outlook's results, each :func:`settled` with the damage both fighters of
    ``situation`` have already taken, in the outlook's order. On the fast path (part
    :data:`~skirmish.ai.magewinds.threats.GREEDY`) kept for this very outlook (outlooks are
    kept, and ``situation`` has the outlook's profiles) and the two damages, all that
    :func:`settled` reads besides: every position that scores the attack again, or a
    fighter's threat at the same damage, reuses them."""
    if not fast(GREEDY):
        return tuple((settled(r, situation), p) for r, p in found.results)
    return _SETTLED.get(
        found,
        lambda: tuple((settled(r, situation), p) for r, p in found.results),
        situation.target.damage,
        situation.attacker.damage,
    )


_SETTLED: Kept[Results] = Kept("settled results", KEPT)


def _row(choice: AttackChoice | None) -> str:
    return SINGLE if choice is None else choice.value


def forget() -> None:
    """Empty the store of outlooks (for measuring a cold start)."""
    _KEPT.clear()
    _SETTLED.memo.clear()
