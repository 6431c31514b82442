"""Positions: a Magewinds battle started part way through, from a file or from Python.

A position names the scenario and the table, each fighter (its profile, player, place,
damage, action counters, Guard, effects, poison, what it carries, or that it is out of
action or not deployed), each player's hand, the face-up row, the discard pile and the
cards of the face-down deck (any order: each card drawn from it is a chance event over the
cards it holds, 12.0), the round, the phase (the start of the Channelling or the Action
Phase) and the player who won the setup roll-off (Player 1, 3.1). ``docs/positions.md``
describes the YAML file; :func:`read_position` reads it with the limits of every data
file, :func:`start_position` starts the battle.

The battle is set up by the rules themselves (the roll-off won by ``first``, territories,
the face-up row dealt, every fighter deployed where the rules allow, the Channelling Phase
passed), then the position is laid over it: the pending work is the rules' own, so every
action, take-back (1.1) and record works on it as on any battle. A record of a battle
started from a position keeps the position, and replays from it.

Bad positions are refused with one line naming the input and the rule: two bases
overlapping or one off the battlefield (2.1), an unknown fighter, damage that would have
taken a fighter out of action (9.2), a card in two places or not a card (0.9).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Annotated, Any, Literal

import pydantic

from skirmish.datafiles import Name, StrictModel, read_yaml, validated
from skirmish.engine.battle import Chance, History, Record, Turn, replay
from skirmish.errors import DataError, SkirmishError
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.game import start_battle
from skirmish.games.magewinds.battle.geometry import stand_problem
from skirmish.games.magewinds.battle.hooks import ABILITIES
from skirmish.games.magewinds.battle.setup import (
    MAX_PLAYERS,
    Options,
    new_setup,
    setup_from_record,
)
from skirmish.games.magewinds.battle.state import Battle, Phase, Status
from skirmish.games.magewinds.battle.tables import parse_table
from skirmish.games.magewinds.cards import DECK, check_card, sort_cards
from skirmish.games.magewinds.pack import Pack

FORMAT = "skirmish magewinds position"
RECORDED = "position"
"""The key under which a record's setup keeps the position it started from."""
"""The effects a fighter may be under in a position (spells lasting the Action Phase)."""
MOST_FIGHTERS = 40
MOST_ROUNDS = 99
OPEN_TABLE: dict[str, Any] = {"battlefield": {"width": 12, "length": 16}, "terrain": []}
"""The table of a position that gives none: an open 12" x 16" battlefield."""

Card = Annotated[str, pydantic.Field(min_length=2, max_length=3)]
Cards = Annotated[tuple[Card, ...], pydantic.Field(max_length=len(DECK))]


class FighterModel(StrictModel):
    """One fighter of a position."""

    name: Name
    """Its name in the battle: its profile's name, numbered when a warband holds several
    of one profile (``Deadeye 2``)."""
    profile: Name | None = None
    """Its profile (by default its name without a number)."""
    player: Annotated[int, pydantic.Field(ge=1, le=MAX_PLAYERS)]
    at: tuple[float, float] | None = None
    status: Literal["on the battlefield", "out of action", "not deployed", "escaped"] | None = None
    """By default on the battlefield when ``at`` is given, else not deployed."""
    damage: Annotated[int, pydantic.Field(ge=0, le=99)] = 0
    counters: Annotated[int, pydantic.Field(ge=0, le=9)] = 0
    guarding: bool = False
    effects: Annotated[tuple[Name, ...], pydantic.Field(max_length=8)] = ()
    """Spells on it until the Action Phase ends: ``third_eye``, ``hex``, ``wildform``,
    ``white_hot_weapons``."""
    poisoned: bool = False
    carrying: Annotated[tuple[Name, ...], pydantic.Field(max_length=8)] = ()


class PositionModel(StrictModel):
    """A position file (``docs/positions.md``)."""

    format: Literal["skirmish magewinds position"]
    scenario: Name = "deathmatch"
    table: dict[str, Any] = pydantic.Field(default_factory=lambda: dict(OPEN_TABLE))
    """A battlefield as a table file writes it (size, terrain, objects)."""
    round: Annotated[int, pydantic.Field(ge=1, le=MOST_ROUNDS)] = 1
    phase: Literal["channelling", "action"] = "action"
    first: Annotated[int, pydantic.Field(ge=1, le=MAX_PLAYERS)] = 1
    """The player who won the setup roll-off: the scenario's Player 1 (3.1)."""
    fighters: Annotated[list[FighterModel], pydantic.Field(min_length=2, max_length=MOST_FIGHTERS)]
    hands: Annotated[tuple[Cards, ...], pydantic.Field(max_length=MAX_PLAYERS)] = ()
    """Each player's hand, player 1's first (missing players hold nothing)."""
    face_up: Annotated[tuple[Card, ...], pydantic.Field(max_length=5)] | None = None
    """The face-up row (10.4); by default the first five cards left."""
    discard: Cards = ()
    deck: Cards | None = None
    """The cards of the face-down deck; by default every card not elsewhere."""


