"""Answering trips on one network from cached all-pairs results (SG-9..SG-15)."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from subwaysim.network import Network
from subwaysim.routing.cache import RouteCache
from subwaysim.routing.graph import build_graph
from subwaysim.routing.stops import SystemStops
from subwaysim.routing.subset_routes import SubsetRoutes
from subwaysim.routing.table import TripTable, seat_subsets
from subwaysim.routing.values import Ride, Route, RouteError, RoutingRules, TripOptions
from subwaysim.routing.walking import WalkRoutes


class Router:
    """Shortest trips on one Network under one set of RoutingRules.

    Distances for every set of systems are computed once (all pairs) and kept in the
    RouteCache, which the routers of one game share.
    """

    def __init__(
        self, network: Network, rules: RoutingRules, cache: RouteCache | None = None
    ) -> None:
        self.network = network
        self.rules = rules
        self.cache = RouteCache() if cache is None else cache
        self._size = network.board.size
        self._stops = {p: SystemStops.of(network, p) for p in network.players}
        self._subsets: dict[frozenset[str], SubsetRoutes] = {}
        self._table: TripTable | None = None

    def options(self, origin: int, destination: int) -> TripOptions:
        """The trip's shortest distance (SG-13) and its choices of systems (SG-14)."""
        self._check_squares(origin, destination)
        table = self.trip_table()
        choices = table.choices(origin, destination)
        return TripOptions(origin, destination, int(table.distance[origin, destination]), choices)

    def route(self, origin: int, destination: int, systems: Iterable[str]) -> Route:
        """A shortest trip using walking and only `systems` (deterministic).

        When `systems` is one of `options().choices`, the route has the trip's shortest
        distance and rides exactly those systems (SG-14).
        """
        self._check_squares(origin, destination)
        routes = self._routes(systems)
        if origin == destination:
            return Route(origin, destination, 0, (), ())  # SG-15
        legs = routes.legs(origin, destination)
        ridden = {leg.system for leg in legs if isinstance(leg, Ride)}
        used = tuple(p for p in self.network.players if p in ridden)
        distance = int(routes.distances[origin, destination])
        return Route(origin, destination, distance, used, legs)

    def distances(self, systems: Iterable[str]) -> np.ndarray:
        """(N, N) read-only shortest distances using walking and only `systems`."""
        return self._routes(systems).distances

    def trip_table(self) -> TripTable:
        if self._table is None:
            players = self.network.players
            stacked = np.stack([self.distances(s) for s in seat_subsets(players)])
            self._table = TripTable.build(players, stacked)
        return self._table

    # --- internals ---
    def _routes(self, systems: Iterable[str]) -> SubsetRoutes:
        known = self._subsets.get(systems) if type(systems) is frozenset else None
        if known is not None:
            return known
        chosen = self._check_systems(systems)
        if chosen not in self._subsets:
            self._subsets[chosen] = self._build(chosen)
        return self._subsets[chosen]

    def _build(self, systems: frozenset[str]) -> SubsetRoutes:
        # A system with fewer than two stations offers no ride (SG-12): leaving it out lets
        # every set of systems that differs only by such systems share one cache entry.
        players = self.network.players
        rideable = tuple(p for p in players if p in systems and self._stops[p].rideable)
        board, rules = self.network.board, self.rules
        stops = tuple(self._stops[p] for p in rideable)

        def build() -> SubsetRoutes:
            walking = ("walk", board, rules.hazard_walk_cost, rules.hazard_cost_on)
            walk = self.cache.get(walking, lambda: WalkRoutes(board, rules))
            return SubsetRoutes(walk, build_graph(board, rules, stops))

        key = ("ride", board, rules, self.network.signature(rideable))
        return self.cache.get(key, build)

    def _check_squares(self, origin: int, destination: int) -> None:
        size = self._size
        for square in (origin, destination):
            if type(square) is int and 0 <= square < size:
                continue
            if isinstance(square, bool) or not isinstance(square, (int, np.integer)):
                raise RouteError(f"square {square!r} is not a square number")
            if not 0 <= square < size:
                raise RouteError(f"square {square} is off the board (0..{size - 1})")

    def _check_systems(self, systems: Iterable[str]) -> frozenset[str]:
        if isinstance(systems, str):
            raise RouteError(f"systems must be a set of system names, not the string {systems!r}")
        chosen = frozenset(systems)
        unknown = sorted(chosen - set(self.network.players))
        if unknown:
            players = ", ".join(self.network.players)
            raise RouteError(f"unknown system {unknown[0]!r} (systems: {players})")
        return chosen
