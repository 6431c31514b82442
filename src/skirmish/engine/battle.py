"""Battles: a whole game as an immutable state machine, played, recorded and replayed.

A battle state never changes; ``apply(action)`` returns a new one. ``node()`` says what
happens next: a player's :class:`Turn`, a :class:`Chance` event, or the :class:`End`.
Actions are the game's own records (Magewinds' ``BattleAction``), each with exactly one
text form (``str(action)``: ``"activate Wizard"``, ``"dice 3 1 6"``) that a person types
and a record stores; ``parse_action`` reads the text back at the edge. Computer players
choose among the records ``legal_actions`` gives. The protocol every game's battle
implements is :class:`BattleState` with its game's :class:`BattleRules`
(``docs/protocol.md``).

Chance event number k is drawn from a generator seeded by (seed, k) alone, never from a
stream shared across events: the same record replays identically, and taking back a
decision cannot change a die rolled after it. Players only ever see ``view(player)``.

>>> chance_rng(7, 3).random() == chance_rng(7, 3).random()
True
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Annotated, Any, Generic, Protocol, Self, TypeVar

import pydantic

from skirmish import limits
from skirmish.datafiles import Name, StrictModel, read_json, validated
from skirmish.errors import DataError, SkirmishError

Action = str
"""An action's text form: what a person types and a record keeps (one per action)."""
RECORD_FORMAT = "skirmish battle record"
RECORD_VERSION = 1
MAX_SEED = 2**63 - 1


class IllegalAction(SkirmishError):
    """An action the rules do not allow now; the message names the rule."""


class RecordError(SkirmishError):
    """A battle record that cannot be replayed: the step and the rule it breaks."""


@dataclass(frozen=True)
class Turn:
    """A player's decision: ``player`` picks one action under ``rule``.

    ``hidden`` marks a choice made face down: its answer is not shown to others.
    """

    player: int
    rule: str
    prompt: str
    hidden: bool = False


@dataclass(frozen=True)
class Chance:
    """Chance acts: event number ``index`` (a die roll, a card drawn) under ``rule``."""

    index: int
    rule: str
    label: str


@dataclass(frozen=True)
class End:
    """The battle is over: the winning player, or None for a draw, and why."""

    winner: int | None
    reason: str


Node = Turn | Chance | End

A = TypeVar("A", bound=Hashable)
"""A game's action record (frozen, hashable, ``str()`` its one text form)."""


class BattleState(Protocol[A]):
    """What every game's battle state answers: the protocol of :mod:`skirmish.engine.battle`.

    ``A`` is the game's action record. States never change: ``apply`` returns a new one.
    """

    @property
    def setup(self) -> Any:
        """What the battle was started from (computer players are made for it)."""
        ...

    def node(self) -> Node:
        """Whose decision it is, or that chance acts, or that the battle is over."""
        ...

    def legal_actions(self, player: int) -> tuple[A, ...]:
        """A finite set of legal actions for ``player`` now (empty when not their turn).

        Where the rules allow a continuum (a position on the table), this is a documented
        representative set; :meth:`apply` accepts any legal action a person types.
        """
        ...

    def apply(self, action: A) -> Self:
        """The state after ``action``; an illegal action raises :class:`IllegalAction`."""
        ...

    def parse_action(self, text: str) -> A:
        """The record ``text`` writes (the edge: a person's answer, a record's step). Text
        no action of the game reads may give a record that :meth:`apply` refuses."""
        ...

    def sample_chance(self, rng: Random) -> A:
        """The action of the current chance event, drawn with ``rng``."""
        ...

    def chance_outcomes(self) -> tuple[tuple[A, Fraction], ...]:
        """Every outcome of the current chance event with its exact probability (they sum
        to 1); :meth:`sample_chance` draws from this distribution."""
        ...

    def view(self, player: int) -> Mapping[str, Any]:
        """Everything ``player`` may know, and nothing else (JSON-ready)."""
        ...

    def state_hash(self) -> str:
        """A hash of the whole state, equal for equal states in any process."""
        ...


