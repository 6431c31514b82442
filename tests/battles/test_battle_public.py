"""The public part of a view, and battles rebuilt from a view (what computer players search).

Rebuilt with the true hidden facts, a view gives back the very state it was taken from;
rebuilt with hidden facts drawn at random, it keeps every invariant and offers the player
deciding the same legal actions; and nothing a player may not see reaches the view.
"""

from __future__ import annotations

import json
from dataclasses import replace
from random import Random

import pytest
from mwbattle import play, ready

from skirmish.engine.battle import History, RandomPlayer, Turn, play_out
from skirmish.games.magewinds.battle import (
    Building,
    Length,
    Options,
    grammar,
    new_setup,
    setup,
    start_battle,
)
from skirmish.games.magewinds.battle.abilities.seer import InsightDraw
from skirmish.games.magewinds.battle.attacks import AttackFrame
from skirmish.games.magewinds.battle.attackview import FACE_DOWN
from skirmish.games.magewinds.battle.building import WarbandBuilding, fits
from skirmish.games.magewinds.battle.catalogue import SCENARIOS, find_scenario
from skirmish.games.magewinds.battle.endphase import Windburn
from skirmish.games.magewinds.battle.invariants import problems
from skirmish.games.magewinds.battle.rebuild import FRAMES, ViewError, from_view
from skirmish.games.magewinds.battle.state import Battle, Frame, Mark, Status


def all_subclasses(kind: type) -> set[type]:
    found = set()
    for sub in kind.__subclasses__():
        found |= {sub, *all_subclasses(sub)}
    return found


def test_every_kind_of_pending_work_can_be_rebuilt():
    import skirmish.games.magewinds.battle.game  # noqa: F401 - every frame module loaded

    assert all_subclasses(Frame) <= set(FRAMES)


def frame_tests(source: str, names: set[str]) -> list[str]:
    """The tests in ``source`` of a frame's class: ``isinstance``, ``issubclass``, ``is``
    or ``==`` with a frame class or its name."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        called = isinstance(node, ast.Call) and ast.unparse(node.func) in (
            "isinstance",
            "issubclass",
        )
        if not (called or isinstance(node, ast.Compare)):
            continue
        inside = list(ast.walk(node))
        if {n.id for n in inside if isinstance(n, ast.Name)} & names or any(
            isinstance(n, ast.Constant) and n.value in names for n in inside
        ):
            found.append(ast.unparse(node))
    return found


def test_drawing_and_rebuilding_single_out_no_kind_of_frame():
    """Each frame says what of it is public (``hidden_fields``, ``shown``) and how it is
    read back (``rebuilt``, ``named_by_seat``): neither the public part nor the rebuild
    tests a frame's class."""
    import inspect

    from skirmish.games.magewinds.battle import public, rebuild

    names = {kind.__name__ for kind in FRAMES}
    for module in (public, rebuild):
        assert frame_tests(inspect.getsource(module), names) == [], module.__name__
    chain = (
        "if issubclass(kind, AttackFrame):\n    pass\n"
        "if kind is BlastFrame:\n    pass\n"
        "if data['frame'] != 'AttackFrame':\n    pass\n"
        "if kind is None:\n    pass\n"
    )
    assert len(frame_tests(chain, names)) == 3


def battle_states(seed: int, scenario: str | None = None, players: int = 2) -> list[Battle]:
    chosen = setup.random_setup(
        seed,
        length=Length.QUICK,
        most=3,
        rounds=1 + seed % 2,
        scenario=None if scenario is None else find_scenario(scenario),
        players=players,
    )
    history = History.start(start_battle(chosen), seed)
    play_out(history, [RandomPlayer(seed, seat) for seat in range(players)])
    return [s for s in history.states if isinstance(s, Battle)]


def with_true_hidden_choices(truth: Battle, rebuilt: Battle) -> Battle:
    """The rebuilt battle with the face-down answers and kept cards of the true one (and the
    hands an attack was given, once it is resolved and no longer reads them)."""
    frames = tuple(
        replace(mine, answers=real.answers)
        if isinstance(real, AttackFrame) and real.stage == "resolving"
        else replace(mine, answers=real.answers, situation=real.situation)
        if isinstance(real, AttackFrame)
        else replace(mine, decided=real.decided, card=real.card)
        if isinstance(real, Windburn)
        else replace(mine, picks=real.picks)
        if isinstance(real, WarbandBuilding)
        else replace(mine, seen=real.seen)
        if isinstance(real, InsightDraw)
        else mine
        for real, mine in zip(truth.frames, rebuilt.frames, strict=True)
    )
    return replace(rebuilt, frames=frames)


