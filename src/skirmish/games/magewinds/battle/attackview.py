"""What a view shows of an attack in progress, and the attack read back from it.

A player sees an attack's situation without the hands it was given
(:func:`public_situation`) and its answers with the face-down ones not yet revealed
(18.3, :data:`FACE_DOWN`). A battle rebuilt from a view (:mod:`.rebuild`) reads the
situation and the result back and draws each face-down answer among the options that
lead where the battle is now (:func:`answers_from`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from functools import partial
from random import Random
from typing import Any

from skirmish.engine.context import Context
from skirmish.engine.procedure import NeedsDecision, NeedsRoll, next_step
from skirmish.engine.stack import ViewError, json_ready, tupled
from skirmish.games.magewinds.attack import (
    AttackResult,
    AttackSituation,
    Combatant,
    resolve_attack,
)
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.effects import find_effect
from skirmish.games.magewinds.profiles import (
    AttackChoice,
    AttackProfile,
    FighterProfile,
    Reaction,
)

FACE_DOWN = "(face down)"
"""An answer another player may not see yet (18.3), as a view shows it."""


def public_situation(situation: AttackSituation) -> dict[str, Any]:
    """An attack's situation without the hands it was given: they are the hands as they
    are while the attack is resolved, and no rule reads them once it is."""

    def combatant(c: Combatant) -> dict[str, Any]:
        return {
            "profile": c.profile.name,
            "damage": c.damage,
            "action_counters": c.action_counters,
            "guarding": c.guarding,
            "effects": sorted(e.key for e in c.effects),
            "label": c.label,
        }

    return {
        "attacker": combatant(situation.attacker),
        "target": combatant(situation.target),
        "attack": situation.attack.name,
        "cover": situation.cover,
        "can_dodge": situation.can_dodge,
        "barrier_clubs": situation.barrier_clubs,
        "distance": situation.distance,
        "cards": situation.defender_cards is not None,
        "attacker_cards": situation.attacker_cards is not None,
        "barrier_cost": situation.barrier_cost,
    }


def attack_from(setup: Setup, data: Mapping[str, Any]) -> AttackProfile:
    """The attack of the pack that the view shows field by field."""
    for profile in setup.pack.fighters:
        for attack in profile.attacks:
            if json_ready(attack) == data:
                return attack
    raise ViewError(f"no attack of the pack is {data.get('name')!r} as shown")


def situation_from(
    battle: Battle,
    data: Mapping[str, Any],
    values: Mapping[str, Any],
    profile: Callable[[str], FighterProfile],
) -> AttackSituation:
    """An attack's situation as :func:`public_situation` showed it, the hands it was
    given being the battle's; the attacker's profile is ``profile`` of the name shown (a
    fighter's, or for a Quake's attack a terrain feature's, ruling MB-44)."""
    setup = battle.setup

    def combatant(c: Mapping[str, Any], attacking: bool = False) -> Combatant:
        return Combatant(
            profile(c["profile"]) if attacking else setup.profile(c["profile"]),
            damage=c["damage"],
            action_counters=c["action_counters"],
            guarding=c["guarding"],
            effects=frozenset(find_effect(key) for key in c["effects"]),
            label=c["label"],
        )

    attacker = combatant(data["attacker"], attacking=True)
    return AttackSituation(
        attacker=attacker,
        target=combatant(data["target"]),
        attack=attacker.profile.attack(data["attack"]),
        cover=data["cover"],
        can_dodge=data["can_dodge"],
        barrier_clubs=data["barrier_clubs"],
        distance=data["distance"],
        defender_cards=battle.hands[values["defender_player"]] if data["cards"] else None,
        attacker_cards=battle.hands[values["attacker_player"]] if data["attacker_cards"] else None,
        barrier_cost=data["barrier_cost"],
    )


def result_from(data: Mapping[str, Any] | None) -> AttackResult | None:
    if data is None:
        return None
    values = {f.name: tupled(data[f.name]) for f in fields(AttackResult)}
    values["choice"] = None if data["choice"] is None else AttackChoice(data["choice"])
    values["reaction"] = Reaction(data["reaction"])
    values["statuses"] = frozenset(data["statuses"])
    return AttackResult(**values)


def answers_from(
    situation: AttackSituation,
    shown: tuple[Any, ...],
    rng: Random,
    now: Mapping[str, Any] | None = None,
) -> tuple[int | str, ...]:
    """The attack's answers, each face-down one drawn among the options it had that lead
    where the battle is now (``now``, the view's: the same rule asking, with the same
    prompt when the player is the one asked, or the same roll;
    a light attack is not drawn when the defender is being asked what only a heavy one
    lets them answer)."""
    answers: list[int | str] = []
    procedure = partial(resolve_attack, situation=situation)
    for i, answer in enumerate(shown):
        if answer == FACE_DOWN:
            step = next_step(procedure, tuple(answers))
            if not isinstance(step, NeedsDecision):
                raise ViewError("a face-down answer where the attack asks no decision")
            options = step.decision.options
            if now is not None and i == len(shown) - 1:
                leading = [o for o in options if _leads_to(procedure, (*answers, o), now)]
                options = tuple(leading) or options
            answer = rng.choice(options)
        answers.append(answer)
    return tuple(answers)


def _leads_to(
    procedure: Callable[[Context], AttackResult],
    answers: tuple[int | str, ...],
    now: Mapping[str, Any],
) -> bool:
    step = next_step(procedure, answers)
    if "decides" in now:
        if not isinstance(step, NeedsDecision) or step.decision.rule != now["rule"]:
            return False
        return "prompt" not in now or step.decision.prompt == now["prompt"]
    if "chance" in now:
        return isinstance(step, NeedsRoll) and step.label == now["chance"]
    return True
