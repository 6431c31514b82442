"""The Guardian's Ward (Tempest Crusaders, Guardian page v1.5.2).

A spell action paying 1 Club. Until the Guardian's next action, every other fighter of its
warband counts as in cover (18.2: +1 Evasion) against an attack whose line of attack passes
within 2" of the Guardian. The line is the one the attack is made along (18.1, the shortest
line of attack, ruling MW-19); "next action" is the next action the Guardian is activated
to make, and Ward ends when the Guardian leaves the battlefield (ruling MB-37).
"""

from __future__ import annotations

import shapely
from shapely import LineString, Point

from skirmish.engine.battle import Action, IllegalAction
from skirmish.games.magewinds.battle.abilities.common import (
    ActionAbility,
    cited,
    marks,
    own,
    paid,
    split_paying,
    with_mark,
)
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import RADIUS, attack_line
from skirmish.games.magewinds.battle.state import Battle, Fighter, Mark
from skirmish.games.magewinds.profiles import AttackProfile
from skirmish.games.magewinds.sightlines import LineOfAttack

WARD_REACH = 2.0
KEY = "ward"


class Ward(ActionAbility):
    """Ward: ``ward paying CARDS``."""

    def options(self, battle: Battle, fighter: Fighter) -> tuple[Action, ...]:
        return tuple(f"ward{way}" for way in self.ways(battle, fighter))

    def act(self, battle: Battle, fighter: Fighter, action: Action) -> Battle:
        spell = own(battle, fighter, self.key)
        assert spell is not None
        head, paying = split_paying(action, spell.name)
        if head.strip().casefold() != "ward":
            raise IllegalAction(f"{spell.name}: write 'ward paying CARDS', not {action!r}")
        battle, _ = paid(battle, fighter, spell, paying)
        battle = with_mark(battle, Mark(KEY, fighter.name))
        return battle.logged(
            spell.name,
            EventKind.SPELL,
            "{cited}: until {caster}'s next action, its friends are in cover against lines of "
            'attack passing within 2" of it (18.2, ruling MB-37)',
            caster=fighter.name,
            spell=spell.name,
            words={"cited": cited(battle, spell, fighter)},
        )


WARD = Ward(KEY, "ward")


def warded_by(
    battle: Battle, attacker: Fighter, target: Fighter, line: LineOfAttack | None
) -> str | None:
    """The Guardian whose Ward puts ``target`` in cover against this attack, if any."""
    if not battle.marks or target.at is None or attacker.at is None:
        return None
    start = line.start if line is not None and line.start is not None else attacker.at
    end = line.end if line is not None and line.end is not None else target.at
    path = LineString([start, end]) if start != end else Point(start)
    for mark in marks(battle, KEY):
        guardian = battle.fighter(mark.owner)
        if (
            guardian.on_battlefield
            and guardian.at is not None
            and guardian.player == target.player
            and guardian.name != target.name
            and float(shapely.distance(path, Point(guardian.at))) - RADIUS <= WARD_REACH + 1e-9
        ):
            return guardian.name
    return None


def log_ward(battle: Battle, attacker: Fighter, target: Fighter, attack: AttackProfile) -> Battle:
    """Say in the log when Ward puts the target of an attack in cover."""
    if not marks(battle, KEY):
        return battle
    line, _ = attack_line(battle, attacker, target, attack)
    guardian = warded_by(battle, attacker, target, line)
    if guardian is None:
        return battle
    spell = own(battle, battle.fighter(guardian), KEY)
    assert spell is not None
    return battle.logged(
        "18.2",
        EventKind.WARD,
        '{cited}: the line of attack passes within 2" of {caster}, so {target} counts as in '
        "cover (+1 Evasion, ruling MB-37)",
        caster=guardian,
        target=target.name,
        words={"cited": cited(battle, spell, battle.fighter(guardian))},
    )
