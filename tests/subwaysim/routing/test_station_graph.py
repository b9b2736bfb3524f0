"""SG-13 between stations: transfers, re-boarding, and the compiled station search against
its reference."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.routing import WALK, Ride, Router, RoutingRules, TripOptions, Walk
from subwaysim.routing.kernels import (
    INF,
    edge_dijkstra,
    station_dijkstra,
    station_distances_reference,
)
from tests.subwaysim.routing.boards import grid, network

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
    blue, red = frozenset({WALK, "Blue"}), frozenset({WALK, "Red"})
    assert router.options(0, 8) == TripOptions(0, 8, 6, (blue, red))
    assert router.distances({"Blue", "Red", WALK})[0, 8] == 6
    assert router.distance(0, 8, {"Blue", "Red"}) == 7  # no walking: change at e1


def test_sg13_reboarding_the_same_system_is_no_transfer() -> None:
    net = network(
        grid(1, 10), {"Blue": [0, 1, 2, 3, 6, 7, 8, 9]}, dict.fromkeys((0, 3, 6, 9), "local")
    )
    route = Router(net, RoutingRules(transfer_cost=5)).route(0, 9, {"Blue", WALK})
    assert route.distance == 7  # ride 2 + walk 3 + ride 2
    assert route.legs == (
        Ride("Blue", (0, 3), False, (0, 1, 2, 3)),
        Walk((3, 4, 5, 6)),
        Ride("Blue", (6, 9), False, (6, 7, 8, 9)),
    )


@st.composite
def station_graphs(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool, int, int]:
    """A board's walking distances, K stations on it, S systems' rides between them."""
    size, systems = draw(st.integers(2, 12)), draw(st.integers(1, 3))
    walk = np.array(draw(st.lists(st.integers(1, 9), min_size=size * size, max_size=size * size)))
    walk = walk.reshape(size, size).astype(np.int32)
    np.fill_diagonal(walk, 0)
    stations = np.array(sorted(draw(st.sets(st.integers(0, size - 1), min_size=1))), dtype=np.int64)
    k = len(stations)
    cost = st.one_of(st.just(INF), st.integers(2, 9))
    rides = np.array(
        draw(st.lists(cost, min_size=systems * k * k, max_size=systems * k * k)), dtype=np.int64
    ).reshape(systems, k, k)
    for s in range(systems):
        np.fill_diagonal(rides[s], 0)
    return (
        walk,
        stations,
        rides,
        draw(st.booleans()),
        draw(st.integers(0, 3)),
        draw(st.integers(0, size - 1)),
    )


@settings(max_examples=200, deadline=None)
@given(station_graphs())
def test_station_search_kernel_agrees_with_its_reference(
    case: tuple[np.ndarray, np.ndarray, np.ndarray, bool, int, int],
) -> None:
    walk, stations, rides, use_walk, transfer, origin = case
    layers = rides.shape[0] + 1 if transfer else 1
    dist, pred, how = (np.empty(len(stations) * layers, dtype=np.int64) for _ in range(3))
    station_dijkstra(walk, stations, rides, use_walk, transfer, origin, dist, pred, how)
    expected = station_distances_reference(walk, stations, rides, use_walk, transfer, origin)
    assert np.array_equal(dist, expected)
    if transfer == 0:  # the same search over one matrix of the cheapest ride or walk
        edges = rides.min(axis=0)
        if use_walk:
            edges = np.minimum(edges, walk[np.ix_(stations, stations)])
        one, pred = np.empty(len(stations), dtype=np.int64), np.empty(len(stations), dtype=np.int64)
        edge_dijkstra(walk, stations, edges, use_walk, origin, one, pred)
        assert np.array_equal(one, expected)
