"""Dark Realms: the attack rules on tiles, with the player's own choices solved."""

from skirmish.games.darkrealms.attack import Result, Situation, resolve_attack
from skirmish.games.darkrealms.figures import (
    CardAttack,
    Figure,
    Kind,
    Roster,
    Shields,
    ValueMode,
    load_roster,
    sample_roster,
)
from skirmish.games.darkrealms.odds import (
    FirstChoice,
    Objective,
    PolicyName,
    Summary,
    first_choices,
    odds,
    optimal_policy,
)
from skirmish.games.darkrealms.tables import DEFAULT_ATTACK_TABLE, DEFENCE_TABLE, AttackTable

__all__ = [
    "DEFAULT_ATTACK_TABLE",
    "DEFENCE_TABLE",
    "AttackTable",
    "CardAttack",
    "Figure",
    "FirstChoice",
    "Kind",
    "Objective",
    "PolicyName",
    "Result",
    "Roster",
    "Shields",
    "Situation",
    "Summary",
    "ValueMode",
    "first_choices",
    "load_roster",
    "odds",
    "optimal_policy",
    "resolve_attack",
    "sample_roster",
]
