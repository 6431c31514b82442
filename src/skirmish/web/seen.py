"""What one seat's page shows of a battle: made from ``view(player)`` and the session's
readers of it, never from another hand, a face-down card or the deck's order. A spectator
sees what every seat sees alike.

The options are the terminal's own list of the decision (the game's ``menu``: its order,
its notes, the spots it adds with their reasons), grouped by kind, each with the rule that
allows it (the terminal's ``help`` rules); an action that takes a position is offered as
a group too, whose position the page takes from a click on the
battlefield and the rules check when it is applied.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, replace
from typing import Any

from skirmish.web.pages import Problem
from skirmish.web.tables import SPECTATOR, Table

SHOWN_PER_GROUP = 40
"""Buttons shown at once for one kind of action; the rest are behind "more"."""

CLICK = "(click the battlefield)"


def group_key(action: Any) -> str:
    """A position-taking action's group: the action with its position left out."""
    fields = asdict(replace(action, point=None))
    return json.dumps(fields, sort_keys=True, default=str)


def point_label(action: Any) -> str:
    """The action's text with its position shown as a click to make."""
    return str(replace(action, point=(-987.0, -987.0))).replace("-987,-987", CLICK)


def legal_groups(battle: Any, seat: int) -> dict[str, Any]:
    """The seat's options, grouped by kind, with their rules and the position groups a
    click completes: the terminal's own list of the decision (the game's ``menu``), in
    its order and with its words (the enemies first, a friend marked, each attack's odds,
    the places a player looks for with their reasons), each action with its text to send
    and the rule that allows it."""
    from skirmish.engine.battle import Turn
    from skirmish.games.magewinds.battle.session import action_rule
    from skirmish.web.aiming import attack_targets

    node = battle.node()
    if not isinstance(node, Turn) or node.player != seat:
        return NO_ACTIONS
    groups: dict[str, dict[str, Any]] = {}
    points: dict[str, dict[str, Any]] = {}
    payments: dict[str, dict[str, Any]] = {}
    hand = set(battle.view(seat)["hand"])
    listed = menu_options(battle, seat)
    notes: dict[tuple[str | None, str | None], str] = {}
    for action, note in listed:
        text = str(action)
        rule = action_rule(text, node.rule)
        if action.cards and set(action.cards) <= hand:  # cards the seat gives from its hand
            key = pay_key(action)
            picking = pay_label(action)
            before, _, after = picking.partition(PICKED)
            payments.setdefault(
                key,
                {
                    "key": key,
                    "label": picking,
                    "before": before,
                    "after": after,
                    "rule": rule,
                    "offered": [],
                },
            )["offered"].append(list(action.cards))
        kind = action.kind.value
        group = groups.setdefault(kind, {"kind": kind, "heading": heading(kind), "actions": []})
        label = f"{text}  {note}" if note else text
        group["actions"].append({"text": text, "label": label, "note": note, "rule": rule})
        notes.setdefault((action.target, action.attack), note)
        if action.point is not None and action.other is None:
            key = group_key(action)
            entry = points.setdefault(
                key, {"key": key, "label": point_label(action), "rule": rule, "offered": []}
            )
            entry["offered"].append(list(action.point))
    targets = attack_targets(battle, seat, [action for action, _ in listed])
    return {
        "groups": list(groups.values()),
        "points": list(points.values()),
        "payments": list(payments.values()),
        "targets": [{**t, "note": notes.get((t["target"], t["attack"]), "")} for t in targets],
    }


def menu_options(battle: Any, seat: int) -> list[tuple[Any, str]]:
    """The decision's options as the terminal numbers them (the game's ``menu``: the
    same source, order and words), each as its action record and the note the terminal
    shows beside it in brackets (``[a friend; 0.42 damage, 0% to take down]``, a spot's
    reason), or ``""``. A spot the menu adds (a position the battle checked) is read as
    any typed action is."""
    from skirmish.ai.magewinds.menu import action_parts
    from skirmish.ai.players import computers
    from skirmish.games.magewinds.battles import BATTLES

    legal = battle.legal_actions(seat)
    by_text = {str(action): action for action in legal}
    listed = []
    for option in computers(BATTLES.computers).menu(battle, seat, legal):
        text = str(option.action)
        action = by_text.get(text) or battle.parse_action(text)
        if option.group:  # one of the ways to pay: the heading holds the note
            said = option.group.removeprefix(action_parts(text).paid_for)
        else:
            said = option.text.removeprefix(text)
        listed.append((action, said.strip()))
    return listed


HEADINGS = {"word": "other choices"}
"""Headings of the kinds of action whose name is the grammar's, not a player's word."""


def heading(kind: str) -> str:
    """The heading the page shows over the actions of ``kind``."""
    return HEADINGS.get(kind, kind)


NO_ACTIONS: dict[str, Any] = {"groups": [], "points": [], "payments": [], "targets": []}


