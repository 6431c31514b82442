"""How good a battle position is for one player: the computer players' evaluation.

A score in points of Toughness, from the player's side, made of parts a person can read:

- **material**: each fighter on the battlefield is worth :attr:`Weights.alive`, plus
  :attr:`Weights.health` for each point of Toughness it has left (18.5.3, 4.4);
- **actions**: each action a fighter has left this Action Phase (9.1, 13.0), and Guard
  (13.4);
- **danger** and **offence**: the best attack each fighter that can still act could make
  at once (a step and an attack, 13.1, 18.1) on each enemy: the exact value of the attack
  at the equilibrium of its hidden choices (:mod:`.outlook`), for the enemy's fighters
  (danger) and the player's own (offence), the best ones counting most;
- **approach**: how far each of the player's fighters is from reaching an enemy;
- **objective**: for a scenario with an objective marker (9.4), fighters within its
  control radius now, the sudden-death risk of having none, and the distance to it;
- **hand limit**: in the same scenarios, the cards the scenario adds to the next round's
  hand limit (King of the Hill: fighters within 1" of the objective), a mean card each;
- **round end**: in a scenario won by its objective or treasures, once no other player
  can act again this round, the scenario's verdict at the round's end (a battle won, or
  lost when the player cannot act either);
- **treasure**: in The Prize, Treasure Dash, Treasure Clash and Fragment Frenzy (both
  versions), the objects the player's fighters carry (or have collected) against the most
  any other player has, and how far the player's nearest fighter that may still take one
  is from each object (or fragment marker) still lying free;
- **race**: in the same scenarios, each object (or fragment marker) lying free that the
  player's side would take first, against each that another side would: the sides take
  them in turn as they activate (13.0), each needing the Moves (13.4) of its quickest
  fighter that may still take one, the way round the obstacles; a fighter takes no more
  than it may carry, and the other side, acting next, wins a tie;
- **escape**: in Hold the Line, the Attacker's fighters escaped (worth more than a fighter
  kept, since an escaped fighter leaves the battlefield) and the Attacker's distance to the
  objective edge, for the Attacker and against it for the Defender;
- **storm**: in Battle Royale, the Storm's damage each warband would take where it stands
  at the end of this Action Phase;
- **cards**: the worth of the cards in hand (17.0), and the other players' hands by size.

Sight between fighters here is a quick stand-in (the straight line between the centres
crosses no high obstacle); the attacks a player actually makes are checked by the rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from operator import attrgetter

import shapely
from shapely import LineString, Point

from skirmish.ai.magewinds.outlook import outlook, settled_results
from skirmish.ai.magewinds.threats import (
    BY_RECORD,
    GREEDY,
    KEYED,
    LEAN,
    ArmedList,
    FighterKey,
    Keyed,
    Threats,
    fighter_key,
    keyed,
)
from skirmish.fastpaths import Kept, fast, keep, replaced
from skirmish.games.magewinds.attack import AttackResult, AttackSituation
from skirmish.games.magewinds.battle.abilities.deadeye import attack_refused
from skirmish.games.magewinds.battle.attacks import combatant_of
from skirmish.games.magewinds.battle.fragments import collected
from skirmish.games.magewinds.battle.holdtheline import attacker as hold_attacker
from skirmish.games.magewinds.battle.holdtheline import escaped
from skirmish.games.magewinds.battle.placement import markers
from skirmish.games.magewinds.battle.royale import BATTLE_ROYALE, STORM_DAMAGE, struck
from skirmish.games.magewinds.battle.scenarios import distance_to_objective
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.battle.spells import attacking_as
from skirmish.games.magewinds.battle.state import Battle, Fighter, Phase
from skirmish.games.magewinds.battle.targets import usable
from skirmish.games.magewinds.battle.territory import OPPOSITE, distance_to_edge
from skirmish.games.magewinds.battle.treasure import holdings
from skirmish.games.magewinds.cards import DECK, card_value
from skirmish.games.magewinds.moves import terrain_roadmap
from skirmish.games.magewinds.profiles import AttackProfile, FighterProfile
from skirmish.geometry import BASE_DIAMETER, HeightClass

RADIUS = BASE_DIAMETER / 2
STEP = 1.0
"""13.1: the step move before an attack."""
MAX_COUNTERS = 2
SHORTFALL = 0.25
"""Inches a Move toward an object is expected to fall short of the fighter's Movement: the
ends a Move is offered (ruling MB-6) are representative, and bases stand in the way."""
MEAN_CARD = sum(card_value(c) for c in DECK) / len(DECK)


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights, in points of Toughness."""

    alive: float = 6.0
    health: float = 1.0
    action: float = 0.75
    """What an action is worth: the advisor's tempo value (docs/advisor.md)."""
    guard: float = 0.4
    danger: tuple[float, ...] = (0.8, 0.4, 0.2, 0.1)
    offence: tuple[float, ...] = (0.45, 0.2, 0.1, 0.05)
    approach: float = 0.1
    hold: float = 5.0
    sudden_death: float = 12.0
    toward_objective: float = 0.35
    treasure: float = 8.0
    """An object carried or collected (more than a fighter's Toughness: worth a risk)."""
    toward_treasure: float = 0.2
    race: float = 1.5
    """An object lying free that the player's side would take first (a fifth of one held:
    it is not held yet and may be fought for, and picking up one in reach always pays)."""
    escape: float = 16.0
    """A fighter escaped in Hold the Line: more than a fighter kept (alive and health)."""
    card: float = 0.25
    win: float = 60.0
    """A battle won (or lost, negated); a draw is worth nothing."""


