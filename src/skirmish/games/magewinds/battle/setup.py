"""10.1-10.3 Battle setup: the scenario, the warbands, the battlefield and the options.

What is fixed for the whole battle lives in :class:`Setup`; every number a user gives is
checked against its stated range before any work starts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import pydantic

from skirmish import limits
from skirmish.datafiles import Name, StrictModel, read_yaml, validated
from skirmish.errors import DataError, SkirmishError
from skirmish.fastpaths import fast
from skirmish.games.magewinds.agreed import MAX_PLAYERS as MAX_PLAYERS
from skirmish.games.magewinds.agreed import WARBAND_SLOTS as WARBAND_SLOTS
from skirmish.games.magewinds.agreed import Building as Building
from skirmish.games.magewinds.agreed import Length as Length
from skirmish.games.magewinds.battle.hooks import SCENARIOS
from skirmish.games.magewinds.battle.scenarios import (
    Crossing,
    PoisonFalls,
    Scenario,
    Tie,
    WindburnBarrier,
)
from skirmish.games.magewinds.battle.tables import (
    Table,
    bundled_table,
    obstacles_near,
    parse_table,
    random_table,
)
from skirmish.games.magewinds.battle.territory import Split
from skirmish.games.magewinds.cards import CardWorth
from skirmish.games.magewinds.field import STANDARD_WIDTH
from skirmish.games.magewinds.pack import Pack, bundled_pack, parse_pack
from skirmish.games.magewinds.profiles import FighterProfile

DOUBLE_AREA = 2 * 12.0 * 16.0
MAX_ROUNDS = 20
MAX_LAST_STAND = 5
MAX_OVERTIME = 20


class SetupError(SkirmishError):
    """A battle that cannot be set up: the input and the rule it breaks."""


@dataclass(frozen=True)
class Options:
    """What the players agree before the battle; each number has a stated range.

    ``rounds``: the round limit (1-20; the scenario's default when None); ``last_stand``:
    Deathmatch's Heroic Last Stand hand-limit bonus (0-5, ruling MB-4); ``split``: how the
    battlefield is cut into territories (ruling MB-5); ``overtime``: the most rounds played
    past the round limit while nobody leads (0-20, ruling MB-24); ``tie``: King of the
    Hill's equal counts (ruling MB-32); ``poison_falls``: poison taking both warbands' last
    fighters (ruling MB-33); ``windburn_barrier``: Barrier against windburn (ruling MB-14);
    ``card_worth``: whether a card's worth may pay across the parts of a cost (ruling MB-2);
    ``fragment_crossing``: what crossing a fragment marker is (ruling MB-28).
    """

    length: Length = Length.STANDARD
    rounds: int | None = None
    last_stand: int = 1
    split: Split = Split.LENGTHWISE
    overtime: int = 5
    tie: Tie = Tie.DRAW
    poison_falls: PoisonFalls = PoisonFalls.TOGETHER
    windburn_barrier: WindburnBarrier = WindburnBarrier.OFF
    card_worth: CardWorth = CardWorth.ACROSS_PARTS
    fragment_crossing: Crossing = Crossing.BASE

    def __post_init__(self) -> None:
        if self.rounds is not None and not 1 <= self.rounds <= MAX_ROUNDS:
            raise SetupError(f"--rounds {self.rounds}: expected 1 to {MAX_ROUNDS}")
        if not 0 <= self.last_stand <= MAX_LAST_STAND:
            raise SetupError(
                f"--last-stand {self.last_stand}: expected 0 to {MAX_LAST_STAND} (ruling MB-4)"
            )
        if not 0 <= self.overtime <= MAX_OVERTIME:
            raise SetupError(
                f"--overtime {self.overtime}: expected 0 to {MAX_OVERTIME} (ruling MB-24)"
            )
        if self.card_worth not in set(CardWorth):
            raise SetupError(
                f"--card-worth {self.card_worth!r}: expected one of "
                f"{', '.join(CardWorth)} (ruling MB-2)"
            )
        object.__setattr__(self, "card_worth", CardWorth(self.card_worth))

    def round_limit(self, scenario: Scenario) -> int:
        """The round limit; a scenario without one (Battle Royale) plays to the most
        rounds a battle may have."""
        if self.rounds is not None:
            return self.rounds
        return scenario.rounds if scenario.rounds is not None else MAX_ROUNDS

    @property
    def slots(self) -> int:
        return WARBAND_SLOTS[self.length]

    def as_dict(self) -> dict[str, Any]:
        return {
            "length": self.length.value,
            "rounds": self.rounds,
            "last_stand": self.last_stand,
            "split": self.split.value,
            "overtime": self.overtime,
            "tie": self.tie.value,
            "poison_falls": self.poison_falls.value,
            "windburn_barrier": self.windburn_barrier.value,
            "card_worth": self.card_worth.value,
            "fragment_crossing": self.fragment_crossing.value,
        }


@dataclass(frozen=True)
class Warband:
    """10.2: one player's fighters: their profiles and their names in this battle."""

    player: int
    profiles: tuple[FighterProfile, ...]
    names: tuple[str, ...]


def assemble(
    pack: Pack, requested: Sequence[str], *, slots: int, player: int
) -> tuple[FighterProfile, ...]:
    """10.2 with the fighter pack's assembly rules: slots, limits and shared limits."""
    label = f"warband {player + 1}"
    names = [name.strip() for name in requested if name.strip()]
    if not names:
        raise SetupError(f"{label}: name at least one fighter (10.2)")
    profiles = tuple(pack.fighter(name) for name in names)
    problem = assembly_problem(pack, profiles, slots=slots)
    if problem:
        raise SetupError(f"{label}: {problem}")
    return profiles


def assembly_problem(pack: Pack, profiles: Sequence[FighterProfile], *, slots: int) -> str | None:
    """Why ``profiles`` are not a legal warband of ``slots`` under the fighter pack's
    assembly rules (10.2): too many slots, or more copies than a profile's limit or a
    shared limit allows; None when they are."""
    used = sum(p.slots for p in profiles)
    if used > slots:
        shown = ", ".join(f"{p.name} {p.slots}" for p in profiles)
        return (
            f"{shown} take {used} slots; the warband has {slots} "
            "(10.2, fighter pack warband assembly)"
        )
    groups = Counter(p.limit_shared_with.casefold() or p.name.casefold() for p in profiles)
    for group, count in groups.items():
        owner = pack.fighter(group)
        if owner.limit is not None and count > owner.limit:
            sharing = [p.name for p in pack.fighters if p.limit_shared_with.casefold() == group]
            together = f" ({' and '.join([owner.name, *sharing])} together)" if sharing else ""
            return (
                f"{count} {owner.name}{together}; the limit is {owner.limit} "
                "(10.2, fighter pack warband assembly)"
            )
    return None


def battle_names(warbands: Sequence[Sequence[FighterProfile]]) -> tuple[tuple[str, ...], ...]:
    """Unique names: the profile's name, with the player number (and a letter) when the
    same profile appears more than once in the battle."""
    everywhere = Counter(p.name for band in warbands for p in band)
    names = []
    for player, band in enumerate(warbands):
        mine = Counter(p.name for p in band)
        seen: Counter[str] = Counter()
        out = []
        for profile in band:
            name = profile.name
            if everywhere[name] > 1:
                name = f"{name}-{player + 1}"
                if mine[profile.name] > 1:
                    name += "abcdefghij"[seen[profile.name]]
            seen[profile.name] += 1
            out.append(name)
        names.append(tuple(out))
    return tuple(names)


@dataclass(frozen=True, eq=False)
class Setup:
    """Everything fixed for the whole battle (10.1-10.3)."""

    scenario: Scenario
    options: Options
    pack: Pack
    table: Table
    warbands: tuple[Warband, ...]
    building: Building | None = None
    """How the warbands are built in play (ruling MB-31); None: they were given. Until
    they are built, ``warbands`` holds one empty warband per player."""

    def profile(self, name: str) -> FighterProfile:
        if fast():
            known: dict[str, FighterProfile] = self.__dict__.setdefault("_profiles", {})
            found = known.get(name)
            if found is None:
                found = known[name] = self.pack.fighter(name)
            return found
        return self.pack.fighter(name)

    def as_dict(self) -> dict[str, Any]:
        """What a record needs to set the same battle up again."""
        found: dict[str, Any] = {
            "scenario": self.scenario.id,
            "scenario_version": self.scenario.version.split()[0],
            "options": self.options.as_dict(),
            "pack": self.pack.name,
            "warbands": [[p.name for p in band.profiles] for band in self.warbands],
            "battlefield": dict(self.table.data),
        }
        if self.building is not None:
            found["warbands"] = []
            found["building"] = {"mode": self.building.value, "players": len(self.warbands)}
        return found


def new_setup(
    scenario: str | Scenario,
    warbands: Sequence[Sequence[str]],
    *,
    table: Table | None = None,
    options: Options | None = None,
    pack: Pack | None = None,
    building: Building | None = None,
) -> Setup:
    """10.1-10.3: check the scenario, the warbands and the battlefield; refuse bad input.

    With ``building``, the warbands are built in play (ruling MB-31): ``warbands`` holds
    one empty list per player."""
    chosen = scenario if isinstance(scenario, Scenario) else SCENARIOS.find(scenario, None)
    options = options or Options()
    pack = pack or bundled_pack()
    if len(warbands) not in chosen.players:
        counts = " or ".join(str(n) for n in chosen.players)
        given = "players (--players, one each)" if building else "warbands (--warband once each)"
        raise SetupError(
            f"{chosen.name} (v{chosen.version.split()[0]}) is for {counts} players: give "
            f"{counts} {given}, not {len(warbands)}"
        )
    if building is not None and any(warbands):
        raise SetupError(
            f"--building {building.value}: the warbands are built in play; give no --warband "
            "(ruling MB-31)"
        )
    profiles = [
        () if building else assemble(pack, band, slots=options.slots, player=player)
        for player, band in enumerate(warbands)
    ]
    names = battle_names(profiles)
    table = table or bundled_table(chosen.table)
    check_table(chosen, table)
    bands = tuple(Warband(player, band, names[player]) for player, band in enumerate(profiles))
    return Setup(chosen, options, pack, table, bands, building)


def check_table(scenario: Scenario, table: Table) -> None:
    """The scenario's terrain rules (10.3): a clear area around the centre, and a
    double-size battlefield for three or four players (ruling MB-25)."""
    area = table.width * table.length
    if scenario.double_size and area < DOUBLE_AREA - 1e-9:
        raise SetupError(
            f'{scenario.name}: needs a double-size battlefield (24" x 16", ruling MB-25); '
            f'{table.name} is {table.width:g}" x {table.length:g}"'
        )
    if not scenario.double_size and area > DOUBLE_AREA / 2 * 1.5:
        raise SetupError(
            f'{scenario.name}: is played on a standard battlefield (about 12" x 16", 0.3); '
            f'{table.name} is {table.width:g}" x {table.length:g}" (ruling MB-25)'
        )
    if scenario.clear_radius:
        near = obstacles_near(table, table.centre, scenario.clear_radius)
        if near:
            raise SetupError(
                f'{scenario.name}: no obstacle may be within {scenario.clear_radius:g}" of '
                f"the {'objective at the ' if scenario.objective else ''}centre (10.3); "
                f"{', '.join(near)} is"
            )


def random_setup(
    seed: int,
    *,
    length: Length = Length.STANDARD,
    most: int = 4,
    rounds: int | None = None,
    pack: Pack | None = None,
    scenario: Scenario | None = None,
    players: int = 2,
    overtime: int = 5,
) -> Setup:
    """A random legal battle from ``seed`` (for simulation and fuzzing): a scenario for
    ``players`` (or the one given), their warbands of 1 to ``most`` fighters within the
    slots and limits, random terrain of the scenario's size."""
    rng = random.Random(f"skirmish random setup {seed}")
    pack = pack or bundled_pack()
    options = Options(length=length, rounds=rounds, overtime=overtime)
    scenario = scenario or rng.choice([s for s in SCENARIOS.listed() if players in s.players])
    warbands = []
    for player in range(players):
        wanted = rng.randint(1, most)
        band: list[str] = []
        for profile in rng.sample(pack.fighters, len(pack.fighters)):
            try:
                assemble(pack, [*band, profile.name], slots=options.slots, player=player)
            except SetupError:
                continue
            band.append(profile.name)
            if len(band) == wanted:
                break
        warbands.append(band)
    size = {"width": 2 * STANDARD_WIDTH} if scenario.double_size else {}
    table = random_table(
        seed,
        pieces=rng.randint(0, 8),
        clear_radius=scenario.clear_radius,
        clear_corners=scenario.corner_radius,
        **size,
    )
    return new_setup(scenario, warbands, table=table, options=options, pack=pack)


class _OptionsModel(StrictModel):
    length: Length
    rounds: Annotated[int, pydantic.Field(ge=1, le=MAX_ROUNDS)] | None
    last_stand: Annotated[int, pydantic.Field(ge=0, le=MAX_LAST_STAND)]
    split: Split
    overtime: Annotated[int, pydantic.Field(ge=0, le=MAX_OVERTIME)] = 5
    tie: Tie = Tie.DRAW
    poison_falls: PoisonFalls = PoisonFalls.TOGETHER
    windburn_barrier: WindburnBarrier = WindburnBarrier.OFF
    card_worth: CardWorth = CardWorth.ACROSS_PARTS
    fragment_crossing: Crossing = Crossing.BASE


class _BuildingModel(StrictModel):
    mode: Building
    players: Annotated[int, pydantic.Field(ge=1, le=MAX_PLAYERS)]


class _SetupModel(StrictModel):
    """A record's setup, as :meth:`Setup.as_dict` writes it."""

    scenario: Name
    scenario_version: Annotated[str, pydantic.Field(min_length=1, max_length=20)] | None = None
    """The scenario's page version (absent: the default one)."""
    options: _OptionsModel
    pack: Name
    pack_file: dict[str, Any] | None = None
    """A pack of the players' own, added to the bundled one (``play --pack``)."""
    warbands: Annotated[
        list[Annotated[list[Name], limits.ROSTER.length()]],
        pydantic.Field(max_length=MAX_PLAYERS),
    ]
    battlefield: dict[str, Any]
    building: _BuildingModel | None = None


def user_pack(path: Path | None) -> tuple[Pack, dict[str, Any] | None]:
    """The bundled pack with a pack file of the players' own added (``--pack``), and that
    file's data, which the battle record keeps so that the battle replays anywhere."""
    if path is None:
        return bundled_pack(), None
    data, source = read_yaml(path, "fighter pack")
    pack = bundled_pack().merged(parse_pack(data, source=source))
    assert isinstance(data, dict)
    return pack, data


def setup_from_record(data: Mapping[str, Any], *, source: str = "the record") -> Setup:
    """The setup a battle record describes, checked as if it were typed: each field's type
    and range first (one line naming ``source`` and the field), then the rules (10.1-10.3)."""
    model = validated(_SetupModel, data, source, within="setup")
    pack = bundled_pack()
    if model.pack_file is not None:
        pack = pack.merged(parse_pack(model.pack_file, source=f"{source}: setup.pack_file"))
    if model.pack != pack.name:
        raise DataError(
            f"{source}: setup.pack: the record was played with the pack {model.pack!r}; "
            f"battles are played with the bundled {pack.name!r}"
        )
    options = Options(
        length=model.options.length,
        rounds=model.options.rounds,
        last_stand=model.options.last_stand,
        split=model.options.split,
        overtime=model.options.overtime,
        tie=model.options.tie,
        poison_falls=model.options.poison_falls,
        windburn_barrier=model.options.windburn_barrier,
        card_worth=model.options.card_worth,
        fragment_crossing=model.options.fragment_crossing,
    )
    table = parse_table(model.battlefield, source=f"{source}: setup.battlefield")
    warbands: list[list[str]] = list(model.warbands)
    building = model.building
    if building is not None:
        if warbands:
            raise DataError(
                f"{source}: setup.warbands: the warbands are built in play (setup.building), "
                "so the record lists none"
            )
        warbands = [[] for _ in range(building.players)]
    return new_setup(
        SCENARIOS.find(model.scenario, model.scenario_version),
        warbands,
        table=table,
        options=options,
        pack=pack,
        building=building.mode if building else None,
    )