@pytest.mark.parametrize("seed", range(6))
def test_a_view_with_the_true_hidden_facts_rebuilds_the_very_state(seed):
    for state in battle_states(seed):
        for player in (0, 1):
            view = state.view(player)
            json.dumps(view)  # JSON-ready
            rebuilt = from_view(state.setup, view, Random(0), hands=state.hands, notes=state.marks)
            rebuilt = with_true_hidden_choices(state, rebuilt)
            assert rebuilt.frames == state.frames
            assert rebuilt.state_hash() == state.state_hash()


@pytest.mark.parametrize(
    ("scenario", "players"),
    [(s.id, n) for s in SCENARIOS for n in sorted({min(s.players), max(s.players)})],
)
def test_every_scenario_rebuilds_from_every_players_view(scenario, players):
    for state in battle_states(len(scenario), scenario, players):
        for player in range(players):
            view = state.view(player)
            rebuilt = from_view(state.setup, view, Random(0), hands=state.hands, notes=state.marks)
            rebuilt = with_true_hidden_choices(state, rebuilt)
            assert rebuilt.state_hash() == state.state_hash()
            drawn = from_view(state.setup, view, Random(1))
            assert problems(drawn) == []
            assert seen_node(drawn, player) == seen_node(state, player)


def seen_node(battle: Battle, player: int) -> object:
    """What ``player`` sees of the battle's next step: a decision's prompt only when it is
    theirs to make (it may name what another player chose face down)."""
    node = battle.node()
    if isinstance(node, Turn) and node.player != player:
        return replace(node, prompt="")
    return node


@pytest.mark.parametrize(
    ("mode", "scenario", "players"),
    [(mode, "deathmatch", 2) for mode in Building] + [(Building.SECRET, "battle-royale", 3)],
)
def test_warbands_built_in_play_rebuild_from_every_players_view(mode, scenario, players):
    """Rebuilt from the setup the players were given (warbands not yet built): the true
    picks give back the very state; drawn ones keep another player's secret picks out of
    the view, are warbands the assembly rules allow, and leave the decision the same."""
    given = new_setup(
        scenario,
        [[] for _ in range(players)],
        options=Options(length=Length.QUICK, rounds=1),
        building=mode,
    )
    history = History.start(start_battle(given), 5)
    play_out(history, [RandomPlayer(5, seat) for seat in range(players)])
    states = [s for s in history.states if isinstance(s, Battle)]
    hidden = 0
    for state in states[:60]:
        for player in range(players):
            view = state.view(player)
            rebuilt = from_view(given, view, Random(0), hands=state.hands, notes=state.marks)
            rebuilt = with_true_hidden_choices(state, rebuilt)
            assert rebuilt.state_hash() == state.state_hash()
            assert rebuilt.setup.warbands == state.setup.warbands
            drawn = from_view(given, view, Random(player))
            assert problems(drawn) == []
            node = state.node()
            if isinstance(node, Turn) and node.player != player:
                node = replace(node, prompt=drawn.node().prompt)  # the prompt is not shown
            assert drawn.node() == node
            for real, mine in zip(state.frames, drawn.frames, strict=True):
                if not isinstance(real, WarbandBuilding):
                    continue
                for seat, band in enumerate(mine.picks):
                    secret = mode is Building.SECRET and seat != player
                    if not secret:
                        assert band == real.picks[seat]
                        continue
                    shown = [f for f in view["public"]["frames"] if f["frame"] == "WarbandBuilding"]
                    assert shown[0]["picks"][seat] is None
                    hidden += band != real.picks[seat]
                    profiles = [given.profile(name) for name in band]
                    assert all(fits(given, profiles[:i], p) for i, p in enumerate(profiles))
                    if seat in real.finished:
                        assert band
    assert hidden > 0 if mode is Building.SECRET else hidden == 0


@pytest.mark.parametrize("seed", range(6, 10))
def test_a_view_with_hidden_facts_drawn_at_random_is_a_legal_state(seed):
    for number, state in enumerate(battle_states(seed)):
        for player in (0, 1):
            view = state.view(player)
            rebuilt = from_view(state.setup, view, Random(number))
            assert problems(rebuilt) == []
            assert rebuilt.hands[player] == state.hands[player]
            other = 1 - player
            assert len(rebuilt.hands[other]) == len(state.hands[other])
            assert state.known[other] <= set(rebuilt.hands[other])
            assert rebuilt.view(player)["fighters"] == view["fighters"]
            node = state.node()
            assert rebuilt.node() == node
            if isinstance(node, Turn) and node.player == player:
                assert grammar.texts(rebuilt.legal_actions(player)) == grammar.texts(
                    grammar.texts(state.legal_actions(player))
                )


