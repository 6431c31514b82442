"""The Mesmer's Hypnotize and Clone (Tempest Crusaders, Mesmer page v1.5.0), rulings
MB-40 and MB-45 (Clone: see :func:`cloned`).

A spell action paying 1 Heart at another fighter the Mesmer sees. While it holds, the
Mesmer is the only fighter the target can see (16.0 for everything that asks: attacks,
spells, Heal...), and the target may not end a move or a step move where it cannot draw a
line of sight to the Mesmer (being knocked back or pushed is not the target moving). It is
broken at the start of the Mesmer's next action (MB-37), or as soon as the target can no
longer draw a line of sight to the Mesmer (16.0, ignoring the spell itself), or when either
leaves the battlefield.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import ClassVar

from skirmish.engine.battle import Action, IllegalAction
from skirmish.games.magewinds.battle.abilities.common import (
    ActionAbility,
    TargetedSpell,
    cited,
    ending_with,
    gap,
    marks,
    own,
    paid,
    split_paying,
    with_mark,
    without,
)
from skirmish.games.magewinds.battle.abilities.witch import KEY as CHARM
from skirmish.games.magewinds.battle.actions import after, parse_point, point_text
from skirmish.games.magewinds.battle.eventkinds import EventKind
from skirmish.games.magewinds.battle.geometry import (
    RADIUS,
    in_sight,
    moved,
    sees,
    stand_problem,
)
from skirmish.games.magewinds.battle.objects import CONTACT, drop_everything
from skirmish.games.magewinds.battle.setup import Setup
from skirmish.games.magewinds.battle.state import Battle, Fighter, Mark, Point, rounded
from skirmish.games.magewinds.profiles import Ability
from skirmish.geometry.measure import OVERLAP_TOLERANCE

KEY = "hypnotize"


class Hypnotize(TargetedSpell):
    """Hypnotize: ``hypnotize FIGHTER paying CARDS``."""

    def targets(self, battle: Battle, mesmer: Fighter) -> list[Fighter]:
        held = {m.target for m in marks(battle, KEY, owner=mesmer.name)}
        return [
            t
            for t in battle.on_battlefield()
            if t.name != mesmer.name and t.name not in held and sees(battle, mesmer, t)
        ]

    def nothing(self, battle: Battle, fighter: Fighter) -> str:
        return "no other fighter that the Mesmer sees"

    def refusal(self, battle: Battle, caster: Fighter, target: Fighter) -> str:
        return f"{target.name} is not another fighter that {caster.name} sees (16.0)"

    def cast(self, battle: Battle, caster: Fighter, target: Fighter, spell: Ability) -> Battle:
        battle = with_mark(battle, Mark(KEY, caster.name, target=target.name))
        return battle.logged(
            spell.name,
            EventKind.SPELL,
            "{cited}: {caster} is the only fighter {target} can see, and it may not move out of "
            "{caster}'s sight (ruling MB-40)",
            caster=caster.name,
            spell=spell.name,
            target=target.name,
            words={"cited": cited(battle, spell, caster)},
        )


HYPNOTIZE = Hypnotize(KEY, "hypnotize")


def hypnotist(battle: Battle, viewer: Fighter) -> Fighter | None:
    """The Mesmer whose Hypnotize holds ``viewer``: it is on the battlefield and the viewer
    can still draw a line of sight to it (otherwise the spell is broken, ruling MB-40)."""
    for mark in battle.marks:
        if mark.key == KEY and mark.target == viewer.name:
            mesmer = battle.fighter(mark.owner)
            if mesmer.on_battlefield and viewer.on_battlefield and in_sight(battle, viewer, mesmer):
                return mesmer
    return None


def move_problem(battle: Battle, fighter: Fighter, end: Point) -> str | None:
    """Hypnotize: a move or step of ``fighter`` may not end where it cannot see the
    Mesmer."""
    mesmer = hypnotist(battle, fighter)
    if mesmer is None:
        return None
    there = moved(battle, fighter, end)
    if in_sight(there, there.fighter(fighter.name), there.fighter(mesmer.name)):
        return None
    return (
        f"Hypnotize: from ({point_text(end)}) {fighter.name} could not see {mesmer.name}; "
        "it may not move out of its sight (ruling MB-40)"
    )


def broken(battle: Battle) -> Battle:
    """Hypnotize ends where the target can no longer see the Mesmer (or either is gone)."""
    for mark in marks(battle, KEY):
        target, mesmer = battle.fighter(mark.target), battle.fighter(mark.owner)
        holds = target.on_battlefield and mesmer.on_battlefield
        if not (holds and in_sight(battle, target, mesmer)):
            battle = without(battle, mark).logged(
                "Hypnotize",
                EventKind.SPELL_ENDS,
                "{fighter} can no longer see {caster}: {spells:comma} is broken",
                fighter=target.name,
                caster=mark.owner,
                spells=("Hypnotize",),
            )
    return battle


CLONE = "clone"
GENUINE = "genuine"
CLONE_RANGE = 9.0
DOPPELGANGER = "Doppelganger"
"""A pack's profile of this name, if any, is the Doppelganger's (ruling MB-45)."""


def own_doppelganger(setup: Setup) -> bool:
    """Whether the pack gives the Doppelganger a profile of its own (ruling MB-45)."""
    return any(p.name == DOPPELGANGER for p in setup.pack.fighters)


def _pairs(battle: Battle, target: Fighter) -> list[tuple[Point, Point]]:
    """Representative places for the two fighters: each base over half the old spot, the
    two touching, side by side or one above the other (ruling MB-6)."""
    assert target.at is not None
    x, y = target.at
    out = []
    reach = RADIUS + 0.001
    for ux, uy in ((1.0, 0.0), (0.0, 1.0)):
        first = (round(x - ux * reach, 3), round(y - uy * reach, 3))
        second = (round(x + ux * reach, 3), round(y + uy * reach, 3))
        if _spot_problem(battle, target, first) is None and (
            _spot_problem(battle, target, second) is None
        ):
            out.append((first, second))
    return out


def _spot_problem(battle: Battle, target: Fighter, spot: Point) -> str | None:
    assert target.at is not None
    if math.dist(spot, target.at) > 2 * RADIUS + CONTACT:
        return f"Clone: ({point_text(spot)}) does not touch {target.name}'s old spot"
    return stand_problem(battle, spot, exclude=target.name)


class Clone(ActionAbility):
    """Clone: ``clone FIGHTER to x,y and x,y genuine first|second paying CARDS`` (which of
    the two is genuine is a hidden decision)."""

    hidden: ClassVar[bool] = True

    def targets(self, battle: Battle, mesmer: Fighter) -> list[Fighter]:
        return [
            t
            for t in battle.on_battlefield()
            if t.name != mesmer.name and gap(mesmer, t) <= CLONE_RANGE and sees(battle, mesmer, t)
        ]

    def nothing(self, battle: Battle, fighter: Fighter) -> str:
        return 'no other fighter within 9" that the Mesmer sees, with room beside it'

    def options(self, battle: Battle, fighter: Fighter) -> tuple[Action, ...]:
        out = []
        for target in self.targets(battle, fighter):
            for first, second in _pairs(battle, target):
                for which in ("first", "second"):
                    for way in self.ways(battle, fighter):
                        out.append(
                            f"clone {target.name} to {point_text(first)} and "
                            f"{point_text(second)} genuine {which}{way}"
                        )
        return tuple(out)

    def act(self, battle: Battle, fighter: Fighter, action: Action) -> Battle:
        spell = own(battle, fighter, self.key)
        assert spell is not None
        head, paying = split_paying(action, spell.name)
        words = after(head, "clone") or ""
        if " to " not in words or " and " not in words or " genuine " not in words:
            raise IllegalAction(
                f"{spell.name}: write 'clone FIGHTER to x,y and x,y genuine first|second "
                "paying CARDS'"
            )
        name, rest = words.rsplit(" to ", 1)
        places, which = rest.rsplit(" genuine ", 1)
        one, two = places.split(" and ", 1)
        if which.strip().casefold() not in ("first", "second"):
            raise IllegalAction(f"{spell.name}: say 'genuine first' or 'genuine second'")
        target = battle.find_fighter(name)
        if target.name not in {t.name for t in self.targets(battle, fighter)}:
            raise IllegalAction(
                f'{spell.name}: {target.name} is not another fighter within 9" that '
                f"{fighter.name} sees (16.0)"
            )
        first = rounded(parse_point(one, spell.name))
        second = rounded(parse_point(two, spell.name))
        for spot in (first, second):
            problem = _spot_problem(battle, target, spot)
            if problem:
                raise IllegalAction(problem)
        if math.dist(first, second) < 2 * RADIUS - OVERLAP_TOLERANCE:
            raise IllegalAction(f"0.8.1: {spell.name}: the two bases would overlap")
        battle, _ = paid(battle, fighter, spell, paying)
        genuine_first = which.strip().casefold() == "first"
        return cloned(battle, fighter, target, (first, second), genuine_first, spell.name)


CLONE_ACTION = Clone(CLONE, "clone")


def _free_name(battle: Battle, base: str, number: int) -> str:
    """A twin's name: ``base`` and ``number``, with a prime for each name already taken,
    by a fighter or by a standing Clone's cloned fighter (so that name stays its own)."""
    taken = {f.name for f in battle.fighters} | {m.detail for m in battle.marks if m.key == GENUINE}
    name = f"{base} {number}"
    while name in taken:
        name += "'"
    return name


