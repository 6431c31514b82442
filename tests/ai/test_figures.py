"""Each fighter's spells cast and objects picked up, as the sweep's figures read them from
the typed log, against an independent count: a walk of the actions applied, each read as
its record (:mod:`.grammar`) and credited to the fighter the frame stack says acted."""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

import pytest

from skirmish.ai.figures import battle_figures
from skirmish.engine.battle import History, RandomPlayer, Turn, play_out
from skirmish.games.magewinds.attack import NO_BARRIER
from skirmish.games.magewinds.battle import bundled_table, new_setup, start_battle
from skirmish.games.magewinds.battle.catalogue import find_scenario
from skirmish.games.magewinds.battle.grammar import Kind, Names, parse

ACTION_SPELLS = {
    Kind.BLINK,
    Kind.RECOVER,
    Kind.WARD,
    Kind.HYPNOTIZE,
    Kind.ENTANGLE,
    Kind.CHARM,
    Kind.CLONE,
    Kind.REVIVE,
    Kind.QUAKE,
}
"""Actions that are a spell cast by the fighter acting (17.0, 20.0)."""

CASES = [
    (
        "deathmatch",
        [["Enchanter", "Seer", "Witch", "Cleric"], ["Druid", "Mesmer", "Guardian", "Wizard"]],
        3,
    ),
    (
        "deathmatch",
        [["Mesmer", "Druid", "Deadeye", "Wizard"], ["Witch", "Enchanter", "Seer", "Cleric"]],
        11,
    ),
    ("treasure-dash", [["Witch", "Guardian"], ["Mesmer", "Deadeye"]], 2),
    ("fragment-frenzy", [["Seer", "Wizard"], ["Cleric", "Enchanter"]], 4),
]


class SpellfulPlayer(RandomPlayer):
    """The random player, but casting whenever it can and never paying for Barrier (a
    payment asked inside an attack or at damage, which the walk below does not read)."""

    def __init__(self, seed: int, seat: int) -> None:
        super().__init__(seed, seat)
        self._pick = Random(f"spellful {seed} {seat}")

    def act(self, view: Any, legal: tuple[Any, ...]) -> Any:
        by_text = {str(action): action for action in legal}
        if NO_BARRIER in by_text:
            return by_text[NO_BARRIER]
        casts = [a for a in legal if str(a).startswith(("cast ", "pick up ", "collect "))]
        if casts and self._pick.random() < 0.7:
            return self._pick.choice(casts)
        return super().act(view, legal)


def acting(state: Any) -> str | None:
    """The fighter acting at the top of the frame stack: a step's mover, an activation's
    fighter."""
    for frame in reversed(state.frames):
        name = getattr(frame, "fighter", None)
        if isinstance(name, str):
            return name
    return None


def walked(history: History) -> tuple[Counter[str], Counter[str]]:
    """Spells cast and objects picked up by each fighter, from the actions applied."""
    spells: Counter[str] = Counter()
    objects: Counter[str] = Counter()
    origin: dict[str, str] = {}  # a Clone's twins, both the fighter cloned (20.2)
    for index, (state, step) in enumerate(zip(history.states, history.steps, strict=False)):
        if not isinstance(state.node(), Turn):
            continue
        action = parse(step.action, Names.of(state))
        top = state.frames[-1]
        if action.kind is Kind.CLONE:
            before = {f.name for f in state.fighters}
            for fighter in history.states[index + 1].fighters:
                if fighter.name not in before:
                    origin[fighter.name] = origin.get(action.target, action.target)
        if action.kind is Kind.CAST:
            caster = action.fighter or (
                top.fighter if isinstance(getattr(top, "fighter", None), str) else action.target
            )
            spells[caster] += 1
        elif action.kind in ACTION_SPELLS:
            spells[acting(state)] += 1
        elif action.kind is Kind.WORD and action.option == "mirrorshield":
            spells[top.target] += 1  # the defender's reaction: its payment follows (17.0)
        elif action.kind is Kind.PICK_UP:
            objects[acting(state)] += 1
    return _merged(spells, origin), _merged(objects, origin)


def _merged(counts: Counter[str], origin: dict[str, str]) -> Counter[str]:
    merged: Counter[str] = Counter()
    for name, count in counts.items():
        merged[origin.get(name, name)] += count
    return merged


@pytest.mark.parametrize(("scenario", "warbands", "seed"), CASES)
def test_spells_and_objects_are_credited_to_the_fighter_who_cast_or_took_them(
    scenario, warbands, seed
):
    setup = new_setup(find_scenario(scenario), warbands, table=bundled_table("stone-circle"))
    history = History.start(start_battle(setup), seed)
    play_out(history, [SpellfulPlayer(seed, p) for p in range(len(warbands))])
    found = battle_figures(history)
    spells, objects = walked(history)
    assert {n: f.spells_cast for n, f in found.fighters.items() if f.spells_cast} == dict(spells)
    assert {n: f.objects_carried for n, f in found.fighters.items() if f.objects_carried} == (
        dict(objects)
    )
    assert sum(spells.values()) or sum(objects.values())


def test_the_cases_cast_spells_and_pick_up_objects():
    """The cases above are not empty: several fighters cast, and objects are taken."""
    casters: set[str] = set()
    taken = 0
    for scenario, warbands, seed in CASES:
        setup = new_setup(find_scenario(scenario), warbands, table=bundled_table("stone-circle"))
        history = History.start(start_battle(setup), seed)
        play_out(history, [SpellfulPlayer(seed, p) for p in range(len(warbands))])
        spells, objects = walked(history)
        casters |= set(spells)
        taken += sum(objects.values())
    assert len(casters) >= 5 and taken >= 2
