"""Every action the rules offer is one the rules accept: the options listed at a decision
and the check an action meets when it is taken are one mechanism. A computer player never
meets an offered action that is then refused, and no placement leaves two bases
overlapping (0.8.1), so a fighter is never offered a Move to its own spot that it cannot
make."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest
from mwbattle import guard_turns, placed, play
from test_battle_ability_fuzz import CASES, SEEDS, scenario_battle

from skirmish.engine.battle import (
    Chance,
    History,
    IllegalAction,
    LazyView,
    Player,
    RandomPlayer,
    Turn,
)
from skirmish.games.magewinds.battle import Building, grammar
from skirmish.games.magewinds.battle.geometry import stand_problem
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.state import Battle, Item


def carrier_about_to_be_cloned():
    """The Mesmer at (8, 4) is about to clone the Enchanter at (2, 4), which carries a
    chest (19.1)."""
    where = {
        "Enchanter": (2.0, 4.0),
        "Seer": (2.0, 8.0),
        "Mesmer": (8.0, 4.0),
        "Cleric": (8.0, 8.0),
    }
    battle = placed(("Enchanter", "Seer"), ("Mesmer", "Cleric"), where, {1: ("4S", "5D")})
    battle = replace(battle, items=(Item("chest", None, True, False, "Enchanter"),))
    battle = battle.with_fighter(replace(battle.fighter("Enchanter"), carrying=("chest",)))
    return play(battle, *guard_turns("Seer"), "activate Mesmer", "clone", "no step")


def test_a_cloned_carriers_object_is_dropped_clear_of_both_bases_set_up():
    """Clone (Mesmer v1.5.0, MB-45): the carrier drops what it carries and is set up again
    beside its Doppelganger, both touching its old spot. The object used to be placed
    first, as close as possible to the old spot while the carrier stood there, and the two
    bases then set up over it: a twin overlapped the chest by half a base, and its Move
    to its own spot was refused (0.8.1). The bases are set up first and the object goes to
    the nearest point clear of them (ruling MB-48)."""
    battle = carrier_about_to_be_cloned()
    clones = [a for a in grammar.texts(battle.legal_actions(1)) if a.startswith("clone Enchanter ")]
    assert clones
    for action in clones:
        after = battle.apply(action)
        assert problems(after) == [], action
        chest = after.item("chest")
        assert chest.at is not None and chest.carried_by is None
        dropped = [e for e in after.events() if e.event == "drop"]
        assert [(e.get("fighter"), e.get("item").casefold()) for e in dropped] == [
            ("Enchanter", "chest")
        ]
        assert "MB-48" in dropped[0].get("why")
        for twin in ("Enchanter 1", "Enchanter 2"):
            fighter = after.fighter(twin)
            assert fighter.at is not None
            assert stand_problem(after, fighter.at, exclude=twin) is None  # it may stay put


OTHERS = 3
"""Offered actions other than Move ends and steps tried at each decision (at random)."""


def refused_offers(battle: Battle, player: int, rng: Random) -> list[tuple[str, str]]:
    """The offered actions the rules refuse when taken: every Move end and step, and
    :data:`OTHERS` more of the other options at random."""
    legal = grammar.texts(battle.legal_actions(player))
    moves = [a for a in legal if a.startswith(("to ", "step "))]
    others = [a for a in legal if not a.startswith(("to ", "step "))]
    refused = []
    for action in moves + rng.sample(others, min(OTHERS, len(others))):
        try:
            battle.apply(action)
        except IllegalAction as error:
            refused.append((action, str(error)))
    return refused


def offers_checked(battle: Battle, seed: int, players: list[Player], decisions: int) -> int:
    """Play ``battle`` with ``players`` for at most ``decisions`` decisions, every offered
    Move end and step (and a few other options) taken at every decision; how many
    decisions were checked."""
    history = History.start(battle, seed)
    rng = Random(seed)
    checked = 0
    while checked < decisions:
        state = history.state
        node = state.node()
        if isinstance(node, Chance):
            history.roll()
            continue
        if not isinstance(node, Turn):
            break
        assert isinstance(state, Battle)
        assert problems(state) == [], (seed, checked)
        assert refused_offers(state, node.player, rng) == [], (seed, checked)
        legal = state.legal_actions(node.player)
        history.act(players[node.player].act(LazyView(state, node.player), legal))
        checked += 1
    return checked


@pytest.mark.parametrize(("scenario", "players"), CASES)
def test_every_offered_action_is_accepted_in_random_battles(scenario, players):
    """Random players in every scenario with every number of players it allows (Fragment
    Frenzy v1.3.0 included), with warbands built in play: at every decision no two bases
    overlap, and every Move end and step offered is accepted when taken.
    ``SKIRMISH_ABILITY_FUZZ=N`` plays N seeds of each."""
    for seed in range(SEEDS or 1):
        battle = scenario_battle(scenario, players, seed, Building.SECRET)
        kinds = [RandomPlayer(seed, p) for p in range(players)]
        assert offers_checked(battle, seed, kinds, 10_000) > 0


@pytest.mark.parametrize("scenario", ["fragment-frenzy@1.3.0", "treasure-dash"])
def test_every_offered_action_is_accepted_in_greedy_battles(scenario):
    """Greedy players (whose planner takes each Move end it is offered, Fragment Frenzy
    v1.3.0's with the rules' own Move) through the first decisions of a battle, every
    offered Move end and step accepted when taken."""
    from skirmish.ai.magewinds.greedy import GreedyPlayer

    seed = 3
    battle = scenario_battle(scenario, 2, seed, None)
    kinds: list[Player] = [GreedyPlayer(battle.setup, seed, p) for p in range(2)]
    assert offers_checked(battle, seed, kinds, SEEDS * 100 or 80) == (SEEDS * 100 or 80)


def test_a_fighter_standing_over_a_base_is_not_offered_to_stay_where_it_is():
    """Staying put was offered as a Move's end with no check at all, so a fighter whose
    base overlapped another's by more than MW-18's 0.001" (as Clone's twin over a dropped
    object did) was offered a Move to its own spot that the rules then refused (0.8.1).
    The offer is now checked as the Move is: every end offered is accepted."""
    where = {
        "Wizard": (4.0, 8.0),
        "Witch": (2.0, 2.0),
        "Guardian": (4.0, 8.9),
        "Cleric": (10.0, 14.0),
    }
    battle = placed(("Wizard", "Witch"), ("Guardian", "Cleric"), where)
    assert problems(battle)  # the Wizard's and the Guardian's bases overlap by 0.08"
    battle = play(battle, "activate Wizard", "move")
    ends = [a for a in grammar.texts(battle.legal_actions(0)) if a.startswith("to ")]
    assert "to 4,8" not in ends
    for action in ends:
        battle.apply(action)
    with pytest.raises(IllegalAction, match="0.8.1"):
        battle.apply("to 4,8")
