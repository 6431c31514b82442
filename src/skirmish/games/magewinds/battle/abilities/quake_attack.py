"""One of Quake's attacks, its attacker a terrain feature (Druid v1.5.2, ruling MB-44): the
attack of section 18 as any other, but a feature cannot knock a fighter back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skirmish.games.magewinds.attack import AttackResult
from skirmish.games.magewinds.battle.attacks import AttackFrame
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.state import Battle


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

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        """As any attack's, the attacker being the feature (its name, as the log says)."""
        return {**super().summary(battle, player), "attacker": self.situation.attacker.name}
