"""Entropic Engine attack rules, one test per rule, with answers worked from the rules text."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import partial

import pytest

from skirmish.engine import Decision, FixedPolicy, MatrixGame, Mix, exact, play, pure, solve
from skirmish.engine.signalling import SignallingGame
from skirmish.errors import IllegalAttack, SkirmishError
from skirmish.games.entropic import (
    Aim,
    Approach,
    Attribute,
    Bid,
    Component,
    Markers,
    Model,
    Outcome,
    Profile,
    Situation,
    StunRule,
    StunScope,
    Values,
    Weapon,
    bidding_game,
    damage_result,
    resolve_attack,
    result_of,
    simple,
    weapons_game,
)
from skirmish.games.entropic.attack import resolve_attacks


def attacker(attack: int = 4, **kw: object) -> Model:
    return simple("A", attack=attack, defend=3, weapon_range=10, **kw)


def target(defend: int = 3, **kw: object) -> Model:
    return simple("T", attack=3, defend=defend, acted=True, **kw)


def situation(
    a: Model | None = None, t: Model | None = None, distance: float | None = 6, **kw: object
) -> Situation:
    return Situation(a or attacker(), t or target(), ((Aim.BASE, Approach(distance)),), **kw)  # type: ignore[arg-type]


def run(s: Situation, attack_bid: int = 0, defense_bid: int = 0, **answers: str):
    return result_of(s, Bid(attack_bid), Bid(defense_bid), answers)


@pytest.mark.parametrize(
    ("attack", "defense", "outcome"),
    [
        (2, 3, Outcome.NONE),  # below: nothing
        (3, 3, Outcome.STUNNED),  # equal
        (4, 3, Outcome.DAMAGED),  # just above
        (6, 3, Outcome.DAMAGED),  # exactly twice is not more than twice
        (7, 3, Outcome.DESTROYED),  # just above twice
        (9, 3, Outcome.DESTROYED),  # exactly three times
        (10, 3, Outcome.ANNIHILATED),  # just above three times
        (1, 0, Outcome.ANNIHILATED),  # EE-8: any attack beats three times 0
        (0, 0, Outcome.STUNNED),
    ],
)
def test_damage_table_boundaries(attack, defense, outcome):
    assert damage_result(attack, defense) is outcome
    # The same through the whole procedure: Attack and Defend at those values, no modifiers.
    result = run(situation(attacker(attack), target(defense)))
    assert (result.attack_score, result.defense_score, result.outcome) == (attack, defense, outcome)


@pytest.mark.parametrize(
    ("distance", "failed", "stunned", "attack", "defense"),
    [
        (20.5, True, True, None, None),  # over twice range 10: fails
        (20, False, True, 4, 5),  # exactly twice: over range, +2 defense
        (10.5, False, True, 4, 5),
        (10, False, False, 4, 3),  # exactly the range: no band
        (5, False, False, 4, 3),  # exactly half: no band
        (4.9, False, False, 5, 3),  # under half: +1 attack
    ],
)
def test_range_band_boundaries(distance, failed, stunned, attack, defense):
    result = run(situation(distance=distance))
    assert (result.outcome is Outcome.FAILED) == failed
    assert result.attacker_stunned == stunned
    assert (result.attack_score, result.defense_score) == (attack, defense)
    assert (("A", "stun") in result.markers) == stunned


def test_each_modifier():
    base = run(situation())
    assert (base.attack_score, base.defense_score) == (4, 3)
    assert run(situation(closest=True)).attack_score == 5
    obscured = Situation(attacker(), target(), ((Aim.BASE, Approach(6, obscured=True)),))
    assert run(obscured).defense_score == 4
    path = Situation(attacker(), target(), ((Aim.BASE, Approach(6)), (Aim.PATH, Approach(6))))
    assert run(path, aim="path").defense_score == 4 and run(path, aim="base").defense_score == 3
    stunned_target = target()
    stunned_target = replace(
        stunned_target,
        components=(replace(stunned_target.components[0], active=Markers(stun=1)),),
    )
    assert run(situation(t=stunned_target)).attack_score == 5
    # EE-4 (b): one stun marker is not more than Command 1.
    assert run(situation(t=stunned_target, stun_rule=StunRule.OVER_COMMAND)).attack_score == 4
    stunned_attacker = replace(
        attacker(), components=(replace(attacker().components[0], active=Markers(stun=1)),)
    )
    assert run(situation(a=stunned_attacker)).defense_score == 4
    # Bids: each real token +1; dummies nothing.
    a, t = attacker(real_tokens=2, dummy_tokens=1), target(real_tokens=2)
    bid = result_of(situation(a, t), Bid(2, 1), Bid(1))
    assert (bid.attack_score, bid.defense_score) == (6, 4)


def test_cloaked_targets_only_at_their_bases():
    t = target()
    cloaked = replace(t, components=(replace(t.components[0], active=Markers(cloaked=True)),))
    aims = ((Aim.BASE, Approach(6)), (Aim.PATH, Approach(3)))
    result = run(Situation(attacker(), cloaked, aims))
    assert result.aim is Aim.BASE and result.defense_score == 4
    only_path = ((Aim.BASE, Approach(6, visible=False)), (Aim.PATH, Approach(3)))
    with pytest.raises(IllegalAttack, match="cloaked"):
        run(Situation(attacker(), cloaked, only_path))


def test_line_of_sight_and_blinded():
    with pytest.raises(IllegalAttack, match="line of sight"):
        run(Situation(attacker(), target(), ((Aim.BASE, Approach(6, visible=False)),)))
    a = attacker()
    blind = replace(a, components=(replace(a.components[0], active=Markers(blinded=True)),))
    with pytest.raises(IllegalAttack, match="Blinded"):
        run(situation(a=blind))


def test_stun_spread_as_written():
    # Attack score 6: models at 6 or less from the attacker gain a stun, the target included.
    result = run(situation(attacker(6), distance=6, nearby=(("Friend", 5.5), ("Far", 6.5))))
    assert ("T", "stun") in result.markers and ("Friend", "stun") in result.markers
    assert ("Far", "stun") not in result.markers
    assert result.outcome is Outcome.DAMAGED
    # The damaged target gets its own stun from the result as well: two markers in all.
    assert result.markers.count(("T", "stun")) == 2


def test_damaged_marker_choice_and_all_damaged():
    result = run(situation(), **{"damaged attribute": "defend"})
    assert result.damaged is Attribute.DEFEND and ("T", "damaged defend") in result.markers
    t = target()
    worn = replace(
        t,
        components=(
            replace(
                t.components[0],
                active=Markers(damaged=frozenset({Attribute.MOVE, Attribute.ATTACK})),
                pending=Markers(damaged=frozenset({Attribute.COMMAND})),
            ),
        ),
    )
    # Only Defend is left to choose (both boxes count), and it is offered alone.
    offered: list[tuple[str, ...]] = []

    def policy(decision: Decision) -> Mix:
        if decision.key == "damaged attribute":
            offered.append(decision.options)
        return pure(decision.options[0])

    play(partial(resolve_attack, situation=situation(t=worn)), players=policy, seed=0)
    assert offered == [("defend",)]
    # A damaged Defend in effect counts as 0, so any attack annihilates (EE-8).
    zero = replace(
        t, components=(replace(t.components[0], active=Markers(damaged=frozenset(Attribute))),)
    )
    assert run(situation(t=zero)).outcome is Outcome.ANNIHILATED


def composite(defend_legs: int = 3, defend_turret: int = 3) -> Model:
    return Model(
        "Colossus",
        (
            Component("Legs", Profile(4, 0, defend_legs, 1)),
            Component("Turret", Profile(0, 5, defend_turret, 1), (Weapon("Gun", 20),)),
        ),
        acted=True,
    )


def test_composite_parts():
    destroyed = run(situation(attacker(7), composite(), component="Legs"))
    assert destroyed.outcome is Outcome.DESTROYED and not destroyed.model_destroyed
    assert ("Colossus (Turret)", "stun") in destroyed.markers
    annihilated = run(situation(attacker(10), composite(), component="Turret"))
    assert annihilated.outcome is Outcome.ANNIHILATED and annihilated.model_destroyed
    # Unnamed: the defender chooses the part (here the sturdier Turret).
    chosen = run(situation(attacker(7), composite(3, 4)), **{"target component": "Turret"})
    assert chosen.component == "Turret" and chosen.outcome is Outcome.DAMAGED
    # A composite attacker attacks with its armed part.
    back = run(situation(composite(), target(2), distance=12))
    assert back.attack_score == 5


def test_move_interrupt():
    t = replace(target(), acted=False, real_tokens=1)
    aims = ((Aim.BASE, Approach(6)), (Aim.PATH, Approach(3)))
    result = run(Situation(attacker(), t, aims), aim="path", **{"interrupt: move": "move"})
    # The attack goes to the base it stood on (distance 6, no path bonus) with +1 defense.
    assert result.aim is Aim.SOURCE and result.defense_score == 4 and result.interrupt == "move"
    # With its only command point spent it has no real token left to bid.
    with pytest.raises(SkirmishError, match="not a legal defense bid"):
        run(Situation(attacker(), t, aims), 0, 1, **{"interrupt: move": "move"})
    # A target that has acted cannot interrupt: no question is asked.
    asked: list[str] = []

    def policy(decision: Decision) -> Mix:
        asked.append(decision.key)
        return pure(decision.options[0])

    play(
        partial(resolve_attack, situation=situation(t=target(real_tokens=1))),
        players=policy,
        seed=0,
    )
    assert "interrupt: move" not in asked


def test_attack_back_interrupt_resolves_first_and_scores_stand():
    t = replace(target(), acted=False, real_tokens=1)
    back = Situation(
        t,
        attacker(),
        ((Aim.BASE, Approach(6)),),
        roles=("defender", "attacker"),
        prefix="attack back: ",
        interrupts=False,
    )
    s = replace(situation(t=t), counter=back)
    result = run(s, **{"interrupt: attack back": "attack back"})
    assert result.interrupt == "attack back" and result.counter is not None
    assert result.counter.outcome is Outcome.STUNNED  # 3 v 3
    assert (result.attack_score, result.defense_score, result.outcome) == (4, 3, Outcome.DAMAGED)
    # Bidding its only command point leaves none for the interrupt.
    no_point = result_of(s, Bid(0), Bid(1), {"interrupt: attack back": "attack back"})
    assert no_point.counter is None


def test_several_weapons_select_targets_first_then_resolve_in_chosen_order():
    a = replace(
        attacker(),
        components=(
            replace(attacker().components[0], weapons=(Weapon("Rifle", 10), Weapon("Blade", 1))),
        ),
    )
    shots = (situation(a=a, weapon="Rifle"), situation(a=a, weapon="Blade", distance=1))
    outcome = play(
        partial(resolve_attacks, situations=shots),
        players=FixedPolicy.of(
            **{
                "weapon order": "Blade then Rifle",
                "attack bid": "0 real + 0 dummy",
                "defense bid": "0 real + 0 dummy",
                "damaged attribute": "move",
            }
        ),
        seed=0,
    )
    texts = [entry.text for entry in outcome.log]
    assert texts[0].startswith("Rifle targets") and texts[2].startswith("Blade targets")
    assert [r.attack_score for r in outcome.result] == [4, 4]
    attacks = [t for t in texts if " attacks " in t]
    assert "Blade" in attacks[0] and "Rifle" in attacks[1]


def test_bidding_equilibrium_worked_by_hand():
    # Attack 3 v Defend 3, attacker 1 real + 1 dummy, defender 1 real. Worth: damaged 4, else 0;
    # a command point costs 1. Seeing one token, the defender faces a bluff (pays 1 if it bids)
    # or a real token (3 if it does not bid). The attacker bluffs with 3/4, bids real with 1/4;
    # the defender bids with 3/4; the value is 3/4.
    values = Values(
        results={o: Fraction(4 if o is Outcome.DAMAGED else 0) for o in Outcome},
        attacker_stun=Fraction(0),
        real_token=Fraction(1),
    )
    s = situation(
        attacker(3, real_tokens=1, dummy_tokens=1), target(3, real_tokens=1), distance=None
    )
    advice = bidding_game(s, values)
    solution = advice.solution
    assert solution.exact and solution.value == Fraction(3, 4)
    assert dict(solution.sender) == {
        "0 real + 0 dummy": 0,
        "0 real + 1 dummy": Fraction(3, 4),
        "1 real + 0 dummy": Fraction(1, 4),
        "1 real + 1 dummy": 0,
    }
    assert dict(dict(solution.receiver)["1 down"])["1 real"] == Fraction(3, 4)


def _normal_form_value(game: SignallingGame) -> Fraction:
    """The same game as a matrix: every receiver plan (a response for each signal)."""
    import itertools

    signals = game.signal_set
    plans = list(itertools.product(range(len(game.responses)), repeat=len(signals)))
    payoff = [
        [game.payoff[i][plan[signals.index(game.signals[i])]] for plan in plans]
        for i in range(len(game.senders))
    ]
    matrix = MatrixGame.from_rows(game.senders, [str(p) for p in plans], payoff)
    return solve(matrix).value


@pytest.mark.parametrize("tokens", [(1, 1, 1), (1, 2, 1), (2, 1, 1)])
def test_bidding_game_equals_the_normal_form_solved_independently(tokens):
    real, dummy, defence = tokens
    s = situation(
        attacker(4, real_tokens=real, dummy_tokens=dummy),
        target(4, real_tokens=defence),
        distance=3,
    )
    advice = bidding_game(s)
    assert advice.solution.exact
    assert advice.solution.value == _normal_form_value(advice.game)


def test_bad_inputs():
    with pytest.raises(SkirmishError, match="2 x Command"):
        run(situation(a=attacker(real_tokens=3)))
    with pytest.raises(SkirmishError, match="base the target stands on"):
        run(Situation(attacker(), target(), ((Aim.PATH, Approach(3)),)))
    with pytest.raises(SkirmishError, match="unknown weapon"):
        run(situation(weapon="Sword"))
    with pytest.raises(SkirmishError, match="unknown component"):
        run(situation(t=composite(), component="Arm"))
    with pytest.raises(SkirmishError, match="cannot be negative"):
        run(situation(distance=-1))
    with pytest.raises(SkirmishError, match="signalling game"):
        SignallingGame.build(senders=[], signals=[], responses=["x"], payoff=[])


def test_markers_wait_in_the_pending_box_until_the_resolution_phase():
    from skirmish.games.entropic import receive, resolution_phase

    t = target()
    damaged = run(situation(t=t), **{"damaged attribute": "defend"})
    after = receive(t, [damaged])
    part = after.components[0]
    # Pending, not yet in effect: the Defend score is unchanged this turn.
    assert part.pending.stun == 1 and part.pending.damaged == {Attribute.DEFEND}
    assert part.active == Markers() and part.score(Attribute.DEFEND) == 3
    resolved = resolution_phase(after)
    assert resolved.model is not None
    now = resolved.model.components[0]
    assert now.active.stun == 1 and now.score(Attribute.DEFEND) == 0 and now.pending == Markers()


def test_burning_and_destruction_in_the_resolution_phase():
    from skirmish.games.entropic import resolution_phase

    t = target()
    burning = replace(
        t,
        components=(
            replace(
                t.components[0],
                active=Markers(damaged=frozenset({Attribute.MOVE, Attribute.ATTACK}), burning=1),
                pending=Markers(damaged=frozenset({Attribute.COMMAND})),
            ),
        ),
    )
    # Burning damages the last free attribute (Defend): every attribute damaged, destroyed.
    resolved = resolution_phase(burning)
    assert resolved.model is None
    assert any("burning" in line for line in resolved.log)
    # A destroyed part of a composite model leaves the others; an annihilated part ends it all.
    from skirmish.games.entropic import receive

    legs_destroyed = run(situation(attacker(7), composite(), component="Legs"))
    after = resolution_phase(receive(composite(), [legs_destroyed])).model
    assert after is not None and [c.name for c in after.components] == ["Turret"]
    assert after.components[0].active.stun == 1
    wiped = run(situation(attacker(10), composite(), component="Turret"))
    assert resolution_phase(receive(composite(), [wiped])).model is None


def test_mixed_bids_with_equal_token_counts_stay_apart():
    # Half real, half bluff: one token goes down either way, but a real token makes it
    # 4 v 3 (damaged) and a dummy leaves 3 v 3 (stunned).
    s = situation(attacker(3, real_tokens=1, dummy_tokens=1), target(3))
    policy = FixedPolicy.of(
        **{
            "attack bid": {"1 real + 0 dummy": Fraction(1, 2), "0 real + 1 dummy": Fraction(1, 2)},
            "defense bid": "0 real + 0 dummy",
            "damaged attribute": "move",
        }
    )
    outcomes = exact(partial(resolve_attack, situation=s), policy=policy).map(lambda r: r.outcome)
    assert outcomes.probabilities == {
        Outcome.STUNNED: Fraction(1, 2),
        Outcome.DAMAGED: Fraction(1, 2),
    }


def all_in(decision: Decision) -> Mix:
    """Bid every real token the console still holds; any other choice is its first option."""
    if decision.key.endswith("bid"):
        return pure(max(decision.options, key=lambda option: Bid.parse(option).real))
    return pure(decision.options[0])


def test_several_weapons_spend_each_token_once():
    # One real token on each console, two weapons: a token bid on the Rifle is gone for the Blade.
    a = replace(
        attacker(real_tokens=1),
        components=(
            replace(attacker().components[0], weapons=(Weapon("Rifle", 10), Weapon("Blade", 1))),
        ),
    )
    t = target(real_tokens=1)
    shots = (situation(a=a, t=t, weapon="Rifle"), situation(a=a, t=t, weapon="Blade", distance=1))
    results = exact(partial(resolve_attacks, situations=shots), policy=all_in)
    ((first, second),) = results.probabilities
    assert (first.attack_bid.real, first.defense_bid.real) == (1, 1)
    assert (second.attack_bid.real, second.defense_bid.real) == (0, 0)
    assert (first.attack_score, first.defense_score) == (5, 4)
    assert (second.attack_score, second.defense_score) == (4, 3)


def bastion(first_defend: int, second_defend: int, **kw: object) -> Model:
    parts = (
        Component("Gate", Profile(0, 0, first_defend, 1)),
        Component("Keep", Profile(0, 3, second_defend, 1), (Weapon("Bolt", 12),)),
    )
    return Model("Bastion", parts, acted=True, **kw)  # type: ignore[arg-type]


def test_defender_chooses_its_best_part_when_the_attacker_names_none():
    # Composite Models: the attacker names no part, so the defender picks the part where the
    # attack is worth least to the attacker: the Keep (Defend 6), not the first listed Gate.
    s = situation(attacker(5, real_tokens=1), bastion(2, 6, real_tokens=1))
    advice = bidding_game(s)
    assert advice.component == "Keep"
    keep = bidding_game(replace(s, component="Keep")).solution.value
    gate = bidding_game(replace(s, component="Gate")).solution.value
    assert advice.solution.value == keep == min(keep, gate) < gate


def test_a_composite_target_counts_only_the_targeted_parts_stun():
    # EE-13: the part named as the target is the model the stun rule looks at; stun markers on
    # another part give no +1 unless the whole model is asked for.
    model = bastion(3, 3)
    gate = replace(model.components[0], active=Markers(stun=1))
    stunned = replace(model, components=(gate, model.components[1]))
    s = situation(t=stunned, component="Keep")
    assert run(s).attack_score == 4
    assert run(replace(s, component="Gate")).attack_score == 5
    assert run(replace(s, stun_scope=StunScope.MODEL)).attack_score == 5


def test_several_weapons_game_by_hand():
    # Two identical weapons, Attack 3 v Defend 3, one real token and a defender with none:
    # the token makes one attack damaged (3) instead of stunned (1) for 1/2, on either weapon:
    # 3 - 1/2 + 1 = 7/2, against 1 + 1 = 2 without it.
    plain = attacker(3, real_tokens=1)
    weapons = (Weapon("Left", 10), Weapon("Right", 10))
    a = replace(plain, components=(replace(plain.components[0], weapons=weapons),))
    shots = tuple(
        replace(situation(a=a, t=target(3), weapon=name), prefix=f"{name}: ")
        for name in ("Left", "Right")
    )
    advice = weapons_game(shots)
    assert advice.value == Fraction(7, 2) and advice.exact
    # One weapon: the same game as bidding_game.
    alone = weapons_game(shots[:1])
    single = bidding_game(shots[0])
    assert alone.value == single.solution.value and alone.first.solution == single.solution
    assert alone.later == ()
