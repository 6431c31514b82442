"""Each fighter's figures in one battle, for balance sweeps: damage dealt and taken,
take-downs, out of action, spells cast, cards spent, objects carried.

Read from the battle's records, never from the sentences a person reads:

- damage taken, damage dealt and take-downs from the ``attack`` events' ``attacker`` and
  ``target`` fields and the ``damage`` events' ``fighter``, ``damage`` and ``taken_down``
  fields (18.5.3): damage to an attack's target while that attack is under way is the
  attacker's; damage with no attack under way (poison, 18.5.3 through an effect) is taken
  but dealt by nobody;
- out of action from the final state (a fighter not on the battlefield, 18.5.3), so a
  fighter revived counts as standing;
- spells cast from the steps: a ``cast`` action (17.0) is the fighter's whose activation
  (13.0) is on the frame stack of the state it was taken in, as the events of a cast name
  no caster in a field;
- cards spent from the ``spend`` events' ``player`` and ``cards`` fields (17.0), each the
  fighter's of that player whose activation is under way, or the target's of the attack
  under way when it is that player's (a reaction paid for); otherwise the warband's alone;
- objects carried from the ``collect`` events' ``fighter`` field (Fragment Frenzy) and the
  ``pick_up`` events (19.1), the fighter's whose activation is under way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Figures:
    """One fighter's figures in one battle."""

    seat: int
    profile: str
    damage_dealt: int = 0
    damage_taken: int = 0
    takedowns: int = 0
    out_of_action: bool = False
    spells_cast: int = 0
    cards_spent: int = 0
    objects_carried: int = 0


@dataclass
class BattleFigures:
    """Every fighter's figures (by its name in the battle), and the cards each seat spent
    in all (those no fighter is known to have spent included)."""

    fighters: dict[str, Figures]
    cards: list[int] = field(default_factory=list)


def _acting(state: Any) -> tuple[str, int] | None:
    """The fighter whose activation is under way in ``state`` and its player, if any."""
    for frame in reversed(getattr(state, "frames", ())):
        name, player = getattr(frame, "fighter", None), getattr(frame, "player", None)
        if isinstance(name, str) and isinstance(player, int):
            return name, player
    return None


def battle_figures(history: Any) -> BattleFigures:
    """The figures of the battle ``history`` played (see the module's note)."""
    final = history.state
    setup = final.setup
    fighters: dict[str, Figures] = {}
    for band in setup.warbands:
        for name, profile in zip(band.names, band.profiles, strict=True):
            fighters[name] = Figures(band.player, profile.name)
    found = BattleFigures(fighters, [0] * len(setup.warbands))
    standing = {f.name for f in final.on_battlefield()}
    for name, figures in fighters.items():
        figures.out_of_action = name not in standing
    events = final.events()
    states: Sequence[Any] = history.states
    lengths = [state.log.length if state.log is not None else 0 for state in states]
    attack: tuple[str, str] | None = None
    start = 0
    for index in range(len(states)):
        end = lengths[index]
        acting = _acting(states[index - 1]) if index else None
        if index:
            step = history.steps[index - 1]
            action = getattr(step, "action", None)
            cast = action is not None and str(action).casefold().startswith("cast ")
            if cast and acting is not None and acting[0] in fighters:
                fighters[acting[0]].spells_cast += 1
        for event in events[start:end]:
            attack = _count(event, fighters, found, attack, acting)
        start = max(start, end)
    return found


def _count(
    event: Any,
    fighters: dict[str, Figures],
    found: BattleFigures,
    attack: tuple[str, str] | None,
    acting: tuple[str, int] | None,
) -> tuple[str, str] | None:
    """One event counted; the attack under way after it."""
    data = dict(event.data)
    kind = event.event
    if kind in ("activate", "round", "phase"):
        return None
    if kind == "attack":
        return str(data["attacker"]), str(data["target"])
    if kind == "damage":
        hurt = fighters.get(str(data.get("fighter")))
        amount = int(data.get("damage", 0))
        if hurt is not None:
            hurt.damage_taken += amount
        if attack is not None and attack[1] == data.get("fighter") and attack[0] in fighters:
            fighters[attack[0]].damage_dealt += amount
            if data.get("taken_down"):
                fighters[attack[0]].takedowns += 1
    elif kind == "spend":
        _spent(data, fighters, found, attack, acting)
    elif kind == "collect":
        carrier = fighters.get(str(data.get("fighter")))
        if carrier is not None:
            carrier.objects_carried += 1
    elif kind == "pick_up" and acting is not None and acting[0] in fighters:
        fighters[acting[0]].objects_carried += 1
    return attack


def _cards(given: object) -> int:
    """How many cards a ``spend`` event's ``cards`` field holds: a list of cards, or
    cards joined with ``+`` in one field (an attack's payment)."""
    if isinstance(given, str):
        return len([c for c in given.replace(",", "+").replace(" ", "+").split("+") if c])
    if isinstance(given, (list, tuple)):
        return len(given)
    return 0


def _spent(
    data: dict[str, Any],
    fighters: dict[str, Figures],
    found: BattleFigures,
    attack: tuple[str, str] | None,
    acting: tuple[str, int] | None,
) -> None:
    """A ``spend`` event (17.0): a player's payment (``player``), or, with no player, the
    defending player's during an attack (Mirrorshield, Barrier: the target's)."""
    cards = _cards(data.get("cards"))
    target = fighters.get(attack[1]) if attack is not None else None
    if "player" in data:
        player = int(data["player"]) - 1
    elif target is not None:
        player = target.seat
    else:
        return
    if 0 <= player < len(found.cards):
        found.cards[player] += cards
    payer = None
    if acting is not None and acting[1] == player:
        payer = acting[0]
    elif attack is not None and target is not None and target.seat == player:
        payer = attack[1]
    if payer in fighters:
        fighters[payer].cards_spent += cards
