"""Compiled routing kernels (numba) and the plain-Python reference of each.

Squares are `rank * width + file`; distances are int32 with `INF` for "no way".
- `walk_distances`: every square to every square on foot (SG-9), once per board.
- `ride_matrix`: one system's stations and the stops counted by the best ride between
  every two of them (SG-10..SG-12); its breadth-first searches read each stop's hops as
  a bit set where a system has at most 64 stops (`_bit_hop_counts`; numba's
  `trailing_zeros` finds a set's stops), the hop arrays beyond.
- `station_dijkstra`: from a square to every station of a set of systems, riding and
  (optionally) walking between them, with transfer costs (SG-13); `station_trip` a trip.
- `heap_push`, `heap_pop`, `grid_step`: the array heap and the step to a neighbouring square
  the walking kernel uses, public for other kernels (the greedy player's plans reuse them).
Tests check each kernel against its reference on random boards (hypothesis).
"""

from __future__ import annotations

import heapq

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from tabletop.compiled import kernel

INF = 1 << 28  # larger than any trip; sums of a few INFs still fit in int32 arithmetic
NO_STATION, LOCAL, EXPRESS = 0, 1, 2  # station kinds in a `kinds` array

__all__ = [
    "EXPRESS",
    "INF",
    "LOCAL",
    "NO_STATION",
    "build_groups",
    "edge_dijkstra",
    "edge_trip",
    "grid_neighbours",
    "grid_step",
    "heap_pop",
    "heap_push",
    "line_rides",
    "ride_matrix",
    "station_dijkstra",
    "station_distances_reference",
    "station_trip",
    "union_rides",
    "walk_distances",
    "walk_distances_reference",
]


# --- SG-9 walking -----------------------------------------------------------------------------


@kernel
def heap_push(heap_d, heap_n, count, d, n):  # type: ignore[no-untyped-def]
    """Push (d, n) on a binary min-heap kept in two arrays holding `count` items; new count."""
    j = count
    while j > 0:
        parent = (j - 1) // 2
        if heap_d[parent] <= d:
            break
        heap_d[j], heap_n[j] = heap_d[parent], heap_n[parent]
        j = parent
    heap_d[j], heap_n[j] = d, n
    return count + 1


@kernel
def heap_pop(heap_d, heap_n, count):  # type: ignore[no-untyped-def]
    """Pop the least (d, n) from the heap; returns (d, n, new count)."""
    d, n = heap_d[0], heap_n[0]
    count -= 1
    last_d, last_n = heap_d[count], heap_n[count]
    i = 0
    while True:  # sift the last item down from the root
        child = 2 * i + 1
        if child >= count:
            break
        if child + 1 < count and heap_d[child + 1] < heap_d[child]:
            child += 1
        if heap_d[child] >= last_d:
            break
        heap_d[i], heap_n[i] = heap_d[child], heap_n[child]
        i = child
    heap_d[i], heap_n[i] = last_d, last_n
    return d, n, count


@kernel
def grid_step(u, k, width, height):  # type: ignore[no-untyped-def]
    """The neighbour of square `u` in direction k (0 west, 1 east, 2 south, 3 north), or -1."""
    rank, file = u // width, u % width
    if k == 0:
        return u - 1 if file > 0 else -1
    if k == 1:
        return u + 1 if file < width - 1 else -1
    if k == 2:
        return u - width if rank > 0 else -1
    return u + width if rank < height - 1 else -1


@kernel
def _walk_from(source, width, height, hazard, hazard_cost, on_leave, out):  # type: ignore[no-untyped-def]
    """Dijkstra from `source` on the grid, into `out`."""
    size = width * height
    heap_d = np.empty(4 * size + 4, np.int64)
    heap_n = np.empty(4 * size + 4, np.int64)
    for i in range(size):
        out[i] = INF
    out[source] = 0
    count = heap_push(heap_d, heap_n, 0, 0, source)
    while count > 0:
        d, u, count = heap_pop(heap_d, heap_n, count)
        if d > out[u]:
            continue
        for k in range(4):
            v = grid_step(u, k, width, height)
            if v < 0:
                continue
            costly = hazard[u] if on_leave else hazard[v]
            nd = d + (hazard_cost if costly else 1)
            if nd < out[v]:
                out[v] = nd
                count = heap_push(heap_d, heap_n, count, nd, v)


