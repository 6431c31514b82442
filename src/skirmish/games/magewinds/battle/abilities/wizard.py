"""The Wizard's Blast (Tempest Crusaders, Wizard page v1.5.0), ruling MB-13.

After the attack on its target, Blast makes the same attack against every other fighter
within 1" of where that target stood when it was attacked, friend or foe, in the order the
attacking player chooses. The Wizard is not one of them (13.4: a fighter cannot attack
itself). The further attacks need no line of attack, Range or sight (they spread from the
target); their cover and Dodge are reckoned from the Wizard, like the first. They are not
attack actions: the Wizard takes one action counter for its Attack action, as always.
Every target's reaction step move, the first target's included, is made only after all the
attacks, in the order they were attacked. A fighter taken down by one of the attacks is
not attacked; when the Wizard is taken down (by Mirrorshield), no further attack is made.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import StrEnum
from random import Random
from typing import Any

from skirmish.engine.battle import Action, Node, Turn
from skirmish.engine.stack import Fields, Shown
from skirmish.games.magewinds.attack import AttackResult
from skirmish.games.magewinds.battle.actions import after, pick
from skirmish.games.magewinds.battle.attacks import AttackFrame, build_situation
from skirmish.games.magewinds.battle.attackview import attack_from, result_from
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import RADIUS
from skirmish.games.magewinds.battle.state import Battle, Frame, Point
from skirmish.games.magewinds.battle.steps import StepFrame
from skirmish.games.magewinds.profiles import AttackProfile, Reaction, Special

BLAST_AREA = 1.0


def blasts(attack: AttackProfile) -> bool:
    return Special.BLAST in attack.special


class BlastStage(StrEnum):
    """Where a Blast is (ruling MB-13): the first attack, the further attacks, then the
    steps that waited."""

    FIRST = "first"
    FURTHER = "further"
    STEPPING = "stepping"


@dataclass(frozen=True)
class BlastFrame(Frame):
    """Blast: the first attack (above this frame), then the further attacks, then every
    reaction step move that waited."""

    wizard: str
    player: int
    target: str
    centre: Point
    attack: AttackProfile
    stage: BlastStage = BlastStage.FIRST
    first: AttackResult | None = None
    attacked: tuple[str, ...] = ()
    steps: tuple[tuple[str, str], ...] = ()
    """(fighter, reaction) whose step move waits, in the order they were attacked."""
    source_at: Point | None = None

    @classmethod
    def read_back(cls, battle: Battle, data: Shown, rng: Random, now: Shown | None) -> Fields:
        """The attack and the first attack's result read back as the view shows them."""
        values = super().read_back(battle, data, rng, now)
        values["attack"] = attack_from(battle.setup, data["attack"])
        values["first"] = result_from(data["first"])
        return values

    def _left(self, battle: Battle) -> list[str]:
        """Fighters on the battlefield within 1" of where the target stood, not yet
        attacked (nor the target, nor the Wizard)."""
        out = []
        for other in battle.on_battlefield():
            if other.name in (self.wizard, self.target, *self.attacked):
                continue
            assert other.at is not None
            if math.dist(other.at, self.centre) - 2 * RADIUS <= BLAST_AREA + 1e-9:
                out.append(other.name)
        return out

    def resume(self, battle: Battle, result: Any) -> Battle:
        if self.stage == BlastStage.STEPPING:
            return battle
        assert isinstance(result, AttackResult)
        frame = self
        if self.stage == BlastStage.FIRST:
            frame = replace(self, first=result, stage=BlastStage.FURTHER)
            version = battle.setup.profile(battle.fighter(self.wizard).profile).version
            battle = battle.logged(
                "Blast",
                EventKind.BLAST,
                "Blast (Wizard v{version}): the same attack against every other fighter within "
                '1" of where {target} stood: {fighters:list} (ruling MB-13)',
                attacker=self.wizard,
                target=self.target,
                fighters=tuple(frame._left(battle)),
                words={"version": version},
            )
            name = self.target
        else:
            name = self.attacked[-1]
        if result.reaction is not Reaction.NONE and battle.fighter(name).on_battlefield:
            frame = replace(frame, steps=(*frame.steps, (name, result.reaction.value)))
        return battle.top(frame)

    def advance(self, battle: Battle) -> Battle | None:
        if self.stage == BlastStage.FURTHER:
            wizard = battle.fighter(self.wizard)
            left = self._left(battle) if wizard.on_battlefield else []
            if not left:
                return battle.top(replace(self, stage=BlastStage.STEPPING))
            if len(left) == 1:
                return self._attack(battle, left[0])
            return None
        if self.stage == BlastStage.STEPPING:
            if not self.steps:
                return battle.finish(self.first)
            (name, reaction), rest = self.steps[0], self.steps[1:]
            battle = battle.top(replace(self, steps=rest))
            fighter = battle.fighter(name)
            if not fighter.on_battlefield:
                return battle
            return battle.push(
                StepFrame(
                    name,
                    fighter.player,
                    source=self.wizard,
                    source_at=self.source_at,
                    reaction=reaction,
                )
            )
        return None

    def node(self, battle: Battle) -> Node:
        return Turn(self.player, "Blast", f"{self.wizard}: which fighter does Blast attack next?")

    def options(self, battle: Battle) -> tuple[Action, ...]:
        return tuple(f"blast {name}" for name in self._left(battle))

    def act(self, battle: Battle, action: Action) -> Battle:
        chosen = pick(action, self.options(battle), "Blast", "fighter to attack next")
        name = after(chosen, "blast")
        assert name is not None
        return self._attack(battle, name)

    def _attack(self, battle: Battle, name: str) -> Battle:
        wizard, target = battle.fighter(self.wizard), battle.fighter(name)
        situation = build_situation(battle, wizard, target, self.attack, spread=True)
        battle = battle.logged(
            "Blast",
            EventKind.BLAST_ATTACK,
            "Blast: {attacker} makes the same attack against {target}; it is not an attack "
            "action (ruling MB-13)",
            attacker=self.wizard,
            target=name,
        )
        frame = AttackFrame(
            wizard.name,
            name,
            self.player,
            target.player,
            situation,
            source_at=self.source_at,
            deferred=True,
        )
        return battle.top(replace(self, attacked=(*self.attacked, name))).push(frame)

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {
            "frame": "blast",
            "wizard": self.wizard,
            "target": self.target,
            "attacked": list(self.attacked),
            "stage": self.stage,
        }
