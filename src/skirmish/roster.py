"""Rosters: the named profiles a game's data files list, found by name in any case.

Every game has one: Magewinds fighter packs, Dark Realms figures (and action cards), MS
Wars units, Entropic Engine models. A user's own file is added to the bundled roster; an
entry named like a bundled one takes its place only when it says ``replaces: true`` (and
is refused otherwise): that rule lives here, once.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Brute:
...     name: str
...     toughness: int
>>> bundled = Roster((Brute("Brute", 8), Brute("Witch", 5)), name="Bundled")
>>> mine = Roster((Brute("brute", 9),), name="Mine", replaces=frozenset({"brute"}))
>>> [(b.name, b.toughness) for b in bundled.merged(mine).items]
[('brute', 9), ('Witch', 5)]
>>> bundled.find("WITCH").toughness
5
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Generic, Protocol, Self, TypeVar

from skirmish.errors import find_named, merge_named


class Named(Protocol):
    """Anything with a name."""

    @property
    def name(self) -> str: ...


T = TypeVar("T", bound=Named)


@dataclass(frozen=True)
class Roster(Generic[T]):
    """Named items (fighters, units, models, figures, cards) with the file they came from."""

    items: tuple[T, ...]
    name: str = ""
    source: str = ""
    """Where the profiles come from (a book, a file)."""
    replaces: frozenset[str] = frozenset()
    """Names (folded) of items that take the place of bundled ones ('replaces: true')."""
    origin: str = ""
    """The file the roster was read from, for error messages."""

    kind: ClassVar[str] = "name"
    """What an item is called in error messages: "fighter", "unit", ..."""

    def find(self, name: str) -> T:
        """The item called ``name`` in any case; an error lists the valid names."""
        return find_named(self.items, name, self.kind, lambda item: item.name)

    def merged(self, other: Roster[T]) -> Self:
        """This roster with ``other``'s items added. An item of ``other`` named like one of
        these is refused unless its entry says ``replaces: true``."""
        items = merge_named(
            other.items,
            self.items,
            lambda item: item.name,
            replacing=other.replaces,
            kind=self.kind,
            origin=other.origin,
        )
        name = f"{other.name} + {self.name}" if other.name and self.name else other.name
        return replace(
            self, items=items, name=name, source=other.source, replaces=frozenset(), origin=""
        )

    def __len__(self) -> int:
        return len(self.items)


__all__ = ["Named", "Roster"]
