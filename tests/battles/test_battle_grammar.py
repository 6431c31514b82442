"""The battle action grammar (:mod:`skirmish.games.magewinds.battle.grammar`): every legal
action of many fuzzed battles, fighter names holding the action keywords included, reads
to a record whose one text form is the action itself, and that text reads back to the
same record."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st
from mwbattle import renamed_pack

from skirmish import fastpaths
from skirmish.engine.battle import Chance, End, Turn, chance_rng
from skirmish.games.magewinds.battle import Length, setup, start_battle
from skirmish.games.magewinds.battle.grammar import BattleAction, Kind, Names, parse, render
from skirmish.games.magewinds.pack import Pack, bundled_pack

WORDS = ("on", "with", "paying", "by", "at", "to", "and", "genuine", "naming", "attack")
PLAIN_WORDS = frozenset(
    {
        "attack", "blink", "charm", "clone", "deflect", "dodge", "done", "draw deck",
        "draw deck with insight", "end activation", "entangle", "feint", "guard", "heavy",
        "hypnotize", "light", "mirrorshield", "move", "no barrier", "no knockback",
        "no step", "none", "pass", "quake", "recover", "take aim", "ward", "revive",
        "escape", "collect nothing",
    }
)  # fmt: skip
"""The answers that are fixed words: no name, position, number or card in them."""


SUFFIXES = st.lists(
    st.tuples(st.sampled_from(WORDS), st.sampled_from(("Watch", "Bow", "Dawn", "Sea"))),
    min_size=10,
    max_size=10,
)
"""A word and a keyword after each of ten fighters' names (see :func:`suffixed_pack`)."""


def suffixed_pack(suffixes: list[tuple[str, str]]) -> Pack:
    """The bundled pack, fighter ``i`` called by its name, a keyword and a word."""
    fighters = bundled_pack().items
    return renamed_pack(
        {f.name: f"{f.name} {w} {t}" for f, (w, t) in zip(fighters, suffixes, strict=False)}
    )


def checked(seed: int, pack: Pack | None, players: int) -> int:
    """Play a random battle; every legal action (and every chance outcome) must read to a
    record rendering the same text, reading back to the same record. Returns how many."""
    chosen = setup.random_setup(
        seed, length=Length.QUICK, most=4, rounds=1, pack=pack, players=players
    )
    battle = start_battle(chosen)
    rng = Random(seed)
    count = 0
    while not isinstance(node := battle.node(), End):
        if isinstance(node, Chance):
            legal = (battle.sample_chance(chance_rng(seed, node.index)),)
        else:
            legal = battle.legal_actions(node.player)
        names = Names.of(battle)
        offered = battle.options() if isinstance(node, Turn) else tuple(map(str, legal))
        assert len(offered) == len(legal)
        for record, text in zip(legal, offered, strict=True):
            assert isinstance(record, BattleAction), record
            action = parse(text, names)
            assert action == record, (text, record)
            assert str(action) == render(action) == text, (text, action)
            assert parse(str(action), names) == action, text
            assert action.kind is not Kind.WORD or text.casefold() in PLAIN_WORDS, text
            count += 1
        battle = battle.apply(rng.choice(legal))
    return count


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    suffixes=SUFFIXES,
    players=st.sampled_from((2, 2, 3)),
)
def test_every_legal_action_renders_and_parses_to_the_same_record(seed, suffixes, players):
    assert checked(seed, suffixed_pack(suffixes), players) > 0


def test_every_legal_action_of_bundled_battles_round_trips():
    assert sum(checked(seed, None, 2 + (seed == 3)) for seed in range(4)) > 100


def test_records_read_their_fields_and_any_case_and_spacing():
    names = Names(
        fighters=("Knight on Watch", "Deadeye with Bow", "Seer"),
        objects=("Treasure 2",),
        attacks=("Melee", "Quick Shot"),
        spells=("Third Eye", "Energize"),
    )
    attack = parse("ATTACK  knight on watch with quick shot", names)
    assert attack == BattleAction(Kind.ATTACK, target="Knight on Watch", attack="Quick Shot")
    assert str(attack) == "attack Knight on Watch with Quick Shot"
    cast = parse("cast Third Eye by Seer on Deadeye with Bow paying QS+4D", names)
    assert (cast.spell, cast.fighter, cast.target, cast.cards) == (
        "Third Eye",
        "Seer",
        "Deadeye with Bow",
        ("QS", "4D"),
    )
    drop = parse("drop Treasure 2 at (3.5, 7.25)", names)
    assert drop.target == "Treasure 2" and drop.point == (3.5, 7.25)
    assert str(drop) == "drop Treasure 2 at 3.5,7.25"
    assert parse("dice 1 4 6", names).numbers == (1, 4, 6)
    assert parse("take aim", names) == BattleAction(Kind.WORD, option="take aim")
    assert parse("take far-left", names) == BattleAction(Kind.TAKE, option="far-left")


