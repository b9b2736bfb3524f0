"""SG-14's search over sets of modes of a mode table in one compiled call per trip.

A trip whose shortest distance (SG-13) some ride can reach asks, smallest sets first, which
sets of modes achieve it (SG-14): `ModeTable.subset_trips` answers one (subset, walking)
pair a call, in Python, each subset searched on a station graph of its own, made for it.
`first_sets` walks the same order (`modes.table_order`) in one call, with no graph made per
subset: every system's rides are laid once on the stations of them all (`table_parts`), and
a subset searches the stations of its systems with only their rides. Knowing the trip's
shortest distance, each search stops as soon as it finds it or passes it. It returns the
positions of the sets of the first size that achieve the shortest distance.
`subset_trip` (the whole search, over every station: a station of another system is only
reached on foot, which never beats the walk past it) and `shortest_trip` (the shortest
trip of all, stopped once nothing can beat it) are its exact companions.

A router asks all of a trip at once (`trip_options`): SG-13's walk check, `shortest_trip`,
then `first_sets`, on the table `table_parts` makes in one pass per network. A router's
trips take one call with the table made inside it (`systems_trips_options`), no table kept:
a network after a build is asked one trip or one phase's trips, and a table object cost
more than the trips.

The order (`mode_sets`, `table_order`, re-exported by `modes`) lives here too. The
plain-Python twin is the order walked with `subset_trips` (`first_sets_reference`);
tests hold the two equal. Only tables without transfer costs (or of one system) take this
way: with transfer costs every subset's distance comes from one call already
(`ModeTable.distances`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np

from subwaysim.routing.kernels import INF, edge_trip, group_stations
from tabletop.compiled import kernel

Order = tuple[tuple[tuple[int, bool], ...], ...]  # `modes.table_order`: (mask, walks) by size
MIN_RIDE = 2  # a ride counts its boarding stop and one stop a hop (SG-12): never fewer than 2


@cache
def order_arrays(order: Order) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An order of sets (`modes.table_order`) flattened for `first_sets`: each set's subset
    mask, whether it walks, and where each size's sets end. Read-only: shared."""
    masks = np.array([m for size in order for m, _ in size], dtype=np.int64)
    walks = np.array([w for size in order for _, w in size], dtype=np.bool_)
    ends = np.cumsum([len(size) for size in order]).astype(np.int64)
    for array in (masks, walks, ends):
        array.flags.writeable = False
    return masks, walks, ends


@cache
def order_sets(order: Order) -> tuple[tuple[int, bool], ...]:
    """An order of sets, one (subset mask, walks) pair after another (`order_arrays`' rows)."""
    return tuple(pair for size in order for pair in size)


@dataclass(frozen=True, slots=True)
class ModeSet:
    """Systems (seat indices into the candidates) and whether the trip walks."""

    systems: tuple[int, ...]
    walk: bool


def mode_sets(count: int, walking_is_a_mode: bool) -> Iterator[list[ModeSet]]:
    """Sets of modes over `count` candidate systems, one list per size, smallest first;
    within a size, walking first, then in seat order."""
    if not walking_is_a_mode:  # walking is always allowed and never counted
        for size in range(count + 1):
            yield [ModeSet(c, True) for c in combinations(range(count), size)]
        return
    for size in range(1, count + 2):
        walking = [ModeSet(c, True) for c in combinations(range(count), size - 1)]
        riding = [ModeSet(c, False) for c in combinations(range(count), size)]
        yield walking + riding


@cache
def table_order(count: int, walking_is_a_mode: bool) -> tuple[tuple[tuple[int, bool], ...], ...]:
    """`mode_sets` as a mode table reads them: (subset mask, whether it walks) per set, in
    the same order, one tuple per size."""
    return tuple(
        tuple((sum(1 << i for i in m.systems), m.walk) for m in size)
        for size in mode_sets(count, walking_is_a_mode)
    )


