"""``simulate`` in a page: many battles between computer players, the wins counted, as
``skirmish simulate GAME`` counts them, within a budget a page keeps to.

The battles are seeded, so the question in the URL (its options and ``--seed``) plays the
same battles again into the same table: a link is the answer. A page plays at most
:data:`PAGE_BATTLES` battles, by the players of :data:`PAGE_PLAYERS` only (a search
player thinks for seconds a decision), and at most :data:`PAGE_GREEDY` battles x fighters
of greedy players, so no request runs past a page's bound; longer runs are
the command line's. The options that write or read files or start processes (``-o``,
``--tally``, ``--workers``) are not offered (:data:`WITHHELD`).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, Protocol

from skirmish.web.pages import Problem

if TYPE_CHECKING:
    from skirmish.games.base import Game
    from skirmish.options import Options
    from skirmish.report import Report


class Asked(Protocol):
    """What :func:`simulated` reads of a page's question (a
    :class:`~skirmish.web.forms.Question`, which reads this module's budget)."""

    @property
    def game(self) -> Game: ...

    def side_values(self) -> list[str]: ...


PAGE_BATTLES = 20
"""The most battles one page plays, side-by-side answers counted together: greedy
battles take a second or two of CPU each, so a page answers within about half a minute."""

PAGE_GREEDY = 60
"""The most greedy fighter-battles one page plays (battles x fighters in the warbands of
greedy players): a greedy player weighs every action of each of its fighters, measured
about 0.3 s of CPU per fighter per battle (20 battles of three fighters a side, both
greedy: 35 s), so 60 is about 20 s, within a page's 30 s bound. Random players cost
about a tenth of that (20 battles of five a side: 8 s) and are bounded by battles alone."""

PAGE_PLAYERS = ("random", "greedy")
"""The computer players a page may seat: neither looks ahead for seconds a decision."""

WITHHELD = {
    "tally": "reads result files a run wrote with -o; the page plays its battles itself",
    "workers": "starts processes; a page plays its few battles in one (the same answer)",
}
"""``simulate``'s options a page does not offer (``-o`` is in
:data:`~skirmish.web.forms.OUTPUTS`), and why."""

PAGE_LIMITS = {
    "battles": f"in a page at most {PAGE_BATTLES}, and battles x fighters of greedy players "
    f"at most {PAGE_GREEDY} (the command line: more)",
    "players": f"in a page {' or '.join(PAGE_PLAYERS)} only",
}
"""What a page adds to a control's limits beside it."""

PAGE_VALUES = {"battles": str(PAGE_BATTLES)}
"""What a blank form fills in, where the command's default is past a page's budget."""

PLAYING = threading.Lock()
"""Held while a page plays its battles: one simulation at a time, so two pages never take
both of a small server's worker threads, and the collector's tuning for a run of battles
(:func:`skirmish.ai.collection.tuned`, process-wide) is never entered twice at once."""

PAGE_SLOTS = {"warband": 4}
"""Boxes a repeatable option shows at least: a simulation needs a warband per player (up
to four seats); blank boxes are dropped from the link."""


def simulated(question: Asked, options: Options) -> Report:
    """``skirmish simulate``'s answer to ``options`` (its table and ``--json``), once the
    page's budget allows it: too many battles or a search player is one :class:`Problem`
    beside its control (422)."""
    from dataclasses import replace

    from skirmish.ai.simulate import Match, plural, report, rows_csv, simulate, spans

    settings: Any = options
    if settings.output is not None and settings.output.suffix != ".csv":
        raise Problem(
            f"format {settings.output.suffix.lstrip('.')}: simulate writes its battles' rows "
            "as CSV; ask ?format=csv (or json for its answer)",
            status=400,
        )
    sides = max(1, len(question.side_values()))
    if settings.battles * sides > PAGE_BATTLES:
        each = f" x {sides} side by side" if sides > 1 else ""
        raise Problem(
            f"--battles {settings.battles}{each}: a page plays at most {PAGE_BATTLES} "
            f"battles; run 'skirmish simulate {question.game.name}' for more",
            status=422,
            field="--battles",
        )
    for kind in (part.strip().casefold() for part in settings.players.split(",")):
        if kind not in PAGE_PLAYERS:
            raise Problem(
                f"--players {settings.players!r}: a page seats only "
                f"{' or '.join(PAGE_PLAYERS)} players; run 'skirmish simulate "
                f"{question.game.name}' for {kind[:20]!r}",
                status=422,
                field="--players",
            )
    match = Match.from_options(settings)
    greedy = sum(
        len(w) for w, kind in zip(match.warbands, match.kinds, strict=True) if kind == "greedy"
    )
    if settings.battles * sides * greedy > PAGE_GREEDY:
        raise Problem(
            f"--battles {settings.battles}: {settings.battles * sides} battles x {greedy} "
            f"fighters of greedy players is {settings.battles * sides * greedy}; a page plays "
            f"at most {PAGE_GREEDY} (about 20 s); give fewer battles, fighters or greedy "
            f"players, or run 'skirmish simulate {question.game.name}'",
            status=422,
            field="--battles",
        )
    first = settings.first_battle - 1
    if not PLAYING.acquire(blocking=False):
        raise Problem(
            "another simulation is being played on this server; ask again in a moment "
            "(a page plays one at a time)",
            status=503,
        )
    try:
        outcomes = simulate(match, battles=settings.battles, seed=settings.seed, first=first)
    finally:
        PLAYING.release()
    count = len(outcomes)
    battles = f"{count} {plural(count, 'battle')}"
    numbers = spans(o.index + 1 for o in outcomes)
    if numbers not in (f"1-{count}", "1"):  # a slice of a run, numbered as the CLI does
        battles += f" ({numbers})"
    pack = "" if settings.pack is None else f", pack {settings.pack.name}"
    title = f"{question.game.info.title}: {settings.scenario}, {battles}{pack}"
    found = report(match, outcomes, title)
    if settings.output is not None:  # ?format=csv: the rows -o writes, offered as a download
        found = replace(found, files=((settings.output, rows_csv(match, outcomes)),))
    return found


__all__ = [
    "PAGE_BATTLES",
    "PAGE_GREEDY",
    "PAGE_LIMITS",
    "PAGE_PLAYERS",
    "PAGE_SLOTS",
    "PAGE_VALUES",
    "WITHHELD",
    "Asked",
    "simulated",
]