def test_a_face_down_attack_choice_is_drawn_among_its_options():
    battle = ready(("Guardian",), ("Wizard",), {"Guardian": (5.5, 8), "Wizard": (6.5, 8)}, hands={})
    battle = play(battle, "activate Guardian", "attack", "no step", "attack Wizard with Melee")
    battle = battle.apply("feint")
    view = battle.view(1)
    frame = view["public"]["frames"][-1]
    assert frame["answers"] == [FACE_DOWN]
    assert "feint" not in json.dumps(view["public"])
    drawn = {from_view(battle.setup, view, Random(n)).frames[-1].answers[0] for n in range(40)}
    assert drawn == {"light", "heavy", "feint"}
    assert battle.view(0)["public"]["frames"][-1]["answers"] == ["feint"]


def test_a_view_of_another_battle_is_refused():
    battle = ready(("Wizard",), ("Guardian",), {"Wizard": (5.5, 8), "Guardian": (6.5, 8)})
    view = dict(battle.view(0))
    view["deck"] = 3
    with pytest.raises(ViewError, match="deck holds 3 cards"):
        from_view(battle.setup, view, Random(0))
    del view["public"]
    with pytest.raises(ViewError, match="not a view of this battle"):
        from_view(battle.setup, view, Random(0))


# -- secret notes (rulings MB-41, MB-42, MB-45) ---------------------------------------------


def note_positions() -> dict[str, Battle]:
    from mwbattle import deploy, new_battle, set_up
    from test_battle_abilities import (
        CLONE_SPOTS,
        charmed,
        cloned,
        doppelganger_pack,
        insight_drawn,
    )

    drawing = set_up(new_battle(("Seer",), ("Guardian",)))
    drawing = deploy(drawing, {"Seer": (3, 8), "Guardian": (9, 8)})
    drawing = play(drawing, "draw deck with Insight", "card 2H", "card 3S")
    positions = {"Mesmer": (4, 8), "Wizard": (3, 2), "Guardian": (8, 8), "Seer": (9, 14)}
    hands = {0: ("2D", "2S")}
    pack = doppelganger_pack()  # a Doppelganger of Toughness 1: the Guardian unhurt
    return {
        "charm": charmed("Seer"),
        "clone": ready(
            ("Mesmer", "Wizard"), ("Guardian", "Seer"), positions, hands=hands, pack=pack
        )
        .apply("activate Mesmer")
        .apply("clone")
        .apply("no step")
        .apply(f"clone Guardian {CLONE_SPOTS} genuine second paying 2S+2D"),
        "clone, no Doppelganger profile": cloned("first"),  # the Guardian hurt
        "insight": insight_drawn(),
        "insight, choosing": drawing,
    }


NOTES = note_positions()


def secret(battle: Battle) -> list[Mark]:
    return [m for m in battle.marks if m.seen_by is not None]


@pytest.mark.parametrize("name", list(NOTES))
def test_a_position_with_secret_notes_rebuilds_from_every_players_view(name):
    """With the true hidden facts the very state; with drawn ones a state the player
    could not tell from the real one by what they see (the view, save the log a rebuilt
    battle starts without), with the same decision next and no broken invariant."""
    state = NOTES[name]
    notes = secret(state)
    assert notes or isinstance(state.frames[-1], InsightDraw)
    for player in range(state.players):
        view = state.view(player)
        rebuilt = from_view(state.setup, view, Random(0), hands=state.hands, notes=state.marks)
        rebuilt = with_true_hidden_choices(state, rebuilt)
        assert rebuilt.state_hash() == state.state_hash()
        for number in range(8):
            drawn = from_view(state.setup, view, Random(number))
            assert problems(drawn) == []
            assert {**drawn.view(player), "log": view["log"]} == view
            assert seen_node(drawn, player) == seen_node(state, player)
            assert len(drawn.marks) == len(state.marks)
            if notes and player == notes[0].seen_by:
                assert drawn.marks == state.marks and drawn.fighters == state.fighters


def drawn_notes(state: Battle, player: int, count: int = 40) -> list[Battle]:
    view = state.view(player)
    return [from_view(state.setup, view, Random(n)) for n in range(count)]


