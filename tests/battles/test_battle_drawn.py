"""The random player that draws one legal action without judging them all.

:class:`~skirmish.engine.drawing.Offer` lists a decision's candidates, each with its judge,
and draws by visiting them in a random order, the first legal taken. Checked here against
independent answers: on generated offers and on the decisions of random battles, the
exact distribution of the draw over every random order (counted with fractions, each
``randrange`` answer followed) is ``rng.choice`` over the listed legal actions: the same
set, each text as likely as its share of the list; where the orders are too many to
count, a chi-square test of 3,000 draws. The offer's legal actions are the state's legal
actions, in order, with every fast path on and with none. Whole battles: the drawing
player takes only legal actions, and over 240 short battles each way its battles' lengths
and winners are distributed as the listing player's.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from skirmish import fastpaths
from skirmish.engine.battle import History, LegalActions, RandomPlayer, Turn, play_out
from skirmish.engine.drawing import Offer
from skirmish.errors import SkirmishError
from skirmish.fastpaths import OFFERS
from skirmish.games.magewinds.battle import Length, find_scenario, new_setup, setup, start_battle
from skirmish.games.magewinds.battle.activation import Activation, ActivationStage
from skirmish.games.magewinds.battle.candidates import step_candidates, unlisted_steps
from skirmish.games.magewinds.battle.setup import Options
from skirmish.games.magewinds.battle.state import Battle, Phase, Status
from skirmish.games.magewinds.battle.steps import StepFrame

SCENARIOS = ("deathmatch", "treasure-dash", "hold-the-line", "king-of-the-hill", "the-prize")
BENCHMARK = "4v4 Deathmatch"
"""The benchmark's battle: Wizard, Guardian, Cleric and Deadeye a side (many Moves)."""
ORDERS = 20_000
"""The most random orders counted exactly; beyond, the draw is tested by chi-square."""
THRESHOLD = 1e-3
"""A chi-square or two-sample test fails below this p-value (deterministic seeds)."""


class Scripted:
    """A generator whose ``randrange`` answers are given in advance; asked beyond them,
    it says how many answers the next question has (:class:`Branch`)."""

    def __init__(self, answers: list[int]) -> None:
        self.answers = answers
        self.asked = 0

    def randrange(self, n: int) -> int:
        if self.asked == len(self.answers):
            raise Branch(n)
        answer = self.answers[self.asked]
        self.asked += 1
        assert 0 <= answer < n
        return answer

    def choice(self, options: tuple[str, ...]) -> str:
        return options[self.randrange(len(options))]


class Branch(Exception):
    def __init__(self, n: int) -> None:
        self.n = n


def exact_draw(offer: Offer) -> dict[str | None, Fraction]:
    """The probability of each answer of ``offer.draw`` over every random order: each
    sequence of ``randrange`` answers followed to its end, weighted by 1/n a question."""
    found: Counter[str | None] = Counter()
    weights: dict[str | None, Fraction] = {}
    stack: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    while stack:
        answers, weight = stack.pop()
        try:
            drawn = offer.draw(Scripted(answers))  # type: ignore[arg-type]
        except Branch as branch:
            stack.extend(([*answers, k], weight / branch.n) for k in range(branch.n))
            continue
        found[drawn] += 1
        weights[drawn] = weights.get(drawn, Fraction(0)) + weight
    return weights


def orders(offer: Offer) -> int:
    """How many sequences of ``randrange`` answers ``exact_draw`` follows (an upper
    bound: every candidate taken as illegal but the last)."""
    found = [find() for find in offer.finds]
    bad, good = found.count(None), len(found) - found.count(None)
    return sum(math.perm(bad, k) * max(good, 1) for k in range(bad + 1))


def choice_distribution(legal: tuple[str, ...]) -> dict[str | None, Fraction]:
    """``rng.choice(legal)``'s distribution: each text its share of the list."""
    if not legal:
        return {None: Fraction(1)}
    return {text: Fraction(n, len(legal)) for text, n in Counter(legal).items()}


