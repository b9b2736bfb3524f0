"""A phase's plans valued in one compiled call (`variants.plan_points`): the kernel against
its plain-Python twin (a Router on each plan's network, made by `plans.outcome`, and
`pair_points`), bit for bit, and its steps against `outcome` (SG-11, SG-17)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subwaysim.agents.plans import outcome
from subwaysim.builds import Build
from subwaysim.network import Network, Station
from subwaysim.routing import Router, RoutingRules
from subwaysim.routing.variants import plan_points_reference, plans_points
from tests.subwaysim.routing.boards import grid, network
from tests.subwaysim.routing.test_reference import trips

Case = tuple[Network, RoutingRules, list[tuple[int, int]]]


def reference(
    net: Network,
    rules: RoutingRules,
    builder: str,
    plans: list[tuple[Build, ...]],
    origins: np.ndarray,
    destinations: np.ndarray,
    extras: list[tuple[int, ...]],
    chooser: int,
) -> list[np.ndarray | None]:
    state = SimpleNamespace(network=net)
    networks = [outcome(state, builder, steps) for steps in plans]  # type: ignore[arg-type]
    routers = [None if n is None else Router(n, rules) for n in networks]
    return plan_points_reference(routers, origins, destinations, extras, chooser, 2, 1)


def assert_same(found: list[np.ndarray | None], expected: list[np.ndarray | None]) -> None:
    assert len(found) == len(expected)
    for a, b in zip(found, expected, strict=True):
        assert (a is None) == (b is None)
        if a is not None:
            assert a.shape == b.shape
            assert np.array_equal(a, b)  # the same points, not just close


@st.composite
def plans_on(draw: st.DrawFn, net: Network, builder: str) -> list[tuple[Build, ...]]:
    """A few plans of the builder: track (new or not), stations (local or express, on its
    track or not, on a station or not), removals (its own stations or not), intensify."""
    size = net.board.size
    own = sorted(net.track[builder])
    anywhere = st.integers(0, size - 1)
    squares = st.one_of(st.sampled_from(own), anywhere) if own else anywhere
    step = st.one_of(
        st.builds(lambda sq: Build("track", sq), squares),
        st.builds(
            lambda sq, k: Build("station", sq, k), squares, st.sampled_from(["local", "express"])
        ),
        st.builds(lambda sq: Build("remove_station", sq), squares),
        st.builds(lambda sq: Build("intensify", sq, "A"), squares),
    )
    return draw(st.lists(st.lists(step, max_size=5).map(tuple), min_size=1, max_size=6))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips(), st.data())
def test_plan_points_kernel_agrees_with_its_reference(case: Case, data: st.DataObject) -> None:
    net, rules, _ = case
    # Stations built by several players, so that a removal is sometimes the builder's own.
    owners = {
        sq: Station(sq, s.kind, data.draw(st.sampled_from(net.players)))
        for sq, s in net.stations.items()
    }
    net = Network(net.board, net.players, net.track, owners)
    seat = data.draw(st.integers(0, len(net.players) - 1))
    builder = net.players[seat]
    plans = data.draw(plans_on(net, builder))
    size = net.board.size
    ends = st.lists(st.integers(0, size - 1), min_size=1, max_size=6)
    origins = np.array(data.draw(ends), dtype=np.int64)
    destinations = np.array(data.draw(ends), dtype=np.int64)
    extras = [
        tuple(dict.fromkeys(data.draw(st.lists(st.integers(0, size - 1), max_size=3))))
        for _ in plans
    ]
    chooser = data.draw(st.integers(-1, len(net.players) - 1))
    found = plans_points(
        Router(net, rules), seat, plans, origins, destinations, extras, chooser, 2, 1
    )
    expected = reference(net, rules, builder, plans, origins, destinations, extras, chooser)
    assert_same(found, expected)


def test_a_station_on_a_shared_square_changes_the_rivals_rides_too() -> None:
    """SG-11: a station serves every system with track on its square. Blue builds a station
    where Red's track runs, and Red's 0 -> 4 ride gains a stop (SG-12): the kernel makes
    Red's changed ride matrix as the reference does."""
    board = grid(3, 5)
    net = network(
        board,
        {"Blue": [7, 12], "Red": [0, 1, 2, 3, 4]},
        {0: "local", 4: "local", 12: "local"},
    )
    rules = RoutingRules()
    plans = [(), (Build("track", 2), Build("station", 2, "local")), (Build("station", 2, "local"),)]
    origins = np.array([0, 5, 10], dtype=np.int64)
    destinations = np.array([4, 9, 14, 2], dtype=np.int64)
    extras: list[tuple[int, ...]] = [(), (2,), (2, 7)]
    found = plans_points(Router(net, rules), 0, plans, origins, destinations, extras, 0, 2, 1)
    expected = reference(net, rules, "Blue", plans, origins, destinations, extras, 0)
    assert_same(found, expected)
    assert found[2] is None  # a station off Blue's own track makes no sense (SG-17)
    base, built = found[0], found[1]
    assert base is not None and built is not None
    # Red alone rides 0 -> 4 (one hop: 2 stops, walk 4): 2 points for Red; after the station
    # on 2 the ride has 3 stops, still shorter than the walk, still Red's.
    assert base[0, 0].tolist() == [0.0, 2.0] and built[0, 0].tolist() == [0.0, 2.0]
    # 0 -> 2: a walk of 2 before; after, Red rides 0 -> 2 in 2 stops, a tie with the walk
    # (SG-13): walked, nobody scores.
    assert built[0, 3].tolist() == [0.0, 0.0]


