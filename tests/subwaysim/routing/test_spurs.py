"""Dead-end spurs no ride notices (`routing/spurs.py`, SG-10, SG-12): worked examples, and
wherever `spur_steps` answers, the compiled rides of both tracks equal, ride squares too."""

from __future__ import annotations

import numpy as np
from hypothesis import event, given, settings
from hypothesis import strategies as st

from subwaysim.routing import RouteCache, Router
from subwaysim.routing.rides import Line, SystemRides
from subwaysim.routing.spurs import is_spur, spur_steps
from tests.subwaysim.routing.boards import BOTH_ENDS, DEFAULT, grid, network

BOARD = grid(5, 5)  # square rank * 5 + file
NEAR = BOARD.neighbours


def test_sg12_a_line_grown_at_its_dead_end_is_a_spur_step() -> None:
    # Row 0: track 0..3, a station on 1: laying 4 extends the dead end at 3 (3 has 1 way).
    old = frozenset(range(4))
    assert spur_steps(NEAR, old, old | {4}, {1}) == [4]
    assert spur_steps(NEAR, old | {4}, old, {1}) == [4]  # taken up again: the same
    # Two squares at once, in the order that keeps each a dead end: 4 then 9 (below 4).
    assert spur_steps(NEAR, old, old | {4, 9}, {1}) == [4, 9]


def test_sg10_a_square_that_makes_an_intersection_is_no_spur() -> None:
    # Track 0..2 and 6 (below 1): 1 has 3 ways already; laying 11 below 6 is a spur (6
    # gets two ways), and so is 3 (2 gets two); 5, below 0 and beside 6, joins two squares.
    old = frozenset({0, 1, 2, 6})
    assert spur_steps(NEAR, old, old | {11}, set()) == [11]
    assert spur_steps(NEAR, old, old | {3}, set()) == [3]
    assert spur_steps(NEAR, old, old | {5}, set()) is None
    # Taking up 6 leaves 1 with two ways: an intersection (a stop) gone, no spur either.
    assert spur_steps(NEAR, old, old - {6}, set()) is None
    # Track 0..2: laying 6 below 1 gives 1 three ways (SG-10): a new stop, not a spur.
    line = frozenset({0, 1, 2})
    assert not is_spur(NEAR, line | {6}, 6)
    assert spur_steps(NEAR, line, line | {6}, set()) is None


def test_sg12_a_square_joining_two_track_squares_or_bearing_a_station_is_no_spur() -> None:
    # 0, 1 and 6, 5: laying nothing; a square with two neighbours on the track closes a
    # loop or joins two pieces: never a spur. A square with a station is a new stop.
    old = frozenset({0, 1, 5})
    assert spur_steps(NEAR, old, old | {6}, set()) is None  # 6 touches 1 and 5
    assert spur_steps(NEAR, frozenset({0, 1}), frozenset({0, 1, 2}), {2}) is None
    assert spur_steps(NEAR, frozenset({0, 1, 2}), frozenset({0, 1}), {2}) is None


def test_router_hands_on_the_rides_of_a_spur_and_works_out_a_new_stop() -> None:
    cache = RouteCache()
    first = network(BOARD, {"A": range(4)}, {0: "local", 3: "local"})
    rides = Router(first, DEFAULT, cache).rides("A")
    grown = first.with_track("A", 8)  # below 3: a dead end off the station at 3
    kept = Router(grown, DEFAULT, cache).rides("A")
    assert kept.serial == rides.serial and kept.line.track == grown.track["A"]
    assert kept.stations is rides.stations and kept.flat is rides.flat
    assert Router(grown, DEFAULT, cache).route(0, 3, {"A"}).legs[0].squares == (0, 1, 2, 3)
    crossed = network(BOARD, {"A": [*range(4), 6]}, {0: "local", 3: "local"})  # 1: SG-10
    fresh = Router(crossed, DEFAULT, cache).rides("A")
    assert fresh.serial != rides.serial
    assert fresh.matrix[0, 1] == 3 and rides.matrix[0, 1] == 2  # the stop at 1 counts


def _path(start: int, moves: list[int]) -> frozenset[int]:
    """A track laid from `start`, one step a move (0..3: left, right, up, down) where the
    board allows it: lines with ends, corners and crossings."""
    squares, here = {start}, start
    for move in moves:
        rank, file = divmod(here, 5)
        step = [(0, -1), (0, 1), (-1, 0), (1, 0)][move]
        if 0 <= rank + step[0] < 5 and 0 <= file + step[1] < 5:
            here = (rank + step[0]) * 5 + file + step[1]
            squares.add(here)
    return frozenset(squares)


@settings(max_examples=300, deadline=None)
@given(
    start=st.integers(0, 24),
    moves=st.lists(st.integers(0, 3), min_size=1, max_size=14),
    data=st.data(),
    both_ends=st.booleans(),
)
def test_wherever_spur_steps_answers_the_rides_are_the_same(
    start: int, moves: list[int], data: st.DataObject, both_ends: bool
) -> None:
    old = _path(start, moves)
    kinds = st.sampled_from(["local", "express"])
    stations = data.draw(st.dictionaries(st.sampled_from(sorted(old)), kinds, max_size=5))
    near = sorted(old | BOARD.around(old))  # squares of the track and beside it
    changes = data.draw(st.lists(st.sampled_from(near), min_size=1, max_size=3, unique=True))
    new = old ^ frozenset(changes)
    steps = spur_steps(NEAR, old, new, stations.keys())
    if not new or steps is None:
        return
    event("spur steps found")
    rule = "both_ends" if both_ends else "skip_from_express"
    served = tuple(sorted(stations.items()))
    a = SystemRides("A", Line(BOARD, old, tuple(e for e in served if e[0] in old)), rule)
    b = SystemRides("A", Line(BOARD, new, tuple(e for e in served if e[0] in new)), rule)
    assert np.array_equal(a.stations, b.stations)
    assert np.array_equal(a.matrix, b.matrix) and a.rideable == b.rideable
    for i, first in enumerate(a.stations.tolist()):
        for j, last in enumerate(a.stations.tolist()):
            if i != j and a.matrix[i, j] < 10**6:
                assert a.ride(first, last) == b.ride(first, last)
    # The router hands on the rides only then (the same stations on both tracks).
    routing = BOTH_ENDS if both_ends else DEFAULT
    cache = RouteCache()
    on = {sq: kind for sq, kind in stations.items() if sq in old and sq in new}
    kept = Router(network(BOARD, {"A": old}, on), routing, cache).rides("A")
    again = Router(network(BOARD, {"A": new}, on), routing, cache).rides("A")
    assert again.serial == kept.serial and again.line.track == new
