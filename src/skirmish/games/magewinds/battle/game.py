"""Starting a Magewinds battle, and replaying one from its record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.games.magewinds.battle.building import fighters_of, log_warbands, start_building
from skirmish.games.magewinds.battle.deployment import SetupFrame, check_deployment_room
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.rounds import Round
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.battle.state import Battle, Item
from skirmish.games.magewinds.cards import DECK, sort_cards

GAME = "magewinds"


def start_battle(setup: Setup) -> Battle:
    """10.0: a battle ready to set up: fighters waiting to deploy, the deck face down; a
    battlefield with no room to deploy a warband is refused (10.5). A setup whose warbands
    are built in play starts with the building (10.2, ruling MB-31)."""
    items = tuple(
        Item(o.name, (o.x, o.y), o.carriable, o.moveable) for o in setup.table.field.objects
    )
    players = len(setup.warbands)
    battle = Battle(
        setup=setup,
        frames=(Round(), SetupFrame()),
        fighters=fighters_of(setup),
        hands=((),) * players,
        known=(frozenset(),) * players,
        deck=sort_cards(DECK),
        items=items,
    )
    battle = battle.logged(
        "10.1",
        EventKind.SCENARIO,
        "scenario: {scenario} ({version})",
        scenario=setup.scenario.name,
        version=setup.scenario.version,
    )
    if setup.building is None:
        battle = log_warbands(battle)
    battle = battle.logged(
        "10.3",
        EventKind.BATTLEFIELD,
        'battlefield: {battlefield} ({width:g}" x {length:g}")',
        battlefield=setup.table.name,
        width=setup.table.width,
        length=setup.table.length,
    )
    if setup.building is not None:
        return start_building(battle)
    check_deployment_room(battle)
    return battle.settle()


def result_of(battle: Battle) -> Mapping[str, Any]:
    """The battle's result as a record keeps it."""
    if battle.result is None:
        return {"winner": None, "over": False, "rounds": battle.round}
    return {
        "winner": None if battle.result.winner is None else battle.result.winner + 1,
        "over": True,
        "reason": battle.result.reason,
        "rounds": battle.round,
    }
