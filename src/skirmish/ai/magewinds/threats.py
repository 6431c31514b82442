"""The evaluation's danger and offence, kept between the positions a player weighs.

A computer player scores hundreds of positions at each decision, and most of them differ
from the battle in front of it by one fighter: the one that moves, steps, attacks or is
hit. The best attack one fighter could make at once on another (:meth:`Threats.pair`)
depends only on those two fighters and on the attacks the first may make, so it is kept
by what it reads of the two fighters (where each stands, its profile, damage, action
counters, Guard and the spells on it: not its name, player or status) and the very list
of those attacks: a fighter that moves or is hurt is keyed anew, while the records a
player rebuilds from its view at each decision, equal to the last decision's where
nothing happened to them, find their pairs kept. The lists are kept by the values
:func:`~skirmish.games.magewinds.battle.targets.usable` reads (the fighter's name, profile
and player, the hands and the marks on the battle), so the same list comes back while
none of those changes. The plain path (``fastpaths.plain(GREEDY)``) works every one out
afresh, and the tests compare the two on generated positions and whole battles.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import count
from typing import Protocol

from skirmish.fastpaths import fast, keep
from skirmish.games.magewinds.battle.state import Battle, Fighter
from skirmish.games.magewinds.profiles import AttackProfile

GREEDY = "greedy"
"""The part of the fast paths (:func:`skirmish.fastpaths.fast`) that the greedy player's
own shortcuts belong to: these kept threats, and the planner's (:mod:`.plans`)."""
LEAN = "lean greedy"
"""The part of the fast paths that makes the greedy player leaner without changing a choice
(``fastpaths.plain(LEAN)`` plays the way before it): the attack lists found by the very
hands and marks before any key of their contents is built (:meth:`Threats.armed`), a pair
worked out afresh taking its distance and sight once for all its attacks, and the
evaluation's sight stand-in asked of the evaluator's own table first. (The threats of the
fighters a candidate did not change are found kept by :meth:`Threats.pair` already.)"""
KEYED = "greedy keys once"
"""The part of the fast paths that works out what each fighter's threats are kept by (where
it stands and :func:`fighter_key`, as an attacker and as a target) once for each position
scored, not once for each pair of fighters, and finds each fighter's best attack among the
kept pairs in one loop (:meth:`Threats.best`); ``fastpaths.plain(KEYED)`` asks
:meth:`Threats.pair` pair by pair as before. Both keep a pair by the same values (the
attack list, where each fighter stands and its :func:`fighter_key`), each in its own
shape of key, so each finds only the pairs it kept."""
BY_RECORD = "greedy records kept"
"""The part of the fast paths that keeps, for each fighter record an evaluator meets (by
the very record: the positions a player weighs at one decision share the records of every
fighter a candidate did not change), what a score reads of that fighter alone: its hash,
its material and actions, and what its kept threats are found by (:func:`keyed`), whose
kept attack values a new pair then finds without building their keys again (as do the
Move bound for each end and the attack ranking for each step: the mover's keys are the
same wherever it stands, its targets' the same for every step). A position scored before
(``evaluation.SAME_POSITION``) is found by its fighters' kept hashes and confirmed equal,
and each pair by the attack list and a number standing for each fighter's place and keys
(:meth:`Threats.token`). It works with the kept threats' later parts on (:data:`LEAN`,
:data:`KEYED`, ``evaluation.SAME_POSITION``); ``fastpaths.plain(BY_RECORD)`` works each
out for every position. Both give the very same scores, to the last bit."""
KEPT_PAIRS = 100_000
"""Pairs of fighters kept per evaluator; when full, the store starts again from empty."""
KEPT_ARMED = 20_000
"""Attack lists kept per evaluator; when full, the store starts again from empty."""
KEPT_SAME = 1_000
"""Attack lists kept per evaluator by the very hands and marks (:data:`LEAN`); when full,
the store starts again from empty."""

