"""An express station no ride notices (SG-12, `routing.express_twins`): the kernel against
its plain-Python twin, against the rides themselves, and `plan_points` copying an inert
express plan's points to its local twin against the reference."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subwaysim.builds import Build
from subwaysim.network import Network
from subwaysim.routing import Router, RoutingRules
from subwaysim.routing.express_twins import inert_express, inert_express_reference
from subwaysim.routing.kernels import line_rides
from subwaysim.routing.variants import network_arrays, plans_points
from tests.subwaysim.routing.boards import grid, network
from tests.subwaysim.routing.test_variants import assert_same, reference

W, H = 6, 4


def arrays(tracks: list[list[int]], stations: dict[int, int]) -> tuple[np.ndarray, np.ndarray]:
    size = W * H
    table = np.zeros((len(tracks), size), dtype=np.bool_)
    for p, squares in enumerate(tracks):
        table[p, squares] = True
    kinds = np.zeros(size, dtype=np.int64)
    for sq, kind in stations.items():
        kinds[sq] = kind
    return table, kinds


def same_rides(tracks: np.ndarray, kinds: np.ndarray, square: int, both_ends: bool) -> bool:
    """Whether every system with track on `square` has the same ride matrix with an express
    and with a local station there (`kernels.line_rides`)."""
    for track in tracks:
        if not track[square]:
            continue
        squares = np.flatnonzero(track)
        stations = np.array(sorted({*np.flatnonzero(track & (kinds != 0)).tolist(), square}))
        express = np.array([kinds[s] == 2 or s == square for s in stations], dtype=np.bool_)
        local = express & (stations != square)
        fast = line_rides(W, H, squares, stations, express, both_ends)[1]
        slow = line_rides(W, H, squares, stations, local, both_ends)[1]
        if not np.array_equal(fast, slow):
            return False
    return True


def test_an_express_station_with_another_along_its_line_skips_to_it() -> None:
    """Row 0 is one line 0..5; express on 5. Express on 1: a hop 1 -> 5 passes the local
    stations 3 (SG-12): not inert. With local stations only, express on 1 is inert."""
    tracks, kinds = arrays([[0, 1, 2, 3, 4, 5]], {0: 1, 3: 1, 5: 2})
    assert not inert_express(W, H, tracks, kinds, 1, False)
    assert not same_rides(tracks, kinds, 1, False)
    kinds[5] = 1
    assert inert_express(W, H, tracks, kinds, 1, False)
    assert same_rides(tracks, kinds, 1, False)


def test_an_intersection_between_ends_the_express_hop() -> None:
    """Row 0 is 0..5 and a branch 8, 14 hangs off 2 (an intersection: 1, 3 and 8). Express
    on 0 and 5 with local stations at 3 and 14: an express station on 1 reaches no express
    station before the intersection at 2 (skip_from_express never passes one): inert. With
    `both_ends` the other express stations count wherever they are: not inert."""
    tracks, kinds = arrays([[0, 1, 2, 3, 4, 5, 8, 14]], {0: 2, 3: 1, 5: 2, 14: 1})
    assert not inert_express(W, H, tracks, kinds, 1, False)  # 0 is next to it
    kinds[0] = 1
    assert inert_express(W, H, tracks, kinds, 1, False)
    assert same_rides(tracks, kinds, 1, False)
    assert not inert_express(W, H, tracks, kinds, 1, True)
    # An express station on the intersection itself ends a hop there: one on 2 is seen.
    kinds[2] = 2
    assert not inert_express(W, H, tracks, kinds, 1, False)


def test_every_system_with_track_on_the_square_counts() -> None:
    """SG-11: the station serves the rival's system too; an express station along the
    rival's line makes the square's kind matter even when the builder has none."""
    tracks, kinds = arrays([[1, 7, 13], [0, 1, 2, 3]], {13: 1, 3: 2})
    assert not inert_express(W, H, tracks, kinds, 1, False)
    kinds[3] = 1
    assert inert_express(W, H, tracks, kinds, 1, False)


@st.composite
def systems(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray, int, bool]:
    size = W * H
    count = draw(st.integers(1, 2))
    tracks = np.zeros((count, size), dtype=np.bool_)
    for p in range(count):
        tracks[p, draw(st.lists(st.integers(0, size - 1), min_size=1, max_size=16))] = True
    kinds = np.zeros(size, dtype=np.int64)
    for sq in draw(st.lists(st.integers(0, size - 1), max_size=8)):
        kinds[sq] = draw(st.sampled_from([1, 2]))
    on_track = np.flatnonzero(tracks.any(axis=0)).tolist()
    square = draw(st.sampled_from(on_track))
    kinds[square] = 0
    return tracks, kinds, square, draw(st.booleans())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(systems())
def test_the_kernel_agrees_with_its_twin_and_an_inert_station_leaves_the_same_rides(
    case: tuple[np.ndarray, np.ndarray, int, bool],
) -> None:
    tracks, kinds, square, both_ends = case
    found = inert_express(W, H, tracks, kinds, square, both_ends)
    assert found == inert_express_reference(W, H, tracks, kinds, square, both_ends)
    if found:
        assert same_rides(tracks, kinds, square, both_ends)


def test_plan_points_gives_a_local_twin_the_points_of_its_inert_express_plan() -> None:
    """Blue has two lines: 0..4 with local stations at both ends, and 10..14 with an express
    station on 10 and local ones on 11 and 14. Express then local on 2 (inert) and on 13
    (not inert: 10 is along the line): the kernel's points of every plan are the
    reference's, the inert twins' are equal, and from 13 the express train skips 11 to 10
    in 2 stops, beating the walk of 3 that the local ride (3 stops) only ties (SG-13)."""
    board = grid(3, 5)
    net = network(
        board,
        {"Blue": [0, 1, 2, 3, 4, 10, 11, 12, 13, 14], "Red": [4, 9, 14]},
        {0: "local", 4: "local", 10: "express", 11: "local", 14: "local"},
    )
    tracks, kinds = net_arrays(net)
    assert inert_express(5, 3, tracks, kinds, 2, False)
    assert not inert_express(5, 3, tracks, kinds, 13, False)
    rules = RoutingRules()
    station = [Build("station", sq, kind) for sq in (2, 13) for kind in ("express", "local")]
    plans = [(), *((s,) for s in station)]
    origins = np.array([0, 5, 10, 11], dtype=np.int64)
    destinations = np.array([4, 9, 14, 2, 10], dtype=np.int64)
    extras: list[tuple[int, ...]] = [(3,), (2, 3), (2, 3), (13, 3), (13, 3)]
    found = plans_points(Router(net, rules), 0, plans, origins, destinations, extras, 0, 2, 1)
    assert_same(found, reference(net, rules, "Blue", plans, origins, destinations, extras, 0))
    assert np.array_equal(found[1], found[2])  # type: ignore[arg-type]
    express, local = found[3], found[4]
    assert express is not None and local is not None
    assert express[4, 4].tolist() == [2.0, 0.0] and local[4, 4].tolist() == [0.0, 0.0]


def net_arrays(net: Network) -> tuple[np.ndarray, np.ndarray]:
    tracks, kinds, _ = network_arrays(net)
    return tracks, kinds


def test_a_local_station_made_express_that_no_ride_notices_leaves_todays_points() -> None:
    """Blue's lines as above, with a local station on 12 too. Changing the local station on
    4 to express (remove it, build an express one, SG-17) is inert: the plan's points are
    today's. Changing 12 is not (the express station on 10 is along the line): 14 -> 10 then
    rides 14, 12, 10 (3 stops, skipping 11) and beats the walk of 4 it tied before; the
    kernel's points are the reference's."""
    board = grid(3, 5)
    net = network(
        board,
        {"Blue": [0, 1, 2, 3, 4, 10, 11, 12, 13, 14], "Red": [4, 9, 14]},
        {0: "local", 4: "local", 10: "express", 11: "local", 12: "local", 14: "local"},
    )
    rules = RoutingRules()
    plans = [
        (),
        (Build("remove_station", 4), Build("station", 4, "express")),
        (Build("remove_station", 12), Build("station", 12, "express")),
    ]
    origins = np.array([0, 10, 11, 14], dtype=np.int64)
    destinations = np.array([4, 9, 14, 2, 10, 12], dtype=np.int64)
    extras: list[tuple[int, ...]] = [(3,), (3,), (3,)]
    found = plans_points(Router(net, rules), 0, plans, origins, destinations, extras, 0, 2, 1)
    assert_same(found, reference(net, rules, "Blue", plans, origins, destinations, extras, 0))
    assert np.array_equal(found[0], found[1])  # type: ignore[arg-type]
    assert not np.array_equal(found[0], found[2])  # type: ignore[arg-type]
