"""Magewinds: the complete attack sequence (core rules 1.2.0, section 18)."""

from skirmish.games.magewinds.attack import (
    AttackResult,
    AttackSituation,
    Combatant,
    resolve_attack,
)
from skirmish.games.magewinds.effects import EFFECTS, Effect, find_effect
from skirmish.games.magewinds.pack import Pack, bundled_pack, load_pack
from skirmish.games.magewinds.profiles import (
    AttackChoice,
    AttackProfile,
    AttackType,
    FighterProfile,
    Reaction,
    Special,
    Strike,
)

__all__ = [
    "EFFECTS",
    "AttackChoice",
    "AttackProfile",
    "AttackResult",
    "AttackSituation",
    "AttackType",
    "Combatant",
    "Effect",
    "FighterProfile",
    "Pack",
    "Reaction",
    "Special",
    "Strike",
    "bundled_pack",
    "find_effect",
    "load_pack",
    "resolve_attack",
]
