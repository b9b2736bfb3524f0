"""The Router's surface: routes for any set of modes, determinism, the shared cache, bad input."""

from __future__ import annotations

import pytest

from subwaysim.routing import WALK, RouteCache, RouteError, Router, RoutingRules, Walk
from subwaysim.routing.kernels import INF
from tests.subwaysim.routing.boards import grid, network
from tests.subwaysim.routing.test_modes import genuine_choice

TWO_CORNERS = {18: "local", 26: "local", 0: "local", 8: "local"}


def test_route_with_a_set_that_is_not_a_choice_uses_only_that_set() -> None:
    router = genuine_choice()
    route = router.route(9, 17, {WALK})
    assert route.distance == 8
    assert route.systems == ()
    assert route.legs == (Walk(tuple(range(9, 18))),)


def test_without_walking_a_trip_between_non_stations_is_impossible() -> None:
    router = genuine_choice()
    assert router.distance(9, 17, {"Red"}) == INF
    with pytest.raises(RouteError, match="no trip from a2 to i2 using Red"):
        router.route(9, 17, {"Red"})
    assert router.distance(0, 8, {"Red"}) == 2  # station to station: a ride alone


def test_routes_are_deterministic() -> None:
    first, second = genuine_choice(), genuine_choice()
    modes = [set(), {WALK}, {WALK, "Red"}, {WALK, "Blue"}, {WALK, "Blue", "Red"}, {"Red"}]
    for origin in range(27):
        for destination in range(27):
            for chosen in modes:
                if first.distance(origin, destination, chosen) < INF:
                    assert first.route(origin, destination, chosen) == second.route(
                        origin, destination, chosen
                    )


def test_cache_reuses_systems_a_build_did_not_touch() -> None:
    net = network(grid(3, 9), {"Blue": range(18, 27), "Red": range(9)}, TWO_CORNERS)
    cache = RouteCache()
    router = Router(net, RoutingRules(), cache)
    router.options(9, 17)
    before = cache.misses
    changed = net.with_track("Blue", 17)
    Router(changed, RoutingRules(), cache).options(9, 17)
    kinds = [key[0] for key in cache._entries]
    assert kinds.count("rides") == 3  # Red's rides found again; Blue's built twice
    assert cache.misses > before and cache.hits > 0


def test_a_station_on_a_shared_square_changes_both_systems_found_again() -> None:  # SG-11
    net = network(grid(3, 9), {"Blue": range(18, 27), "Red": [*range(9), 9, 18]}, TWO_CORNERS)
    cache = RouteCache()
    before = Router(net, RoutingRules(), cache)
    assert [len(s.stations) for s in before.rideable] == [2, 3]  # Red reaches 18 too
    after = Router(net.with_station(18, "express", "Red"), RoutingRules(), cache)
    assert [s.line.kinds[18] for s in after.rideable] == ["express", "express"]
    again = Router(net, RoutingRules(), cache)  # the network before: its systems, not the last
    assert [s.line.kinds[18] for s in again.rideable] == ["local", "local"]
    assert [s is t for s, t in zip(again.rideable, before.rideable, strict=True)] == [True, True]


def test_cache_keys_include_the_rules() -> None:
    net = network(grid(1, 5, hazards=[2]), {"A": []})
    cache = RouteCache()
    assert Router(net, RoutingRules(hazard_walk_cost=2), cache).options(2, 4).distance == 3
    assert Router(net, RoutingRules(hazard_walk_cost=4), cache).options(2, 4).distance == 5


def test_cache_evicts_least_recently_used() -> None:
    cache = RouteCache(maxsize=1)
    net = network(grid(3, 9), {"Blue": range(18, 27), "Red": range(9)}, TWO_CORNERS)
    Router(net, RoutingRules(), cache).options(9, 17)
    assert len(cache) == 1


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda r: r.options(-1, 3), "square -1 is off the board"),
        (lambda r: r.route(0, 27, {"Red"}), "square 27 is off the board"),
        (lambda r: r.route(0, 5, {"Green"}), "unknown system 'Green'"),
        (lambda r: r.distances("Red"), "not the string 'Red'"),
        (lambda r: r.options("a1", 3), "'a1' is not a square number"),
    ],
)
def test_bad_trips_are_refused(call: object, message: str) -> None:
    with pytest.raises(RouteError, match=message):
        call(genuine_choice())  # type: ignore[operator]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"hazard_walk_cost": 0}, "hazard_walk_cost must be at least 1"),
        ({"hazard_cost_on": "both"}, "hazard_cost_on must be 'leave' or 'enter'"),
        ({"transfer_cost": -1}, "transfer_cost must not be negative"),
        ({"transfer_cost": 1.5}, "transfer_cost must be an integer"),
        ({"express": "always"}, "express must be 'skip_from_express' or 'both_ends'"),
        ({"walking_is_a_mode": "yes"}, "walking_is_a_mode must be true or false"),
    ],
)
def test_bad_rules_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(RouteError, match=message):
        RoutingRules(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize("walking_is_a_mode", [False, True])
def test_a_walk_no_ride_can_match_is_the_one_choice(walking_is_a_mode: bool) -> None:
    # SG-13/SG-14 by hand: Blue runs along rank 2 (stations c3, g3), so a trip that rides
    # walks at least 2 squares to a station, rides at least 2 and walks on; from a1 to c1
    # the walk is 2: shorter than any ride, so it is the one choice, with or without the
    # search over sets of modes.
    net = network(grid(3, 9), {"Blue": range(18, 27)}, {20: "local", 24: "local"})
    rules = RoutingRules(walking_is_a_mode=walking_is_a_mode)
    router = Router(net, rules)
    assert router.nearest_stations[0][0] == 4 and router.nearest_stations[1][2] == 2
    options = router.options(0, 2)
    walk_only = frozenset({WALK}) if walking_is_a_mode else frozenset()
    assert (options.distance, options.choices) == (2, (walk_only,))
    assert router.options(2, 2).choices == (frozenset(),)  # SG-15: no trip, no mode
    # From a3 to i3: walk 2 to c3, ride c3-g3 (2 stops: boarding and one hop), walk 2 to
    # i3 is 6, the walk is 8: the ride is taken.
    ride = router.options(18, 26)
    assert ride.distance == 6 and ride.choices == (
        frozenset({"Blue", WALK}) if walking_is_a_mode else frozenset({"Blue"}),
    )
