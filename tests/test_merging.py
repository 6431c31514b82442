"""Merging is checked against the plain computation, over every registered game.

The exact enumerator and ``ExpectimaxPolicy`` share the work of every path that reaches the
same frame (``context.continue_from``). Here each game draws decision-heavy situations and
the policies its ``odds`` and ``advise`` use (optimal, fixed, mixed), and the whole
distribution of result records with merging must equal the one without: every field of
every record, every probability. A game registered without a strategy here fails
``test_every_registered_game_has_a_merging_strategy``.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from skirmish.engine import Decision, FixedPolicy, Mix, Policy, exact, pure, uniform
from skirmish.engine.context import Procedure
from skirmish.errors import SkirmishError
from skirmish.games import GAMES, darkrealms, entropic, mswars
from skirmish.games.darkrealms.odds import played
from skirmish.games.magewinds import AttackSituation, Combatant, bundled_pack
from skirmish.games.magewinds import resolve_attack as magewinds_attack
from skirmish.games.magewinds.odds import legal_pairs
from skirmish.games.mswars.odds import Objective as MsObjective
from skirmish.games.mswars.odds import Opportunity
from skirmish.games.mswars.odds import optimal_policy as mswars_optimal
from skirmish.games.mswars.odds import procedure as mswars_procedure


@dataclass(frozen=True)
class Case:
    """A procedure, and its policy with or without merging (``policy(merge)``)."""

    name: str
    procedure: Procedure[Any]
    policy: Callable[[bool], Policy]

    def __repr__(self) -> str:
        return self.name


def first_option(decision: Decision) -> Mix:
    return pure(decision.options[0])


def random_mix(draw: st.DrawFn) -> Policy:
    """A policy mixing every decision's options with drawn weights (the same weights for
    the same decision key and options, as a mixed strategy would)."""
    weights = draw(st.lists(st.integers(0, 3), min_size=8, max_size=8))

    def mix(decision: Decision) -> Mix:
        start = zlib.crc32(decision.key.encode())
        shares = [weights[(start + i) % 8] + (i == 0) for i in range(len(decision.options))]
        total = sum(shares)
        return {o: Fraction(w, total) for o, w in zip(decision.options, shares, strict=True) if w}

    return mix


# Magewinds: the hidden attack and defence choices, fixed (odds), mixed (advise's equilibria).


@st.composite
def magewinds_cases(draw: st.DrawFn) -> Case:
    pack = bundled_pack()
    attacker = draw(st.sampled_from(pack.fighters))
    attack = draw(st.sampled_from(attacker.attacks))
    target = draw(st.sampled_from(pack.fighters))
    situation = AttackSituation(
        Combatant(attacker),
        Combatant(target, damage=draw(st.integers(0, target.toughness - 1))),
        attack,
        cover=draw(st.booleans()),
    )
    procedure = partial(magewinds_attack, situation=situation)
    kind = draw(st.sampled_from(["fixed", "uniform", "mixed"]))
    if kind == "fixed":
        choice, reaction = draw(st.sampled_from(legal_pairs(situation)))
        answers = {"defence_choice": reaction.value}
        if choice is not None:
            answers["attack_choice"] = choice.value
        policy: Policy = FixedPolicy.of(**answers)
    else:
        policy = uniform if kind == "uniform" else random_mix(draw)
    return Case(
        f"magewinds {attacker.name} {attack.name} {target.name} {kind}",
        procedure,
        lambda merge: policy,
    )


# Entropic Engine: mixed bids with equal token counts, interrupts and the attack back, the
# defender's part of a composite target, several weapons, aims on the path.


def entropic_model(
    draw: st.DrawFn, name: str, *, composite: bool, weapons: int, tokens: int = 2
) -> entropic.Model:
    def part(part_name: str, armed: int) -> entropic.Component:
        profile = entropic.Profile(
            move=4, attack=draw(st.integers(0, 6)), defend=draw(st.integers(0, 5)), command=1
        )
        stun = draw(st.integers(0, 2))
        guns = tuple(
            entropic.Weapon(f"Gun {i}", draw(st.sampled_from([2, 6, 12]))) for i in range(armed)
        )
        return entropic.Component(part_name, profile, guns, active=entropic.Markers(stun=stun))

    parts = (part("Hull", 0), part("Turret", weapons)) if composite else (part(name, weapons),)
    cap = 2 * len(parts)
    return entropic.Model(
        name,
        parts,
        real_tokens=draw(st.integers(0, min(tokens, cap))),
        dummy_tokens=draw(st.integers(0, 1)),
        acted=draw(st.booleans()),
    )


@st.composite
def entropic_cases(draw: st.DrawFn) -> Case:
    kind = draw(st.sampled_from(["uniform", "mixed", "mixed bids"]))
    weapons = draw(st.integers(1, 2))
    # Two weapons double the tree: one real token a side then.
    tokens = 3 - weapons
    attacker = entropic_model(
        draw, "A", composite=draw(st.booleans()), weapons=weapons, tokens=tokens
    )
    if kind == "mixed bids":
        attacker = replace(attacker, real_tokens=1, dummy_tokens=1)
    target = entropic_model(draw, "T", composite=draw(st.booleans()), weapons=1, tokens=tokens)
    distance = draw(st.sampled_from([None, 1.0, 5.0, 9.0, 20.0]))
    aims = ((entropic.Aim.BASE, entropic.Approach(distance, obscured=draw(st.booleans()))),)
    if draw(st.booleans()):
        aims += ((entropic.Aim.PATH, entropic.Approach(distance)),)
    situations = tuple(
        entropic.Situation(
            attacker,
            target,
            aims,
            weapon=f"Gun {i}",
            closest=draw(st.booleans()),
            component=draw(st.sampled_from([None, "Hull", "Turret"])) if target.composite else None,
            stun_scope=draw(st.sampled_from(entropic.StunScope)),
            prefix=f"Gun {i}: " if weapons > 1 else "",
        )
        for i in range(weapons)
    )
    if weapons == 1 and draw(st.booleans()):
        situations = tuple(replace(s, counter=entropic.attack_back(s)) for s in situations)
    try:
        for s in situations:
            entropic.attack.check(s)
    except SkirmishError:
        reject()
    if kind == "mixed bids":
        # The attacker mixes a bluff and a real token: one token goes down either way.
        bids = {"1 real + 0 dummy": Fraction(1, 2), "0 real + 1 dummy": Fraction(1, 2)}
        answers = {situations[0].prefix + "attack bid": bids}
        if weapons > 1:
            answers["Gun 0: weapon order"] = pure("Gun 0 then Gun 1")
        policy: Policy = FixedPolicy(answers, fallback=uniform)
    else:
        policy = uniform if kind == "uniform" else random_mix(draw)
    procedure: Procedure[Any] = (
        partial(entropic.resolve_attacks, situations=situations)
        if weapons > 1
        else partial(entropic.resolve_attack, situation=situations[0])
    )
    return Case(f"entropic {weapons} weapon(s) {kind}", procedure, lambda merge: policy)


# MS Wars: the aid choices, solved (odds' optimal policy) or mixed; attacks of opportunity.


@st.composite
def mswars_cases(draw: st.DrawFn) -> Case:
    force = mswars.sample_force()
    attacker = draw(st.sampled_from(force.units))
    target = draw(st.sampled_from([u for u in force.units if u is not attacker]))
    weapon = draw(st.sampled_from(attacker.weapons))
    opportunity = None
    aiders: tuple[mswars.Aider, ...] = ()
    if weapon.type.melee and draw(st.booleans()):
        charged = draw(st.booleans())
        ram = mswars.Weapon("Ram", mswars.WeaponType.MELEE, 1, "2D6") if charged else None
        opportunity = Opportunity(charged, ram)
    else:
        aiders = tuple(
            mswars.Aider(f"Aide {n}", multiple_unit=draw(st.booleans()))
            for n in range(draw(st.integers(0, 2)))
        )
    situation = mswars.Situation(
        attacker,
        target,
        weapon,
        distance=min(weapon.range, draw(st.sampled_from([0.5, 6.0, 12.0]))),
        conditions=mswars.Conditions(
            rear_arc=draw(st.booleans()), earlier_attacks=draw(st.integers(0, 2))
        ),
        aiders=aiders,
    )
    procedure = mswars_procedure(situation, opportunity)
    try:
        mswars.attack.check(situation)
    except SkirmishError:
        reject()
    kind = draw(st.sampled_from(["optimal", "uniform", "mixed"]))
    objective = draw(st.sampled_from(MsObjective))

    def policy(merge: bool) -> Policy:
        if kind == "optimal":
            return mswars_optimal(situation, objective, opportunity, merge=merge)
        return uniform if kind == "uniform" else mixed

    mixed = random_mix(draw)
    return Case(f"mswars {attacker.name} {weapon.name} {target.name} {kind}", procedure, policy)


# Dark Realms: re-rolls with Stamina on both sides, rolled range, Confused, every shield, a
# hero's defence roll; optimal (both objectives, with and without a Stamina price), never,
# first option, mixed.


TREE_LIMIT = 6_000
"""Paths a drawn Dark Realms attack may have when every option is tried."""


def _tree_size(
    dice: int, stamina: int, shields: darkrealms.Shields, budget: int, hero: bool
) -> int:
    """About how many paths the attack has when every option is tried: each re-roll picks a
    die and rolls it again, and each of the target's dice may be re-rolled too."""
    attack = 6**dice * sum((6 * dice) ** k for k in range(stamina + 1))
    one_die = 6 * sum(6**k for k in range(budget + 1))
    defence = (2 if hero and shields.roll else 1) * (one_die if shields.roll else 1)
    defence *= one_die if shields.die else 1
    return attack * defence


