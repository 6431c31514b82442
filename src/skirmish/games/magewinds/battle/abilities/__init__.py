"""The fighters' own abilities in battles (Tempest Crusaders), a module per profile, and
the few places the rest of the battle asks them something:

- :data:`ACTIONS`: abilities that are actions (13.0), chosen like Move or Attack;
- :func:`start_casts`, :func:`end_casts`, :func:`cast`: spells cast as an activation starts
  or ends (Heal, Prediction; White-Hot Weapons and Third Eye, of :mod:`.effect_spells`,
  whose Hex and Wildform the kernel asks for as an activation ends and as the Action
  Phase starts, with what each does to an attack);
- :func:`activated`, :func:`began`, :func:`activation_ended`, :func:`turn_started`,
  :func:`phase_ended`, :func:`redeployed`: what abilities do when a fighter is activated,
  begins an action or ends its activation, when a player's turn begins, when the Action
  Phase ends and when a fighter is re-deployed;
- :func:`move_problem`: why a move or step may not end somewhere (Hypnotize).

The battle asks these and the single modules' answers (the attack: Ward's cover,
Entangle's limits on moving and knockback; the attacks a fighter may make: Aimed Shot; the
Channelling Phase: Insight; a take-down: :mod:`.fallen`; the work after an attack with
Blast: :mod:`.wizard`) through :data:`~skirmish.games.magewinds.battle.hooks.ABILITIES`,
filled in at the end of this module; the battle's kernel never imports an ability's module.
Everything an ability leaves on the battle is a
:class:`~skirmish.games.magewinds.battle.state.Mark`.
"""

from __future__ import annotations

from dataclasses import replace

from skirmish.engine.battle import Action, IllegalAction
from skirmish.fastpaths import OFFERS, Memo, fast
from skirmish.games.magewinds.battle.abilities import (
    cleric,
    deadeye,
    druid,
    effect_spells,
    enchanter,
    fallen,
    guardian,
    mesmer,
    quake,
    seer,
    universal,
    witch,
    wizard,
)
from skirmish.games.magewinds.battle.abilities.common import ActionAbility, marks, without
from skirmish.games.magewinds.battle.actions import after, pick
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.grammar import Names, parse
from skirmish.games.magewinds.battle.hooks import ABILITIES
from skirmish.games.magewinds.battle.state import Battle, Fighter, Frame, Point
from skirmish.games.magewinds.profiles import AttackProfile

ACTIONS: tuple[ActionAbility, ...] = (
    cleric.REVIVE,
    deadeye.TAKE_AIM,
    guardian.WARD,
    druid.ENTANGLE,
    mesmer.HYPNOTIZE,
    witch.CHARM,
    quake.QUAKE,
    mesmer.CLONE_ACTION,
)
UNIVERSAL_WORDS = ("move", "attack", "guard", "blink", "recover")
UNTIL_NEXT_ACTION = ("ward", "entangle", "hypnotize")
"""Spells that last until their caster's next action (ruling MB-37)."""


def words(battle: Battle, fighter: Fighter) -> list[str]:
    """The action abilities on ``fighter``'s profile, by the word that chooses them (on the
    fast path, part ``OFFERS``, worked out once for each profile of a setup)."""
    if fast(OFFERS):
        key = (battle.setup, fighter.profile)
        return list(_WORDS.get(key, lambda: tuple(_words(battle, fighter))))
    return _words(battle, fighter)


_WORDS: Memo[tuple[str, ...]] = Memo("action words")


def _words(battle: Battle, fighter: Fighter) -> list[str]:
    profile = battle.setup.profile(fighter.profile)
    return [a.word for a in ACTIONS if profile.has_ability(a.key)]


def action(word: str) -> ActionAbility:
    for found in ACTIONS:
        if found.word == word:
            return found
    raise IllegalAction(f"13.0: {word!r} is not an action ability")  # pragma: no cover


def _kinds(battle: Battle) -> dict[str, list[str]]:
    """Every fighter's action words (what Prediction may name): Hold the Line's Escape too
    for the Attacker's fighters (rulings MB-30, MB-38); on the fast path (part ``OFFERS``)
    worked out once for each state (the start and end of an activation both ask)."""
    if fast(OFFERS):
        kept = battle.remembered("action words", lambda: _all_kinds(battle))
        return {name: list(found) for name, found in kept.items()}
    return _all_kinds(battle)


def _all_kinds(battle: Battle) -> dict[str, list[str]]:
    # imported here: Hold the Line's Escape ends spells with :mod:`.fallen`, of this package
    from skirmish.games.magewinds.battle.holdtheline import attacker

    escapers = battle.setup.scenario.escape and battle.first is not None
    return {
        f.name: [
            *UNIVERSAL_WORDS,
            *(["escape"] if escapers and f.player == attacker(battle) else []),
            *words(battle, f),
        ]
        for f in battle.on_battlefield()
    }