@cache
def table_order_arrays(
    count: int, walking_is_a_mode: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[tuple[int, bool], ...]]:
    """`order_arrays` and `order_sets` of `modes.table_order(count, walking_is_a_mode)`, the
    order SG-14 tries the sets of `count` systems in, looked up by its two numbers."""
    order = table_order(count, walking_is_a_mode)
    return (*order_arrays(order), order_sets(order))


@kernel
def subset_trip(walk, stations, rides, mask, use_walk, origin, destination):  # type: ignore[no-untyped-def]
    """The shortest trip (SG-13) riding only the systems of subset `mask` (bit s: system s of
    `rides`) and, with `use_walk`, walking: `kernels.edge_trip` over every station, each
    edge the cheapest of the subset's rides (and the walk) between two stations."""
    k, systems = len(stations), rides.shape[0]
    edges = np.empty((k, k), np.int64)
    for u in range(k):
        row = walk[stations[u]]
        for v in range(k):
            cost = row[stations[v]] if use_walk else INF
            for s in range(systems):
                if (mask >> s) & 1 == 1 and rides[s, u, v] < cost:
                    cost = rides[s, u, v]
            edges[u, v] = cost
    return edge_trip(walk, stations, edges, use_walk, origin, destination)


@kernel
def subset_reaches(walk, stations, rides, mask, use_walk, origin, destination, best):  # type: ignore[no-untyped-def]
    """Whether `subset_trip` is `best`, given that no set of modes does better (`best` is
    the trip's shortest distance): the search over the stations of the subset's systems
    only (their own station graph), stopped once a station settles beyond `best` (every
    way on from there is longer) or a way of length `best` is found."""
    if use_walk and walk[origin, destination] == best:
        return True
    k, systems = len(stations), rides.shape[0]
    chosen = np.empty(systems, np.int64)
    c = 0
    for s in range(systems):
        if (mask >> s) & 1 == 1:
            chosen[c] = s
            c += 1
    members = np.empty(k, np.int64)  # the subset's stations: a ride of 0 to themselves
    m = 0
    for a in range(k):
        for j in range(c):
            if rides[chosen[j], a, a] == 0:
                members[m] = a
                m += 1
                break
    dist = np.empty(m, np.int64)
    done = np.zeros(m, np.bool_)
    last = INF  # the walk from the subset's nearest station to the destination
    for i in range(m):
        square = stations[members[i]]
        last = min(last, walk[square, destination])
        if use_walk:
            dist[i] = walk[origin, square]
        else:
            dist[i] = 0 if square == origin else INF
    cost = np.empty(m, np.int64)
    for _ in range(m):
        u, du = -1, INF
        for i in range(m):
            if not done[i] and dist[i] < du:
                u, du = i, dist[i]
        if u < 0 or du > best:
            return False
        done[u] = True
        here = stations[members[u]]
        if use_walk:
            if du + walk[here, destination] == best:
                return True
        elif here == destination and destination != origin and du == best:
            return True
        # The least way on from here: the walk, or a ride (MIN_RIDE stops at least, SG-12)
        # and the walk on from a station; without walking, a ride unless here is the end.
        if use_walk:
            floor = min(walk[here, destination], MIN_RIDE + last)
        else:
            floor = 0 if here == destination else MIN_RIDE
        if du + floor > best:
            continue  # no way through here is as short as the trip
        row = walk[here]
        for i in range(m):
            cost[i] = row[stations[members[i]]] if use_walk else INF
        for j in range(c):
            ride = rides[chosen[j], members[u]]
            for i in range(m):
                if ride[members[i]] < cost[i]:
                    cost[i] = ride[members[i]]
        for i in range(m):
            if not done[i] and du + cost[i] < dist[i]:
                dist[i] = du + cost[i]
    return False


