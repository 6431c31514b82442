"""13.4 Attack action: the attacks a fighter can make now, at which targets, paid how.

An attack needs a visible target other than the attacker (13.4), a line of attack within
Range (18.1), and for an attack spell its casting cost (17.0). Deadeye's Aimed Shot only
follows Take Aim, at a fighter near its marker (ruling MB-12, :mod:`.abilities.deadeye`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import lru_cache, partial

from skirmish.engine.battle import Action, IllegalAction
from skirmish.engine.drawing import Judge, Offer, once
from skirmish.fastpaths import OFFERS, Memo, fast
from skirmish.games.magewinds.battle.actions import after
from skirmish.games.magewinds.battle.geometry import (
    attack_line,
    could_reach,
    field_of,
    hypnotist,
    moved,
    placed,
    sees,
)
from skirmish.games.magewinds.battle.grammar import Kind, Names, parse
from skirmish.games.magewinds.battle.hooks import ABILITIES as abilities
from skirmish.games.magewinds.battle.objects import pushable
from skirmish.games.magewinds.battle.paying import named_payment, ways_to_pay
from skirmish.games.magewinds.battle.sight import line_from, line_on, open_line, visible
from skirmish.games.magewinds.battle.state import Battle, Fighter, Item
from skirmish.games.magewinds.battle.state import Point as At
from skirmish.games.magewinds.cards import Payment
from skirmish.games.magewinds.field import Battlefield, Placed
from skirmish.games.magewinds.profiles import AttackProfile
from skirmish.games.magewinds.sightlines import line_of_attack, visibility


def usable(
    battle: Battle, fighter: Fighter
) -> list[tuple[AttackProfile, tuple[Payment | None, ...]]]:
    """The fighter's attacks with the ways to pay each (None: no cost)."""
    out: list[tuple[AttackProfile, tuple[Payment | None, ...]]] = []
    for attack in battle.setup.profile(fighter.profile).attacks:
        if abilities.attack_refused(battle, fighter, attack):
            continue
        if attack.spell and attack.cost:
            ways = ways_to_pay(battle, battle.controller(fighter), attack.cost)
            if ways:
                out.append((attack, ways))
        else:
            out.append((attack, (None,)))
    return out


def _written(target: Fighter | Item, attack: AttackProfile, payment: Payment | None) -> Action:
    text = f"attack {target.name} with {attack.name}"
    return text + (f" paying {payment.text}" if payment is not None else "")


def attack_options(battle: Battle, name: str) -> tuple[Action, ...]:
    """Every legal ``attack TARGET with ATTACK [paying CARDS]`` from where the fighter is:
    at fighters, then at the moveable objects the attack may push."""
    return attack_offer(battle, name).legal()


def attack_offer(battle: Battle, name: str) -> Offer:
    """:func:`attack_options` as candidates: each attack, paid each way, at each fighter
    within its Range, judged by whether there is a line of attack (one judgement for every
    way to pay); each Push at an object the attack may push, legal as listed."""
    fighter = battle.fighter(name)
    groups: list[list[tuple[Action, Judge | None]]] = []
    for attack, ways in usable(battle, fighter):
        for target, written in _within_range(battle, fighter, attack, ways):
            judge = once(partial(_has_line, battle, fighter, target, attack))
            groups.append([(text, judge) for text in written])
        for item in pushable(battle, fighter, attack):
            groups.append([(_written(item, attack, way), None) for way in ways])
    return Offer.of(*groups)


def reachable_attacks(
    battle: Battle, fighter: Fighter
) -> Iterator[tuple[Fighter, AttackProfile, tuple[Action, ...]]]:
    """Each attack the fighter can pay for on each fighter within its range, with the
    options that would make it (one per way to pay), in :func:`attack_options`' order;
    whether a line of attack exists (18.1) is :func:`has_line`'s to say."""
    for attack, ways in usable(battle, fighter):
        for target, written in _within_range(battle, fighter, attack, ways):
            yield target, attack, written


def _within_range(
    battle: Battle, fighter: Fighter, attack: AttackProfile, ways: tuple[Payment | None, ...]
) -> Iterator[tuple[Fighter, tuple[Action, ...]]]:
    for target in battle.on_battlefield():
        if target.name == fighter.name or not could_reach(fighter, target, attack, 0.0):
            continue
        if abilities.target_refused(battle, fighter, attack, target):
            continue
        yield target, tuple(_written(target, attack, way) for way in ways)


def has_line(battle: Battle, fighter: Fighter, target: Fighter, attack: AttackProfile) -> bool:
    """Whether ``fighter`` sees ``target`` with a line of attack for ``attack``."""
    return _has_line(battle, fighter, target, attack)


