"""``skirmish play magewinds`` and ``skirmish replay``: whole battles at the terminal.

An adapter only: it reads what people type, prints what the battle says, and saves the
record. Every rule lives in :mod:`skirmish.games.magewinds.battle`.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from skirmish.cli.render import console as wide_console
from skirmish.engine.battle import (
    Chance,
    End,
    History,
    IllegalAction,
    LazyView,
    RandomPlayer,
    Turn,
    check_seed,
    load_record,
    to_record,
)
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle import (
    GAME,
    Length,
    Options,
    find_table,
    new_setup,
    random_table,
    replay_record,
    result_of,
    start_battle,
)
from skirmish.games.magewinds.battle.scenarios import Split, find_scenario
from skirmish.games.magewinds.battle.session import (
    battlefield_now,
    hand_text,
    help_lines,
    parse_players,
    result_text,
    status_rows,
)
from skirmish.games.magewinds.battle.state import Battle, Event

MAX_STEPS = 100_000


def play_command(
    scenario: Annotated[
        str | None, typer.Option(help="deathmatch or king-of-the-hill (10.1).")
    ] = None,
    warband: Annotated[
        list[str] | None,
        typer.Option(help='A warband as fighter names, e.g. "Wizard,Cleric"; give it twice.'),
    ] = None,
    players: Annotated[
        str, typer.Option(help="Who plays each warband: human or random, e.g. human,random.")
    ] = "human,random",
    seed: Annotated[
        int | None, typer.Option(help="Seed of every die and card (printed when not given).")
    ] = None,
    battlefield: Annotated[
        str,
        typer.Option(help="A bundled battlefield, a YAML file, or 'random' (random terrain)."),
    ] = "ruined-chapel",
    length: Annotated[
        Length, typer.Option(help="Warband size: quick 6, standard 8, long 10 slots.")
    ] = Length.STANDARD,
    rounds: Annotated[
        int | None, typer.Option(help="Round limit, 1-20 (default: the scenario's).")
    ] = None,
    last_stand: Annotated[
        int, typer.Option(help="Deathmatch's Heroic Last Stand hand-limit bonus, 0-5 (MB-4).")
    ] = 1,
    split: Annotated[Split, typer.Option(help="How the territories are cut (ruling MB-5).")] = (
        Split.LENGTHWISE
    ),
    save: Annotated[Path | None, typer.Option(help="Write the battle record (JSON) here.")] = None,
    resume: Annotated[
        Path | None,
        typer.Option(help="Go on with a battle saved before (its record); saves back to it."),
    ] = None,
) -> None:
    """Play a whole Magewinds battle: people at the terminal, or computer players."""
    if resume is not None:
        _resume(resume, players, save or resume)
        return
    if scenario is None or not warband:
        raise SkirmishError("give --scenario and --warband twice, or --resume a saved battle")
    kinds = parse_players(players, len(warband))
    chosen = find_scenario(scenario)
    options = Options(length, rounds, last_stand, split)
    number = check_seed(random.SystemRandom().randrange(2**31) if seed is None else seed)
    if battlefield == "random":
        table = random_table(number, clear_radius=chosen.clear_radius)
    else:
        table = find_table(battlefield)
    setup = new_setup(chosen, [w.split(",") for w in warband], table=table, options=options)
    if save is not None and not save.parent.exists():
        raise SkirmishError(f"--save {save}: folder {save.parent} does not exist")
    history = History.start(start_battle(setup), number)
    console = wide_console()
    console.print(f"seed {number}")
    terminal = Terminal(history, kinds, save, setup.as_dict())
    terminal.run()
    console.print(result_text(history.state))  # type: ignore[arg-type]
    if save is not None:
        terminal.write(save)


def _resume(path: Path, players: str, save: Path) -> None:
    """Replay a saved record through the rules, then play on from where it stopped."""
    record = load_record(path)
    if record.game != GAME:
        raise SkirmishError(f"{path}: a battle of {record.game!r}; battles are played for {GAME}")
    history = replay_record(record)
    kinds = parse_players(players, len(record.players))
    terminal = Terminal(history, kinds, save, dict(record.setup))
    wide_console().print(f"seed {record.seed}; resumed after {len(record.steps)} steps")
    terminal.shown = len(terminal.battle.events())
    terminal.run()
    wide_console().print(result_text(terminal.battle))
    terminal.write(save)


class Terminal:
    """Runs a battle: computer players act at once; people are asked at the terminal, or
    read from standard input when it is not a terminal (a script)."""

    def __init__(
        self, history: History, kinds: tuple[str, ...], save: Path | None, setup: dict[str, Any]
    ) -> None:
        self.history = history
        self.kinds = kinds
        self.save = save
        self.setup = setup
        self.computers = {
            seat: RandomPlayer(history.seed, seat)
            for seat, kind in enumerate(kinds)
            if kind == "random"
        }
        humans = [seat for seat, kind in enumerate(kinds) if kind == "human"]
        self.viewer = humans[0] if len(humans) == 1 else None
        self.shown = 0
        self.interactive = sys.stdin.isatty()

    @property
    def battle(self) -> Battle:
        state = self.history.state
        assert isinstance(state, Battle)
        return state

    def run(self) -> None:
        for _ in range(MAX_STEPS):
            self.show_new()
            node = self.battle.node()
            if isinstance(node, End):
                return
            if isinstance(node, Chance):
                self.history.roll()
            elif node.player in self.computers:
                legal = self.battle.legal_actions(node.player)
                self.history.act(
                    self.computers[node.player].act(LazyView(self.battle, node.player), legal)
                )
            else:
                self.ask(node)
        raise SkirmishError(f"the battle did not end within {MAX_STEPS} steps")

    def show_new(self) -> None:
        events = self.battle.events()
        if len(events) < self.shown:
            self.shown = 0
        for event in events[self.shown :]:
            if event.seen_by is None or event.seen_by == self.viewer:
                typer.echo(_line(event))
        self.shown = len(events)

    def ask(self, node: Turn) -> None:
        legal = self.battle.legal_actions(node.player)
        prompt = f"{node.rule}: {node.prompt}"
        if len(legal) <= 12:
            prompt += "\n" + "\n".join(f"  {i}. {a}" for i, a in enumerate(legal, 1))
        else:
            prompt += f"\n  ({len(legal)} choices: 'help' lists them)"
        while True:
            answer = self.read(prompt, hidden=node.hidden, node=node)
            if self.command(answer, node):
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                answer = legal[int(answer) - 1]
            try:
                self.history.act(answer)
                return
            except IllegalAction as error:
                if not self.interactive:
                    raise
                typer.echo(f"  not allowed: {error}", err=True)

    def read(self, prompt: str, *, hidden: bool, node: Turn) -> str:
        if self.interactive:
            return str(typer.prompt(prompt, hide_input=hidden)).strip()
        line = sys.stdin.readline()
        if not line:
            raise SkirmishError(
                f"{node.rule}: player {node.player + 1} must decide ({node.prompt}) but standard "
                "input has ended; pass one action per line, or play with --players random"
            )
        typer.echo(f"{prompt}\n> {'(hidden)' if hidden else line.strip()}")
        return line.strip()

    def command(self, answer: str, node: Turn) -> bool:
        """The terminal's own commands; True when ``answer`` was one."""
        word, _, rest = answer.partition(" ")
        handlers: dict[str, Callable[[str, Turn], None]] = {
            "status": self._status,
            "hand": self._hand,
            "draw": self._draw,
            "undo": self._undo,
            "save": self._save,
            "help": self._help,
        }
        handler = handlers.get(word.casefold())
        if handler is None or (word.casefold() == "draw" and not rest.casefold().endswith(".png")):
            return False
        try:
            handler(rest.strip(), node)
        except SkirmishError as error:
            if not self.interactive:
                raise
            typer.echo(f"  {error}", err=True)
        return True

    def _status(self, rest: str, node: Turn) -> None:
        table = Table(title=f"round {self.battle.round}, {self.battle.phase.value} phase")
        rows = status_rows(self.battle)
        for column in rows[0]:
            table.add_column(column, overflow="fold")
        for row in rows:
            table.add_row(*row.values())
        wide_console().print(table)

    def _hand(self, rest: str, node: Turn) -> None:
        for line in hand_text(self.battle, node.player):
            typer.echo(line)

    def _draw(self, rest: str, node: Turn) -> None:
        from skirmish.analysis.pictures import draw
        from skirmish.games.magewinds.questions import field_scene

        path = Path(rest)
        draw(field_scene(battlefield_now(self.battle)), path)
        typer.echo(f"wrote {path}")

    def _undo(self, rest: str, node: Turn) -> None:
        step = self.history.undo(node.player)
        typer.echo(f"1.1: took back {step.action!r} (ruling MB-21)")
        self.shown = min(self.shown, len(self.battle.events()))

    def _save(self, rest: str, node: Turn) -> None:
        path = Path(rest) if rest else self.save
        if path is None:
            raise SkirmishError("save: name a file, or start the battle with --save FILE")
        self.write(path)

    def _help(self, rest: str, node: Turn) -> None:
        for line in help_lines(self.battle):
            typer.echo(line)

    def write(self, path: Path) -> None:
        record = to_record(self.history, GAME, self.setup, self.kinds, result_of(self.battle))
        path.write_text(record.dumps(), encoding="utf-8")
        typer.echo(f"wrote {path}")


def _line(event: Event) -> str:
    private = "" if event.seen_by is None else f" (seen by player {event.seen_by + 1})"
    return f"{event.rule:>10}  {event.text}{private}"


def replay_command(
    record: Annotated[Path, typer.Argument(help="A battle record saved by 'skirmish play'.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Replay a saved battle through the rules, check it, and print its log and result."""
    loaded = load_record(record)
    if loaded.game != GAME:
        raise SkirmishError(f"{record}: a battle of {loaded.game!r}; battles are played for {GAME}")
    history = replay_record(loaded)
    battle = history.state
    assert isinstance(battle, Battle)
    result = result_of(battle)
    if as_json:
        data = {
            "game": GAME,
            "scenario": battle.setup.scenario.id,
            "seed": loaded.seed,
            "players": list(loaded.players),
            "winner": result["winner"],
            "rounds": battle.round,
            "final_state": battle.as_dict(),
            "log": [event.as_dict() for event in battle.events()],
        }
        typer.echo(json.dumps(data, indent=1))
        return
    typer.echo(f"seed {loaded.seed}; players {', '.join(loaded.players)}")
    for event in battle.events():
        typer.echo(_line(event))
    typer.echo(result_text(battle))
