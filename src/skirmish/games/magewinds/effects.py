"""Spells in effect on a fighter that change an attack, as data read at named steps.

Each effect says what it does to the attack sequence (section 18) when the
fighter under it is the attacker or the target. The attack procedure reads
these fields at the step that names them; nothing else knows about spells.
"""

from __future__ import annotations

from dataclasses import dataclass

from skirmish.errors import UnknownName


@dataclass(frozen=True)
class Effect:
    """A spell in effect on one fighter, and the attack steps it touches.

    Fields prefixed ``attacking_`` apply while the fighter attacks; fields
    prefixed ``targeted_`` apply while it is the target.
    """

    key: str
    name: str
    source: str
    attacking_precision: int = 0
    """18.5.1: added to the Precision of every attack the fighter makes."""
    attacking_melee_power: int = 0
    """18.5.2: added to the Power of the fighter's melee attacks."""
    attacking_target_number_cap: int | None = None
    """18.5.1: the highest target number the fighter's attacks may have."""
    attacking_reroll_hits: bool = False
    """18.5.2 with 3.2: every hit the fighter scores is re-rolled once."""
    attacking_ignores_armour_non_magical_melee: int = 0
    """18.5.3: points of the target's Armour ignored by non-magical melee attacks."""
    targeted_evasion: int = 0
    """18.5.1: added to the fighter's Evasion."""
    targeted_forbids_deflect: bool = False
    """18.4: the fighter may not make Deflect reactions."""
    flag: str = ""
    """Its name on the command line (default: the key with dashes)."""
    on_attacker: str = ""
    """What it does to an attacker under it, in a sentence (no such flag when empty)."""
    on_target: str = ""
    """What it does to a target under it, in a sentence (no such flag when empty)."""

    def flags(self) -> tuple[tuple[str, str], ...]:
        """The command-line flags that put this spell on the attacker and on the target,
        with their help: ``--third-eye`` and ``--target-third-eye``."""
        name = self.flag or self.key.replace("_", "-")
        return tuple(
            (f"--{prefix}{name}", text)
            for prefix, text in (("", self.on_attacker), ("target-", self.on_target))
            if text
        )


THIRD_EYE = Effect(
    key="third_eye",
    name="Third Eye",
    source="Seer spell (Tempest Crusaders v1.4.0)",
    attacking_precision=1,
    targeted_evasion=1,
    on_attacker="Attacker under Third Eye (+1 Precision).",
    on_target="Target under Third Eye (+1 Evasion).",
)
HEX = Effect(
    key="hex",
    name="Hex",
    source="Witch spell (Tempest Crusaders v1.4.0)",
    attacking_target_number_cap=5,
    attacking_reroll_hits=True,
    on_attacker="Attacker is hexed: target number at most 5, hits re-rolled.",
)
WHITE_HOT_WEAPONS = Effect(
    key="white_hot_weapons",
    name="White-Hot Weapons",
    source="Enchanter spell (Tempest Crusaders v1.3.1)",
    attacking_ignores_armour_non_magical_melee=1,
    flag="white-hot",
    on_attacker="White-Hot Weapons: ignore 1 Armour on non-magical melee.",
)
WILDFORM = Effect(
    key="wildform",
    name="Wildform",
    source="Druid spell (Tempest Crusaders v1.5.0)",
    attacking_melee_power=1,
    targeted_forbids_deflect=True,
    on_attacker="Attacker in Wildform: +1 Power on melee attacks.",
    on_target="Target in Wildform: it cannot Deflect.",
)

EFFECTS: tuple[Effect, ...] = (THIRD_EYE, HEX, WHITE_HOT_WEAPONS, WILDFORM)


def effect_name(key: str) -> str:
    """A spell effect's name as players say it (``third_eye``: Third Eye), for logs and
    tables; an effect not listed here by its key with spaces."""
    found = next((effect for effect in EFFECTS if effect.key == key), None)
    return found.name if found is not None else key.replace("_", " ")


def find_effect(key: str) -> Effect:
    """The effect called ``key`` (``third_eye``, ``Third Eye`` and ``third-eye`` all work)."""
    wanted = key.casefold().replace("-", "_").replace(" ", "_")
    for effect in EFFECTS:
        if effect.key == wanted:
            return effect
    raise UnknownName("spell effect", key, [effect.key for effect in EFFECTS])
