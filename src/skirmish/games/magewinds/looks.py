"""What stops a straight line on a Magewinds battlefield, and where a look starts and ends.

Contact (ruling MW-18): a base within ``OVERLAP_TOLERANCE`` of touching an obstacle or
another base (overlapping it or apart by that much at most) is looked at as the same base
a hair away from it. A target base overlapping something is drawn ``CONTACT_GAP`` smaller,
so the lines to the part of its edge pressed into a wall are blocked exactly when they
would be a hair away; a looker whose closest point lies within the tolerance of something
its base touches looks from ``CONTACT_GAP`` inside its edge. A looker standing on an
obstacle (only low obstacles can be stood on that deeply) looks out over it, and a target
standing in one is hidden by it where lines to it cross it.

Caches key on values (the battlefield's :class:`Layout`), never on which object was loaded.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache, partial

import shapely
from shapely import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from skirmish.fastpaths import Kept, fast, keep, keep_all
from skirmish.games.magewinds.field import Battlefield, Layout
from skirmish.geometry import EPSILON, Based, HeightClass
from skirmish.geometry.arcs import Discs, Prepared, arcs
from skirmish.geometry.clearance import true_circles
from skirmish.geometry.measure import OVERLAP_TOLERANCE
from skirmish.geometry.pieces import ConvexParts
from skirmish.geometry.shapes import disc
from skirmish.geometry.sight import EdgeView, SightMethod, visible_part
from skirmish.geometry.sweep import Ray, sweep

CONTACT_GAP = 2 * OVERLAP_TOLERANCE
"""Inches a touching base is drawn smaller for sight: the hair between it and what it
touches is then at least ``OVERLAP_TOLERANCE`` (ruling MW-18)."""
REMEMBERED = 20_000
"""Answers kept per set of blockers (about every pair of 70 fighters, three ways)."""
NEAR_SEGMENTS = 32
"""Segments per quarter circle of the 1" ring around an attacker (18.2, ruling MW-14)."""

HIGH = (HeightClass.HIGH,)
OBSTACLES = (HeightClass.LOW, HeightClass.MEDIUM, HeightClass.HIGH)


@dataclass(frozen=True)
class Blocker:
    """Something that can stop a straight line: a terrain piece or another fighter's base."""

    name: str
    kind: str
    footprint: Polygon
    index: int = -1
    """Its position among the battlefield's terrain or fighters."""

    @property
    def label(self) -> str:
        return f"{self.kind} {self.name!r}"


@lru_cache(maxsize=4096)
def edge_of(x: float, y: float, radius: float) -> LineString:
    """The edge of a round base as a line (its corners on the circle)."""
    return LineString(disc(x, y, radius).exterior.coords)


@dataclass(frozen=True)
class Near:
    """A terrain blocker within a distance of a base (18.2, ruling MW-14), known by the
    base's place and radius, the distance and the blocker (``key``): what counts of it is
    what lies outside :attr:`disc`."""

    key: tuple[float, float, float, float, int]
    footprint: BaseGeometry = field(compare=False)

    @property
    def index(self) -> int:
        return self.key[-1]

    @cached_property
    def disc(self) -> tuple[float, float, float]:
        """The base's centre, and its radius and the distance (and EPSILON) together."""
        x, y, radius, inches, _ = self.key
        return (x, y, radius + inches + EPSILON)

    @cached_property
    def clear_of_base(self) -> bool:
        """Whether what counts of it (drawn either way) lies further than
        ``OVERLAP_TOLERANCE`` from every point of the base."""
        inches, reach = self.key[3], self.disc[2]
        return inches - reach * (1 - math.cos(math.pi / 4 / NEAR_SEGMENTS)) > OVERLAP_TOLERANCE

    @cached_property
    def rest(self) -> BaseGeometry:
        """What is left of the blocker beyond the distance, the disc drawn as a polygon
        (``NEAR_SEGMENTS`` a quarter circle; the sweep's and the shadows' way)."""
        x, y, reach = self.disc
        return self.footprint.difference(Point(x, y).buffer(reach, quad_segs=NEAR_SEGMENTS))

    @cached_property
    def pieces(self) -> ConvexParts:
        """:attr:`rest` as convex pieces, for the sweep."""
        return ConvexParts.of([self.rest], [self.index])

    @property
    def within(self) -> bool:
        """Whether the whole blocker lies within the distance: on true circles, every corner
        of its footprint in the disc; on polygons, nothing left of it beyond the polygon."""
        return self._in_disc if true_circles() else bool(self.rest.is_empty)

    @cached_property
    def _in_disc(self) -> bool:
        x, y, reach = self.disc
        corners = shapely.get_coordinates(self.footprint)
        gaps = (corners[:, 0] - x) ** 2 + (corners[:, 1] - y) ** 2
        return bool((gaps <= reach * reach).all())


