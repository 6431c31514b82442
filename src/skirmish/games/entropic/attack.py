"""The Entropic Engine attack, written once: select target, bids, range, combat scores, damage.

There are no dice: the result follows from the situation and the players' choices (the aim,
the sealed bids, the interrupts, the attribute a damaged marker zeroes). The rules page names
its steps rather than numbering them, so log lines cite the steps by name: Select Target,
Place Bids, Determine Range, Determine Combat Scores, Determine Damage, Interrupts and
Composite Models, plus Effects and Command Phase from the game's other pages. Rulings are
EE-1 to EE-14 in docs/rulings.md.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import permutations

from skirmish import limits
from skirmish.engine import Context, Decision
from skirmish.errors import IllegalAttack, SkirmishError, UnknownName
from skirmish.games.entropic import events
from skirmish.games.entropic.events import (
    BIDS,
    COMPOSITE,
    DAMAGE,
    EFFECTS,
    INTERRUPTS,
    RANGE,
    SELECT,
    tokens,
)
from skirmish.games.entropic.models import Attribute, Component, Model

ATTACKER = "attacker"
DEFENDER = "defender"
ATTACK_BID = "attack bid"
DEFENSE_BID = "defense bid"
AIM = "aim"
MOVE_INTERRUPT = "interrupt: move"
COUNTER_INTERRUPT = "interrupt: attack back"
COMPONENT = "target component"
DAMAGED_ATTRIBUTE = "damaged attribute"
ORDER = "weapon order"


class Aim(StrEnum):
    """Where on the target the attack is aimed (Select Target)."""

    BASE = "base"
    """The base the target stands on (its target base)."""
    SOURCE = "source"
    WAYPOINT = "waypoint"
    PATH = "path"
    """A point on the path between its bases: +1 defense."""


class Outcome(StrEnum):
    """What the attack did, from the damage table (or a failure at range)."""

    FAILED = "failed"
    NONE = "none"
    STUNNED = "stunned"
    DAMAGED = "damaged"
    DESTROYED = "destroyed"
    ANNIHILATED = "annihilated"


class StunRule(StrEnum):
    """When a target's stun gives the attacker +1 (ruling EE-4)."""

    ANY = "any"
    """The attack page: any stun marker in effect."""
    OVER_COMMAND = "over-command"
    """The effects page: more stun markers than its Command."""


class StunScope(StrEnum):
    """Whose stun markers count for a composite model's +1 (ruling EE-13)."""

    PART = "part"
    """The part targeted, or the part attacking: each part counts as a model of its own."""
    MODEL = "model"
    """Any part of the model."""


@dataclass(frozen=True)
class Approach:
    """The facts of attacking one aim: its distance, obscurement and whether it is seen."""

    distance: float | None
    """None when not measured: no range band applies."""
    obscured: bool = False
    visible: bool = True

    def __post_init__(self) -> None:
        if self.distance is not None:
            limits.finite(self.distance, "attack distance")
            if self.distance < 0:
                raise SkirmishError(f"{RANGE}: attack distance {self.distance} cannot be negative")
            limits.DISTANCE.check(self.distance, "attack distance")


@dataclass(frozen=True)
class Bid:
    """Tokens put down face down: how many are real command points and how many dummies."""

    real: int = 0
    dummy: int = 0

    @property
    def count(self) -> int:
        return self.real + self.dummy

    def text(self) -> str:
        return f"{self.real} real + {self.dummy} dummy"

    @classmethod
    def parse(cls, text: str) -> Bid:
        real, _, rest = text.partition(" real + ")
        return cls(int(real), int(rest.split()[0]))


