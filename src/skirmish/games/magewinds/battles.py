"""Magewinds battles in the registry: the options of ``play`` and ``replay``, and what a
terminal needs to run a battle (start, resume, replay, show, save).

Every rule lives in :mod:`skirmish.games.magewinds.battle`; this module only gathers it
under the names every game with battles gives (:class:`skirmish.games.base.Battles`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field, model_validator

from skirmish.engine.battle import (
    Figures,
    History,
    LogLine,
    Record,
    check_save_path,
    check_seed,
    load_record,
    to_record,
)
from skirmish.engine.battle import Session as BattleSession
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.agreed import (
    MAX_PLAYERS,
    Building,
    Crossing,
    Length,
    PoisonFalls,
    Split,
    Tie,
    WindburnBarrier,
)
from skirmish.games.magewinds.cards import CardWorth
from skirmish.games.magewinds.pack import Pack
from skirmish.limits import BATTLE_STEPS, FIRST_BATTLE, ROUNDS, SIMULATED, WORKERS
from skirmish.options import Flag, Name, Seed
from skirmish.options import Options as Flags
from skirmish.report import Grid, Report

if TYPE_CHECKING:
    from skirmish.games.magewinds.battle import Battle
    from skirmish.games.magewinds.battle.setup import Setup
    from skirmish.geometry.scene import Scene

WarbandLength = Annotated[Length, Flag("Warband size: quick 6, standard 8, long 10 slots.")]
"""The ``--length`` option of every command that plays battles (play, simulate, sweep)."""
RoundLimit = Annotated[
    Annotated[int, ROUNDS.field()] | None,
    Flag("Round limit, 1-20 (default: the scenario's)."),
]
"""The ``--rounds`` option of every command that plays battles."""


COMPUTERS = "skirmish.ai.magewinds.computers:COMPUTERS"
"""Where the Magewinds computer players are (:mod:`skirmish.ai.magewinds.computers`)."""


class BattleFlags(Flags):
    """What sets a Magewinds battle up: the scenario, the warbands and the table."""

    scenario: Annotated[
        Name | None,
        Flag(
            "A scenario id from 'skirmish scenarios magewinds' (10.1).", metavar="NAME", rule="10.1"
        ),
    ] = None
    scenario_version: Annotated[
        Annotated[str, Field(min_length=1, max_length=20)] | None,
        Flag(
            "An earlier page version of the scenario, e.g. 1.3.0 for Fragment Frenzy "
            "(default: the latest; 'skirmish scenarios magewinds' lists them; MB-28).",
            metavar="VERSION",
            rule="MB-28",
        ),
    ] = None
    warband: Annotated[
        list[Annotated[str, Field(max_length=300)]] | None,
        Flag(
            'A warband as fighter names, e.g. "Wizard,Cleric"; once per player (2 to 4, '
            "as the scenario allows). Without it the players build their warbands in play.",
            metavar="NAMES",
        ),
        Field(max_length=MAX_PLAYERS),  # more is refused by the scenario's count (10.1)
    ] = None
    building: Annotated[
        Building | None,
        Flag(
            "How the players build their warbands when no --warband is given (default "
            "secret; ruling MB-31).",
            rule="MB-31",
        ),
    ] = None
    battlefield: Annotated[
        Annotated[str, Field(min_length=1, max_length=300)] | None,
        Flag(
            "A bundled battlefield, a YAML file, or 'random' (default: the scenario's own).",
            metavar="TABLE",
        ),
    ] = None
    length: WarbandLength = Length.STANDARD
    rounds: RoundLimit = None
    last_stand: Annotated[
        Annotated[int, Field(ge=0, le=5)],
        Flag("Deathmatch's Heroic Last Stand hand-limit bonus, 0-5 (MB-4).", rule="MB-4"),
    ] = 1
    split: Annotated[Split, Flag("How the territories are cut (ruling MB-5).", rule="MB-5")] = (
        Split.LENGTHWISE
    )
    overtime: Annotated[
        Annotated[int, Field(ge=0, le=20)],
        Flag("Most rounds played past the round limit while nobody leads (MB-24).", rule="MB-24"),
    ] = 5
    tie: Annotated[
        Tie, Flag("King of the Hill's equal counts: draw, or fighters left (MB-32).", rule="MB-32")
    ] = Tie.DRAW
    poison_falls: Annotated[
        PoisonFalls,
        Flag(
            "Poison taking both warbands' last fighters: together or in-order (MB-33).",
            rule="MB-33",
        ),
    ] = PoisonFalls.TOGETHER
    windburn_barrier: Annotated[
        WindburnBarrier,
        Flag("Barrier may answer windburn damage: off or on (MB-14).", rule="MB-14"),
    ] = WindburnBarrier.OFF
    card_worth: Annotated[
        CardWorth,
        Flag(
            "A face card's or Ace's worth pays across the parts of a cost, or within one "
            "part only: across-parts or within-part (MB-2).",
            rule="MB-2",
        ),
    ] = CardWorth.ACROSS_PARTS
    fragment_crossing: Annotated[
        Crossing,
        Flag(
            "Fragment Frenzy v1.3.0: a Move crosses a fragment when the base or only the "
            "centre passes over it (MB-28).",
            rule="MB-28",
        ),
    ] = Crossing.BASE

    @property
    def simulated(self) -> SimulatedBattles:
        """Magewinds battles as a simulation asks for them."""
        return SIMULATED_BATTLES

    def setup(
        self, seed: int, warbands: list[list[str]] | None = None, pack: Pack | None = None
    ) -> Setup:
        """The battle's setup (a random table drawn from ``seed``), with ``warbands`` (by
        default those given) in seat order, from ``pack`` (the bundled one by default); empty
        warbands are built in play (ruling MB-31)."""
        from skirmish.games.magewinds.battle import Options, find_table, new_setup, random_table
        from skirmish.games.magewinds.battle.catalogue import find_scenario
        from skirmish.games.magewinds.field import STANDARD_WIDTH

        assert self.scenario is not None
        chosen = find_scenario(self.scenario, self.scenario_version)
        agreed = Options(
            self.length,
            self.rounds,
            self.last_stand,
            self.split,
            self.overtime,
            self.tie,
            self.poison_falls,
            self.windburn_barrier,
            self.card_worth,
            fragment_crossing=self.fragment_crossing,
        )
        if self.battlefield == "random":
            width = 2 * STANDARD_WIDTH if chosen.double_size else STANDARD_WIDTH
            table = random_table(
                seed,
                clear_radius=chosen.clear_radius,
                width=width,
                clear_corners=chosen.corner_radius,
            )
        else:
            table = find_table(self.battlefield or chosen.table)
        given = [w.split(",") for w in self.warband or []]
        bands = given if warbands is None else warbands
        building = None if any(bands) else (self.building or Building.SECRET)
        return new_setup(chosen, bands, table=table, options=agreed, pack=pack, building=building)


class PlayOptions(BattleFlags):
    """Play a whole Magewinds battle: people at the terminal, or computer players."""

    players: Annotated[
        Annotated[str, Field(max_length=100)],
        Flag(
            "Who plays each warband: human, random, drawing, greedy or search[:SECONDS], "
            "e.g. human,greedy.",
            metavar="KINDS",
        ),
    ] = "human,random"
    seed: Annotated[
        Seed | None, Flag("Seed of every die and card (printed when not given).", metavar="N")
    ] = None
    save: Annotated[Path | None, Flag("Write the battle record (JSON) here.", metavar="FILE")] = (
        None
    )
    pack: Annotated[
        Path | None,
        Flag(
            "A fighter pack of your own added to the bundled one, e.g. another page version "
            "(examples/packs/); kept in the record.",
            metavar="FILE",
        ),
    ] = None
    resume: Annotated[
        Path | None,
        Flag("Go on with a battle saved before (its record); saves back to it.", metavar="FILE"),
    ] = None
    position: Annotated[
        Path | None,
        Flag(
            "Start from a position file (YAML, docs/positions.md): fighters placed with "
            "their damage, hands, face-up row, round and phase.",
            metavar="FILE",
        ),
    ] = None
    from_step: Annotated[
        Annotated[int, BATTLE_STEPS.field()] | None,
        Flag(
            "With --resume: play on from the position after this step of the record, as a "
            "new battle saved to --save (the record is left as it is); 'replay FILE --step "
            "N' shows that position.",
            metavar="N",
        ),
    ] = None

    @model_validator(mode="after")
    def _new_or_resumed(self) -> PlayOptions:
        if self.position is not None:
            given = self.given(*BattleFlags.model_fields, "resume", "from_step", "pack")
            if given:
                raise ValueError(
                    f"{', '.join(given)}: --position sets the battle up (its scenario, "
                    "warbands, table and all); give only --players, --seed and --save with it"
                )
            return self
        if self.resume is not None:
            kept = [f for f in BattleFlags.model_fields if f not in ("players", "save")]
            ignored = self.given(*kept, "seed", "pack")
            if ignored:
                raise ValueError(
                    f"{', '.join(ignored)}: --resume goes on with the saved battle as it was "
                    "set up (its scenario, warbands, table, options, seed and pack); only "
                    "--players and --save may be given with it"
                )
        if self.resume is None and self.scenario is None:
            raise ValueError(
                "give --scenario (and --warband once per player, or build the warbands in "
                "play), or --resume a saved battle"
            )
        if self.scenario_version is not None and self.scenario is None:
            raise ValueError(
                "--scenario-version: a resumed battle keeps the version it was played with; "
                "give it with --scenario"
            )
        if self.from_step is not None and (self.resume is None or self.save == self.resume):
            raise ValueError(
                "--from-step: give --resume RECORD, and --save another file for the new "
                "battle (the record played from is kept as it is)"
            )
        if self.warband and self.building is not None:
            raise ValueError(
                "--building: the warbands are given by --warband, so none is built; give one "
                "or the other (ruling MB-31)"
            )
        return self


class ScenariosOptions(Flags):
    """List the Into the Tempest scenarios battles play: id, players, version, summary."""


def scenarios_report() -> Report:
    """Every scenario by its id, with its player counts, page version and a summary; an
    earlier version a table may choose (``--scenario-version``) follows its default. Read
    from the scenarios' pages alone, without loading the battle."""
    from skirmish.games.magewinds.scenario_pages import PAGES, players_text, version_number

    rows = tuple(
        (p.id, players_text(p), version_number(p) + ("" if p.default else " *"), p.summary)
        for p in PAGES
    )
    data = {
        "scenarios": [
            {
                "id": p.id,
                "name": p.name,
                "players": list(p.players),
                "version": p.version,
                "default": p.default,
                "rounds": p.rounds,
                "battlefield": p.table,
                "summary": p.summary,
            }
            for p in PAGES
        ]
    }
    grid = Grid(
        ("id", "players", "version", "summary"),
        rows,
        title="Magewinds scenarios",
        caption="* an earlier page version, played with --scenario-version (ruling MB-28)",
    )
    return Report((grid,), data)


