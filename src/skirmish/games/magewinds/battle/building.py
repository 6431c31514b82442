"""10.2 Assemble warbands, in play: the three ways Into the Tempest lets players build them.

The fighter pack's assembly rules (slots, limits, shared limits) decide which profile may
be added; the scenario pack's mode decides who adds when and who sees it (ruling MB-31):

- **Secret**: each player in turn builds their whole warband unseen; every pick is seen by
  its player alone, and the warbands are revealed together when the last one is built.
- **Open, Simultaneous**: the players roll off (3.1), then add one fighter at a time in
  placing order, the winner first; a player who stops or is full is passed over.
- **Open, Sequential**: the players roll off, then each builds their whole warband in
  placing order, the winner first, every pick seen by all.

A player adds ``add PROFILE`` until the warband is full (no profile fits what is left) or
says ``done`` (a warband needs at least one fighter). Then the battle is set up as usual.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from random import Random
from typing import Any

from skirmish.engine.battle import Action, IllegalAction, Node, Turn
from skirmish.engine.stack import Fields, Shown
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle.actions import after, same
from skirmish.games.magewinds.battle.deployment import SetupFrame, check_deployment_room
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.rolloff import RollOff
from skirmish.games.magewinds.battle.setup import (
    Building,
    Setup,
    SetupError,
    Warband,
    assembly_problem,
    battle_names,
)
from skirmish.games.magewinds.battle.state import Battle, Fighter, Frame
from skirmish.games.magewinds.pack import Pack
from skirmish.games.magewinds.profiles import FighterProfile

RULE = "10.2"
RULING = "MB-31"
DONE = "done"
MODE_NAMES = {
    Building.SECRET: "Secret",
    Building.OPEN_SIMULTANEOUS: "Open, Simultaneous",
    Building.OPEN_SEQUENTIAL: "Open, Sequential",
}


def fighters_of(setup: Setup) -> tuple[Fighter, ...]:
    """10.0: every fighter of the warbands, waiting to deploy."""
    return tuple(
        Fighter(name, profile.name, band.player)
        for band in setup.warbands
        for name, profile in zip(band.names, band.profiles, strict=True)
    )


def log_warbands(battle: Battle, how: str = "") -> Battle:
    """10.2: each player's warband, by the names its fighters have in this battle."""
    for band in battle.setup.warbands:
        battle = battle.logged(
            RULE,
            EventKind.WARBAND,
            "player {player}'s warband: {fighters:comma}{how}",
            player=band.player + 1,
            fighters=band.names,
            words={"how": how},
        )
    return battle


def largest_warband(pack: Pack, slots: int) -> int:
    """The most fighters a warband of ``slots`` may hold under the pack's limits: the
    cheapest profile that may still be added, again and again (taking the cheapest
    first never leaves room for fewer)."""
    band: list[FighterProfile] = []
    cheapest = sorted(pack.fighters, key=lambda p: p.slots)
    while True:
        fits = next((p for p in cheapest if _fits(pack, band, p, slots)), None)
        if fits is None:
            return len(band)
        band.append(fits)


def fits(setup: Setup, band: Sequence[FighterProfile], profile: FighterProfile) -> bool:
    """Whether ``profile`` may join ``band`` under the pack's assembly rules at the
    battle's slots."""
    return _fits(setup.pack, band, profile, setup.options.slots)


def _fits(pack: Pack, band: Sequence[FighterProfile], profile: FighterProfile, slots: int) -> bool:
    return assembly_problem(pack, [*band, profile], slots=slots) is None


def start_building(battle: Battle) -> Battle:
    """The battle waits for its warbands: each battlefield territory must first hold the
    largest warband the slots allow (10.5), since any may be built."""
    setup = battle.setup
    assert setup.building is not None
    most = largest_warband(setup.pack, setup.options.slots)
    if most == 0:
        raise SetupError(
            f"{RULE}: no profile of {setup.pack.name} fits a warband of {setup.options.slots} "
            "slots (fighter pack warband assembly)"
        )
    check_deployment_room(battle, most=most)
    players = len(setup.warbands)
    battle = battle.logged(
        RULE,
        EventKind.BUILDING,
        "the warbands are built in play: {mode_name}, {slots} slots each (ruling {ruling})",
        mode=setup.building.value,
        slots=setup.options.slots,
        words={"mode_name": MODE_NAMES[setup.building], "ruling": RULING},
    )
    return battle.top(WarbandBuilding(setup.building, ((),) * players)).settle()


class BuildingStage(StrEnum):
    """Where warband building is (10.2, ruling MB-31)."""

    PICKING = "picking"
    ROLLING = "rolling"
    START = "start"


