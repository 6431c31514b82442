"""18.0 Attacking in a battle: the single-attack procedure, then what it does to the table.

The attack is the very procedure the referee, the odds and the advisor run
(:func:`~skirmish.games.magewinds.attack.resolve_attack`), resumed by replaying its answers
so far. Cover (18.2), the Dodge step's existence (18.4) and the line's length (18.1) come
from the battlefield; Mirrorshield and Barrier are the players' decisions, paid from their
hands. When the procedure is done, its result is applied: damage and take-downs (18.5.3),
action counters, knockback (18.5.4, the attacking player's choice of how far), Push, and
the reacting fighter's step move (13.3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import partial
from random import Random
from typing import Any

from skirmish.dice import CountAtMost
from skirmish.engine.battle import Action, Chance, IllegalAction, Node, Turn
from skirmish.engine.logbook import LogLine
from skirmish.engine.procedure import (
    Done,
    NeedsDecision,
    NeedsRoll,
    logged_run,
    logged_so_far,
    next_step,
)
from skirmish.engine.stack import Fields, Shown
from skirmish.fastpaths import fast, replaced
from skirmish.games.magewinds.attack import (
    ATTACKER,
    AttackResult,
    AttackSituation,
    Combatant,
    resolve_attack,
)
from skirmish.games.magewinds.battle.actions import after, pick
from skirmish.games.magewinds.battle.attackview import (
    FACE_DOWN,
    answers_from,
    public_situation,
    result_from,
    situation_from,
)
from skirmish.games.magewinds.battle.candidates import knockback_choices
from skirmish.games.magewinds.battle.damage import take_down
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import (
    attack_line,
    dodge_possible,
    in_cover,
    knockback_end,
    knockback_of,
    push_end,
)
from skirmish.games.magewinds.battle.hooks import ABILITIES as abilities
from skirmish.games.magewinds.battle.objects import drop_everything
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.battle.spells import attacking_as, effects_of
from skirmish.games.magewinds.battle.state import (
    Battle,
    Fighter,
    Frame,
    dice_outcomes,
)
from skirmish.games.magewinds.battle.steps import StepFrame
from skirmish.games.magewinds.profiles import AttackProfile, FighterProfile, Reaction
from skirmish.games.magewinds.sightlines import LineOfAttack

NO_KNOCKBACK = "no knockback"


def build_situation(
    battle: Battle,
    attacker: Fighter,
    target: Fighter,
    attack: AttackProfile,
    *,
    spread: bool = False,
) -> AttackSituation:
    """The attack situation the battle gives: state, spells, geometry and the hands.
    ``spread``: an attack that needs no line of attack (Blast's further attacks, ruling
    MB-13), its cover and Dodge still reckoned from the attacker."""
    line, reason = attack_line(battle, attacker, target, attack)
    distance: float | None = None
    if not spread:
        if line is None or line.length is None:
            raise IllegalAction(reason)
        distance = min(max(round(line.length, 2), attack.minimum_range), attack.maximum_range)
    return situation_on(battle, attacker, target, attack, line, distance)


def situation_on(
    battle: Battle,
    attacker: Fighter,
    target: Fighter,
    attack: AttackProfile,
    line: LineOfAttack | None,
    distance: float | None,
) -> AttackSituation:
    """:func:`build_situation` given the line of attack (None: none is known; a Ward
    reckons then from the bases' centres) and the distance it makes (None: not known)."""
    ward = abilities.cover_from(battle, attacker, target, line)
    cap = abilities.movement_cap(battle, target)
    barrier = battle.setup.pack.universal("barrier")
    same_player = battle.controller(attacker) == target.player
    return AttackSituation(
        attacker=replaced(combatant(battle, attacker, attacking=True), guarding=False),
        target=combatant(battle, target, attacking=False),
        attack=attack,
        cover=in_cover(battle, attacker, target) or ward is not None,
        can_dodge=(cap is None or cap >= 1) and dodge_possible(battle, target, attacker),
        distance=distance,
        defender_cards=battle.hands[target.player],
        attacker_cards=None if same_player else battle.hands[battle.controller(attacker)],
        barrier_cost=barrier.cost if barrier is not None else "",
        card_worth=battle.setup.options.card_worth,
    )


def combatant(battle: Battle, fighter: Fighter, *, attacking: bool) -> Combatant:
    """A fighter of ``battle`` as the attack procedure sees it (18.0), White-Hot Weapons
    included while it attacks within the Enchanter's reach (ruling MB-10)."""
    return combatant_of(
        battle.setup, attacking_as(battle, fighter) if attacking else fighter, attacking=attacking
    )


def combatant_of(setup: Setup, fighter: Fighter, *, attacking: bool) -> Combatant:
    """A fighter as the attack procedure sees it: profile, damage, counters, Guard and the
    spells among its effects (18.0; an aura, :func:`.spells.attacking_as`, only while it
    attacks). Computer players weigh attacks with this same function."""
    return Combatant(
        setup.profile(fighter.profile),
        damage=fighter.damage,
        action_counters=fighter.counters,
        guarding=fighter.guarding,
        effects=effects_of(fighter, attacking=attacking),
        label=fighter.name,
    )


class AttackStage(StrEnum):
    """Where an attack is: resolving (18.0), knocking back (18.5.4), its reaction step (18.4)."""

    KNOCKBACK = "knockback"
    RESOLVING = "resolving"
    STEPPING = "stepping"


@dataclass(frozen=True)
class AttackFrame(Frame):
    """One attack in progress: the procedure's answers so far, then its aftermath."""

    attacker: str
    target: str
    attacker_player: int
    defender_player: int
    situation: AttackSituation
    answers: tuple[int | str, ...] = ()
    faces: tuple[tuple[int, ...], ...] = ()
    deciders: tuple[int | None, ...] = ()
    hidden: tuple[bool, ...] = ()
    source_at: tuple[float, float] | None = None
    """Where the attacker stood when it attacked (the source of the attack, 18.4)."""
    deferred: bool = False
    """The target's reaction step move waits until later attacks are done (Blast)."""
    stage: AttackStage = AttackStage.RESOLVING
    result: AttackResult | None = None
    room: float = 0.0
    released: int = 0
    """How many of the procedure's log lines are in the battle's log already: each is
    released as it happens, so a player deciding inside the attack sees what the rules
    have made public so far (the attack, its line, a card placed face down, the dice)."""

    def _procedure(self) -> Any:
        return partial(resolve_attack, situation=self.situation)

    def _next(self) -> Any:
        """What the procedure needs after the answers so far (worked out once per frame on
        the fast path: a frame never changes)."""
        if fast():
            kept = self.__dict__.get("_kept_next")
            if kept is None:
                kept = next_step(self._procedure(), self.answers)
                object.__setattr__(self, "_kept_next", kept)
            return kept
        return next_step(self._procedure(), self.answers)

    def _seat(self, role: str) -> int:
        return self.attacker_player if role == ATTACKER else self.defender_player

    def node(self, battle: Battle) -> Node:
        if self.stage == AttackStage.KNOCKBACK:
            return Turn(
                self.attacker_player, "18.5.4", f'knock {self.target} back up to {self.room:.2f}"?'
            )
        step = self._next()
        if isinstance(step, NeedsRoll):
            return Chance(battle.chances, step.rule, step.label)
        assert isinstance(step, NeedsDecision)
        decision = step.decision
        return Turn(self._seat(decision.player), decision.rule, decision.prompt, decision.hidden)

    def options(self, battle: Battle) -> tuple[Action, ...]:
        if self.stage == AttackStage.KNOCKBACK:
            attacker, target = battle.fighter(self.attacker), battle.fighter(self.target)
            distances = knockback_choices(battle, attacker, target)
            return (NO_KNOCKBACK, *(f"knock back {d:g}" for d in distances))
        step = self._next()
        assert isinstance(step, NeedsDecision)
        return step.decision.options

    def act(self, battle: Battle, action: Action) -> Battle:
        if self.stage == AttackStage.KNOCKBACK:
            return self._knock_back(battle, action)
        step = self._next()
        assert isinstance(step, NeedsDecision)
        decision = step.decision
        for option in decision.options:
            if option.casefold() == action.casefold():
                seat = self._seat(decision.player)
                return battle.top(
                    replaced(
                        self,
                        answers=(*self.answers, option),
                        deciders=(*self.deciders, seat),
                        hidden=(*self.hidden, decision.hidden),
                    )
                )
        reason = decision.why_not(action.casefold())
        raise IllegalAction(
            f"{decision.rule}: {action!r} is not a legal {decision.key.replace('_', ' ')}"
            + (f": {reason}" if reason else "")
            + f"; legal: {', '.join(decision.options)}"
        )

    def sample(self, battle: Battle, rng: Random) -> Action:
        step = self._next()
        assert isinstance(step, NeedsRoll)
        _, faces = step.roll.roll(rng)
        return "dice " + " ".join(str(face) for face in faces)

    def outcomes(self, battle: Battle) -> tuple[tuple[Action, Fraction], ...]:
        step = self._next()
        assert isinstance(step, NeedsRoll) and isinstance(step.roll, CountAtMost)
        return dice_outcomes("dice", step.roll.dice)

    def chance(self, battle: Battle, action: Action) -> Battle:
        step = self._next()
        assert isinstance(step, NeedsRoll)
        roll = step.roll
        if not isinstance(roll, CountAtMost):  # pragma: no cover - the attack rolls pools only
            raise IllegalAction(f"{step.rule}: cannot read a roll of {roll.describe()}")
        words = action.split()
        if words[:1] != ["dice"]:
            raise IllegalAction(
                f"{step.rule}: dice rolled are written 'dice 1 4 6', not {action!r}"
            )
        try:
            faces = tuple(int(w) for w in words[1:])
        except ValueError:
            raise IllegalAction(f"{step.rule}: {action!r}: faces are whole numbers") from None
        if len(faces) != roll.dice or any(not 1 <= f <= roll.sides for f in faces):
            raise IllegalAction(
                f"{step.rule}: {step.label} needs {roll.dice} faces from 1 to {roll.sides}, "
                f"not {action!r}"
            )
        outcome = sum(1 for f in faces if f <= roll.at_most)
        return battle.top(
            replaced(
                self,
                answers=(*self.answers, outcome),
                faces=(*self.faces, faces),
                deciders=(*self.deciders, None),
                hidden=(*self.hidden, False),
            )
        )

    def _so_far(self) -> tuple[Any, ...]:
        """The procedure's log up to its next question (worked out once per frame on the
        fast path, as :meth:`_next`)."""
        if fast():
            kept = self.__dict__.get("_kept_log")
            if kept is None:
                kept = logged_so_far(self._procedure(), self.answers, self.faces)
                object.__setattr__(self, "_kept_log", kept)
            return kept
        return logged_so_far(self._procedure(), self.answers, self.faces)

    def advance(self, battle: Battle) -> Battle | None:
        if self.stage != AttackStage.RESOLVING:
            return None
        step = self._next()
        if not isinstance(step, Done):
            entries = self._so_far()
            if len(entries) == self.released:
                return None
            battle = _released(battle, entries[self.released :])
            return battle.top(self._released_all(len(entries)))
        result, entries = logged_run(self._procedure(), self.answers, self.faces)
        battle = _released(battle, entries[self.released :])
        battle = apply_result(battle, self, result)
        return self._after_damage(battle, result)

    def _released_all(self, count: int) -> AttackFrame:
        """This frame with ``count`` log lines released; what it worked out is kept (the
        procedure's answers are the same)."""
        frame = replaced(self, released=count)
        for kept in ("_kept_next", "_kept_log"):
            if kept in self.__dict__:
                object.__setattr__(frame, kept, self.__dict__[kept])
        return frame

    def _after_damage(self, battle: Battle, result: AttackResult) -> Battle:
        attacker, target = battle.fighter(self.attacker), battle.fighter(self.target)
        if result.knockback and target.on_battlefield and abilities.unpushable(battle, target):
            battle = battle.logged(
                "18.5.4",
                EventKind.KNOCKBACK,
                "{target} cannot be pushed under Entangle v1.5.0: no knockback (ruling MB-39)",
                target=target.name,
                inches=0,
                why="unpushable",
            )
        elif result.knockback and target.on_battlefield and attacker.on_battlefield:
            room = knockback_of(battle, attacker, target).room
            if knockback_choices(battle, attacker, target):
                return battle.top(
                    replaced(self, stage=AttackStage.KNOCKBACK, result=result, room=room)
                )
            battle = battle.logged(
                "18.5.4",
                EventKind.KNOCKBACK,
                "no room for the knockback after all: something is directly behind "
                "{target}, so it stays where it is",
                target=target.name,
                inches=0,
                why="no room",
            )
        return self._after_knockback(battle, result)

    def _knock_back(self, battle: Battle, action: Action) -> Battle:
        assert self.result is not None
        if action.casefold() == NO_KNOCKBACK:
            battle = battle.logged(
                "18.5.4",
                EventKind.KNOCKBACK,
                "{attacker} does not knock {target} back",
                attacker=self.attacker,
                target=self.target,
                inches=0,
                why="declined",
            )
            return self._after_knockback(battle, self.result)
        text = after(action, "knock back")
        if text is None:
            pick(action, battle.options(), "18.5.4", "knockback")
        try:
            inches = float((text or "").strip().rstrip('"'))
        except ValueError:
            raise IllegalAction(
                f"18.5.4: write 'knock back D' with D in inches, not {action!r}"
            ) from None
        attacker, target = battle.fighter(self.attacker), battle.fighter(self.target)
        end, problem = knockback_end(battle, attacker, target, inches)
        if problem:
            raise IllegalAction(problem)
        assert target.at is not None
        battle = battle.with_fighter(replaced(target, at=end))
        battle = battle.logged(
            "18.5.4",
            EventKind.KNOCKBACK,
            '{attacker} knocks {target} back {inches:g}"',
            attacker=self.attacker,
            target=self.target,
            inches=inches,
            why="knocked back",
        )
        if target.carrying:
            battle = drop_everything(battle, battle.fighter(target.name), target.at, "knocked back")
        return self._after_knockback(battle, self.result)

    def _after_knockback(self, battle: Battle, result: AttackResult) -> Battle:
        attacker, target = battle.fighter(self.attacker), battle.fighter(self.target)
        if result.push and target.on_battlefield and abilities.unpushable(battle, target):
            battle = battle.logged(
                "Push",
                EventKind.SHOVE,
                "Push: {target} cannot be pushed under Entangle v1.5.0",
                target=target.name,
                inches=0,
                why="unpushable",
            )
        elif result.push and target.on_battlefield and attacker.on_battlefield:
            end, moved_by = push_end(battle, attacker, target, float(result.push))
            battle = battle.with_fighter(replaced(target, at=end))
            then = "" if result.reaction is Reaction.NONE else "; its reaction's step follows"
            battle = battle.logged(
                "Push",
                EventKind.SHOVE,
                'Push: {target} is shoved {inches:.2f}" of {push}" straight away from '
                "{attacker}{then} (rulings MB-8, MB-47)",
                target=target.name,
                attacker=attacker.name,
                inches=round(moved_by, 2),
                push=result.push,
                words={"then": then},
            )
        target = battle.fighter(self.target)
        if result.reaction is not Reaction.NONE and target.on_battlefield and not self.deferred:
            battle = battle.top(replaced(self, stage=AttackStage.STEPPING, result=result))
            return battle.push(
                StepFrame(
                    target.name,
                    target.player,
                    source=self.attacker,
                    source_at=self.source_at,
                    reaction=result.reaction.value,
                )
            )
        return battle.finish(result)

    def resume(self, battle: Battle, result: Any) -> Battle:
        assert self.result is not None
        return battle.finish(self.result)

    @classmethod
    def attacker_profile(cls, setup: Setup) -> Callable[[str], FighterProfile]:
        """How the attacker's profile is found from the name a view shows: a fighter's."""
        return setup.profile

    @classmethod
    def read_back(cls, battle: Battle, data: Shown, rng: Random, now: Shown | None) -> Fields:
        """The situation and result read back; each face-down answer drawn among the
        options that lead where the battle is now (18.3, :func:`.attackview.answers_from`)."""
        values = super().read_back(battle, data, rng, now)
        profile = cls.attacker_profile(battle.setup)
        situation = situation_from(battle, data["situation"], values, profile)
        values["situation"] = situation
        values["result"] = result_from(data["result"])
        values["answers"] = answers_from(situation, tuple(data["answers"]), rng, now)
        return values

    @classmethod
    def named_by_seat(cls, data: Shown) -> list[tuple[int, str]]:
        """The answers the view shows a player gave, by seat (a payment among them names
        the cards it pays, still in that hand until the attack is over)."""
        return [
            (seat, answer)
            for answer, seat in zip(data["answers"], data["deciders"], strict=False)
            if seat is not None and isinstance(answer, str)
        ]

    def shown_answers(self, player: int | None) -> list[Any]:
        """The attack's answers so far as ``player`` sees them (None: all of them). 18.3: the
        Attack Choice lies face down before every other player until the Defence Choice
        (18.4) is made, whoever makes it, and is shown to all from then on. The Defence
        Choice comes next in every attack, so any later answer means it was made: asked,
        or passed over with one reaction possible, the dice rolled next (ruling MB-51)."""
        shown: list[Any] = []
        for i, answer in enumerate(self.answers):
            decider = self.deciders[i]
            revealed = i + 1 < len(self.answers)
            if self.hidden[i] and player is not None and decider != player and not revealed:
                shown.append(FACE_DOWN)
            else:
                shown.append(answer)
        return shown

    def hidden_fields(self, battle: Battle, player: int) -> dict[str, Any]:
        """The situation without the hands it was given; the answers as ``player`` sees
        them (18.3, :meth:`shown_answers`)."""
        return {
            "situation": public_situation(self.situation),
            "answers": self.shown_answers(player),
        }

    def refused(self, battle: Battle) -> tuple[str, ...]:
        if self.stage != AttackStage.RESOLVING:
            return ()
        step = self._next()
        if not isinstance(step, NeedsDecision):
            return ()
        return tuple(f"{option}: {why}" for option, why in step.decision.excluded)

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        answers = self.shown_answers(player)
        attack = self.situation.attack
        return {
            "frame": "attack",
            "attacker": self.attacker,
            "target": self.target,
            "attack": attack.name,
            "range": attack.range_text(),
            "line": self.situation.distance,
            "cover": self.situation.cover,
            "choice": answers[0] if attack.is_split and answers else None,
            "answers": answers,
            "stage": self.stage,
        }


def _released(battle: Battle, entries: tuple[LogLine, ...]) -> Battle:
    """The attack procedure's own records join the battle's log as they are."""
    return battle.with_events(entries)


def apply_result(battle: Battle, frame: AttackFrame, result: AttackResult) -> Battle:
    """18.5.3 and 13.3: the attack's damage, take-downs, counters, spent cards and statuses."""
    target = battle.fighter(frame.target)
    target = replaced(
        target,
        damage=result.total_damage,
        counters=result.target_action_counters,
        guarding=target.guarding and not result.reaction_free,
        poisoned=target.poisoned or "poisoned" in result.statuses,
    )
    battle = battle.with_fighter(target)
    battle = battle.spend(target.player, result.defender_paid, "spells", quiet=True)
    battle = battle.spend(frame.attacker_player, result.attacker_paid, "Barrier", quiet=True)
    if result.taken_down:
        battle = take_down(battle, target.name, by=frame.attacker_player)
    if result.attacker_damage:
        attacker = battle.fighter(frame.attacker)
        battle = battle.with_fighter(
            replaced(attacker, damage=attacker.damage + result.attacker_damage)
        )
    if result.attacker_taken_down:
        battle = take_down(battle, frame.attacker, by=frame.defender_player)
    return battle
