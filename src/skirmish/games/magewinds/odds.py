"""Exact odds of a Magewinds attack for each legal pair of attack and defence choices."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import partial

from skirmish.engine import Distribution, FixedPolicy, exact
from skirmish.errors import IllegalChoice
from skirmish.games.magewinds.attack import (
    AttackResult,
    AttackSituation,
    attack_decision,
    check_situation,
    defence_decision,
    resolve_attack,
)
from skirmish.games.magewinds.profiles import AttackChoice, Reaction


@dataclass(frozen=True)
class Case:
    """The exact outcome of one attack with the attack and defence choices fixed."""

    choice: AttackChoice | None
    reaction: Reaction
    results: Distribution[AttackResult]

    @property
    def damage(self) -> Distribution[int]:
        """Damage dealt by this attack (18.5.3)."""
        return self.results.map(lambda r: r.damage)

    @property
    def hits(self) -> Distribution[int]:
        """Hits scored (18.5.2)."""
        return self.results.map(lambda r: r.hits)

    @property
    def expected_damage(self) -> Fraction:
        return self.results.mean(lambda r: r.damage)

    @property
    def p_take_down(self) -> Fraction:
        """Chance the target is taken down, counting damage already taken."""
        return self.results.probability(lambda r: r.taken_down)

    @property
    def p_knockback(self) -> Fraction:
        """Chance the attacker may knock the target back (18.5.4)."""
        return self.results.probability(lambda r: r.knockback)

    @property
    def expected_push(self) -> Fraction:
        return self.results.mean(lambda r: r.push)

    @property
    def expected_attacker_damage(self) -> Fraction:
        """Damage the attacker takes back from a Mirrorshield."""
        return self.results.mean(lambda r: r.attacker_damage)


def legal_pairs(
    situation: AttackSituation,
    *,
    choice: AttackChoice | None = None,
    reaction: Reaction | None = None,
) -> list[tuple[AttackChoice | None, Reaction]]:
    """Every legal (attack choice, reaction) pair, narrowed to the given ones (18.3, 18.4)."""
    check_situation(situation)
    attack_options = attack_decision(situation)
    if attack_options is None:
        if choice is not None:
            raise IllegalChoice(
                f"18.3: {situation.attack.name} is not a split profile, so there is no "
                f"attack choice (got {choice.value!r})"
            )
        choices: list[AttackChoice | None] = [None]
    else:
        choices = [AttackChoice(c) for c in attack_options.options]
        if choice is not None:
            choices = [choice]
    defence = defence_decision(situation)
    if reaction is not None and reaction.value not in defence.options:
        raise IllegalChoice(
            f"{situation.target.name} cannot make a {reaction.value} reaction: "
            f"{defence.why_not(reaction.value)}; legal: {', '.join(defence.options)}"
        )
    reactions = [reaction] if reaction is not None else [Reaction(r) for r in defence.options]
    return [(c, r) for c in choices for r in reactions]


def case(situation: AttackSituation, choice: AttackChoice | None, reaction: Reaction) -> Case:
    """The exact distribution of the attack under one pair of choices."""
    answers: dict[str, str] = {"defence_choice": reaction.value}
    if choice is not None:
        answers["attack_choice"] = choice.value
    policy = FixedPolicy.of(**answers)
    return Case(
        choice, reaction, exact(partial(resolve_attack, situation=situation), policy=policy)
    )


def odds(
    situation: AttackSituation,
    *,
    choice: AttackChoice | None = None,
    reaction: Reaction | None = None,
) -> list[Case]:
    """Exact odds for every legal pair of choices, or for the pair given."""
    return [
        case(situation, c, r) for c, r in legal_pairs(situation, choice=choice, reaction=reaction)
    ]
