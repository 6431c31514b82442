"""The Into the Tempest scenarios' own rules, each checked against the page's numbers, and
random battles of every scenario with 2, 3 and 4 players keeping every invariant."""

from __future__ import annotations

from dataclasses import replace

import pytest
from mwbattle import open_table, play

from skirmish.engine.battle import History, IllegalAction, RandomPlayer, play_out
from skirmish.games.magewinds.battle import Length, grammar, new_setup, start_battle
from skirmish.games.magewinds.battle.catalogue import OLDER, SCENARIOS, find_scenario
from skirmish.games.magewinds.battle.deck import hand_limit
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.royale import struck
from skirmish.games.magewinds.battle.session import object_rows
from skirmish.games.magewinds.battle.setup import SetupError, random_setup
from skirmish.games.magewinds.battle.state import Battle, Item, Phase, Status
from skirmish.games.magewinds.battle.territory import wholly_in_half


def battle_of(scenario: str, *bands: tuple[str, ...], table=None) -> Battle:
    setup = new_setup(scenario, [list(b) for b in bands], table=table or open_table())
    return start_battle(setup)


def test_the_prize_treasure_goes_wholly_within_3_inches_of_the_centre():
    battle = play(battle_of("the-prize", ("Wizard",), ("Druid",)), "roll-off 6 1")
    # player 2 places the treasure first: centre (6, 8); a base at 2.6" is not wholly within
    with pytest.raises(IllegalAction, match='wholly within 3" of the centre'):
        battle.apply("place at 6,10.6")
    battle = battle.apply("place at 6,10.4")
    assert battle.items[0].at == (6.0, 10.4) and battle.items[0].carriable


def test_the_prize_lets_player_2_split_the_battlefield_diagonally():
    battle = play(battle_of("the-prize", ("Wizard",), ("Druid",)), "roll-off 6 1", "place at 6,8")
    assert "take near-left" in battle.options() and "take left" in battle.options()
    battle = battle.apply("take near-left")
    assert battle.territories == ("far-right", "near-left")
    assert wholly_in_half("near-left", 12, 16, (2, 2))
    assert not wholly_in_half("near-left", 12, 16, (10, 14))


def carrying(battle: Battle, name: str, items: tuple[str, ...]) -> Battle:
    fighter = battle.fighter(name)
    placed = tuple(Item(i, None, True, True, carried_by=name) for i in items)
    battle = replace(battle, items=placed, phase=Phase.ACTION, round=1)
    return battle.with_fighter(
        replace(fighter, status=Status.ON_BATTLEFIELD, at=(3, 3), carrying=items)
    )


def test_the_prize_carrier_raises_the_hand_limit_by_1():
    battle = carrying(battle_of("the-prize", ("Wizard",), ("Druid",)), "Wizard", ("Treasure",))
    assert hand_limit(battle, 0)[0] == 6 and hand_limit(battle, 1)[0] == 5


def test_treasure_dash_raises_the_hand_limit_per_treasure_and_a_fighter_carries_one():
    battle = battle_of("treasure-dash", ("Wizard", "Cleric"), ("Druid",))
    battle = carrying(battle, "Wizard", ("Treasure 1",))
    battle = battle.with_fighter(
        replace(
            battle.fighter("Cleric"),
            status=Status.ON_BATTLEFIELD,
            at=(8, 3),
            carrying=("Treasure 2",),
        )
    )
    battle = replace(battle, items=(*battle.items, Item("Treasure 2", None, True, True, "Cleric")))
    assert hand_limit(battle, 0)[0] == 7
    # Treasure 3 touches the Wizard at (3, 3): a gap of 0.006" (contact, ruling MB-11).
    battle = replace(battle, items=(*battle.items, Item("Treasure 3", (3, 3.99), True, True)))
    from skirmish.games.magewinds.battle.objects import pick_up, pickup_options

    assert pickup_options(battle, battle.fighter("Wizard")) == []
    empty_handed = replace(battle.fighter("Wizard"), carrying=())
    assert pickup_options(battle, empty_handed) == ["pick up Treasure 3"]
    with pytest.raises(IllegalAction, match="carries at most 1"):
        pick_up(battle, battle.fighter("Wizard"), "pick up Treasure 3")


