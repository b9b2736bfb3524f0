"""Expected points per trip for every player, over many trips at once: what players plan with.

Trips are (origin, destination) pairs with weights (all pairs weighted by the cards in play,
or a sample of them). For each pair the points follow SG-13..SG-15 as players meet them:
- a trip no ride shortens is walked: nobody scores;
- else the systems that achieve the shortest trip alone are its choices (SG-14): the
  chooser takes its own if it can, otherwise each is equally likely to be taken;
- else the trip needs two or more systems: each system without which the trip gets
  longer scores `shared_points`.
With two players that is the exact rule when walking is not a mode; with walking a mode,
or more players, it is a close estimate (rare ties between a pure walk and a pure ride,
or among several pairs of systems, are not split). Cost, in a compiled kernel: per group of
systems the shortest ways between its stations (without transfer costs, the same from every
origin), then per trip a few dozen station lookups.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from subwaysim.routing.kernels import INF, build_groups, station_dijkstra
from subwaysim.routing.rides import packed
from subwaysim.routing.router import Router
from tabletop.compiled import kernel


def groups_of(router: Router) -> tuple[list[tuple[int, ...]], np.ndarray, np.ndarray]:
    """The sets of rideable systems the estimate compares (indices into `router.rideable`):
    group 0 is every one; then each alone; then, with three or more, each left out.
    Returns (groups, single, without): `single[p]` / `without[p]` index the group of player
    p's system alone / of every system but p's (-1: p offers no ride / walking only)."""
    players = router.network.players
    return _group_list(len(players), [players.index(s.system) for s in router.rideable])


@cache
def _groups(players: int, seats: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`groups_of` as the kernel takes it, (members, single, without), made once per seats:
    members[g, i] tells whether rideable system i is in group g. Read-only: shared."""
    groups, single, without = _group_list(players, list(seats))
    members = np.zeros((len(groups), max(len(seats), 1)), dtype=np.bool_)
    for g, group in enumerate(groups):
        members[g, list(group)] = True
    for array in (members, single, without):
        array.flags.writeable = False
    return members, single, without


def _group_list(
    players: int, seats: list[int]
) -> tuple[list[tuple[int, ...]], np.ndarray, np.ndarray]:
    """`groups_of` from the seat of each rideable system."""
    count = len(seats)
    groups: list[tuple[int, ...]] = [tuple(range(count))] if count else []
    single = np.full(players, -1, dtype=np.int64)
    without = np.full(players, -1, dtype=np.int64)
    for i, seat in enumerate(seats):
        single[seat] = len(groups)
        groups.append((i,))
    for i, seat in enumerate(seats):
        if count == 2:
            without[seat] = single[seats[1 - i]]
        elif count > 2:
            without[seat] = len(groups)
            groups.append(tuple(j for j in range(count) if j != i))
    return groups, single, without


def pair_points(
    router: Router,
    origins: np.ndarray,
    destinations: np.ndarray,
    chooser: int,
    single_points: int,
    shared_points: int,
) -> np.ndarray:
    """(O, D, P) the points each player expects from each origin x destination trip (see the
    module); `chooser` is the seat index of the player taking SG-14 choices, or -1."""
    systems = router.rideable
    players = router.network.players
    members, single, without = _groups(
        len(players), tuple(players.index(s.system) for s in systems)
    )
    return _pair_points(
        router.walking.distances,
        np.ascontiguousarray(origins, dtype=np.int64),
        np.ascontiguousarray(destinations, dtype=np.int64),
        *packed(systems),
        members,
        router.rules.transfer_cost,
        single,
        without,
        chooser,
        float(single_points),
        float(shared_points),
    )


def expected_points(
    router: Router,
    origins: np.ndarray,
    origin_weights: np.ndarray,
    destinations: np.ndarray,
    destination_weights: np.ndarray,
    chooser: int,
    single_points: int,
    shared_points: int,
) -> np.ndarray:
    """(P,) each player's expected points: the sum over origin x destination pairs of
    origin_weight * destination_weight * points."""
    points = pair_points(router, origins, destinations, chooser, single_points, shared_points)
    return np.einsum("o,odp,d->p", origin_weights, points, destination_weights)


