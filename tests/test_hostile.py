"""Hostile input, generated: every data-file field and every core builder's numbers.

Each try runs in a forked child under a CPU and memory cap (``capped``), so a hang or a
blow-up fails the test instead of taking the machine down. A try passes when it gives an
answer or one ``SkirmishError`` line, and fails on any other exception or a cap reached.

The data-file fields are read off the file models themselves (every field of every nested
model), so a field added to a model is tried here without a change to this file.
"""

from __future__ import annotations

import itertools
import math
import typing
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

import pydantic
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from capped import capped
from skirmish.dice import parse
from skirmish.engine import FixedPolicy, exact

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
DATA = ROOT / "src" / "skirmish" / "games"

TRIES = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


class Digits(str):
    """A number written out with more digits than Python will turn into an int."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(
    Digits, lambda dumper, data: dumper.represent_scalar("tag:yaml.org,2002:int", str(data))
)


def dump(document: object) -> str:
    return yaml.dump(document, Dumper=_Dumper, allow_unicode=True)


NASTY_NUMBERS = [
    0,
    -1,
    1,
    99,
    100,
    999,
    1000,
    2**31,
    2**63,
    10**100,
    -(10**100),
    10**4000,
    Digits("9" * 5000),
    math.nan,
    math.inf,
    -math.inf,
    1e308,
    -1e308,
    5e-324,
    0.5,
    -0.0,
]
NASTY_TEXTS = [
    "",
    " ",
    "x" * 5000,
    "1e1000000000",
    "1000000D6",
    "D1000000000",
    "900D6",
    "nan",
    "inf",
    "-inf",
    "\x00",
    "\u2603",
    "roll",
    "attack +99999999999999",
    "miss,miss,miss,miss,miss,miss",
    "99999999999999999999/3",
]
NASTY_SHAPES: list[object] = [None, True, [], {}, [[[[[[]]]]]], ["a"] * 3, {"a": {"b": {"c": 1}}}]
HOSTILE = st.one_of(
    st.sampled_from(NASTY_NUMBERS),
    st.sampled_from(NASTY_TEXTS),
    st.sampled_from(NASTY_SHAPES),
    st.integers(),
    st.floats(),
    st.text(max_size=30),
    st.lists(st.integers(-5, 5), max_size=4),
)
"""Extreme and malformed values: huge, negative, NaN, infinite, text, wrong shapes."""


def _models(annotation: Any) -> list[type[pydantic.BaseModel]]:
    """The data-file models inside a field's type (through tuples, unions, Annotated)."""
    if isinstance(annotation, type) and issubclass(annotation, pydantic.BaseModel):
        return [annotation]
    return [model for arg in typing.get_args(annotation) for model in _models(arg)]


