"""12.0 Channelling Phase and 12.1 Empty Deck."""

from __future__ import annotations

from dataclasses import replace

import pytest
from mwbattle import FACE_UP, deploy, events, new_battle, play, set_up

from skirmish.engine.battle import Chance, IllegalAction, Turn
from skirmish.games.magewinds.battle import grammar
from skirmish.games.magewinds.battle.deck import HAND_LIMIT


def channelling(first=("Wizard",), second=("Guardian",)):
    battle = set_up(new_battle(first, second))
    return deploy(battle, {first[0]: (3, 8), second[0]: (9, 8)})


def test_a_face_up_card_is_replaced_from_the_deck_face_up():
    battle = channelling()
    assert grammar.texts(battle.legal_actions(0)) == (
        *(f"draw {c}" for c in FACE_UP),
        "draw deck",
        "pass",
    )
    battle = battle.apply("draw 8D")
    assert battle.hands[0] == ("8D",) and "8D" in battle.known[0]
    assert isinstance(battle.node(), Chance)  # the replacement comes from the deck
    battle = battle.apply("card KS")
    assert battle.face_up == ("8S", "8H", "KS", "8C", "9C")
    assert "KS" not in battle.deck and battle.node().player == 1  # then the next player


def test_the_top_card_is_seen_only_by_the_player_who_draws_it():
    battle = play(channelling(), "draw deck", "card QC")
    assert battle.hands[0] == ("QC",) and not battle.known[0]
    private = events(battle, "draw_seen")
    assert [(e.seen_by, e.get("player"), e.get("card")) for e in private] == [(0, 1, "QC")]
    assert private[0].text == "player 1 draws QC"
    assert "QC" not in str(battle.view(1)) and "QC" in str(battle.view(0))


def test_at_the_hand_limit_a_player_must_pass():
    battle = channelling()
    cards = ["AS", "2S", "3S", "4S", "5S"]
    for card in cards:
        battle = play(battle, "draw deck", f"card {card}")
        if battle.node().player == 1:
            battle = battle.apply("pass")
    assert len(battle.hands[0]) == HAND_LIMIT
    assert grammar.texts(battle.legal_actions(0)) == ("pass",)
    with pytest.raises(
        IllegalAction, match="12.0: player 1 has reached the hand limit 5 and must pass"
    ):
        battle.apply("draw deck")


def test_a_passed_player_takes_no_more_turns_and_passing_order_is_the_action_order():
    battle = play(channelling(), "pass")
    assert battle.node().player == 1
    battle = play(battle, "draw deck", "card 9D")
    assert battle.node().player == 1  # player 1 passed, so player 2 goes again
    battle = play(battle, "draw deck", "card 7D", "pass")
    assert battle.phase.value == "action"
    assert battle.channel_passes == (0, 1)
    node = battle.node()
    assert isinstance(node, Turn) and node.player == 0 and node.rule == "13.0"


def test_later_rounds_channel_in_the_order_players_passed_in_the_action_phase():
    battle = play(channelling(), "pass", "pass")  # action phase order 1, 2
    battle = play(battle, "activate Wizard", "guard", "no step", "end activation")
    battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    battle = play(battle, "activate Wizard", "guard", "no step", "end activation")
    battle = play(battle, "activate Guardian", "guard", "no step", "end activation")
    battle = play(battle, "pass", "pass")  # player 1 passed first
    assert battle.round == 2 and battle.phase.value == "channelling"
    assert battle.node().player == 0
    assert battle.action_passes == (0, 1)


def test_an_empty_deck_is_refilled_from_the_shuffled_discard_pile():
    battle = channelling()
    keep = battle.deck[0]
    rest = tuple(c for c in battle.deck if c != keep)
    battle = replace(battle, deck=(keep,), discard=rest)
    battle = play(battle, "draw deck", f"card {keep}")
    assert set(battle.deck) == set(rest)
    assert len(battle.deck) == len(rest) and not battle.discard
    assert events(battle, "reshuffle")[0].rule == "12.1"


def test_with_no_card_anywhere_to_draw_only_the_face_up_row_and_passing_remain():
    battle = channelling()
    everything = battle.deck
    battle = replace(battle, deck=(), discard=(), hands=(everything, ()))
    assert grammar.texts(battle.legal_actions(0)) == ("pass",)  # at the hand limit anyway
    battle = replace(battle, hands=((), everything))
    assert "draw deck" not in grammar.texts(battle.legal_actions(0))
    battle = battle.apply("draw 8S")  # no replacement is possible: the row shrinks
    assert battle.face_up == FACE_UP[1:] and not isinstance(battle.node(), Chance)