@kernel
def shortest_trip(walk, stations, edges, origin, destination):  # type: ignore[no-untyped-def]
    """`kernels.edge_trip` with walking (SG-13's shortest trip over the cheapest ride or walk
    between stations), stopped once the next station settles no nearer than the best trip
    found, and leaving a station be when the least way on from it cannot beat that trip:
    every way on is at least as long (the same distance)."""
    k = len(stations)
    best = walk[origin, destination]
    dist = np.empty(k, np.int64)
    done = np.zeros(k, np.bool_)
    last = INF  # the walk from the nearest station to the destination
    for a in range(k):
        dist[a] = walk[origin, stations[a]]
        last = min(last, walk[stations[a], destination])
    for _ in range(k):
        u, du = -1, INF
        for v in range(k):
            if not done[v] and dist[v] < du:
                u, du = v, dist[v]
        if u < 0 or du >= best:
            break
        done[u] = True
        on_foot = walk[stations[u], destination]
        best = min(best, du + on_foot)
        # The way on from u walks there, or rides once at least (MIN_RIDE stops, SG-12) and
        # walks on from a station; walks are shortest walks. Never shorter: leave u be.
        if du + min(on_foot, MIN_RIDE + last) >= best:
            continue
        row = edges[u]
        for v in range(k):
            if not done[v] and du + row[v] < dist[v]:
                dist[v] = du + row[v]
    return best


@kernel
def _served(position, rides, mask, square):  # type: ignore[no-untyped-def]
    """Whether a system of subset `mask` has a station on `square`."""
    p = position[square]
    served = False
    if p >= 0:
        for s in range(rides.shape[0]):
            if (mask >> s) & 1 == 1 and rides[s, p, p] == 0:
                served = True
    return served


@kernel
def first_sets(walk, origin, destination, best, stations, position, rides, masks, walks, ends):  # type: ignore[no-untyped-def]
    """The positions (in `masks`, `walks`) of the sets of the smallest size whose shortest
    trip from `origin` to `destination` is `best`, the trip's shortest distance (SG-14).

    `stations`, `position` and `rides` are `table_parts`' (the stations of every system).
    The set of every system with walking is the shortest trip itself, `best`, and is not
    searched again. Without walking a trip starts and ends at stations of its systems, so
    a subset that lacks either end cannot make it."""
    full = (1 << rides.shape[0]) - 1
    found = np.empty(len(masks), np.int64)
    count = 0
    start = 0
    for end in ends:
        for i in range(start, end):
            mask, use_walk = masks[i], walks[i]
            if mask == 0:  # no system: the walk, or no trip at all
                reaches = use_walk and walk[origin, destination] == best
            elif use_walk and mask == full:
                reaches = True
            elif not use_walk and not (
                _served(position, rides, mask, origin)
                and _served(position, rides, mask, destination)
            ):
                reaches = False
            else:
                reaches = subset_reaches(
                    walk, stations, rides, mask, use_walk, origin, destination, best
                )
            if reaches:
                found[count] = i
                count += 1
        if count > 0:
            return found[:count]
        start = end
    return found[:0]


def first_sets_reference(
    subset: Callable[[int, bool], int], best: int, order: Order
) -> list[tuple[int, bool]]:
    """`first_sets` in plain Python: each (subset, walking) pair of `order` asked of `subset`
    (`ModeTable.subset_trips`), size by size; the sets of the first size achieving `best`."""
    for size in order:
        found = [(mask, walk) for mask, walk in size if subset(mask, walk) == best]
        if found:
            return found
    return []


@kernel
def table_parts(walk, system_stations, system_flats):  # type: ignore[no-untyped-def]
    """What every trip of a mode table asks, from its systems (each one's station squares
    and flattened ride matrix): the stations of them all (sorted squares), each square's
    row among them (-1: none), the (K, K) cheapest ride or walk between two of them (as
    `mode_table.every_view`) and each system's rides between them: INF where the system
    has no ride, 0 on the diagonal of its own stations only."""
    stations, position = group_stations(walk.shape[0], system_stations)
    edges, rides = lay_table(walk, stations, position, system_stations, system_flats)
    return stations, position, edges, rides


