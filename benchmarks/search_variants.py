"""The search player's options played on the ladder's battles, and compared battle by battle.

``python benchmarks/search_variants.py play VARIANT --scenario S --first N --battles K
--rows DIR`` plays battles ``N`` to ``N + K - 1`` of the ladder's rung ``search:1`` against
greedy (:mod:`ai`: the same seeds and seats as the ladder, the budget counted) in scenario
``S`` with the search player given the options :data:`VARIANTS` names, and keeps the rows
where ``ai.py --tally DIR/VARIANT`` reads them, beside a JSON line a searched decision
(its round, the drawn battles it compared its candidates in, how many candidates, and
whether it left the greedy player's choice).

``python benchmarks/search_variants.py compare BEFORE AFTER`` reads two folders of rows
kept so (or by ``ai.py --rows``), and for the battles both hold, by scenario and together,
counts the results each gave the search and how many changed for the better and for the
worse (loss, draw, win in that order), with a two-sided sign test on those changed
(``scipy.stats.binomtest``), and each side's win rate over them (Wilson's 95%); with
``--screened VARIANT``, AFTER holds the battles the screen below lists for VARIANT, and
every battle BEFORE holds is counted, the others as kept. ``python benchmarks/search_variants.py decisions DIR`` tells
the kept decisions: how many were compared in no, one, or more drawn battles, and where
the search left the greedy choice.

``python benchmarks/search_variants.py screen DIR VARIANT`` lists the battles a variant
that only chooses otherwise among the same look-aheads (its options among
:data:`SCREENABLE`: what a draw is worth, the margins, the fewest drawn battles) can play
otherwise than the rows kept in ``DIR`` (with their decisions, as ``play`` keeps them):
those with a kept decision that reads the variant's options (a draw's worth and the
endgame's margin in the endgame, the margin before it, the fewest drawn battles in both) where the variant's rule
(:func:`~skirmish.ai.magewinds.search.chosen` on the kept values) would choose otherwise,
or where the default's rule on the kept values, rounded to three places, does not give
the choice kept (22 of the seventh sitting's 4,240 decisions before the endgame: gains
below the rounding), so the variant's choice there cannot be vouched for. Until its first such decision a battle is the
very same (the same seeds, so the same drawn battles and look-aheads), so in every other
battle the variant plays the kept battle step for step, and playing the listed battles
alone measures the variant on all of them. A leaf worth exactly 0 that was not a draw
would be read as one (in an endgame, only a position scored in overtime can be).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any, ClassVar

from ai import SEED, ladder_match, rows_path  # benchmarks/ai.py, beside this file
from skirmish.ai.magewinds import search
from skirmish.ai.magewinds.plans import Plan
from skirmish.ai.simulate import Outcome, interval, read_rows, rows_csv, simulate, spans
from skirmish.games.magewinds.battle.state import Battle

VARIANTS: dict[str, dict[str, Any]] = {
    "T1E": {"dice": "world", "fit": False},
    "greedy": {"width": 1, "dice": "world", "fit": False},
    "default": {},
    "common": {"dice": "common"},
    "least2": {"least": 2},
    "common-least2": {"dice": "common", "least": 2},
    "common-fit": {"dice": "common", "fit": True},
    "to-end-18": {"to_end": 18},
    "through-2": {"through": 2},
    "phase-end": {"through": 20},
    "margin-0": {"margin": 0.0},
    "draw-loss": {"draw": -60.0},
    "draw-loss-18": {"draw": -60.0, "to_end": 18},
    "endgame-margin-0": {"endgame_margin": 0.0},
    "margin-1": {"margin": 1.0},
    "margin-3": {"margin": 3.0},
}
"""Each variant's options for :class:`~skirmish.ai.magewinds.search.SearchPlayer` (``T1E``
the fifth sitting's search; ``greedy`` that player searching no candidate but the greedy
player's choice, on the same seeds and seats; ``default`` the search as it plays now, which
since the sixth sitting is ``common-fit``; ``to-end-18`` plays the look-aheads to the
battle's end from 18 actions left in the last round, where a counted second of 70 gives
the endgame's three candidates about the two drawn battles 8 gave them at 30;
``through-2`` plays each look-ahead through two of the player's own later activations, as
a search of 2 s or more does, spending the seventh sitting's larger count on depth rather
than on more drawn battles; ``phase-end`` plays each look-ahead through every later
activation of the round to the Action Phase's end, the field cut to what a round of such
look-aheads costs; ``margin-0`` plays the candidate with the best mean over the drawn
battles, with no margin over the greedy choice; ``draw-loss`` scores a draw at the end of
an endgame look-ahead as a loss, -60, as the ladder counts it (a draw is a battle not won),
so the search plays its last actions for a win; ``draw-loss-18`` does so over the whole
last round, from 18 actions left; ``endgame-margin-0`` plays, in the last round's
endgame, the candidate that did best over the drawn battles played to the end, with no
margin over the greedy choice; ``margin-1`` and ``margin-3``, one and three standard
errors before the endgame where the default asks two)."""
RUNG = ("search:1", "greedy")
SCREENABLE = frozenset({"draw", "margin", "endgame_margin", "least"})
"""The options :func:`screen` can screen: they change only how the candidates are chosen
from their look-aheads' values."""
ENDGAME_READS = frozenset({"draw", "endgame_margin", "least"})
"""The options an endgame decision's choice reads (before the endgame: the margin and the
fewest drawn battles)."""


