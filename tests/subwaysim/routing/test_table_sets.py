"""SG-14's search over sets of modes in one compiled call (`table_sets`) against its
plain-Python twin (`first_sets_reference` over `ModeTable.subset_trips`): a hand-worked
trip on a row of squares, then drawn networks, rules and trips."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from hypothesis import HealthCheck, given, settings

from subwaysim.network import Network
from subwaysim.routing import Router, RoutingRules
from subwaysim.routing.kernels import INF, edge_trip
from subwaysim.routing.mode_table import ModeTable
from subwaysim.routing.modes import NO_MODE, WALK_ONLY, choices, table_order
from subwaysim.routing.table_sets import (
    first_sets,
    first_sets_reference,
    order_arrays,
    shortest_trip,
    subset_reaches,
    subset_trip,
    systems_trips_options,
    table_order_arrays,
    table_parts,
    trips_options,
)
from tests.subwaysim.routing.boards import DEFAULT, NOT_A_MODE, grid, network
from tests.subwaysim.routing.test_reference import trips

Case = tuple[Network, RoutingRules, list[tuple[int, int]]]


def row_of_two_systems(rules: RoutingRules = DEFAULT) -> Router:
    # SG-12's example on a 1 x 11 row: Blue 0..4, Red 4..8, stations on 0, 4 and 8.
    net = network(
        grid(1, 11), {"Blue": range(5), "Red": range(4, 9)}, {0: "local", 4: "local", 8: "local"}
    )
    return Router(net, rules)


def kernel_sets(
    table: ModeTable, origin: int, destination: int, walking: bool
) -> list[tuple[int, bool]]:
    order = table_order(len(table.systems), walking)
    masks, walks, ends = order_arrays(order)
    position, rides = table.union
    best = table.shortest(origin, destination)
    found = first_sets(
        table.walk, origin, destination, best, table.stations, position, rides, masks, walks, ends
    )
    return [(int(masks[i]), bool(walks[i])) for i in found]


def test_hand_worked_sets_on_a_row_of_two_systems() -> None:
    router = row_of_two_systems()
    table = router.mode_table
    assert table is not None
    # The order of sets of two systems, walking a mode (SG-14): size 1 walk alone, Blue
    # alone, Red alone; size 2 Blue and walk, Red and walk, Blue and Red; then all three.
    masks, walks, ends = order_arrays(table_order(2, True))
    assert list(zip(masks.tolist(), walks.tolist(), strict=True)) == [
        (0, True), (1, False), (2, False), (1, True), (2, True), (3, False), (3, True)
    ]  # fmt: skip
    assert ends.tolist() == [3, 6, 7]
    # 0 -> 8: Blue 0-4 (2 stops) then Red 4-8 (2 stops) = 4. Walking is 8; Blue and walk
    # 2 + 4 = 6, walk and Red 4 + 2 = 6; Blue and Red without walking: 4, the one set.
    assert kernel_sets(table, 0, 8, True) == [(3, False)]
    assert router.options(0, 8).choices == (frozenset({"Blue", "Red"}),)
    # 0 -> 6: Blue to 4 and walk 2 = 4 (walking is 6; Red and walk: walk to 4, ride to 8,
    # walk back 2 = 8). Without walking, 6 has no station: Blue and walk is the one set.
    assert kernel_sets(table, 0, 6, True) == [(1, True)]
    assert router.options(0, 6).choices == (frozenset({"Blue", "walk"}),)
    # The subset searches themselves, over every station with one system's rides.
    position, rides = table.union
    walk, stations = table.walk, table.stations
    assert position.tolist() == [0, -1, -1, -1, 1, -1, -1, -1, 2, -1, -1]
    assert subset_trip(walk, stations, rides, 2, True, 0, 6) == 6  # Red: no better than walking
    assert subset_trip(walk, stations, rides, 1, True, 0, 6) == 4
    assert subset_trip(walk, stations, rides, 3, False, 0, 8) == 4
    assert subset_trip(walk, stations, rides, 1, False, 0, 8) == INF  # Blue never reaches 8
    assert subset_reaches(walk, stations, rides, 1, True, 0, 6, 4)
    assert not subset_reaches(walk, stations, rides, 2, True, 0, 6, 4)


def test_walking_not_a_mode_counts_only_the_systems() -> None:
    # SG-14 option: walking is always allowed and never counted; 0 -> 6 rides Blue alone.
    router = row_of_two_systems(NOT_A_MODE)
    table = router.mode_table
    assert table is not None
    assert kernel_sets(table, 0, 6, False) == [(1, True)]
    assert router.options(0, 6).choices == (frozenset({"Blue"}),)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips(most_players=4))
def test_the_compiled_search_finds_the_sets_its_twin_finds(case: Case) -> None:
    """SG-14: the kernel's first sets are `first_sets_reference`'s over `subset_trips`; each
    subset's search over every station is the subset's own, its stopped search agrees, and
    the stopped shortest trip is `edge_trip`'s (no transfer costs)."""
    net, rules, pairs = case
    rules = replace(rules, transfer_cost=0)
    table = Router(net, rules).mode_table
    if table is None or not table.systems:
        return
    rides = table.union[1]
    for origin, destination in pairs:
        if origin == destination:
            continue
        best = table.shortest(origin, destination)
        every = edge_trip(table.walk, table.stations, table.edges, True, origin, destination)
        assert best == shortest_trip(
            table.walk, table.stations, table.edges, origin, destination
        ) == every  # fmt: skip
        subset = table.subset_trips(origin, destination)
        for walking in (True, False):
            order = table_order(len(table.systems), walking)
            want = first_sets_reference(subset, best, order)
            assert kernel_sets(table, origin, destination, walking) == want
        for mask in range(1 << len(table.systems)):
            for use_walk in (False, True):
                found = subset_trip(
                    table.walk, table.stations, rides, mask, use_walk, origin, destination
                )
                assert found == subset(mask, use_walk)
                reaches = subset_reaches(
                    table.walk, table.stations, rides, mask, use_walk, origin, destination, best
                )
                assert reaches == (found == best)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips())
