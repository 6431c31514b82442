"""The frozen state of a Magewinds battle and the stack of pending work it carries.

Everything that changes during a battle is here, in tuples and small frozen records, so
that a new state shares all it does not change with the old one (copying is cheap, which
undo, replay and search rely on). What never changes (scenario, warbands, battlefield,
pack, options) is the shared :class:`~skirmish.games.magewinds.battle.setup.Setup`.

Pending work is a stack of :class:`Frame` records: the phase of the round at the bottom,
then an activation, an attack, a step move, a casting window... The top frame says what
happens next. A frame's ``advance`` does the work that needs no decision; ``act`` and
``chance`` take a player's action or a chance outcome.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from random import Random
from typing import TYPE_CHECKING, Any

from skirmish.engine import stack
from skirmish.engine.battle import Action, Chance, End, IllegalAction, Node, Turn
from skirmish.engine.logbook import BattleEvent, LogLine
from skirmish.engine.stack import FrameStack
from skirmish.fastpaths import OFFERS, fast, replaced
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.hooks import ABILITIES, VIEWS
from skirmish.games.magewinds.battle.points import POSITION_DIGITS as POSITION_DIGITS
from skirmish.games.magewinds.battle.points import Point as Point
from skirmish.games.magewinds.battle.points import rounded as rounded

if TYPE_CHECKING:
    from skirmish.games.magewinds.battle.grammar import BattleAction
    from skirmish.games.magewinds.battle.setup import Setup


class Phase(StrEnum):
    """10.0 setup, then the three phases of every round (11.0)."""

    SETUP = "setup"
    DEPLOYMENT = "deployment"
    CHANNELLING = "channelling"
    ACTION = "action"
    END = "end"
    OVER = "over"


class Status(StrEnum):
    """Where a fighter is: waiting to deploy, on the battlefield, or out of action (4.4)."""

    RESERVE = "not deployed"
    ON_BATTLEFIELD = "on the battlefield"
    OUT_OF_ACTION = "out of action"
    ESCAPED = "escaped"
    """Left the battlefield by Hold the Line's Escape action: not out of action."""


@dataclass(frozen=True, slots=True)
class Fighter:
    """A fighter in the battle: where it is, its damage (9.2), action counters (9.1) and
    what is on it. ``effects`` are spells that last until the Action Phase ends."""

    name: str
    profile: str
    player: int
    status: Status = Status.RESERVE
    at: Point | None = None
    damage: int = 0
    counters: int = 0
    guarding: bool = False
    effects: frozenset[str] = frozenset()
    poisoned: bool = False
    carrying: tuple[str, ...] = ()

    @property
    def on_battlefield(self) -> bool:
        return self.status is Status.ON_BATTLEFIELD

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "profile": self.profile,
            "player": self.player + 1,
            "status": self.status.value,
            "at": list(self.at) if self.at else None,
            "damage": self.damage,
            "counters": self.counters,
            "guarding": self.guarding,
            "effects": sorted(self.effects),
            "poisoned": self.poisoned,
            "carrying": list(self.carrying),
        }


@dataclass(frozen=True, slots=True)
class Item:
    """An object (0.8.3, 19.0): on the battlefield at ``at``, or carried by a fighter."""

    name: str
    at: Point | None
    carriable: bool = False
    moveable: bool = False
    carried_by: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "at": list(self.at) if self.at else None,
            "carriable": self.carriable,
            "moveable": self.moveable,
            "carried_by": self.carried_by,
        }


@dataclass(frozen=True, slots=True)
class Mark:
    """What a fighter's ability leaves on the battle until it ends (9.4 markers, spells
    lasting until a fighter's next action, secret notes): ``key`` names the ability, ``owner``
    the fighter that used it, ``target`` the fighter it is on. A secret note is seen by
    ``seen_by`` alone; the others see that it exists, not what it says."""

    key: str
    owner: str
    target: str = ""
    at: Point | None = None
    detail: str = ""
    seen_by: int | None = None

    def as_dict(self, player: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "owner": self.owner}
        if self.seen_by is not None and player is not None and player != self.seen_by:
            data["secret"] = True
            return data
        if self.target:
            data["target"] = self.target
        if self.at is not None:
            data["at"] = list(self.at)
        if self.detail:
            data["detail"] = self.detail
        if self.seen_by is not None:
            data["seen_by"] = self.seen_by + 1
        return data


