"""Shared helpers for the test suite."""

from __future__ import annotations

import math
import os
import sys
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import assume, settings
from hypothesis import strategies as st

from skirmish.errors import SkirmishError
from skirmish.games.magewinds import (
    AttackProfile,
    AttackSituation,
    AttackType,
    Combatant,
    FighterProfile,
    Strike,
)
from skirmish.games.magewinds.field import parse_battlefield
from skirmish.geometry import BASE_DIAMETER

settings.register_profile("ci", derandomize=True, print_blob=True)
"""Continuous integration explores the same examples every run, so a red run always means
a change broke something; local runs keep exploring new examples (and keep what they find
in .hypothesis/)."""
if os.environ.get("SKIRMISH_HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["SKIRMISH_HYPOTHESIS_PROFILE"])


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


def _plain(value: Any) -> Any:
    """A sight record as plain values: points as coordinates, an edge view by what it says."""
    from shapely.geometry.base import BaseGeometry

    if isinstance(value, BaseGeometry):
        return tuple(value.coords[0]) if value.geom_type == "Point" else value.wkt
    if hasattr(value, "nearest"):  # an edge view
        nearest = value.nearest()
        return {
            "source": _plain(value.source),
            "blockers": value.blockers,
            "any": value.any,
            "all": value.all,
            "visible_length": float(value.visible.length),
            "nearest": None if nearest is None else (nearest[0], _plain(nearest[1])),
        }
    if hasattr(value, "__dataclass_fields__"):
        return {name: _plain(getattr(value, name)) for name in value.__dataclass_fields__}
    return value


def _assert_close(a: Any, b: Any, where: str) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        assert a.keys() == b.keys(), where
        for key in a:
            _assert_close(a[key], b[key], f"{where}.{key}")
    elif isinstance(a, tuple | list) and isinstance(b, tuple | list):
        assert len(a) == len(b), f"{where}: {a} != {b}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _assert_close(x, y, f"{where}[{i}]")
    elif isinstance(a, float) and isinstance(b, float):
        assert abs(a - b) <= 1e-9, f"{where}: {a} != {b}"
    else:
        assert a == b, f"{where}: {a!r} != {b!r}"


def assert_sight_methods_agree(field: Any) -> int:
    """Sight, line of attack and cover between every two fighters of ``field`` (each with
    its first attack), with both readings of ruling MW-14: the sweep's whole records equal
    the shadows' (lengths and points to 1e-9). Returns the number of pairs compared."""
    from dataclasses import replace

    from skirmish.games.magewinds.field import NearObstacles
    from skirmish.games.magewinds.sightlines import survey
    from skirmish.geometry.sight import SightMethod

    pairs = [(a, b) for a in field.fighters for b in field.fighters if a.name != b.name]
    attacks = [a.profile.attack() for a, _ in pairs]
    for reading in NearObstacles:
        table = replace(field, near_obstacles=reading)
        swept = survey(table, pairs, attacks, method=SightMethod.SWEEP)
        shadows = survey(table, pairs, attacks, method=SightMethod.SHADOWS)
        for (a, b), one, other in zip(pairs, swept, shadows, strict=True):
            for kind in ("sight", "line", "cover"):
                where = f"{field.source} {reading.value} {a.name}->{b.name} {kind}"
                _assert_close(_plain(getattr(one, kind)), _plain(getattr(other, kind)), where)
            for kind in ("line", "cover"):
                mine, theirs = getattr(one, kind).visible, getattr(other, kind).visible
                if mine is not None and not (mine.visible.is_empty and theirs.visible.is_empty):
                    assert mine.visible.hausdorff_distance(theirs.visible) <= 1e-9
    return len(pairs)


@pytest.fixture
def sight_methods_agree(monkeypatch: pytest.MonkeyPatch) -> Any:
    """After the test, every battlefield it asked a sight question about is answered both
    ways (the sweep and the reference shadows) and the whole records compared."""
    from skirmish.games.magewinds import sightlines

    asked: dict[Any, Any] = {}
    original = sightlines.blockers

    def recording(field: Any, classes: Any, bases: bool) -> Any:
        asked.setdefault(field, field)
        return original(field, classes, bases)

    monkeypatch.setattr(sightlines, "blockers", recording)
    yield asked
    monkeypatch.undo()
    for field in asked:
        assert_sight_methods_agree(field)


R = BASE_DIAMETER / 2
HEIGHTS = st.sampled_from([0.7, 1.2, 2.5])
X = st.floats(0.5, 11.5)
Y = st.floats(0.5, 15.5)


@st.composite
def terrain(draw: st.DrawFn, index: int) -> dict:
    """A terrain feature of any class: a turned rectangle, a circle or a star-shaped (often
    non-convex) polygon."""
    name, height = f"T{index}", draw(HEIGHTS)
    x, y = draw(X), draw(Y)
    shape = draw(st.sampled_from(["rectangle", "circle", "polygon"]))
    if shape == "rectangle":
        size = [draw(st.floats(0.1, 4)), draw(st.floats(0.1, 2))]
        angle = draw(st.floats(0, 180))
        return {
            "name": name,
            "height": height,
            "rectangle": {"centre": [x, y], "size": size, "angle": angle},
        }
    if shape == "circle":
        return {
            "name": name,
            "height": height,
            "circle": {"centre": [x, y], "radius": draw(st.floats(0.1, 1.5))},
        }
    corners = draw(st.integers(3, 8))
    radii = draw(st.lists(st.floats(0.2, 2.5), min_size=corners, max_size=corners))
    points = [
        [x + r * math.cos(2 * math.pi * k / corners), y + r * math.sin(2 * math.pi * k / corners)]
        for k, r in enumerate(radii)
    ]
    return {"name": name, "height": height, "polygon": points}


@st.composite
def battlefields(draw: st.DrawFn) -> object:
    """A Magewinds battlefield with a few terrain features and two to six fighters, some of
    them in base contact as players write it (only those the files accept)."""
    pieces = [draw(terrain(i)) for i in range(draw(st.integers(0, 6)))]
    fighters: list[dict] = []
    for i in range(draw(st.integers(2, 6))):
        if fighters and draw(st.booleans()):
            # In base contact with an earlier fighter, written the ways players write it.
            other = draw(st.sampled_from(fighters))["at"]
            gap = draw(st.sampled_from([2 * R, 0.984, 2 * R - 0.0009, 2 * R + 0.0005]))
            angle = draw(st.floats(0, 2 * math.pi))
            at = [other[0] + gap * math.cos(angle), other[1] + gap * math.sin(angle)]
        else:
            at = [draw(st.floats(0.6, 11.4)), draw(st.floats(0.6, 15.4))]
        fighters.append(
            {
                "name": f"F{i}",
                "profile": "Wizard",
                "warband": draw(st.sampled_from(["red", "blue"])),
                "at": at,
            }
        )
    try:
        return parse_battlefield(
            {"warbands": ["red", "blue"], "fighters": fighters, "terrain": pieces},
            source="generated",
        )
    except SkirmishError:
        assume(False)
        raise
