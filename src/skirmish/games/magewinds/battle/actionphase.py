"""13.0 and 13.5 The Action Phase: turns of activations until every player has passed.

Turns follow the order in which players passed in the Channelling Phase. On your turn you
activate one of your fighters that can be activated (13.0); only when none can may you
pass, and once passed you take no more turns. The abilities' spells cast as the phase
starts (Wildform, asked through :data:`.hooks.ABILITIES`) come first (several players'
casts there are ordered by 1.2, it being nobody's turn). When every player has
passed the phase ends (13.5): poison deals its damage, and spells "until the Action Phase
ends" and Guard (13.4) end with it. Where 1.2 applies is ruling MB-19.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from skirmish.engine.battle import Action, IllegalAction, Node, Turn
from skirmish.fastpaths import replaced
from skirmish.games.magewinds.battle.actions import after, pick
from skirmish.games.magewinds.battle.activation import MAX_COUNTERS, Activation
from skirmish.games.magewinds.battle.channelling import next_player
from skirmish.games.magewinds.battle.damage import PoisonDamage
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.grammar import Names, parse
from skirmish.games.magewinds.battle.hooks import ABILITIES as abilities
from skirmish.games.magewinds.battle.objects import drop_everything
from skirmish.games.magewinds.battle.rolloff import sequence
from skirmish.games.magewinds.battle.spells import (
    apply_cast,
    cast,
    phase_start_casters,
    phase_start_options,
    spell_name,
)
from skirmish.games.magewinds.battle.state import Battle, Fighter, Frame
from skirmish.games.magewinds.effects import effect_name

PASS = "pass"
DONE = "done"


def activatable(battle: Battle, player: int) -> list[Fighter]:
    """13.0: fighters on the battlefield without a double action counter."""
    return [f for f in battle.on_battlefield(player) if f.counters < MAX_COUNTERS]


class ActionPhaseStage(StrEnum):
    """Where the Action Phase is (13.0): its start, spells cast as it starts, the turns,
    then poison and the scenario as it ends."""

    ORDERING = "ordering"
    POISON = "poison"
    POISON_ORDER = "poison-order"
    SCENARIO = "scenario"
    START = "start"
    TURNS = "turns"
    WINDOWS = "windows"


def _spells(battle: Battle, players: tuple[int, ...]) -> str:
    """The names of the spells ``players`` may cast as the Action Phase starts (Wildform),
    as its window's rule and prompt say them."""
    names = [
        spell_name(battle, c.caster, c.key)
        for player in players
        for c in phase_start_casters(battle, player)
    ]
    return " or ".join(dict.fromkeys(names)) or "17.0"