@dataclass(frozen=True)
class Situation:
    """One attack. ``aims`` gives the facts for each aim the attacker could choose."""

    attacker: Model
    target: Model
    aims: tuple[tuple[Aim, Approach], ...]
    weapon: str | None = None
    closest: bool = False
    component: str | None = None
    """The part of a composite target the attacker names; None lets the defender choose."""
    nearby: tuple[tuple[str, float], ...] = ()
    """Other models and their distance from the attacker (for the stun of EE-6)."""
    counter: Situation | None = None
    """The target's attack back, if it interrupts after combat scores."""
    interrupts: bool = True
    stun_rule: StunRule = StunRule.ANY
    stun_scope: StunScope = StunScope.PART
    """For composite models: whose stun markers give the +1 (EE-13)."""
    roles: tuple[str, str] = (ATTACKER, DEFENDER)
    """The players controlling the attacker and the target (swapped for an attack back)."""
    prefix: str = ""
    """Put before decision keys, so an attack back's choices are told apart."""
    part: str | None = None
    """The part of a composite attacker that attacks (default: its first armed part)."""
    aim: Aim | None = None
    """The aim when already chosen (a model with several weapons selects every target first)."""

    def __post_init__(self) -> None:
        limits.PIECES.check(len(self.nearby), "models nearby:")
        for name, distance in self.nearby:
            limits.finite(distance, f"distance of {name}")
            limits.DISTANCE.check(distance, f"distance of {name}")

    def attacking_part(self) -> Component:
        """Composite Models: only parts with weapons attack, seeing from that part."""
        if self.part is None:
            return self.attacker.armed()
        return self.attacker.component(self.part)

    def approach(self, aim: Aim) -> Approach:
        for name, facts in self.aims:
            if name is aim:
                return facts
        raise SkirmishError(f"{SELECT}: no facts given for aiming at the target's {aim.value}")


@dataclass(frozen=True)
class AttackResult:
    """What one attack did. Markers went to the named models' pending effect boxes."""

    outcome: Outcome
    aim: Aim
    attack_score: int | None = None
    defense_score: int | None = None
    attacker_stunned: bool = False
    markers: tuple[tuple[str, str], ...] = ()
    damaged: Attribute | None = None
    model_destroyed: bool = False
    attack_bid: Bid = Bid()
    defense_bid: Bid = Bid()
    interrupt: str | None = None
    counter: AttackResult | None = None
    component: str | None = None


def _stunned(component: Component, rule: StunRule) -> bool:
    if rule is StunRule.OVER_COMMAND:
        return component.active.stun > component.profile.command
    return component.active.stun > 0


def _is_stunned(model: Model, part: Component, situation: Situation) -> bool:
    """Whether a model counts as stunned for the +1: the part in play, or with
    ``StunScope.MODEL`` any part of it (EE-4, EE-13)."""
    parts = model.components if situation.stun_scope is StunScope.MODEL else (part,)
    return any(_stunned(c, situation.stun_rule) for c in parts)


def check(situation: Situation) -> None:
    """Refuse attacks the rules do not allow, naming the step."""
    attacker, target = situation.attacker, situation.target
    situation.attacking_part().weapon(situation.weapon)
    if any(c.active.blinded for c in attacker.components):
        raise IllegalAttack(f"{EFFECTS}: {attacker.name} is Blinded and may not attack")
    for model in (attacker, target):
        model.check_tokens()
    if Aim.BASE not in dict(situation.aims):
        raise SkirmishError(f"{SELECT}: give the attack distance to the base the target stands on")
    for _, facts in situation.aims:
        if facts.distance is not None and facts.distance < 0:
            raise SkirmishError(f"{RANGE}: attack distance {facts.distance} cannot be negative")
    if not any(facts.visible for _, facts in situation.aims):
        raise IllegalAttack(
            f"{SELECT}: {attacker.name} has no line of sight to {target.name} on any of its "
            "bases or its path"
        )
    if situation.component is not None:
        target.component(situation.component)


ANSWERS: dict[str, tuple[str, ...]] = {
    MOVE_INTERRUPT: ("stay", "move"),
    COUNTER_INTERRUPT: ("no", "attack back"),
    DAMAGED_ATTRIBUTE: tuple(a.value for a in Attribute),
    AIM: tuple(a.value for a in Aim),
}
"""Every answer a decision with a fixed set of options can take."""


def check_answers(situation: Situation, answers: dict[str, str]) -> None:
    """Refuse, before the attack starts, answers no decision of it could accept: an
    attribute a damaged marker cannot zero, an unknown aim or interrupt, a part the target
    does not have, or a bid its console cannot pay (keys as the attack asks them, an attack
    back's led by its prefix). Whether the decision comes up depends on the attack."""
    target = situation.target
    for key, answer in answers.items():
        asked = key.rsplit(": ", 1)[-1]
        if asked in ANSWERS and answer not in ANSWERS[asked]:
            raise UnknownName(asked, answer, ANSWERS[asked])
        if asked == COMPONENT:
            target.component(answer)
        if asked in (ATTACK_BID, DEFENSE_BID):
            bid = _read_bid(key, answer)
            model = situation.attacker if asked == ATTACK_BID else target
            if bid.real > model.real_tokens or bid.dummy > model.dummy_tokens:
                raise SkirmishError(
                    f"{BIDS}: {model.name} cannot bid {bid.text()}; its console holds "
                    f"{model.real_tokens} real and {model.dummy_tokens} dummy tokens"
                )


