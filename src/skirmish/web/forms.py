"""A command's form, made from its options model, and the question a page's URL asks.

Every option of a command is a control named by its flag without the dashes
(``--no-dodge-step`` is ``no-dodge-step``), with the flag's help and limits beside it, so
the page and the command line ask the same things in the same words. A question lives in
the URL's query string; it is read back into the options model by the command line's own
:func:`skirmish.options.parse`, so a bad value is refused with the command line's message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from skirmish.errors import SkirmishError
from skirmish.options import OptionField, Options, once, option_fields, parse
from skirmish.web.pages import Problem
from skirmish.web.simulating import PAGE_LIMITS, PAGE_SLOTS, PAGE_VALUES, WITHHELD

if TYPE_CHECKING:
    from skirmish.games.base import Game
    from skirmish.web.store import Store

OUTPUTS = {
    "plot": "the page draws each case's chart itself",
    "output": "the page offers the file as a download (?format=csv, json or png)",
}
"""Options that write a file on the command line, which a page shows instead."""

PRESENTATION = {
    "fractions": "Show exact fractions instead of decimals and percentages.",
    "format": "json: the command line's --json answer instead of the page.",
    "side": "Side by side: the option given several times, one answer each.",
    "ask": "Answer even with every option left at its default.",
}

DOWNLOADS = {".csv": "text/csv", ".png": "image/png", ".svg": "image/svg+xml"}
"""Files a command with an ``--output`` option writes, offered as ``?format=csv``..."""
"""What a page's URL may say besides the command's options."""

SIDE_MOST = 8
"""Answers side by side at most: one table a phone can still read."""

TRUE = ("on", "true", "1", "yes")

NAMED = {"attacker", "target"}
"""Options whose values are picked from the roster's names."""


def input_name(option: OptionField) -> str:
    """The name of an option's control and query parameter: its flag without dashes."""
    return option.flag.removeprefix("--")


def form_options(model: type[Options]) -> tuple[OptionField, ...]:
    """The options a page's form offers: all of the model's but the files it writes and
    those of ``simulate`` a page plays without (:data:`~skirmish.web.simulating.WITHHELD`)."""
    return tuple(f for f in option_fields(model) if f.name not in OUTPUTS | WITHHELD.keys())


def _limits(option: OptionField, verb: str = "") -> str:
    if option.kind is bool:
        return ""
    parts = [PAGE_LIMITS[option.name]] if verb == "simulate" and option.name in PAGE_LIMITS else []
    if option.minimum is not None and option.maximum is not None:
        parts.append(f"{option.minimum} to {option.maximum}")
    elif option.minimum is not None:
        parts.append(f"at least {option.minimum}")
    if option.max_length is not None:
        parts.append(f"at most {option.max_length} characters")
    if option.multiple and option.max_items is not None:
        parts.append(f"up to {option.max_items} times")
    if option.default not in (None, False, ()) and not option.multiple:
        default = option.default.value if isinstance(option.default, Enum) else option.default
        parts.append(f"default {default}")
    return "; ".join(parts)


@dataclass
class Control:
    """One option as the form shows it: the kind of control, its values and its problem."""

    option: OptionField
    name: str
    kind: str
    """``checkbox``, ``select``, ``file`` or ``text``."""
    values: list[str]
    slots: int
    limits: str
    names: tuple[str, ...] = ()
    problem: str = ""

    @property
    def help(self) -> str:
        return self.option.help