@dataclass(frozen=True)
class Score:
    """A position's value to one player, and the parts it is made of."""

    total: float
    parts: tuple[tuple[str, float], ...] = ()

    def part(self, name: str) -> float:
        return dict(self.parts).get(name, 0.0)


KEPT_GAINS = 200_000
"""Attack values kept in memory (shared by every evaluator of a process, by value: the
weights, both profiles and what the attack reads of each fighter); when full, the store
starts again from empty. Each evaluator keeps its own by names in front of it."""
_GAINS: dict[
    tuple[Weights, FighterProfile, FighterKey, FighterProfile, FighterKey, AttackProfile], float
] = {}


TERRAIN = "evaluation terrain"
"""The part of the fast paths (:func:`skirmish.fastpaths.fast`) that keeps the evaluation's
answers about the terrain alone, each a pure function of the battlefield and two points:
the way round the obstacles (:meth:`Evaluator.way`) and whether the straight line between
two centres crosses a high obstacle (:meth:`Evaluator.clear`). They are kept by the very
battlefield and the two points, shared by every evaluator of a process (both players and
the search's replies ask about the same fighters); the plain path works each out afresh."""
MoveBound = Callable[[tuple[float, float]], float]
"""A bound on the value of a position by where one fighter Moves (:meth:`Evaluator.move_bound`)."""
SAME_POSITION = "greedy same position"
"""The part of the fast paths that keeps each evaluator's scores by position: the player and
the fighters' records (hashed), and every other field of the battle but its log (compared,
the very objects at once: the positions a player weighs at one decision share them). The
candidates of one decision often reach one position twice (an attack's miss, and the step
before it scored alone, change the same counter); ``fastpaths.plain(SAME_POSITION)`` scores
every one afresh."""
KEPT_RECORDS = 50_000
"""Fighter records kept per evaluator (:data:`BY_RECORD`); when full, the store starts
again from empty."""
Terms = tuple[Fighter, float, float, Keyed, int]
"""What a score reads of one fighter on the battlefield alone (:data:`BY_RECORD`): the
record, its material, its actions, its keys and their token (:meth:`Threats.token`)."""
KEPT_POSITIONS = 20_000
"""Scores kept per evaluator (:data:`SAME_POSITION`); when full, the store starts again."""
_REST = attrgetter(
    *(f.name for f in fields(Battle) if f.compare and f.name not in ("fighters", "log"))
)
"""Every field of a battle that is part of its value, but its fighters and log, as one
tuple."""
KEPT_TERRAIN = 200_000
"""Answers kept by each of the terrain memos; when full, a memo starts again from empty."""
_WAYS: Kept[float] = Kept("ways round the terrain", KEPT_TERRAIN)
_SIGHT: Kept[bool] = Kept("clear of high terrain", KEPT_TERRAIN)


