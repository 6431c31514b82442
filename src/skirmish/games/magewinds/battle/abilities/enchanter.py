"""The Enchanter's Phasewalk (Tempest Crusaders, Enchanter page v1.3.1), ruling MB-43.

A spell paying 1 Spade, cast when a fighter the Enchanter sees moves: until the end of that
action, its movement ignores obstacles and enemy fighters. In battles it is cast as a Move
action begins, like Haste (MB-9), by an Enchanter of the mover's own side; the path may
then pass over any obstacle and through enemy bases, but not through friendly fighters or
objects (15.0), and the move must still end where a base may stand (15.0, MB-7).
"""

from __future__ import annotations

from dataclasses import replace

from skirmish.engine.battle import Action
from skirmish.games.magewinds.battle.abilities.common import cited, own
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import field_of, sees
from skirmish.games.magewinds.battle.spells import cast_options
from skirmish.games.magewinds.battle.state import Battle, Fighter
from skirmish.games.magewinds.field import Battlefield

KEY = "phasewalk"


def options(battle: Battle, mover: Fighter) -> list[Action]:
    """Phasewalk casts on ``mover``: each Enchanter of its side that sees it."""
    out: list[Action] = []
    for caster in battle.on_battlefield(mover.player):
        mine = battle.controller(caster) == battle.controller(mover)
        if mine and own(battle, caster, KEY) is not None and sees(battle, caster, mover):
            out += cast_options(battle, caster, KEY, by=True, on=mover)
    return out


def logged(battle: Battle, caster: Fighter, mover: Fighter) -> Battle:
    spell = own(battle, caster, KEY)
    assert spell is not None
    return battle.logged(
        spell.name,
        EventKind.SPELL,
        "{cited}: until this action ends, {target}'s movement ignores obstacles and enemy "
        "fighters (ruling MB-43)",
        caster=caster.name,
        spell=spell.name,
        target=mover.name,
        words={"cited": cited(battle, spell, caster)},
    )


def phased(battle: Battle, mover: Fighter) -> Battlefield:
    """The battlefield as a phasewalking ``mover`` moves over it: no obstacles, no enemy
    fighters."""
    field = field_of(battle)
    friends = {f.name for f in battle.fighters if f.player == mover.player}
    return replace(
        field, terrain=(), fighters=tuple(p for p in field.fighters if p.name in friends)
    )
