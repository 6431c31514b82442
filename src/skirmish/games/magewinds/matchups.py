"""A fighter pack's matchup table: every attack against every fighter, solved."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from skirmish.games.magewinds.advice import DEFAULT_ACTION_VALUE, Objective, advise
from skirmish.games.magewinds.attack import AttackSituation, Combatant
from skirmish.games.magewinds.pack import Pack
from skirmish.games.magewinds.profiles import AttackProfile, FighterProfile


@dataclass(frozen=True)
class Matchup:
    """One cell: an attack of one fighter against another, at equilibrium."""

    attacker: str
    attack: str
    target: str
    value: Fraction
    attacker_mix: tuple[tuple[str, Fraction], ...]
    defender_mix: tuple[tuple[str, Fraction], ...]


def attack_rows(
    pack: Pack, *, universal: bool = False
) -> list[tuple[FighterProfile, AttackProfile]]:
    """Every (fighter, attack) pair of the pack; attacks every fighter shares appear once."""
    rows: list[tuple[FighterProfile, AttackProfile]] = []
    shared_done: set[str] = set()
    for fighter in pack.fighters:
        for attack in fighter.attacks:
            if attack.universal:
                if not universal or attack.name in shared_done:
                    continue
                shared_done.add(attack.name)
            rows.append((fighter, attack))
    return rows


def matchup_table(
    pack: Pack,
    objective: Objective = Objective.DAMAGE,
    *,
    action_value: Fraction = DEFAULT_ACTION_VALUE,
    universal: bool = False,
) -> list[Matchup]:
    """The equilibrium value of every attack in the pack against every fighter in it."""
    table = []
    for attacker, attack in attack_rows(pack, universal=universal):
        for target in pack.fighters:
            situation = AttackSituation(Combatant(attacker), Combatant(target), attack)
            advice = advise(situation, objective, action_value=action_value)
            table.append(
                Matchup(
                    attacker.name,
                    attack.name,
                    target.name,
                    advice.solution.value,
                    advice.solution.row_strategy,
                    advice.solution.column_strategy,
                )
            )
    return table
