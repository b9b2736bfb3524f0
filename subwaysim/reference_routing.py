"""A plain networkx reading of SG-9..SG-14, one Dijkstra per trip: the yardstick for Router.

Independent of `subwaysim.routing`'s layered graph: here every possible ride is one edge
from its boarding station to its alighting station, weighted by the stops it counts
(SG-12, found by a Dijkstra along the system's track), and the state remembers the last
system ridden so that transfers can be charged (SG-13).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations

import networkx as nx

from subwaysim.network import Network
from subwaysim.routing.values import RoutingRules


def reference_graph(
    network: Network, rules: RoutingRules, systems: Iterable[str] | None = None
) -> nx.DiGraph:
    """States ("walk", square, last system ridden or None) and ("arrive", square)."""
    chosen = _seat_order(network, systems)
    lasts: tuple[str | None, ...] = (None, *chosen) if rules.transfer_cost else (None,)
    graph = nx.DiGraph()
    _add_walks(graph, network, rules, lasts)
    for system in chosen:
        for (start, end), stops in _ride_stops(network, system).items():
            for last in lasts:
                transfer = last is not None and last != system  # SG-13
                after = system if rules.transfer_cost else None
                cost = stops + (rules.transfer_cost if transfer else 0)
                _add_edge(graph, ("walk", start, last), ("walk", end, after), cost)
    return graph


def reference_distance(
    network: Network,
    rules: RoutingRules,
    origin: int,
    destination: int,
    systems: Iterable[str] | None = None,
    graph: nx.DiGraph | None = None,
) -> int:
    """The shortest trip distance using walking and `systems` (default: every system)."""
    if graph is None:
        graph = reference_graph(network, rules, systems)
    return int(nx.dijkstra_path_length(graph, ("walk", origin, None), ("arrive", destination)))


def reference_options(
    network: Network,
    rules: RoutingRules,
    origin: int,
    destination: int,
    graphs: Mapping[frozenset[str], nx.DiGraph] | None = None,
) -> tuple[int, tuple[frozenset[str], ...]]:
    """SG-13 distance and SG-14 choices by brute force over sets of systems, smallest first."""
    graphs = graphs or {}

    def distance(systems: frozenset[str]) -> int:
        graph = graphs.get(systems)
        return reference_distance(network, rules, origin, destination, systems, graph)

    players = network.players
    best = distance(frozenset(players))
    for size in range(len(players) + 1):
        sets = [frozenset(c) for c in combinations(players, size)]
        choices = tuple(s for s in sets if distance(s) == best)
        if choices:
            return best, choices
    raise AssertionError("the set of every system always achieves the best distance")


def reference_subset_graphs(
    network: Network, rules: RoutingRules
) -> dict[frozenset[str], nx.DiGraph]:
    """A reference graph for every set of systems (build once, reuse for many trips)."""
    players = network.players
    return {
        frozenset(c): reference_graph(network, rules, c)
        for size in range(len(players) + 1)
        for c in combinations(players, size)
    }


def _seat_order(network: Network, systems: Iterable[str] | None) -> tuple[str, ...]:
    if systems is None:
        return network.players
    wanted = set(systems)
    return tuple(p for p in network.players if p in wanted)


def _add_walks(
    graph: nx.DiGraph, network: Network, rules: RoutingRules, lasts: tuple[str | None, ...]
) -> None:
    board = network.board
    for square in range(board.size):
        for last in lasts:
            graph.add_edge(("walk", square, last), ("arrive", square), weight=0)
            for near in board.neighbours(square):
                if rules.hazard_cost_on == "leave":  # SG-9
                    hazard = board.is_hazard(square)
                else:
                    hazard = board.is_hazard(near)
                cost = rules.hazard_walk_cost if hazard else 1
                _add_edge(graph, ("walk", square, last), ("walk", near, last), cost)


def _add_edge(graph: nx.DiGraph, u: object, v: object, cost: int) -> None:
    """A walk and a ride may join the same two states: keep the cheaper."""
    if not graph.has_edge(u, v) or graph[u][v]["weight"] > cost:
        graph.add_edge(u, v, weight=cost)


def _ride_stops(network: Network, system: str) -> dict[tuple[int, int], int]:
    """Stops counted by the best ride between every ordered pair of stations (SG-12)."""
    track = network.track[system]
    board = network.board
    lines = nx.Graph()
    lines.add_nodes_from(track)
    lines.add_edges_from((sq, n) for sq in track for n in board.neighbours(sq) if n in track)
    stations = sorted(sq for sq in network.stations if sq in track)
    express = {sq for sq in stations if network.stations[sq].kind == "express"}
    crossings = network.intersections(system)
    result: dict[tuple[int, int], int] = {}
    for start in stations:
        for fast in (False, True):
            stops = crossings | (express if fast else set(stations))

            def enter(_u: int, v: int, _data: object, stops: set[int] = stops) -> int:
                return 1 if v in stops else 0

            reached = nx.single_source_dijkstra_path_length(lines, start, weight=enter)
            for end in stations:
                if end == start or end not in reached:
                    continue
                if fast == (start in express and end in express):
                    result[start, end] = 1 + reached[end]  # boarding stop + stops entered
    return result
