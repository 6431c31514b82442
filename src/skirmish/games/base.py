"""What every game provides: its entry in the registry and its behaviour under fixed names.

The registry lists a :class:`GameInfo` per game: names, rules, and the module that holds
its :class:`Game`. Nothing of a game is imported until it is asked for, so listing the
games, or answering for one, never pays for the others.

A :class:`Game` carries the game's behaviour under the same names for every game, the way
python-chess variants and OpenSpiel games carry theirs: its roster, the options models of
its commands, building a situation from options, the rules procedure, the odds and advice
summaries, the referee's decisions and the flags that answer them, its battlefield, its
battle when it has one. The command line, the sweeps and the tests ask every game the
same way, so a fifth game plugs in by registering.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, Protocol, TypeVar, runtime_checkable

from skirmish.errors import SkirmishError, UnknownName

if TYPE_CHECKING:
    from skirmish.engine import Decision, Mix, Policy, Procedure
    from skirmish.engine.battle import BattleState, LogLine, Record, Session
    from skirmish.options import Options
    from skirmish.report import Report
    from skirmish.roster import Roster


StateT = TypeVar("StateT", bound="BattleState[Any]")
StateT_contra = TypeVar("StateT_contra", bound="BattleState[Any]", contravariant=True)


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its names, the rules it implements, where its behaviour lives."""

    name: str
    title: str
    aliases: tuple[str, ...]
    rules: str
    summary: str
    module: str = ""
    """The module whose ``GAME`` is this game's :class:`Game`."""

    def load(self) -> Game:
        """The game's behaviour (imports its subpackage)."""
        game = importlib.import_module(self.module).GAME
        if not isinstance(game, Game) or game.name != self.name:
            raise TypeError(f"{self.module}.GAME is not the Game of {self.name!r}")
        return game


@dataclass(frozen=True)
class Referee:
    """What the referee needs to resolve one attack from a command's options.

    ``answers`` are the decisions the options settle; ``flag`` names, for any other
    decision, the flag that would answer it (None: only a person at a terminal can);
    ``result`` turns the result record into JSON-ready values; ``names`` are the attacker,
    attack and target as the answer names them.
    """

    procedure: Procedure[Any]
    answers: Mapping[str, Mix]
    flag: Callable[[Decision], str | None]
    result: Callable[[Any], dict[str, Any]]
    names: Mapping[str, str | None] = field(default_factory=dict)
    advisor: Callable[[Decision], Mapping[str, Any]] | None = None
    """The solved value of each option, shown at the prompt (None: none shown)."""
    players: Policy | None = None
    """Who answers every decision, when no person is asked (an advisor playing both sides)."""


class Commands(Mapping[str, "type[Options]"]):
    """A game's commands and the options model of each; a model may be named by
    ``"module:Name"``, imported only when its command is asked for (a battle's)."""

    def __init__(self, **commands: type[Options] | str) -> None:
        self._commands = dict(commands)

    def __getitem__(self, verb: str) -> type[Options]:
        found = self._commands[verb]
        if isinstance(found, str):
            module, _, name = found.partition(":")
            found = getattr(importlib.import_module(module), name)
            self._commands[verb] = found
        assert not isinstance(found, str)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._commands)

    def __len__(self) -> int:
        return len(self._commands)


class MenuOption(Protocol):
    """One option of a decision as a terminal lists it: the action, the words shown for
    it, and the heading it shares with other ways to do the same thing ("" alone)."""

    @property
    def action(self) -> Hashable: ...

    @property
    def text(self) -> str: ...

    @property
    def group(self) -> str: ...


class Battles(Protocol[StateT]):
    """What a terminal, a page and a simulation need of a game's whole battles, ``StateT``
    its battle state (a :class:`~skirmish.engine.battle.BattleState`). The rules of one
    state are the state's own; this adds starting, saving and replaying, who the computer
    players are, and what a person is shown. ``docs/protocol.md`` walks through it."""

    game: str
    """The game's name, as ``skirmish play GAME`` takes it."""

    computers: str
    """Where the game's computer players are, ``"module:NAME"`` of a
    :class:`~skirmish.ai.players.Computers` (imported only when one is asked for)."""

    def start(self, options: Options) -> Session[StateT]:
        """A new battle (or a saved one resumed) from ``play``'s options."""
        ...

    def replay(self, path: Path, *, step: int | None = None) -> tuple[Record, StateT]:
        """A saved battle replayed through the rules and checked (to ``step``)."""
        ...

    def replay_json(
        self, record: Record, battle: StateT, *, seat: int | None = -1
    ) -> dict[str, Any]:
        """The replayed battle as JSON: everything (``seat`` -1), or what player ``seat``
        (from 0) may know, or every player's common knowledge (None)."""
        ...

    def saved(self, session: Session[StateT]) -> str:
        """The battle record to write (:class:`~skirmish.engine.battle.Record` JSON)."""
        ...

    def log(self, battle: StateT) -> Sequence[LogLine]:
        """The battle's log so far, oldest first."""
        ...

    def title(self, battle: StateT) -> str:
        """Where the battle stands, as a table's title (``round 2, action phase``)."""
        ...

    def result_text(self, battle: StateT) -> str: ...

    def status_rows(self, battle: StateT) -> list[dict[str, str]]: ...

    def object_rows(self, battle: StateT) -> list[dict[str, str]]: ...

    def hand_text(self, battle: StateT, player: int) -> list[str]: ...

    def help_lines(self, battle: StateT, legal: tuple[Hashable, ...] | None = None) -> list[str]:
        """The legal actions (numbered in the order of ``legal`` when given) with their
        rules, and why others are refused."""
        ...

    def pending_lines(self, battle: StateT, player: int) -> list[str]: ...


