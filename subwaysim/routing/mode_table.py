"""Every set of modes of a network with few systems, answered in one call per trip (SG-13, SG-14).

With up to `MAX_SYSTEMS` rideable systems (most games), a table is made once per network in
one compiled pass (`table_sets.table_parts`): the stations of every system, the cheapest
ride or walk between two of them, and each system's rides on them. Without transfer costs a
trip is then one compiled call (`ModeTable.options`, `table_sets.trip_options`): the walk
check (a trip no ride can shorten is the walk, SG-13), the shortest trip of all (one search
over those edges) and SG-14's search over sets of modes, each subset searched on its own
stations. With transfer costs, the station graph of every subset is built once per table
(`kernels.build_groups`), with and without walking, and a trip gets the shortest distance of
every (subset, walking) pair from one compiled call (`distances`). More systems go the
pruned way of `modes.candidates`.

A router without transfer costs keeps no table: it hands the systems to one compiled call
that makes the table's parts and answers its trips (`table_sets.systems_trips_options`),
decoded as a table's are (`answers`, `mode_names`). Most networks are asked once (SG-18's
extra trip after a build) or once a phase, and the table object cost more than the trips.

`every_view` (and its plain-Python twin `every_view_reference`) is the view of every system
with the walks to and from the nearest station of every square, which a table now works out
only when asked (`nearest`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, cached_property

import numpy as np

from subwaysim.routing.kernels import (
    INF,
    build_groups,
    edge_dijkstra,
    edge_trip,
    group_stations,
    lay_rides,
    station_dijkstra,
)
from subwaysim.routing.nearest import nearest_walks, nearest_walks_reference
from subwaysim.routing.rides import SystemRides, packed
from subwaysim.routing.rules import WALK
from subwaysim.routing.table_sets import (
    Order,
    first_sets,
    order_arrays,
    order_sets,
    shortest_trip,
    table_order_arrays,
    table_parts,
    trips_options,
)
from tabletop.compiled import kernel

MAX_SYSTEMS = 4
WALK_ONLY: frozenset[str] = frozenset({WALK})  # SG-14: the pure walk, walking a mode
NO_MODE: frozenset[str] = frozenset()  # the pure walk, walking not a mode (or no trip)


@dataclass(eq=False)
class ModeTable:
    """Subset `mask` (bit i: `systems[i]`) of the rideable systems, with and without walking.

    Made with what every trip asks (`table_sets.table_parts`): the stations of every system,
    the cheapest ride or walk between two of them, and each system's rides on them, from
    which one compiled call answers a trip without transfer costs (`options`). With transfer
    costs, the table of every subset is built when a trip first asks for it."""

    systems: tuple[SystemRides, ...]
    walk: np.ndarray
    transfer: int
    stations: np.ndarray = field(init=False)  # every system's stations, by square
    position: np.ndarray = field(init=False)  # each square's row among them (-1: none)
    edges: np.ndarray = field(init=False)  # (K, K) cheapest ride or walk between stations
    rides: np.ndarray = field(init=False)  # (S, K, K) each system's rides between them
    names: dict[tuple[int, bool, bool], frozenset[str]] = field(init=False)  # SG-14 sets
    groups: dict[tuple[int, bool], tuple[np.ndarray, np.ndarray, frozenset[int]]] = field(
        init=False
    )  # (stations, edges, their squares) of a subset, with or without walking, once asked

    def __post_init__(self) -> None:
        systems = self.systems
        stations = tuple(s.stations for s in systems) or (np.zeros(0, np.int64),)
        flats = tuple(s.flat for s in systems) or (np.zeros(0, np.int64),)
        self.stations, self.position, self.edges, rides = table_parts(self.walk, stations, flats)
        self.rides = rides[: len(systems)]  # no system: none of the placeholder's
        self.names = {}
        self.groups = {}

    @cached_property
    def squares(self) -> frozenset[int]:
        """The squares of `stations`, as a set."""
        return frozenset(self.stations.tolist())

    @cached_property
    def nearest(self) -> tuple[list[int], list[int]]:
        """(to, from): the shortest walk from each square to one of `stations`, and from one
        of them to each square (INF without stations), as `every_view` finds them."""
        size = len(self.walk)
        if not len(self.stations):
            return [INF] * size, [INF] * size
        to, back = nearest_walks(self.walk, self.stations)
        return to.tolist(), back.tolist()

    @property
    def nbytes(self) -> int:
        """Its own arrays' bytes, for the cache's bound (`cache.footprint`): the stations of
        every system, each square's row among them, the edges and each system's rides
        between them; the board's walks are shared."""
        size, k = len(self.walk), len(self.stations)
        return 8 * (k + size + k * k + len(self.systems) * k * k)

    def options(
        self, origin: int, destination: int, walking_is_a_mode: bool
    ) -> tuple[int, tuple[frozenset[str], ...]] | None:
        """A trip's shortest distance (SG-13) and its smallest sets of modes (SG-14) in one
        compiled call (`table_sets.trip_options`), for a trip between two different squares,
        the sets tried in `modes.table_order`. None with transfer costs (`subset_trips`)."""
        found = self.options_of([origin], [destination], walking_is_a_mode)
        return None if found is None else found[0]

    def options_of(
        self, origins: list[int], destinations: list[int], walking_is_a_mode: bool
    ) -> list[tuple[int, tuple[frozenset[str], ...]]] | None:
        """`options` of many trips (each between two different squares) in one compiled
        call (`table_sets.trips_options`), in order; None with transfer costs."""
        if self.transfer > 0 and len(self.systems) > 1:
            return None
        masks, walks, ends, sets = table_order_arrays(len(self.systems), walking_is_a_mode)
        rows = trips_options(
            self.walk,
            np.array(origins, dtype=np.int64),
            np.array(destinations, dtype=np.int64),
            self.stations,
            self.position,
            self.edges,
            self.rides,
            masks,
            walks,
            ends,
        ).tolist()
        return answers(rows, sets, self.named, walking_is_a_mode)

    @cached_property
    def arrays(self) -> tuple[np.ndarray, ...]:
        """The station graphs of every subset, with walking and without (`_table_trip`)."""
        return self._groups(subsets(len(self.systems)), True)

    @cached_property
    def _every(self) -> tuple[np.ndarray, ...]:
        """The station graph of every system together, with walking."""
        return self._groups(subsets(len(self.systems))[-1:], False)

    def _groups(self, members: np.ndarray, riding_too: bool) -> tuple[np.ndarray, ...]:
        systems = self.systems
        stations, flats = tuple(s.stations for s in systems), tuple(s.flat for s in systems)
        if not systems:  # no system: one group of no stations
            stations, flats = (np.zeros(0, np.int64),), (np.zeros(0, np.int64),)
        return subset_groups(self.walk, stations, flats, members, self.transfer, riding_too)

    def distances(self, origin: int, destination: int) -> np.ndarray:
        """(2^S, 2): the shortest trip using subset `mask` and, in column 1, walking."""
        return _table_trip(self.walk, origin, destination, self.transfer, False, *self.arrays)

    def subset_trips(self, origin: int, destination: int) -> Callable[[int, bool], int]:
        """distance(mask, walk): the shortest trip using subset `mask` and, with `walk`,
        walking (SG-13), as `distances` finds it. Without transfer costs each is one search
        of the subset's stations, made when SG-14's search asks for it (the smallest sets
        first, so most subsets are never searched); with them, the table of every subset."""
        if self.transfer > 0 and len(self.systems) > 1:
            every = self.distances(origin, destination).tolist()
            return lambda mask, walk: every[mask][walk]  # type: ignore[no-any-return]
        full, walked = (1 << len(self.systems)) - 1, int(self.walk[origin, destination])
        groups, group_of, walks = self.groups, self._group, self.walk

        def distance(mask: int, walk: bool) -> int:
            if mask == 0:  # no system: the walk, or no trip at all
                return walked if walk else INF
            if walk and mask == full:
                stations, edges = self.stations, self.edges  # the group of every system
            else:
                group = groups.get((mask, walk))
                if group is None:
                    group = groups[mask, walk] = group_of(mask, walk)
                stations, edges, squares = group
                if not walk and (origin not in squares or destination not in squares):
                    return INF  # without walking, a trip starts and ends at its stations
            return int(edge_trip(walks, stations, edges, walk, origin, destination))

        return distance

    def _group(self, mask: int, walk: bool) -> tuple[np.ndarray, np.ndarray, frozenset[int]]:
        chosen = [s for i, s in enumerate(self.systems) if mask >> i & 1]
        if not chosen:
            return np.zeros(0, np.int64), np.zeros((0, 0), np.int64), frozenset()
        stations, flats = tuple(s.stations for s in chosen), tuple(s.flat for s in chosen)
        found, edges = group_edges(self.walk, stations, flats, walk)
        return found, edges, frozenset(found.tolist())

    @property
    def union(self) -> tuple[np.ndarray, np.ndarray]:
        """(position, rides): each square's row among `stations` and each system's rides on
        them (`table_sets.table_parts`)."""
        return self.position, self.rides

    def smallest_sets(
        self, origin: int, destination: int, best: int, order: Order, walking_is_a_mode: bool
    ) -> tuple[frozenset[str], ...] | None:
        """SG-14: the sets of modes of the first size in `order` (`modes.table_order`) whose
        shortest trip is `best`, the trip's shortest distance (`shortest`), in one compiled
        call (`table_sets.first_sets`); None when transfer costs need `subset_trips`."""
        if self.transfer > 0 and len(self.systems) > 1:
            return None
        position, rides = self.union
        masks, walks, ends = order_arrays(order)
        found = first_sets(
            self.walk, origin, destination, best, self.stations, position, rides, masks, walks, ends
        )
        sets, named = order_sets(order), self.named
        return tuple(named(*sets[i], walking_is_a_mode) for i in found.tolist())

    def shortest(self, origin: int, destination: int) -> int:
        """The shortest trip of all (every system, and walking): one search."""
        if self.transfer == 0 or len(self.systems) < 2:  # no transfer to count (SG-13)
            return int(shortest_trip(self.walk, self.stations, self.edges, origin, destination))
        # The table of every subset when a trip already needed it, else just the one group.
        arrays = self.__dict__.get("arrays") or self._every  # (never built eagerly)
        every = _table_trip(self.walk, origin, destination, self.transfer, True, *arrays)
        return int(every[-1, 1])

    def named(self, mask: int, walk: bool, walking_is_a_mode: bool) -> frozenset[str]:
        """The set of modes of subset `mask` (with walking when `walk` and walking is a
        mode), made once per table (SG-14)."""
        key = (mask, walk, walking_is_a_mode)
        found = self.names.get(key)
        if found is None:
            chosen = [s.system for i, s in enumerate(self.systems) if mask >> i & 1]
            found = frozenset([*chosen, WALK] if walk and walking_is_a_mode else chosen)
            self.names[key] = found
        return found


