"""Between the stations of a set of systems (SG-13): the graph a trip's middle runs on.

A trip that rides walks (or not) to a first station, rides and changes (walking between
stations or not) to a last station, and walks on. Its nodes are the stations of the chosen
systems (with a transfer cost, each paired with the last system ridden), its edges the
systems' rides and the walks between stations; a compiled dense Dijkstra from the trip's
origin answers it (`kernels.station_dijkstra`). Stations are a few dozen where squares are
hundreds, so a trip costs K^2 and a network change costs nothing here but the new system's
ride matrix.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from subwaysim.routing.kernels import (
    INF,
    edge_dijkstra,
    edge_trip,
    station_dijkstra,
    station_trip,
    union_rides,
)
from subwaysim.routing.rides import SystemRides

Step = tuple[int, int, int]  # (system ridden or -1 for a walk, from station, to station)


@dataclass(eq=False)
class StationGraph:
    """The stations of `systems` (sorted squares) and each system's rides between them."""

    systems: tuple[SystemRides, ...]
    walk: np.ndarray  # the board's (N, N) walking distances
    use_walk: bool
    transfer: int
    stations: np.ndarray = field(init=False)
    rides: np.ndarray = field(init=False)  # (S, K, K) stops of each system's best ride
    edges: np.ndarray = field(init=False)  # (K, K) the cheapest ride or walk (no transfers)

    def __post_init__(self) -> None:
        self.transfer = self.transfer if len(self.systems) > 1 else 0  # one system: no change
        if self.systems:
            self.stations, self.rides = union_rides(
                [s.stations for s in self.systems],
                [s.flat for s in self.systems],
                len(self.walk),
            )
        else:
            self.stations = np.zeros(0, dtype=np.int64)
            self.rides = np.zeros((0, 0, 0), dtype=np.int64)
        self.edges = self.rides.min(axis=0) if len(self.systems) else self.rides[:, :, 0]
        if self.use_walk and len(self.stations):
            between = self.walk[np.ix_(self.stations, self.stations)]
            self.edges = np.minimum(self.edges, between)

    @property
    def nbytes(self) -> int:
        """The arrays this graph owns (the board's walking distances are shared)."""
        return self.stations.nbytes + self.rides.nbytes + self.edges.nbytes

    @property
    def layers(self) -> int:
        return len(self.systems) + 1 if self.transfer else 1

    @cached_property
    def index(self) -> dict[int, int]:
        return {int(sq): i for i, sq in enumerate(self.stations)}

    @cached_property
    def _station_graph(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool, int]:
        """The graph as the station kernels take it (`station_trip`, `station_dijkstra`)."""
        return self.walk, self.stations, self.rides, self.use_walk, self.transfer

    @cached_property
    def _edge_graph(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
        """The graph as the kernels without transfers take it (`edge_trip`, `edge_dijkstra`)."""
        return self.walk, self.stations, self.edges, self.use_walk

    def trip(self, origin: int, destination: int) -> int:
        """The shortest trip using these systems (and walking, if allowed); INF if none."""
        if not len(self.stations):
            return int(self.walk[origin, destination]) if self.use_walk else INF
        if not self.transfer:
            return int(edge_trip(*self._edge_graph, origin, destination))
        return int(station_trip(*self._station_graph, origin, destination))

    def search(self, origin: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(dist, pred, how) over the station states from `origin` (`station_dijkstra`;
        without transfers the cheaper `edge_dijkstra`, `how` then found step by step)."""
        size = len(self.stations) * self.layers
        dist, pred, how = (np.empty(size, dtype=np.int64) for _ in range(3))
        if self.transfer:
            station_dijkstra(*self._station_graph, origin, dist, pred, how)
            return dist, pred, how
        edge_dijkstra(*self._edge_graph, origin, dist, pred)
        for v in range(size):
            how[v] = self._how(int(pred[v]), v) if pred[v] >= 0 else -1
        return dist, pred, how

    def _how(self, a: int, b: int) -> int:
        """The first system whose ride is the cheapest way from station a to b, or -1 (walk)."""
        cheapest = self.edges[a, b]
        return next((s for s in range(len(self.systems)) if self.rides[s, a, b] == cheapest), -1)

    def reach(self, origin: int) -> np.ndarray:
        """(K,) the shortest way from `origin` to each station, whatever was ridden last."""
        dist = self.search(origin)[0]
        return dist.reshape(self.layers, len(self.stations)).min(axis=0)

    def steps(self, origin: int, destination: int, total: int) -> list[Step]:
        """The station-to-station steps of one trip of length `total` (deterministic: the
        search's first way to each state); [] for a trip that does not ride."""
        dist, pred, how = self.search(origin)
        k, walk = len(self.stations), self.walk
        ends = [
            v
            for v in range(len(dist))
            if dist[v] < INF
            and (
                dist[v] + walk[self.stations[v % k], destination] == total
                if self.use_walk
                else self.stations[v % k] == destination and dist[v] == total
            )
        ]
        if not ends:
            return []
        v, steps = ends[0], []
        while pred[v] >= 0:
            steps.append((int(how[v]), int(pred[v]) % k, v % k))
            v = int(pred[v])
        steps.append((-1, -1, v % k))  # from the origin to the first station
        return steps[::-1]


def graph_key(systems: Sequence[SystemRides], use_walk: bool) -> tuple[object, ...]:
    """A key for a set of systems: their serials (each `SystemRides` is made once per
    content, so the serials name the content; the graph keeps the systems alive)."""
    return (tuple(s.serial for s in systems), use_walk)
