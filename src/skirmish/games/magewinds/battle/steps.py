"""13.1 Step moves: up to 1" before an action's effects, or after a reaction's (13.3).

A Dodge step must be made and must end further from the attack; a Deflect or Mirrorshield
step may be made and may not end closer (18.4). Leap makes a step up to 2" longer. A step
before an attack must leave the attack possible. A person may type any position; a
computer player picks among representative ones (ruling MB-6).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Any

from skirmish.engine.battle import Action, IllegalAction, Node, Turn
from skirmish.engine.drawing import Judge, Offer
from skirmish.fastpaths import fast, replaced
from skirmish.games.magewinds.battle.actions import after, parse_point, pick, point_text
from skirmish.games.magewinds.battle.candidates import (
    StraightEnds,
    step_candidates,
    unlisted_steps,
)
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import (
    RADIUS,
    away_problem,
    hypnotist,
    moved,
    path_to,
)
from skirmish.games.magewinds.battle.hooks import ABILITIES as abilities
from skirmish.games.magewinds.battle.hooks import SCENARIOS as scenarios
from skirmish.games.magewinds.battle.paying import ways_to_pay
from skirmish.games.magewinds.battle.spells import (
    LEAP_BONUS,
    ability,
    blink_spots,
    cast,
    leap_options,
)
from skirmish.games.magewinds.battle.state import Battle, Fighter, Frame, rounded
from skirmish.games.magewinds.battle.targets import any_attack, attack_from, usable
from skirmish.games.magewinds.moves import STEP_MOVE

NO_STEP = "no step"


@dataclass(frozen=True)
class StepFrame(Frame):
    """A step move of ``fighter``: for an action (``purpose`` "attack" when an attack must
    stay possible) or after a reaction against ``source`` (``reaction`` names it)."""

    fighter: str
    player: int
    source: str | None = None
    source_at: tuple[float, float] | None = None
    reaction: str = ""
    purpose: str = ""
    leap: bool = False

    @property
    def inches(self) -> float:
        return STEP_MOVE + (LEAP_BONUS if self.leap else 0.0)

    def reach(self, battle: Battle) -> float:
        """How far this step may go: 1" (Leap: 3"), or less under Entangle (ruling MB-39)."""
        cap = abilities.movement_cap(battle, self._mover(battle))
        return self.inches if cap is None else min(self.inches, cap)

    @property
    def rule(self) -> str:
        return "18.4" if self.reaction else "13.1"

    def _mover(self, battle: Battle) -> Fighter:
        return battle.fighter(self.fighter)

    def _source(self, battle: Battle) -> Fighter | None:
        """The attacker, where it stood when it attacked: Mirrorshield may have taken it
        down since, and the step is still measured from there (18.4, 4.4, ruling MB-52)."""
        if not self.source:
            return None
        return replaced(battle.fighter(self.source), at=self.source_at)

    def node(self, battle: Battle) -> Node:
        what = (
            f"after the {self.reaction.title()} reaction" if self.reaction else "before the action"
        )
        return Turn(
            self.player,
            self.rule,
            f'{self.fighter}: step move up to {self.reach(battle):g}" {what}?',
        )

    def viable(self, battle: Battle) -> bool:
        """Whether the action this step comes before is still possible from here."""
        mover = self._mover(battle)
        if self.purpose == "attack":
            return any_attack(battle, mover.name)
        if self.purpose == "escape":
            return scenarios.can_escape(battle, mover)
        if self.purpose and self.purpose != "blink":
            return abilities.action(self.purpose).available(battle, mover)
        if self.purpose == "blink":
            return self._blink_paid(battle) and bool(blink_spots(battle, mover, first=True))
        return True

    def _blink_paid(self, battle: Battle) -> bool:
        """Whether the fighter has Blink and its player can pay for it (17.0, 20.2)."""
        mover = self._mover(battle)
        spell = ability(battle, mover, "blink")
        return spell is not None and bool(ways_to_pay(battle, battle.controller(mover), spell.cost))

    def _toward(self, battle: Battle) -> tuple[str, ...]:
        """Fighters a step could bring into an attack's reach."""
        mover = self._mover(battle)
        reach = max((a.maximum_range for a, _ in usable(battle, mover)), default=0.0)
        return tuple(
            other.name
            for other in battle.on_battlefield()
            if other.name != mover.name
            and other.at is not None
            and mover.at is not None
            and math.dist(other.at, mover.at) - 2 * RADIUS <= reach + self.inches
        )

    def _aims(self, battle: Battle) -> tuple[tuple[str, ...] | None, tuple[str, ...]]:
        """Whom the representative steps go toward and away from (None: the usual ones)."""
        toward: tuple[str, ...] | None = None
        away: tuple[str, ...] = ()
        if self.purpose == "attack":
            toward = self._toward(battle)
            if any(a.minimum_range > 0 for a, _ in usable(battle, self._mover(battle))):
                away = toward
        return toward, away

    def _candidates(self, battle: Battle) -> list[tuple[float, float]]:
        mover = self._mover(battle)
        source = self._source(battle)
        strictly = self.reaction == "dodge"
        toward, away = self._aims(battle)
        reach = self.reach(battle)
        if reach <= 0:
            return []
        ends = step_candidates(
            battle,
            mover,
            min(STEP_MOVE, reach),
            source,
            strictly=strictly,
            toward=toward,
            away=away,
        )
        if self.leap and reach > STEP_MOVE:
            longer = step_candidates(
                battle, mover, reach, source, strictly=strictly, toward=toward, away=away
            )
            ends = sorted(set(ends) | set(longer))
        return ends

    def viable_at(self, battle: Battle, end: tuple[float, float]) -> bool:
        """Whether the action is still possible after a step to ``end``."""
        if self.purpose == "attack":
            return attack_from(battle, self.fighter, end)
        return self.viable(moved(battle, self._mover(battle), end))

    def _ends(self, battle: Battle) -> list[tuple[float, float]]:
        ends = self.allowed_ends(battle)
        if self.purpose:
            ends = [e for e in ends if self.viable_at(battle, e)]
        return ends

    def allowed_ends(self, battle: Battle) -> list[tuple[float, float]]:
        """The representative step ends the fighter may move to (13.1, its spells
        allowing), in the order offered, before any is checked for the action it comes
        before (:meth:`viable_at`)."""
        mover = self._mover(battle)
        return [
            e for e in self._candidates(battle) if abilities.move_problem(battle, mover, e) is None
        ]

    def any_step(self, battle: Battle) -> bool:
        """Whether some representative step the fighter may make (Hypnotize and Entangle
        allowing, rulings MB-39 and MB-40) leaves the action possible (stops at the first).
        On the fast path a Blink the fighter lacks or cannot pay for is not looked for
        after any step (neither depends on where the fighter stands), nor an Escape the
        step cannot bring within reach of."""
        if fast() and self.purpose == "blink" and not self._blink_paid(battle):
            return False
        mover = self._mover(battle)
        if (
            fast()
            and self.purpose == "escape"
            and scenarios.out_of_escape(battle, mover, self.inches)
        ):
            return False
        return any(
            abilities.move_problem(battle, mover, e) is None and self.viable_at(battle, e)
            for e in self._candidates(battle)
        )

    def _leaps(self, battle: Battle) -> list[Action]:
        """Leap casts, each only when the action stays possible after paying for it."""
        return [option for option in self._leap_casts(battle) if self._leap_keeps(battle, option)]

    def _leap_casts(self, battle: Battle) -> list[Action]:
        """The Leap casts the fighter may pay for, before any is judged (:meth:`_leaps`)."""
        mover = self._mover(battle)
        if self.leap or abilities.movement_cap(battle, mover) is not None:
            return []
        return list(leap_options(battle, mover))

    def _leap_keeps(self, battle: Battle, option: Action) -> bool:
        """Whether the action stays possible after paying for Leap with ``option``."""
        paid = cast(battle, self.player, option, "Leap", self.fighter)
        return not self.purpose or replaced(self, leap=True).can_step(paid)

    def can_step(self, battle: Battle) -> bool:
        """Whether :meth:`moves` offers anything; on the fast path it stops at the first
        move found."""
        if not fast() or hypnotist(battle, self._mover(battle)) is not None:
            return bool(self.moves(battle))
        if self.can_stay(battle):
            return True
        return self.any_step(battle) if self.purpose else bool(self._candidates(battle))

    def can_stay(self, battle: Battle) -> bool:
        """Whether staying put (``no step``) is offered: never for a Dodge (18.4), else
        when the action is possible from where the fighter stands."""
        return self.reaction != "dodge" and self.viable(battle)

    def moves(self, battle: Battle) -> list[Action]:
        """Staying put (where allowed) and the representative steps, without Leap."""
        stay = [NO_STEP] if self.can_stay(battle) else []
        return [*stay, *(f"step {point_text(end)}" for end in self._ends(battle))]

    def options(self, battle: Battle) -> tuple[Action, ...]:
        return self._listed(battle).legal()

    def _listed(self, battle: Battle) -> Offer:
        """Staying put (never for a Dodge), the Leap casts and the representative step
        ends (:meth:`allowed_ends`), in that order, each judged by whether the action it
        comes before stays possible (:meth:`viable`, :meth:`_leap_keeps`,
        :meth:`viable_at`): the options, and what a random player judges one by one."""
        ends = [
            (
                f"step {point_text(end)}",
                partial(self.viable_at, battle, end) if self.purpose else None,
            )
            for end in self.allowed_ends(battle)
        ]
        return Offer.of(*self._before_ends(battle), ends)

    def _before_ends(self, battle: Battle) -> tuple[list[tuple[Action, Judge | None]], ...]:
        stay: list[tuple[Action, Judge | None]] = []
        if self.reaction != "dodge":
            stay.append((NO_STEP, partial(self.viable, battle)))
        leaps: list[tuple[Action, Judge | None]] = [
            (o, partial(self._leap_keeps, battle, o)) for o in self._leap_casts(battle)
        ]
        return stay, leaps

    def offer(self, battle: Battle) -> Offer:
        """What a random player judges one by one (:mod:`.drawing`): the options as
        candidates; on the fast path, where the step ends are not worked out yet, each
        straight step's end is found only when its direction is visited
        (:class:`.candidates.StraightEnds`, each end once), then judged as listed; when no
        candidate offers an action, the options (a reaction's fall-back into the region a
        step reaches). A Leap's longer steps are always listed."""
        finder = self._step_ends(battle)
        if finder is None:
            return self._listed(battle)
        mover = self._mover(battle)

        def find(index: int) -> Action | None:
            end = finder.first(index)
            if end is None or abilities.move_problem(battle, mover, end) is not None:
                return None
            if self.purpose and not self.viable_at(battle, end):
                return None
            return f"step {point_text(end)}"

        before = Offer.of(*self._before_ends(battle))
        ends = tuple(partial(find, index) for index in range(len(finder.directions)))
        return Offer((*before.finds, *ends), partial(self.options, battle))

    def _step_ends(self, battle: Battle) -> StraightEnds | None:
        """The straight step ends to be found one at a time, or None where they are listed
        (the plain path, a Leap, no reach, or the ends worked out already)."""
        reach = self.reach(battle)
        if not fast() or self.leap or reach <= 0:
            return None
        mover, source = self._mover(battle), self._source(battle)
        toward, away = self._aims(battle)
        inches, strictly = min(STEP_MOVE, reach), self.reaction == "dodge"
        return unlisted_steps(
            battle, mover, inches, source, strictly=strictly, toward=toward, away=away
        )

    def advance(self, battle: Battle) -> Battle | None:
        """No decision when no step (or staying put) is possible without Leap: whether the
        step is asked never depends on whether the hand pays for Leap (ruling MB-23)."""
        mover = self._mover(battle)
        if not mover.on_battlefield:
            return battle.finish()
        if not self.can_step(battle):
            return battle.logged(
                self.rule,
                EventKind.NO_STEP,
                "{fighter} has no legal step move",
                fighter=self.fighter,
            ).finish()
        return None

    def act(self, battle: Battle, action: Action) -> Battle:
        mover = self._mover(battle)
        if action.casefold().startswith("cast "):
            chosen = pick(action, tuple(self._leaps(battle)), "17.0", "Leap cast")
            battle = cast(battle, self.player, chosen, "Leap", mover.name)
            battle = battle.logged(
                "Leap",
                EventKind.SPELL,
                '{caster} casts {spell}: its step may be up to {inches:g}"',
                caster=mover.name,
                spell="Leap",
                inches=self.inches + LEAP_BONUS,
            )
            return battle.top(replaced(self, leap=True))
        if action.casefold() == NO_STEP:
            if self.reaction == "dodge":
                raise IllegalAction('18.4: a Dodge reaction must make a step move of at least 1"')
            if not self.viable(battle):
                raise IllegalAction(
                    f"13.1: from here {self.fighter} cannot {self.purpose}; step first"
                )
            return battle.finish()
        where = after(action, "step")
        if where is None:
            raise IllegalAction(
                f"{self.rule}: write 'step x,y', 'no step' or a Leap cast, not {action!r}"
            )
        end = rounded(parse_point(where, self.rule))
        reach = self.reach(battle)
        path = path_to(battle, mover, end, reach)
        if not path.legal:
            held_back = reach < self.inches
            why = f'; Entangle: at most {reach:g}" (ruling MB-39)' if held_back else ""
            raise IllegalAction(path.problems[0] + why)
        held = abilities.move_problem(battle, mover, end)
        if held:
            raise IllegalAction(held)
        source = self._source(battle)
        if source is not None:
            problem = away_problem(mover, source, end, strictly=self.reaction == "dodge")
            if problem:
                raise IllegalAction(problem)
        after_step = moved(battle, mover, end)
        # A step offered here was offered because the action stays possible after it.
        if not battle.offered(action) and not self.viable(after_step):
            raise IllegalAction(
                f"13.1: after a step to ({point_text(end)}) {mover.name} could not {self.purpose}"
            )
        gone, away_from = "", dict[str, Any]()
        if source is not None and source.at and not battle.fighter(source.name).on_battlefield:
            away_from = {"source": source.name, "source_at": source.at}
            gone = (
                f", measured from ({point_text(source.at)}) where the attack came from, "
                f"{source.name} being off the battlefield (4.4, ruling MB-52)"
            )
        after_step = after_step.logged(
            self.rule,
            EventKind.STEP,
            '{fighter} makes a step move of {length:.2f}" to ({at:point}){gone}',
            fighter=mover.name,
            at=end,
            length=path.length,
            words={"gone": gone},
            **away_from,
        )
        return after_step.finish()

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {
            "frame": "step",
            "fighter": self.fighter,
            "reaction": self.reaction,
            "leap": self.leap,
        }