class SimulatedBattles:
    """Magewinds battles as a simulation asks for them (:class:`skirmish.ai.simulate.Simulated`)."""

    computers = COMPUTERS

    def first_state(self, setup: Setup) -> Battle:
        from skirmish.games.magewinds.battle import start_battle

        return start_battle(setup)

    def figures(self, battle: Battle) -> Figures:
        survivors = [0] * battle.players
        for fighter in battle.on_battlefield():
            survivors[fighter.player] += 1
        return Figures(battle.first, battle.round, tuple(survivors))


class SimulateOptions(BattleFlags):
    """Play many Magewinds battles between computer players, seats turned on shared seeds
    (each battle on its own seed when every warband and player is the same), and count the
    wins with 95% intervals."""

    players: Annotated[
        Annotated[str, Field(max_length=100)],
        Flag(
            "The computer player of each warband: random, drawing, greedy or search[:SECONDS].",
            metavar="KINDS",
        ),
    ] = "greedy,random"
    battles: Annotated[
        Annotated[int, SIMULATED.field()],
        Flag(
            "How many battles: seats turned in groups on one seed, or each battle on its own "
            "seed when every warband and player is the same."
        ),
    ] = 100
    seed: Annotated[Seed, Flag("Seed of the first battle.", metavar="N")] = 1
    first_battle: Annotated[
        Annotated[int, FIRST_BATTLE.field()],
        Flag(
            "Start at this battle of the run from --seed: a long run split into slices "
            "plays the same battles, and the slices' CSV rows join up.",
            metavar="N",
        ),
    ] = 1
    workers: Annotated[
        Annotated[int, WORKERS.field()],
        Flag("Processes to play in; any number gives the same answer."),
    ] = 1
    output: Annotated[
        Path | None,
        Flag("Write one row per battle (CSV) here.", aliases=("-o",), metavar="FILE"),
    ] = None
    pack: Annotated[
        Path | None,
        Flag(
            "A fighter pack of your own added to the bundled one, e.g. a fighter before you "
            "print it or another page version (examples/packs/); read once, before any battle.",
            metavar="FILE",
        ),
    ] = None
    tally: Annotated[
        list[Path] | None,
        Flag(
            "Play nothing: count the battles this run wrote with -o to FILE (repeatable: "
            "slices join up), each row checked against the run, for the same table.",
            metavar="FILE",
        ),
        Field(max_length=1000),
    ] = None

    def entries(self) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...], Pack | None]:
        """The warbands (fighter names as the battle reads them), the computer player of
        each and the pack every battle reads, checked before any battle."""
        from skirmish.games.magewinds.battle.session import PLAYER_KINDS, parse_players
        from skirmish.games.magewinds.battle.setup import user_pack

        pack = None if self.pack is None else user_pack(self.pack)[0]
        checked = self.setup(self.seed, pack=pack)
        # The fighters as the battle reads them (names stripped, empty ones dropped, the
        # pack's spelling), so that two warbands the battle plays alike are alike here.
        warbands = tuple(tuple(p.name for p in band.profiles) for band in checked.warbands)
        if "human" in (part.strip().casefold() for part in self.players.split(",")):
            raise SkirmishError(
                f"--players {self.players!r}: a simulation is played by computer players "
                "(random, drawing, greedy, search[:SECONDS]); play a person with 'skirmish play'"
            )
        computers = tuple(kind for kind in PLAYER_KINDS if kind != "human")
        kinds = parse_players(self.players, len(warbands), kinds=computers, example="greedy")
        return warbands, kinds, pack

    @model_validator(mode="after")
    def _battle_given(self) -> SimulateOptions:
        if self.scenario is None or not self.warband:
            raise ValueError("give --scenario and --warband once per player")
        if self.building is not None:
            raise ValueError(
                "--building: a simulation plays the warbands given by --warband, each kept by "
                "its player; warbands are built in play only in 'skirmish play' (ruling MB-31)"
            )
        played = self.given("battles", "first_battle", "workers")
        if self.tally and played:
            raise ValueError(
                f"{', '.join(played)}: --tally plays nothing; the battles counted are those "
                "in its files"
            )
        return self


