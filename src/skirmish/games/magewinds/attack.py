"""18.0 Attacking: the whole Magewinds attack sequence, written once.

:func:`resolve_attack` is a rules procedure: the referee runs it with dice and
players, the exact engine enumerates it, the advisor optimises its decisions.
Each step is a function named after its rule and cites the rule in its log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from skirmish import limits
from skirmish.dice import CountAtMost
from skirmish.engine import Context, Decision
from skirmish.errors import IllegalAttack, SkirmishError
from skirmish.fastpaths import replaced
from skirmish.games.magewinds import events
from skirmish.games.magewinds.cards import CardWorth, check_card, parse_cost, payments
from skirmish.games.magewinds.effects import Effect
from skirmish.games.magewinds.profiles import (
    AttackChoice,
    AttackProfile,
    AttackType,
    FighterProfile,
    Reaction,
    Special,
    Strike,
)

ATTACKER = "attacker"
DEFENDER = "defender"
ATTACK_CHOICE = "attack_choice"
DEFENCE_CHOICE = "defence_choice"
MIRRORSHIELD_PAYMENT = "mirrorshield_payment"
BARRIER = "barrier"
ATTACKER_BARRIER = "attacker_barrier"
NO_BARRIER = "no barrier"
MAX_ACTION_COUNTERS = 2
BARRIER_MAX_CLUBS = 3


@dataclass(frozen=True)
class Combatant:
    """A fighter in the battle: its profile and its current state.

    ``damage`` is damage already taken (18.5.3), ``action_counters`` is 0, 1
    (single) or 2 (double, 9.1), ``guarding`` means a Guard action (13.4) makes
    its next Dodge or Deflect free, ``effects`` are spells in effect on it.
    """

    profile: FighterProfile
    damage: int = 0
    action_counters: int = 0
    guarding: bool = False
    effects: frozenset[Effect] = frozenset()
    label: str = ""

    @property
    def name(self) -> str:
        """How the log calls this fighter."""
        return self.label or self.profile.name


@dataclass(frozen=True)
class AttackSituation:
    """Everything an attack needs that the rules do not decide.

    ``cover`` (18.2) and ``can_dodge`` (18.4: a legal 1" step ending further
    away exists) come from the battlefield; ``barrier_clubs`` is the value of
    Clubs spent on Barrier when the target receives damage (0: not cast);
    ``distance``, when known, is the length of the line of attack (18.1).

    In a battle the players' hands are known: with ``defender_cards`` given,
    Mirrorshield and Barrier are the defending player's decisions, paid from
    those cards (17.0) at the costs ``mirrorshield`` (from the target's profile)
    and ``barrier_cost`` (the pack's Barrier; empty: no Barrier); with
    ``attacker_cards`` the attacking player may cast Barrier against the hits
    Mirrorshield sends back. Without them both spells are inputs, as above.
    ``card_worth`` reads a card's worth for those payments as the players agreed
    (ruling MB-2).
    """

    attacker: Combatant
    target: Combatant
    attack: AttackProfile
    cover: bool = False
    can_dodge: bool = True
    barrier_clubs: int = 0
    distance: float | None = None
    defender_cards: tuple[str, ...] | None = None
    attacker_cards: tuple[str, ...] | None = None
    barrier_cost: str = ""
    card_worth: CardWorth = CardWorth.ACROSS_PARTS


@dataclass(frozen=True)
class AttackResult:
    """What one attack did (18.5), as a value the engine can count."""

    choice: AttackChoice | None
    reaction: Reaction
    hits: int = 0
    blocked: int = 0
    damage: int = 0
    total_damage: int = 0
    taken_down: bool = False
    knockback: bool = False
    push: int = 0
    reaction_free: bool = False
    target_action_counters: int = 0
    action_free: bool = False
    statuses: frozenset[str] = field(default=frozenset())
    barrier_cancelled: int = 0
    reflected_hits: int = 0
    attacker_damage: int = 0
    attacker_taken_down: bool = False
    defender_paid: tuple[str, ...] = ()
    """Cards the defending player discarded for Mirrorshield and Barrier (17.0)."""
    attacker_paid: tuple[str, ...] = ()
    """Cards the attacking player discarded for Barrier against reflected hits."""
    attacker_barrier_cancelled: int = 0


def check_situation(situation: AttackSituation) -> None:
    """Refuse situations the rules do not allow, naming the input and the rule."""
    attacker, target, attack = situation.attacker, situation.target, situation.attack
    for role, fighter in ((ATTACKER, attacker), (DEFENDER, target)):
        if fighter.damage < 0:
            raise SkirmishError(f"{role} {fighter.name}: damage taken cannot be negative")
        if fighter.damage >= fighter.profile.toughness:
            raise IllegalAttack(
                f"18.5.3: {role} {fighter.name} has {fighter.damage} damage of Toughness "
                f"{fighter.profile.toughness} and is already out of action (4.4)"
            )
        if not 0 <= fighter.action_counters <= MAX_ACTION_COUNTERS:
            raise SkirmishError(
                f"{role} {fighter.name}: action counters must be 0, 1 or 2 (9.1), "
                f"not {fighter.action_counters}"
            )
    if attacker.action_counters >= MAX_ACTION_COUNTERS:
        raise IllegalAttack(
            f"13.0: {attacker.name} has a double action counter and cannot make an attack action"
        )
    if not 0 <= situation.barrier_clubs <= BARRIER_MAX_CLUBS:
        raise SkirmishError(
            f"Barrier: Clubs spent must be 0 to {BARRIER_MAX_CLUBS}, not {situation.barrier_clubs}"
        )
    if situation.barrier_clubs and situation.defender_cards is not None:
        raise SkirmishError(
            "Barrier: give the Clubs spent or the defending player's cards, not both"
        )
    for cards in (situation.defender_cards, situation.attacker_cards):
        for card in cards or ():
            check_card(card)
    if situation.barrier_cost:
        parse_cost(situation.barrier_cost)
    if situation.distance is not None:
        limits.finite(situation.distance, "distance")
        if situation.distance < 0:
            raise SkirmishError(f"distance {situation.distance} cannot be negative (8.0)")
        limits.DISTANCE.check(situation.distance, "distance")
        if not attack.in_range(situation.distance):
            close = " (ruling MW-19)" if situation.distance < attack.minimum_range else ""
            raise IllegalAttack(
                f"18.1: the line of attack from {attacker.name} to {target.name} is "
                f'{situation.distance}" but {attack.name} has Range {attack.range_text()}{close}'
            )


def attack_decision(situation: AttackSituation) -> Decision | None:
    """18.3 Attack Choice: Light, Heavy or Feint, face down; None for a single profile."""
    if not situation.attack.is_split:
        return None
    return Decision(
        player=ATTACKER,
        key=ATTACK_CHOICE,
        options=tuple(choice.value for choice in AttackChoice),
        rule="18.3",
        hidden=True,
        prompt=f"{situation.attacker.name}: Light, Heavy or Feint with {situation.attack.name}?",
    )


def defence_decision(situation: AttackSituation) -> Decision:
    """18.4 Defence Choice: the reactions the target may legally make here."""
    target = situation.target
    excluded: dict[str, str] = {}
    if target.action_counters >= MAX_ACTION_COUNTERS:
        reason = f"13.0: {target.name} has a double action counter and reactions are actions"
        excluded = {r.value: reason for r in Reaction if r is not Reaction.NONE}
    else:
        if not situation.can_dodge:
            excluded[Reaction.DODGE] = (
                f'18.4: {target.name} has no legal 1" step move ending further from the attack'
            )
        for effect in target.effects:
            if effect.targeted_forbids_deflect:
                excluded[Reaction.DEFLECT] = f"{effect.name}: {target.name} cannot Deflect"
        if not target.profile.has_ability("mirrorshield"):
            excluded[Reaction.MIRRORSHIELD] = (
                f"Mirrorshield: {target.name} does not have the Mirrorshield spell"
            )
        elif situation.defender_cards is not None and not mirrorshield_payments(situation):
            excluded[Reaction.MIRRORSHIELD] = (
                f"17.0: no cards in hand pay Mirrorshield's {mirrorshield_cost(situation)}"
            )
    options = tuple(r.value for r in Reaction if r.value not in excluded)
    return Decision(
        player=DEFENDER,
        key=DEFENCE_CHOICE,
        options=options,
        rule="18.4",
        prompt=f"{target.name}: react to {situation.attacker.name}'s attack with "
        f"{', '.join(options)}?",
        excluded=tuple(excluded.items()),
    )


def resolve_attack(context: Context, situation: AttackSituation) -> AttackResult:
    """18.0 Attacking: resolve one attack from choices to knockback."""
    check_situation(situation)
    attacker, target, attack = situation.attacker, situation.target, situation.attack
    context.log(
        events.Attacks(
            attacker=attacker.name,
            target=target.name,
            attack=attack.name,
            attack_type=attack.type.value,
            split=attack.is_split,
        )
    )
    if situation.distance is not None:
        context.log(events.InRange(distance=situation.distance, range=attack.range_text()))
    choice = choose_attack(context, situation)
    reaction = choose_defence(context, situation)
    paid = pay_mirrorshield(context, situation) if reaction is Reaction.MIRRORSHIELD else ()
    reaction_free, counters = pay_for_reaction(context, situation, reaction)
    base = AttackResult(
        choice=choice,
        reaction=reaction,
        reaction_free=reaction_free,
        target_action_counters=counters,
        total_damage=target.damage,
        defender_paid=paid,
    )
    if choice is not None:
        shown = None if choice is AttackChoice.FEINT else attack.strike(choice)
        context.log(
            events.Revealed(
                choice=choice,
                attacker=attacker.name,
                power=None if shown is None else shown.power,
                precision=None if shown is None else shown.precision,
            )
        )
    if choice is AttackChoice.FEINT:
        return feint(context, situation, base)
    strike = attack.strike(choice)
    target_number = calculate_target_number(context, situation, strike, reaction)
    hits = determine_hits(
        context, situation, attack_power(context, situation, strike), target_number
    )
    result = deal_damage(context, situation, replaced(base, hits=hits))
    return knockback(context, situation, result)


def choose_attack(context: Context, situation: AttackSituation) -> AttackChoice | None:
    """18.3 Attack Choice: the attacking player picks a card face down."""
    decision = attack_decision(situation)
    if decision is None:
        return None
    choice = AttackChoice(context.choose(decision))
    context.log(events.ChoicePlaced(attacker=situation.attacker.name))
    return choice


def choose_defence(context: Context, situation: AttackSituation) -> Reaction:
    """18.4 Defence Choice: the defending player may react before the reveal. A target
    with a double action counter cannot react (13.0), which everyone can see, so it is
    not asked."""
    decision = defence_decision(situation)
    if decision.options == (Reaction.NONE.value,):
        reaction = Reaction.NONE
    else:
        reaction = Reaction(context.choose(decision))
    context.log(events.Reacted(reaction=reaction, target=situation.target.name))
    return reaction


def mirrorshield_cost(situation: AttackSituation) -> str:
    """The casting cost of the target's Mirrorshield, as its profile gives it."""
    ability = situation.target.profile.ability("mirrorshield")
    return ability.cost if ability is not None and ability.cost else "1 Club"


def mirrorshield_payments(situation: AttackSituation) -> tuple[str, ...]:
    """17.0: the ways the defending player can pay for Mirrorshield from their cards."""
    cost = parse_cost(mirrorshield_cost(situation))
    cards = situation.defender_cards or ()
    return tuple(p.text for p in payments(cost, cards, worth=situation.card_worth))


def pay_mirrorshield(context: Context, situation: AttackSituation) -> tuple[str, ...]:
    """17.0: in a battle, the defending player discards cards to cast Mirrorshield.

    Returns the cards discarded; none when Mirrorshield is an input (no cards known).
    """
    if situation.defender_cards is None:
        return ()
    # Asked even when one way pays: whether there is a choice must not tell the other
    # player how many ways the hand has (ruling MB-23).
    paid = context.choose(
        Decision(
            player=DEFENDER,
            key=MIRRORSHIELD_PAYMENT,
            options=mirrorshield_payments(situation),
            rule="17.0",
            prompt=f"{situation.target.name}: pay Mirrorshield "
            f"({mirrorshield_cost(situation)}) with which cards?",
        )
    )
    context.log(events.Spent(spell="Mirrorshield", cards=paid, fighter=situation.target.name))
    return tuple(paid.split("+"))


def barrier(
    context: Context,
    situation: AttackSituation,
    damage: int,
    player: str,
    fighter: Combatant,
    cards: tuple[str, ...],
) -> tuple[int, tuple[str, ...]]:
    """Barrier: one die per point of damage, each at or under the Clubs spent cancels a
    point (ruling MW-6). The Clubs are an input (``barrier_clubs``, the target only) or,
    with the players' cards known, ``player``'s decision. Returns the points cancelled
    and the cards discarded."""
    paid: tuple[str, ...] = ()
    if situation.defender_cards is None and situation.attacker_cards is None:
        clubs = situation.barrier_clubs if player == DEFENDER else 0
    elif situation.barrier_cost:
        clubs, paid = cast_barrier(
            context, situation, damage, player=player, fighter=fighter, cards=cards
        )
    else:
        clubs = 0
    if not clubs:
        return 0, paid
    cancelled = context.roll(CountAtMost(damage, clubs), rule="Barrier", label="Barrier dice")
    context.log(events.BarrierCancels(cancelled=cancelled))
    return cancelled, paid


def cast_barrier(
    context: Context,
    situation: AttackSituation,
    damage: int,
    *,
    player: str,
    fighter: Combatant,
    cards: tuple[str, ...],
) -> tuple[int, tuple[str, ...]]:
    """Barrier in a battle: the fighter's player may discard Clubs (1-3 worth) as it
    receives damage (ruling MW-6); returns the Clubs' worth and the cards discarded.

    The player is asked whenever the fighter receives damage, whatever their cards, with
    "no barrier" always offered: whether they are asked must not tell the other player
    what they hold (ruling MB-23)."""
    cost = parse_cost(situation.barrier_cost)
    options = {p.text: p for p in payments(cost, cards, worth=situation.card_worth)}
    answer = context.choose(
        Decision(
            player=player,
            key=BARRIER if player == DEFENDER else ATTACKER_BARRIER,
            options=(NO_BARRIER, *options),
            rule="Barrier",
            prompt=f"{fighter.name} receives {damage} damage: cast Barrier "
            f"({situation.barrier_cost}) with which cards?",
            amount=damage,
        )
    )
    if answer == NO_BARRIER:
        return 0, ()
    payment = options[answer]
    context.log(
        events.Spent(spell="Barrier", cards=answer, clubs=payment.amount, fighter=fighter.name)
    )
    return payment.amount, payment.cards


def pay_for_reaction(
    context: Context, situation: AttackSituation, reaction: Reaction
) -> tuple[bool, int]:
    """13.0, 13.3, 13.4 Guard: a reaction is an action and costs an action counter.

    Returns whether the reaction was free and the target's action counters after it.
    """
    target = situation.target
    if reaction is Reaction.NONE:
        return False, target.action_counters
    if target.guarding and reaction in (Reaction.DODGE, Reaction.DEFLECT):
        context.log(events.GuardedReaction(target=target.name, reaction=reaction))
        return True, target.action_counters
    counters = target.action_counters + 1
    context.log(events.CounterGained(action_counters=counters, target=target.name))
    return False, counters


def feint(context: Context, situation: AttackSituation, base: AttackResult) -> AttackResult:
    """18.3.1 Feint: the attack ends; against a reaction the attack action is free."""
    free = base.reaction is not Reaction.NONE
    context.log(events.Feinted(action_free=free, attacker=situation.attacker.name))
    return replaced(base, action_free=free)


def calculate_target_number(
    context: Context, situation: AttackSituation, strike: Strike, reaction: Reaction
) -> int:
    """18.5.1 Calculate Target Number: Precision minus Evasion.

    Evasion rises by 1 in cover (18.2) and by the Dodge bonus when dodging
    (18.4); spells add Precision or Evasion and may cap the result.
    """
    attacker, target = situation.attacker, situation.target
    precision, evasion, target_number = precision_and_evasion(situation, strike, reaction)
    capped = cap_target_number(situation, target_number)
    if context.logging:
        parts = [f"Evasion {target.profile.evasion}"]
        if situation.cover:
            parts.append("+1 in cover (18.2)")
        if reaction is Reaction.DODGE:
            parts.append(f"+{target.profile.dodge} Dodge bonus (18.4)")
        parts += [f"+{e.targeted_evasion} {e.name}" for e in target.effects if e.targeted_evasion]
        context.log(
            events.TargetNumber(
                precision=precision,
                evasion=evasion,
                target_number=capped,
                base_precision=strike.precision,
                precision_bonuses=tuple(
                    (e.name, e.attacking_precision)
                    for e in attacker.effects
                    if e.attacking_precision
                ),
                evasion_parts=tuple(parts),
                uncapped=target_number,
                caps=tuple(e.name for e in attacker.effects if e.attacking_target_number_cap),
            )
        )
    return capped


def precision_and_evasion(
    situation: AttackSituation, strike: Strike, reaction: Reaction
) -> tuple[int, int, int]:
    """18.5.1 without the log: Precision, Evasion and their difference, before any cap."""
    attacker, target = situation.attacker, situation.target
    precision = strike.precision + sum(e.attacking_precision for e in attacker.effects)
    evasion = (
        target.profile.evasion
        + (1 if situation.cover else 0)
        + (target.profile.dodge if reaction is Reaction.DODGE else 0)
        + sum(e.targeted_evasion for e in target.effects)
    )
    return precision, evasion, precision - evasion


def cap_target_number(situation: AttackSituation, target_number: int) -> int:
    """18.5.1 with spells such as Hex that cap the attacker's target numbers."""
    caps = [e.attacking_target_number_cap for e in situation.attacker.effects]
    return min([target_number, *(cap for cap in caps if cap is not None)])


def target_number(situation: AttackSituation, strike: Strike, reaction: Reaction) -> int:
    """18.5.1: the target number an attack will use, without logging it."""
    return cap_target_number(situation, precision_and_evasion(situation, strike, reaction)[2])


def attack_power(context: Context, situation: AttackSituation, strike: Strike) -> int:
    """18.5.2: the number of dice is the attack's Power, raised by spells such as Wildform."""
    bonus = [
        e
        for e in situation.attacker.effects
        if e.attacking_melee_power and situation.attack.type is AttackType.MELEE
    ]
    power = strike.power + sum(e.attacking_melee_power for e in bonus)
    if bonus:
        context.log(
            events.PowerRaised(
                power=power, base_power=strike.power, spells=tuple(e.name for e in bonus)
            )
        )
    return power


def determine_hits(
    context: Context, situation: AttackSituation, power: int, target_number: int
) -> int:
    """18.5.2 Determine Hits: each of Power dice at or under the target number hits.

    A target number of 0 or less cannot hit and 6 or more cannot miss, so those
    dice are not rolled. A Hex re-rolls every hit once (3.2).
    """
    hits = _count_hits(context, power, target_number, rule="18.5.2", label="hit dice")
    for effect in situation.attacker.effects:
        if effect.attacking_reroll_hits and hits:
            hits = _count_hits(
                context, hits, target_number, rule="3.2", label=f"{effect.name} re-roll of hits"
            )
            context.log(events.HitsRerolled(hits=hits, spell=effect.name))
    context.log(events.Hits(hits=hits, target=situation.target.name))
    return hits


def _count_hits(context: Context, dice: int, target_number: int, *, rule: str, label: str) -> int:
    if dice == 0 or target_number <= 0:
        context.log(events.NoRoll(label=label, target_number=target_number, every_die_hits=False))
        return 0
    if target_number >= 6:
        context.log(events.NoRoll(label=label, target_number=target_number, every_die_hits=True))
        return dice
    return context.roll(CountAtMost(dice, target_number), rule=rule, label=label)


def deal_damage(context: Context, situation: AttackSituation, result: AttackResult) -> AttackResult:
    """18.5.3 Deal Damage: hits minus Armour, never negative, added to damage taken.

    Deflect and Mirrorshield add the Deflect bonus to Armour (18.4); White-Hot
    Weapons ignore Armour on non-magical melee attacks; Push turns damage into
    a shove; Barrier cancels damage; Poison Tip poisons; Mirrorshield sends the
    blocked hits back at the attacker.
    """
    attacker, target, attack = situation.attacker, situation.target, situation.attack
    deflecting = result.reaction in (Reaction.DEFLECT, Reaction.MIRRORSHIELD)
    armour = target.profile.armour + (target.profile.deflect if deflecting else 0)
    ignoring = [
        e
        for e in attacker.effects
        if e.attacking_ignores_armour_non_magical_melee
        and attack.type is AttackType.MELEE
        and not attack.is_magical
    ]
    effective = max(0, armour - sum(e.attacking_ignores_armour_non_magical_melee for e in ignoring))
    blocked = min(result.hits, effective)
    damage = result.hits - blocked
    if context.logging:
        context.log(
            events.ArmourBlocks(
                armour=effective,
                blocked=blocked,
                damage=damage,
                base_armour=target.profile.armour,
                deflect_bonus=target.profile.deflect if deflecting else None,
                ignored=tuple(
                    (e.name, e.attacking_ignores_armour_non_magical_melee) for e in ignoring
                ),
                hits=result.hits,
            )
        )
    result = replaced(result, blocked=blocked)
    if Special.PUSH in attack.special:
        context.log(events.Pushed(push=damage, attacker=attacker.name, target=target.name))
        result = replaced(result, push=damage)
        damage = 0
    elif damage:
        left = tuple(c for c in situation.defender_cards or () if c not in result.defender_paid)
        cancelled, paid = barrier(context, situation, damage, DEFENDER, target, left)
        result = replaced(
            result, barrier_cancelled=cancelled, defender_paid=result.defender_paid + paid
        )
        damage -= cancelled
    total, taken_down = take_damage(context, target, damage)
    result = replaced(result, damage=damage, total_damage=total, taken_down=taken_down)
    if Special.POISON_TIP in attack.special and damage >= 1:
        context.log(events.Poisoned(target=target.name))
        result = replaced(result, statuses=result.statuses | {"poisoned"})
    if result.reaction is Reaction.MIRRORSHIELD:
        result = reflect_hits(context, situation, result)
    if Special.BLAST in attack.special:
        context.log(events.Blast(target=target.name))
    return result


def take_damage(context: Context, fighter: Combatant, damage: int) -> tuple[int, bool]:
    """18.5.3: damage adds to what the fighter already has; at Toughness it is taken down.

    Returns the fighter's total damage and whether it is taken down.
    """
    total = fighter.damage + damage
    taken_down = total >= fighter.profile.toughness
    context.log(
        events.DamageTaken(
            fighter=fighter.name,
            damage=damage,
            total_damage=total,
            taken_down=taken_down,
            toughness=fighter.profile.toughness,
        )
    )
    return total, taken_down


def reflect_hits(
    context: Context, situation: AttackSituation, result: AttackResult
) -> AttackResult:
    """Mirrorshield: the attacker receives as many hits as were blocked (then 18.5.3)."""
    attacker = situation.attacker
    reflected = result.blocked
    damage = max(0, reflected - attacker.profile.armour)
    context.log(
        events.Reflected(
            reflected_hits=reflected,
            attacker_damage=damage,
            attacker=attacker.name,
            armour=attacker.profile.armour,
        )
    )
    cancelled = 0
    paid: tuple[str, ...] = ()
    if damage and situation.attacker_cards is not None:
        cancelled, paid = barrier(
            context, situation, damage, ATTACKER, attacker, situation.attacker_cards
        )
        damage -= cancelled
    _, taken_down = take_damage(context, attacker, damage)
    return replaced(
        result,
        reflected_hits=reflected,
        attacker_damage=damage,
        attacker_taken_down=taken_down,
        attacker_paid=paid,
        attacker_barrier_cancelled=cancelled,
    )


def knockback(context: Context, situation: AttackSituation, result: AttackResult) -> AttackResult:
    """18.5.4 Knockback: allowed when the target did not react and was hit at least once."""
    names = {"attacker": situation.attacker.name, "target": situation.target.name}
    if result.taken_down:
        context.log(events.Knockback(knockback=False, why="taken down", **names))
        return result
    allowed = result.reaction is Reaction.NONE and result.hits >= 1
    why = "allowed" if allowed else "reacted" if result.reaction is not Reaction.NONE else "no hits"
    context.log(events.Knockback(knockback=allowed, why=why, **names))
    return replaced(result, knockback=allowed)