def _read_bid(key: str, answer: str) -> Bid:
    try:
        bid = Bid.parse(answer)
    except (ValueError, IndexError):
        raise SkirmishError(
            f"{key} {answer!r}: expected a bid such as '1 real + 0 dummy'"
        ) from None
    if bid.real < 0 or bid.dummy < 0:
        raise SkirmishError(f"{key} {answer!r}: a bid cannot be negative")
    return bid


def resolve_attack(context: Context, situation: Situation) -> AttackResult:
    """Resolve one attack through its five steps, with both interrupts."""
    check(situation)
    attacker, target = situation.attacker, situation.target
    part = situation.attacking_part()
    weapon = part.weapon(situation.weapon)
    context.log(
        events.Attacks(
            attacker=attacker.name,
            part=part.name if attacker.composite else None,
            target=target.name,
            weapon=weapon.name,
            range=weapon.range,
        )
    )
    aim = _choose_aim(context, situation)
    defended = _target_component(context, situation)
    defense_mods: list[tuple[str, int]] = []
    attack_mods: list[tuple[str, int]] = []
    spent = 0  # command points the target spent on interrupts
    interrupt = None
    if _may_interrupt(situation, spent) and (
        context.choose(
            Decision(
                situation.roles[1],
                situation.prefix + MOVE_INTERRUPT,
                ("stay", "move"),
                rule=INTERRUPTS,
                prompt=f"{target.name} is targeted: spend a command point to move at once?",
            )
        )
        == "move"
    ):
        spent, interrupt = 1, "move"
        context.log(events.MovedAway(target=target.name))
        aim = Aim.SOURCE
        defense_mods.append(("moved when targeted", 1))
    facts = _approach_after(situation, aim, interrupt)
    if aim is Aim.PATH:
        defense_mods.append(("target's path", 1))
    if facts.obscured:
        defense_mods.append(("obscured", 1))
    if any(c.active.cloaked for c in target.components):
        defense_mods.append(("cloaked", 1))
    if situation.closest:
        attack_mods.append(("closest visible enemy", 1))

    attack_bid, defense_bid = _bids(context, situation, spent)
    markers: list[tuple[str, str]] = []

    distance, reach = facts.distance, weapon.range
    attacker_stunned = False
    if distance is None:
        context.log(events.RangeBand(band="unmeasured"))
    elif distance > 2 * reach:
        context.log(
            events.RangeBand(band="failed", distance=distance, reach=reach, attacker=attacker.name)
        )
        markers.append((attacker.name, "stun"))
        return AttackResult(
            Outcome.FAILED,
            aim,
            attacker_stunned=True,
            markers=tuple(markers),
            attack_bid=attack_bid,
            defense_bid=defense_bid,
            interrupt=interrupt,
            component=defended.name if target.composite else None,
        )
    elif distance > reach:
        attacker_stunned = True
        markers.append((attacker.name, "stun"))
        defense_mods.append(("beyond weapon range", 2))
        context.log(
            events.RangeBand(band="long", distance=distance, reach=reach, attacker=attacker.name)
        )
    elif distance < reach / 2:
        attack_mods.append(("under half range", 1))
        context.log(events.RangeBand(band="short", distance=distance, reach=reach))
    else:
        context.log(events.RangeBand(band="normal", distance=distance, reach=reach))

    if _is_stunned(target, defended, situation):
        attack_mods.append(("target stunned", 1))
    if _is_stunned(attacker, part, situation):
        defense_mods.append(("attacker stunned", 1))
    if attack_bid.count or defense_bid.count:
        context.log(
            events.BidsRevealed(attack_bid=attack_bid.text(), defense_bid=defense_bid.text())
        )
    attack_mods.append(("command points bid", attack_bid.real))
    defense_mods.append(("command points bid", defense_bid.real))
    attack_score = part.score(Attribute.ATTACK) + sum(v for _, v in attack_mods)
    defense_score = defended.score(Attribute.DEFEND) + sum(v for _, v in defense_mods)
    context.log(
        events.Scores(
            attack_score=attack_score,
            defense_score=defense_score,
            attack=part.score(Attribute.ATTACK),
            attack_modifiers=tuple(attack_mods),
            defend=defended.score(Attribute.DEFEND),
            defense_modifiers=tuple(defense_mods),
        )
    )
    markers += _stun_spread(context, situation, attack_score, distance)

    counter = None
    back = situation.counter
    may_counter = interrupt is None and _may_interrupt(situation, spent + defense_bid.real)
    if (
        back is not None
        and may_counter
        and (
            context.choose(
                Decision(
                    situation.roles[1],
                    situation.prefix + COUNTER_INTERRUPT,
                    ("no", "attack back"),
                    rule=INTERRUPTS,
                    prompt=f"attack {attack_score} against defense {defense_score}: spend a "
                    f"command point for {target.name} to attack {attacker.name} first?",
                )
            )
            == "attack back"
        )
    ):
        interrupt = "attack back"
        context.log(events.AttacksBack(target=target.name, attacker=attacker.name))
        counter = resolve_attack(context, replace(back, interrupts=False))
        context.log(events.Resumed(attacker=attacker.name))

    outcome = damage_result(attack_score, defense_score)
    result = AttackResult(
        outcome,
        aim,
        attack_score,
        defense_score,
        attacker_stunned,
        tuple(markers),
        attack_bid=attack_bid,
        defense_bid=defense_bid,
        interrupt=interrupt,
        counter=counter,
        component=defended.name if target.composite else None,
    )
    return _apply_damage(context, situation, defended, result)


