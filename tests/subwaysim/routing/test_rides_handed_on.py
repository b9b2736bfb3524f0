"""A system's rides made with the kernel inputs of the rides before them (`SystemRides`'
`previous`): a build changes the track or the stations, and the part it leaves is the very
same object, read once (SG-10..SG-12). Wherever inputs are handed on, the rides equal
those made afresh; a spur's copy (`spurs.same_rides`) hands on what its first was made of."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from subwaysim.routing import RouteCache, Router
from subwaysim.routing.rides import Line, SystemRides
from tests.subwaysim.routing.boards import BOTH_ENDS, DEFAULT, grid, network

BOARD = grid(5, 5)  # square rank * 5 + file


def same(a: SystemRides, b: SystemRides) -> bool:
    return (
        np.array_equal(a.stations, b.stations)
        and np.array_equal(a.matrix, b.matrix)
        and np.array_equal(a.flat, b.flat)
        and a.rideable == b.rideable
    )


def test_sg12_a_station_built_mid_line_hands_on_the_track_and_adds_a_stop() -> None:
    # Row 0: track 0..4, stations at 0 and 4: one ride of 2 stops (SG-12). A station at 2
    # makes the ride 0 -> 4 three stops; the track's squares are the first rides' own.
    cache = RouteCache()
    first = network(BOARD, {"A": range(5)}, {0: "local", 4: "local"})
    before = Router(first, DEFAULT, cache).rides("A")
    assert before.matrix.tolist() == [[0, 2], [2, 0]]
    built = first.with_station(2, "local", "A")
    after = Router(built, DEFAULT, cache).rides("A")
    assert after._inputs[1] is before._inputs[1]  # the same track: its squares handed on
    assert after.matrix.tolist() == [[0, 2, 3], [2, 0, 2], [3, 2, 0]]
    fresh = SystemRides("A", Line(BOARD, built.track["A"], built.served("A")), "skip_from_express")
    assert same(after, fresh)


def test_sg12_track_laid_hands_on_the_stations_and_a_spurs_copy_keeps_its_own_inputs() -> None:
    cache = RouteCache()
    first = network(BOARD, {"A": range(4)}, {0: "local", 3: "local"})
    rides = Router(first, DEFAULT, cache).rides("A")
    spur = first.with_track("A", 8)  # below 3: a dead end, the same rides (`spurs`)
    kept = Router(spur, DEFAULT, cache).rides("A")
    assert kept.serial == rides.serial and kept._inputs[0] is first.track["A"]
    # Then 4, beside 3: the line runs on to 4 (3 gets three ways: 2, 4, 8, an
    # intersection, SG-10). The spur's copy holds the track it was made of, not its line's:
    # the new track is read afresh, the stations handed on.
    grown = spur.with_track("A", 4)
    after = Router(grown, DEFAULT, cache).rides("A")
    assert after._inputs[2] is kept._inputs[2] and after._inputs[0] is grown.track["A"]
    assert sorted(after._inputs[1].tolist()) == sorted(grown.track["A"])
    fresh = SystemRides("A", Line(BOARD, grown.track["A"], grown.served("A")), "skip_from_express")
    assert same(after, fresh)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["track", "station", "untrack"]), st.integers(0, 24)),
        min_size=1,
        max_size=14,
    ),
    st.booleans(),
)
def test_sg12_rides_after_any_builds_equal_rides_made_afresh(
    builds: list[tuple[str, int]], both_ends: bool
) -> None:
    rules = BOTH_ENDS if both_ends else DEFAULT
    rule = "both_ends" if both_ends else "skip_from_express"
    cache = RouteCache()
    net = network(BOARD, {"A": [6, 7, 8, 12]}, {6: "express", 8: "local"})
    for step, (action, square) in enumerate(builds):
        if action == "track" and square not in net.track["A"]:
            net = net.with_track("A", square)
        elif action == "untrack" and square in net.track["A"] and len(net.track["A"]) > 1:
            net = net.without_track("A", square)
        elif action == "station" and square not in net.stations:
            net = net.with_station(square, "express" if step % 2 else "local", "A")
        got = Router(net, rules, cache).rides("A")
        fresh = SystemRides("A", Line(BOARD, net.track["A"], net.served("A")), rule)
        assert same(got, fresh)