class Noted(search.SearchPlayer):
    """The search player with a variant's options, each searched decision noted."""

    options: ClassVar[dict[str, Any]] = {}
    notes: ClassVar[list[dict[str, Any]]] = []

    def __init__(self, *args: Any, **given: Any) -> None:
        super().__init__(*args, **{**given, **self.options})

    def search(
        self, view: Any, battle: Battle, plans: list[Plan], rng: Random, started: float
    ) -> Plan:
        before = len(self.stats.playouts)
        self.values: list[float] = []
        best = super().search(view, battle, plans, rng, started)
        if len(self.stats.playouts) > before:
            worlds, compared = self.stats.rounds[-1], self.stats.compared[-1]
            self.notes.append(
                {
                    "round": battle.round,
                    "candidates": compared,
                    "worlds": worlds,
                    "left": plans.index(best) != 0,
                    "endgame": self._to_end,
                    "plans": [" / ".join(map(str, p.actions)) for p in plans],
                    "greedy values": [round(p.value, 3) for p in plans],
                    "values": [
                        [round(v, 3) for v in self.values[k::compared][:worlds]]
                        for k in range(compared)
                    ],
                    "chosen": plans.index(best),
                }
            )
        return best

    def playout(self, battle: Battle, plan: Plan, rng: Random) -> float:
        value = super().playout(battle, plan, rng)
        self.values.append(value)
        return value


def play(variant: str, scenario: str, first: int, battles: int, rows: Path) -> None:
    Noted.options = VARIANTS[variant]
    search.SearchPlayer = Noted  # type: ignore[misc]  # the computers module takes it by name
    match = ladder_match(*RUNG, scenario)
    found: list[Outcome] = []
    notes: ClassVar[list[dict[str, Any]]] = []
    written: Path | None = None
    for index in range(first - 1, first - 1 + battles):
        Noted.notes = []
        (outcome,) = simulate(match, battles=1, seed=SEED, workers=1, first=index)
        found.append(outcome)
        notes.extend({"battle": index + 1, **note} for note in Noted.notes)
        print(f"{variant} {scenario} {index + 1}: winner {outcome.winner}", flush=True)
        # The slice so far, kept after every battle (so a slice cut short keeps its rows).
        path = rows_path(rows / variant, *RUNG, scenario, spans(o.index + 1 for o in found))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(rows_csv(match, found))
        path.with_suffix(".jsonl").write_text("".join(json.dumps(n) + "\n" for n in notes))
        if written is not None and written != path:
            written.unlink()
            written.with_suffix(".jsonl").unlink()
        written = path