def _has_line(battle: Battle, fighter: Fighter, target: Fighter, attack: AttackProfile) -> bool:
    """13.4 and 18.1: a visible target with a line of attack (:func:`attack_line`)."""
    if not fast() or target.name == fighter.name or not target.on_battlefield:
        return attack_line(battle, fighter, target, attack)[0] is not None
    if not sees(battle, fighter, target):
        return False
    field = field_of(battle)
    me, other = placed(field, fighter.name), placed(field, target.name)
    answer = open_line(battle.setup, field, me, other, attack)
    return line_on(field, me.name, other.name, attack).exists if answer is None else answer


def _object_in_reach(battle: Battle, name: str) -> bool:
    """Whether the fighter could Push a moveable object from where it stands (19.2)."""
    fighter = battle.fighter(name)
    return any(pushable(battle, fighter, attack) for attack, _ in usable(battle, fighter))


def any_attack(battle: Battle, name: str) -> bool:
    """Whether the fighter can make any attack from where it stands now (a fighter, or a
    moveable object for Push)."""
    if fast(OFFERS):
        plan = battle.remembered(("step plan", name), lambda: _step_plan(battle, name))
        if plan is not None:
            return _attack_possible(battle, name, None, plan)
    if battle.items and _object_in_reach(battle, name):
        return True
    if _aimed_possible(battle, name):
        return True
    if hypnotist(battle, battle.fighter(name)) is not None:
        return _checked(battle, name, aimed_only=False)
    if not fast():
        fighter = battle.fighter(name)
        attacks = tuple(
            attack for attack, _ in usable(battle, fighter) if not abilities.aimed(attack)
        )
        return _any_attack(field_of(battle), name, abilities.sees_all(fighter), attacks)
    return _attack_possible(battle, name, None)


def _aimed_possible(battle: Battle, name: str) -> bool:
    """An Aimed Shot at a fighter near the Take Aim marker, checked in full (its targets are
    restricted, so the shortcuts below, which look for any target, leave it out)."""
    return _checked(battle, name, aimed_only=True)


def _checked(battle: Battle, name: str, *, aimed_only: bool) -> bool:
    """Some attack (only an Aimed Shot when ``aimed_only``) at some target, checked in full
    by :func:`attack_line`: for restricted targets (Aimed Shot, a hypnotized attacker)."""
    fighter = battle.fighter(name)
    for attack, _ in usable(battle, fighter):
        if abilities.aimed(attack) or not aimed_only:
            for target in battle.on_battlefield():
                if (
                    target.name != name
                    and not abilities.target_refused(battle, fighter, attack, target)
                    and attack_line(battle, fighter, target, attack)[0] is not None
                ):
                    return True
    return False


def attack_from(battle: Battle, name: str, at: At) -> bool:
    """Whether the fighter could make any attack if it stood at ``at`` (everything else as
    it is): :func:`any_attack` after a trial step. On the fast path (part ``OFFERS``) what
    does not depend on the step (:func:`_step_plan`) is worked out once for the state."""
    if fast(OFFERS):
        plan = battle.remembered(("step plan", name), lambda: _step_plan(battle, name))
        if plan is not None:
            return _attack_possible(battle, name, at, plan)
    there = moved(battle, battle.fighter(name), at)
    if battle.items and _object_in_reach(there, name):
        return True
    if not fast() or _aimed_possible(there, name) or hypnotist(there, there.fighter(name)):
        return any_attack(there, name)
    return _attack_possible(battle, name, at)


_Plan = tuple[tuple[AttackProfile, ...], bool]
"""The attacks a fighter may make at any target (no Aimed Shot), and whether it sees
everything (Third Eye): what :func:`_attack_possible` asks of the state."""


def _step_plan(battle: Battle, name: str) -> _Plan | None:
    """What :func:`attack_from` asks wherever the step ends, when the answer at every end
    is :func:`_attack_possible`'s (None when it may not be): no object on the battlefield
    (a Push's target depends on where the step ends), no mark naming the fighter (a
    Hypnotize holds its sight only while it sees the Mesmer), and no Aimed Shot the
    fighter may make (Take Aim's marker; which attacks a fighter may make and pay for
    depends on marks and hands, never on where it stands)."""
    if not fast() or battle.items or any(mark.target == name for mark in battle.marks):
        return None
    fighter = battle.fighter(name)
    attacks = usable(battle, fighter)
    if any(abilities.aimed(attack) for attack, _ in attacks):
        return None
    return tuple(attack for attack, _ in attacks), abilities.sees_all(fighter)


def _attack_possible(battle: Battle, name: str, at: At | None, plan: _Plan | None = None) -> bool:
    """:func:`any_attack` on the fast path, from where the fighter stands or from ``at``
    (sight remembered by place; lines from ``at`` among the blockers as they stand);
    ``plan``: the fighter's attacks and Third Eye, when already worked out."""
    if plan is None:
        fighter = battle.fighter(name)
        attacks = tuple(
            attack for attack, _ in usable(battle, fighter) if not abilities.aimed(attack)
        )
        sees_all = abilities.sees_all(fighter)
    else:
        attacks, sees_all = plan
    field = field_of(battle)

    def line(me: Placed, other: Placed, attack: AttackProfile) -> bool:
        answer = open_line(battle.setup, field, me, other, attack)
        if answer is not None:
            return answer
        if at is None:
            return line_on(field, me.name, other.name, attack).exists
        return line_from(field, me, other, attack).exists

    def exists() -> bool:
        me = placed(field, name)
        if at is not None:
            me = replace(me, base=me.base.moved_to(*at))
        return _attack_exists(
            field,
            me,
            sees_all,
            attacks,
            lambda me, other: visible(battle.setup, field, me, other, (me.base, other.base)),
            line,
        )

    return _ATTACKS.get((field, name, at, sees_all, attacks), exists)


