"""18.0 Attacking: the whole Magewinds attack sequence, written once.

:func:`resolve_attack` is a rules procedure: the referee runs it with dice and
players, the exact engine enumerates it, the advisor optimises its decisions.
Each step is a function named after its rule and cites the rule in its log.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from skirmish import limits
from skirmish.dice import CountAtMost
from skirmish.engine import Context, Decision
from skirmish.errors import IllegalAttack, SkirmishError
from skirmish.games.magewinds.cards import check_card, parse_cost, payments
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
    if context.logging:
        context.log(
            "18.0",
            "attack",
            f"{attacker.name} attacks {target.name} with {attack.name} "
            f"({attack.type.value}{', split profile' if attack.is_split else ''})",
            attacker=attacker.name,
            target=target.name,
            attack=attack.name,
        )
        if situation.distance is not None:
            context.log(
                "18.1",
                "range",
                f'line of attack {situation.distance}" is within Range {attack.range_text()}',
                distance=situation.distance,
            )
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
    if choice is not None and context.logging:
        shown = choice.value.title()
        if choice is not AttackChoice.FEINT:
            strike = attack.strike(choice)
            shown += f" (Power {strike.power}, Precision {strike.precision})"
        context.log("18.3", "reveal", f"{attacker.name} reveals {shown}", choice=choice)
    if choice is AttackChoice.FEINT:
        return feint(context, situation, base)
    strike = attack.strike(choice)
    target_number = calculate_target_number(context, situation, strike, reaction)
    hits = determine_hits(
        context, situation, attack_power(context, situation, strike), target_number
    )
    result = deal_damage(context, situation, replace(base, hits=hits))
    return knockback(context, situation, result)


def choose_attack(context: Context, situation: AttackSituation) -> AttackChoice | None:
    """18.3 Attack Choice: the attacking player picks a card face down."""
    decision = attack_decision(situation)
    if decision is None:
        return None
    choice = AttackChoice(context.choose(decision))
    context.log(
        "18.3", "attack_choice", f"{situation.attacker.name} places an attack choice face down"
    )
    return choice


def choose_defence(context: Context, situation: AttackSituation) -> Reaction:
    """18.4 Defence Choice: the defending player may react before the reveal."""
    reaction = Reaction(context.choose(defence_decision(situation)))
    if context.logging:
        if reaction is Reaction.NONE:
            text = f"{situation.target.name} makes no reaction"
        else:
            text = f"{situation.target.name} makes a {reaction.value.title()} reaction"
        context.log("18.4", "defence_choice", text, reaction=reaction)
    return reaction


def mirrorshield_cost(situation: AttackSituation) -> str:
    """The casting cost of the target's Mirrorshield, as its profile gives it."""
    ability = situation.target.profile.ability("mirrorshield")
    return ability.cost if ability is not None and ability.cost else "1 Club"


def mirrorshield_payments(situation: AttackSituation) -> tuple[str, ...]:
    """17.0: the ways the defending player can pay for Mirrorshield from their cards."""
    cost = parse_cost(mirrorshield_cost(situation))
    return tuple(p.text for p in payments(cost, situation.defender_cards or ()))