@dataclass(frozen=True)
class WarbandBuilding(Frame):
    """10.2 in play: the players add fighters to their warbands, in the order and with the
    visibility the mode gives (ruling MB-31); then the battle's setup begins (10.0)."""

    mode: Building
    picks: tuple[tuple[str, ...], ...]
    """Each player's profiles so far, in the order added."""
    finished: frozenset[int] = frozenset()
    order: tuple[int, ...] = ()
    """Who builds in what order: the roll-off's placings, or the seats (Secret)."""
    turn: int | None = None
    stage: BuildingStage = BuildingStage.START

    @classmethod
    def read_back(cls, battle: Battle, data: Shown, rng: Random, now: Shown | None) -> Fields:
        """Another player's secret picks drawn (:func:`_drawn_picks`, ruling MB-31)."""
        values = super().read_back(battle, data, rng, now)
        values["mode"] = Building(values["mode"])
        values["finished"] = frozenset(values["finished"])
        values["picks"] = tuple(
            band if band is not None else _drawn_picks(battle.setup, rng, seat, values)
            for seat, band in enumerate(values["picks"])
        )
        return values

    # -- who builds when -----------------------------------------------------------------

    def advance(self, battle: Battle) -> Battle | None:
        if self.stage == BuildingStage.START:
            seats = tuple(range(battle.players))
            if self.mode is Building.SECRET:
                return battle.top(
                    replace(self, stage=BuildingStage.PICKING, order=seats, turn=seats[0])
                )
            battle = battle.top(replace(self, stage=BuildingStage.ROLLING))
            return battle.push(
                RollOff.of(seats, f"the order of warband building (ruling {RULING})")
            )
        if self.stage == BuildingStage.PICKING and len(self.finished) == len(self.picks):
            return self._reveal(battle)
        return None

    def resume(self, battle: Battle, result: Any) -> Battle:
        order = tuple(result)
        battle = battle.logged(
            RULE,
            EventKind.BUILDING_ORDER,
            "{mode_name}: the warbands are built in the order {order:seatscomma} (ruling {ruling})",
            order=tuple(p + 1 for p in order),
            words={"mode_name": MODE_NAMES[self.mode], "ruling": RULING},
        )
        return battle.top(replace(self, stage=BuildingStage.PICKING, order=order, turn=order[0]))

    def _following(self, finished: frozenset[int]) -> int | None:
        """Who adds next: the same player until finished (Secret, Sequential), or the next
        in placing order who is still building (Simultaneous)."""
        assert self.turn is not None
        if self.mode is Building.OPEN_SIMULTANEOUS:
            start = self.order.index(self.turn)
            ahead = [
                self.order[(start + i) % len(self.order)] for i in range(1, 1 + len(self.order))
            ]
        else:
            ahead = list(self.order)
        return next((p for p in ahead if p not in finished), None)

    # -- one player's decision -----------------------------------------------------------

    def node(self, battle: Battle) -> Node:
        assert self.turn is not None
        setup = battle.setup
        left = setup.options.slots - sum(p.slots for p in self._profiles(setup, self.turn))
        return Turn(
            self.turn,
            RULE,
            f"player {self.turn + 1}: add a fighter to your warband ({left} of "
            f"{setup.options.slots} slots left), or done",
            hidden=self.mode is Building.SECRET,
        )

    def _profiles(self, setup: Setup, player: int) -> tuple[FighterProfile, ...]:
        return tuple(setup.profile(name) for name in self.picks[player])

    def options(self, battle: Battle) -> tuple[Action, ...]:
        assert self.turn is not None
        band = self._profiles(battle.setup, self.turn)
        pack, slots = battle.setup.pack, battle.setup.options.slots
        adds = tuple(f"add {p.name}" for p in pack.fighters if _fits(pack, band, p, slots))
        return (*adds, DONE) if band else adds

    def refused(self, battle: Battle) -> tuple[str, ...]:
        assert self.turn is not None
        band = self._profiles(battle.setup, self.turn)
        pack, slots = battle.setup.pack, battle.setup.options.slots
        found = []
        for profile in pack.fighters:
            problem = assembly_problem(pack, [*band, profile], slots=slots)
            if problem:
                found.append(f"add {profile.name}: {problem}")
        if not band:
            found.append(f"{DONE}: a warband needs at least one fighter ({RULE})")
        return tuple(found)

    def act(self, battle: Battle, action: Action) -> Battle:
        assert self.turn is not None
        player = self.turn
        band = self._profiles(battle.setup, player)
        if same(action, DONE):
            if not band:
                raise IllegalAction(f"{RULE}: a warband needs at least one fighter; add one first")
            return self._finish(battle, player, f"player {player + 1} stops building")
        name = after(action, "add")
        if not name:
            raise IllegalAction(
                f"{RULE}: write 'add PROFILE' or '{DONE}', not {action!r}; 'help' lists the "
                "profiles that may be added"
            )
        try:
            profile = battle.setup.pack.fighter(name)
        except SkirmishError as error:
            raise IllegalAction(f"{RULE}: {error}") from None
        problem = assembly_problem(
            battle.setup.pack, [*band, profile], slots=battle.setup.options.slots
        )
        if problem:
            raise IllegalAction(f"{RULE}: player {player + 1} cannot add {profile.name}: {problem}")
        picks = tuple((*b, profile.name) if p == player else b for p, b in enumerate(self.picks))
        band = (*band, profile)
        used = sum(p.slots for p in band)
        battle = battle.logged(
            RULE,
            EventKind.PICK,
            "player {player} adds {profile} ({profile_slots} slots; {used} of {slots} used)",
            seen_by=player if self.mode is Building.SECRET else None,
            player=player + 1,
            profile=profile.name,
            profile_slots=profile.slots,
            used=used,
            slots=battle.setup.options.slots,
        )
        frame = replace(self, picks=picks)
        battle = battle.top(frame)
        pack, slots = battle.setup.pack, battle.setup.options.slots
        if not any(_fits(pack, band, p, slots) for p in pack.fighters):
            return frame._finish(battle, player, f"player {player + 1}'s warband is full")
        return battle.top(replace(frame, turn=frame._following(frame.finished)))

    def _finish(self, battle: Battle, player: int, what: str) -> Battle:
        secret = self.mode is Building.SECRET
        battle = battle.logged(
            RULE,
            EventKind.BUILT,
            "{what}: {profiles:comma}",
            seen_by=player if secret else None,
            player=player + 1,
            profiles=self.picks[player],
            words={"what": what},
        )
        if secret:
            battle = battle.logged(
                RULE,
                EventKind.BUILT,
                "player {player} has built their warband, unseen",
                player=player + 1,
            )
        finished = self.finished | {player}
        return battle.top(replace(self, finished=finished, turn=self._following(finished)))

    def _reveal(self, battle: Battle) -> Battle:
        """Every warband is built: named for the battle, revealed (Secret) and set up."""
        setup = battle.setup
        profiles = [self._profiles(setup, p) for p in range(len(self.picks))]
        names = battle_names(profiles)
        bands = tuple(Warband(p, band, names[p]) for p, band in enumerate(profiles))
        battle = replace(battle, setup=replace(setup, warbands=bands))
        battle = replace(battle, fighters=fighters_of(battle.setup))
        how = f" (revealed together, ruling {RULING})" if self.mode is Building.SECRET else ""
        return log_warbands(battle, how).top(SetupFrame())

    def hidden_fields(self, battle: Battle, player: int) -> dict[str, Any]:
        """In secret building, only ``player``'s own picks (ruling MB-31)."""
        if self.mode is not Building.SECRET:
            return {}
        return {"picks": [list(b) if s == player else None for s, b in enumerate(self.picks)]}

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        """What each player has picked, as ``player`` may see it: in Secret, another
        player's picks are not shown, not even how many (None: everything)."""
        shown = [
            list(band)
            if player is None or self.mode is not Building.SECRET or seat == player
            else None
            for seat, band in enumerate(self.picks)
        ]
        return {
            "frame": "building",
            "mode": self.mode.value,
            "stage": self.stage,
            "order": [p + 1 for p in self.order],
            "turn": None if self.turn is None else self.turn + 1,
            "warbands": shown,
            "finished": sorted(p + 1 for p in self.finished),
        }


