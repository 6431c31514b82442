"""A balance sweep: every pairing of warbands, in every scenario asked for, many battles
each, as rows a report can count.

A sweep is a :class:`Plan`: the warbands (every legal one of the pack at a length, or
those a file lists), the pairings (each warband against each other one, mirrors when
asked, or the pairs a file lists), the scenarios, the two players, the battles a pairing
plays in each scenario, and the seed. Battle ``k`` of a pairing in a scenario is battle
``k`` of :mod:`skirmish.ai.simulate`'s run of that pairing: seats swapped on paired seeds
(``seed + k // 2``, warband A in seat 1 on even ``k``), each battle of a mirror on its own
seed. Every pairing meets the same dice (common seeds), so pairings compare with less
noise.

The battles of a pairing in a scenario are cut into batches of :attr:`Plan.batch`; a batch
depends on the plan and its number alone, so it gives the same rows whichever process or
machine plays it, and again if played twice. :func:`play_batch` plays one and returns its
rows as plain columns (:data:`COLUMNS`), so a worker needs nothing but skirmish.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.errors import DataError, SkirmishError

if TYPE_CHECKING:
    from skirmish.ai.simulate import Match
    from skirmish.games.magewinds.pack import Pack

MOST_WARBANDS = 2_000
"""Warbands a sweep may pair (about two million pairings): more is refused before any work."""
MOST_PAIRINGS = 2_000_000
MOST_BATCHES = 10_000_000
"""Batches of one sweep: each is one shard on disk."""


@dataclass(frozen=True)
class Batch:
    """Battles ``first`` to ``first + count - 1`` of pairing ``pairing`` in scenario number
    ``scenario`` (its position in :attr:`Plan.scenarios`); ``number`` counts batches."""

    pairing: int
    scenario: int
    number: int
    first: int
    count: int

    @property
    def name(self) -> str:
        """The shard's file name."""
        return f"p{self.pairing:07d}-s{self.scenario:02d}-b{self.number:06d}.parquet"


@dataclass(frozen=True)
class Plan:
    """What a sweep plays; equal plans play equal rows."""

    scenarios: tuple[str, ...]
    length: str
    warbands: tuple[tuple[str, ...], ...]
    pairings: tuple[tuple[int, int], ...]
    players: tuple[str, str]
    """The computer player of each pairing's first warband (A) and second (B)."""
    battles: int
    """Battles a pairing plays in each scenario (the most, with :attr:`until_ci`)."""
    seed: int
    batch: int
    until_ci: float | None = None
    rounds: int | None = None
    pack_file: Any = None
    """The data of ``--pack``'s file (None: the bundled pack alone), so a worker sets up the
    very fighters the command read."""
    pack: Pack | None = field(default=None, compare=False, repr=False)

    def batches(self, pairing: int, scenario: int) -> list[Batch]:
        """The batches of one pairing in one scenario, in order."""
        count = math.ceil(self.battles / self.batch)
        return [
            Batch(
                pairing,
                scenario,
                n,
                n * self.batch,
                min(self.batch, self.battles - n * self.batch),
            )
            for n in range(count)
        ]

    def all_batches(self) -> Iterator[Batch]:
        for pairing in range(len(self.pairings)):
            for scenario in range(len(self.scenarios)):
                yield from self.batches(pairing, scenario)

    @property
    def total_battles(self) -> int:
        return len(self.pairings) * len(self.scenarios) * self.battles

    def as_dict(self) -> dict[str, Any]:
        """What the manifest says the sweep is (everything that changes a row)."""
        return {
            "game": "magewinds",
            "scenarios": list(self.scenarios),
            "length": self.length,
            "rounds": self.rounds,
            "players": list(self.players),
            "battles": self.battles,
            "seed": self.seed,
            "batch": self.batch,
            "until_ci": self.until_ci,
            "pack_file": self.pack_file,
            "warbands": [list(w) for w in self.warbands],
            "pairings": [list(p) for p in self.pairings],
        }

    def match(self, pairing: int, scenario: int) -> Match:
        """The :mod:`simulate` match of a pairing in a scenario."""
        from skirmish.ai.simulate import Match
        from skirmish.games.magewinds.battles import SimulateOptions

        a, b = self.pairings[pairing]
        warbands = (self.warbands[a], self.warbands[b])
        settings = SimulateOptions(
            scenario=self.scenarios[scenario],
            warband=[",".join(w) for w in warbands],
            length=self.length,  # type: ignore[arg-type]
            rounds=self.rounds,
        )
        return Match(warbands, self.players, settings, self.pack)


