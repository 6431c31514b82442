"""What a person at the table asks of a battle in progress: the fighters' status, a hand,
the legal actions with their rules, a picture of the battlefield now.

These read only the player's view (their own hand, the public facts), so a terminal, a
web page or a computer player can use them without seeing what they should not.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from skirmish.engine.battle import Turn
from skirmish.errors import SkirmishError
from skirmish.games.magewinds.battle.abilities.mesmer import shown_profile
from skirmish.games.magewinds.battle.abilities.notes import public_notes
from skirmish.games.magewinds.battle.actions import point_text
from skirmish.games.magewinds.battle.attackview import FACE_DOWN
from skirmish.games.magewinds.battle.building import building_lines
from skirmish.games.magewinds.battle.deck import hand_limit
from skirmish.games.magewinds.battle.geometry import field_of
from skirmish.games.magewinds.battle.placement import markers
from skirmish.games.magewinds.battle.state import Battle
from skirmish.games.magewinds.effects import effect_name
from skirmish.games.magewinds.field import Battlefield
from skirmish.geometry import Marker
from skirmish.limits import SEARCH_SECONDS

PLAYER_KINDS = ("human", "random", "drawing", "greedy", "search")
"""Who may play a warband; ``search:SECONDS`` gives the search player its budget;
``drawing`` is the random player that draws one legal action without listing them all
(the same choices in distribution, another battle from a seed: docs/players.md)."""


def parse_players(
    text: str, count: int, *, kinds: tuple[str, ...] = PLAYER_KINDS, example: str = "human"
) -> tuple[str, ...]:
    """``human,random``: one kind of player per warband (``search:2.5``: a search player
    with 2.5 seconds a decision), each one of ``kinds``. A refusal names the entry at fault
    and shows ``count`` entries, the first ``example`` and the others ``random``."""
    given = tuple(part.strip().casefold() for part in text.split(","))
    names = ", ".join(kinds)
    sample = ",".join([example, *["random"] * (count - 1)])
    if len(given) != count:
        entries = "player" if len(given) == 1 else "players"
        raise SkirmishError(
            f"--players {text!r}: {len(given)} {entries} for {count} warbands; give one of "
            f"{names} (or search:SECONDS) per --warband, separated by commas, such as {sample}"
        )
    for kind in given:
        if _kind(kind) not in kinds:
            what = "a computer player" if "human" not in kinds else "a player"
            raise SkirmishError(
                f"--players {text!r}: {kind!r} is not {what}; give one of {names} (or "
                f"search:SECONDS) per --warband, separated by commas, such as {sample}"
            )
        search_seconds(kind)
    return given


def search_valued(kind: str) -> bool:
    """Whether a search kind scores its leaves with the fitted value (``search:1:value``)."""
    return search_seconds(kind) is not None and kind.endswith(f":{SEARCH_VALUE}")


def _kind(text: str) -> str:
    return text.partition(":")[0] if text.startswith("search:") else text


SEARCH_VALUE = "value"
"""``search:SECONDS:value``: the search player scoring its look-aheads with the value fitted
to battles' ends (:mod:`skirmish.ai.magewinds.value`) rather than the greedy evaluation."""


def search_seconds(kind: str) -> float | None:
    """The budget a ``search[:SECONDS[:value]]`` kind gives (1 second by default); None for
    another kind."""
    if _kind(kind) != "search":
        return None
    if kind == "search":
        return 1.0
    given, _, leaf = kind.partition(":")[2].partition(":")
    try:
        seconds = float(given)
        if leaf not in ("", SEARCH_VALUE):
            raise ValueError(leaf)
    except ValueError:
        raise SkirmishError(
            f"--players {kind!r}: expected search:SECONDS or search:SECONDS:{SEARCH_VALUE}, "
            "such as search:2"
        ) from None
    problem = SEARCH_SECONDS.problem(seconds)
    if problem is not None:
        raise SkirmishError(f"--players {kind!r}: {problem}")
    return seconds