@st.composite
def darkrealms_cases(draw: st.DrawFn) -> Case:
    kind = draw(st.sampled_from(darkrealms.Kind))
    rolled_range = kind is darkrealms.Kind.RANGE and draw(st.booleans())
    confused = draw(st.booleans())
    distance = 1 if kind is darkrealms.Kind.MELEE else draw(st.integers(1, 4))
    # A range attack at a target within reach (1) is Confused too.
    twice = confused or (kind is darkrealms.Kind.RANGE and distance == 1)
    dice = (2 if rolled_range else 1) + (1 if twice else 0)
    mode = draw(st.sampled_from(darkrealms.ValueMode))
    attack = darkrealms.CardAttack(
        "Attack",
        kind,
        mode=mode,
        amount=draw(st.integers(0, 3))
        if mode is darkrealms.ValueMode.FIXED
        else draw(st.integers(-2, 2)),
        misses_on=draw(st.integers(0, 3)),
        range=None if rolled_range or kind is darkrealms.Kind.MELEE else 4,
        rolled_range=rolled_range,
        status=draw(st.sampled_from([None, "poison"])),
    )
    shields = darkrealms.Shields(
        fixed=draw(st.integers(0, 2)), roll=draw(st.booleans()), die=draw(st.booleans())
    )
    attacker_stamina = draw(st.integers(0, 3))
    target_stamina = draw(st.integers(0, 2))
    hero = not draw(st.booleans())
    # Bound the plain computation (every branch, every path from the start): give up target
    # Stamina, then the shield dice, then attacker Stamina, until the tree is small.
    while _tree_size(dice, attacker_stamina, shields, target_stamina, hero) > TREE_LIMIT:
        if target_stamina:
            target_stamina -= 1
        elif shields.die or shields.roll:
            shields = replace(shields, die=False) if shields.die else replace(shields, roll=False)
        else:
            attacker_stamina -= 1
    situation = darkrealms.Situation(
        darkrealms.Figure(
            "A", melee=draw(st.integers(0, 5)), range=draw(st.integers(0, 5)), health=99
        ),
        darkrealms.Figure(
            "T",
            melee=0,
            range=0,
            health=draw(st.integers(1, 9)),
            shields=shields,
            enemy=not hero,
        ),
        attack,
        distance=distance,
        stamina=attacker_stamina,
        defender_stamina=target_stamina,
        confused=confused,
        poison_turns=draw(st.integers(0, 2)),
    )
    policy_kind = draw(st.sampled_from(["optimal", "never", "first", "mixed"]))
    objective = draw(st.sampled_from(darkrealms.Objective))
    cost = draw(st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(2)]))
    if policy_kind == "never":
        situation = played(situation, darkrealms.PolicyName.NEVER)
    mixed = random_mix(draw)

    def policy(merge: bool) -> Policy:
        if policy_kind in ("optimal", "never"):
            return darkrealms.optimal_policy(situation, objective, cost, merge=merge)
        return first_option if policy_kind == "first" else mixed

    procedure = partial(darkrealms.resolve_attack, situation=situation)
    return Case(f"darkrealms {dice} dice {policy_kind} {objective} cost {cost}", procedure, policy)


STRATEGIES: dict[str, st.SearchStrategy[Case]] = {
    "magewinds": magewinds_cases(),
    "entropic": entropic_cases(),
    "mswars": mswars_cases(),
    "darkrealms": darkrealms_cases(),
}


def test_every_registered_game_has_a_merging_strategy() -> None:
    for game in GAMES:
        assert game.name in STRATEGIES, f"{game.name} has no merging strategy in {__file__}"


EXAMPLES = {"darkrealms": 20}
"""Examples per game (default 8): more where procedures continue from frames today."""


@pytest.mark.parametrize("game", [game.name for game in GAMES])
def test_merged_exact_equals_the_plain_computation(game: str) -> None:
    @settings(
        max_examples=EXAMPLES.get(game, 8),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(STRATEGIES[game])
    def check(case: Case) -> None:
        merged = exact(case.procedure, policy=case.policy(True))
        plain = exact(case.procedure, policy=case.policy(False), merge=False)
        assert merged.probabilities == plain.probabilities, case

    check()
