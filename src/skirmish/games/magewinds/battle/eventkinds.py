"""What a line of a Magewinds battle's log records: the kinds of its events.

A line is a :class:`skirmish.engine.logbook.BattleEvent` of one of these kinds, or one of
the attack procedure's own records (:mod:`skirmish.games.magewinds.events`);
:func:`kind_of` gives any line's kind. docs/json.md lists every kind and its fields.
"""

from __future__ import annotations

from enum import StrEnum

from skirmish.engine.logbook import LogLine


class EventKind(StrEnum):
    """What a line of the battle log records. The value is the ``event`` name programs
    and the JSON read."""

    # 10.0 setting up
    SCENARIO = "scenario"
    POSITION = "position"
    WARBAND = "warband"
    BUILDING = "building"
    BUILDING_ORDER = "building_order"
    PICK = "pick"
    BUILT = "built"
    BATTLEFIELD = "battlefield"
    ROLL_OFF = "roll-off"
    PLACING = "placing"
    SEQUENCING = "sequencing"
    PLAYER_1 = "player_1"
    TERRITORIES = "territories"
    PLACE = "place"
    PLACEMENT_SKIPPED = "placement_skipped"
    PLACEMENT_ENDS = "placement_ends"
    FACE_UP = "face_up"
    DEPLOY = "deploy"
    # 11.0 rounds and phases
    ROUND = "round"
    PHASE = "phase"
    PHASE_END = "phase_end"
    EFFECTS_END = "effects_end"
    COUNTERS_REMOVED = "counters_removed"
    END = "end"
    # 12.0 channelling and the deck
    DRAW = "draw"
    DRAW_DECK = "draw_deck"
    DRAW_SEEN = "draw_seen"
    REFILL = "refill"
    RESHUFFLE = "reshuffle"
    PASS = "pass"
    INSIGHT = "insight"
    INSIGHT_SEEN = "insight_seen"
    # 13.0 activations and actions
    ACTIVATE = "activate"
    ACTION = "action"
    ACTION_COUNTER = "action_counter"
    FREE = "free"
    GUARD = "guard"
    GUARD_ENDS = "guard_ends"
    MOVE = "move"
    STEP = "step"
    NO_STEP = "no_step"
    REDEPLOY = "redeploy"
    HEAL = "heal"
    RECOVER_ACTION = "recover_action"
    RECOVER_LATER = "recover_later"
    REVIVE = "revive"
    # 17.0 spells and cards
    SPEND = "spend"
    SPELL = "spell"
    SPELL_ENDS = "spell_ends"
    WARD = "ward"
    CHARM = "charm"
    CHARM_NOTE = "charm_note"
    CHARM_REVEALED = "charm_revealed"
    CLONE = "clone"
    CLONE_NOTE = "clone_note"
    CLONE_REVEALED = "clone_revealed"
    QUAKE = "quake"
    TAKE_AIM = "take_aim"
    AIM_REMOVED = "aim_removed"
    BLAST = "blast"
    BLAST_ATTACK = "blast_attack"
    # 18.0 attacks: the procedure's steps (magewinds.events) and the battle's own
    ATTACK = "attack"
    ROLL = "roll"
    RANGE = "range"
    ATTACK_CHOICE = "attack_choice"
    REVEAL = "reveal"
    DEFENCE_CHOICE = "defence_choice"
    TARGET_NUMBER = "target_number"
    POWER = "power"
    NO_ROLL = "no_roll"
    REROLL = "reroll"
    HITS = "hits"
    ARMOUR = "armour"
    PUSH = "push"
    BARRIER = "barrier"
    POISONED = "poisoned"
    REFLECT = "reflect"
    FEINT = "feint"
    DAMAGE = "damage"
    TAKEN_DOWN = "taken_down"
    KNOCKBACK = "knockback"
    SHOVE = "shove"
    # 14.0 the End Phase
    DISCARD = "discard"
    KEEP = "keep"
    KEEP_SEEN = "keep_seen"
    WINDBURN = "windburn"
    # 19.0 objects and scenarios
    PICK_UP = "pick_up"
    DROP = "drop"
    COLLECT = "collect"
    ESCAPE = "escape"
    STORM = "storm"


def kind_of(line: LogLine) -> EventKind:
    """Any line's kind, as an :class:`EventKind`."""
    kind = getattr(line, "kind", None)
    return kind if isinstance(kind, EventKind) else EventKind(line.event)


POISON_ENDS = "; healing ends its poison (ruling MB-15)"
"""What a healing line adds when the healed fighter was poisoned (ruling MB-15)."""