StateT = TypeVar("StateT", bound=BattleState[Any])
SetupT = TypeVar("SetupT")


class BattleRules(Protocol[SetupT, StateT]):
    """What a game's battle is, beyond one state: how it starts, how a computer player
    pictures what it cannot see, and how it values a state. The engine's players, the
    record replay and the simulations ask only this and :class:`BattleState`."""

    game: str
    """The game's name, as records and ``skirmish play GAME`` write it."""

    def start(self, setup: SetupT) -> StateT:
        """The battle's first state from its setup (before any chance or decision)."""
        ...

    def setup_json(self, setup: SetupT) -> dict[str, Any]:
        """The setup as a record keeps it (JSON-ready); :meth:`setup_from_json` reads it."""
        ...

    def setup_from_json(self, data: Mapping[str, Any], *, source: str) -> SetupT:
        """The setup a record kept (checked: bad data raises naming ``source``)."""
        ...

    def resample(self, setup: SetupT, view: Mapping[str, Any], rng: Random) -> StateT:
        """A full state of a battle of ``setup`` consistent with ``view``, everything one
        player has seen: what is hidden from them (cards in other hands, face-down
        choices, the deck) drawn with ``rng``. A computer player searches such states."""
        ...

    def evaluate(self, state: StateT, player: int) -> float:
        """How good ``state`` is for ``player`` (higher is better; a won battle scores
        above any other): the value of a computer player's search leaf."""
        ...

    def result(self, state: StateT) -> dict[str, Any]:
        """What ``play``, ``replay`` and ``simulate`` say of a finished battle (JSON-ready:
        at least ``winner``, a seat or None, and ``reason``)."""
        ...


class LogLine(Protocol):
    """One line of a battle's log as a terminal or a page shows it: the rule, the text a
    person reads, and the one player who alone may see it (None: everyone)."""

    @property
    def rule(self) -> str: ...

    @property
    def text(self) -> str: ...

    @property
    def seen_by(self) -> int | None: ...


def seen(line: LogLine, player: int | None) -> bool:
    """Whether ``player`` (from 0; None for a spectator) may see ``line``: every player
    sees a public line, and only its own player a private one. The one rule of a log's
    hidden lines, for views and for the terminal alike."""
    return line.seen_by is None or line.seen_by == player


def check(state: BattleState[A], action: A) -> None:
    """Raise :class:`IllegalAction` naming the rule if ``action`` is illegal now."""
    state.apply(action)


def chance_rng(seed: int, index: int) -> Random:
    """The generator of chance event ``index`` in a battle played with ``seed``."""
    return Random(f"skirmish battle {seed} chance {index}")


def check_seed(seed: int) -> int:
    """A seed must be a whole number from 0 to 2**63 - 1."""
    if not 0 <= seed <= MAX_SEED:
        raise SkirmishError(f"seed {seed}: expected a whole number from 0 to {MAX_SEED}")
    return seed


@dataclass(frozen=True)
class Step:
    """One step of a battle: a player's action (``player``) or chance event ``chance``."""

    action: Action
    player: int | None = None
    chance: int | None = None
    hidden: bool = False

    def as_dict(self) -> dict[str, Any]:
        if self.player is None:
            return {"chance": self.chance, "action": self.action}
        data: dict[str, Any] = {"player": self.player, "action": self.action}
        if self.hidden:
            data["hidden"] = True
        return data


class LazyView(Mapping[str, Any]):
    """A player's view, built from ``view(player)`` only when first read (a computer player
    that does not read it costs nothing)."""

    def __init__(self, state: BattleState[Any], player: int) -> None:
        self._state = state
        self._player = player
        self._data: Mapping[str, Any] | None = None

    def _built(self) -> Mapping[str, Any]:
        if self._data is None:
            self._data = self._state.view(self._player)
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._built()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._built())

    def __len__(self) -> int:
        return len(self._built())