def test_the_union_lays_each_system_on_the_stations_of_all(case: Case) -> None:
    net, rules, _ = case
    table = Router(net, rules).mode_table
    if table is None or not table.systems:
        return
    position, rides = table.union
    stations = table.stations.tolist()
    assert [sq for sq in range(len(position)) if position[sq] >= 0] == stations
    for s, system in enumerate(table.systems):
        own = [position[sq] for sq in system.stations.tolist()]
        want = np.full((len(stations), len(stations)), INF, np.int64)
        want[np.ix_(own, own)] = system.matrix
        assert np.array_equal(rides[s], want)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips(most_players=4))
def test_a_routers_one_call_answers_as_the_search_over_station_graphs(case: Case) -> None:
    """SG-13/SG-14: the router's answer from its table in one call (`trip_options`) is the
    walk check and the search over station graphs, set by set, without any table."""
    net, rules, pairs = case
    router = Router(net, rules)
    walking_is_a_mode = rules.walking_is_a_mode
    for origin, destination in pairs:
        walk = int(router.walking.distances[origin, destination])
        to_station, from_station = router.nearest_stations
        if origin != destination and walk < to_station[origin] + 2 + from_station[destination]:
            want = (walk, (WALK_ONLY if walking_is_a_mode else NO_MODE,))
        else:
            want = choices(
                router.rideable,
                router.graph,
                walk,
                origin,
                destination,
                walking_is_a_mode,
                router.station_squares,
                router.walking.reversed,
            )
        found = router.options(origin, destination)
        assert (found.distance, found.choices) == want