_ATTACKS: Memo[bool] = Memo("any attack")


@lru_cache(maxsize=2048)
def _any_attack(
    field: Battlefield, name: str, sees_all: bool, attacks: tuple[AttackProfile, ...]
) -> bool:
    return _attack_exists(
        field,
        placed(field, name),
        sees_all,
        attacks,
        lambda me, other: visibility(field, me, other).visible,
        lambda me, other, attack: line_of_attack(field, me, other, attack).exists,
    )


def _attack_exists(
    field: Battlefield,
    me: Placed,
    sees_all: bool,
    attacks: tuple[AttackProfile, ...],
    sees: Callable[[Placed, Placed], bool],
    line: Callable[[Placed, Placed, AttackProfile], bool],
) -> bool:
    """13.4, 16.0, 18.1: some other fighter on ``field`` within an attack's Range, visible
    to ``me`` (unless it sees everything) with a line of attack."""
    for other in field.fighters:
        if other.name == me.name:
            continue
        reachable = [
            a
            for a in attacks
            if (
                ((me.base.x - other.base.x) ** 2 + (me.base.y - other.base.y) ** 2) ** 0.5
                - me.base.radius
                - other.base.radius
            )
            <= a.maximum_range + 1e-6
        ]
        if not reachable:
            continue
        if not sees_all and not sees(me, other):
            continue
        if any(line(me, other, a) for a in reachable):
            return True
    return False


def parse_attack(
    battle: Battle, fighter: Fighter, action: Action
) -> tuple[Fighter | Item, AttackProfile, Payment | None]:
    """The target, attack and payment an ``attack ...`` action names, checked (13.4, 18.1,
    17.0); an illegal one raises with the rule."""
    target, attack, payment = named_attack(battle, fighter, action)
    if isinstance(target, Item):
        return target, attack, payment
    line, reason = attack_line(battle, fighter, target, attack)
    if line is None:
        raise IllegalAction(reason)
    refused = abilities.target_refused(battle, fighter, attack, target)
    if refused:
        raise IllegalAction(refused)
    return target, attack, payment


def named_attack(
    battle: Battle, fighter: Fighter, action: Action
) -> tuple[Fighter | Item, AttackProfile, Payment | None]:
    """The target, attack and payment an ``attack ...`` action names, the payment checked
    (17.0) and an object's Push (19.2), but not the line of attack to a fighter nor a
    refusal of it (:func:`parse_attack` checks those: a player that weighs only the
    attacks the rules offer need not ask again); an illegal one raises with the rule."""
    profile = battle.setup.profile(fighter.profile)
    words = parse(action, Names.of(battle))
    if words.kind is Kind.ATTACK:
        assert words.target is not None and words.attack is not None
        target_name, attack_text = words.target, words.attack
        payment_text = "+".join(words.cards) if words.cards else None
    else:
        rest = after(action, "attack")
        if not rest or " with " not in rest:
            raise IllegalAction(f"13.4: write 'attack TARGET with ATTACK', not {action!r}")
        target_name, attack_text = rest.split(" with ", 1)
        payment_text = None
        if " paying " in attack_text:
            attack_text, payment_text = attack_text.split(" paying ", 1)
    wanted = target_name.strip().casefold()
    item = next((i for i in battle.items if i.name.casefold() == wanted), None)
    target: Fighter | Item = battle.find_fighter(target_name) if item is None else item
    attack = profile.attack(attack_text.strip())
    payment: Payment | None = None
    if attack.spell and attack.cost:
        if payment_text is None:
            ways = ways_to_pay(battle, battle.controller(fighter), attack.cost)
            if len(ways) != 1:
                listed = ", ".join(p.text for p in ways) or "none"
                raise IllegalAction(
                    f"17.0: {attack.name} costs {attack.cost}; say 'paying CARDS' "
                    f"(ways to pay: {listed})"
                )
            payment = ways[0]
        else:
            payment = named_payment(battle, battle.controller(fighter), attack.cost, payment_text)
    elif payment_text is not None:
        raise IllegalAction(f"17.0: {attack.name} has no casting cost")
    if isinstance(target, Item) and target not in pushable(battle, fighter, attack):
        raise IllegalAction(
            f"19.2: {attack.name} cannot target {target.name}: only Push targets objects, "
            f"and only a moveable one {fighter.name} sees within Range {attack.range_text()}"
            " (ruling MB-34)"
        )
    return target, attack, payment