def test_steps_that_no_longer_make_sense_are_refused_as_outcome_refuses_them() -> None:
    board = grid(2, 4)
    net = network(board, {"A": [0, 1, 2], "B": [4, 5]}, {0: "local", 5: "local"})
    plans = [
        (Build("track", 1),),  # A has track there already
        (Build("station", 1, "local"),),
        (Build("station", 0, "express"),),  # a station there already
        (Build("station", 4, "local"),),  # off A's track
        (Build("remove_station", 5),),  # B's station
        (Build("remove_station", 0), Build("station", 0, "express")),  # A changes its own
        (Build("station", 1, "local"), Build("remove_station", 1)),
        (Build("remove_station", 0), Build("remove_station", 0)),
    ]
    origins = np.array([0, 3], dtype=np.int64)
    found = plans_points(Router(net, RoutingRules()), 0, plans, origins, origins, [()] * 8, 0, 2, 1)
    assert [f is not None for f in found] == [False, True, False, False, False, True, True, False]
    expected = reference(net, RoutingRules(), "A", plans, origins, origins, [()] * 8, 0)
    assert_same(found, expected)


def test_plan_points_runs_compiled() -> None:
    """The batch is a numba kernel (nopython, cached), not its Python source."""
    from numba.core.registry import CPUDispatcher

    from subwaysim.routing.variants import plan_points

    assert isinstance(plan_points, CPUDispatcher)
    assert plan_points.targetoptions.get("nopython", True) and plan_points._cache is not None


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips(most_players=2))
def test_both_systems_over_the_rivals_trips_agree_with_the_group_closure(case: Case) -> None:
    """`_every_system` (one system's rides joined by the other's trips between squares)
    against `_group_reach_table` (one closure over both systems' stations), from every
    square to every square: the same trip wherever it beats the walk (SG-13)."""
    from numba.typed import List

    from subwaysim.routing.variants import (
        _closure_of,
        _every_system,
        _group_reach_table,
        _rival_rows,
    )

    net, rules, _ = case
    router = Router(net, rules)
    systems = [router.rides(p) for p in net.players]
    if len(systems) < 2 or not all(len(s.stations) for s in systems):
        return
    mine, theirs = systems
    walk = router.walking.distances
    size = net.board.size
    squares = np.arange(size, dtype=np.int64)
    rows = np.empty((size, size), np.int32)
    have = np.zeros(size, np.bool_)
    closure = _closure_of(walk, theirs.stations, theirs.flat)
    _rival_rows(walk, theirs.stations, closure, squares, rows, have)
    joined = np.empty((size, size), np.int32)
    _every_system(walk, squares, squares, mine.stations, mine.flat, rows, joined)
    both = np.empty((size, size), np.int32)
    _group_reach_table(
        walk,
        List([mine.stations, theirs.stations]),
        List([mine.flat, theirs.flat]),
        squares,
        squares,
        both,
    )
    assert np.array_equal(joined, np.minimum(both, walk))


