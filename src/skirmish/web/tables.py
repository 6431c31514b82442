"""Battles played in the browser: each held in a bounded store in memory and written after
every step as the battle record ``skirmish play --save`` writes (and ``skirmish replay``
reads), beside a small file of its seats' secret links, so a restarted server lists and
resumes it.

An edge only: the battle (``legal_actions``, ``apply``, ``view``), the history's take-backs
(1.1) and the computer players decide everything; this module holds battles, runs the
computer seats and says what one seat may see.
"""

from __future__ import annotations

import json
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from skirmish.errors import SkirmishError
from skirmish.web.pages import Problem

HELD = 32
"""Battles kept in memory at once; the least recently used is dropped (it is on disk)."""

COMPUTER_STEPS = 2000
"""The most steps computer seats and chance take in a row before a person is asked again."""

LOCK_SECONDS = 2.0
"""How long a person's action waits for the computer players' turn to finish."""

BATTLE_ID = re.compile(r"[0-9a-f]{16}")
SPECTATOR = -1
"""The seat of a spectator's link: public facts only."""


@dataclass
class Table:
    """One battle: its session (history, kinds of player, setup as recorded), the secret
    link of each seat and of spectators, and a lock that one step at a time holds."""

    id: str
    session: Any
    tokens: tuple[str, ...]
    spectator: str
    computers: dict[int, Any]
    lock: threading.Lock = field(default_factory=threading.Lock)
    changed: int = 0
    """Counts every change (a step taken or taken back), for the pages' event streams."""
    epoch: str = field(default_factory=lambda: secrets.token_hex(4))
    """Names this holding of the battle in memory: its ``changed`` counts from here."""
    moves: list[Any] = field(default_factory=list)
    """The computer seats' latest moves with their reasons
    (:class:`~skirmish.web.reasons.ComputerMove`), while the battle is held in memory."""

    @property
    def battle(self) -> Any:
        return self.session.history.state

    @property
    def steps(self) -> int:
        return len(self.session.history.steps)

    def seat(self, token: str) -> int:
        """The seat a link's token names (:data:`SPECTATOR` for the spectators' link);
        403 for any other token."""
        for seat, known in enumerate(self.tokens):
            if secrets.compare_digest(known, token):
                return seat
        if secrets.compare_digest(self.spectator, token):
            return SPECTATOR
        raise Problem("this link is not a seat of this battle", status=403)


UPLOADED = "the uploaded record"