class Player(Protocol[A]):
    """A person or a computer player: answers from a view and the legal actions only."""

    def act(self, view: Mapping[str, Any], legal: tuple[A, ...]) -> A: ...


class LegalActions(Sequence[A]):
    """The legal actions of ``player`` at ``state``, listed (``legal_actions``) only when
    first read; :meth:`draw` draws one uniformly without listing them where the state can
    (its ``draw_legal``: candidates visited in a random order, the first legal taken)."""

    def __init__(self, state: BattleState[A], player: int) -> None:
        self._state = state
        self._player = player
        self._listed: tuple[A, ...] | None = None

    def _all(self) -> tuple[A, ...]:
        if self._listed is None:
            self._listed = self._state.legal_actions(self._player)
        return self._listed

    def __getitem__(self, index: Any) -> Any:
        return self._all()[index]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[A]:
        return iter(self._all())

    def draw(self, rng: Random) -> A:
        """One legal action drawn uniformly with ``rng`` (as ``rng.choice(legal)`` would
        be); a state without ``draw_legal`` draws among the listed actions."""
        draw_legal: Callable[[int, Random], A] | None = getattr(self._state, "draw_legal", None)
        if draw_legal is None or self._listed is not None:
            if not self._all():
                raise SkirmishError("the random player was offered no legal action")
            return rng.choice(self._all())
        return draw_legal(self._player, rng)


class RandomPlayer:
    """Picks uniformly among the legal actions, with its own seeded generator.

    ``drawn=True``: handed the legal actions unlisted (:class:`LegalActions`, as
    :func:`play_out` hands them to a player that :attr:`draws`), it draws one without
    judging them all (:mod:`skirmish.engine.drawing`): the same distribution, far less
    work, but another battle from the same seed. The default lists them and picks with
    ``rng.choice``, so the golden battles, the fuzz's kept rows and every seed quoted
    elsewhere replay as they were (``docs/players.md``)."""

    def __init__(self, seed: int, seat: int, *, drawn: bool = False) -> None:
        self._rng = Random(f"skirmish random player {seed} seat {seat}")
        self.draws = drawn

    def act(self, view: Mapping[str, Any], legal: Sequence[A]) -> A:
        if self.draws and isinstance(legal, LegalActions):
            drawn: A = legal.draw(self._rng)
            return drawn
        if not legal:
            raise SkirmishError("the random player was offered no legal action")
        return self._rng.choice(legal)


@dataclass
class History(Generic[StateT]):
    """A battle in progress: every state and step so far, with take-backs (1.1).

    A player may take back their own most recent decision as long as nothing has happened
    since that cannot be taken back: a chance event (a die rolled, a card drawn face down)
    or another player's decision (which may also have revealed a face-down choice).
    """

    seed: int
    states: list[StateT]
    steps: list[Step] = field(default_factory=list)

    @classmethod
    def start(cls, state: StateT, seed: int) -> History[StateT]:
        return cls(check_seed(seed), [state])

    @property
    def state(self) -> StateT:
        return self.states[-1]

    def act(self, action: Hashable) -> StateT:
        """The player whose turn it is takes ``action``, a record of the game's (checked);
        a text (a person's answer, a record's step) is read by ``parse_action`` first."""
        node = self.state.node()
        if not isinstance(node, Turn):
            raise IllegalAction(f"no player is to act now ({_describe(node)})")
        if isinstance(action, str):
            action = self.state.parse_action(action.strip())
        self.states.append(self.state.apply(action))
        self.steps.append(Step(str(action), player=node.player, hidden=node.hidden))
        return self.state

    def roll(self) -> StateT:
        """Chance acts: event k is drawn from the generator seeded by (seed, k)."""
        node = self.state.node()
        if not isinstance(node, Chance):
            raise IllegalAction(f"chance does not act now ({_describe(node)})")
        action = self.state.sample_chance(chance_rng(self.seed, node.index))
        self.states.append(self.state.apply(action))
        self.steps.append(Step(str(action), chance=node.index))
        return self.state

    def undo(self, player: int) -> Step:
        """1.1 Take-backs: ``player`` takes back their latest decision, if nothing since
        is a commit point. Returns the step taken back."""
        if not self.steps:
            raise IllegalAction("1.1: nothing to take back yet")
        last = self.steps[-1]
        if last.player is None:
            raise IllegalAction(
                f"1.1: cannot take back past a chance event ({last.action}): "
                "the dice are rolled or the card is seen"
            )
        if last.player != player:
            raise IllegalAction(
                f"1.1: cannot take back past another player's decision ({last.action})"
            )
        self.steps.pop()
        self.states.pop()
        return last