def test_apply_takes_a_record_as_it_takes_its_text():
    """``legal_actions`` gives the legal actions as records in the offered order; applying
    a record and applying its text reach the same state."""
    from skirmish.games.magewinds.battle.setup import random_setup

    battle = start_battle(random_setup(7, length=Length.QUICK, most=2, rounds=1))
    rng = Random(7)
    for _ in range(60):
        node = battle.node()
        if isinstance(node, End):
            break
        if isinstance(node, Chance):
            battle = battle.apply(battle.sample_chance(chance_rng(7, node.index)))
            continue
        records = battle.legal_actions(node.player)
        assert all(isinstance(r, BattleAction) for r in records)
        assert tuple(str(r) for r in records) == battle.options()
        chosen = rng.choice(records)
        assert battle.apply(chosen).state_hash() == battle.apply(str(chosen)).state_hash()
        battle = battle.apply(chosen)


def test_frame_stages_are_enums_in_played_battles():
    """Every frame's stage is a member of its frame's stage enum, whatever path a battle
    took to it."""
    from enum import StrEnum

    from skirmish.games.magewinds.battle.setup import random_setup

    seen: set[str] = set()
    for seed in range(3):
        battle = start_battle(random_setup(seed, length=Length.QUICK, most=3, rounds=1))
        rng = Random(seed)
        while not isinstance(node := battle.node(), End):
            for frame in battle.frames:
                stage = getattr(frame, "stage", None)
                if stage is not None:
                    assert isinstance(stage, StrEnum), (type(frame).__name__, stage)
                    seen.add(type(frame).__name__)
            if isinstance(node, Chance):
                battle = battle.apply(battle.sample_chance(chance_rng(seed, node.index)))
            else:
                battle = battle.apply(rng.choice(battle.legal_actions(node.player)))
    assert {"Round", "SetupFrame", "ActionPhase", "Activation", "AttackFrame", "EndPhase"} <= seen


def test_records_read_and_rendered_once_are_those_read_and_rendered_afresh():
    """The grammar's fast paths (a text read once per battle's names and only when a field
    is asked for, a record's text rendered once) give the very records and texts of the
    plain computation."""
    assert sum(lazily_offered(seed, None) for seed in (3, 11)) > 100


def test_chance_outcomes_are_exact_and_hold_what_is_sampled():
    """Each chance event's outcomes sum to 1, each die roll has 1/6^n and each card of the
    face-down deck 1/len(deck) (counted here from the state, not from the outcomes), and
    the sampled outcome is always one of them."""
    from fractions import Fraction

    from skirmish.games.magewinds.battle.deck import top_card
    from skirmish.games.magewinds.battle.setup import random_setup

    kinds = set()
    for seed in (1, 5):
        battle = start_battle(random_setup(seed, length=Length.QUICK, most=3, rounds=1))
        rng = Random(seed)
        while not isinstance(node := battle.node(), End):
            if isinstance(node, Turn):
                battle = battle.apply(rng.choice(battle.legal_actions(node.player)))
                continue
            outcomes = battle.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            sampled = battle.sample_chance(chance_rng(seed, node.index))
            assert sampled in {action for action, _ in outcomes}
            if sampled.kind is Kind.CARD and top_card(battle) is not None:
                assert outcomes == ((sampled, 1),)  # put back on top by Insight
            elif sampled.kind is Kind.CARD:
                assert len(outcomes) == len(set(battle.deck))
                assert {p for _, p in outcomes} == {Fraction(1, len(battle.deck))}
            else:
                dice = len(sampled.numbers)
                assert len(outcomes) == 6**dice
                assert {p for _, p in outcomes} == {Fraction(1, 6**dice)}
            kinds.add(sampled.kind)
            battle = battle.apply(sampled)
    assert {Kind.CARD, Kind.DICE, Kind.ROLL_OFF} <= kinds


FIRST_WORDS = ("activate", "ACTIVATE", "to", "To", "quake", "take", "pick", "card", "dice")
FIRST_WORDS += ("2S", "\u017ftep", "\u212aeep", "roll-off", "cast")
"""First words of each kind, in odd case, and non-ASCII letters a pattern's IGNORECASE
reads as ASCII ones (a long s, a Kelvin sign)."""


@settings(max_examples=200, deadline=None)
@given(
    first=st.sampled_from(FIRST_WORDS),
    rest=st.text(alphabet="Wizard Knight on Watch 0123456789.,+SHDC", max_size=30),
)
def test_a_text_is_read_alike_with_and_without_the_first_word_shortcut(first, rest):
    """The fast path tries only the kinds a text's first word allows; any text (odd case,
    non-ASCII letters that match ASCII ones regardless of case) reads to the same record."""
    names = Names(fighters=("Knight on Watch", "Wizard"), attacks=("Melee",), spells=("Energize",))
    text = f"{first} {rest}"
    fast = parse(text, names)
    with fastpaths.plain():
        assert parse(text, names) == fast