Session = BattleSession["Battle"]
"""A Magewinds battle being played (:class:`~skirmish.engine.battle.Session`)."""


def place_text(point: tuple[float, float]) -> str:
    """A position as a person reads it, to two decimals: ``7.38,7.05`` (actions keep
    their own exact text)."""
    return ",".join(f"{round(v, 2) or 0.0:.2f}".rstrip("0").rstrip(".") for v in point)


def objective_rows(battle: Battle) -> list[dict[str, str]]:
    """9.4: the scenario's objective marker, where it is and how many fighters of each
    warband are within its control distance now (King of the Hill: within 3", what decides
    the battle, and within 1", what raises the hand limit)."""
    from skirmish.games.magewinds.battle.scenarios import (
        HILL_NEAR,
        KING_OF_THE_HILL,
        holding,
        objective_point,
    )

    scenario = battle.setup.scenario
    if not scenario.objective:
        return []
    x, y = objective_point(battle)
    notes = []
    for radius, why in (
        (scenario.control_radius, "counted at each round's end"),
        (HILL_NEAR if scenario.id == KING_OF_THE_HILL.id else 0.0, "+1 hand limit"),
    ):
        if radius:
            counts = ", ".join(
                f"player {p + 1}: {holding(battle, p, radius)}" for p in range(battle.players)
            )
            notes.append(f'within {radius:g}" ({why}): {counts}')
    return [
        {
            "object": "objective",
            "at": place_text((x, y)),
            "notes": "; ".join(["marker (9.4)", *notes]),
        }
    ]