def damage_result(attack: int, defense: int) -> Outcome:
    """The damage table: equal stuns; greater damages; over twice destroys; over three
    times annihilates. A lower attack does nothing (EE-8).

    >>> [damage_result(a, 3).value for a in (2, 3, 4, 6, 7, 9, 10)]
    ['none', 'stunned', 'damaged', 'damaged', 'destroyed', 'destroyed', 'annihilated']
    """
    if attack > 3 * defense:
        return Outcome.ANNIHILATED
    if attack > 2 * defense:
        return Outcome.DESTROYED
    if attack > defense:
        return Outcome.DAMAGED
    if attack == defense:
        return Outcome.STUNNED
    return Outcome.NONE


def open_aims(situation: Situation) -> tuple[Aim, ...]:
    """The aims the attacker may choose: seen, and on a base when the target is cloaked."""
    cloaked = any(c.active.cloaked for c in situation.target.components)
    return tuple(
        aim for aim, facts in situation.aims if facts.visible and not (cloaked and aim is Aim.PATH)
    )


def _choose_aim(context: Context, situation: Situation) -> Aim:
    """Select Target: any aim the attacker can see; a cloaked target only at its bases."""
    options = tuple(aim.value for aim in open_aims(situation))
    if not options:
        raise IllegalAttack(
            f"{EFFECTS}: {situation.target.name} is cloaked: only its bases may be targeted, "
            "and none is visible"
        )
    if situation.aim is not None:
        if situation.aim.value not in options:
            raise IllegalAttack(
                f"{SELECT}: {situation.target.name}'s {situation.aim.value} cannot be targeted "
                f"(visible and allowed: {', '.join(options)})"
            )
        aim = situation.aim
    elif len(options) == 1:
        aim = Aim(options[0])
    else:
        aim = Aim(
            context.choose(
                Decision(
                    situation.roles[0],
                    situation.prefix + AIM,
                    options,
                    rule=SELECT,
                    prompt=f"aim at {situation.target.name}'s {', '.join(options)}?",
                )
            )
        )
    context.log(events.Aimed(aim=aim.value))
    return aim


def _approach_after(situation: Situation, aim: Aim, interrupt: str | None) -> Approach:
    """After a move interrupt, the attack goes to the base the target stood on, which is now
    its source base (EE-5); otherwise to the chosen aim."""
    return situation.approach(Aim.BASE if interrupt == "move" else aim)


def _target_component(context: Context, situation: Situation) -> Component:
    """Composite Models: the attacker may name the part; if not, the defender chooses."""
    target = situation.target
    if not target.composite:
        return target.components[0]
    if situation.component is not None:
        part = target.component(situation.component)
        context.log(events.PartTargeted(target=target.name, part=part.name, named=True))
        return part
    name = context.choose(
        Decision(
            situation.roles[1],
            situation.prefix + COMPONENT,
            tuple(c.name for c in target.components),
            rule=COMPOSITE,
            prompt=f"which part of {target.name} is the target?",
        )
    )
    context.log(events.PartTargeted(target=target.name, part=name, named=False))
    return target.component(name)


