"""17.0 Spellcasting in battles: which spells may be cast at each moment, and their effects.

Spells are offered as complete actions, ``cast SPELL [by CASTER] [on TARGET] paying CARDS``,
one for every legal caster, target and payment (17.0): the list is the exact legal set.
Costs come from the pack (the fighter's ability, or the pack's universal abilities); the
moments come from each spell's text. The universal spells are here:

- end of an activation (the end of your turn): Energize (once per warband per Action
  Phase, on a visible friendly fighter);
- start of a Move action: Haste (a friendly fighter that sees the mover; ruling MB-9);
- a step move: Leap (the stepping fighter);
- spell actions: Blink, Recover; attack spells with the attack; Mirrorshield and
  Barrier inside the attack (18.0).

The fighters' own spells cast at these moments (as an activation starts or ends, as the
Action Phase starts) and what they do to an attack are asked of the abilities through
:data:`~skirmish.games.magewinds.battle.hooks.ABILITIES`.

Targets and timings the pages leave open are ruling MB-18.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from skirmish.engine.battle import Action, IllegalAction
from skirmish.errors import SkirmishError
from skirmish.fastpaths import OFFERS, fast
from skirmish.games.magewinds.battle.actions import point_text
from skirmish.games.magewinds.battle.candidates import free_points, grid
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import RADIUS, sees, stand_problem, visible_spot
from skirmish.games.magewinds.battle.grammar import Kind, Names, parse, split_paid
from skirmish.games.magewinds.battle.hooks import ABILITIES, Castable
from skirmish.games.magewinds.battle.paying import named_payment, ways_to_pay
from skirmish.games.magewinds.battle.state import Battle, Fighter
from skirmish.games.magewinds.effects import Effect
from skirmish.games.magewinds.profiles import Ability

BLINK_CLEARANCE = 3.0
"""Blink: more than 3" from every enemy fighter."""
LEAP_BONUS = 2.0
"""Leap +2" on a step; Haste's bonus depends on the version (:mod:`.abilities.universal`)."""


def ability(battle: Battle, fighter: Fighter, key: str) -> Ability | None:
    """The fighter's own ability with rule ``key``, or the pack's universal one."""
    own = battle.setup.profile(fighter.profile).ability(key)
    return own if own is not None else battle.setup.pack.universal(key)


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


def end_of_activation(battle: Battle, fighter: Fighter) -> list[Castable]:
    """The abilities' spells cast as an activation ends (Hex), then Energize once per
    warband per Action Phase (MB-18). Whether the moment is offered depends on these
    alone, never on the hand (ruling MB-23)."""
    casts = ABILITIES.end_spells(battle, fighter)
    if fighter.player not in battle.energized:
        for target in battle.on_battlefield(fighter.player):
            if target.counters and battle.controller(target) == battle.controller(fighter):
                casts += castable(battle, target, "energize", target=target)
    return casts


def spell_name(battle: Battle, fighter: Fighter, key: str) -> str:
    """The name of ``fighter``'s spell ``key`` as a cast action writes it."""
    spell = ability(battle, fighter, key)
    return spell.name if spell else key


def haste_options(battle: Battle, mover: Fighter, casters: tuple[str, ...]) -> list[Action]:
    """Haste: each friendly fighter that sees the mover may cast it once (ruling MB-9).
    On the fast path (part ``OFFERS``) whether a caster sees the mover is asked only of
    one that has Haste and can pay for it (the rest offer no cast either way)."""
    options: list[Action] = []
    first = fast(OFFERS)
    for caster in battle.on_battlefield(mover.player):
        mine = battle.controller(caster) == battle.controller(mover)
        if caster.name in casters or not mine:
            continue
        if first:
            offered = cast_options(battle, caster, "haste", by=True, on=mover)
            if offered and sees(battle, caster, mover):
                options += offered
        elif sees(battle, caster, mover):
            options += cast_options(battle, caster, "haste", by=True, on=mover)
    return options


def leap_options(battle: Battle, fighter: Fighter) -> list[Action]:
    return cast_options(battle, fighter, "leap")


def phase_start_casters(battle: Battle, player: int) -> list[Castable]:
    """The spells ``player``'s fighters may cast as the Action Phase starts, whatever the
    hand (rulings MB-19, MB-23): the abilities' (Wildform)."""
    return ABILITIES.phase_start_casts(battle, player)


def phase_start_options(battle: Battle, player: int) -> list[Action]:
    return paid_casts(battle, phase_start_casters(battle, player))


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
    """The effect of a non-action spell cast with ``action`` (after it is paid for):
    Energize's here, an ability's through :data:`.hooks.ABILITIES`."""
    spell = parse(action, Names.of(battle)).spell
    if spell is not None and spell == spell_name(battle, caster, "energize"):
        battle = replace(battle, energized=battle.energized | {target.player})
        return recover_action(battle, target, "Energize: ", caster=caster.name, spell="Energize")
    done = None if spell is None else ABILITIES.spell_effect(battle, spell, caster, target)
    if done is None:
        raise IllegalAction(f"17.0: {action!r} is not a spell this battle plays")
    return done


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


def attacking_as(battle: Battle, fighter: Fighter) -> Fighter:
    """``fighter`` as it attacks: the auras that reach it written among its effects
    (White-Hot Weapons, ruling MB-10), so that whatever reads a fighter's effects, and a
    computer player's kept values keyed by them, reads those too."""
    return ABILITIES.attacking_as(battle, fighter) if battle.auras else fighter


def effects_of(fighter: Fighter, *, attacking: bool) -> frozenset[Effect]:
    """The spells in effect on a fighter, as the attack procedure reads them (18.0): an
    aura among its effects (:func:`attacking_as`) only while it attacks."""
    return ABILITIES.spell_effects(fighter, attacking)


def attack_effects(battle: Battle, fighter: Fighter, *, attacking: bool) -> frozenset[Effect]:
    """The spells in effect on a fighter in ``battle``, as the attack procedure reads them
    (18.0), the auras that reach it included while it attacks."""
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