def test_many_trips_in_one_call_hand_worked_on_a_row_of_two_systems() -> None:
    # The trips of `test_hand_worked_sets_on_a_row_of_two_systems`, and one that stays put
    # (SG-15: no trip, no mode), all asked at once, in the order asked.
    router = row_of_two_systems()
    found = router.options_of([0, 0, 3, 6], [8, 6, 3, 0])
    assert [(f.origin, f.destination, f.distance, f.choices) for f in found] == [
        (0, 8, 4, (frozenset({"Blue", "Red"}),)),
        (0, 6, 4, (frozenset({"Blue", "walk"}),)),
        (3, 3, 0, (frozenset(),)),
        (6, 0, 4, (frozenset({"Blue", "walk"}),)),
    ]
    assert router.options_of([], []) == []


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips(most_players=4))
def test_many_trips_in_one_call_answer_as_one_call_each(case: Case) -> None:
    """`Router.options_of` (one `trips_options` call on the table) is `options` trip by
    trip, on any rules (transfer costs and many systems take the one-by-one way)."""
    net, rules, pairs = case
    router = Router(net, rules)
    origins, destinations = [o for o, _ in pairs], [d for _, d in pairs]
    assert router.options_of(origins, destinations) == [
        Router(net, rules).options(o, d) for o, d in pairs
    ]


def parts_of(router: Router) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
    systems = router.rideable
    stations = tuple(s.stations for s in systems) or (np.zeros(0, np.int64),)
    flats = tuple(s.flat for s in systems) or (np.zeros(0, np.int64),)
    return stations, flats


def rows_both_ways(
    router: Router, origins: list[int], destinations: list[int], walking: bool
) -> tuple[list[list[int]], list[list[int]]]:
    """`systems_trips_options`' rows and its twin's: `table_parts`, then `trips_options`
    on that table (each row cut to its answer)."""
    stations, flats = parts_of(router)
    count = len(router.rideable)
    masks, walks, ends, _ = table_order_arrays(count, walking)
    walk = router.walking.distances
    o, d = np.array(origins, dtype=np.int64), np.array(destinations, dtype=np.int64)
    found = systems_trips_options(walk, o, d, stations, flats, masks, walks, ends)
    squares, position, edges, rides = table_parts(walk, stations, flats)
    want = trips_options(walk, o, d, squares, position, edges, rides[:count], masks, walks, ends)

    def cut(rows: np.ndarray) -> list[list[int]]:
        return [row[: 2 + max(row[1], 0)] for row in rows.tolist()]

    return cut(found), cut(want)


def test_one_call_without_a_table_hand_worked_on_a_row_of_two_systems() -> None:
    # The row of `test_hand_worked_sets_on_a_row_of_two_systems`: 1 -> 2 is walked (1
    # square; the nearest stations are 1 and 2 squares off, a ride 2 stops at least: SG-13),
    # before and after trips that ride, so the table is laid part-way through the call.
    router = row_of_two_systems()
    found, want = rows_both_ways(router, [1, 0, 0, 1], [2, 8, 6, 2], True)
    assert (
        found == want == [[1, -1], [4, 1, 5], [4, 1, 3], [1, -1]]
    )  # sets 5: (3, False); 3: (1, True)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trips(most_players=4))
def test_one_call_without_a_table_answers_as_the_table(case: Case) -> None:
    """`systems_trips_options` (the table made inside the call, laid once a trip rides) is
    `table_parts` then `trips_options`, trip by trip, walking a mode or not."""
    net, rules, pairs = case
    router = Router(net, rules)
    if len(router.rideable) > 4:
        return
    apart = [(o, d) for o, d in pairs if o != d]
    if not apart:
        return
    origins, destinations = [o for o, _ in apart], [d for _, d in apart]
    for walking in (True, False):
        found, want = rows_both_ways(router, origins, destinations, walking)
        assert found == want


def test_a_router_answers_without_making_a_table() -> None:
    # One trip on a new network (SG-18's extra trip) or a phase's trips: no table is made.
    router = row_of_two_systems()
    assert router.options(0, 8).choices == (frozenset({"Blue", "Red"}),)
    assert len(router.options_of([0, 3], [6, 3])) == 2
    assert "mode_table" not in router.__dict__
    assert not any(key[0] == "table" for key in router.cache._entries)
