"""Moving a round base among blockers: free space, shortest paths, reachable regions, rays.

A base of radius r moves by its centre. The centre must stay inside the
battlefield shrunk by r and outside every blocker grown by r (fighters,
objects, tall terrain); it may cross "no end" areas (low terrain grown by r)
but not stop in them. Shortest paths run along a visibility graph of the
grown blockers' corners (networkx finds the path); the region a base can reach
within an allowance is the union, over the graph's nodes, of the part of a disc
of the remaining allowance that the node sees.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely import LineString, MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry

from skirmish.fastpaths import Kept, Memo, fast, keep
from skirmish.geometry.clearance import PREPARED, Clearance, true_circles
from skirmish.geometry.measure import EPSILON, OVERLAP_TOLERANCE
from skirmish.geometry.sight import shadow

if TYPE_CHECKING:  # networkx is imported where a path is looked for, not by every command
    import networkx as nx

GROWN_SEGMENTS = 8
"""Segments per quarter circle when a blocker is grown by a base's radius."""
TOUCHING = OVERLAP_TOLERANCE
"""Blockers and the table's edge are grown by a base's radius less this much: a base may
overlap them by up to the tolerance the battlefield files accept as touching (ruling MW-18),
so a base in contact may move off, and may end a move in contact."""
UNION_GRID = 1e-9
"""Inches: the grid the seen discs of :meth:`Roadmap.reachable` are joined on (see there)."""


@dataclass(frozen=True)
class FreeSpace:
    """Where the centre of a base of ``radius`` may be, may stop, and what blocks it.

    ``exact``: the same space as true circles in closed form
    (:class:`~skirmish.geometry.clearance.Clearance`), which answers whether a base may
    stand, whether a straight path is clear and how far a ray goes; the polygons (8
    segments a quarter circle, ruling MW-18) serve the rest: routes round corners and the
    regions a base reaches. Under :func:`~skirmish.geometry.clearance.polygons` the
    polygons answer everything, as before bases were true circles."""

    radius: float
    area: Polygon
    solid: tuple[Polygon, ...]
    """The medium and high footprints (before they are grown by the radius)."""
    bases: tuple[tuple[float, float, float], ...]
    """The other bases, (x, y, radius)."""
    low: tuple[Polygon, ...]
    """The footprints a base may cross but not stop on."""
    exact: Clearance | None = field(default=None, compare=False)

    @cached_property
    def blockers(self) -> tuple[Polygon, ...]:
        """Every footprint and base grown by the radius, as polygons (drawn when asked)."""
        grown = [grow(f, self.radius) for f in self.solid]
        grown += [grow_disc(Point(x, y), r + self.radius) for x, y, r in self.bases]
        return tuple(grown)

    @cached_property
    def no_end(self) -> BaseGeometry:
        """Where the centre may not stop, as a polygon (drawn when asked)."""
        return _no_end(self.low, self.radius)

    @cached_property
    def centres(self) -> BaseGeometry:
        """Free space as a polygon (drawn only when asked: the closed form answers the
        questions asked most)."""
        inner = _inner(self.area, self.radius)
        grown = shapely.unary_union(self.blockers) if self.blockers else Polygon()
        centres = inner.difference(grown)
        shapely.prepare(centres)
        return centres

    @property
    def circles(self) -> Clearance | None:
        """The closed form, when it answers (see the class)."""
        return self.exact if true_circles() else None

    @cached_property
    def tree(self) -> shapely.STRtree:
        return shapely.STRtree(list(self.blockers))

    def can_stand(self, point: Point) -> bool:
        """The centre may stop here: in free space and not on low terrain."""
        exact = self.circles
        if exact is not None:
            return bool(exact.can_stand(np.array([(point.x, point.y)]))[0])
        return bool(self.centres.covers(point)) and not bool(self.no_end.contains(point))

    def can_stand_all(self, points: np.ndarray) -> np.ndarray:
        """:meth:`can_stand` for an array of shapely points, all tested at once."""
        exact = self.circles
        if exact is not None:
            found: np.ndarray = exact.can_stand(shapely.get_coordinates(points))
            return found
        return shapely.covers(self.centres, points) & ~shapely.contains(self.no_end, points)

    def is_clear(self, path: LineString) -> bool:
        """The centre may travel along ``path`` (15.0: the path is as wide as the base): a
        straight path in closed form, a route round corners (found on the polygons of the
        shortest paths) on the polygons."""
        exact = self.circles
        corners = shapely.get_coordinates(path)
        if exact is not None and len(corners) == 2:
            start = (float(corners[0, 0]), float(corners[0, 1]))
            return bool(exact.clear(start, corners[1:])[0])
        return bool(self.centres.covers(path))

    def is_clear_between(self, start: tuple[float, float], end: tuple[float, float]) -> bool:
        """:meth:`is_clear` for the straight path from ``start`` to ``end``, asked without
        drawing the line when the closed form answers (the same answer)."""
        exact = self.circles
        if exact is not None:
            return bool(exact.clear(start, np.array([end], dtype=float))[0])
        return bool(self.centres.covers(LineString([start, end])))

    def blocking(self, path: LineString) -> list[int]:
        """Indexes of the grown blockers the path runs into."""
        return [int(i) for i in self.tree.query(path, predicate="crosses")] + [
            int(i) for i in self.tree.query(path, predicate="within")
        ]

    def allowed_ends(self) -> BaseGeometry:
        """Every centre position where a move may end."""
        return self.centres.difference(self.no_end)