@kernel
def _walk_all(width, height, hazard, hazard_cost, on_leave):  # type: ignore[no-untyped-def]
    size = width * height
    out = np.empty((size, size), np.int32)
    row = np.empty(size, np.int64)
    for source in range(size):
        _walk_from(source, width, height, hazard, hazard_cost, on_leave, row)
        for i in range(size):
            out[source, i] = row[i]
    return out


def walk_distances(
    width: int, height: int, hazard: np.ndarray, hazard_cost: int, on_leave: bool
) -> np.ndarray:
    """(N, N) int32 walking distances (SG-9): Manhattan on a board without hazards."""
    if not hazard.any() or hazard_cost == 1:
        ranks, files = np.divmod(np.arange(width * height), width)
        return (
            np.abs(ranks[:, None] - ranks[None, :]) + np.abs(files[:, None] - files[None, :])
        ).astype(np.int32)
    return _walk_all(width, height, hazard.astype(np.bool_), hazard_cost, on_leave)


def walk_distances_reference(
    width: int, height: int, hazard: np.ndarray, hazard_cost: int, on_leave: bool
) -> np.ndarray:
    """Plain Dijkstra with heapq from every square: the reference for `walk_distances`."""
    size = width * height
    out = np.full((size, size), INF, dtype=np.int32)
    for source in range(size):
        dist = {source: 0}
        heap = [(0, source)]
        while heap:
            d, u = heapq.heappop(heap)
            if d > dist[u]:
                continue
            for v in grid_neighbours(u, width, height):
                costly = hazard[u] if on_leave else hazard[v]
                nd = d + (hazard_cost if costly else 1)
                if nd < dist.get(v, INF):
                    dist[v] = nd
                    heapq.heappush(heap, (nd, v))
        for square, d in dist.items():
            out[source, square] = d
    return out


def grid_neighbours(square: int, width: int, height: int) -> list[int]:
    """Orthogonal neighbours in the order west, east, south, north."""
    rank, file = divmod(square, width)
    near = []
    if file > 0:
        near.append(square - 1)
    if file < width - 1:
        near.append(square + 1)
    if rank > 0:
        near.append(square - width)
    if rank < height - 1:
        near.append(square + width)
    return near


# --- SG-10..SG-12 rides -----------------------------------------------------------------------


@kernel
def _follow(prev, cur, track, kinds, degree, width, height, mode):  # type: ignore[no-untyped-def]
    """Run along the track from `prev` into `cur` to where the hop ends, or -1.

    mode 0: a plain hop, to the next stop. mode 1: an express hop (SG-12), passing local
    stations to the next express station, never past an intersection. mode 2: the express
    train of `both_ends`, passing local stations to the next express station or intersection.
    """
    while True:
        intersection = degree[cur] >= 3
        if mode == 0 and (intersection or kinds[cur] != 0):
            return cur
        if kinds[cur] == 2:
            return cur  # the next express station ends the hop, intersection or not
        if intersection:
            return cur if mode == 2 else -1  # an express hop never passes an intersection
        rank, file = cur // width, cur % width
        nxt = -1
        if file > 0 and track[cur - 1] and cur - 1 != prev:
            nxt = cur - 1
        elif file < width - 1 and track[cur + 1] and cur + 1 != prev:
            nxt = cur + 1
        elif rank > 0 and track[cur - width] and cur - width != prev:
            nxt = cur - width
        elif rank < height - 1 and track[cur + width] and cur + width != prev:
            nxt = cur + width
        if nxt == -1:
            return -1  # the end of the line
        prev, cur = cur, nxt


@kernel
def neighbour(width, height, square, k):  # type: ignore[no-untyped-def]
    """The square next to `square` in direction k (0 left, 1 right, 2 up, 3 down; the order
    every search here takes them in), or -1 off the board."""
    rank, file = square // width, square % width
    if k == 0:
        return square - 1 if file > 0 else -1
    if k == 1:
        return square + 1 if file < width - 1 else -1
    if k == 2:
        return square - width if rank > 0 else -1
    return square + width if rank < height - 1 else -1