@dataclass
class Evaluator:
    """Scores positions of battles of one ``setup`` (it keeps what it works out)."""

    setup: Setup
    weights: Weights = field(default_factory=Weights)
    _gains: dict[tuple[FighterKey, FighterKey, str], float] = field(default_factory=dict)
    """Attack values by names (quick to look up), in front of the store by value."""
    _clear: dict[tuple[tuple[float, float], tuple[float, float]], bool] = field(
        default_factory=dict
    )
    """Sight stand-ins on this evaluator's own table (:data:`LEAN`), in front of the
    process's store kept by the battlefield."""
    _positions: dict[tuple[int, tuple[Fighter, ...]], tuple[tuple[object, ...], Score]] = field(
        default_factory=dict
    )
    """Scores by player and fighters, with the rest of the position they were given for
    (:data:`SAME_POSITION`)."""
    _hashed: dict[
        tuple[int, tuple[int, ...]], tuple[tuple[Fighter, ...], tuple[object, ...], Score]
    ] = field(default_factory=dict)
    """Scores by player and the fighters' hashes, with the fighters and the rest of the
    position they were given for (:data:`BY_RECORD`)."""
    _hashes: dict[int, tuple[Fighter, int]] = field(default_factory=dict)
    """Each fighter record's hash, by the very record (:data:`BY_RECORD`)."""
    _terms: dict[int, Terms] = field(default_factory=dict)
    """What a score reads of each fighter record alone, by the very record
    (:data:`BY_RECORD`)."""

    def __post_init__(self) -> None:
        self._threats = Threats(self)
        high = [
            t.footprint
            for t in self.setup.table.field.terrain
            if t.height_class is HeightClass.HIGH
        ]
        self._high = shapely.union_all(high) if high else None
        if self._high is not None:
            shapely.prepare(self._high)

    # -- the parts -------------------------------------------------------------------------

    def value(self, battle: Battle, player: int) -> Score:
        """How good ``battle`` is for ``player``. On the fast path (:data:`SAME_POSITION`)
        a position scored before by this evaluator (equal in every field the battle has,
        its log aside) is answered with the score it was given."""
        if not (fast(SAME_POSITION) and fast(GREEDY) and battle.setup is self.setup):
            return self._value(battle, player)
        if fast(BY_RECORD) and fast(LEAN) and fast(KEYED):
            return self._recorded_value(battle, player)
        key = (player, battle.fighters)
        rest = _REST(battle)
        found = self._positions.get(key)
        if found is not None and found[0] == rest:
            return found[1]
        return keep(self._positions, key, (rest, self._value(battle, player)), KEPT_POSITIONS)[1]

    def _recorded_value(self, battle: Battle, player: int) -> Score:
        """:meth:`value` with the fighters' records kept (:data:`BY_RECORD`): a position
        scored before is found by its fighters' kept hashes, and confirmed equal."""
        hashes = self._hashes
        found_hashes: list[int] = []
        for fighter in battle.fighters:
            entry = hashes.get(id(fighter))
            if entry is None or entry[0] is not fighter:
                entry = keep(hashes, id(fighter), (fighter, hash(fighter)), KEPT_RECORDS)
            found_hashes.append(entry[1])
        key = (player, tuple(found_hashes))
        rest = _REST(battle)
        found = self._hashed.get(key)
        if found is not None and found[1] == rest and found[0] == battle.fighters:
            return found[2]
        score = self._value(battle, player, recorded=True)
        return keep(self._hashed, key, (battle.fighters, rest, score), KEPT_POSITIONS)[2]

    def _terms_of(self, fighter: Fighter) -> Terms:
        """What a score reads of ``fighter`` alone, kept by the very record
        (:data:`BY_RECORD`)."""
        terms = self._terms.get(id(fighter))
        if terms is None or terms[0] is not fighter:
            keys = keyed(fighter)
            token = self._threats.token(keys[1], keys[2])
            material, actions = self._material(fighter), self._actions(fighter)
            terms = keep(
                self._terms, id(fighter), (fighter, material, actions, keys, token), KEPT_RECORDS
            )
        return terms

    def _value(self, battle: Battle, player: int, *, recorded: bool = False) -> Score:
        """:meth:`value` worked out (``recorded``: with what each fighter's record alone
        gives kept, :data:`BY_RECORD`)."""
        w = self.weights
        if battle.result is not None:
            winner = battle.result.winner
            won = 0.0 if winner is None else w.win if winner == player else -w.win
            return Score(won, (("result", won),))
        parts: dict[str, float] = {}
        acting = battle.phase is Phase.ACTION
        as_targets: dict[str, Keyed] | None = None
        tokens: dict[str, int] | None = None
        armed: dict[str, ArmedList] | None = None
        if recorded:
            mine: list[Fighter] = []
            theirs: list[Fighter] = []
            for f in battle.fighters:
                if f.on_battlefield:
                    (mine if f.player == player else theirs).append(f)
            ours = [self._terms_of(f) for f in mine]
            against = [self._terms_of(f) for f in theirs]
            parts["material"] = sum([t[1] for t in ours]) - sum([t[1] for t in against])
            if acting:
                parts["actions"] = sum([t[2] for t in ours]) - sum([t[2] for t in against])
            as_targets = {t[0].name: t[3] for t in (*ours, *against)}
            tokens = {t[0].name: t[4] for t in (*ours, *against)}
            armed = self._threats.armed_by_name(battle, (*mine, *theirs), player)
        else:
            mine = [f for f in battle.on_battlefield() if f.player == player]
            theirs = [f for f in battle.on_battlefield() if f.player != player]
            parts["material"] = sum(self._material(f) for f in mine) - sum(
                self._material(f) for f in theirs
            )
            if acting:
                parts["actions"] = sum(self._actions(f) for f in mine) - sum(
                    self._actions(f) for f in theirs
                )
        # On the fast path the attack lists and pair values are the ones kept by .threats
        # (on the lean path, LEAN, the lists found by the very hands and marks first); on
        # the plain path every one is worked out afresh.
        kept = fast(GREEDY) and battle.setup is self.setup
        lean = kept and fast(LEAN)
        attacks = self._threats.armed if lean else self._threats.attacks if kept else self.attacks
        pair = self._threats.pair if kept else self.pair
        if armed is None:
            armed = {f.name: attacks(battle, f, player) for f in (*mine, *theirs)}
        if lean and fast(KEYED):
            danger, offence = self._keyed_threats(
                battle, mine, theirs, acting, armed, as_targets, tokens
            )
        else:
            danger = [
                self._best(attacking_as(battle, e), mine, acting, armed[e.name], pair)
                for e in theirs
            ]
            offence = [
                self._best(attacking_as(battle, m), theirs, acting, armed[m.name], pair)
                for m in mine
            ]
        gaps = [self._gap_to_reach(m, theirs, armed[m.name]) for m in mine]
        parts["danger"] = -_weighted(danger, w.danger)
        parts["offence"] = _weighted(offence, w.offence)
        parts["approach"] = -w.approach * sum(gaps)
        scenario = battle.setup.scenario
        if scenario.objective:
            parts["objective"] = self._objective(battle, mine, theirs)
            parts["hand limit"] = self._hand_limit(battle, player)
        if acting and (scenario.objective or scenario.treasures is not None):
            parts["round end"] = self._round_end(battle, player, mine, theirs)
        if scenario.treasures is not None or scenario.collect or scenario.markers:
            parts["treasure"] = self._treasure(battle, mine, player)
            parts["race"] = self._race(battle, mine, theirs)
        if scenario.escape and battle.first is not None:
            parts["escape"] = self._escape(battle, player)
        if scenario.id == BATTLE_ROYALE.id and battle.phase is Phase.ACTION:
            parts["storm"] = self._storm(battle, mine, theirs)
        if battle.phase in (Phase.CHANNELLING, Phase.ACTION, Phase.DEPLOYMENT):
            others = sum(len(h) for p, h in enumerate(battle.hands) if p != player)
            parts["cards"] = w.card * (
                sum(card_value(c) for c in battle.hands[player]) - MEAN_CARD * others
            )
        return Score(sum(parts.values()), tuple(parts.items()))

    def move_bound(self, battle: Battle, player: int, name: str) -> MoveBound | None:
        """For ``battle`` (an Action Phase position of ``player``'s, with the fighter
        ``name`` about to Move and its action already counted), a function giving for each
        point a value that :meth:`value` of the battle with that fighter moved there cannot
        exceed; None where no such bound is known (a scenario part or an aura that reads
        where the fighter stands, a negative weight, or the fast paths of the kept threats
        off).

        Only the danger, offence and approach read where the mover stands; the other parts
        are the same wherever it goes. Every enemy's danger is at least its best attack on
        the player's other fighters; the mover's offence is at most its best attack value
        on the enemies in reach, sight aside; the mover's approach is exact. The parts are summed
        in :meth:`value`'s order, and float sums and the ranked weighting (non-negative
        weights) never decrease when a term grows, so the bound holds to the last bit."""
        w = self.weights
        scenario = battle.setup.scenario
        if (
            battle.result is not None
            or battle.phase is not Phase.ACTION
            or battle.auras
            or scenario.objective
            or scenario.treasures is not None
            or scenario.collect
            or scenario.markers
            or scenario.escape
            or scenario.id == BATTLE_ROYALE.id
            or min(w.danger + w.offence + (w.approach,)) < 0
            or not (fast(GREEDY) and fast(LEAN) and battle.setup is self.setup)
        ):
            return None
        mine = [f for f in battle.on_battlefield() if f.player == player]
        theirs = [f for f in battle.on_battlefield() if f.player != player]
        mover = next((f for f in mine if f.name == name), None)
        if mover is None or mover.at is None or battle.fighter(name) is not mover:
            return None
        armed = {f.name: self._threats.armed(battle, f, player) for f in (*mine, *theirs)}
        others = [f for f in mine if f.name != name]
        pair = self._threats.pair
        danger = [self._best(e, others, True, armed[e.name], pair) for e in theirs]
        offence = [
            0.0 if m is mover else self._best(m, theirs, True, armed[m.name], pair) for m in mine
        ]
        parts = dict(self.value(battle, player).parts)
        parts["danger"] = -_weighted(danger, w.danger)
        gaps = [self._gap_to_reach(m, theirs, armed[m.name]) for m in mine]
        index = mine.index(mover)
        # the mover's keys wherever it stands, and its targets' (BY_RECORD)
        keys = (fighter_key(mover), [fighter_key(t) for t in theirs]) if fast(BY_RECORD) else None

        def bound(where: tuple[float, float]) -> float:
            there = replaced(mover, at=where)
            offence[index] = self._most(there, theirs, armed[name], keys)
            parts["offence"] = _weighted(offence, w.offence)
            gaps[index] = self._gap_to_reach(there, theirs, armed[name])
            parts["approach"] = -w.approach * sum(gaps)
            return sum(parts.values())

        return bound

    def _most(
        self,
        attacker: Fighter,
        targets: list[Fighter],
        attacks: ArmedList,
        keys: tuple[FighterKey, list[FighterKey]] | None = None,
    ) -> float:
        """At least :meth:`_best` of ``attacker`` on ``targets`` (acting): the value of its
        best attack on any of them in reach (as :meth:`pair` reckons it), sight aside
        (``keys``: the attacker's :func:`fighter_key` and each target's, when built)."""
        if attacker.counters >= MAX_COUNTERS or attacker.at is None:
            return 0.0
        best = 0.0
        for index, target in enumerate(targets):
            if target.at is None:
                continue
            gap = math.dist(attacker.at, target.at) - 2 * RADIUS
            pair = None if keys is None else (keys[0], keys[1][index])
            for attack in attacks:
                if gap > attack.maximum_range + STEP or gap < attack.minimum_range - STEP:
                    continue
                best = max(best, self.gain(attacker, target, attack, pair))
        return best

    def _material(self, fighter: Fighter) -> float:
        toughness = self.setup.profile(fighter.profile).toughness
        left = toughness - fighter.damage - (1 if fighter.poisoned else 0)
        return self.weights.alive + self.weights.health * max(0, left)

    def _actions(self, fighter: Fighter) -> float:
        w = self.weights
        return w.action * (MAX_COUNTERS - fighter.counters) + (w.guard if fighter.guarding else 0)

    def _objective(self, battle: Battle, mine: list[Fighter], theirs: list[Fighter]) -> float:
        w = self.weights
        radius = battle.setup.scenario.control_radius

        def near(fighters: list[Fighter]) -> list[float]:
            return [distance_to_objective(battle, f.at) for f in fighters if f.at is not None]

        ours, others = near(mine), near(theirs)
        holding = sum(1 for d in ours if d <= radius)
        against = sum(1 for d in others if d <= radius)
        value = w.hold * (holding - against)
        if holding == 0 and against:
            value -= w.sudden_death
        elif against == 0 and holding:
            value += w.sudden_death
        value -= w.toward_objective * sum(max(0.0, d - radius) for d in ours)
        return value

    def _hand_limit(self, battle: Battle, player: int) -> float:
        """The cards the scenario adds to the hand limit at the next Channelling Phase
        (12.0; King of the Hill: one for each fighter within 1" of the objective), worth a
        mean card each, against the most any other player gets; nothing in the last round,
        after which no cards are drawn."""
        bonus = battle.setup.scenario.hand_limit_bonus
        last = battle.setup.options.round_limit(battle.setup.scenario)
        if battle.round >= last:
            return 0.0
        extra = [bonus(battle, p)[0] for p in range(battle.players)]
        others = max((e for p, e in enumerate(extra) if p != player), default=0)
        return self.weights.card * MEAN_CARD * (extra[player] - others)

    def _round_end(
        self, battle: Battle, player: int, mine: list[Fighter], theirs: list[Fighter]
    ) -> float:
        """The end of the round, in a scenario won by its objective or its treasures, when
        the side the scenario's verdict at the round's end favours (King of the Hill's
        sudden death and its count after the last round; Treasure Dash's count after the
        round limit) can no longer be stopped (13.0: a player with no fighter left to
        activate passes). A win counts when it is the player's (its own
        activations left cannot lose it: each may Guard where it stands) and no enemy can
        act; a loss when it is another player's and the player cannot act (the winner keeps
        it the same way); nothing while it is still open."""
        end = battle.setup.scenario.end_of_round(battle)
        if end is None or end.winner is None:
            return 0.0
        if end.winner == player:
            spent = all(f.counters >= MAX_COUNTERS for f in theirs)
            return self.weights.win if spent else 0.0
        spent = all(f.counters >= MAX_COUNTERS for f in mine)
        return -self.weights.win if spent else 0.0

    def _treasure(self, battle: Battle, mine: list[Fighter], player: int) -> float:
        """Objects held (carried, or collected in Fragment Frenzy) against the most another
        player holds, and the way to the objects still lying free (or Fragment Frenzy
        v1.3.0's fragment markers) from the nearest of the player's fighters that may take
        one: a fighter already carrying the most a fighter may carry (Treasure Dash and
        Clash: one) takes no more."""
        w = self.weights
        scenario = battle.setup.scenario
        counted = scenario.collect or scenario.markers
        held = collected(battle) if counted else holdings(battle)
        others = max((n for p, n in enumerate(held) if p != player), default=0)
        value = w.treasure * (held[player] - others)
        placed = [f.at for f in _takers(battle, mine) if f.at is not None]
        if not placed:
            return value
        for where, touching in _lying_free(battle):
            gap = min(math.dist(at, where) for at in placed) - touching
            value -= w.toward_treasure * max(0.0, gap)
        return value

    def _race(self, battle: Battle, mine: list[Fighter], theirs: list[Fighter]) -> float:
        """The objects (or fragment markers) lying free that the player's side would take
        first, less those another side would, each worth :attr:`Weights.race`.

        The sides take them in turn, as they activate (13.0): each side's next object is
        the one its fighters that may still take one reach in the fewest of its
        activations (:meth:`_needs`), the one the other side could reach soonest first
        among equals (a person takes the contested object before the safe one); the side
        whose activations so far plus those reach it sooner takes it. A fighter takes no
        more than the scenario lets it carry (Treasure Dash and Clash: one). The position
        is scored for the player who has just acted, so another side acts next and wins a
        tie."""
        free = _lying_free(battle)
        if not free:
            return 0.0
        acting = battle.phase is Phase.ACTION
        needs = (self._needs(battle, mine, free, acting), self._needs(battle, theirs, free, acting))
        most = battle.setup.scenario.carry_most
        room = [
            {f: len(free) if most is None else most - len(f.carrying) for f in side}
            for side in (_takers(battle, mine), _takers(battle, theirs))
        ]
        spent = [0, 0]
        taken = [0, 0]
        left = set(range(len(free)))

        reaching: tuple[dict[int, list[tuple[Fighter, float]]], ...] = ({}, {})
        for side in (0, 1):
            for (f, i), n in needs[side].items():
                reaching[side].setdefault(i, []).append((f, n))

        def soonest(side: int, item: int) -> float:
            return min(
                (n for f, n in reaching[side].get(item, ()) if room[side][f] > 0),
                default=math.inf,
            )

        while left:
            best: list[tuple[float, float, Fighter, int] | None] = [None, None]
            for side in (0, 1):
                options = [
                    (n, soonest(1 - side, i), f, i)
                    for (f, i), n in needs[side].items()
                    if i in left and room[side][f] > 0
                ]
                if options:
                    best[side] = min(options, key=lambda o: (o[0], o[1], free[o[3]][0]))
            when = [math.inf if b is None else spent[s] + b[0] for s, b in enumerate(best)]
            if when[0] == when[1] == math.inf:
                break
            side = 0 if when[0] < when[1] else 1
            chosen = best[side]
            assert chosen is not None
            need, _, fighter, item = chosen
            spent[side] += int(need)
            room[side][fighter] -= 1
            taken[side] += 1
            left.discard(item)
        return self.weights.race * (taken[0] - taken[1])

    def _needs(
        self,
        battle: Battle,
        side: list[Fighter],
        free: list[tuple[tuple[float, float], float]],
        acting: bool,
    ) -> dict[tuple[Fighter, int], float]:
        """How many of its side's activations each fighter of ``side`` that may still take
        an object needs to touch each of ``free``: a Move (13.4) for each stretch of its way
        round the obstacles (:meth:`way`) as long as its Movement (less the scenario's
        carrying penalty, and :data:`SHORTFALL`), at least one (an object in contact is
        picked up as a Move begins, 19.1); past the fighter's own activations left this
        Action Phase (13.0), its side's others come first."""
        penalty = battle.setup.scenario.carry_penalty
        left = {f.name: MAX_COUNTERS - f.counters if acting else MAX_COUNTERS for f in side}
        total = sum(left.values())
        needs: dict[tuple[Fighter, int], float] = {}
        for fighter in _takers(battle, side):
            movement = self.setup.profile(fighter.profile).movement
            movement -= penalty if penalty and fighter.carrying else 0
            if fighter.at is None or movement <= SHORTFALL:
                continue
            own = left[fighter.name]
            for item, (where, touching) in enumerate(free):
                gap = max(0.0, self.way(fighter.at, where) - touching)
                moves = max(1, math.ceil(gap / (movement - SHORTFALL) - 1e-9))
                needs[fighter, item] = moves if moves <= own else total + moves - own
        return needs

    def way(self, start: tuple[float, float], goal: tuple[float, float]) -> float:
        """How far a base's centre travels from ``start`` to ``goal`` round the medium and
        high obstacles and within the table (15.0; other bases are left out, as they move);
        the straight line when no such way is found."""
        field = self.setup.table.field

        def walked() -> float:
            route = terrain_roadmap(field).shortest_path(Point(start), Point(goal))
            return math.dist(start, goal) if route is None else LineString(route).length

        if not fast(TERRAIN):
            return walked()
        return _WAYS.get(field, walked, start, goal)

    def _escape(self, battle: Battle, player: int) -> float:
        """Hold the Line: the Attacker's fighters escaped and the Attacker's way to the
        objective edge, for the Attacker (against it for the Defender)."""
        w = self.weights
        side = hold_attacker(battle)
        edge = OPPOSITE[battle.territories[side]]
        width = battle.setup.table.width
        runners = [f for f in battle.on_battlefield(side) if f.at is not None]
        value = w.escape * escaped(battle, side) - w.toward_objective * sum(
            distance_to_edge(edge, width, f.at) for f in runners if f.at is not None
        )
        return value if player == side else -value

    def _storm(self, battle: Battle, mine: list[Fighter], theirs: list[Fighter]) -> float:
        """Battle Royale: the Storm's damage to the fighters where they stand, as Toughness
        lost, against the player and for it on the enemies."""
        w = self.weights

        def hurt(fighters: list[Fighter]) -> float:
            return sum(
                w.health * STORM_DAMAGE for f in fighters if f.at is not None and struck(battle, f)
            )

        return hurt(theirs) - hurt(mine)

    # -- attacks ---------------------------------------------------------------------------

    def _best(
        self,
        attacker: Fighter,
        targets: list[Fighter],
        acting: bool,
        attacks: tuple[AttackProfile, ...],
        pair: Callable[[Fighter, Fighter, tuple[AttackProfile, ...]], float],
    ) -> float:
        """The value of the best of ``attacks`` that ``attacker`` could make at once on one
        of ``targets`` (0 when it has no action left this Action Phase, or no target in
        reach), each target's by ``pair`` (:meth:`pair`, or its kept value)."""
        if acting and attacker.counters >= MAX_COUNTERS:
            return 0.0
        return max((pair(attacker, t, attacks) for t in targets), default=0.0)

    def _keyed_threats(
        self,
        battle: Battle,
        mine: list[Fighter],
        theirs: list[Fighter],
        acting: bool,
        armed: dict[str, tuple[AttackProfile, ...]],
        as_targets: dict[str, Keyed] | None = None,
        tokens: dict[str, int] | None = None,
    ) -> tuple[list[float], list[float]]:
        """The danger (each enemy's best attack on the player's fighters) and offence (each
        of the player's fighters' best attack on the enemies) of :meth:`value`, as
        :meth:`_best` gives them from the kept pairs, each fighter keyed once as an
        attacker and once as a target (:data:`KEYED`; ``as_targets``: those keys, and
        ``tokens`` theirs, when kept, :data:`BY_RECORD`: the pairs are then found by the
        two tokens, :meth:`Threats.by_token`)."""
        threats = self._threats
        if as_targets is not None and tokens is not None:
            kept = as_targets
            named = tokens
            listed = (
                [(kept[f.name], named[f.name]) for f in mine],
                [(kept[f.name], named[f.name]) for f in theirs],
            )

            def by_token(fighter: Fighter, against: list[tuple[Keyed, int]]) -> float:
                attacker = attacking_as(battle, fighter)
                if acting and attacker.counters >= MAX_COUNTERS:
                    return 0.0
                if attacker is fighter:
                    keys, token = kept[fighter.name], named[fighter.name]
                else:
                    keys = keyed(attacker)
                    token = threats.token(keys[1], keys[2])
                return threats.by_token(keys, token, armed[fighter.name], against)

            return [by_token(e, listed[0]) for e in theirs], [by_token(m, listed[1]) for m in mine]
        if as_targets is None:
            as_targets = {f.name: keyed(f) for f in (*mine, *theirs)}
        targets = ([as_targets[f.name] for f in mine], [as_targets[f.name] for f in theirs])

        def best(fighter: Fighter, against: list[Keyed]) -> float:
            attacker = attacking_as(battle, fighter)
            if acting and attacker.counters >= MAX_COUNTERS:
                return 0.0
            keys = as_targets[fighter.name] if attacker is fighter else keyed(attacker)
            return threats.best(keys, armed[fighter.name], against)

        return [best(e, targets[0]) for e in theirs], [best(m, targets[1]) for m in mine]

    def pair(
        self,
        attacker: Fighter,
        target: Fighter,
        attacks: Iterable[AttackProfile],
        keys: tuple[FighterKey, FighterKey] | None = None,
    ) -> float:
        """The value of the best of ``attacks`` that ``attacker`` could make at once on
        ``target`` (0 when none reaches). On the lean path (:data:`LEAN`) the distance
        and the sight stand-in are worked out once for the pair, not once an attack
        (``keys``: both fighters' :func:`fighter_key`, when known, :data:`BY_RECORD`)."""
        best = 0.0
        if fast(LEAN):
            if attacker.at is None or target.at is None:
                return best
            gap = math.dist(attacker.at, target.at) - 2 * RADIUS
            seen: bool | None = "third_eye" in attacker.effects or None
            for attack in attacks:
                if gap > attack.maximum_range + STEP or gap < attack.minimum_range - STEP:
                    continue
                if seen is None:
                    seen = self.clear(attacker.at, target.at)
                if seen:
                    if keys is None:
                        best = max(best, self.gain(attacker, target, attack))
                    else:  # known only on the fast path (BY_RECORD)
                        near = (keys[0], keys[1], attack.name)
                        best = max(best, self._kept_gain(attacker, target, attack, near))
            return best
        for attack in attacks:
            if self.reaches(attacker, target, attack):
                best = max(best, self.gain(attacker, target, attack))
        return best

    def attacks(self, battle: Battle, fighter: Fighter, player: int) -> tuple[AttackProfile, ...]:
        """The attacks of one of ``player``'s fighters that ``player`` can pay for; for
        another player's fighter (whose hand is not seen), its attack spells count when that
        player holds any card."""
        if fighter.player == player:
            return tuple(a for a, _ in usable(battle, fighter))
        paying = bool(battle.hands[fighter.player])
        profile = self.setup.profile(fighter.profile)
        return tuple(
            a
            for a in profile.attacks
            if not attack_refused(battle, fighter, a) and (paying or not (a.spell and a.cost))
        )

    def reaches(self, attacker: Fighter, target: Fighter, attack: AttackProfile) -> bool:
        """Whether ``attacker`` could attack ``target`` after a step (13.1, 18.1)."""
        if attacker.at is None or target.at is None:
            return False
        gap = math.dist(attacker.at, target.at) - 2 * RADIUS
        if gap > attack.maximum_range + STEP or gap < attack.minimum_range - STEP:
            return False
        return "third_eye" in attacker.effects or self.clear(attacker.at, target.at)

    def clear(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        """The straight line between two centres crosses no high obstacle (a quick
        stand-in for sight, 16.0)."""
        if self._high is None:
            return True
        high = self._high
        ends = (a, b) if a <= b else (b, a)

        def looked() -> bool:
            return not bool(high.intersects(LineString(ends)))

        if not fast(TERRAIN):
            return looked()
        if not fast(LEAN):
            return _SIGHT.get(self.setup.table.field, looked, *ends)
        found = self._clear.get(ends)
        if found is None:
            found = keep(
                self._clear, ends, _SIGHT.get(self.setup.table.field, looked, *ends), KEPT_TERRAIN
            )
        return found

    def gain(
        self,
        attacker: Fighter,
        target: Fighter,
        attack: AttackProfile,
        keys: tuple[FighterKey, FighterKey] | None = None,
    ) -> float:
        """The expected value of the attack to the attacker's side, both players choosing at
        the equilibrium (no cover, Dodge possible); ``keys``: both fighters'
        :func:`fighter_key`, when already built (:data:`BY_RECORD`)."""
        if not fast():
            return self.attack_gain(self._situation(attacker, target, attack))
        if keys is None:
            keys = (fighter_key(attacker), fighter_key(target))
        return self._kept_gain(attacker, target, attack, (keys[0], keys[1], attack.name))

    def _kept_gain(
        self,
        attacker: Fighter,
        target: Fighter,
        attack: AttackProfile,
        near: tuple[FighterKey, FighterKey, str],
    ) -> float:
        """:meth:`gain` on the fast path, ``near`` its key by names."""
        found = self._gains.get(near)
        if found is None:
            profile = self.setup.profile
            key = (
                self.weights,
                profile(attacker.profile),
                near[0],
                profile(target.profile),
                near[1],
                attack,
            )
            found = _GAINS.get(key)
            if found is None:
                gained = self.attack_gain(self._situation(attacker, target, attack))
                found = keep(_GAINS, key, gained, KEPT_GAINS)
            keep(self._gains, near, found, KEPT_GAINS)
        return found

    def _situation(
        self, attacker: Fighter, target: Fighter, attack: AttackProfile
    ) -> AttackSituation:
        """The attack as the battle's own procedure would see it (:func:`combatant_of`):
        ``attacker`` as it attacks (:func:`attacking_as`, White-Hot Weapons among its
        effects when it reaches it), no cover, Dodge possible."""
        return AttackSituation(
            attacker=combatant_of(self.setup, attacker, attacking=True),
            target=combatant_of(self.setup, target, attacking=False),
            attack=attack,
        )

    def attack_gain(self, situation: AttackSituation) -> float:
        """The expected value of the attack to the attacker's side (its outlook)."""
        results = settled_results(outlook(situation), situation)
        return sum(float(p) * self.swing(situation, r) for r, p in results)

    def swing(self, situation: AttackSituation, result: AttackResult) -> float:
        """What one result is worth to the attacker's side: damage and take-downs on both
        sides, and the target's action spent on its reaction."""
        w = self.weights
        target_health = situation.target.profile.toughness - situation.target.damage
        dealt = min(result.damage, target_health)
        value = w.health * dealt + (w.alive if result.taken_down else 0.0)
        attacker_health = situation.attacker.profile.toughness - situation.attacker.damage
        value -= w.health * min(result.attacker_damage, attacker_health)
        value -= w.alive if result.attacker_taken_down else 0.0
        if not result.taken_down:
            value += w.action * (result.target_action_counters - situation.target.action_counters)
        return value

    def _gap_to_reach(
        self, fighter: Fighter, enemies: list[Fighter], attacks: Iterable[AttackProfile]
    ) -> float:
        """How much further than the longest of its ``attacks`` (after a step) ``fighter``
        is from its nearest enemy."""
        if fighter.at is None or not enemies:
            return 0.0
        reach = max((a.maximum_range for a in attacks), default=0.0)
        gap = min(math.dist(fighter.at, e.at) for e in enemies if e.at is not None) - 2 * RADIUS
        return max(0.0, gap - reach - STEP)


def _takers(battle: Battle, fighters: list[Fighter]) -> list[Fighter]:
    """The ``fighters`` that may still take an object: in Treasure Dash and Clash a fighter
    carrying one carries no other."""
    most = battle.setup.scenario.carry_most
    return [f for f in fighters if f.at is not None and (most is None or len(f.carrying) < most)]


def _lying_free(battle: Battle) -> list[tuple[tuple[float, float], float]]:
    """Where each object lying free (or Fragment Frenzy v1.3.0's fragment marker) is, and
    how far a fighter's centre is from it when their bases touch."""
    free = [
        (item.at, 2 * RADIUS)
        for item in battle.items
        if item.carriable and item.carried_by is None and item.at is not None
    ]
    free += [(mark.at, RADIUS) for mark in markers(battle) if mark.at is not None]
    return free


def _weighted(values: list[float], weights: tuple[float, ...]) -> float:
    ranked = sorted(values, reverse=True)
    return sum(v * w for v, w in zip(ranked, weights, strict=False))
