"""Hostile input, by name: each bad input found by trying skirmish as a new user would.

Every call that once hung, blew up memory or crashed runs under a CPU and memory cap
(``capped``) and must end with one ``SkirmishError`` line naming the input, the limit and
why; inputs that were accepted and should not be are refused here, in the core, so every
command inherits the refusal.
"""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import yaml

from capped import Outcome, capped
from conftest import fighter, single_attack, situation, split_attack
from skirmish.datafiles import read_yaml
from skirmish.dice import CountAtMost, parse
from skirmish.engine import Decision, ExpectimaxPolicy, FixedPolicy, exact
from skirmish.errors import DataError, IllegalAttack, SkirmishError

ROOT = Path(__file__).resolve().parents[1]
RUINS = ROOT / "examples" / "ruins.yaml"
CROSSROADS = ROOT / "examples" / "mswars-crossroads.yaml"


def refused(call: Any, *words: str, cpu: int = 20) -> str:
    """``call`` ends, under the caps, with one SkirmishError line holding every word."""
    outcome: Outcome = capped(call, cpu=cpu)
    assert outcome.error and outcome.clean, outcome.explain()
    for word in words:
        assert word in outcome.message, outcome.message
    return outcome.message


# --- Memory and hangs ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("notation", "limit"),
    [
        ("D1000000000", "sides of a die"),
        ("900D6", "number of dice"),
        ("D1000000", "sides of a die"),
        ("1000000D6", "number of dice"),
        ("100D20", "different results"),
        ("D6+" + "9" * 90, "a number in dice notation"),
    ],
)
def test_huge_dice_are_refused_before_any_work(notation: str, limit: str) -> None:
    message = refused(lambda: parse(notation).mean(), notation, limit, "(")
    assert "must be less than or equal to" in message


def test_a_huge_pool_is_refused_whether_enumerated_or_rolled() -> None:
    import random

    refused(lambda: CountAtMost(10**6, 3).distribution(), "number of dice")
    refused(lambda: CountAtMost(10**6, 3).roll(random.Random(1)), "number of dice")


def test_the_largest_rolls_allowed_are_answered() -> None:
    assert parse("199D6-199").max_outcome() == 995  # 996 results: within 1000
    assert parse("10D100").max_outcome() == 1000


@pytest.mark.parametrize(
    "text", ["1e1000000000", "1" * 100, "1/" + "7" * 30, "nan", "inf", "-inf", "1e3", "3/0"]
)
def test_fractions_are_refused_by_their_shape_first(text: str) -> None:
    from skirmish import limits

    refused(lambda: limits.parse_fraction(text, "--action-value"), "--action-value", cpu=5)


def test_fractions_within_the_limits_are_exact() -> None:
    from skirmish import limits

    assert limits.parse_fraction(" 3/4 ", "--x") == Fraction(3, 4)
    assert limits.parse_fraction("-0.125", "--x") == Fraction(-1, 8)
    assert limits.parse_fraction("0.000001", "--x") == Fraction(1, 10**6)
    refused(lambda: limits.parse_fraction("0.0000001", "--x"), "denominator")
    refused(lambda: limits.parse_fraction("2", "--visible", limits.SHARE), "share", "1")


def test_a_million_dummy_tokens_are_refused_before_the_bids_are_listed() -> None:
    from skirmish.games.entropic import Aim, Approach, Situation, bidding_game
    from skirmish.games.entropic.models import simple

    def solve() -> object:
        attacker = simple("Attacker", attack=4, defend=3, real_tokens=2, dummy_tokens=10**6)
        target = simple("Target", attack=3, defend=4, real_tokens=2)
        situation = Situation(attacker, target, ((Aim.BASE, Approach(3.0)),))
        return bidding_game(situation).solution.value

    refused(solve, "dummy tokens 1000000", "less than or equal to 20")


