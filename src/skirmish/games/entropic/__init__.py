"""Entropic Engine: the attack with sealed command-token bids, and the bidding game solved."""

from skirmish.games.entropic.attack import (
    Aim,
    Approach,
    AttackResult,
    Bid,
    Outcome,
    Situation,
    StunRule,
    damage_result,
    resolve_attack,
)
from skirmish.games.entropic.bidding import (
    BiddingAdvice,
    Values,
    bid_table,
    bidding_game,
    result_of,
)
from skirmish.games.entropic.game import GAME
from skirmish.games.entropic.models import (
    Attribute,
    Component,
    Force,
    Markers,
    Model,
    Profile,
    Weapon,
    load_force,
    sample_force,
    simple,
)
from skirmish.games.entropic.resolution import Resolved, receive, resolution_phase

__all__ = [
    "GAME",
    "Aim",
    "Approach",
    "AttackResult",
    "Attribute",
    "Bid",
    "BiddingAdvice",
    "Component",
    "Force",
    "Markers",
    "Model",
    "Outcome",
    "Profile",
    "Resolved",
    "Situation",
    "StunRule",
    "Values",
    "Weapon",
    "bid_table",
    "bidding_game",
    "damage_result",
    "load_force",
    "receive",
    "resolution_phase",
    "resolve_attack",
    "result_of",
    "sample_force",
    "simple",
]
