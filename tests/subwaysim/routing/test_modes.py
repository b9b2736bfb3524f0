"""SG-14 ties: the fewest modes of transportation, walking a mode (default) or not."""

from __future__ import annotations

from subwaysim.routing import WALK, Ride, Route, Router, RoutingRules, TripOptions, Walk
from tests.subwaysim.routing.boards import DEFAULT, NOT_A_MODE, grid, network


def test_sg14_fewest_systems_wins_a_tie() -> None:
    # 2 x 11 board: Blue 0..5 and Red 5..10 on rank 1 (2 + 2); Green on rank 2 from 11 to
    # 21 with stations at both ends (walk 1 + ride 2 + walk 1). Both trips measure 4.
    track = {"Blue": range(6), "Red": range(5, 11), "Green": range(11, 22)}
    stations = {0: "local", 5: "local", 10: "local", 11: "local", 21: "local"}
    router = Router(network(grid(2, 11), track, stations), NOT_A_MODE)
    assert router.distances({"Blue", "Red"})[0, 10] == 4
    assert router.options(0, 10) == TripOptions(0, 10, 4, (frozenset({"Green"}),))
    assert router.route(0, 10, {"Green"}).systems == ("Green",)


def test_sg14_walking_is_a_mode_so_two_systems_tie_with_walk_and_one() -> None:
    # The same board, walking a mode: Blue + Red (no walking) is two modes, and so is
    # walk + Green: the player whose turn it is chooses (SG-14 default).
    track = {"Blue": range(6), "Red": range(5, 11), "Green": range(11, 22)}
    stations = {0: "local", 5: "local", 10: "local", 11: "local", 21: "local"}
    router = Router(network(grid(2, 11), track, stations), DEFAULT)
    assert router.options(0, 10) == TripOptions(
        0, 10, 4, (frozenset({WALK, "Green"}), frozenset({"Blue", "Red"}))
    )
    assert router.route(0, 10, {"Blue", "Red"}).legs == (
        Ride("Blue", (0, 5), False, tuple(range(6))),
        Ride("Red", (5, 10), False, tuple(range(5, 11))),
    )


def test_sg14_a_pure_walk_ties_with_a_pure_ride() -> None:
    # 1 x 3: stations at a1 and c1 on A's track: riding a1 -> c1 counts 2 stops and
    # walking costs 2. Each is one mode: the player whose turn it is chooses.
    net = network(grid(1, 3), {"A": range(3)}, {0: "local", 2: "local"})
    assert Router(net, DEFAULT).options(0, 2) == TripOptions(
        0, 2, 2, (frozenset({WALK}), frozenset({"A"}))
    )
    # Walking not a mode: the pure walk uses no mode at all and wins (round-1 reading).
    assert Router(net, NOT_A_MODE).options(0, 2) == TripOptions(0, 2, 2, (frozenset(),))


def genuine_choice(rules: RoutingRules = DEFAULT) -> Router:
    # 3 x 9 board: Blue along the top rank, Red along the bottom, stations at their ends;
    # 9 -> 17 along the middle rank is walk 1 + ride 2 + walk 1 on either.
    track = {"Blue": range(18, 27), "Red": range(9)}
    stations = {18: "local", 26: "local", 0: "local", 8: "local"}
    return Router(network(grid(3, 9), track, stations), rules)


def test_sg14_genuine_choice_between_two_single_system_trips() -> None:
    router = genuine_choice()
    blue, red = frozenset({WALK, "Blue"}), frozenset({WALK, "Red"})
    assert router.options(9, 17) == TripOptions(9, 17, 4, (blue, red))
    assert router.route(9, 17, red) == Route(
        9,
        17,
        4,
        ("Red",),
        (Walk((9, 0)), Ride("Red", (0, 8), False, tuple(range(9))), Walk((8, 17))),
    )
    assert router.route(9, 17, blue).systems == ("Blue",)
    no_mode = genuine_choice(NOT_A_MODE).options(9, 17)
    assert no_mode.choices == (frozenset({"Blue"}), frozenset({"Red"}))


def test_sg15_trip_to_the_same_square_uses_no_mode() -> None:
    router = genuine_choice()
    assert router.options(18, 18) == TripOptions(18, 18, 0, (frozenset(),))
    assert router.route(18, 18, {"Blue", "Red", WALK}) == Route(18, 18, 0, (), ())