def _inner(area: Polygon, radius: float) -> Polygon:
    """Where a base's centre may be on ``area`` (grown shapes are kept on the fast path:
    the same shape grown by the same amount is the same polygon)."""
    if fast():
        return _GROWN.get(area, lambda: _shrunk(area, radius), radius)
    return _shrunk(area, radius)


def _shrunk(area: Polygon, radius: float) -> Polygon:
    inner: Polygon = area.buffer(-max(0.0, radius - TOUCHING), join_style="mitre")
    return inner


_GROWN: Kept[Polygon] = Kept("grown footprints")
_GROWN_DISCS: Memo[Polygon] = Memo("grown discs")
_NO_END: Memo[tuple[tuple[Polygon, ...], BaseGeometry]] = Memo("low terrain grown")


def grow(footprint: Polygon, radius: float) -> Polygon:
    """A footprint grown by a base's radius (its vertices on the true offset curve)."""
    if radius <= 0:
        return footprint
    if fast():
        return _GROWN.get(footprint, lambda: _grown(footprint, radius), "grown", radius)
    return _grown(footprint, radius)


def _grown(footprint: Polygon, radius: float) -> Polygon:
    grown: Polygon = footprint.buffer(radius - TOUCHING, quad_segs=GROWN_SEGMENTS)
    return grown


def grow_disc(centre: Point, radius: float) -> Polygon:
    """Another base (of total reach ``radius`` = both radii) as a grown blocker."""
    if fast():
        return _GROWN_DISCS.get((centre.x, centre.y, radius), lambda: _grown_disc(centre, radius))
    return _grown_disc(centre, radius)


def _grown_disc(centre: Point, radius: float) -> Polygon:
    grown: Polygon = centre.buffer(radius - TOUCHING, quad_segs=GROWN_SEGMENTS)
    return grown


def free_space(
    area: Polygon,
    radius: float,
    *,
    solid: Sequence[Polygon] = (),
    bases: Sequence[tuple[Point, float]] = (),
    discs: Sequence[tuple[float, float, float]] = (),
    no_end: Sequence[Polygon] = (),
) -> FreeSpace:
    """Free space for a base of ``radius``: ``solid`` footprints and other bases block it,
    given as ``bases`` (centre, radius) or ``discs`` (x, y, radius), the former first."""
    circles = tuple((c.x, c.y, r) for c, r in bases) + tuple(discs)
    exact = None
    table = _table_of(area)
    if table is not None:
        exact = Clearance.of(
            *table,
            radius,
            tolerance=TOUCHING,
            solid=solid,
            bases=circles,
            low=no_end,
        )
    return FreeSpace(radius, area, tuple(solid), circles, tuple(no_end), exact)


