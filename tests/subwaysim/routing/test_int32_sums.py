"""The min-plus loops of SG-13's shortest ways add in int32 (`np.int32` of each sum, so the
compiler fills 8 lanes a vector instead of 4 of int64): the very numbers of int64 sums, INF
("no way") included, as long as every sum stays below 2**31. Each kernel is held here to a
plain numpy reference in int64, on inputs full of INF (the largest sums a kernel meets:
INF + INF), by hand and at random (hypothesis)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.routing.added_stations import add_station
from subwaysim.routing.expectation import _close, _reach_row
from subwaysim.routing.kernels import INF
from subwaysim.routing.variants import _reach_through, _rival_rows

BIG = 2 * INF  # the largest sum a kernel forms: below 2**31, so int32 holds it


def floyd_warshall(edges: np.ndarray) -> np.ndarray:
    """Shortest ways over an edge matrix, int64 numpy: the reference for `_close`."""
    ways = edges.astype(np.int64)
    for m in range(len(ways)):
        ways = np.minimum(ways, ways[:, m : m + 1] + ways[m : m + 1, :])
    return ways


def through(legs, st, closure, origins, destinations, direct) -> np.ndarray:  # type: ignore[no-untyped-def]
    """`_reach_through` in int64 numpy: origin -> station a -> closure -> station b -> end."""
    legs64, closure64 = legs.astype(np.int64), closure.astype(np.int64)
    to_st = legs64[np.ix_(origins, st)]  # (O, K)
    way = (to_st[:, :, None] + closure64[None, :, :]).min(axis=1)  # (O, K)
    best = (way[:, :, None] + legs64[np.ix_(st, destinations)][None, :, :]).min(axis=1)
    if direct:
        best = np.minimum(best, legs64[np.ix_(origins, destinations)])
    return np.minimum(best, INF)  # (a trip that finds no way reads INF, as the kernel's)


def test_sums_of_two_infs_fit_in_int32() -> None:
    assert BIG < 2**31 - 1
    assert np.int32(INF) + np.int32(INF) == BIG


def test_floyd_warshall_in_int32_by_hand() -> None:
    """Three stations: 0 -> 1 costs 2, 1 -> 2 costs 3, nothing else (INF). 0 -> 2 is 5;
    nothing reaches 0, and 2 reaches nothing: INF stays INF (INF + INF is not stored)."""
    edges = np.array([[0, 2, INF], [INF, 0, 3], [INF, INF, 0]], dtype=np.int32)
    _close(edges)
    assert edges.tolist() == [[0, 2, 5], [INF, 0, 3], [INF, INF, 0]]


def test_trips_through_stations_in_int32_by_hand() -> None:
    """A row of 4 squares, walking 1 a step, but square 3 cut off (INF). Stations on 0 and 2,
    a ride 0 -> 2 of 1 stop and none back. From 0: to 2 the ride (1, against a walk of 2),
    to 0 itself 0, to 3 nothing gets through (INF, from sums of INF and INF). From 3 only
    the direct trip to 3 itself is a way (0); through stations, nothing."""
    legs = np.array(
        [[0, 1, 2, INF], [1, 0, 1, INF], [2, 1, 0, INF], [INF, INF, INF, 0]], dtype=np.int32
    )
    st = np.array([0, 2], dtype=np.int64)
    closure = np.array([[0, 1], [INF, 0]], dtype=np.int32)
    origins, destinations = np.array([0, 3], dtype=np.int64), np.array([2, 3, 0], dtype=np.int64)
    out = np.empty((2, 3), np.int32)
    _reach_through(legs, st, closure, origins, destinations, False, out)
    assert out.tolist() == [[1, INF, 0], [INF, INF, INF]]
    _reach_through(legs, st, closure, origins, destinations, True, out)
    assert out.tolist() == [[1, INF, 0], [INF, 0, INF]]


@st.composite
def min_plus_cases(draw: st.DrawFn) -> tuple[np.ndarray, ...]:
    """Legs between up to 9 squares and a closure between some of them, each entry a small
    cost or INF (about a third), the diagonals 0; origins and destinations."""
    n = draw(st.integers(1, 9))
    cost = st.one_of(st.just(INF), st.integers(0, 50), st.integers(0, 50))
    legs = np.array([[draw(cost) for _ in range(n)] for _ in range(n)], dtype=np.int32)
    np.fill_diagonal(legs, 0)
    st_squares = np.array(
        draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True)),
        dtype=np.int64,
    )
    k = len(st_squares)
    closure = np.array([[draw(cost) for _ in range(k)] for _ in range(k)], dtype=np.int32)
    ends = st.lists(st.integers(0, n - 1), min_size=1, max_size=6)
    origins = np.array(draw(ends), dtype=np.int64)
    destinations = np.array(draw(ends), dtype=np.int64)
    return legs, st_squares, closure, origins, destinations


@settings(max_examples=150, deadline=None)
@given(min_plus_cases())
def test_floyd_warshall_in_int32_is_int64_floyd_warshall(case: tuple[np.ndarray, ...]) -> None:
    legs = case[0]
    found = legs.copy()
    _close(found)
    assert np.array_equal(found, np.minimum(floyd_warshall(legs), INF))


@settings(max_examples=150, deadline=None)
@given(min_plus_cases(), st.booleans())
def test_trips_through_stations_in_int32_are_the_int64_sums(
    case: tuple[np.ndarray, ...], direct: bool
) -> None:
    legs, st_squares, closure, origins, destinations = case
    out = np.empty((len(origins), len(destinations)), np.int32)
    _reach_through(legs, st_squares, closure, origins, destinations, direct, out)
    assert np.array_equal(out, through(legs, st_squares, closure, origins, destinations, direct))


@settings(max_examples=100, deadline=None)
@given(min_plus_cases())
def test_one_systems_rows_in_int32_are_the_int64_sums(case: tuple[np.ndarray, ...]) -> None:
    """`_rival_rows`: from a square, walking or riding the system, to every square."""
    legs, st_squares, closure, origins, _ = case
    n = len(legs)
    rows = np.zeros((n, n), np.int32)
    have = np.zeros(n, np.bool_)
    _rival_rows(legs, st_squares, closure, origins, rows, have)
    squares = np.unique(origins)
    assert have.tolist() == [sq in squares for sq in range(n)]
    expected = through(legs, st_squares, closure, squares, np.arange(n), True)
    assert np.array_equal(rows[squares], expected)


@settings(max_examples=100, deadline=None)
@given(min_plus_cases())
def test_a_row_through_stations_in_int32_is_the_int64_sums(case: tuple[np.ndarray, ...]) -> None:
    """`expectation._reach_row`: the way to each station, then on to each destination."""
    legs, st_squares, _, _, destinations = case
    via = legs[0, st_squares].copy()
    onward = legs[np.ix_(st_squares, destinations)].copy()
    row = np.empty(len(destinations), np.int32)
    _reach_row(via, onward, row)
    expected = (via.astype(np.int64)[:, None] + onward.astype(np.int64)).min(axis=0)
    assert np.array_equal(row, np.minimum(expected, INF))


@settings(max_examples=100, deadline=None)
@given(min_plus_cases())
def test_a_station_joining_in_int32_is_the_int64_sums(case: tuple[np.ndarray, ...]) -> None:
    """`add_station` with INF edges: the grown closure is Floyd-Warshall of the grown edges
    and the trips are those through every station, in int64."""
    legs, st_squares, edges, origins, destinations = case
    k = len(st_squares)
    if k < 2:
        return
    edges = np.minimum(edges, legs[np.ix_(st_squares, st_squares)])
    np.fill_diagonal(edges, 0)
    closure = np.zeros((k, k), np.int32)
    closure[: k - 1, : k - 1] = np.minimum(floyd_warshall(edges[:-1, :-1]), INF)
    out = np.empty((len(origins), len(destinations)), np.int32)
    _reach_through(
        legs, st_squares[:-1], closure[: k - 1, : k - 1], origins, destinations, True, out
    )
    squares = np.zeros(k, np.int64)
    squares[: k - 1] = st_squares[:-1]
    edge_out, edge_in = edges[-1, :-1].copy(), edges[:-1, -1].copy()
    x = int(st_squares[-1])
    add_station(legs, squares, closure, k - 1, x, edge_out, edge_in, origins, destinations, out)
    whole = np.minimum(floyd_warshall(edges), INF)
    assert np.array_equal(closure, whole)
    assert np.array_equal(out, through(legs, st_squares, whole, origins, destinations, True))
