"""17.0 Spellcasting in battles: which spells may be cast at each moment, and their effects.

Spells are offered as complete actions, ``cast SPELL [by CASTER] [on TARGET] paying CARDS``,
one for every legal caster, target and payment (17.0): the list is the exact legal set.
Costs come from the pack (the fighter's ability, or the pack's universal abilities); the
moments come from each spell's text:

- start of a fighter's activation: White-Hot Weapons (the Enchanter itself), Third Eye
  (a friendly Seer on another fighter);
- end of an activation (the end of your turn): Hex (the Witch, on a visible fighter),
  Energize (once per warband per Action Phase, on a visible friendly fighter);
- start of a Move action: Haste (a friendly fighter that sees the mover; ruling MB-9);
- a step move: Leap (the stepping fighter);
- start of the Action Phase: Wildform (the Druid);
- spell actions: Blink, Recover; attack spells with the attack; Mirrorshield and
  Barrier inside the attack (18.0).

Targets and timings the pages leave open are ruling MB-18.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from skirmish.engine.battle import Action, IllegalAction
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle.actions import point_text
from skirmish.games.magewinds.battle.candidates import free_points, grid
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import RADIUS, sees, stand_problem, visible_spot
from skirmish.games.magewinds.battle.grammar import Kind, Names, parse, split_paid
from skirmish.games.magewinds.battle.paying import named_payment, ways_to_pay
from skirmish.games.magewinds.battle.state import Battle, Fighter
from skirmish.games.magewinds.effects import HEX, THIRD_EYE, WHITE_HOT_WEAPONS, WILDFORM, Effect
from skirmish.games.magewinds.profiles import Ability

WHITE_HOT_RANGE = 9.0
"""White-Hot Weapons (Enchanter v1.3.1): friendly fighters within 9" and visible."""
BLINK_CLEARANCE = 3.0
"""Blink: more than 3" from every enemy fighter."""
LEAP_BONUS = 2.0
WILDFORM_MOVEMENT = 2
"""Leap +2" on a step, Wildform +2 Movement (v1.5.x); Haste's bonus depends on the
version (:mod:`.abilities.universal`)."""

EFFECTS: dict[str, Effect] = {"third_eye": THIRD_EYE, "hex": HEX, "wildform": WILDFORM}
WHITE_HOT = "white_hot_weapons"
AURAS: dict[str, Effect] = {WHITE_HOT: WHITE_HOT_WEAPONS}
"""Spells another fighter cast that work on a fighter only while it attacks in reach."""


def ability(battle: Battle, fighter: Fighter, key: str) -> Ability | None:
    """The fighter's own ability with rule ``key``, or the pack's universal one."""
    own = battle.setup.profile(fighter.profile).ability(key)
    return own if own is not None else battle.setup.pack.universal(key)


@dataclass(frozen=True)
class Castable:
    """A spell that may be cast now, as far as everyone can see: ``caster`` has the
    spell ``key`` and ``target`` is a legal target (named in the action when ``by`` or
    ``on`` says so). Whether its player can pay is theirs alone to know."""

    caster: Fighter
    key: str
    target: Fighter | None = None
    by: bool = False


def castable(battle: Battle, caster: Fighter, key: str, **where: Any) -> list[Castable]:
    """``caster``'s spell ``key`` (with a casting cost) as a :class:`Castable`, or none."""
    spell = ability(battle, caster, key)
    if spell is None or not spell.cost:
        return []
    return [Castable(caster, key, **where)]


def paid_casts(battle: Battle, casts: list[Castable]) -> list[Action]:
    """``cast SPELL [by CASTER] [on TARGET] paying CARDS`` for each cast and way to pay."""
    options: list[Action] = []
    for one in casts:
        spell = ability(battle, one.caster, one.key)
        assert spell is not None
        words = f"cast {spell.name}" + (f" by {one.caster.name}" if one.by else "")
        words += f" on {one.target.name}" if one.target is not None else ""
        ways = ways_to_pay(battle, battle.controller(one.caster), spell.cost)
        options += [f"{words} paying {p.text}" for p in ways]
    return options


def cast_options(
    battle: Battle, caster: Fighter, key: str, *, by: bool = False, on: Fighter | None = None
) -> list[Action]:
    """``cast SPELL [by CASTER] [on TARGET] paying CARDS`` for each way to pay."""
    return paid_casts(battle, castable(battle, caster, key, target=on, by=by))


def payment_of(action: Action) -> tuple[str, ...]:
    """The cards an offered cast pays."""
    return split_paid(action)[1]


def cast(battle: Battle, player: int, action: Action, spell: str, caster: str) -> Battle:
    """Pay for ``caster``'s spell (17.0): discard the cards the action names."""
    return battle.spend(player, payment_of(action), spell, fighter=caster, spell=spell)


# -- the moments ----------------------------------------------------------------------------