@dataclass(frozen=True)
class Figures:
    """What a simulation (:mod:`skirmish.ai.simulate`) counts of one finished battle, by
    seat: the seat that was the scenario's Player 1 (None when none was), the rounds
    played, and each seat's fighters still standing."""

    player_one: int | None
    rounds: int
    survivors: tuple[int, ...]


@dataclass
class Session(Generic[StateT]):
    """A battle being played: its history, who plays each seat (``human``, ``random``,
    a game's computer player), the setup as its record keeps it, where to save, a line to
    show first, and how many log lines have been shown."""

    history: History[StateT]
    kinds: tuple[str, ...]
    setup: dict[str, Any]
    save: Path | None
    heading: str
    shown: int = 0


def _describe(node: Node) -> str:
    if isinstance(node, Turn):
        return f"player {node.player + 1} decides under {node.rule}"
    if isinstance(node, Chance):
        return f"chance event {node.index}: {node.label}"
    return f"the battle is over: {node.reason}"


def play_out(
    history: History[Any],
    players: Sequence[Player[Any]],
    *,
    max_steps: int = limits.BATTLE_STEPS.maximum,
    after_step: Callable[[History[Any]], None] | None = None,
) -> End:
    """Play until the end: chance from the seed, decisions by ``players`` (by seat). A
    player whose ``draws`` is true is handed the legal actions unlisted
    (:class:`LegalActions`), the others their tuple."""
    for _ in range(max_steps):
        node = history.state.node()
        if isinstance(node, End):
            return node
        if isinstance(node, Chance):
            history.roll()
        else:
            state = history.state
            player = players[node.player]
            legal: Sequence[Any] = (
                LegalActions(state, node.player)
                if getattr(player, "draws", False)
                else state.legal_actions(node.player)
            )
            history.act(player.act(LazyView(state, node.player), legal))
        if after_step is not None:
            after_step(history)
    raise SkirmishError(f"the battle did not end within {max_steps} steps")


@dataclass(frozen=True)
class Record:
    """One format for saves, replays and golden files: everything needed to replay."""

    game: str
    setup: Mapping[str, Any]
    seed: int
    players: tuple[str, ...]
    steps: tuple[Step, ...]
    final_hash: str | None = None
    result: Mapping[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "setup": dict(self.setup),
            "seed": self.seed,
            "players": list(self.players),
            "steps": [step.as_dict() for step in self.steps],
            "final_hash": self.final_hash,
        }
        if self.result is not None:
            data["result"] = dict(self.result)
        return data

    def dumps(self) -> str:
        return json.dumps(self.as_dict(), indent=1) + "\n"


MAX_PLAYERS = 8
ACTION_TEXT = 500
"""Characters in one action: the longest a battle offers is under 100."""


class _StepModel(StrictModel):
    action: str = pydantic.Field(min_length=1, max_length=ACTION_TEXT)
    player: Annotated[int, pydantic.Field(ge=0, lt=MAX_PLAYERS)] | None = None
    chance: Annotated[int, pydantic.Field(ge=0, le=limits.BATTLE_STEPS.maximum)] | None = None
    hidden: bool = False