Named = Callable[[int, bool, bool], frozenset[str]]  # (mask, walk, walking_is_a_mode)


def answers(
    rows: list[list[int]],
    sets: tuple[tuple[int, bool], ...],
    named: Named,
    walking_is_a_mode: bool,
) -> list[tuple[int, tuple[frozenset[str], ...]]]:
    """Each trip's (distance, smallest sets of modes) from its row of `trips_options`
    (SG-13, SG-14): the walk alone, or the sets found (positions in `sets`, the order
    `modes.table_order` tries them in), each named by `named`."""
    alone = (WALK_ONLY if walking_is_a_mode else NO_MODE,)
    out = []
    for row in rows:
        count = row[1]
        if count < 0:  # the walk alone (SG-13): no ride can tie it
            out.append((row[0], alone))
            continue
        if count == 0:
            raise AssertionError("walking with every system always achieves the shortest trip")
        out.append(
            (row[0], tuple([named(*sets[i], walking_is_a_mode) for i in row[2 : 2 + count]]))
        )
    return out


@cache
def mode_names(
    systems: tuple[str, ...], mask: int, walk: bool, walking_is_a_mode: bool
) -> frozenset[str]:
    """The set of modes of subset `mask` of `systems` (bit i: systems[i]), with walking when
    `walk` and walking is a mode (SG-14), as `ModeTable.named` names it."""
    chosen = [name for i, name in enumerate(systems) if mask >> i & 1]
    return frozenset([*chosen, WALK] if walk and walking_is_a_mode else chosen)


