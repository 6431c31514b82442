"""13.0-13.4 A fighter's activation: one action, with its step move and its spells.

The activated fighter makes one action (13.0): Move, Attack or Guard (13.4), or a spell
action (Blink, Recover). Except for Move, it may make a step move of up to 1" before the
action's effects (13.1). Then it gets an action counter, single or double, unless the
action was free (13.2). Spells cast at the start or end of an activation are offered
there, and objects may be dropped at either end (19.1).

An activated fighter must make an action: Guard is always possible, and an activation
that made none could be repeated forever (ruling MB-16).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from typing import Any

import shapely

from skirmish.engine.battle import Action, IllegalAction, Node, Turn
from skirmish.engine.drawing import Judge, Offer, once
from skirmish.fastpaths import OFFERS, fast, replaced
from skirmish.games.magewinds.battle.actions import (
    after,
    parse_point,
    pick,
    point_text,
    same,
    written,
)
from skirmish.games.magewinds.battle.attacks import AttackFrame, build_situation
from skirmish.games.magewinds.battle.candidates import (
    StraightEnds,
    free_points,
    goals,
    grid,
    move_candidates,
    moves_known,
    straight_move_ends,
)
from skirmish.games.magewinds.battle.eventkinds import POISON_ENDS, EventKind
from skirmish.games.magewinds.battle.geometry import (
    Path,
    free_space_of,
    move_allowance,
    move_path,
)
from skirmish.games.magewinds.battle.grammar import Names, parse
from skirmish.games.magewinds.battle.hooks import ABILITIES as abilities
from skirmish.games.magewinds.battle.hooks import SCENARIOS as scenarios
from skirmish.games.magewinds.battle.objects import (
    drop,
    drop_everything,
    drop_options,
    pick_up,
    pickup_options,
    push_object,
)
from skirmish.games.magewinds.battle.paying import healing_cost, named_payment, ways_to_pay
from skirmish.games.magewinds.battle.spells import (
    ability,
    apply_cast,
    blink_allowed,
    blink_problem,
    blink_spots,
    cast,
    cast_refused,
    end_of_activation,
    haste_options,
    paid_casts,
    parse_cast,
)
from skirmish.games.magewinds.battle.state import Battle, Fighter, Frame, Item, Point, rounded
from skirmish.games.magewinds.battle.steps import StepFrame
from skirmish.games.magewinds.battle.targets import attack_offer, attack_options, parse_attack

MOVE, ATTACK, GUARD, BLINK, RECOVER = "move", "attack", "guard", "blink", "recover"
ESCAPE = "escape"
CORE = (MOVE, ATTACK, GUARD, BLINK, RECOVER, ESCAPE)
"""The actions of the core rules and the scenarios (13.4, 20.2, 20.3, Hold the Line's
Escape); every other action is a fighter's action ability (:mod:`.abilities`)."""
END = "end activation"
DONE = "done"
MAX_COUNTERS = 2


class ActivationStage(StrEnum):
    """Where an activation is (13.0): its start, the action chosen and carried out, its
    action counter, its end."""

    ABILITY = "ability"
    ATTACKING = "attacking"
    BLINK = "blink"
    COUNTER = "counter"
    EFFECT = "effect"
    END = "end"
    MOVED = "moved"
    MOVING = "moving"
    RECOVER = "recover"
    START = "start"
    TARGET = "target"