@dataclass(frozen=True)
class ActionPhase(Frame):
    """13.0: the Action Phase; finishes with the order in which players passed."""

    order: tuple[int, ...]
    stage: ActionPhaseStage = ActionPhaseStage.START
    turn: int = 0
    passed: tuple[int, ...] = ()
    queue: tuple[Any, ...] = ()
    window: int | None = None

    def dealing_poison(self) -> bool:
        return self.stage in (ActionPhaseStage.POISON_ORDER, ActionPhaseStage.POISON)

    def advance(self, battle: Battle) -> Battle | None:
        if self.stage == ActionPhaseStage.START:
            casting = tuple(p for p in self.order if phase_start_casters(battle, p))
            if len(casting) > 1:
                battle = battle.top(replaced(self, stage=ActionPhaseStage.ORDERING))
                spells = _spells(battle, casting)
                return sequence(
                    battle, casting, f"casting {spells} as the Action Phase starts", None
                )
            return battle.top(replaced(self, stage=ActionPhaseStage.WINDOWS, queue=casting))
        if self.stage == ActionPhaseStage.WINDOWS:
            if self.window is not None and not phase_start_casters(battle, self.window):
                return battle.top(replaced(self, window=None))
            if self.window is None:
                if self.queue:
                    return battle.top(replaced(self, window=self.queue[0], queue=self.queue[1:]))
                battle = abilities.turn_started(battle, self.order[0])
                return battle.top(replaced(self, stage=ActionPhaseStage.TURNS, turn=self.order[0]))
            return None
        if self.stage == ActionPhaseStage.POISON:
            if self.queue:
                battle = battle.top(replaced(self, queue=self.queue[1:]))
                return battle.push(PoisonDamage(self.queue[0]))
            ending = battle.setup.scenario.action_phase_end
            work = ending(battle, self.passed) if ending is not None else None
            if work is not None:
                return battle.top(replaced(self, stage=ActionPhaseStage.SCENARIO)).push(work)
            return self._expire(battle)
        return None

    def resume(self, battle: Battle, result: Any) -> Battle:
        if self.stage == ActionPhaseStage.ORDERING:
            return battle.top(replaced(self, stage=ActionPhaseStage.WINDOWS, queue=tuple(result)))
        if self.stage == ActionPhaseStage.POISON_ORDER:
            return battle.top(
                replaced(
                    self, stage=ActionPhaseStage.POISON, queue=_poisoned(battle, tuple(result))
                )
            )
        if self.stage == ActionPhaseStage.TURNS:
            return self._next_turn(battle, self.passed)
        if self.stage == ActionPhaseStage.SCENARIO:
            return self._expire(battle)
        return battle

    def node(self, battle: Battle) -> Node:
        if self.stage == ActionPhaseStage.WINDOWS:
            assert self.window is not None
            spells = _spells(battle, (self.window,))
            return Turn(
                self.window,
                spells,
                f"player {self.window + 1}: cast {spells} as the Action Phase starts?",
            )
        return Turn(self.turn, "13.0", f"player {self.turn + 1}: activate a fighter")

    def options(self, battle: Battle) -> tuple[Action, ...]:
        if self.stage == ActionPhaseStage.WINDOWS:
            assert self.window is not None
            return (*phase_start_options(battle, self.window), DONE)
        fighters = activatable(battle, self.turn)
        if not fighters:
            return (PASS,)
        return tuple(f"activate {f.name}" for f in fighters)

    def act(self, battle: Battle, action: Action) -> Battle:
        if self.stage == ActionPhaseStage.WINDOWS:
            return self._window(battle, action)
        name = after(action, "activate")
        if name is not None:
            fighter = battle.find_fighter(name)
            if fighter.player != self.turn:
                raise IllegalAction(f"13.0: {fighter.name} is not player {self.turn + 1}'s fighter")
            if not fighter.on_battlefield:
                raise IllegalAction(f"4.4: {fighter.name} is not on the battlefield")
            if fighter.counters >= MAX_COUNTERS:
                raise IllegalAction(
                    f"13.0: {fighter.name} has a double action counter and cannot be activated"
                )
            battle = battle.logged(
                "13.0",
                EventKind.ACTIVATE,
                "player {player} activates {fighter}",
                fighter=fighter.name,
                player=self.turn + 1,
            )
            if fighter.guarding:
                battle = battle.with_fighter(replaced(fighter, guarding=False)).logged(
                    "13.4",
                    EventKind.GUARD_ENDS,
                    "{fighter}'s Guard ends at its next activation",
                    fighter=fighter.name,
                )
            battle = abilities.activated(battle, battle.fighter(fighter.name))
            return battle.push(Activation(fighter.name, battle.controller(fighter)))
        if action.strip().casefold() == PASS:
            if activatable(battle, self.turn):
                raise IllegalAction(
                    f"13.0: player {self.turn + 1} may pass only when none of their fighters "
                    "can be activated"
                )
            battle = battle.logged(
                "13.0", EventKind.PASS, "player {player} passes", player=self.turn + 1
            )
            return self._next_turn(battle, (*self.passed, self.turn))
        pick(action, battle.options(), "13.0", "action")
        raise AssertionError  # pragma: no cover - pick raised

    def _window(self, battle: Battle, action: Action) -> Battle:
        assert self.window is not None
        if action.strip().casefold() == DONE:
            return battle.top(replaced(self, window=None))
        spells = _spells(battle, (self.window,))
        offered = tuple(phase_start_options(battle, self.window))
        chosen = pick(action, offered, "17.0", f"{spells} cast")
        words = parse(chosen, Names.of(battle))
        assert words.target is not None and words.spell is not None  # an offered cast
        caster = target = battle.fighter(words.target)
        battle = cast(battle, self.window, chosen, words.spell, caster.name)
        battle = apply_cast(battle, chosen, caster, target)
        cast_on = battle.fighter(target.name)
        refused = abilities.carry_refused(cast_on)
        if refused is not None and cast_on.carrying and cast_on.at is not None:
            battle = drop_everything(battle, cast_on, cast_on.at, refused)
        return battle

    def _next_turn(self, battle: Battle, passed: tuple[int, ...]) -> Battle:
        following = next_player(self.order, passed, self.turn)
        if following is not None:
            battle = abilities.turn_started(battle, following)
            return battle.top(replaced(self, turn=following, passed=passed))
        battle = battle.logged(
            "13.5", EventKind.PHASE_END, "every player has passed: the Action Phase ends"
        )
        battle = battle.top(replaced(self, passed=passed, stage=ActionPhaseStage.POISON_ORDER))
        players = tuple(p for p in passed if any(f.poisoned for f in battle.on_battlefield(p)))
        if len(players) > 1:
            return sequence(battle, players, "poison damage at the end of the Action Phase", None)
        return battle.top(
            replaced(
                self, passed=passed, stage=ActionPhaseStage.POISON, queue=_poisoned(battle, players)
            )
        )

    def _expire(self, battle: Battle) -> Battle:
        lasting = abilities.lasting_effects()
        fighters = tuple(
            replaced(f, effects=f.effects - lasting, guarding=False) for f in battle.fighters
        )
        ended = sorted(
            {e for f in battle.fighters for e in f.effects & lasting} | {k for k, _ in battle.auras}
        )
        battle = replaced(battle, fighters=fighters, auras=(), energized=frozenset())
        battle = abilities.phase_ended(battle)
        if ended:
            battle = battle.logged(
                "13.5",
                EventKind.EFFECTS_END,
                "spells end with the Action Phase: {spells:comma}",
                spells=tuple(map(effect_name, ended)),
            )
        return battle.finish(self.passed)

    def refused(self, battle: Battle) -> tuple[str, ...]:
        """13.0: the player's fighters that cannot be activated, and passing while one
        can be."""
        if self.stage != ActionPhaseStage.TURNS:
            return ()
        out = [
            f"activate {f.name}: 13.0: {f.name} has a double action counter"
            for f in battle.on_battlefield(self.turn)
            if f.counters >= MAX_COUNTERS
        ]
        out += [
            f"activate {f.name}: 4.4: {f.name} is not on the battlefield"
            for f in battle.fighters
            if f.player == self.turn and not f.on_battlefield
        ]
        if activatable(battle, self.turn):
            out.append("pass: 13.0: a player may pass only when no fighter can be activated")
        return tuple(out)

    def summary(self, battle: Battle, player: int | None) -> dict[str, Any]:
        return {
            "frame": "action phase",
            "stage": self.stage,
            "turn": self.turn + 1,
            "passed": [p + 1 for p in self.passed],
        }


def _poisoned(battle: Battle, players: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(f.name for p in players for f in battle.on_battlefield(p) if f.poisoned)