@kernel
def lay_table(walk, stations, position, system_stations, system_flats):  # type: ignore[no-untyped-def]
    """`table_parts`' edges and rides, on the stations (and each square's row among them)
    `kernels.group_stations` found for the same systems."""
    k, systems = len(stations), len(system_stations)
    edges = np.empty((k, k), np.int64)
    for a in range(k):
        row = walk[stations[a]]
        for b in range(k):
            edges[a, b] = row[stations[b]]
    rides = np.full((systems, k, k), INF, np.int64)
    for s in range(systems):
        own, flat = system_stations[s], system_flats[s]
        n = len(own)
        for a in range(n):
            pa = position[own[a]]
            for b in range(n):
                pb = position[own[b]]
                r = flat[a * n + b]
                rides[s, pa, pb] = r
                if r < edges[pa, pb]:
                    edges[pa, pb] = r
    return edges, rides


@kernel
def walk_alone(walk, origin, destination, stations):  # type: ignore[no-untyped-def]
    """SG-13's walk check: no trip that rides can tie the walk, as it walks to a station,
    rides (`MIN_RIDE` stops at least, SG-12) and walks on from a station; walks are
    shortest walks, so the nearest stations bound it (none: no ride at all)."""
    to_near, from_near = INF, INF
    for a in range(len(stations)):
        to_near = min(to_near, walk[origin, stations[a]])
        from_near = min(from_near, walk[stations[a], destination])
    return walk[origin, destination] < to_near + MIN_RIDE + from_near


@kernel
def trip_options(  # type: ignore[no-untyped-def]
    walk, origin, destination, stations, position, edges, rides, masks, walks, ends
):
    """A trip between two different squares on a mode table without transfer costs, as a
    router answers it (SG-13, SG-14): [distance, -1] when the walk alone is the one choice
    (no ride can tie it: the walks to and from the nearest stations and the least ride,
    `MIN_RIDE` stops, are longer; or the walk is shortest and an end has no station), else
    [distance, count, the positions of the sets found (`first_sets`)...]."""
    out = np.empty(len(masks) + 2, np.int64)
    walked = walk[origin, destination]
    out[0], out[1] = walked, -1
    if walk_alone(walk, origin, destination, stations):
        return out[:2]
    best = shortest_trip(walk, stations, edges, origin, destination)
    out[0] = best
    if best == walked and (position[origin] < 0 or position[destination] < 0):
        return out[:2]
    found = first_sets(
        walk, origin, destination, best, stations, position, rides, masks, walks, ends
    )
    out[1] = len(found)
    out[2 : 2 + len(found)] = found
    return out[: 2 + len(found)]


@kernel
def trips_options(  # type: ignore[no-untyped-def]
    walk, origins, destinations, stations, position, edges, rides, masks, walks, ends
):
    """`trip_options` of many trips on one table, row t for trip t (origins[t] !=
    destinations[t]): its answer in the row's first columns, the rest unused."""
    out = np.empty((len(origins), len(masks) + 2), np.int64)
    for t in range(len(origins)):
        found = trip_options(
            walk, origins[t], destinations[t], stations, position, edges, rides, masks, walks, ends
        )
        out[t, : len(found)] = found
    return out


@kernel
def systems_trips_options(  # type: ignore[no-untyped-def]
    walk, origins, destinations, system_stations, system_flats, masks, walks, ends
):
    """`trips_options` on the table `table_parts` makes of these systems (each one's
    station squares and flattened ride matrix), made in the same call and not kept: a
    router's trips without a table object. The stations come first; a trip the walk alone
    answers (`walk_alone`) needs nothing more, so the edges and rides are laid once a trip
    asks for them. The same rows as `table_parts` then `trips_options`."""
    stations, position = group_stations(walk.shape[0], system_stations)
    out = np.empty((len(origins), len(masks) + 2), np.int64)
    edges = np.empty((0, 0), np.int64)
    rides = np.empty((0, 0, 0), np.int64)
    laid = False
    for t in range(len(origins)):
        origin, destination = origins[t], destinations[t]
        if not laid:
            if walk_alone(walk, origin, destination, stations):
                out[t, 0], out[t, 1] = walk[origin, destination], -1
                continue
            edges, rides = lay_table(walk, stations, position, system_stations, system_flats)
            laid = True
        found = trip_options(
            walk, origin, destination, stations, position, edges, rides, masks, walks, ends
        )
        out[t, : len(found)] = found
    return out