@dataclass(frozen=True)
class Activation(Frame):
    """13.0: the activation of ``fighter``; ``stage`` says where it is."""

    fighter: str
    player: int
    stage: ActivationStage = ActivationStage.START
    kind: str = ""
    free: bool = False
    haste: tuple[str, ...] = ()
    phased: bool = False
    """Phasewalk was cast on this Move (Enchanter v1.3.1)."""

    def _me(self, battle: Battle) -> Fighter:
        return battle.fighter(self.fighter)

    # -- what may be done ---------------------------------------------------------------

    def _available(self, battle: Battle, me: Fighter, kind: str) -> bool:
        if kind not in CORE:
            found = abilities.action(kind)
            return found.affordable(battle, me) and _possible(battle, me, kind)
        if kind in (ATTACK, BLINK):
            return not (kind == BLINK and blink_allowed(battle, me)) and _possible(battle, me, kind)
        if kind == ESCAPE:
            return battle.setup.scenario.escape and _possible(battle, me, kind)
        spell = ability(battle, me, "recover")
        return spell is not None and bool(ways_to_pay(battle, battle.controller(me), spell.cost))

    def options(self, battle: Battle) -> tuple[Action, ...]:
        me = self._me(battle)
        if self.stage == ActivationStage.START:
            return self._start_offer(battle, me).legal()
        if self.stage == ActivationStage.MOVING:
            inches, reason = self.allowance(battle)
            ends = [f"to {point_text(p)}" for p in self._move_ends(battle, me, inches, reason)]
            phase = [] if self.phased else abilities.phase_walks(battle, me)
            hastes = haste_options(battle, me, self.haste)
            return (*hastes, *phase, *pickup_options(battle, me), *ends)
        if self.stage == ActivationStage.MOVED:
            return (*pickup_options(battle, me), DONE)
        if self.stage == ActivationStage.TARGET:
            return attack_options(battle, self.fighter)
        if self.stage == ActivationStage.BLINK:
            return blink_options(battle, me, blink_spots(battle, me))
        if self.stage == ActivationStage.RECOVER:
            recover = ability(battle, me, "recover")
            assert recover is not None
            hearts = healing_cost(recover.cost, me.damage)  # no Heart beyond the damage (MB-1)
            return tuple(
                f"recover paying {w.text}"
                for w in ways_to_pay(battle, battle.controller(me), hearts)
            )
        if self.stage == ActivationStage.END:
            ends = paid_casts(battle, end_of_activation(battle, me))
            ends += abilities.end_casts(battle, me)
            return (*ends, *drop_options(battle, me), END)
        if self.stage == ActivationStage.ABILITY:
            return abilities.action(self.kind).options(battle, me)
        return ()

    def offer(self, battle: Battle) -> Offer | None:
        """At the activation's start (13.0), its options as candidates: the spells, the
        objects to drop and the actions (13.4), each action judged available only when
        visited (whether an attack is possible after some step is what costs); when the
        target is chosen, the attacks at each target in Range, judged by the line of
        attack (:func:`.targets.attack_offer`); None at the other stages."""
        if self.stage == ActivationStage.TARGET:
            return attack_offer(battle, self.fighter)
        if self.stage == ActivationStage.MOVING:
            return self._moving_offer(battle, self._me(battle))
        if self.stage == ActivationStage.BLINK:
            return blink_offer(battle, self._me(battle))
        if self.stage != ActivationStage.START:
            return None
        return self._start_offer(battle, self._me(battle))

    def _moving_offer(self, battle: Battle, me: Fighter) -> Offer | None:
        """A Move's options as candidates (13.4, 15.0, ruling MB-6): the Haste and
        Phasewalk casts and the pick-ups as listed, staying put judged in full, and each
        straight Move's end found only when its direction is visited
        (:class:`.candidates.StraightEnds`, each end once), then judged as
        :meth:`_move_ends` judges a straight end; when none offers an action, the options.
        None (the options listed) off the fast path, under Phasewalk, where a scenario's
        goal may add the way round toward it, or where the ends are worked out already."""
        inches, reason = self.allowance(battle)
        if (
            not fast(OFFERS)
            or self.phased
            or me.at is None
            or next(goals(battle), None) is not None
            or moves_known(battle, me, inches)
        ):
            return None
        free = free_space_of(battle, me)
        if free.circles is None:
            return None
        finder = StraightEnds.of_moves(battle, me, inches)
        start = me.at

        def find(index: int) -> Action | None:
            end = finder.first(index)
            if end is None or end == start or not self._move_end_allowed(battle, me, end):
                return None
            return f"to {point_text(end)}"

        def stay() -> bool:
            return self._refusal(battle, me, written(start, "15.0"), inches, reason)[1] is None

        phase = [] if self.phased else abilities.phase_walks(battle, me)
        first = [
            *haste_options(battle, me, self.haste),
            *phase,
            *pickup_options(battle, me),
        ]
        listed = Offer.of([(o, None) for o in first], [(f"to {point_text(start)}", stay)])
        ends = tuple(partial(find, index) for index in range(len(finder.directions)))
        return Offer((*listed.finds, *ends), partial(self.options, battle))

    def _move_end_allowed(self, battle: Battle, me: Fighter, end: Point) -> bool:
        """Whether a straight Move's end found clear is an end :meth:`_move_ends` offers:
        asked only what finding it left open (low terrain, a spell), or checked in full
        where its text does not read back as itself."""
        if written(end, "15.0") != end:
            inches, reason = self.allowance(battle)
            return self._refusal(battle, me, written(end, "15.0"), inches, reason)[1] is None
        if abilities.move_problem(battle, me, end) is not None:
            return False
        low = free_space_of(battle, me).no_end
        return low.is_empty or not bool(shapely.contains(low, shapely.points([end]))[0])

    def _start_offer(self, battle: Battle, me: Fighter) -> Offer:
        """The start's spells and drops, then 13.4's actions and the fighter's own, each
        judged available (:meth:`_available`; Move and Guard always are)."""
        judged = [
            (k, None if k in (MOVE, GUARD) else partial(self._available, battle, me, k))
            for k in (*CORE, *abilities.words(battle, me))
        ]
        casts = [(c, None) for c in abilities.start_casts(battle, me)]
        return Offer.of(casts, [(d, None) for d in drop_options(battle, me)], judged)

    def node(self, battle: Battle) -> Node:
        prompts = {
            "start": ("13.0", "cast a spell, drop an object, or choose an action"),
            "moving": ("13.4", "Move: cast Haste, pick up an object, or say where to move"),
            "moved": ("19.1", "pick up an object in contact, or done"),
            "target": ("13.4", "Attack: choose the target and the attack"),
            "blink": ("20.2", "Blink: where to re-deploy"),
            "recover": ("20.1", "Recover: how many Hearts to spend"),
            "ability": ("13.0", f"{self.kind.title()}: choose how"),
            "end": ("13.0", "cast a spell, drop an object, or end the activation"),
        }
        rule, text = prompts[self.stage]
        hidden = self.stage == ActivationStage.ABILITY and abilities.action(self.kind).hidden
        return Turn(self.player, rule, f"{self.fighter}: {text}", hidden)

    # -- doing it -------------------------------------------------------------------------

    def act(self, battle: Battle, action: Action) -> Battle:
        me = self._me(battle)
        handler = getattr(self, f"_{self.stage}")
        result: Battle = handler(battle, me, action)
        return result

    def _start(self, battle: Battle, me: Fighter, action: Action) -> Battle:
        if action.casefold().startswith("cast "):
            legal = abilities.start_casts(battle, me)
            return self._cast(battle, me, action, legal)
        if action.casefold().startswith("drop "):
            return drop(battle, me, action)
        own = tuple(abilities.words(battle, me))
        kind = pick(action, (*CORE, *own), "13.4", "action")
        # An action offered here was offered because it is available (:meth:`kinds`).
        offered = battle.offered(action)
        if kind not in (MOVE, GUARD) and not offered and not self._available(battle, me, kind):
            raise IllegalAction(_why_not(battle, me, kind))
        article = "an" if kind[0] in "aeiou" else "a"
        battle = battle.logged(
            "13.0",
            EventKind.ACTION,
            "{fighter} makes {article} {title} action",
            fighter=me.name,
            action=kind,
            words={"article": article, "title": kind.title()},
        )
        battle = abilities.began(battle, me, kind)
        if kind == MOVE:
            return battle.top(replaced(self, stage=ActivationStage.MOVING, kind=MOVE))
        purpose = kind if kind not in (MOVE, GUARD, RECOVER) else ""
        battle = battle.top(replaced(self, stage=ActivationStage.EFFECT, kind=kind))
        return battle.push(StepFrame(me.name, battle.controller(me), purpose=purpose))

    def _cast(self, battle: Battle, me: Fighter, action: Action, legal: list[Action]) -> Battle:
        try:
            chosen = pick(action, tuple(legal), "17.0", "spell to cast")
        except IllegalAction:
            why = cast_refused(battle, action, me)
            if why is None:
                raise
            raise IllegalAction(why) from None
        done = abilities.cast(battle, me, chosen)
        if done is not None:
            return done
        caster, target = parse_cast(battle, chosen, me)
        battle = cast(
            battle,
            battle.controller(me),
            chosen,
            chosen.split(" paying ")[0].removeprefix("cast "),
            caster.name,
        )
        return apply_cast(battle, chosen, caster, target)

    def allowance(self, battle: Battle) -> tuple[float, str]:
        me = self._me(battle)
        bonus = sum(abilities.haste_bonus(battle, battle.fighter(c)) for c in self.haste)
        why = []
        if self.haste:
            why.append(f"+{bonus} Haste")
        for more, what in abilities.movement_bonuses(battle, me):
            bonus += more
            why.append(what)
        penalty = battle.setup.scenario.carry_penalty
        if penalty and me.carrying:
            bonus -= penalty
            why.append(
                f"-{penalty} carrying {', '.join(me.carrying)} ({battle.setup.scenario.name})"
            )
        inches, reason = move_allowance(battle, me, bonus, " ".join(why))
        cap = abilities.movement_cap(battle, me)
        if cap is not None and cap < inches:
            return cap, f'{reason}; Entangle: at most {cap:g}" (ruling MB-39)'
        return inches, reason

    def _moving(self, battle: Battle, me: Fighter, action: Action) -> Battle:
        if action.casefold().startswith("cast ") and not self.phased:
            phase = abilities.phase_walks(battle, me)
            chosen = next((o for o in phase if same(action, o)), None)
            if chosen is not None:
                caster, _ = parse_cast(battle, chosen, me)
                spell = parse(chosen, Names.of(battle)).spell
                assert spell is not None  # one of the offered casts
                battle = cast(battle, battle.controller(me), chosen, spell, caster.name)
                battle = abilities.phase_walk_cast(battle, caster, me)
                return battle.top(replaced(self, phased=True))
        if action.casefold().startswith("cast "):
            hastes = tuple(haste_options(battle, me, self.haste))
            chosen = pick(action, hastes, "17.0", "Haste cast")
            caster, _ = parse_cast(battle, chosen, me)
            battle = cast(battle, battle.controller(me), chosen, "Haste", caster.name)
            battle = battle.logged(
                "Haste",
                EventKind.SPELL,
                '{caster} casts {spell}: {target} moves {inches}" further',
                caster=caster.name,
                spell="Haste",
                target=me.name,
                inches=abilities.haste_bonus(battle, caster),
            )
            return battle.top(replaced(self, haste=(*self.haste, caster.name)))
        if action.casefold().startswith("pick up "):
            return pick_up(battle, me, action)
        where = after(action, "to")
        if where is None:
            raise IllegalAction(f"13.4: write 'to x,y' for where {me.name} moves, not {action!r}")
        end = rounded(parse_point(where, "15.0"))
        inches, reason = self.allowance(battle)
        path, refused = self._refusal(battle, me, end, inches, reason)
        if refused:
            raise IllegalAction(refused)
        battle = battle.with_fighter(replaced(me, at=end)).logged(
            "15.0",
            EventKind.MOVE,
            '{fighter} moves {shown:.2f}" to ({at:point}) ({reason})',
            fighter=me.name,
            at=end,
            length=round(path.length, 4),
            words={"shown": path.length, "reason": reason.removeprefix("13.4: ")},
        )
        battle = battle.top(replaced(self, stage=ActivationStage.MOVED))
        moved = battle.setup.scenario.after_move
        work = moved(battle, me.name, self.player, path.route) if moved is not None else None
        return battle if work is None else battle.push(work)

    def _move_ends(self, battle: Battle, me: Fighter, inches: float, reason: str) -> list[Point]:
        """The representative Move ends (ruling MB-6) the rules accept (:meth:`_refusal`).
        On the fast path (part ``OFFERS``) an end a straight Move was found to reach (clear
        all the way, the base free to stand there: :func:`straight_move_ends`) is asked only
        what that left open: whether it ends on low terrain (15.0, ruling MB-7) and whether
        a spell refuses it; the length is within the allowance by construction."""
        candidates = move_candidates(battle, me, inches)
        straight: frozenset[Point] = frozenset()
        if fast(OFFERS) and not self.phased:
            free = free_space_of(battle, me)
            if free.circles is not None:
                # an end as its action reads it back (always itself: ends are written to
                # 0.01"), so the Move checked is the one found
                found = straight_move_ends(battle, me, inches)
                straight = frozenset(p for p in found if written(p, "15.0") == p)
        if not straight:
            return [
                p
                for p in candidates
                if self._refusal(battle, me, written(p, "15.0"), inches, reason)[1] is None
            ]
        low = free.no_end
        on_low = dict.fromkeys(straight, False)
        if not low.is_empty:
            inside = shapely.contains(low, shapely.points(list(on_low)))
            on_low = dict(zip(on_low, (bool(v) for v in inside), strict=True))
        return [
            p
            for p in candidates
            if (
                abilities.move_problem(battle, me, p) is None and not on_low[p]
                if p in on_low
                else self._refusal(battle, me, written(p, "15.0"), inches, reason)[1] is None
            )
        ]

    def _refusal(
        self, battle: Battle, me: Fighter, end: Point, inches: float, reason: str
    ) -> tuple[Path, str | None]:
        """13.4 and 15.0: the path of a Move of up to ``inches`` (``reason``: why that many)
        to ``end``, a position as an action writes it, and why the rules refuse the Move, or
        None. The one check a Move meets, whether a player names it or :meth:`options`
        offers it, so that every end offered is an end accepted."""
        over = abilities.phased(battle, me) if self.phased else None
        path = move_path(battle, me, end, inches, over=over)
        if not path.legal:
            return path, f"{path.problems[0]} ({reason})"
        return path, abilities.move_problem(battle, me, end)

    def _moved(self, battle: Battle, me: Fighter, action: Action) -> Battle:
        if action.casefold().startswith("pick up "):
            return pick_up(battle, me, action)
        pick(action, (DONE,), "19.1", "choice")
        return battle.top(replaced(self, stage=ActivationStage.COUNTER))

    def _target(self, battle: Battle, me: Fighter, action: Action) -> Battle:
        target, attack, payment = parse_attack(battle, me, action)
        if payment is not None:
            battle = battle.spend(
                battle.controller(me), payment.cards, attack.name, fighter=me.name
            )
            me = battle.fighter(me.name)
        if isinstance(target, Item):
            battle = push_object(battle, me, target, attack)
            return battle.top(replaced(self, stage=ActivationStage.COUNTER))
        target = battle.fighter(target.name)
        situation = build_situation(battle, me, target, attack)
        battle = abilities.attack_declared(battle, me, target, attack)
        frame = AttackFrame(
            me.name,
            target.name,
            battle.controller(me),
            target.player,
            situation,
            source_at=me.at,
            deferred=abilities.defers(attack),
        )
        battle = battle.top(replaced(self, stage=ActivationStage.ATTACKING))
        if abilities.defers(attack):
            battle = battle.push(abilities.after_attack(battle, me, target, attack))
        return battle.push(frame)

    def _blink(self, battle: Battle, me: Fighter, action: Action) -> Battle:
        rest = after(action, "blink to")
        spell = ability(battle, me, "blink")
        if rest is None or " paying " not in rest or spell is None:
            raise IllegalAction(f"Blink: write 'blink to x,y paying CARDS', not {action!r}")
        where, paying = rest.split(" paying ", 1)
        at = rounded(parse_point(where, "20.2"))
        problem = blink_problem(battle, me, at)
        if problem:
            raise IllegalAction(problem)
        payment = named_payment(battle, battle.controller(me), spell.cost, paying)
        battle = battle.spend(
            battle.controller(me), payment.cards, "Blink", fighter=me.name, spell="Blink"
        )
        battle = battle.with_fighter(replaced(me, at=at)).logged(
            "20.2",
            EventKind.REDEPLOY,
            "Blink: {fighter} is re-deployed at ({at:point})",
            fighter=me.name,
            at=at,
        )
        battle = abilities.redeployed(battle, battle.fighter(me.name))
        return battle.top(replaced(self, stage=ActivationStage.COUNTER))

    def _ability(self, battle: Battle, me: Fighter, action: Action) -> Battle:
        battle = battle.top(replaced(self, stage=ActivationStage.COUNTER))
        return abilities.action(self.kind).act(battle, me, " ".join(action.split()))

    def _recover(self, battle: Battle, me: Fighter, action: Action) -> Battle:
        chosen = pick(action, battle.options(), "Recover", "Recover payment")
        spell = ability(battle, me, "recover")
        assert spell is not None
        hearts = healing_cost(spell.cost, me.damage)  # no Heart beyond the damage (MB-1)
        payment = named_payment(
            battle, battle.controller(me), hearts, chosen.removeprefix("recover paying ")
        )
        battle = battle.spend(
            battle.controller(me), payment.cards, "Recover", fighter=me.name, spell="Recover"
        )
        if abilities.recovers_later(battle, me):
            return abilities.recover_later(battle, me).top(
                replaced(self, stage=ActivationStage.COUNTER)
            )
        battle = recovered(battle, me, payment.amount, "Recover")
        return battle.top(replaced(self, stage=ActivationStage.COUNTER))

    def _end(self, battle: Battle, me: Fighter, action: Action) -> Battle:
        if action.casefold().startswith("cast "):
            legal = paid_casts(battle, end_of_activation(battle, me))
            return self._cast(battle, me, action, legal + abilities.end_casts(battle, me))
        if action.casefold().startswith("drop "):
            return drop(battle, me, action)
        pick(action, (END,), "13.0", "choice")
        return abilities.activation_ended(battle, me).finish()

    # -- work that needs no decision ------------------------------------------------------

    def advance(self, battle: Battle) -> Battle | None:
        me = self._me(battle)
        if self.stage == ActivationStage.EFFECT:
            if not me.on_battlefield:
                return battle.top(replaced(self, stage=ActivationStage.COUNTER))
            if self.kind == ESCAPE:
                if me.carrying and me.at is not None:
                    battle = drop_everything(battle, me, me.at, "escaping")
                return scenarios.escape(battle, battle.fighter(me.name)).finish()
            if self.kind == GUARD:
                battle = battle.with_fighter(replaced(me, guarding=True)).logged(
                    "13.4",
                    EventKind.GUARD,
                    "{fighter} guards: its next Dodge or Deflect reaction is free",
                    fighter=me.name,
                )
                return battle.top(replaced(self, stage=ActivationStage.COUNTER))
            stages = {
                ATTACK: ActivationStage.TARGET,
                BLINK: ActivationStage.BLINK,
                RECOVER: ActivationStage.RECOVER,
            }
            return battle.top(replaced(self, stage=stages.get(self.kind, ActivationStage.ABILITY)))
        if self.stage == ActivationStage.MOVED and not pickup_options(battle, me):
            return battle.top(replaced(self, stage=ActivationStage.COUNTER))
        if self.stage == ActivationStage.COUNTER:
            if me.on_battlefield and not self.free:
                counters = min(MAX_COUNTERS, me.counters + 1)
                battle = battle.with_fighter(replaced(me, counters=counters)).logged(
                    "13.0",
                    EventKind.ACTION_COUNTER,
                    "{fighter} gets a {size} action counter",
                    fighter=me.name,
                    counters=counters,
                    words={"size": "double" if counters == 2 else "single"},
                )
            elif self.free:
                battle = battle.logged(
                    "13.2",
                    EventKind.FREE,
                    "{fighter}'s action was free: no action counter",
                    fighter=me.name,
                )
            return battle.top(replaced(self, stage=ActivationStage.END))
        if self.stage == ActivationStage.END and not self.ending(battle):
            return abilities.activation_ended(battle, me).finish()
        return None

    def ending(self, battle: Battle) -> bool:
        """Whether the end of the activation is a moment to decide at: a spell there has
        a caster and a target, or an object may be dropped. Asked whatever the hand holds,
        so that no other player learns from it what the hand can pay for (ruling MB-23)."""
        me = self._me(battle)
        return bool(
            end_of_activation(battle, me)
            or abilities.end_moment(battle, me)
            or drop_options(battle, me)
        )

    def resume(self, battle: Battle, result: Any) -> Battle:
        if self.stage == ActivationStage.ATTACKING:
            return battle.top(
                replaced(
                    self,
                    stage=ActivationStage.COUNTER,
                    free=bool(getattr(result, "action_free", False)),
                )
            )
        return battle

    def refused(self, battle: Battle) -> tuple[str, ...]:
        if self.stage != ActivationStage.START:
            return ()
        me = self._me(battle)
        return tuple(
            f"{kind}: {_why_not(battle, me, kind)}"
            for kind in (ATTACK, BLINK, RECOVER, ESCAPE, *abilities.words(battle, me))
            if not self._available(battle, me, kind)
            and (kind != ESCAPE or battle.setup.scenario.escape)
        )

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {
            "frame": "activation",
            "fighter": self.fighter,
            "stage": self.stage,
            "action": self.kind,
        }


