"""The Witch's Charm (Tempest Crusaders, Witch page v1.4.0), ruling MB-41.

A spell action paying 1 Heart + 1 Spade + 1 Club: the Witch's player secretly notes an enemy
fighter the Witch sees. Everyone sees that Charm was cast and the cards paid; only the
Witch's player sees the note. When the noted fighter is next activated, its activation is
interrupted: the note is revealed and the Witch's player controls the fighter for that
activation, deciding everything for it and paying for its spells from their own hand (17.0);
spells of other fighters, which the Witch's player does not control, are not offered in that
activation. The note stands until that activation, whatever becomes of the Witch.
"""

from __future__ import annotations

from typing import ClassVar

from skirmish.games.magewinds.battle.abilities.common import (
    TargetedSpell,
    cited,
    marks,
    with_mark,
    without,
)
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import sees
from skirmish.games.magewinds.battle.state import Battle, Fighter, Mark
from skirmish.games.magewinds.profiles import Ability

KEY = "charm"
CONTROLLED = "charmed"


class Charm(TargetedSpell):
    """Charm: ``charm ENEMY paying CARDS`` (a hidden decision)."""

    hidden: ClassVar[bool] = True

    def targets(self, battle: Battle, witch: Fighter) -> list[Fighter]:
        noted = {m.target for m in marks(battle, KEY, owner=witch.name)}
        return [
            t
            for t in battle.on_battlefield()
            if t.player != witch.player and t.name not in noted and sees(battle, witch, t)
        ]

    def nothing(self, battle: Battle, fighter: Fighter) -> str:
        return "no enemy fighter that the Witch sees"

    def refusal(self, battle: Battle, caster: Fighter, target: Fighter) -> str:
        return f"{target.name} is not an enemy fighter that {caster.name} sees (16.0, 4.3)"

    def cast(self, battle: Battle, caster: Fighter, target: Fighter, spell: Ability) -> Battle:
        player = battle.controller(caster)
        battle = with_mark(battle, Mark(KEY, caster.name, target=target.name, seen_by=player))
        battle = battle.logged(
            spell.name,
            EventKind.CHARM,
            "{cited}: player {player} secretly notes an enemy fighter {caster} sees (ruling MB-41)",
            caster=caster.name,
            spell=spell.name,
            player=player + 1,
            words={"cited": cited(battle, spell, caster)},
        )
        return battle.logged(
            spell.name,
            EventKind.CHARM_NOTE,
            "the Charm note names {target}",
            seen_by=player,
            target=target.name,
        )


CHARM = Charm(KEY, "charm")


def interrupted(battle: Battle, fighter: Fighter) -> Battle:
    """``fighter`` is activated: a Charm note naming it is revealed and its writer
    controls it for this activation."""
    notes = marks(battle, KEY, target=fighter.name)
    if not notes:
        return battle
    note = notes[0]
    player = note.seen_by if note.seen_by is not None else battle.fighter(note.owner).player
    battle = without(battle, *notes)
    battle = with_mark(
        battle, Mark(CONTROLLED, note.owner, target=fighter.name, detail=str(player))
    )
    return battle.logged(
        "Charm",
        EventKind.CHARM_REVEALED,
        "Charm interrupts: {caster}'s note named {fighter}; player {player} controls it for "
        "this activation and pays for its spells (ruling MB-41)",
        caster=note.owner,
        fighter=fighter.name,
        player=player + 1,
    )


def released(battle: Battle, fighter: Fighter) -> Battle:
    """The controlled activation ends: the fighter is its own player's again."""
    held = marks(battle, CONTROLLED, target=fighter.name)
    return without(battle, *held) if held else battle
