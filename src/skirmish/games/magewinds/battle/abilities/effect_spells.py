"""The spells whose effect stays on a fighter until the Action Phase ends (ruling MB-18):
White-Hot Weapons (Enchanter v1.3.1), Third Eye (Seer v1.4.0), Hex (Witch v1.4.0) and
Wildform (Druid v1.5.x).

Each is cast at one moment of the round: White-Hot Weapons and Third Eye as a fighter's
activation starts, Hex as the Witch's activation ends, Wildform as the Action Phase
starts. The kernel's spellcasting (:mod:`..spells`) asks for them, and for what they do to
an attack, through :data:`~skirmish.games.magewinds.battle.hooks.ABILITIES`, answered in
:mod:`.` (this package's ``__init__``).
"""

from __future__ import annotations

import math
from dataclasses import replace

from skirmish.engine.battle import Action
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import RADIUS, sees
from skirmish.games.magewinds.battle.hooks import Castable
from skirmish.games.magewinds.battle.spells import cast_options, castable, spell_name
from skirmish.games.magewinds.battle.state import Battle, Fighter
from skirmish.games.magewinds.effects import HEX, THIRD_EYE, WHITE_HOT_WEAPONS, WILDFORM, Effect

WHITE_HOT_RANGE = 9.0
"""White-Hot Weapons (Enchanter v1.3.1): friendly fighters within 9" and visible."""
WILDFORM_MOVEMENT = 2
"""Wildform +2 Movement (Druid v1.5.x)."""

EFFECTS: dict[str, Effect] = {"third_eye": THIRD_EYE, "hex": HEX, "wildform": WILDFORM}
"""Spells cast on a fighter that last on it until the Action Phase ends."""
WHITE_HOT = "white_hot_weapons"
AURAS: dict[str, Effect] = {WHITE_HOT: WHITE_HOT_WEAPONS}
"""Spells another fighter cast that work on a fighter only while it attacks in reach."""


def start_casts(battle: Battle, fighter: Fighter) -> list[Action]:
    """White-Hot Weapons and Third Eye, cast as ``fighter``'s activation starts (MB-18)."""
    options: list[Action] = []
    if (WHITE_HOT, fighter.name) not in battle.auras and battle.setup.profile(
        fighter.profile
    ).has_ability(WHITE_HOT):
        options += cast_options(battle, fighter, WHITE_HOT)
    if "third_eye" not in fighter.effects:
        for seer in battle.on_battlefield(fighter.player):
            if (
                seer.name != fighter.name
                and battle.setup.profile(seer.profile).has_ability("third_eye")
                and battle.controller(seer) == battle.controller(fighter)
            ):
                options += cast_options(battle, seer, "third_eye", by=True, on=fighter)
    return options


def end_casts(battle: Battle, fighter: Fighter) -> list[Castable]:
    """Hex by the activated Witch on a fighter it sees (MB-18), whatever the hand (ruling
    MB-23)."""
    casts: list[Castable] = []
    if fighter.on_battlefield and battle.setup.profile(fighter.profile).has_ability("hex"):
        for target in battle.on_battlefield():
            if "hex" not in target.effects and sees(battle, fighter, target):
                casts += castable(battle, fighter, "hex", target=target)
    return casts


def phase_start_casts(battle: Battle, player: int) -> list[Castable]:
    """Wildform: ``player``'s Druids on the battlefield not yet in Wildform, each of which
    may cast it on itself as the Action Phase starts, whatever the hand (rulings MB-19,
    MB-23)."""
    casts: list[Castable] = []
    for druid in battle.on_battlefield(player):
        profile = battle.setup.profile(druid.profile)
        if profile.has_ability("wildform") and "wildform" not in druid.effects:
            casts += castable(battle, druid, "wildform", target=druid)
    return casts


def effect(battle: Battle, spell: str, caster: Fighter, target: Fighter) -> Battle | None:
    """The effect of one of these spells, named ``spell`` as the cast action writes it,
    once paid for; None when ``spell`` is none of them."""
    if spell == spell_name(battle, caster, WHITE_HOT):
        battle = replace(battle, auras=(*battle.auras, (WHITE_HOT, caster.name)))
        return battle.logged(
            "White-Hot Weapons",
            EventKind.SPELL,
            "{caster} casts {spell}: until the Action Phase ends, friendly fighters within "
            '9" that it sees ignore 1 Armour with non-magical melee attacks',
            caster=caster.name,
            spell="White-Hot Weapons",
        )
    for key in EFFECTS:
        if spell == spell_name(battle, caster, key):
            battle = battle.with_fighter(replace(target, effects=target.effects | {key}))
            return battle.logged(
                EFFECTS[key].name,
                EventKind.SPELL,
                "{caster} casts {spell} on {target} until the Action Phase ends (ruling MB-18)",
                caster=caster.name,
                spell=EFFECTS[key].name,
                target=target.name,
            )
    return None


def white_hot(battle: Battle, attacker: Fighter) -> bool:
    """White-Hot Weapons in effect for ``attacker``: a friendly Enchanter that cast it this
    Action Phase is on the battlefield, within 9" of the attacker and sees it (ruling MB-10)."""
    for key, source in battle.auras:
        if key != WHITE_HOT:
            continue
        enchanter = battle.fighter(source)
        if not enchanter.on_battlefield or enchanter.player != attacker.player:
            continue
        assert enchanter.at is not None and attacker.at is not None
        if math.dist(enchanter.at, attacker.at) - 2 * RADIUS <= WHITE_HOT_RANGE and sees(
            battle, enchanter, attacker
        ):
            return True
    return False


def attacking_as(battle: Battle, fighter: Fighter) -> Fighter:
    """``fighter`` as it attacks, White-Hot Weapons among its effects when it reaches it
    (ruling MB-10)."""
    if WHITE_HOT not in fighter.effects and white_hot(battle, fighter):
        return replace(fighter, effects=fighter.effects | {WHITE_HOT})
    return fighter


def effects_of(fighter: Fighter, attacking: bool) -> frozenset[Effect]:
    """The spells in effect on a fighter as the attack procedure reads them (18.0): an
    aura among its effects only while it attacks."""
    effects = {EFFECTS[key] for key in fighter.effects if key in EFFECTS}
    if attacking:
        effects |= {AURAS[key] for key in fighter.effects if key in AURAS}
    return frozenset(effects)


def lasting() -> frozenset[str]:
    """The keys of the spells that end with the Action Phase (13.5)."""
    return frozenset(EFFECTS)


def effect_keys() -> tuple[str, ...]:
    """Every spell a fighter may have among its effects, as a position file names it."""
    return (*sorted(EFFECTS), WHITE_HOT)
