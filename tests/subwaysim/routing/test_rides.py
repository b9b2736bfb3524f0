"""SG-10..SG-12 rides: the designer's worked examples, both express readings, and the
compiled ride matrix against its plain-Python reference."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.routing import WALK, Ride, Route, Router, RoutingRules, TripOptions, Walk
from subwaysim.routing.rides import Line, SystemRides, ride_matrix_reference
from tests.subwaysim.routing.boards import BOTH_ENDS, DEFAULT, NOT_A_MODE, grid, network


def test_sg12_worked_example_one_track() -> None:
    # SG-12: stations at 3, 6, 8 on one track; 0 -> 10 is walk 3 + ride 3 + walk 2 = 8.
    net = network(grid(1, 11), {"A": range(11)}, {3: "local", 6: "local", 8: "local"})
    router = Router(net, DEFAULT)
    assert router.options(0, 10) == TripOptions(0, 10, 8, (frozenset({WALK, "A"}),))
    assert router.route(0, 10, {WALK, "A"}) == Route(
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
    # SG-12: Blue 0..4 and Red 4..8 with stations at 0, 4, 8: 0 -> 8 is 2 + 2 = 4, not 3.
    net = network(
        grid(1, 11), {"Blue": range(5), "Red": range(4, 9)}, {0: "local", 4: "local", 8: "local"}
    )
    router = Router(net, DEFAULT)
    both = frozenset({"Blue", "Red"})
    assert router.options(0, 8) == TripOptions(0, 8, 4, (both,))  # no walking: two modes
    assert router.route(0, 8, both).legs == (
        Ride("Blue", (0, 4), False, (0, 1, 2, 3, 4)),
        Ride("Red", (4, 8), False, (4, 5, 6, 7, 8)),
    )
    assert router.route(0, 8, both).systems == ("Blue", "Red")


def test_sg12_express_hop_starts_at_any_express_station() -> None:
    # SG-12's example on one row: local a1, express c1, local e1, express g1:
    # a1 -> g1 counts a1, c1, g1 = 3 (the hop from c1 passes e1).
    stations = {0: "local", 2: "express", 4: "local", 6: "express"}
    net = network(grid(1, 7), {"A": range(7)}, stations)
    route = Router(net, DEFAULT).route(0, 6, {"A"})
    assert route == Route(0, 6, 3, ("A",), (Ride("A", (0, 2, 6), True, tuple(range(7))),))
    # both_ends: a1 is local, so the ride stops at every station: a1, c1, e1, g1.
    assert Router(net, BOTH_ENDS).route(0, 6, {"A"}).legs == (
        Ride("A", (0, 2, 4, 6), False, tuple(range(7))),
    )


PLUS = [10, 11, 12, 13, 14, 2, 7, 17, 22]  # 5 x 5: rank 2 and file c cross at square 12


@pytest.mark.parametrize(
    ("track", "stops"),
    [
        (PLUS, (10, 12, 14)),  # four neighbours: an intersection, a stop
        ([10, 11, 12, 13, 14, 7], (10, 12, 14)),  # three neighbours: still an intersection
        ([10, 11, 12, 13, 14], (10, 14)),  # a straight line: plain track
    ],
)
def test_sg10_sg12_local_ride_stops_at_intersections(
    track: list[int], stops: tuple[int, ...]
) -> None:
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


@pytest.mark.parametrize("rules", [DEFAULT, BOTH_ENDS])
def test_sg12_express_ride_passes_local_stations(rules: RoutingRules) -> None:
    net = network(grid(1, 11), {"A": range(11)}, {0: "express", 5: "local", 10: "express"})
    route = Router(net, rules).route(0, 10, {"A"})
    assert route.distance == 2
    assert route.legs == (Ride("A", (0, 10), True, tuple(range(11))),)


# 3 x 11 board: track along rank 2 (11..21) with a cross track at file f (5, 16, 27).
CROSSED = [*range(11, 22), 5, 27]
CROSSED_STATIONS = {11: "express", 13: "local", 19: "express", 21: "express"}


def test_sg12_an_express_hop_never_passes_an_intersection() -> None:
    # From express 11 the hop towards 19 would pass the intersection at 16: it cannot, so
    # the ride stops at 13, 16, 19: five stops.
    router = Router(network(grid(3, 11), {"A": CROSSED}, CROSSED_STATIONS), DEFAULT)
    route = router.route(11, 21, {"A"})
    assert route.legs == (Ride("A", (11, 13, 16, 19, 21), False, tuple(range(11, 22))),)


def test_sg12_both_ends_express_train_stops_at_express_stations_and_intersections() -> None:
    router = Router(network(grid(3, 11), {"A": CROSSED}, CROSSED_STATIONS), BOTH_ENDS)
    route = router.route(11, 21, {"A"})
    assert route.distance == 4
    assert route.legs == (Ride("A", (11, 16, 19, 21), True, tuple(range(11, 22))),)


def test_sg12_both_ends_needs_express_at_both_ends() -> None:
    stations = {0: "express", 4: "local", 8: "local", 10: "express"}
    router = Router(network(grid(1, 11), {"A": range(11)}, stations), BOTH_ENDS)
    # 0 (express) -> 8 (local) is a local ride: 0, 4, 8. Riding express to 10 and walking
    # back costs 2 + 2.
    assert router.options(0, 8).distance == 3
    assert router.route(0, 8, {"A"}).legs == (Ride("A", (0, 4, 8), False, tuple(range(9))),)
    assert router.options(0, 10).distance == 2


def test_sg12_skip_from_express_a_ride_may_turn_back_at_a_stop() -> None:
    # A ride is a chain of hops: from express b1 the train may run express to g1, passing
    # c1..f1, and hop back to f1: a1, b1, g1, f1 = 4 stops, where stopping everywhere
    # counts a1, b1, c1, d1, e1, f1 = 6.
    stations = {0: "local", 1: "express", 2: "local", 3: "local", 4: "local", 5: "local"}
    net = network(grid(1, 8), {"A": range(7)}, {**stations, 6: "express"})
    route = Router(net, DEFAULT).route(0, 5, {"A"})
    assert route.legs == (Ride("A", (0, 1, 6, 5), True, (0, 1, 2, 3, 4, 5, 6, 5)),)


def test_sg12_no_boarding_or_alighting_at_an_intersection() -> None:
    track = [*range(11, 22), 5, 27]  # intersection at 16, stations only at the ends
    router = Router(network(grid(3, 11), {"A": track}, {11: "local", 21: "local"}), NOT_A_MODE)
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
    assert Router(net, DEFAULT).options(0, 8) == TripOptions(0, 8, 8, (frozenset({WALK}),))


# --- the compiled ride matrix against the hop graph ---------------------------------------


@st.composite
def lines(draw: st.DrawFn) -> tuple[Line, str]:
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 6))
    board = grid(rows, cols)
    squares = st.integers(0, board.size - 1)
    track = draw(st.frozensets(squares, max_size=board.size))
    kinds = st.sampled_from(["local", "express"])
    stations = draw(st.dictionaries(squares, kinds, max_size=board.size))
    on_track = tuple(sorted((sq, k) for sq, k in stations.items() if sq in track))
    return Line(board, track, on_track), draw(st.sampled_from(["skip_from_express", "both_ends"]))


@settings(max_examples=300, deadline=None)
@given(lines())
def test_ride_kernel_agrees_with_the_hop_graph(case: tuple[Line, str]) -> None:
    line, rule = case
    rides = SystemRides("A", line, rule)  # type: ignore[arg-type]
    stations, matrix = ride_matrix_reference(line, rule)  # type: ignore[arg-type]
    assert np.array_equal(rides.stations, stations)
    assert np.array_equal(rides.matrix, matrix)
    assert rides.flat.tolist() == matrix.ravel().tolist()
    offdiagonal = (matrix < 1 << 28) & ~np.eye(len(stations), dtype=bool)
    assert rides.rideable == bool(offdiagonal.any())  # SG-12: a ride joins two stations
    for i, a in enumerate(stations):  # the drawn ride counts what the matrix says
        for j, b in enumerate(stations):
            if i != j and matrix[i, j] < 1 << 28:
                assert len(rides.ride(int(a), int(b)).stops) == matrix[i, j]


def test_sg12_an_express_hop_may_end_at_an_express_station_on_an_intersection() -> None:
    # Row a2..g2 with a spur e1-e2: e2 is an intersection and an express station. From
    # express a2 the hop passes local b2 and ends at e2: it does not pass the intersection.
    net = network(grid(2, 9), {"A": [4, 9, 10, 11, 12, 13, 14, 15]}, {4: "local", 9: "express"})
    net = net.with_station(10, "local", "A").with_station(13, "express", "A")
    route = Router(net, DEFAULT).route(9, 13, {"A"})
    assert route.legs == (Ride("A", (9, 13), True, (9, 10, 11, 12, 13)),)