def test_another_players_charm_note_names_one_of_the_witchs_enemies_drawn():
    state = NOTES["charm"]
    assert [m.target for m in secret(state)] == ["Seer"]
    drawn = drawn_notes(state, 1)
    targets = {m.target for b in drawn for m in b.marks if m.key == "charm"}
    assert targets == {"Guardian", "Seer"}  # both enemies of the Witch, neither friend
    assert all(m.seen_by == 0 for b in drawn for m in b.marks if m.key == "charm")


def test_a_charm_note_exists_only_once_a_charm_is_cast():
    state = NOTES["charm"]
    before = replace(state, marks=())
    assert all(b.marks == () for b in drawn_notes(before, 1, 5))


def test_another_players_clone_note_names_either_twin_and_the_other_is_the_doppelganger():
    state = NOTES["clone"]
    drawn = drawn_notes(state, 1)
    genuine = [next(m.target for m in b.marks if m.key == "genuine") for b in drawn]
    assert set(genuine) == {"Guardian 1", "Guardian 2"}
    assert 10 <= genuine.count("Guardian 1") <= 30  # uniform between the two
    for battle, name in zip(drawn, genuine, strict=True):
        other = "Guardian 2" if name == "Guardian 1" else "Guardian 1"
        assert battle.fighter(name).profile == "Guardian"
        assert battle.fighter(other).profile == "Doppelganger"
        note = next(m for m in battle.marks if m.key == "genuine")
        assert note.detail == "Guardian" and note.seen_by == 0


def test_another_players_insight_card_is_a_card_of_the_deck_and_mine_stays_on_top():
    state = NOTES["insight"]
    assert [m.detail for m in secret(state)] == ["2H"]
    drawn = drawn_notes(state, 1)
    tops = [next(m.detail for m in b.marks if m.key == "insight") for b in drawn]
    assert all(top in b.deck for top, b in zip(tops, drawn, strict=True))
    assert len(set(tops)) > 5  # not the true card every time
    mine = drawn_notes(state, 0, 10)
    assert all(b.marks == state.marks and "2H" in b.deck for b in mine)


def test_another_players_insight_cards_being_chosen_are_drawn_from_their_hand():
    state = NOTES["insight, choosing"]
    frame = state.frames[-1]
    assert isinstance(frame, InsightDraw) and frame.seen == ("2H", "3S")
    assert state.view(1)["public"]["frames"][-1]["seen"] == 2  # how many, not which
    for battle in drawn_notes(state, 1, 10):
        top = battle.frames[-1]
        assert isinstance(top, InsightDraw) and set(top.seen) == set(battle.hands[0])


def test_a_charm_note_on_a_fighter_taken_down_is_still_drawn_among_the_enemies():
    """The note stands whatever becomes of the fighter it names (ruling MB-41)."""
    state = NOTES["charm"]
    for name in ("Guardian", "Seer"):
        state = state.with_fighter(
            replace(state.fighter(name), status=Status.OUT_OF_ACTION, at=None)
        )
    targets = {m.target for b in drawn_notes(state, 1, 20) for m in b.marks}
    assert targets == {"Guardian", "Seer"}


def test_a_face_down_attack_choice_is_shown_once_the_defence_choice_is_made():
    """18.3: the Attack Choice is revealed after the Defence Choice (18.4), whoever makes it
    (ruling MB-51): the pending work a view lists and the public frames show the same."""
    battle = ready(("Guardian",), ("Wizard",), {"Guardian": (5.5, 8), "Wizard": (6.5, 8)}, hands={})
    battle = play(battle, "activate Guardian", "attack", "no step", "attack Wizard with Melee")
    battle = battle.apply("heavy")

    def seen(state, player):
        return (
            state.view(player)["pending"][-1]["answers"],
            state.view(player)["public"]["frames"][-1]["answers"],
        )

    assert seen(battle, 1) == ([FACE_DOWN], [FACE_DOWN])
    answered = battle.apply("none")
    assert seen(answered, 1)[0][:2] == seen(answered, 1)[1][:2] == ["heavy", "none"]
    # The same player deciding both (Blast on a friend, a Charmed target): the Defence
    # Choice made, the other player sees the Attack Choice too.
    frame = answered.frames[-1]
    assert isinstance(frame, AttackFrame) and frame.deciders[:2] == (0, 1)
    same = answered.top(replace(frame, deciders=(0, 0, *frame.deciders[2:])))
    assert seen(same, 1)[0][:1] == seen(same, 1)[1][:1] == ["heavy"]