def _table_of(area: Polygon) -> tuple[float, float] | None:
    """The width and length of ``area`` when it is a table (a rectangle from the origin),
    else None; on the fast path (part :data:`~skirmish.geometry.clearance.PREPARED`) kept
    for the very polygon (every position on a table shares its area)."""
    if fast(PREPARED):
        return _TABLES.get(area, lambda: _table_afresh(area))
    return _table_afresh(area)


def _table_afresh(area: Polygon) -> tuple[float, float] | None:
    minx, miny, maxx, maxy = area.bounds
    if minx == 0 and miny == 0 and area.equals(shapely.box(0, 0, maxx, maxy)):
        return maxx, maxy
    return None


_TABLES: Kept[tuple[float, float] | None] = Kept("table areas", size=256)


def _no_end(no_end: Sequence[Polygon], radius: float) -> BaseGeometry:
    """Where a base of ``radius`` may not stop: on the ``no_end`` footprints."""
    if not no_end:
        return Polygon()
    if fast():
        pieces = tuple(no_end)
        key = (tuple(id(f) for f in pieces), radius)
        kept = _NO_END.answers.get(key)
        if kept is None or any(a is not b for a, b in zip(kept[0], pieces, strict=True)):
            kept = _NO_END.get(key, lambda: (pieces, _ends(pieces, radius)), fresh=True)
        return kept[1]
    return _ends(no_end, radius)


def _ends(no_end: Sequence[Polygon], radius: float) -> BaseGeometry:
    ends: BaseGeometry = shapely.unary_union([grow(f, radius) for f in no_end])
    return ends


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The z component of the cross product of rows of 2-D vectors."""
    z: np.ndarray = a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
    return z


def _corners(
    free: FreeSpace, around: Point | None = None, within: float = math.inf
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Convex corners of the grown blockers that lie in free space (and within ``within`` of
    ``around``), with each corner's neighbours along its blocker (for the tangent test): the
    graph's nodes."""
    points: list[np.ndarray] = []
    befores: list[np.ndarray] = []
    afters: list[np.ndarray] = []
    quick = fast("roadmap")
    for blocker in free.blockers:
        if quick:
            ring, before, after = _CONVEX.get(blocker, partial(_convex, blocker))
        else:
            ring, before, after = _convex(blocker)
        points.append(ring)
        befores.append(before)
        afters.append(after)
    if not points:
        empty = np.empty((0, 2))
        return empty, empty, empty
    corners, before, after = (np.concatenate(a) for a in (points, befores, afters))
    keep = shapely.covers(free.centres, shapely.points(corners))
    if around is not None:
        keep &= np.hypot(corners[:, 0] - around.x, corners[:, 1] - around.y) <= within
    return corners[keep], before[keep], after[keep]


