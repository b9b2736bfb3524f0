"""`variants._reach_through` pads its rows to whole vectors of eight with INF (SG-13's trips
through a group's stations): the same numbers as the plain int64 sums for every count of
stations and destinations around the multiples of eight, where a padded entry sits beside
the real ones."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.routing.kernels import INF
from subwaysim.routing.variants import _reach_through
from tests.subwaysim.routing.test_int32_sums import through


def test_nine_stations_and_seventeen_destinations_by_hand() -> None:
    # A row of 20 squares, a step costs 1; stations on every other square 0, 2, ..., 16 and
    # rides between them of 1 a pair: from square 1 to square 19 the walk is 18, riding
    # 0 -> 16 costs 1 + 1 + 3 (the walk to 19), 2 -> 16 the same: 5.
    n = 20
    legs = np.abs(np.subtract.outer(np.arange(n), np.arange(n))).astype(np.int32)
    stations = np.arange(0, 18, 2, dtype=np.int64)  # 9 stations: one past a vector
    closure = np.ones((9, 9), np.int32)
    np.fill_diagonal(closure, 0)
    origins = np.array([1, 19], dtype=np.int64)
    destinations = np.arange(3, 20, dtype=np.int64)  # 17 destinations
    out = np.empty((2, 17), np.int32)
    _reach_through(legs, stations, closure, origins, destinations, False, out)
    assert out[0, -1] == 5  # 1 -> 0 or 2, ride to 16, walk to 19
    assert out[0, 0] == 2  # 1 -> 3: walk 1 to the station on 2, walk 1 on to 3
    assert out[1, -1] == 6  # 19 -> 16 (3), nothing to ride, walk back 3
    assert np.array_equal(out, through(legs, stations, closure, origins, destinations, False))
    _reach_through(legs, stations, closure, origins, destinations, True, out)
    assert out[1, -1] == 0 and out[0, 0] == 2  # the direct walk counts too


@st.composite
def wide_cases(draw: st.DrawFn) -> tuple[np.ndarray, ...]:
    """Legs between up to 24 squares, up to 20 stations and 20 destinations (costs small or
    INF, diagonals 0)."""
    n = draw(st.integers(1, 24))
    cost = st.one_of(st.just(INF), st.integers(0, 50), st.integers(0, 50))
    legs = np.array([[draw(cost) for _ in range(n)] for _ in range(n)], dtype=np.int32)
    np.fill_diagonal(legs, 0)
    stations = np.array(
        draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=min(n, 20), unique=True)),
        dtype=np.int64,
    )
    k = len(stations)
    closure = np.array([[draw(cost) for _ in range(k)] for _ in range(k)], dtype=np.int32)
    origins = np.array(draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=4)), np.int64)
    ends = st.lists(st.integers(0, n - 1), min_size=1, max_size=20)
    destinations = np.array(draw(ends), dtype=np.int64)
    return legs, stations, closure, origins, destinations


@settings(max_examples=150, deadline=None)
@given(wide_cases(), st.booleans())
def test_sg13_trips_through_stations_padded_are_the_int64_sums(
    case: tuple[np.ndarray, ...], direct: bool
) -> None:
    legs, stations, closure, origins, destinations = case
    out = np.empty((len(origins), len(destinations)), np.int32)
    _reach_through(legs, stations, closure, origins, destinations, direct, out)
    assert np.array_equal(out, through(legs, stations, closure, origins, destinations, direct))
