"""The bidding game of an Entropic Engine attack, solved.

Both players put command tokens down face down, the active player first. The passive player
sees how many tokens went down, not which are real; then both are revealed, and each real
token adds 1 to its side's score. With dummy tokens the active player can bluff. What the
result is worth, and what a spent command point costs, are inputs (:class:`Values`); the game
is solved exactly as a signalling game (:mod:`skirmish.engine.signalling`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import partial
from itertools import permutations

from skirmish import limits
from skirmish.engine import Decision, FixedPolicy, Mix, exact, pure
from skirmish.engine.exact import Leaf, probe
from skirmish.engine.signalling import SignallingGame, SignallingSolution, solve_signalling
from skirmish.errors import IllegalChoice, SkirmishError
from skirmish.games.entropic.attack import (
    ATTACK_BID,
    COMPONENT,
    DEFENSE_BID,
    NOTHING,
    Aim,
    AttackResult,
    Bid,
    Outcome,
    Situation,
    Spent,
    attack_back,
    check,
    open_aims,
    resolve_attack,
    spend,
)
from skirmish.progress import Progress

DEFAULT_RESULT_VALUES: Mapping[Outcome, Fraction] = {
    Outcome.FAILED: Fraction(0),
    Outcome.NONE: Fraction(0),
    Outcome.STUNNED: Fraction(1),
    Outcome.DAMAGED: Fraction(3),
    Outcome.DESTROYED: Fraction(6),
    Outcome.ANNIHILATED: Fraction(7),
}
"""What each result is worth to the attacker by default (see docs/advisor.md)."""


@dataclass(frozen=True)
class Values:
    """The payoff of an attack to the attacking player (the defender's is its negative)."""

    results: Mapping[Outcome, Fraction] = field(default_factory=lambda: dict(DEFAULT_RESULT_VALUES))
    attacker_stun: Fraction = Fraction(1)
    """Lost when the attacker gains a stun marker from range."""
    real_token: Fraction = Fraction(1, 2)
    """What spending one command point costs either side."""
    dummy_token: Fraction = Fraction(0)
    """What spending one dummy token costs either side."""

    def of(self, result: AttackResult) -> Fraction:
        """The result's worth, less the tokens the attacker spent, plus those the target
        spent (bids, and a command point for an interrupt), less what the target's attack
        back is worth to the target."""
        value = self.results[result.outcome] - (
            self.attacker_stun if result.attacker_stunned else 0
        )
        value += (
            -self.real_token * result.attack_bid.real
            - self.dummy_token * result.attack_bid.dummy
            + self.real_token * result.defense_bid.real
            + self.dummy_token * result.defense_bid.dummy
        )
        if result.interrupt is not None:
            value += self.real_token
        if result.counter is not None:
            value -= self.of(result.counter)
        return value


def first_option(decision: Decision) -> Mix:
    """The first listed option: interrupts are declined ("stay", "no" come first).

    The part of a composite target is never taken this way: it is chosen (see
    :func:`select_target`) or asked.
    """
    if decision.key.endswith(COMPONENT):
        raise IllegalChoice(
            f"{decision.rule}: no part of the composite target chosen; name one, or let "
            "select_target choose the defender's"
        )
    return pure(decision.options[0])


def scripted(
    attack_bid: Bid, defense_bid: Bid, others: Mapping[str, str] | None = None, prefix: str = ""
) -> FixedPolicy:
    """A policy playing the given bids (of the attack whose keys start with ``prefix``) and
    the choices ``others`` names; any other choice (interrupts included) is its first option."""
    answers = {key: pure(option) for key, option in (others or {}).items()}
    answers |= {
        prefix + ATTACK_BID: pure(attack_bid.text()),
        prefix + DEFENSE_BID: pure(defense_bid.text()),
    }
    return FixedPolicy(answers, fallback=first_option)


def result_of(
    situation: Situation, attack_bid: Bid, defense_bid: Bid, others: Mapping[str, str] | None = None
) -> AttackResult:
    """The (certain) result of the attack with these bids; there are no dice."""
    distribution = exact(
        partial(resolve_attack, situation=situation),
        policy=scripted(attack_bid, defense_bid, others, situation.prefix),
    )
    (result,) = distribution.probabilities
    return result


def bid_table(
    situation: Situation, others: Mapping[str, str] | None = None
) -> dict[tuple[int, int], AttackResult]:
    """The result for every pair of real bids the two consoles allow."""
    attack, defense = _bid_options(situation, others)
    return {
        (a, d): result_of(situation, Bid(a), Bid(d), others)
        for a in sorted({bid.real for bid in attack})
        for d in sorted({bid.real for bid in defense})
    }


def _asked(situation: Situation, key: str, others: Mapping[str, str]) -> Decision:
    """The decision ``key`` as the attack asks it, earlier choices answered by ``others``
    (then their first option)."""
    procedure = partial(resolve_attack, situation=situation)
    policy = FixedPolicy({k: pure(v) for k, v in others.items()}, fallback=first_option)
    path: tuple[int | str, ...] = ()
    while not isinstance(node := probe(procedure, path), Leaf):
        if not isinstance(node, Decision):
            raise SkirmishError("an Entropic Engine attack rolls no dice")
        if node.key == key:
            return node
        (option,) = (o for o, p in policy(node).items() if p)
        path = (*path, option)
    raise SkirmishError(f"{situation.prefix}{key}: the attack ended before it was asked")


def _bid_options(
    situation: Situation, others: Mapping[str, str] | None = None
) -> tuple[list[Bid], list[Bid]]:
    """The bids each side may put down: the attacker's, then the defender's (after a move
    interrupt, the command point it spent is gone)."""
    answers = dict(others or {})
    attack = _asked(situation, situation.prefix + ATTACK_BID, answers)
    answers[situation.prefix + ATTACK_BID] = attack.options[0]
    defense = _asked(situation, situation.prefix + DEFENSE_BID, answers)
    return [Bid.parse(o) for o in attack.options], [Bid.parse(o) for o in defense.options]


@dataclass(frozen=True)
class Target:
    """Select Target, solved: the attack with its aim fixed, and the part of a composite
    target the defender chooses when the attacker names none (Composite Models, EE-13)."""

    situation: Situation
    part: str | None = None

    @property
    def answers(self) -> dict[str, str]:
        """The defender's choice of part, as an answer to the attack's decision."""
        if self.part is None:
            return {}
        return {self.situation.prefix + COMPONENT: self.part}


def select_target(
    situation: Situation, worth: Callable[[Situation, Mapping[str, str]], Fraction]
) -> Target:
    """The attacker's aim (the open aim worth most) and, when it names no part of a composite
    target, the defender's part (worth least to the attacker, given the aim). ``worth`` is
    the attack's value to the attacker with those choices answered; ties go to the first."""
    best: tuple[Fraction, Target] | None = None
    for aim in _aims(situation):
        aimed = replace(situation, aim=aim)
        if situation.target.composite and situation.component is None:
            parts = [Target(aimed, c.name) for c in situation.target.components]
            found = min(((worth(t.situation, t.answers), t) for t in parts), key=_first)
        else:
            found = (worth(aimed, {}), Target(aimed))
        if best is None or found[0] > best[0]:
            best = found
    assert best is not None
    return best[1]


def _aims(situation: Situation) -> tuple[Aim | None, ...]:
    """The aims Select Target weighs: the one given, else every open one."""
    if situation.aim is not None or len(open_aims(situation)) <= 1:
        return (situation.aim,)
    return open_aims(situation)


def _parts(situation: Situation) -> int:
    """The parts of a composite target the defender weighs: every one, unless one is named."""
    if situation.target.composite and situation.component is None:
        return len(situation.target.components)
    return 1


def _first(pair: tuple[Fraction, Target]) -> Fraction:
    return pair[0]


def with_target_selected(
    situation: Situation, values: Values = Values(), others: Mapping[str, str] | None = None
) -> Target:
    """Select Target for a single set of bids (``odds``): the aim and part chosen on the
    result without bids (EE-11, EE-13), other choices answered by ``others``."""
    given = dict(others or {})

    def worth(chosen: Situation, answers: Mapping[str, str]) -> Fraction:
        return values.of(result_of(chosen, Bid(), Bid(), given | dict(answers)))

    return select_target(situation, worth)


def attack_back_by(situation: Situation, values: Values = Values()) -> Situation:
    """The situation with the target's attack back (EE-10) ready; against a composite
    attacker the target names the part its attack back is worth most against."""
    back = attack_back(situation)
    if back.target.composite:
        back = max(
            (replace(back, component=c.name) for c in back.target.components),
            key=lambda s: values.of(result_of(s, Bid(), Bid(), {})),
        )
    return replace(situation, counter=back)


POSITIONS_PER_CELL = 15
"""Positions the exact engine works out for one cell of a bidding game (one attack with its
bids given, a handful of decisions and no dice), in time: each cell also lists every bid
the consoles allow, one position more for every 20 bids."""


def _bids(situation: Situation) -> int:
    attacker, target = situation.attacker, situation.target
    return (attacker.real_tokens + 1) * (attacker.dummy_tokens + 1) + (target.real_tokens + 1) * (
        target.dummy_tokens + 1
    )


def _cells(situation: Situation) -> int:
    attacker, target = situation.attacker, situation.target
    return (attacker.real_tokens + 1) * (attacker.dummy_tokens + 1) * (target.real_tokens + 1)


def _triangle(tokens: int) -> int:
    return (tokens + 1) * (tokens + 2) // 2


def cells(situations: tuple[Situation, ...]) -> int:
    """At most how many cells solving the bidding games of an attack with these weapons
    fills in (exactly how many for one weapon): each weapon's own game for every aim and part
    it may select, then for every order of the weapons the first game and each later one for
    every set of tokens the earlier bids may have left (both players know them: every bid is
    revealed, EE-14)."""
    selecting = sum(_cells(s) * len(_aims(s)) * _parts(s) for s in situations)
    most = max(situations, key=_cells)
    left = (
        _triangle(most.attacker.real_tokens)
        * _triangle(most.attacker.dummy_tokens)
        * _triangle(most.target.real_tokens)
    )
    orders = math.factorial(len(situations))
    per_order = _cells(situations[0]) + (len(situations) - 1) * left
    return selecting + orders * per_order


def positions(situations: tuple[Situation, ...]) -> int:
    """About how many positions solving the bidding games of an attack with these weapons
    works out: :data:`POSITIONS_PER_CELL` (and a few more for many bids) for each of its
    :func:`cells`."""
    per_cell = POSITIONS_PER_CELL + max(_bids(s) for s in situations) // 20
    return per_cell * cells(situations)


def check_work(situations: tuple[Situation, ...]) -> None:
    """Refuse, before any work, bidding games whose solving would pass the budget of
    :data:`~skirmish.limits.POSITIONS`, naming what makes them smaller."""
    limits.WEAPONS.check(len(situations), "weapons in one attack:")
    for situation in situations:
        check(situation)
    needed = positions(situations)
    if needed > limits.POSITIONS:
        raise SkirmishError(
            f"Place Bids: solving the bids of {len(situations)} "
            f"{'weapon' if len(situations) == 1 else 'weapons'} with these tokens takes about "
            f"{needed:,} positions, over the limit of {limits.POSITIONS:,}: put fewer real "
            "or dummy tokens on the consoles, or attack with fewer weapons"
        )


@dataclass(frozen=True)
class BiddingAdvice:
    """The equilibrium of the bidding game and what it rests on."""

    solution: SignallingSolution
    game: SignallingGame
    table: dict[tuple[int, int], AttackResult]
    aim: Aim | None = None
    component: str | None = None
    """The part of a composite target the defender chooses (None when named or simple)."""


def bidding_game(
    situation: Situation,
    values: Values = Values(),
    others: Mapping[str, str] | None = None,
    *,
    progress: Progress | None = None,
) -> BiddingAdvice:
    """Solve the sealed bids: the attacker's mix of (real, dummy), and the defender's real bid
    for each number of tokens it sees go down (its dummies change nothing, EE-9).

    With several open aims and none fixed, the attacker picks the aim whose game is worth
    most; the defender picks the part of a composite target the attacker names none of.
    ``progress`` is told the cells solved so far, out of :func:`cells`.
    """
    check_work((situation,))
    given = dict(others or {})
    solved = _counter(progress)
    target = bidding_target(situation, values, given, solved)
    stage = _stage(target.situation, values, given | target.answers, _nothing_later, solved)
    return BiddingAdvice(stage.solution, stage.game, stage.table, target.situation.aim, target.part)


Later = Callable[[Situation, AttackResult], Fraction]
"""What the rest of a turn is worth to the attacker after this attack and its result."""


def _nothing_later(situation: Situation, result: AttackResult) -> Fraction:
    return Fraction(0)


Solved = Callable[[], None] | None
"""Told after each cell of a bidding table is solved, when anyone listens."""


def _counter(progress: Progress | None) -> Solved:
    """One count of cells solved across every stage of an answer, told to ``progress``."""
    if progress is None:
        return None
    done = itertools.count(1)
    return lambda: progress(next(done))


@dataclass(frozen=True)
class _Stage:
    solution: SignallingSolution
    game: SignallingGame
    table: dict[tuple[int, int], AttackResult]


def _stage(
    situation: Situation,
    values: Values,
    others: Mapping[str, str],
    later: Later,
    solved: Solved = None,
) -> _Stage:
    """One weapon's bidding game, each cell worth its result plus what comes after it."""
    senders, defenses = _bid_options(situation, others)
    responses = sorted({bid.real for bid in defenses})
    payoff = []
    table: dict[tuple[int, int], AttackResult] = {}
    for sender in senders:
        row = []
        for d in responses:
            result = result_of(situation, sender, Bid(d), others)
            table.setdefault((sender.real, d), result)
            row.append(values.of(result) + later(situation, result))
            if solved is not None:
                solved()
        payoff.append(row)
    game = SignallingGame.build(
        senders=[s.text() for s in senders],
        signals=[f"{s.count} down" for s in senders],
        responses=[f"{d} real" for d in responses],
        payoff=payoff,
    )
    return _Stage(solve_signalling(game), game, table)


@dataclass(frozen=True)
class WeaponStage:
    """One later weapon's bidding game, for one state of the consoles it may start from."""

    weapon: str
    attacker_tokens: tuple[int, int]
    """Real and dummy tokens left on the attacker's console."""
    target_tokens: int
    """Real tokens left on the target's console."""
    solution: SignallingSolution


@dataclass(frozen=True)
class WeaponsAdvice:
    """Several weapons: the best order, the first weapon's game and every later game."""

    order: tuple[str, ...]
    value: Fraction
    first: BiddingAdvice
    later: tuple[WeaponStage, ...]
    exact: bool


def weapons_game(
    situations: tuple[Situation, ...],
    values: Values = Values(),
    others: Mapping[str, str] | None = None,
    *,
    progress: Progress | None = None,
) -> WeaponsAdvice:
    """Several weapons' bidding games, one after another (EE-14): every bid is revealed, so
    both players know the tokens left, and each game is solved knowing what the later ones
    are worth with them (backward). Each weapon's aim (and the defender's part) is selected
    first, on its own game; the attacker picks the order worth most. ``progress`` is told
    the cells solved so far, out of at most :func:`cells`."""
    if not situations:
        raise SkirmishError("Select Target: no weapon to attack with")
    check_work(situations)
    given = dict(others or {})
    solved = _counter(progress)
    targets = [bidding_target(s, values, given, solved) for s in situations]
    best: WeaponsAdvice | None = None
    for order in permutations(range(len(targets))):
        advice = _in_order(tuple(targets[i] for i in order), values, given, solved)
        if best is None or advice.value > best.value:
            best = advice
    assert best is not None
    return best


def bidding_target(
    situation: Situation, values: Values, others: Mapping[str, str], solved: Solved = None
) -> Target:
    """Select Target on the bidding game's value (``advise``)."""

    def worth(chosen: Situation, answers: Mapping[str, str]) -> Fraction:
        answered = dict(others) | dict(answers)
        return _stage(chosen, values, answered, _nothing_later, solved).solution.value

    return select_target(situation, worth)


def _in_order(
    targets: tuple[Target, ...], values: Values, others: Mapping[str, str], solved: Solved
) -> WeaponsAdvice:
    stages: dict[tuple[int, Spent, Spent], _Stage] = {}

    def stage(k: int, spent: dict[str, Spent]) -> _Stage:
        target = targets[k]
        s = target.situation
        mine, theirs = spent.get(s.attacker.name, NOTHING), spent.get(s.target.name, NOTHING)
        key = (k, mine, theirs)
        if key not in stages:
            here = replace(s, attacker=mine.left(s.attacker), target=theirs.left(s.target))
            answers = dict(others) | target.answers
            stages[key] = _stage(here, values, answers, after(k, spent), solved)
        return stages[key]

    def after(k: int, spent: dict[str, Spent]) -> Later:
        def worth(situation: Situation, result: AttackResult) -> Fraction:
            if k + 1 == len(targets):
                return Fraction(0)
            now = dict(spent)
            for name, used in spend(situation, result):
                now[name] = now.get(name, NOTHING).plus(used)
            return stage(k + 1, now).solution.value

        return worth

    first = stage(0, {})
    names = [t.situation.attacking_part().weapon(t.situation.weapon).name for t in targets]
    later = tuple(
        WeaponStage(
            names[k],
            (
                targets[k].situation.attacker.real_tokens - mine.real,
                targets[k].situation.attacker.dummy_tokens - mine.dummy,
            ),
            targets[k].situation.target.real_tokens - theirs.real,
            found.solution,
        )
        for (k, mine, theirs), found in sorted(stages.items(), key=lambda item: _order(item[0]))
        if k > 0
    )
    return WeaponsAdvice(
        order=tuple(names),
        value=first.solution.value,
        first=BiddingAdvice(
            first.solution,
            first.game,
            first.table,
            targets[0].situation.aim,
            targets[0].part,
        ),
        later=later,
        exact=first.solution.exact and all(stage.solution.exact for stage in later),
    )


def _order(key: tuple[int, Spent, Spent]) -> tuple[int, int, int, int]:
    k, mine, theirs = key
    return (k, mine.real, mine.dummy, theirs.real)
