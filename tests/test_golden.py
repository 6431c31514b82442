"""Golden logs: seeded resolutions replayed and diffed against recorded logs.

Set ``SKIRMISH_UPDATE_GOLDEN=1`` to record them again after an intended change,
then read the diff before committing it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from functools import partial
from pathlib import Path

import pytest

from skirmish.engine import FixedPolicy, Play, play
from skirmish.games import GAMES, darkrealms, entropic, mswars
from skirmish.games.magewinds import (
    AttackSituation,
    Combatant,
    bundled_pack,
    find_effect,
    resolve_attack,
)

GOLDEN = Path(__file__).parent / "golden"


def magewinds_heavy_against_deflect() -> Play[object]:
    pack = bundled_pack()
    situation = AttackSituation(
        attacker=Combatant(pack.fighter("Druid"), effects=frozenset({find_effect("wildform")})),
        target=Combatant(pack.fighter("Guardian"), damage=3, action_counters=1),
        attack=pack.fighter("Druid").attack("Melee"),
        cover=True,
    )
    policy = FixedPolicy.of(attack_choice="heavy", defence_choice="deflect")
    return play(partial(resolve_attack, situation=situation), players=policy, seed=20261122)


def magewinds_hexed_zap_with_barrier() -> Play[object]:
    pack = bundled_pack()
    wizard = pack.fighter("Wizard")
    situation = AttackSituation(
        attacker=Combatant(wizard, effects=frozenset({find_effect("hex")})),
        target=Combatant(replace(pack.fighter("Mesmer"), name="Mesmer"), guarding=True),
        attack=wizard.attack("Zap"),
        barrier_clubs=3,
        distance=6,
    )
    policy = FixedPolicy.of(defence_choice="none")
    return play(partial(resolve_attack, situation=situation), players=policy, seed=7)


def darkrealms_aimed_shot_at_a_shield_bearer() -> Play[object]:
    roster = darkrealms.sample_roster()
    situation = darkrealms.Situation(
        roster.figure("Ranger"),
        roster.figure("Shield Bearer"),
        roster.card("Aimed Shot")[0],
        distance=3,
        stamina=2,
    )
    policy = darkrealms.optimal_policy(situation, darkrealms.Objective.DAMAGE)
    return play(partial(darkrealms.resolve_attack, situation=situation), players=policy, seed=11)


def darkrealms_poison_dart_confused_at_close_range() -> Play[object]:
    roster = darkrealms.sample_roster()
    situation = darkrealms.Situation(
        roster.figure("Ranger"),
        roster.figure("Golem"),
        roster.card("Poison Dart")[0],
        distance=1,
        stamina=1,
        poison_turns=2,
    )
    policy = darkrealms.optimal_policy(situation, darkrealms.Objective.KILL)
    return play(partial(darkrealms.resolve_attack, situation=situation), players=policy, seed=3)


def entropic_attack_back_on_a_colossus() -> Play[object]:
    force = entropic.sample_force()
    trooper = replace(force.model("Line Trooper"), real_tokens=2, dummy_tokens=1)
    colossus = replace(force.model("Colossus"), real_tokens=2, dummy_tokens=1)
    aims = ((entropic.Aim.BASE, entropic.Approach(8, obscured=True)),)
    back = entropic.Situation(
        colossus,
        replace(trooper, real_tokens=0, dummy_tokens=0, acted=True),
        aims,
        roles=("defender", "attacker"),
        prefix="attack back: ",
        interrupts=False,
    )
    situation = entropic.Situation(
        trooper,
        colossus,
        aims,
        closest=True,
        component="Turret",
        counter=back,
        nearby=(("Scout Walker", 3.0),),
    )
    policy = FixedPolicy.of(
        **{
            "attack bid": "1 real + 1 dummy",
            "defense bid": "0 real + 1 dummy",
            "interrupt: move": "stay",
            "interrupt: attack back": "attack back",
            "attack back: attack bid": "0 real + 0 dummy",
            "attack back: defense bid": "0 real + 0 dummy",
            "attack back: damaged attribute": "move",
            "damaged attribute": "attack",
        }
    )
    return play(partial(entropic.resolve_attack, situation=situation), players=policy, seed=1)


def mswars_aided_rifle_on_a_squad() -> Play[object]:
    force = mswars.sample_force()
    amago = force.unit("Amago")
    situation = mswars.Situation(
        amago,
        force.unit("Rifle Squad"),
        amago.weapon("Small Mecha Rifle"),
        distance=14,
        conditions=mswars.Conditions(
            visible_fraction=Fraction(2, 3), rear_arc=True, earlier_attacks=1
        ),
        aiders=(mswars.Aider("Amago Wing"),),
    )
    policy = FixedPolicy.of(**{"aid 1": "D3 damage"})
    return play(partial(mswars.resolve_attack, situation=situation), players=policy, seed=2)


CASES: dict[str, dict[str, Callable[[], Play[object]]]] = {
    "magewinds": {
        "magewinds-heavy-against-deflect": magewinds_heavy_against_deflect,
        "magewinds-hexed-zap-with-barrier": magewinds_hexed_zap_with_barrier,
    },
    "entropic": {
        "entropic-attack-back-on-a-colossus": entropic_attack_back_on_a_colossus,
    },
    "mswars": {"mswars-aided-rifle-on-a-squad": mswars_aided_rifle_on_a_squad},
    "darkrealms": {
        "darkrealms-aimed-shot-at-a-shield-bearer": darkrealms_aimed_shot_at_a_shield_bearer,
        "darkrealms-poison-dart-confused": darkrealms_poison_dart_confused_at_close_range,
    },
}


def render(outcome: Play[object]) -> str:
    lines = [str(entry) for entry in outcome.log]
    lines.append("data: " + json.dumps([e.as_dict()["data"] for e in outcome.log], default=str))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("name", "make"),
    [(name, make) for cases in CASES.values() for name, make in cases.items()],
)
def test_golden_log(name: str, make: Callable[[], Play[object]]) -> None:
    path = GOLDEN / f"{name}.log"
    text = render(make())
    if os.environ.get("SKIRMISH_UPDATE_GOLDEN"):
        path.write_text(text)
    assert path.exists(), f"no golden log {path}; record it with SKIRMISH_UPDATE_GOLDEN=1"
    assert text == path.read_text()


def test_every_registered_game_has_a_golden_log() -> None:
    for game in GAMES:
        assert CASES.get(game.name), f"{game.name} has no golden log"
        for name in CASES[game.name]:
            assert (GOLDEN / f"{name}.log").exists()


def test_every_log_line_cites_a_rule() -> None:
    for cases in CASES.values():
        for make in cases.values():
            for entry in make().log:
                assert entry.rule, entry