def judged_once(offer: Offer) -> Offer:
    """The same offer with each candidate found once and remembered (so counting every
    order costs no more rules' work than listing)."""
    found = [find() for find in offer.finds]
    rest = (
        offer.otherwise()
        if offer.otherwise is not None and found.count(None) == len(found)
        else None
    )
    return Offer(
        tuple((lambda a=a: a) for a in found),
        None if rest is None else (lambda: rest),
    )


# -- generated offers ----------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from("abcdefg"), st.booleans()), min_size=0, max_size=7),
    st.sampled_from([None, ("x",), ("x", "y", "x")]),
)
def test_the_draw_over_every_order_is_the_choice_among_the_legal_list(pairs, fallback):
    """Candidates with repeats and any judgement, with or without a fall-back: the draw's
    exact distribution over every random order is ``rng.choice`` over the legal list (a
    repeated legal text twice as likely; the fall-back's when no candidate is legal), and
    None only when nothing is legal."""
    otherwise = None if fallback is None else (lambda: fallback)
    offer = Offer.of([(text, (lambda ok=ok: ok)) for text, ok in pairs], otherwise=otherwise)
    accepted = tuple(text for text, ok in pairs if ok)
    assert offer.legal() == (accepted or fallback or ())
    assert exact_draw(offer) == choice_distribution(offer.legal())


def test_a_judge_is_asked_only_when_its_candidate_is_visited():
    """The draw stops at the first legal candidate: judges after it are never asked."""
    asked: list[str] = []

    def judge(text: str, ok: bool):
        return lambda: asked.append(text) or ok

    offer = Offer.of([(t, judge(t, t != "b")) for t in "abcd"])
    drawn = offer.draw(Scripted([1, 0]))  # type: ignore[arg-type]
    assert asked == ["b", "a"] and drawn == "a"


def test_a_biased_draw_would_be_caught():
    """The exact count tells a draw that always takes the first legal candidate (not
    uniform) from the choice: the test above has teeth."""

    class First(Offer):
        def draw(self, rng):  # type: ignore[override]
            return next(iter(self.legal()), None)

    offer = First.of([("a", None), ("b", None), ("c", None)])
    assert exact_draw(offer) != choice_distribution(offer.legal())


# -- the decisions of random battles -------------------------------------------------------


def decision_states(seed: int, scenario: str, every: int = 3) -> list[Battle]:
    """Decision states of a random battle of ``scenario`` (bundled fighters drawn at
    random: spells, abilities, objects; or the benchmark's 4v4 Deathmatch): one Action Phase decision every ``every``, and
    every decision whose top frame makes an offer (deployments, activations' starts and
    targets, steps)."""
    if scenario == BENCHMARK:
        band = ["Wizard", "Guardian", "Cleric", "Deadeye"]
        chosen = new_setup("deathmatch", [band, band])
    else:
        chosen = setup.random_setup(
            seed, length=Length.QUICK, most=3, rounds=2, scenario=find_scenario(scenario)
        )
    history = History.start(start_battle(chosen), seed)
    play_out(history, [RandomPlayer(seed, p) for p in range(2)])
    deciding = [s for s in history.states if isinstance(s, Battle) and isinstance(s.node(), Turn)]
    acting = [s for s in deciding if s.phase is Phase.ACTION]
    offering = [s for s in deciding if s.frames[-1].offer(s) is not None]
    return [*acting[::every], *offering]


