"""Router against the networkx reference (SG-9..SG-14) on random networks (hypothesis)."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subwaysim.board import Board
from subwaysim.network import Network, Station
from subwaysim.routing import WALK, Ride, Route, Router, RoutingRules, TripOptions, Walk
from subwaysim.routing.kernels import INF
from subwaysim.routing.mode_table import MAX_SYSTEMS
from subwaysim.routing.reference import (
    reference_distance,
    reference_mode_sets,
    reference_options,
    reference_subset_graphs,
)
from tests.subwaysim.routing.boards import grid

STEPS = st.sampled_from([(0, 1), (1, 0), (0, -1), (-1, 0)])


def rules_strategy(max_hazard: int) -> st.SearchStrategy[RoutingRules]:
    return st.builds(
        RoutingRules,
        st.integers(1, max_hazard),
        st.sampled_from(["leave", "enter"]),
        st.integers(0, 3),
        st.sampled_from(["skip_from_express", "both_ends"]),
        st.booleans(),
    )


@st.composite
def line(draw: st.DrawFn, board: Board, meet: tuple[int, ...]) -> tuple[int, ...]:
    """Track laid in a few straight runs, so that trains have somewhere to go; it may start
    at the end of an earlier line (in `meet`), so that systems share squares."""
    start = st.integers(0, board.size - 1)
    if meet and draw(st.integers(0, 3)):  # mostly where an earlier line ends
        start = st.sampled_from(meet)
    file, rank = board.coords(draw(start))
    squares = [rank * board.width + file]
    runs = st.lists(st.tuples(STEPS, st.integers(2, 7)), min_size=1, max_size=3)
    for (df, dr), length in draw(runs):
        for _ in range(length):
            file = min(max(file + df, 0), board.width - 1)
            rank = min(max(rank + dr, 0), board.height - 1)
            squares.append(rank * board.width + file)
    return tuple(squares)


@st.composite
def trips(
    draw: st.DrawFn, most_players: int = 3
) -> tuple[Network, RoutingRules, list[tuple[int, int]]]:
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(4, 9))
    size = rows * cols
    squares = st.integers(0, size - 1)
    terrain = draw(st.lists(st.booleans(), min_size=size, max_size=size))
    board = grid(rows, cols, (sq for sq, hazard in enumerate(terrain) if hazard))
    players = ("A", "B", "C", "D", "E")[: draw(st.integers(1, most_players))]
    laid: list[tuple[str, tuple[int, ...]]] = []
    for player in players:
        for _ in range(draw(st.integers(1, 2))):
            meet = tuple(sq for _, run in laid for sq in (run[0], run[-1]))
            laid.append((player, draw(line(board, meet))))
    track = {p: frozenset(sq for owner, run in laid if owner == p for sq in run) for p in players}
    ends = {sq for _, run in laid for sq in (run[0], run[-1])}
    # Stations at line ends, a few elsewhere (on track or not: off track they serve nobody).
    chosen = ends - draw(st.frozensets(st.sampled_from(sorted(ends)), max_size=len(ends) // 2))
    chosen |= draw(st.frozensets(squares, max_size=4))
    kinds = st.sampled_from(["local", "express"])
    stations = {sq: Station(sq, draw(kinds), players[0]) for sq in chosen}
    rules = draw(rules_strategy(6))
    near = st.sampled_from(sorted({n for sq in chosen for n in (sq, *board.neighbours(sq))}))
    end = st.one_of(near, squares)
    pairs = draw(st.lists(st.tuples(end, end), min_size=1, max_size=4))
    return Network(board, players, track, stations), rules, pairs


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips())
def test_router_agrees_with_the_networkx_reference(
    case: tuple[Network, RoutingRules, list[tuple[int, int]]],
) -> None:
    assert_agrees_with_reference(*case)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips(most_players=4).filter(lambda case: len(case[0].players) == MAX_SYSTEMS))
def test_router_agrees_with_the_networkx_reference_with_four_systems(
    case: tuple[Network, RoutingRules, list[tuple[int, int]]],
) -> None:
    """Four systems: the mode table of every subset, the most it holds."""
    assert_agrees_with_reference(*case)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips(most_players=5).filter(lambda case: len(case[0].players) > MAX_SYSTEMS))
def test_router_agrees_with_the_networkx_reference_with_many_systems(
    case: tuple[Network, RoutingRules, list[tuple[int, int]]],
) -> None:
    """Five systems: past the mode table, SG-14 searches pruned sets of systems."""
    assert_agrees_with_reference(*case)


@st.composite
def chained_lines(draw: st.DrawFn) -> tuple[Network, RoutingRules, list[tuple[int, int]]]:
    """Systems laid end to end along one row (with gaps and returns), so that trips change
    trains and re-board often: transfers (SG-13) and shared stations (SG-11) get exercised."""
    width = draw(st.integers(6, 14))
    board = grid(1, width, draw(st.frozensets(st.integers(0, width - 1), max_size=width // 2)))
    players = ("A", "B", "C")[: draw(st.integers(2, 3))]
    cuts = sorted(draw(st.frozensets(st.integers(0, width - 1), min_size=3, max_size=8)))
    owners = [draw(st.sampled_from(players)) for _ in cuts[1:]]
    track: dict[str, set[int]] = {p: set() for p in players}
    for (start, end), owner in zip(pairwise(cuts), owners, strict=True):
        if draw(st.integers(0, 4)):  # now and then a gap: nobody's track
            track[owner].update(range(start, end + 1))
    kinds = st.sampled_from(["local", "local", "express"])
    stations = {sq: Station(sq, draw(kinds), players[0]) for sq in cuts}
    rules = draw(rules_strategy(3))
    ends = st.sampled_from(cuts)
    pairs = draw(st.lists(st.tuples(ends, ends), min_size=1, max_size=3))
    return Network(board, players, track, stations), rules, pairs


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chained_lines())
def test_router_agrees_with_the_networkx_reference_on_chained_lines(
    case: tuple[Network, RoutingRules, list[tuple[int, int]]],
) -> None:
    assert_agrees_with_reference(*case)


def assert_agrees_with_reference(
    net: Network, rules: RoutingRules, pairs: list[tuple[int, int]]
) -> None:
    """Distances of every set of modes, SG-14 choices and route legs, trip by trip."""
    router = Router(net, rules)
    graphs = reference_subset_graphs(net, rules)
    every = [key for size in reference_mode_sets(net, rules) for key in size]
    for origin, destination in [*pairs, *interesting_pairs(router)]:
        distance, choices = reference_options(net, rules, origin, destination, graphs)
        assert router.options(origin, destination) == TripOptions(
            origin, destination, distance, choices
        )
        for systems, walking in every:
            modes = systems | {WALK} if walking else systems
            expected = reference_distance(
                net, rules, origin, destination, graph=graphs[systems, walking]
            )
            found = router.distance(origin, destination, modes)
            assert found == (INF if expected == float("inf") else expected)
            assert router.distances(modes)[origin, destination] == found
            if found >= INF:
                continue
            route = router.route(origin, destination, modes)
            assert route.distance == expected
            assert_consistent(net, rules, route, modes)
            if modes in choices or (not rules.walking_is_a_mode and systems in choices):
                assert set(route.systems) == systems  # SG-14: exactly the chosen modes
                if rules.walking_is_a_mode:
                    assert route.walks == walking


def interesting_pairs(router: Router) -> list[tuple[int, int]]:
    """Trips the router answers with rides, several systems or a choice, found by asking
    every pair: those are checked against the reference on every example that has them."""
    size = router.network.board.size
    kinds: dict[str, tuple[int, int]] = {}
    for origin in range(size):
        for destination in range(size):
            options = router.options(origin, destination)
            systems = [c - {WALK} for c in options.choices]
            if len(options.choices) > 1:
                kinds.setdefault("choice", (origin, destination))
            if any(len(s) >= 2 for s in systems):
                kinds.setdefault("shared", (origin, destination))
            elif any(len(s) == 1 for s in systems):
                kinds.setdefault("ride", (origin, destination))
    return list(kinds.values())


def assert_consistent(
    net: Network, rules: RoutingRules, route: Route, modes: frozenset[str]
) -> None:
    """Legs chain from origin to destination and their costs add up to the distance."""
    position, cost, last = route.origin, 0, None
    for leg in route.legs:
        assert leg.squares[0] == position
        assert all(b in net.board.neighbours(a) for a, b in pairwise(leg.squares))
        if isinstance(leg, Walk):
            assert len(leg.squares) >= 2
            assert WALK in modes or not rules.walking_is_a_mode
            cost += sum(walk_step(net.board, rules, a, b) for a, b in pairwise(leg.squares))
        else:
            assert leg.system in modes
            cost += ride_cost(net, rules, leg)
            if last is not None and last != leg.system:
                cost += rules.transfer_cost
            last = leg.system
        position = leg.squares[-1]
    assert position == route.destination
    assert cost == route.distance
    ridden = {leg.system for leg in route.rides}
    assert route.systems == tuple(p for p in net.players if p in ridden)


def walk_step(board: Board, rules: RoutingRules, a: int, b: int) -> int:
    hazard = board.is_hazard(a) if rules.hazard_cost_on == "leave" else board.is_hazard(b)
    return rules.hazard_walk_cost if hazard else 1


def ride_cost(net: Network, rules: RoutingRules, ride: Ride) -> int:
    """SG-12 checked hop by hop: a plain hop passes no stop; an express hop (from an express
    station, or the both_ends express train) passes only local stations. A ride is a chain
    of hops, so it may turn back at a stop (e.g. express past a local station, then back)."""
    track, first, final = net.track[ride.system], ride.squares[0], ride.squares[-1]
    assert set(ride.squares) <= track
    assert first != final and first in net.stations and final in net.stations
    crossings = net.intersections(ride.system)

    def kind(sq: int) -> str | None:
        station = net.stations.get(sq)
        return station.kind if station is not None else None

    at = [0]  # where each stop is reached; a ride may turn back at a stop (hops chain)
    for stop in ride.stops[1:]:
        at.append(ride.squares.index(stop, at[-1] + 1))
    assert at[-1] == len(ride.squares) - 1
    skipped_local = False
    for i, j in pairwise(at):
        start, end, inside = ride.squares[i], ride.squares[j], ride.squares[i + 1 : j]
        assert not any(sq in crossings for sq in inside)
        passed = [sq for sq in inside if kind(sq) is not None]
        if passed:
            assert all(kind(sq) == "local" for sq in passed)
            skipped_local = True
            if rules.express == "skip_from_express":
                assert kind(start) == "express" and kind(end) == "express"
        else:
            assert end in crossings or kind(end) is not None
    if rules.express == "both_ends" and skipped_local:
        assert kind(first) == kind(final) == "express"
    assert ride.express == skipped_local
    return len(ride.stops)