def _may_interrupt(situation: Situation, spent: int) -> bool:
    """A target that has not acted this turn and has a command point left may interrupt."""
    target = situation.target
    return situation.interrupts and not target.acted and target.real_tokens - spent >= 1


def _bid_options(model: Model, spent: int) -> tuple[str, ...]:
    return tuple(
        Bid(real, dummy).text()
        for real in range(model.real_tokens - spent + 1)
        for dummy in range(model.dummy_tokens + 1)
    )


def _bids(context: Context, situation: Situation, spent: int) -> tuple[Bid, Bid]:
    """Place Bids: the active player first, then the passive player, face down (EE-3)."""
    attacker, target = situation.attacker, situation.target
    attack = Bid.parse(
        context.choose(
            Decision(
                situation.roles[0],
                situation.prefix + ATTACK_BID,
                _bid_options(attacker, 0),
                rule=BIDS,
                hidden=True,
                prompt=f"{attacker.name}: tokens to bid face down "
                f"({attacker.real_tokens} real, {attacker.dummy_tokens} dummy on its console)",
            )
        )
    )
    context.log(events.BidPlaced(side="attack", model=attacker.name, count=attack.count))
    defense = Bid.parse(
        context.choose(
            Decision(
                situation.roles[1],
                situation.prefix + DEFENSE_BID,
                _bid_options(target, spent),
                rule=BIDS,
                hidden=True,
                prompt=f"{target.name}: the attacker put down {tokens(attack.count)}; "
                "tokens to bid face down",
            )
        )
    )
    context.log(events.BidPlaced(side="defense", model=target.name, count=defense.count))
    return attack, defense


def _stun_spread(
    context: Context, situation: Situation, attack_score: int, distance: float | None
) -> list[tuple[str, str]]:
    """Every other model within the attack score's distance of the attacker gains a stun
    marker, the target included when it is that close (ruling EE-6)."""
    hit = [
        name
        for name, away in ((situation.target.name, distance), *situation.nearby)
        if away is not None and away <= attack_score
    ]
    if hit:
        context.log(
            events.StunSpread(
                attack_score=attack_score, attacker=situation.attacker.name, stunned=tuple(hit)
            )
        )
    return [(name, "stun") for name in hit]


def _apply_damage(
    context: Context, situation: Situation, part: Component, result: AttackResult
) -> AttackResult:
    """Determine Damage: markers to the pending box; composite parts as separate models."""
    target = situation.target
    who = f"{target.name} ({part.name})" if target.composite else target.name
    outcome = result.outcome
    markers = list(result.markers)
    damaged = None
    destroyed_model = False
    context.log(
        events.Result(
            outcome=outcome.value,
            who=who,
            attack_score=result.attack_score,
            defense_score=result.defense_score,
        )
    )
    if outcome in (Outcome.STUNNED, Outcome.DAMAGED):
        markers.append((who, "stun"))
    if outcome is Outcome.DAMAGED:
        carried = part.active.damaged | part.pending.damaged
        left = tuple(a.value for a in Attribute if a not in carried)
        if not left:
            outcome = Outcome.DESTROYED
            context.log(events.Damaged(who=who))
        else:
            damaged = Attribute(
                context.choose(
                    Decision(
                        situation.roles[1],
                        situation.prefix + DAMAGED_ATTRIBUTE,
                        left,
                        rule=DAMAGE,
                        prompt=f"{who} is damaged: which attribute goes to 0?",
                    )
                )
            )
            markers.append((who, f"damaged {damaged.value}"))
            context.log(events.Damaged(who=who, attribute=damaged.value))
    if outcome in (Outcome.DESTROYED, Outcome.ANNIHILATED):
        markers.append((who, outcome.value))
        if target.composite:
            if outcome is Outcome.ANNIHILATED:
                destroyed_model = True
                context.log(events.PartLost(model=target.name, part=part.name, annihilated=True))
            else:
                others = [c.name for c in target.components if c is not part]
                markers += [(f"{target.name} ({name})", "stun") for name in others]
                context.log(
                    events.PartLost(
                        model=target.name, part=part.name, others=tuple(others), annihilated=False
                    )
                )
        else:
            destroyed_model = True
        context.log(events.Timing())
    return replace(
        result,
        outcome=outcome,
        markers=tuple(markers),
        damaged=damaged,
        model_destroyed=destroyed_model,
    )


