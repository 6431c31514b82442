"""An attack on a fighter of the attacker's own side (legal: 18.0 names no side): one
player makes both hidden choices (18.3, 18.4; ruling MB-51), so the computer players and
the hint value it at the best pair of choices, not at a contest's equilibrium (where the
player would be playing against itself and hurt its own fighter)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from random import Random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish.ai.magewinds.explain import explain
from skirmish.ai.magewinds.greedy import GreedyPlayer
from skirmish.ai.magewinds.plans import attack_leaves
from skirmish.engine.battle import LazyView
from skirmish.games.magewinds.battle import grammar

sys.path.insert(0, str(Path(__file__).parents[1] / "battles"))
from mwbattle import KING, KING_OPENING, guard_turns, play, ready

TO_THE_TARGET = [
    *KING_OPENING,
    "activate Wizard",
    "attack",
    "no step",
]
"""A fresh player's King of the Hill: the Wizard must attack, the Druid (the only enemy in
reach) dodges any Zap out of harm, and the Witch stands beside it."""


def _position(cli, tmp_path, monkeypatch):
    import io

    from skirmish.games.magewinds.battles import BATTLES

    saved = tmp_path / "mine.json"
    script = [*TO_THE_TARGET, f"save {saved}"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in script)))
    cli(*KING)
    return BATTLES.replay(saved)[1]


def _score(greedy, leaves):
    return sum(float(p) * greedy.evaluator.value(leaf, greedy.seat).total for leaf, p in leaves)


def test_the_hint_values_a_swing_at_the_witch_as_the_feint_its_player_chooses(
    cli, tmp_path, monkeypatch
):
    battle = _position(cli, tmp_path, monkeypatch)
    legal = grammar.texts(battle.legal_actions(0))
    advice = {a.action: a for a in explain(battle.setup, LazyView(battle, 0), legal)}
    witch = advice["attack Witch with Melee"]
    # not the contest's 0.42 damage: the player feints and its Witch takes nothing
    assert "feint, Witch does not react" in witch.reason
    assert "0.00 damage expected" in witch.reason
    # valued as that feint: the Wizard's action spent, nothing else changed
    greedy = GreedyPlayer(battle.setup, 0, 0)
    me, target = battle.fighter("Wizard"), battle.fighter("Witch")
    situation = greedy.planner._situation(battle, me, "attack Witch with Melee")[0]
    contest = _score(greedy, attack_leaves(battle, me, target, situation))
    assert witch.value > contest + 0.5
    spent = battle.with_fighter(replace(me, counters=1))
    assert abs(witch.value - greedy.evaluator.value(spent, 0).total) < 1e-9
    # and the greedy player, once it swings at its own fighter, feints
    swung = battle.apply("attack Witch with Melee")
    choices = grammar.texts(swung.legal_actions(0))
    assert GreedyPlayer(battle.setup, 0, 0).decide(swung, choices, Random(1)) == "feint"


PROFILES = ["Witch", "Guardian", "Mesmer", "Cleric", "Wizard"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    attacker=st.sampled_from(["Wizard", "Guardian", "Witch"]),
    friend=st.sampled_from(PROFILES),
    gap=st.floats(1.0, 1.9),
)
def test_an_attack_on_a_friend_is_worth_the_best_pair_and_never_less_than_the_contest(
    attacker, friend, gap
):
    if friend == attacker:
        friend = "Cleric"
    battle = ready(
        (attacker, friend),
        ("Seer",),
        {attacker: (2.0, 8.0), friend: (2.0 + gap, 8.0), "Seer": (10.5, 8.0)},
        hands={0: ("AS", "KS", "QH"), 1: ("2C",)},
    )
    if battle.node().player == 1:
        battle = play(battle, *guard_turns("Seer"))
    battle = play(battle, f"activate {attacker}", "attack", "no step")
    greedy = GreedyPlayer(battle.setup, 0, 0)
    plans = {p.actions[0]: p for p in greedy.planner.plans(battle)}
    me, target = battle.fighter(attacker), battle.fighter(friend)
    melee = [a for a in plans if a.startswith(f"attack {friend} with ")]
    assert melee, sorted(plans)
    for option in melee:
        situation = greedy.planner._situation(battle, me, option)[0]
        pairs = greedy.planner.own_choices(battle, me, target, situation)
        # every pair scored apart, the value is the best of them...
        assert plans[option].value == max(p.score.total for p in pairs)
        # ...which no mix of the two choices beats, the contest's equilibrium included
        contest = _score(greedy, attack_leaves(battle, me, target, situation))
        assert plans[option].value >= contest - 1e-9
        # and no pair that hurts the friend more is preferred at the same value
        best = pairs[0]
        assert all(p.damage >= best.damage for p in pairs if p.score.total == best.score.total)


def test_the_menu_gives_an_attack_on_a_friend_the_range_its_player_chooses_from(
    cli, tmp_path, monkeypatch
):
    import re

    from skirmish.ai.magewinds.menu import menu
    from skirmish.ai.magewinds.outlook import outlook

    battle = _position(cli, tmp_path, monkeypatch)
    legal = grammar.texts(battle.legal_actions(0))
    shown = {o.action: o.text for o in menu(battle.setup, LazyView(battle, 0), legal)}
    witch = shown["attack Witch with Melee"]
    low, high = map(float, re.search(r"yours: (\d+\.\d+) to (\d+\.\d+) damage", witch).groups())
    assert witch.startswith("attack Witch with Melee  [a friend; both hidden choices yours")
    greedy = GreedyPlayer(battle.setup, 0, 0)
    situation = greedy.planner._situation(
        battle, battle.fighter("Wizard"), "attack Witch with Melee"
    )[0]
    contest = float(outlook(situation).expected_damage)  # any mix lies between the pairs
    assert low == 0.0 and low <= contest <= high
    assert "to take down" in shown["attack Druid with Zap paying 10S+9D"]  # an enemy: odds