def kept(folder: Path) -> dict[str, dict[int, int]]:
    """The search's result in each battle kept under ``folder`` (``search_1-v-greedy``), by
    scenario and battle number: 1 won, 0 drawn, -1 lost."""
    results: dict[str, dict[int, int]] = {}
    files: dict[str, list[Path]] = {}
    for path in sorted((folder / "search_1-v-greedy").glob("*.csv")):
        files.setdefault(path.name.split(".")[0], []).append(path)
    for scenario, paths in files.items():
        outcomes = read_rows(ladder_match(*RUNG, scenario), SEED, paths)
        results[scenario] = {
            o.index + 1: 0 if o.winner is None else (1 if o.winner == 0 else -1) for o in outcomes
        }
    return results


def compare(before: Path, after: Path, screened: str | None = None) -> None:
    from scipy.stats import binomtest

    old, new = kept(before), kept(after)
    if screened is not None:
        new = whole(before, old, new, screened)
    together: Counter[str] = Counter()
    lines = []
    for scenario in sorted(set(old) & set(new)):
        common = sorted(set(old[scenario]) & set(new[scenario]))
        counts = tally(old[scenario], new[scenario], common)
        together.update(counts)
        lines.append((f"{scenario} {spans(common)}", counts))
    lines.append(("both", together))
    shown = f"{after}, screened as {screened}" if screened else str(after)
    print(f"{before} -> {shown} (search:1 against greedy: won / drawn / lost)")
    for name, counts in lines:
        changed = counts["better"] + counts["worse"]
        p = binomtest(counts["better"], changed).pvalue if changed else 1.0
        print(
            f"  {name:28} {counts['battles']:3} battles: "
            f"{counts['old won']:3} / {counts['old drawn']:2} / {counts['old lost']:3} -> "
            f"{counts['new won']:3} / {counts['new drawn']:2} / {counts['new lost']:3}; "
            f"better {counts['better']}, worse {counts['worse']} (sign test p = {p:.3f})"
        )
    for side in ("old", "new"):
        won, battles = together[f"{side} won"], together["battles"]
        low, high = interval(won, battles)
        print(f"  {side}: won {won} of {battles}, {won / battles:.1%} [{low:.1%}, {high:.1%}]")


def whole(
    before: Path, old: dict[str, dict[int, int]], new: dict[str, dict[int, int]], variant: str
) -> dict[str, dict[int, int]]:
    """The results ``variant`` gives on every battle kept under ``before``: those
    :func:`screen` lists taken from ``new`` (every one must have been played), the rest
    the kept ones (the very same battles, step for step)."""
    listed = screen(before, variant)
    missing = [i for i in listed if int(i.split(":")[1]) not in new.get(i.split(":")[0], {})]
    if missing:
        raise SystemExit(f"search_variants.py: {variant} has not played {' '.join(missing)}")
    results = {scenario: dict(found) for scenario, found in old.items()}
    for item in listed:
        scenario, number = item.split(":")
        results[scenario][int(number)] = new[scenario][int(number)]
    return results


def tally(old: dict[int, int], new: dict[int, int], battles: list[int]) -> Counter[str]:
    names = {1: "won", 0: "drawn", -1: "lost"}
    counts: Counter[str] = Counter(battles=len(battles))
    for battle in battles:
        counts[f"old {names[old[battle]]}"] += 1
        counts[f"new {names[new[battle]]}"] += 1
        counts["better"] += new[battle] > old[battle]
        counts["worse"] += new[battle] < old[battle]
    return counts


def notes(folder: Path) -> Iterator[dict[str, Any]]:
    for path in sorted(folder.glob("**/*.jsonl")):
        scenario = path.name.split(".")[0]
        for line in path.read_text().splitlines():
            yield {"scenario": scenario, **json.loads(line)}


