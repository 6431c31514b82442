"""A toy second game for the battle protocol: two fighters trading dice.

Each fighter starts with ``health``. On their turn a player picks ``strike`` (one die:
4 or more takes 1 health) or ``heavy`` (one die: a 6 takes 3 health); the die is a chance
event. A fighter at 0 health loses; after ``turns`` turns the battle is a draw. Nothing is
hidden. It is built on the engine's frame stack and log records (:mod:`skirmish.engine.stack`,
:mod:`skirmish.engine.logbook`), as Magewinds' battle is, and implements :class:`~skirmish.engine.battle.BattleState`,
:class:`~skirmish.engine.battle.BattleRules`, :class:`~skirmish.games.base.Battles`, the
computer players (:class:`~skirmish.ai.players.Computers`) and a simulation's settings,
and nothing more: the terminal, the record replay, the simulation and the look-ahead
search run it by the code they run Magewinds with.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Any

from skirmish.ai.lookahead import LookaheadPlayer
from skirmish.engine import stack
from skirmish.engine.battle import (
    Chance,
    End,
    Figures,
    History,
    IllegalAction,
    Node,
    Player,
    Record,
    Session,
    Turn,
    load_record,
    replay,
    to_record,
)
from skirmish.engine.logbook import BattleEvent
from skirmish.engine.stack import Frame, FrameStack, Log, dice_outcomes

GAME = "duel"
HIT = {"strike": (4, 1), "heavy": (6, 3)}
"""Each attack: the least die that hits, and the health it takes."""


class DuelKind(StrEnum):
    """What a line of the duel's log records."""

    TRY = "try"
    DIE = "die"


@dataclass(frozen=True)
class DuelAction:
    kind: str
    """``strike``, ``heavy`` or ``die``."""
    face: int = 0

    def __str__(self) -> str:
        return f"die {self.face}" if self.kind == "die" else self.kind


@dataclass(frozen=True)
class DuelSetup:
    health: int = 3
    turns: int = 30


@dataclass(frozen=True)
class Strikes(Frame["Duel"]):
    """The bottom of the stack: the player whose turn it is picks an attack."""

    def node(self, battle: Duel) -> Node:
        return Turn(battle.turn, "duel", "strike or heavy")

    def options(self, battle: Duel) -> tuple[str, ...]:
        return tuple(HIT)

    def act(self, battle: Duel, action: str) -> Duel:
        if action not in HIT:
            raise IllegalAction(f"pick strike or heavy, not {action!r}")
        said = battle.logged(DuelKind.TRY, "fighter {fighter} tries a {attack}", attack=action)
        return said.push(Roll(action))


@dataclass(frozen=True)
class Roll(Frame["Duel"]):
    """The die of ``attack``: chance acts, then the turn passes."""

    attack: str

    def node(self, battle: Duel) -> Node:
        return Chance(battle.turns, "duel", f"the {self.attack}'s die")

    def outcomes(self, battle: Duel) -> tuple[tuple[str, Fraction], ...]:
        return dice_outcomes("die", 1)

    def sample(self, battle: Duel, rng: Random) -> str:
        return f"die {rng.randint(1, 6)}"

    def chance(self, battle: Duel, action: str) -> Duel:
        if action not in dict(self.outcomes(battle)):
            raise IllegalAction(f"the die shows 1 to 6, not {action!r}")
        face = int(action.split()[1])
        least, damage = HIT[self.attack]
        foe = 1 - battle.turn
        health = list(battle.health)
        hit = face >= least
        if hit:
            health[foe] = max(0, health[foe] - damage)
        said = battle.logged(
            DuelKind.DIE,
            "die {face}: {result}",
            face=face,
            result=f"takes {damage}" if hit else "misses",
        )
        after = replace(said, health=(health[0], health[1]), turn=foe, turns=battle.turns + 1)
        return after.finish()


