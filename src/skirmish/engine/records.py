"""The records a rules procedure exchanges with the engine: decisions and log entries."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class Decision:
    """A player picks one of ``options`` under rule ``rule``.

    ``key`` names the kind of decision (``"attack_choice"``), so a policy can
    answer it; ``hidden`` marks a choice made face down, which the opponent must
    answer without seeing; ``excluded`` says why each option the rules forbid
    here is forbidden, so an illegal answer gets a clear error.
    """

    player: str
    key: str
    options: tuple[str, ...]
    rule: str
    hidden: bool = False
    prompt: str = ""
    excluded: tuple[tuple[str, str], ...] = field(default=())
    state: Hashable | None = field(default=None, compare=False)
    """Optional: everything the rest of the procedure depends on at this decision. Solvers
    merge decisions with equal ``key`` and ``state`` (the procedure vouches for it)."""
    history: tuple[int | str, ...] = field(default=(), compare=False)
    """Filled in by the engine: every chance outcome and choice before this decision,
    so a policy can solve the rest of the game from here (see ``ExpectimaxPolicy``)."""

    def why_not(self, option: str) -> str | None:
        """Why ``option`` is forbidden here, or None when it is legal or unheard of."""
        return dict(self.excluded).get(option)


@dataclass(frozen=True)
class LogEntry:
    """One step of a refereed resolution: what happened and under which rule.

    ``data`` holds the numbers of the step as name/value pairs so that tests and
    replays read values, never prose.
    """

    rule: str
    event: str
    text: str
    data: tuple[tuple[str, object], ...] = ()

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready form of the entry."""
        return {"rule": self.rule, "event": self.event, "text": self.text, "data": dict(self.data)}


def at(decision: Decision, history: tuple[int | str, ...]) -> Decision:
    """``decision`` as the engine asks it, with the history that led to it."""
    return replace(decision, history=history)