def _convex(blocker: Polygon) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The convex corners of a blocker, anticlockwise, with each one's neighbours along
    it (kept on the fast path for each blocker: a base that has not moved, and the
    terrain, are the same grown polygon from one battlefield to the next)."""
    ring = np.asarray(blocker.exterior.coords)[:-1]
    if not blocker.exterior.is_ccw:
        ring = ring[::-1]
    before, after = np.roll(ring, 1, axis=0), np.roll(ring, -1, axis=0)
    convex = _cross(ring - before, after - ring) > 0
    return ring[convex], before[convex], after[convex]


_CONVEX: Kept[tuple[np.ndarray, np.ndarray, np.ndarray]] = Kept("convex corners", 5_000)


def _tangent(
    at: np.ndarray, before: np.ndarray, after: np.ndarray, towards: np.ndarray
) -> np.ndarray:
    """Whether the line from each corner towards a point leaves its blocker on one side.

    Only such lines can be part of a shortest path around convex blockers.
    """
    direction = towards - at
    side_before = _cross(direction, before - at)
    side_after = _cross(direction, after - at)
    tangent: np.ndarray = side_before * side_after >= -1e-12
    return tangent


def _tangent_pairs(
    nodes: np.ndarray, before: np.ndarray, after: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The pairs of nodes (first index below the second, in order) whose line is
    :func:`_tangent` at both ends: the same sums as that test's, made for every pair at
    once in a square table rather than gathered pair by pair (so faster, and bit for bit
    the same)."""
    dx = nodes[None, :, 0] - nodes[:, None, 0]
    dy = nodes[None, :, 1] - nodes[:, None, 1]
    sides = []
    for neighbour in (before, after):
        edge = neighbour - nodes
        sides.append(dx * edge[:, None, 1] - dy * edge[:, None, 0])
    tangent = sides[0] * sides[1] >= -1e-12
    i, j = np.nonzero(np.triu(tangent & tangent.T, k=1))
    return i, j


JOINED = 256
"""Starts and goals whose joins a roadmap keeps (it starts again from empty when full)."""


