"""The Seer's Prediction and Insight (Tempest Crusaders, Seer page v1.4.0).

A spell paying 1 Diamond, cast during the Seer's activation (offered as it starts and as
it ends): name an enemy fighter and an action. Until the Action Phase ends, the first time
that enemy begins that action the Seer recovers an action (20.3). The actions that can be
named are those a fighter is activated to make (13.4 and its action abilities); a
reaction does not begin a named action (ruling MB-38).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from random import Random
from typing import Any

from skirmish.engine.battle import Action, Chance, IllegalAction, Node, Turn
from skirmish.engine.stack import Fields, Shown
from skirmish.games.magewinds.battle.abilities.common import (
    cited,
    marks,
    own,
    paid,
    split_paying,
    with_mark,
    without,
)
from skirmish.games.magewinds.battle.actions import after, pick
from skirmish.games.magewinds.battle.deck import (
    card_outcomes,
    drawn_card,
    reshuffle_if_empty,
    sample_card,
    take_from_deck,
)
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.paying import ways_to_pay
from skirmish.games.magewinds.battle.spells import recover_action
from skirmish.games.magewinds.battle.state import Battle, Fighter, Frame, Mark
from skirmish.games.magewinds.cards import sort_cards

KEY = "prediction"


def targets(battle: Battle, seer: Fighter, kinds: dict[str, list[str]]) -> list[tuple[str, str]]:
    """(enemy, action) pairs the Seer may name: enemies on the battlefield and the actions
    each could be activated to make (``kinds``: each enemy's action words)."""
    if own(battle, seer, KEY) is None or not seer.on_battlefield:
        return []
    return [
        (enemy.name, word)
        for enemy in battle.on_battlefield()
        if enemy.player != seer.player
        for word in kinds.get(enemy.name, [])
    ]


def options(battle: Battle, seer: Fighter, kinds: dict[str, list[str]]) -> list[Action]:
    spell = own(battle, seer, KEY)
    if spell is None:
        return []
    ways = ways_to_pay(battle, battle.controller(seer), spell.cost)
    return [
        f"cast {spell.name} on {enemy} naming {word} paying {way.text}"
        for enemy, word in targets(battle, seer, kinds)
        for way in ways
    ]


def cast(battle: Battle, seer: Fighter, action: Action, kinds: dict[str, list[str]]) -> Battle:
    spell = own(battle, seer, KEY)
    assert spell is not None
    head, paying = split_paying(action, spell.name)
    rest = after(head, f"cast {spell.name} on")
    if rest is None or " naming " not in rest:
        raise IllegalAction(
            f"{spell.name}: write 'cast {spell.name} on ENEMY naming ACTION paying CARDS'"
        )
    name, word = rest.rsplit(" naming ", 1)
    enemy = battle.find_fighter(name)
    word = word.strip().casefold()
    if (enemy.name, word) not in targets(battle, seer, kinds):
        raise IllegalAction(
            f"{spell.name}: name an enemy fighter on the battlefield and an action it can "
            f"make, not {enemy.name} and {word!r} (ruling MB-38)"
        )
    battle, _ = paid(battle, seer, spell, paying)
    battle = with_mark(battle, Mark(KEY, seer.name, target=enemy.name, detail=word))
    return battle.logged(
        spell.name,
        EventKind.SPELL,
        "{cited}: {caster} names {target} and {action}; the first time it begins that action "
        "this Action Phase, the Seer recovers an action",
        caster=seer.name,
        spell=spell.name,
        target=enemy.name,
        action=word,
        words={"cited": cited(battle, spell, seer)},
    )


def began(battle: Battle, fighter: Fighter, word: str) -> Battle:
    """``fighter`` begins the action ``word``: every Prediction naming it comes true."""
    for mark in marks(battle, KEY, target=fighter.name):
        if mark.detail != word:
            continue
        battle = without(battle, mark)
        seer = battle.fighter(mark.owner)
        if not seer.on_battlefield:
            continue
        battle = recover_action(
            battle,
            seer,
            f"Prediction: {fighter.name} begins {word}, so ",
            spell="Prediction",
            target=fighter.name,
            action=word,
        )
    return battle


INSIGHT = "insight"
DRAW_TWO = "draw deck with Insight"


def insight_seer(battle: Battle, player: int) -> Fighter | None:
    """A Seer of ``player``'s on the battlefield with Insight, if any."""
    for fighter in battle.on_battlefield(player):
        if own(battle, fighter, INSIGHT) is not None:
            return fighter
    return None


def insight_can_take_two(battle: Battle) -> bool:
    """Two cards can be taken from the face-down deck: the deck holds two, or one and the
    discard pile, which replaces the deck as soon as the first card empties it (12.1,
    ruling MB-42)."""
    return len(battle.deck) + len(battle.discard) >= 2 and bool(battle.deck)


@dataclass(frozen=True)
class InsightDraw(Frame):
    """Insight (Seer v1.4.0): instead of the top card of the face-down deck, ``player``
    takes two (into the hand, where only they see them), keeps one and puts the other back
    on top, where only they know it (12.0, ruling MB-42)."""

    player: int
    seer: str
    seen: tuple[str, ...] = ()

    @classmethod
    def read_back(cls, battle: Battle, data: Shown, rng: Random, now: Shown | None) -> Fields:
        """Another player's view counts the cards taken: which they are is drawn among
        the cards of the Seer's player's hand that nobody else knows (ruling MB-42)."""
        values = super().read_back(battle, data, rng, now)
        if isinstance(data["seen"], int):
            known = battle.known[values["player"]]
            hand = [c for c in battle.hands[values["player"]] if c not in known]
            values["seen"] = tuple(rng.sample(hand, data["seen"]))
        return values

    def node(self, battle: Battle) -> Node:
        if len(self.seen) < 2:
            return Chance(battle.chances, "12.0", f"player {self.player + 1} draws with Insight")
        return Turn(self.player, "Insight", "keep which card? The other goes back on top", True)

    def sample(self, battle: Battle, rng: Random) -> Action:
        return sample_card(battle, rng)

    def outcomes(self, battle: Battle) -> tuple[tuple[Action, Fraction], ...]:
        return card_outcomes(battle)

    def chance(self, battle: Battle, action: Action) -> Battle:
        card = drawn_card(battle, action)
        battle = take_from_deck(battle, card)
        battle = battle.with_hand(self.player, sort_cards((*battle.hands[self.player], card)))
        battle = battle.logged(
            "12.0",
            EventKind.DRAW_SEEN,
            "player {player} draws {card} (Insight)",
            seen_by=self.player,
            player=self.player + 1,
            card=card,
        )
        return reshuffle_if_empty(battle).top(replace(self, seen=(*self.seen, card)))

    def options(self, battle: Battle) -> tuple[Action, ...]:
        return tuple(f"keep {card}" for card in self.seen)

    def act(self, battle: Battle, action: Action) -> Battle:
        chosen = pick(action, self.options(battle), "Insight", "card to keep")
        kept = chosen.removeprefix("keep ")
        back = next(c for c in self.seen if c != kept)
        hand = tuple(c for c in battle.hands[self.player] if c != back)
        battle = battle.with_hand(self.player, hand)
        battle = replace(battle, deck=sort_cards((*battle.deck, back)))
        battle = with_mark(battle, Mark(INSIGHT, self.seer, detail=back, seen_by=self.player))
        spell = own(battle, battle.fighter(self.seer), INSIGHT)
        assert spell is not None
        battle = battle.logged(
            "12.0",
            EventKind.INSIGHT,
            "{cited}: player {player} takes two cards from the deck, keeps one and puts the other "
            "back on top",
            caster=self.seer,
            spell=spell.name,
            player=self.player + 1,
            words={"cited": cited(battle, spell, battle.fighter(self.seer))},
        )
        battle = battle.logged(
            "12.0",
            EventKind.INSIGHT_SEEN,
            "player {player} keeps {card} and puts {back} back on top",
            seen_by=self.player,
            player=self.player + 1,
            card=kept,
            back=back,
        )
        return battle.finish()

    def hidden_fields(self, battle: Battle, player: int) -> dict[str, Any]:
        """Another player knows only how many cards were taken (ruling MB-42)."""
        return {} if player == self.player else {"seen": len(self.seen)}

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {"frame": "insight", "player": self.player + 1, "drawn": len(self.seen)}
