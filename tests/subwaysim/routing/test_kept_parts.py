"""What the valuation call keeps from one network or call to the next is what it would make
afresh: a station map one station more than the last (`variants._one_more_station`), and a
kept system's trips between squares, its closure made only for a square without a row
(`variants._kept_rows`, SG-13 walking and riding one system)."""

from __future__ import annotations

import numpy as np
from numba.typed import List

from subwaysim.routing.variants import _kept_rows, _one_more_station, _rival_rows, _station_rows
from tests.subwaysim.routing.boards import grid, network


def test_a_station_built_is_read_from_the_map_before_it() -> None:
    net = network(grid(3, 4), {"IRT": [0, 1, 2, 3], "BRT": [4, 5, 1]}, {0: "local", 1: "local"})
    players, size = net.players, net.board.size
    before = _station_rows(net.stations, players, size)
    built = net.with_station(5, "express", "BRT")
    found = _one_more_station(net.stations, before, built.stations, players)
    assert found is not None
    kinds, builders = found
    assert kinds.tolist() == _station_rows(built.stations, players, size)[0].tolist()
    assert builders.tolist() == _station_rows(built.stations, players, size)[1].tolist()
    assert (kinds[5], builders[5], kinds[0], builders[1]) == (2, 1, 1, 0)
    assert before[0][5] == 0  # the rows before are left as they were


def test_any_other_change_of_the_stations_is_made_afresh() -> None:
    net = network(grid(3, 4), {"IRT": [0, 1, 2, 3], "BRT": [4, 5, 1]}, {0: "local", 1: "local"})
    players, size = net.players, net.board.size
    before = _station_rows(net.stations, players, size)
    removed = net.without_station(1)
    two_more = net.with_station(5, "local", "BRT").with_station(2, "local", "IRT")
    swapped = net.without_station(1).with_station(2, "local", "IRT")  # as many, another one
    rebuilt = network(net.board, {"IRT": [0, 1, 2, 3], "BRT": [4, 5, 1]}, {0: "local", 1: "local"})
    relaid = rebuilt.with_station(5, "express", "BRT")  # one more, but other Station objects
    for other in (removed, two_more, swapped, relaid):
        assert _one_more_station(net.stations, before, other.stations, players) is None


def row_board() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A row of 6 squares (a step costs 1) and one system with stations on 0 and 5 that
    rides between them in 2 stops (SG-12): (walk, stations, flat rides)."""
    walk = np.abs(np.subtract.outer(np.arange(6), np.arange(6))).astype(np.int32)
    return walk, np.array([0, 5], np.int64), np.array([0, 2, 2, 0], np.int64)


def kept(players: int = 2) -> tuple[object, ...]:
    """An empty slab of one slot, seat 1's system in it (rows, have, closures, made, slots,
    the builder's seat), as `plan_points` hands it on."""
    closures = List()
    for _ in range(players):
        closures.append(np.empty((0, 0), np.int32))
    rows = np.full((1, 6, 6), -7, np.int32)
    have = np.zeros((1, 6), np.bool_)
    return rows, have, closures, np.zeros(players, np.bool_), np.array([-1, 0], np.int64), 0


def test_sg13_kept_rows_are_the_rows_of_the_system_by_hand() -> None:
    walk, stations, flat = row_board()
    rival = kept()
    rows, have, _, made, _, _ = rival
    _kept_rows(walk, rival, 1, stations, flat, np.array([1, 4], np.int64))
    assert made[1]  # a square without a row: the closure was made
    # From 1: walk to 4 (3) against walk to 0, ride to 5, walk back (1 + 2 + 1); to 5 the
    # ride wins (1 + 2 = 3 against 4).
    assert rows[0, 1].tolist() == [1, 0, 1, 2, 3, 3]
    assert rows[0, 4].tolist() == [3, 3, 2, 1, 0, 1]
    assert have[0].tolist() == [False, True, False, False, True, False]
    expected = np.full((6, 6), -7, np.int32)
    closure = np.array([[0, 2], [2, 0]], np.int32)
    _rival_rows(walk, stations, closure, np.array([1, 4], np.int64), expected, np.zeros(6, bool))
    assert np.array_equal(rows[0, [1, 4]], expected[[1, 4]])


def test_a_kept_row_needs_no_closure() -> None:
    walk, stations, flat = row_board()
    rival = kept()
    rows, have, _, made, _, _ = rival
    _kept_rows(walk, rival, 1, stations, flat, np.array([1, 4], np.int64))
    made[1] = False  # as in the next call
    before = rows.copy()
    _kept_rows(walk, rival, 1, stations, flat, np.array([4, 1, 4], np.int64))
    assert not made[1] and np.array_equal(rows, before)  # every row kept: nothing made
    _kept_rows(walk, rival, 1, stations, flat, np.array([4, 2], np.int64))
    assert made[1] and have[0, 2]  # square 2 had none: the closure, then its row
    assert rows[0, 2].tolist() == [2, 1, 0, 1, 2, 3]
    assert np.array_equal(rows[0, [1, 4]], before[0, [1, 4]])