@dataclass
class Roadmap:
    """A visibility graph over free space, with a start and goals added on demand;
    ``before`` and ``after``: each node's neighbours along its blocker (for the tangent
    test).

    On the fast path (part ``"roadmap"``) the graph is not built whole for a shortest
    path: the search finds each node's edges when it first reaches the node (the same
    edges, with the same lengths, in the same order), and the start and goal join only the
    nodes a shortest path can turn at. A search round one wall reaches a few nodes of the
    hundreds that the bases' corners make."""

    free: FreeSpace
    nodes: np.ndarray
    before: np.ndarray
    after: np.ndarray
    known: dict[int, dict[int | str, float]] = field(default_factory=dict, repr=False)
    """Fast path: the edges of each node reached so far, as in :attr:`graph`."""
    joined: dict[tuple[float, float, bool], dict[int | str, float]] = field(
        default_factory=dict, repr=False
    )
    """Fast path: the nodes each start or goal joins (:meth:`_joined`)."""

    @classmethod
    def build(
        cls, free: FreeSpace, *, around: Point | None = None, within: float = math.inf
    ) -> Roadmap:
        """The graph over ``free``; only corners within ``within`` of ``around`` when given
        (enough for paths of that length from there). On the plain path the whole graph
        is built at once; on the fast path when first asked for."""
        roadmap = cls(free, *_corners(free, around, within))
        if not fast("roadmap"):
            roadmap.__dict__["graph"] = roadmap.whole()
        return roadmap

    @cached_property
    def graph(self) -> nx.Graph[int | str]:
        """Every node, joined to each other node it sees along a line tangent at both
        ends (only such lines can be part of a shortest path round convex corners)."""
        return self.whole()

    def whole(self) -> nx.Graph[int | str]:
        import networkx as nx

        nodes, before, after = self.nodes, self.before, self.after
        graph: nx.Graph[int | str] = nx.Graph()
        graph.add_nodes_from(range(len(nodes)))
        if len(nodes) > 1:
            if fast("roadmap"):
                i, j = _tangent_pairs(nodes, before, after)
            else:
                i, j = np.triu_indices(len(nodes), k=1)
                useful = _tangent(nodes[i], before[i], after[i], nodes[j]) & _tangent(
                    nodes[j], before[j], after[j], nodes[i]
                )
                i, j = i[useful], j[useful]
            segments = shapely.linestrings(np.stack([nodes[i], nodes[j]], axis=1))
            clear = shapely.covers(self.free.centres, segments)
            lengths = np.hypot(*(nodes[i] - nodes[j]).T)
            for a, b, d in zip(i[clear], j[clear], lengths[clear], strict=True):
                graph.add_edge(int(a), int(b), weight=float(d))
        return graph

    @cached_property
    def sides(self) -> tuple[np.ndarray, np.ndarray]:
        """Each node's way to its neighbours along its blocker (for the tangent test)."""
        return self.before - self.nodes, self.after - self.nodes

    def edges_of(self, node: int) -> dict[int | str, float]:
        """The edges of ``node`` in :attr:`graph` (other node: length, in the graph's
        order), found alone: the same tangent test, segment and length as the whole
        graph's, each pair taken lowest index first."""
        if "graph" in self.__dict__:
            return {other: w["weight"] for other, w in self.graph[node].items()}
        if node in self.known:
            return self.known[node]
        nodes, at = self.nodes, self.nodes[node]
        edge_before, edge_after = self.sides
        towards = nodes - at
        here = _cross(towards, edge_before[node]) * _cross(towards, edge_after[node]) >= -1e-12
        here[node] = False
        others = np.flatnonzero(here)
        back = at - nodes[others]
        there = _cross(back, edge_before[others]) * _cross(back, edge_after[others]) >= -1e-12
        others = others[there]
        # A pair already looked at from its other end is known (the test is symmetric).
        seen = np.array([int(o) in self.known for o in others], dtype=bool)
        fresh = others[~seen]
        low, high = np.minimum(fresh, node), np.maximum(fresh, node)
        segments = shapely.linestrings(np.stack([nodes[low], nodes[high]], axis=1))
        clear = shapely.covers(self.free.centres, segments)
        lengths = np.hypot(*(nodes[low] - nodes[high]).T)
        joined = {int(o): float(d) for o, d in zip(fresh[clear], lengths[clear], strict=True)}
        for o in others[seen]:
            length = self.known[int(o)].get(node)
            if length is not None:
                joined[int(o)] = length
        found: dict[int | str, float] = {o: joined[o] for o in sorted(joined)}
        self.known[node] = found
        return found

    def _attach(
        self, graph: nx.Graph[int | str], name: str, point: Point, *, tangent: bool = False
    ) -> None:
        """Join ``point`` to every node it sees (``tangent``: only to the nodes whose
        blocker the line to ``point`` leaves on one side, the only ones a shortest path
        can turn at, as between the nodes themselves)."""
        graph.add_node(name)
        for index, length in self._seen_from(point, tangent=tangent).items():
            graph.add_edge(name, index, weight=length)

    def _seen_from(self, point: Point, *, tangent: bool) -> dict[int | str, float]:
        """The nodes ``point`` joins (see :meth:`_attach`) and the length to each."""
        if not len(self.nodes):
            return {}
        here = np.array([point.x, point.y])
        useful = np.arange(len(self.nodes))
        if tangent:
            useful = np.flatnonzero(_tangent(self.nodes, self.before, self.after, here))
        ends = self.nodes[useful]
        segments = shapely.linestrings(np.stack([np.repeat([here], len(ends), axis=0), ends], 1))
        clear = shapely.covers(self.free.centres, segments)
        lengths = np.hypot(ends[:, 0] - point.x, ends[:, 1] - point.y)
        return {int(useful[index]): float(lengths[index]) for index in np.flatnonzero(clear)}

    def shortest_path(self, start: Point, goal: Point) -> list[Point] | None:
        """The shortest clear path between two centre positions, or None."""
        if not (self.free.centres.covers(start) and self.free.centres.covers(goal)):
            return None
        direct = LineString([start, goal])
        if self.free.is_clear(direct):
            return [start, goal]
        if fast("roadmap"):
            # A shortest path turns only at tangent corners when the straight line is
            # blocked in the graph's own space (the polygons). On true circles the straight
            # line may be blocked where the polygons leave it clear (a base in contact,
            # within the tolerance): then the graph's best path without the straight line
            # may turn anywhere, so the start and goal join every node they see, as on the
            # plain path.
            tangent = not self.free.centres.covers(direct)
            route = self._search(start, goal, tangent=tangent)
        else:
            import networkx as nx

            graph = self.graph.copy()
            self._attach(graph, "start", start)
            self._attach(graph, "goal", goal)
            try:
                route = nx.astar_path(
                    graph,
                    "start",
                    "goal",
                    heuristic=lambda a, b: _heuristic(self, a, b, start, goal),
                    weight="weight",
                )
            except nx.NetworkXNoPath:
                route = None
        if route is None:
            return None
        return [
            start if n == "start" else goal if n == "goal" else Point(self.nodes[n]) for n in route
        ]

    def _joined(self, point: Point, *, tangent: bool = True) -> dict[int | str, float]:
        """:meth:`_seen_from`, remembered by the point and ``tangent`` (a fighter lists
        its Moves toward several goals from one start)."""
        key = (point.x, point.y, tangent)
        found = self.joined.get(key)
        if found is None:
            found = keep(self.joined, key, self._seen_from(point, tangent=tangent), JOINED)
        return found

    def _search(self, start: Point, goal: Point, *, tangent: bool = True) -> list[int | str] | None:
        """networkx's A* (``astar_path``, step for step: the same queue, ties broken the
        same way) over the graph with the start and goal joined (``tangent``: at tangent
        corners only), each node's edges found when the search first reaches it."""
        first = self._joined(start, tangent=tangent)
        last = self._joined(goal, tangent=tangent)

        def edges(node: int | str) -> dict[int | str, float]:
            if node == "start":
                return dict(first)
            if node == "goal":
                return dict(last)
            assert isinstance(node, int)
            found = dict(self.edges_of(node))
            if node in first:
                found["start"] = first[node]
            if node in last:
                found["goal"] = last[node]
            return found

        count = itertools.count()
        queue: list[tuple[float, int, int | str, float, int | str | None]] = [
            (0, next(count), "start", 0, None)
        ]
        enqueued: dict[int | str, tuple[float, float]] = {}
        explored: dict[int | str, int | str | None] = {}
        while queue:
            _, __, node, travelled, parent = heapq.heappop(queue)
            if node == "goal":
                path: list[int | str] = [node]
                back = parent
                while back is not None:
                    path.append(back)
                    back = explored[back]
                path.reverse()
                return path
            if node in explored:
                if explored[node] is None:
                    continue
                if enqueued[node][0] < travelled:
                    continue
            explored[node] = parent
            for other, length in edges(node).items():
                cost = travelled + length
                if other in enqueued:
                    queued, guess = enqueued[other]
                    if queued <= cost:
                        continue
                else:
                    guess = _heuristic(self, other, "goal", start, goal)
                enqueued[other] = cost, guess
                heapq.heappush(queue, (cost + guess, next(count), other, cost, node))
        return None

    def distances_from(self, start: Point, limit: float) -> dict[int | str, float]:
        """Shortest travel distance from ``start`` to every node within ``limit``."""
        import networkx as nx

        graph = self.graph
        self._attach(graph, "start", start)
        try:
            lengths: dict[int | str, float] = nx.single_source_dijkstra_path_length(
                graph, "start", cutoff=limit, weight="weight"
            )
        finally:
            graph.remove_node("start")
        return lengths

    def reachable(self, start: Point, allowance: float) -> BaseGeometry:
        """Every centre position within ``allowance`` of travel (stopping allowed or not):
        the room a base can move in, so only the parts with area joined to ``start`` (see
        :func:`_room`).

        The seen discs are joined on a grid of :data:`UNION_GRID` (snap-rounding, which
        cannot fail) rather than in plain floats. A node on a grown blocker casts that
        blocker's shadow along the blocker's own edges, so the discs of a base in contact
        (ruling MW-18) meet in many nearly coincident edges; joined in plain floats they
        once lost a hole round the start itself (a base touching a triangle's sharp
        corner), and the region came out empty: no Dodge or reaction step (18.4, ruling
        MW-16) for a base that can step off what it touches. The grid moves no corner by
        more than half of it, far below :data:`EPSILON`."""
        pieces = []
        for node, travelled in self.distances_from(start, allowance).items():
            left = allowance - travelled
            if left <= EPSILON:
                continue
            origin = start if node == "start" else Point(self.nodes[node])
            pieces.append(_seen_within(self.free, origin, left))
        if not pieces:
            return Polygon()
        seen = shapely.union_all(pieces, grid_size=UNION_GRID)
        return _room(seen.intersection(self.free.centres), start)


