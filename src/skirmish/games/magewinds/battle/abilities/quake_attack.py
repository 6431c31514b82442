"""One of Quake's attacks, its attacker a terrain feature (Druid v1.5.2, ruling MB-44): the
attack of section 18 as any other, but a feature cannot knock a fighter back."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from skirmish.games.magewinds.attack import AttackResult
from skirmish.games.magewinds.battle.attacks import AttackFrame
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.profiles import AttackProfile, AttackType, FighterProfile, Strike
from skirmish.geometry import Terrain

POWER, PRECISION = 6, 3
ARMOUR = 99
"""The feature's Armour: no hit sent back by Mirrorshield does it damage."""


def quake_attack(piece: Terrain) -> AttackProfile:
    return AttackProfile(
        name="Quake",
        type=AttackType.MISSILE,
        minimum_range=0.0,
        maximum_range=math.inf,
        single=Strike(POWER, PRECISION),
        source="Druid v1.5.2, Quake",
    )


def feature_profile(piece: Terrain) -> FighterProfile:
    """The terrain feature as the attacker: only its attack and Armour matter."""
    return FighterProfile(piece.name, 99, 0, ARMOUR, 0, 0, 0, attacks=(quake_attack(piece),))


@dataclass(frozen=True)
class QuakeAttack(AttackFrame):
    """``attacker`` names the Druid (whose player decides for the attack, and from whose
    stand-in at ``source_at``, the feature's nearest point, steps are measured)."""

    def _after_damage(self, battle: Battle, result: AttackResult) -> Battle:
        if result.knockback and battle.fighter(self.target).on_battlefield:
            battle = battle.logged(
                "18.5.4",
                EventKind.KNOCKBACK,
                "{feature} is a terrain feature: no knockback (ruling MB-44)",
                feature=self.situation.attacker.name,
                target=self.target,
                inches=0,
                why="terrain feature",
            )
        return self._after_knockback(battle, result)

    @classmethod
    def attacker_profile(cls, setup: Setup) -> Callable[[str], FighterProfile]:
        """The attacker a view names is a terrain feature of the table (ruling MB-44)."""

        def feature(name: str) -> FighterProfile:
            return feature_profile(next(t for t in setup.table.field.terrain if t.name == name))

        return feature

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        """As any attack's, the attacker being the feature (its name, as the log says)."""
        return {**super().summary(battle, player), "attacker": self.situation.attacker.name}