def _is_sequence(annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _is_sequence(typing.get_args(annotation)[0])
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return any(_is_sequence(arg) for arg in typing.get_args(annotation))
    return origin in (tuple, list)


def field_paths(model: type[pydantic.BaseModel], prefix: tuple[object, ...] = ()) -> list[tuple]:
    """Every field of ``model`` and of the models nested in it, as paths into a document
    (a list of entries is entered at its first entry)."""
    paths = []
    for name, info in model.model_fields.items():
        key = info.alias or name
        here = (*prefix, key)
        paths.append(here)
        inner = (*here, 0) if _is_sequence(info.annotation) else here
        for nested in _models(info.annotation):
            paths += field_paths(nested, inner)
    return paths


def with_value(document: Any, path: tuple, value: object) -> Any:
    """A copy of ``document`` with ``value`` at ``path``, making the way there as needed."""
    import copy

    root = copy.deepcopy(document)
    node = root
    for step, after in itertools.pairwise(path):
        empty: Any = [] if isinstance(after, int) else {}
        if isinstance(step, int):
            if not node:
                node.append(empty)
            if not isinstance(node[step], (dict, list)):
                node[step] = empty
        elif not isinstance(node.get(step), (dict, list)):
            node[step] = empty
        node = node[step]
    if isinstance(path[-1], int):
        if not node:
            node.append(value)
        else:
            node[path[-1]] = value
    else:
        node[path[-1]] = value
    return root


def _loaders() -> dict[str, tuple[Callable[[Path], object], type[pydantic.BaseModel], Path]]:
    from skirmish.games.darkrealms import figures
    from skirmish.games.entropic import field as entropic_field
    from skirmish.games.entropic import models as entropic_models
    from skirmish.games.magewinds import field as magewinds_field
    from skirmish.games.magewinds import pack
    from skirmish.games.mswars import field as mswars_field
    from skirmish.games.mswars import units

    return {
        "magewinds pack": (
            _magewinds_pack,
            pack.PackModel,
            DATA / "magewinds" / "data" / "tempest-crusaders.yaml",
        ),
        "magewinds battlefield": (
            magewinds_field.load_battlefield,
            magewinds_field.BattlefieldModel,
            EXAMPLES / "ruins.yaml",
        ),
        "darkrealms figures": (
            _darkrealms_figures,
            figures.DataModel,
            DATA / "darkrealms" / "data" / "sample.yaml",
        ),
        "entropic force": (
            entropic_models.load_force,
            entropic_models.ForceModel,
            DATA / "entropic" / "data" / "sample.yaml",
        ),
        "entropic battlefield": (
            lambda path: entropic_field.load_field(path, entropic_models.sample_force()),
            entropic_field.FieldModel,
            EXAMPLES / "entropic-outpost.yaml",
        ),
        "mswars force": (
            units.load_force,
            units.ForceModel,
            DATA / "mswars" / "data" / "sample.yaml",
        ),
        "mswars battlefield": (
            lambda path: mswars_field.load_field(path, units.sample_force()),
            mswars_field.FieldModel,
            EXAMPLES / "mswars-crossroads.yaml",
        ),
    }


def _magewinds_pack(path: Path) -> object:
    """Load a pack as a user's and solve its first fighter's first attack against itself."""
    from skirmish.games.magewinds import AttackSituation, Combatant, load_pack
    from skirmish.games.magewinds.advice import advise

    loaded = load_pack(path)
    fighter = loaded.fighters[0]
    if not fighter.attacks:
        return loaded.name
    situation = AttackSituation(Combatant(fighter), Combatant(fighter), fighter.attack())
    return advise(situation).solution.value


def _darkrealms_figures(path: Path) -> object:
    """Load figures and cards, then the odds of the first card's attack by the first figure
    on the last, with both figures' Stamina spent optimally."""
    from skirmish.games.darkrealms import Situation, load_roster, odds

    roster = load_roster(path)
    if not roster.figures or not roster.cards:
        return len(roster.figures)
    attack = roster.cards.items[0].attacks[0]
    distance = attack.range or 1
    situation = Situation(roster.figures[0], roster.figures[-1], attack, distance=distance)
    return odds(situation).mean(lambda r: r.damage)


LOADERS = _loaders()


def _try_file(kind: str, text: str, tmp_path: Path) -> None:
    loader, _, _ = LOADERS[kind]
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    outcome = capped(partial(loader, path))
    assert outcome.clean, f"{kind}: {outcome.explain()}\n{text[:400]}"


@pytest.mark.parametrize("kind", sorted(LOADERS))
@TRIES
@given(data=st.data())
def test_every_field_of_every_file_takes_hostile_values(
    kind: str, data: st.DataObject, tmp_path: Path
) -> None:
    _, model, base = LOADERS[kind]
    document = yaml.safe_load(base.read_text(encoding="utf-8"))
    path = data.draw(st.sampled_from(field_paths(model)), label="field")
    value = data.draw(HOSTILE, label="value")
    text = dump(with_value(document, path, value))
    _try_file(kind, text, tmp_path)


def test_the_field_paths_reach_nested_models() -> None:
    """The walk over the models finds nested fields, not only the top ones."""
    paths = field_paths(LOADERS["magewinds pack"][1])
    assert ("fighters", 0, "attacks", 0, "light", "power") in paths
    assert ("fighters", 0, "toughness") in paths
    assert ("terrain", 0, "class") in field_paths(LOADERS["magewinds battlefield"][1])


@pytest.mark.parametrize("kind", sorted(LOADERS))
@TRIES
@given(
    text=st.one_of(
        st.text(max_size=200),
        st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
        st.sampled_from(
            [
                "a: &a [1, 2]\nb: [*a, *a, *a]\n",
                "- " * 40 + "x",
                "[" * 60 + "]" * 60,
                "a: 1\na: 2\n",
                "a: &x [1, *x]\n",
                "!!python/object/apply:os.system ['true']\n",
                "a: !!binary AAAA\n",
                "%YAML 1.1\n---\na: 1\n---\nb: 2\n",
                "? [1, 2]\n: 3\n",
                "a: 2001-01-01\n",
            ]
        ),
    )
)
def test_malformed_yaml_is_one_line(kind: str, text: str, tmp_path: Path) -> None:
    _try_file(kind, text, tmp_path)


# --- Core builders ---------------------------------------------------------------------

INTS = st.one_of(
    st.integers(-3, 8),
    st.sampled_from([-1, 99, 100, 1000, 10**6, 2**63, -(2**63), 10**100]),
)
"""Small legal values, the edges of the limits, and absurd ones."""
FLOATS = st.one_of(
    st.floats(0, 30),
    st.sampled_from([math.nan, math.inf, -math.inf, -1.0, 1e308, -1e308, 1e-320, 1000.5]),
)


def _clean(call: Callable[[], object]) -> None:
    outcome = capped(call)
    assert outcome.clean, outcome.explain()


@TRIES
@given(
    notation=st.one_of(
        st.text(alphabet="0123456789dDx+- Str", max_size=30),
        st.builds(
            lambda n, s, k: f"{n}D{s}+{k}",
            st.integers(0, 10**12),
            st.integers(0, 10**12),
            st.integers(0, 10**12),
        ),
        st.sampled_from(NASTY_TEXTS),
    ),
    x=INTS,
)
def test_dice_notation(notation: str, x: int) -> None:
    _clean(lambda: parse(notation, x=x, Str=3).mean())


@TRIES
@given(
    text=st.one_of(
        st.text(max_size=50),
        st.sampled_from(NASTY_TEXTS),
        st.builds(lambda a, b: f"{a}/{b}", st.integers(-(10**50), 10**50), st.integers(0, 10**50)),
        st.floats().map(str),
    )
)
def test_fractions_typed_by_users(text: str) -> None:
    from skirmish.limits import parse_fraction

    _clean(lambda: parse_fraction(text, "--value"))


@TRIES
@given(
    power=INTS,
    precision=INTS,
    toughness=INTS,
    armour=INTS,
    evasion=INTS,
    damage=INTS,
    counters=INTS,
    barrier=INTS,
    distance=st.one_of(st.none(), FLOATS),
)
def test_magewinds_situations(
    power: int,
    precision: int,
    toughness: int,
    armour: int,
    evasion: int,
    damage: int,
    counters: int,
    barrier: int,
    distance: float | None,
) -> None:
    def attack() -> object:
        from skirmish.games.magewinds import (
            AttackProfile,
            AttackSituation,
            AttackType,
            Combatant,
            FighterProfile,
            Strike,
        )
        from skirmish.games.magewinds.advice import advise

        strike = Strike(power, precision)
        profile = AttackProfile("Hit", AttackType.MELEE, 0, 12, light=strike, heavy=strike)
        target = FighterProfile("Target", toughness, 5, armour, 1, evasion, 1)
        situation = AttackSituation(
            Combatant(FighterProfile("Attacker", 6, 5, 0, 0, 0, 0)),
            Combatant(target, damage=damage, action_counters=counters),
            profile,
            barrier_clubs=barrier,
            distance=distance,
        )
        return advise(situation).solution.value

    _clean(attack)


@TRIES
@given(
    melee=INTS,
    health=INTS,
    stamina=INTS,
    target_stamina=INTS,
    shield=INTS,
    distance=INTS,
    amount=INTS,
    misses_on=INTS,
    poison=INTS,
    rolled_range=st.booleans(),
    confused=st.booleans(),
    status=st.sampled_from([None, "poison", "bogus", "", "POISON"]),
)
def test_darkrealms_situations(
    melee: int,
    health: int,
    stamina: int,
    target_stamina: int,
    shield: int,
    distance: int,
    amount: int,
    misses_on: int,
    poison: int,
    rolled_range: bool,
    confused: bool,
    status: str | None,
) -> None:
    def attack() -> object:
        from skirmish.games.darkrealms import CardAttack, Figure, Kind, Shields, Situation, odds

        situation = Situation(
            Figure("Attacker", melee=melee, range=melee, health=9),
            Figure("Target", 0, 0, health, shields=Shields(shield, True, True), enemy=True),
            CardAttack(
                "Hit",
                Kind.RANGE,
                amount=amount,
                misses_on=misses_on,
                rolled_range=rolled_range,
                status=status,
            ),
            distance=distance,
            stamina=stamina,
            defender_stamina=target_stamina,
            confused=confused,
            poison_turns=poison,
        )
        return odds(situation).mean(lambda r: r.damage)

    _clean(attack)


@TRIES
@given(
    attack=INTS,
    defend=INTS,
    command=INTS,
    real=INTS,
    dummies=INTS,
    target_dummies=INTS,
    distance=st.one_of(st.none(), FLOATS),
    weapon_range=FLOATS,
    nearby=FLOATS,
)
def test_entropic_situations(
    attack: int,
    defend: int,
    command: int,
    real: int,
    dummies: int,
    target_dummies: int,
    distance: float | None,
    weapon_range: float,
    nearby: float,
) -> None:
    def solve() -> object:
        from skirmish.games.entropic import Aim, Approach, Situation, bidding_game
        from skirmish.games.entropic.models import simple

        situation = Situation(
            simple(
                "Attacker",
                attack=attack,
                defend=3,
                command=command,
                weapon_range=weapon_range,
                real_tokens=real,
                dummy_tokens=dummies,
            ),
            simple("Target", attack=3, defend=defend, command=command, dummy_tokens=target_dummies),
            ((Aim.BASE, Approach(distance)),),
            nearby=(("Other", nearby),),
        )
        return bidding_game(situation).solution.value

    _clean(solve)


@TRIES
@given(
    attack_value=INTS,
    defence=INTS,
    dc=INTS,
    strength=INTS,
    damage=st.sampled_from(["D6", "2D6+1", "Str", "1000000D6", "D1000000000", "x" * 200]),
    distance=st.one_of(st.none(), FLOATS),
    visible=st.sampled_from(
        [Fraction(1), Fraction(1, 2), Fraction(0), Fraction(3, 2), Fraction(1, 10**9)]
    ),
    earlier=INTS,
)
def test_mswars_situations(
    attack_value: int,
    defence: int,
    dc: int,
    strength: int,
    damage: str,
    distance: float | None,
    visible: Fraction,
    earlier: int,
) -> None:
    def attack() -> object:
        from skirmish.games.mswars.attack import Conditions, Situation
        from skirmish.games.mswars.odds import odds
        from skirmish.games.mswars.units import Pilot, Unit, Weapon, WeaponType

        pilot = Pilot("Pilot", attack_value, attack_value)
        attacker = Unit("Attacker", 2, "sracu", 10, 0, 0, strength, pilot)
        target = Unit("Target", 2, "sracu", dc, 0, defence, 0, Pilot("Pilot", 0, 0))
        situation = Situation(
            attacker,
            target,
            Weapon("Gun", WeaponType.RANGE, 24, damage),
            distance=distance,
            conditions=Conditions(visible_fraction=visible, earlier_attacks=earlier),
        )
        return odds(situation).mean(lambda r: r.dc_lost)

    _clean(attack)


@TRIES
@given(
    x=FLOATS,
    y=st.one_of(FLOATS, st.floats()),
    via=st.lists(st.tuples(FLOATS, FLOATS), max_size=3),
    inches=FLOATS,
)
def test_magewinds_moves(x: float, y: float, via: list[tuple[float, float]], inches: float) -> None:
    def move() -> object:
        from skirmish.games.magewinds.field import load_battlefield
        from skirmish.games.magewinds.moves import check_move, reach, shortest_move

        field = load_battlefield(EXAMPLES / "ruins.yaml")
        mover = field.fighter("Wizard")
        found = shortest_move(field, mover, (x, y))
        checked = check_move(field, mover, [*via, (x, y)])
        return found is not None, checked.legal, reach(field, mover, inches).area

    _clean(move)


def test_exact_through_a_hostile_policy_stays_one_line() -> None:
    """A decision answered with a value no option has is one line, not a traceback."""
    from skirmish.engine import Decision

    def procedure(context: Any) -> str:
        return context.choose(Decision("player", "pick", ("a", "b"), rule="demo"))

    _clean(lambda: exact(procedure, policy=FixedPolicy.of(pick="\x00" * 10)))
