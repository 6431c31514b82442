"""The records a rules procedure exchanges with the engine: decisions and log entries."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from skirmish.engine.continuation import Frame


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
    history: tuple[int | str, ...] = field(default=(), compare=False)
    """Filled in by the engine: every chance outcome and choice before this decision, for
    display (prompts, advice tables). With merging, the exact enumerator asks a frame's
    decisions once, with the history of the first path that reached the frame."""
    frame: Frame | None = field(default=None, compare=False)
    """Filled in by the engine: the frame this decision belongs to (see
    :mod:`skirmish.engine.continuation`)."""
    frame_path: tuple[int | str, ...] = field(default=(), compare=False)
    """Filled in by the engine: the chance outcomes and choices since ``frame`` began.

    A policy must answer from the decision's own fields, its ``frame`` and its
    ``frame_path``, never from the history before the frame: the solvers merge every path
    that reaches a frame."""

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


def at(decision: Decision, history: tuple[int | str, ...], frame: Frame, start: int) -> Decision:
    """``decision`` as the engine asks it: the history that led to it, and its frame, which
    began after ``history[:start]``."""
    return replace(decision, history=history, frame=frame, frame_path=history[start:])
