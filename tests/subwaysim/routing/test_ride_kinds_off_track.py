"""`kernels.ride_matrix` reads station kinds only on the system's own track (SG-11: a station
serves the systems with track on its square): the valuation kernel hands it the station
kinds of the whole network, other systems' stations included, and the kernel leaves those
squares unread (no masked copy). Checked against the plain-Python hop graph of the stations
on the track alone."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.routing.kernels import ride_matrix
from subwaysim.routing.rides import Line, ride_matrix_reference
from tests.subwaysim.routing.boards import grid

CODES = {"local": 1, "express": 2}


def arrays(line: Line, elsewhere: dict[int, str]) -> tuple[np.ndarray, np.ndarray]:
    """The line's track as a bool per square, and station kinds on its stations and on the
    squares of `elsewhere` (off its track)."""
    size = line.board.size
    track = np.zeros(size, np.bool_)
    track[list(line.track)] = True
    kinds = np.zeros(size, np.int64)
    for sq, kind in (*line.stations, *elsewhere.items()):
        kinds[sq] = CODES[kind]
    return track, kinds


def test_sg11_a_station_off_the_track_is_not_a_stop_by_hand() -> None:
    # a1-b1-c1-d1 with local stations on a1 and d1; an express station on b2 (off the
    # track, beside b1) and on c2: the ride a1 -> d1 is still one hop, 2 stops (SG-12).
    board = grid(2, 4)
    line = Line(board, frozenset({0, 1, 2, 3}), ((0, "local"), (3, "local")))
    track, kinds = arrays(line, {5: "express", 6: "express"})
    stations, matrix = ride_matrix(4, 2, track, kinds, False)
    assert stations.tolist() == [0, 3]
    assert matrix.tolist() == [[0, 2], [2, 0]]


@st.composite
def lines_and_elsewhere(draw: st.DrawFn) -> tuple[Line, dict[int, str], str]:
    rows, cols = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    board = grid(rows, cols)
    squares = st.integers(0, board.size - 1)
    track = draw(st.frozensets(squares, max_size=board.size))
    kinds = st.sampled_from(["local", "express"])
    stations = draw(st.dictionaries(squares, kinds, max_size=board.size))
    on_track = tuple(sorted((sq, k) for sq, k in stations.items() if sq in track))
    elsewhere = {sq: k for sq, k in stations.items() if sq not in track}
    rule = draw(st.sampled_from(["skip_from_express", "both_ends"]))
    return Line(board, track, on_track), elsewhere, rule


@settings(max_examples=200, deadline=None)
@given(lines_and_elsewhere())
def test_sg11_ride_matrix_ignores_stations_off_the_track(
    case: tuple[Line, dict[int, str], str],
) -> None:
    line, elsewhere, rule = case
    track, kinds = arrays(line, elsewhere)
    board = line.board
    stations, matrix = ride_matrix(board.width, board.height, track, kinds, rule == "both_ends")
    expected_stations, expected = ride_matrix_reference(line, rule)  # type: ignore[arg-type]
    assert np.array_equal(stations, expected_stations)
    assert np.array_equal(matrix, expected)
