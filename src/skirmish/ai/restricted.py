"""Restricted players, for a designer measuring what one ability is worth.

``greedy:without=Blink`` is the greedy player that never chooses an action using Blink;
a sweep played with it and one played without the restriction differ by what Blink adds.
Names are checked against the pack before any battle (an ability of a fighter, a universal
ability such as Blink or Haste, an attack such as Zap, or a fighter action such as Guard);
``without=`` may be given more than once (``greedy:without=Blink:without=Haste``).

An action uses a name when the words of its one text form (the action as a person types it)
hold the name's words in a row, and it is not a refusal ("no barrier"). Where every legal
action at a decision uses it (a step the rules force), the player takes the forced step:
the rules, not the player, chose.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

from skirmish.engine.battle import A
from skirmish.errors import SkirmishError

if TYPE_CHECKING:
    from skirmish.engine.battle import Player
    from skirmish.games.magewinds.pack import Pack

WITHOUT = ":without="
REFUSALS = ("no", "none", "not")
"""First words of an action that declines what it names ("no barrier")."""


@dataclass(frozen=True)
class Restriction:
    """A computer player's kind (``greedy``) and the names it never uses."""

    kind: str
    without: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return self.kind + "".join(f"{WITHOUT}{name}" for name in self.without)


def split_kind(text: str) -> Restriction:
    """``greedy:without=Blink`` as its kind and its names (no check against a pack)."""
    kind, *names = text.strip().split(WITHOUT)
    return Restriction(kind.strip(), tuple(name.strip() for name in names))


def restrictable(pack: Pack) -> dict[str, str]:
    """Every name a player may be told not to use, by its case-folded form: each fighter's
    abilities and attacks, the universal abilities, and the fighter actions every fighter
    may take (13.0, 13.4: Move, Attack, Guard, ...), as the battle names them."""
    from skirmish.games.magewinds.battle.activation import CORE

    names: dict[str, str] = {}
    for fighter in pack.fighters:
        for ability in fighter.abilities:
            names.setdefault(ability.name.casefold(), ability.name)
        for attack in fighter.attacks:
            names.setdefault(attack.name.casefold(), attack.name)
    for ability in pack.universal_abilities:
        names.setdefault(ability.name.casefold(), ability.name)
    for action in CORE:
        names.setdefault(action.casefold(), action.title())
    return names


def parse_restricted(text: str, pack: Pack, *, label: str = "--players") -> Restriction:
    """A player kind with its restrictions checked: the kind a computer player's, each
    name one of the pack's (:func:`restrictable`), spelled as the pack spells it."""
    found = split_kind(text)
    if not found.kind:
        raise SkirmishError(f"{label} {text!r}: name the player first, e.g. greedy{WITHOUT}Blink")
    known = restrictable(pack)
    names = []
    for name in found.without:
        spelled = known.get(name.casefold())
        if spelled is None:
            shown = ", ".join(sorted(known.values()))
            raise SkirmishError(
                f"{label} {text!r}: {name!r} is not an ability, attack or fighter action of "
                f"the pack {pack.name!r}; expected one of {shown}"
            )
        names.append(spelled)
    return Restriction(found.kind, tuple(names))


def uses(action: object, name: str) -> bool:
    """Whether ``action`` uses ``name``: the name's words in a row among the action's,
    the action not a refusal of it."""
    words = str(action).casefold().replace(",", " ").split()
    wanted = name.casefold().split()
    if not words or not wanted or words[0] in REFUSALS:
        return False
    return any(words[i : i + len(wanted)] == wanted for i in range(len(words) - len(wanted) + 1))


def allowed(legal: Sequence[A], without: Iterable[str]) -> tuple[A, ...]:
    """The legal actions using none of ``without``; all of them when every one does."""
    names = tuple(without)
    kept = tuple(a for a in legal if not any(uses(a, name) for name in names))
    return kept or tuple(legal)


class RestrictedPlayer(Generic[A]):
    """A computer player that is offered only the actions not using its names."""

    def __init__(self, player: Player[A], without: tuple[str, ...]) -> None:
        self.player = player
        self.without = without

    def act(self, view: Mapping[str, Any], legal: tuple[A, ...]) -> A:
        return self.player.act(view, allowed(legal, self.without))
