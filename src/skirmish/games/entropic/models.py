"""Entropic Engine models: profiles, weapons, consoles with effect boxes, command tokens.

A model's console holds its profile, a pending and an active effect box, and the command
tokens (real and dummy) allocated to it face down. Composite models have one profile and
pair of boxes per component. Markers received during a turn go to the pending box; the
active box holds the markers in effect now (resolution phase moves one into the other).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Annotated, ClassVar

import pydantic
from pydantic import model_validator

from skirmish import limits
from skirmish.datafiles import Name, StrictModel, read_bundled, read_yaml, validated
from skirmish.errors import SkirmishError, find_named
from skirmish.roster import Roster

SAMPLE = "sample.yaml"


class Attribute(StrEnum):
    """The profile attributes a damaged marker can zero (ruling EE-7)."""

    MOVE = "move"
    ATTACK = "attack"
    DEFEND = "defend"
    COMMAND = "command"


@dataclass(frozen=True)
class Weapon:
    """A weapon: name, range and special rules."""

    name: str
    range: float
    special: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        limits.DISTANCE.check(self.range, f"{self.name}: range")


@dataclass(frozen=True)
class Profile:
    """Move (Waypoints), Attack, Defend, Command."""

    move: int
    attack: int
    defend: int
    command: int
    waypoints: int = 0

    def __post_init__(self) -> None:
        for attribute in ("move", "attack", "defend", "waypoints"):
            limits.ATTRIBUTE.check(getattr(self, attribute), attribute)
        limits.COMMAND.check(self.command, "command")

    def value(self, attribute: Attribute, damaged: frozenset[Attribute]) -> int:
        """An attribute's value; a damaged marker in effect makes it 0."""
        return 0 if attribute in damaged else int(getattr(self, attribute.value))


@dataclass(frozen=True)
class Markers:
    """What an effect box holds."""

    stun: int = 0
    damaged: frozenset[Attribute] = frozenset()
    burning: int = 0
    blinded: bool = False
    cloaked: bool = False
    destroyed: bool = False

    def plus_stun(self, count: int = 1) -> Markers:
        return replace(self, stun=self.stun + count)


@dataclass(frozen=True)
class Component:
    """One part of a model: a composite model has several, a simple model one."""

    name: str
    profile: Profile
    weapons: tuple[Weapon, ...] = ()
    active: Markers = Markers()
    pending: Markers = Markers()

    def weapon(self, name: str | None) -> Weapon:
        if not self.weapons:
            raise SkirmishError(f"{self.name} has no weapon: only parts with weapons attack")
        if name is None:
            return self.weapons[0]
        return find_named(self.weapons, name, "weapon", lambda weapon: weapon.name)

    def score(self, attribute: Attribute) -> int:
        return self.profile.value(attribute, self.active.damaged)


@dataclass(frozen=True)
class Model:
    """A model on the battlefield with its console: components, tokens, whether it acted."""

    name: str
    components: tuple[Component, ...]
    real_tokens: int = 0
    dummy_tokens: int = 0
    acted: bool = False
    can_cloak: bool = False
    points: int = 0
    notes: str = field(default="", compare=False)

    @property
    def composite(self) -> bool:
        return len(self.components) > 1

    @property
    def command(self) -> int:
        return sum(c.score(Attribute.COMMAND) for c in self.components)

    def component(self, name: str | None) -> Component:
        if name is None:
            return self.components[0]
        return find_named(
            self.components, name, f"component of {self.name}", lambda component: component.name
        )

    def armed(self) -> Component:
        """The first component with a weapon (the part that attacks)."""
        for component in self.components:
            if component.weapons:
                return component
        raise SkirmishError(f"{self.name} has no weapon: it cannot attack")

    @property
    def stunned(self) -> bool:
        """Whether any stun marker is in effect (the active box) on any component."""
        return any(c.active.stun for c in self.components)

    def check_tokens(self) -> None:
        """Command phase: at most 2 x Command real tokens on a console (ruling EE-3), and
        no more tokens of either kind than :data:`~skirmish.limits.TOKENS` allows."""
        cap = 2 * sum(c.profile.command for c in self.components)
        if self.real_tokens > cap:
            raise SkirmishError(
                f"{self.name}: {self.real_tokens} command points allocated; a model may "
                f"receive at most 2 x Command = {cap} (Command Phase)"
            )
        if self.real_tokens < 0 or self.dummy_tokens < 0:
            raise SkirmishError(f"{self.name}: token counts cannot be negative")
        limits.TOKENS.check(self.real_tokens, f"{self.name}: real tokens")
        limits.TOKENS.check(self.dummy_tokens, f"{self.name}: dummy tokens")


