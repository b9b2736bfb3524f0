"""Shortest trips between every pair of squares using walking and one set of systems.

A trip that rides at all walks (or not) to a first boarding station `a`, travels on to a
last alighting station `b` (riding, walking, changing trains) and walks on. So

    d(o, d) = min(walk(o, d), min over stations a, b of walk(o, a) + between(a, b) + walk(b, d))

where `between` comes from one Dijkstra per station in the walk + ride graph. That is exact
(every trip decomposes this way and every such combination is a trip) and much cheaper than
a Dijkstra from every square: a board has a hundred squares and a network a dozen stations.
"""

from __future__ import annotations

import numpy as np
from scipy.sparse.csgraph import dijkstra

from subwaysim.routing.graph import TripGraph
from subwaysim.routing.legs import legs_of
from subwaysim.routing.values import Leg, Walk
from subwaysim.routing.walking import WalkRoutes

Step = tuple[int, int]  # (ride layer or -1 for walking, square)


class SubsetRoutes:
    """`distances` (N, N, read-only) for one set of systems, and the legs of any trip."""

    def __init__(self, walk: WalkRoutes, graph: TripGraph) -> None:
        self.walk = walk
        self.graph = graph
        boarding = set().union(*(layer.stops.boarding(layer.express) for layer in graph.layers))
        self.stations = np.array(sorted(boarding), dtype=np.int64)
        if not graph.layers:  # no system offers a ride (SG-12): trips are walks
            self.distances: np.ndarray = walk.distances
            return
        reach, self._predecessors = dijkstra(
            graph.matrix, directed=True, indices=self.stations, return_predecessors=True
        )
        size, copies = graph.size, graph.copies
        # A trip ends on its square whichever system was ridden last (the walk copy).
        arrive = reach[:, : size * copies].reshape(len(self.stations), copies, size)
        arrive = arrive[:, :, self.stations]
        self._last_copy = arrive.argmin(axis=1)
        self.between = arrive.min(axis=1)
        self.distances = np.minimum(walk.distances, self._ride_distances())
        self.distances.flags.writeable = False

    def _ride_distances(self) -> np.ndarray:
        """Min-plus products walk . between . walk, the station axis last (contiguous)."""
        walked = self.walk.distances
        to_first = walked[:, self.stations]  # (N, K) [origin, first station]
        via = (to_first[:, None, :] + self.between.T[None, :, :]).min(axis=2)  # [o, last]
        from_last = walked[self.stations, :].T  # (N, K) [destination, last station]
        return (via[:, None, :] + from_last[None, :, :]).min(axis=2)

    def legs(self, origin: int, destination: int) -> tuple[Leg, ...]:
        """The legs of one shortest trip between two different squares (deterministic);
        walking is preferred when it ties, so the trip rides no more systems than it must."""
        if self.walk.distances[origin, destination] <= self.distances[origin, destination]:
            return (Walk(tuple(self.walk.path(origin, destination))),)
        return legs_of(self.graph.layers, self._steps(origin, destination))

    def _steps(self, origin: int, destination: int) -> list[Step]:
        """(layer, square) of one shortest trip that rides, origin first."""
        walked = self.walk.distances
        cost = (
            walked[origin, self.stations][:, None]
            + self.between
            + walked[self.stations, destination][None, :]
        )
        first, last = divmod(int(np.argmin(cost)), len(self.stations))
        start, end = int(self.stations[first]), int(self.stations[last])
        steps = [(-1, sq) for sq in self.walk.path(origin, start)]
        steps += self._between_steps(first, last)
        steps += [(-1, sq) for sq in self.walk.path(end, destination)]
        # Each piece repeats the square where the previous one ended.
        return [step for i, step in enumerate(steps) if i == 0 or step != steps[i - 1]]

    def _between_steps(self, first: int, last: int) -> list[Step]:
        graph = self.graph
        source = int(self.stations[first])
        node = int(self._last_copy[first, last]) * graph.size + int(self.stations[last])
        row = self._predecessors[first]
        nodes = [node]
        while node != source:
            node = int(row[node])
            nodes.append(node)
        return [(int(graph.node_layer[n]), int(graph.node_square[n])) for n in reversed(nodes)]
