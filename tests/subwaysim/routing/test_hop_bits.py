"""A system's hop counts by bit sets (`kernels._bit_hop_counts`, up to 64 stops: a stop a bit
of one word): the same counts as the breadth-first search over the hop arrays
(`_hop_counts_into`), and so the same ride matrices (SG-10..SG-12) as the plain-Python hop
graph, at the 64-stop limit and past it (where the kernel keeps the array search)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.routing.kernels import _bit_hop_counts, _hop_bits, _hop_counts, ride_matrix
from subwaysim.routing.rides import Line, ride_matrix_reference
from tests.subwaysim.routing.boards import grid


def bit_counts(adjacencies: np.ndarray, source: int) -> list[int]:
    n = adjacencies.shape[1]
    hops = np.empty(n, np.int64)
    _bit_hop_counts(source, _hop_bits(adjacencies, n), hops)
    return hops.tolist()


def test_hop_counts_by_bits_by_hand() -> None:
    """Stops 0 - 1 - 2 - 3 both ways in graph A, and 3 -> 0 in graph B only; stop 4 cut off.
    From 0: 1, 2, 3 at 1, 2, 3 hops, 4 never (-1). From 3: 0 in one hop (B), 1 in two
    (by 0, or by 2), 2 in one."""
    a = np.full((2, 5, 4), -1, np.int64)
    for u, v in ((0, 1), (1, 2), (2, 3)):
        a[0, u, 0], a[0, v, 1] = v, u
    a[1, 3, 2] = 0
    assert bit_counts(a, 0) == [0, 1, 2, 3, -1]
    assert bit_counts(a, 3) == [1, 2, 1, 0, -1]
    assert bit_counts(a, 4) == [-1, -1, -1, -1, 0]


def test_the_64th_stop_is_a_bit_of_its_own() -> None:
    """A line of 64 stops, 0 -> 1 -> ... -> 63: the last is 63 hops away (bit 63, the sign
    bit of a signed word, is a stop like any other)."""
    a = np.full((1, 64, 4), -1, np.int64)
    for u in range(63):
        a[0, u, 3] = u + 1
    assert bit_counts(a, 0) == list(range(64))
    assert bit_counts(a, 63) == [-1] * 63 + [0]


@st.composite
def hop_arrays(draw: st.DrawFn) -> np.ndarray:
    """One or two hop arrays (A, n, 4) of up to 64 stops, each entry a stop or -1."""
    n = draw(st.integers(1, 64))
    layers = draw(st.integers(1, 2))
    entry = st.one_of(st.just(-1), st.just(-1), st.integers(0, n - 1))
    return np.array(
        [[[draw(entry) for _ in range(4)] for _ in range(n)] for _ in range(layers)],
        dtype=np.int64,
    )


@settings(max_examples=150, deadline=None)
@given(hop_arrays(), st.data())
def test_hop_counts_by_bits_are_the_breadth_first_counts(
    adjacencies: np.ndarray, data: st.DataObject
) -> None:
    n = adjacencies.shape[1]
    source = data.draw(st.integers(0, n - 1))
    assert bit_counts(adjacencies, source) == _hop_counts(source, adjacencies, n).tolist()


def every_square(rows: int, cols: int, kinds: str) -> Line:
    """Track and a station on every square of a rows x cols board (`kinds`: all local, or
    express on every third square): rows * cols stops, each an intersection or a line's end."""
    board = grid(rows, cols)
    track = frozenset(range(board.size))
    express = kinds == "some express"
    stations = tuple((sq, "express" if express and sq % 3 == 0 else "local") for sq in track)
    return Line(board, track, tuple(sorted(stations)))


@pytest.mark.parametrize("rows, cols", [(8, 8), (9, 8)])  # 64 stops (bits), 72 (arrays)
@pytest.mark.parametrize("kinds", ["all local", "some express"])
@pytest.mark.parametrize("rule", ["skip_from_express", "both_ends"])
def test_ride_matrix_at_and_past_64_stops(rows: int, cols: int, kinds: str, rule: str) -> None:
    line = every_square(rows, cols, kinds)
    size = line.board.size
    track = np.zeros(size, np.bool_)
    track[list(line.track)] = True
    codes = np.zeros(size, np.int64)
    for sq, kind in line.stations:
        codes[sq] = 2 if kind == "express" else 1
    stations, matrix = ride_matrix(cols, rows, track, codes, rule == "both_ends")
    expected_stations, expected = ride_matrix_reference(line, rule)  # type: ignore[arg-type]
    assert np.array_equal(stations, expected_stations)
    assert np.array_equal(matrix, expected)
    if kinds == "all local":  # a stop a square: corner to corner, the boarding stop and one a step
        assert matrix[0, len(stations) - 1] == rows + cols - 1