def _room(region: BaseGeometry, start: Point) -> BaseGeometry:
    """The parts of ``region`` with area that are joined to ``start``.

    What a base reaches from ``start`` is one piece: each node's seen disc holds the node,
    and the node was reached along a segment another piece covers. But a disc seen from a
    node covers the insides of the blockers it sees (only what lies behind them is cut
    away), so cut down to free space it leaves stray pieces along their edges: lines and
    points, and slivers of no area where the notch between two overlapping grown blockers
    lies on their far side, though a base reaches it only the long way round, if at all.
    A gap a base can pass through is wider than a line (blockers are grown by the touching
    tolerance less than the base's radius), so the pieces kept are the polygons joined to
    ``start`` through others within :data:`EPSILON` of each other.
    """
    polygons = [
        part
        for part in shapely.get_parts(shapely.get_parts(region))
        if isinstance(part, Polygon) and not part.is_empty
    ]
    joined: list[Polygon] = []
    rest = polygons
    reached: BaseGeometry = start
    while near := [part for part in rest if part.distance(reached) <= EPSILON]:
        joined += near
        rest = [part for part in rest if all(part is not n for n in near)]
        reached = MultiPolygon(joined)
    if not joined:
        return Polygon()
    return joined[0] if len(joined) == 1 else MultiPolygon(joined)


