"""Fighter pack files: the bundled pack loads; every malformed file is a clear error."""

from __future__ import annotations

import pytest

from skirmish.errors import DataError, UnknownName
from skirmish.games.magewinds import bundled_pack, load_pack
from skirmish.games.magewinds.pack import parse_pack


def test_bundled_pack_has_the_known_profiles_with_versions():
    pack = bundled_pack()
    guardian = pack.fighter("guardian")
    assert (
        guardian.toughness,
        guardian.movement,
        guardian.armour,
        guardian.deflect,
        guardian.evasion,
        guardian.dodge,
        guardian.version,
    ) == (7, 4, 2, 2, 0, 2, "1.5.2")
    zap = pack.fighter("Wizard").attack("zap")
    assert (zap.minimum_range, zap.maximum_range, zap.single.power, zap.single.precision) == (
        1,
        9,
        7,
        6,
    )
    assert zap.spell
    assert all(f.version for f in pack.fighters)
    # Spark is universal: every fighter has it.
    assert all(any(a.name == "Spark" for a in f.attacks) for f in pack.fighters)
    assert pack.fighter("Mesmer").has_ability("mirrorshield")


def test_unknown_fighter_lists_the_valid_names():
    with pytest.raises(UnknownName, match="expected one of: Cleric, Deadeye"):
        bundled_pack().fighter("Paladin")


GOOD = {
    "name": "X",
    "toughness": 6,
    "movement": 5,
    "armour": 1,
    "deflect": 2,
    "evasion": 1,
    "dodge": 3,
    "attacks": [
        {
            "name": "M",
            "type": "melee",
            "range": 1,
            "light": {"power": 3, "precision": 9},
            "heavy": {"power": 6, "precision": 5},
        }
    ],
}


def pack_with(**changes):
    return {"pack": "P", "fighters": [{**GOOD, **changes}]}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (pack_with(toughness=0), r"fighters\[0\] \(X\)\.toughness"),
        (pack_with(armour=-1), "armour"),
        (pack_with(speed=3), "speed"),
        (pack_with(attacks=[{"name": "A", "type": "melee", "range": 1, "power": 3}]), "6.0"),
        (
            pack_with(
                attacks=[
                    {
                        "name": "A",
                        "type": "melee",
                        "range": 1,
                        "power": 3,
                        "precision": 4,
                        "light": {"power": 1, "precision": 1},
                    }
                ]
            ),
            "not both",
        ),
        (
            pack_with(
                attacks=[{"name": "A", "type": "melee", "range": "9-2", "power": 3, "precision": 4}]
            ),
            "Minimum Range above",
        ),
        (
            pack_with(
                attacks=[{"name": "A", "type": "laser", "range": 1, "power": 3, "precision": 4}]
            ),
            "type",
        ),
        (
            pack_with(
                attacks=[
                    {
                        "name": "A",
                        "type": "melee",
                        "range": 1,
                        "power": 3,
                        "precision": 4,
                        "special": ["explode"],
                    }
                ]
            ),
            "special",
        ),
        ({"pack": "P", "fighters": []}, "fighters"),
        ({"pack": "P", "fighters": [GOOD, GOOD]}, "listed twice"),
        ("just text", "file"),
    ],
)
def test_malformed_packs_are_clear_errors(data, message):
    with pytest.raises(DataError, match=message):
        parse_pack(data, source="test.yaml")


def test_load_pack_reports_yaml_syntax_with_line(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("pack: P\nfighters:\n  - name: [unclosed\n")
    with pytest.raises(DataError, match=r"bad.yaml: not valid YAML at line \d"):
        load_pack(path)