def test_bidding_games_past_the_budget_are_refused_naming_the_tokens() -> None:
    from skirmish import limits
    from skirmish.games.entropic import Aim, Approach, Situation, bidding_game, weapons_game
    from skirmish.games.entropic.bidding import positions
    from skirmish.games.entropic.models import simple

    attacker = simple("A", attack=4, defend=3, command=10, real_tokens=20, dummy_tokens=20)
    target = simple("T", attack=3, defend=4, command=10, real_tokens=20)
    most = Situation(attacker, target, ((Aim.BASE, Approach(3.0)),))
    assert positions((most,)) > limits.POSITIONS
    refused(lambda: bidding_game(most), "Place Bids", "fewer real or dummy tokens")
    ten = replace(
        most,
        attacker=replace(attacker, real_tokens=10, dummy_tokens=10),
        target=replace(target, real_tokens=10),
    )
    assert positions((ten,)) <= limits.POSITIONS
    assert positions((ten, ten)) > limits.POSITIONS
    refused(lambda: weapons_game((ten, ten)), "2 weapons", "or attack with fewer weapons")
    small = replace(most, attacker=replace(attacker, real_tokens=1, dummy_tokens=1))
    assert bidding_game(small).solution.exact


def test_the_bidding_estimate_covers_the_work_done(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every cell a bidding game solves is counted in its estimate."""
    from skirmish.games.entropic import Aim, Approach, Situation, bidding, weapons_game
    from skirmish.games.entropic.models import sample_force

    calls = 0
    original = bidding.result_of

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(bidding, "result_of", counted)
    force = sample_force()
    trooper = replace(force.model("Line Trooper"), real_tokens=2, dummy_tokens=1)
    warden = replace(force.model("Warden"), real_tokens=3)
    rifle = Situation(trooper, warden, ((Aim.BASE, Approach(1.0)),), weapon="Rifle")
    blade = replace(rifle, weapon="Blade")
    weapons_game((rifle, blade))
    assert 0 < calls <= bidding.positions((rifle, blade)) // bidding.POSITIONS_PER_CELL


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "huge.yaml"
    with big.open("wb") as stream:
        stream.truncate(50 * 1024 * 1024)  # 50 MB of nothing, not written out
    refused(lambda: read_yaml(big, "battlefield"), "huge.yaml", "larger than 256 KiB", cpu=5)
    text = tmp_path / "long.yaml"
    text.write_text("fighters:\n" + "  - {name: x}\n" * 30000)
    refused(lambda: read_yaml(text, "battlefield"), "larger than")


def test_special_files_are_not_read(tmp_path: Path) -> None:
    refused(lambda: read_yaml("/dev/zero", "fighter pack"), "not a regular file", cpu=5)
    refused(lambda: read_yaml(tmp_path, "fighter pack"), "is a directory")
    refused(lambda: read_yaml(tmp_path / "nowhere.yaml", "fighter pack"), "No such file")


def test_a_billion_laughs_is_refused_quickly_in_little_memory(tmp_path: Path) -> None:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 9):
        this, before = chr(ord("a") + i), chr(ord("a") + i - 1)
        lines.append(f"{this}: &{this} [" + ", ".join([f"*{before}"] * 9) + "]")
    bomb = tmp_path / "laughs.yaml"
    bomb.write_text("\n".join(lines) + "\n")
    outcome = capped(lambda: read_yaml(bomb, "fighter pack"), cpu=5, memory=256 * 1024**2)
    assert outcome.clean and "aliases are expanded" in outcome.message, outcome.explain()


def test_aliases_within_reason_still_work(tmp_path: Path) -> None:
    file = tmp_path / "shared.yaml"
    file.write_text("base: &b {x: 1}\none: {<<: *b, y: 2}\ntwo: [*b, *b]\n")
    data, _ = read_yaml(file, "battlefield")
    assert data == {"base": {"x": 1}, "one": {"x": 1, "y": 2}, "two": [{"x": 1}, {"x": 1}]}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 5000 + "]" * 5000, ("nested more than 32",)),
        ("a: 1\nb: 2\na: 3\n", ("key 'a' appears twice", "line 3")),
        ("a: &x [1, *x]\n", ("inside its own anchor",)),
        ("a: " + "9" * 5000 + "\n", ("too long",)),
        ("a: \x1b\n", ("not valid YAML",)),
        ("# nothing but a comment\n", ("holds no data",)),
        ("   \n\n", ("empty",)),
    ],
)
def test_malformed_yaml_is_one_line_naming_the_file(
    tmp_path: Path, text: str, words: tuple[str, ...]
) -> None:
    file = tmp_path / "bad.yaml"
    file.write_text(text)
    refused(lambda: read_yaml(file, "fighter pack"), "bad.yaml", *words, cpu=10)


# --- Tracebacks ------------------------------------------------------------------------


def _dark_realms(stamina: int, target_stamina: int | None = None, **attack: Any) -> Any:
    from skirmish.games.darkrealms import CardAttack, Figure, Kind, Shields, Situation

    return Situation(
        Figure("Ranger", melee=4, range=4, health=99),
        Figure("Guard", melee=0, range=0, health=99, shields=Shields(0, True, False)),
        CardAttack("Strike", Kind.MELEE, **attack),
        stamina=stamina,
        defender_stamina=target_stamina,
    )


@pytest.mark.parametrize(("stamina", "target"), [(200, None), (0, 300), (10**9, None)])
def test_stamina_past_the_limit_is_refused_by_name(stamina: int, target: int | None) -> None:
    from skirmish.games.darkrealms import odds

    refused(lambda: odds(_dark_realms(stamina, target)), "stamina", "less than or equal to 99")


def test_the_most_stamina_allowed_is_solved_exactly() -> None:
    """99 Stamina, the most allowed, to re-roll one attack die: the expected
    damage equals the value worked out level by level, as a player reasons it: with k
    Stamina left, keep a face worth at least a fresh roll with k - 1 left."""
    from skirmish.games.darkrealms import CardAttack, Figure, Kind, Situation, odds

    reads = [0, 2, 3, 4, 5, 6]  # base 4 on the printed table: a miss, -2, -1, 0, +1, +2
    fresh = Fraction(sum(reads), 6)
    for _ in range(99):
        fresh = sum((max(Fraction(r), fresh) for r in reads), Fraction(0)) / 6
    situation = Situation(
        Figure("Ranger", melee=4, range=4, health=999),
        Figure("Dummy", melee=0, range=0, health=999),
        CardAttack("Strike", Kind.MELEE),
        stamina=99,
    )
    outcome = capped(lambda: odds(situation).mean(lambda r: r.damage))
    assert outcome.value == repr(fresh), outcome.explain()


def test_re_rolls_past_the_work_budget_are_refused_naming_the_stamina() -> None:
    from skirmish import limits
    from skirmish.games.darkrealms import PolicyName, odds
    from skirmish.games.darkrealms.odds import positions

    both = _dark_realms(40, 40)
    assert positions(both) > limits.POSITIONS
    refused(lambda: odds(both), "Stamina 40", "less Stamina", "never policy")
    assert odds(both, policy=PolicyName.NEVER).mean(lambda r: r.stamina_spent) == 0


@pytest.mark.parametrize(
    "situation",
    [
        _dark_realms(3, 3),
        _dark_realms(30, 0),
        _dark_realms(2, 6, amount=2),
    ],
)
def test_progress_is_told_and_the_estimate_covers_it(situation: Any) -> None:
    from skirmish.engine import trampoline
    from skirmish.games.darkrealms import odds
    from skirmish.games.darkrealms.odds import positions

    told: list[int] = []
    quiet = odds(situation)
    assert odds(situation, progress=told.append) == quiet
    assert told == sorted(told) and told, "progress is told, in order"
    assert all(n % trampoline.REPORT_EVERY == 0 for n in told)
    assert told[-1] <= positions(situation)


def test_deep_procedures_are_enumerated_without_recursion() -> None:
    """3,000 coin flips through continuations, merged on (flips left, parity): the chance of
    an odd number of heads is (1 - (1 - 2p)^n) / 2 with p = 1/3."""
    flips = 3000
    expected = (1 - Fraction(1, 3) ** flips) / 2

    def odd() -> bool:
        found = exact(partial(_parity, state=(flips, 0)), policy=FixedPolicy())
        return found.probabilities[1] == expected

    outcome = capped(odd)
    assert outcome.value == "True", outcome.explain()


def _parity(context: Any, state: tuple[int, int]) -> int:
    left, parity = state
    if left == 0:
        return parity
    heads = context.roll(CountAtMost(1, 2), rule="demo", label="coin")
    return context.continue_from(_parity, (left - 1, parity ^ heads))


def _walk(context: Any, state: int) -> int:
    if state == 0:
        return 0
    step = context.choose(Decision("player", "step", ("stop", "on"), rule="demo"))
    if step == "stop":
        return state
    return context.continue_from(_walk, state - 1)


def test_deep_decisions_are_solved_without_recursion() -> None:
    """A walk of 3,000 decisions: going on lowers the score, so the best is to stop at once."""
    procedure = partial(_walk, state=3000)

    def solve() -> object:
        policy = ExpectimaxPolicy(procedure, utility=lambda r: -r, players={"player": -1})
        return policy.value()

    outcome = capped(solve)
    assert outcome.value == "Fraction(-3000, 1)", outcome.explain()


def test_dice_in_a_unit_file_are_limited(tmp_path: Path) -> None:
    from skirmish.games.mswars.units import load_force

    data = yaml.safe_load((ROOT / "src/skirmish/games/mswars/data/sample.yaml").read_text())
    data["units"][0]["weapons"][0]["damage"] = "1000000D6"
    file = tmp_path / "force.yaml"
    file.write_text(yaml.safe_dump(data))
    refused(lambda: load_force(file), "force.yaml", "1000000D6", "number of dice")


@pytest.mark.parametrize("kind", ["pack", "figures", "battlefield"])
def test_binary_files_are_refused(tmp_path: Path, kind: str) -> None:
    from skirmish.games.darkrealms import load_roster
    from skirmish.games.magewinds import load_pack
    from skirmish.games.magewinds.field import load_battlefield

    file = tmp_path / "picture.png"
    file.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    loader = {"pack": load_pack, "figures": load_roster, "battlefield": load_battlefield}[kind]
    refused(lambda: loader(file), "picture.png", "not a text file")


def test_points_that_are_not_finite_are_refused_in_moves() -> None:
    from skirmish.games.magewinds.field import load_battlefield
    from skirmish.games.magewinds.moves import check_move, shortest_move

    field = load_battlefield(RUINS)
    wizard = field.fighter("Wizard")
    refused(lambda: check_move(field, wizard, [(math.inf, math.inf), (3, 4)]), "inf")
    refused(lambda: shortest_move(field, wizard, (math.nan, math.nan)), "nan", "finite")
    refused(lambda: shortest_move(field, wizard, (1e300, 2.0)), "coordinate")
    refused(lambda: check_move(field, wizard, [(3.0, 4.0)] * 101), "points of a path")


@pytest.mark.parametrize("facing", [".nan", ".inf", "-.inf", "1e400", "720"])
def test_a_facing_that_is_not_an_angle_is_refused(tmp_path: Path, facing: str) -> None:
    from skirmish.games.mswars.field import load_field
    from skirmish.games.mswars.units import sample_force

    text = CROSSROADS.read_text().replace("facing: 45}", f"facing: {facing}}}", 1)
    file = tmp_path / "field.yaml"
    file.write_text(text)
    refused(lambda: load_field(file, sample_force()), "field.yaml", "facing")


def test_the_largest_battlefield_allowed_is_drawn_within_bounds(tmp_path: Path) -> None:
    """100 fighters and 100 terrain pieces of 64 corners on a 200" table: drawn at a size a
    picture can hold (once over a gigabyte of memory)."""
    from skirmish import limits
    from skirmish.analysis.draw import draw_scene
    from skirmish.games.magewinds.field import parse_battlefield
    from skirmish.games.magewinds.questions import field_scene

    names = ["Wizard", "Guardian", "Witch", "Mesmer", "Druid", "Cleric", "Deadeye", "Seer"]
    fighters = [
        {
            "name": f"Fighter {i}",
            "profile": names[i % 8],
            "warband": "Crusaders" if i % 2 else "Tempest",
            "at": [5 + (i % 10) * 19, 5 + (i // 10) * 19],
        }
        for i in range(100)
    ]
    terrain = []
    for j in range(100):
        cx, cy = 14 + (j % 10) * 19, 14 + (j // 10) * 19
        corners = [
            [
                round(cx + 3 * math.cos(2 * math.pi * k / 64), 2),
                round(cy + 3 * math.sin(2 * math.pi * k / 64), 2),
            ]
            for k in range(64)
        ]
        terrain.append({"name": f"Piece {j}", "height": 1 + j % 3, "polygon": corners})
    document = {
        "battlefield": {"width": 200, "length": 200},
        "warbands": ["Crusaders", "Tempest"],
        "fighters": fighters,
        "terrain": terrain,
    }
    written = yaml.safe_dump(document, default_flow_style=None)
    assert len(written.encode()) <= limits.FILE_BYTES  # such a file is within the size limit
    field = parse_battlefield(document, source="largest")
    picture = tmp_path / "largest.png"
    outcome = capped(lambda: draw_scene(field_scene(field), picture), memory=768 * 1024**2)
    assert outcome.clean and not outcome.error, outcome.explain()
    assert picture.stat().st_size > 0


# --- Accepted, should be refused -------------------------------------------------------


def test_a_fighter_cannot_target_itself_on_a_battlefield() -> None:
    from skirmish.games.magewinds.field import load_battlefield
    from skirmish.games.magewinds.tabletop import report

    field = load_battlefield(RUINS)
    with pytest.raises(IllegalAttack, match=r"^13\.4: Wizard cannot target itself"):
        report(field, "Wizard", "wizard")


PACK_ENTRY = {
    "name": "Wizard",
    "toughness": 9,
    "movement": 5,
    "armour": 0,
    "deflect": 0,
    "evasion": 0,
    "dodge": 0,
}


def _pack(tmp_path: Path, **entry: object) -> Path:
    file = tmp_path / "mine.yaml"
    file.write_text(yaml.safe_dump({"pack": "Mine", "fighters": [PACK_ENTRY | entry]}))
    return file


def test_a_pack_fighter_named_like_a_bundled_one_is_refused_unless_it_says_so(
    tmp_path: Path,
) -> None:
    from skirmish.games.magewinds import bundled_pack, load_pack

    with pytest.raises(DataError, match="mine.yaml: fighter 'Wizard' has the name of a bundled"):
        bundled_pack().merged(load_pack(_pack(tmp_path)))
    merged = bundled_pack().merged(load_pack(_pack(tmp_path, replaces=True)))
    assert merged.fighter("wizard").toughness == 9
    assert len(merged.fighters) == len(bundled_pack().fighters)
    with pytest.raises(DataError, match="'Wizzard' says 'replaces: true' but no bundled"):
        bundled_pack().merged(load_pack(_pack(tmp_path, name="Wizzard", replaces=True)))


def test_every_game_refuses_a_silent_replacement(tmp_path: Path) -> None:
    from skirmish.games.darkrealms import load_roster, sample_roster
    from skirmish.games.entropic.models import load_force as entropic_force
    from skirmish.games.entropic.models import sample_force as entropic_sample
    from skirmish.games.mswars.units import load_force as mswars_force
    from skirmish.games.mswars.units import sample_force as mswars_sample

    cases = [
        (
            sample_roster,
            load_roster,
            {"figures": [{"name": "Warden", "health": 5}]},
            "figure 'Warden'",
        ),
        (
            sample_roster,
            load_roster,
            {"cards": [{"name": "Strike", "attacks": [{"name": "Hit", "kind": "melee"}]}]},
            "action card 'Strike'",
        ),
        (
            entropic_sample,
            entropic_force,
            {"models": [{"name": "Warden", "move": 4, "attack": 5, "defend": 6, "command": 2}]},
            "model 'Warden'",
        ),
        (
            mswars_sample,
            mswars_force,
            {
                "units": [
                    yaml.safe_load(
                        (ROOT / "src/skirmish/games/mswars/data/sample.yaml").read_text()
                    )["units"][0]
                ]
            },
            "unit '",
        ),
    ]
    for sample, load, document, words in cases:
        file = tmp_path / "mine.yaml"
        file.write_text(yaml.safe_dump(document))
        with pytest.raises(DataError, match=f"{words}.*has the name of a bundled"):
            sample().merged(load(file))
        for entries in document.values():
            entries[0]["replaces"] = True
        file.write_text(yaml.safe_dump(document))
        sample().merged(load(file))


def test_unknown_statuses_are_refused(tmp_path: Path) -> None:
    from skirmish.games.darkrealms import CardAttack, Kind, load_roster

    with pytest.raises(SkirmishError, match="unknown status 'bogus'; expected one of: poison"):
        CardAttack("Dart", Kind.RANGE, range=3, status="bogus")
    assert CardAttack("Dart", Kind.RANGE, range=3, status="Poison").status == "Poison"
    file = tmp_path / "figures.yaml"
    file.write_text(
        yaml.safe_dump({"figures": [{"name": "X", "health": 3, "statuses": ["bogus"]}]})
    )
    with pytest.raises(DataError, match=r"figures\.yaml: figures\[0\] \(X\)\.statuses"):
        load_roster(file)


@pytest.mark.parametrize("distance", [math.nan, math.inf, -1.0, 1e6])
def test_an_entropic_distance_must_be_a_real_distance(distance: float) -> None:
    from skirmish.games.entropic import Approach

    with pytest.raises(SkirmishError, match="attack distance"):
        Approach(distance)


def test_an_entropic_answer_is_checked_before_the_attack() -> None:
    from skirmish.games.entropic import Aim, Approach, Situation
    from skirmish.games.entropic.attack import DAMAGED_ATTRIBUTE, check_answers
    from skirmish.games.entropic.models import simple

    situation = Situation(
        simple("A", attack=3, defend=3, real_tokens=1),
        simple("T", attack=3, defend=3),
        ((Aim.BASE, Approach(3.0)),),
    )
    with pytest.raises(SkirmishError, match="unknown damaged attribute 'wings'; expected one of"):
        check_answers(situation, {DAMAGED_ATTRIBUTE: "wings"})
    with pytest.raises(SkirmishError, match="cannot bid 2 real"):
        check_answers(situation, {"attack bid": "2 real + 0 dummy"})
    with pytest.raises(SkirmishError, match="expected a bid"):
        check_answers(situation, {"defense bid": "lots"})
    check_answers(situation, {DAMAGED_ATTRIBUTE: "move", "attack bid": "1 real + 0 dummy"})


@pytest.mark.parametrize("distance", [math.nan, math.inf, 1e6])
def test_a_magewinds_distance_must_be_a_real_distance(distance: float) -> None:
    from skirmish.games.magewinds.attack import check_situation

    with pytest.raises(SkirmishError, match="distance"):
        check_situation(situation(single_attack(3, 4), distance=distance))


def test_power_past_the_limit_is_refused_and_the_limit_is_solved() -> None:
    from skirmish.games.magewinds.advice import advise
    from skirmish.games.magewinds.profiles import Strike

    with pytest.raises(SkirmishError, match="Power 21: Power must be less than or equal to 20"):
        Strike(21, 4)
    strongest = situation(split_attack((20, 10), (20, 10)), fighter(toughness=99), barrier_clubs=3)
    outcome = capped(lambda: advise(strongest).solution.value)
    assert outcome.value.startswith("Fraction("), outcome.explain()


def test_casting_costs_ask_for_a_deck_of_cards_at_most() -> None:
    from skirmish.games.magewinds.cards import parse_cost

    assert parse_cost("1-3 Clubs").requirements[0].maximum == 3
    refused(lambda: parse_cost("1-99999999999 Clubs"), "casting cost", "less than or equal to 99")


def test_matchup_tables_past_the_budget_are_refused() -> None:
    from skirmish.games.magewinds import bundled_pack
    from skirmish.games.magewinds.matchups import matchup_table
    from skirmish.games.magewinds.pack import Pack

    pack = bundled_pack()
    many = Pack(
        tuple(replace(f, name=f"{f.name} {i}") for i in range(40) for f in pack.fighters),
        "Many",
    )
    refused(lambda: matchup_table(many), "matchup table", "fewer fighters or attacks", cpu=10)
    told: list[int] = []
    table = matchup_table(pack, progress=told.append)
    assert told == list(range(1, len(table) + 1))