@cache
def subsets(count: int) -> np.ndarray:
    """(2^count, count) membership of every subset of `count` systems (row `mask`: bit i is
    system i); one row and column of nothing for no systems. Read-only: shared."""
    if count == 0:
        members = np.zeros((1, 1), dtype=np.bool_)
    else:
        masks = np.arange(1 << count)
        members = (masks[:, None] >> np.arange(count)[None, :]) & 1 == 1
    members.flags.writeable = False
    return members


@kernel
def _table_trip(  # type: ignore[no-untyped-def]
    walk,
    origin,
    destination,
    transfer,
    only_shortest,
    stations,
    offsets,
    edges_walk,
    edges_ride,
    edge_offsets,
    rides,
    ride_offsets,
    members,
):
    groups = len(offsets) - 1
    out = np.full((groups, 2), INF, np.int64)
    systems = members.shape[1]
    for g in range(groups - 1 if only_shortest else 0, groups):
        first, k = offsets[g], offsets[g + 1] - offsets[g]
        st = stations[first : first + k]
        count = members[g].sum()
        for use_walk in range(1 if only_shortest else 0, 2):
            best = walk[origin, destination] if use_walk else INF
            if k == 0:
                out[g, use_walk] = best
                continue
            if transfer > 0 and count > 1:
                layers = systems + 1
                graph = rides[ride_offsets[g] : ride_offsets[g + 1]].reshape((systems, k, k))
                dist = np.empty(k * layers, np.int64)
                pred = np.empty(k * layers, np.int64)
                how = np.empty(k * layers, np.int64)
                station_dijkstra(walk, st, graph, use_walk == 1, transfer, origin, dist, pred, how)
            else:
                layers = 1
                edges = edges_walk if use_walk else edges_ride
                graph = edges[edge_offsets[g] : edge_offsets[g + 1]].reshape((k, k))
                dist = np.empty(k, np.int64)
                pred = np.empty(k, np.int64)
                edge_dijkstra(walk, st, graph, use_walk == 1, origin, dist, pred)
            for v in range(k * layers):
                if dist[v] >= INF:
                    continue
                if use_walk:
                    best = min(best, dist[v] + walk[st[v % k], destination])
                elif st[v % k] == destination and destination != origin:
                    best = min(best, dist[v])
            out[g, use_walk] = best
    return out


