"""The players' decisions in a Magewinds attack, solved as a game.

The attack choice is placed face down and revealed only after the defence
choice (18.3, 18.4), so neither player sees the other's choice: a zero-sum game
of simultaneous hidden choices. Each cell of its matrix is the exact expected
payoff of that pair of choices under an :class:`Objective`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from skirmish.engine.matrix import Dominance, MatrixGame, Solution, dominated, solve
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.attack import ATTACKER, DEFENDER, AttackResult, AttackSituation
from skirmish.games.magewinds.odds import Case, case, legal_pairs
from skirmish.games.magewinds.profiles import AttackChoice, Reaction

SINGLE = "single"
"""The attacker's only row when the attack has no split profile (18.3 is skipped)."""

DEFAULT_ACTION_VALUE = Fraction(3, 4)
"""What one action is worth, in points of damage, for the tempo objective.

An action is worth about what an attack made with it deals: over the bundled
Tempest Crusaders matchup table (every fighter's own attacks against every
fighter, at equilibrium under the damage objective) the median is 0.74 damage
per attack action (docs/advisor.md; a test keeps this true), so 3/4.
"""


class Objective(StrEnum):
    """What the attacking player maximises and the defending player minimises."""

    DAMAGE = "damage"
    """Expected damage dealt, minus damage the attacker takes back (Mirrorshield)."""
    TAKE_DOWN = "take-down"
    """Chance the target is taken down, minus the chance the attacker is."""
    TEMPO = "tempo"
    """Expected net damage plus the value of actions won: the target's reaction
    counter (13.3) and a free attack action after a Feint (18.3.1)."""


def utility(
    objective: Objective,
    situation: AttackSituation,
    *,
    action_value: Fraction = DEFAULT_ACTION_VALUE,
) -> Callable[[AttackResult], Fraction]:
    """The attacker's payoff of one result under ``objective``."""
    if objective is Objective.DAMAGE:
        return lambda r: Fraction(r.damage - r.attacker_damage)
    if objective is Objective.TAKE_DOWN:
        return lambda r: Fraction(int(r.taken_down) - int(r.attacker_taken_down))
    if action_value < 0:
        raise SkirmishError(f"--action-value must not be negative, got {action_value}")
    counters = situation.target.action_counters

    def tempo(r: AttackResult) -> Fraction:
        actions_won = (r.target_action_counters - counters) + int(r.action_free)
        return r.damage - r.attacker_damage + action_value * actions_won

    return tempo


@dataclass(frozen=True)
class Advice:
    """The attack and defence choices as a solved game."""

    situation: AttackSituation
    objective: Objective
    action_value: Fraction
    game: MatrixGame
    solution: Solution
    dominated: tuple[Dominance, ...]
    cases: tuple[Case, ...]


def matrix_game(
    situation: AttackSituation,
    objective: Objective = Objective.DAMAGE,
    *,
    action_value: Fraction = DEFAULT_ACTION_VALUE,
    reactions: Collection[str] | None = None,
) -> tuple[MatrixGame, tuple[Case, ...]]:
    """The payoff matrix over every legal (attack choice, reaction) pair, exactly
    (``reactions``: only those reactions, and none, when the defending player may make no
    other)."""
    pairs = [
        (choice, reaction)
        for choice, reaction in legal_pairs(situation)
        if reactions is None or reaction.value in reactions or reaction is Reaction.NONE
    ]
    value = utility(objective, situation, action_value=action_value)
    cases = tuple(case(situation, choice, reaction) for choice, reaction in pairs)
    rows = list(dict.fromkeys(_row(choice) for choice, _ in pairs))
    columns = list(dict.fromkeys(reaction.value for _, reaction in pairs))
    payoff = {(_row(c.choice), c.reaction.value): c.results.mean(value) for c in cases}
    game = MatrixGame.from_rows(
        rows,
        columns,
        [[payoff[(r, c)] for c in columns] for r in rows],
        row_player=ATTACKER,
        column_player=DEFENDER,
    )
    return game, cases


def advise(
    situation: AttackSituation,
    objective: Objective = Objective.DAMAGE,
    *,
    action_value: Fraction = DEFAULT_ACTION_VALUE,
) -> Advice:
    """Equilibrium mixes for both players, the value, and dominated options."""
    game, cases = matrix_game(situation, objective, action_value=action_value)
    return Advice(
        situation,
        objective,
        action_value,
        game,
        solve(game),
        tuple(dominated(game)),
        cases,
    )


def _row(choice: AttackChoice | None) -> str:
    return choice.value if choice is not None else SINGLE
