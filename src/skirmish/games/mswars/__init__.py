"""MS Wars: the D20 attack, every modifier, damage, guided attacks, attacks of opportunity."""

from skirmish.games.mswars.attack import (
    Aider,
    Conditions,
    Result,
    Situation,
    attack_of_opportunity,
    modifiers,
    resolve_attack,
)
from skirmish.games.mswars.odds import AidAdvice, Objective, Summary, advise_aid, odds
from skirmish.games.mswars.units import (
    Ability,
    Arc,
    Force,
    Hands,
    Pilot,
    Skill,
    Unit,
    Weapon,
    WeaponAbility,
    WeaponType,
    load_force,
    sample_force,
)

__all__ = [
    "Ability",
    "AidAdvice",
    "Aider",
    "Arc",
    "Conditions",
    "Force",
    "Hands",
    "Objective",
    "Pilot",
    "Result",
    "Situation",
    "Skill",
    "Summary",
    "Unit",
    "Weapon",
    "WeaponAbility",
    "WeaponType",
    "advise_aid",
    "attack_of_opportunity",
    "load_force",
    "modifiers",
    "odds",
    "resolve_attack",
    "sample_force",
]
