"""Each fighter's figures in one battle, for balance sweeps: damage dealt and taken,
take-downs, out of action, spells cast, cards spent, objects carried.

Read from the fields of the battle's typed log lines (:mod:`.logbook`), never from the
sentences a person reads:

- damage taken from the ``damage`` lines' ``fighter`` and ``damage`` fields (18.5.3).
  Damage dealt and take-downs (the ``taken_down`` lines' ``fighter``) are the attacker's
  while an attack on that fighter is under way (from its ``attack`` line's ``attacker``
  and ``target`` to the next activation, phase or attack), and the target's when it is
  the attacker who is hurt (Mirrorshield's returned hits). Damage with no attack under
  way (poison, windburn, the Storm) is taken but dealt by nobody;
- out of action from the final state (a fighter not on the battlefield, 18.5.3), so a
  fighter revived counts as standing;
- spells cast and cards spent from the ``spend`` lines (17.0): each names the ``player``
  who paid (or, for a reaction spell paid inside an attack, the ``fighter`` whose player
  paid), the ``cards`` and the ``fighter`` paying; a line with a ``spell`` field is a spell
  cast by that fighter (actions' and reactions' spells alike: Haste, Blink, Barrier,
  Mirrorshield...). A payment that is not a spell (an attack's cost) counts its cards;
- objects carried from the ``pick_up`` lines (19.1) and the ``collect`` lines (Fragment
  Frenzy), each naming the ``fighter``.

A Clone's two twins (20.2, the ``clone`` line's ``twins``) count as the fighter cloned:
what either does is that fighter's, and it stands while either does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from skirmish.engine.logbook import LogLine, field_of
from skirmish.games.magewinds.battle.eventkinds import EventKind, kind_of

ATTACK_ENDS = frozenset(
    {
        EventKind.ACTIVATE,
        EventKind.ROUND,
        EventKind.PHASE,
        EventKind.PHASE_END,
        EventKind.COUNTERS_REMOVED,
        EventKind.STORM,
    }
)
"""Lines after which no attack is under way any more."""


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


def battle_figures(history: Any) -> BattleFigures:
    """The figures of the battle ``history`` played (see the module's note)."""
    final = history.state
    fighters: dict[str, Figures] = {}
    for band in final.setup.warbands:
        for name, profile in zip(band.names, band.profiles, strict=True):
            fighters[name] = Figures(band.player, profile.name)
    found = BattleFigures(fighters, [0] * len(final.setup.warbands))
    aliases: dict[str, str] = {}
    attack: tuple[str, str] | None = None
    for line in final.events():
        if kind_of(line) is EventKind.CLONE:
            origin = str(field_of(line, "target", ""))
            for twin in field_of(line, "twins", ()):
                aliases[twin] = aliases.get(origin, origin)
        attack = _count(line, _Named(found, aliases), attack)
    standing = {aliases.get(f.name, f.name) for f in final.on_battlefield()}
    for name, figures in fighters.items():
        figures.out_of_action = name not in standing
    return found


@dataclass
class _Named:
    """The figures, found by any name a fighter had: a Clone's twins (20.2) are both the
    fighter cloned, whose warband they fight for (ruling MB-45)."""

    found: BattleFigures
    aliases: dict[str, str]

    @property
    def cards(self) -> list[int]:
        return self.found.cards

    @property
    def fighters(self) -> dict[str, Figures]:
        return self.found.fighters

    def get(self, name: object) -> Figures | None:
        text = str(name or "")
        return self.found.fighters.get(self.aliases.get(text, text))


def _count(line: LogLine, found: _Named, attack: tuple[str, str] | None) -> tuple[str, str] | None:
    """One line counted; the attack (attacker, target) under way after it."""
    kind = kind_of(line)
    if kind in ATTACK_ENDS:
        return None
    if kind is EventKind.ATTACK:
        return str(field_of(line, "attacker", "")), str(field_of(line, "target", ""))
    if kind is EventKind.DAMAGE:
        hurt = str(field_of(line, "fighter", ""))
        amount = int(field_of(line, "damage", 0))
        taken = found.get(hurt)
        if taken is not None:
            taken.damage_taken += amount
        dealer = found.get(_dealer(attack, hurt))
        if dealer is not None:
            dealer.damage_dealt += amount
    elif kind is EventKind.TAKEN_DOWN:
        dealer = found.get(_dealer(attack, str(field_of(line, "fighter", ""))))
        if dealer is not None:
            dealer.takedowns += 1
    elif kind is EventKind.SPEND:
        _spent(line, found)
    elif kind in (EventKind.PICK_UP, EventKind.COLLECT):
        carrier = found.get(field_of(line, "fighter"))
        if carrier is not None:
            carrier.objects_carried += 1
    return attack


def _dealer(attack: tuple[str, str] | None, hurt: str) -> str | None:
    """Who dealt damage to ``hurt`` with the attack under way: the attacker to its target,
    the target to its attacker (Mirrorshield); None otherwise."""
    if attack is None:
        return None
    attacker, target = attack
    if hurt == target:
        return attacker
    if hurt == attacker:
        return target
    return None


def _spent(line: LogLine, found: _Named) -> None:
    """A ``spend`` line (17.0): the cards to the paying seat and fighter; a spell to its
    caster."""
    cards = field_of(line, "cards", ())
    count = len([c for c in cards.split("+") if c]) if isinstance(cards, str) else len(cards)
    payer = found.get(field_of(line, "fighter"))
    seat = field_of(line, "player")
    player = int(seat) - 1 if seat is not None else payer.seat if payer is not None else None
    if player is not None and 0 <= player < len(found.cards):
        found.cards[player] += count
    if payer is not None:
        payer.cards_spent += count
        if field_of(line, "spell"):
            payer.spells_cast += 1