@kernel
def _close(closure):  # type: ignore[no-untyped-def]
    """Floyd-Warshall in place, row by row: closure[a, b] becomes the shortest way from a to
    b through any of the K points (SG-13's closure over stations)."""
    k = closure.shape[0]
    through = np.empty(k, np.int32)
    for m in range(k):
        through[:] = closure[m]
        for a in range(k):
            row, to_m = closure[a], closure[a, m]
            for b in range(k):
                row[b] = min(row[b], np.int32(to_m + through[b]))


@kernel
def _closure(edges, k):  # type: ignore[no-untyped-def]
    """(K, K) int32 shortest ways between a group's stations over its (K, K) edge matrix
    (the cheaper of riding and walking between two stations, SG-13 without transfer costs):
    Floyd-Warshall, row by row so the compiler vectorises it."""
    closure = np.empty((k, k), np.int32)
    for a in range(k):
        for b in range(k):
            closure[a, b] = edges[a * k + b]
    _close(closure)
    return closure


@kernel
def _reach_row(via, onward, row):  # type: ignore[no-untyped-def]
    """row[j]: the shortest trip to destination j through a station (`via` the way to each
    station from the origin, `onward` on foot from each station to each destination)."""
    row[:] = INF
    for b in range(len(via)):
        vb, line = via[b], onward[b]
        for j in range(len(row)):  # contiguous: the compiler vectorises it
            row[j] = min(row[j], np.int32(vb + line[j]))


@kernel
def _group_reach(  # type: ignore[no-untyped-def]
    reach,
    need,
    walk,
    origins,
    onward,
    stations,
    offsets,
    edges,
    edge_offsets,
    rides,
    ride_offsets,
    members,
    transfer,
    first_group,
    last_group,
):
    """reach[i, g, j] for groups `first_group` to `last_group` (excluded) and the origins i
    with need[i]: the shortest trip from origin i to destination j riding group g."""
    systems = members.shape[1]
    for g in range(first_group, last_group):
        first, k = offsets[g], offsets[g + 1] - offsets[g]
        st, ahead = stations[first : first + k], onward[first : first + k]
        via = np.empty(k, np.int32)
        if transfer == 0 or members[g].sum() == 1:
            # No transfer cost: the way to station b is a walk to some station a, then the
            # shortest way from a to b, the same from every origin (one closure per group).
            closure = _closure(edges[edge_offsets[g] : edge_offsets[g + 1]], k)
            for i in range(len(origins)):
                if not need[i]:
                    continue
                via[:] = INF
                for a in range(k):
                    walk_a, row = walk[origins[i], st[a]], closure[a]
                    for b in range(k):
                        via[b] = min(via[b], np.int32(walk_a + row[b]))
                _reach_row(via, ahead, reach[i, g])
            continue
        # With transfer costs the last system ridden matters: a search over (station,
        # system) states from each origin.
        layers = systems + 1
        graph = rides[ride_offsets[g] : ride_offsets[g + 1]].reshape((systems, k, k))
        dist = np.empty(k * layers, np.int64)
        pred = np.empty(k * layers, np.int64)
        how = np.empty(k * layers, np.int64)
        for i in range(len(origins)):
            if not need[i]:
                continue
            station_dijkstra(walk, st, graph, True, transfer, origins[i], dist, pred, how)
            for b in range(k):
                best = INF
                for layer in range(layers):
                    best = min(best, dist[layer * k + b])
                via[b] = best
            _reach_row(via, ahead, reach[i, g])


