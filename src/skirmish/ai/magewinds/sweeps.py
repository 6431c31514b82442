"""The options of ``skirmish sweep magewinds``, and the sweep plan they describe (kept with
the computer players, as the plan is theirs to run: a game never imports them).

Everything a user types is checked here before any battle or any process starts: the
scenarios, the warbands (every legal one of the pack, or a file's, each checked against
10.2), the players (restrictions named as the pack names them), the seeds and the sizes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated

from pydantic import Field, model_validator

from skirmish.ai.sweep import MOST_BATCHES, MOST_PAIRINGS, Plan, all_warbands, pairings
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.agreed import WARBAND_SLOTS, Length
from skirmish.games.magewinds.battles import BATTLES, RoundLimit, WarbandLength
from skirmish.limits import SIMULATED, WORKERS
from skirmish.options import Flag, Name, Seed
from skirmish.options import Options as Flags

SCHEDULER = re.compile(r"^(tcp|tls|inproc|ucx)://[A-Za-z0-9.\-\[\]:]+:\d{1,5}$")


class SweepOptions(Flags):
    """Play every pairing of warbands between computer players, in each scenario, on a
    Dask cluster (a local one by default), and write one row per battle as Parquet shards
    a report reads ('skirmish sweep report')."""

    scenario: Annotated[
        list[Name] | None,
        Flag("A scenario id (10.1); repeat for more.", metavar="NAME", rule="10.1"),
        Field(max_length=20),
    ] = None
    warbands: Annotated[
        Annotated[str, Field(min_length=1, max_length=300)],
        Flag(
            "'all' (every legal full warband of the pack at --length) or a file: a warband a "
            "line ('Wizard, Witch, Seer'), or a pairing a line ('Wizard, Witch vs Druid, Seer').",
            metavar="all|FILE",
        ),
    ] = "all"
    mirrors: Annotated[bool, Flag("Pair each warband with itself too.")] = False
    length: WarbandLength = Length.STANDARD
    rounds: RoundLimit = None
    players: Annotated[
        Annotated[str, Field(max_length=200)],
        Flag(
            "The computer players of each pairing's first and second warband (one for "
            "both): random, drawing, greedy, search:SECONDS, each with :without=NAME to never use "
            "an ability, spell, attack or fighter action (greedy:without=Blink).",
            metavar="KINDS",
        ),
    ] = "greedy,greedy"
    battles: Annotated[
        Annotated[int, SIMULATED.field()],
        Flag("Battles a pairing plays in each scenario (the most, with --until-ci)."),
    ] = 100
    seed: Annotated[Seed, Flag("Seed of every pairing's first pair of battles.", metavar="N")] = 1
    batch: Annotated[
        Annotated[int, Field(ge=1, le=1000)],
        Flag(
            "Battles a task plays (and a shard holds), 1-1000: more, fewer bytes a battle "
            "on disk; fewer, finer resuming and sharing out."
        ),
    ] = 100
    until_ci: Annotated[
        Annotated[float, Field(ge=0.005, le=0.5)] | None,
        Flag(
            "Stop a pairing in a scenario once its win rate's 95% interval is narrower "
            "than this either side (0.05: 5 points), checked after each batch.",
            metavar="HALF_WIDTH",
        ),
    ] = None
    workers: Annotated[
        Annotated[int, WORKERS.field()] | None,
        Flag("Processes of the local Dask cluster (default: one per core)."),
    ] = None
    scheduler: Annotated[
        Annotated[str, Field(max_length=300)] | None,
        Flag(
            "An existing Dask scheduler, tcp://HOST:PORT, instead of a local cluster.",
            metavar="ADDRESS",
        ),
    ] = None
    output: Annotated[
        Path | None,
        Flag(
            "The sweep's folder: manifest and shards; again to resume.",
            aliases=("-o",),
            metavar="SWEEP_DIR",
        ),
    ] = None
    pack: Annotated[
        Path | None,
        Flag("A fighter pack of your own added to the bundled one.", metavar="FILE"),
    ] = None

    @model_validator(mode="after")
    def _given(self) -> SweepOptions:
        if not self.scenario:
            raise ValueError("give --scenario (once per scenario to sweep)")
        if self.output is None:
            raise ValueError("give -o SWEEP_DIR, the folder the sweep writes (and resumes)")
        if self.scheduler is not None:
            if not SCHEDULER.match(self.scheduler):
                raise ValueError(
                    f"--scheduler {self.scheduler!r}: expected a scheduler's address such as "
                    "tcp://10.0.0.5:8786"
                )
            if self.workers is not None:
                raise ValueError(
                    "--workers: the cluster at --scheduler has its own workers; give one or "
                    "the other"
                )
        return self

    def plan(self) -> Plan:
        """The sweep these options describe, every part checked (one line on bad input)."""
        from skirmish.ai.players import simulated
        from skirmish.ai.restricted import parse_restricted
        from skirmish.ai.sweep import read_warbands
        from skirmish.engine.battle import MAX_SEED
        from skirmish.games.magewinds.battle.catalogue import find_scenario
        from skirmish.games.magewinds.battle.session import PLAYER_KINDS, parse_players
        from skirmish.games.magewinds.battle.setup import user_pack

        assert self.scenario is not None
        scenarios = []
        for name in self.scenario:
            chosen = find_scenario(name)
            if 2 not in chosen.players:
                raise SkirmishError(
                    f"--scenario {name}: a sweep pairs two warbands; {chosen.name} is for "
                    f"{' or '.join(map(str, chosen.players))} players"
                )
            if chosen.id in scenarios:
                raise SkirmishError(f"--scenario {name}: given twice")
            scenarios.append(chosen.id)
        pack, pack_file = user_pack(self.pack)
        slots = WARBAND_SLOTS[self.length]
        if self.warbands.strip().casefold() == "all":
            warbands, pairs = all_warbands(pack, slots), None
        else:
            warbands, pairs = read_warbands(Path(self.warbands), pack, slots)
        if pairs is not None and self.mirrors:
            raise SkirmishError(
                f"--mirrors: {self.warbands} lists its pairings, so none is added; list a "
                "mirror as 'A vs A', or list warbands one a line"
            )
        if pairs is None:
            if len(warbands) < 2 and not self.mirrors:
                raise SkirmishError(
                    f"--warbands {self.warbands}: one warband has no other to meet; list two "
                    "or more, or give --mirrors"
                )
            count = len(warbands) * (len(warbands) + (1 if self.mirrors else -1)) // 2
            if count > MOST_PAIRINGS:
                raise SkirmishError(
                    f"--warbands {self.warbands}: {count:,} pairings; at most "
                    f"{MOST_PAIRINGS:,} in one sweep"
                )
            pairs = pairings(len(warbands), mirrors=self.mirrors)
        kinds = [part.strip() for part in self.players.split(",")]
        if len(kinds) == 1:
            kinds *= 2
        if len(kinds) != 2:
            raise SkirmishError(
                f"--players {self.players!r}: one player for both warbands of a pairing, or "
                "two (the first's and the second's), e.g. greedy,greedy:without=Blink"
            )
        computers = tuple(kind for kind in PLAYER_KINDS if kind != "human")
        checked = []
        for kind in kinds:
            restriction = parse_restricted(kind, pack)
            base = parse_players(restriction.kind, 1, kinds=computers, example="greedy")[0]
            simulated(base, game=BATTLES.computers)
            checked.append(type(restriction)(base, restriction.without).text)
        batches = len(pairs) * len(scenarios) * -(-self.battles // self.batch)
        if batches > MOST_BATCHES:
            raise SkirmishError(
                f"--battles {self.battles}, --batch {self.batch}: {batches:,} batches; at most "
                f"{MOST_BATCHES:,} (give a larger --batch)"
            )
        last = self.seed + self.battles
        if last > MAX_SEED:
            raise SkirmishError(
                f"--seed {self.seed}: battles use seeds up to {last}, past the largest seed "
                f"{MAX_SEED}"
            )
        return Plan(
            scenarios=tuple(scenarios),
            length=self.length.value,
            warbands=warbands,
            pairings=pairs,
            players=(checked[0], checked[1]),
            battles=self.battles,
            seed=self.seed,
            batch=self.batch,
            until_ci=self.until_ci,
            rounds=self.rounds,
            # as the manifest keeps it (JSON), so a resumed sweep compares like with like
            pack_file=None if pack_file is None else json.loads(json.dumps(pack_file, default=str)),
            pack=None if self.pack is None else pack,
        )
