"""The Druid's Entangle (Tempest Crusaders, Druid pages v1.5.0 and v1.5.2).

Both published versions are played; the pack entry's version chooses (the bundled pack
holds v1.5.2; a pack of your own may give the v1.5.0 entry, with a cost, which that page
does not show). The target is another fighter within 9" that the Druid sees; the spell
lasts until the Druid's next action (ruling MB-37 for "next action"):

- v1.5.2: the target may not move at all (no Move distance, no step move, so no Dodge)
  until then, or until it is re-deployed (20.2);
- v1.5.0: the target moves at most 1" at a time, and cannot be pushed: no knockback and
  no Push (ruling MB-39).

Being moved by another fighter's attack is not the target moving (ruling MB-39).
"""

from __future__ import annotations

from skirmish.games.magewinds.battle.abilities.common import (
    TargetedSpell,
    cited,
    gap,
    marks,
    own,
    with_mark,
    without,
)
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import sees
from skirmish.games.magewinds.battle.state import Battle, Fighter, Mark
from skirmish.games.magewinds.profiles import Ability

KEY = "entangle"
ENTANGLE_RANGE = 9.0
LATEST = "1.5.2"
OLDER = "1.5.0"


def version_of(battle: Battle, druid: Fighter) -> str:
    """The page version the pack's Entangle entry comes from (the fighter's, unless the
    entry names its own)."""
    spell = own(battle, druid, KEY)
    version = spell.version if spell is not None and spell.version else ""
    return version or battle.setup.profile(druid.profile).version or LATEST


class Entangle(TargetedSpell):
    """Entangle: ``entangle FIGHTER paying CARDS``."""

    def targets(self, battle: Battle, druid: Fighter) -> list[Fighter]:
        return [
            t
            for t in battle.on_battlefield()
            if t.name != druid.name and gap(druid, t) <= ENTANGLE_RANGE and sees(battle, druid, t)
        ]

    def nothing(self, battle: Battle, fighter: Fighter) -> str:
        return 'no other fighter within 9" that the Druid sees'

    def refusal(self, battle: Battle, caster: Fighter, target: Fighter) -> str:
        return f'{target.name} is not another fighter within 9" that {caster.name} sees (16.0)'

    def cast(self, battle: Battle, caster: Fighter, target: Fighter, spell: Ability) -> Battle:
        version = version_of(battle, caster)
        battle = with_mark(battle, Mark(KEY, caster.name, target=target.name, detail=version))
        what = (
            "may not move at all"
            if version != OLDER
            else 'moves at most 1" at a time and cannot be pushed'
        )
        return battle.logged(
            spell.name,
            EventKind.SPELL,
            "{cited} (v{version} rule): until {caster}'s next action {target} {what} (ruling "
            "MB-39)",
            caster=caster.name,
            spell=spell.name,
            target=target.name,
            version=version,
            words={"cited": cited(battle, spell, caster), "what": what},
        )


ENTANGLE = Entangle(KEY, "entangle")


def movement_cap(battle: Battle, fighter: Fighter) -> float | None:
    """How far ``fighter`` may move at a time under Entangle (None: no limit)."""
    cap: float | None = None
    for mark in marks(battle, KEY, target=fighter.name):
        limit = 1.0 if mark.detail == OLDER else 0.0
        cap = limit if cap is None else min(cap, limit)
    return cap


def unpushable(battle: Battle, fighter: Fighter) -> bool:
    """Entangle v1.5.0: the fighter cannot be pushed (knockback, Push)."""
    return any(m.detail == OLDER for m in marks(battle, KEY, target=fighter.name))


def redeployed(battle: Battle, fighter: Fighter) -> Battle:
    """Entangle v1.5.2 ends when its target is re-deployed (20.2)."""
    gone = [m for m in marks(battle, KEY, target=fighter.name) if m.detail != OLDER]
    if not gone:
        return battle
    return without(battle, *gone).logged(
        "Entangle",
        EventKind.SPELL_ENDS,
        "{fighter} is re-deployed: {spells:comma} ends",
        fighter=fighter.name,
        spells=("Entangle",),
    )
