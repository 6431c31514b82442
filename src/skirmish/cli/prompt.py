"""Asking a player at the terminal, and saying which flag answers instead."""

from __future__ import annotations

import string
import sys
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import typer

from skirmish.cli.render import wrapped
from skirmish.engine import Decision, Mix, pure
from skirmish.errors import IllegalChoice

LETTERS = string.ascii_lowercase


def menu(decision: Decision) -> dict[str, str]:
    """The options by letter (a, b, c...), so an answer cannot be taken for a die or a count."""
    return dict(zip(LETTERS, decision.options, strict=False))


class Prompter:
    """A player at the terminal: answers by letter or by name; hidden choices unseen.

    The question, the advisor's hint and the lettered options are fitted to the
    terminal's width, broken between words. Without a terminal, the error names the flag
    that answers the decision (``flag``); an answer that is no option goes on to be
    refused as illegal, naming the rule.
    """

    def __init__(
        self,
        flag: Callable[[Decision], str | None],
        advisor: Callable[[Decision], Mapping[str, Any]] | None = None,
    ) -> None:
        self.flag = flag
        self.advisor = advisor

    def __call__(self, decision: Decision) -> Mix:
        if len(decision.options) == 1:
            return pure(decision.options[0])
        if not sys.stdin.isatty():
            flag = self.flag(decision)
            needs = f"give {flag}" if flag else "it can only be asked at a terminal"
            raise IllegalChoice(
                f"{decision.rule}: {decision.player}'s {decision.key} "
                f"({', '.join(decision.options)}): {needs}; no terminal to ask at"
            )
        options = menu(decision)
        hint = ""
        if self.advisor is not None:
            values = self.advisor(decision)
            hint = " (solved: " + ", ".join(f"{o} {_number(v)}" for o, v in values.items()) + ")"
        listing = " / ".join(f"{letter}: {option}" for letter, option in options.items())
        question = wrapped(f"{decision.prompt}{hint}\n  {listing}")
        answer = typer.prompt(question, hide_input=decision.hidden).strip()
        named = {o.casefold(): o for o in decision.options}
        return pure(options.get(answer.casefold(), named.get(answer.casefold(), answer)))


def _number(value: Any) -> str:
    return f"{float(value):.2f}" if isinstance(value, (Fraction, float, int)) else str(value)
