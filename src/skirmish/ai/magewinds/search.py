"""The search player: the greedy player's best candidates, each played forward in battles
consistent with what the player has seen, within a time budget per decision.

Perfect-information Monte Carlo over the hidden facts: at each of its activations the
player takes the greedy player's best candidates (:mod:`.plans`), then, as long as its
budget lasts, rebuilds the battle from its view with the other hands and the deck drawn
afresh (:func:`~skirmish.games.magewinds.battle.rebuild.from_view`) and plays every
candidate in it: the candidate's actions through the rules, its attack as one chance node
over the attack's exact distinct results (:func:`.rollout.attack_outcomes`), the rest of
the activation and the other player's reply as the greedy player would play them
(:class:`.rollout.ReplyPlayer`, the reply's attack collapsed into its exact results too),
up to the player's next activation or the end of the Action Phase, where the position is
scored (:mod:`.evaluation`; a position is always scored within the Action Phase, as the
greedy player scores its candidates, never in the phase after it, whose score leaves out
the actions and cards left). Only whole rounds count (every candidate played in the same
battle), and with no whole round in the budget the greedy player's choice is played.

The candidates are compared battle by battle (:func:`chosen`): the greedy player's own
choice is played unless another candidate beats it, over the battles drawn, by more than
:data:`MARGIN` standard errors of their paired differences; a few look-aheads that differ
by chance do not overturn the evaluation the candidates were ranked by.

The budget is seconds on the clock, or (``clock=False``, for simulations that must give the
same battles on any machine and with any number of workers) a count of what the
look-aheads' time goes to: the greedy activations planned in them (the replies' and, in a
deeper look-ahead, the player's own; a look-ahead that plans none counts one),
:data:`PLAYOUTS_PER_SECOND` to a second. A look-ahead is not started once the count has
reached the budget, so a decision passes it by less than one look-ahead's count.

Two ways to spend a larger budget other than on more drawn battles are built in and
measured (docs/speed.md, "Fourth sitting: search"): a wider field of candidates halved
between stages of the budget (sequential halving, :func:`halved`, the greedy player's
choice always kept to the end, where :func:`chosen` decides), and look-aheads that play
through the player's own later activations before scoring (:data:`THROUGH`). Since the
fifth sitting the search plays 4 candidates through one more activation of its own
(measured stronger on the ladder's slices), and in the battle's last round, once few
actions are left in it, plays its look-aheads to the battle's end and scores the result
(:data:`ENDGAME`, :meth:`SearchPlayer.play_to_the_end`). Every look-ahead's last position
is scored by :meth:`SearchPlayer.leaf`. Since the sixth, the dice of a look-ahead are
common to the candidates (:data:`DICE`) and the field is fitted to the rounds the budget
holds (:data:`FIT`), measured stronger on the ladder's Deathmatch battles; the fifth
sitting's search is ``SearchPlayer(dice="world", fit=False)``.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from skirmish.ai.magewinds.evaluation import Evaluator, Weights
from skirmish.ai.magewinds.greedy import GreedyPlayer, plannable
from skirmish.ai.magewinds.plans import Course, Decisions, Plan, attack_leaves
from skirmish.ai.magewinds.rollout import ReplyPlayer, attack_outcomes
from skirmish.engine.battle import Action, Chance, End, Turn
from skirmish.games.magewinds.attack import defence_decision
from skirmish.games.magewinds.battle.actionphase import ActionPhase, ActionPhaseStage
from skirmish.games.magewinds.battle.activation import MAX_COUNTERS
from skirmish.games.magewinds.battle.attacks import AttackFrame, AttackStage
from skirmish.games.magewinds.battle.grammar import BattleAction, among, texts
from skirmish.games.magewinds.battle.rebuild import from_view
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.battle.state import Battle, Phase

CANDIDATES = 4
"""How many of the greedy player's best candidates are searched (8, halved, in the fourth
speed sitting; 4 again since the fifth, whose ladder slices measured 4 played through one
more activation stronger: docs/speed.md, "Fifth sitting: the search algorithm")."""
PLAYOUTS_PER_SECOND = 70
"""Greedy activations planned in look-aheads counted as one second of budget when the
budget is not on the clock, measured on the reference machine (a shared 2-core server)
by ``python benchmarks/search_budget.py``: whole searched decisions of the ladder's
battles (search at 1 s against greedy, battles 5 to 8 of each scenario) took 74.7 counted
activations a second of CPU (Deathmatch 84.5, King of the Hill 69.2; the same with two
processes at once), rounded down so that a counted second is a CPU second or less on
average. Until the seventh speed sitting it was 30 (24 to 26 ms of CPU an activation in
the fourth sitting's code; the greedy player and the rules have been made faster since:
docs/speed.md, "Seventh sitting: the search's budget, and a leak")."""
LOOKAHEAD = 300
"""Most steps a playout takes after the candidate (a safety bound: it stops at the player's
next activation or the end of the Action Phase long before)."""
MARGIN = 2.0
"""How many standard errors of the paired differences (over the battles drawn) another
candidate must beat the greedy player's choice by to be played instead. With the 3 drawn
battles of a counted second in the fourth sitting's search, a candidate no better than the
greedy choice passes 2 about one time in eleven (Student's t, 2 degrees of freedom), 1
about one time in five, and three candidates are compared with it."""
HALVING = False
"""Whether the field of candidates is halved between stages of the budget (sequential
halving; the fourth sitting's search halved 8)."""
THROUGH = 1
"""How many of the player's own later activations a look-ahead plays through (as the
greedy player would play them) before it scores the position (0 in the fourth sitting's
search at 1 s)."""
ENDGAME = True
"""Whether, in the battle's last round, the look-aheads play on to the battle's end and
score its result (:meth:`SearchPlayer.play_on`), the candidates compared by
:data:`ENDGAME_MARGIN` and a draw worth :data:`DRAW`."""
ENDGAME_ACTIONS = 8
"""The most action counters left to take in the last round (:func:`actions_left`, both
sides) for the look-aheads of a search of 1 s a decision (or less) to play on to the
battle's end, in proportion for a longer one (:func:`endgame_actions`): each action left is
about one more greedy activation planned in every look-ahead (with 8 left, 4 to 6 a
look-ahead, so the 30 planned activations of a counted second before the seventh speed
sitting gave the 3 candidates two drawn battles, and the 70 since give them four)."""
ENDGAME_WIDTH = 3
"""How many of the greedy player's best candidates an endgame search plays (a look-ahead
to the battle's end plans several times the activations of one to the player's next
activation, so fewer candidates get whole rounds in the same budget)."""
ENDGAME_MARGIN = 1.0
"""The margin (:func:`chosen`) in the last round: the results are whole wins and losses,
whose paired differences are spread wide, so two standard errors would hold back almost
every candidate in the few drawn battles a second buys."""
DRAW = 0.0
"""What a draw is worth at the end of an endgame look-ahead, in points of the evaluation
(a win is worth :attr:`~.evaluation.Weights.win`, a loss its negative); below 0 the search
takes risks to turn a level battle into a win."""
DICE = "common"
"""Where a look-ahead's dice come from: ``"world"`` (the fifth sitting's), one stream for
each drawn battle, read in the order the look-ahead rolls (the same stream for every
candidate, so two candidates share their dice only as far as they roll alike);
``"common"`` (since the sixth), each roll drawn from its own stream named by the drawn
battle and the event (:func:`event`), so that the same attack (attacker, target, round,
the attacker's actions taken, the roll's place in the attack) rolls the same faces after
every candidate (common random numbers, docs/speed.md, "Sixth sitting: the search
algorithm")."""
LEAST = 1
"""The fewest drawn battles a candidate must have been compared in to be played instead of
the greedy player's choice (:func:`chosen`); with one, a single drawn battle has no spread
to measure, so any gain in it passes the margin."""
DICE_KINDS = ("world", "common")
"""The kinds of dice a search may be given (:data:`DICE`)."""
FIT = True
"""Whether, before the endgame, the field of candidates is cut after the first look-ahead
(the greedy choice's in the first drawn battle) to as many as one whole round can hold at
that look-ahead's cost (:func:`fitted`, at least two), and a round whose last look-ahead
reaches the budget is counted, rather than leaving a round the budget cannot finish
uncounted and the greedy choice played unsearched (as the fifth sitting's search did)."""
LONG = 2.0
"""From this budget a decision (seconds), the search's look-aheads go deeper
(:func:`shape`)."""
MIN_SECONDS = 0.05
MAX_SECONDS = 600.0
"""The budget a search may be given per decision."""


class _OutOfTime(Exception):
    """A look-ahead on the clock stopped before a reply that would pass the budget."""


def chosen(values: Sequence[Sequence[float]], margin: float = MARGIN, least: int = 1) -> int:
    """The candidate to play, by ``values[i][k]``, candidate ``i`` in drawn battle ``k``
    (the first candidate the greedy player's choice): the first, unless others beat it by
    a mean paired difference above ``margin`` standard errors of that difference (and
    above rounding) over at least ``least`` drawn battles; of those, the best mean (the
    first of equals)."""
    best, best_gain = 0, 0.0
    for index in range(1, len(values)):
        differences = [v - w for v, w in zip(values[index], values[0], strict=True)]
        if len(differences) < max(1, least):
            continue
        gain = statistics.fmean(differences)
        spread = statistics.stdev(differences) if len(differences) > 1 else 0.0
        needed = margin * spread / math.sqrt(len(differences)) + 1e-9 * (1 + abs(gain))
        if gain > needed and gain > best_gain:
            best, best_gain = index, gain
    return best


@dataclass(frozen=True)
class Shape:
    """How a search spends its budget: ``width`` candidates, halved between stages or
    not, each look-ahead played ``through`` that many of the player's own activations."""

    width: int
    halving: bool
    through: int


def shape(seconds: float) -> Shape:
    """The search's shape at a budget of ``seconds`` a decision: the :data:`CANDIDATES`
    best candidates, halved or not (:data:`HALVING`), each look-ahead through
    :data:`THROUGH` of the player's own later activations; from :data:`LONG`, through one
    more. The fourth sitting's search at 1 s is ``SearchPlayer(width=8, halving=True,
    through=0, endgame=False)``."""
    return Shape(CANDIDATES, HALVING, THROUGH + (seconds >= LONG))


def final_round(battle: Battle) -> bool:
    """Whether ``battle`` is in its scenario's last round (or past it, in overtime), whose
    end may end the battle."""
    return battle.round >= battle.setup.options.round_limit(battle.setup.scenario)


def actions_left(battle: Battle) -> int:
    """The action counters the fighters on the battlefield, of every side, have still to
    take this round (13.0: a fighter acts until it holds :data:`MAX_COUNTERS`)."""
    return sum(max(0, MAX_COUNTERS - f.counters) for f in battle.on_battlefield())


def endgame_actions(seconds: float) -> int:
    """The most actions left in the last round for a search of ``seconds`` a decision to
    play its look-aheads to the battle's end: :data:`ENDGAME_ACTIONS` a second, and that
    many below a second."""
    return round(ENDGAME_ACTIONS * max(1.0, seconds))


def stages(candidates: int) -> int:
    """The stages of a search that halves its field of ``candidates`` down to two (one
    stage for two or fewer)."""
    return max(1, math.ceil(math.log2(candidates)) - 1) if candidates > 2 else 1


def halved(columns: Mapping[int, Sequence[float]]) -> list[int]:
    """Sequential halving's cut: of the candidates ``columns`` (candidate index to its values
    in the battles drawn, the greedy player's choice first), the half (rounded up) with the
    best means, the greedy player's choice always kept, in the order given (the better
    greedy rank first among equal means)."""
    order = list(columns)
    keep = (len(order) + 1) // 2
    ranked = sorted(order[1:], key=lambda index: -statistics.fmean(columns[index]))
    kept = {order[0], *ranked[: keep - 1]}
    return [index for index in order if index in kept]


def fitted(width: int, share: float) -> int:
    """How many candidates of a field of ``width`` a round can hold when one look-ahead
    takes ``share`` of the budget: a look-ahead starts while the budget is not spent, so
    ``ceil(1 / share)`` of them, at least 2 (the greedy choice and one other) and at most
    the field."""
    if share <= 0:
        return width
    return max(min(2, width), min(width, math.ceil(1 / share - 1e-9)))


def event(state: Battle, player: int) -> str:
    """The name of the chance event or hidden choice on top of ``state`` that ``player``
    (``-1`` for the dice) is to answer, alike after any candidate that leads to it: in an
    attack, its attacker, target, the attacker's action counters and how many answers the
    attack has had, in the round; elsewhere, the frame's kind, the round and the chance
    events the battle has had."""
    top = state.frames[-1]
    if isinstance(top, AttackFrame):
        counters = state.fighter(top.attacker).counters
        return (
            f"{state.round} attack {top.attacker} {counters} on {top.target} "
            f"{len(top.answers)} {player}"
        )
    return f"{state.round} {type(top).__name__} {state.chances} {player}"


def counted_playouts(seconds: float) -> int:
    """The playouts a decision's budget of ``seconds`` counts when not on the clock (at least
    one)."""
    return max(1, round(seconds * PLAYOUTS_PER_SECOND))


@dataclass
class Planning:
    """How long the greedy replies of a search on the clock take: their count and seconds."""

    count: int = 0
    seconds: float = 0.0

    @property
    def mean(self) -> float:
        return self.seconds / self.count if self.count else 0.0


@dataclass
class SearchStats:
    """What the searches of one player cost: seconds and playouts per searched decision."""

    seconds: list[float] = field(default_factory=list)
    playouts: list[int] = field(default_factory=list)
    cost: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    """The whole rounds (drawn battles every candidate compared was played in)."""
    compared: list[int] = field(default_factory=list)
    """The candidates compared in the end (the greedy choice among them)."""
    steps: int = 0


class SearchPlayer:
    """The search player of ``seat`` in battles of ``setup``, seeded by ``seed``, with
    ``seconds`` of budget per decision (on the clock, or counted in playouts)."""

    name = "search"

    def __init__(
        self,
        setup: Setup,
        seed: int,
        seat: int,
        *,
        seconds: float = 1.0,
        clock: bool = True,
        weights: Weights | None = None,
        width: int | None = None,
        halving: bool | None = None,
        through: int | None = None,
        endgame: bool | None = None,
        draw: float | None = None,
        value: Callable[[Evaluator], Callable[[Battle, int], float]] | None = None,
        dice: str | None = None,
        least: int | None = None,
        fit: bool | None = None,
        to_end: int | None = None,
        margin: float | None = None,
        endgame_margin: float | None = None,
    ) -> None:
        self.setup = setup
        shaped = shape(seconds)
        self.width = shaped.width if width is None else width
        self.halving = shaped.halving if halving is None else halving
        self.through = shaped.through if through is None else through
        self.endgame = ENDGAME if endgame is None else endgame
        self.draw = DRAW if draw is None else draw
        self.dice = DICE if dice is None else dice
        if self.dice not in DICE_KINDS:
            raise ValueError(f"dice={self.dice!r}: expected one of {', '.join(DICE_KINDS)}")
        self.least = LEAST if least is None else least
        self.margin = MARGIN if margin is None else margin
        """The standard errors another candidate must beat the greedy choice by before the
        last round's endgame (:data:`MARGIN` by default; 0 plays the best mean)."""
        self.endgame_margin = ENDGAME_MARGIN if endgame_margin is None else endgame_margin
        """The standard errors another candidate must beat the greedy choice by in the last
        round's endgame, where the look-aheads play to the battle's end
        (:data:`ENDGAME_MARGIN` by default)."""
        for name, given in (("margin", self.margin), ("endgame_margin", self.endgame_margin)):
            if not (math.isfinite(given) and given >= 0):
                raise ValueError(f"{name}={given!r}: expected a number 0 or more")
        self.fit = FIT if fit is None else fit
        self.to_end = endgame_actions(seconds) if to_end is None else to_end
        """The most actions left in the last round (:func:`actions_left`) for the
        look-aheads to play on to the battle's end (by default :func:`endgame_actions` of
        the budget)."""
        self._world = ""
        """The drawn battle a look-ahead plays in, naming its common dice (:data:`DICE`)."""
        self._to_end = False
        self.seat = seat
        self.seconds = seconds
        self.clock = clock
        self.greedy = GreedyPlayer(setup, seed, seat, weights=weights)
        self.evaluator: Evaluator = self.greedy.evaluator
        self.valued = None if value is None else value(self.evaluator)
        """What a look-ahead's last position is worth (``value``, made on the greedy
        player's evaluator: :func:`skirmish.ai.magewinds.value.fitted`); by default the
        evaluation's total."""
        others = {
            other: GreedyPlayer(setup, seed, other, weights=weights)
            for other in range(len(setup.warbands))
            if other != seat
        }
        self.replies = ReplyPlayer({seat: self.greedy, **others})
        self.stats = SearchStats()
        self.decisions = Decisions(f"skirmish search player {seed} seat {seat}")
        self._searching_from = 0.0
        self._deadline = math.inf
        self._planning = Planning()
        self._playouts = self._cost = 0

    @property
    def budget(self) -> int:
        """The counted budget of a decision: greedy activations planned in its look-aheads
        (:func:`counted_playouts`)."""
        return counted_playouts(self.seconds)

    def act(self, view: Mapping[str, Any], legal: tuple[BattleAction, ...]) -> BattleAction:
        """The record chosen among ``legal`` (weighed by their texts, :meth:`choose`)."""
        return among(legal, self.choose(view, texts(legal)))

    def choose(self, view: Mapping[str, Any], legal: tuple[Action, ...]) -> Action:
        forced = self.decisions.forced(legal)
        if forced is not None:
            return forced
        rng = self.decisions.rng()
        started = time.perf_counter()
        battle = from_view(self.setup, view, rng)
        if not plannable(battle):
            return self.greedy.decide(battle, legal, rng)
        plans = [p for p in self.greedy.planner.plans(battle) if p.actions[0] in legal]
        if not plans:
            return self.greedy.decide(battle, legal, rng)
        self._to_end = self.endgame and final_round(battle) and actions_left(battle) <= self.to_end
        width = min(self.width, ENDGAME_WIDTH) if self._to_end else self.width
        best = self.search(view, battle, plans[:width], rng, started)
        self.decisions.course = Course(best.actions[1:])
        return best.actions[0]

    def search(
        self,
        view: Mapping[str, Any],
        battle: Battle,
        plans: list[Plan],
        rng: Random,
        started: float,
    ) -> Plan:
        """The candidate :func:`chosen` by their values in battles drawn from the view
        (complete rounds only: every candidate still in the field played in every battle
        counted); with halving, the field is :func:`halved` at the end of each stage of
        the budget (:func:`stages`)."""
        if len(plans) == 1:
            return plans[0]
        self._searching_from = time.perf_counter() - started
        label = f"{self.decisions.label} decision {self.decisions.made}"
        columns: list[list[float]] = [[] for _ in plans]
        entrants = list(range(len(plans)))
        count = stages(len(plans)) if self.halving and not self._to_end else 1
        margin = self.endgame_margin if self._to_end else self.margin
        rounds = self._playouts = self._cost = 0
        world = battle
        self._deadline = started + self.seconds if self.clock else math.inf
        late = False
        for stage in range(count):
            share = (stage + 1) / count
            while not late and not self._spent(started, share):
                values: list[float] = []
                for position, index in enumerate(entrants):
                    self._world = f"{label} world {rounds}"
                    dice = Random(self._world)
                    planned = self.replies.planned
                    try:
                        values.append(self.playout(world, plans[index], dice))
                    except _OutOfTime:  # the round is left unfinished, so it is not counted
                        late = True
                        break
                    self._playouts += 1
                    self._cost += max(1, self.replies.planned - planned)
                    if self.fit and not self._to_end and self._playouts == 1:
                        # Cut the field (in place: the loop reads on in it) to what one
                        # whole round can hold at the greedy choice's cost.
                        del entrants[fitted(len(entrants), self._first_share(started)) :]
                    whole = self.fit and position == len(entrants) - 1
                    if self._spent(started, 1.0) and not whole:
                        break
                else:
                    for index, value in zip(entrants, values, strict=True):
                        columns[index].append(value)
                    rounds += 1
                    world = from_view(self.setup, view, rng)
                    continue
                late = True
            if rounds and stage < count - 1:
                entrants = halved({index: columns[index] for index in entrants})
        self.stats.seconds.append(time.perf_counter() - started)
        self.stats.playouts.append(self._playouts)
        self.stats.cost.append(self._cost)
        self.stats.rounds.append(rounds)
        self.stats.compared.append(len(entrants))
        played = [columns[index] for index in entrants]
        return plans[entrants[chosen(played, margin, self.least)]]

    def _first_share(self, started: float) -> float:
        """The share of the budget the first look-ahead took (counted or on the clock)."""
        if self.clock:
            searching = time.perf_counter() - started - self._searching_from
            return searching / max(1e-9, self.seconds - self._searching_from)
        return self._cost / self.budget

    def _spent(self, started: float, share: float) -> bool:
        """Whether ``share`` of the budget is spent: on the clock, when one more look-ahead
        (as long as the mean so far) would pass it (and a look-ahead under way stops before
        a greedy reply that, as long as the mean reply so far, would pass the whole budget:
        :meth:`play_on`); counted, when the look-aheads' cost (:data:`PLAYOUTS_PER_SECOND`)
        reaches it."""
        if self.clock:
            elapsed = time.perf_counter() - started
            searching = elapsed - self._searching_from
            mean = searching / self._playouts if self._playouts else 0.0
            return elapsed + mean >= self.seconds * share
        return self._cost >= self.budget * share

    def playout(self, battle: Battle, plan: Plan, rng: Random) -> float:
        """The candidate played in ``battle``: its attack collapsed into its distinct results,
        each played on and scored, weighed by its exact probability (in an endgame search,
        rolled like every later attack: a look-ahead to the battle's end for each result
        would cost several times the budget)."""
        state = battle
        for action in plan.actions:
            state = state.apply(action)
            self.stats.steps += 1
        top = state.frames[-1]
        if (
            not self._to_end
            and isinstance(top, AttackFrame)
            and not top.answers
            and top.stage == AttackStage.RESOLVING
        ):
            return sum(
                float(p) * self.play_on(outcome, Random(rng.random()))
                for outcome, p in attack_outcomes(state)
            )
        return self.play_on(state, rng)

    def _in_time(self) -> None:
        """On the clock, stop the look-ahead (:class:`_OutOfTime`) once the budget is
        passed."""
        if time.perf_counter() >= self._deadline:
            raise _OutOfTime

    def play_on(self, state: Battle, rng: Random) -> float:
        """Play on as the greedy player would (:class:`.rollout.ReplyPlayer`) up to the
        player's next activation (past :attr:`through` of them first, their attacks and the
        replies' before the last stretch rolled), the first attack of another player in the
        last stretch (scored over its results) or the end of the Action Phase (or of the
        battle), and score the position reached: the last one of the Action Phase when the
        phase ends without the battle ending."""
        if self._to_end:
            return self.play_to_the_end(state, rng)
        self._in_time()
        self.replies.start()
        through = self.through
        for _ in range(LOOKAHEAD * (1 + through)):
            node = state.node()
            if isinstance(node, End) or state.phase is not Phase.ACTION:
                break
            top = state.frames[-1]
            if (
                isinstance(node, Turn)
                and node.player == self.seat
                and isinstance(top, ActionPhase)
                and top.stage == ActionPhaseStage.TURNS
            ):
                if not through:
                    break
                through -= 1
            elif (
                not through
                and isinstance(top, AttackFrame)
                and not top.answers
                and top.stage == AttackStage.RESOLVING
            ):
                self._in_time()
                return self._expected(state, top)
            following = state.apply(self._reply(state, rng))
            self.stats.steps += 1
            if following.phase is not Phase.ACTION and following.result is None:
                break
            state = following
        return self.leaf(state)

    def play_to_the_end(self, state: Battle, rng: Random) -> float:
        """In the battle's last round, play on as the greedy player would, every attack
        rolled, to the battle's end, and score its result (:meth:`leaf`); should the
        battle go on into another round (overtime), the last position of this round's
        Action Phase is scored instead."""
        self._in_time()
        self.replies.start()
        round_, last = state.round, state
        for _ in range(LOOKAHEAD * 4):
            if isinstance(state.node(), End):
                break
            if state.phase is Phase.ACTION:
                last = state
            following = state.apply(self._reply(state, rng))
            self.stats.steps += 1
            if following.result is None and following.round != round_:
                break
            state = following
        return self.leaf(state if state.result is not None else last)

    def leaf(self, state: Battle) -> float:
        """What the last position of a look-ahead is worth to the player: the greedy
        evaluation (:mod:`.evaluation`), a battle won or lost worth
        :attr:`~.evaluation.Weights.win` either way, a draw :attr:`draw`; with a fitted
        ``value`` (:attr:`valued`, ``search:SECONDS:value``) that value instead, a draw
        still :attr:`draw` (0 by default, which the fitted value also gives a draw)."""
        if state.result is not None and state.result.winner is None:
            return self.draw
        if self.valued is not None:
            return self.valued(state, self.seat)
        return self.evaluator.value(state, self.seat).total

    def _reply(self, state: Battle, rng: Random) -> Action:
        """The reply policy's next action; on the clock, a greedy decision is not started
        when one as long as the mean so far would pass the budget (:class:`_OutOfTime`).
        With common dice, a roll or a hidden choice drawn is drawn from the stream of its
        :func:`event` in the drawn battle."""
        if self.dice == "common":
            node = state.node()
            if isinstance(node, Chance):
                rng = Random(f"{self._world} {event(state, -1)}")
            elif isinstance(node, Turn) and not plannable(state):
                rng = Random(f"{self._world} {event(state, node.player)}")
        if not self.clock or not plannable(state):
            return self.replies.decide(state, rng)
        before = time.perf_counter()
        if before + self._planning.mean >= self._deadline:
            raise _OutOfTime
        action = self.replies.decide(state, rng)
        self._planning.count += 1
        self._planning.seconds += time.perf_counter() - before
        return action

    def _expected(self, state: Battle, frame: AttackFrame) -> float:
        """A reply's attack, scored over its distinct effects on the table (its aftermath,
        such as knockback, left out)."""
        leaves = attack_leaves(
            state,
            state.fighter(frame.attacker),
            state.fighter(frame.target),
            frame.situation,
            defence_decision(frame.situation).options,
        )
        return sum(float(p) * self.leaf(leaf) for leaf, p in leaves)
