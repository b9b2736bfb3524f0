"""Trip routing, SG-9..SG-15: hand-worked examples and a property test against networkx."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subwaysim.board import Board
from subwaysim.network import Network, Station
from subwaysim.reference_routing import (
    reference_distance,
    reference_options,
    reference_subset_graphs,
)
from subwaysim.routing import (
    Ride,
    Route,
    RouteCache,
    RouteError,
    Router,
    RoutingRules,
    TripOptions,
    Walk,
)
from subwaysim.routing.table import seat_subsets

DEFAULT = RoutingRules()


def grid(rows: int, cols: int, hazards: Iterable[int] = ()) -> Board:
    return Board(sections=(1, 1), section_size=(rows, cols), hazards=frozenset(hazards))


def network(
    board: Board, track: Mapping[str, Iterable[int]], stations: Mapping[int, str] | None = None
) -> Network:
    """Players in the order of `track`; each station built by the first owner of its square."""
    players = tuple(track)
    net = Network(board, players, {p: frozenset(sq) for p, sq in track.items()})
    for square, kind in (stations or {}).items():
        builder = next((p for p in players if square in net.track[p]), players[0])
        net = net.with_station(square, kind, builder)  # type: ignore[arg-type]
    return net


# --- SG-9 walking -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cost_on", "squares", "distance"),
    [
        ("leave", (0, 1, 2), 2),  # entering the hazard (square 2) costs 1
        ("leave", (2, 3, 4), 3),  # leaving it costs 2
        ("leave", (0, 1, 2, 3, 4), 5),
        ("enter", (0, 1, 2), 3),
        ("enter", (2, 3, 4), 2),
        ("enter", (4, 3, 2, 1, 0), 5),
    ],
)
def test_sg9_hazard_step_costs_on_leaving_or_entering(
    cost_on: str, squares: tuple[int, ...], distance: int
) -> None:
    net = network(grid(1, 5, hazards=[2]), {"A": []})
    router = Router(net, RoutingRules(hazard_cost_on=cost_on))  # type: ignore[arg-type]
    trip = (squares[0], squares[-1])
    assert router.options(*trip) == TripOptions(*trip, distance, (frozenset(),))
    assert router.route(*trip, frozenset()) == Route(*trip, distance, (), (Walk(squares),))


@pytest.mark.parametrize(("hazard_cost", "distance"), [(2, 3), (3, 4), (5, 4)])
def test_sg9_walk_goes_around_a_costly_hazard(hazard_cost: int, distance: int) -> None:
    # 3 x 3 board, hazard in the middle (square 4): 3 -> 4 -> 5 costs 1 + hazard cost,
    # the way around (3 -> 6 -> 7 -> 8 -> 5) costs 4.
    net = network(grid(3, 3, hazards=[4]), {"A": []})
    router = Router(net, RoutingRules(hazard_walk_cost=hazard_cost))
    assert router.options(3, 5).distance == distance


# --- SG-12 rides --------------------------------------------------------------------------


def test_sg12_worked_example_one_track() -> None:
    net = network(grid(1, 11), {"A": range(11)}, {3: "local", 6: "local", 8: "local"})
    router = Router(net, DEFAULT)
    assert router.options(0, 10) == TripOptions(0, 10, 8, (frozenset({"A"}),))
    assert router.route(0, 10, {"A"}) == Route(
        0,
        10,
        8,
        ("A",),
        (
            Walk((0, 1, 2, 3)),
            Ride("A", (3, 6, 8), False, (3, 4, 5, 6, 7, 8)),
            Walk((8, 9, 10)),
        ),
    )


def test_sg12_worked_example_two_systems_count_the_shared_station_twice() -> None:
    net = network(
        grid(1, 11), {"Blue": range(5), "Red": range(4, 9)}, {0: "local", 4: "local", 8: "local"}
    )
    router = Router(net, DEFAULT)
    both = frozenset({"Blue", "Red"})
    assert router.options(0, 8) == TripOptions(0, 8, 4, (both,))  # 2 + 2, not 3
    assert router.route(0, 8, both).legs == (
        Ride("Blue", (0, 4), False, (0, 1, 2, 3, 4)),
        Ride("Red", (4, 8), False, (4, 5, 6, 7, 8)),
    )
    assert router.route(0, 8, both).systems == ("Blue", "Red")


PLUS = [10, 11, 12, 13, 14, 2, 7, 17, 22]  # 5 x 5: rank 2 and file c cross at square 12


@pytest.mark.parametrize(
    ("track", "stops"),
    [
        (PLUS, (10, 12, 14)),  # four neighbours: an intersection, a stop
        ([10, 11, 12, 13, 14, 7], (10, 12, 14)),  # three neighbours: still an intersection
        ([10, 11, 12, 13, 14], (10, 14)),  # a straight line: plain track
    ],
)
def test_sg12_local_ride_stops_at_intersections(track: list[int], stops: tuple[int, ...]) -> None:
    net = network(grid(5, 5), {"A": track}, {10: "local", 14: "local"})
    route = Router(net, DEFAULT).route(10, 14, {"A"})
    assert route.distance == len(stops)
    assert route.legs == (Ride("A", stops, False, (10, 11, 12, 13, 14)),)


def test_sg12_ride_takes_the_fewest_stops_not_the_fewest_squares() -> None:
    # 3 x 7 board, a ring of track round the edge; the bottom way 0 -> 6 passes local
    # stations at 2 and 4, the top way passes only plain track (which costs nothing).
    ring = [*range(7), 7, 13, *range(14, 21)]
    net = network(grid(3, 7), {"A": ring}, {0: "local", 2: "local", 4: "local", 6: "local"})
    route = Router(net, DEFAULT).route(0, 6, {"A"})
    assert route.distance == 2
    assert route.legs == (Ride("A", (0, 6), False, (0, 7, 14, 15, 16, 17, 18, 19, 20, 13, 6)),)


def test_sg12_express_ride_passes_local_stations() -> None:
    net = network(grid(1, 11), {"A": range(11)}, {0: "express", 5: "local", 10: "express"})
    route = Router(net, DEFAULT).route(0, 10, {"A"})
    assert route.distance == 2
    assert route.legs == (Ride("A", (0, 10), True, tuple(range(11))),)


def test_sg12_express_ride_stops_at_express_stations_and_intersections() -> None:
    # 3 x 11 board: track along rank 2 (11..21) with a cross track at file f (5, 16, 27).
    track = [*range(11, 22), 5, 27]
    stations = {11: "express", 13: "local", 19: "express", 21: "express"}
    route = Router(network(grid(3, 11), {"A": track}, stations), DEFAULT).route(11, 21, {"A"})
    assert route.distance == 4
    assert route.legs == (Ride("A", (11, 16, 19, 21), True, tuple(range(11, 22))),)


def test_sg12_express_needs_both_ends_express() -> None:
    stations = {0: "express", 4: "local", 8: "local", 10: "express"}
    router = Router(network(grid(1, 11), {"A": range(11)}, stations), DEFAULT)
    # 0 (express) -> 8 (local) is a local ride: 0, 4, 8. Riding express to 10 and walking
    # back costs 2 + 2.
    assert router.options(0, 8).distance == 3
    assert router.route(0, 8, {"A"}).legs == (Ride("A", (0, 4, 8), False, tuple(range(9))),)
    assert router.options(0, 10).distance == 2


def test_sg12_no_boarding_or_alighting_at_an_intersection() -> None:
    track = [*range(11, 22), 5, 27]  # intersection at 16, stations only at the ends
    router = Router(network(grid(3, 11), {"A": track}, {11: "local", 21: "local"}), DEFAULT)
    assert router.options(16, 21) == TripOptions(16, 21, 5, (frozenset(),))  # walk
    assert router.options(11, 27) == TripOptions(11, 27, 6, (frozenset(),))  # walk
    with_station = network(grid(3, 11), {"A": track}, {11: "local", 16: "local", 21: "local"})
    assert Router(with_station, DEFAULT).options(11, 27).distance == 3  # ride 11 -> 16, walk 1


def test_sg11_station_on_a_shared_square_serves_both_systems() -> None:
    net = network(grid(1, 9), {"Blue": range(5), "Red": range(4, 9)}, {0: "local", 8: "local"})
    net = net.with_station(4, "local", "Blue")  # built by Blue, on Red's track too
    router = Router(net, DEFAULT)
    assert router.route(4, 8, {"Red"}).legs == (Ride("Red", (4, 8), False, (4, 5, 6, 7, 8)),)
    assert router.route(0, 4, {"Blue"}).legs == (Ride("Blue", (0, 4), False, (0, 1, 2, 3, 4)),)


def test_sg12_a_system_with_one_station_offers_no_ride() -> None:
    net = network(grid(1, 9), {"A": range(9)}, {0: "local"})
    assert Router(net, DEFAULT).options(0, 8) == TripOptions(0, 8, 8, (frozenset(),))


# --- SG-13 transfers ----------------------------------------------------------------------

TWO_LINES = {"Blue": range(5), "Red": range(4, 9)}
TWO_LINE_STATIONS = {0: "local", 4: "local", 8: "local"}


def test_sg13_transfer_cost_is_added_when_changing_system() -> None:
    router = Router(
        network(grid(1, 9), TWO_LINES, TWO_LINE_STATIONS), RoutingRules(transfer_cost=1)
    )
    both = frozenset({"Blue", "Red"})
    assert router.options(0, 8) == TripOptions(0, 8, 5, (both,))
    assert [leg.system for leg in router.route(0, 8, both).rides] == ["Blue", "Red"]


def test_sg13_costly_transfer_makes_single_system_trips_tie() -> None:
    router = Router(
        network(grid(1, 9), TWO_LINES, TWO_LINE_STATIONS), RoutingRules(transfer_cost=3)
    )
    # Blue 0 -> 4 and walk 4 = 6; walk 4 and Red 4 -> 8 = 6; both systems 2 + 3 + 2 = 7.
    assert router.options(0, 8) == TripOptions(0, 8, 6, (frozenset({"Blue"}), frozenset({"Red"})))
    assert router.distances({"Blue", "Red"})[0, 8] == 6


def test_sg13_reboarding_the_same_system_is_no_transfer() -> None:
    net = network(
        grid(1, 10), {"Blue": [0, 1, 2, 3, 6, 7, 8, 9]}, dict.fromkeys((0, 3, 6, 9), "local")
    )
    route = Router(net, RoutingRules(transfer_cost=5)).route(0, 9, {"Blue"})
    assert route.distance == 7  # ride 2 + walk 3 + ride 2
    assert route.legs == (
        Ride("Blue", (0, 3), False, (0, 1, 2, 3)),
        Walk((3, 4, 5, 6)),
        Ride("Blue", (6, 9), False, (6, 7, 8, 9)),
    )


# --- SG-14 ties ---------------------------------------------------------------------------


def test_sg14_fewest_systems_wins_a_tie() -> None:
    # 2 x 11 board: Blue 0..5 and Red 5..10 on rank 1 (2 + 2); Green on rank 2 from 11 to
    # 21 with stations at both ends (walk 1 + ride 2 + walk 1). Both trips measure 4.
    track = {"Blue": range(6), "Red": range(5, 11), "Green": range(11, 22)}
    stations = {0: "local", 5: "local", 10: "local", 11: "local", 21: "local"}
    router = Router(network(grid(2, 11), track, stations), DEFAULT)
    assert router.distances({"Blue", "Red"})[0, 10] == 4
    assert router.options(0, 10) == TripOptions(0, 10, 4, (frozenset({"Green"}),))
    assert router.route(0, 10, {"Green"}).systems == ("Green",)


def genuine_choice() -> Router:
    # 3 x 9 board: Blue along the top rank, Red along the bottom, stations at their ends;
    # 9 -> 17 along the middle rank is walk 1 + ride 2 + walk 1 on either.
    track = {"Blue": range(18, 27), "Red": range(9)}
    stations = {18: "local", 26: "local", 0: "local", 8: "local"}
    return Router(network(grid(3, 9), track, stations), DEFAULT)


def test_sg14_genuine_choice_between_two_single_system_trips() -> None:
    router = genuine_choice()
    options = router.options(9, 17)
    assert options == TripOptions(9, 17, 4, (frozenset({"Blue"}), frozenset({"Red"})))
    assert router.route(9, 17, {"Red"}) == Route(
        9,
        17,
        4,
        ("Red",),
        (Walk((9, 0)), Ride("Red", (0, 8), False, tuple(range(9))), Walk((8, 17))),
    )
    assert router.route(9, 17, {"Blue"}).systems == ("Blue",)


def test_route_with_a_set_that_is_not_a_choice_uses_only_that_set() -> None:
    router = genuine_choice()
    route = router.route(9, 17, set())
    assert route.distance == 8
    assert route.systems == ()
    assert route.legs == (Walk(tuple(range(9, 18))),)


def test_routes_are_deterministic() -> None:
    first, second = genuine_choice(), genuine_choice()
    for origin in range(27):
        for destination in range(27):
            for systems in seat_subsets(("Blue", "Red")):
                assert first.route(origin, destination, systems) == second.route(
                    origin, destination, systems
                )


# --- SG-15 a trip to the same square ------------------------------------------------------


def test_sg15_trip_to_the_same_square() -> None:
    router = genuine_choice()
    assert router.options(18, 18) == TripOptions(18, 18, 0, (frozenset(),))
    assert router.route(18, 18, {"Blue", "Red"}) == Route(18, 18, 0, (), ())


# --- trip table ---------------------------------------------------------------------------


def test_trip_table_matches_options_for_every_pair() -> None:
    router = genuine_choice()
    table = router.trip_table()
    size = router.network.board.size
    for origin in range(size):
        for destination in range(size):
            options = router.options(origin, destination)
            assert table.distance[origin, destination] == options.distance
            assert table.choice_count[origin, destination] == len(options.choices)
            members = {p for choice in options.choices for p in choice}
            for p, player in enumerate(table.players):
                assert table.member[p, origin, destination] == (player in members)


def test_trip_table_points_under_each_chooser_assumption() -> None:
    table = genuine_choice().trip_table()
    blue, red = 0, 1
    uniform = table.points(single_system_points=2, shared_points=1)
    assert uniform[:, 9, 17].tolist() == [1.0, 1.0]  # either set, equally likely
    red_picks = table.points(2, 1, chooser="Red")
    assert red_picks[:, 9, 17].tolist() == [0.0, 2.0]
    assert table.points(2, 1, chooser="Blue")[blue, 9, 17] == 2.0
    assert uniform[:, 9, 10].tolist() == [0.0, 0.0]  # a one-step walk scores nothing
    assert uniform[:, 5, 5].tolist() == [0.0, 0.0]  # SG-15 same square
    assert uniform[red, 0, 8] == 2.0  # a single-system trip on Red


def test_trip_table_shared_points() -> None:
    router = Router(network(grid(1, 9), TWO_LINES, TWO_LINE_STATIONS), DEFAULT)
    points = router.trip_table().points(single_system_points=2, shared_points=1)
    assert points[:, 0, 8].tolist() == [1.0, 1.0]  # SG-15: both owners share
    with pytest.raises(ValueError, match="chooser 'Green'"):
        router.trip_table().points(chooser="Green")


# --- cache --------------------------------------------------------------------------------


def test_cache_reuses_sets_without_the_changed_system() -> None:
    net = network(grid(3, 9), {"Blue": range(18, 27), "Red": range(9)}, TWO_CORNERS)
    cache = RouteCache()
    Router(net, DEFAULT, cache).trip_table()
    assert cache.misses == 5  # walking, then {}, {Blue}, {Red} and {Blue, Red}
    changed = net.with_track("Blue", 17)
    table = Router(changed, DEFAULT, cache).trip_table()
    assert cache.misses == 7  # {} and {Red} reused; {Blue} and {Blue, Red} rebuilt
    fresh = Router(changed, DEFAULT).trip_table()
    assert np.array_equal(table.subset_distance, fresh.subset_distance)


TWO_CORNERS = {18: "local", 26: "local", 0: "local", 8: "local"}


def test_cache_keys_include_the_rules() -> None:
    net = network(grid(1, 5, hazards=[2]), {"A": []})
    cache = RouteCache()
    assert Router(net, RoutingRules(hazard_walk_cost=2), cache).options(2, 4).distance == 3
    assert Router(net, RoutingRules(hazard_walk_cost=4), cache).options(2, 4).distance == 5


def test_cache_evicts_least_recently_used() -> None:
    cache = RouteCache(maxsize=1)
    net = network(grid(1, 5, hazards=[2]), {"A": []})
    Router(net, RoutingRules(hazard_walk_cost=2), cache).options(0, 4)
    Router(net, RoutingRules(hazard_walk_cost=3), cache).options(0, 4)
    assert len(cache) == 1


def test_distances_are_read_only() -> None:
    distances = genuine_choice().distances({"Red"})
    assert distances.shape == (27, 27)
    with pytest.raises(ValueError):
        distances[0, 0] = 5


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda r: r.options(-1, 3), "square -1 is off the board"),
        (lambda r: r.route(0, 27, {"Red"}), "square 27 is off the board"),
        (lambda r: r.route(0, 5, {"Green"}), "unknown system 'Green'"),
        (lambda r: r.distances("Red"), "not the string 'Red'"),
        (lambda r: r.options("a1", 3), "'a1' is not a square number"),
    ],
)
def test_bad_trips_are_refused(call: object, message: str) -> None:
    with pytest.raises(RouteError, match=message):
        call(genuine_choice())  # type: ignore[operator]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"hazard_walk_cost": 0}, "hazard_walk_cost must be at least 1"),
        ({"hazard_cost_on": "both"}, "hazard_cost_on must be 'leave' or 'enter'"),
        ({"transfer_cost": -1}, "transfer_cost must not be negative"),
        ({"transfer_cost": 1.5}, "transfer_cost must be an integer"),
    ],
)
def test_bad_rules_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(RouteError, match=message):
        RoutingRules(**options)  # type: ignore[arg-type]


# --- property test against the networkx reference -----------------------------------------


STEPS = st.sampled_from([(0, 1), (1, 0), (0, -1), (-1, 0)])


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
def trips(draw: st.DrawFn) -> tuple[Network, RoutingRules, list[tuple[int, int]]]:
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(4, 9))
    size = rows * cols
    squares = st.integers(0, size - 1)
    terrain = draw(st.lists(st.booleans(), min_size=size, max_size=size))
    board = grid(rows, cols, (sq for sq, hazard in enumerate(terrain) if hazard))
    players = ("A", "B", "C")[: draw(st.integers(1, 3))]
    laid: list[tuple[str, tuple[int, ...]]] = []
    for player in players:
        for _ in range(draw(st.integers(1, 2))):
            meet = tuple(sq for _, run in laid for sq in (run[0], run[-1]))
            laid.append((player, draw(line(board, meet))))
    track = {p: frozenset(sq for owner, run in laid if owner == p for sq in run) for p in players}
    ends = {sq for _, run in laid for sq in (run[0], run[-1])}
    # Stations at line ends, a few elsewhere (on track or not: off track they serve nobody).
    chosen = ends - draw(st.frozensets(st.sampled_from(sorted(ends)), max_size=len(ends) // 2))
    chosen |= draw(st.frozensets(squares, max_size=3))
    kinds = st.sampled_from(["local", "express"])
    stations = {sq: Station(sq, draw(kinds), players[0]) for sq in chosen}
    rules = RoutingRules(
        draw(st.integers(1, 6)), draw(st.sampled_from(["leave", "enter"])), draw(st.integers(0, 3))
    )
    near = st.sampled_from(sorted({n for sq in chosen for n in (sq, *board.neighbours(sq))}))
    end = st.one_of(near, squares)
    pairs = draw(st.lists(st.tuples(end, end), min_size=1, max_size=4))
    return Network(board, players, track, stations), rules, pairs


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips())
def test_router_agrees_with_the_networkx_reference(
    case: tuple[Network, RoutingRules, list[tuple[int, int]]],
) -> None:
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
    track = {p: set() for p in players}
    for (start, end), owner in zip(pairwise(cuts), owners, strict=True):
        if draw(st.integers(0, 4)):  # now and then a gap: nobody's track
            track[owner].update(range(start, end + 1))
    kinds = st.sampled_from(["local", "local", "express"])
    stations = {sq: Station(sq, draw(kinds), players[0]) for sq in cuts}
    rules = RoutingRules(
        draw(st.integers(1, 3)), draw(st.sampled_from(["leave", "enter"])), draw(st.integers(0, 3))
    )
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
    """Distances of every set of systems, SG-14 choices and route legs, trip by trip."""
    router = Router(net, rules)
    graphs = reference_subset_graphs(net, rules)
    for origin, destination in [*pairs, *interesting_pairs(router)]:
        distance, choices = reference_options(net, rules, origin, destination, graphs)
        assert router.options(origin, destination) == TripOptions(
            origin, destination, distance, choices
        )
        for systems in seat_subsets(net.players):
            expected = reference_distance(net, rules, origin, destination, graph=graphs[systems])
            assert router.distances(systems)[origin, destination] == expected
            route = router.route(origin, destination, systems)
            assert route.distance == expected
            assert_consistent(net, rules, route, systems)
            if systems in choices:
                assert set(route.systems) == systems  # SG-14: exactly the chosen set


def interesting_pairs(router: Router) -> list[tuple[int, int]]:
    """Trips the router answers with rides, with several systems or with a choice, so that
    those are checked against the reference on every example that has them."""
    table = router.trip_table()
    masks = [table.systems_used == 1, table.systems_used >= 2, table.choice_count >= 2]
    found = [np.argwhere(mask) for mask in masks]
    return [(int(hits[-1][0]), int(hits[-1][1])) for hits in found if len(hits)]


def assert_consistent(
    net: Network, rules: RoutingRules, route: Route, systems: frozenset[str]
) -> None:
    """Legs chain from origin to destination and their costs add up to the distance."""
    position, cost, last = route.origin, 0, None
    for leg in route.legs:
        assert leg.squares[0] == position
        assert all(b in net.board.neighbours(a) for a, b in pairwise(leg.squares))
        if isinstance(leg, Walk):
            assert len(leg.squares) >= 2
            cost += sum(walk_step(net.board, rules, a, b) for a, b in pairwise(leg.squares))
        else:
            assert leg.system in systems
            cost += ride_cost(net, leg)
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


def ride_cost(net: Network, ride: Ride) -> int:
    track, first, final = net.track[ride.system], ride.squares[0], ride.squares[-1]
    assert set(ride.squares) <= track
    assert first != final and first in net.stations and final in net.stations
    express = net.stations[first].kind == net.stations[final].kind == "express"
    assert ride.express == express
    crossings = net.intersections(ride.system)

    def stops_at(sq: int) -> bool:
        station = net.stations.get(sq)
        return sq in crossings or (
            station is not None and (station.kind == "express" or not express)
        )

    assert ride.stops == (first, *(sq for sq in ride.squares[1:-1] if stops_at(sq)), final)
    return len(ride.stops)