@kernel
def _hops(stops, stop_id, starts, track, kinds, degree, width, height, mode):  # type: ignore[no-untyped-def]
    """(n_stops, 4) adjacency: the stop (index) each hop from a `starts` stop reaches, or -1."""
    adjacency = np.full((len(stops), 4), -1, np.int64)
    for i in range(len(stops)):
        s = stops[i]
        if not starts[i]:
            continue
        for k in range(4):
            n = neighbour(width, height, s, k)
            if n >= 0 and track[n]:
                end = _follow(s, n, track, kinds, degree, width, height, mode)
                if end >= 0 and end != s:
                    adjacency[i, k] = stop_id[end]
    return adjacency


@kernel
def _hop_counts(source, adjacencies, n_stops):  # type: ignore[no-untyped-def]
    """Breadth-first hop counts from stop `source` over the union of `adjacencies`."""
    hops = np.empty(n_stops, np.int64)
    _hop_counts_into(source, adjacencies, hops, np.empty(n_stops, np.int64))
    return hops


@kernel
def _hop_counts_into(source, adjacencies, hops, queue):  # type: ignore[no-untyped-def]
    """`_hop_counts` into `hops` (-1: not reached), with `queue` as the work space: a ride
    matrix asks it once per station, on buffers made once."""
    hops[:] = -1
    hops[source] = 0
    queue[0] = source
    head, tail = 0, 1
    while head < tail:
        u = queue[head]
        head += 1
        for a in range(adjacencies.shape[0]):
            for k in range(4):
                v = adjacencies[a, u, k]
                if v >= 0 and hops[v] < 0:
                    hops[v] = hops[u] + 1
                    queue[tail] = v
                    tail += 1


@kernel
def _hop_bits(adjacencies, n_stops):  # type: ignore[no-untyped-def]
    """Each stop's hops as a bit set (n_stops <= 64): bit v of out[u] for a hop u -> v in
    any of `adjacencies` (A, n_stops, 4)."""
    out = np.zeros(n_stops, np.uint64)
    one = np.uint64(1)
    for a in range(adjacencies.shape[0]):
        for u in range(n_stops):
            for k in range(4):
                v = adjacencies[a, u, k]
                if v >= 0:
                    out[u] |= one << np.uint64(v)
    return out


@kernel
def _bit_hop_counts(source, bits, hops):  # type: ignore[no-untyped-def]
    """`_hop_counts_into` over hop bit sets (`_hop_bits`): a level of the breadth-first
    search is the union of its stops' hops, less the stops reached before."""
    hops[:] = -1
    hops[source] = 0
    one = np.uint64(1)
    reached = one << np.uint64(source)
    frontier = reached
    level = 0
    while frontier != 0:
        level += 1
        ahead = np.uint64(0)
        while frontier != 0:
            ahead |= bits[trailing_zeros(frontier)]
            frontier &= frontier - one
        ahead &= ~reached
        reached |= ahead
        frontier = ahead
        while ahead != 0:
            hops[trailing_zeros(ahead)] = level
            ahead &= ahead - one


