"""The points where the fighters' abilities and the scenarios plug into the battle kernel.

The kernel (the state, the phases, an activation, its steps, an attack, damage, the card
draws) asks the questions below and never imports an ability's or a scenario's module, nor
tests one's name: :mod:`.abilities` answers :data:`ABILITIES`, :mod:`.catalogue` and the
scenario modules answer :data:`SCENARIOS`, and :mod:`.view` answers :data:`VIEWS`. They
fill the answers in when they are imported, which the battle package's ``__init__`` does
before any battle is played (importing any module of the package runs it first); the
kernel's modules import only this one. A question asked before its answer is given raises
:class:`Unplugged`, naming it.

The hook list a new ability or scenario uses is in ``docs/architecture.md``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from skirmish.engine.battle import Action
    from skirmish.games.magewinds.battle.scenarios import Scenario
    from skirmish.games.magewinds.battle.state import Battle, Fighter, Frame, Point
    from skirmish.games.magewinds.effects import Effect
    from skirmish.games.magewinds.field import Battlefield
    from skirmish.games.magewinds.profiles import AttackProfile
    from skirmish.games.magewinds.sightlines import LineOfAttack


class Unplugged(LookupError):
    """A hook was asked before the module that answers it was imported."""


class Hooks:
    """A set of questions, each an annotated attribute that the module answering it sets."""

    def __getattr__(self, name: str) -> Any:
        """Only called for an attribute not set yet: a question with no answer."""
        if name in inspect.get_annotations(type(self)):
            raise Unplugged(
                f"battle hook {type(self).__name__}.{name} has no answer yet: it is given "
                "when skirmish.games.magewinds.battle is imported"
            )
        raise AttributeError(name)


@dataclass(frozen=True)
class Castable:
    """A spell that may be cast now, as far as everyone can see: ``caster`` has the
    spell ``key`` and ``target`` is a legal target (named in the action when ``by`` or
    ``on`` says so). Whether its player can pay is theirs alone to know."""

    caster: Fighter
    key: str
    target: Fighter | None = None
    by: bool = False


class ActionRules(Protocol):
    """What the kernel asks of an ability that is an action (13.0), chosen by its word."""

    @property
    def key(self) -> str: ...

    @property
    def word(self) -> str: ...

    @property
    def hidden(self) -> bool: ...

    def affordable(self, battle: Battle, fighter: Fighter) -> bool: ...

    def available(self, battle: Battle, fighter: Fighter) -> bool: ...

    def why_not(self, battle: Battle, fighter: Fighter) -> str: ...

    def options(self, battle: Battle, fighter: Fighter) -> tuple[Action, ...]: ...

    def act(self, battle: Battle, fighter: Fighter, action: Action) -> Battle: ...


class AbilityHooks(Hooks):
    """Everything the kernel asks the fighters' own abilities, one answer per question."""

    words: Callable[[Battle, Fighter], list[str]]
    """The action abilities on a fighter's profile, by the word that chooses them (13.0)."""
    action: Callable[[str], ActionRules]
    """The action ability chosen by a word."""
    start_casts: Callable[[Battle, Fighter], list[Action]]
    """Ability spells a fighter may cast as its activation starts."""
    end_spells: Callable[[Battle, Fighter], list[Castable]]
    """Ability spells with a casting cost that may be cast as a fighter's activation ends,
    offered before the universal ones, whatever the hand (ruling MB-23)."""
    phase_start_casts: Callable[[Battle, int], list[Castable]]
    """Ability spells a player's fighters may cast as the Action Phase starts, whatever the
    hand (rulings MB-19, MB-23)."""
    spell_effect: Callable[[Battle, str, Fighter, Fighter], Battle | None]
    """The effect of an ability spell (named as its cast action writes it) cast by the
    first fighter on the second, once paid for; None when it is not one of them."""
    lasting_effects: Callable[[], frozenset[str]]
    """The spells on fighters that end with the Action Phase (13.5), by key."""
    effect_keys: Callable[[], tuple[str, ...]]
    """Every spell a fighter may have among its effects, by key (a position file's)."""
    attacking_as: Callable[[Battle, Fighter], Fighter]
    """A fighter as it attacks: the auras that reach it among its effects (asked only
    when the battle has auras)."""
    spell_effects: Callable[[Fighter, bool], frozenset[Effect]]
    """The spells in effect on a fighter as the attack procedure reads them (18.0), an
    aura only while it attacks (the flag)."""
    end_moment: Callable[[Battle, Fighter], bool]
    """Whether the end of an activation has an ability spell to decide on (ruling MB-23)."""
    end_casts: Callable[[Battle, Fighter], list[Action]]
    """Ability spells a fighter may cast as its activation ends."""
    cast: Callable[[Battle, Fighter, Action], Battle | None]
    """The effect of one of those casts, or None when the action is not one of them."""
    activated: Callable[[Battle, Fighter], Battle]
    """A fighter is activated."""
    began: Callable[[Battle, Fighter, str], Battle]
    """A fighter begins an action (given its word)."""
    activation_ended: Callable[[Battle, Fighter], Battle]
    """A fighter's activation ends."""
    turn_started: Callable[[Battle, int], Battle]
    """A player's turn in the Action Phase begins."""
    phase_ended: Callable[[Battle], Battle]
    """The Action Phase ends (13.5)."""
    redeployed: Callable[[Battle, Fighter], Battle]
    """A fighter was re-deployed (20.2)."""
    move_problem: Callable[[Battle, Fighter, Point], str | None]
    """Why a fighter may not end a move or step at a point, or None."""
    movement_cap: Callable[[Battle, Fighter], float | None]
    """How far a fighter may move at a time (None: no cap)."""
    unpushable: Callable[[Battle, Fighter], bool]
    """Whether a fighter cannot be pushed (knockback, Push)."""
    movement_bonuses: Callable[[Battle, Fighter], list[tuple[int, str]]]
    """What a fighter's spells add to its Movement for a Move, each with its reason."""
    carry_refused: Callable[[Fighter], str | None]
    """The spell that keeps a fighter from picking objects up (19.1), if any."""
    haste_bonus: Callable[[Battle, Fighter], int]
    """The Movement bonus a caster's Haste gives."""
    phase_walks: Callable[[Battle, Fighter], list[Action]]
    """Casts that let a moving fighter ignore obstacles and enemies while it moves."""
    phase_walk_cast: Callable[[Battle, Fighter, Fighter], Battle]
    """One of those was cast (by the first fighter on the second)."""
    phased: Callable[[Battle, Fighter], Battlefield]
    """The battlefield as such a moving fighter moves over it."""
    recovers_later: Callable[[Battle, Fighter], bool]
    """Whether a fighter's Recover heals later rather than at once."""
    recover_later: Callable[[Battle, Fighter], Battle]
    """Such a Recover was paid: the healing to come."""
    cover_from: Callable[[Battle, Fighter, Fighter, LineOfAttack | None], str | None]
    """The fighter whose ability puts the target in cover against this attack, if any."""
    attack_declared: Callable[[Battle, Fighter, Fighter, AttackProfile], Battle]
    """An attack was declared at a fighter (what its abilities say of it in the log)."""
    defers: Callable[[AttackProfile], bool]
    """Whether an attack's target's reactions wait for work the attack brings (Blast)."""
    after_attack: Callable[[Battle, Fighter, Fighter, AttackProfile], Frame]
    """The work that follows such an attack, under its frame."""
    aimed: Callable[[AttackProfile], bool]
    """Whether an attack may only be made from an ability's marker."""
    attack_refused: Callable[[Battle, Fighter, AttackProfile], str | None]
    """Why a fighter's abilities refuse it an attack now, or None."""
    target_refused: Callable[[Battle, Fighter, AttackProfile, Fighter], str | None]
    """Why they refuse that attack at that target, or None."""
    draw_options: Callable[[Battle, int], tuple[Action, ...]]
    """Draws a player may make in the Channelling Phase besides the card game's own."""
    draw: Callable[[Battle, int, Action], Battle | None]
    """The effect of one of those draws, or None when the action is not one of them."""
    sight_held_by: Callable[[Battle, Fighter], Fighter | None]
    """The one fighter a viewer may see while an ability holds its sight, if any (asked only
    when the battle has marks)."""
    sees_all: Callable[[Fighter], bool]
    """Whether a fighter sees everything on the battlefield, whatever is in the way."""
    controller: Callable[[Battle, Fighter], int | None]
    """The player an ability gives a fighter to, if any (asked only when the battle has
    marks)."""
    known_top: Callable[[Battle], tuple[str, str] | None]
    """The card an ability put back known on top of the face-down deck, with the ability's
    name, if any (asked only when the battle has marks)."""
    card_drawn: Callable[[Battle, str], Battle]
    """A card was taken from the face-down deck: what an ability knew of it goes (asked
    only when the battle has marks)."""
    taken_down: Callable[[Battle, str], Battle]
    """A fighter was taken down (18.5.3, 4.4): what its abilities leave behind."""