class Tables:
    """Battles by id: at most :data:`HELD` in memory, every one on disk under ``folder``."""

    def __init__(self, folder: Path, held: int = HELD) -> None:
        self.folder = folder
        self.most = held
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()

    # Files.

    def record_path(self, battle: str) -> Path:
        return self.folder / f"{battle}.json"

    def _seats_path(self, battle: str) -> Path:
        return self.folder / f"{battle}.seats.json"

    def save(self, table: Table) -> None:
        """Write the battle record and its links (the record first, each replaced whole)."""
        from skirmish.games.magewinds.battles import BATTLES

        self.folder.mkdir(parents=True, exist_ok=True)
        _write(self.record_path(table.id), BATTLES.saved(table.session))
        seats = {"seats": list(table.tokens), "spectator": table.spectator}
        _write(self._seats_path(table.id), json.dumps(seats))

    def listed(self) -> list[dict[str, Any]]:
        """Every battle on disk, newest first: id, scenario, players, steps, result."""
        if not self.folder.is_dir():
            return []
        rows = []
        paths = sorted(
            self.folder.glob("*.seats.json"), key=lambda p: p.stat().st_mtime, reverse=True
        )
        for seats in paths[:200]:
            battle = seats.name.removesuffix(".seats.json")
            try:
                record = json.loads(self.record_path(battle).read_text(encoding="utf-8"))
                links = json.loads(seats.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            result = record.get("result") or {}
            rows.append(
                {
                    "id": battle,
                    "scenario": record.get("setup", {}).get("scenario", "?"),
                    "players": ", ".join(record.get("players", ())),
                    "steps": len(record.get("steps", ())),
                    "over": bool(result.get("over")),
                    "winner": result.get("winner"),
                    "seats": links.get("seats", []),
                    "spectator": links.get("spectator", ""),
                }
            )
        return rows

    # Battles.

    def create(self, options: Any) -> Table:
        """A new battle from ``play``'s options (its record written at once)."""
        from skirmish.games.magewinds.battles import BATTLES

        session = BATTLES.start(options)
        return self._held(self._table(secrets.token_hex(8), session, None))

    def play_on(self, source: Table, steps: int, kinds: tuple[str, ...]) -> Table:
        """A new battle that starts as ``source`` stood after its first ``steps`` steps,
        played on by ``kinds`` (its record holds those steps, so it replays)."""
        session = replace(at_step(source, steps).session, kinds=kinds, save=None)
        return self._held(self._table(secrets.token_hex(8), session, None))

    def adopt(self, content: bytes) -> Table:
        """A new battle from an uploaded record (``skirmish play --save``'s file): read
        with the records' own reader and its limits, replayed through the rules, then
        held and listed like any battle (an unfinished one is played on by its record's
        players). A record the rules refuse raises the reader's or the replay's error,
        naming the upload, not a file of the server's; nothing is kept."""
        import tempfile

        from skirmish.games.magewinds.battle import replay_record
        from skirmish.games.magewinds.battles import BATTLES, Session

        self.folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=self.folder) as scratch:
            path = Path(scratch) / "record.json"
            path.write_bytes(content)
            try:
                record = BATTLES.record(path)
                history = replay_record(record, source=UPLOADED)
            except SkirmishError as error:
                said = str(error).replace(str(path), UPLOADED)
                if UPLOADED not in said:
                    said = f"{UPLOADED}: {said}"
                raise Problem(said, status=422) from None
        session = Session(history, tuple(record.players), dict(record.setup), None, "")
        return self._held(self._table(secrets.token_hex(8), session, None))

    def held(self, battle: str) -> Table | None:
        """The battle if it is held in memory now (nothing read from disk)."""
        with self._lock:
            return self._tables.get(battle)

    def get(self, battle: str) -> Table:
        """The battle ``battle``, read back from its record when not held; 404 if none."""
        if not BATTLE_ID.fullmatch(battle):
            raise Problem(f"{battle[:40]!r}: not a battle's id (16 hex digits)", status=404)
        with self._lock:
            table = self._tables.get(battle)
            if table is not None:
                self._tables.move_to_end(battle)
                return table
        return self._held(self._resumed(battle))

    def _resumed(self, battle: str) -> Table:
        from skirmish.games.magewinds.battles import BATTLES, Session

        seats_path = self._seats_path(battle)
        if not seats_path.is_file():
            raise Problem(f"no battle {battle}", status=404)
        links = json.loads(seats_path.read_text(encoding="utf-8"))
        record = BATTLES.record(self.record_path(battle))
        from skirmish.games.magewinds.battle import replay_record

        history = replay_record(record, source=f"battle {battle}")
        session = Session(history, tuple(record.players), dict(record.setup), None, "")
        return self._table(battle, session, links)

    def _table(self, battle: str, session: Any, links: Mapping[str, Any] | None) -> Table:
        from skirmish.ai.players import players
        from skirmish.games.magewinds.battles import BATTLES

        history = session.history
        computers = players(
            session.kinds, history.state.setup, history.seed, game=BATTLES.computers
        )
        if links is None:
            tokens = tuple(secrets.token_urlsafe(16) for _ in session.kinds)
            spectator = secrets.token_urlsafe(16)
        else:
            tokens, spectator = tuple(links["seats"]), str(links["spectator"])
        return Table(battle, session, tokens, spectator, computers)

    def _held(self, table: Table) -> Table:
        with self._lock:
            already = self._tables.get(table.id)
            if already is not None:  # read back twice at once: one copy only is played
                self._tables.move_to_end(table.id)
                return already
            self._tables[table.id] = table
            self._tables.move_to_end(table.id)
            while len(self._tables) > self.most:
                self._tables.popitem(last=False)
        with table.lock:
            self.advance(table)
            self.save(table)
        return table

    # Steps.

    def advance(self, table: Table) -> None:
        """Chance and the computer seats act until a person must decide or the battle
        ends; the record is written after every step. The caller holds the table's lock."""
        from skirmish.engine.battle import Chance, LazyView, Turn
        from skirmish.web.reasons import SHOWN, explained

        history = table.session.history
        for _ in range(COMPUTER_STEPS):
            node = history.state.node()
            if isinstance(node, Chance):
                history.roll()
            elif isinstance(node, Turn) and node.player in table.computers:
                legal = history.state.legal_actions(node.player)
                player = table.computers[node.player]
                chosen = player.act(LazyView(history.state, node.player), legal)
                kind = table.session.kinds[node.player]
                move = explained(history.state, node.player, kind, str(chosen), table.steps + 1)
                history.act(chosen)
                if move is not None:
                    table.moves = [*table.moves[-(SHOWN - 1) :], move]
            else:
                return
            table.changed += 1
            self.save(table)

    def act(self, table: Table, seat: int, action: str, steps: int) -> None:
        """``seat`` takes ``action`` at the decision seen after ``steps`` steps; refused
        (409) when the battle has moved on, (403) when it is not this seat's decision,
        (400) with the rules' own message when the rules refuse it."""
        from skirmish.engine.battle import Turn

        with _held_briefly(table):
            _current(table, steps)
            node = table.battle.node()
            if not isinstance(node, Turn) or node.player != seat:
                raise Problem(_whose(node), status=409)
            try:
                table.session.history.act(action)
            except SkirmishError as error:
                raise Problem(str(error), status=400) from None
            table.changed += 1
            self.save(table)

    def play_computers(self, table: Table) -> None:
        """The computer seats and chance play on (:meth:`advance`) under the table's lock.
        Called after a person's step, off the pages' bounded workers: a greedy or search
        player's turn takes what it takes, while every page still answers."""
        with table.lock:
            self.advance(table)

    def undo(self, table: Table, seat: int, steps: int) -> str:
        """1.1: ``seat`` takes back its latest decision (ruling MB-21), as the history
        allows; the refusal is the history's own (409)."""
        with _held_briefly(table):
            _current(table, steps)
            try:
                step = table.session.history.undo(seat)
            except SkirmishError as error:
                raise Problem(str(error), status=409) from None
            table.moves = [m for m in table.moves if m.steps <= table.steps]
            table.changed += 1
            self.save(table)
            return f"1.1: took back {step.action!r} (ruling MB-21)"