def pay_mirrorshield(context: Context, situation: AttackSituation) -> tuple[str, ...]:
    """17.0: in a battle, the defending player discards cards to cast Mirrorshield.

    Returns the cards discarded; none when Mirrorshield is an input (no cards known).
    """
    if situation.defender_cards is None:
        return ()
    options = mirrorshield_payments(situation)
    if len(options) == 1:
        paid = options[0]
    else:
        paid = context.choose(
            Decision(
                player=DEFENDER,
                key=MIRRORSHIELD_PAYMENT,
                options=options,
                rule="17.0",
                prompt=f"{situation.target.name}: pay Mirrorshield "
                f"({mirrorshield_cost(situation)}) with which cards?",
            )
        )
    context.log(
        "17.0",
        "spend",
        f"Mirrorshield: the defending player discards {paid}",
        spell="Mirrorshield",
        cards=paid,
    )
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
    context.log(
        "Barrier",
        "barrier",
        f"Barrier cancels {cancelled} damage (ruling MW-6)",
        cancelled=cancelled,
    )
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
    receives damage (ruling MW-6); returns the Clubs' worth and the cards discarded."""
    cost = parse_cost(situation.barrier_cost)
    options = {p.text: p for p in payments(cost, cards)}
    if not options:
        return 0, ()
    answer = context.choose(
        Decision(
            player=player,
            key=BARRIER if player == DEFENDER else ATTACKER_BARRIER,
            options=(NO_BARRIER, *options),
            rule="Barrier",
            prompt=f"{fighter.name} receives {damage} damage: cast Barrier "
            f"({situation.barrier_cost}) with which cards?",
        )
    )
    if answer == NO_BARRIER:
        return 0, ()
    payment = options[answer]
    context.log(
        "17.0",
        "spend",
        f"Barrier on {fighter.name}: discards {answer}, worth {payment.amount} Clubs",
        spell="Barrier",
        cards=answer,
        clubs=payment.amount,
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
        context.log("13.4", "guard", f"Guard: {target.name}'s {reaction.value} is free", free=True)
        return True, target.action_counters
    counters = target.action_counters + 1
    context.log(
        "13.0",
        "action_counter",
        f"{target.name} gets a {'double' if counters == 2 else 'single'} action counter "
        "for reacting (13.3)",
        action_counters=counters,
    )
    return False, counters


def feint(context: Context, situation: AttackSituation, base: AttackResult) -> AttackResult:
    """18.3.1 Feint: the attack ends; against a reaction the attack action is free."""
    free = base.reaction is not Reaction.NONE
    context.log(
        "18.3.1",
        "feint",
        "Feint: the attack ends"
        + (f"; {situation.attacker.name}'s attack action is free (ruling MW-1)" if free else ""),
        action_free=free,
    )
    return replace(base, action_free=free)


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
        bonus = "".join(
            f" +{e.attacking_precision} {e.name}" for e in attacker.effects if e.attacking_precision
        )
        text = (
            f"target number = Precision {strike.precision}{bonus} - ({' '.join(parts)}) "
            f"= {target_number}"
        )
        if capped != target_number:
            caps = (e.name for e in attacker.effects if e.attacking_target_number_cap)
            text += f", capped at {capped} by {', '.join(caps)}"
        context.log(
            "18.5.1",
            "target_number",
            text,
            precision=precision,
            evasion=evasion,
            target_number=capped,
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
            "18.5.2",
            "power",
            f"Power {strike.power} +{power - strike.power} on a melee attack "
            f"({', '.join(e.name for e in bonus)}) = {power}",
            power=power,
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
            context.log(
                "3.2",
                "reroll",
                f"{effect.name}: {hits} hits stand after the re-roll (ruling MW-3)",
                hits=hits,
            )
    context.log(
        "18.5.2",
        "hits",
        f"{hits} {'hit' if hits == 1 else 'hits'} on {situation.target.name}",
        hits=hits,
    )
    return hits


def _count_hits(context: Context, dice: int, target_number: int, *, rule: str, label: str) -> int:
    if dice == 0 or target_number <= 0:
        context.log("18.5.2", "no_roll", f"{label}: target number {target_number}, no hit possible")
        return 0
    if target_number >= 6:
        context.log("18.5.2", "no_roll", f"{label}: target number {target_number}, every die hits")
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
        how = f"Armour {target.profile.armour}"
        if deflecting:
            how += f" +{target.profile.deflect} Deflect bonus (18.4)"
        for effect in ignoring:
            how += (
                f" -{effect.attacking_ignores_armour_non_magical_melee} ignored "
                f"({effect.name}, ruling MW-4)"
            )
        context.log(
            "18.5.3",
            "armour",
            f"{how} blocks {blocked} of {result.hits} hits: {damage} damage",
            armour=effective,
            blocked=blocked,
            damage=damage,
        )
    result = replace(result, blocked=blocked)
    if Special.PUSH in attack.special:
        context.log(
            "18.5.3",
            "push",
            f"Push (ruling MW-7): no damage; after any knockback {target.name} is shoved "
            f'{damage}" straight away from {attacker.name}',
            push=damage,
        )
        result = replace(result, push=damage)
        damage = 0
    elif damage:
        left = tuple(c for c in situation.defender_cards or () if c not in result.defender_paid)
        cancelled, paid = barrier(context, situation, damage, DEFENDER, target, left)
        result = replace(
            result, barrier_cancelled=cancelled, defender_paid=result.defender_paid + paid
        )
        damage -= cancelled
    total, taken_down = take_damage(context, target, damage)
    result = replace(result, damage=damage, total_damage=total, taken_down=taken_down)
    if Special.POISON_TIP in attack.special and damage >= 1:
        context.log(
            "Poison Tip", "poisoned", f"Poison Tip: {target.name} is poisoned (ruling MW-8)"
        )
        result = replace(result, statuses=result.statuses | {"poisoned"})
    if result.reaction is Reaction.MIRRORSHIELD:
        result = reflect_hits(context, situation, result)
    if Special.BLAST in attack.special:
        context.log(
            "Blast",
            "blast",
            f'Blast: the same attack follows against every other fighter within 1" of '
            f"{target.name}; resolve each as its own attack",
        )
    return result


def take_damage(context: Context, fighter: Combatant, damage: int) -> tuple[int, bool]:
    """18.5.3: damage adds to what the fighter already has; at Toughness it is taken down.

    Returns the fighter's total damage and whether it is taken down.
    """
    total = fighter.damage + damage
    taken_down = total >= fighter.profile.toughness
    context.log(
        "18.5.3",
        "damage",
        f"{fighter.name} takes {damage} damage, {total} of Toughness {fighter.profile.toughness}"
        + (": taken down, out of action" if taken_down else ""),
        fighter=fighter.name,
        damage=damage,
        total_damage=total,
        taken_down=taken_down,
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
        "Mirrorshield",
        "reflect",
        f"Mirrorshield (ruling MW-5): {attacker.name} receives {reflected} hits; Armour "
        f"{attacker.profile.armour} blocks {reflected - damage}",
        reflected_hits=reflected,
        attacker_damage=damage,
    )
    cancelled = 0
    paid: tuple[str, ...] = ()
    if damage and situation.attacker_cards is not None:
        cancelled, paid = barrier(
            context, situation, damage, ATTACKER, attacker, situation.attacker_cards
        )
        damage -= cancelled
    _, taken_down = take_damage(context, attacker, damage)
    return replace(
        result,
        reflected_hits=reflected,
        attacker_damage=damage,
        attacker_taken_down=taken_down,
        attacker_paid=paid,
        attacker_barrier_cancelled=cancelled,
    )


def knockback(context: Context, situation: AttackSituation, result: AttackResult) -> AttackResult:
    """18.5.4 Knockback: allowed when the target did not react and was hit at least once."""
    if result.taken_down:
        context.log(
            "18.5.4",
            "knockback",
            f"no knockback: {situation.target.name} was taken down (ruling MW-2)",
            knockback=False,
        )
        return result
    allowed = result.reaction is Reaction.NONE and result.hits >= 1
    if allowed:
        text = (
            f"{situation.attacker.name} may knock {situation.target.name} back "
            'up to 1" directly away'
        )
    elif result.reaction is not Reaction.NONE:
        text = f"no knockback: {situation.target.name} reacted"
    else:
        text = "no knockback: no hits"
    context.log("18.5.4", "knockback", text, knockback=allowed)
    return replace(result, knockback=allowed)
