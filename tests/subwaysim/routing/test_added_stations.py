"""A station joining a system's shortest ways (`added_stations.add_station`): the same ways,
and the same shortest trips, as Floyd-Warshall over every station and every origin through
every pair of stations (SG-13 without transfer costs); and `plan_points` valuing plans that
add stations from the system before them, bit for bit as its plain-Python twin."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.builds import Build
from subwaysim.routing import Router, RoutingRules
from subwaysim.routing.added_stations import add_station
from subwaysim.routing.expectation import _close
from subwaysim.routing.kernels import INF
from subwaysim.routing.variants import _reach_through, plans_points
from subwaysim.routing.walking import walking_for
from tests.subwaysim.routing.boards import grid, network
from tests.subwaysim.routing.test_variants import assert_same, reference


def closure_of(legs: np.ndarray, squares: np.ndarray, rides: np.ndarray) -> np.ndarray:
    """Floyd-Warshall over the stations: the cheaper of ride and `legs` between two."""
    closure = np.minimum(legs[np.ix_(squares, squares)], rides).astype(np.int32)
    _close(closure)
    return closure


def trips_through(
    legs: np.ndarray, squares: np.ndarray, closure: np.ndarray, origins, destinations, direct
) -> np.ndarray:
    out = np.empty((len(origins), len(destinations)), np.int32)
    _reach_through(legs, squares, closure, origins, destinations, direct, out)
    return out


def test_a_station_at_the_end_of_a_line_joins_by_hand() -> None:
    """One row of 6 squares (walk: 1 a step). Stations on 0 and 2 ride 0 <-> 2 in 2 stops
    (SG-12: a stop a hop and the boarding stop); a new station on 5 rides 2 <-> 5 in 2 and
    0 <-> 5 in 3. The ways from 0: to 2 is 2 (the ride), to 5 is 3 (the ride, not 2 + 2).
    From square 1 to square 5: walk to 0 or 2 (1), ride to 5 (3 or 2): 3, against a walk of
    4."""
    legs = np.abs(np.subtract.outer(np.arange(6), np.arange(6))).astype(np.int32)
    old = np.array([0, 2], dtype=np.int64)
    rides = np.array([[1, 2], [2, 1]], dtype=np.int32)
    closure = np.zeros((3, 3), np.int32)
    closure[:2, :2] = closure_of(legs, old, rides)
    assert closure[:2, :2].tolist() == [[0, 2], [2, 0]]
    origins = np.array([1, 0], dtype=np.int64)
    destinations = np.array([5, 2], dtype=np.int64)
    out = trips_through(legs, old, closure[:2, :2], origins, destinations, False)
    assert out.tolist() == [[4, 1], [5, 2]]  # (through a station; walking on from it)
    squares = np.zeros(3, np.int64)
    squares[:2] = old
    edge_out = np.array([3, 2], dtype=np.int32)  # rides from 5 to 0 and to 2
    edge_in = np.array([3, 2], dtype=np.int32)
    add_station(legs, squares, closure, 2, 5, edge_out, edge_in, origins, destinations, out)
    assert squares.tolist() == [0, 2, 5]
    assert closure.tolist() == [[0, 2, 3], [2, 0, 2], [3, 2, 0]]
    assert out.tolist() == [[3, 1], [3, 2]]


@st.composite
def systems(draw: st.DrawFn) -> tuple[np.ndarray, ...]:
    """A board's walking distances, up to 7 station squares (the last one the new one) and
    rides between them (INF: no ride), some origins and destinations."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(2, 5))
    hazards = draw(st.sets(st.integers(0, rows * cols - 1), max_size=3))
    walk = walking_for(grid(rows, cols, hazards), 2, "enter").distances
    size = rows * cols
    squares = draw(st.lists(st.integers(0, size - 1), min_size=2, max_size=7, unique=True))
    k = len(squares)
    hop = st.one_of(st.just(INF), st.integers(1, 9))
    rides = np.array(
        [[1 if a == b else draw(hop) for b in range(k)] for a in range(k)], dtype=np.int32
    )
    ends = st.lists(st.integers(0, size - 1), min_size=1, max_size=6)
    origins = np.array(draw(ends), dtype=np.int64)
    destinations = np.array(draw(ends), dtype=np.int64)
    return walk, np.array(squares, dtype=np.int64), rides, origins, destinations


@settings(max_examples=200, deadline=None)
@given(systems(), st.booleans())
def test_adding_a_station_finds_what_floyd_warshall_over_all_finds(case, direct: bool) -> None:
    walk, squares, rides, origins, destinations = case
    k = len(squares)
    closure = np.zeros((k, k), np.int32)
    closure[: k - 1, : k - 1] = closure_of(walk, squares[:-1], rides[:-1, :-1])
    out = trips_through(
        walk, squares[:-1], closure[: k - 1, : k - 1], origins, destinations, direct
    )
    grown = np.zeros(k, np.int64)
    grown[: k - 1] = squares[:-1]
    x = int(squares[-1])
    edge_out = np.minimum(walk[x, squares[:-1]], rides[-1, :-1]).astype(np.int32)
    edge_in = np.minimum(walk[squares[:-1], x], rides[:-1, -1]).astype(np.int32)
    add_station(walk, grown, closure, k - 1, x, edge_out, edge_in, origins, destinations, out)
    whole = closure_of(walk, squares, rides)
    assert np.array_equal(grown, squares)
    assert np.array_equal(closure, whole)
    assert np.array_equal(out, trips_through(walk, squares, whole, origins, destinations, direct))


def test_plans_that_add_stations_are_valued_as_the_reference_values_them() -> None:
    """Blue rides 0 <-> 3 on the top row, Red 12 <-> 17 on the bottom one. Plans that add a
    station at a line's end keep Blue's ride 0 -> 3 (valued from the system before them);
    a station between 0 and 3 adds a stop to it (SG-12), a line from square 1 makes a
    junction there: both are worked out from nothing. Every plan's points are the
    reference's, bit for bit."""
    board = grid(3, 6)
    net = network(
        board,
        {"Blue": [0, 1, 2, 3], "Red": [12, 13, 14, 15, 16, 17]},
        {0: "local", 3: "local", 12: "local", 17: "express"},
    )
    rules = RoutingRules()
    plans = [
        (),
        (Build("track", 4), Build("station", 4, "local")),
        (Build("track", 4), Build("track", 5), Build("station", 5, "express")),
        (Build("track", 9), Build("station", 9, "local")),
        (Build("track", 9), Build("track", 15), Build("station", 9, "local")),
        (Build("station", 1, "local"),),
        (Build("track", 7), Build("track", 13), Build("station", 7, "local")),
        (Build("track", 4), Build("station", 4, "local"), Build("station", 2, "express")),
        (Build("track", 4),),
    ]
    origins = np.array([0, 5, 6, 12, 16], dtype=np.int64)
    destinations = np.array([4, 5, 9, 17, 3], dtype=np.int64)
    extras: list[tuple[int, ...]] = [(), (4,), (5, 11), (9,), (9, 15), (1,), (7,), (4, 2), ()]
    for seat, builder in enumerate(net.players):
        for chooser in (-1, 0, 1):
            found = plans_points(
                Router(net, rules), seat, plans, origins, destinations, extras, chooser, 2, 1
            )
            expected = reference(net, rules, builder, plans, origins, destinations, extras, chooser)
            assert_same(found, expected)
