"""Battles rebuilt from a player's view (determinization).

A computer player sees only ``view(player)``; to look ahead it needs a whole battle state
it can play forward through the rules. :func:`from_view` turns a view back into one: the
public facts as the view shows them (its ``"public"`` part, drawn by :mod:`.public`), and
the hidden ones drawn at random among those consistent with the view (the unseen cards
dealt to the other hands and the deck, another player's secret notes as :func:`_marks`
says). Each frame of the pending work reads itself back from what the view shows of it
(:meth:`~skirmish.engine.stack.Frame.rebuilt`): a face-down choice drawn among its legal
options, another player's secret picks as a warband the assembly rules allow, finished or
not as the view says, the cards kept through windburn or taken with Insight. Once warbands
built in play are revealed, the setup's warbands are the fighters the view shows. Every
rule then plays on that battle exactly as on the real one. With the true hidden facts
(``hands``, ``notes``) it rebuilds the very state the view was taken from (same state
hash).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from random import Random
from typing import Any

from skirmish.engine.battle import End
from skirmish.engine.stack import ViewError as ViewError
from skirmish.games.magewinds.battle.abilities.mesmer import (
    CLONE,
    DOPPELGANGER,
    GENUINE,
    cast_on,
    line,
    own_doppelganger,
)
from skirmish.games.magewinds.battle.abilities.quake import QuakeFrame
from skirmish.games.magewinds.battle.abilities.quake_attack import QuakeAttack
from skirmish.games.magewinds.battle.abilities.seer import INSIGHT, InsightDraw
from skirmish.games.magewinds.battle.abilities.witch import KEY as CHARM
from skirmish.games.magewinds.battle.abilities.wizard import BlastFrame
from skirmish.games.magewinds.battle.actionphase import ActionPhase
from skirmish.games.magewinds.battle.activation import Activation
from skirmish.games.magewinds.battle.attacks import AttackFrame
from skirmish.games.magewinds.battle.building import WarbandBuilding
from skirmish.games.magewinds.battle.channelling import Channelling
from skirmish.games.magewinds.battle.damage import PoisonDamage
from skirmish.games.magewinds.battle.deployment import Deployment, SetupFrame
from skirmish.games.magewinds.battle.endphase import EndPhase, Windburn
from skirmish.games.magewinds.battle.fragment_markers import Collecting
from skirmish.games.magewinds.battle.placement import Placement
from skirmish.games.magewinds.battle.rolloff import OrderChoice, RollOff
from skirmish.games.magewinds.battle.rounds import Round
from skirmish.games.magewinds.battle.royale import Storm
from skirmish.games.magewinds.battle.setup import Setup, Warband
from skirmish.games.magewinds.battle.sides import SideChoice
from skirmish.games.magewinds.battle.state import (
    Battle,
    Fighter,
    Frame,
    Item,
    Mark,
    Phase,
    Status,
)
from skirmish.games.magewinds.battle.steps import StepFrame
from skirmish.games.magewinds.cards import DECK, sort_cards

FRAMES: tuple[type[Frame], ...] = (
    WarbandBuilding,
    Round,
    SetupFrame,
    RollOff,
    OrderChoice,
    Deployment,
    Channelling,
    ActionPhase,
    Activation,
    StepFrame,
    AttackFrame,
    PoisonDamage,
    EndPhase,
    Windburn,
    Placement,
    SideChoice,
    Storm,
    QuakeFrame,
    QuakeAttack,
    BlastFrame,
    InsightDraw,
    Collecting,
)
"""Every kind of pending work a battle has; a test checks that none is missing."""
_BY_NAME = {kind.__name__: kind for kind in FRAMES}


# -- a battle rebuilt from a view -------------------------------------------------------


def from_view(
    setup: Setup,
    view: Mapping[str, Any],
    rng: Random,
    *,
    hands: Sequence[Sequence[str]] | None = None,
    notes: Sequence[Mark] | None = None,
) -> Battle:
    """A battle consistent with ``view`` (taken in a battle of ``setup``): public facts as
    the view gives them, hidden ones drawn with ``rng``, or the other hands as given in
    ``hands`` (by seat) and the secret notes as given in ``notes`` (the battle's marks)."""
    try:
        return _rebuilt(setup, view, rng, hands, notes)
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise ViewError(f"not a view of this battle: {error!r}") from None


def _rebuilt(
    setup: Setup,
    view: Mapping[str, Any],
    rng: Random,
    given: Sequence[Sequence[str]] | None,
    notes: Sequence[Mark] | None,
) -> Battle:
    public = view["public"]
    me = int(view["player"]) - 1
    setup = _revealed(setup, view["fighters"])
    players = len(setup.warbands)
    known = tuple(frozenset(k) for k in public["known"])
    on_top = {m["detail"] for m in view["marks"] if m["key"] == INSIGHT and "detail" in m}
    hands = _deal(view, me, players, _with_payments(view, known), rng, given, on_top)
    held = {card for hand in hands for card in hand}
    deck = sort_cards(
        [c for c in DECK if c not in held and c not in view["face_up"] and c not in view["discard"]]
    )
    if len(deck) != view["deck"]:
        raise ViewError(f"the view's deck holds {view['deck']} cards, not {len(deck)}")
    fighters = tuple(_fighter(f) for f in view["fighters"])
    marks = _marks(view, fighters, deck, rng) if notes is None else tuple(notes)
    fighters = _doubles(setup, fighters, marks)
    now = view["now"]
    result = None
    if "over" in now:
        winner = now["winner"]
        result = End(None if winner is None else winner - 1, now["over"])
    battle = Battle(
        setup=setup,
        frames=(),
        fighters=fighters,
        hands=hands,
        known=known,
        deck=deck,
        face_up=tuple(view["face_up"]),
        discard=tuple(view["discard"]),
        items=tuple(_item(i) for i in view["objects"]),
        phase=Phase(view["phase"]),
        round=view["round"],
        first=public["first"],
        territories=tuple(view["territories"]),
        deployed=tuple(public["deployed"]),
        channel_passes=tuple(public["channel_passes"]),
        action_passes=tuple(public["action_passes"]),
        energized=frozenset(public["energized"]),
        auras=tuple((key, caster) for key, caster in public["auras"]),
        tally=tuple((what, player, when) for what, player, when in public["tally"]),
        chances=public["chances"],
        marks=marks,
        result=result,
    )
    top = len(public["frames"]) - 1
    frames = tuple(
        _unframe(battle, data, rng, now if i == top else None)
        for i, data in enumerate(public["frames"])
    )
    return replace(battle, frames=frames)


def _revealed(setup: Setup, shown: Sequence[Mapping[str, Any]]) -> Setup:
    """The setup with the warbands built in play (ruling MB-31) as the view's fighters show
    them once revealed; before that, and for warbands given, the setup as it is."""
    if setup.building is None or not shown:
        return setup
    bands = tuple(
        Warband(
            seat,
            tuple(setup.profile(f["profile"]) for f in shown if f["player"] == seat + 1),
            tuple(f["name"] for f in shown if f["player"] == seat + 1),
        )
        for seat in range(len(setup.warbands))
    )
    return replace(setup, warbands=bands)


def _deal(
    view: Mapping[str, Any],
    me: int,
    players: int,
    known: tuple[frozenset[str], ...],
    rng: Random,
    given: Sequence[Sequence[str]] | None,
    on_top: set[str],
) -> tuple[tuple[str, ...], ...]:
    """Every hand: the player's own, the others' known cards plus unseen cards drawn at
    random (or the hands ``given``); a card the player put back on top of the deck
    (Insight) is in the deck, not in another hand."""
    if given is not None:
        return tuple(sort_cards(tuple(hand)) for hand in given)
    mine = tuple(view["hand"])
    seen = set(mine) | set(view["face_up"]) | set(view["discard"]) | on_top
    for other in range(players):
        if other != me:
            seen |= known[other]
    unseen = [c for c in DECK if c not in seen]
    rng.shuffle(unseen)
    hands: list[tuple[str, ...]] = []
    for seat in range(players):
        if seat == me:
            hands.append(sort_cards(mine))
            continue
        count = view["other_hands"][str(seat + 1)]["cards"]
        own_known = sorted(known[seat])
        drawn = [unseen.pop() for _ in range(count - len(own_known))]
        hands.append(sort_cards([*own_known, *drawn]))
    return tuple(hands)


def _with_payments(
    view: Mapping[str, Any], known: tuple[frozenset[str], ...]
) -> tuple[frozenset[str], ...]:
    """The cards each hand is known to hold, with the cards a player has named as a
    payment in an attack not yet resolved (Mirrorshield, Barrier): shown to everyone, and
    still in that hand until the attack is over."""
    gone = set(view["face_up"]) | set(view["discard"])
    named = [set(k) for k in known]
    for data in view["public"]["frames"]:
        for seat, answer in _BY_NAME[data["frame"]].named_by_seat(data):
            cards = answer.split("+")
            if all(c in DECK for c in cards):
                named[seat] |= {c for c in cards if c not in gone}
    return tuple(frozenset(k) for k in named)


def _marks(
    view: Mapping[str, Any], fighters: tuple[Fighter, ...], deck: Sequence[str], rng: Random
) -> tuple[Mark, ...]:
    """The abilities' marks: public ones and the player's own secret notes as the view
    shows them; another player's secret note drawn consistently with what the player has
    seen (rulings MB-41, MB-42, MB-45, MB-49): a Charm note names an enemy of the Witch
    that no other note of hers names and that has been deployed (the note stands even when
    the fighter it names is taken down; where it stood when Charm was cast is not known,
    so every such enemy is drawn alike, as if cast after any Clone of it), a Clone's note
    is drawn as :func:`_clone_notes` says, and a card put back on top of the deck by
    Insight is one of the cards of the deck."""
    holders = view["public"]["note_holders"]
    shown = view["marks"]
    out: list[Mark] = []
    free = [c for c in deck if c not in {m.get("detail") for m in shown if m["key"] == INSIGHT}]
    for data, holder in zip(shown, holders, strict=True):
        key, owner = data["key"], data["owner"]
        if not data.get("secret") or key == GENUINE:
            at = data.get("at")
            out.append(
                Mark(
                    key,
                    owner,
                    target=data.get("target", ""),
                    at=None if at is None else (at[0], at[1]),
                    detail=data.get("detail", ""),
                    seen_by=holder,
                )
            )
        elif key == CHARM:
            noted = {m.target for m in out if m.key == CHARM and m.owner == owner}
            enemies = [f for f in fighters if f.player != holder and f.name not in noted]
            deployed = [f.name for f in enemies if f.status is not Status.RESERVE]
            named = deployed or [f.name for f in enemies]
            out.append(Mark(key, owner, target=rng.choice(named), seen_by=holder))
        elif key == INSIGHT:
            card = rng.choice(free)
            free.remove(card)
            out.append(Mark(key, owner, detail=card, seen_by=holder))
        else:
            raise ViewError(f"a secret note of an unknown kind: {key!r}")
    secret = [bool(data.get("secret")) and data["key"] == GENUINE for data in shown]
    return _clone_notes(out, secret, view["public"]["cloned"], fighters, rng)


def _clone_notes(
    marks: list[Mark],
    secret: list[bool],
    cloned: Sequence[str],
    fighters: tuple[Fighter, ...],
    rng: Random,
) -> tuple[Mark, ...]:
    """The marks with each secret Clone note drawn (ruling MB-49). A note is about the
    fighter its Clone was cast on (public, ``cloned``) and names the fighter its genuine
    twin now is: the twin itself, or, once cloned again, what that later Clone's genuine
    twin now is. What the player knows decides some Clones' genuine twins: its own notes
    (each followed its twin through later Clones, so it tells their genuine twins too) and
    each Clone's pair, which names the fighter a twin has become once a later Clone of it
    is revealed (that Clone's genuine twin, and any it followed), and its own Charm notes
    that followed a Clone (each keeps the fighter it was written about, and names the
    fighter the genuine twin of every Clone since then has become). Every other secret note
    names either twin, one chance in two, independently: every battle consistent with the
    view is as likely as any other, as each choice was when it was written."""
    names = {f.name for f in fighters}
    pairs = {cast_on(m.target): m.target.split(",") for m in marks if m.key == CLONE}
    casters = {cast_on(m.target): m.owner for m in marks if m.key == CLONE}
    chosen: dict[str, str] = {}

    def known(name: str, upto: str, including: bool) -> None:
        """The Clones between fighter ``name`` and ``upto``, each with its genuine twin
        on the way to ``name``."""
        chain = line(name)
        if upto not in chain:
            raise ViewError(f"{name!r} is not a fighter made from {upto!r} by Clones")
        for origin in chain[1 : chain.index(upto) + including]:
            twins = [t for t in pairs.get(origin, ()) if t in chain]
            if not twins:
                continue
            if chosen.setdefault(origin, twins[0]) != twins[0]:
                raise ViewError(f"the view tells two genuine twins of the Clone of {origin!r}")

    for origin, twins in pairs.items():
        for twin in twins:
            known(twin, origin, False)
    for charm in marks:
        if charm.key == CHARM and charm.detail:
            known(charm.target, charm.detail, True)
    notes = [i for i, m in enumerate(marks) if m.key == GENUINE]
    if len(notes) != len(cloned):
        raise ViewError("the view's Clone notes and the fighters cloned do not match")
    for i, origin in zip(notes, cloned, strict=True):
        marks[i] = replace(marks[i], detail=origin)
        if casters.get(origin) != marks[i].owner:
            raise ViewError(f"a Clone note of {marks[i].owner} about {origin!r} has no Clone")
        if not secret[i]:
            known(marks[i].target, origin, True)
            if origin not in chosen:
                raise ViewError(f"the Clone note about {origin!r} names neither twin")
    for i in notes:
        origin = marks[i].detail
        if secret[i] and origin not in chosen:
            chosen[origin] = rng.choice(pairs[origin])

    def now(twin: str) -> str:
        for _ in range(len(chosen) + 1):
            if twin in names:
                return twin
            if twin not in chosen:
                break
            twin = chosen[twin]
        raise ViewError(f"no fighter stands for {twin!r}, a twin of a Clone")

    for i in notes:
        target = now(chosen[marks[i].detail])
        if not secret[i] and target != marks[i].target:
            raise ViewError(f"the Clone note about {marks[i].detail!r} does not follow its twin")
        marks[i] = replace(marks[i], target=target)
    return tuple(marks)


def _doubles(
    setup: Setup, fighters: tuple[Fighter, ...], marks: tuple[Mark, ...]
) -> tuple[Fighter, ...]:
    """The fighters with each Doppelganger as it is: both twins of a Clone show the
    profile its target showed while the note is secret; a fighter is a Doppelganger when,
    at some Clone still secret on its line, it comes from the twin the note does not name
    (rulings MB-45, MB-50). One known for a Doppelganger already shows so."""
    if not own_doppelganger(setup):
        return fighters
    pairs = {cast_on(m.target) for m in marks if m.key == CLONE}
    genuine = {m.detail: line(m.target) for m in marks if m.key == GENUINE}

    def double(name: str) -> bool:
        chain = line(name)
        for i, origin in enumerate(chain[1:]):
            real = genuine.get(origin, []) if origin in pairs else []
            if origin in real and real[real.index(origin) - 1] != chain[i]:
                return True
        return False

    return tuple(replace(f, profile=DOPPELGANGER) if double(f.name) else f for f in fighters)


def _fighter(data: Mapping[str, Any]) -> Fighter:
    return Fighter(
        name=data["name"],
        profile=data["profile"],
        player=data["player"] - 1,
        status=Status(data["status"]),
        at=None if data["at"] is None else (data["at"][0], data["at"][1]),
        damage=data["damage"],
        counters=data["counters"],
        guarding=data["guarding"],
        effects=frozenset(data["effects"]),
        poisoned=data["poisoned"],
        carrying=tuple(data["carrying"]),
    )


def _item(data: Mapping[str, Any]) -> Item:
    return Item(
        name=data["name"],
        at=None if data["at"] is None else (data["at"][0], data["at"][1]),
        carriable=data["carriable"],
        moveable=data["moveable"],
        carried_by=data["carried_by"],
    )


def _unframe(
    battle: Battle, data: Mapping[str, Any], rng: Random, now: Mapping[str, Any] | None = None
) -> Frame:
    """The frame a view shows as ``data``, as its class reads it back
    (:meth:`~skirmish.engine.stack.Frame.rebuilt`)."""
    return _BY_NAME[data["frame"]].rebuilt(battle, data, rng, now)