def at_step(table: Table, steps: int) -> Table:
    """The battle as it stood after its first ``steps`` steps (0 to all), links kept."""
    from skirmish.engine.battle import History

    if not 0 <= steps <= table.steps:
        raise Problem(f"step {steps}: the battle has steps 0 to {table.steps}", status=400)
    old = table.session.history
    history = History(old.seed, list(old.states[: steps + 1]), list(old.steps[:steps]))
    session = replace(table.session, history=history)
    return Table(
        table.id,
        session,
        table.tokens,
        table.spectator,
        {},
        changed=table.changed,
        epoch=table.epoch,
    )


@contextmanager
def _held_briefly(table: Table) -> Iterator[None]:
    """The table's lock, or 409 when the computer players are still moving (a page's
    worker does not wait out their turn)."""
    if not table.lock.acquire(timeout=LOCK_SECONDS):
        raise Problem(
            "the computer players are still moving; the page updates when they are done",
            status=409,
        )
    try:
        yield
    finally:
        table.lock.release()


def _current(table: Table, steps: int) -> None:
    if steps != table.steps:
        raise Problem(
            f"stale: this page shows the battle after {steps} steps, it is now after "
            f"{table.steps}; the page is brought up to date",
            status=409,
        )


def _whose(node: Any) -> str:
    from skirmish.engine.battle import Turn

    if isinstance(node, Turn):
        return f"{node.rule}: player {node.player + 1} decides now, not this seat"
    return "no player is to act now"


def _write(path: Path, text: str) -> None:
    part = path.with_name(path.name + ".part")
    part.write_text(text, encoding="utf-8")
    part.replace(path)