@pytest.mark.parametrize("scenario", ["treasure-dash", "the-prize"])
def test_carrying_costs_1_inch_of_movement(scenario):
    from skirmish.games.magewinds.battle.activation import Activation

    battle = carrying(battle_of(scenario, ("Wizard",), ("Druid",)), "Wizard", ("Treasure 1",))
    inches, why = Activation("Wizard", 0).allowance(battle)
    assert inches == 4 and "carrying" in why  # Wizard Movement 5


def test_fragment_frenzy_picking_up_collects_and_every_2_raise_the_hand_limit():
    from skirmish.games.magewinds.battle.objects import pick_up

    battle = battle_of("fragment-frenzy", ("Wizard",), ("Druid",))
    battle = carrying(battle, "Wizard", ())
    battle = replace(battle, items=(Item("Fragment 1.1", (3, 3.985), True, True),))
    battle = pick_up(battle, battle.fighter("Wizard"), "pick up Fragment 1.1")
    assert battle.items == () and battle.counted("fragment", 0) == 1
    assert hand_limit(battle, 0)[0] == 5
    battle = replace(battle, tally=(*battle.tally, ("fragment", 0, 1)))
    assert hand_limit(battle, 0)[0] == 6


def test_hold_the_line_defender_deploys_first_near_the_objective_edge_and_attacker_escapes():
    from skirmish.games.magewinds.battle.activation import Activation

    battle = battle_of("hold-the-line", ("Wizard", "Cleric"), ("Seer",))
    battle = play(
        battle,
        "roll-off 6 1",
        "objective left",
        *(f"card {c}" for c in ("8S", "8H", "8D", "8C", "9C")),
    )
    assert battle.node().player == 1  # the Defender (Player 2) deploys first
    with pytest.raises(IllegalAction, match='wholly within 3"'):
        battle.apply("deploy Seer at 3,8")
    battle = battle.apply("deploy Seer at 2,4")
    with pytest.raises(IllegalAction, match="touching the right edge"):
        battle.apply("deploy Wizard at 10,8")
    battle = play(battle, "deploy Wizard at 11.5078,8", "deploy Cleric at 11.5078,10")
    assert battle.phase is Phase.CHANNELLING
    # move the Wizard to the objective edge and escape
    wizard = battle.fighter("Wizard")
    battle = battle.with_fighter(replace(wizard, at=(0.4922, 12)))
    battle = play(battle, "pass", "pass").push(Activation("Wizard", 0))
    assert "escape" in battle.options()
    battle = play(battle, "escape", "no step")
    assert battle.fighter("Wizard").status is Status.ESCAPED
    assert battle.result is not None and battle.result.winner == 0  # 1 of 2, half rounded up


def test_battle_royale_storm_strikes_the_edge_then_all_but_the_centre():
    battle = battle_of(
        "battle-royale", ("Wizard",), ("Druid",), ("Seer",), table=open_table_double()
    )
    wizard = replace(battle.fighter("Wizard"), status=Status.ON_BATTLEFIELD, at=(3.4, 8))
    battle = replace(battle, round=1)
    assert struck(battle, wizard)  # 2.9" from the left edge
    assert not struck(battle, replace(wizard, at=(12, 8)))
    battle = replace(battle, round=3)
    assert not struck(battle, replace(wizard, at=(14.4, 8)))  # 1.9" to the closest point
    assert struck(battle, replace(wizard, at=(16, 8)))


def open_table_double():
    from skirmish.games.magewinds.battle.tables import parse_table

    return parse_table({"battlefield": {"width": 24, "length": 16}, "terrain": []}, source="t")