def _why_not(battle: Battle, me: Fighter, kind: str) -> str:
    if kind not in CORE:
        return abilities.action(kind).why_not(battle, me)
    if kind == ATTACK:
        return (
            f"13.4: {me.name} has no visible target within a line of attack and Range, from "
            "here or after a step move (18.1), or cannot pay for its attack spells (17.0)"
        )
    if kind == BLINK:
        carrying = blink_allowed(battle, me)
        if carrying:
            return carrying
        spell = ability(battle, me, "blink")
        if spell is None:
            return f"Blink: {me.name} does not have the Blink spell"
        if not ways_to_pay(battle, battle.controller(me), spell.cost):
            return f"17.0: {me.name} cannot pay Blink's {spell.cost}"
        return f'Blink: {me.name} sees no spot more than 3" from every enemy (20.2)'
    if kind == ESCAPE:
        return (
            f"Hold the Line: only the Attacker's fighters may Escape, touching the objective "
            f"edge (or after a step move, 13.1); {me.name} cannot"
        )
    return f"17.0: {me.name} cannot pay for Recover"


def _possible(battle: Battle, me: Fighter, kind: str) -> bool:
    """An Attack or Blink action is offered when some step (or none) leaves it possible."""
    step = StepFrame(me.name, battle.controller(me), purpose=kind)
    return step.viable(battle) or step.any_step(battle)