@kernel
def _ride_matrix(width, height, track, kinds, both_ends):  # type: ignore[no-untyped-def]
    # One pass in square order over the track: each square's degree, and the stops (a
    # station or an intersection, SG-10) numbered in square order. Only track squares'
    # entries of `degree`, `kinds` and `stop_id` are ever read (a run along the track stays
    # on it and ends at a stop), so the rest are left unset.
    size = width * height
    work = np.empty((4, size), np.int64)
    degree, stop_id, stops_of, station_stop_of = work[0], work[1], work[2], work[3]
    n_stops = 0
    n_stations = 0
    for sq in range(size):
        if track[sq]:
            rank, file = sq // width, sq % width
            d = (
                (file > 0 and track[sq - 1])
                + (file < width - 1 and track[sq + 1])
                + (rank > 0 and track[sq - width])
                + (rank < height - 1 and track[sq + width])
            )
            degree[sq] = d
            if kinds[sq] != 0 or d >= 3:
                stop_id[sq] = n_stops
                stops_of[n_stops] = sq
                if kinds[sq] != 0:
                    station_stop_of[n_stations] = n_stops
                    n_stations += 1
                n_stops += 1
    stops = stops_of[:n_stops]
    station_stop = station_stop_of[:n_stations]
    stations = np.empty(n_stations, np.int64)
    for j in range(n_stations):
        stations[j] = stops[station_stop[j]]
    every = np.ones(n_stops, np.bool_)
    plain = _hops(stops, stop_id, every, track, kinds, degree, width, height, 0)
    matrix = np.full((n_stations, n_stations), INF, np.int32)
    if both_ends:
        express_layer = np.empty(n_stops, np.bool_)
        for i in range(n_stops):
            express_layer[i] = kinds[stops[i]] == 2 or degree[stops[i]] >= 3
        fast = _hops(stops, stop_id, express_layer, track, kinds, degree, width, height, 2)
        local_graph = plain.reshape((1, n_stops, 4))
        express_graph = fast.reshape((1, n_stops, 4))
        hops = np.empty(n_stops, np.int64)
        quick = np.empty(n_stops, np.int64)
        queue = np.empty(n_stops, np.int64)
        few = n_stops <= 64  # (hop bit sets: a stop a bit of one word)
        local_bits = _hop_bits(local_graph, n_stops) if few else np.empty(0, np.uint64)
        express_bits = _hop_bits(express_graph, n_stops) if few else np.empty(0, np.uint64)
        for a in range(n_stations):
            if few:
                _bit_hop_counts(station_stop[a], local_bits, hops)
            else:
                _hop_counts_into(station_stop[a], local_graph, hops, queue)
            if kinds[stations[a]] == 2:
                if few:
                    _bit_hop_counts(station_stop[a], express_bits, quick)
                else:
                    _hop_counts_into(station_stop[a], express_graph, quick, queue)
            for b in range(n_stations):
                h = hops[station_stop[b]]
                if kinds[stations[a]] == 2 and kinds[stations[b]] == 2:
                    q = quick[station_stop[b]]
                    if q >= 0 and (h < 0 or q < h):
                        h = q
                if h >= 0:
                    matrix[a, b] = h + 1
    else:
        from_express = np.empty(n_stops, np.bool_)
        for i in range(n_stops):
            from_express[i] = kinds[stops[i]] == 2
        fast = _hops(stops, stop_id, from_express, track, kinds, degree, width, height, 1)
        graph = np.empty((2, n_stops, 4), np.int64)
        graph[0], graph[1] = plain, fast
        hops = np.empty(n_stops, np.int64)
        queue = np.empty(n_stops, np.int64)
        few = n_stops <= 64  # (hop bit sets: a stop a bit of one word)
        bits = _hop_bits(graph, n_stops) if few else np.empty(0, np.uint64)
        for a in range(n_stations):
            if few:
                _bit_hop_counts(station_stop[a], bits, hops)
            else:
                _hop_counts_into(station_stop[a], graph, hops, queue)
            for b in range(n_stations):
                if hops[station_stop[b]] >= 0:
                    matrix[a, b] = hops[station_stop[b]] + 1
    for a in range(n_stations):
        matrix[a, a] = 0
    return stations, matrix


def ride_matrix(
    width: int, height: int, track: np.ndarray, kinds: np.ndarray, both_ends: bool
) -> tuple[np.ndarray, np.ndarray]:
    """A system's stations (sorted squares) and (K, K) stops of the best ride between them.

    `track` is a bool per square, `kinds` the station kind per square (NO_STATION, LOCAL,
    EXPRESS; squares off the track are ignored). Entry [a, b] counts the boarding station,
    every stop and the alighting station (SG-12); INF where no ride joins them; 0 on the
    diagonal (no ride at all).
    """
    track, kinds = np.asarray(track, dtype=np.bool_), np.asarray(kinds, dtype=np.int64)
    return _ride_matrix(width, height, track, kinds, both_ends)