def test_scenarios_refuse_the_wrong_number_of_warbands_and_the_wrong_battlefield():
    with pytest.raises(SetupError, match="is for 3 or 4 players"):
        new_setup("battle-royale", [["Wizard"], ["Druid"]], table=open_table_double())
    with pytest.raises(SetupError, match="is for 2 players"):
        new_setup("the-prize", [["Wizard"], ["Druid"], ["Seer"]])
    with pytest.raises(SetupError, match="double-size battlefield"):
        new_setup("treasure-clash", [["Wizard"], ["Druid"], ["Seer"]], table=open_table())
    with pytest.raises(SetupError, match="slots"):
        new_setup(
            "battle-royale", [["Wizard", "Cleric", "Seer", "Witch", "Druid"], ["Druid"], ["Seer"]]
        )


CASES = [(s.id, n) for s in SCENARIOS for n in s.players] + [("deathmatch", 3)]
CASES += [(f"{s.id}@{s.version}", n) for s in OLDER for n in s.players]


@pytest.mark.parametrize(("scenario", "players"), [c for c in CASES if c != ("deathmatch", 3)])
def test_random_battles_of_every_scenario_keep_every_invariant(scenario, players):
    chosen = find_scenario(*scenario.split("@"))
    seed = 11
    setup = random_setup(
        seed, scenario=chosen, players=players, length=Length.QUICK, most=2, overtime=1
    )
    history = History.start(start_battle(setup), seed)

    def after(history: History) -> None:
        found = problems(history.states[-1])
        assert not found, (scenario, found)
        step = history.steps[-1]
        if step.player is not None:
            assert step.action in grammar.texts(history.states[-2].legal_actions(step.player))

    play_out(history, [RandomPlayer(seed, p) for p in range(players)], after_step=after)
    assert history.state.result is not None


@pytest.mark.parametrize(("poison_falls", "winner"), [("together", None), ("in-order", 0)])
def test_battle_royale_waits_for_the_whole_poison_moment_unless_in_order(poison_falls, winner):
    # ruling MB-33: the last two warbands poisoned at one moment; player 2's fighter has
    # already fallen, player 1's poison is still to be dealt
    from skirmish.games.magewinds.battle.actionphase import ActionPhase
    from skirmish.games.magewinds.battle.royale import BATTLE_ROYALE
    from skirmish.games.magewinds.battle.setup import Options

    setup = new_setup(
        "battle-royale",
        [["Wizard"], ["Druid"], ["Seer"]],
        table=open_table_double(),
        options=Options(poison_falls=poison_falls),
    )
    battle = replace(start_battle(setup), phase=Phase.ACTION, round=2)
    wizard = replace(battle.fighter("Wizard"), status=Status.ON_BATTLEFIELD, at=(6.0, 8.0))
    battle = battle.with_fighter(wizard)
    for name in ("Druid", "Seer"):
        battle = battle.with_fighter(replace(battle.fighter(name), status=Status.OUT_OF_ACTION))
    battle = battle.push(ActionPhase((0, 1, 2), stage="poison"))
    end = BATTLE_ROYALE.immediate_end(battle)
    assert (end is None) if winner is None else (end is not None and end.winner == winner)


def test_status_lists_objects_where_they_lie_or_who_carries_them():
    """0.8.3, 19.0: the status table names every object, on the ground at its place or
    carried by its fighter, and says what may be done with it."""
    battle = play(battle_of("the-prize", ("Wizard",), ("Druid",)), "roll-off 6 1", "place at 6,8")
    assert object_rows(battle) == [
        {"object": "Treasure", "at": "6,8", "notes": "object (19.0), may be carried, may be moved"}
    ]
    held = carrying(battle, "Wizard", ("Treasure",))
    assert object_rows(held)[0]["at"] == "carried by Wizard"
    assert object_rows(battle_of("deathmatch", ("Wizard",), ("Druid",))) == []