def blink_options(battle: Battle, me: Fighter, spots: list[Point]) -> tuple[Action, ...]:
    """20.2: a Blink of ``me`` to each of ``spots``, each way its player can pay for it."""
    return Offer.of(*_blinks(battle, me, [(p, None) for p in spots])).legal()


def blink_offer(battle: Battle, me: Fighter) -> Offer:
    """20.2: :func:`blink_options` at :func:`~.spells.blink_spots`' spots as candidates:
    each free grid point, paid each way, judged once by every Blink check
    (:func:`~.spells.blink_problem`)."""
    points = free_points(battle, grid(battle), exclude=me.name)
    judges = [once(partial(_blink_spot, battle, me, p)) for p in points]
    return Offer.of(*_blinks(battle, me, list(zip(points, judges, strict=True))))


def _blink_spot(battle: Battle, me: Fighter, at: Point) -> bool:
    return blink_problem(battle, me, at) is None


def _blinks(
    battle: Battle, me: Fighter, spots: list[tuple[Point, Judge | None]]
) -> list[list[tuple[Action, Judge | None]]]:
    cost = ability(battle, me, "blink")
    assert cost is not None
    ways = ways_to_pay(battle, battle.controller(me), cost.cost)
    return [
        [(f"blink to {point_text(p)} paying {way.text}", judge) for way in ways]
        for p, judge in spots
    ]


def recovered(battle: Battle, fighter: Fighter, amount: int, cited: str) -> Battle:
    """Recover heals ``fighter`` by up to ``amount`` (20.1), ending its poison (ruling
    MB-15); ``cited`` names the rule played in the log."""
    heal = min(fighter.damage, amount)
    battle = battle.with_fighter(replaced(fighter, damage=fighter.damage - heal, poisoned=False))
    return battle.logged(
        "20.1",
        EventKind.HEAL,
        "{cited}: {fighter} heals {healed} damage ({left} left){poison}",
        fighter=fighter.name,
        healed=heal,
        left=fighter.damage - heal,
        spell="Recover",
        words={"cited": cited, "poison": POISON_ENDS if fighter.poisoned else ""},
    )