class MagewindsBattles:
    """Magewinds battles for a terminal, under the names every game with battles gives."""

    game = "magewinds"
    """The game's name in its records, :data:`skirmish.games.magewinds.battle.game.GAME`
    (not imported here, so the options are made without the battle; a test checks)."""
    computers = COMPUTERS

    def start(self, options: Flags) -> Session:
        """A new battle (or a saved one, resumed) from ``play``'s options."""
        from skirmish.games.magewinds.battle import start_battle
        from skirmish.games.magewinds.battle.session import parse_players
        from skirmish.games.magewinds.battle.setup import user_pack

        assert isinstance(options, PlayOptions)
        if options.position is not None:
            return self._from_position(options)
        if options.resume is not None:
            if options.from_step is not None:  # a new battle: the record stays as it is
                save = options.save
                return self._resume(options.resume, options.players, save, options.from_step)
            return self._resume(options.resume, options.players, options.save or options.resume)
        assert options.scenario is not None
        given = options.warband or []
        players = len(given) or len(options.players.split(","))
        seed = random.SystemRandom().randrange(2**31) if options.seed is None else options.seed
        number = check_seed(seed)
        pack, extra = user_pack(options.pack)
        setup = options.setup(number, None if given else [[] for _ in range(players)], pack)
        kinds = parse_players(options.players, len(setup.warbands))
        save = options.save
        if save is not None:
            check_save_path(save, "--save")
        history = History.start(start_battle(setup), number)
        recorded = {**setup.as_dict(), **({"pack_file": extra} if extra is not None else {})}
        return Session(history, kinds, recorded, save, f"seed {number}")

    def _from_position(self, options: PlayOptions) -> Session:
        """A new battle from a position file (:mod:`.battle.position`); its record keeps
        the position, to replay from it."""
        from skirmish.games.magewinds.battle.position import (
            position_setup,
            read_position,
            start_position,
        )
        from skirmish.games.magewinds.battle.session import parse_players

        assert options.position is not None
        model = read_position(options.position)
        battle = start_position(model, source=str(options.position))
        kinds = parse_players(options.players, battle.players)
        seed = random.SystemRandom().randrange(2**31) if options.seed is None else options.seed
        if options.save is not None:
            check_save_path(options.save, "--save")
        history = History.start(battle, check_seed(seed))
        heading = f"seed {seed}; from the position in {options.position}"
        return Session(history, kinds, position_setup(model), options.save, heading)

    def _resume(
        self, path: Path, players: str, save: Path | None, step: int | None = None
    ) -> Session:
        """A saved record replayed through the rules, to play on from where it stopped (or
        from the position after ``step``, as a new battle)."""
        from skirmish.games.magewinds.battle import Battle
        from skirmish.games.magewinds.battle.session import parse_players

        if save is not None:
            check_save_path(save, "--save")
        record = self.record(path)
        history = self._history(record, path, step)
        battle = history.state
        assert isinstance(battle, Battle)
        kinds = parse_players(players, battle.players)
        heading = f"seed {record.seed}; resumed after {len(record.steps)} steps"
        if step is not None:
            heading = f"seed {record.seed}; a new battle from step {step} of {len(record.steps)}"
        session = Session(history, kinds, dict(record.setup), save, heading)
        session.shown = len(battle.events())
        return session

    def record(self, path: Path) -> Record:
        """A saved battle record of this game."""
        from skirmish.games.magewinds.battle import GAME

        record = load_record(path)
        if record.game != GAME:
            raise SkirmishError(
                f"{path}: a battle of {record.game!r}; battles are played for {GAME}"
            )
        return record

    def replay(self, path: Path, *, step: int | None = None) -> tuple[Record, Battle]:
        """A saved battle replayed through the rules and checked; with ``step``, the
        position after that step."""
        from skirmish.games.magewinds.battle import Battle

        record = self.record(path)
        battle = self._history(record, path, step).state
        assert isinstance(battle, Battle)
        return record, battle

    def _history(self, record: Record, path: Path, step: int | None) -> History[Battle]:
        """The whole record replayed and checked, then taken back to after ``step``."""
        from skirmish.games.magewinds.battle import replay_record

        history = replay_record(record, source=str(path))
        if step is None:
            return history
        if step > len(record.steps):
            raise SkirmishError(
                f"--step {step}: {path} holds {len(record.steps)} steps; give 0 to "
                f"{len(record.steps)}"
            )
        del history.states[step + 1 :], history.steps[step:]
        return history

    def saved(self, session: Session) -> str:
        """The battle record to write."""
        from skirmish.games.magewinds.battle import GAME, Battle, result_of

        battle = session.history.state
        assert isinstance(battle, Battle)
        return to_record(
            session.history, GAME, session.setup, session.kinds, result_of(battle)
        ).dumps()

    def result_text(self, battle: Battle) -> str:
        from skirmish.games.magewinds.battle.session import result_text

        return result_text(battle)

    def log(self, battle: Battle) -> Sequence[LogLine]:
        return battle.events()

    def title(self, battle: Battle) -> str:
        when = f"round {battle.round}, " if battle.round else ""
        return f"{when}{battle.phase.value} phase"

    def status_rows(self, battle: Battle) -> list[dict[str, str]]:
        from skirmish.games.magewinds.battle.session import status_rows

        at = {f.name: place_text(f.at) for f in battle.fighters if f.at is not None}
        return [{**row, "at": at.get(row["fighter"], row["at"])} for row in status_rows(battle)]

    def object_rows(self, battle: Battle) -> list[dict[str, str]]:
        from skirmish.games.magewinds.battle.session import object_rows

        placed = {i.name: place_text(i.at) for i in battle.items if i.at is not None}
        rows = [{**r, "at": placed.get(r["object"], r["at"])} for r in object_rows(battle)]
        return objective_rows(battle) + rows

    def hand_text(self, battle: Battle, player: int) -> list[str]:
        from skirmish.games.magewinds.battle.session import hand_text

        return hand_text(battle, player)

    def help_lines(self, battle: Battle, legal: tuple[Any, ...] | None = None) -> list[str]:
        from skirmish.games.magewinds.battle.session import help_lines

        return help_lines(battle, legal)

    def pending_lines(self, battle: Battle, player: int) -> list[str]:
        from skirmish.games.magewinds.battle.session import pending_lines

        return pending_lines(battle.view(player))

    def scene(self, battle: Battle) -> Scene:
        from skirmish.games.magewinds.battle.session import battlefield_now
        from skirmish.games.magewinds.questions import field_scene

        return field_scene(battlefield_now(battle))

    def picture(self, battle: Battle, player: int, **overlays: str) -> Scene:
        from skirmish.games.magewinds.picture import battle_scene

        return battle_scene(battle, player, **overlays)

    def los(self, battle: Battle, attacker: str, target: str) -> Report:
        from skirmish.games.magewinds.picture import los_report

        report: Report = los_report(battle, attacker, target)
        return report

    def reach(self, battle: Battle, fighter: str, to: str | None) -> Report:
        from skirmish.games.magewinds.picture import reach_report

        report: Report = reach_report(battle, fighter, to)
        return report

    def replay_json(
        self, record: Record, battle: Battle, *, seat: int | None = -1
    ) -> dict[str, Any]:
        """The replayed battle: with ``seat`` -1 its whole state and log; otherwise, as
        player ``seat`` (None: a spectator) may know it, its view and the log lines seen."""
        from skirmish.engine.logbook import line_dict
        from skirmish.games.magewinds.battle import GAME, result_of
        from skirmish.games.magewinds.battle.view import seen_lines

        result = dict(result_of(battle))
        data: dict[str, Any] = {
            "game": GAME,
            "scenario": battle.setup.scenario.id,
            "seed": record.seed,
            "players": list(record.players),
            "winner": result["winner"],
            "rounds": battle.round,
        }
        if seat == -1:
            data["final_state"] = battle.as_dict()
            data["log"] = [line_dict(event) for event in battle.events()]
            return data
        if seat is not None:
            data["seat"] = seat + 1
            data["view"] = battle.view(seat)
        data["log"] = [line_dict(event) for event in seen_lines(battle.log, seat)]
        return data


BATTLES = MagewindsBattles()
SIMULATED_BATTLES = SimulatedBattles()
