"""Every set of modes of a network with few systems, answered in one call per trip (SG-13, SG-14).

With up to `MAX_SYSTEMS` rideable systems (most games), the station graph of every subset
of them is built once per network (`kernels.build_groups`), with and without walking; a
trip then gets the shortest distance of every (subset, walking) pair from one compiled
call, and SG-14's search over sets of modes is a look-up. More systems go the pruned way
of `modes.candidates`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property

import numpy as np

from subwaysim.routing.kernels import INF, build_groups, edge_dijkstra, station_dijkstra
from subwaysim.routing.rides import SystemRides, packed
from tabletop.compiled import kernel

MAX_SYSTEMS = 4


@dataclass(eq=False)
class ModeTable:
    """Subset `mask` (bit i: `systems[i]`) of the rideable systems, with and without walking.

    The table of every subset is built when a trip first asks for it; most trips only ask
    for the shortest trip of all, which needs the group of every system alone."""

    systems: tuple[SystemRides, ...]
    walk: np.ndarray
    transfer: int
    parts: tuple[np.ndarray, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.parts = packed(self.systems)

    @property
    def nbytes(self) -> int:
        """Its own arrays' bytes (the systems' rides packed; the walks are shared), for the
        cache's bound (`cache.footprint`)."""
        return sum(part.nbytes for part in self.parts)

    @cached_property
    def arrays(self) -> tuple[np.ndarray, ...]:
        """The station graphs of every subset, with walking and without (`_table_trip`)."""
        return self._groups(subsets(len(self.systems)), True)

    @cached_property
    def _every(self) -> tuple[np.ndarray, ...]:
        """The station graph of every system together, with walking."""
        return self._groups(subsets(len(self.systems))[-1:], False)

    def _groups(self, members: np.ndarray, riding_too: bool) -> tuple[np.ndarray, ...]:
        walked = build_groups(self.walk, *self.parts, members, self.transfer, True)
        stations, offsets, edges_walk, edge_offsets, rides, ride_offsets = walked
        ridden = edges_walk  # not asked for: only the trip with walking is searched
        if riding_too:
            ridden = build_groups(self.walk, *self.parts, members, self.transfer, False)[2]
        return (
            stations,
            offsets,
            edges_walk,
            ridden,
            edge_offsets,
            rides,
            ride_offsets,
            members,
        )

    def distances(self, origin: int, destination: int) -> np.ndarray:
        """(2^S, 2): the shortest trip using subset `mask` and, in column 1, walking."""
        return _table_trip(self.walk, origin, destination, self.transfer, False, *self.arrays)

    def shortest(self, origin: int, destination: int) -> int:
        """The shortest trip of all (every system, and walking): one search."""
        # The table of every subset when a trip already needed it, else just the one group.
        arrays = self.__dict__.get("arrays") or self._every  # (never built eagerly)
        every = _table_trip(self.walk, origin, destination, self.transfer, True, *arrays)
        return int(every[-1, 1])


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
