"""Positions: a Magewinds battle started part way through, from a file or from Python.

A position names the scenario and the table, each fighter (its profile, player, place,
damage, action counters, Guard, effects, poison, what it carries, or that it is out of
action or not deployed), each player's hand, the face-up row, the discard pile and the
cards of the face-down deck (any order: each card drawn from it is a chance event over the
cards it holds, 12.0), the round, the phase (deploying, 10.5; the Channelling, 12.0, or the
Action Phase, 13.0, at their start or part way through: whose turn, who has passed, the
turn order; the start of the End Phase, 14.0) and the player who won the setup roll-off
(Player 1, 3.1). ``docs/positions.md``
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
from skirmish.games.magewinds.battle import grammar
from skirmish.games.magewinds.battle.actionphase import DONE, ActionPhase, ActionPhaseStage
from skirmish.games.magewinds.battle.channelling import Channelling
from skirmish.games.magewinds.battle.deployment import Deployment
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.game import start_battle
from skirmish.games.magewinds.battle.geometry import stand_problem
from skirmish.games.magewinds.battle.hooks import ABILITIES
from skirmish.games.magewinds.battle.placement import Placement, markers
from skirmish.games.magewinds.battle.rounds import Round, RoundStage
from skirmish.games.magewinds.battle.scenarios import deployment_problem
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
MOST_OBJECTS = 20
OPEN_TABLE: dict[str, Any] = {"battlefield": {"width": 12, "length": 16}, "terrain": []}
"""The table of a position that gives none: an open 12" x 16" battlefield."""

Card = Annotated[str, pydantic.Field(min_length=2, max_length=3)]
Seat = Annotated[int, pydantic.Field(ge=1, le=MAX_PLAYERS)]
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


class PlacedModel(StrictModel):
    """An object the scenario places at setup, and where."""

    name: Name
    """Its name in the battle: ``Treasure``, ``Treasure 3``, ``Fragment 2``."""
    at: tuple[float, float]


class PositionModel(StrictModel):
    """A position file (``docs/positions.md``)."""

    format: Literal["skirmish magewinds position"]
    scenario: Name = "deathmatch"
    table: dict[str, Any] = pydantic.Field(default_factory=lambda: dict(OPEN_TABLE))
    """A battlefield as a table file writes it (size, terrain, objects)."""
    round: Annotated[int, pydantic.Field(ge=1, le=MOST_ROUNDS)] = 1
    phase: Literal["deployment", "channelling", "action", "end"] = "action"
    """Where the battle stands: deploying (10.5), the Channelling (12.0), Action (13.0)
    or End Phase (14.0)."""
    first: Annotated[int, pydantic.Field(ge=1, le=MAX_PLAYERS)] = 1
    """The player who won the setup roll-off: the scenario's Player 1 (3.1)."""
    territories: Annotated[tuple[Name, ...], pydantic.Field(max_length=MAX_PLAYERS)] | None = None
    """Each player's territory, player 1's first (``left``, ``near-right``...); by
    default Player 2 takes the first the scenario offers (10.5)."""
    objects: Annotated[tuple[PlacedModel, ...], pydantic.Field(max_length=MOST_OBJECTS)] = ()
    """Where the scenario's objects placed at setup stand (The Prize's Treasure, Treasure
    Dash's treasures, the first fragments); by default the first spot offered."""
    order: Annotated[tuple[Seat, ...], pydantic.Field(max_length=MAX_PLAYERS)] | None = None
    """The phase's turn order (12.0, 13.0, 14.1); by default the rules' own."""
    turn: Seat | None = None
    """The player to act now, part way through the phase (not in the End Phase, whose
    windburn starts from its beginning); by default the first in the order."""
    passed: Annotated[tuple[Seat, ...], pydantic.Field(max_length=MAX_PLAYERS)] = ()
    """The players who have passed this phase (in deployment: finished deploying), in the
    order they did."""
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
    _check_turns(model, players)
    if model.phase == "deployment":
        return _deploying(start_battle(setup), model)
    battle = _to_phase(start_battle(setup), model, Phase.CHANNELLING)
    _check_territories(battle, model)
    battle = _with_fighters(battle, model)
    battle = _with_cards(battle, model)
    battle = _logged(replace(battle, round=model.round), model)
    if model.phase == "channelling":
        return _mid_phase(battle, model, Channelling)
    if model.phase == "end":
        return _end_phase(battle, model)
    if model.order is not None:  # the Action Phase's order is the order of passing (13.0)
        channelling = battle.frames[-1]
        assert isinstance(channelling, Channelling)
        order = tuple(p - 1 for p in model.order)
        battle = battle.top(replace(channelling, order=order, turn=order[0]))
    battle = _to_phase(battle, model, Phase.ACTION)  # every player passes (12.0)
    if model.turn is None and not model.passed:
        return battle  # the start of the phase, its windows (Wildform) included
    battle = _to_phase(battle, model, Phase.ACTION, turns=True)  # its opening windows past
    return _mid_phase(battle, model, ActionPhase)