# -- warbands and pairings ----------------------------------------------------------------


def all_warbands(pack: Pack, slots: int) -> tuple[tuple[str, ...], ...]:
    """Every warband of ``pack`` at ``slots`` that is legal and full: no fighter may be
    added (10.2 and the pack's limits), in the pack's order of fighters."""
    from skirmish.games.magewinds.battle.setup import assembly_problem

    fighters = pack.fighters
    found: list[tuple[str, ...]] = []
    cheapest = min(f.slots for f in fighters)
    most = slots // max(1, cheapest)
    for size in range(1, most + 1):
        for chosen in combinations_with_replacement(range(len(fighters)), size):
            profiles = [fighters[i] for i in chosen]
            if sum(p.slots for p in profiles) > slots:
                continue
            if assembly_problem(pack, profiles, slots=slots) is not None:
                continue
            full = all(
                assembly_problem(pack, [*profiles, extra], slots=slots) is not None
                for extra in fighters
            )
            if full:
                found.append(tuple(p.name for p in profiles))
        if len(found) > MOST_WARBANDS:
            raise SkirmishError(
                f"--warbands all: the pack {pack.name!r} has more than {MOST_WARBANDS:,} "
                "warbands at this length; list the ones to sweep in a file"
            )
    return tuple(found)


PAIR = re.compile(r"\s+vs\.?\s+", re.IGNORECASE)


def read_warbands(
    path: Path, pack: Pack, slots: int
) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[int, int], ...] | None]:
    """The warbands a file lists, one a line (``Wizard, Witch, Seer``), or the pairings it
    lists (``Wizard, Witch vs Druid, Seer``), each checked against the pack (10.2); ``#``
    starts a comment. Returns the warbands, and the pairings when the file gives them."""
    from skirmish.datafiles import regular_file
    from skirmish.games.magewinds.battle.setup import assemble

    file = regular_file(path, "warbands")
    try:
        text = file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise DataError(f"{file}: cannot read the warbands: {error}") from None
    warbands: dict[tuple[str, ...], int] = {}
    pairs: list[tuple[int, int]] = []
    kinds = set()

    def band(words: str, where: str) -> int:
        names = [n.strip() for n in words.split(",") if n.strip()]
        try:
            profiles = assemble(pack, names, slots=slots, player=0)
        except SkirmishError as error:
            raise DataError(f"{where}: {error}") from None
        key = tuple(p.name for p in profiles)
        return warbands.setdefault(key, len(warbands))

    for number, line in enumerate(text.splitlines(), 1):
        where = f"{file}, line {number}"
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        sides = PAIR.split(line)
        if len(sides) > 2:
            raise DataError(f"{where}: a pairing is two warbands, 'A, B vs C, D'")
        kinds.add(len(sides))
        if len(kinds) > 1:
            raise DataError(f"{where}: list warbands or pairings ('A vs B'), not both")
        indices = [band(side, where) for side in sides]
        if len(sides) == 2:
            pairs.append((indices[0], indices[1]))
        if len(warbands) > MOST_WARBANDS:
            raise DataError(f"{where}: more than {MOST_WARBANDS:,} warbands")
    if not warbands:
        raise DataError(f"{file}: no warbands; one a line, e.g. 'Wizard, Witch, Seer'")
    return tuple(warbands), (tuple(pairs) if pairs else None)


def pairings(count: int, *, mirrors: bool) -> tuple[tuple[int, int], ...]:
    """Each warband against each other one once (and against itself with ``mirrors``)."""
    pick = combinations_with_replacement if mirrors else combinations
    return tuple(pick(range(count), 2))


# -- playing ------------------------------------------------------------------------------

