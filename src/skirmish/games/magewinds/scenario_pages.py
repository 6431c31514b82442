"""The Into the Tempest scenarios as their pages describe them (0.5, 10.1): id, name, page
version, players, round limit, bundled battlefield and a one-line summary, in the
scenario pack's order, with the earlier page versions a table may choose (ruling MB-28).

This is data only, so that ``skirmish scenarios magewinds`` and the options of the
commands that play battles are answered without loading the battle's rules, its geometry
or their libraries. The battle's scenarios (:mod:`skirmish.games.magewinds.battle.catalogue`)
take these fields from here (:func:`described`) and add their rules.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Protocol

from skirmish.errors import UnknownName


@dataclass(frozen=True)
class ScenarioPage:
    """What a scenario's page says of it, apart from its rules."""

    id: str
    name: str
    version: str
    """The page version, perhaps with a note (``1.3.1 (page not public; ruling MB-4)``)."""
    summary: str
    rounds: int | None
    """The default round limit; None: the battle goes on until its victory condition."""
    players: tuple[int, ...] = (2,)
    table: str = "ruined-chapel"
    """The bundled battlefield played when none is given."""
    default: bool = True
    """The version played unless an earlier one is chosen (``--scenario-version``)."""


PAGES: tuple[ScenarioPage, ...] = (
    ScenarioPage(
        "deathmatch",
        "Deathmatch",
        "1.3.1 (page not public; ruling MB-4)",
        "Last standing, or most left, wins.",
        3,
    ),
    ScenarioPage(
        "king-of-the-hill", "King of the Hill", "1.3.0", "Most fighters near the objective.", 3
    ),
    ScenarioPage(
        "the-prize",
        "The Prize",
        "1.4.0",
        "Carry the treasure at the end to win.",
        3,
        table="stone-circle",
    ),
    ScenarioPage(
        "treasure-dash", "Treasure Dash", "1.3.0", "Hold more of the 5 treasures to win.", 3
    ),
    ScenarioPage("fragment-frenzy", "Fragment Frenzy", "1.3.1", "Collect the most fragments.", 3),
    ScenarioPage(
        "fragment-frenzy",
        "Fragment Frenzy",
        "1.3.0",
        "Move over the most fragments to collect them.",
        3,
        default=False,
    ),
    ScenarioPage(
        "hold-the-line", "Hold the Line", "1.3.0", "Escape half the Attacker's warband.", 3
    ),
    ScenarioPage(
        "battle-royale",
        "Battle Royale",
        "1.4.0",
        "Last standing as the Storm closes in.",
        None,
        players=(3, 4),
        table="crossroads",
    ),
    ScenarioPage(
        "treasure-clash",
        "Treasure Clash",
        "1.4.0",
        "A quarter each; hold most treasures.",
        3,
        players=(3, 4),
        table="crossroads",
    ),
)
"""Every playable version of every scenario, each default first."""


class Described(Protocol):
    """A scenario as listed: a page or the battle's own record of it."""

    @property
    def id(self) -> str: ...

    @property
    def version(self) -> str: ...

    @property
    def players(self) -> tuple[int, ...]: ...


def find_page(name: str, version: str | None = None) -> ScenarioPage:
    """A scenario's page by its id (``deathmatch``, ``king-of-the-hill``...) or name, any
    case, at its page ``version`` (None: the default one)."""
    wanted = name.strip().casefold().replace(" ", "-")
    for page in PAGES:
        if page.default and wanted in (page.id, page.name.casefold().replace(" ", "-")):
            if version is None:
                return page
            versions = [p for p in PAGES if p.id == page.id]
            for played in versions:
                if version.strip().removeprefix("v") == version_number(played):
                    return played
            raise UnknownName(
                f"version of {page.name}", version, [version_number(v) for v in versions]
            )
    raise UnknownName("scenario", name, [p.id for p in PAGES if p.default])


def described(id: str, version: str | None = None) -> dict[str, Any]:
    """The page's fields a battle's scenario record takes (all but :attr:`default`)."""
    fields = asdict(find_page(id, version))
    del fields["default"]
    return fields


def version_number(scenario: Described) -> str:
    """The page version alone (``1.3.1``), without any note."""
    return scenario.version.split()[0]


def players_text(scenario: Described) -> str:
    """``2`` or ``3-4``."""
    counts = scenario.players
    return str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