class _RecordModel(StrictModel):
    format: str
    version: int
    game: Name
    setup: dict[str, Any]
    seed: Annotated[int, pydantic.Field(ge=0, le=MAX_SEED)]
    players: Annotated[tuple[Name, ...], pydantic.Field(max_length=MAX_PLAYERS)]
    steps: Annotated[tuple[_StepModel, ...], limits.BATTLE_STEPS.length()]
    final_hash: Annotated[str, pydantic.Field(max_length=64)] | None = None
    result: dict[str, Any] | None = None


def parse_record(data: object, *, source: str) -> Record:
    """Validate parsed JSON as a battle record."""
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise DataError(f"{source}: not a skirmish battle record (no format {RECORD_FORMAT!r})")
    model = validated(_RecordModel, data, source)
    if model.version != RECORD_VERSION:
        raise DataError(f"{source}: record version {model.version}; this skirmish reads 1")
    for number, step in enumerate(model.steps, 1):
        if (step.player is None) == (step.chance is None):
            raise DataError(f"{source}: step {number} needs a player or a chance index, not both")
    steps = tuple(Step(s.action, s.player, s.chance, s.hidden) for s in model.steps)
    return Record(
        model.game,
        model.setup,
        model.seed,
        model.players,
        steps,
        model.final_hash,
        model.result,
    )


def load_record(path: str | Path) -> Record:
    """Read a battle record (JSON) from a file, with the limits of every data file
    (:func:`~skirmish.datafiles.read_json`) and :data:`~skirmish.limits.RECORD_BYTES`."""
    data, source = read_json(path, "battle record", most=limits.RECORD_BYTES)
    return parse_record(data, source=source)


def replay(record: Record, start: StateT) -> History[StateT]:
    """Replay ``record`` from ``start`` through ``apply``, refusing any illegal step.

    Each chance step must be what the seed gives for that event; the final state's hash
    must match the record's.
    """
    history = History.start(start, record.seed)
    for number, step in enumerate(record.steps, 1):
        node = history.state.node()
        try:
            if isinstance(node, End):
                raise RecordError(f"the battle is already over: {node.reason}")
            if isinstance(node, Chance):
                if step.player is not None:
                    raise RecordError(
                        f"chance acts here ({node.label}), not player {step.player + 1}"
                    )
                expected = history.state.sample_chance(chance_rng(record.seed, node.index))
                if step.action != str(expected) or step.chance != node.index:
                    raise RecordError(
                        f"chance event {node.index} ({node.label}) is {str(expected)!r} with seed "
                        f"{record.seed}, but the record says {step.action!r}"
                    )
                history.roll()
            else:
                if step.player != node.player:
                    who = "chance" if step.player is None else f"player {step.player + 1}"
                    raise RecordError(
                        f"player {node.player + 1} decides here under {node.rule}, not {who}"
                    )
                history.act(step.action)
        except SkirmishError as error:
            raise RecordError(f"step {number} ({step.action!r}): {error}") from None
    if record.final_hash is not None and history.state.state_hash() != record.final_hash:
        raise RecordError(
            "the replayed battle does not reach the recorded final state (hash differs): "
            "the record was changed or made by another version"
        )
    return history


def check_save_path(path: Path, label: str, example: str = "battle.json") -> Path:
    """A battle record (or another file, such as ``example``) can be written at ``path``:
    a file (new or not) in a folder that exists and may be written to. Checked before a
    battle starts, so no battle is played and then lost."""
    if path.is_dir():
        raise SkirmishError(f"{label} {path}: is a directory; name a file such as {example}")
    folder = path.parent
    if not folder.is_dir():
        raise SkirmishError(f"{label} {path}: folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise SkirmishError(f"{label} {path}: cannot write there (permission denied)")
    return path


def to_record(
    history: History[Any],
    game: str,
    setup: Mapping[str, Any],
    players: Sequence[str],
    result: Mapping[str, Any] | None = None,
) -> Record:
    """The record of ``history`` so far, with the current state's hash."""
    return Record(
        game,
        setup,
        history.seed,
        tuple(players),
        tuple(history.steps),
        history.state.state_hash(),
        result,
    )
