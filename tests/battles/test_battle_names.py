"""Fighter names holding the words actions are built of (a pack's ``Knight on Watch``):
every action offered to such a fighter, or naming it, is accepted as offered."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pytest
import yaml
from mwbattle import play, ready, renamed_pack

from skirmish.engine.battle import Chance, End, chance_rng
from skirmish.games.magewinds.battle import Length, grammar, setup, start_battle
from skirmish.games.magewinds.pack import Pack, bundled_pack, parse_pack

BRUTE = (Path(__file__).parents[1] / "data" / "brute-pack.yaml").read_text()
KEYWORDS = (
    "on Watch",
    "with Bow",
    "paying Dues",
    "by the Sea",
    "at Dawn",
    "to Go",
    "and Co",
    "genuine Article",
    "naming Names",
)


def keyword_pack() -> Pack:
    """The bundled pack, each fighter's name given one of the action keywords."""
    fighters = bundled_pack().items
    return renamed_pack(
        {f.name: f"{f.name} {KEYWORDS[i % len(KEYWORDS)]}" for i, f in enumerate(fighters)}
    )


def test_energize_on_a_knight_on_watch_is_offered_and_taken():
    knight = BRUTE.replace("name: Brute", "name: Knight on Watch")
    pack = bundled_pack().merged(parse_pack(yaml.safe_load(knight), source="knight.yaml"))
    positions = {"Knight on Watch": (3, 8), "Wizard": (3, 10), "Guardian": (9, 8)}
    hands = {0: ("2H", "3H", "2D", "3D"), 1: ("2C",)}
    battle = ready(("Knight on Watch", "Wizard"), ("Guardian",), positions, hands, pack=pack)
    battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    battle = play(battle, "activate Knight on Watch", "guard", "no step")
    cast = "cast Energize on Knight on Watch paying 2H+2D"
    assert cast in grammar.texts(battle.legal_actions(0))
    battle = battle.apply(cast)
    assert battle.fighter("Knight on Watch").counters == 0  # 20.3: its counter recovered
    assert battle.hands[0] == ("3H", "3D")


@pytest.mark.parametrize("seed", [0, 5, 11, 23])
def test_every_offered_action_is_taken_in_battles_of_keyword_names(seed):
    """Random battles of the keyword pack: at each decision a sample of the offered
    actions (and the one played) is applied, and none is refused."""
    battle = start_battle(
        setup.random_setup(seed, length=Length.QUICK, most=3, rounds=1, pack=keyword_pack())
    )
    rng = Random(seed)
    refused = []
    while not isinstance(node := battle.node(), End):
        if isinstance(node, Chance):
            battle = battle.apply(battle.sample_chance(chance_rng(seed, node.index)))
            continue
        legal = grammar.texts(battle.legal_actions(node.player))
        tried = rng.sample(legal, min(6, len(legal)))
        after = []
        for action in tried:
            try:
                after.append(battle.apply(action))
            except Exception as error:  # every refusal is the failure
                refused.append((action, str(error)))
        assert after, refused
        battle = rng.choice(after)
    assert refused == []


@pytest.mark.parametrize("seed", [0, 3])
def test_greedy_players_finish_battles_of_keyword_names(seed):
    """The greedy player reads the attacks it weighs against the battle's names (a target
    called ``Deadeye with Bow``), and plays such a battle to its end."""
    from skirmish.ai.magewinds.greedy import GreedyPlayer
    from skirmish.engine.battle import History, play_out

    chosen = setup.random_setup(seed, length=Length.QUICK, most=3, rounds=1, pack=keyword_pack())
    history = History.start(start_battle(chosen), seed)
    play_out(history, [GreedyPlayer(chosen, seed, 0), GreedyPlayer(chosen, seed, 1)])
    assert isinstance(history.state.node(), End)
    assert any(s.action.startswith("attack ") for s in history.steps)


def test_the_cheapest_way_to_pay_is_found_when_a_name_holds_paying():
    """The greedy planner keeps, of the options that differ only in their payment, the one
    spending least (17.0): the cards are the text's last part, whatever the name holds."""
    from skirmish.ai.magewinds.plans import cheapest
    from skirmish.games.magewinds.battle.grammar import Names

    names = Names(fighters=("Enchanter paying Dues", "Witch"), spells=("Hex",))
    options = [
        "cast Hex on Enchanter paying Dues paying KC",
        "cast Hex on Enchanter paying Dues paying 2C",
        "cast Hex on Witch paying 3C",
        "end activation",
    ]
    assert cheapest(options, names) == [
        "cast Hex on Enchanter paying Dues paying 2C",
        "cast Hex on Witch paying 3C",
        "end activation",
    ]


def test_greedy_players_build_and_deploy_warbands_of_keyword_names():
    """The greedy player's rules of thumb read the records of what they weigh: it adds
    profiles whose names hold keywords (``add Guardian by the Sea``), deploys each fighter
    at a point (``deploy Guardian by the Sea-1 at 6.75,9.5``: one name, one point) and
    plays the battle to its end."""
    from skirmish.ai.magewinds.greedy import GreedyPlayer
    from skirmish.engine.battle import History, play_out
    from skirmish.games.magewinds.battle.setup import Building, Options, new_setup

    pack = keyword_pack()
    options = Options(length=Length.QUICK, rounds=1, overtime=0)
    chosen = new_setup(
        "deathmatch", [[], []], options=options, pack=pack, building=Building.OPEN_SEQUENTIAL
    )
    history = History.start(start_battle(chosen), 2)
    play_out(history, [GreedyPlayer(chosen, 2, 0), GreedyPlayer(chosen, 2, 1)])
    assert isinstance(history.state.node(), End)
    read = [  # each action against the names of the state it was taken in
        grammar.parse(step.action, grammar.Names.of(before))
        for step, before in zip(history.steps, history.states, strict=False)
        if step.action.startswith(("add ", "deploy "))
    ]
    added = [r for r in read if r.kind is grammar.Kind.ADD]
    deployed = [r for r in read if r.kind is grammar.Kind.DEPLOY]
    assert added and deployed and len(added) + len(deployed) == len(read)
    keyworded = {p.name for p in pack.fighters}
    assert all(a.fighter in keyworded for a in added)
    assert all(d.fighter and d.point is not None for d in deployed)