@pytest.mark.parametrize(
    ("seed", "scenario"), [*((s, c) for s in (1, 2) for c in SCENARIOS), (3, BENCHMARK)]
)
def test_the_draw_at_every_decision_is_the_choice_among_the_legal_actions(seed, scenario):
    """At decisions of random battles of five scenarios, every memo emptied first (so a
    step's or a Move's ends are found one direction at a time, as a drawing player meets
    them): the offer's legal actions are the state's legal actions (in order where they
    are listed; ends found one at a time come in their directions' order); the exact distribution
    of the draw over every random order (or 3,000 draws and a chi-square test where the
    orders are too many) is ``rng.choice`` over them; with every fast path off the offer
    lists the same; and the state's own draw gives the very record the list holds."""
    offers = found = moves = 0
    for state in decision_states(seed, scenario):
        fastpaths.forget()
        fresh = replace_derived(state)
        offer = fresh.frames[-1].offer(fresh)
        frame = fresh.frames[-1]
        lazy = (
            isinstance(frame, StepFrame) and frame._step_ends(replace_derived(state)) is not None
        ) or (
            isinstance(frame, Activation)
            and frame.stage is ActivationStage.MOVING
            and offer is not None
        )
        moves += isinstance(frame, Activation) and lazy
        node = state.node()
        assert isinstance(node, Turn)
        legal = tuple(str(a) for a in state.legal_actions(node.player))
        for number in range(3):
            drawn = state.draw_legal(node.player, Random(number))
            assert str(drawn) in legal
            assert drawn == next(
                a for a in state.legal_actions(node.player) if str(a) == str(drawn)
            )
        if offer is None:
            continue
        offers += 1
        once = judged_once(offer)
        if lazy:
            found += 1
            assert Counter(once.legal()) == Counter(legal)
        else:
            assert once.legal() == legal
        with fastpaths.plain():
            plain_state = replace_derived(state)
            plain_offer = plain_state.frames[-1].offer(plain_state)
            listed = plain_state.options() if plain_offer is None else plain_offer.legal()
            assert listed == legal
        if orders(once) <= ORDERS:
            assert exact_draw(once) == choice_distribution(legal)
        else:
            chi_square_draws(once, legal)
    assert offers > 0
    assert found > 0 or scenario not in ("deathmatch", BENCHMARK)
    assert moves > 0 or scenario not in ("deathmatch", BENCHMARK)


def test_each_step_end_is_found_once_however_many_directions_reach_it():
    """Steps toward two fighters in a row, and toward a fighter straight along a compass
    direction: the later direction's end is the earlier one's, and :func:`unlisted_steps`
    gives it once; the ends found are those :func:`step_candidates` lists."""
    chosen = new_setup(
        "deathmatch",
        [["Wizard", "Deadeye"], ["Guardian", "Cleric"]],
        options=Options(length=Length.QUICK, rounds=2, overtime=0),
    )
    battle = start_battle(chosen)
    placed = {
        "Wizard": (6.0, 8.0),
        "Guardian": (8.0, 8.0),
        "Cleric": (10.0, 8.0),
        "Deadeye": (2.0, 2.0),
    }
    fighters = tuple(
        replace(f, at=placed[f.name], status=Status.ON_BATTLEFIELD) for f in battle.fighters
    )
    battle = replace(battle, fighters=fighters)
    wizard = battle.fighter("Wizard")
    fastpaths.forget()
    toward = ("Guardian", "Cleric")
    finder = unlisted_steps(battle, wizard, 1.0, toward=toward, away=())
    assert finder is not None
    ends = [finder.end(i) for i in range(len(finder.directions))]
    firsts = [finder.first(i) for i in range(len(finder.directions))]
    assert ends[0] is not None and ends[0] == ends[1]
    assert firsts == [ends[0], None]
    listed = step_candidates(battle, wizard, 1.0, toward=toward, away=())
    assert sorted(e for e in firsts if e is not None) == listed
    compass = unlisted_steps(battle, wizard, 1.0, toward=None, away=())
    assert compass is not None
    both = [compass.first(i) for i in range(len(compass.directions))]
    assert sorted({e for e in both if e is not None}) == sorted(e for e in both if e is not None)
    assert sorted(e for e in both if e is not None) == step_candidates(battle, wizard, 1.0)


def replace_derived(state: Battle) -> Battle:
    """The same state with nothing worked out about it yet."""
    fresh = Battle(**{f: getattr(state, f) for f in state.__dataclass_fields__ if f != "derived"})
    return fresh


def chi_square_draws(offer: Offer, legal: tuple[str, ...], draws: int = 3_000) -> None:
    rng = Random(0)
    counted = Counter(offer.draw(rng) for _ in range(draws))
    expected = choice_distribution(legal)
    assert set(counted) <= set(expected)
    texts = sorted(expected, key=str)
    result = stats.chisquare(
        [counted[t] for t in texts], [float(expected[t]) * draws for t in texts]
    )
    assert result.pvalue > THRESHOLD


# -- whole battles ---------------------------------------------------------------------------

