"""The walk + ride graph of one set of systems, as a scipy sparse matrix (SG-9, SG-12, SG-13).

Nodes:
- walk nodes `copy * N + square`: copy 0 is "no ride yet"; when `transfer_cost` is set,
  copy `i + 1` is "last rode systems[i]" so that boarding another system can be charged
  (SG-13). Without transfer costs a single copy suffices.
- ride nodes, one layer per (system, mode) with a node per track square: a rider inside a
  layer is on a train, so stations passed are counted once and never re-boarded (SG-12).

Edges and weights (the distance is the sum of weights, SG-13):
- walk step u -> v: 1 or hazard_walk_cost (SG-9);
- board at a station: 1 for the boarding station (+ transfer_cost when changing system);
- along track u -> v: 1 when the train stops at v (station or intersection; express layers
  skip local stations), else 0: plain track costs nothing, and the alighting station's stop
  is paid on arrival;
- alight at a station: 0.
Zero weights are real edges: the matrix is built as CSR with explicit entries, which
scipy.sparse.csgraph treats as edges (only absent entries are non-edges).

Why shortest paths here are exactly SG-12/SG-13 trips: boarding and alighting at the same
station is possible in the graph but never shortest (it costs the boarding stop, and
leaving it out never raises a later transfer charge, as transfer charges obey the triangle
inequality), so rides end at a different station. A local-layer ride between two express
stations counts at least the stops of the express layer's ride, so shortest distances
follow the express rule; `legs` labels such a ride express.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from scipy.sparse import csr_array

from subwaysim.board import Board
from subwaysim.routing.stops import SystemStops
from subwaysim.routing.values import RoutingRules


@dataclass(frozen=True, slots=True)
class RideLayer:
    """A system's track in one mode; node `offset + i` is `squares[i]`."""

    stops: SystemStops
    express: bool
    squares: tuple[int, ...]
    offset: int


@dataclass(frozen=True, slots=True, eq=False)
class TripGraph:
    """The CSR matrix and, for reading paths back, each node's square and ride layer."""

    size: int  # squares on the board
    copies: int  # walk-layer copies
    layers: tuple[RideLayer, ...]
    matrix: csr_array
    node_square: np.ndarray  # (V,) square of every node
    node_layer: np.ndarray  # (V,) index into `layers`, -1 for walk nodes


class Edges:
    """Edge lists collected before building the CSR matrix."""

    def __init__(self) -> None:
        self.src: list[np.ndarray] = []
        self.dst: list[np.ndarray] = []
        self.weight: list[np.ndarray] = []

    def add(self, src: object, dst: object, weight: object) -> None:
        src_a, dst_a = np.asarray(src, dtype=np.int64), np.asarray(dst, dtype=np.int64)
        self.src.append(src_a)
        self.dst.append(dst_a)
        self.weight.append(np.broadcast_to(np.asarray(weight, dtype=np.float64), src_a.shape))

    def matrix(self, nodes: int) -> csr_array:
        src, dst = np.concatenate(self.src), np.concatenate(self.dst)
        weight = np.concatenate(self.weight)
        order = np.lexsort((dst, src))
        indptr = np.zeros(nodes + 1, dtype=np.int64)
        np.cumsum(np.bincount(src, minlength=nodes), out=indptr[1:])
        # Built from (data, indices, indptr) so that zero weights stay explicit edges.
        return csr_array((weight[order], dst[order], indptr), shape=(nodes, nodes))


@lru_cache(maxsize=32)
def walk_edges(board: Board, rules: RoutingRules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every orthogonal step on the board with its SG-9 cost (one walk-layer copy)."""
    src, dst, cost = [], [], []
    for square in range(board.size):
        for near in board.neighbours(square):
            src.append(square)
            dst.append(near)
            cost.append(rules.step_cost(board.is_hazard(square), board.is_hazard(near)))
    arrays = (np.array(src), np.array(dst), np.array(cost, dtype=np.float64))
    for array in arrays:
        array.flags.writeable = False
    return arrays


def build_graph(board: Board, rules: RoutingRules, systems: tuple[SystemStops, ...]) -> TripGraph:
    """The graph of walking plus rides on `systems` (rideable ones, in seat order)."""
    size = board.size
    copies = 1 + len(systems) if rules.transfer_cost else 1
    edges = Edges()
    src, dst, cost = walk_edges(board, rules)
    for copy in range(copies):
        edges.add(src + copy * size, dst + copy * size, cost)
    layers: list[RideLayer] = []
    offset = size * copies
    for index, stops in enumerate(systems):
        for express in (False, True):
            if len(stops.boarding(express)) < 2:
                continue  # SG-12: no ride in this mode without two stations to ride between
            layer = RideLayer(stops, express, tuple(sorted(stops.track)), offset)
            _add_layer(edges, board, rules, layer, index, copies)
            layers.append(layer)
            offset += len(layer.squares)
    return _graph(size, copies, tuple(layers), edges.matrix(offset))


def _add_layer(
    edges: Edges, board: Board, rules: RoutingRules, layer: RideLayer, index: int, copies: int
) -> None:
    stops, size = layer.stops, board.size
    node = {sq: layer.offset + i for i, sq in enumerate(layer.squares)}
    src: list[int] = []
    dst: list[int] = []
    weight: list[float] = []
    for square in layer.squares:
        for near in board.neighbours(square):
            if near in node:  # SG-10: a train runs between adjacent squares of its own track
                src.append(node[square])
                dst.append(node[near])
                weight.append(float(stops.is_stop(near, layer.express)))
    after = index + 1 if copies > 1 else 0  # the walk copy a rider reaches by alighting
    for station in sorted(stops.boarding(layer.express)):
        for copy in range(copies):
            transfer = copy not in (0, index + 1)  # SG-13: boarding another system than the last
            src.append(copy * size + station)
            dst.append(node[station])
            weight.append(1 + (rules.transfer_cost if transfer else 0))  # SG-12: boarding stop
        src.append(node[station])
        dst.append(after * size + station)
        weight.append(0.0)
    edges.add(src, dst, weight)


def _graph(size: int, copies: int, layers: tuple[RideLayer, ...], matrix: csr_array) -> TripGraph:
    nodes = matrix.shape[0]
    node_square = np.empty(nodes, dtype=np.int64)
    node_layer = np.full(nodes, -1, dtype=np.int64)
    node_square[: size * copies] = np.tile(np.arange(size), copies)
    for index, layer in enumerate(layers):
        span = slice(layer.offset, layer.offset + len(layer.squares))
        node_square[span] = layer.squares
        node_layer[span] = index
    return TripGraph(size, copies, layers, matrix, node_square, node_layer)
