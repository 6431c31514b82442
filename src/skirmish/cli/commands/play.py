"""``skirmish play GAME``: a whole battle at the terminal, people or computer players.

An adapter only: it reads what people type, prints what the battle says, and saves the
record. The game's battle (``Game.battle``) holds every rule.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from skirmish.cli.build import command
from skirmish.errors import SkirmishError

if TYPE_CHECKING:
    from skirmish.engine.battle import Session, Turn
    from skirmish.games.base import Battlefields, Battles, Game
    from skirmish.options import Options

HELP = "Play a whole battle."


def build(game: Game) -> Any:
    from skirmish.cli.flags import Quiet

    def run(options: Options, printing: Options) -> None:
        battles = game.battle
        assert battles is not None
        Terminal(battles, battles.start(options)).run()

    return command(game.name, game.commands["play"], Quiet, run)


RULE_WIDTH = 10
"""The rule column of a log line: the rule right-aligned, then two spaces, then the text."""


def line(event: Any) -> str:
    """A battle event as the terminal prints it, with who alone may see it."""
    private = "" if event.seen_by is None else f" (seen by player {event.seen_by + 1})"
    return f"{event.rule:>{RULE_WIDTH}}  {event.text}{private}"


def show_event(event: Any) -> None:
    """Print a battle event's log line, continued under its text at the terminal's width."""
    say(line(event), indent=RULE_WIDTH + 2)


def say(text: str, *, indent: int | None = None) -> None:
    """Print ``text`` fitted to the terminal, broken between words (a log line continued
    under its text, past the rule column); piped, each line whole, as the battle wrote it."""
    from skirmish.cli.render import wrapped

    typer.echo(wrapped(text, indent=indent))


class Terminal:
    """Runs a battle: computer players act at once; people are asked at the terminal, or
    read from standard input when it is not a terminal (a script)."""

    def __init__(self, battles: Battles[Any], session: Session[Any]) -> None:
        from skirmish.ai.players import computers, players

        self.battles = battles
        self.advice = computers(battles.computers)
        """The game's reading of a decision: its menu and hints."""
        self.session = session
        history = session.history
        self.computers = players(
            session.kinds, history.state.setup, history.seed, game=battles.computers
        )
        humans = [seat for seat, kind in enumerate(session.kinds) if kind == "human"]
        self.viewer = humans[0] if len(humans) == 1 else None
        self.interactive = sys.stdin.isatty()
        self.unread = ""
        """A script's line read ahead past a decision with one option, for the next."""
        self.automatic: set[int] = set()
        """The steps (by index) taken at once because they were the only choice."""

    @property
    def battle(self) -> Any:
        return self.session.history.state

    def run(self) -> None:
        """Play the battle out. Stopped part way (Ctrl-C, Ctrl-D, a script that ends, a
        refusal), the battle so far is kept, with the command that goes on with it."""
        from skirmish.cli.render import console

        console().print(self.session.heading)
        if self.session.shown:
            self.recap()
        try:
            self.play()
        except (typer.Abort, KeyboardInterrupt, EOFError) as stop:
            kept = self.keep()
            typer.echo(err=True)  # past the ^C on the prompt's line
            typer.echo(_fitted(f"skirmish: interrupted{'; ' + kept if kept else ''}"), err=True)
            raise typer.Exit(130 if isinstance(stop, KeyboardInterrupt) else 1) from None
        except SkirmishError as error:
            # A record that cannot be written is said once, by the error itself (a full disk).
            kept = self.keep(unsaved_said=False)
            if kept is None:
                raise
            raise SkirmishError(f"{error}; {kept}") from None

    def recap(self) -> None:
        """A resumed battle: the last things that happened, and where everyone stands."""
        from skirmish.engine.battle import seen

        log = self.battles.log(self.battle)
        seen_lines = [e for e in log if seen(e, self.viewer)]
        say(
            f"the battle so far (the last {min(RECAP, len(seen_lines))} "
            f"of {len(seen_lines)} log lines):"
        )
        for event in seen_lines[-RECAP:]:
            show_event(event)
        self.tables()

    def keep(self, *, unsaved_said: bool = True) -> str | None:
        """Save the battle so far after an interruption, to ``--save`` or (a person at a
        terminal, who gave none) to a new file here; what was kept and how to go on (None
        when nothing was kept and ``unsaved_said`` is false)."""
        path = self.session.save
        if path is None and self.interactive and self.session.history.steps:
            seed = self.session.history.seed
            path = next(
                p
                for n in range(1, 10_000)
                if not (
                    p := Path(f"{self.battles.game}-{seed}{'' if n == 1 else f'-{n}'}.json")
                ).exists()
            )
        if path is None:
            return None
        try:
            path.write_text(self.battles.saved(self.session), encoding="utf-8")
        except OSError as error:
            if not unsaved_said:
                return None
            return f"the battle could not be saved to {path}: {error.strerror}"
        players = ",".join(self.session.kinds)
        return (
            f"the battle so far is saved in {path}; go on with: skirmish play "
            f"{self.battles.game} --resume {path} --players {players}"
        )

    def play(self) -> None:
        from skirmish import limits
        from skirmish.engine.battle import Chance, End, LazyView

        history = self.session.history
        steps = limits.BATTLE_STEPS.maximum
        for _ in range(steps):
            self.show_new()
            node = self.battle.node()
            if isinstance(node, End):
                break
            if isinstance(node, Chance):
                history.roll()
            elif node.player in self.computers:
                legal = self.battle.legal_actions(node.player)
                history.act(
                    self.computers[node.player].act(LazyView(self.battle, node.player), legal)
                )
            else:
                if self.session.save is not None:
                    self.write(self.session.save, quiet=True)
                self.ask(node)
        else:
            raise SkirmishError(f"the battle did not end within {steps} steps")
        from skirmish.cli.render import console

        console().print(self.battles.result_text(self.battle))
        if self.session.save is not None:
            self.write(self.session.save)

    def show_new(self) -> None:
        from skirmish.engine.battle import seen

        events = self.battles.log(self.battle)
        if len(events) < self.session.shown:
            self.session.shown = 0
        for event in events[self.session.shown :]:
            if seen(event, self.viewer):
                show_event(event)
        self.session.shown = len(events)

    def ask(self, node: Turn) -> None:
        """Ask a person: the question and its options once, then answers until one is an
        action (the terminal's commands answered in between). A decision with one option
        is taken at once and said so; after a take-back the decision now pending is asked."""
        options = self.options(node)
        pending = self.battles.pending_lines(self.battle, node.player)
        question = "\n".join([*pending, f"{node.rule}: {node.prompt}"])
        if len(options) == 1:
            only = str(options[0].action)
            say(f"{question}\n  -> {only} (the only choice)")
            if not self.interactive:  # a script may answer it too, or leave it out
                line = sys.stdin.readline()
                if line.strip().casefold() not in (only.casefold(), "1"):
                    self.unread = line
            self.automatic.add(len(self.session.history.steps))
            self.session.history.act(only)
            return
        listing = option_lines(options)
        if len(listing) > MOST_LINES:
            listing = [f"  ({len(options)} choices: 'help' lists them)"]
        prompt = "\n".join([question, *listing])
        say(prompt)
        asked = self.battle
        while True:
            answer = self.read(prompt, hidden=node.hidden, node=node)
            prompt = ""  # printed once: commands answered between do not reprint it
            if self.command(answer, node):
                if self.battle is not asked:
                    return  # a take-back: the decision now pending is asked afresh
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                answer = str(options[int(answer) - 1].action)
            try:
                self.session.history.act(answer)
                return
            except SkirmishError as error:
                if not self.interactive:
                    raise
                typer.echo(_fitted(f"  not allowed: {error}"), err=True)

    def options(self, node: Turn) -> tuple[Any, ...]:
        """The decision's options in the order they are numbered (menu, help and hint)."""
        legal = self.battle.legal_actions(node.player)
        return self.advice.menu(self.battle, node.player, legal)

    def read(self, prompt: str, *, hidden: bool, node: Turn) -> str:
        """One answer to ``prompt`` (already printed; empty when asked again): typed at
        the terminal, or the next line of a script (echoed)."""
        if self.interactive:
            return str(typer.prompt("", prompt_suffix="> ", hide_input=hidden)).strip()
        answer, self.unread = self.unread or sys.stdin.readline(), ""
        if not answer:
            raise SkirmishError(
                f"{node.rule}: player {node.player + 1} must decide ({node.prompt}) but standard "
                "input has ended; pass one action per line, or play with --players random"
            )
        say(f"> {'(hidden)' if hidden else answer.strip()}")
        return answer.strip()

    def command(self, answer: str, node: Turn) -> bool:
        """The terminal's own commands; True when ``answer`` was one."""
        word, _, rest = answer.partition(" ")
        handlers: dict[str, Callable[[str, Turn], None]] = {
            "status": self._status,
            "hand": self._hand,
            "draw": self._draw,
            "los": self._los,
            "reach": self._reach,
            "undo": self._undo,
            "save": self._save,
            "help": self._help,
            "hint": self._hint,
        }
        handler = handlers.get(word.casefold())
        if handler is None or (word.casefold() == "draw" and not _picture_named(rest)):
            return False  # "draw JH" takes a card (12.0)
        try:
            handler(rest.strip(), node)
        except SkirmishError as error:
            if not self.interactive:
                raise
            typer.echo(_fitted(f"  {error}"), err=True)
        return True

    def field(self) -> Battlefields[Any]:
        """The game's battlefield questions (``draw``, ``los``, ``reach``)."""
        from skirmish.games.base import Battlefields

        if not isinstance(self.battles, Battlefields):
            raise SkirmishError(f"{self.battles.game} battles have no battlefield to ask about")
        return self.battles

    def _status(self, rest: str, node: Turn) -> None:
        self.tables()
        for text in self.battles.pending_lines(self.battle, node.player):
            say(text)

    def tables(self) -> None:
        show_tables(self.battles, self.battle)

    def _hand(self, rest: str, node: Turn) -> None:
        for text in self.battles.hand_text(self.battle, node.player):
            say(text)

    def _draw(self, rest: str, node: Turn) -> None:
        """``draw FILE.png [--reach F] [--attacker A --target T [--attack X]]``."""
        from skirmish.analysis.pictures import draw

        words = _words(rest)
        path = Path(words[0])
        overlays: dict[str, str] = {}
        flags = iter(words[1:])
        for flag in flags:
            key = flag.removeprefix("--")
            value = next(flags, None)
            if key not in DRAW_OVERLAYS or not flag.startswith("--") or value is None:
                raise SkirmishError(
                    f"draw: {flag!r}: expected draw FILE.png [--reach F] "
                    "[--attacker A --target T [--attack X]]"
                )
            overlays[key] = value
        draw(self.field().picture(self.battle, node.player, **overlays), path)
        typer.echo(f"wrote {path}", err=True)

    def _los(self, rest: str, node: Turn) -> None:
        """``los A B``: sight, line of attack and cover from A to B now."""
        from skirmish.cli.render import show

        words = _words(rest)
        if len(words) != 2:
            raise SkirmishError("los: expected los ATTACKER TARGET, such as los Wizard Druid")
        show(self.field().los(self.battle, *words), as_json=False)

    def _reach(self, rest: str, node: Turn) -> None:
        """``reach F [X,Y]``: where F's Move can end now, or whether it may move to X,Y."""
        from skirmish.cli.render import show

        words = _words(rest)
        if len(words) not in (1, 2):
            raise SkirmishError("reach: expected reach FIGHTER [X,Y], such as reach Wizard 6,4")
        show(
            self.field().reach(self.battle, words[0], words[1] if len(words) == 2 else None),
            as_json=False,
        )

    def _undo(self, rest: str, node: Turn) -> None:
        """1.1: take back the latest decision, with any only choices taken after it."""
        history = self.session.history
        step = history.undo(node.player)
        while len(history.steps) in self.automatic:
            self.automatic.discard(len(history.steps))
            step = history.undo(node.player)
        typer.echo(f"1.1: took back {step.action!r} (ruling MB-21)")
        self.session.shown = min(self.session.shown, len(self.battles.log(self.battle)))

    def _save(self, rest: str, node: Turn) -> None:
        path = Path(rest) if rest else self.session.save
        if path is None:
            raise SkirmishError("save: name a file, or start the battle with --save FILE")
        from skirmish.engine.battle import check_save_path

        self.write(check_save_path(path, "save"))

    def _help(self, rest: str, node: Turn) -> None:
        ordered = tuple(o.action for o in self.options(node))
        for text in self.battles.help_lines(self.battle, ordered):
            say(text)

    def _hint(self, rest: str, node: Turn) -> None:
        ordered = tuple(o.action for o in self.options(node))
        for text in self.advice.hint_lines(self.battle, node.player, ordered):
            say(text)

    def write(self, path: Path, *, quiet: bool = False) -> None:
        try:
            path.write_text(self.battles.saved(self.session), encoding="utf-8")
        except OSError as error:
            raise SkirmishError(
                f"{path}: cannot write the battle record: {error.strerror}"
            ) from None
        if not quiet:
            typer.echo(f"wrote {path}", err=True)


