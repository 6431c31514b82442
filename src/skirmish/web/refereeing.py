"""One attack refereed in a page, as ``skirmish attack GAME`` referees it at a terminal.

The question is the command's options, a seed and the choices made so far, all in the
URL (``choose`` once per choice, in order), so a link replays the same dice and the same
choices into the same log. The referee core decides what is legal at each choice: the
page only lists a decision's options and sends back the one picked, and a choice that is
no option is refused with the core's own line, naming its rule.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from skirmish.cli.flags import Seeded
from skirmish.engine import Decision, FixedPolicy, Mix, pure
from skirmish.engine.continuation import Frame
from skirmish.engine.play import RefereeContext, run_to_end
from skirmish.engine.policy import checked
from skirmish.errors import IllegalChoice, SkirmishError
from skirmish.options import OptionField, option_fields, parse
from skirmish.web.forms import Control, Question, read_question
from skirmish.web.pages import Problem

if TYPE_CHECKING:
    from skirmish.games.base import Game, Referee
    from skirmish.web.store import Store

CHOICES_MOST = 64
"""Choices a link may carry: more than any one attack asks, few enough to read."""

CHOICE_LENGTH = 100
"""The longest choice a link may name: longer than any decision's option."""

TURN = {"seed", "choose"}
"""What an attack page's URL says besides the command's options."""


def seed_option() -> OptionField:
    """The command line's ``--seed`` flag, its help and limits, from its own model."""
    return next(f for f in option_fields(Seeded) if f.name == "seed")


@dataclass
class Attack:
    """What an attack page's URL asks: the command's question, its seed and choices."""

    question: Question
    seed: int | None = None
    seed_text: str = ""
    choices: list[str] = field(default_factory=list)

    def controls(self) -> list[Control]:
        """The command's controls and the seed's, each with its problem beside it."""
        option = seed_option()
        seed = Control(
            option=option,
            name="seed",
            kind="text",
            values=[self.seed_text] if self.seed_text else [],
            slots=1,
            limits=f"{option.minimum} to {option.maximum}",
            problem=self.question.problem if self.question.problem_field == "--seed" else "",
        )
        return [*self.question.controls(), seed]

    def query(self, choices: Sequence[str] | None = None) -> list[tuple[str, str]]:
        """The URL's parameters: options, seed, and ``choices`` (by default those made)."""
        given = [(k, v) for k, values in self.question.given.items() for v in values]
        seed = [("seed", str(self.seed))] if self.seed is not None else []
        made = self.choices if choices is None else choices
        return [*given, *seed, *(("choose", c) for c in made)]


def read_attack(game: Game, params: Sequence[tuple[str, str]]) -> Attack:
    """The attack a page's query string asks; a bad seed is refused beside its field
    with the command line's message, too many choices in one line."""
    own = [(k, v) for k, v in params if k not in TURN]
    attack = Attack(read_question(game, "attack", own))
    attack.choices = [v for k, v in params if k == "choose"]
    if len(attack.choices) > CHOICES_MOST:
        raise Problem(
            f"choose: given {len(attack.choices)} times; an attack asks at most {CHOICES_MOST}",
            status=422,
        )
    for choice in attack.choices:
        if len(choice) > CHOICE_LENGTH:
            raise Problem(
                f"choose {choice[:30]!r}...: at most {CHOICE_LENGTH} characters", status=422
            )
    seeds = [v for k, v in params if k == "seed"]
    if seeds:
        attack.seed_text = seeds[-1]
        try:
            attack.seed = parse(Seeded, {"seed": seeds[-1]}).seed
        except SkirmishError as error:
            attack.question.problem, attack.question.status = str(error), 422
            attack.question.problem_field = "--seed"
    return attack


def new_seed() -> int:
    """A seed for a page that gave none, as the command line draws one."""
    return random.SystemRandom().randrange(2**31)


class Pending(Exception):
    """The attack waits for a person's choice: ``decision``, after ``made`` choices (a
    ``problem`` when the next choice given was not one of its options)."""

    def __init__(self, decision: Decision, made: int, problem: str = "") -> None:
        super().__init__(decision.key)
        self.decision = decision
        self.made = made
        self.problem = problem


@dataclass
class Chooser:
    """The person at the page: each choice of the URL in turn, by option name (any
    case); a decision of one option answers itself, as at the terminal."""

    choices: Sequence[str]
    made: int = 0
    hidden: list[bool] = field(default_factory=list)
    """Whether each choice made was made face down."""

    def __call__(self, decision: Decision) -> Mix:
        if len(decision.options) == 1:
            return pure(decision.options[0])
        if self.made == len(self.choices):
            raise Pending(decision, self.made)
        given = self.choices[self.made]
        named = {o.casefold(): o for o in decision.options}
        mix = pure(named.get(given.casefold(), given))
        try:
            checked(decision, mix)
        except IllegalChoice as error:
            raise Pending(decision, self.made, str(error)) from None
        self.made += 1
        self.hidden.append(decision.hidden)
        return mix