def decisions(folder: Path) -> None:
    found = list(notes(folder))
    for scenario in sorted({n["scenario"] for n in found}):
        mine = [n for n in found if n["scenario"] == scenario and not n["endgame"]]
        by_worlds = Counter(min(n["worlds"], 3) for n in mine)
        left = Counter(min(n["worlds"], 3) for n in mine if n["left"])
        ends = [n for n in found if n["scenario"] == scenario and n["endgame"]]
        print(f"{scenario}: {len(mine)} searched decisions before the endgame")
        for worlds in range(4):
            shown = f"{worlds}+" if worlds == 3 else str(worlds)
            print(
                f"  compared in {shown:2} drawn battles: {by_worlds[worlds]:4} "
                f"({by_worlds[worlds] / max(1, len(mine)):.0%}), greedy choice left in "
                f"{left[worlds]}"
            )
        print(f"  endgame: {len(ends)}, greedy choice left in {sum(n['left'] for n in ends)}")


def rechosen(note: dict[str, Any], options: dict[str, Any]) -> int:
    """The candidate a search with ``options`` (among :data:`SCREENABLE`) would choose from a
    kept decision's values (a draw at the end of an endgame look-ahead kept as
    :data:`~skirmish.ai.magewinds.search.DRAW`, so read as one)."""
    values: list[list[float]] = note["values"]
    if note["endgame"]:
        draw = options.get("draw", search.DRAW)
        values = [[draw if v == search.DRAW else v for v in row] for row in values]
        margin = options.get("endgame_margin", search.ENDGAME_MARGIN)
    else:
        margin = options.get("margin", search.MARGIN)
    return search.chosen(values, margin, options.get("least", search.LEAST))


def screen(folder: Path, variant: str) -> list[str]:
    """The battles (``scenario:number``) kept under ``folder`` that ``variant`` can play
    otherwise: one of their kept decisions it would choose otherwise (:func:`rechosen`)."""
    options = VARIANTS[variant]
    if not set(options) <= SCREENABLE:
        unknown = ", ".join(sorted(set(options) - SCREENABLE))
        raise SystemExit(
            f"search_variants.py: {variant} changes {unknown}, which changes the look-aheads "
            f"themselves; only {', '.join(sorted(SCREENABLE))} can be screened"
        )
    found = {
        f"{n['scenario']}:{n['battle']}"
        for n in notes(folder)
        if set(options) & (ENDGAME_READS if n["endgame"] else {"margin", "least"})
        and (n["chosen"] != rechosen(n, options) or n["chosen"] != rechosen(n, {}))
    }
    return sorted(found, key=lambda item: (item.split(":")[0], int(item.split(":")[1])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    played = commands.add_parser("play", help="play a variant on a slice of the ladder")
    played.add_argument("variant", choices=sorted(VARIANTS))
    played.add_argument("--scenario", required=True, choices=("deathmatch", "king-of-the-hill"))
    played.add_argument("--first", type=int, default=1)
    played.add_argument("--battles", type=int, default=20)
    played.add_argument("--rows", type=Path, required=True)
    compared = commands.add_parser("compare", help="two variants' rows battle by battle")
    compared.add_argument("before", type=Path)
    compared.add_argument("after", type=Path)
    compared.add_argument(
        "--screened",
        choices=sorted(VARIANTS),
        help="AFTER holds the battles this variant's screen lists; count every battle of "
        "BEFORE, the rest as kept",
    )
    told = commands.add_parser("decisions", help="the kept decisions' drawn battles")
    told.add_argument("folder", type=Path)
    screened = commands.add_parser("screen", help="the battles a choosing variant changes")
    screened.add_argument("folder", type=Path)
    screened.add_argument("variant", choices=sorted(VARIANTS))
    given = parser.parse_args()
    if given.command == "play":
        if given.first < 1 or given.battles < 1:
            sys.exit("search_variants.py: --first and --battles count from 1")
        play(given.variant, given.scenario, given.first, given.battles, given.rows)
    elif given.command == "compare":
        compare(given.before, given.after, given.screened)
    elif given.command == "screen":
        print(" ".join(screen(given.folder, given.variant)))
    else:
        decisions(given.folder)


if __name__ == "__main__":
    main()