def lazily_offered(seed: int, pack: Pack | None) -> int:
    """Play a random battle; at each decision, the records ``legal_actions`` offers (read
    only when a field is first asked for) must be, whole, the records the plain path reads
    at once: every field, the text, the hash, a pickled and a deep copy. Returns how many."""
    import copy
    import pickle

    from skirmish.games.magewinds.battle import grammar

    chosen = setup.random_setup(seed, length=Length.QUICK, most=4, rounds=1, pack=pack)
    battle = start_battle(chosen)
    rng = Random(seed)
    count = 0
    while not isinstance(node := battle.node(), End):
        if isinstance(node, Chance):
            battle = battle.apply(battle.sample_chance(chance_rng(seed, node.index)))
            continue
        offered = battle.legal_actions(node.player)
        with fastpaths.plain():
            read = grammar.legal(battle)
        assert all(type(r) is BattleAction and "_names" not in vars(r) for r in read)
        # the player's pick is applied by its text alone: nothing else is read
        chosen_action = rng.choice(offered)
        after = battle.apply(chosen_action)
        with fastpaths.plain():
            assert (
                after.state_hash()
                == battle.apply(str(read[offered.index(chosen_action)])).state_hash()
            )
        with fastpaths.plain():
            rendered = tuple(render(action) for action in read)
        assert tuple(map(str, offered)) == rendered == battle.options()
        for lazy, plain in zip(offered, read, strict=True):
            assert fields_of(lazy) == fields_of(plain), str(plain)
            assert lazy == plain and hash(lazy) == hash(plain)
            assert pickle.loads(pickle.dumps(lazy)) == plain == copy.deepcopy(lazy)
            count += 1
        battle = after
    return count


def fields_of(action: BattleAction) -> tuple[tuple[str, object, type], ...]:
    """Every field with its value and type, read last field first (an offered record's
    first read may be any field, not only its kind)."""
    from dataclasses import fields

    read = [(f.name, getattr(action, f.name)) for f in reversed(fields(action))]
    return tuple((name, value, type(value)) for name, value in reversed(read))


def test_an_offered_record_is_read_only_when_a_field_is_asked_for():
    """Offered records keep their text until a field is asked for; a record read is kept
    for its text (the battle offers the same texts at many states), one never read is
    not (a long run would hold every battle's offered actions)."""
    battle = start_battle(setup.random_setup(3, length=Length.QUICK, most=2, rounds=1))
    while not isinstance(node := battle.node(), Turn):
        battle = battle.apply(battle.sample_chance(chance_rng(3, node.index)))
    offered = battle.legal_actions(node.player)
    assert offered and all("kind" not in vars(r) for r in offered)
    first = offered[0]
    assert str(first) == battle.options()[0] and "kind" not in vars(first)
    assert first.kind is parse(str(first), Names.of(battle)).kind
    assert "kind" in vars(first) and "_names" not in vars(first)
    # a record read is offered again for its text; one never read is not kept
    from skirmish.games.magewinds.battle.grammar import legal

    assert legal(battle)[0] is first and len(offered) > 1
    assert legal(battle)[1] is not offered[1] and legal(battle)[1] == offered[1]


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    suffixes=SUFFIXES,
)
def test_offered_records_are_the_records_read_at_once(seed, suffixes):
    assert lazily_offered(seed, suffixed_pack(suffixes)) > 0


def test_the_names_kept_for_a_battle_are_the_names_worked_out_afresh():
    """``Names.of`` keeps a battle's names by its setup and the names in play: at every
    state of random battles they are the names worked out afresh from the state."""
    from skirmish.games.magewinds.battle import grammar

    for seed in range(3):
        chosen = setup.random_setup(seed, length=Length.QUICK, most=4, rounds=1)
        battle = start_battle(chosen)
        rng = Random(seed)
        while not isinstance(node := battle.node(), End):
            fresh = grammar._names(
                chosen,
                tuple(f.name for f in battle.fighters),
                tuple(i.name for i in battle.items),
            )
            assert Names.of(battle) == fresh and Names.of(battle) is Names.of(battle)
            if isinstance(node, Chance):
                battle = battle.apply(battle.sample_chance(chance_rng(seed, node.index)))
            else:
                battle = battle.apply(rng.choice(battle.legal_actions(node.player)))


def test_a_battles_names_go_with_its_setup():
    """Once nothing holds a battle's setup (the caches keyed on it emptied), its names, and
    the records read against them, are gone: a long run keeps only those in play."""
    import gc

    from skirmish.games.magewinds.battle import geometry, grammar

    chosen = setup.random_setup(5, length=Length.QUICK, most=2, rounds=1)
    battle = start_battle(chosen)
    names = Names.of(battle)
    in_play = (tuple(f.name for f in battle.fighters), tuple(i.name for i in battle.items))
    assert grammar._NAMES[chosen][in_play] is names
    del battle, chosen
    geometry._field.cache_clear()
    fastpaths.forget()
    gc.collect()
    # by identity: another battle still alive (a fixture's) may have equal names
    assert all(n is not names for kept in grammar._NAMES.values() for n in kept.values())
