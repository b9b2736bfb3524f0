"""Answering trips on one network (SG-9..SG-15), from cached per-system and per-set results.

A Router is cheap: what it computes lives in the game's RouteCache, keyed by content, so
a router for the network after a build finds every system the build did not touch.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property, partial

import numpy as np

from subwaysim.network import Network
from subwaysim.routing.cache import RouteCache
from subwaysim.routing.kernels import INF
from subwaysim.routing.mode_table import MAX_SYSTEMS, ModeTable, Named, answers, mode_names
from subwaysim.routing.modes import NO_MODE, WALK_ONLY, choices
from subwaysim.routing.nearest import nearest_walks
from subwaysim.routing.rides import Line, SystemRides
from subwaysim.routing.routes import Leg, Ride, Route, TripOptions, Walk
from subwaysim.routing.rules import WALK, RouteError, RoutingRules
from subwaysim.routing.spurs import same_rides, spur_steps
from subwaysim.routing.station_graph import StationGraph, graph_key
from subwaysim.routing.table_sets import MIN_RIDE, systems_trips_options, table_order_arrays
from subwaysim.routing.walking import Walking, walking_for

# `Router._table_inputs`: walking a mode, walking distances, each system's stations and
# flattened rides, `table_order_arrays` (masks, walks, ends, sets) and the sets' names.
TableInputs = tuple[
    bool,
    np.ndarray,
    tuple[np.ndarray, ...],
    tuple[np.ndarray, ...],
    np.ndarray,
    np.ndarray,
    np.ndarray,
    tuple[tuple[int, bool], ...],
    Named,
]


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
        self._graphs: dict[tuple[object, ...], StationGraph] = {}  # this network's, at hand

    # --- what the rules ask -----------------------------------------------------------------
    def options(self, origin: int, destination: int) -> TripOptions:
        """The trip's shortest distance (SG-13) and its smallest sets of modes (SG-14)."""
        self._check_squares(origin, destination)
        if origin == destination:
            return TripOptions(origin, destination, 0, (NO_MODE,))  # SG-15: no trip, no mode
        found = self._compiled([origin], [destination])
        if found is not None:  # one compiled call: SG-13's walk check, search, SG-14
            return TripOptions(origin, destination, *found[0])
        walk = int(self.walking.distances[origin, destination])
        to_station, from_station = self.nearest_stations
        if (
            origin != destination
            and walk < to_station[origin] + MIN_RIDE + from_station[destination]
        ):
            # No trip that rides can tie the walk (SG-13): the pure walk is the one choice.
            only = WALK_ONLY if self.rules.walking_is_a_mode else NO_MODE
            return TripOptions(origin, destination, walk, (only,))
        distance, found = choices(
            self.rideable,
            self.graph,
            walk,
            origin,
            destination,
            self.rules.walking_is_a_mode,
            self.station_squares,
            self.walking.reversed,
            self.mode_table,
        )
        return TripOptions(origin, destination, distance, found)

    def options_of(self, origins: list[int], destinations: list[int]) -> list[TripOptions]:
        """`options` of many trips on this network, in order: one compiled call for them
        all with few systems and no transfer costs (`_compiled`: the same answers)."""
        pairs = list(zip(origins, destinations, strict=True))
        for origin, destination in pairs:
            self._check_squares(origin, destination)
        apart = [(o, d) for o, d in pairs if o != d]
        found = None
        if apart:
            found = self._compiled([o for o, _ in apart], [d for _, d in apart])
        if found is None:
            return [self.options(o, d) for o, d in pairs]
        answers = iter(found)
        return [
            TripOptions(o, d, *next(answers)) if o != d else self.options(o, d) for o, d in pairs
        ]

    def _compiled(
        self, origins: list[int], destinations: list[int]
    ) -> list[tuple[int, tuple[frozenset[str], ...]]] | None:
        """Trips between two different squares answered as the mode table answers them
        (`ModeTable.options_of`), in one compiled call that makes the table's parts and
        keeps none (`table_sets.systems_trips_options`): a network is asked few calls, and
        a table object cost more than its trips. None with more than `MAX_SYSTEMS` rideable
        systems, or transfer costs between several (the one-by-one way)."""
        inputs = self._table_inputs
        if inputs is None:
            return None
        walking, distances, stations, flats, masks, walks, ends, sets, named = inputs
        rows = systems_trips_options(
            distances,
            np.array(origins, dtype=np.int64),
            np.array(destinations, dtype=np.int64),
            stations,
            flats,
            masks,
            walks,
            ends,
        ).tolist()
        return answers(rows, sets, named, walking)

    @cached_property
    def _table_inputs(self) -> TableInputs | None:
        """What `_compiled` hands `systems_trips_options` and `answers` for every trip on
        this network: whether walking is a mode, the walking distances, the rideable
        systems' station squares and flattened rides, as `ModeTable` hands them to
        `table_parts` (one empty system for none), the order SG-14 tries their sets in
        and the names of those sets. None where `_compiled` answers nothing."""
        systems = self.rideable
        if len(systems) > MAX_SYSTEMS or (self.rules.transfer_cost > 0 and len(systems) > 1):
            return None
        walking = self.rules.walking_is_a_mode
        stations = tuple(s.stations for s in systems) or (np.zeros(0, np.int64),)
        flats = tuple(s.flat for s in systems) or (np.zeros(0, np.int64),)
        named = partial(mode_names, tuple(s.system for s in systems))
        order = table_order_arrays(len(systems), walking)
        return (walking, self.walking.distances, stations, flats, *order, named)

    def distance(self, origin: int, destination: int, modes: Iterable[str]) -> int:
        """The shortest trip using only `modes` (INF when they cannot make the trip)."""
        self._check_squares(origin, destination)
        systems, walk = self._modes(modes)
        if origin == destination:
            return 0
        if not systems:
            return int(self.walking.distances[origin, destination]) if walk else INF
        return self.graph(systems, walk).trip(origin, destination)

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
        legs = _merge_walks(self._legs(self.graph(systems, walk), origin, destination, distance))
        ridden = {leg.system for leg in legs if isinstance(leg, Ride)}
        used = tuple(p for p in self.network.players if p in ridden)
        return Route(origin, destination, distance, used, legs)

    def distances(self, modes: Iterable[str]) -> np.ndarray:
        """(N, N) shortest distances using only `modes` (for tests and tools: N^2 K^2 work)."""
        size = self._size
        return np.array(
            [[self.distance(o, d, modes) for d in range(size)] for o in range(size)],
            dtype=np.int64,
        )

    # --- the cached parts -------------------------------------------------------------------
    def rides(self, player: str) -> SystemRides:
        """`player`'s system: its stations and best rides (SG-10..SG-12)."""
        network = self.network
        track, served, rule = network.track[player], network.served(player), self.rules.express
        recent = self.cache.recent.get(player)
        if recent is not None and recent[:4] == (network.board, track, served, rule):
            self.cache.hits += 1  # a network made from the last one, this system left alone
            return recent[4]
        line = Line(network.board, track, served)
        found = self.cache.get(
            ("rides", player, line, rule), lambda: self._made(player, line, recent)
        )
        self.cache.recent[player] = (network.board, track, served, rule, found)
        return found

    def _made(self, player: str, line: Line, recent: tuple[object, ...] | None) -> SystemRides:
        """The rides of `line`: those of the system last looked up when the two differ only
        by dead-end spurs no ride notices (`spurs`), else worked out afresh."""
        rule = self.rules.express
        old = None
        if recent is not None and recent[0] is line.board and recent[3] == rule:
            old = recent[4]
            assert isinstance(old, SystemRides)
            if recent[2] == line.stations:
                steps = spur_steps(
                    line.board.neighbours, old.line.track, line.track, self.network.stations.keys()
                )
                if steps is not None:
                    return same_rides(old, line)
        return SystemRides(player, line, rule, old)

    @cached_property
    def rideable(self) -> tuple[SystemRides, ...]:
        """The systems that offer a ride (two stations a ride joins, SG-12), in seat order."""
        rides = self.rides
        return tuple([s for s in [rides(p) for p in self.network.players] if s.rideable])

    @cached_property
    def mode_table(self) -> ModeTable | None:
        """Every subset of few rideable systems at once (`mode_table`), else None."""
        systems = self.rideable
        if len(systems) > MAX_SYSTEMS:
            return None
        distances, transfer = self.walking.distances, self.rules.transfer_cost
        key = ("table", tuple(s.serial for s in systems), self.rules)
        return self.cache.get(key, lambda: ModeTable(systems, distances, transfer))

    @cached_property
    def nearest_stations(self) -> tuple[list[int], list[int]]:
        """(to, from): the shortest walk from each square to a station of a rideable system,
        and from one to each square (INF without stations): a trip that rides walks both."""
        table = self.mode_table
        if table is not None:
            return table.nearest  # worked out with the table, in the same pass
        squares, walk = self.station_squares, self.walking

        def nearest() -> tuple[list[int], list[int]]:
            if not squares:
                return [INF] * self._size, [INF] * self._size
            to, back = nearest_walks(walk.distances, np.array(sorted(squares), dtype=np.int64))
            return to.tolist(), back.tolist()

        # The same stations (a build of track, or of a station no ride reaches) keep them.
        return self.cache.get(("nearest", walk, squares), nearest)

    @cached_property
    def station_squares(self) -> frozenset[int]:
        """Every square with a station some rideable system serves."""
        table = self.mode_table
        if table is not None:
            return table.squares
        return frozenset(sq for s in self.rideable for sq in s.stations.tolist())

    def graph(self, systems: tuple[SystemRides, ...], walk: bool) -> StationGraph:
        """The stations of `systems` and their rides (SG-13), made once per content."""
        key = graph_key(systems, walk)
        found = self._graphs.get(key)
        if found is None:
            distances, transfer = self.walking.distances, self.rules.transfer_cost
            found = self.cache.get(
                ("graph", key, self.rules),
                lambda: StationGraph(systems, distances, walk, transfer),
            )
            self._graphs[key] = found
        return found

    # --- legs --------------------------------------------------------------------------------
    def _legs(self, graph: StationGraph, origin: int, destination: int, total: int) -> list[Leg]:
        """Walk to the first station, the searched rides and walks, walk on to the end."""
        st = graph.stations
        steps = graph.steps(origin, destination, total)
        legs: list[Leg] = [Walk(self._walk(origin, int(st[steps[0][2]])))]
        for system, a, b in steps[1:]:
            if system < 0:
                legs.append(Walk(self._walk(int(st[a]), int(st[b]))))
            else:
                legs.append(graph.systems[system].ride(int(st[a]), int(st[b])))
        last = int(st[steps[-1][2]])
        if last != destination:
            legs.append(Walk(self._walk(last, destination)))
        return legs

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
