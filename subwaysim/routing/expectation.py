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

from dataclasses import dataclass

import numpy as np

from subwaysim.compiled import kernel
from subwaysim.routing.kernels import INF
from subwaysim.routing.router import Router


@dataclass(frozen=True, slots=True)
class Subsets:
    """The station closures the estimate needs, concatenated for the kernel.

    Subset 0 is every rideable system; then one per rideable player alone; then, with three
    or more rideable players, one per player left out. `single[p]` / `without[p]` index them
    (-1: that player offers no ride / leaving it out leaves walking only).
    """

    stations: np.ndarray  # (sum K,) station squares, subset after subset
    offsets: np.ndarray  # (S + 1,) where each subset's stations start
    closures: np.ndarray  # (sum K^2,) each subset's (K, K) closure, flattened
    closure_offsets: np.ndarray  # (S + 1,)
    single: np.ndarray  # (P,)
    without: np.ndarray  # (P,)


def subsets(router: Router) -> Subsets:
    """The closures for `router`'s network, from the cache when its systems were seen."""
    key = ("subsets", tuple(s.serial for s in router.rideable), router.network.players)
    return router.cache.get(key, lambda: _subsets(router))


def _subsets(router: Router) -> Subsets:
    players = router.network.players
    rideable = router.rideable
    groups = [rideable] if rideable else []
    single = np.full(len(players), -1, dtype=np.int64)
    without = np.full(len(players), -1, dtype=np.int64)
    for system in rideable:
        p = players.index(system.system)
        single[p] = len(groups)
        groups.append((system,))
    if len(rideable) == 2:
        for system in rideable:
            other = next(s for s in rideable if s is not system)
            without[players.index(system.system)] = single[players.index(other.system)]
    elif len(rideable) > 2:
        for system in rideable:
            without[players.index(system.system)] = len(groups)
            groups.append(tuple(s for s in rideable if s is not system))
    closures = [router.closure(group, True) for group in groups]
    sizes = [len(c.stations) for c in closures]
    none = np.zeros(0, dtype=np.int64)
    stations = np.concatenate([c.stations for c in closures]) if closures else none
    flat = np.concatenate([c.fresh.ravel() for c in closures]) if closures else none
    return Subsets(
        stations,
        np.cumsum([0, *sizes], dtype=np.int64),
        flat,
        np.cumsum([0, *(s * s for s in sizes)], dtype=np.int64),
        single,
        without,
    )


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
    parts = subsets(router)
    return _pair_points(
        router.walking.distances,
        np.ascontiguousarray(origins, dtype=np.int64),
        np.ascontiguousarray(destinations, dtype=np.int64),
        parts.stations,
        parts.offsets,
        parts.closures,
        parts.closure_offsets,
        parts.single,
        parts.without,
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
def _fill_via(via, walk, origin, stations, offsets, closures, closure_offsets):  # type: ignore[no-untyped-def]
    """For one origin, every subset: the shortest way to each of its stations, riding included
    (via[first + b] = min over a of walk(origin, a) + closure[a, b])."""
    for g in range(len(offsets) - 1):
        first, k, base = offsets[g], offsets[g + 1] - offsets[g], closure_offsets[g]
        for b in range(k):
            best = INF
            for a in range(k):
                cost = walk[origin, stations[first + a]] + closures[base + a * k + b]
                if cost < best:
                    best = cost
            via[first + b] = best


@kernel
def _pair_points(  # type: ignore[no-untyped-def]
    walk,
    origins,
    destinations,
    stations,
    offsets,
    closures,
    closure_offsets,
    single,
    without,
    chooser,
    single_points,
    shared_points,
):
    players, groups = len(single), len(offsets) - 1
    count_o, count_d = len(origins), len(destinations)
    out = np.zeros((count_o, count_d, players), np.float64)
    if groups == 0:
        return out
    onward = np.empty((offsets[-1], count_d), np.int64)  # station -> destination, walking
    for b in range(offsets[-1]):
        for j in range(count_d):
            onward[b, j] = walk[stations[b], destinations[j]]
    via = np.empty(offsets[-1], np.int64)
    reach = np.empty((groups, count_d), np.int64)  # shortest trip to each destination
    for i in range(count_o):
        o = origins[i]
        _fill_via(via, walk, o, stations, offsets, closures, closure_offsets)
        for g in range(groups):
            row = reach[g]
            row[:] = INF
            for b in range(offsets[g], offsets[g + 1]):
                vb = via[b]
                line = onward[b]
                for j in range(count_d):  # contiguous: the compiler vectorises it
                    if vb + line[j] < row[j]:
                        row[j] = vb + line[j]
        for j in range(count_d):
            best = reach[0, j]
            if destinations[j] == o or best >= walk[o, destinations[j]]:
                continue  # the same square, or walked: nobody scores (SG-15)
            _score(
                out[i, j], reach[:, j], best, single, without, chooser, single_points, shared_points
            )
    return out


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
    """The same in plain Python from each subset's `Closure.trip`: the kernel's reference."""
    parts = subsets(router)
    players = router.network.players
    rideable = router.rideable
    groups = [rideable] + [(s,) for s in rideable]
    if len(rideable) > 2:
        groups += [tuple(s for s in rideable if s is not left) for left in rideable]
    trips = [router.closure(group, True).trip for group in groups] if rideable else []
    out = np.zeros(len(players))
    walk = router.walking.distances
    for o, wo in zip(origins, origin_weights, strict=True):
        for d, wd in zip(destinations, destination_weights, strict=True):
            if o == d or not trips or trips[0](o, d) >= walk[o, d]:
                continue
            best, weight = trips[0](o, d), wo * wd
            hits = [
                p
                for p in range(len(players))
                if parts.single[p] >= 0 and trips[parts.single[p]](o, d) == best
            ]
            if hits:
                if chooser in hits:
                    out[chooser] += weight * single_points
                else:
                    for p in hits:
                        out[p] += weight * single_points / len(hits)
                continue
            for p in range(len(players)):
                g = parts.without[p]
                if parts.single[p] >= 0 and (g < 0 or trips[g](o, d) > best):
                    out[p] += weight * shared_points
    return out
