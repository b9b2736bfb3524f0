"""A plain networkx reading of SG-9..SG-14, one Dijkstra per trip: the yardstick for Router.

Independent of `subwaysim.routing`: here the stops a ride counts come from a Dijkstra over
the system's track squares in layers (SG-12: entering a stop costs 1, plain track 0; an
express hop is a second layer entered at an express station, where local stations cost
nothing and intersections cannot be entered); every possible ride is then one edge from
its boarding station to its alighting station, and the state remembers the last system
ridden so that transfers can be charged (SG-13). SG-14 is brute force over every set of
modes, smallest first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations

import networkx as nx

from subwaysim.network import Network
from subwaysim.routing.rules import WALK, RoutingRules

ModeKey = tuple[frozenset[str], bool]  # (systems, walking allowed)


def reference_graph(
    network: Network,
    rules: RoutingRules,
    systems: Iterable[str] | None = None,
    walking: bool = True,
) -> nx.DiGraph:
    """States ("walk", square, last system ridden or None) and ("arrive", square)."""
    chosen = _seat_order(network, systems)
    lasts: tuple[str | None, ...] = (None, *chosen) if rules.transfer_cost else (None,)
    graph = nx.DiGraph()
    _add_walks(graph, network, rules, lasts, walking)
    for system in chosen:
        for (start, end), stops in _ride_stops(network, system, rules).items():
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
    walking: bool = True,
) -> float:
    """The shortest trip using `systems` (default: all) and walking if allowed; inf if none."""
    if origin == destination:
        return 0
    if graph is None:
        graph = reference_graph(network, rules, systems, walking)
    source, target = ("walk", origin, None), ("arrive", destination)
    if source not in graph or target not in graph:
        return float("inf")
    try:
        return int(nx.dijkstra_path_length(graph, source, target))
    except nx.NetworkXNoPath:
        return float("inf")


def reference_mode_sets(network: Network, rules: RoutingRules) -> list[list[ModeKey]]:
    """Every set of modes, grouped by size (smallest first), as (systems, walking) pairs."""
    players = network.players
    if not rules.walking_is_a_mode:
        return [
            [(frozenset(c), True) for c in combinations(players, size)]
            for size in range(len(players) + 1)
        ]
    return [
        [(frozenset(c), True) for c in combinations(players, size - 1)]
        + [(frozenset(c), False) for c in combinations(players, size)]
        for size in range(1, len(players) + 2)
    ]


def reference_options(
    network: Network,
    rules: RoutingRules,
    origin: int,
    destination: int,
    graphs: Mapping[ModeKey, nx.DiGraph] | None = None,
) -> tuple[int, tuple[frozenset[str], ...]]:
    """SG-13 distance and SG-14 choices by brute force over sets of modes, smallest first."""
    if origin == destination:
        return 0, (frozenset(),)
    graphs = graphs or {}

    def distance(key: ModeKey) -> float:
        systems, walking = key
        graph = graphs.get(key)
        return reference_distance(network, rules, origin, destination, systems, graph, walking)

    best = distance((frozenset(network.players), True))
    for size in reference_mode_sets(network, rules):
        found = [key for key in size if distance(key) == best]
        if found:
            named = [s | {WALK} if walk and rules.walking_is_a_mode else s for s, walk in found]
            return int(best), tuple(named)
    raise AssertionError("walking with every system always achieves the best distance")


def reference_subset_graphs(network: Network, rules: RoutingRules) -> dict[ModeKey, nx.DiGraph]:
    """A reference graph for every set of modes (build once, reuse for many trips)."""
    return {
        (systems, walking): reference_graph(network, rules, systems, walking)
        for size in reference_mode_sets(network, rules)
        for systems, walking in size
    }


def _seat_order(network: Network, systems: Iterable[str] | None) -> tuple[str, ...]:
    if systems is None:
        return network.players
    wanted = set(systems)
    return tuple(p for p in network.players if p in wanted)


def _add_walks(
    graph: nx.DiGraph,
    network: Network,
    rules: RoutingRules,
    lasts: tuple[str | None, ...],
    walking: bool,
) -> None:
    board = network.board
    for square in range(board.size):
        for last in lasts:
            graph.add_edge(("walk", square, last), ("arrive", square), weight=0)
            if not walking:
                continue
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


def _ride_stops(network: Network, system: str, rules: RoutingRules) -> dict[tuple[int, int], int]:
    """Stops counted by the best ride between every ordered pair of stations (SG-12)."""
    track = network.track[system]
    stations = sorted(sq for sq in network.stations if sq in track)
    express = {sq for sq in stations if network.stations[sq].kind == "express"}
    crossings = network.intersections(system)
    lines = _layers(network, track, set(stations), express, crossings, rules.express)
    result: dict[tuple[int, int], int] = {}
    for start in stations:
        for layer in ("L", "X"):
            if layer == "X" and (rules.express != "both_ends" or start not in express):
                continue
            reached = nx.single_source_dijkstra_path_length(lines, (layer, start))
            for end in stations:
                if end == start or (layer == "X" and end not in express):
                    continue
                if (layer, end) in reached:
                    stops = 1 + int(reached[layer, end])  # boarding stop + stops entered
                    result[start, end] = min(result.get((start, end), stops), stops)
    return result


def _layers(
    network: Network,
    track: frozenset[int],
    stations: set[int],
    express: set[int],
    crossings: frozenset[int],
    rule: str,
) -> nx.DiGraph:
    """Track squares in two layers. skip_from_express: "L" is the train stopping at every
    stop; "X" is an express hop, entered at an express station, passing local stations and
    plain track for free, ending (cost 1) on reaching an express station, unable to enter
    an intersection. both_ends: "L" the local train, "X" the express train, which stops at
    express stations and intersections only."""
    board = network.board
    lines = nx.DiGraph()
    lines.add_nodes_from((layer, sq) for layer in ("L", "X") for sq in track)
    for u in track:
        for v in board.neighbours(u):
            if v not in track:
                continue
            stop = v in stations or v in crossings
            lines.add_edge(("L", u), ("L", v), weight=int(stop))
            if rule == "both_ends":
                lines.add_edge(("X", u), ("X", v), weight=int(v in express or v in crossings))
            elif v in express:
                lines.add_edge(("X", u), ("L", v), weight=1)  # the express hop ends here
            elif v not in crossings:
                lines.add_edge(("X", u), ("X", v), weight=0)  # passing a local or plain track
        if rule != "both_ends" and u in express:
            lines.add_edge(("L", u), ("X", u), weight=0)  # SG-12: a hop from an express station
    return lines
