"""Shared helpers for the test suite."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from skirmish.games.magewinds import (
    AttackProfile,
    AttackSituation,
    AttackType,
    Combatant,
    FighterProfile,
    Strike,
)


def fighter(
    *,
    toughness: int = 6,
    armour: int = 0,
    deflect: int = 0,
    evasion: int = 0,
    dodge: int = 0,
    name: str = "Target",
) -> FighterProfile:
    """A fighter profile with the given attributes (4.5)."""
    return FighterProfile(name, toughness, 5, armour, deflect, evasion, dodge)


def single_attack(power: int, precision: int, **kwargs: object) -> AttackProfile:
    """A single-profile attack (6.0), melee unless told otherwise."""
    kwargs.setdefault("type", AttackType.MELEE)
    return AttackProfile(
        name="Attack",
        minimum_range=0,
        maximum_range=12,
        single=Strike(power, precision),
        **kwargs,  # type: ignore[arg-type]
    )


def split_attack(light: tuple[int, int], heavy: tuple[int, int], **kwargs: object) -> AttackProfile:
    """A split Light/Heavy melee attack (6.0)."""
    return AttackProfile(
        name="Melee",
        type=AttackType.MELEE,
        minimum_range=0,
        maximum_range=1,
        light=Strike(*light),
        heavy=Strike(*heavy),
        **kwargs,  # type: ignore[arg-type]
    )


def situation(
    attack: AttackProfile,
    target: FighterProfile | None = None,
    *,
    attacker: FighterProfile | None = None,
    attacker_effects: frozenset = frozenset(),
    target_effects: frozenset = frozenset(),
    damage: int = 0,
    counters: int = 0,
    guarding: bool = False,
    **kwargs: object,
) -> AttackSituation:
    """An attack situation built from profiles and state."""
    return AttackSituation(
        attacker=Combatant(attacker or fighter(name="Attacker"), effects=attacker_effects),
        target=Combatant(
            target or fighter(),
            damage=damage,
            action_counters=counters,
            guarding=guarding,
            effects=target_effects,
        ),
        attack=attack,
        **kwargs,  # type: ignore[arg-type]
    )


@dataclass
class CliRun:
    code: int
    out: str
    err: str


@pytest.fixture
def cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[..., CliRun]:
    """Run the ``skirmish`` console script in-process, as a user would."""
    from skirmish.cli import main

    def run(*args: str) -> CliRun:
        monkeypatch.setattr(sys, "argv", ["skirmish", *args])
        code = 0
        try:
            main()
        except SystemExit as exit_:
            code = int(exit_.code or 0)
        captured = capsys.readouterr()
        return CliRun(code, captured.out, captured.err)

    return run


def assert_sampled_agrees(expected: Mapping[Any, Fraction], seen: Counter[Any], n: int) -> None:
    """Seeded referee outcomes agree with exact probabilities (chi-square, p > 1e-4).

    Outcomes expected fewer than 5 times are pooled into one bin first.
    """
    from scipy.stats import chisquare

    assert set(seen) <= set(expected), "the referee produced an outcome exact mode calls impossible"
    outcomes = sorted(expected, key=lambda r: expected[r], reverse=True)
    observed, wanted, rare_seen, rare_wanted = [], [], 0, 0.0
    for outcome in outcomes:
        if n * expected[outcome] >= 5:
            observed.append(seen[outcome])
            wanted.append(float(n * expected[outcome]))
        else:
            rare_seen += seen[outcome]
            rare_wanted += float(n * expected[outcome])
    if rare_wanted:
        observed.append(rare_seen)
        wanted.append(rare_wanted)
    if len(observed) == 1:
        assert observed[0] == n
        return
    assert chisquare(observed, wanted).pvalue > 1e-4