def cloned(
    battle: Battle,
    mesmer: Fighter,
    target: Fighter,
    spots: tuple[Point, Point],
    genuine_first: bool,
    spell: str,
) -> Battle:
    """The target is removed; it and a Doppelganger are set up at ``spots`` under new
    names that do not say which is which (ruling MB-45). What the target carries is
    dropped as close to its old spot as possible, clear of the two bases (ruling MB-48).
    Both twins show the profile the target showed, so a Clone of a twin does not tell
    which twin of the earlier Clone was the Doppelganger (ruling MB-50)."""
    names = (_free_name(battle, target.name, 1), _free_name(battle, target.name, 2))
    real = 0 if genuine_first else 1
    profile = DOPPELGANGER if own_doppelganger(battle.setup) else target.profile
    shown = shown_profile(battle, target.name, target.profile)
    twin = any(m.key == CLONE and target.name in m.target.split(",") for m in battle.marks)
    rulings = "rulings MB-45, MB-50" if twin and own_doppelganger(battle.setup) else "ruling MB-45"
    genuine = replace(target, name=names[real], at=spots[real], carrying=())
    double = replace(target, name=names[1 - real], at=spots[1 - real], profile=profile)
    double = replace(double, carrying=())
    fighters: list[Fighter] = []
    for f in battle.fighters:
        twins = sorted((genuine, double), key=lambda g: g.name)
        fighters += twins if f.name == target.name else [f]
    battle = replace(
        battle,
        fighters=tuple(fighters),
        marks=tuple(
            _renamed(m, target.name, genuine.name)
            for m in battle.marks
            if m not in ending_with(battle, target.name)
        ),
        auras=tuple((k, c) for k, c in battle.auras if c != target.name),
    )
    if target.carrying and target.at is not None:
        why = "removed by Clone, clear of the two bases set up, ruling MB-48"
        battle = drop_everything(battle, target, target.at, why)
    player = battle.controller(mesmer)
    battle = with_mark(battle, Mark(CLONE, mesmer.name, target=",".join(names), detail=shown))
    battle = with_mark(
        battle, Mark(GENUINE, mesmer.name, target=genuine.name, detail=target.name, seen_by=player)
    )
    version = battle.setup.profile(mesmer.profile).version
    battle = battle.logged(
        "20.2",
        EventKind.CLONE,
        "{spell} (Mesmer v{version}): {target} is removed and set up again beside a "
        "Doppelganger: {twins[0]} at ({spots[0]:point}) and {twins[1]} at ({spots[1]:point}); "
        "player {player} notes which is genuine ({rulings})",
        caster=mesmer.name,
        spell=spell,
        target=target.name,
        twins=tuple(names),
        spots=tuple(spots),
        player=player + 1,
        words={"version": version, "rulings": rulings},
    )
    battle = battle.logged(
        spell,
        EventKind.CLONE_NOTE,
        "{genuine} is the genuine {target}",
        seen_by=player,
        genuine=genuine.name,
        target=target.name,
    )
    if double.damage >= battle.setup.profile(profile).toughness:
        # A Doppelganger of a pack's own profile keeps the target's damage so that the
        # twins look alike (ruling MB-45); damage at its Toughness takes it down (18.5.3).
        from skirmish.games.magewinds.battle.damage import take_down

        battle = take_down(battle, double.name)
    return battle