def read_position(path: str | Path) -> PositionModel:
    """A position file, read with the limits of every data file and validated."""
    data, source = read_yaml(path, "position")
    return parse_position(data, source=source)


def parse_position(data: object, *, source: str) -> PositionModel:
    """Parsed YAML (or JSON) as a position, validated; ``source`` names it in errors."""
    return validated(PositionModel, data, source)


def start_position(
    position: PositionModel | Mapping[str, Any],
    *,
    source: str = "the position",
    pack: Pack | None = None,
) -> Battle:
    """The battle at ``position``: set up by the rules, then laid over with the position
    (checked: a bad one raises one line naming ``source`` and the rule)."""
    model = (
        position
        if isinstance(position, PositionModel)
        else parse_position(dict(position), source=source)
    )
    try:
        return _started(model, pack)
    except SkirmishError as error:
        raise DataError(f"{source}: {error}") from None


def _started(model: PositionModel, pack: Pack | None) -> Battle:
    players = max(f.player for f in model.fighters)
    if model.first > players:
        raise SkirmishError(f"first: player {model.first}, but the fighters are of {players}")
    warbands: list[list[str]] = [[] for _ in range(players)]
    for fighter in model.fighters:
        warbands[fighter.player - 1].append(fighter.profile or _profile_of(fighter.name))
    if any(not band for band in warbands):
        empty = next(p for p, band in enumerate(warbands, 1) if not band)
        raise SkirmishError(f"player {empty} has no fighter; every player fields a warband")
    table = parse_table(model.table, source="table", players=players)
    setup = new_setup(model.scenario, warbands, table=table, options=Options(), pack=pack)
    battle = _to_phase(start_battle(setup), model, Phase.CHANNELLING)
    battle = _with_fighters(battle, model)
    battle = _with_cards(battle, model)
    battle = replace(battle, round=model.round).logged(
        "10.0",
        EventKind.POSITION,
        "the battle starts from a position: round {round}, {phase} phase",
        round=model.round,
        phase=model.phase,
    )
    if model.phase == "action":  # every player passes (12.0): the rules start the phase
        battle = _to_phase(battle, model, Phase.ACTION)
    return battle


def _profile_of(name: str) -> str:
    """``Deadeye 2`` is a Deadeye: the number a warband's second copy is given dropped."""
    head, _, tail = name.rpartition(" ")
    return head if head and tail.isdigit() else name


def _to_phase(battle: Battle, model: PositionModel, phase: Phase) -> Battle:
    """The battle played on by the rules to the first decision of ``phase``: the setup
    roll-off won by ``first``, every other choice the first offered (a pass in the
    Channelling Phase), cards drawn as they come. The position is laid over the battle at
    the start of the Channelling Phase, so the Action Phase starts from it."""
    rng = Random(f"skirmish position {model.round}")
    for _ in range(10_000):
        if battle.phase is phase and isinstance(battle.node(), Turn):
            return battle
        node = battle.node()
        if isinstance(node, Chance):
            action = battle.sample_chance(rng)
            if action.kind.value == "roll-off" and battle.first is None:
                faces = [6 - seat for seat in range(len(action.numbers))]
                faces[0], faces[model.first - 1] = faces[model.first - 1], faces[0]
                battle = battle.apply("roll-off " + " ".join(map(str, faces)))
                continue
            battle = battle.apply(action)
        elif isinstance(node, Turn):
            pass_ = battle.phase is Phase.CHANNELLING and "pass" in battle.options()
            battle = battle.apply("pass" if pass_ else battle.options()[0])
        else:
            raise SkirmishError(f"the battle ended while being set up: {node.reason}")
    raise SkirmishError("the battle could not be set up to the position")  # pragma: no cover