def test_a_trip_of_three_rides_changes_trains_twice() -> None:
    """A trip 0 -> 13 on one row: Blue 0 -> 3 (2 stops), walk 3 -> 4, Red 4 -> 9 (2), walk
    9 -> 10, Blue 10 -> 13 (2): 8 against a walk of 13 (SG-13). Neither system alone does
    better than 10 (Red and walks) or 11 (Blue and walks), so both are needed and each
    scores the shared point (SG-15). The batch (three plans, so the rival's trips between
    squares are kept) finds the Red ride between two Blue rides."""
    board = grid(1, 14)
    blue = [0, 1, 2, 3, 10, 11, 12, 13]
    net = network(
        board,
        {"Blue": blue, "Red": [4, 5, 6, 7, 8, 9]},
        {0: "local", 3: "local", 10: "local", 4: "local", 9: "local"},
    )
    rules = RoutingRules()
    plans = [
        (Build("station", 13, "local"),),
        (Build("station", 13, "express"),),
        (Build("station", 12, "local"),),
    ]
    origins = np.array([0, 1], dtype=np.int64)
    destinations = np.array([13, 12], dtype=np.int64)
    extras: list[tuple[int, ...]] = [(), (), ()]
    found = plans_points(Router(net, rules), 0, plans, origins, destinations, extras, 0, 2, 1)
    assert_same(found, reference(net, rules, "Blue", plans, origins, destinations, extras, 0))
    local = found[0]
    assert local is not None
    assert local[0, 0].tolist() == [1.0, 1.0]
    # Router's own answer for the same trip, on the network the plan leaves.
    built = net.with_station(13, "local", "Blue")
    assert Router(built, rules).options(0, 13).distance == 8
    # The batch's way: Blue's rides joined by Red's trips between squares finds the 8.
    from subwaysim.routing.variants import _closure_of, _every_system, _rival_rows

    router = Router(built, rules)
    blue_rides, red = router.rides("Blue"), router.rides("Red")
    walk = router.walking.distances
    rows = np.empty((14, 14), np.int32)
    squares = np.arange(14, dtype=np.int64)
    closure = _closure_of(walk, red.stations, red.flat)
    _rival_rows(walk, red.stations, closure, squares, rows, np.zeros(14, np.bool_))
    out = np.empty((1, 1), np.int32)
    _every_system(walk, squares[:1], squares[13:], blue_rides.stations, blue_rides.flat, rows, out)
    assert out[0, 0] == 8


def test_with_three_systems_only_the_systems_a_trip_needs_share_its_points() -> None:
    """Three rideable systems (`_many_reach`). Top row as above: 0 -> 13 rides Blue, Red,
    Blue (8 against a walk of 13), needing Blue and Red (SG-15: each scores the shared
    point); Green rides 14 <-> 20 on the bottom row, no part of that trip: without Green
    it is as short, so Green scores nothing. Blue's plans change Blue's system (its
    groups worked out per plan, the groups without Red and without Green only where a
    trip needs two systems); Red's and Green's groups are read from the batch's tables.
    Every plan's points are the reference's."""
    board = grid(2, 14)
    blue = [0, 1, 2, 3, 10, 11, 12, 13]
    net = network(
        board,
        {"Blue": blue, "Red": [4, 5, 6, 7, 8, 9], "Green": [14, 15, 16, 17, 18, 19, 20]},
        {0: "local", 3: "local", 10: "local", 4: "local", 9: "local", 14: "local", 20: "local"},
    )
    rules = RoutingRules()
    plans = [
        (),
        (Build("station", 13, "local"),),
        (Build("station", 13, "express"),),
        (Build("station", 12, "local"),),
        (Build("track", 27), Build("station", 27, "local")),
    ]
    origins = np.array([0, 1, 14, 5], dtype=np.int64)
    destinations = np.array([13, 12, 20, 27], dtype=np.int64)
    extras: list[tuple[int, ...]] = [(), (13,), (), (12, 2), (27,)]
    for chooser in (-1, 0, 2):
        found = plans_points(
            Router(net, rules), 0, plans, origins, destinations, extras, chooser, 2, 1
        )
        expected = reference(net, rules, "Blue", plans, origins, destinations, extras, chooser)
        assert_same(found, expected)
    local = found[1]
    assert local is not None
    assert local[0, 0].tolist() == [1.0, 1.0, 0.0]  # Blue and Red needed, Green not
    assert local[2, 2].tolist() == [0.0, 0.0, 2.0]  # Green alone rides 14 -> 20
