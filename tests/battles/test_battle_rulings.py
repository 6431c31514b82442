"""Every battle ruling the code cites is written in docs/rulings.md, and every one written
there is used by the code."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_battle_rulings_are_documented_and_used():
    cited = set()
    for path in (ROOT / "src" / "skirmish").rglob("*.py"):
        cited |= set(re.findall(r"MB-\d+", path.read_text()))
    written = set(re.findall(r"^### (MB-\d+)", (ROOT / "docs" / "rulings.md").read_text(), re.M))
    assert cited == written
    numbers = sorted(int(r.removeprefix("MB-")) for r in written)
    assert numbers == list(range(1, len(numbers) + 1))