def _with_fighters(battle: Battle, model: PositionModel) -> Battle:
    """Each fighter as the position says, matched by name (9.1, 9.2)."""
    given = {f.name: f for f in model.fighters}
    named = {f.name for f in battle.fighters}
    for name in given:
        if name not in named:
            raise SkirmishError(
                f"fighter {name!r}: no such fighter in the warbands; their names are "
                f"{', '.join(sorted(named))}"
            )
    fighters = []
    items = {item.name: item for item in battle.items}
    for fighter in battle.fighters:
        data = given.get(fighter.name)
        if data is None:
            raise SkirmishError(f"fighter {fighter.name!r}: missing from the position")
        known = ABILITIES.effect_keys()
        unknown = [e for e in data.effects if e not in known]
        if unknown:
            raise SkirmishError(
                f"fighter {fighter.name!r}: effect {unknown[0]!r} is none of {', '.join(known)}"
            )
        for name in data.carrying:
            item = items.get(name)
            if item is None or not item.carriable or item.carried_by is not None:
                raise SkirmishError(
                    f"fighter {fighter.name!r}: carries {name!r}, which is no object on the "
                    "table that may be carried (19.0)"
                )
            items[name] = replace(item, at=None, carried_by=fighter.name)
        status = (
            Status(data.status)
            if data.status
            else (Status.ON_BATTLEFIELD if data.at is not None else Status.RESERVE)
        )
        if status is Status.ON_BATTLEFIELD and data.at is None:
            raise SkirmishError(f"fighter {fighter.name!r}: on the battlefield, but no 'at'")
        toughness = battle.setup.profile(fighter.profile).toughness
        if data.damage >= toughness and status is Status.ON_BATTLEFIELD:
            raise SkirmishError(
                f"fighter {fighter.name!r}: damage {data.damage} would have taken it out of "
                f"action (9.2: Toughness {toughness})"
            )
        fighters.append(
            replace(
                fighter,
                status=status,
                at=data.at if status is Status.ON_BATTLEFIELD else None,
                damage=data.damage,
                counters=data.counters,
                guarding=data.guarding,
                effects=frozenset(data.effects),
                poisoned=data.poisoned,
                carrying=tuple(data.carrying),
            )
        )
    battle = replace(battle, fighters=tuple(fighters), items=tuple(items.values()))
    for fighter in battle.on_battlefield():
        assert fighter.at is not None
        problem = stand_problem(battle, fighter.at, exclude=fighter.name)
        if problem is not None:
            raise SkirmishError(f"fighter {fighter.name!r}: {problem}")
    return battle


def _with_cards(battle: Battle, model: PositionModel) -> Battle:
    """The hands, the face-up row, the discard pile and the deck: every card once (0.9)."""
    players = battle.players
    if len(model.hands) > players:
        raise SkirmishError(f"hands: {len(model.hands)} hands for {players} players")
    hands = [[check_card(c.upper()) for c in hand] for hand in model.hands]
    hands += [[] for _ in range(players - len(hands))]
    discard = [check_card(c.upper()) for c in model.discard]
    placed = [c for hand in hands for c in hand] + discard
    face_up = (
        [check_card(c.upper()) for c in model.face_up]
        if model.face_up is not None
        else [c for c in DECK if c not in placed][:5]
    )
    placed += face_up
    deck = (
        [check_card(c.upper()) for c in model.deck]
        if model.deck is not None
        else [c for c in DECK if c not in placed]
    )
    twice = sorted(c for c, n in Counter(placed + deck).items() if n > 1)
    if twice:
        raise SkirmishError(
            f"card {twice[0]} is in two places; the deck holds each card once (0.9)"
        )
    missing = [c for c in DECK if c not in set(placed + deck)]
    if missing:
        raise SkirmishError(
            f"cards {', '.join(missing[:5])}{'...' if len(missing) > 5 else ''} are nowhere: "
            "the hands, face-up row, discard pile and deck hold the 52 cards (0.9)"
        )
    return replace(
        battle,
        hands=tuple(sort_cards(tuple(hand)) for hand in hands),
        known=(frozenset(),) * players,
        face_up=tuple(face_up),
        discard=tuple(discard),
        deck=sort_cards(tuple(deck)),
    )


def start_from_record(setup: Mapping[str, Any], *, source: str = "the record") -> Battle:
    """The first state of a recorded battle: from the position it started from, if it
    did, else from its setup (10.0)."""
    position = recorded_position(setup, source=source)
    if position is not None:
        return start_position(position, source=f"{source}: setup.position")
    return start_battle(setup_from_record(setup, source=source))


def replay_record(record: Record, *, source: str = "the record") -> History[Battle]:
    """Set up the battle a record describes (or its position) and replay every step
    through ``apply``; ``source`` names the record in errors."""
    return replay(record, start_from_record(record.setup, source=source))


def position_setup(model: PositionModel) -> dict[str, Any]:
    """What a record's setup keeps of a battle started from ``model``."""
    return {RECORDED: model.model_dump(mode="json", exclude_none=True)}


def recorded_position(setup: Mapping[str, Any], *, source: str) -> PositionModel | None:
    """The position a record's setup started from, if it did."""
    if RECORDED not in setup:
        return None
    return parse_position(setup[RECORDED], source=f"{source}: setup.position")