def start_of_activation(battle: Battle, fighter: Fighter) -> list[Action]:
    """White-Hot Weapons and Third Eye, cast as ``fighter``'s activation starts (MB-18)."""
    options: list[Action] = []
    if ("white_hot_weapons", fighter.name) not in battle.auras and battle.setup.profile(
        fighter.profile
    ).has_ability("white_hot_weapons"):
        options += cast_options(battle, fighter, "white_hot_weapons")
    if "third_eye" not in fighter.effects:
        for seer in battle.on_battlefield(fighter.player):
            if (
                seer.name != fighter.name
                and battle.setup.profile(seer.profile).has_ability("third_eye")
                and battle.controller(seer) == battle.controller(fighter)
            ):
                options += cast_options(battle, seer, "third_eye", by=True, on=fighter)
    return options


def end_of_activation(battle: Battle, fighter: Fighter) -> list[Castable]:
    """Hex by the activated Witch; Energize once per warband per Action Phase (MB-18).
    Whether the moment is offered depends on these alone, never on the hand (ruling MB-23)."""
    casts: list[Castable] = []
    if fighter.on_battlefield and battle.setup.profile(fighter.profile).has_ability("hex"):
        for target in battle.on_battlefield():
            if "hex" not in target.effects and sees(battle, fighter, target):
                casts += castable(battle, fighter, "hex", target=target)
    if fighter.player not in battle.energized:
        for target in battle.on_battlefield(fighter.player):
            if target.counters and battle.controller(target) == battle.controller(fighter):
                casts += castable(battle, target, "energize", target=target)
    return casts


def _name(battle: Battle, fighter: Fighter, key: str) -> str:
    spell = ability(battle, fighter, key)
    return spell.name if spell else key


def haste_options(battle: Battle, mover: Fighter, casters: tuple[str, ...]) -> list[Action]:
    """Haste: each friendly fighter that sees the mover may cast it once (ruling MB-9)."""
    options: list[Action] = []
    for caster in battle.on_battlefield(mover.player):
        mine = battle.controller(caster) == battle.controller(mover)
        if caster.name not in casters and mine and sees(battle, caster, mover):
            options += cast_options(battle, caster, "haste", by=True, on=mover)
    return options


def leap_options(battle: Battle, fighter: Fighter) -> list[Action]:
    return cast_options(battle, fighter, "leap")


def wildform_casters(battle: Battle, player: int) -> list[Castable]:
    """Wildform: ``player``'s Druids on the battlefield not yet in Wildform, each of which
    may cast it on itself as the Action Phase starts, whatever the hand (rulings MB-19,
    MB-23)."""
    casts: list[Castable] = []
    for druid in battle.on_battlefield(player):
        profile = battle.setup.profile(druid.profile)
        if profile.has_ability("wildform") and "wildform" not in druid.effects:
            casts += castable(battle, druid, "wildform", target=druid)
    return casts


def wildform_options(battle: Battle, player: int) -> list[Action]:
    return paid_casts(battle, wildform_casters(battle, player))


def blink_allowed(battle: Battle, fighter: Fighter) -> str | None:
    """Why Blink may not be cast now: not while carrying an object (Blink v1.5.x)."""
    if fighter.carrying:
        return f"Blink: {fighter.name} is carrying {', '.join(fighter.carrying)}"
    return None


def blink_problem(battle: Battle, fighter: Fighter, at: tuple[float, float]) -> str | None:
    """Blink: a visible spot more than 3" from every enemy fighter (re-deploy, 20.2)."""
    problem = stand_problem(battle, at, exclude=fighter.name)
    if problem:
        return problem
    for enemy in battle.on_battlefield():
        if enemy.player != fighter.player and enemy.at is not None:
            gap = math.dist(enemy.at, at) - 2 * RADIUS
            if gap <= BLINK_CLEARANCE:
                return (
                    f'Blink: ({point_text(at)}) is {max(gap, 0):.2f}" from {enemy.name}; '
                    'it must be more than 3"'
                )
    if not visible_spot(battle, fighter, at):
        return f"Blink: ({point_text(at)}) is not visible to {fighter.name} (16.0)"
    return None


# -- effects ------------------------------------------------------------------------------


def apply_cast(battle: Battle, action: Action, caster: Fighter, target: Fighter) -> Battle:
    """The effect of a non-action spell cast with ``action`` (after it is paid for)."""
    spell = parse(action, Names.of(battle)).spell

    def casts(key: str) -> bool:
        return spell is not None and spell == _name(battle, caster, key)

    if casts("white_hot_weapons"):
        battle = replace(battle, auras=(*battle.auras, ("white_hot_weapons", caster.name)))
        return battle.logged(
            "White-Hot Weapons",
            EventKind.SPELL,
            "{caster} casts {spell}: until the Action Phase ends, friendly fighters within "
            '9" that it sees ignore 1 Armour with non-magical melee attacks',
            caster=caster.name,
            spell="White-Hot Weapons",
        )
    if casts("energize"):
        battle = replace(battle, energized=battle.energized | {target.player})
        return recover_action(battle, target, "Energize: ", caster=caster.name, spell="Energize")
    for key in ("third_eye", "hex", "wildform"):
        if casts(key):
            battle = battle.with_fighter(replace(target, effects=target.effects | {key}))
            return battle.logged(
                EFFECTS[key].name,
                EventKind.SPELL,
                "{caster} casts {spell} on {target} until the Action Phase ends (ruling MB-18)",
                caster=caster.name,
                spell=EFFECTS[key].name,
                target=target.name,
            )
    raise IllegalAction(f"17.0: {action!r} is not a spell this battle plays")