@dataclass(eq=False)
class _Drawn:
    """The convex pieces and bounding boxes of a set of blockers, once worked out."""

    parts: ConvexParts | None = None
    circles: Prepared | None = None
    bounds: tuple[tuple[float, float, float, float], ...] | None = None
    terrain: tuple[object, tuple[HeightClass, ...]] | None = None
    """The battlefield's terrain and the height classes the blockers take from it, by which
    the terrain made ready for the closed form is kept (:data:`_TERRAIN`)."""
    touched: dict[tuple[str, float, float, float], tuple[tuple[int, float], ...]] = field(
        default_factory=dict
    )
    """What a base of a name touches at a place (:func:`touches`), asked by
    :meth:`Blockers.touching_as` (on the fast path, part :data:`TOUCHING`), at most
    :data:`NEAR_KEPT` places, then from empty (:func:`~skirmish.fastpaths.keep`). It is
    kept here, with the blockers' other drawn pieces and freed with them, rather than in a
    :class:`~skirmish.fastpaths.Kept` store keyed by the blockers, which would hold that
    many battlefields' blockers alive."""


@dataclass(frozen=True)
class Blockers:
    """Terrain of some height classes plus every fighter's base, with a spatial index.

    ``touching`` lists, for each fighter, the blockers within ``OVERLAP_TOLERANCE`` of its
    base (index, and the gap: negative when they overlap), other than its own base.
    """

    items: tuple[Blocker, ...]
    footprints: tuple[Polygon, ...]
    tree: shapely.STRtree
    touching: dict[str, tuple[tuple[int, float], ...]] = field(default_factory=dict)
    bases: tuple[Based, ...] = ()
    """Every fighter's base, in the order the fighter blockers index them."""
    _near: dict[tuple[float, float, float, float], tuple[Near, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    _seen: dict[tuple[Look, SightMethod], EdgeView] = field(
        default_factory=dict, compare=False, repr=False
    )
    _drawn: _Drawn = field(default_factory=lambda: _Drawn(), compare=False, repr=False)
    """What is worked out from the footprints when first asked, shared with every copy
    :meth:`touching_as` makes (a copy that is never swept never cuts the pieces)."""

    @cached_property
    def _fighters(self) -> dict[str, int]:
        return {b.name: i for i, b in enumerate(self.items) if b.kind == "fighter"}

    def fighters(self, *names: str) -> frozenset[int]:
        """The indexes of the fighters called ``names`` (none when bases do not block)."""
        return frozenset(self._fighters[n] for n in names if n in self._fighters)

    def indexes(self, names: set[str], kind: str | None = None) -> frozenset[int]:
        """The indexes of the blockers called ``names`` (of ``kind`` when given)."""
        return frozenset(
            i
            for i, b in enumerate(self.items)
            if b.name in names and (kind is None or b.kind == kind)
        )

    @property
    def bounds(self) -> tuple[tuple[float, float, float, float], ...]:
        """Each blocker's bounding box: min x, min y, max x, max y."""
        drawn = self._drawn
        if drawn.bounds is None:
            boxes: list[list[float]] = shapely.bounds(list(self.footprints)).tolist()
            drawn.bounds = tuple((a, b, c, d) for a, b, c, d in boxes)
        return drawn.bounds

    @property
    def parts(self) -> ConvexParts:
        """Every blocker as convex pieces, for the sweep."""
        drawn = self._drawn
        if drawn.parts is None:
            drawn.parts = ConvexParts.of(self.footprints)
        return drawn.parts

    @property
    def circles(self) -> Prepared:
        """The terrain as convex pieces and every fighter's base as a true circle, for the
        closed form (:func:`skirmish.geometry.arcs.arcs`)."""
        drawn = self._drawn
        if drawn.circles is None:
            terrain = [i for i, item in enumerate(self.items) if item.kind != "fighter"]
            fighters = [i for i, item in enumerate(self.items) if item.kind == "fighter"]

            def ready() -> Prepared:
                return Prepared.of(ConvexParts.of([self.footprints[i] for i in terrain], terrain))

            kept = (
                _TERRAIN.get(drawn.terrain[0], ready, drawn.terrain[1])
                if fast() and drawn.terrain is not None
                else ready()
            )
            drawn.circles = kept.joined(
                Discs.of(
                    [
                        (base.x, base.y, base.radius)
                        for base in (self.bases[self.items[i].index] for i in fighters)
                    ],
                    fighters,
                )
            )
        return drawn.circles

    def touching_as(self, bases: Sequence[Based]) -> Blockers:
        """These blockers, with each of ``bases`` touching what a fighter of its name
        standing there would touch (instead of what that fighter touches where it stands).

        The blockers themselves do not change, nor what each look at them sees: a look's
        answer depends on the blockers it does not pass over and on what the looker and
        the target touch. So a fighter that may stand elsewhere (a trial step) is asked
        about without the battlefield being built again, provided the looks pass over its
        own base. The copy shares the pieces and the answers remembered so far.
        """
        touching = dict(self.touching)
        kept = self._drawn.touched
        for base in bases:
            if fast(TOUCHING):  # what a base touches at a place, kept by these blockers
                key = (base.name, base.x, base.y, base.radius)
                gaps = kept.get(key)
                if gaps is None:
                    gaps = keep(
                        kept, key, touches(self.items, self.tree, self.bases, base), NEAR_KEPT
                    )
            else:
                gaps = touches(self.items, self.tree, self.bases, base)
            if gaps:
                touching[base.name] = gaps
            else:
                touching.pop(base.name, None)
        return replace(self, touching=touching)

    def near(self, base: Based, inches: float) -> tuple[Near, ...]:
        """The terrain blockers within ``inches`` of ``base`` (8.0)."""
        key = (base.x, base.y, base.radius, inches)
        found_near = self._near.get(key)
        if found_near is None:
            reach = inches + base.radius + EPSILON
            found = []
            close = self.tree.query(base.centre, predicate="dwithin", distance=reach)
            for i in sorted(int(j) for j in close):
                item = self.items[i]
                if item.kind == "fighter":
                    continue
                if float(item.footprint.distance(base.centre)) - base.radius <= inches + EPSILON:
                    found.append(Near((*key, i), item.footprint))
            # Shared by a table's battlefields, so bounded.
            found_near = keep(self._near, key, tuple(found), NEAR_KEPT)
        return found_near


def blockers(field: Battlefield, classes: tuple[HeightClass, ...], bases: bool) -> Blockers:
    """What can stop a straight line on ``field``: terrain of ``classes`` and, if
    ``bases``, every fighter (attacker and target are passed over per question)."""
    return _blockers(field.layout, classes, bases)


@lru_cache(maxsize=64)
def _blockers(layout: Layout, classes: tuple[HeightClass, ...], bases: bool) -> Blockers:
    items = [
        Blocker(t.name, f"{t.height_class.value} obstacle", t.footprint, i)
        for i, t in enumerate(layout.terrain)
        if t.height_class in classes
    ]
    fighters = [b for b in layout.bases if b.kind == "fighter"]
    if bases:
        items += [Blocker(b.name, "fighter", b.footprint, i) for i, b in enumerate(fighters)]
    footprints = tuple(b.footprint for b in items)
    tree = shapely.STRtree(list(footprints))
    touching = {}
    if fast(TOUCHING):
        found = _touching_all(items, tree, fighters)
    else:
        found = [touches(items, tree, fighters, base) for base in fighters]
    for base, gaps in zip(fighters, found, strict=True):
        if gaps:
            touching[base.name] = gaps
    near = _NEAR.get(layout.terrain, dict, classes) if fast() else {}
    drawn = _Drawn(terrain=(layout.terrain, classes))
    return Blockers(tuple(items), footprints, tree, touching, tuple(fighters), near, _drawn=drawn)


_TERRAIN: Kept[Prepared] = Kept("terrain made ready for the closed form", size=64)
"""The terrain of a table (of some height classes) made ready for
:func:`skirmish.geometry.arcs.arcs`, shared by the blockers of every battlefield with that
terrain (the fast path; on the plain path each battlefield's blockers make it afresh)."""

NEAR_KEPT = 5_000
"""Places kept by :meth:`Blockers.near` (for every battlefield of a table, on the fast
path); when full, the store starts again from empty."""
_NEAR: Kept[dict[tuple[float, float, float, float], tuple[Near, ...]]] = Kept(
    "terrain near a base", size=64
)
"""What :meth:`Blockers.near` found, shared by the blockers of every battlefield with the
same terrain and height classes: it reads only the terrain (the same blockers, indexed
alike, since the terrain comes first), never a fighter's base, so the terrain near a place
is the same whoever stands where (the fast path; on the plain path each battlefield's
blockers find it afresh)."""


TOUCHING = "touching at once"
"""The part of the fast paths (:func:`skirmish.fastpaths.fast`) that finds what every
fighter's base touches (:func:`touches`) for a new battlefield's blockers in two
vectorised shapely calls: the spatial index asked about every base at once, and every
distance to a terrain footprint at once (the very GEOS computation of each pair); and
keeps what a base of a name touches at a place for the blockers that asked
(:meth:`Blockers.touching_as`: the same base asked about again and again where it stands,
or at a trial position, as sight is looked for)."""


def _touching_all(
    items: Sequence[Blocker], tree: shapely.STRtree, fighters: Sequence[Based]
) -> list[tuple[tuple[int, float], ...]]:
    """:func:`touches` for each of ``fighters``, all at once."""
    if not fighters:
        return []
    centres = shapely.points([(base.x, base.y) for base in fighters])
    reaches = [base.radius + OVERLAP_TOLERANCE for base in fighters]
    asking, close = tree.query(centres, predicate="dwithin", distance=reaches)
    pairs = sorted(zip(asking.tolist(), close.tolist(), strict=True))
    terrain = [(w, i) for w, i in pairs if items[i].kind != "fighter"]
    measured: dict[tuple[int, int], float] = {}
    if terrain:
        shapes = [items[i].footprint for _, i in terrain]
        gaps = shapely.distance(shapes, centres[[w for w, _ in terrain]]).tolist()
        measured = dict(zip(terrain, gaps, strict=True))
    close_to: list[list[int]] = [[] for _ in fighters]
    for w, i in pairs:
        close_to[w].append(i)
    return [
        _touching(items, fighters, base, close_to[w], partial(_measured, measured, w))
        for w, base in enumerate(fighters)
    ]


def _measured(measured: dict[tuple[int, int], float], asking: int, blocker: int) -> float:
    return measured[asking, blocker]


def touches(
    items: Sequence[Blocker], tree: shapely.STRtree, fighters: Sequence[Based], base: Based
) -> tuple[tuple[int, float], ...]:
    """The blockers within ``OVERLAP_TOLERANCE`` of ``base`` other than its own, each with
    the gap (negative when they overlap); ``fighters`` are the bases the fighter blockers
    index."""
    reach = base.radius + OVERLAP_TOLERANCE
    close = tree.query(base.centre, predicate="dwithin", distance=reach)
    return _touching(
        items,
        fighters,
        base,
        sorted(int(j) for j in close),
        lambda i: float(items[i].footprint.distance(base.centre)),
    )


def _touching(
    items: Sequence[Blocker],
    fighters: Sequence[Based],
    base: Based,
    close: Sequence[int],
    terrain_gap: Callable[[int], float],
) -> tuple[tuple[int, float], ...]:
    """:func:`touches` given the blockers ``close`` to ``base`` (in order) and the gap to
    each terrain blocker."""
    gaps = []
    for i in close:
        item = items[i]
        if item.kind == "fighter":
            if item.name == base.name:
                continue
            other = fighters[item.index]
            gap = math.dist((base.x, base.y), (other.x, other.y)) - other.radius
        else:
            gap = terrain_gap(i)
        if gap - base.radius <= OVERLAP_TOLERANCE:
            gaps.append((i, gap - base.radius))
    return tuple(gaps)


@dataclass(frozen=True)
class Look:
    """One straight-line question: from ``source`` to the edge of a round base.

    ``skip``: blockers passed over; ``replaced``: blockers drawn smaller (MW-14's parts);
    ``inside``: the edge runs inside a blocker the looker does not pass over.
    """

    source: tuple[float, float]
    centre: tuple[float, float]
    radius: float
    skip: frozenset[int] = frozenset()
    replaced: tuple[Near, ...] = ()
    inside: bool = False

    @property
    def edge(self) -> LineString:
        return edge_of(*self.centre, self.radius)


def look(
    among: Blockers,
    looker: Based,
    target: Based,
    skip: frozenset[int] = frozenset(),
    replaced: tuple[Near, ...] = (),
) -> Look:
    """From the closest point of ``looker``'s base towards ``target`` (16.0, 18.1) to
    ``target``'s base edge, with contact handled as ruling MW-18 says."""
    dx, dy = target.x - looker.x, target.y - looker.y
    length = math.hypot(dx, dy) or 1.0

    def towards(reach: float) -> tuple[float, float]:
        return looker.x + dx / length * reach, looker.y + dy / length * reach

    source = towards(looker.radius)
    # What is left of a blocker beyond the disc round the looker (MW-14's parts beyond 1")
    # lies further than the tolerance from every point of its base, the source among them:
    # it is neither touched nor stood on, and no shape need be measured for it.
    apart = frozenset(near.index for near in replaced if near.clear_of_base) if replaced else skip
    own = [
        (i, gap)
        for i, gap in among.touching.get(looker.name, ())
        if i not in skip and i not in apart
    ]
    if own:
        shapes = {near.index: near.rest for near in replaced}
        nearby = [(shapes.get(i, among.footprints[i]), gap) for i, gap in own]
        point = Point(source)
        if any(
            gap >= -OVERLAP_TOLERANCE and float(shape.distance(point)) <= OVERLAP_TOLERANCE
            for shape, gap in nearby
        ):
            source = towards(looker.radius - CONTACT_GAP)
            point = Point(source)
        skip = skip | frozenset(
            i
            for (i, gap), (shape, _) in zip(own, nearby, strict=True)
            if gap < -OVERLAP_TOLERANCE and shape.intersects(point)
        )
    pressed = [gap for i, gap in among.touching.get(target.name, ()) if i not in skip and gap < 0]
    radius = target.radius
    if any(gap >= -OVERLAP_TOLERANCE for gap in pressed):
        radius -= CONTACT_GAP
    inside = any(gap < -OVERLAP_TOLERANCE for gap in pressed)
    return Look(source, (target.x, target.y), radius, skip, replaced, inside)


SEEN_MARGIN = 0.005
"""Inches a straight line must pass every blocker by for :func:`seen_straight`: more than
the edge drawn as a polygon lies inside the true circle (r(1 - cos(pi/64)), about 0.0006"
for a 25 mm base), and many times :data:`~skirmish.geometry.EPSILON`."""


def seen_straight(among: Blockers, chosen: Look) -> bool:
    """Whether the look sees some of its edge, found without the sweep: the straight line
    from its source towards the target's centre, to :data:`SEEN_MARGIN` inside the edge,
    passes every blocker it does not pass over (those drawn smaller as drawn) by more than
    :data:`SEEN_MARGIN`. Then the point where that line crosses the edge drawn as a
    polygon is seen, and so are the points of the edge within the margin of it, far more
    than :data:`~skirmish.geometry.EPSILON` of it: :func:`views` finds that edge visible
    too (the tests compare the two on generated battlefields).

    A witness, never a denial: ``False`` only means the sweep must decide (the line passes
    near something, the source lies within the margin of the edge, or the edge runs inside
    a blocker)."""
    if chosen.inside:
        return False
    (sx, sy), (cx, cy) = chosen.source, chosen.centre
    dx, dy = sx - cx, sy - cy
    apart = math.hypot(dx, dy)
    if apart <= chosen.radius + SEEN_MARGIN:
        return False
    depth = (chosen.radius - SEEN_MARGIN) / apart
    ex, ey = cx + dx * depth, cy + dy * depth
    low_x, high_x = min(sx, ex) - SEEN_MARGIN, max(sx, ex) + SEEN_MARGIN
    low_y, high_y = min(sy, ey) - SEEN_MARGIN, max(sy, ey) + SEEN_MARGIN
    line = None
    for found, (min_x, min_y, max_x, max_y) in enumerate(among.bounds):
        if min_x > high_x or max_x < low_x or min_y > high_y or max_y < low_y:
            continue  # its box, and so the blocker, lies further than the margin
        if found in chosen.skip:
            continue
        line = line or LineString([(sx, sy), (ex, ey)])
        shapes = {near.index: near.rest for near in chosen.replaced}
        shape = shapes.get(found, among.footprints[found])
        if float(shape.distance(line)) <= SEEN_MARGIN:
            return False
    return True


def views(among: Blockers, looks: Sequence[Look], method: SightMethod) -> list[EdgeView]:
    """What each look sees, found by ``method``: looks already answered on these blockers
    are answered again from memory, the others all at once (the sweep and the closed form
    on true circles hand the rare look whose edge runs inside a blocker to the shadows,
    which subtract each blocker's own inside). The closed form answers as the sweep under
    :func:`skirmish.geometry.clearance.polygons`."""
    if method is SightMethod.CIRCLES and not true_circles():
        method = SightMethod.SWEEP
    seen = among._seen
    if len(looks) == 1:  # as a battle asks: the look's key made and hashed once
        key = (looks[0], method)
        view = seen.get(key)
        if view is None:
            view = keep(seen, key, _answered(among, [looks[0]], method)[0], REMEMBERED)
        return [view]
    asked = [q for q in dict.fromkeys(looks) if (q, method) not in seen]
    found = _answered(among, asked, method)
    keep_all(seen, {(q, method): view for q, view in zip(asked, found, strict=True)}, REMEMBERED)
    return [seen[q, method] for q in looks]


def _answered(among: Blockers, asked: Sequence[Look], method: SightMethod) -> list[EdgeView]:
    """What each look sees, found by ``method`` all at once (see :func:`views`)."""
    if method is SightMethod.SHADOWS:
        return [_shadows(among, q) for q in asked]
    if method is SightMethod.CIRCLES:
        rays = [
            Ray(q.source, q.centre, q.radius, None, q.skip, (), _beyond(q))
            for q in asked
            if not q.inside
        ]
        seen = iter(arcs(among.circles, rays))
        return [_shadows(among, q) if q.inside else next(seen) for q in asked]
    rays = [
        Ray(q.source, q.centre, q.radius, q.edge, q.skip, tuple(n.pieces for n in q.replaced))
        for q in asked
        if not q.inside
    ]
    swept = iter(sweep(among.parts, rays))
    return [_shadows(among, q) if q.inside else next(swept) for q in asked]


def _beyond(chosen: Look) -> tuple[tuple[int, tuple[float, float, float]], ...]:
    """The blockers the look counts only beyond a disc (MW-14's parts), for the closed form
    (each piece less the true disc, rather than what is left of the blocker beyond the
    disc drawn as a polygon, cut into pieces)."""
    return tuple((near.index, near.disc) for near in chosen.replaced)


def _shadows(among: Blockers, chosen: Look) -> EdgeView:
    footprints: list[BaseGeometry] = list(among.footprints)
    for near in chosen.replaced:
        footprints[near.index] = near.rest
    return visible_part(
        Point(chosen.source), chosen.edge, footprints, tree=among.tree, ignore=chosen.skip
    )