def status_rows(battle: Battle) -> list[dict[str, str]]:
    """9.1-9.3: every fighter's position, damage, action counters, spells and objects."""
    rows = []
    for fighter in battle.fighters:
        profile = battle.setup.profile(shown_profile(battle, fighter.name, fighter.profile))
        notes = sorted(map(effect_name, fighter.effects)) + public_notes(battle, fighter)
        if fighter.guarding:
            notes.append("guarding")
        if fighter.poisoned:
            notes.append("poisoned")
        notes += [f"carries {name}" for name in fighter.carrying]
        rows.append(
            {
                "fighter": fighter.name,
                "player": str(fighter.player + 1),
                "at": point_text(fighter.at) if fighter.at else fighter.status.value,
                "damage": f"{fighter.damage}/{profile.toughness}",
                "counters": ("", "single", "double")[fighter.counters],
                "notes": ", ".join(notes),
            }
        )
    return rows


def object_rows(battle: Battle) -> list[dict[str, str]]:
    """0.8.3, 19.0 and 9.4: every object and the scenario's markers, where each is (on the
    battlefield, or carried by a fighter) and what may be done with it; empty when the
    battle has none."""
    rows = []
    for item in battle.items:
        if item.carried_by is not None:
            where = f"carried by {item.carried_by}"
        else:
            where = point_text(item.at) if item.at else "off the battlefield"
        kind = "object (19.0)"
        if item.carriable:
            kind += ", may be carried"
        if item.moveable:
            kind += ", may be moved"
        rows.append({"object": item.name, "at": where, "notes": kind})
    for mark in markers(battle):
        where = point_text(mark.at) if mark.at else "off the battlefield"
        rows.append(
            {
                "object": mark.detail,
                "at": where,
                "notes": "marker (9.4): collected by crossing it in a Move (MB-28)",
            }
        )
    return rows


def hand_text(battle: Battle, player: int) -> list[str]:
    """12.0: a player's own hand, the face-up row, the deck, the discard, the other hands."""
    _, why = hand_limit(battle, player)
    lines = [
        f"player {player + 1}'s hand: {' '.join(battle.hands[player]) or '(empty)'} ({why})",
        f"face up: {' '.join(battle.face_up) or '(none)'}; deck: {len(battle.deck)} cards; "
        f"discard: {len(battle.discard)} cards"
        + (f", top {battle.discard[-1]}" if battle.discard else ""),
    ]
    for other in range(battle.players):
        if other != player:
            known = sorted(battle.known[other])
            lines.append(
                f"player {other + 1} holds {len(battle.hands[other])} "
                f"card{'' if len(battle.hands[other]) == 1 else 's'}"
                + (f", among them {' '.join(known)} (taken face up)" if known else "")
            )
    return lines


ACTION_RULES: tuple[tuple[str, str], ...] = (
    ("roll-off", "3.1 roll-off"),
    ("order ", "1.2 sequencing"),
    ("take ", "10.1 territories (MB-5, MB-26)"),
    ("objective ", "Hold the Line: the objective edge"),
    ("place at ", "placing objects (MB-27)"),
    ("deploy ", "10.5 deployment"),
    ("draw deck", "12.0 draw face down"),
    ("draw ", "12.0 take a face-up card"),
    ("activate ", "13.0 activate"),
    ("end activation", "13.0 end the activation"),
    ("done", "13.0 nothing more now"),
    ("move", "13.4 Move action"),
    ("attack ", "18.0 attack a visible target"),
    ("attack", "13.4 Attack action"),
    ("guard", "13.4 Guard action"),
    ("blink", "Blink: re-deploy (20.2)"),
    ("recover", "Recover: heal (20.1)"),
    ("cast ", "17.0 cast, paying cards"),
    ("step ", "13.1 step move"),
    ("no step", "13.1 stay"),
    ("to ", "15.0 move"),
    ("pick up ", "19.1 pick up"),
    ("collect ", "Fragment Frenzy v1.3.0: collect a fragment crossed (MB-28)"),
    ("collect nothing", "Fragment Frenzy v1.3.0: leave them (MB-28)"),
    ("escape", "Hold the Line: Escape (MB-30)"),
    ("drop ", "19.1 drop"),
    ("light", "18.3 attack choice"),
    ("heavy", "18.3 attack choice"),
    ("feint", "18.3.1 feint"),
    ("none", "18.4 no reaction"),
    ("dodge", "18.4 Dodge"),
    ("deflect", "18.4 Deflect"),
    ("mirrorshield", "18.4 Mirrorshield"),
    ("knock back", "18.5.4 knockback"),
    ("no knockback", "18.5.4 no knockback"),
    ("no barrier", "Barrier: decline"),
    ("keep ", "14.1 keep: windburn"),
    ("discard ", "14.1 discard"),
)
"""The rule that allows each kind of action, by how the action starts (longest first)."""


