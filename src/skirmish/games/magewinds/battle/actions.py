"""How battle actions are written: short texts a person can type and a record can keep.

Positions are ``x,y`` in inches (``3.5,7.25``); cards are rank then suit (``KC``); several
cards are joined with ``+``. Words are matched in any case.

An action's record and its one text form are :mod:`.grammar`'s: a fighter's name may
hold the words an action is built of (a pack's ``Knight on Watch``), and the grammar reads
actions against the battle's own names, never splitting at a keyword.
"""

from __future__ import annotations

from skirmish.engine.battle import Action, IllegalAction
from skirmish.engine.logbook import point_text as point_text
from skirmish.games.magewinds.battle.points import MAX_COORDINATE as MAX_COORDINATE
from skirmish.games.magewinds.battle.points import Point, rounded
from skirmish.games.magewinds.battle.points import parse_point as parse_point


def written(point: Point, rule: str) -> Point:
    """``point`` as an action naming it is read back (:func:`point_text`, then
    :func:`parse_point` and the battle's rounding): the position an offered option is
    checked at, so that the check is the one the action meets when taken."""
    return rounded(parse_point(point_text(point), rule))


def same(action: Action, option: Action) -> bool:
    """Whether a typed action names an option (any case, any spacing)."""
    return " ".join(action.casefold().split()) == " ".join(option.casefold().split())


def pick(action: Action, options: tuple[Action, ...], rule: str, what: str) -> Action:
    """The option ``action`` names, or an error listing the legal ones."""
    for option in options:
        if same(action, option):
            return option
    shown = ", ".join(options[:12]) + (" ..." if len(options) > 12 else "")
    raise IllegalAction(f"{rule}: {action!r} is not a legal {what} now; legal: {shown}")


def after(action: Action, verb: str) -> str | None:
    """The rest of ``action`` when it starts with ``verb`` (any case), else None."""
    words = action.split()
    verb_words = verb.split()
    if [w.casefold() for w in words[: len(verb_words)]] == [w.casefold() for w in verb_words]:
        return " ".join(words[len(verb_words) :])
    return None