@dataclass(frozen=True)
class Duel(FrameStack):
    """The duel's state: a stack of frames (:mod:`skirmish.engine.stack`), its log the
    engine's (:mod:`skirmish.engine.logbook`)."""

    setup: DuelSetup
    health: tuple[int, int]
    turn: int = 0
    turns: int = 0
    frames: tuple[Frame[Duel], ...] = (Strikes(),)
    log: Log[BattleEvent] | None = None
    chances: int = 0
    result: End | None = None

    @property
    def attack(self) -> str | None:
        """The attack whose die is to be rolled."""
        top = self.frames[-1]
        return top.attack if isinstance(top, Roll) else None

    def ending(self) -> End | None:
        for seat in (0, 1):
            if self.health[seat] <= 0:
                return End(1 - seat, f"fighter {seat + 1} falls")
        if self.attack is None and self.turns >= self.setup.turns:
            return End(None, "time runs out")
        return None

    def ended(self, end: End) -> Duel:
        return replace(self, result=end)

    def logged(self, kind: DuelKind, sentence: str, **data: object) -> Duel:
        line = BattleEvent(kind, "duel", sentence, (("fighter", self.turn + 1), *data.items()))
        return replace(self, log=Log(line, self.log, (self.log.length if self.log else 0) + 1))

    def events(self) -> tuple[BattleEvent, ...]:
        return self.log.events() if self.log else ()

    def node(self) -> Node:
        return self.result or self.ending() or self.frames[-1].node(self)

    def legal_actions(self, player: int) -> tuple[DuelAction, ...]:
        node = self.node()
        if not isinstance(node, Turn) or node.player != player:
            return ()
        return tuple(map(self.parse_action, self.options()))

    def parse_action(self, text: str) -> DuelAction:
        word, _, face = text.strip().casefold().partition(" ")
        return DuelAction(word, int(face) if face.isdigit() else 0)

    def apply(self, action: DuelAction) -> Duel:
        node = self.node()
        if isinstance(node, End):
            raise IllegalAction(f"the duel is over: {node.reason}")
        if isinstance(node, Turn) and action not in self.legal_actions(node.player):
            raise IllegalAction(f"duel: {str(action)!r} is not strike or heavy")
        return self.acted(node, str(action))

    def sample_chance(self, rng: Random) -> DuelAction:
        return self.parse_action(self.frames[-1].sample(self, rng))

    def chance_outcomes(self) -> tuple[tuple[DuelAction, Fraction], ...]:
        if not isinstance(self.node(), Chance):
            return ()
        outcomes = self.frames[-1].outcomes(self)
        return tuple((self.parse_action(text), chance) for text, chance in outcomes)

    def view(self, player: int) -> dict[str, Any]:
        return {
            "player": player + 1,
            "health": list(self.health),
            "turn": self.turn,
            "attack": self.attack,
            "turns": self.turns,
            "frames": [frame.shown(self, player) for frame in self.frames],
        }

    def state_hash(self) -> str:
        return stack.state_hash({"state": [self.health, self.turn, self.attack, self.turns]})


FRAMES: dict[str, type[Frame[Duel]]] = {kind.__name__: kind for kind in (Strikes, Roll)}
"""The duel's frames by the name a view shows them under."""


class DuelRules:
    """The duel's :class:`~skirmish.engine.battle.BattleRules`."""

    game = GAME

    def start(self, setup: DuelSetup) -> Duel:
        return Duel(setup, (setup.health, setup.health))

    def setup_json(self, setup: DuelSetup) -> dict[str, Any]:
        return {"health": setup.health, "turns": setup.turns}

    def setup_from_json(self, data: Mapping[str, Any], *, source: str) -> DuelSetup:
        return DuelSetup(int(data["health"]), int(data["turns"]))

    def resample(self, setup: DuelSetup, view: Mapping[str, Any], rng: Random) -> Duel:
        """Nothing is hidden: the view is the whole state."""
        health = view["health"]
        duel = Duel(setup, (health[0], health[1]), view["turn"], view["turns"])
        shown = view["frames"]
        return replace(
            duel, frames=tuple(FRAMES[f["frame"]].rebuilt(duel, f, rng, None) for f in shown)
        )

    def evaluate(self, state: Duel, player: int) -> float:
        node = state.node()
        if isinstance(node, End):
            return 0.5 if node.winner is None else float(node.winner == player)
        mine, theirs = state.health[player], state.health[1 - player]
        return mine / (mine + theirs)

    def result(self, state: Duel) -> dict[str, Any]:
        node = state.node()
        assert isinstance(node, End)
        return {"winner": node.winner, "reason": node.reason}