class ScenarioHooks(Hooks):
    """What the kernel asks of the scenarios beyond a :class:`Scenario`'s own fields."""

    find: Callable[[str, str | None], Scenario]
    """A scenario by id or name at a page version (None: the default)."""
    listed: Callable[[], tuple[Scenario, ...]]
    """Every scenario, at its default page version."""
    can_escape: Callable[[Battle, Fighter], bool]
    """Whether a fighter may Escape (only asked when the scenario has ``escape``)."""
    out_of_escape: Callable[[Battle, Fighter, float], bool]
    """Whether a fighter is surely too far to Escape with this many inches."""
    escape: Callable[[Battle, Fighter], Battle]
    """A fighter Escapes."""


class ViewHooks(Hooks):
    """What the state asks of the module that draws what a player may know."""

    view: Callable[[Battle, int], dict[str, Any]]
    """All a player may know of the battle (:meth:`Battle.view`)."""


ABILITIES = AbilityHooks()
SCENARIOS = ScenarioHooks()
VIEWS = ViewHooks()


def missing() -> list[str]:
    """The hooks that have no answer yet (none once the battle package is loaded)."""
    return [
        f"{type(hooks).__name__}.{name}"
        for hooks in (ABILITIES, SCENARIOS, VIEWS)
        for name in inspect.get_annotations(type(hooks))
        if name not in vars(hooks)
    ]