@dataclass
class Question:
    """What a page's URL asks: the options given, how to show the answer, and the problem
    found reading it (one line, and the control it is about)."""

    game: Game
    verb: str
    given: dict[str, list[str]] = field(default_factory=dict)
    fractions: bool = False
    as_json: bool = False
    side: str = ""
    asked: bool = False
    download: str = ""
    """A file's suffix (``.csv``) when the URL asks for the command's --output file."""
    problem: str = ""
    problem_field: str = ""
    status: int = 200

    @property
    def model(self) -> type[Options]:
        return self.game.commands[self.verb]

    @property
    def empty(self) -> bool:
        return not self.given and not self.asked

    def side_values(self) -> list[str]:
        return self.given.get(self.side, []) if self.side else []

    def controls(self) -> list[Control]:
        """The form's controls, filled with what was asked."""
        names = roster_names(self.game)
        found = []
        for option in form_options(self.model):
            name = input_name(option)
            values = self.given.get(name, [])
            if self.empty and self.verb == "simulate" and option.name in PAGE_VALUES:
                values = [PAGE_VALUES[option.name]]  # a blank form within a page's budget
            if option.kind is bool:
                kind = "checkbox"
            elif option.choices is not None and not option.multiple:
                kind = "select"
            elif option.kind is Path:
                kind = "file"
            else:
                kind = "text"
            repeat = option.multiple or name == self.side
            most = option.max_items or 4 if option.multiple else SIDE_MOST
            slots = min(most, len(values) + 1) if repeat else 1
            if self.verb == "simulate" and option.name in PAGE_SLOTS:
                slots = min(most, max(slots, PAGE_SLOTS[option.name]))
            found.append(
                Control(
                    option=option,
                    name=name,
                    kind=kind,
                    values=values,
                    slots=max(slots, 2 if name == self.side else 1),
                    limits=_limits(option, self.verb),
                    names=names if option.name in NAMED else (),
                    problem=self.problem if self.problem_field == option.flag else "",
                )
            )
        order = {c.option.group: n for n, c in reversed(list(enumerate(found)))}
        return sorted(found, key=lambda c: (not c.option.group, order[c.option.group]))

    def options(
        self, store: Store, value: str | None = None, *, output: Path | None = None
    ) -> Options:
        """The options asked for (the side option set to ``value``; ``output`` the file
        the command writes), checked by the command's model; a refusal is a
        :class:`Problem` naming the control."""
        fields = {input_name(f): f for f in form_options(self.model)}
        typed: dict[str, object] = {} if output is None else {"output": str(output)}
        for name, values in self.given.items():
            option = fields[name]
            if name == self.side and value is not None:
                values = [value]
            try:
                if option.multiple:
                    typed[option.name] = list(values)
                    continue
                one = once(option, values)
            except SkirmishError as error:
                raise Problem(str(error), status=422, field=option.flag) from None
            if one is None:
                continue
            if option.kind is bool:
                typed[option.name] = True if one.casefold() in TRUE else one
            elif option.kind is Path:
                typed[option.name] = str(store.path(one, option.flag))
            else:
                typed[option.name] = one
        try:
            return parse(self.model, typed)
        except SkirmishError as error:
            raise self.refusal(store.shown(str(error)), status=422) from None

    def refusal(self, message: str, *, status: int = 400) -> Problem:
        """A problem with the answer, placed beside the control its message leads with,
        or else the one whose value it names (``unknown fighter 'Brute'``)."""
        lead = message.split(" ", 1)[0].rstrip(":,")
        flags = {flag: f.flag for f in option_fields(self.model) for flag in f.flags}
        if lead in flags:
            return Problem(message, status=status, field=flags[lead])
        quoted = re.search(r"'([^']+)'", message)
        named = [
            "--" + name
            for name, values in self.given.items()
            if quoted and any(v.casefold() == quoted.group(1).casefold() for v in values)
        ]
        return Problem(message, status=status, field=named[0] if len(named) == 1 else None)


def roster_names(game: Game, path: Path | None = None) -> tuple[str, ...]:
    """The roster's names a page suggests: the bundled roster's, with those of the user's
    file at ``path`` (an uploaded pack) added as the game's own reader adds them."""
    try:
        return tuple(str(item.name) for item in game.roster(path).items)
    except SkirmishError:  # the bundled rosters load; a bad pack is refused where it is read
        return roster_names(game) if path is not None else ()


def read_question(game: Game, verb: str, params: Sequence[tuple[str, str]]) -> Question:
    """The question a page's query string asks (unknown parameters refused, each naming
    the command's options)."""
    question = Question(game, verb)
    fields = {input_name(f): f for f in form_options(question.model)}
    for key, value in params:
        if key == "fractions":
            question.fractions = value.casefold() in TRUE
        elif key == "ask":
            question.asked = True
        elif key == "format":
            offered = ["json", "html"]
            if "output" in question.model.model_fields:
                offered += [suffix.lstrip(".") for suffix in DOWNLOADS]
            if value not in offered:
                raise Problem(
                    f"format {value[:20]!r}: expected one of {', '.join(offered)}", status=400
                )
            question.as_json = value == "json"
            question.download = "" if value in ("json", "html") else "." + value
        elif key == "side":
            if value not in fields or fields[value].kind is bool or fields[value].multiple:
                choices = ", ".join(n for n, f in fields.items() if f.kind is not bool)
                raise Problem(
                    f"side {value[:30]!r}: expected an option that takes one value ({choices})",
                    status=400,
                )
            question.side = value
        elif key in fields:
            question.given.setdefault(key, []).append(value)
        else:
            raise Problem(
                f"{key[:30]!r}: no such option of {verb} {game.name}; see the form for its options",
                status=400,
            )
    if question.side:
        count = len(question.side_values())
        if count > SIDE_MOST:
            raise Problem(
                f"side {question.side}: given {count} times; at most {SIDE_MOST} side by side",
                status=422,
                field="--" + question.side,
            )
        if count == 0:
            question.given.pop(question.side, None)
    return question


def query_of(params: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """A query string's parameters without the empty ones a form sends for blank fields."""
    return [(k, v) for k, v in params if v.strip() != ""]


__all__ = [
    "DOWNLOADS",
    "OUTPUTS",
    "PRESENTATION",
    "SIDE_MOST",
    "Control",
    "Question",
    "form_options",
    "input_name",
    "query_of",
    "read_question",
]