RECAP = 8
"""Log lines shown again when a saved battle is resumed."""
MOST_LINES = 30
"""The most lines of options printed under a question; more are listed by 'help'."""


def option_lines(options: tuple[Any, ...], width: int = 78) -> list[str]:
    """Numbered options, one a line; the ways to pay one thing under it, side by side."""
    lines: list[str] = []
    number = 0
    while number < len(options):
        option = options[number]
        if not option.group:
            number += 1
            lines.append(f"  {number}. {option.text}")
            continue
        lines.append(f"  {option.group}, paying:")
        row = "    "
        while number < len(options) and options[number].group == option.group:
            number += 1
            item = f" {number}. {options[number - 1].text}"
            if len(row) + len(item) > width and row.strip():
                lines.append(row)
                row = "    "
            row += item
        lines.append(row)
    return lines


DRAW_OVERLAYS = ("reach", "attacker", "target", "attack")
"""What ``draw`` in a battle adds to the picture, as ``skirmish draw`` does for a file."""


def _fitted(text: str) -> str:
    """A refusal at the terminal, broken between words (whole when piped)."""
    from skirmish.cli.render import wrapped

    return wrapped(text, indent=4)


def _words(text: str) -> list[str]:
    """A command's words, quotes keeping a name with spaces whole."""
    import shlex

    try:
        return shlex.split(text)
    except ValueError as error:
        raise SkirmishError(f"{text!r}: {error}") from None


def _picture_named(rest: str) -> bool:
    """Whether ``draw``'s first word names a picture file (else it takes a card)."""
    first = rest.split(" ", 1)[0].casefold()
    return first.endswith((".png", ".svg", ".pdf"))


def show_tables(battles: Battles[Any], battle: Any) -> None:
    """The fighters, and the objects and markers, as every player may see them."""
    rows = battles.status_rows(battle)
    if rows:
        _table(rows, battles.title(battle))
    else:
        typer.echo("no fighters yet: the warbands are being built")
    things = battles.object_rows(battle)
    if things:
        _table(things, "objects and markers")


def _table(rows: list[dict[str, str]], title: str) -> None:
    """Rows of one kind (the same keys) as a table at the terminal."""
    from skirmish.cli.render import show
    from skirmish.report import Grid, Report

    grid = Grid(tuple(rows[0]), tuple(tuple(row.values()) for row in rows), title=title)
    show(Report((grid,)), as_json=False)
