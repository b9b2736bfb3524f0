"""Answering trips on one network (SG-9..SG-15), from cached per-system and per-set results.

A Router is cheap: what it computes lives in the game's RouteCache, keyed by content, so
a router for the network after a build finds every system the build did not touch.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

import numpy as np

from subwaysim.network import Network
from subwaysim.routing.cache import RouteCache
from subwaysim.routing.closure import Closure, closure_key
from subwaysim.routing.kernels import INF
from subwaysim.routing.modes import choices
from subwaysim.routing.rides import Line, SystemRides
from subwaysim.routing.routes import Leg, Ride, Route, TripOptions, Walk
from subwaysim.routing.rules import WALK, RouteError, RoutingRules
from subwaysim.routing.walking import Walking, walking_for


class Router:
    """Shortest trips on one Network under one set of RoutingRules."""

    def __init__(
        self, network: Network, rules: RoutingRules, cache: RouteCache | None = None
    ) -> None:
        self.network = network
        self.rules = rules
        self.cache = RouteCache() if cache is None else cache
        board = network.board
        self.walking: Walking = walking_for(board, rules.hazard_walk_cost, rules.hazard_cost_on)
        self._size = board.size

    # --- what the rules ask -----------------------------------------------------------------
    def options(self, origin: int, destination: int) -> TripOptions:
        """The trip's shortest distance (SG-13) and its smallest sets of modes (SG-14)."""
        self._check_squares(origin, destination)
        walk = int(self.walking.distances[origin, destination])
        distance, found = choices(
            self.rideable,
            self.closure,
            walk,
            origin,
            destination,
            self.rules.walking_is_a_mode,
        )
        return TripOptions(origin, destination, distance, found)

    def distance(self, origin: int, destination: int, modes: Iterable[str]) -> int:
        """The shortest trip using only `modes` (INF when they cannot make the trip)."""
        self._check_squares(origin, destination)
        systems, walk = self._modes(modes)
        if origin == destination:
            return 0
        if not systems:
            return int(self.walking.distances[origin, destination]) if walk else INF
        return self.closure(systems, walk).trip(origin, destination)

    def route(self, origin: int, destination: int, modes: Iterable[str]) -> Route:
        """A shortest trip using walking (if allowed) and only the systems in `modes`.

        When `modes` is one of `options().choices`, the route has the trip's shortest
        distance and uses exactly those modes (SG-14). Deterministic.
        """
        self._check_squares(origin, destination)
        systems, walk = self._modes(modes)
        if origin == destination:
            return Route(origin, destination, 0, (), ())  # SG-15
        distance = self.distance(origin, destination, modes)
        if distance >= INF:
            names = ", ".join(sorted(modes)) or "no modes"
            raise RouteError(
                f"no trip from {self.network.board.name(origin)} to "
                f"{self.network.board.name(destination)} using {names}"
            )
        if walk and distance == int(self.walking.distances[origin, destination]):
            return Route(
                origin, destination, distance, (), (Walk(self._walk(origin, destination)),)
            )
        legs = _merge_walks(self._legs(self.closure(systems, walk), origin, destination, distance))
        ridden = {leg.system for leg in legs if isinstance(leg, Ride)}
        used = tuple(p for p in self.network.players if p in ridden)
        return Route(origin, destination, distance, used, legs)

    def distances(self, modes: Iterable[str]) -> np.ndarray:
        """(N, N) shortest distances using only `modes` (for tests and tools: N^2 work)."""
        systems, walk = self._modes(modes)
        walked = self.walking.distances.astype(np.int64)
        if not systems:
            out = walked.copy() if walk else np.full_like(walked, INF)
            np.fill_diagonal(out, 0)
            return out
        closure = self.closure(systems, walk)
        st = closure.stations
        out = walked.copy() if walk else np.full_like(walked, INF)
        if walk:
            via = (walked[:, st][:, :, None] + closure.fresh[None, :, :]).min(axis=1)
            for b, square in enumerate(st):
                np.minimum(out, via[:, b][:, None] + walked[square][None, :], out=out)
        else:
            out[np.ix_(st, st)] = closure.fresh
        np.fill_diagonal(out, 0)
        return out

    # --- the cached parts -------------------------------------------------------------------
    def rides(self, player: str) -> SystemRides:
        """`player`'s system: its stations and best rides (SG-10..SG-12)."""
        network = self.network
        line = Line(network.board, network.track[player], network.served(player))
        rule = self.rules.express
        return self.cache.get(
            ("rides", player, line, rule), lambda: SystemRides(player, line, rule)
        )

    @cached_property
    def rideable(self) -> tuple[SystemRides, ...]:
        """The systems that offer a ride (two stations a ride joins, SG-12), in seat order."""
        every = (self.rides(p) for p in self.network.players)
        return tuple(s for s in every if s.rideable)

    def closure(self, systems: tuple[SystemRides, ...], walk: bool) -> Closure:
        key = ("closure", closure_key(systems, walk), self.rules)
        distances = self.walking.distances
        rules = self.rules
        return self.cache.get(key, lambda: Closure(systems, distances, walk, rules.transfer_cost))

    # --- legs --------------------------------------------------------------------------------
    def _legs(self, closure: Closure, origin: int, destination: int, total: int) -> list[Leg]:
        """Follow the closure's distances from the origin: at each station the first way on
        that stays shortest (finish, then the longest ride in seat order, then a walk)."""
        walk, st, k = self.walking.distances, closure.stations, len(closure.stations)
        onward = closure.to_destination(destination)
        here, left, block = origin, total, closure.none
        legs: list[Leg] = []
        if closure.use_walk:
            start = next(
                a for a in range(k) if int(walk[origin, st[a]]) + onward[block * k + a] == left
            )
        else:
            start = closure.index[origin]
        legs.append(Walk(self._walk(origin, int(st[start]))))
        left -= int(walk[origin, st[start]]) if closure.use_walk else 0
        here = start
        while True:
            square = int(st[here])
            if square == destination and left == 0:
                return legs
            if closure.use_walk and int(walk[square, destination]) == left:
                legs.append(Walk(self._walk(square, destination)))
                return legs
            here, block, left = self._next_leg(closure, onward, here, block, left, legs)

    def _next_leg(
        self, closure: Closure, onward: np.ndarray, here: int, block: int, left: int, legs: list
    ) -> tuple[int, int, int]:
        k, st = len(closure.stations), closure.stations
        for s, system in enumerate(closure.systems):
            charge = closure.transfer_charge if block not in (closure.none, s) else 0
            after = s if closure.layers > 1 else 0
            row = (
                closure.rides[s, here].astype(np.int64) + charge + onward[after * k : after * k + k]
            )
            row[here] = INF
            hits = np.flatnonzero(row == left)
            if hits.size:  # the longest such ride: the fewest legs (both_ends can tie)
                b = int(hits[np.argmax(closure.rides[s, here, hits])])
                legs.append(system.ride(int(st[here]), int(st[b])))
                return b, after, left - int(closure.rides[s, here, b]) - charge
        walk = self.walking.distances
        row = walk[st[here], st].astype(np.int64) + onward[block * k : block * k + k]
        row[here] = INF
        c = int(np.flatnonzero(row == left)[0])
        legs.append(Walk(self._walk(int(st[here]), int(st[c]))))
        return c, block, left - int(walk[st[here], st[c]])

    def _walk(self, origin: int, destination: int) -> tuple[int, ...]:
        return self.walking.path(origin, destination)

    # --- checks ------------------------------------------------------------------------------
    def _modes(self, modes: Iterable[str]) -> tuple[tuple[SystemRides, ...], bool]:
        if isinstance(modes, str):
            raise RouteError(f"modes must be a set of mode names, not the string {modes!r}")
        chosen = frozenset(modes)
        players = self.network.players
        unknown = sorted(chosen - set(players) - {WALK})
        if unknown:
            raise RouteError(f"unknown system {unknown[0]!r} (systems: {', '.join(players)})")
        walk = WALK in chosen or not self.rules.walking_is_a_mode
        systems = tuple(s for s in self.rideable if s.system in chosen)
        return systems, walk

    def _check_squares(self, origin: int, destination: int) -> None:
        size = self._size
        for square in (origin, destination):
            if type(square) is int and 0 <= square < size:
                continue
            if isinstance(square, bool) or not isinstance(square, (int, np.integer)):
                raise RouteError(f"square {square!r} is not a square number")
            if not 0 <= square < size:
                raise RouteError(f"square {square} is off the board (0..{size - 1})")


def _merge_walks(legs: list[Leg]) -> tuple[Leg, ...]:
    """Join consecutive walks and drop walks that go nowhere (changing trains on a square)."""
    merged: list[Leg] = []
    for leg in legs:
        if isinstance(leg, Walk):
            if len(leg.squares) < 2:
                continue
            if merged and isinstance(merged[-1], Walk):
                merged[-1] = Walk(merged[-1].squares + leg.squares[1:])
                continue
        merged.append(leg)
    return tuple(merged)
