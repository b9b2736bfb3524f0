"""A mode table's compiled parts (SG-13, SG-14) against their plain-Python twins: the view
of every system a router asks first (`every_view`), and the station graphs of every subset
of systems (`subset_groups`) or of one subset (`group_edges`) against `build_groups` on the
packed systems; the trips of each subset searched alone against the table of them all."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from subwaysim.network import Network
from subwaysim.routing import Router, RoutingRules
from subwaysim.routing.kernels import INF, build_groups, group_stations, number_marked
from subwaysim.routing.mode_table import (
    ModeTable,
    every_view,
    every_view_reference,
    group_edges,
    subset_groups,
    subsets,
)
from subwaysim.routing.rides import packed
from tests.subwaysim.routing.boards import DEFAULT, grid, network
from tests.subwaysim.routing.test_reference import trips

Case = tuple[Network, RoutingRules, list[tuple[int, int]]]


def parts(router: Router) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
    systems = router.rideable
    return tuple(s.stations for s in systems), tuple(s.flat for s in systems)


def test_hand_worked_view_of_two_systems_meeting_at_a_station() -> None:
    # SG-12's example on a 1 x 11 row: Blue 0..4, Red 4..8, stations on 0, 4 and 8.
    net = network(
        grid(1, 11), {"Blue": range(5), "Red": range(4, 9)}, {0: "local", 4: "local", 8: "local"}
    )
    router = Router(net, DEFAULT)
    stations, to, back, edges = every_view(router.walking.distances, *parts(router))
    assert stations.tolist() == [0, 4, 8]
    # Square 10 walks 2 to station 8; square 6 is 2 from 4 and from 8; 2 is 2 from 0 and 4.
    assert to.tolist() == [0, 1, 2, 1, 0, 1, 2, 1, 0, 1, 2]
    assert back.tolist() == to.tolist()  # no hazard: walks are the same both ways
    # 0 -> 4 rides Blue (2 stops) rather than walk 4; 4 -> 8 rides Red; 0 -> 8 needs both
    # systems, which an edge never joins: the walk of 8 (a search joins the two rides).
    assert edges.tolist() == [[0, 2, 8], [2, 0, 2], [8, 2, 0]]
    # The router reads its nearest walks and stations from the table.
    assert router.nearest_stations == (to.tolist(), back.tolist())
    assert router.station_squares == frozenset({0, 4, 8})
    assert router.options(0, 8).distance == 4  # the search over the edges: 2 + 2


def test_a_table_of_no_system_has_no_station_and_no_way_to_one() -> None:
    walk = Router(network(grid(1, 4), {"A": [0]}), DEFAULT).walking.distances
    table = ModeTable((), walk, 0)
    assert table.stations.tolist() == [] and table.squares == frozenset()
    assert table.nearest == ([INF] * 4, [INF] * 4)
    assert table.shortest(0, 3) == 3  # the walk


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips())
def test_every_view_kernel_agrees_with_its_twin(case: Case) -> None:
    net, rules, _ = case
    router = Router(net, rules)
    if not router.rideable:
        return
    walk = router.walking.distances
    stations, to, back, edges = every_view(walk, *parts(router))
    want_stations, want_to, want_back, want_edges = every_view_reference(walk, router.rideable)
    assert stations.tolist() == want_stations
    assert (to.tolist(), back.tolist()) == (want_to, want_back)
    assert np.array_equal(edges, want_edges)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips())
def test_subset_groups_kernel_agrees_with_build_groups_on_the_packed_systems(case: Case) -> None:
    net, rules, _ = case
    router = Router(net, rules)
    systems = router.rideable
    if not systems:
        return
    walk, transfer = router.walking.distances, rules.transfer_cost
    members = subsets(len(systems))
    found = subset_groups(walk, *parts(router), members, transfer, True)
    walked = build_groups(walk, *packed(systems), members, transfer, True)
    ridden = build_groups(walk, *packed(systems), members, transfer, False)
    want = (walked[0], walked[1], walked[2], ridden[2], walked[3], walked[4], walked[5], members)
    assert len(found) == len(want)
    for got, expected in zip(found, want, strict=True):
        assert np.array_equal(got, expected)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips())
def test_the_shortest_trip_over_the_edges_is_the_table_of_every_subset(case: Case) -> None:
    """SG-13: the one search over every system's edges finds what the table of every subset
    finds for the group of them all, with walking (the former way)."""
    net, rules, pairs = case
    router = Router(net, rules)
    table = router.mode_table
    if table is None:
        return
    for origin, destination in pairs:
        assert table.shortest(origin, destination) == table.distances(origin, destination)[-1, 1]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips(), st.data())
def test_group_edges_kernel_agrees_with_build_groups(case: Case, data: st.DataObject) -> None:
    """`group_edges` is `build_groups`' group of the chosen systems, with and without walking
    (no transfer cost)."""
    net, rules, _ = case
    router = Router(net, rules)
    systems = router.rideable
    if not systems:
        return
    mask = data.draw(st.integers(1, (1 << len(systems)) - 1))
    chosen = [s for i, s in enumerate(systems) if mask >> i & 1]
    walk = router.walking.distances
    members = subsets(len(chosen))[-1:]
    for use_walk in (False, True):
        stations, edges = group_edges(
            walk, tuple(s.stations for s in chosen), tuple(s.flat for s in chosen), use_walk
        )
        want = build_groups(walk, *packed(chosen), members, 0, use_walk)
        k = len(want[0])
        assert stations.tolist() == want[0].tolist()
        assert edges.tolist() == want[2][: k * k].reshape((k, k)).tolist()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips())
def test_each_subset_searched_alone_is_the_table_of_every_subset(case: Case) -> None:
    """SG-13/SG-14: the trips SG-14's search asks subset by subset are the table's, with or
    without transfer costs, for every subset, walking or not."""
    net, rules, pairs = case
    table = Router(net, rules).mode_table
    if table is None:
        return
    for origin, destination in pairs:
        every = table.distances(origin, destination)
        subset = table.subset_trips(origin, destination)
        for mask in range(len(every)):
            for walk in (False, True):
                assert subset(mask, walk) == every[mask, int(walk)]


def test_the_marked_squares_are_numbered_in_square_order() -> None:
    # Squares 1, 3 and 4 hold stations of a group: they become rows 0, 1 and 2 of its table.
    position = np.array([-1, 0, -1, 0, 0, -1], dtype=np.int64)
    stations = number_marked(position)
    assert stations.tolist() == [1, 3, 4]
    assert position.tolist() == [-1, 0, -1, 1, 2, -1]
    assert number_marked(np.full(3, -1, dtype=np.int64)).tolist() == []

    # Two systems sharing square 3: their union, numbered in square order.
    systems = (np.array([4, 1], dtype=np.int64), np.array([3, 4], dtype=np.int64))
    stations, position = group_stations(6, systems)
    assert stations.tolist() == [1, 3, 4]
    assert position.tolist() == [-1, 0, -1, 1, 2, -1]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips())
def test_a_tables_parts_are_every_view_and_each_system_laid_on_its_stations(case: Case) -> None:
    """A router's table (`table_sets.table_parts`): every_view's stations and edges, each
    square's row among the stations, each system's rides on them; its nearest walks (made
    when asked) are every_view's."""
    net, rules, _ = case
    router = Router(net, rules)
    table = router.mode_table
    if table is None or not router.rideable:
        return
    stations, to, back, edges = every_view(router.walking.distances, *parts(router))
    assert table.stations.tolist() == stations.tolist()
    assert table.edges.tolist() == edges.tolist()
    assert table.nearest == (to.tolist(), back.tolist())
    assert table.squares == frozenset(stations.tolist())
    k = len(stations)
    for square, row in enumerate(table.position.tolist()):
        assert row == (stations.tolist().index(square) if square in table.squares else -1)
    assert table.rides.shape == (len(router.rideable), k, k)
