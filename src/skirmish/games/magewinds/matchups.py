"""A fighter pack's matchup table: every attack against every fighter, solved."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from skirmish import limits
from skirmish.engine.trampoline import Progress
from skirmish.errors import IllegalAttack, SkirmishError
from skirmish.games.magewinds.advice import DEFAULT_ACTION_VALUE, Objective, advise
from skirmish.games.magewinds.attack import AttackSituation, Combatant
from skirmish.games.magewinds.field import Battlefield
from skirmish.games.magewinds.pack import Pack
from skirmish.games.magewinds.profiles import AttackProfile, FighterProfile
from skirmish.games.magewinds.tabletop import situation_on


@dataclass(frozen=True)
class Matchup:
    """One cell: an attack of one fighter against another, at equilibrium."""

    attacker: str
    attack: str
    target: str
    value: Fraction | None
    attacker_mix: tuple[tuple[str, Fraction], ...] = ()
    defender_mix: tuple[tuple[str, Fraction], ...] = ()
    reason: str = ""
    """Why there is no value: the attack is not allowed here (on a battlefield)."""


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


def check_cells(cells: int, what: str) -> None:
    """Refuse, before any work, a table of more than :data:`~skirmish.limits.MATCHUPS`
    cells; ``what`` says what to leave out to make it smaller."""
    if cells > limits.MATCHUPS.maximum:
        raise SkirmishError(
            f"a matchup table of {cells:,} cells: {limits.MATCHUPS.problem(cells)}; {what}"
        )


def matchup_table(
    pack: Pack,
    objective: Objective = Objective.DAMAGE,
    *,
    action_value: Fraction = DEFAULT_ACTION_VALUE,
    universal: bool = False,
    damage_taken: int = 0,
    progress: Progress | None = None,
) -> list[Matchup]:
    """The equilibrium value of every attack in the pack against every fighter in it, each
    target with ``damage_taken`` already (a target it takes out of action has no value).

    Refused up front past :data:`~skirmish.limits.MATCHUPS` cells; ``progress`` is told
    how many cells are solved after each one (there are attacks x fighters).
    """
    rows = attack_rows(pack, universal=universal)
    check_cells(len(rows) * len(pack.fighters), "use a pack with fewer fighters or attacks")
    table = []
    for attacker, attack in rows:
        for target in pack.fighters:
            situation = AttackSituation(
                Combatant(attacker), Combatant(target, damage=damage_taken), attack
            )
            try:
                table.append(_solved(situation, objective, action_value))
            except IllegalAttack as refused:
                table.append(
                    Matchup(attacker.name, attack.name, target.name, None, reason=str(refused))
                )
            if progress is not None:
                progress(len(table))
    return table


def _solved(situation: AttackSituation, objective: Objective, action_value: Fraction) -> Matchup:
    """One cell: the situation's attack and defence choices at equilibrium."""
    solution = advise(situation, objective, action_value=action_value).solution
    return Matchup(
        situation.attacker.name,
        situation.attack.name,
        situation.target.name,
        solution.value,
        solution.row_strategy,
        solution.column_strategy,
    )


def battlefield_matchups(
    field: Battlefield,
    objective: Objective = Objective.DAMAGE,
    *,
    action_value: Fraction = DEFAULT_ACTION_VALUE,
    universal: bool = False,
    progress: Progress | None = None,
) -> list[Matchup]:
    """Every attack of every fighter on ``field`` against every enemy fighter, as placed:
    range, cover and Dodge come from the battlefield; no line of attack leaves no value.

    Refused up front past :data:`~skirmish.limits.MATCHUPS` cells; ``progress`` is told
    how many cells are done after each one.
    """
    cells = sum(
        sum(1 for attack in attacker.profile.attacks if universal or not attack.universal)
        * sum(1 for target in field.fighters if target.warband != attacker.warband)
        for attacker in field.fighters
    )
    check_cells(cells, "use a battlefield with fewer fighters")
    table: list[Matchup] = []
    for attacker in field.fighters:
        for attack in attacker.profile.attacks:
            if attack.universal and not universal:
                continue
            for target in field.fighters:
                if target.warband == attacker.warband:
                    continue
                try:
                    situation, _ = situation_on(field, attacker.name, target.name, attack.name)
                except IllegalAttack as refused:
                    table.append(
                        Matchup(attacker.name, attack.name, target.name, None, reason=str(refused))
                    )
                else:
                    table.append(_solved(situation, objective, action_value))
                if progress is not None:
                    progress(len(table))
    return table