@kernel
def line_rides(width, height, track_squares, station_squares, express, both_ends):  # type: ignore[no-untyped-def]
    """`ride_matrix` from a system's track squares and its stations (squares, and whether
    each is express), plus what kernels taking many systems use: the matrix flattened to
    int64, and whether some ride joins two different stations (SG-12)."""
    size = width * height
    track = np.zeros(size, np.bool_)
    for sq in track_squares:
        track[sq] = True
    kinds = np.zeros(size, np.int64)
    for i in range(len(station_squares)):
        kinds[station_squares[i]] = EXPRESS if express[i] else LOCAL
    stations, matrix = _ride_matrix(width, height, track, kinds, both_ends)
    k = len(stations)
    flat = np.empty(k * k, np.int64)
    rides = 0
    for a in range(k):
        for b in range(k):
            flat[a * k + b] = matrix[a, b]
            rides += matrix[a, b] < INF
    return stations, matrix, flat, rides > k


# --- SG-13 between stations -------------------------------------------------------------------


@kernel
def number_marked(position):  # type: ignore[no-untyped-def]
    """Number the squares marked 0 in `position` (the rest -1) in square order, in place
    (each marked square's entry becomes its row among them); returns those squares, sorted:
    the stations of a group of systems, as one table sees them."""
    k = 0
    for sq in range(len(position)):
        if position[sq] == 0:
            position[sq] = k
            k += 1
    stations = np.empty(k, np.int64)
    for sq in range(len(position)):
        if position[sq] >= 0:
            stations[position[sq]] = sq
    return stations


@kernel
def group_stations(size, system_stations):  # type: ignore[no-untyped-def]
    """The stations of a group of systems (each one's station squares), sorted, and each
    square's row among them (-1 for a square without one): `number_marked` of their union."""
    position = np.full(size, -1, np.int64)
    for i in range(len(system_stations)):
        for sq in system_stations[i]:
            position[sq] = 0
    return number_marked(position), position


@kernel
def lay_rides(edges, position, system_stations, system_flats):  # type: ignore[no-untyped-def]
    """Lower each edge of a group's table (rows and columns its stations, numbered by
    `position`) to the cheapest ride of any of its systems between those stations (SG-13):
    each system's station squares and flattened ride matrix, in place."""
    for i in range(len(system_stations)):
        system, flat = system_stations[i], system_flats[i]
        n = len(system)
        for a in range(n):
            pa = position[system[a]]
            for b in range(n):
                r = flat[a * n + b]
                pb = position[system[b]]
                if r < edges[pa, pb]:
                    edges[pa, pb] = r


@kernel
def _union_rides(system_stations, system_offsets, system_matrices, matrix_offsets, size):  # type: ignore[no-untyped-def]
    """The stations of several systems (sorted union) and each system's rides on them."""
    systems = len(system_offsets) - 1
    position = np.full(size, -1, np.int64)
    for i in range(len(system_stations)):
        position[system_stations[i]] = 0
    stations = number_marked(position)
    k = len(stations)
    rides = np.full((systems, k, k), INF, np.int64)
    for s in range(systems):
        first, n = system_offsets[s], system_offsets[s + 1] - system_offsets[s]
        base = matrix_offsets[s]
        for a in range(n):
            pa = position[system_stations[first + a]]
            for b in range(n):
                pb = position[system_stations[first + b]]
                rides[s, pa, pb] = system_matrices[base + a * n + b]
    return stations, rides