def _renamed(mark: Mark, old: str, new: str) -> Mark:
    """A mark that outlives the Clone follows the genuine fighter where it is on it (a
    Charm note); the name of who made it is left as it was, which names neither twin. A
    Charm note keeps the fighter it was written about, the first it followed a Clone
    from: its writer knows the genuine twin of every Clone between (ruling MB-49)."""
    if mark.target != old:
        return mark
    if mark.key == CHARM:
        return replace(mark, target=new, detail=mark.detail or old)
    return replace(mark, target=new)


def made_from(twins: str) -> str:
    """The name of the fighter a Clone was cast on, read from a twin's name (or the pair's
    names) as :func:`_free_name` made them: that name, " 1" or " 2", and any primes; a
    name not made so is given back as it is."""
    name = twins.split(",")[0]
    bare = name.rstrip("'")
    return bare[:-2] if bare.endswith((" 1", " 2")) else name


def cast_on(twins: str) -> str:
    """The fighter a Clone was cast on, read from its pair's names (the twins, or the
    fighters they have become, ruling MB-49): the nearest name both lines share."""
    first, *rest = twins.split(",")
    others = set(line(rest[0])) if rest else set()
    return next((n for n in line(first)[1:] if n in others), made_from(first))


def note_of(marks: tuple[Mark, ...], pair: Mark) -> Mark | None:
    """The secret note written with the Clone ``pair``: the same Mesmer's note about the
    fighter that Clone was cast on (ruling MB-49). Not its position: Clones of twins and
    twins taken down leave notes and Clones in any order."""
    origin = cast_on(pair.target)
    return next(
        (m for m in marks if m.key == GENUINE and m.owner == pair.owner and m.detail == origin),
        None,
    )