def simple(
    name: str,
    *,
    move: int = 6,
    attack: int,
    defend: int,
    command: int = 1,
    weapon_range: float = 12,
    **console: object,
) -> Model:
    """A one-part model with one weapon, for raw profiles given on the command line."""
    component = Component(
        name, Profile(move, attack, defend, command), (Weapon("Weapon", weapon_range),)
    )
    return Model(name, (component,), **console)  # type: ignore[arg-type]


Stat = Annotated[int, limits.ATTRIBUTE.field()]
Command = Annotated[int, limits.COMMAND.field()]
Parts = limits.PER_ENTRY.length()


class WeaponModel(StrictModel):
    name: Name
    range: Annotated[float, pydantic.Field(gt=0), limits.DISTANCE.field()]
    special: Annotated[tuple[Name, ...], Parts] = ()


class ProfileModel(StrictModel):
    move: Stat
    waypoints: Stat = 0
    attack: Stat
    defend: Stat
    command: Command


class ComponentModel(ProfileModel):
    name: Name
    weapons: Annotated[tuple[WeaponModel, ...], Parts] = ()


class ModelModel(StrictModel):
    name: Name
    points: Stat = 0
    cloak: bool = False
    move: Stat | None = None
    waypoints: Stat = 0
    attack: Stat | None = None
    defend: Stat | None = None
    command: Command | None = None
    weapons: Annotated[tuple[WeaponModel, ...], Parts] = ()
    components: Annotated[tuple[ComponentModel, ...], Parts] = ()
    replaces: bool = False
    """The model takes the place of the sample model of the same name."""

    @model_validator(mode="after")
    def _one_shape(self) -> ModelModel:
        stats = (self.move, self.attack, self.defend, self.command)
        if self.components:
            if any(s is not None for s in stats) or self.weapons:
                raise ValueError(
                    "a composite model gives its profile and weapons per component, not both"
                )
            if len({c.name.casefold() for c in self.components}) != len(self.components):
                raise ValueError("component names must differ")
        elif any(s is None for s in stats):
            raise ValueError("a model needs move, attack, defend and command, or components")
        return self


class ForceModel(StrictModel):
    models: Annotated[tuple[ModelModel, ...], pydantic.Field(min_length=1), limits.ROSTER.length()]


def _weapon(model: WeaponModel) -> Weapon:
    return Weapon(model.name, model.range, model.special)


def _build(model: ModelModel) -> Model:
    if model.components:
        parts = tuple(
            Component(
                c.name,
                Profile(c.move, c.attack, c.defend, c.command, c.waypoints),
                tuple(_weapon(w) for w in c.weapons),
            )
            for c in model.components
        )
    else:
        assert model.move is not None and model.attack is not None
        assert model.defend is not None and model.command is not None
        parts = (
            Component(
                model.name,
                Profile(model.move, model.attack, model.defend, model.command, model.waypoints),
                tuple(_weapon(w) for w in model.weapons),
            ),
        )
    return Model(model.name, parts, can_cloak=model.cloak, points=model.points)


@dataclass(frozen=True)
class Force(Roster[Model]):
    """Models found by name in any case."""

    kind: ClassVar[str] = "model"

    @property
    def models(self) -> tuple[Model, ...]:
        return self.items

    def model(self, name: str) -> Model:
        return self.find(name)


def parse_force(data: object, *, source: str) -> Force:
    """Validate parsed YAML as an Entropic Engine force."""
    model = validated(ForceModel, data, source)
    return Force(
        tuple(_build(m) for m in model.models),
        replaces=frozenset(m.name.casefold() for m in model.models if m.replaces),
        origin=source,
    )


def load_force(path: str | Path) -> Force:
    """Load models from a YAML file."""
    data, source = read_yaml(path, "force")
    return parse_force(data, source=source)


@cache
def sample_force() -> Force:
    """The sample models shipped with skirmish."""
    return parse_force(read_bundled("skirmish.games.entropic", SAMPLE), source=SAMPLE)