BATTLES = 240
SHORT = new_setup(
    "deathmatch",
    [["Wizard", "Deadeye"], ["Guardian", "Cleric"]],
    options=Options(length=Length.QUICK, rounds=2, overtime=0),
)


def short_battles(drawn: bool) -> tuple[list[int], list[int | None]]:
    """The lengths (steps) and winners of short 2v2 Deathmatches (quick, two rounds, no
    overtime), seeds 0 to BATTLES - 1, by the drawing or the listing player;
    the drawing player's every decision checked against the whole legal list."""
    chosen = SHORT
    lengths, winners = [], []
    for seed in range(BATTLES):
        history = History.start(start_battle(chosen), seed)

        def legal_step(history: History) -> None:
            step = history.steps[-1]
            if step.player is not None:
                before = history.states[-2]
                assert step.action in {str(a) for a in before.legal_actions(step.player)}

        players = [RandomPlayer(seed, p, drawn=drawn) for p in range(2)]
        end = play_out(history, players, after_step=legal_step if drawn else None)
        lengths.append(len(history.steps))
        winners.append(end.winner)
    return lengths, winners


@pytest.fixture(scope="module")
def both_players():
    return short_battles(True), short_battles(False)


def test_the_drawing_player_plays_other_battles(both_players):
    """The same seeds give other battles (the generator is used differently)."""
    (drawn_lengths, _), (listed_lengths, _) = both_players
    assert drawn_lengths != listed_lengths


def test_battle_lengths_are_distributed_alike(both_players):
    """Two-sample Kolmogorov-Smirnov and Mann-Whitney tests on the battles' steps."""
    (drawn, _), (listed, _) = both_players
    assert stats.ks_2samp(drawn, listed).pvalue > THRESHOLD
    assert stats.mannwhitneyu(drawn, listed).pvalue > THRESHOLD


def test_winners_are_distributed_alike(both_players):
    """A chi-square test of the table of winners (player 1, player 2, draw) by player."""
    (_, drawn), (_, listed) = both_players
    outcomes = [0, 1, None]
    table = [[w.count(o) for o in outcomes] for w in (drawn, listed)]
    table = [[row[i] for i in range(3)] for row in table]
    kept = [i for i in range(3) if table[0][i] + table[1][i] > 0]
    result = stats.chi2_contingency([[row[i] for i in kept] for row in table])
    assert result.pvalue > THRESHOLD


def test_legal_actions_handed_unlisted_are_listed_when_read():
    """A player that does not draw reads the same tuple through :class:`LegalActions`."""
    history = History.start(start_battle(SHORT), 3)
    with pytest.raises(SkirmishError, match="did not end"):
        play_out(history, [RandomPlayer(3, 0, drawn=True), RandomPlayer(3, 1)], max_steps=40)
    for state in history.states:
        node = state.node()
        if isinstance(node, Turn):
            unlisted = LegalActions(state, node.player)
            assert tuple(unlisted) == state.legal_actions(node.player)
            assert len(unlisted) == len(state.legal_actions(node.player))


def test_a_drawn_action_applied_unjudged_gives_the_state_it_gives_judged():
    """The action drawn counts as offered, so applying it skips the checks offering it
    found (part ``OFFERS``): at every decision of drawing battles of the benchmark's
    4v4 Deathmatch and of two scenarios, the state after it is the state after the same
    text applied to a fresh copy with that part off (judged in full)."""
    setups = [
        new_setup("deathmatch", [["Wizard", "Guardian", "Cleric", "Deadeye"]] * 2),
        setup.random_setup(4, length=Length.QUICK, most=3, rounds=2),
        setup.random_setup(5, length=Length.QUICK, most=3, rounds=2),
    ]
    compared = 0
    for number, chosen in enumerate(setups):
        history = History.start(start_battle(chosen), number)
        seats = start_battle(chosen).players
        players = [RandomPlayer(number, p, drawn=True) for p in range(seats)]
        play_out(history, players, max_steps=2_000)
        for before, step in zip(history.states, history.steps, strict=False):
            if step.player is None:
                continue
            with fastpaths.plain(OFFERS):
                judged = replace_derived(before).apply(step.action)
            assert judged.state_hash() == before.apply(step.action).state_hash()
            compared += 1
    assert compared > 300