def revealed(battle: Battle, name: str, down: str = "") -> Battle:
    """Fighter ``name`` is taken down: the note of each Clone it is a twin of is revealed
    (ruling MB-45). When it was that Clone's genuine fighter, the fighter cloned was
    itself a twin of an earlier Clone, now taken down under its new name: that Clone's
    note is revealed too. When the genuine stands, it is the fighter the twin cloned now
    is, and earlier Clones name it so (ruling MB-49)."""
    down = down or name
    for pair in [m for m in battle.marks if m.key == CLONE and name in m.target.split(",")]:
        note = note_of(battle.marks, pair)
        battle = replace(battle, marks=tuple(m for m in battle.marks if m not in (pair, note)))
        if note is None:
            continue
        battle = battle.logged(
            "Clone",
            EventKind.CLONE_REVEALED,
            "{fighter} is taken down: the note is revealed, {genuine} is the genuine {target} "
            "(rulings MB-45, MB-49)",
            fighter=down,
            genuine=note.target,
            target=note.detail,
        )
        battle = _exposed(battle, pair, note)
        if note.target == down:
            battle = revealed(battle, note.detail, down)
        else:
            battle = _told(battle, note)
            marks = tuple(_twin_renamed(m, note.detail, note.target) for m in battle.marks)
            battle = replace(battle, marks=marks)
    return battle


def _told(battle: Battle, note: Mark) -> Battle:
    """A note revealed names the fighter its twin now is, so it tells the genuine twin of
    each later Clone that twin went through: those Clones are revealed with it (ruling
    MB-49)."""
    chain = line(note.target)
    for origin in chain[1 : chain.index(note.detail)]:
        pair = next(
            (m for m in battle.marks if m.key == CLONE and cast_on(m.target) == origin), None
        )
        later = None if pair is None else note_of(battle.marks, pair)
        if pair is None or later is None:
            continue
        battle = replace(battle, marks=tuple(m for m in battle.marks if m not in (pair, later)))
        battle = _exposed(battle, pair, later)
        battle = battle.logged(
            "Clone",
            EventKind.CLONE_REVEALED,
            "{fighter} is the genuine {origin}, so the note about {target} is revealed too: "
            "{genuine} is the genuine {target} (rulings MB-45, MB-49)",
            fighter=note.target,
            origin=note.detail,
            genuine=later.target,
            target=origin,
        )
    return battle


def _exposed(battle: Battle, pair: Mark, note: Mark) -> Battle:
    """The Clone ``pair`` is revealed by its ``note``: its twin not on the genuine
    fighter's line is known to be the Doppelganger. With a Doppelganger profile of the
    pack's own, every later Clone of that twin still secret shows that profile from now
    on: both its twins are Doppelgangers (ruling MB-50)."""
    if not own_doppelganger(battle.setup):
        return battle
    genuine = line(note.target)
    doubles = {t for t in pair.target.split(",") if t not in genuine}
    marks = tuple(
        replace(m, detail=DOPPELGANGER)
        if m.key == CLONE and doubles & set(line(m.target.split(",")[0]))
        else m
        for m in battle.marks
    )
    return replace(battle, marks=marks)


def _twin_renamed(mark: Mark, old: str, new: str) -> Mark:
    """A Clone's pair naming ``old`` among its twins names ``new`` instead: the fighter
    that twin is now, a later Clone of it being revealed (ruling MB-49)."""
    if mark.key != CLONE or old not in mark.target.split(","):
        return mark
    return replace(mark, target=",".join(new if t == old else t for t in mark.target.split(",")))


def line(name: str) -> list[str]:
    """The names a fighter had through the Clones it is a twin of: its own first, then the
    fighter each Clone was cast on, as :func:`made_from` reads them."""
    out = [name]
    while made_from(out[-1]) != out[-1]:
        out.append(made_from(out[-1]))
    return out


def shown_profile(battle: Battle, name: str, profile: str) -> str:
    """The profile a player sees for fighter ``name``: a Doppelganger of its own profile
    shows the one its target showed while the note is secret (rulings MB-45, MB-50)."""
    for mark in battle.marks:
        if mark.key == CLONE and name in mark.target.split(","):
            return mark.detail
    return profile
