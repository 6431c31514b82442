"""Marker bookkeeping: an attack's markers into pending boxes, then the resolution phase.

Markers a model receives during a turn wait in its console's pending effect box. In the
resolution phase (Effects; Determine Damage) they move to the active box: damaged markers
zero their attributes from then on, each burning marker gives one more damaged marker, and a
destroyed part or model is removed. A composite model is removed when every part is destroyed
(an annihilated part destroys all of them, Composite Models).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from skirmish.errors import SkirmishError
from skirmish.games.entropic.attack import AttackResult
from skirmish.games.entropic.models import Attribute, Component, Markers, Model

Chooser = Callable[[Component, tuple[Attribute, ...]], Attribute]
"""The controller's choice of attribute for a damaged marker from burning."""


def first_free(component: Component, free: tuple[Attribute, ...]) -> Attribute:
    """Take the first attribute without a damaged marker, in profile order."""
    return free[0]


def _markers(result: AttackResult) -> list[tuple[str, str]]:
    found = list(result.markers)
    if result.counter is not None:
        found += _markers(result.counter)
    return found


def _add(box: Markers, marker: str) -> Markers:
    if marker == "stun":
        return box.plus_stun()
    if marker.startswith("damaged "):
        return replace(box, damaged=box.damaged | {Attribute(marker.removeprefix("damaged "))})
    if marker in ("destroyed", "annihilated"):
        return replace(box, destroyed=True)
    if marker == "burning":
        return replace(box, burning=box.burning + 1)
    raise SkirmishError(f"unknown marker {marker!r}")


def receive(model: Model, results: Iterable[AttackResult]) -> Model:
    """The model with every marker these attacks gave it (or its parts) in its pending boxes.

    A marker named for the model goes to its first part; one named "Model (Part)" to that
    part; an annihilated part marks every part destroyed.
    """
    parts = {c.name: c for c in model.components}
    for result in results:
        for who, marker in _markers(result):
            if who == model.name:
                targets = [model.components[0].name]
            elif who.startswith(f"{model.name} (") and who.endswith(")"):
                targets = [who[len(model.name) + 2 : -1]]
            else:
                continue
            if marker == "annihilated" and model.composite:
                targets = list(parts)
            for name in targets:
                part = parts[name]
                parts[name] = replace(part, pending=_add(part.pending, marker))
    return replace(model, components=tuple(parts[c.name] for c in model.components))


@dataclass(frozen=True)
class Resolved:
    """A model after the resolution phase (None when removed) and what happened."""

    model: Model | None
    log: tuple[str, ...]


def resolution_phase(model: Model, choose: Chooser = first_free) -> Resolved:
    """Move pending markers to the active boxes and apply damage, burning and destruction."""
    log: list[str] = []
    kept: list[Component] = []
    for part in model.components:
        who = f"{model.name} ({part.name})" if model.composite else model.name
        box, pending = part.active, part.pending
        active = Markers(
            stun=box.stun + pending.stun,
            damaged=box.damaged | pending.damaged,
            burning=box.burning + pending.burning,
            blinded=box.blinded or pending.blinded,
            cloaked=box.cloaked or pending.cloaked,
            destroyed=box.destroyed or pending.destroyed,
        )
        for _ in range(active.burning):
            free = tuple(a for a in Attribute if a not in active.damaged)
            if not free:
                break
            chosen = choose(part, free)
            active = replace(active, damaged=active.damaged | {chosen})
            log.append(f"Effects: burning gives {who} a damaged marker on {chosen.value}")
        if not active.destroyed and set(active.damaged) == set(Attribute):
            active = replace(active, destroyed=True)
            log.append(f"{DAMAGE_STEP}: every attribute of {who} is damaged: destroyed")
        if active.destroyed:
            log.append(f"{DAMAGE_STEP}: {who} is destroyed and removed")
            continue
        kept.append(replace(part, active=active, pending=Markers()))
    if not kept:
        return Resolved(None, tuple(log))
    return Resolved(replace(model, components=tuple(kept)), tuple(log))


DAMAGE_STEP = "Determine Damage"