def _logged(battle: Battle, model: PositionModel) -> Battle:
    turn = f", player {model.turn} to act" if model.turn is not None else ""
    return battle.logged(
        "10.0",
        EventKind.POSITION,
        "the battle starts from a position: round {round}, {phase} phase{turn}; "
        "face up: {cards:space}",
        round=model.round,
        phase=model.phase,
        cards=battle.face_up,
        words={"turn": turn},
    )


def _check_turns(model: PositionModel, players: int) -> None:
    """``order``, ``turn`` and ``passed`` name the battle's players, each once."""
    seats = set(range(1, players + 1))
    if model.order is not None and sorted(model.order) != sorted(seats):
        raise SkirmishError(
            f"order: {list(model.order)} must name each of the {players} players once"
        )
    if len(set(model.passed)) < len(model.passed) or not set(model.passed) <= seats:
        raise SkirmishError(f"passed: {list(model.passed)} must name players, each once")
    if model.turn is not None and model.turn not in seats:
        raise SkirmishError(f"turn: player {model.turn}, but the fighters are of {players}")
    if model.turn is not None and model.turn in model.passed:
        raise SkirmishError(
            f"turn: player {model.turn} has passed and takes no more turns this phase (12.0, 13.0)"
        )
    if len(model.passed) == players and model.phase in ("channelling", "action"):
        raise SkirmishError("passed: every player has passed, so the phase is over (12.0, 13.5)")
    if model.phase == "end" and (model.turn is not None or model.passed):
        raise SkirmishError(
            "turn, passed: an End Phase position starts at the beginning of the End Phase "
            "(14.0); give its windburn order as 'order'"
        )
    if model.phase == "deployment" and model.round != 1:
        raise SkirmishError(f"round: {model.round}, but deployment comes before round 1 (10.5)")


def _mid_phase(
    battle: Battle, model: PositionModel, kind: type[Channelling | ActionPhase]
) -> Battle:
    """The Channelling or Action Phase part way through: its order, whose turn it is and
    who has passed, laid over the phase's own frame."""
    frame = battle.frames[-1]
    assert isinstance(frame, kind)
    order = tuple(p - 1 for p in model.order) if model.order is not None else frame.order
    passed = tuple(p - 1 for p in model.passed)
    waiting = [p for p in order if p not in passed]
    turn = model.turn - 1 if model.turn is not None else waiting[0]
    battle = battle.top(replace(frame, order=order, turn=turn, passed=passed))
    if isinstance(frame, ActionPhase) and turn != frame.turn:
        battle = ABILITIES.turn_started(battle, turn)
    return battle


def _end_phase(battle: Battle, model: PositionModel) -> Battle:
    """The start of the End Phase (14.0), its windburn in ``order`` (the order of passing
    in the Action Phase, 14.1): counters are removed and the scenario may end the battle,
    which a position refuses (there would be nothing to play)."""
    round_frame = battle.frames[0]
    assert isinstance(round_frame, Round)
    order = (
        tuple(p - 1 for p in model.order)
        if model.order is not None
        else tuple(range(battle.players))
    )
    battle = replace(battle, frames=(replace(round_frame, stage=RoundStage.ACTION),))
    battle = battle.frames[-1].resume(battle, order).settle()
    if battle.result is not None:
        raise SkirmishError(
            f"phase: end: the battle ends at the end of round {model.round} "
            f"({battle.result.reason}); nothing is left to play"
        )
    return battle


def _deploying(battle: Battle, model: PositionModel) -> Battle:
    """Deployment under way (10.5): the fighters with ``at`` deployed (each where the
    scenario allows), the rest waiting, ``turn`` the player to deploy next."""
    battle = _to_phase(battle, model, Phase.DEPLOYMENT)
    _check_territories(battle, model)
    for fighter in model.fighters:
        if fighter.status not in (None, Status.RESERVE.value, Status.ON_BATTLEFIELD.value):
            raise SkirmishError(
                f"fighter {fighter.name!r}: {fighter.status} while deploying; every fighter "
                "is deployed or waiting to be (10.5)"
            )
        marked = fighter.damage or fighter.counters or fighter.guarding or fighter.effects
        if marked or fighter.poisoned or fighter.carrying:
            raise SkirmishError(
                f"fighter {fighter.name!r}: damage, counters, Guard, effects, poison or "
                "objects carried before the first round (10.5)"
            )
    if model.hands or model.discard:
        raise SkirmishError("hands, discard: no card is drawn before the first round (12.0)")
    battle = _with_fighters(battle, model)
    battle = _with_cards(battle, model)
    for placed in battle.on_battlefield():
        assert placed.at is not None
        problem = deployment_problem(battle, placed.player, placed.at)
        if problem:
            raise SkirmishError(f"fighter {placed.name!r}: {problem}")
    waiting = {f.player for f in battle.fighters if f.status is Status.RESERVE}
    finished = [p for p in range(battle.players) if p not in waiting]
    passed = [p - 1 for p in model.passed]
    if sorted(passed) != finished:
        raise SkirmishError(
            f"passed: {list(model.passed)}, but the players with every fighter deployed are "
            f"{[p + 1 for p in finished]} (10.5: list them in the order they finished)"
        )
    if not waiting:
        raise SkirmishError(
            "fighters: every fighter is deployed; start at the Channelling Phase instead"
        )
    frame = battle.frames[-1]
    assert isinstance(frame, Deployment)
    order = tuple(p - 1 for p in model.order) if model.order is not None else frame.order
    turn = model.turn - 1 if model.turn is not None else next(p for p in order if p in waiting)
    if turn not in waiting:
        raise SkirmishError(f"turn: player {turn + 1} has no fighter left to deploy (10.5)")
    battle = replace(battle, deployed=tuple(passed))
    return _logged(battle.top(replace(frame, turn=turn, order=order)), model)


