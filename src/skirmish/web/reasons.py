"""Why a computer seat did what it did, as the battle page shows it: the move, the fighter
it moved (to highlight on the battlefield), and the player's own top alternatives with
their values (the greedy advisor's, as ``hint`` prints them).

A move is explained to the other seats only when it is one the table sees being made
(an activation, a move, an attack, a spell...), never a face-down choice, a card kept or
drawn, or a reaction that stays hidden until it is revealed (18.3); and an alternative
that names the computer's cards is shown without them (``paying ...``), so no page
learns a card of another hand from a reason.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

SHOWN = 6
"""Computer moves kept for the pages: the latest, newest first."""

HIDDEN = "987C"


@dataclass(frozen=True)
class ComputerMove:
    """One computer step: after ``steps`` steps, ``seat`` (a ``kind`` of player) did
    ``action``; ``fighter``, ``target`` and ``point`` are what the page highlights."""

    steps: int
    seat: int
    kind: str
    action: str
    fighter: str | None
    target: str | None
    point: tuple[float, float] | None
    lines: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "steps": self.steps,
            "seat": self.seat + 1,
            "kind": self.kind,
            "action": self.action,
            "fighter": self.fighter,
            "target": self.target,
            "point": list(self.point) if self.point else None,
            "lines": list(self.lines),
        }


def public_kinds() -> frozenset[Any]:
    """The kinds of action every seat sees being made (13.0 to 19.0): the others (cards
    drawn, kept, discarded or paid, dice, reactions and other words, orders) may hide a
    hand or a face-down choice."""
    from skirmish.games.magewinds.battle.grammar import Kind

    hidden = {Kind.PAY, Kind.CARD, Kind.DRAW, Kind.DISCARD, Kind.KEEP, Kind.WORD, Kind.DICE}
    hidden |= {Kind.ORDER, Kind.ROLL_OFF, Kind.ADD}
    return frozenset(set(Kind) - hidden)


def shown_text(action: Any) -> str:
    """An alternative's text with the cards that would pay for it left unsaid."""
    if not action.cards:
        return str(action)
    return str(replace(action, cards=(HIDDEN,))).replace(HIDDEN, "...")


def masked(text: str, cards: set[str]) -> str:
    """``text`` with each of ``cards`` (the computer's hand) said as "a card"."""
    import re

    if not cards:
        return text
    pattern = "|".join(sorted((re.escape(c) for c in cards), key=len, reverse=True))
    return re.sub(rf"(?<![\w.])(?:{pattern})(?!\w)", "a card", text)


def explained(battle: Any, seat: int, kind: str, chosen: str, steps: int) -> ComputerMove | None:
    """The move ``chosen`` by computer ``seat`` at ``battle`` (before it is made), with
    its reasons; None when the move is not one every seat sees being made."""
    from skirmish.ai.magewinds.explain import NoAdvice, explain
    from skirmish.ai.players import RANDOM_KINDS
    from skirmish.engine.battle import LazyView
    from skirmish.games.magewinds.picture import active_fighter

    records = {str(a): a for a in battle.legal_actions(seat)}
    action = records.get(chosen)
    public = public_kinds()
    if action is None or action.kind not in public:
        return None
    fighter = action.fighter or active_fighter(battle.view(seat))
    if kind in RANDOM_KINDS:
        lines: tuple[str, ...] = ("the random player picks any legal action alike",)
    else:
        try:
            advice = explain(battle.setup, LazyView(battle, seat), battle.legal_actions(seat))
        except NoAdvice as missing:
            advice, lines = [], (str(missing),)
        else:
            lines = (f"{kind}: the greedy advisor's best actions here (value, why):",)
        for item in advice:
            found = records.get(str(item.action))
            if found is None or found.kind not in public:
                continue
            value = f"played {item.value:.0%}" if item.share else f"{item.value:+.2f}"
            reason = masked(item.reason, set(battle.hands[seat]) - set(action.cards))
            if str(item.action) == chosen:  # what it paid is discarded face up (17.0)
                lines += (f"* {chosen} [{value}]: {reason}",)
            else:
                lines += (f"- {shown_text(found)} [{value}]: {reason}",)
        if not any(line.startswith("* ") for line in lines):
            lines += (f"* {chosen}: its own pick here, not among the advisor's best",)
    return ComputerMove(
        steps,
        seat,
        kind,
        chosen,  # what it paid is discarded face up (17.0)
        fighter,
        action.target,
        (action.point[0], action.point[1]) if action.point else None,
        lines,
    )


__all__ = ["ComputerMove", "explained", "public_kinds"]