@kernel
def build_groups(  # type: ignore[no-untyped-def]
    walk, sys_stations, sys_offsets, sys_flat, flat_offsets, members, transfer, use_walk
):
    """For every group of systems (a row of `members`): its stations (sorted union), the
    cheapest ride (or, with `use_walk`, walk) between two of them, and, with transfer costs,
    each system's rides on them. Systems come as `sys_stations` (their station squares, one
    system after another, from `sys_offsets`) and their ride matrices flattened."""
    groups, systems, size = members.shape[0], len(sys_offsets) - 1, walk.shape[0]
    position = np.full(size, -1, np.int64)
    offsets = np.zeros(groups + 1, np.int64)
    for g in range(groups):  # how many stations each group has
        count = 0
        for s in range(systems):
            if members[g, s]:
                for i in range(sys_offsets[s], sys_offsets[s + 1]):
                    if position[sys_stations[i]] != g:
                        position[sys_stations[i]] = g
                        count += 1
        offsets[g + 1] = offsets[g] + count
    stations = np.empty(offsets[groups], np.int64)
    edge_offsets = np.zeros(groups + 1, np.int64)
    ride_offsets = np.zeros(groups + 1, np.int64)
    for g in range(groups):
        k = offsets[g + 1] - offsets[g]
        edge_offsets[g + 1] = edge_offsets[g] + k * k
        ride_offsets[g + 1] = ride_offsets[g] + (systems * k * k if transfer > 0 else 0)
    edges = np.full(edge_offsets[groups], INF, np.int64)
    rides = np.full(ride_offsets[groups], INF, np.int64)
    for g in range(groups):
        first, k = offsets[g], offsets[g + 1] - offsets[g]
        position[:] = 0
        for s in range(systems):
            if members[g, s]:
                for i in range(sys_offsets[s], sys_offsets[s + 1]):
                    position[sys_stations[i]] = 1
        j = 0
        for sq in range(size):  # sorted: index the union in square order
            if position[sq] == 1:
                stations[first + j] = sq
                position[sq] = j
                j += 1
            else:
                position[sq] = -1
        base, rbase = edge_offsets[g], ride_offsets[g]
        for a in range(k):
            for b in range(k):
                if use_walk:
                    edges[base + a * k + b] = walk[stations[first + a], stations[first + b]]
                elif a == b:
                    edges[base + a * k + b] = 0
        for s in range(systems):
            if not members[g, s]:
                continue
            n, flat = sys_offsets[s + 1] - sys_offsets[s], flat_offsets[s]
            for a in range(n):
                pa = position[sys_stations[sys_offsets[s] + a]]
                for b in range(n):
                    pb = position[sys_stations[sys_offsets[s] + b]]
                    r = sys_flat[flat + a * n + b]
                    if r < edges[base + pa * k + pb]:
                        edges[base + pa * k + pb] = r
                    if transfer > 0:
                        rides[rbase + s * k * k + pa * k + pb] = r
    return stations, offsets, edges, edge_offsets, rides, ride_offsets


def union_rides(
    stations: list[np.ndarray], matrices: list[np.ndarray], size: int
) -> tuple[np.ndarray, np.ndarray]:
    """(stations, rides (S, K, K)) of several systems on the union of their stations
    (`stations` int64 squares, `matrices` their ride matrices flattened int64)."""
    offsets, flats, n, m = [0], [0], 0, 0
    for system in stations:
        n += len(system)
        m += len(system) * len(system)
        offsets.append(n)
        flats.append(m)
    return _union_rides(
        np.concatenate(stations),
        np.array(offsets, dtype=np.int64),
        np.concatenate(matrices),
        np.array(flats, dtype=np.int64),
        size,
    )


@kernel
def station_dijkstra(walk, stations, rides, use_walk, transfer, origin, dist, pred, how):  # type: ignore[no-untyped-def]
    """Shortest ways from the square `origin` to every station state (SG-13), dense Dijkstra.

    A state is a station and, with a transfer cost, the last system ridden (`last * K + a`,
    last = S for nothing ridden yet); without one, just the station. A trip starts by walking
    to a station (or, without walking, at the origin if it is a station). `pred[v]` is the
    state before v (-1: the origin), `how[v]` the system ridden into v (-1: walked).
    Fills `dist`, `pred`, `how` (length K * L).
    """
    systems, k = rides.shape[0], len(stations)
    layers = systems + 1 if transfer > 0 else 1
    none = layers - 1
    states = k * layers
    done = np.zeros(states, np.bool_)
    for v in range(states):
        dist[v], pred[v], how[v] = INF, -1, -1
    for a in range(k):
        if use_walk:
            dist[none * k + a] = walk[origin, stations[a]]
        elif stations[a] == origin:
            dist[none * k + a] = 0
    for _ in range(states):
        u, du = -1, INF
        for v in range(states):
            if not done[v] and dist[v] < du:
                u, du = v, dist[v]
        if u < 0:
            return
        done[u] = True
        a, last = u % k, u // k
        for s in range(systems):  # rides first: on a tie a ride is kept over a walk
            charge = transfer if last != none and last != s else 0
            after = s if layers > 1 else 0
            for b in range(k):
                r = rides[s, a, b]
                if b != a and r < INF:
                    v = after * k + b
                    if du + r + charge < dist[v]:
                        dist[v], pred[v], how[v] = du + r + charge, u, s
        if use_walk:
            for c in range(k):
                v = last * k + c
                if c != a and du + walk[stations[a], stations[c]] < dist[v]:
                    dist[v], pred[v], how[v] = du + walk[stations[a], stations[c]], u, -1


