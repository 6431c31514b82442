"""The abilities' marks as every player may read them next to a fighter (``status``):
public ones only; a secret note is never named here (rulings MB-41, MB-42, MB-45)."""

from __future__ import annotations

from skirmish.games.magewinds.battle.actions import point_text
from skirmish.games.magewinds.battle.state import Battle, Fighter

ON_OWNER = {"ward": "warding", "recover": "to heal 2 (Recover v1.2.0)"}
ON_TARGET = {"entangle": "entangled by {owner}", "hypnotize": "hypnotized by {owner}"}


def public_notes(battle: Battle, fighter: Fighter) -> list[str]:
    notes = []
    for mark in battle.marks:
        if mark.seen_by is not None:
            continue
        if mark.owner == fighter.name and mark.key in ON_OWNER:
            notes.append(ON_OWNER[mark.key])
        if mark.owner == fighter.name and mark.key == "take_aim" and mark.at is not None:
            notes.append(f"aiming at ({point_text(mark.at)})")
        if mark.owner == fighter.name and mark.key == "prediction":
            notes.append(f"predicts {mark.target} will {mark.detail}")
        if mark.target == fighter.name and mark.key in ON_TARGET:
            notes.append(ON_TARGET[mark.key].format(owner=mark.owner))
        if mark.target == fighter.name and mark.key == "charmed":
            notes.append(f"controlled by player {int(mark.detail) + 1} (Charm)")
    return notes