def action_rule(action: str, rule: str) -> str:
    """The rule that allows ``action`` at a decision asked under ``rule`` (cards paying a
    spell, for example, are allowed by the decision's own rule)."""
    low = action.casefold()
    if low == "pass":
        return f"{rule} pass"
    if low.startswith("take ") and not rule[:1].isdigit():
        return f"{rule}: pick a corner or quarter"  # Battle Royale, Treasure Clash
    if rule == "10.2":  # building a warband in play
        return "10.2 the warband is complete (MB-31)" if low == "done" else "10.2 add (MB-31)"
    found = [(start, why) for start, why in ACTION_RULES if low.startswith(start)]
    if not found:
        return f"{rule} payment" if rule in ("17.0", "Barrier") else rule
    return max(found, key=lambda pair: len(pair[0]))[1]


WIDTH = 80


def help_lines(battle: Battle, legal: tuple[Any, ...] | None = None) -> list[str]:
    """The legal actions now (numbered in the order of ``legal`` when given), each with
    the rule that allows it, and why others are refused; every line fits in 80 columns."""
    node = battle.node()
    if not isinstance(node, Turn):
        return ["no decision is pending"]
    if legal is None:
        legal = battle.legal_actions(node.player)
    lines = textwrap.wrap(f"{node.rule}: {node.prompt}", WIDTH)
    for i, action in enumerate(legal, 1):
        lines += textwrap.wrap(
            f"{i}. {action}  [{action_rule(str(action), node.rule)}]",
            WIDTH,
            initial_indent="  ",
            subsequent_indent="       ",
        )
    refused = battle.frames[-1].refused(battle)
    lines.append("not allowed now:")
    for reason in refused:
        lines += textwrap.wrap(reason, WIDTH, initial_indent="  ", subsequent_indent="    ")
    lines += textwrap.wrap(
        f"anything else: {node.rule} asks only for the actions listed",
        WIDTH,
        initial_indent="  ",
    )
    lines += [
        "type an action (or its number); positions as x,y in inches may be any legal",
        "ones. Commands: status, hand, hint, undo, save [FILE], help, los A B,",
        "reach F [X,Y], draw FILE.png [--reach F] [--attacker A --target T]",
    ]
    return lines


def pending_lines(view: Mapping[str, Any]) -> list[str]:
    """The attack in progress as the viewing player may know it (18.0-18.4): who attacks
    whom with what, the line of attack and cover, and the attack choice, face down until
    it is revealed (18.3); and the warbands being built, as far as the player may see
    them (10.2, ruling MB-31). Read from the view alone."""
    lines = building_lines(view)
    for frame in view["pending"]:
        if frame["frame"] != "attack":
            continue
        text = (
            f"attack in progress: {frame['attacker']} attacks {frame['target']} with "
            f"{frame['attack']} (Range {frame['range']})"
        )
        if frame["line"] is not None:
            text += f'; line of attack {frame["line"]:g}"'
        text += f"; {frame['target']} {'in cover (18.2)' if frame['cover'] else 'in the open'}"
        choice = frame["choice"]
        if choice == FACE_DOWN:
            text += "; an attack choice face down (18.3)"
        elif choice is not None:
            text += f"; attack choice {choice}"
        lines.append(text)
    return lines


def battlefield_now(battle: Battle) -> Battlefield:
    """The battlefield as it stands, with the scenario's markers (9.4): the objective,
    and Fragment Frenzy v1.3.0's fragments."""
    field = field_of(battle)
    if battle.setup.scenario.objective:
        x, y = battle.setup.table.centre
        field = replace(field, markers=(*field.markers, Marker("objective", x, y)))
    placed = tuple(Marker(m.detail, *m.at) for m in markers(battle) if m.at is not None)
    if placed:
        field = replace(field, markers=(*field.markers, *placed))
    return field


def result_text(battle: Battle) -> str:
    if battle.result is None:
        return "the battle is not over"
    who = "a draw" if battle.result.winner is None else f"player {battle.result.winner + 1} wins"
    return f"{who} after round {battle.round}: {battle.result.reason}"
