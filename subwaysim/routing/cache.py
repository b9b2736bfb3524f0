"""All-pairs trip distances of one set of systems, cached across the routers of a game."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import numpy as np
from scipy.sparse.csgraph import dijkstra

from subwaysim.routing.graph import TripGraph


class SubsetRoutes:
    """Shortest trips between every pair of squares using walking and one set of systems."""

    def __init__(self, graph: TripGraph) -> None:
        self.graph = graph
        size, copies = graph.size, graph.copies
        reach = dijkstra(graph.matrix, directed=True, indices=np.arange(size))
        # A trip ends on its destination square whatever system was ridden last.
        walk = reach[:, : size * copies].reshape(size, copies, size)
        self.distances: np.ndarray = walk.min(axis=1)
        self.distances.flags.writeable = False
        self._trees: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def path(self, origin: int, destination: int) -> list[int]:
        """The nodes of one shortest trip, origin first (deterministic)."""
        distance, predecessors = self._tree(origin)
        size = self.graph.size
        ends = destination + size * np.arange(self.graph.copies)
        node = int(ends[np.argmin(distance[ends])])
        if not np.isfinite(distance[node]):  # cannot happen on a grid, where walking connects
            raise RuntimeError(f"no trip from square {origin} to square {destination}")
        nodes = [node]
        while node != origin:
            node = int(predecessors[node])
            nodes.append(node)
        return nodes[::-1]

    def _tree(self, origin: int) -> tuple[np.ndarray, np.ndarray]:
        if origin not in self._trees:
            self._trees[origin] = dijkstra(
                self.graph.matrix, directed=True, indices=origin, return_predecessors=True
            )
        return self._trees[origin]


class RouteCache:
    """Least-recently-used store of SubsetRoutes, shared by the routers of one game.

    Keys hold the board, the routing rules and `network.signature(systems)`, so when one
    player's network changes, the routes of systems that do not include that player are
    reused.
    """

    def __init__(self, maxsize: int = 128) -> None:
        if maxsize < 1:
            raise ValueError(f"RouteCache maxsize must be at least 1, not {maxsize}")
        self.maxsize = maxsize
        self.hits = 0
        self.misses = 0
        self._entries: OrderedDict[Hashable, SubsetRoutes] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def routes(self, key: Hashable, build: Callable[[], SubsetRoutes]) -> SubsetRoutes:
        entry = self._entries.get(key)
        if entry is not None:
            self.hits += 1
            self._entries.move_to_end(key)
            return entry
        self.misses += 1
        entry = self._entries[key] = build()
        if len(self._entries) > self.maxsize:
            self._entries.popitem(last=False)
        return entry
