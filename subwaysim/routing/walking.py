"""Walking between every pair of squares (SG-9): shared by every set of systems."""

from __future__ import annotations

import numpy as np
from scipy.sparse.csgraph import dijkstra

from subwaysim.board import Board
from subwaysim.routing.graph import Edges, walk_edges
from subwaysim.routing.values import RoutingRules


class WalkRoutes:
    """All-pairs walking distances and one shortest walk between any two squares."""

    def __init__(self, board: Board, rules: RoutingRules) -> None:
        edges = Edges()
        edges.add(*walk_edges(board, rules))
        self.matrix = edges.matrix(board.size)
        distances, predecessors = dijkstra(self.matrix, directed=True, return_predecessors=True)
        distances.flags.writeable = False
        self.distances: np.ndarray = distances
        self._predecessors = predecessors

    def path(self, origin: int, destination: int) -> list[int]:
        """Squares of a shortest walk, both ends included."""
        squares = [destination]
        row = self._predecessors[origin]
        while squares[-1] != origin:
            squares.append(int(row[squares[-1]]))
        return squares[::-1]