@dataclass(frozen=True)
class Asked:
    """A decision the page asks: who, what, under which rule, and its options with the
    solved value of each (when the game's advisor gives them) and each option's link."""

    decision: Decision
    options: tuple[tuple[str, str, str], ...]
    """``(option, value shown, link)``."""
    solved: dict[str, str] = field(default_factory=dict)
    """Each option's exact solved value, when the game's advisor gives one."""
    problem: str = ""


@dataclass(frozen=True)
class Refereed:
    """The attack so far: its log, and either its result or the decision it waits on."""

    seed: int
    names: dict[str, Any]
    log: tuple[Any, ...]
    made: tuple[str, ...]
    result: dict[str, Any] | None = None
    asked: Asked | None = None
    hidden: tuple[bool, ...] = ()
    """Whether each choice made was made face down."""

    @property
    def shown(self) -> tuple[str, ...]:
        """The choices made as the page lists them: a face-down one stays face down until
        the attack is over (the referee's log reveals it when the rules do)."""
        if self.asked is None:
            return self.made
        return tuple(
            "(face down)" if hidden else made
            for made, hidden in zip(self.made, self.hidden, strict=True)
        )

    @property
    def json(self) -> dict[str, Any]:
        """``skirmish attack GAME --json``'s answer; while waiting, the decision asked."""
        body: dict[str, Any] = {"game": self.names["game"], "seed": self.seed}
        body.update({k: v for k, v in self.names.items() if k != "game"})
        if self.result is not None:
            body["result"] = self.result
        body["log"] = [entry.as_dict() for entry in self.log]
        if self.asked is not None:
            d = self.asked.decision
            body["asks"] = {
                "player": d.player,
                "decision": d.key,
                "rule": d.rule,
                "prompt": d.prompt,
                "options": list(d.options),
                "hidden": d.hidden,
                "made": len(self.made),
            }
            if self.asked.solved:
                body["asks"]["solved"] = self.asked.solved
        return body


def referee(attack: Attack, store: Store, path: str) -> Refereed:
    """Referee the attack with its seed and choices; a refusal of the options is one
    :class:`Problem` beside the control it names, a refused choice waits at its decision."""
    question = attack.question
    assert attack.seed is not None
    options = question.options(store)
    try:
        return _played(question.game.referee(options), attack, question.game, path)
    except Problem:
        raise
    except SkirmishError as error:
        raise question.refusal(store.shown(str(error)), status=422) from None


def _played(made: Referee, attack: Attack, game: Game, path: str) -> Refereed:
    """Play the procedure as :func:`skirmish.engine.play` does, keeping the log when a
    choice is still to be made."""
    from urllib.parse import urlencode

    assert attack.seed is not None
    chooser = Chooser(attack.choices)
    players = made.players or FixedPolicy(dict(made.answers), fallback=chooser)
    context = RefereeContext(random.Random(attack.seed), players, Frame.start(made.procedure))
    names = {"game": game.name, **made.names}
    try:
        outcome = run_to_end(context)
    except Pending as waiting:
        kept = attack.choices[: waiting.made]
        values = made.advisor(waiting.decision) if made.advisor is not None else {}
        options = tuple(
            (
                option,
                _value(values.get(option)),
                f"{path}?{urlencode(attack.query([*kept, option]))}",
            )
            for option in waiting.decision.options
        )
        return Refereed(
            attack.seed,
            names,
            tuple(context.entries),
            tuple(kept),
            hidden=tuple(chooser.hidden[: waiting.made]),
            asked=Asked(
                waiting.decision,
                options,
                {option: str(value) for option, value in values.items()},
                waiting.problem,
            ),
        )
    if chooser.made < len(attack.choices):
        raise Problem(
            f"choose {attack.choices[chooser.made][:30]!r}: the attack was over after "
            f"{chooser.made} choice{'' if chooser.made == 1 else 's'}; remove the rest",
            status=422,
        )
    return Refereed(
        attack.seed,
        names,
        tuple(context.entries),
        tuple(attack.choices),
        result=made.result(outcome),
        hidden=tuple(chooser.hidden),
    )


def _value(value: object) -> str:
    """A solved value as the terminal's prompt shows it (two decimals)."""
    if value is None:
        return ""
    try:
        return f"{float(value):.2f}"  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return str(value)


__all__ = [
    "CHOICES_MOST",
    "Asked",
    "Attack",
    "Chooser",
    "Pending",
    "Refereed",
    "new_seed",
    "read_attack",
    "referee",
    "seed_option",
]
