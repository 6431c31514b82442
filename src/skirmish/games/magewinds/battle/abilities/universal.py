"""The universal abilities' two published versions (v1.2.0 and v1.5.x), ruling MB-46.

The bundled pack holds v1.5.2. A pack of your own may restate them as v1.2.0 (each
entry's ``version``), and these rules change with it:

- Haste: +3 Movement in v1.2.0, +1 from v1.5.0;
- Recover: in v1.2.0 it costs 1 Heart and the fighter heals 2 at the start of its player's
  next turn, or at the end of the Action Phase if that comes first; from v1.5.0 it heals as
  much as the Hearts spent, at once.

Leap (v1.2.0 "up to 3"", v1.5.x "2" further") and Energize (v1.2.0 once per round, v1.5.x
once per Action Phase: a round has one) come to the same thing in both versions; Barrier's
and Spark's numbers come from the pack entries themselves.
"""

from __future__ import annotations

from skirmish.games.magewinds.battle.abilities.common import marks, with_mark, without
from skirmish.games.magewinds.battle.activation import recovered
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.spells import ability
from skirmish.games.magewinds.battle.state import Battle, Fighter, Mark

FIRST = (1, 5)
"""Pages before v1.5.0 hold the older universal rules."""
OLD_HASTE, HASTE = 3, 1
OLD_RECOVER = 2
RECOVER = "recover"


def version_of(battle: Battle, fighter: Fighter, key: str) -> tuple[int, ...]:
    """The version of the page ``fighter``'s ability ``key`` comes from (the newest when
    the entry does not say)."""
    spell = ability(battle, fighter, key)
    text = spell.version if spell is not None else ""
    try:
        return tuple(int(part) for part in text.split(".")) if text else (99,)
    except ValueError:
        return (99,)


def older(battle: Battle, fighter: Fighter, key: str) -> bool:
    return version_of(battle, fighter, key) < FIRST


def haste_bonus(battle: Battle, caster: Fighter) -> int:
    """Haste's Movement bonus as the caster's pack entry has it."""
    return OLD_HASTE if older(battle, caster, "haste") else HASTE


def recover_later(battle: Battle, fighter: Fighter) -> Battle:
    """Recover v1.2.0: the fighter will heal 2 at its player's next turn (or the end of
    the Action Phase)."""
    battle = with_mark(battle, Mark(RECOVER, fighter.name, target=fighter.name))
    return battle.logged(
        "Recover",
        EventKind.RECOVER_LATER,
        "Recover (v1.2.0): {fighter} will heal {healed} at the start of player {player}'s next "
        "turn, or at the end of the Action Phase (ruling MB-46)",
        fighter=fighter.name,
        healed=OLD_RECOVER,
        player=fighter.player + 1,
    )


def healed(battle: Battle, player: int | None) -> Battle:
    """The healing Recover v1.2.0 promised: ``player``'s turn begins (None: the Action
    Phase ends, for every player)."""
    for mark in marks(battle, RECOVER):
        fighter = battle.fighter(mark.owner)
        if player is not None and fighter.player != player:
            continue
        battle = without(battle, mark)
        if not fighter.on_battlefield:
            continue
        battle = recovered(battle, fighter, OLD_RECOVER, "Recover (v1.2.0)")
    return battle