def start_casts(battle: Battle, fighter: Fighter) -> list[Action]:
    """Spells ``fighter`` may cast as its activation starts: White-Hot Weapons, Third Eye
    (:mod:`.effect_spells`), then Prediction."""
    return [
        *effect_spells.start_casts(battle, fighter),
        *seer.options(battle, fighter, _kinds(battle)),
    ]


def end_moment(battle: Battle, fighter: Fighter) -> bool:
    """Whether the end of ``fighter``'s activation has an ability spell with a caster and a
    target, whatever the hand (ruling MB-23)."""
    return bool(cleric.heal_casts(battle, fighter)) or bool(
        seer.targets(battle, fighter, _kinds(battle))
    )


def end_casts(battle: Battle, fighter: Fighter) -> list[Action]:
    """Spells ``fighter`` may cast as its activation ends: Heal, Prediction."""
    return [*cleric.heal_options(battle, fighter), *seer.options(battle, fighter, _kinds(battle))]


def cast(battle: Battle, fighter: Fighter, chosen: Action) -> Battle | None:
    """The effect of an ability spell cast with ``chosen`` (already one of the legal
    options), or None when it is not one of these."""
    action = parse(chosen, Names.of(battle))
    prediction = battle.setup.profile(fighter.profile).ability(seer.KEY)
    if prediction and action.spell == prediction.name:
        return seer.cast(battle, fighter, chosen, _kinds(battle))
    heal = battle.setup.profile(fighter.profile).ability("heal")
    if heal and action.spell == heal.name and action.target is not None:
        return cleric.heal(battle, fighter, battle.fighter(action.target), chosen)
    return None


def activated(battle: Battle, fighter: Fighter) -> Battle:
    """``fighter`` is activated: a Charm note naming it takes over (then the activation
    belongs to :meth:`Battle.controller`); a Take Aim marker it placed may be aimed at."""
    return deadeye.ready(witch.interrupted(battle, fighter), fighter)


def began(battle: Battle, fighter: Fighter, word: str) -> Battle:
    """``fighter`` begins the action ``word``: its spells lasting until its next action
    end (ruling MB-37), and Predictions naming it come true."""
    ending = [m for m in battle.marks if m.owner == fighter.name and m.key in UNTIL_NEXT_ACTION]
    if ending:
        battle = without(battle, *ending).logged(
            "13.0",
            EventKind.SPELL_ENDS,
            "{fighter} begins its next action: {spells:comma} ends (ruling MB-37)",
            fighter=fighter.name,
            spells=tuple(sorted({m.key.title() for m in ending})),
        )
    return seer.began(battle, fighter, word)


def activation_ended(battle: Battle, fighter: Fighter) -> Battle:
    """The end of ``fighter``'s activation: the Take Aim marker it aimed from is removed;
    a Hypnotize whose target lost sight of the Mesmer is broken."""
    return witch.released(mesmer.broken(deadeye.removed(battle, fighter)), fighter)


def move_problem(battle: Battle, fighter: Fighter, end: Point) -> str | None:
    """Why ``fighter`` may not end a move or step at ``end`` (Hypnotize), if it may not."""
    return mesmer.move_problem(battle, fighter, end)


def phase_ended(battle: Battle) -> Battle:
    """13.5: Predictions last until the Action Phase ends; Recover v1.2.0 heals now if it
    has not yet."""
    return universal.healed(without(battle, *marks(battle, seer.KEY)), None)


def turn_started(battle: Battle, player: int) -> Battle:
    """``player``'s turn in the Action Phase begins: Recover v1.2.0 heals."""
    return universal.healed(battle, player) if battle.marks else battle


def redeployed(battle: Battle, fighter: Fighter) -> Battle:
    """20.2: ``fighter`` was re-deployed (Entangle v1.5.2 ends)."""
    return druid.redeployed(battle, fighter)


def recovers_later(battle: Battle, fighter: Fighter) -> bool:
    """Recover v1.2.0 heals at the player's next turn, not at once (ruling MB-46)."""
    return universal.older(battle, fighter, universal.RECOVER)


def after_attack(
    battle: Battle, attacker: Fighter, target: Fighter, attack: AttackProfile
) -> Frame:
    """Blast's extra attacks, under the attack at its first target."""
    assert target.at is not None
    return wizard.BlastFrame(
        attacker.name,
        battle.controller(attacker),
        target.name,
        target.at,
        attack,
        source_at=attacker.at,
    )