def resolve_attacks(
    context: Context, situations: tuple[Situation, ...]
) -> tuple[AttackResult, ...]:
    """A model attacking with several weapons: select the target of every weapon first, then
    resolve the remaining steps weapon by weapon in the order its controller chooses.

    Every token bid is spent (EE-3), so a later weapon's bids come from what the earlier
    ones left on each console, and a target that interrupted has acted (EE-14).
    """
    if not situations:
        raise SkirmishError(f"{SELECT}: no weapon to attack with")
    limits.WEAPONS.check(len(situations), "weapons in one attack:")
    chosen = []
    for situation in situations:
        check(situation)
        weapon = situation.attacking_part().weapon(situation.weapon)
        context.log(events.WeaponTargets(weapon=weapon.name, target=situation.target.name))
        chosen.append(replace(situation, aim=_choose_aim(context, situation)))
    names = [s.attacking_part().weapon(s.weapon).name for s in chosen]
    orders = tuple(
        " then ".join(names[i] for i in order) for order in permutations(range(len(names)))
    )
    order = orders.index(
        context.choose(
            Decision(
                situations[0].roles[0],
                situations[0].prefix + ORDER,
                orders,
                rule=SELECT,
                prompt="resolve the weapons in which order?",
            )
        )
        if len(orders) > 1
        else orders[0]
    )
    sequence = list(permutations(range(len(names))))[order]
    results: list[AttackResult] = []
    spent: dict[str, Spent] = {}
    for i in sequence:
        situation = chosen[i]
        if results:
            situation = replace(
                situation,
                attacker=spent.get(situation.attacker.name, NOTHING).left(situation.attacker),
                target=spent.get(situation.target.name, NOTHING).left(situation.target),
            )
            _log_tokens_left(context, situation)
        result = resolve_attack(context, situation)
        results.append(result)
        for name, used in spend(situation, result):
            spent[name] = spent.get(name, NOTHING).plus(used)
    return tuple(results)


@dataclass(frozen=True)
class Spent:
    """Tokens a model has spent this turn, and whether it has acted (an interrupt)."""

    real: int = 0
    dummy: int = 0
    acted: bool = False

    def plus(self, other: Spent) -> Spent:
        return Spent(self.real + other.real, self.dummy + other.dummy, self.acted or other.acted)

    def left(self, model: Model) -> Model:
        """The model with these tokens gone from its console."""
        return replace(
            model,
            real_tokens=model.real_tokens - self.real,
            dummy_tokens=model.dummy_tokens - self.dummy,
            acted=model.acted or self.acted,
        )


NOTHING = Spent()


def spend(situation: Situation, result: AttackResult) -> tuple[tuple[str, Spent], ...]:
    """What the attack cost each model: every token bid (EE-3), the target's command point
    for an interrupt, after which it has acted (EE-5, EE-10)."""
    interrupted = result.interrupt is not None
    return (
        (situation.attacker.name, Spent(result.attack_bid.real, result.attack_bid.dummy)),
        (
            situation.target.name,
            Spent(
                result.defense_bid.real + int(interrupted), result.defense_bid.dummy, interrupted
            ),
        ),
    )


def _log_tokens_left(context: Context, situation: Situation) -> None:
    attacker, target = situation.attacker, situation.target
    context.log(
        events.TokensLeft(
            attacker=attacker.name,
            attacker_tokens=(attacker.real_tokens, attacker.dummy_tokens),
            target=target.name,
            target_tokens=(target.real_tokens, target.dummy_tokens),
        )
    )


def attack_back(situation: Situation, *, prefix: str = "attack back: ") -> Situation:
    """The target's attack back at the attacker (EE-10): the same attack distance and
    obscurement to the attacker's base, roles swapped, no bids and no interrupts of its own.

    The target attacks with its first armed part and first weapon.
    """
    facts = situation.approach(Aim.BASE)
    return Situation(
        replace(situation.target, real_tokens=0, dummy_tokens=0),
        replace(situation.attacker, real_tokens=0, dummy_tokens=0, acted=True),
        ((Aim.BASE, replace(facts, visible=True)),),
        roles=(situation.roles[1], situation.roles[0]),
        prefix=situation.prefix + prefix,
        interrupts=False,
        stun_rule=situation.stun_rule,
        stun_scope=situation.stun_scope,
    )


def can_attack_back(situation: Situation) -> bool:
    """Whether the target has a weapon to attack back with (Interrupts)."""
    return any(c.weapons for c in situation.target.components)