MARKER = "marker"
"""The key of a scenario's marker placed on the battlefield (Fragment Frenzy v1.3.0's
fragments): a mark of no fighter, named by its ``detail``."""


class Frame(stack.Frame["Battle"]):
    """Pending work in a Magewinds battle (:class:`skirmish.engine.stack.Frame`).
    Subclasses are frozen dataclasses; the top of the stack acts."""

    def dealing_poison(self) -> bool:
        """Whether this frame is dealing the poison damage of one moment (1.2, 13.5;
        ruling MB-33)."""
        return False

    @classmethod
    def named_by_seat(cls, data: stack.Shown) -> list[tuple[int, str]]:
        """The answers a view of this frame (``data``, :meth:`shown`) shows each player
        gave, by seat: a battle rebuilt from the view reads the cards a payment named
        among them as still in that hand. None by default."""
        return []


Log = stack.Log[LogLine]
"""The battle's log (:class:`skirmish.engine.stack.Log`): its lines are
:class:`.logbook.BattleEvent` records and the attack procedure's own records, as they
are."""
dice_outcomes = stack.dice_outcomes

_LEGAL = "legal actions"
_NODE = "node"
"""The key the top frame's options as records (:mod:`.grammar`) are remembered under, read
once per state (:meth:`Battle.remembered`)."""