def draw_options(battle: Battle, player: int) -> tuple[Action, ...]:
    """Insight: two cards from the face-down deck instead of one (12.0, ruling MB-42)."""
    if seer.insight_can_take_two(battle) and seer.insight_seer(battle, player) is not None:
        return (seer.DRAW_TWO,)
    return ()


def draw(battle: Battle, player: int, action: Action) -> Battle | None:
    """Insight's draw of two, when ``action`` is it (already checked against the hand
    limit), or None."""
    rest = after(action, "draw")
    if rest is None or rest.strip().casefold() != seer.DRAW_TWO.casefold().removeprefix("draw "):
        return None
    pick(action, battle.options(), "12.0", "channelling action")
    caster = seer.insight_seer(battle, player)
    assert caster is not None
    return battle.push(seer.InsightDraw(player, caster.name))


def sees_all(fighter: Fighter) -> bool:
    """Third Eye (Seer v1.4.0): everything on the battlefield is visible to the fighter."""
    return "third_eye" in fighter.effects


def controller(battle: Battle, fighter: Fighter) -> int | None:
    """The player whose Charm controls ``fighter`` (Witch v1.4.0, ruling MB-41), if any."""
    for mark in battle.marks:
        if mark.key == witch.CONTROLLED and mark.target == fighter.name:
            return int(mark.detail)
    return None


def movement_bonuses(battle: Battle, fighter: Fighter) -> list[tuple[int, str]]:
    """Wildform (Druid v1.5.x): +2 Movement."""
    if "wildform" in fighter.effects:
        return [(effect_spells.WILDFORM_MOVEMENT, f"+{effect_spells.WILDFORM_MOVEMENT} Wildform")]
    return []


def carry_refused(fighter: Fighter) -> str | None:
    """19.1: not in Wildform (Druid v1.5.0)."""
    return "Wildform" if "wildform" in fighter.effects else None


def known_top(battle: Battle) -> tuple[str, str] | None:
    """The card Insight put back on top of the deck, known to its player (ruling MB-42)."""
    card = next((m.detail for m in battle.marks if m.key == seer.INSIGHT), None)
    return None if card is None else (card, "Insight")


def card_drawn(battle: Battle, card: str) -> Battle:
    """The Insight mark on a card goes with it."""
    kept = tuple(m for m in battle.marks if not (m.key == seer.INSIGHT and m.detail == card))
    return replace(battle, marks=kept)


ABILITIES.words = words
ABILITIES.action = action
ABILITIES.start_casts = start_casts
ABILITIES.end_moment = end_moment
ABILITIES.end_casts = end_casts
ABILITIES.cast = cast
ABILITIES.end_spells = effect_spells.end_casts
ABILITIES.phase_start_casts = effect_spells.phase_start_casts
ABILITIES.spell_effect = effect_spells.effect
ABILITIES.lasting_effects = effect_spells.lasting
ABILITIES.effect_keys = effect_spells.effect_keys
ABILITIES.attacking_as = effect_spells.attacking_as
ABILITIES.spell_effects = effect_spells.effects_of
ABILITIES.activated = activated
ABILITIES.began = began
ABILITIES.activation_ended = activation_ended
ABILITIES.turn_started = turn_started
ABILITIES.phase_ended = phase_ended
ABILITIES.redeployed = redeployed
ABILITIES.move_problem = move_problem
ABILITIES.movement_cap = druid.movement_cap
ABILITIES.unpushable = druid.unpushable
ABILITIES.haste_bonus = universal.haste_bonus
ABILITIES.phase_walks = enchanter.options
ABILITIES.phase_walk_cast = enchanter.logged
ABILITIES.phased = enchanter.phased
ABILITIES.recovers_later = recovers_later
ABILITIES.recover_later = universal.recover_later
ABILITIES.cover_from = guardian.warded_by
ABILITIES.attack_declared = guardian.log_ward
ABILITIES.defers = wizard.blasts
ABILITIES.after_attack = after_attack
ABILITIES.aimed = deadeye.aimed
ABILITIES.attack_refused = deadeye.attack_refused
ABILITIES.target_refused = deadeye.target_refused
ABILITIES.draw_options = draw_options
ABILITIES.draw = draw
ABILITIES.sight_held_by = mesmer.hypnotist
ABILITIES.sees_all = sees_all
ABILITIES.controller = controller
ABILITIES.movement_bonuses = movement_bonuses
ABILITIES.carry_refused = carry_refused
ABILITIES.known_top = known_top
ABILITIES.card_drawn = card_drawn
ABILITIES.taken_down = fallen.fallen