@kernel
def edge_dijkstra(walk, stations, edges, use_walk, origin, dist, pred):  # type: ignore[no-untyped-def]
    """`station_dijkstra` without transfer costs: one (K, K) matrix of the cheapest ride or
    walk between two stations, so the search costs 2 K^2."""
    k = len(stations)
    done = np.zeros(k, np.bool_)
    for a in range(k):
        pred[a] = -1
        if use_walk:
            dist[a] = walk[origin, stations[a]]
        else:
            dist[a] = 0 if stations[a] == origin else INF
    for _ in range(k):
        u, du = -1, INF
        for v in range(k):
            if not done[v] and dist[v] < du:
                u, du = v, dist[v]
        if u < 0:
            return
        done[u] = True
        row = edges[u]
        for v in range(k):
            if du + row[v] < dist[v]:
                dist[v], pred[v] = du + row[v], u


@kernel
def edge_trip(walk, stations, edges, use_walk, origin, destination):  # type: ignore[no-untyped-def]
    """One trip over an edge matrix (see `edge_dijkstra`)."""
    k = len(stations)
    dist = np.empty(k, np.int64)
    pred = np.empty(k, np.int64)
    edge_dijkstra(walk, stations, edges, use_walk, origin, dist, pred)
    best = walk[origin, destination] if use_walk else INF
    for v in range(k):
        if dist[v] >= INF:
            continue
        if use_walk:
            best = min(best, dist[v] + walk[stations[v], destination])
        elif stations[v] == destination and destination != origin:
            best = min(best, dist[v])
    return best


@kernel
def station_trip(walk, stations, rides, use_walk, transfer, origin, destination):  # type: ignore[no-untyped-def]
    """One trip (SG-13): walking alone, or the best way to a station then on to the end."""
    k = len(stations)
    layers = rides.shape[0] + 1 if transfer > 0 else 1
    dist = np.empty(k * layers, np.int64)
    pred = np.empty(k * layers, np.int64)
    how = np.empty(k * layers, np.int64)
    station_dijkstra(walk, stations, rides, use_walk, transfer, origin, dist, pred, how)
    best = walk[origin, destination] if use_walk else INF
    for v in range(k * layers):
        if dist[v] >= INF:
            continue
        if use_walk:
            best = min(best, dist[v] + walk[stations[v % k], destination])
        elif stations[v % k] == destination and destination != origin:
            best = min(best, dist[v])
    return best


def station_distances_reference(
    walk: np.ndarray,
    stations: np.ndarray,
    rides: np.ndarray,
    use_walk: bool,
    transfer: int,
    origin: int,
) -> np.ndarray:
    """`station_dijkstra`'s distances by a heapq Dijkstra: the reference for the kernel."""
    systems, k = rides.shape[0], len(stations)
    layers = systems + 1 if transfer else 1
    none = layers - 1
    dist: dict[int, int] = {}
    heap = []
    for a, square in enumerate(stations):
        start = int(walk[origin, square]) if use_walk else (0 if square == origin else None)
        if start is not None:
            dist[none * k + a] = min(dist.get(none * k + a, INF), start)
            heap.append((start, none * k + a))
    heapq.heapify(heap)
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        a, last = u % k, u // k
        steps = []
        if use_walk:
            steps += [
                (last * k + c, int(walk[stations[a], stations[c]])) for c in range(k) if c != a
            ]
        for s in range(systems):
            charge = transfer if transfer and last not in (none, s) else 0
            after = s if transfer else 0
            steps += [
                (after * k + b, int(rides[s, a, b]) + charge)
                for b in range(k)
                if b != a and rides[s, a, b] < INF
            ]
        for v, cost in steps:
            if d + cost < dist.get(v, INF):
                dist[v] = d + cost
                heapq.heappush(heap, (d + cost, v))
    out = np.full(k * layers, INF, dtype=np.int64)
    for v, d in dist.items():
        out[v] = d
    return out