ArmedList = tuple[AttackProfile, ...]
ArmedKey = tuple[str, str, int, int, tuple[tuple[str, ...], ...], tuple[object, ...]]
FighterKey = tuple[str, int, int, bool, frozenset[str]]
PairKey = tuple[object, ...]
Keyed = tuple[Fighter, object, FighterKey]


class Valuing(Protocol):
    """What :class:`Threats` keeps the answers of: the
    :class:`~skirmish.ai.magewinds.evaluation.Evaluator` (named, not imported: it imports
    this module)."""

    def attacks(self, battle: Battle, fighter: Fighter, player: int) -> tuple[AttackProfile, ...]:
        """The attacks ``fighter`` could make for ``player``."""
        ...

    def pair(
        self,
        attacker: Fighter,
        target: Fighter,
        attacks: tuple[AttackProfile, ...],
        keys: tuple[FighterKey, FighterKey] | None = None,
    ) -> float:
        """The value of the best of ``attacks`` on ``target`` (``keys``: both fighters'
        :func:`fighter_key`, when known)."""
        ...


class Threats:
    """Kept pair values and attack lists for one :class:`Evaluator`."""

    def __init__(self, evaluator: Valuing) -> None:
        self.evaluator = evaluator
        self._pairs: dict[Hashable, tuple[ArmedList, float]] = {}
        self._armed: dict[ArmedKey, ArmedList] = {}
        self._same_armed: dict[tuple[object, ...], tuple[object, object, ArmedList]] = {}
        self._tokens: dict[tuple[object, FighterKey], int] = {}
        self._token_pairs: dict[Hashable, tuple[ArmedList, float]] = {}
        self._issued = count()
        self._by_name: dict[
            tuple[int, int, int], tuple[object, object, dict[str, tuple[str, int, ArmedList]]]
        ] = {}

    def armed(self, battle: Battle, fighter: Fighter, player: int) -> ArmedList:
        """:meth:`attacks` (the very list it gives), found first by the battle's very hands
        and marks: the positions a player weighs at one decision share them, so no key of
        their contents is hashed again (:data:`LEAN`)."""
        hands, marks = battle.hands, battle.marks
        key = (fighter.name, fighter.profile, fighter.player, player, id(hands), id(marks))
        found = self._same_armed.get(key)
        if found is not None and found[0] is hands and found[1] is marks:
            return found[2]
        attacks = self.attacks(battle, fighter, player)
        return keep(self._same_armed, key, (hands, marks, attacks), KEPT_SAME)[2]

    def armed_by_name(
        self, battle: Battle, fighters: tuple[Fighter, ...], player: int
    ) -> dict[str, ArmedList]:
        """:meth:`armed` of each of ``fighters`` (the very lists it gives), by name: found
        by the battle's very hands and marks and ``player`` once for the position, then
        by each fighter's name, profile and player (:data:`BY_RECORD`)."""
        hands, marks = battle.hands, battle.marks
        key = (player, id(hands), id(marks))
        found = self._by_name.get(key)
        if found is None or found[0] is not hands or found[1] is not marks:
            found = keep(self._by_name, key, (hands, marks, {}), KEPT_SAME)
        lists = found[2]
        armed: dict[str, ArmedList] = {}
        for fighter in fighters:
            entry = lists.get(fighter.name)
            if entry is None or entry[0] != fighter.profile or entry[1] != fighter.player:
                attacks = self.armed(battle, fighter, player)
                entry = lists[fighter.name] = (fighter.profile, fighter.player, attacks)
            armed[fighter.name] = entry[2]
        return armed

    def attacks(self, battle: Battle, fighter: Fighter, player: int) -> tuple[AttackProfile, ...]:
        """:meth:`Evaluator.attacks`, kept by everything it reads."""
        key: ArmedKey = (
            fighter.name,
            fighter.profile,
            fighter.player,
            player,
            battle.hands,
            battle.marks,
        )
        found = self._armed.get(key)
        if found is None:
            found = keep(
                self._armed, key, self.evaluator.attacks(battle, fighter, player), KEPT_ARMED
            )
        return found

    def pair(self, attacker: Fighter, target: Fighter, attacks: tuple[AttackProfile, ...]) -> float:
        """The value of the best of ``attacks`` that ``attacker`` could make on ``target``
        (0 when none reaches), kept by what :meth:`Evaluator.pair` reads of the two
        fighters (:func:`pair_key`) and this very attack list."""
        key = pair_key(attacker, target, attacks)
        found = self._pairs.get(key)
        if found is not None and found[0] is attacks:
            return found[1]
        value = self.evaluator.pair(attacker, target, attacks)
        return keep(self._pairs, key, (attacks, value), KEPT_PAIRS)[1]

    def best(
        self, attacker: Keyed, attacks: tuple[AttackProfile, ...], targets: list[Keyed]
    ) -> float:
        """The value of the best of ``attacks`` that the keyed ``attacker`` could make on
        one of the keyed ``targets`` (0 when none reaches): :meth:`pair` for each target,
        with the keys worked out once for the position (:data:`KEYED`)."""
        found_by = [(target, target[1:]) for target in targets]  # where it stands, its key
        return self._best_of(
            attacker, attacker[1:], attacks, found_by, self._pairs, known=fast(BY_RECORD)
        )

    def token(self, at: object, key: FighterKey) -> int:
        """A number standing for where a fighter stands and its :func:`fighter_key`, the
        same for equal values (:data:`BY_RECORD`); never given to other values, even once
        the store of tokens starts again from empty."""
        found = self._tokens.get((at, key))
        if found is None:
            found = keep(self._tokens, (at, key), next(self._issued), KEPT_PAIRS)
        return found

    def by_token(
        self,
        attacker: Keyed,
        token: int,
        attacks: ArmedList,
        targets: list[tuple[Keyed, int]],
    ) -> float:
        """:meth:`best`, each pair found by the attack list and the two fighters' tokens
        (:meth:`token`), three numbers quicker to look up than the keys they stand for
        (:data:`BY_RECORD`)."""
        return self._best_of(attacker, token, attacks, targets, self._token_pairs, known=True)

    def _best_of(
        self,
        attacker: Keyed,
        found_as: Hashable,
        attacks: ArmedList,
        targets: Sequence[tuple[Keyed, Hashable]],
        pairs: dict[Hashable, tuple[ArmedList, float]],
        *,
        known: bool,
    ) -> float:
        """The best value of ``attacks`` by ``attacker`` on one of the keyed ``targets``,
        each pair kept in ``pairs`` by the attack list and what the two fighters are found
        as (``found_as`` for the attacker, beside each target: their places and keys, or
        their tokens); ``known``: the fighters' keys handed to :meth:`Evaluator.pair`."""
        fighter, _, key = attacker
        marked = id(attacks)
        best = 0.0
        first = True
        for (target, _, target_key), target_as in targets:
            found = pairs.get((marked, found_as, target_as))
            if found is not None and found[0] is attacks:
                value = found[1]
            else:
                keys = (key, target_key) if known else None
                value = self.evaluator.pair(fighter, target, attacks, keys)
                keep(pairs, (marked, found_as, target_as), (attacks, value), KEPT_PAIRS)
            if first or value > best:
                best, first = value, False
        return best


def keyed(fighter: Fighter) -> Keyed:
    """A fighter with what its kept pairs are found by: where it stands and
    :func:`fighter_key` (:data:`KEYED`)."""
    return (fighter, fighter.at, fighter_key(fighter))


def pair_key(attacker: Fighter, target: Fighter, attacks: tuple[AttackProfile, ...]) -> PairKey:
    """What the best attack of one fighter on another depends on: where each stands (the
    reach and the sight between them), what the attack's value reads of each
    (:func:`fighter_key`), and the list of attacks (by identity: lists are kept)."""
    return (id(attacks), attacker.at, fighter_key(attacker), target.at, fighter_key(target))


def fighter_key(fighter: Fighter) -> FighterKey:
    """What an attack's value reads of a fighter, wherever it stands: its profile, damage,
    action counters, Guard and the spells on it."""
    return (fighter.profile, fighter.damage, fighter.counters, fighter.guarding, fighter.effects)
