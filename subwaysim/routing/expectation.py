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
or among several pairs of systems, are not split). Cost: per pair a few dozen station
lookups, in a compiled kernel.
"""

from __future__ import annotations

from functools import cache
from itertools import accumulate

import numpy as np

from subwaysim.compiled import kernel
from subwaysim.routing.kernels import INF, build_groups, edge_dijkstra, station_dijkstra
from subwaysim.routing.router import Router


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
    sizes = [len(s.stations) for s in systems]
    none = np.zeros(0, dtype=np.int64)
    return _pair_points(
        router.walking.distances,
        np.ascontiguousarray(origins, dtype=np.int64),
        np.ascontiguousarray(destinations, dtype=np.int64),
        np.concatenate([s.stations for s in systems]) if systems else none,
        np.array(list(accumulate(sizes, initial=0)), dtype=np.int64),
        np.concatenate([s.flat for s in systems]) if systems else none,
        np.array(list(accumulate((k * k for k in sizes), initial=0)), dtype=np.int64),
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
def _fill_via(  # type: ignore[no-untyped-def]
    via,
    walk,
    origin,
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
    """For one origin, groups `first_group` to `last_group` (excluded): the shortest way to
    each of their stations, riding included."""
    systems = members.shape[1]
    for g in range(first_group, last_group):
        first, k = offsets[g], offsets[g + 1] - offsets[g]
        charge = transfer if members[g].sum() > 1 else 0
        if charge == 0:
            graph = edges[edge_offsets[g] : edge_offsets[g + 1]].reshape((k, k))
            pred = np.empty(k, np.int64)
            edge_dijkstra(
                walk, stations[first : first + k], graph, True, origin, via[first : first + k], pred
            )
            continue
        layers = systems + 1  # every system has a layer; those outside the group ride nothing
        graph = rides[ride_offsets[g] : ride_offsets[g + 1]].reshape((systems, k, k))
        dist = np.empty(k * layers, np.int64)
        pred = np.empty(k * layers, np.int64)
        how = np.empty(k * layers, np.int64)
        station_dijkstra(
            walk, stations[first : first + k], graph, True, charge, origin, dist, pred, how
        )
        for b in range(k):
            best = INF
            for layer in range(layers):
                best = min(best, dist[layer * k + b])
            via[first + b] = best


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
    onward = np.empty((offsets[-1], count_d), np.int64)  # station -> destination, walking
    for b in range(offsets[-1]):
        for j in range(count_d):
            onward[b, j] = walk[stations[b], destinations[j]]
    via = np.empty(offsets[-1], np.int64)
    reach = np.empty((groups, count_d), np.int64)  # shortest trip to each destination
    alone = 1 + members.shape[1] if groups > 1 else 1  # groups 0 and one per system
    for i in range(count_o):
        o = origins[i]
        # Groups 0 and each system alone first; the groups without one system only when a
        # trip from `o` rides but on no single system (SG-15: who is needed for it).
        for first, last in ((0, alone), (alone, groups)):
            if first == alone and (
                alone == groups or not _needs_shared(reach, walk, o, destinations, single)
            ):
                break
            _fill_via(
                via,
                walk,
                o,
                stations,
                offsets,
                edges,
                edge_offsets,
                rides,
                ride_offsets,
                members,
                transfer,
                first,
                last,
            )
            _fill_reach(reach, via, onward, offsets, first, last)
        for j in range(count_d):
            best = reach[0, j]
            if destinations[j] == o or best >= walk[o, destinations[j]]:
                continue  # the same square, or walked: nobody scores (SG-15)
            _score(
                out[i, j], reach[:, j], best, single, without, chooser, single_points, shared_points
            )
    return out


@kernel
def _fill_reach(reach, via, onward, offsets, first_group, last_group):  # type: ignore[no-untyped-def]
    """reach[g, j]: the shortest trip to destination j riding group g (walking on)."""
    count_d = reach.shape[1]
    for g in range(first_group, last_group):
        row = reach[g]
        row[:] = INF
        for b in range(offsets[g], offsets[g + 1]):
            vb = via[b]
            line = onward[b]
            for j in range(count_d):  # contiguous: the compiler vectorises it
                if vb + line[j] < row[j]:
                    row[j] = vb + line[j]


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