def pay_key(action: Any) -> str:
    """A paid action's group: the action with its cards left out."""
    return json.dumps(asdict(replace(action, cards=())), sort_keys=True, default=str)


PICKED = "(pick cards from your hand)"


def pay_label(action: Any) -> str:
    """The action's text with its payment shown as cards to pick."""
    return str(replace(action, cards=("987C",))).replace("987C", PICKED)


def paid(battle: Any, seat: int, key: str, cards: Sequence[str]) -> str:
    """The action of payment group ``key`` paid with the cards picked from the hand, as
    text for the rules to check (they refuse a payment that does not pay, with their
    rule); 400 when no legal action has that group."""

    for action in battle.legal_actions(seat):
        if action.cards and pay_key(action) == key:
            return str(replace(action, cards=tuple(cards)))
    raise Problem("no legal action is paid now; pick one of the buttons", status=400)


def pointed(battle: Any, seat: int, key: str, x: float, y: float) -> str:
    """The action of group ``key`` at the clicked position (x, y in inches), as text for
    the rules to check; 400 when no legal action has that group."""
    for action in battle.legal_actions(seat):
        if action.point is not None and action.other is None and group_key(action) == key:
            return str(replace(action, point=(round(x, 2), round(y, 2))))
    raise Problem("no legal action takes a position now; pick one of the buttons", status=400)


def shown(table: Table, seat: int) -> dict[str, Any]:
    """Everything the page of ``seat`` shows (JSON-ready): seat is :data:`SPECTATOR` for
    the spectators' page."""
    from skirmish.games.magewinds.battle.session import (
        object_rows,
        pending_lines,
        result_text,
        status_rows,
    )
    from skirmish.games.magewinds.battle.view import log_lines
    from skirmish.web.drawing import board

    battle = table.battle
    players = battle.players
    if seat == SPECTATOR:
        views = [battle.view(p) for p in range(players)]
        view = views[0]
        pending = [
            line for line in pending_lines(view) if all(line in pending_lines(v) for v in views)
        ]
        log = log_lines(battle, None)
        hand: list[str] = []
        hands = {
            str(p + 1): {"cards": len(battle.hands[p]), "known": sorted(battle.known[p])}
            for p in range(players)
        }
        now = dict(view["now"])
        now.pop("prompt", None)
    else:
        view = battle.view(seat)
        pending = pending_lines(view)
        log = view["log"]
        hand = view["hand"]
        hands = view["other_hands"]
        now = view["now"]
    kinds = table.session.kinds
    return {
        "battle": table.id,
        "seat": None if seat == SPECTATOR else seat + 1,
        "players": [
            {"seat": p + 1, "kind": kinds[p] if p < len(kinds) else "?"} for p in range(players)
        ],
        "steps": table.steps,
        "changed": table.changed,
        "epoch": table.epoch,
        "scenario": view["scenario"],
        "round": view["round"],
        "phase": view["phase"],
        "now": now,
        "result": result_text(battle) if battle.result is not None else None,
        "pending": pending,
        "fighters": status_rows(battle),
        "objects": object_rows(battle),
        "hand": hand,
        "other_hands": hands,
        "face_up": view["face_up"],
        "discard": len(view["discard"]),
        "discard_top": view["discard"][-1] if view["discard"] else None,
        "deck": view["deck"],
        "log": list(reversed(log)),
        "legal": legal_groups(battle, seat) if seat != SPECTATOR else NO_ACTIONS,
        "board": board(scene(battle, seat)),
        "computer_moves": [m.as_dict() for m in reversed(table.moves) if m.steps <= table.steps],
    }


def scene(battle: Any, seat: int) -> Any:
    """The battlefield now as the seat's player sees it (the terminal's ``draw``): the
    objective's zones (9.4), the territories and, while the warbands deploy, where each
    player may deploy (10.5), the active fighter's reach (15.0) and the attack in progress
    (18.1, 18.2). A spectator sees what player 1 is shown of these, all of it public."""
    from skirmish.games.magewinds.picture import battle_scene, deployment_areas

    drawn = battle_scene(battle, 0 if seat == SPECTATOR else seat)
    return replace(drawn, areas=(*drawn.areas, *deployment_areas(battle)))


def hint(table: Table, seat: int) -> list[str]:
    """The greedy player's best actions for ``seat`` now, with values and reasons (the
    terminal's ``hint``); refused when the seat does not decide."""
    from skirmish.ai.magewinds.explain import hint_lines
    from skirmish.engine.battle import LazyView, Turn

    battle = table.battle
    node = battle.node()
    if not isinstance(node, Turn) or node.player != seat:
        raise Problem("hint: this seat has no decision to make now", status=409)
    legal = battle.legal_actions(seat)
    return hint_lines(battle.setup, LazyView(battle, seat), legal)