COLUMNS = (
    "pairing",
    "scenario",
    "battle",
    "seed",
    "warband_a",
    "warband_b",
    "seat_a",
    "player_1",
    "winner",
    "rounds",
    "reason",
    "survivors_a",
    "survivors_b",
    "cards_a",
    "cards_b",
    "fighters",
)
"""One row per battle. Sides are ``0`` (the pairing's first warband, A) and ``1`` (B);
``player_1`` the side that was the scenario's Player 1 (3.1), ``winner`` the side that won
(None: a draw); ``seat_a`` the seat A sat in (1 or 2). ``reason`` is why the battle ended
(sides as "warband 1" for A and "warband 2" for B; :func:`end_kind` gives it without who or
the counts, a kind of ending to count). ``fighters`` is a list of each fighter's figures
(:data:`FIGHTER_FIELDS`)."""

FIGHTER_FIELDS = (
    "side",
    "fighter",
    "damage_dealt",
    "damage_taken",
    "takedowns",
    "out_of_action",
    "spells_cast",
    "cards_spent",
    "objects_carried",
)

COUNTS = re.compile(r" \([^()]*\d: \d[^()]*\)")


def end_kind(reason: str) -> str:
    """Why a battle ended, without who or the counts: the kind of ending a report counts
    ("a warband has the most fighters on the battlefield (ruling MB-4)")."""
    return re.sub(r"warband \d+", "a warband", COUNTS.sub("", reason))


def play_batch(plan: Plan, batch: Batch) -> dict[str, list[Any]]:
    """The rows of ``batch``'s battles, column by column (:data:`COLUMNS`). The garbage
    collector is tuned for runs of battles while it plays (:mod:`skirmish.ai.collection`):
    a Dask worker's own objects would otherwise be walked again and again, and the batch's
    own garbage is freed as it ends, so a worker playing batch after batch does not carry
    it on (a full pass over the worker's whole heap as a batch starts, tried first, broke
    a sweep resumed after its client was killed: ``tests/ai/test_sweep_cluster.py``)."""
    from skirmish.ai.collection import tuned

    with tuned():
        return _played_rows(plan, batch)


def _played_rows(plan: Plan, batch: Batch) -> dict[str, list[Any]]:
    from skirmish.ai.figures import battle_figures
    from skirmish.ai.simulate import played

    match = plan.match(batch.pairing, batch.scenario)
    a, b = plan.pairings[batch.pairing]
    rows: dict[str, list[Any]] = {name: [] for name in COLUMNS}
    for index in range(batch.first, batch.first + batch.count):
        outcome, history = played(match, plan.seed, index)
        figures = battle_figures(history)
        seating = outcome.seating
        cards = [0, 0]
        for seat, spent in enumerate(figures.cards):
            cards[seating[seat]] += spent
        fighters = [
            {
                "side": seating[f.seat],
                "fighter": f.profile,
                "damage_dealt": f.damage_dealt,
                "damage_taken": f.damage_taken,
                "takedowns": f.takedowns,
                "out_of_action": f.out_of_action,
                "spells_cast": f.spells_cast,
                "cards_spent": f.cards_spent,
                "objects_carried": f.objects_carried,
            }
            for f in sorted(figures.fighters.values(), key=lambda f: seating[f.seat])
        ]
        values = {
            "pairing": batch.pairing,
            "scenario": plan.scenarios[batch.scenario],
            "battle": index,
            "seed": outcome.seed,
            "warband_a": a,
            "warband_b": b,
            "seat_a": seating.index(0) + 1,
            "player_1": outcome.player_one,
            "winner": outcome.winner,
            "rounds": outcome.rounds,
            "reason": outcome.reason,
            "survivors_a": outcome.survivors[0],
            "survivors_b": outcome.survivors[1],
            "cards_a": cards[0],
            "cards_b": cards[1],
            "fighters": fighters,
        }
        for name in COLUMNS:
            rows[name].append(values[name])
    return rows


def half_width(wins: int, battles: int) -> float:
    """Half the width of the 95% Wilson interval of ``wins`` in ``battles``."""
    from skirmish.ai.simulate import interval

    low, high = interval(wins, battles)
    return (high - low) / 2


def settled(plan: Plan, winners: Sequence[int | None]) -> bool:
    """With ``--until-ci``: whether a pairing's battles so far in a scenario (their
    winners, in order) pin A's win rate closely enough to stop."""
    if plan.until_ci is None or not winners:
        return False
    return half_width(sum(1 for w in winners if w == 0), len(winners)) < plan.until_ci