@dataclass(frozen=True, slots=True, eq=False, weakref_slot=True)
class Battle(FrameStack):
    """A Magewinds battle at one moment. Never changed: every step returns a new one.

    Two states are compared by their :meth:`state_hash`; ``==`` is identity.
    """

    setup: Setup = field(repr=False)
    frames: tuple[Frame, ...]
    fighters: tuple[Fighter, ...]
    hands: tuple[tuple[str, ...], ...]
    known: tuple[frozenset[str], ...]
    """Cards in each hand that every player saw taken from the face-up row (12.0)."""
    deck: tuple[str, ...]
    """The face-down deck, in card order: its order is never known to anyone, because each
    card drawn from it is a chance event over the cards it holds (10.4, 12.0, 12.1)."""
    face_up: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    items: tuple[Item, ...] = ()
    phase: Phase = Phase.SETUP
    round: int = 0
    first: int | None = None
    """The seat that won the setup roll-off: the scenario's Player 1."""
    territories: tuple[str, ...] = ()
    deployed: tuple[int, ...] = ()
    """Players in the order they finished deploying (12.0 turn order in round 1)."""
    channel_passes: tuple[int, ...] = ()
    action_passes: tuple[int, ...] = ()
    """Players in the order they passed in the latest Channelling and Action Phases."""
    energized: frozenset[int] = frozenset()
    """Players whose warband cast Energize this Action Phase."""
    auras: tuple[tuple[str, str], ...] = ()
    """Spells in effect around a fighter this Action Phase: (spell key, caster)."""
    tally: tuple[tuple[str, int, int], ...] = ()
    """What a scenario counts, as (what, player, round): fragments collected, enemies taken
    out of action."""
    marks: tuple[Mark, ...] = ()
    """What the fighters' abilities left on the battle (see :mod:`.abilities`), and the
    scenario's markers (:data:`MARKER`)."""
    chances: int = 0
    log: Log | None = None
    result: End | None = None
    derived: dict[Hashable, Any] | None = field(default=None, init=False, repr=False, compare=False)
    """What the fast paths worked out about this state (see :mod:`.fastpaths`); never part
    of the state, and never copied to the next one."""

    # -- the battle protocol -------------------------------------------------------------

    def node(self) -> Node:
        """Whose decision it is, or chance's, or the end; on the fast path (part
        ``OFFERS``) worked out once for the state (a step asks it several times)."""
        if self.result is not None:
            return self.result
        if fast(OFFERS):
            return self.remembered(_NODE, lambda: self.frames[-1].node(self))
        return self.frames[-1].node(self)

    def legal_actions(self, player: int) -> tuple[BattleAction, ...]:
        """The records of the actions ``player`` may take now (:mod:`.grammar`), in the
        order the top frame offers them; ``str()`` of each is its text form."""
        node = self.node()
        if not isinstance(node, Turn) or node.player != player:
            return ()
        from skirmish.games.magewinds.battle.grammar import legal

        return self.remembered(_LEGAL, lambda: legal(self))

    def draw_legal(self, player: int, rng: Random) -> BattleAction:
        """One of the legal actions of ``player`` drawn uniformly with ``rng``, as
        ``rng.choice(self.legal_actions(player))`` draws, without judging them all where
        the top frame makes an offer (:meth:`.stack.FrameStack.drawn`); the record is the
        one ``legal_actions`` would give."""
        node = self.node()
        if not isinstance(node, Turn) or node.player != player:
            raise IllegalAction(f"player {player + 1} has no decision to make now")
        from skirmish.games.magewinds.battle.grammar import records

        return records(self, (self.drawn(rng),))[0]

    def parse_action(self, text: str) -> BattleAction:
        """The record ``text`` writes, read against this battle's names (the edge: a
        person's answer, a record's step); :meth:`apply` judges it."""
        from skirmish.games.magewinds.battle.grammar import Names, read

        return read(" ".join(text.split()), Names.of(self))

    def apply(self, action: BattleAction | Action) -> Battle:
        """The state after ``action``: a record (:mod:`.grammar`), or its text (read the
        same way; tests and scripts write actions as a person types them)."""
        node = self.node()
        if isinstance(node, End):
            raise IllegalAction(f"the battle is over: {node.reason}")
        return self.acted(node, " ".join(str(action).split()))

    def sample_chance(self, rng: Random) -> BattleAction:
        return self.parse_action(self.frames[-1].sample(self, rng))

    def chance_outcomes(self) -> tuple[tuple[BattleAction, Fraction], ...]:
        """Every outcome of the pending chance event with its exact probability: each
        card the face-down deck may give (12.0), each ordered roll of the dice."""
        node = self.node()
        if not isinstance(node, Chance):
            return ()
        return tuple(
            (self.parse_action(text), chance) for text, chance in self.frames[-1].outcomes(self)
        )

    def view(self, player: int) -> dict[str, Any]:
        return VIEWS.view(self, player)

    def state_hash(self) -> str:
        return stack.state_hash(self.as_dict())

    # -- helpers the rules use -----------------------------------------------------------

    def ending(self) -> End | None:
        """The scenario's end condition (14.0), checked before each piece of work."""
        return self.setup.scenario.ends_now(self)

    def ended(self, end: End) -> Battle:
        battle = self.logged("14.0", EventKind.END, "the battle ends: {reason}", reason=end.reason)
        return replaced(battle, result=end, phase=Phase.OVER, frames=battle.frames[:1])

    def logged(
        self,
        rule: str,
        kind: EventKind,
        sentence: str,
        *,
        seen_by: int | None = None,
        words: dict[str, Any] | None = None,
        **data: Any,
    ) -> Battle:
        """The battle with one more line in its log: a :class:`.logbook.BattleEvent` of
        ``kind`` under ``rule``, its fields ``data`` (and ``words``, the parts of the
        sentence no program needs), rendered through ``sentence`` when read."""
        entry = BattleEvent(
            kind,
            rule,
            sentence,
            tuple(data.items()),
            tuple(words.items()) if words else (),
            seen_by,
        )
        length = self.log.length + 1 if self.log else 1
        return replaced(self, log=stack.Log(entry, self.log, length))

    def with_events(self, events: tuple[LogLine, ...]) -> Battle:
        return replaced(self, log=stack.Log.extended(self.log, events))

    def events(self) -> tuple[LogLine, ...]:
        return self.log.events() if self.log else ()

    def fighter(self, name: str) -> Fighter:
        for fighter in self.fighters:
            if fighter.name == name:
                return fighter
        raise IllegalAction(f"no fighter called {name!r} in this battle")

    def find_fighter(self, text: str) -> Fighter:
        """The fighter a player named (any case); an error lists the names."""
        wanted = text.strip().casefold()
        for fighter in self.fighters:
            if fighter.name.casefold() == wanted:
                return fighter
        names = ", ".join(f.name for f in self.fighters)
        raise IllegalAction(f"no fighter called {text.strip()!r}; fighters: {names}")

    def controller(self, fighter: Fighter) -> int:
        """The player who decides for ``fighter`` and pays for its spells (17.0): its own,
        or the one an ability gives it to (Charm, Witch v1.4.0, ruling MB-41)."""
        taken = ABILITIES.controller(self, fighter) if self.marks else None
        return fighter.player if taken is None else taken

    def with_fighter(self, fighter: Fighter) -> Battle:
        fighters = tuple(fighter if f.name == fighter.name else f for f in self.fighters)
        return replaced(self, fighters=fighters)

    def item(self, name: str) -> Item:
        for item in self.items:
            if item.name.casefold() == name.strip().casefold():
                return item
        raise IllegalAction(f"no object called {name.strip()!r}")

    def with_item(self, item: Item) -> Battle:
        return replaced(self, items=tuple(item if i.name == item.name else i for i in self.items))

    def on_battlefield(self, player: int | None = None) -> Iterator[Fighter]:
        """4.4: only fighters on the battlefield take part; optionally one player's."""
        for fighter in self.fighters:
            if fighter.on_battlefield and (player is None or fighter.player == player):
                yield fighter

    def with_hand(self, player: int, hand: tuple[str, ...]) -> Battle:
        hands = tuple(hand if i == player else h for i, h in enumerate(self.hands))
        known = tuple(k & frozenset(hand) if i == player else k for i, k in enumerate(self.known))
        return replaced(self, hands=hands, known=known)

    def spend(
        self,
        player: int,
        cards: tuple[str, ...],
        why: str,
        *,
        quiet: bool = False,
        fighter: str | None = None,
        spell: str | None = None,
    ) -> Battle:
        """17.0: spend cards by discarding them from the hand (face up, for all to see);
        ``quiet`` when the attack's own log already says so. The ``spend`` line names the
        ``fighter`` who pays and, for a spell, the ``spell`` (its caster being the
        ``fighter``)."""
        if not cards:
            return self
        hand = self.hands[player]
        missing = [c for c in cards if c not in hand]
        if missing:
            raise IllegalAction(f"17.0: {', '.join(missing)} not in player {player + 1}'s hand")
        battle = self.with_hand(player, tuple(c for c in hand if c not in cards))
        battle = replaced(battle, discard=battle.discard + tuple(cards))
        if quiet:
            return battle
        paid: dict[str, Any] = {"player": player + 1, "cards": cards}
        if fighter is not None:
            paid["fighter"] = fighter
        if spell is not None:
            paid["spell"] = spell
        return battle.logged(
            "17.0",
            EventKind.SPEND,
            "player {player} discards {cards:plus} for {why}",
            words={"why": why},
            **paid,
        )

    @property
    def players(self) -> int:
        return len(self.hands)

    def counted(self, what: str, player: int, round_: int | None = None) -> int:
        """How many ``what`` the scenario counted for ``player`` (in round ``round_``)."""
        return sum(
            1
            for kind, who, when in self.tally
            if kind == what and who == player and (round_ is None or when == round_)
        )

    def as_dict(self) -> dict[str, Any]:
        """Everything in the state (for the hash and the replay's final state)."""
        found = self._as_dict()
        if self.tally:
            found["tally"] = [[kind, who + 1, when] for kind, who, when in self.tally]
        return found

    def _as_dict(self) -> dict[str, Any]:
        return {
            "phase": self.phase.value,
            "round": self.round,
            "first": None if self.first is None else self.first + 1,
            "territories": list(self.territories),
            "fighters": [f.as_dict() for f in self.fighters],
            "hands": [list(h) for h in self.hands],
            "known": [sorted(k) for k in self.known],
            "deck": list(self.deck),
            "face_up": list(self.face_up),
            "discard": list(self.discard),
            "items": [i.as_dict() for i in self.items],
            "deployed": [p + 1 for p in self.deployed],
            "channel_passes": [p + 1 for p in self.channel_passes],
            "action_passes": [p + 1 for p in self.action_passes],
            "energized": sorted(p + 1 for p in self.energized),
            "auras": [list(a) for a in self.auras],
            **({"marks": [m.as_dict() for m in self.marks]} if self.marks else {}),
            "chances": self.chances,
            "pending": [frame.summary(self, None) for frame in self.frames],
            "result": None
            if self.result is None
            else {
                "winner": None if self.result.winner is None else self.result.winner + 1,
                "reason": self.result.reason,
            },
        }