def building_lines(view: Mapping[str, Any]) -> list[str]:
    """The warbands being built, as the viewing player may know them (ruling MB-31)."""
    lines = []
    for frame in view["pending"]:
        if frame["frame"] != "building":
            continue
        for seat, band in enumerate(frame["warbands"], 1):
            who = "your warband" if seat == view["player"] else f"player {seat}'s warband"
            text = "(picked unseen)" if band is None else (", ".join(band) or "(nothing yet)")
            done = " (built)" if seat in frame["finished"] else ""
            lines.append(f"warband building ({frame['mode']}): {who}: {text}{done}")
    return lines


def _drawn_picks(
    setup: Setup, rng: Random, seat: int, building: Mapping[str, Any]
) -> tuple[str, ...]:
    """Another player's secret picks (ruling MB-31), drawn: profiles added at random while
    the assembly rules allow, stopping at random. A finished warband holds at least one
    fighter; the warband being built may hold none yet; one whose turn has not come (in
    Secret each player builds after the one before has finished) holds none."""
    finished = seat in building["finished"]
    if not finished and seat != building["turn"]:
        return ()
    band: list[str] = []
    while True:
        profiles = tuple(setup.profile(name) for name in band)
        allowed = [p.name for p in setup.pack.fighters if fits(setup, profiles, p)]
        if not allowed or ((band or not finished) and rng.random() < 1 / 3):
            return tuple(band)
        band.append(rng.choice(allowed))