@kernel
def subset_groups(walk, system_stations, system_flats, members, transfer, riding_too):  # type: ignore[no-untyped-def]
    """The station graphs of the groups of systems `members` names (`build_groups`), with
    walking and, with `riding_too`, without it (else the walking ones stand in), packed as
    `_table_trip` takes them: (stations, offsets, edges with walking, edges without, edge
    offsets, rides, ride offsets, members)."""
    systems = len(system_stations)
    offsets = np.zeros(systems + 1, np.int64)
    flat_offsets = np.zeros(systems + 1, np.int64)
    for i in range(systems):
        offsets[i + 1] = offsets[i] + len(system_stations[i])
        flat_offsets[i + 1] = flat_offsets[i] + len(system_flats[i])
    stations = np.empty(offsets[systems], np.int64)
    flat = np.empty(flat_offsets[systems], np.int64)
    for i in range(systems):
        stations[offsets[i] : offsets[i + 1]] = system_stations[i]
        flat[flat_offsets[i] : flat_offsets[i + 1]] = system_flats[i]
    if len(stations) == 0:  # no system at all (one placeholder of no stations)
        offsets = np.zeros(1, np.int64)
        flat_offsets = np.zeros(1, np.int64)
    packed_systems = (stations, offsets, flat, flat_offsets)
    walked = build_groups(walk, *packed_systems, members, transfer, True)
    ridden = walked[2]
    if riding_too:
        ridden = build_groups(walk, *packed_systems, members, transfer, False)[2]
    return walked[0], walked[1], walked[2], ridden, walked[3], walked[4], walked[5], members


@kernel
def group_edges(walk, system_stations, system_flats, use_walk):  # type: ignore[no-untyped-def]
    """One group of systems (each one's station squares and flattened ride matrix) as
    `build_groups` makes it without transfer costs: its stations (sorted union) and the
    (K, K) cheapest ride between two of them, or with `use_walk` the cheaper of ride and
    walk (without it: INF where no ride joins them, 0 on the diagonal)."""
    size = walk.shape[0]
    stations, position = group_stations(size, system_stations)
    k = len(stations)
    edges = np.full((k, k), INF, np.int64)
    for a in range(k):
        if use_walk:
            row = walk[stations[a]]
            for b in range(k):
                edges[a, b] = row[stations[b]]
        else:
            edges[a, a] = 0
    lay_rides(edges, position, system_stations, system_flats)
    return stations, edges


@kernel
def every_view(walk, system_stations, system_flats):  # type: ignore[no-untyped-def]
    """What a router asks of a network first, from its rideable systems (each one's station
    squares and flattened ride matrix): the stations of them all (sorted squares), the
    shortest walk from each square to one of them and from one of them to each square, and
    the (K, K) cheapest ride or walk between two of them (SG-13 without transfer costs), as
    `build_groups` makes the group of every system."""
    size = walk.shape[0]
    stations, position = group_stations(size, system_stations)
    k = len(stations)
    to_station = np.full(size, INF, np.int64)
    from_station = np.full(size, INF, np.int64)
    for a in range(k):
        c = stations[a]
        row = walk[c]
        for s in range(size):
            to_station[s] = min(to_station[s], walk[s, c])
            from_station[s] = min(from_station[s], row[s])
    edges = np.empty((k, k), np.int64)
    for a in range(k):
        row = walk[stations[a]]
        for b in range(k):
            edges[a, b] = row[stations[b]]
    lay_rides(edges, position, system_stations, system_flats)
    return stations, to_station, from_station, edges


def every_view_reference(
    walk: np.ndarray, systems: tuple[SystemRides, ...]
) -> tuple[list[int], list[int], list[int], np.ndarray]:
    """`every_view` from the pieces a router used to take one by one: the union of the
    stations, `nearest_walks_reference`, and `build_groups`' group of every system."""
    stations = sorted({int(sq) for s in systems for sq in s.stations.tolist()})
    size = walk.shape[0]
    to, back = ([INF] * size, [INF] * size)
    if stations:
        to, back = nearest_walks_reference(walk, stations)
    members = subsets(len(systems))[-1:]
    found = build_groups(walk, *packed(systems), members, 0, True)
    k = len(stations)
    return stations, to, back, found[2][: k * k].reshape((k, k))
