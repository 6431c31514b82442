"""Dark Realms dice tables: the attack table on a figure's dashboard and the defence table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from skirmish.errors import SkirmishError

FACES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Face:
    """What one face of the attack die does: a miss, or a damage modifier; maybe critical."""

    miss: bool = False
    modifier: int = 0
    critical: bool = False

    def text(self) -> str:
        if self.miss:
            return "miss"
        sign = f"{self.modifier:+d}" if self.modifier else "±0"
        return sign + (" critical" if self.critical else "")


@dataclass(frozen=True)
class AttackTable:
    """The attack table: one :class:`Face` per die face (items can change a figure's)."""

    faces: tuple[Face, ...]

    def __post_init__(self) -> None:
        if len(self.faces) != len(FACES):
            raise SkirmishError(f"an attack table needs 6 faces, got {len(self.faces)}")

    def face(self, roll: int) -> Face:
        return self.faces[roll - 1]

    def misses_on(self, highest: int) -> AttackTable:
        """An action's "misses on 1-K" note: those faces miss, whatever the table says."""
        if not 0 <= highest <= 6:
            raise SkirmishError(f"misses on 1-{highest}: expected a face from 1 to 6")
        return AttackTable(
            tuple(
                Face(miss=True) if roll <= highest else f
                for roll, f in zip(FACES, self.faces, strict=True)
            )
        )

    @classmethod
    def parse(cls, text: str) -> AttackTable:
        """Six comma-separated faces: ``miss``, a signed modifier, ``c`` marking a critical.

        >>> AttackTable.parse("miss,-2,-1,0,+1,+2c") == DEFAULT_ATTACK_TABLE
        True
        """
        parts = [p.strip().casefold() for p in text.split(",")]
        if len(parts) != 6:
            raise SkirmishError(f"attack table {text!r}: expected 6 comma-separated faces")
        faces = []
        for part in parts:
            critical = part.endswith("c")
            number = part.rstrip("c").replace("±", "")
            if number == "miss":
                faces.append(Face(miss=True))
                continue
            try:
                faces.append(Face(modifier=int(number), critical=critical))
            except ValueError:
                raise SkirmishError(
                    f"attack table {text!r}: {part!r} is not 'miss' or a number such as +1 or +2c"
                ) from None
        return cls(tuple(faces))

    def text(self) -> str:
        return ", ".join(
            f"{roll}: {face.text()}" for roll, face in zip(FACES, self.faces, strict=True)
        )


DEFAULT_ATTACK_TABLE = AttackTable(
    (
        Face(miss=True),
        Face(modifier=-2),
        Face(modifier=-1),
        Face(modifier=0),
        Face(modifier=1),
        Face(modifier=2, critical=True),
    )
)
"""The attack table printed in the rules: 1 miss, 2 -2, 3 -1, 4 none, 5 +1, 6 +2 and critical."""

DEFENCE_TABLE: Mapping[int, int] = {1: +1, 2: 0, 3: -1, 4: -2, 5: -3, 6: -4}
"""The defence roll: what each face does to the damage (1 makes it worse by one)."""