@runtime_checkable
class Battlefields(Protocol[StateT_contra]):
    """What a game whose battles stand on a battlefield adds: its pictures and its
    questions of sight and movement (``draw``, ``los`` and ``reach`` at the terminal)."""

    def scene(self, battle: StateT_contra) -> Any: ...

    def picture(self, battle: StateT_contra, player: int, **overlays: str) -> Any:
        """The battle now as ``player`` may see it (a Scene); ``overlays`` are ``draw``'s
        ``reach``, ``attacker``, ``target`` and ``attack``."""
        ...

    def los(self, battle: StateT_contra, attacker: str, target: str) -> Report:
        """Sight, line of attack and cover between two fighters now."""
        ...

    def reach(self, battle: StateT_contra, fighter: str, to: str | None) -> Report:
        """Where a fighter's Move can end now, or whether it may move ``to``."""
        ...


LISTED: dict[str, GameInfo] = {}
"""The registry's entries by name, filled in by :mod:`skirmish.games` as it lists them, so
that a game finds its own entry without importing the registry (which imports this)."""


class Game(ABC):
    """A game's behaviour under fixed names. Subclasses set the class attributes and
    implement what their game has; a command a game lacks raises a clear error."""

    name: ClassVar[str]
    roster_flag: ClassVar[str]
    """The flag that adds a user's file to the bundled roster (``--pack``, ``--force``)."""
    commands: ClassVar[Mapping[str, type[Options]]]
    """The options model of each command the game answers (``"odds"``, ``"attack"``...)."""
    decisions: ClassVar[Mapping[str, str]] = {}
    """Each kind of decision the referee may ask (its key, without a prefix) and the flag
    that answers it."""
    examples: ClassVar[str] = ""
    """The module of worked examples the conformance tests run for this game."""

    @property
    def battle(self) -> Battles[Any] | None:
        """The game's whole battles, where it has them (``skirmish play``, ``replay``)."""
        return None

    def answering_flag(self, key: str) -> str | None:
        """The flag that answers decision ``key``; a key may carry a prefix (``attack back:
        ``, a weapon's name) or a number (``aid 2``) around its kind."""
        if key in self.decisions:
            return self.decisions[key]
        for kind, flag in self.decisions.items():
            if key.endswith(kind) or key.startswith(kind + " "):
                return flag
        return None

    @property
    def info(self) -> GameInfo:
        found = LISTED.get(self.name)
        if found is None:
            raise UnknownName("game", self.name, list(LISTED))
        return found

    def options(self, command: str = "odds", **values: Any) -> Options:
        """The options of ``command`` (any of :attr:`commands`) from Python values or the
        text a user typed, checked as the command line checks them:
        ``game.options("odds", attacker="Wizard", target="Guardian", cover=True)``."""
        from skirmish.options import parse

        if command not in self.commands:
            raise SkirmishError(
                f"{self.info.title} has no {command} command; its commands: "
                f"{', '.join(self.commands)}"
            )
        return parse(self.commands[command], values)

    # The roster: the bundled one, and a user's file added to it.

    @abstractmethod
    def bundled(self) -> Roster[Any]:
        """The roster shipped with skirmish."""

    @abstractmethod
    def load_roster(self, path: Path) -> Roster[Any]:
        """A user's roster file."""

    def roster(self, path: Path | None = None) -> Roster[Any]:
        """The bundled roster with a user's file added (its entries win on equal names)."""
        bundled = self.bundled()
        return bundled if path is None else bundled.merged(self.load_roster(path))

    # A situation and its rules.

    @abstractmethod
    def situation(self, options: Options) -> Any:
        """The situation ``options`` describe (from flags, or from a battlefield file)."""

    @abstractmethod
    def procedure(self, situation: Any) -> Procedure[Any]:
        """The rules procedure that resolves ``situation``."""

    # The commands: each returns what to print and the JSON.

    def fighters(self, options: Options) -> Report:
        """The roster's profiles."""
        return self._lacks("fighters")

    def odds(self, options: Options) -> Report:
        """Exact odds of the situation."""
        return self._lacks("odds")

    def advise(self, options: Options) -> Report:
        """The players' decisions solved."""
        return self._lacks("advise")

    def referee(self, options: Options) -> Referee:
        """One attack to referee."""
        return self._lacks("attack")

    def matchups(self, options: Options) -> Report:
        """Every attack against every fighter."""
        return self._lacks("matchups")

    def los(self, options: Options) -> Report:
        """What a battlefield decides between two of its pieces."""
        return self._lacks("los")

    def move(self, options: Options) -> Report:
        """Whether a move on a battlefield is legal."""
        return self._lacks("move")

    def draw(self, options: Options) -> Report:
        """A picture of a battlefield."""
        return self._lacks("draw")

    def _lacks(self, command: str) -> NoReturn:
        raise SkirmishError(f"{self.info.title} has no {command} command")  # pragma: no cover


__all__ = ["Battlefields", "Battles", "Commands", "Game", "GameInfo", "MenuOption", "Referee"]