def recover_action(battle: Battle, fighter: Fighter, why: str, **data: Any) -> Battle:
    """20.3: a double action counter becomes single, a single one goes; ``why`` starts the
    log line, ``data`` says whose spell it is (``caster``, ``spell``...)."""
    counters = max(0, fighter.counters - 1)
    battle = battle.with_fighter(replace(fighter, counters=counters))
    return battle.logged(
        "20.3",
        EventKind.RECOVER_ACTION,
        "{why}{fighter} recovers an action ({counters} action counters left)",
        fighter=fighter.name,
        counters=counters,
        words={"why": why},
        **data,
    )


def white_hot(battle: Battle, attacker: Fighter) -> bool:
    """White-Hot Weapons in effect for ``attacker``: a friendly Enchanter that cast it this
    Action Phase is on the battlefield, within 9" of the attacker and sees it (ruling MB-10)."""
    for key, source in battle.auras:
        if key != "white_hot_weapons":
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
    """``fighter`` as it attacks: the auras that reach it written among its effects
    (White-Hot Weapons, ruling MB-10), so that whatever reads a fighter's effects, and a
    computer player's kept values keyed by them, reads those too."""
    if WHITE_HOT not in fighter.effects and white_hot(battle, fighter):
        return replace(fighter, effects=fighter.effects | {WHITE_HOT})
    return fighter


def effects_of(fighter: Fighter, *, attacking: bool) -> frozenset[Effect]:
    """The spells in effect on a fighter, as the attack procedure reads them (18.0): an
    aura among its effects (:func:`attacking_as`) only while it attacks."""
    effects = {EFFECTS[key] for key in fighter.effects if key in EFFECTS}
    if attacking:
        effects |= {AURAS[key] for key in fighter.effects if key in AURAS}
    return frozenset(effects)


def attack_effects(battle: Battle, fighter: Fighter, *, attacking: bool) -> frozenset[Effect]:
    """The spells in effect on a fighter in ``battle``, as the attack procedure reads them
    (18.0), White-Hot Weapons included while it attacks within the Enchanter's reach."""
    return effects_of(attacking_as(battle, fighter) if attacking else fighter, attacking=attacking)


def parse_cast(battle: Battle, action: Action, default: Fighter) -> tuple[Fighter, Fighter]:
    """The caster (``by``, else ``default``) and target (``on``, else the caster) of a
    ``cast`` action."""
    words = parse(action, Names.of(battle))
    if words.kind is Kind.CAST:
        caster = battle.find_fighter(words.fighter) if words.fighter else default
        target = battle.find_fighter(words.target) if words.target else None
        return caster, target or caster
    head = action.split(" paying ")[0]
    caster, target = default, None
    if " on " in head:
        head, on = head.rsplit(" on ", 1)
        target = battle.find_fighter(on)
    if " by " in head:
        caster = battle.find_fighter(head.rsplit(" by ", 1)[1])
    return caster, target or caster


def cast_refused(battle: Battle, action: Action, default: Fighter) -> str | None:
    """Why a typed ``cast SPELL ... paying CARDS`` that is not among the legal casts is
    refused, when its payment is what fails: the cards checked against the caster's hand
    (17.0, rulings MB-1 and MB-2). None when the payment is not the reason."""
    head, _, paying = action.partition(" paying ")
    words = head.split()
    if not paying or not words or words[0].casefold() != "cast":
        return None
    try:
        caster, _ = parse_cast(battle, action, default)
    except SkirmishError:
        return None
    read = parse(action, Names.of(battle))
    if read.kind is Kind.CAST and read.spell is not None:
        name = read.spell.casefold()
    else:
        name = " ".join(words[1:]).split(" by ")[0].split(" on ")[0].casefold()
    own = battle.setup.profile(caster.profile).abilities
    known = (*own, *battle.setup.pack.universal_abilities)
    spell = next((a for a in known if a.name.casefold() == name and a.cost), None)
    if spell is None:
        return None
    try:
        named_payment(battle, battle.controller(caster), spell.cost, paying)
    except SkirmishError as error:
        return str(error)
    return None


def blink_spots(
    battle: Battle,
    fighter: Fighter,
    *,
    first: bool = False,
    best: Callable[[tuple[float, float]], float] | None = None,
    most: int | None = None,
) -> list[tuple[float, float]]:
    """Representative Blink destinations: grid points that pass every Blink check.
    ``best``: the points ranked by it, highest first (ties in grid order), and only the
    ``most`` best checked and kept, as the whole list ranked the same way would begin."""
    points = free_points(battle, grid(battle), exclude=fighter.name)
    if best is not None:
        points = sorted(points, key=best, reverse=True)
    spots = []
    for point in points:
        if blink_problem(battle, fighter, point) is None:
            spots.append(point)
            if first or (most is not None and len(spots) >= most):
                break
    return spots