RULES = DuelRules()


@dataclass(frozen=True)
class Option:
    action: Hashable
    text: str
    group: str = ""


class DuelBattles:
    """The duel at the terminal (:class:`~skirmish.games.base.Battles`)."""

    game = GAME
    computers = "duel:COMPUTERS"

    def start(self, options: Any) -> Session[Duel]:
        setup = DuelSetup()
        history = History.start(RULES.start(setup), options.seed)
        return Session(history, options.kinds, RULES.setup_json(setup), options.save, "duel")

    def replay(self, path: Path, *, step: int | None = None) -> tuple[Record, Duel]:
        record = load_record(path)
        setup = RULES.setup_from_json(record.setup, source=str(path))
        return record, replay(record, RULES.start(setup)).state

    def replay_json(self, record: Record, battle: Duel) -> dict[str, Any]:
        return {"game": GAME, "seed": record.seed, **RULES.result(battle)}

    def saved(self, session: Session[Duel]) -> str:
        state = session.history.state
        result = RULES.result(state) if isinstance(state.node(), End) else None
        return to_record(session.history, GAME, session.setup, session.kinds, result).dumps()

    def log(self, battle: Duel) -> Sequence[BattleEvent]:
        return battle.events()

    def title(self, battle: Duel) -> str:
        return f"turn {battle.turns + 1}"

    def result_text(self, battle: Duel) -> str:
        node = battle.node()
        assert isinstance(node, End)
        who = "a draw" if node.winner is None else f"player {node.winner + 1} wins"
        return f"{who}: {node.reason}"

    def status_rows(self, battle: Duel) -> list[dict[str, str]]:
        return [{"fighter": str(s + 1), "health": str(h)} for s, h in enumerate(battle.health)]

    def object_rows(self, battle: Duel) -> list[dict[str, str]]:
        return []

    def hand_text(self, battle: Duel, player: int) -> list[str]:
        return ["no cards in a duel"]

    def help_lines(self, battle: Duel, legal: tuple[Hashable, ...] | None = None) -> list[str]:
        return [f"{i}. {action}" for i, action in enumerate(legal or (), 1)]

    def pending_lines(self, battle: Duel, player: int) -> list[str]:
        return [f"health {battle.health[0]} against {battle.health[1]}"]


BATTLES = DuelBattles()


class DuelComputers:
    """``lookahead``: the generic search player, two decisions deep."""

    def computer(
        self, kind: str, setup: Any, seed: int, seat: int, *, clock: bool
    ) -> Player[Any] | None:
        if kind == "lookahead":
            return LookaheadPlayer(RULES, setup, seed, seat, depth=2)
        return None

    def simulated(self, kind: str) -> tuple[str, int]:
        return kind, 0

    def menu(self, battle: Duel, player: int, legal: tuple[Hashable, ...]) -> tuple[Option, ...]:
        return tuple(Option(action, str(action)) for action in legal)

    def hint_lines(self, battle: Duel, player: int, legal: tuple[Hashable, ...]) -> list[str]:
        return ["strike when the foe is low"]


COMPUTERS = DuelComputers()


class DuelSimulated:
    computers = BATTLES.computers

    def first_state(self, setup: DuelSetup) -> Duel:
        return RULES.start(setup)

    def figures(self, battle: Duel) -> Figures:
        return Figures(0, battle.turns, tuple(int(h > 0) for h in battle.health))


class DuelSettings:
    """A simulation's settings: every duel the same, whatever the warbands."""

    simulated = DuelSimulated()

    def setup(self, seed: int, warbands: Any = None, pack: Any = None) -> DuelSetup:
        return DuelSetup()

    def entries(self) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...], Any]:
        return (("Duelist",), ("Brawler",)), ("lookahead", "random"), None