def _heuristic(roadmap: Roadmap, a: int | str, b: int | str, start: Point, goal: Point) -> float:
    def where(n: int | str) -> tuple[float, float]:
        if n == "start":
            return start.x, start.y
        if n == "goal":
            return goal.x, goal.y
        x, y = roadmap.nodes[n]
        return float(x), float(y)

    (ax, ay), (bx, by) = where(a), where(b)
    return math.hypot(ax - bx, ay - by)


def _seen_within(free: FreeSpace, origin: Point, reach: float) -> BaseGeometry:
    """The part of the disc of radius ``reach`` around ``origin`` seen from it in free space."""
    around = origin.buffer(reach, quad_segs=16)
    hidden = [
        shadow(origin, free.blockers[int(i)])
        for i in free.tree.query(around, predicate="intersects")
        if not free.blockers[int(i)].contains(origin)
    ]
    return around.difference(shapely.unary_union(hidden)) if hidden else around


def path_length(points: Sequence[Point]) -> float:
    """The length of a path through the given points."""
    return float(LineString(points).length) if len(points) > 1 else 0.0


def ray_room(free: FreeSpace, start: Point, direction: tuple[float, float], length: float) -> float:
    """How far the centre can go in a straight line from ``start`` before being blocked."""
    dx, dy = direction
    norm = math.hypot(dx, dy)
    if norm <= EPSILON:
        return 0.0
    exact = free.circles
    if exact is not None:
        unit = np.array([[dx / norm, dy / norm]])
        return float(exact.rooms((start.x, start.y), unit, length)[0])
    end = Point(start.x + dx / norm * length, start.y + dy / norm * length)
    ray = LineString([start, end])
    inside = ray.intersection(free.centres)
    pieces = [g for g in getattr(inside, "geoms", [inside]) if not g.is_empty]
    for piece in pieces:
        if piece.distance(start) <= EPSILON:
            return float(min(length, max(start.distance(Point(c)) for c in piece.coords)))
    return 0.0
