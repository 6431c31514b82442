"""What every game in the registry provides."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its names and the rules it implements."""

    name: str
    title: str
    aliases: tuple[str, ...]
    rules: str
    summary: str
