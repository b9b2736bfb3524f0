"""Walking between every pair of squares (SG-9): computed once per board and walking rules."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from subwaysim.board import Board
from subwaysim.routing.kernels import walk_distances
from subwaysim.routing.rules import RoutingRules


class Walking:
    """All-pairs walking distances (int32, read-only) and one shortest walk between squares."""

    def __init__(self, board: Board, hazard_walk_cost: int, hazard_cost_on: str) -> None:
        self.board = board
        self.rules = RoutingRules(hazard_walk_cost, hazard_cost_on)  # type: ignore[arg-type]
        hazard = np.zeros(board.size, dtype=np.bool_)
        hazard[list(board.hazards)] = True
        on_leave = hazard_cost_on == "leave"
        self.distances = walk_distances(
            board.width, board.height, hazard, hazard_walk_cost, on_leave
        )
        self.distances.flags.writeable = False
        self.reversed = np.ascontiguousarray(self.distances.T)  # reversed[a, b]: from b to a
        self.reversed.flags.writeable = False

    def step(self, square: int, near: int) -> int:
        board = self.board
        return self.rules.step_cost(board.is_hazard(square), board.is_hazard(near))

    def path(self, origin: int, destination: int) -> tuple[int, ...]:
        """Squares of a shortest walk, both ends included (at each square the first
        neighbour, in board order, that stays on a shortest walk)."""
        distances, squares = self.distances, [origin]
        while squares[-1] != destination:
            here = squares[-1]
            left = int(distances[here, destination])
            squares.append(
                next(
                    n
                    for n in self.board.neighbours(here)
                    if self.step(here, n) + int(distances[n, destination]) == left
                )
            )
        return tuple(squares)


@lru_cache(maxsize=16)
def walking_for(board: Board, hazard_walk_cost: int, hazard_cost_on: str) -> Walking:
    """The board's walking distances, shared by every router (and game) on that board."""
    return Walking(board, hazard_walk_cost, hazard_cost_on)