def _profile_of(name: str) -> str:
    """``Deadeye 2`` is a Deadeye: the number a warband's second copy is given dropped."""
    head, _, tail = name.rpartition(" ")
    return head if head and tail.isdigit() else name


def _to_phase(battle: Battle, model: PositionModel, phase: Phase, *, turns: bool = False) -> Battle:
    """The battle played on by the rules to the first decision of ``phase`` (``turns``:
    of the Action Phase's turns, its opening windows past, nobody casting Wildform): the
    setup roll-off won by ``first``, every other choice the first offered (a pass in the
    Channelling Phase), cards drawn and dice rolled as they come. The position is laid
    over the battle at the start of the Channelling Phase, so the Action Phase starts
    from it."""
    rng = Random(f"skirmish position {model.round}")
    for _ in range(10_000):
        node = battle.node()
        if battle.phase is phase and isinstance(node, Turn) and not (turns and _opening(battle)):
            return battle
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
            opening = turns and battle.phase is Phase.ACTION and _opening(battle)
            if opening and DONE in grammar.texts(battle.options()):
                battle = battle.apply(DONE)
            else:
                battle = battle.apply("pass" if pass_ else _first_choice(battle, model))
        else:
            raise SkirmishError(f"the battle ended while being set up: {node.reason}")
    raise SkirmishError("the battle could not be set up to the position")  # pragma: no cover


def _opening(battle: Battle) -> bool:
    """Whether the Action Phase is still at its opening windows (Wildform, 17.0)."""
    frame = battle.frames[-1]
    return not (isinstance(frame, ActionPhase) and frame.stage is ActionPhaseStage.TURNS)


def _first_choice(battle: Battle, model: PositionModel) -> str:
    """The choice the setup makes for the position: an object placed where the position
    puts it, a territory as the position gives it (Player 2's half, 10.5; each player's
    corner or quarter; the Defender's objective edge), else the first offered."""
    options = battle.options()
    frame = battle.frames[-1]
    if isinstance(frame, Placement):
        where = {o.name: o.at for o in model.objects}.get(frame.names[0])
        return options[0] if where is None else f"place at {where[0]:g},{where[1]:g}"
    verbs = {str(o).split(" ", 1)[0] for o in options}
    if model.territories is None or len(verbs) != 1 or not verbs <= {"take", "objective"}:
        return options[0]
    if len(model.territories) != battle.players:
        raise SkirmishError(
            f"territories: {len(model.territories)} for {battle.players} players; give one each"
        )
    player = node_player(battle)
    chosen = f"{verbs.pop()} {model.territories[player]}"
    if chosen not in options:
        raise SkirmishError(
            f"territories: player {player + 1} cannot have {model.territories[player]} in "
            f"{battle.setup.scenario.name}; the choices left are {', '.join(options)} (10.5)"
        )
    return chosen


def _check_territories(battle: Battle, model: PositionModel) -> None:
    """The territories the setup leaves are those the position gives (a diagonal cut
    gives the other player the opposite triangle, ruling MB-26), and each object the
    position places is one the setup placed."""
    placed = [item.name for item in battle.items] + [m.detail for m in markers(battle)]
    for given in model.objects:
        if given.name not in placed:
            raise SkirmishError(
                f"objects: {given.name!r} is no object {battle.setup.scenario.name} places "
                f"by this point; it places {', '.join(placed) or 'none'}"
            )
    if model.territories is not None and list(battle.territories) != list(model.territories):
        raise SkirmishError(
            f"territories: {', '.join(model.territories)}, but the cut Player 2 makes "
            f"leaves {', '.join(battle.territories)} (10.5)"
        )


def node_player(battle: Battle) -> int:
    node = battle.node()
    assert isinstance(node, Turn)
    return node.player


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