@kernel
def _pair_points(  # type: ignore[no-untyped-def]
    walk,
    origins,
    destinations,
    sys_stations,
    sys_offsets,
    sys_flat,
    flat_offsets,
    members,
    transfer,
    single,
    without,
    chooser,
    single_points,
    shared_points,
):
    players, groups = len(single), members.shape[0]
    count_o, count_d = len(origins), len(destinations)
    out = np.zeros((count_o, count_d, players), np.float64)
    if groups == 0:
        return out
    stations, offsets, edges, edge_offsets, rides, ride_offsets = build_groups(
        walk, sys_stations, sys_offsets, sys_flat, flat_offsets, members, transfer, True
    )
    onward = np.empty((offsets[-1], count_d), np.int32)  # station -> destination, walking
    for b in range(offsets[-1]):
        for j in range(count_d):
            onward[b, j] = walk[stations[b], destinations[j]]
    reach = np.empty((count_o, groups, count_d), np.int32)  # shortest trip, per group
    need = np.ones(count_o, np.bool_)
    alone = 1 + members.shape[1] if groups > 1 else 1  # groups 0 and one per system
    groups_of_stations = (stations, offsets, edges, edge_offsets, rides, ride_offsets)
    _group_reach(
        reach, need, walk, origins, onward, *groups_of_stations, members, transfer, 0, alone
    )
    if alone < groups:
        # The groups without one system only from origins with a trip that rides but on no
        # single system (SG-15: who is needed for it).
        for i in range(count_o):
            need[i] = _needs_shared(reach[i], walk, origins[i], destinations, single)
        if need.any():
            _group_reach(
                reach,
                need,
                walk,
                origins,
                onward,
                *groups_of_stations,
                members,
                transfer,
                alone,
                groups,
            )
    for i in range(count_o):
        o = origins[i]
        for j in range(count_d):
            best = reach[i, 0, j]
            if destinations[j] == o or best >= walk[o, destinations[j]]:
                continue  # the same square, or walked: nobody scores (SG-15)
            _score(
                out[i, j],
                reach[i, :, j],
                best,
                single,
                without,
                chooser,
                single_points,
                shared_points,
            )
    return out


@kernel
def _needs_shared(reach, walk, origin, destinations, single):  # type: ignore[no-untyped-def]
    """Whether some trip from `origin` rides, but on no single system alone."""
    for j in range(len(destinations)):
        best = reach[0, j]
        if destinations[j] == origin or best >= walk[origin, destinations[j]]:
            continue
        alone = False
        for p in range(len(single)):
            if single[p] >= 0 and reach[single[p], j] == best:
                alone = True
                break
        if not alone:
            return True
    return False


@kernel
def _score(points, reach, best, single, without, chooser, single_points, shared_points):  # type: ignore[no-untyped-def]
    """SG-14/SG-15 for one trip that rides: single-system choices, else the needed systems."""
    players = len(single)
    count = 0
    for p in range(players):
        if single[p] >= 0 and reach[single[p]] == best:
            count += 1
    if count > 0:
        if chooser >= 0 and single[chooser] >= 0 and reach[single[chooser]] == best:
            points[chooser] = single_points
            return
        for p in range(players):
            if single[p] >= 0 and reach[single[p]] == best:
                points[p] = single_points / count
        return
    for p in range(players):
        if single[p] >= 0 and (without[p] < 0 or reach[without[p]] > best):
            points[p] = shared_points


def expected_points_reference(
    router: Router,
    origins: np.ndarray,
    origin_weights: np.ndarray,
    destinations: np.ndarray,
    destination_weights: np.ndarray,
    chooser: int,
    single_points: int,
    shared_points: int,
) -> np.ndarray:
    """The same in plain Python from each group's `StationGraph.trip`: the kernel's reference."""
    players = router.network.players
    rideable = router.rideable
    groups, single, without = groups_of(router)
    graphs = [router.graph(tuple(rideable[i] for i in group), True) for group in groups]
    trips = [graph.trip for graph in graphs]
    out = np.zeros(len(players))
    walk = router.walking.distances
    for o, wo in zip(origins, origin_weights, strict=True):
        for d, wd in zip(destinations, destination_weights, strict=True):
            if o == d or not trips or trips[0](o, d) >= walk[o, d]:
                continue
            best, weight = trips[0](o, d), wo * wd
            hits = [
                p for p in range(len(players)) if single[p] >= 0 and trips[single[p]](o, d) == best
            ]
            if hits:
                if chooser in hits:
                    out[chooser] += weight * single_points
                else:
                    for p in hits:
                        out[p] += weight * single_points / len(hits)
                continue
            for p in range(len(players)):
                g = without[p]
                if single[p] >= 0 and (g < 0 or trips[g](o, d) > best):
                    out[p] += weight * shared_points
    return out
